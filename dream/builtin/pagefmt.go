package builtin

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memfs/memfs/wiki"
)

// The page format. A page holds the claims of one topic of an area, one
// top-level list item per claim, so that stripping a claim (a forget)
// takes its words, sources and history with it and nothing else:
//
//	# Build
//
//	<!-- memfs-builtin page area=project topic=build -->
//
//	- The build image is node:22. <!-- memfs-builtin claim area=project subject=build%20image … -->
//	  - User said: “the build image is node:22 now”
//	  - Sources: session:S2 entry:e5
//	  - Before: The build image is node:20.
//	    - Replaced in: session:S2 entry:e5
//	    - User said: “we build on node:20”
//	    - Sources: session:S1 entry:e2
//
//	## Sources
//
//	- session:S1
//	- session:S2
//
// A withdrawn claim's item opens with "Withdrawn:" and its last value;
// "Withdrawn in:" and "Withdrawal:" say by whom and in which words.

// Markers of the builtin's pages.
const (
	pageMarker  = "<!-- memfs-builtin page "
	claimMarker = "<!-- memfs-builtin claim "
	// oldMarker opens the meta comment of the one-claim pages earlier
	// versions wrote (migrated on the next run).
	oldMarker = "<!-- memfs-builtin kind="
)

// Field labels of a claim's sub-items.
const (
	lblSaid           = "User said: "
	lblQuestion       = "Answering: "
	lblProposal       = "Agreed to: "
	lblNote           = "Memory note: "
	lblSources        = "Sources: "
	lblBefore         = "Before: "
	lblReplaced       = "Replaced in: "
	lblWithdrawn      = "Withdrawn in: "
	lblWithdrawal     = "Withdrawal: "
	lblWithdrawnClaim = "Withdrawn: "
	lblUntil          = "Held until: "
)

// renderPage writes a page.
func renderPage(p *page) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n", escape(capitalize(p.topic)))
	fmt.Fprintf(&b, "%sarea=%s topic=%s rules=%d -->\n\n", pageMarker, p.area, url.PathEscape(p.topic), rulesVersion)
	for _, c := range p.claims {
		writeClaim(&b, c)
	}
	if len(p.claims) > 0 {
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "## %s\n\n", wiki.SourcesHeading)
	for _, s := range pageSessions(p) {
		fmt.Fprintf(&b, "- %s%s\n", wiki.SessionPrefix, s)
	}
	return b.Bytes()
}

// pageSessions are the sessions a page's claims cite, in order of first
// citation.
func pageSessions(p *page) []string {
	var out []string
	add := func(cs ...cite) {
		for _, c := range cs {
			if c.session != "" && !slices.Contains(out, c.session) {
				out = append(out, c.session)
			}
		}
	}
	for _, c := range p.claims {
		for _, v := range c.values() {
			add(v.cites...)
			add(v.by)
		}
	}
	return out
}

func writeClaim(b *bytes.Buffer, c *claim) {
	state := ""
	v := c.cur
	past := c.past
	lead := ""
	if v == nil {
		if len(past) == 0 {
			return
		}
		v, past = &c.past[0], c.past[1:]
		state = " state=" + v.end
		if v.end == endWithdrawn {
			lead = lblWithdrawnClaim
		} else {
			lead = "Replaced: "
		}
	}
	told := ""
	switch {
	case c.cur == nil:
	case v.toldKind() == toldReplaced:
		told = " told=replaced"
	case v.told == toldChange:
		told = " told=change"
	}
	fmt.Fprintf(b, "- %s%s %sarea=%s subject=%s lang=%s kind=%s seen=%d since=%d%s%s -->\n",
		lead, escape(oneLine(v.text)), claimMarker, c.area, url.PathEscape(c.subject), url.PathEscape(c.lang), url.PathEscape(v.kind), c.seen, c.since, state, told)
	writeValue(b, "  ", v)
	for i := range past {
		fmt.Fprintf(b, "  - %s%s\n", lblBefore, escape(oneLine(past[i].text)))
		writeValue(b, "    ", &past[i])
	}
}

// writeValue writes a value's fields at indent.
func writeValue(b *bytes.Buffer, indent string, v *value) {
	switch v.end {
	case endReplaced:
		if v.by.session != "" {
			fmt.Fprintf(b, "%s- %s%s\n", indent, lblReplaced, citeText(v.by))
		}
	case endWithdrawn:
		fmt.Fprintf(b, "%s- %s%s\n", indent, lblWithdrawn, citeText(v.by))
		if v.endQuote != "" {
			fmt.Fprintf(b, "%s- %s%s\n", indent, lblWithdrawal, quoted(v.endQuote))
		}
	}
	if v.until != "" {
		fmt.Fprintf(b, "%s- %s%s\n", indent, lblUntil, v.until)
	}
	if v.quote != "" {
		fmt.Fprintf(b, "%s- %s%s\n", indent, lblSaid, quoted(v.quote))
	}
	if v.pointer != "" {
		l := lblNote
		switch v.via {
		case "answer":
			l = lblQuestion
		case "confirm":
			l = lblProposal
		}
		fmt.Fprintf(b, "%s- %s%s\n", indent, l, quoted(v.pointer))
	}
	if len(v.cites) > 0 {
		var parts []string
		for _, c := range v.cites {
			parts = append(parts, citeText(c))
		}
		fmt.Fprintf(b, "%s- %s%s\n", indent, lblSources, strings.Join(parts, "; "))
	}
}

