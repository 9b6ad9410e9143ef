package builtin

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// A value said to change by an amount ("follow-ups go up by four pounds",
// "锅的容量比以前多 3 公斤", hear.Relative) names no new value: this file
// finds the one claim holding the value in the amount's unit, said of
// what the change names, works out the new value in the old one's
// spelling (£52 and four pounds: £56), and replaces the old value with
// the user's words and the value they make. Where the claim or the count
// is not plain, nothing changes.

// A writtenCount is a count as a claim writes it: the numbers (two for a
// range, "20-22%") and their spans, the span of all of it with its unit,
// and the unit in the form its spellings share.
type writtenCount struct {
	nums     []float64
	spans    [][2]int
	from, to int
	unit     string
}

// reWrittenCount is a count with a currency sign before it or its unit
// after it, not inside a Latin word ("W15").
var reWrittenCount = regexp.MustCompile(`(?:^|[^\p{Latin}\pN.,_-])([£$€¥]\s?)?(\d+(?:[.,]\d+)?)(?:\s?[-–~〜]\s?(\d+(?:[.,]\d+)?))?(\s?(?:%|％|[£$€¥]|[\p{Katakana}ー]+|\p{Han}{1,2}|\pL+))?`)

// writtenCounts are the counts text writes.
func writtenCounts(text string) []writtenCount {
	var out []writtenCount
	for _, m := range reWrittenCount.FindAllStringSubmatchIndex(text, -1) {
		c := writtenCount{from: m[4], to: m[5]}
		if m[2] >= 0 {
			c.from = m[2]
			c.unit = relUnit(strings.TrimSpace(text[m[2]:m[3]]))
		}
		for _, g := range [][2]int{{m[4], m[5]}, {m[6], m[7]}} {
			if g[0] < 0 {
				continue
			}
			v, ok := number(text[g[0]:g[1]])
			if !ok {
				c.nums = nil
				break
			}
			c.nums, c.spans, c.to = append(c.nums, v), append(c.spans, g), g[1]
		}
		if len(c.nums) == 0 {
			continue
		}
		if m[8] >= 0 {
			c.to = m[9]
			if c.unit == "" {
				c.unit = relUnit(strings.TrimSpace(text[m[8]:m[9]]))
			}
		}
		out = append(out, c)
	}
	return out
}

// number reads a number written with a point or a comma as its decimal
// mark.
func number(s string) (float64, bool) {
	if reGrouped.MatchString(s) {
		// "1.200 kg", "1,200 kg": thousands, whichever mark groups them.
		s = strings.NewReplacer(".", "", ",", "").Replace(s)
	}
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	return v, err == nil
}

// reGrouped is a whole number written in groups of three digits, with
// dots or with commas.
var reGrouped = regexp.MustCompile(`^[1-9]\d{0,2}(?:\.\d{3})+$|^[1-9]\d{0,2}(?:,\d{3})+$`)

// relUnits are the spellings of a unit a relative change and a claim may
// use apart, beside unitBase's and the signs': colloquial yuan, points of
// a share.
var relUnits = map[string]string{"块": "cny", "元": "cny", "块钱": "cny", "人民币": "cny", "个点": "%", "点": "%", "points": "%",
	"point": "%", "punkte": "%", "prozentpunkte": "%", "puntos": "%", "pts": "%"}

// relUnit is a unit in the form its spellings share.
func relUnit(u string) string {
	u = strings.ToLower(strings.TrimSpace(u))
	for _, su := range signUnits {
		if u == su.sign {
			return su.unit
		}
	}
	if b, ok := relUnits[u]; ok {
		return b
	}
	if b, ok := unitBase[u]; ok {
		return b
	}
	if ts := terms(u); len(ts) == 1 {
		if b, ok := unitBase[ts[0]]; ok {
			return b
		}
		return ts[0]
	}
	return u
}

// sameRelUnit reports two units that are one (relUnit), or one word
// inflected ("nageurs", "nageur").
func sameRelUnit(a, b string) bool {
	return a != "" && (a == b || akin(a, b) || inflected(a, b))
}

