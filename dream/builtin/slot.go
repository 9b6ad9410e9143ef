package builtin

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Updates across phrasings. A statement whose subject matches no claim's
// may still change one: "we migrated production to eu-west-1" changes
// "the prod region is eu-central-1", "im staging-cluster sind wir
// mittlerweile auf 1.30" changes "Staging läuft auf Kubernetes 1.28".
// What ties them is the value's kind and what it is of: a region replaced
// by a region, a version by a version, a count of approvals by a count of
// approvals, a weekday by a weekday, a name by a name, said of the same
// thing. A value's kind is told by its spelling (valueOf); what it is of
// by the words the two statements share.
//
// When an update quotes the value it replaces ("we moved the queue from
// RabbitMQ to SQS", "no longer Keiko, Ravi approves now"), the claim
// memory states drops the earlier value (withoutOld): the page keeps it as
// history with the user's words, and what is current names only the
// current value.

// Kinds of value.
const (
	vkVersion = "version" // 1.28, node:22, python:3.12, v2
	vkCount   = "count"   // 30, two, 45 secondes: a number and what it counts
	vkID      = "id"      // M1, db-stg-01: letters and digits
	vkRegion  = "region"  // eu-west-1, Frankfurt
	vkDay     = "day"     // Friday, donnerstags, 周四, 金曜
	vkName    = "name"    // RabbitMQ, Keiko, Mac: a proper noun
	vkTool    = "tool"    // pandas, EngFlow, H100: a tool of a known kind (kinds.go)
	vkHost    = "host"    // api-test.example.cn: a host name
	vkTime    = "time"    // 02:30, 14:00, 4h30: a time of day
	vkURL     = "url"     // https://api.example.com/v3/sync
	vkNamed   = "named"   // payments.authorized.v2, shell=false: a name and its version or value
	vkPeriod  = "period"  // every quarter, monthly, une fois par an, 每两周: how often (period.go)
	vkPhone   = "phone"   // 0151 2398 7740, +44 7700 900123, 654 88 19 02: a phone number
)

// rePhone is a phone number: digits in groups, a country code or a
// leading zero, eight digits at least (phoneNumbers checks the count);
// after a leading zero or a country code, the subscriber's digits may
// be one group ("0171 4428390").
var rePhone = regexp.MustCompile(`(?:^|[^\pL\pN.,:/-])((?:\+\d{1,3}[ -]?)?(?:\(\d{1,5}\)[ -]?)?\d{2,5}(?:[ -]\d{2,5}){1,4}|(?:\+\d{1,3}[ -]?|0)\d{2,5}[ -]\d{6,8}|(?:\+|0)\d{8,13})(?:$|[^\pL\pN:/-]|[.,](?:\D|$))`)

// phoneNumbers are the phone numbers text holds, as digits alone, and
// their spans.
func phoneNumbers(text string) (nums []string, spans [][]int) {
	for _, m := range rePhone.FindAllStringSubmatchIndex(text, -1) {
		n := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, text[m[2]:m[3]])
		// Eight digits at least, and not a date or a count of
		// thousands ("2025 12 21", "12 500").
		if len(n) < 8 || len(n) > 15 || !strings.ContainsAny(text[m[2]:m[3]], "+ -(") && n[0] != '0' {
			continue
		}
		if g := strings.Fields(strings.NewReplacer("-", " ", "(", " ", ")", " ", "+", " ").Replace(text[m[2]:m[3]])); len(g) > 1 && n[0] != '0' && !strings.HasPrefix(text[m[2]:m[3]], "+") && len(g[0]) == 4 {
			continue // "2025 12 21": a year first
		}
		nums, spans = append(nums, n), append(spans, []int{m[2], m[3]})
	}
	return nums, spans
}

// valueTok is one value in a text: its kind, its lower-cased spelling, and
// for a count the word it counts ("approvals") or the one naming it
// ("Postgres 14"), stemmed, so that counts of one thing meet.
type valueTok struct {
	kind, text string
	units      []string
}

var (
	reWord      = regexp.MustCompile(`[\pL\pN](?:[\pL\pN.:/@#+_'=-]*[\pL\pN]|,\d)*`)
	reVersion   = regexp.MustCompile(`^(?:v?\d+(?:\.\d+)+|[a-z][\w.-]*:[\w.-]*\d[\w.-]*|v\d+)$`)
	reCount     = regexp.MustCompile(`^\d+(?:[.,]\d+)?(?:%|[a-z]{1,3}|[a-z]{0,3}/\S+)?$`)
	reID        = regexp.MustCompile(`^[a-z][a-z-]*\d[\w-]*$`)
	reRegion    = regexp.MustCompile(`^(?:(?:us|eu|ap|sa|ca|me|af|il|cn|mx)-[a-z]+-\d|(?:us|europe|asia|northamerica|southamerica|australia|me|africa)-[a-z]+\d)$`)
	reCJKDay    = regexp.MustCompile(`(?:周|星期|礼拜)[一二三四五六日天]|[月火水木金土日]曜`)
	reCJKNumber = regexp.MustCompile(`\d+(?:\.\d+)?`)
	// reDotted is a name spelled as a domain or file ("incident.io").
	reDotted = regexp.MustCompile(`^[a-z][a-z-]{2,}\.[a-z]{2,}$`)
)

// regionWords are places cloud regions are named by.
var regionWords = setOf("frankfurt", "ireland", "dublin", "london", "paris", "tokyo", "singapore", "sydney", "mumbai", "seoul",
	"stockholm", "zurich", "zürich", "milan", "virginia", "oregon", "ohio", "california", "montreal", "osaka", "jakarta",
	"bahrain", "oslo", "madrid", "amsterdam", "belgium", "netherlands", "iowa", "texas", "法兰克福", "东京", "新加坡",
	"フランクフルト", "東京", "大阪")

// cjkRegions are the regionWords written in CJK.
var cjkRegions = []string{"法兰克福", "东京", "新加坡", "フランクフルト", "東京", "大阪", "シンガポール", "法蘭克福"}

// dayWords are the weekdays in the languages memfs hears.
var dayWords = setOf("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
	"montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
	"lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
	"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")

// isDay reports whether w names a weekday, singular or plural
// ("Tuesday", "dienstags", "mardis").
func isDay(w string) bool {
	l := strings.ToLower(w)
	return dayWords[l] || dayWords[strings.TrimSuffix(l, "s")]
}