func citeText(c cite) string {
	s := wiki.SessionPrefix + c.session
	for _, e := range c.entries {
		s += " " + entryPrefix + e
	}
	return s
}

// entryPrefix opens a transcript entry reference.
const entryPrefix = "entry:"

func quoted(s string) string { return "“" + escapeInline(oneLine(s)) + "”" }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// escape keeps a statement from becoming Markdown structure (a heading, a
// list item, an HTML comment) when written on one line.
func escape(s string) string {
	s = escapeInline(strings.ReplaceAll(strings.ReplaceAll(s, "\r", " "), "\n", " "))
	if s != "" && strings.ContainsRune("#-*+>|`=~[0123456789", rune(s[0])) {
		s = "\\" + s
	}
	return s
}

func escapeInline(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "<!--", "<\\!--"), "-->", "--\\>")
}

func unescapeInline(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "<\\!--", "<!--"), "--\\>", "-->")
}

func unescape(s string) string {
	s = unescapeInline(s)
	if len(s) > 1 && s[0] == '\\' {
		s = s[1:]
	}
	return s
}

func unquote(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "“")
	s = strings.TrimSuffix(s, "”")
	return unescapeInline(s)
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// parsedPage is a builtin page read back.
type parsedPage struct {
	area, topic string
	// rules is the rules version that wrote it (see rulesVersion).
	rules int
	// sources are the session ids its Sources section lists.
	sources []string
	claims  []*claim
	// keys are the claims' index terms (indexTerms), made once per
	// content (prepare).
	keys [][]string
}

// parsePage reads back a page in the current format; ok is false for any
// other page.
func parsePage(b string) (parsedPage, bool) {
	var pp parsedPage
	if !strings.Contains(b, pageMarker) && !strings.Contains(b, claimMarker) {
		return pp, false
	}
	var c *claim
	// top is the value the claim's line shows (-1: the current one);
	// before the earlier value being read (-1: none).
	top, before := -1, -1
	inSources := false
	at := func(i int) *value {
		if i < 0 {
			return c.cur
		}
		return &c.past[i]
	}
	for _, line := range strings.Split(b, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, pageMarker):
			for k, val := range metaFields(strings.TrimPrefix(line, pageMarker)) {
				switch k {
				case "area":
					pp.area = val
				case "topic":
					pp.topic = val
				case "rules":
					pp.rules, _ = strconv.Atoi(val)
				}
			}
		case strings.HasPrefix(line, "## "):
			c = nil
			inSources = line == "## "+wiki.SourcesHeading
		case inSources && strings.HasPrefix(line, "- "+wiki.SessionPrefix):
			if ct, ok := parseCite(line[2:]); ok {
				pp.sources = append(pp.sources, ct.session)
			}
		case strings.HasPrefix(line, "- ") && strings.Contains(line, claimMarker):
			c = parseClaimLine(line, pp.rules)
			top, before = -1, -1
			if c.cur == nil {
				top = 0
			}
			pp.claims = append(pp.claims, c)
		case c == nil:
		case strings.HasPrefix(line, "  - "+lblBefore):
			c.past = append(c.past, value{text: unescape(strings.TrimPrefix(line, "  - "+lblBefore)), end: endReplaced})
			before = len(c.past) - 1
		case strings.HasPrefix(line, "    - "):
			if before >= 0 {
				parseField(at(before), strings.TrimPrefix(line, "    - "))
			}
		case strings.HasPrefix(line, "  - "):
			parseField(at(top), strings.TrimPrefix(line, "  - "))
		}
	}
	for _, c := range pp.claims {
		if c.cur != nil && c.cur.text == "" {
			c.cur = nil
		}
		c.past = slices.DeleteFunc(c.past, func(v value) bool { return v.text == "" })
		if c.area == "" {
			c.area = pp.area
		}
		c.reterm()
	}
	pp.claims = slices.DeleteFunc(pp.claims, func(c *claim) bool { return c.cur == nil && len(c.past) == 0 })
	return pp, true
}

// claimLine is what a claim's first line says: the value it shows, the
// claim's fields, and state, how the value ended ("" while current).
type claimLine struct {
	text, area, subject, lang, kind, state string
	seen, since                            int
	// change is set when the line marks its current value as a change
	// (told=change), replaced when it marks one that replaced an earlier
	// value (told=replaced).
	change, replaced bool
}

// told is what the line says of whether its current value is a change,
// on a page written by rules version rules.
func (l claimLine) told(rules int) int8 {
	switch {
	case l.replaced:
		return toldReplaced
	case l.change:
		return toldChange
	case rules >= toldRules:
		return toldPlain
	}
	return toldUnknown
}

