package builtin

import (
	"slices"
	"strconv"
	"strings"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/wiki"
)

// Migration and audit. Earlier versions of the builtin wrote one page per
// claim: a heading, the claim, the user's words as a block quote (and the
// assistant's proposal or note as a second one), a meta comment
// "<!-- memfs-builtin kind=… area=… subject=… [via=…] seen=N -->" and the
// Sources. The next run reads such a page, audits its claim against the
// current rules, and files it in the current layout; the old page goes.
//
// Auditing restates a value from the words it rests on: the user's words
// (after the assistant's question or proposal, or before the assistant's
// memory note, as they were said) are heard again, and the statement that
// says most nearly what the value said replaces it. A value the rules no
// longer hear in those words is dropped, as it would not be kept today.

// oldPage is a claim page of the earlier layout.
type oldPage struct {
	text, quote, pointer string
	kind, area, subject  string
	via                  string
	seen                 int
	cites                []cite
}

// parseOldPage reads a page of the earlier layout; ok is false for any
// other page.
func parseOldPage(b []byte) (oldPage, bool) {
	var o oldPage
	var meta string
	var quotes []string
	inSources := false
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "# ") && o.text == "":
			o.text = unescape(strings.TrimSpace(line[2:]))
		case strings.HasPrefix(line, "> ") && !inSources:
			quotes = append(quotes, unescape(strings.TrimSpace(line[2:])))
		case strings.HasPrefix(line, oldMarker):
			meta = strings.TrimSuffix(strings.TrimPrefix(line, "<!-- memfs-builtin "), " -->")
		case line == "## "+wiki.SourcesHeading:
			inSources = true
		case inSources && strings.HasPrefix(line, "- "+wiki.SessionPrefix):
			if c, ok := parseCite(strings.TrimPrefix(line, "- ")); ok {
				o.cites = addCite(o.cites, c.session, c.entries...)
			}
		}
	}
	if meta == "" || len(quotes) == 0 {
		return oldPage{}, false
	}
	o.quote = quotes[0]
	for _, kv := range strings.Fields(meta) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "kind":
			o.kind = v
		case "area":
			o.area = v
		case "subject":
			o.subject = v
		case "via":
			o.via = v
		case "seen":
			o.seen, _ = strconv.Atoi(v)
		}
	}
	if o.via != "" {
		if len(quotes) < 2 {
			return oldPage{}, false
		}
		o.pointer = quotes[1]
	}
	return o, true
}

// migrate restates an old page's claim under the current rules; ok is
// false when they no longer keep it.
func migrate(o oldPage) (*claim, bool) {
	v := value{text: o.text, quote: o.quote, via: o.via, pointer: o.pointer, kind: o.kind, cites: o.cites}
	st, ok := rehear(&v)
	if !ok {
		return nil, false
	}
	area := st.Area
	if area == "" {
		area = o.area
	}
	c := &claim{area: area, subject: st.Subject, lang: st.Lang, cur: &v, seen: o.seen, since: o.seen}
	c.reterm()
	return c, true
}

// rehear hears the words a value rests on again and restates v by the
// statement that says most nearly what it said; ok is false when the
// rules hear nothing there.
func rehear(v *value) (hear.Statement, bool) {
	if strings.TrimSpace(v.quote) == "" {
		return hear.Statement{}, false
	}
	user := hear.Record{Role: "user", ID: "u", Text: v.quote}
	var recs []hear.Record
	switch v.via {
	case "answer", "confirm":
		recs = []hear.Record{{Role: "user", ID: "p", Text: "…"}, {Role: "assistant", ID: "a", Text: v.pointer}, user}
	case "note":
		recs = []hear.Record{user, {Role: "assistant", ID: "a", Text: "Memory note (direct user request): " + v.pointer}}
	default:
		recs = []hear.Record{user}
	}
	h := hear.Session(recs)
	old := terms(v.text)
	best, score := -1, -1
	for i, st := range h.Statements {
		if st.Via != v.via && v.via != "answer" {
			continue
		}
		s := overlap(old, terms(st.Claim))
		if s > score {
			best, score = i, s
		}
	}
	if best < 0 {
		return hear.Statement{}, false
	}
	st := h.Statements[best]
	v.text, v.kind = st.Claim, string(st.Kind)
	if st.Via != "" {
		v.via = st.Via
	}
	return st, true
}

// audit restates a claim written by an earlier version of the rules (its
// page's rules stamp differs): each value is heard again; the current
// value is dropped when the rules no longer hear it (the claim goes when
// nothing is left), earlier values keep their words.
func audit(c *claim) bool {
	if c.cur != nil {
		if st, ok := rehear(c.cur); ok {
			if st.Subject != "" && c.subject == "" {
				c.subject = st.Subject
			}
		} else if c.cur.via != "answer" {
			// An answer's question came in a tool call or a turn that
			// cannot be rebuilt here: it is kept as heard then.
			c.cur = nil
		}
	}
	c.past = slices.DeleteFunc(c.past, func(v value) bool { return v.text == "" })
	c.reterm()
	return c.cur != nil || len(c.past) > 0
}