// firstWord is the first word of s, without the punctuation around it.
func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return strings.TrimFunc(f[0], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// valueOf returns the values a text holds, in order.
func valueOf(text string) []valueTok {
	var out []valueTok
	idx := wordSpans(text)
	words := make([]string, len(idx))
	for i, ix := range idx {
		words[i] = text[ix[0]:ix[1]]
	}
	lw := func(i int) string {
		if i < 0 || i >= len(words) {
			return ""
		}
		return strings.ToLower(words[i])
	}
	phones, phoneAt := phoneNumbers(text)
	for i, n := range phones {
		// The number as written is its unit: the words a part of a
		// claim holding it is found by.
		out = append(out, valueTok{kind: vkPhone, text: n, units: []string{text[phoneAt[i][0]:phoneAt[i][1]]}})
	}
	inPhone := func(i int) bool {
		return slices.ContainsFunc(phoneAt, func(sp []int) bool { return idx[i][0] >= sp[0] && idx[i][1] <= sp[1] })
	}
	for i, w := range words {
		l := strings.ToLower(w)
		if len(phoneAt) > 0 && inPhone(i) {
			continue // a group of a phone number counts nothing
		}
		if len(w) == 1 && strings.ContainsAny(w, "CFcf") && strings.HasSuffix(text[:idx[i][0]], "°") {
			continue // the scale of "6°C" is part of its unit, no name
		}
		if cjkWord(w) {
			for _, n := range cjkNames(w) {
				out = append(out, valueTok{kind: vkName, text: n})
			}
			for _, rw := range cjkRegions {
				if strings.Contains(w, rw) {
					out = append(out, valueTok{kind: vkRegion, text: rw})
				}
			}
			for _, d := range reCJKDay.FindAllString(w, -1) {
				out = append(out, valueTok{kind: vkDay, text: d})
			}
			for _, n := range reCJKNumber.FindAllString(w, -1) {
				out = append(out, valueTok{kind: vkCount, text: n})
			}
			continue
		}
		// The word a count counts, or the one naming it.
		units := func() []string {
			var us []string
			if u := strings.TrimLeft(l, "0123456789.,"); u != "" && u != l && !strings.HasPrefix(u, "/") {
				// "300ms", "2gb", "80%": a count of its suffix.
				us = append(us, canonUnit(u))
			}
			// "$4k", "€40", "5 %", "12 €": a sign before or after the
			// count is its unit, which words of money and shares spell
			// too ("3.500 dólares", "40 euros", "5 Prozent").
			before := strings.TrimRight(text[:idx[i][0]], " ")
			after := strings.TrimLeft(text[idx[i][1]:], " \u00a0\u202f")
			for _, su := range signUnits {
				if su.before && strings.HasSuffix(before, su.sign) || strings.HasPrefix(after, su.sign) {
					us = append(us, su.unit)
				}
			}
			if u := strings.Trim(lw(i+1), ".,;:"); strings.Count(u, "/") == 1 && !strings.HasPrefix(u, "/") && !strings.HasSuffix(u, "/") {
				// "100 req/min": a rate is its unit.
				us = append(us, u)
			}
			for _, u := range []string{lw(i + 1), lw(i - 1)} {
				if ts := terms(u); len(ts) == 1 && !isDigits(ts[0]) {
					us = append(us, canonUnit(ts[0]))
				}
			}
			// "60 a second", "40 requests per second": what a rate is
			// counted by is a unit of its own ("per-second"), never
			// the thing another count counts ("€20 per costume" is no
			// count of costumes).
			for k := i + 1; k <= i+2; k++ {
				if perWords[lw(k)] {
					if ts := terms(lw(k + 1)); len(ts) == 1 && !isDigits(ts[0]) {
						us = append(us, "per-"+canonUnit(ts[0]))
					}
					break
				}
			}
			if u := strings.Trim(lw(i+1), ".,;:"); shortUnits[u] {
				// "60 s", "5 h", "200 ms": a unit's symbol, too short a
				// word for terms.
				us = append(us, canonUnit(u))
			}
			// "压缩级别 3", "保留 7 天": CJK says what a count is of
			// just before it, or its measure just after, with no mark
			// between.
			if i > 0 && cjkWord(words[i-1]) && strings.TrimSpace(text[idx[i-1][1]:idx[i][0]]) == "" {
				rs := []rune(words[i-1])
				us = append(us, string(rs[max(0, len(rs)-2):]))
			}
			if i+1 < len(words) && cjkWord(words[i+1]) && strings.TrimSpace(text[idx[i][1]:idx[i+1][0]]) == "" {
				us = append(us, string([]rune(words[i+1])[:1]))
				for _, cs := range cjkSpans {
					if strings.HasPrefix(words[i+1], cs.word) {
						us = append(us, cs.unit)
						break
					}
				}
			}
			return us
		}
		d := strings.TrimSuffix(strings.TrimSuffix(l, "s"), "s")
		prod := productBefore(text, idx, words, i)
		switch {
		case versioned(l):
			// "payments.authorized.v2", "PlayerData_v3": a name and its
			// version, of the name.
			out = append(out, valueTok{kind: vkNamed, text: l, units: []string{l[:reVersionedName.FindStringSubmatchIndex(l)[2]]}})
		case strings.IndexByte(l, '=') > 0 && reSetting.MatchString(l):
			// "shell=False": a setting's value, of the setting.
			out = append(out, valueTok{kind: vkNamed, text: l, units: []string{l[:strings.IndexByte(l, '=')+1]}})
		case strings.IndexByte(l, '/') > 0 && (reURL.MatchString(l) || rePathVersion.MatchString(l)):
			// "/api/v3" is an address without its host: of its path.
			out = append(out, valueTok{kind: vkURL, text: l, units: []string{urlUnit(l)}})
		case reRegion.MatchString(l) || regionWords[l]:
			out = append(out, valueTok{kind: vkRegion, text: l})
		case dayWords[l]:
			// "jueves", "miércoles": a day whose name ends in s is no
			// plural.
			out = append(out, valueTok{kind: vkDay, text: l})
		case dayWords[d] || dayWords[strings.TrimSuffix(l, "s")]:
			out = append(out, valueTok{kind: vkDay, text: d})
		case reClock.MatchString(l):
			out = append(out, valueTok{kind: vkTime, text: clockText(l)})
		case hourOfDay(text, idx, words, i):
			// "avant 14 h", "um 7 Uhr", "10時", "下午3点": an hour of the
			// day, not a count of hours.
			out = append(out, valueTok{kind: vkTime, text: strings.TrimSuffix(l, "h") + ":00"})
		case reThousands.MatchString(l) && (len(terms(lw(i+1))) == 1 && !isDigits(terms(lw(i + 1))[0]) || signAfter(text[idx[i][1]:])):
			// "12.000 Flaschen", "1.500 euros", "185.000 €": a count
			// with its thousands marked, not a version.
			out = append(out, valueTok{kind: vkCount, text: strings.ReplaceAll(l, ".", ""), units: append(units(), prod...)})
		case reDecimal.MatchString(l) && strings.HasPrefix(strings.TrimLeft(text[idx[i][1]:], " \u00a0\u202f"), "%"):
			// "2.5%": a share, not a version.
			out = append(out, valueTok{kind: vkCount, text: l, units: units()})
		case reHostPort.MatchString(l) && reHost.MatchString(l[:strings.LastIndexByte(l, ':')]):
			// "mqtt.lab.local:8883": a host and its port, not a version.
			out = append(out, valueTok{kind: vkHost, text: l, units: hostUnits(l[:strings.LastIndexByte(l, ':')])})
		case reDecimal.MatchString(l) && physUnits[strings.Trim(lw(i+1), ".,;:")] != "":
			// "below 3.1 V", "7.5 t": a measure, not a version.
			out = append(out, valueTok{kind: vkCount, text: l, units: append(units(), physUnits[strings.Trim(lw(i+1), ".,;:")])})
		case reVersion.MatchString(l):
			out = append(out, valueTok{kind: vkVersion, text: l, units: prod})
		case toolNamed(w):
			name, kind := toolKind(w)
			out = append(out, valueTok{kind: vkTool, text: name, units: jobsOf(name, kind)})
			if properNoun(w, i == 0 || sentenceStart(text, idx[i][0])) {
				out = append(out, valueTok{kind: vkName, text: l})
			}
		case reDimension.MatchString(l):
			// "8x8", "1280x800": a size, of what it is said of.
			out = append(out, valueTok{kind: vkCount, text: l, units: append(units(), "×")})
		case reCount.MatchString(l) || hear.NumberWord(l):
			out = append(out, valueTok{kind: vkCount, text: l, units: append(units(), prod...)})
		case reHost.MatchString(l):
			out = append(out, valueTok{kind: vkHost, text: l, units: hostUnits(l)})
		case reID.MatchString(l):
			out = append(out, valueTok{kind: vkID, text: l, units: append(idUnits(l), prod...)})
		case reCompoundID.MatchString(l):
			// "aks-lgr-staging-weu": a name of parts, of what its parts
			// but the last name.
			out = append(out, valueTok{kind: vkID, text: l, units: []string{l[:strings.LastIndex(l, "-")+1]}})
		case properNoun(w, i == 0 || sentenceStart(text, idx[i][0])) || reDotted.MatchString(l):
			out = append(out, valueTok{kind: vkName, text: l})
		}
	}
	if p := pinnedProduct(text); p != "" {
		// "we moved to 1.23, please bump go.mod", "bumped .nvmrc to 22":
		// a release said beside the file that pins it is that file's
		// product's.
		for i := range out {
			if (out[i].kind == vkVersion || out[i].kind == vkCount && isDigits(out[i].text)) && !released(out[i]) {
				out[i].units = append(out[i].units, productUnit(p))
			}
		}
	}
	out = append(out, spokenTimesOf(text)...)
	return append(out, periodsOf(text)...)
}

// pinFiles are the files that pin one product's release, by the product.
var pinFiles = map[string]string{"go.mod": "go", ".nvmrc": "node", ".node-version": "node", ".python-version": "python",
	".ruby-version": "ruby", "rust-toolchain": "rust", "rust-toolchain.toml": "rust", ".java-version": "java",
	".terraform-version": "terraform", "global.json": ".net"}

// rePinFile is a file of pinFiles named in a text.
var rePinFile = regexp.MustCompile(`(?:^|[\s(\x60'"/])(go\.mod|\.nvmrc|\.node-version|\.python-version|\.ruby-version|rust-toolchain(?:\.toml)?|\.java-version|\.terraform-version|global\.json)(?:$|[\s)\x60'",.;:!?])`)

// pinnedProduct is the product whose pin file (pinFiles) text names, or
// "" when it names none or files of two products.
func pinnedProduct(text string) string {
	if !strings.Contains(text, "go.mod") && !strings.Contains(text, "-version") && !strings.Contains(text, ".nvmrc") &&
		!strings.Contains(text, "rust-toolchain") && !strings.Contains(text, "global.json") {
		return "" // cheap checks first: valueOf reads every claim
	}
	p := ""
	for _, m := range rePinFile.FindAllStringSubmatch(text, -1) {
		q := pinFiles[m[1]]
		if p != "" && q != p {
			return ""
		}
		p = q
	}
	return p
}

// namesOf reports a proper name of values os that content (terms) holds.
func namesOf(os []valueTok, content []string) bool {
	return slices.ContainsFunc(os, func(o valueTok) bool {
		if o.kind != vkName {
			return false
		}
		ot := terms(o.text)
		return len(ot) > 0 && containsTerms(content, ot)
	})
}

// labelled reports a value of the kind in text (of its values vs) whose
// label, the words just before it in its clause, content names: in
// "チェックインは16時から、チェックアウトは10時", 10時 is checkout's.
func labelled(text string, vs []valueTok, kind string, content []string) bool {
	for _, v := range vs {
		if v.kind != kind || kind != vkTime {
			continue
		}
		h := hourWritten(v)
		if h == "" {
			continue
		}
		for at := strings.Index(text, h); at >= 0; {
			from := max(0, strings.LastIndexAny(text[:at], ",;:，、。：")+1)
			if lt := terms(text[from:at]); len(lt) > 0 && 2*overlap(lt, content) >= len(lt) {
				return true
			}
			next := strings.Index(text[at+len(h):], h)
			if next < 0 {
				break
			}
			at += len(h) + next
		}
	}
	return false
}

// hourWritten is an hour of the day (v) as a text writes it: "10:00" is
// "10" of "10時" or "10 h", "05:30" is "5:30".
func hourWritten(v valueTok) string {
	h := strings.TrimSuffix(v.text, ":00")
	if len(h) > 1 {
		h = strings.TrimPrefix(h, "0")
	}
	return h
}

// hourOfDay reports word i of text (words, at idx) as an hour of the
// day: a number up to 24 that "h", "Uhr", "heures" or "o'clock" follows
// after a word saying when ("avant 14 h", "um 7 Uhr", "at 9 o'clock"),
// or that 時 (not 時間) or 点 follows with no space ("10時", "3点").
func hourOfDay(text string, idx [][]int, words []string, i int) bool {
	l := strings.ToLower(words[i])
	n := strings.TrimSuffix(l, "h")
	if len(n) == 0 || len(n) > 2 || !isDigits(n) || n > "24" && len(n) == 2 {
		return false
	}
	rest := text[idx[i][1]:]
	if strings.HasPrefix(rest, "時") && !strings.HasPrefix(rest, "時間") || strings.HasPrefix(rest, "点") && !strings.HasPrefix(rest, "点数") {
		return true
	}
	if n == l && reClockWord.MatchString(rest) {
		return true // "also 17 Uhr": a clock's word, no duration's
	}
	if n == l && i > 1 && (strings.EqualFold(words[i-1], "las") || strings.EqualFold(words[i-1], "la")) && spanishHourLead[strings.ToLower(words[i-2])] {
		return true // "a las 9": Spanish says an hour so
	}
	if n == l && !reHourWord.MatchString(rest) {
		return false // "14" alone
	}
	return i > 0 && hourLead[strings.ToLower(words[i-1])]
}

// spanishHourLead are the words before "las" in a Spanish hour ("a las 9",
// "hasta las 14"); "9 de las 12" counts.
var spanishHourLead = setOf("a", "hasta", "desde", "sobre")

// reHourWord is the word after an hour of the day ("14 h", "7 Uhr").
var reHourWord = regexp.MustCompile(`(?i)^\s?(?:h|uhr|heures?|o'clock|hrs)\b`)

// reClockWord follows an hour of the day and never a count of hours.
var reClockWord = regexp.MustCompile(`(?i)^\s?(?:uhr|o'clock)\b`)

// hourLead are the words before an hour of the day.
var hourLead = setOf("at", "before", "after", "by", "until", "till", "from", "um", "ab", "bis", "vor", "nach", "gegen",
	"à", "avant", "après", "vers", "dès", "jusqu'à", "las", "la", "antes", "desde", "hasta", "sobre")

// productBefore is the unit of a release of a named product: the name
// said just before it ("Deno 2.1", "MATLAB R2024b", "S/4HANA 2023"),
// marked with "@" so that it meets only another release of that name.
// The name is a word spelled as one (capitals in it, or where no
// sentence starts) or a known tool; words that number things of their
// own ("Sprint 12", "Phase 2", "Version 3") name no product.
func productBefore(text string, idx [][]int, words []string, i int) []string {
	if i == 0 {
		return nil
	}
	if p := productOpening(text, idx, words, i); p != nil {
		return p
	}
	if numberedAtStart(text, idx, words, i) {
		// "Bay 2 is back to normal now": the capital is the sentence's;
		// a bare number after a word no tool is named by tells which
		// one, not what release.
		return nil
	}
	spaces := func(a, b int) bool { return strings.TrimLeft(text[a:b], " ") == "" }
	if i >= 2 && cjkTopicMark[words[i-1]] && spaces(idx[i-2][1], idx[i-1][0]) && spaces(idx[i-1][1], idx[i][0]) {
		// "MATLABはR2024b", "Unity は 2022.3": the name, its mark, its
		// release.
		i--
	} else if idx[i-1][1] == idx[i][0] || !spaces(idx[i-1][1], idx[i][0]) {
		return nil
	} else {
		// "MATLAB is on R2024b", "Xcode auf 16.1": a link or two.
		for n := 0; n < 2 && i >= 2 && releaseLink[strings.ToLower(words[i-1])] && spaces(idx[i-2][1], idx[i-1][0]) && idx[i-2][1] < idx[i-1][0]; n++ {
			i--
		}
	}
	return productNamed(words[i-1])
}

// numberedAtStart reports a whole number of one or two digits (words[i])
// after a word that opens a sentence and names no known tool: "Bay 2",
// "Court 3", not "Postgres 16".
func numberedAtStart(text string, idx [][]int, words []string, i int) bool {
	if i < 1 || len(words[i]) > 2 || !isDigits(words[i]) || toolNamed(words[i-1]) {
		return false
	}
	before := strings.TrimRight(text[:idx[i-1][0]], " ")
	return before == "" || strings.ContainsAny(before[len(before)-1:], ".!?:\"“(")
}

// productUnit is the unit of the releases of the product named name.
// Distributions and short names of one product share its unit
// ("Temurin 25" is a Java release, "pg 17" a Postgres one).
func productUnit(name string) string {
	if p, ok := productAlias[name]; ok {
		name = p
	}
	return "@" + name
}

// productAlias maps a name a product's releases go by to the product.
var productAlias = map[string]string{
	"temurin": "java", "openjdk": "java", "jdk": "java", "corretto": "java", "zulu": "java", "graalvm": "java",
	"pg": "postgres", "postgresql": "postgres", "psql": "postgres",
	"nodejs": "node", "node.js": "node",
	"cpython": "python", "py": "python",
	"golang": "go", "k8s": "kubernetes", "dotnet": ".net",
}

// cjkTopicMark are the marks between a name and what it is in Japanese
// and Chinese ("MATLABはR2024b", "Node是22").
var cjkTopicMark = setOf("は", "が", "も", "是", "用")

// releaseLink are the words between a name and its release: "MATLAB is
// on R2024b", "Xcode jetzt auf 16.1", "Bun to 1.2".
var releaseLink = setOf("is", "on", "at", "to", "now", "ist", "jetzt", "auf", "zu", "est", "sur", "en", "à", "es", "está", "a")

// productOpening is the product that opens the clause a release (word
// i) closes, after a link ("Koha ist am Wochenende auf 24.05 gehoben
// worden", "Postgres got bumped last night to 16.4"): the product's name,
// then a verb, then at most four words, then the link and the release.
func productOpening(text string, idx [][]int, words []string, i int) []string {
	if i < 3 || !releaseLink[strings.ToLower(words[i-1])] {
		return nil
	}
	for j := i - 2; j >= max(0, i-7); j-- {
		if j > 0 && strings.TrimSpace(text[idx[j-1][1]:idx[j][0]]) != "" {
			// Punctuation before word j: the clause opens there.
			return productOpens(words[j], words[j+1])
		}
		if j == 0 {
			return productOpens(words[0], words[1])
		}
	}
	return nil
}

// productOpens is productNamed(w) where the word after w is the verb of
// its change.
func productOpens(w, next string) []string {
	if !releaseVerb[strings.ToLower(next)] {
		return nil
	}
	return productNamed(w)
}

// productNamed is the product unit of a word that names a product: a
// proper noun or a known tool, no word that numbers something else, a
// day or a stop word.
// packageNamed reports a word spelled as a package's name: letters in
// parts joined by hyphens or underscores ("mkdocs-material",
// "arm-none-eabi-gcc"), said right before a version.
func packageNamed(l string) bool {
	return strings.ContainsAny(l, "-_") && lettersOnly(strings.FieldsFunc(l, func(r rune) bool { return r == '-' || r == '_' }))
}

func productNamed(w string) []string {
	if r, _ := utf8.DecodeRuneInString(w); r >= utf8.RuneSelf || !unicode.IsLetter(r) {
		return nil
	}
	l := strings.ToLower(w)
	if numberedWords[l] || dayWords[l] || termStop[l] || !properNoun(w, false) && !toolNamed(w) && !packageNamed(l) {
		return nil
	}
	return []string{productUnit(l)}
}

// releaseVerb are the verbs a product's move to a release is told with
// right after its name.
var releaseVerb = setOf("is", "was", "got", "has", "went", "ist", "wurde", "hat", "läuft", "está", "fue", "se", "a", "est", "passe", "est passé")

// numberedWords number things that are not releases of a product.
var numberedWords = setOf("version", "ver", "v", "release", "update", "patch", "build", "sprint", "phase", "step", "stage",
	"level", "tier", "plan", "wave", "round", "page", "line", "item", "port", "room", "floor", "gate", "zone", "slot", "track",
	"chapter", "section", "part", "issue", "ticket", "pr", "q1", "q2", "q3", "q4", "kw", "cw", "week", "day", "month", "year",
	"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
	"january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
	"top", "max", "min", "up", "down", "all", "every", "each", "only", "about", "over", "under")

// unitBase are units of measure by the unit they scale: "1 kHz" and "500
// Hz" count the same thing.
var unitBase = map[string]string{"khz": "hz", "mhz": "hz", "ghz": "hz", "kb": "byte", "mb": "byte", "gb": "byte",
	"tb": "byte", "kib": "byte", "mib": "byte", "gib": "byte", "tib": "byte", "byte": "byte", "ms": "second", "sec": "second",
	"secs": "second", "second": "second", "min": "minute", "minute": "minute", "hour": "hour", "hr": "hour", "s": "second", "h": "hour",
	// spans of time as terms spell them (stemmed) in the six languages,
	// so that "30 minutes" and "15 min", "5 Minuten" and "10 min" meet
	"minut": "minute", "mins": "minute", "minuten": "minute", "minuto": "minute", "minutos": "minute",
	"sekunden": "second", "segundo": "second", "seconde": "second", "secondes": "second", "sek": "second",
	"hrs": "hour", "hours": "hour", "stunden": "hour", "stunde": "hour", "std": "hour", "hora": "hour", "heur": "hour", "heure": "hour",
	"d": "day", "day": "day", "days": "day", "tage": "day", "tag": "day", "día": "day", "dia": "day", "jour": "day",
	"week": "week", "wochen": "week", "woche": "week", "semana": "week", "semain": "week", "semaine": "week",
	"month": "month", "monat": "month", "monate": "month", "mese": "month", "mes": "month", "mois": "month",
	"year": "year", "jahr": "year", "jahre": "year", "año": "year", "ans": "year",
	"天": "day", "日間": "day", "周": "week", "週": "week", "週間": "week", "个月": "month", "ヶ月": "month", "か月": "month",
	"分钟": "minute", "秒": "second", "小时": "hour", "時間": "hour",
	// money and shares as the six languages name them
	"usd": "usd", "dollar": "usd", "dollars": "usd", "dólar": "usd", "dólares": "usd", "dolar": "usd", "美元": "usd", "美": "usd",
	"eur": "eur", "euro": "eur", "euros": "eur", "欧元": "eur", "欧": "eur", "ユーロ": "eur",
	"gbp": "gbp", "pound": "gbp", "pounds": "gbp", "quid": "gbp", "英镑": "gbp",
	"jpy": "jpy", "yen": "jpy", "円": "jpy", "万円": "jpy",
	"percent": "%", "pct": "%", "prozent": "%", "porcentaje": "%", "百分": "%",
	// weights as the six languages name them
	"kg": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg", "kilogramm": "kg", "kilogramo": "kg",
	"kilogramos": "kg", "kilogramme": "kg", "kilogrammes": "kg", "公斤": "kg", "千克": "kg", "キロ": "kg",
	"t": "kg", "tonne": "kg", "tonnes": "kg", "tonnen": "kg", "ton": "kg", "tons": "kg", "tonelada": "kg", "toneladas": "kg",
	"吨": "kg", "トン": "kg", "g": "kg", "gram": "kg", "grams": "kg", "gramm": "kg", "gramo": "kg", "gramos": "kg",
	"gramme": "kg", "grammes": "kg", "克": "kg", "グラム": "kg",
	// volumes as the six languages name them
	"l": "liter", "liter": "liter", "liters": "liter", "litre": "liter", "litres": "liter", "litro": "liter", "litros": "liter",
	"升": "liter", "リットル": "liter", "m3": "liter", "m³": "liter", "kubikmeter": "liter", "立方米": "liter", "立方メートル": "liter",
	// frames of a game or a video
	"frame": "frame", "frames": "frame", "fotograma": "frame", "fotogramas": "frame", "帧": "frame", "フレーム": "frame",
	// settings' units as the six languages name them
	"baud": "baud", "bauds": "baud", "baudio": "baud", "baudios": "baud", "波特": "baud", "ボー": "baud"}

// spanSeconds are the units of a span of time, as canonUnit names them,
// in seconds.
var spanSeconds = map[string]float64{"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400,
	"month": 30 * 86400, "year": 365 * 86400}

// spanOf is how long a count is, in seconds, when it counts a span of
// time.
func spanOf(v valueTok) (float64, bool) {
	if v.kind != vkCount {
		return 0, false
	}
	// "45ms": the count before its unit's letters; "two": spelled.
	n, ok := hear.Amount(v.text)
	if !ok {
		n, ok = hear.Amount(strings.TrimRightFunc(v.text, unicode.IsLetter))
	}
	if !ok || n <= 0 {
		return 0, false
	}
	for _, u := range v.units {
		if s, ok := spanSeconds[u]; ok {
			if u == "second" && strings.HasSuffix(v.text, "ms") {
				s = 0.001
			}
			return n * s, true
		}
	}
	return 0, false
}

// similarSpans reports two spans of time said in different units whose
// lengths are within a factor of 30 of each other: "60 秒" and "3 分钟",
// "45 Sekunden" and "two minutes" are one setting said twice, "±90ms" and
// "24h" are not.
func similarSpans(a, b valueTok) bool {
	x, ok := spanOf(a)
	if !ok {
		return false
	}
	y, ok := spanOf(b)
	return ok && x <= 30*y && y <= 30*x
}

// cjkSpans are the CJK words for spans of time written after a count, with
// their unit: "分" alone may be a score, "日" a date.
var cjkSpans = []struct{ word, unit string }{
	{"秒", "second"}, {"分钟", "minute"}, {"分鐘", "minute"}, {"分間", "minute"}, {"小时", "hour"}, {"小時", "hour"},
	{"時間", "hour"}, {"天", "day"}, {"日間", "day"}, {"周", "week"}, {"週間", "week"}, {"个月", "month"}, {"ヶ月", "month"},
	{"か月", "month"}, {"カ月", "month"},
}

// signUnits are the signs written beside a count for its unit: money,
// shares and degrees. A currency's sign may stand before its count or
// after it, a share's and a degree's only after; a slice, so that a
// count's units come in one order.
var signUnits = []struct {
	sign, unit string
	before     bool
}{
	{"$", "usd", true}, {"€", "eur", true}, {"£", "gbp", true}, {"¥", "jpy", true}, {"%", "%", false}, {"％", "%", false},
	// Degrees: "-18°C", "零下20度", "25 ℃".
	{"°", "deg", false}, {"℃", "deg", false}, {"度", "deg", false},
}

// canonUnit is a unit in the form its scales share.
func canonUnit(u string) string {
	if b, ok := unitBase[u]; ok {
		return b
	}
	return u
}

// reVersionedName is a name ending in its version ("orders.created.v2",
// "playerdata_v3"); the group is where the version starts.
var reVersionedName = regexp.MustCompile(`^[a-z][\w.-]*[a-z][._-](v\d+)$`)

// versioned reports a word spelled as a name and its version
// (reVersionedName), read cheaply first: terms and values test every word.
func versioned(w string) bool {
	n := len(w)
	return n > 3 && w[n-1] >= '0' && w[n-1] <= '9' && strings.IndexByte(w, 'v') > 0 && reVersionedName.MatchString(w)
}

// reSetting is a setting and its value ("shell=false", "retries=3").
var reSetting = regexp.MustCompile(`^[a-z][\w.-]*[a-z]=[\w.-]+$`)

// reDimension is a size in two dimensions ("8x8", "1920×1080").
var reDimension = regexp.MustCompile(`^\d+[x×]\d+$`)

// reURL is a web address.
var reURL = regexp.MustCompile(`^(?:https?://[^/\s]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/\S*)`)

// rePathVersion is a path whose last part is a version ("api/v3", the
// word of "/api/v3").
var rePathVersion = regexp.MustCompile(`^[a-z][\w.-]*(?:/[\w.-]+)*/v\d+$`)

// urlUnit is what an address is of: its host and path with every part
// holding a digit left out, so that "…/v3/sync" and "…/v4/sync" are the
// same endpoint and "…/v3/upload" another.
func urlUnit(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	u = strings.TrimSuffix(u, "/")
	parts := strings.Split(u, "/")
	for i, p := range parts {
		if i > 0 && strings.ContainsAny(p, "0123456789") {
			parts[i] = "*"
		}
	}
	return strings.Join(parts, "/")
}

// signAfter reports a sign of signUnits opening rest, the text after a
// count ("185.000 €").
func signAfter(rest string) bool {
	rest = strings.TrimLeft(rest, " \u00a0\u202f")
	for _, su := range signUnits {
		if strings.HasPrefix(rest, su.sign) {
			return true
		}
	}
	return false
}

// perWords say "each" between a count and the period or thing it is
// counted by ("60 a second", "3 pro Tag", "2 por noche").
var perWords = setOf("a", "an", "per", "pro", "je", "por", "par", "each")

// reThousands is a number with its thousands marked by dots, as German,
// Spanish and others write them ("12.000").
var reThousands = regexp.MustCompile(`^\d{1,3}(?:\.\d{3})+$`)

// reDecimal is a number with a decimal point or comma ("2.5", "0,50").
var reDecimal = regexp.MustCompile(`^\d+[.,]\d+$`)

// reClock is a time of day ("14:00", "4h30", "6pm").
var reClock = regexp.MustCompile(`^(?:(?:[01]?\d|2[0-3])[:h][0-5]\d(?:am|pm)?|(?:1[0-2]|0?[1-9])(?:am|pm))$`)

// clockText is a time of day (reClock) as a 24-hour clock writes it
// ("9:40pm" is "21:40", "4h30" is "4:30", "6pm" is "18:00").
func clockText(l string) string {
	if !strings.ContainsAny(l, ":h") {
		l = l[:len(l)-2] + ":00" + l[len(l)-2:]
	}
	l = strings.Replace(l, "h", ":", 1)
	pm := strings.HasSuffix(l, "pm")
	l = strings.TrimSuffix(strings.TrimSuffix(l, "pm"), "am")
	if h, m, ok := strings.Cut(l, ":"); ok && pm {
		if n, err := strconv.Atoi(h); err == nil && n < 12 {
			return strconv.Itoa(n+12) + ":" + m
		}
	}
	return l
}

// timeOnly is the time of day w names and nothing else but the words
// of its spelling ("18 Uhr", "18h", "6pm"), as clockText gives it; ""
// when w names none, or more.
func timeOnly(w string) string {
	t := ""
	for _, v := range valueOf(w) {
		switch {
		case v.kind == vkTime && t == "":
			t = v.text
		case v.kind == vkName && clockWords[v.text]:
		default:
			return ""
		}
	}
	return t
}

// clockWords are the words a time of day is spelled with.
var clockWords = setOf("uhr", "h", "heures", "heure", "horas", "hora", "o'clock", "oclock")

// reHost is a host name: two dots or more, or one before a top-level
// domain ("api-test.qingning.cn", "grafana.internal").
var reHost = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:internal|local|lan|corp|intern|dev|io|com|net|org|cloud|app|cn|de|fr|es|jp|uk|eu|co)$`)

// hostUnits are what a host name is of: its labels but the last, and
// each label's letters before a digit ("db-kranich-01" is of "kranich").
func hostUnits(h string) []string {
	labels := strings.Split(h, ".")
	var out []string
	for _, l := range labels[:len(labels)-1] {
		for _, p := range strings.Split(l, "-") {
			// "mqtt2" is of what "mqtt" is: a numbered one of a kind.
			p = strings.TrimRightFunc(p, unicode.IsDigit)
			if len(p) >= 4 && !hostGeneric[p] {
				out = append(out, p)
			}
		}
	}
	return out
}

// reHostPort is a name and a port ("mqtt.lab.local:8883").
var reHostPort = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}:\d{2,5}$`)