// readClaimLine reads a claim's first line.
func readClaimLine(line string) claimLine {
	i := strings.Index(line, claimMarker)
	text := strings.TrimSpace(line[2:i])
	meta := strings.TrimSuffix(strings.TrimSpace(line[i+len(claimMarker):]), "-->")
	var l claimLine
	for k, val := range metaFields(meta) {
		switch k {
		case "area":
			l.area = val
		case "subject":
			l.subject = val
		case "lang":
			l.lang = val
		case "kind":
			l.kind = val
		case "seen":
			l.seen, _ = strconv.Atoi(val)
		case "since":
			l.since, _ = strconv.Atoi(val)
		case "state":
			l.state = val
		case "told":
			l.change, l.replaced = val == "change", val == "replaced"
		}
	}
	switch l.state {
	case endWithdrawn:
		text = strings.TrimPrefix(text, lblWithdrawnClaim)
	case endReplaced:
		text = strings.TrimPrefix(text, "Replaced: ")
	}
	l.text = unescape(text)
	return l
}

// parseClaimLine reads a claim's first line: its current value, or (for a
// withdrawn or replaced claim) the earlier value it shows.
func parseClaimLine(line string, rules int) *claim {
	l := readClaimLine(line)
	c := &claim{area: l.area, subject: l.subject, lang: l.lang, seen: l.seen, since: l.since}
	v := value{text: l.text, kind: l.kind}
	if l.state == "" {
		v.told, v.toldOf = l.told(rules), v.text
		c.cur = &v
		return c
	}
	v.end = l.state
	c.past = append(c.past, v)
	return c
}

// parseField reads one "Label: …" sub-item into v.
func parseField(v *value, f string) {
	switch {
	case strings.HasPrefix(f, lblSaid):
		v.quote = unquote(strings.TrimPrefix(f, lblSaid))
	case strings.HasPrefix(f, lblQuestion):
		v.via, v.pointer = "answer", unquote(strings.TrimPrefix(f, lblQuestion))
	case strings.HasPrefix(f, lblProposal):
		v.via, v.pointer = "confirm", unquote(strings.TrimPrefix(f, lblProposal))
	case strings.HasPrefix(f, lblNote):
		v.via, v.pointer = "note", unquote(strings.TrimPrefix(f, lblNote))
	case strings.HasPrefix(f, lblSources):
		for _, part := range strings.Split(strings.TrimPrefix(f, lblSources), ";") {
			if c, ok := parseCite(part); ok {
				v.cites = addCite(v.cites, c.session, c.entries...)
			}
		}
	case strings.HasPrefix(f, lblReplaced):
		v.end = endReplaced
		v.by, _ = parseCite(strings.TrimPrefix(f, lblReplaced))
	case strings.HasPrefix(f, lblWithdrawn):
		v.end = endWithdrawn
		v.by, _ = parseCite(strings.TrimPrefix(f, lblWithdrawn))
	case strings.HasPrefix(f, lblWithdrawal):
		v.endQuote = unquote(strings.TrimPrefix(f, lblWithdrawal))
	case strings.HasPrefix(f, lblUntil):
		if d := strings.TrimSpace(strings.TrimPrefix(f, lblUntil)); validDay(d) {
			v.until = d
		}
	}
}

// parseCite reads "session:<id> entry:<id> …".
func parseCite(s string) (cite, bool) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return cite{}, false
	}
	id, ok := strings.CutPrefix(f[0], wiki.SessionPrefix)
	if !ok || !wiki.ValidSessionID(id) {
		return cite{}, false
	}
	c := cite{session: id}
	for _, w := range f[1:] {
		if e, ok := strings.CutPrefix(w, entryPrefix); ok && wiki.ValidSessionID(e) {
			c.entries = append(c.entries, e)
		}
	}
	return c, true
}

// fieldEnd is the index of the first ASCII space, tab, CR or LF of s, -1
// when it has none.
func fieldEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
			return i
		}
	}
	return -1
}

// metaFields yields the key=value fields of a meta comment, values
// unescaped.
func metaFields(meta string) func(yield func(k, v string) bool) {
	return func(yield func(k, v string) bool) {
		rest := strings.TrimSuffix(strings.TrimSpace(meta), "-->")
		for rest != "" {
			// Values are path-escaped: fields are separated by ASCII
			// spaces only.
			kv := rest
			if i := fieldEnd(rest); i >= 0 {
				kv, rest = rest[:i], rest[i+1:]
			} else {
				rest = ""
			}
			if kv == "" {
				continue
			}
			k, v, _ := strings.Cut(kv, "=")
			if strings.IndexByte(v, '%') >= 0 {
				if u, err := url.PathUnescape(v); err == nil {
					v = u
				}
			}
			if !yield(k, v) {
				return
			}
		}
	}
}

// validDay reports a day written as Held until: writes it ("2025-09-30").
func validDay(s string) bool {
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}