// relativeTarget is the claim holding the value r changes, and the count
// in its text that is that value; nil when no one claim and count are
// plainly it.
func (m *memory) relativeTarget(r hear.Relative) (*claim, writtenCount) {
	for _, wc := range writtenCounts(r.Quote) {
		if n := r.Quote[wc.spans[0][0]:wc.spans[0][1]]; n != r.Amount && !dateUnit(wc.unit) {
			// "up by 20 — so 60 a second now": the new value is said,
			// and read as said. A date is no value ("from 1 November",
			// "4月から").
			return nil, writtenCount{}
		}
	}
	unit := ""
	if r.Unit != "" {
		unit = relUnit(r.Unit)
	}
	rt := slices.DeleteFunc(contentTerms(terms(r.Quote)), func(t string) bool {
		return targetFiller[t] || isDigits(t) || hear.NumberWord(t) || t == unit || unit != "" && sameRelUnit(relUnit(t), unit)
	})
	probe := slices.DeleteFunc(slices.Clone(rt), func(t string) bool { return utf8.RuneCountInString(t) < 4 && !cjkWord(t) })
	if r.Unit != "" {
		probe = append(probe, strings.ToLower(r.Unit))
	}
	m.openHaving(probes(probe), 1)
	var best *claim
	var bestCount writtenCount
	bestScore, tied, holders := -1, false, 0
	for _, c := range m.claims {
		if !c.current() || !strings.ContainsAny(c.cur.text, "0123456789") {
			continue
		}
		var fit []writtenCount
		for _, wc := range writtenCounts(c.cur.text) {
			if unit == "" || sameRelUnit(wc.unit, unit) {
				fit = append(fit, wc)
			}
		}
		if len(fit) == 0 {
			continue
		}
		holders++
		if len(fit) > 1 {
			// Of several counts, the one the change's words label.
			var labelled []writtenCount
			for _, wc := range fit {
				if namedIn(c.cur.text[max(0, wc.from-40):wc.from], rt) > 0 {
					labelled = append(labelled, wc)
				}
			}
			if len(labelled) > 1 {
				// "la botella de 70 cl es 18,50 €" and "suben 1,50": the
				// count written with the amount's decimal places.
				labelled = slices.DeleteFunc(labelled, func(wc writtenCount) bool {
					return places(c.cur.text[wc.spans[0][0]:wc.spans[0][1]]) != places(r.Amount)
				})
			}
			if len(labelled) != 1 {
				continue
			}
			fit = labelled
		}
		// What the change names, said of the count: "Freigabe vom
		// Vorstand" far after "3 Tage" is no count of the Vorstand's.
		wc := fit[0]
		score := namedIn(around(c.cur.text, wc.from, wc.to, 50, 16), rt)
		switch {
		case score > bestScore:
			best, bestCount, bestScore, tied = c, fit[0], score, false
		case score == bestScore:
			tied = true
		}
	}
	switch {
	case best == nil || tied:
		return nil, writtenCount{}
	case bestScore == 0 && (unit == "" || holders > 1):
		// Nothing the change names: only the one value in its unit.
		return nil, writtenCount{}
	}
	return best, bestCount
}

// shifted is a count's text with r's change made to each of its numbers,
// written as the count writes them; ok is false for a change that makes
// a number below zero.
func shifted(text string, wc writtenCount, r hear.Relative) (string, bool) {
	var b strings.Builder
	at := wc.from
	for i, sp := range wc.spans {
		v := wc.nums[i] + r.Delta
		if r.Factor != 0 {
			v = wc.nums[i] * r.Factor
		}
		if v < 0 {
			return "", false
		}
		b.WriteString(text[at:sp[0]])
		b.WriteString(writeLike(v, text[sp[0]:sp[1]]))
		at = sp[1]
	}
	b.WriteString(text[at:wc.to])
	return strings.TrimSpace(b.String()), true
}

// dateUnit reports a unit that makes a count a date.
func dateUnit(u string) bool {
	switch u {
	case "月", "日", "年", "号", "時", "时", "日から", "月から":
		return true
	}
	return monthOrDay(u) && u != "day" && u != "week" && u != "month" && u != "year"
}

// places is how many decimal places a number is written with.
func places(n string) int {
	if i := strings.IndexAny(n, ".,"); i >= 0 {
		return len(n) - i - 1
	}
	return 0
}

// writeLike writes v as old is written: its decimal mark and places, or
// none for a whole number.
func writeLike(v float64, old string) string {
	if reGrouped.MatchString(old) && v == math.Trunc(v) && v >= 1000 {
		// "1.200" plus 300 is "1.500": grouped as old is.
		group := old[strings.IndexAny(old, ".,"):][:1]
		digits := strconv.FormatFloat(v, 'f', 0, 64)
		var b strings.Builder
		for i, r := range digits {
			if i > 0 && (len(digits)-i)%3 == 0 {
				b.WriteString(group)
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	mark, places := ".", 0
	if i := strings.IndexAny(old, ".,"); i >= 0 {
		mark, places = old[i:i+1], len(old)-i-1
	}
	if places == 0 && v != math.Trunc(v) {
		places = 2
	}
	s := strconv.FormatFloat(v, 'f', places, 64)
	if places > 0 && mark == "," {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// applyRelative replaces the value r changes with the one it makes; it
// reports whether it found it.
func (m *memory) applyRelative(session string, r hear.Relative) bool {
	c, wc := m.relativeTarget(r)
	if c == nil {
		return false
	}
	now, ok := shifted(c.cur.text, wc, r)
	if !ok {
		return false
	}
	nv := value{text: fmt.Sprintf("The user said: “%s” (now %s)", r.Quote, now), quote: r.Quote, kind: string(hear.Fact),
		cites: addCite(nil, session, r.Entries...)}
	by := nv.cites[len(nv.cites)-1]
	if rest, ok := otherPart(c.cur.text, nv.text, nil); ok && !bareRest(rest) {
		// "…最多放 12 公斤…。Node 20，包管理只用 pnpm": the rest stays.
		m.keepRest(c, rest, endReplaced, by, "")
		nc := &claim{area: c.area, lang: r.Lang, cur: &nv, seen: m.gen, since: m.gen}
		nc.reterm()
		m.insert(nc)
		return true
	}
	old := *c.cur
	old.end, old.by = endReplaced, by
	c.past = append([]value{old}, c.past...)
	c.cur = &nv
	c.lang = r.Lang
	c.seen = m.gen
	c.reterm()
	m.index(c)
	m.touch(c)
	return true
}