// hostGeneric are the parts of host names many hosts share.
var hostGeneric = setOf("prod", "production", "staging", "stage", "test", "internal", "intern", "local", "cluster", "primary",
	"replica", "server", "host", "node", "main", "public", "private")

// idUnits are what an id is of: its spelling without the digits it ends
// in ("db-stg-" of "db-stg-01") and, three letters or more, the letters
// before its first digit ("stm" of "stm32l476").
func idUnits(l string) []string {
	out := []string{strings.TrimRightFunc(l, func(r rune) bool { return unicode.IsDigit(r) })}
	if i := strings.IndexFunc(l, unicode.IsDigit); i >= 3 && !slices.Contains(out, l[:i]) {
		out = append(out, l[:i])
	}
	return out
}

// reJaName is a Japanese name and its honorific ("森本さん"); reZhName a
// Chinese one after the verbs that name whom to ask or who decides
// ("找陈静", "由王磊审批").
var (
	reJaName = regexp.MustCompile(`([\p{Han}\p{Katakana}ー]{1,5})(?:さん|様|くん|氏)`)
	reZhName = regexp.MustCompile(`(?:找|问|由|交给|联系|归|是)([王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤][\p{Han}]{1,2}?)(?:审批|审核|评审|确认|签字|负责|来|管|说了算|$|[，,。、])`)
)

// cjkNames are the people a CJK word names.
func cjkNames(w string) []string {
	var out []string
	for _, re := range []*regexp.Regexp{reJaName, reZhName} {
		for _, m := range re.FindAllStringSubmatch(w, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// wordSpans are the byte spans of the words of text; a run of CJK text
// is a word of its own, apart from the Latin letters and digits beside it
// ("本番はeu-west-1に").
func wordSpans(text string) [][]int {
	var out [][]int
	for _, ix := range reWord.FindAllStringIndex(text, -1) {
		start := ix[0]
		prev := -1
		for i, r := range text[ix[0]:ix[1]] {
			c := 0
			if isCJK(r) {
				c = 1
			}
			if prev >= 0 && c != prev {
				if w := strings.Trim(text[start:ix[0]+i], ".:/@#+_'-"); w != "" {
					out = append(out, []int{start, start + len(w)})
				}
				start = ix[0] + i
			}
			prev = c
		}
		out = append(out, []int{start, ix[1]})
	}
	return out
}

func isDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

func cjkWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return isCJK(r) || strings.IndexFunc(w, isCJK) >= 0
}

// sentenceStart reports whether the word at byte i opens a sentence or a
// quote.
func sentenceStart(text string, i int) bool {
	before := strings.TrimRight(text[:i], " \t")
	if before == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return strings.ContainsRune(".!?:“\"'(«¿¡。！？：「", r)
}

// properNoun reports a word spelled as a name: capitals inside it
// ("RabbitMQ", "iOS", "SQS"), or a capital where a sentence does not
// start.
func properNoun(w string, start bool) bool {
	if termStop[strings.ToLower(w)] {
		return false
	}
	upper := 0
	for i, r := range w {
		if unicode.IsUpper(r) {
			if i > 0 {
				return true
			}
			upper++
		}
	}
	return upper > 0 && !start
}

// changeCue marks a statement that says something changed.
var changeCue = regexp.MustCompile(`(?i)\b(?:(?:the|our) new \w+(?: \w+)? (?:is|are)|now|moved|migrated|switched|changed|upgraded|downgraded|bump|bumped|replaced|dropped|raised|lowered|increased|decreased|reduced|went|no longer|any ?more|instead|these days|nowadays|jetzt|mittlerweile|inzwischen|nun|umgestellt|gewechselt|migriert|geändert|ersetzt|aktualisiert|angehoben|gehoben|hochgezogen|erhöht|gesenkt|nicht mehr|nur noch|umgezogen|umgestiegen|verschoben|gewechselt|ahora|mudamos|nos mudamos|ya|cambiamos|migramos|pasamos|movimos|subimos|bajamos|reemplazamos|cambiado|migrado|pasado|subido|bajado|actualizado|maintenant|désormais|déménagé|basculé|remplacé|remplacée|migré|migrée|passé|passée|passés|passées|changé|augmenté|réduit|baissé|plus|pasa(?:n|mos)? a|(?:sube|suben|baja|bajan)(?: a)?|queda(?:n)? en|cut over|cutover|(?:drops|dropped|rises|rose|goes up|went up|goes down|went down) to|(?:goes|moves|move) (?:from \S+ )?to \d|tightened|loosened|relaxed|shortened|extended|shifted|verlängert|verkürzt|gelockert|verschärft|ampliamos|ampliado|reducimos|acortamos|acortado|adelantamos|retrasamos|allongé|allongée|raccourci|raccourcie|resserre|resserré|resserrée|assoupli|assouplie|décale|décalé|décalée|avancé|avancée|reporté|reportée)` + hear.EndsWord + `|\bpass(?:e|ent|ons)(?:\s+[^\s,.;:!?]+){0,6}?\s+à\s|\b(?:descend|descendent|monte|montent|baisse|baissent) à\s|现在|已经|改成|改为|改一下|调一下|改了|改到|调成|调到|调为|提高到|降到|降低到|增加到|减少到|变成|换成|迁到|迁移|升级|不再|调整|缩短|延长|放宽|收紧|提前到|推迟到|今は|変わ|変更|見直し|短縮|延長|緩和|移行|切り替え|上げ|下げ|上がり|上がっ|下がり|下がっ|なりました|になった(?:[^ら]|$)|にしました|にします|にする|までで(?:いい|大丈夫|OK)|に変えました|に変えて|やっぱり|になったので|担当になり|に移っ|に移り|に移し|移転|换到|搬到|切到|转到`)

// coversAll reports whether content holds every word of a claim's
// subject (cs) that narrows it, but for words naming a value's kind.
//
// A CJK subject is read in overlapping pairs of characters, and a phrase
// said again in other words breaks one pair at a seam ("默认压缩级别"
// and "默认值…压缩级别" share all but "认压"): of four pairs or more, one
// may be missing.
//
// Said in a language of other letters, a subject is held by the words it
// shares with the content across scripts: "检测阈值" (read as the pairs
// 检测, 测阈 and threshold) is held by "the detection threshold".
func coversAll(cs, content []string) bool {
	cjkPairs, cjkMissing, latin := 0, 0, 0
	for _, t := range cs {
		if genericModifier[t] || pronouns[t] || typeWords[t] != "" || kindNouns[t] || isNumberish(t) {
			// A value in a subject ("4h30") is what changes, not what of.
			continue
		}
		cjk := cjkWord(t)
		if cjk {
			cjkPairs++
		} else {
			latin++
		}
		if !slices.ContainsFunc(content, func(x string) bool { return x == t || identPart(t, x) || akin(t, x) }) {
			if !cjk {
				return false
			}
			cjkMissing++
		}
	}
	if cjkMissing > 0 && latin > 0 && !slices.ContainsFunc(content, cjkWord) {
		return true
	}
	return cjkMissing == 0 || cjkPairs >= 4 && cjkMissing == 1
}

// pronouns stand for a subject said before ("elles vont dans
// TimescaleDB"): a claim's subject in them names nothing a change must
// say again. Terms are stemmed, so plurals meet their singular.
var pronouns = setOf("it", "they", "them", "this", "that", "these", "those", "er", "sie", "es", "elle", "il", "ils", "ell", "ello", "cela", "ça", "eso", "esto")

// valueToks are the values of the claim's current value, read once per
// text: of an answer that gives values of its own, those only ("Asked
// “shell=True only, or shell=False too?”, the user answered: “shell=False
// too”" holds shell=False, not the other value the question offered); an
// answer of no value ("yes") keeps the question's.
func (c *claim) valueToks() []valueTok {
	if c.cur == nil {
		return nil
	}
	if c.valsOf != c.cur.text {
		c.vals, c.valsOf = nil, c.cur.text
		if c.cur.via == "answer" {
			c.vals = valueOf(c.cur.quote)
		}
		if len(c.vals) == 0 {
			c.vals = valueOf(c.cur.text)
		}
	}
	return c.vals
}

// saysChange reports a statement that says something changed, in its
// words or in the label it was said under ("on décale la publication :
// désormais 5h15").
func saysChange(st hear.Statement) bool {
	return st.IfChanging || len(st.Replaces) > 0 || changed(st.Quote) || changed(st.Claim) || changed(st.Topic)
}

// reFromNow is "from now on" and its kin: a rule's durability, not a
// change.
var reFromNow = regexp.MustCompile(`(?i)\b(?:from now on|going forward|ab jetzt|ab sofort|von jetzt an|a partir de ahora|de ahora en adelante|désormais|dorénavant)\b|à partir de maintenant\b|从现在开始|今後`)

// changed reports whether a text says something changed.
func changed(s string) bool {
	return changeCue.MatchString(reFromNow.ReplaceAllString(s, " ")) || reDeMoved.MatchString(s) || hear.HeldFrom(s) || hear.NewContact(s) || hear.ToldAsChange(s)
}

// reDeMoved is a German verb of change whose particle closes its clause
// ("Den Jahresabschluss ziehen wir auf den 20.12. vor", "stellen wir auf
// UTF-8 um"), or its participle ("vorgezogen", "vorverlegt").
var reDeMoved = regexp.MustCompile(`(?i)\b(?:ziehen|zieht|ziehe|legen|legt|schieben|schiebt|stellen|stellt|stelle|setzen|setzt|setze)\b(?:[^.;!?,]|\d\.|\.\d){0,60}?\s(?:vor|um|zurück|hoch|rauf|runter|herab|herauf)\s*(?:[,.;!?]|$)|\b(?:lösen|löst|schalten|schaltet|hören|hört|stellen|stellt)\b(?:[^.;!?,]|\d\.|\.\d){0,60}?\s(?:auf|ab|ein)\s*(?:[,.;!?]|$)|\b(?:vorgezogen|vorverlegt|verlegt|zurückgestellt|hochgesetzt|heruntergesetzt|runtergesetzt|raufgesetzt|aufgelöst|abgeschaltet|eingestellt)\b`)

// reFrame is the frame memfs puts around the user's words in a claim.
var reFrame = regexp.MustCompile(`(?i)\bthe user(?: \([^)]*\))? (?:said|answered|agreed to the assistant's proposal)\b|^asked\b|^on the question\b|, saying “[^“”]*”$`)

// unframed is a claim without the frame around the user's words.
func unframed(s string) string {
	return reFrame.ReplaceAllString(s, " ")
}

// typeWords name what kind of value a subject has ("prod region",
// "staging version"): a subject differing only by them is the same.
var typeWords = map[string]string{
	"region": vkRegion, "zone": vkRegion, "location": vkRegion, "standort": vkRegion, "ubicación": vkRegion, "emplacement": vkRegion,
	"version": vkVersion, "release": vkVersion, "tag": vkVersion,
	"day": vkDay, "wochentag": vkDay, "día": vkDay, "jour": vkDay,
	"count": vkCount, "number": vkCount, "limit": vkCount, "anzahl": vkCount, "número": vkCount, "nombre": vkCount,
	"rate": vkCount, "frequency": vkCount, "size": vkCount, "capacity": vkCount, "quota": vkCount, "budget": vkCount,
}

// kindNouns say what sort of thing a subject is ("the orders.v2 topic",
// "our jobs"): an update naming the thing need not say them again.
var kindNouns = stemmedSet("topic", "table", "bucket", "queue", "repo", "repository", "service", "cluster", "job", "database",
	"db", "index", "channel", "project", "app", "module", "package", "library", "tool", "setting", "config", "file",
	"topics", "tables", "buckets", "queues", "repos", "services", "clusters", "jobs", "databases", "dbs", "indexes",
	"channels", "projects", "apps", "modules", "packages", "libraries", "tools", "settings", "configs", "files",
	// how often it runs: "recon got moved to 04:15" is the nightly one
	"nightly", "daily", "weekly", "hourly", "monthly", "nocturne", "quotidien", "quotidienne", "hebdomadaire", "mensuel",
	"mensuelle", "nächtliche", "nächtlich", "tägliche", "täglich", "wöchentliche", "nocturno", "nocturna", "diario", "diaria",
	"semanal", "mensual")

// valueTerms are the terms of vs.
func valueTerms(vs []valueTok) []string {
	var out []string
	for _, v := range vs {
		out = append(out, terms(v.text)...)
	}
	return out
}

// sameKind is the kind of value a new value (ns) gives that an old one
// (os) had, the new one not among the old ones: "" when none. Counts must
// count the same thing, ids share their letters.
func sameKind(ns, os []valueTok) string {
	has := func(vs []valueTok, v valueTok) bool {
		return slices.ContainsFunc(vs, func(o valueTok) bool {
			// "one approval" is not the "one" of "one of them": a count
			// of something is another value than a bare number.
			return o.kind == v.kind && o.text == v.text && (v.kind != vkCount || len(v.units) == 0 || sameUnit(v, o))
		})
	}
	best := ""
	rank := map[string]int{vkRegion: 9, vkPhone: 9, vkVersion: 8, vkTool: 7, vkHost: 6, vkURL: 6, vkNamed: 6, vkPeriod: 5, vkTime: 5, vkDay: 4, vkCount: 3, vkID: 2, vkName: 1}
	for _, n := range ns {
		if has(os, n) {
			continue
		}
		for _, o := range os {
			if sameRelease(n, o) && rank[vkVersion] > rank[best] {
				best = vkVersion
			}
			if o.kind != n.kind {
				continue
			}
			if !sameUnit(n, o) {
				continue
			}
			if rank[n.kind] > rank[best] {
				best = n.kind
			}
		}
	}
	return best
}

// labelsOff is vs without a number that labels the thing the claim
// opens with ("2" of "Bay 2 is back to normal now"): which one it is
// about, not a value it gives.
func labelsOff(vs []valueTok, claim string) []valueTok {
	head := strings.ToLower(strings.TrimLeft(unframed(claim), "“\"' "))
	for _, d := range []string{"the ", "our ", "der ", "die ", "das ", "el ", "la ", "le ", "les "} {
		head = strings.TrimPrefix(head, d)
	}
	return slices.DeleteFunc(vs, func(v valueTok) bool {
		if v.kind != vkCount {
			return false
		}
		return slices.ContainsFunc(v.units, func(u string) bool {
			l := strings.TrimPrefix(u, "@") + " " + v.text
			return strings.HasPrefix(head, l) && hear.SubjectVerbFollows(head[len(l):])
		})
	})
}

// slotMatch is the current claim a statement changes though their
// subjects differ in words: the two give values of one kind (a region
// for a region, a version for a version) and say them of the same thing.
// A subject differing only by words naming the value's kind ("prod
// region" and "production") is the same subject; else the statement must
// say something changed ("now", "moved", "mittlerweile"), share a word
// with the claim beside the values (two when the values are only names or
// the claim has no subject), and hold every word of the claim's subject.
// A tie matches nothing.
func (m *memory) slotMatch(st hear.Statement, sterms, vterms []string) *claim {
	if st.Kind == hear.Person || st.Area == "people" {
		return nil
	}
	nv := labelsOff(valueOf(st.Claim), st.Claim)
	if len(nv) == 0 {
		return nil
	}
	// "Frau Wendt will den Wochenbericht ab sofort lieber donnerstags": a
	// value said to hold from now on, where a claim holds one of its kind,
	// is that claim's new value; an answer's "from now on" may be said of
	// its question's values, which it does not change.
	fromNow := !saysChange(st) && st.Question == "" && reFromNow.MatchString(st.Quote)
	// A value the agent worked out and the user agreed to is where the
	// thing it is of stands now.
	change := saysChange(st) || fromNow || st.Via == "confirm"
	// A label the claim was said under ("cambiamos la planificación:
	// …") may name what it is of.
	content := minus(union(union(sterms, terms(hear.WithoutSinceLead(unframed(st.Claim)))), terms(st.Topic)), valueTerms(bareValues(nv)))
	content = slices.DeleteFunc(content, func(t string) bool {
		// "です", "すね": kana of grammar name nothing.
		return genericModifier[t] || changeCue.MatchString(t) || cjkWord(t) && !strings.ContainsFunc(t, func(r rune) bool { return !unicode.In(r, unicode.Hiragana) })
	})
	if len(content) == 0 {
		return nil
	}
	subj := strings.TrimSpace(st.Subject)
	if subj == "" {
		subj = cjkTopic(st.Quote)
	}
	swap := reMoveCue.MatchString(unframed(st.Claim)) || change && !reAdds.MatchString(unframed(st.Claim))
	kin := kinTerms(nv)
	hasID := slices.ContainsFunc(nv, func(v valueTok) bool { return v.kind == vkID })
	hasRate := slices.ContainsFunc(nv, func(v valueTok) bool { return v.kind == vkCount && slices.ContainsFunc(v.units, rare) })
	hasURL := slices.ContainsFunc(nv, func(v valueTok) bool { return v.kind == vkURL || v.kind == vkNamed || released(v) })
	// How often, a number, a time or a host: values that name the thing
	// they are of by themselves.
	hasSelfNamed := slices.ContainsFunc(nv, func(v valueTok) bool {
		return v.kind == vkPeriod || v.kind == vkPhone || v.kind == vkTime || v.kind == vkHost
	})
	// A measure in a unit few counts have ("115200 Baud", "300 req/min")
	// said of a thing a claim gives another of is its new value, with or
	// without a word of change ("wir haben neue Scanner, die laufen mit
	// 115200 Baud").
	measured := !change && slices.ContainsFunc(nv, func(v valueTok) bool {
		return v.kind == vkCount && slices.ContainsFunc(v.units, func(u string) bool { return settingUnits[u] || strings.Count(u, "/") == 1 })
	})
	// An address whose path holds a version ("neue Endpoints kommen
	// unter /api/v3"), where a claim holds the same address at another
	// version, is that claim's new value, with or without a word of
	// change.
	readdressed := !change && slices.ContainsFunc(nv, versionedAddress)
	styped := untyped(sterms)
	hasWhen := slices.ContainsFunc(nv, func(v valueTok) bool { return v.kind == vkDay || v.kind == vkTime })
	switch {
	case readdressed:
		// The pages naming the address's path.
		var path []string
		for _, v := range nv {
			if v.kind == vkURL {
				path = union(path, slices.DeleteFunc(terms(v.text), func(t string) bool { return strings.ContainsAny(t, "0123456789") }))
			}
		}
		m.openHaving(path, 1)
	case swap && len(kin) > 0:
		m.openHaving(union(content, kin), 1)
	case change:
		m.openHaving(content, 1)
	case len(sterms) > 0 && !measured && !readdressed && !cjkWord(subj):
		// Said with no word of change, the statement changes only a
		// claim of its own subject (same, below): a page holding fewer
		// of its words than subjectScore needs has none.
		m.openOfSubject(styped)
	case len(sterms) > 0:
		m.openHaving(sterms, 1)
	default:
		m.openHaving(content, min(2, len(content)))
	}
	var top pick
	probe := content
	if swap {
		probe = union(content, kin)
	}
	if change && hasRate {
		// "one approval is enough now" of "PRs need two approvals": a
		// count of a thing few counts count is found by what it counts.
		var units []string
		for _, v := range nv {
			if v.kind == vkCount {
				for _, u := range v.units {
					if rare(u) && !strings.HasPrefix(u, "@") && !strings.Contains(u, "/") {
						units = append(units, u)
					}
				}
			}
		}
		if len(units) > 0 {
			m.openHaving(units, 1)
			probe = union(probe, units)
		}
	}
	// pinned: the statement names the product of its release only by
	// the file that pins it.
	pinned := false
	if change {
		// "we moved to 1.23, bump go.mod": a release of a product the
		// statement names only by its pin file is found by the product.
		var prods []string
		for _, v := range nv {
			for _, u := range v.units {
				if p, ok := strings.CutPrefix(u, "@"); ok && !slices.Contains(content, p) {
					prods = append(prods, p)
				}
			}
		}
		if len(prods) > 0 {
			m.openHaving(prods, 1)
			probe = union(probe, prods)
			pinned = true
		}
	}
	cands := m.candidates(probe)
	// A unit written onto its count ("90fps", "300req/min"), which few
	// counts have and no term holds apart; or degrees ("5°C", "40℃"),
	// which say what they measure in any language.
	ownUnit := change && slices.ContainsFunc(nv, func(v valueTok) bool {
		return v.kind == vkCount && slices.ContainsFunc(v.units, func(u string) bool { return writtenOnto(v, u) || u == "deg" })
	})
	if ownUnit {
		// "目標は 90fps に変更です" of "パフォーマンスは 72fps 死守": a
		// count in a unit few counts have is found by its unit, whatever
		// words the claim says around it; the unit is no term of its own
		// ("72fps"), so every claim is looked at, as for a forget.
		m.openAll()
		cands = m.claims
	}
	parts := hear.JoinedParts(unframed(st.Claim))
	for _, c := range cands {
		if !c.current() || c.cur.kind == string(hear.Person) || c.area == "people" {
			continue
		}
		same := len(sterms) > 0 && len(c.sterms) > 0 && subjectScore(styped, untyped(c.sterms)) > 0 || cjkWithin(subj, c.subject) || c.subject == "" && subj != "" && cjkWord(subj) && cjkWithin(subj, quotedTopic(c.cur.text)) ||
			partAbout(c.cur.text, styped)
		swapped := swap && len(kin) > 0 && overlap(kin, c.vterms) > 0 && toolPair(nv, c.valueToks())
		// The statement's first word of content names the claim's subject
		// ("La comisión sube un punto, …" of "la comisión de la lonja …");
		// asked only where the cheaper tests leave it open.
		headNamed := func() bool {
			return change && (slices.ContainsFunc(c.sterms, func(x string) bool { return akin(content[0], x) }) ||
				hasWhen && cjkHeadIn(subj, c.subject))
		}
		// The claim says every word of the statement's subject, under
		// another subject of its own ("La asistencia mínima … baja al 80%"
		// of "hace falta un 85% de asistencia como mínimo; ahora el admin
		// …").
		subjectSaid := func() bool {
			if !change || len(styped) < 2 {
				return false
			}
			return !slices.ContainsFunc(styped, func(t string) bool {
				return !slices.ContainsFunc(c.vterms, func(x string) bool { return akin(t, x) })
			})
		}
		// The words of the statement an answer's question says ("bump
		// the seat hold to 15 minutes" of "How long should a seat stay
		// held …?" — "8 minutes"): the question names what the answer's
		// value is of.
		asked := func() int {
			if !change || c.cur.kind != string(hear.Answer) {
				return 0
			}
			q, _, ok := splitAnswer(c.cur.text)
			if !ok {
				return 0
			}
			qt := askedTerms(q)
			n := 0
			for _, t := range content {
				if whenTerms[t] || glueTerms[t] || slices.ContainsFunc(nv, func(v valueTok) bool { return slices.Contains(v.units, t) || slices.Contains(v.units, canonUnit(t)) }) {
					continue // when, a joint, or the value's unit ("minutes")
				}
				if slices.ContainsFunc(qt, func(x string) bool { return akin(t, x) }) {
					n++
				}
			}
			return n
		}
		if !same && !swapped && !measured && !readdressed && (!change || asked() == 0 && !hasID && !hasRate && !hasURL && !hasSelfNamed && !coversAll(c.sterms, content) && !mostOf(c.sterms, content) && !headNamed() && !subjectSaid()) {
			continue // cheap checks first: values are costly to read
		}
		ov := c.valueToks()
		kind := sameKind(nv, ov)
		if readdressed && sameAddress(nv, ov) {
			kind = vkURL // the address, whatever other values the two hold
		}
		if kind == "" || kind == vkVersion && otherProduct(nv, ov) {
			continue
		}
		if change && valuesApart(parts, nv, kind) {
			// "deploys go out via Argo now, and Mia posts the stand-up
			// notes on Thursdays": the new day is in a part that changes
			// nothing.
			continue
		}
		if fromNow && holdsOtherSpecifics(ov, nv) {
			// "der release-train fährt ab sofort wöchentlich" says no
			// word of the "10:30 CET" beside the old "every other week":
			// "from now on" replaces a claim it says all of.
			continue
		}
		s := 0
		if same {
			s = 100
		} else if swapped {
			// A tool swapped for one of its kind: the claim sharing most
			// words besides wins.
			s = 1 + len(overlapAkin(content, c.vterms))
		} else if change || measured && kind == vkCount && rareUnit(nv, ov) || readdressed && kind == vkURL {
			cc := minus(union(c.sterms, terms(unframed(c.cur.text))), valueTerms(bareValues(ov)))
			shared := 0
			for _, t := range content {
				if whenTerms[t] || glueTerms[t] {
					continue // "last week" says when, "because" joins, of anything
				}
				if kind == vkVersion && len(c.sterms) == 0 && nameIn(nv, t) && nameIn(ov, t) && !releaseOf(nv, ov) && st.Lang != "de" && c.lang != "de" {
					// "we're on Go 1.23 now, Priya bumped …" and
					// "golangci-lint is on v2 now, Priya migrated …": who
					// did both is no thing either release is of. (German
					// writes every noun as a name.)
					continue
				}
				if slices.ContainsFunc(cc, func(x string) bool { return akin(t, x) }) {
					shared++
				}
			}
			// A name with a number both say alike ("40HQ" of "那 40HQ 就是
			// 66 方" and "40HQ 最多排64方") names the thing the values are
			// of.
			shared += sameCodes(nv, ov)
			need := 1
			switch {
			case kind == vkName && st.Kind == hear.Team && c.cur.kind == string(hear.Team) && cjkWord(st.Quote) && cjkWord(c.cur.text):
				// Who does a thing, said without spaces to find a subject
				// by: another name for a duty said in the same words.
				need = 3
			case kind == vkName && len(c.sterms) == 0:
				// A verbatim claim is full of names.
				need = len(content) + 1
			case kind == vkVersion || kind == vkRegion || kind == vkHost || kind == vkURL || kind == vkNamed:
			case kind == vkName || kind == vkID || kind == vkTool || len(c.sterms) == 0:
				// A tool of a kind said beside a change elsewhere ("Celery
				// passe par RabbitMQ maintenant") need not be new: two
				// shared words say it is the same thing.
				need = 2
			}
			if kind == vkCount && st.IfChanging && len(c.sterms) == 0 && sameRealUnit(nv, ov) {
				// "passe l'échantillonnage à 30 s" of "on échantillonne
				// toutes les 60 s": a task setting a count of a unit names
				// the thing it sets, one shared word is enough.
				need = 1
			}
			covers := coversAll(c.sterms, content)
			if (kind == vkCount || kind == vkVersion && bareNumbers(nv) && bareNumbers(ov)) && shared >= 2 && mostOf(c.sterms, content) {
				// "Setz das Zeitlimit des Solvers auf 90 Sekunden" of
				// "el límite de tiempo del solver es 120 segundos": a count
				// of one unit, two of three words of the claim's subject.
				covers = true
			}
			unitShared := countsShare(nv, ov, func(_ valueTok, u string) bool {
				return !termStop[u] && !countLead[u] && (utf8.RuneCountInString(u) > 1 || cjkWord(u) || u == "%")
			})
			if st.Via == "confirm" && len(sterms) > 0 && containsTerms(union(c.sterms, c.vterms), sterms) && (kind == vkCount || kind == vkTime || kind == vkDay || kind == vkPeriod) {
				// "So the deposit becomes £750 from January?" — "Yes, £750":
				// the value the agent worked out is of what its sentence
				// names, and the claim naming it holds the value before.
				need, covers = 1, true
			}
			if kind == vkCount && unitShared && shared >= 3 && st.Lang != "zh" && st.Lang != "ja" {
				// "La synchro du stock … toutes les cinq minutes" of "l'appli
				// synchronise le stock … toutes les 15 minutes": a count of
				// one unit, said in three of the claim's words (not three
				// of the pairs of characters Chinese and Japanese share
				// so easily).
				covers = true
			}
			if kind == vkCount && unitShared && (sameID(nv, ov) || sameCodes(nv, ov) > 0) {
				// "P2 が立体化されたので上限を 720 台に" of "P2 駐車場の上限は
				// 480 台": a count of one unit of the thing both name by
				// its id.
				covers = true
			}
			if kind == vkCount && shared >= 3 && slices.ContainsFunc(cc, func(x string) bool { return akin(content[0], x) }) && unitShared {
				// "予約受付、営業会議で 60 日前からに決まった" of "予約できるのは
				// 30 日前から": a count of one unit, said in the claim's
				// words around it, of the thing the claim names first.
				covers = true
			}
			if kind == vkCount && countsShare(nv, ov, func(_ valueTok, u string) bool { return u == "%" }) && headNamed() {
				// "La comisión sube un punto, queda en el 4%" of "la
				// comisión de la lonja es del 3%": a share of what the
				// claim's subject names, said by its head alone.
				covers = true
			}
			if kind == vkCount && (rareUnit(nv, ov) || nounUnit(nv, ov) || nearDegrees(nv, ov)) {
				// "bumped the rl to 300 req/min" changes the claim of
				// 100 req/min whatever it was said to be about; "die
				// Temperaturgrenze auf 5°C runtergesetzt" the claim of
				// "below 6°C".
				covers = true
			}
			if kind == vkURL || kind == vkNamed {
				// An address is of what its host and path say, a
				// versioned name or a setting of its name: one of the
				// same host and path, or name, is the same thing.
				covers = true
			}
			if releaseOf(nv, ov) {
				// "Deno 2.1" is the release of Deno that "Deno 1.46"
				// was, whatever else the two say; "bump go.mod to 1.23"
				// names Go by its pin file.
				need, covers = 1, true
				if pinned {
					shared = max(shared, 1)
				}
			}
			if (kind == vkPeriod || kind == vkTime) && len(styped) > 0 && coversAll(styped, cc) {
				// "周报改成每两周发一次了": how often the statement's subject
				// is done, where the claim speaks of it; "一括送信は午前1時
				// に変更" of "毎晩 23:00 に…一括送信": when it is done.
				need = 1
				covers = covers || kind == vkTime
			}
			if kind == vkPeriod && shared >= 2 {
				// How often a thing is done, said of two of the claim's
				// words ("Ciarán pulls DATRAS monthly now"), is how often
				// the claim's thing is done, whatever its subject was.
				covers = true
			}
			if (kind == vkTime || kind == vkDay) && (len(c.sterms) > 0 && slices.ContainsFunc(content, func(t string) bool { return akin(t, c.sterms[0]) }) || cjkHeadIn(subj, c.subject)) {
				// "So Wednesday at 19:00 instead", on the user's "the
				// roster out a day earlier": a change of when the thing
				// the claim's subject first names is done.
				need, covers = 1, true
			}
			if (kind == vkCount && sameRealUnit(nv, ov) || kind == vkTime || kind == vkDay) && asked() > 0 {
				// A count in the answer's unit, an hour or a day, of what
				// the question asked.
				need, covers = 1, true
			}
			named := (kind == vkTime || kind == vkDay) && namesOf(ov, content)
			if named {
				need = 1
			}
			if named || kind == vkTime && labelled(c.cur.text, ov, kind, content) {
				// "Vertige a avancé son heure limite, c'est 13h30
				// maintenant": a change of the hour of a thing the claim
				// names, or of what the claim says just before its hour
				// ("チェックアウトは10時" by "チェックアウトを11時にする").
				covers = true
			}
			if kind == vkPhone {
				// "Yilmaz hat ne neue Nummer: 0176 …": a new number of
				// whom the claim names is that claim's number. The word
				// shared must name more than a number.
				need, covers, shared = 1, true, 0
				near := terms(phoneContext(c.cur.text, ov))
				for _, t := range content {
					if !phoneWords[t] && !whenTerms[t] && slices.ContainsFunc(near, func(x string) bool { return akin(t, x) }) {
						shared++
					}
				}
			}
			if kind == vkHost {
				// "ブローカーも mqtt2.lab.local に移った" of "MQTTブローカーは
				// mqtt.lab.local", "le TMS a migré : c'est
				// tms.ecrans-cinema.fr" of "… le TMS … sur tms01.ecrans.local":
				// a host named as the claim's is (sameKind), said in a word
				// of the claim's.
				covers = true
			}
			if kind == vkID && longUnit(nv, ov) {
				// "db-stg-01" and "db-stg-02" say what they are of.
				need, covers = 1, true
			}
			if shared >= need && covers {
				s = shared
			} else if ownUnit && shared == 0 && kind == vkCount && (countsShare(nv, ov, writtenOnto) || nearDegrees(nv, ov)) {
				// "目標は 90fps に変更です" of "パフォーマンスは 72fps 死守":
				// a change to a count in a unit few counts have, sharing
				// no word with the claim holding the one count in that
				// unit (two such claims tie, and neither changes).
				s = 1
			}
		}
		top.offer(c, s)
	}
	return top.winner()
}

// reClauseBreak ends a clause within a sentence: a comma, a semicolon,
// a dash.
var reClauseBreak = regexp.MustCompile(`\s*(?:[,;，；、]|\s[—–-])\s*`)

// maxParts bounds the clauses of a claim partAbout reads: a sentence
// a user says has far fewer, and a claim of thousands (pasted text, a
// hostile transcript) costs a subject search for each.
const maxParts = 32

// partAbout reports a claim of several parts (hear.JoinedParts) one of
// which, among its first maxParts, is about subject terms st: "the base
// URL is …, tokens rotate every 30 days" is about the tokens too, though
// its subject is the base URL.
func partAbout(claim string, st []string) bool {
	if len(st) == 0 {
		return false
	}
	parts := reClauseBreak.Split(unframed(claim), maxParts+1)
	if len(parts) < 2 {
		return false
	}
	// Past maxParts, the rest of the claim is one part: left unread.
	parts = parts[:min(len(parts), maxParts)]
	for _, p := range parts {
		if s := hear.SubjectOf(p); s != "" && subjectScore(st, untyped(terms(s))) > 0 {
			return true
		}
	}
	return false
}

// askedTerms are the terms of a question but the word after a word of
// time ("before the event", "vor dem Termin"): that names when, not what
// the question asks the value of.
func askedTerms(q string) []string {
	var out []string
	skip := false
	for _, w := range strings.Fields(strings.ToLower(q)) {
		w = strings.Trim(w, "?¿¡!.,:;“”\"'()")
		switch {
		case timePreps[w]:
			skip = true
			continue
		case nounLeads[w]:
			continue
		}
		if !skip {
			out = union(out, terms(w))
		}
		skip = false
	}
	return out
}

// timePreps are the words that place a thing in time by another.
var timePreps = setOf("before", "after", "during", "until", "since", "vor", "nach", "während", "bis", "seit",
	"antes", "después", "durante", "hasta", "desde", "avant", "après", "pendant", "jusqu'à", "depuis")

// nounLeads are the articles, and the prepositions joined to one, that
// come before a noun ("the", "del").
var nounLeads = setOf("the", "a", "an", "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem",
	"el", "la", "los", "las", "un", "una", "le", "les", "l'", "une", "del", "de")

// cjkHeadIn reports a Chinese or Japanese subject whose first word is
// a word of another subject: "ステージング" of "ステージングへの反映日"
// in "ステージングのデプロイ", "リリース" of "リリース日" in
// "本番リリース". A word is a run of katakana (three at least), of Han
// characters (two at least) or of Latin letters (three at least), after
// a label and its colon; the kana of grammar between them name nothing.
// "本番デプロイ" opens with "本番", which "ステージングのデプロイ" does
// not say.
func cjkHeadIn(subj, other string) bool {
	if !cjkWord(subj) || other == "" {
		return false
	}
	w := firstCJKWord(subj)
	return w != "" && strings.Contains(strings.ToLower(other), w)
}

// firstCJKWord is subj's first word as cjkHeadIn reads it, lower-cased,
// or "" when its first run is too short to be one.
func firstCJKWord(subj string) string {
	class := func(r rune) int {
		switch {
		case unicode.In(r, unicode.Katakana) || r == 'ー':
			return 1
		case unicode.In(r, unicode.Han):
			return 2
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			return 3
		}
		return 0
	}
	// A label before a colon ("共有事項：") names no subject.
	if i := strings.LastIndexAny(subj, ":："); i >= 0 {
		_, n := utf8.DecodeRuneInString(subj[i:])
		subj = subj[i+n:]
	}
	rs := []rune(strings.ToLower(subj))
	for i := 0; i < len(rs); {
		k := class(rs[i])
		j := i + 1
		for j < len(rs) && class(rs[j]) == k {
			j++
		}
		if k != 0 {
			if n := j - i; k == 1 && n >= 3 || k == 2 && n >= 2 || k == 3 && n >= 3 {
				return string(rs[i:j])
			}
			return ""
		}
		i = j
	}
	return ""
}

// nameIn reports a proper noun of vs (vkName) whose term is t.
func nameIn(vs []valueTok, t string) bool {
	return slices.ContainsFunc(vs, func(v valueTok) bool { return v.kind == vkName && slices.Contains(terms(v.text), t) })
}

// holdsOtherSpecifics reports old values (os) of a specific kind (an hour,
// a count, a version, a host, an address, an id) of which the new ones
// (ns) give none.
func holdsOtherSpecifics(os, ns []valueTok) bool {
	return slices.ContainsFunc(os, func(o valueTok) bool {
		switch o.kind {
		case vkTime, vkCount, vkVersion, vkHost, vkURL, vkID:
			return !slices.ContainsFunc(ns, func(n valueTok) bool { return n.kind == o.kind })
		}
		return false
	})
}

// opensNounPhrase reports a clause opening with an article or a
// determiner: an apposition ("the meadow transects one"), no predicate.
func opensNounPhrase(clause string) bool {
	w, _, _ := strings.Cut(strings.TrimSpace(clause), " ")
	return nounLead[strings.ToLower(w)]
}

// nounLead are the articles and determiners that open a noun phrase.
var nounLead = setOf("the", "a", "an", "this", "that", "our", "my", "der", "die", "das", "ein", "eine", "unser", "unsere",
	"el", "la", "los", "las", "un", "una", "nuestro", "nuestra", "le", "les", "une", "notre", "nos")

// valuesApart reports a text of two parts or more (hear.JoinedParts)
// whose values of the kind all sit in parts that say no change.
func valuesApart(parts []string, vs []valueTok, kind string) bool {
	if len(parts) < 2 {
		return false
	}
	found := false
	for _, v := range vs {
		if v.kind != kind {
			continue
		}
		for _, p := range parts {
			if !strings.Contains(strings.ToLower(p), v.text) {
				continue
			}
			if changed(p) || reFromNow.MatchString(p) {
				return false
			}
			found = true
		}
	}
	return found
}

// sameID reports an id both values name ("P2", "bay-3").
func sameID(ns, os []valueTok) bool {
	return slices.ContainsFunc(ns, func(n valueTok) bool {
		return n.kind == vkID && slices.ContainsFunc(os, func(o valueTok) bool { return o.kind == vkID && strings.EqualFold(o.text, n.text) })
	})
}

// mostOf reports content holding two thirds of a subject's terms, two at
// least, inflected or akin, leaving out words that narrow nothing.
func mostOf(sterms, content []string) bool {
	sterms = slices.DeleteFunc(slices.Clone(sterms), func(t string) bool {
		// A particle's pair ("检的" of "质检的") names nothing.
		return termStop[t] || genericModifier[t] || cjkWord(t) && (utf8.RuneCountInString(t) < 2 || strings.ContainsAny(t, "的是了の"))
	})
	n := len(overlapAkin(sterms, content))
	return n >= 2 && 3*n >= 2*len(sterms)
}

// bareNumbers reports versions that are numbers of nothing named ("7.0",
// "6.8"): a threshold or a ratio, a count more than a release.
func bareNumbers(vs []valueTok) bool {
	return !slices.ContainsFunc(vs, func(v valueTok) bool { return v.kind == vkVersion && len(v.units) > 0 })
}

// phoneContext is the part of text around its phone numbers (of vs):
// the comma-separated part holding one and the part before it, where
// whose number it is is said ("Herr Yilmaz von Elektro Yilmaz, Handy
// 0151 …", not "…, Herr Yilmaz ist der Elektriker" after another's).
func phoneContext(text string, vs []valueTok) string {
	var b strings.Builder
	for _, v := range vs {
		if v.kind != vkPhone {
			continue
		}
		at := strings.Index(text, v.units[0])
		if at < 0 {
			continue
		}
		end := at + len(v.units[0])
		if i := strings.IndexAny(text[end:], ",;，、。"); i >= 0 {
			end += i
		} else {
			end = len(text)
		}
		from := 0
		if i := strings.LastIndexAny(text[:at], ",;，、。"); i >= 0 {
			from = i
			if j := strings.LastIndexAny(text[:i], ",;，、。"); j >= 0 {
				from = j
			} else {
				from = 0
			}
		}
		b.WriteString(text[from:end] + " ")
	}
	return b.String()
}

// sameRealUnit reports two different counts of ns and os sharing a unit that
// is a unit, not the word said before a count ("à", "to").
func sameRealUnit(ns, os []valueTok) bool {
	return countsShare(ns, os, func(_ valueTok, u string) bool {
		return !termStop[u] && !countLead[u] && utf8.RuneCountInString(u) > 1
	})
}

// countLead are the words before a count that a count's units take
// without being units ("à 30 s", "to 5").
var countLead = setOf("à", "a", "to", "auf", "on", "at", "de", "of", "by", "um", "in", "en", "bis", "hasta", "jusqu'à")

// shortUnits are units written as symbols too short to be terms.
var shortUnits = setOf("s", "h", "m", "ms", "min", "d", "g", "kg", "l", "ml", "km", "kb", "mb", "gb", "tb", "px", "µs", "ns")

// phoneWords are the terms of words for a phone number, which two
// claims of different people's numbers share.
var phoneWords = setOf("number", "phon", "mobil", "cell", "tel", "nummer", "handy", "handynummer", "telefon", "telefonnummer",
	"número", "numero", "teléfono", "telefono", "móvil", "movil", "whatsapp", "numéro", "portabl", "téléphon",
	"电话", "手机", "机号", "号码", "電話", "話番", "番号", "携帯", "new", "neue", "neu", "nuevo", "nueva", "nouveau", "nouvel", "nouvell")

// bareValues are the values of vs whose words say nothing of what they
// are of (counts, versions, ids, days), as against names, tools,
// addresses and periods, whose words also name their thing ("every
// quarter", "orders.v2"): subject words are read without the former.
func bareValues(vs []valueTok) []valueTok {
	return slices.DeleteFunc(slices.Clone(vs), func(v valueTok) bool {
		return v.kind == vkName || v.kind == vkTool || v.kind == vkURL || v.kind == vkNamed || v.kind == vkPeriod
	})
}

// released reports a value that is a release of a named product
// (productBefore).
func released(v valueTok) bool {
	return slices.ContainsFunc(v.units, func(u string) bool { return strings.HasPrefix(u, "@") })
}

// whenTerms are the terms of words saying when a thing was said or done
// ("last week", "gestern", "la semaine dernière", "上周"), which two
// claims of unrelated things share.
var whenTerms = setOf("last", "week", "yesterday", "today", "morn", "ago", "weekend", "sprint", "tonight",
	"letzt", "woch", "gestern", "heut", "vorig", "semana", "pasada", "pasado", "ayer", "hoy", "mes",
	"semain", "dernièr", "dernier", "hier", "aujourd'hui", "mois", "matin",
	"上周", "昨天", "今天", "上个", "个月", "先週", "昨日", "今日", "先月")

// rangeCue are the words between the two ends of a range of days
// ("Monday to Wednesday", "lunes a miércoles", "Montag bis Mittwoch").
var rangeCue = setOf("to", "through", "thru", "till", "until", "bis", "a", "al", "hasta", "à", "au", "jusqu'au")

// glueTerms are terms that join or weigh what a sentence says and name
// no thing of it ("because", "so", "still", "aren't", "weil", "déjà"): two
// claims sharing only these share no subject.
var glueTerms = setOf("becaus", "so", "but", "if", "when", "then", "just", "still", "only", "very", "really", "few", "many", "some",
	"not", "no", "don't", "doesn't", "aren't", "isn't", "can't", "won't", "has", "have", "had", "will", "would", "should", "can",
	"could", "do", "does", "get", "got", "yes", "ok", "okay", "like", "anymor", "alway", "never", "ever",
	"weil", "aber", "dass", "wenn", "noch", "nur", "schon", "auch", "nicht", "kein", "jetzt", "immer",
	"porqu", "pero", "que", "si", "cuando", "ya", "solo", "muy", "también", "así", "siempr", "nunca",
	"parc", "mais", "qui", "quand", "déjà", "seulement", "trè", "pas", "ne", "aussi", "donc", "alor", "toujour", "jamais")

// otherProduct reports new and old versions (of ns, os) that are
// releases of named products (all the old ones, and the new ones but for
// a bare revision said beside them: "Zephyr 4.1 since the v3 boards"),
// none of one the other names, and not two tools of one kind: "Python
// 3.12" is no release of Django 4.2, whatever the two are said of.
func otherProduct(ns, os []valueTok) bool {
	return allReleased(slices.DeleteFunc(slices.Clone(ns), bareRevision)) && allReleased(os) && !releaseOf(ns, os) && !toolPair(ns, os)
}

// bareRevision reports a version of no product that is only "v" and a
// number ("the v3 boards"), when others are said beside it.
func bareRevision(v valueTok) bool {
	return v.kind == vkVersion && len(v.units) == 0 && len(v.text) >= 2 && (v.text[0] == 'v' || v.text[0] == 'V') && isDigits(v.text[1:])
}

// allReleased reports versions (of vs) that are all releases of named
// products, and at least one.
func allReleased(vs []valueTok) bool {
	n := 0
	for _, v := range vs {
		if v.kind != vkVersion {
			continue
		}
		if !released(v) {
			return false
		}
		n++
	}
	return n > 0
}

// releaseOf reports a new value (ns) that is another release of a product
// an old value (os) is a release of: "Deno 2.1" of "Deno 1.46".
func releaseOf(ns, os []valueTok) bool {
	return slices.ContainsFunc(ns, func(n valueTok) bool {
		return slices.ContainsFunc(os, func(o valueTok) bool { return sameRelease(n, o) })
	})
}

// sameRelease reports two releases of one named product, however each is
// spelled ("Unity 2022.3" and "Unity 6", "MATLAB R2023b" and "R2024b").
func sameRelease(n, o valueTok) bool {
	return n.text != o.text && slices.ContainsFunc(n.units, func(u string) bool {
		return strings.HasPrefix(u, "@") && slices.Contains(o.units, u)
	})
}

// untyped is ts without the words naming a value's kind (typeWords): ts
// itself when it has none, which is never changed.
func untyped(ts []string) []string {
	if !slices.ContainsFunc(ts, func(t string) bool { return typeWords[t] != "" }) {
		return ts
	}
	return slices.DeleteFunc(slices.Clone(ts), func(t string) bool { return typeWords[t] != "" })
}

// commonUnits are units many counts share (time, sizes, shares), or
// stand for no unit at all.
var commonUnits = setOf("second", "minute", "hour", "day", "week", "month", "year", "byte", "%", "percent", "x", "time", "times",
	"min", "sec", "h", "d", "k", "m")

// nounUnit reports new and old counts of one thing named by an English
// noun ("one approval", "two approvals"; "3 replicas"): what they count
// says what they are of. CJK counts name theirs by the text around them,
// which says less.
func nounUnit(ns, os []valueTok) bool {
	return countsShare(ns, os, func(_ valueTok, u string) bool {
		return len(u) >= 4 && rare(u) && !strings.ContainsFunc(u, func(r rune) bool { return r < 'a' || r > 'z' })
	})
}

// physUnits are the symbols of physical measures written after a decimal
// ("3.1 V", "2.5 kW", "0.8 bar"), which make it a count, not a version,
// and the unit each names.
var physUnits = map[string]string{"v": "volt", "mv": "millivolt", "kv": "kilovolt", "w": "watt", "kw": "kilowatt", "mw": "megawatt",
	"kwh": "kwh", "ma": "milliamp", "mah": "mah", "bar": "bar", "mbar": "mbar", "t": "tonne", "kg": "kg", "g": "gram",
	"l": "litre", "ml": "ml", "hl": "hl", "m": "metre", "mm": "mm", "cm": "cm", "km": "km", "hz": "hz", "khz": "khz",
	"mhz": "mhz", "ghz": "ghz"}

// measureUnits are units written apart from their count ("7,500 EUR",
// "115200 baud") that say what is counted whatever the words around.
// The settings' units (settingUnits) are among them.
var measureUnits = withWords(settingUnits, "eur", "usd", "gbp", "chf", "jpy", "cny", "rmb", "cad", "aud", "px", "mah", "kwh",
	"mm", "cm", "km", "kg")

// settingUnits are measures a setting is given in ("115200 baud", "300
// dpi", "76% vol"), as against lengths, weights and money, which are said
// of many things at once ("the next town starts at 5 cm").
var settingUnits = setOf("baud", "dpi", "fps", "rpm", "hz", "khz", "mhz", "ghz", "kbps", "mbps", "gbps", "ppm", "ntu", "lux",
	"vol", "abv", "brix", "psi", "bar")

// withWords is a copy of set with words added.
func withWords(set map[string]bool, words ...string) map[string]bool {
	out := maps.Clone(set)
	for _, w := range words {
		out[w] = true
	}
	return out
}

// rareUnit reports new and old counts (ns, os) of one unit few counts
// have: a rate or a measure ("req/min", "fps", "rps"), not seconds or
// bytes.
func rareUnit(ns, os []valueTok) bool {
	return countsShare(ns, os, func(n valueTok, u string) bool {
		return rare(u) && (strings.Contains(u, "/") || strings.HasSuffix(n.text, u) || measureUnits[u])
	})
}

// sameCodes counts the codes (letters and digits together, "40hq",
// "w12") the new and the old values both hold.
func sameCodes(ns, os []valueTok) int {
	n := 0
	for _, v := range ns {
		if len(v.text) >= 3 && strings.ContainsFunc(v.text, unicode.IsDigit) && strings.ContainsFunc(v.text, unicode.IsLetter) &&
			slices.ContainsFunc(os, func(o valueTok) bool { return o.text == v.text }) {
			n++
		}
	}
	return n
}

// writtenOnto reports a setting's unit written onto its count ("90fps",
// "300req/min"): few counts have one, so looking at every claim for it
// (slotMatch) stays rare.
func writtenOnto(v valueTok, u string) bool {
	return (settingUnits[u] || strings.Count(u, "/") == 1) && rare(u) && !cjkWord(u) && len(v.text) > len(u) && strings.HasSuffix(strings.ToLower(v.text), u) && isDigits(v.text[len(v.text)-len(u)-1:len(v.text)-len(u)])
}

// nearDegrees reports a new temperature (of ns) and an old one (of os)
// close enough to be one thing's: within 5 degrees, or a quarter of the
// larger. "Die Temperaturgrenze auf 5°C runtergesetzt" changes "below
// 6°C at pickup"; "the oven preheats to 200°C now" changes no fridge.
func nearDegrees(ns, os []valueTok) bool {
	deg := func(v valueTok) (float64, bool) {
		if v.kind != vkCount || !slices.Contains(v.units, "deg") {
			return 0, false
		}
		f, err := strconv.ParseFloat(strings.ReplaceAll(v.text, ",", "."), 64)
		return f, err == nil
	}
	for _, n := range ns {
		a, ok := deg(n)
		if !ok {
			continue
		}
		for _, o := range os {
			if b, ok := deg(o); ok && a != b && math.Abs(a-b) <= max(5, max(math.Abs(a), math.Abs(b))/4) {
				return true
			}
		}
	}
	return false
}

// countsShare reports a new count (of ns) and an old one (of os) of other
// values sharing a unit that ok accepts.
func countsShare(ns, os []valueTok, ok func(n valueTok, unit string) bool) bool {
	for _, n := range ns {
		for _, o := range os {
			if n.kind != vkCount || o.kind != vkCount || n.text == o.text {
				continue
			}
			for _, u := range n.units {
				if slices.Contains(o.units, u) && ok(n, u) {
					return true
				}
			}
		}
	}
	return false
}

// sameAddress reports a new address (ns) of the host and path of an old
// one (os), each with a version in its path, that is another: "api/v3"
// of "api/v2". Two addresses apart in another part ("…/browse/ABC-99",
// "…/browse/ABC-123") may be two things.
func sameAddress(ns, os []valueTok) bool {
	return slices.ContainsFunc(ns, func(n valueTok) bool {
		return versionedAddress(n) && slices.ContainsFunc(os, func(o valueTok) bool {
			return versionedAddress(o) && o.text != n.text && o.units[0] == n.units[0]
		})
	})
}

// reVersionPart is a part of a path naming a version ("v3", "v2.1").
var reVersionPart = regexp.MustCompile(`/v\d+(?:\.\d+)*(?:/|$)`)

// versionedAddress reports an address with a version in its path.
func versionedAddress(v valueTok) bool {
	return v.kind == vkURL && reVersionPart.MatchString(v.text)
}

// rare reports a unit few counts have (commonUnits).
func rare(u string) bool { return len(u) >= 2 && !commonUnits[u] && !isDigits(u) }

// longUnit reports ids of the new and old values sharing three letters
// or more before their number ("db-stg-").
func longUnit(ns, os []valueTok) bool {
	for _, n := range ns {
		for _, o := range os {
			if n.kind == vkID && o.kind == vkID && n.text != o.text && sameUnit(n, o) && len(n.units[0]) >= 3 {
				return true
			}
		}
	}
	return false
}

// changesValue reports whether a text gives a value other than the one
// old gives, of a kind the values spell alike (a version, count, id,
// region or weekday): "from MariaDB 10 to MariaDB 11" is not "MariaDB 10"
// said again, though it holds all of its words.
func changesValue(text, old string, replaces []string) bool {
	if k := sameKind(valueOf(text), valueOf(old)); k != "" && k != vkName {
		return true
	}
	// "Ines no longer approves invoices, Bo does" holds every word of
	// "Ines approves invoices", and says it is no longer so.
	return withoutOld(text, []string{old}, replaces, nil) != text
}

// cjkWithin reports two CJK subjects one of which holds the other
// ("本番" in "本番環境"): CJK has no spaces to tell its words apart.
func cjkWithin(a, b string) bool {
	if !cjkWord(a) || !cjkWord(b) || utf8.RuneCountInString(a) < 2 || utf8.RuneCountInString(b) < 2 {
		return false
	}
	return strings.Contains(a, b) || strings.Contains(b, a) || insertedIn(a, b) || insertedIn(b, a)
}

// insertedIn reports a CJK subject a that is b, of four characters at
// least, with one stretch put in ("冷冻库报警阈值" of "冷冻库阈值"): a
// opens with a start of b and closes with the rest of it.
func insertedIn(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(rb) < 4 || len(ra) <= len(rb) || ra[0] != rb[0] || ra[len(ra)-1] != rb[len(rb)-1] {
		return false
	}
	// The longest run of b's start that a opens with, and of its end
	// that a closes with: together they are all of b.
	head := 0
	for head < len(rb) && ra[head] == rb[head] {
		head++
	}
	tail := 0
	for tail < len(rb) && ra[len(ra)-1-tail] == rb[len(rb)-1-tail] {
		tail++
	}
	return head >= 2 && tail >= 2 && head+tail >= len(rb)
}

// reJaTopic is what a Japanese sentence is about, before its topic mark
// ("リリースの承認は…"); reZhTopic a Chinese one's, before the verb
// giving its value ("代码评审找…", "发布由…审批").
var (
	reJaTopic = regexp.MustCompile(`^(?:うちの|私たちの|我々の|今の|現在の)?([^、。は]{2,12}?)は`)
	reZhTopic = regexp.MustCompile(`^(?:以后|今后|现在)?(?:我们的|我们|咱们的)?([^，,。是由找在用归]{2,10}?)(?:现在|已经|以后)?(?:是|由|找|在|用|归)`)
)

// cjkTopic is the topic a CJK statement opens with, "" when none.
// quotedTopic is the Chinese or Japanese topic of a verbatim claim's
// quote ("窯焚きは毎週木曜です" of an answer kept whole), or "".
func quotedTopic(text string) string {
	if strings.IndexFunc(text, isCJK) < 0 {
		return ""
	}
	if _, _, q, ok := lastQuote(text); ok {
		return cjkTopic(q)
	}
	return ""
}

func cjkTopic(quote string) string {
	for _, re := range []*regexp.Regexp{reJaTopic, reZhTopic} {
		if m := re.FindStringSubmatch(strings.TrimSpace(quote)); m != nil && cjkWord(m[1]) {
			return m[1]
		}
	}
	return ""
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, t := range b {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// fromCue are the words before an earlier value in a change ("from",
// "von", "de"), toCue the words before the value it changed to.
var (
	fromCue = setOf("from", "off", "von", "de", "du", "desde", "statt", "anstatt", "instead", "longer", "mehr", "plus", "replaced",
		"ersetzt", "reemplazamos", "remplacé", "was", "war", "era", "était", "not", "nicht", "no", "pas", "從", "从", "由", "不再是", "不是", "而不是")
	toCue = setOf("to", "with", "by", "auf", "nach", "zu", "durch", "a", "à", "vers", "por", "con", "par", "→", "->", "到", "换成", "改成", "改为", "から")
)

// sameUnit reports whether two values of a kind are of the same thing:
// counts that count it or are named by it, ids of the same letters.
func sameUnit(a, b valueTok) bool {
	if a.kind != vkCount && a.kind != vkID && a.kind != vkTool && a.kind != vkHost && a.kind != vkURL && a.kind != vkNamed {
		return true
	}
	return slices.ContainsFunc(a.units, func(u string) bool { return slices.Contains(b.units, u) }) || similarSpans(a, b)
}

// replacedBy reports whether new values ns give another value of old
// value o's kind (a count of the same thing), one no old value (os) had.
func replacedBy(o valueTok, ns, os []valueTok) bool {
	for _, n := range ns {
		if n.text == o.text || slices.ContainsFunc(os, func(x valueTok) bool { return x.kind == n.kind && x.text == n.text }) {
			continue
		}
		if len(n.units) == 0 && slices.ContainsFunc(ns, func(x valueTok) bool { return x.kind == n.kind && x.text == n.text && len(x.units) > 0 }) {
			// "PHP 8.3 …, die Container sind auf 8.3": a value said
			// again is of what it was said of first.
			continue
		}
		if sameRelease(n, o) {
			return true
		}
		if n.kind != o.kind || !sameUnit(n, o) || released(n) && released(o) {
			// Releases of two products ("PHP 8.3", "Symfony 6.4") are
			// two things.
			continue
		}
		return true
	}
	return false
}

// revertedTo reports whether text says it went back to value v ("went
// back to 10.4", "結局 10.4 に戻しました", "zurück auf 3.11"): the value
// tried is what goes, v is where things stand.
func revertedTo(text, v string) bool {
	i := strings.Index(text, v)
	if i < 0 {
		return false
	}
	return reBackTo.MatchString(text[max(0, i-24):i]) || reBackToAfter.MatchString(text[i+len(v):min(len(text), i+len(v)+16)])
}

var (
	// reBackTo closes the words before a value gone back to.
	reBackTo = regexp.MustCompile(`(?i)(?:\bback (?:to|on)|\brolled back to|\breverted to|zurück (?:auf|zu)|\bvolvimos a|\bvolvió a|\bde vuelta a|\brevenus? (?:à|a|sur)|\bretour (?:à|sur)|回退到|退回到|回到|改回)\s*(?:the |la |le |el |die |der |version |versión |v)?$`)
	// reBackToAfter opens the words after one (Japanese says it after).
	reBackToAfter = regexp.MustCompile(`^\s*(?:に|へ)(?:戻|もど)`)
)

// reCompoundID is a name of three parts or more joined by hyphens, as
// clusters, buckets and hosts are named ("aks-lgr-staging-weu").
var reCompoundID = regexp.MustCompile(`^[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}$`)

// reCompound is a name made of parts, as buckets, hosts and branches are
// ("tfstate-landfall-legacy", "release_v2").
var reCompound = regexp.MustCompile(`^[a-z0-9]+(?:[-_.][a-z0-9]+)+$`)

// tokenPrefix reports whether text holds value v as a whole word or as
// the first part of a dotted or slashed one ("airflow-sched-02" in
// "airflow-sched-02.tidewater.internal").
func tokenPrefix(text, v string) bool {
	return wordStart(text, strings.TrimSpace(v), func(lt, lv string, end int) bool {
		after, _ := utf8.DecodeRuneInString(lt[end:])
		// "python:3.11" opens "python:3.11-slim": a variant's suffix.
		variant := after == '-' && end+1 < len(lt) && unicode.IsLetter(rune(lt[end+1])) && strings.ContainsAny(lv, ":0123456789")
		return end == len(lt) || !wordRune(after) || strings.ContainsRune(".:/", after) || variant
	})
}

// stemOpens reports whether a version's stem opens a word of text with a
// version ("nixos-" in "nixos-24.05").
func stemOpens(text, stem string) bool {
	return wordStart(text, stem, func(lt, _ string, end int) bool {
		return end < len(lt) && lt[end] >= '0' && lt[end] <= '9'
	})
}

// wordStart reports whether v (folded) opens a word of text (folded)
// where ends accepts what follows it (lt[end:]).
func wordStart(text, v string, ends func(lt, lv string, end int) bool) bool {
	lt, lv := strings.ToLower(text), strings.ToLower(v)
	if lv == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(lt[i:], lv)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(lv)
		before, _ := utf8.DecodeLastRuneInString(lt[:at])
		if (at == 0 || !wordRune(before)) && ends(lt, lv, end) {
			return true
		}
		i = at + 1
	}
}

// wordRune is a rune a word or value is spelled with.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-'
}

// cjkWithout is a CJK claim without an earlier value r: "从r", "rから"
// and r itself become "…".
func cjkWithout(text, r string) string {
	return strings.ReplaceAll(cjkWithoutFrom(text, r), r, "…")
}

// cjkWithoutFrom is cjkWithout where the value is framed as what things
// changed from ("从 r", "由 r", "r から", "r →"); the value said bare
// stays.
func cjkWithoutFrom(text, r string) string {
	for _, f := range []string{"从" + r, "由" + r, r + "から", r + " → ", r + "→", r + " -> "} {
		text = strings.ReplaceAll(text, f, "…")
	}
	return text
}

// reCJKAmount is an amount with a unit in Chinese or Japanese letters
// ("5,800円", "80元"): like a CJK word, it has no spaces to cut at.
var reCJKAmount = regexp.MustCompile(`^\d[\d,.]*[\p{Han}\p{Hiragana}\p{Katakana}]+$`)

// leaves reports words saying what comes before them is no longer so:
// "Keiko no longer approves", "Tom ist nicht mehr", "Ana ya no".
func leaves(next []string) bool {
	two := func(a, b string) bool { return len(next) > 1 && next[0] == a && next[1] == b }
	return two("no", "longer") || two("is", "no") || two("is", "not") || two("ist", "nicht") || two("nicht", "mehr") ||
		two("ya", "no") || two("n'est", "plus") || two("ne", "plus") || len(next) > 0 && (next[0] == "isn't" || next[0] == "不再" || strings.HasPrefix(next[0], "やめ") || strings.HasPrefix(next[0], "をやめ"))
}

// cjkFrom reports a CJK run ending where an earlier value follows
// ("已经从", "把"): CJK has no spaces to set "从" apart.
func cjkFrom(w string) bool {
	return cjkWord(w) && (strings.HasSuffix(w, "从") || strings.HasSuffix(w, "由") || strings.HasSuffix(w, "把") || strings.HasSuffix(w, "從"))
}

// fromPrep are the fromCue words that go with the earlier value they
// frame: "from RabbitMQ" goes whole.
var fromPrep = setOf("from", "off", "von", "de", "du", "desde", "statt", "anstatt", "从", "由")

// ofCue are the fromCue words that also say "of".
var ofCue = setOf("de", "du", "von", "a", "à", "zu")

// negation are the fromCue words that stay: "no longer …".
var negation = setOf("not", "no", "longer", "mehr", "plus", "nicht", "pas", "不再是", "不是", "而不是")

// contrastCue open what a correction says instead ("not X but Y", "nicht
// X, sondern Y", "no X, era Y").
var contrastCue = setOf("but", "sondern", "sino", "mais", "era", "it's", "c'est", "es", "ist")

// timeZones are zones an hour is said in ("02:00 UTC"): no name a change
// moves away from.
var timeZones = setOf("utc", "gmt", "cet", "cest", "mez", "mesz", "wet", "eet", "bst", "est", "edt", "cst", "cdt", "pst", "pdt",
	"jst", "kst", "sgt", "hkt", "ist", "aest", "aedt", "nzst", "nzdt", "z")

// reEmptyDenial is a denial that ends a clause and whose value was cut
// ("…, nicht im …", "…, not on …").
var reEmptyDenial = regexp.MustCompile(`(?i),\s+(?:and |und |y |et )?(?:not|nicht|no|pas)(?:\s+\pL+){0,2}\s+…(\s*[.!;]?\s*(?:”|$))`)

// withoutOld is a claim that replaces earlier values (olds) without the
// words naming them: a value of an earlier claim said in a change ("from
// RabbitMQ", "no longer Keiko") or a Replaces word goes, and with it the
// "from" before it. Within the user's quoted words what goes is marked
// "…"; a rewrite loses it outright. Subject words stay.
func withoutOld(text string, olds []string, replaces []string, keep []string) string {
	drop := map[string]bool{}
	var oldVals []valueTok
	for _, o := range olds {
		oldVals = append(oldVals, valueOf(o)...)
	}
	text = withoutOldAside(text, oldVals)
	text = withoutDenied(text, olds)
	newVals := valueOf(text)
	for _, r := range replaces {
		if fs := strings.Fields(r); len(fs) > 1 && !slices.ContainsFunc(fs, func(w string) bool { return !properNoun(w, false) }) {
			// A person's full name ("Jens Albrecht hat … übergeben").
			for _, w := range fs {
				drop[strings.ToLower(w)] = true
			}
			continue
		}
		// A version stem ("Postgres ", "node:") names the new value too.
		if r == "" || strings.ContainsAny(r[len(r)-1:], ": @=-") || strings.Contains(strings.TrimSpace(r), " ") {
			continue
		}
		r = strings.TrimSpace(r)
		if cjkWord(r) || reCJKAmount.MatchString(r) {
			// CJK has no words to cut at: the value goes where it is
			// written, with the "from" around it.
			if slices.ContainsFunc(olds, func(o string) bool { return strings.Contains(o, r) }) {
				text = cjkWithout(text, r)
			} else {
				// "木村さんから山口さんに交代しました": the statement says
				// what it changed from, whichever claim held it.
				text = cjkWithoutFrom(text, r)
			}
			continue
		}
		if !strings.Contains(r, " ") && !properNoun(r, false) && len(valueOf(r)) == 0 {
			// A plain word goes only where the statement denies it
			// ("NO van en catalán, era gallego").
			drop["?"+strings.ToLower(r)] = true
			continue
		}
		// Only a value goes, never a verb or what it is of.
		if len(valueOf(r)) == 0 && !properNoun(r, false) && !reCompound.MatchString(r) {
			continue
		}
		// The value the statement says it replaces goes where memory held
		// it, or where the statement says it changed, whether or not
		// memory spelled it so: "we moved from golang:1.22.6 to
		// golang:1.24.2" states only the second; "de 9h à 18h" changes
		// nothing.
		if changed(unframed(text)) || slices.ContainsFunc(olds, func(o string) bool { return containsTerms(terms(o), terms(r)) || tokenPrefix(o, r) }) {
			drop[strings.ToLower(r)] = true
		}
	}
	for _, o := range oldVals {
		if slices.Contains(keep, o.text) || timeZones[strings.ToLower(o.text)] || slices.ContainsFunc(terms(o.text), func(t string) bool { return slices.Contains(keep, t) }) {
			continue
		}
		// An old value the update says again is dropped when the update
		// gives another of its kind (a count of the same thing).
		if o.kind != vkName && o.kind != vkTool && replacedBy(o, newVals, oldVals) && !revertedTo(text, o.text) {
			drop[o.text] = true
		} else if o.kind == vkName || o.kind == vkTool {
			drop["?"+strings.ToLower(o.text)] = true // a name: only where a change frames it
		}
	}
	// A capitalized word opening an earlier claim ("Keiko approves
	// releases") may be a name too: it goes only where a change frames it.
	for _, o := range olds {
		uo := unframed(o)
		for _, ix := range wordSpans(uo) {
			w := uo[ix[0]:ix[1]]
			l := strings.ToLower(w)
			if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) && !termStop[l] && !drop[l] && !timeZones[l] && !slices.ContainsFunc(terms(l), func(t string) bool { return slices.Contains(keep, t) }) {
				// The statement's subject ("moving the OCR to Kraken")
				// is what it changes, not what it changes from.
				drop["?"+l] = true
			}
		}
	}
	if len(drop) == 0 {
		return text
	}
	idx := wordSpans(text)
	words := make([]string, len(idx))
	for i, ix := range idx {
		words[i] = strings.ToLower(text[ix[0]:ix[1]])
		// "à la place d'INTEG01": the value goes, the elided article stays.
		if m := reElided.FindStringSubmatchIndex(words[i]); m != nil && (drop[words[i][m[2]:]] || drop["?"+words[i][m[2]:]]) {
			idx[i] = []int{ix[0] + m[2], ix[1]}
			words[i] = words[i][m[2]:]
		}
	}
	cut := make([]bool, len(words))
	found := false
	for i, w := range words {
		if isDay(w) && i+2 < len(words) && rangeCue[words[i+1]] && isDay(words[i+2]) {
			// "she's in Monday to Wednesday now": a day opening the new
			// range is part of the new value.
			continue
		}
		switch {
		case drop[w]:
		case drop["?"+w]:
			// "de", "du", "von" also say "of": they frame an earlier
			// value only before the one it changed to ("de X a Y").
			from := func(j int) bool {
				if j >= 0 && cjkFrom(words[j]) {
					return true
				}
				return j >= 0 && fromCue[words[j]] && (!ofCue[words[j]] || i+1 < len(words) && toCue[words[i+1]] || i+2 < len(words) && toCue[words[i+2]])
			}
			// "Ines no longer approves": Ines left; "CI is not on
			// CircleCI anymore": CircleCI did.
			leaving := i+1 < len(words) && leaves(words[i+1:]) &&
				!slices.ContainsFunc(words[i+1:min(len(words), i+6)], func(w string) bool { return drop[w] || drop["?"+w] })
			// "los textos NO van en catalán, era gallego": what a
			// correction says it is not.
			denied := slices.ContainsFunc(words[max(0, i-4):i], func(w string) bool { return negation[w] }) &&
				slices.ContainsFunc(words[i+1:min(len(words), i+3)], func(w string) bool { return contrastCue[w] })
			framed := from(i-1) || i+1 < len(words) && toCue[words[i+1]] && !ofCue[words[i+1]] || i > 1 && from(i-2) && !toCue[words[i-1]] || leaving || denied
			if !framed {
				continue
			}
			// A name followed by a version names the new value's stem
			// ("Postgres 14" → "Postgres 16"), as does the product of a
			// release the statement gives ("bumped Deno to 2.1").
			if i+1 < len(words) && slices.ContainsFunc(newVals, func(v valueTok) bool { return v.text == words[i+1] }) ||
				slices.ContainsFunc(newVals, func(v valueTok) bool { return slices.Contains(v.units, productUnit(w)) }) {
				continue
			}
		default:
			continue
		}
		cut[i], found = true, true
	}
	if !found {
		return text
	}
	// The "from" before a cut word goes with it, and so does the name of
	// what a cut count counts between them ("from Postgres 14").
	lead := func(w string) bool { return fromPrep[w] }
	for i := range words {
		switch {
		case !cut[i] || i == 0 || cut[i-1]:
		case lead(words[i-1]):
			cut[i-1] = true
		case i > 1 && lead(words[i-2]) && !toCue[words[i-1]] && terms(words[i-1]) != nil:
			cut[i-1], cut[i-2] = true, true
		}
	}
	// So does what it counts, up to the value it changed to ("from three
	// reviews to two").
	for i := len(words) - 3; i >= 0; i-- {
		if cut[i] && !cut[i+1] && toCue[words[i+2]] && !toCue[words[i+1]] {
			cut[i+1] = true
		}
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(words); i++ {
		if !cut[i] {
			continue
		}
		j := i
		for j+1 < len(words) && cut[j+1] && strings.TrimSpace(text[idx[j][1]:idx[j+1][0]]) == "" {
			j++
		}
		start, end := idx[i][0], idx[j][1]
		quoted := strings.Count(text[:start], "“") > strings.Count(text[:start], "”")
		if quoted || !fromPrep[words[i]] {
			// Within the user's words, or where no "from" went with it,
			// the cut is marked.
			b.WriteString(text[last:start])
			b.WriteString("…")
		} else {
			b.WriteString(strings.TrimRight(text[last:start], " "))
		}
		last = end
		i = j
	}
	b.WriteString(text[last:])
	out := strings.Join(strings.Fields(b.String()), " ")
	// "…, nicht im …": a denial left with nothing it denies goes whole.
	out = reEmptyDenial.ReplaceAllString(out, " …$1")
	if !strings.Contains(out, "“") {
		// A rewrite reads on: "replaced … with Flux" is "switched to Flux".
		out = reReplacedCut.ReplaceAllString(out, "switched to")
	}
	return out
}

// reNotBut is a correction said as a denial of the old value and the new
// one beside it: "the zone B rate is not 6,80 but 6,40", "la zona B no es
// 6,80 sino 6,40", "ist nicht 30, sondern 45", "n'est pas 30 mais 45",
// "不是 30 而是 45", "30 ではなく 45". Group v is the verb kept, o the old
// value denied.
var reNotBut = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(?P<v>is|are|was|were|'s) not (?P<o>(?:\d[.,]\d|[^,;.!?]){1,30}?),? but (?:rather |actually )?`),
	regexp.MustCompile(`(?i)\bno (?P<v>es|son|era|eran|está|están) (?P<o>(?:\d[.,]\d|[^,;.!?]){1,30}?),? sino (?:que )?`),
	regexp.MustCompile(`(?i)\b(?P<v>ist|sind|war|waren|liegt|läuft) (?:gar )?nicht (?P<o>(?:\d[.,]\d|[^,;.!?]){1,30}?),? sondern `),
	regexp.MustCompile(`(?i)\b(?:n'|ne )?(?P<v>est|sont|était|étaient) pas (?P<o>(?:\d[.,]\d|[^,;.!?]){1,30}?),? mais `),
	regexp.MustCompile(`不(?P<v>是)(?P<o>[^，,。；！？]{1,20}?)[，,]?(?:而)?是`),
	regexp.MustCompile(`(?P<v>)(?P<o>[^、，,。；！？]{1,20}?)(?:ではなく|じゃなくて|でなく)[、，,]?`),
}

// deniedValues are the values a correction denies ("6,80" of "la zona B
// no es 6,80 sino 6,40"): what the statement replaces.
// Each comes with the words said before the denial, which name what the
// value is of.
func deniedValues(text string) (vals, before []string) {
	for _, re := range reNotBut {
		m := re.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		o := strings.TrimSpace(text[m[re.SubexpIndex("o")*2]:m[re.SubexpIndex("o")*2+1]])
		if len(valueOf(o)) > 0 {
			vals, before = append(vals, o), append(before, unframed(text[:m[0]]))
		}
	}
	return vals, before
}

// withoutDenied rewrites a correction that denies an old value (one
// claims olds hold, or with no olds any value) as the statement of the
// new one alone: "la zona B no es 6,80 sino 6,40" states "la zona B es
// 6,40".
func withoutDenied(text string, olds []string) string {
	var ot []string
	for _, o := range olds {
		ot = append(ot, terms(unframed(o))...)
	}
	for _, re := range reNotBut {
		m := re.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		o := text[m[re.SubexpIndex("o")*2]:m[re.SubexpIndex("o")*2+1]]
		if ts := terms(o); len(ts) == 0 || len(ot) > 0 && !containsTerms(ot, ts) || len(ot) == 0 && len(valueOf(o)) == 0 {
			continue // what it denies is no value memory held, or none
		}
		v := text[m[re.SubexpIndex("v")*2]:m[re.SubexpIndex("v")*2+1]]
		sep := " "
		if v == "" || cjkWord(v) {
			sep = ""
		}
		text = text[:m[0]] + v + sep + text[m[1]:]
	}
	return text
}

// reAside is a parenthetical.
var reAside = regexp.MustCompile(`\s*[(（][^()（）]*[)）]`)

// withoutOldAside drops a parenthetical naming a value the statement
// replaces, when the words outside it give another of its kind: "先月
// .NET 8 に上げました（.NET 6 のサポート終了の関係で）" states .NET 8; the
// aside only says why .NET 6 went. A statement that replaces something
// says its other counts of the same thing are the old ones.
func withoutOldAside(text string, oldVals []valueTok) string {
	if !strings.ContainsAny(text, "(（") {
		return text
	}
	isOld := func(v valueTok) bool {
		return slices.ContainsFunc(oldVals, func(o valueTok) bool { return o.kind == v.kind && o.text == v.text })
	}
	return reAside.ReplaceAllStringFunc(text, func(m string) string {
		outside := valueOf(strings.Replace(text, m, " ", 1))
		inside := valueOf(m)
		// A name opening the aside is read as any word: "（Python 3.9 …".
		sameName := slices.ContainsFunc(outside, func(w valueTok) bool {
			return (w.kind == vkName || w.kind == vkTool) && slices.ContainsFunc(wordSpans(m), func(ix []int) bool { return strings.EqualFold(m[ix[0]:ix[1]], w.text) })
		})
		for _, v := range inside {
			// The old value as memory held it, or another count or
			// version of what the words outside name.
			other := func(w valueTok) bool {
				return w.kind == v.kind && w.text != v.text &&
					(v.kind == vkCount && overlap(w.units, v.units) > 0 || v.kind == vkVersion && sameName)
			}
			old := isOld(v) || slices.ContainsFunc(outside, other)
			if old && slices.ContainsFunc(outside, func(w valueTok) bool { return w.kind == v.kind && !isOld(w) }) {
				return ""
			}
		}
		return m
	})
}

// reElided is a French or Italian elided article or pronoun before a
// word ("d'INTEG01", "l'ancien").
var reElided = regexp.MustCompile(`^(?:l|d|j|qu|n|s|c|m|t)['’](.+)$`)

// reReplacedCut is a rewrite's "replaced X with" once X is cut.
var reReplacedCut = regexp.MustCompile(`\b(?:replaced|swapped(?: out)?) … (?:with|for)\b`)

// Claims that say two things. A verbatim claim may join two statements in
// one sentence ("all clients are hosted at Kinsta, and plugin updates run
// on Tuesday mornings"): a change or a withdrawal of one of them leaves
// the other current, the claim stating it alone ("… plugin updates run on
// Tuesday mornings"); the page keeps the user's whole words.

// reClauseSep separates the statements a sentence joins.
var reClauseSep = regexp.MustCompile(`(?i),? (?:and|also|plus|und|y|et) (?:also |auch |además |aussi )?|, |; | — | – | - |，|；|\. `)

// reCJKClauseSep separates the statements a CJK sentence joins, its
// commas written wide or narrow.
var reCJKClauseSep = regexp.MustCompile(`[，；,;]\s*|。\s*`)

// abbreviated reports text ending in an abbreviation its period closes
// ("Frau Dr", "e.g", "J"): no sentence ends there.
func abbreviated(text string) bool {
	w := text[strings.LastIndexAny(text, " \t(“\"")+1:]
	if n := utf8.RuneCountInString(w); n == 1 {
		r, _ := utf8.DecodeRuneInString(w)
		return unicode.IsUpper(r)
	}
	return abbreviations[strings.ToLower(w)]
}

// abbreviations are words written short with a period, mostly titles.
var abbreviations = setOf("dr", "dra", "prof", "mr", "mrs", "ms", "mx", "mme", "mlle", "st", "sr", "sra", "srta", "hr", "fr",
	"e.g", "i.e", "z.b", "bzw", "etc", "vs", "ca", "nr", "approx", "resp", "cf", "p.ex", "ej")

// reJaClauseSep is reCJKClauseSep with the Japanese comma, 、; reKana
// tells Japanese from Chinese.
var (
	reJaClauseSep = regexp.MustCompile(`[，；,;、]\s*|。\s*`)
	reKana        = regexp.MustCompile(`[\p{Hiragana}\p{Katakana}]`)
)

// rePointsBack is a pronoun leaning on a clause before it.
var rePointsBack = regexp.MustCompile(`(?i)\b(?:he|him|his|she|her|they|them|their|it|its|this|these|those|ceci|cela|esto|er|ihn|ihm|sie|ihr|il|elle|lui|leur|ella|eso|ihnen)\b|` + hear.OpensWord + `(?:ça|él)\b|\b(?:above|below|over|under|than|beyond|past) that\b|\b(?:at|during) that time\b|\bin der Zeit\b|\ben ese (?:rato|momento|horario)\b|` + hear.OpensWord + `à ce moment-là|\bpendant ce temps\b|那段时间|这段时间|那时候|那个时候|那会儿|这样|那样|他|她|它|彼|その|それ`)

// fragment reports a part of a sentence too short to state a thing of
// its own: under three words, unless two name a thing and its value
// ("parser is megaparsec", "Region eu-central-1").
func fragment(part string) bool {
	if !strings.ContainsFunc(part, unicode.IsLetter) {
		return true // "19:00〜21:00": values only, of the part before
	}
	n := len(terms(part))
	if n >= 3 {
		return false
	}
	if f := strings.Fields(strings.ToLower(part)); n < 2 || len(f) > 0 && leadPrepositions[f[0]] && !(f[0] == "on" && len(f) > 1 && frenchOn[f[1]]) {
		return true // "con el TPV de la caja" says how, of the part before
	}
	return !slices.ContainsFunc(valueOf(part), func(v valueTok) bool {
		return v.kind != vkDay && v.kind != vkCount && v.kind != vkPeriod
	})
}

// leadPrepositions open a part that qualifies the one before it.
var leadPrepositions = setOf("with", "without", "via", "for", "in", "on", "at", "by", "from", "to", "using",
	"con", "sin", "para", "por", "de", "en", "mit", "ohne", "für", "bei", "von", "über", "auf", "avec", "sans", "pour", "par", "dans", "sur")

// frenchOn are words after which "on" is French for "we" ("on est sur
// Forgejo"), not the English preposition.
var frenchOn = setOf("est", "a", "va", "fait", "utilise", "peut", "doit", "garde", "passe", "met", "prend", "veut", "travaille",
	"ne", "n'est", "n'a", "n'utilise", "y", "se", "s'en", "le", "la", "les", "l'a", "reste", "part", "tourne", "déploie")

// reCauseOnly is a clause that only gives the reason for the one after
// it: opened by "because" or its kin, or closed by the Japanese ので,
// から, ため.
var reCauseOnly = regexp.MustCompile(`(?i)^\s*(?:because|since|weil|puisque|porque|ya que|como)\b|^\s*(?:因为|由于|既然)|(?:ので|から|ため)\s*$`)

// reLeansBack opens a part of a sentence that names the part before it.
var reLeansBack = regexp.MustCompile(`(?i)^\s*(?:that|that's|thats|this is|it's|which)\b`)

// reExampleLead opens a clause that gives examples of what the clause
// before it says.
var reExampleLead = regexp.MustCompile(`(?i)^\s*(?:(?:also|so|and|und|y|et) )?(?:e\.\s?g\.|i\.\s?e\.|z\.\s?b\.|zum beispiel|beispielsweise|for example|for instance|such as|por ejemplo|p\.\s?ej\.|par exemple|p\.\s?ex\.|例えば|たとえば|比如|例如|譬如)`)

// otherClauses returns what a verbatim claim states besides the clause
// that words (terms) name, and true, when it joins two or more clauses
// of three words or more and words name exactly one of them; else "",
// false.
func otherClauses(text string, words []string) (string, bool) {
	// An answer quotes its question, then the user's words: only these
	// may say two things.
	open, end, quote, ok := lastQuote(text)
	if !ok || len(words) == 0 {
		return "", false
	}
	sep := reClauseSep
	if cjkWord(quote) {
		sep = reCJKClauseSep
		if reKana.MatchString(quote) {
			// Japanese joins clauses with 、, where Chinese lists
			// items with it.
			sep = reJaClauseSep
		}
	}
	seps := slices.DeleteFunc(sep.FindAllStringIndex(quote, -1), func(sp []int) bool {
		// "between 9 and 5" is one range, not two clauses.
		ranged := sp[0] > 0 && sp[1] < len(quote) && isDigits(quote[sp[0]-1:sp[0]]) && isDigits(quote[sp[1]:sp[1]+1]) && strings.ContainsFunc(quote[sp[0]:sp[1]], unicode.IsLetter)
		// "dienstags und donnerstags vor 10 Uhr" is one list of days.
		days := strings.ContainsFunc(quote[sp[0]:sp[1]], unicode.IsLetter) && isDay(lastWord(quote[:sp[0]])) && isDay(firstWord(quote[sp[1]:]))
		return ranged || days || quote[sp[0]] == '.' && abbreviated(quote[:sp[0]])
	})
	if len(seps) == 0 {
		return "", false
	}
	starts, ends := clauseSpans(seps, len(quote))
	// Fragments opening the quote ("Mi jefe, Tomás, decide …") are the
	// subject of the clause after them when it is a predicate; "chapter 3,
	// the meadow transects one, has to go …" is one statement, its second
	// part an apposition. An answer's may be its value.
	k := 0
	for k < len(starts)-1 && fragment(quote[starts[k]:ends[k]]) {
		k++
	}
	if k > 0 && !strings.HasPrefix(text, hear.AnswerLead) && !opensNounPhrase(quote[starts[k]:ends[k]]) {
		starts, ends = append([]int{starts[0]}, starts[k+1:]...), ends[k:]
	}
	// A fragment ("jamais le vendredi") belongs to the clause before it.
	for i := 1; i < len(starts); {
		if fragment(quote[starts[i]:ends[i]]) || reExampleLead.MatchString(quote[starts[i]:ends[i]]) {
			// Examples ("also z.b. `sma_readings`") are of the clause
			// before them too.
			ends[i-1] = ends[i]
			starts, ends = slices.Delete(starts, i, i+1), slices.Delete(ends, i, i+1)
			continue
		}
		i++
	}
	if len(starts) < 2 {
		return "", false
	}
	// An answer's first clause may be the bare value asked for ("15
	// jours, le long terme part dans Thanos"): a statement of its own.
	answer := strings.HasPrefix(text, hear.AnswerLead)
	hit := -1
	for i := range starts {
		pt := terms(quote[starts[i]:ends[i]])
		if fragment(quote[starts[i]:ends[i]]) && !(answer && i == 0) {
			return "", false // a fragment: not two statements
		}
		if !slices.ContainsFunc(words, func(w string) bool {
			return slices.ContainsFunc(pt, func(x string) bool { return akin(w, x) })
		}) {
			continue
		}
		if hit >= 0 {
			return "", false // words in two clauses: the claim is one
		}
		hit = i
	}
	if hit < 0 {
		return "", false
	}
	// "… Frau Dr. Albers, sie leitet das Projekt": the clauses right
	// after the part that leans on it go with it.
	last := hit
	for last+1 < len(starts) && rePointsBack.MatchString(quote[starts[last+1]:ends[last+1]]) {
		last++
	}
	// "no merges after thursday noon, thats the freeze": a part that
	// opens by pointing back names what came before it, which goes too.
	for hit > 0 && reLeansBack.MatchString(quote[starts[hit]:ends[hit]]) {
		hit--
	}
	// "今、常盤橋が工事中なので、常盤橋は迂回ルートで…", "because the lift is
	// out, …": a reason said only for the part that goes, goes with it.
	for hit > 0 && reCauseOnly.MatchString(quote[starts[hit-1]:ends[hit-1]]) {
		hit--
	}
	if hit == 0 && last == len(starts)-1 {
		return "", false
	}
	for i := range starts {
		if (i < hit || i > last) && rePointsBack.MatchString(quote[starts[i]:ends[i]]) {
			return "", false // "… ping him when": the rest leans on it
		}
	}
	if last+1 < len(starts) && hear.FollowsFrom(quote[starts[last+1]:ends[last+1]]) {
		// "…, donc le dash doit être propre": what follows from the part
		// that went goes with it.
		return "", false
	}
	if last == len(starts)-1 {
		// hit > 0: a claim wholly withdrawn returned above.
		return withoutPart(text, open, end, quote, ends[hit-1], starts[hit], len(quote)), true
	}
	if answer && hit == 0 {
		// The answer itself went: what the user said after it answers
		// nothing, and the question may quote the value that went ("is
		// the due date of sale + 14 days right?").
		return hear.Verbatim(quote[starts[last+1]:]), true
	}
	return withoutPart(text, open, end, quote, 0, starts[hit], starts[last+1]), true
}

// clauseSpans are the spans of the clauses a text of n bytes holds
// between its separators (seps, in order): starts[i] and ends[i] are
// clause i's span; clause i+1 starts after the separator that ends
// clause i.
func clauseSpans(seps [][]int, n int) (starts, ends []int) {
	starts = []int{0}
	for _, sp := range seps {
		ends = append(ends, sp[0])
		starts = append(starts, sp[1])
	}
	return starts, append(ends, n)
}

// lastQuote returns where a claim's last quote (the user's words) opens
// and ends in text, and its words; ok is false when it has none.
func lastQuote(text string) (open, end int, quote string, ok bool) {
	open = strings.LastIndex(text, "“")
	end = strings.LastIndex(text, "”")
	if open < 0 || end <= open {
		return 0, 0, "", false
	}
	return open, end, text[open+len("“") : end], true
}

// withoutPart returns a claim's text (its quote from open to end) with
// the quote's part [from, to) cut out and marked "…"; a part that ends
// the quote leaves what comes before keepEnd.
func withoutPart(text string, open, end int, quote string, keepEnd, from, to int) string {
	var out string
	if to >= len(quote) {
		out = strings.TrimSpace(quote[:keepEnd]) + " …"
	} else {
		out = quote[:from] + "… " + quote[to:]
	}
	// Parts cut before leave one mark: "… … we deploy" is "… we deploy".
	out = reEllipses.ReplaceAllString(out, "…")
	return text[:open+len("“")] + strings.TrimSpace(out) + text[end:]
}

// reEllipses are marks of cut parts side by side.
var reEllipses = regexp.MustCompile(`…(?:[\s,;，、]*…)+`)
