package wiki

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Generated lines. The builtin dreamer writes index.md and summary.md
// from the pages on disk: one line per area in index.md,
// "- [<area>](pages/<area>/index.md): <n> page(s)", and in summary.md a
// line counting statements per area. When history is rewritten (a
// forget drops or renames pages), these lines are brought in line with
// what remains, and every other line, which a person or a model dreamer
// may have written, is left as it is.

// The generated lines, each spelled here once: the builtin dreamer writes
// them with these functions, and the forget's recount (below), the
// merge of diverged index files (mergelines.go) and the schema guard read
// them with the parsers next to them.
const (
	// NoPagesLine is index.md's line when memory holds no page.
	NoPagesLine = "No pages yet."
	// NothingKeptLine is summary.md's count line when nothing is counted.
	NothingKeptLine = "Nothing durable has been remembered yet."
	// ForgetNotePhrase is the wording of the note a dream run adds to its
	// commit message when it left pages out for a forget (ForgetNote).
	ForgetNotePhrase = "page(s) removed by forget"

	pagesHeading      = "## Pages"
	areaCountForm     = "- [%s](pages/%s/index.md): %d page(s)"
	summaryCountsHead = "Statements the user asked to keep or stated as durable: "
	summaryCountsTail = ". Start at index.md."
	moreForm          = "%d more in index.md."
)

var (
	areaCountLine = regexp.MustCompile(`^- \[([a-z0-9][a-z0-9_-]{0,63})\]\(pages/([a-z0-9][a-z0-9_-]{0,63})/index\.md\): ([0-9]+) page\(s\)$`)
	summaryLine   = regexp.MustCompile(`^(` + regexp.QuoteMeta(summaryCountsHead) + `)(.+)(` + regexp.QuoteMeta(summaryCountsTail) + `)$`)
	moreLine      = regexp.MustCompile(`^([0-9]+) more in index\.md\.$`)
)

// AreaCountLine is index.md's generated line of one area:
// "- [<area>](pages/<area>/index.md): <n> page(s)".
func AreaCountLine(area string, pages int) string {
	return fmt.Sprintf(areaCountForm, area, area, pages)
}

// ParseAreaCountLine reads an area count line (AreaCountLine); ok is
// false for any other line, a line whose link names another area
// included.
func ParseAreaCountLine(l string) (area string, pages int, ok bool) {
	m := areaCountLine.FindStringSubmatch(l)
	if m == nil || m[1] != m[2] {
		return "", 0, false
	}
	n, err := strconv.Atoi(m[3])
	if err != nil {
		return "", 0, false
	}
	return m[1], n, true
}

// AreaCount is one area's count on summary.md's count line.
type AreaCount struct {
	Area string
	N    int
}

// SummaryCountsLine is summary.md's generated line counting statements
// per area, in the order given: "Statements the user asked to keep or
// stated as durable: <area n>, .... Start at index.md.", or
// NothingKeptLine when counts is empty.
func SummaryCountsLine(counts []AreaCount) string {
	if len(counts) == 0 {
		return NothingKeptLine
	}
	parts := make([]string, len(counts))
	for i, c := range counts {
		parts[i] = fmt.Sprintf("%s %d", c.Area, c.N)
	}
	return summaryCountsHead + strings.Join(parts, ", ") + summaryCountsTail
}

// IsSummaryCountsLine reports whether l is summary.md's count line (or
// NothingKeptLine, which takes its place), well formed or not.
func IsSummaryCountsLine(l string) bool {
	return l == NothingKeptLine || summaryLine.MatchString(l)
}

// ParseSummaryCounts reads a count line (SummaryCountsLine) into its
// counts in the order written; ok is false for any other line and for a
// count line whose counts do not read.
func ParseSummaryCounts(l string) (counts []AreaCount, ok bool) {
	if l == NothingKeptLine {
		return []AreaCount{}, true
	}
	m := summaryLine.FindStringSubmatch(l)
	if m == nil {
		return nil, false
	}
	for _, part := range strings.Split(m[2], ", ") {
		name, num, ok := strings.Cut(part, " ")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || !ValidSegment(name) {
			return nil, false
		}
		counts = append(counts, AreaCount{Area: name, N: n})
	}
	return counts, true
}

// MoreLine is summary.md's line saying how many counted statements it
// does not list: "<n> more in index.md.".
func MoreLine(n int) string { return fmt.Sprintf(moreForm, n) }

// IsMoreLine reports whether l is a MoreLine.
func IsMoreLine(l string) bool { return moreLine.MatchString(l) }

// ForgetNote is the note a dream run adds to its commit message when it
// left pages out because they were forgotten:
// "memfs: <n> page(s) removed by forget".
func ForgetNote(pages int) string { return fmt.Sprintf("memfs: %d %s", pages, ForgetNotePhrase) }

// RegenerateAreaCounts rewrites the generated area lines of an index.md.
// For each, area returns the area's new name and page count, or ok false
// to keep the line; an area left with no page loses its line, and its
// "### <area>" heading under "## Pages" goes when nothing but blank lines
// is left under it (the builtin lists an area's pages there; hand-written
// text under it keeps the heading). A renamed area's heading follows the
// rename. When the last generated line goes, "No pages yet." takes its
// place (and an emptied "## Pages" section goes). It returns the content
// and whether it changed.
func RegenerateAreaCounts(b []byte, area func(name string) (newName string, pages int, ok bool)) ([]byte, bool) {
	lines := bytes.SplitAfter(b, []byte("\n"))
	var out [][]byte
	generated, kept, firstGone := 0, 0, -1
	changed := false
	gone, renamed := map[string]bool{}, map[string]string{}
	for _, l := range lines {
		body, eol := splitEOL(l)
		m := areaCountLine.FindSubmatch(body)
		if m == nil || !bytes.Equal(m[1], m[2]) {
			out = append(out, l)
			continue
		}
		generated++
		name, n, ok := area(string(m[1]))
		if !ok {
			kept++
			out = append(out, l)
			continue
		}
		if n <= 0 {
			changed = true
			gone[string(m[1])] = true
			if firstGone < 0 {
				firstGone = len(out)
			}
			continue
		}
		if name != string(m[1]) {
			renamed[string(m[1])] = name
		}
		kept++
		nl := append([]byte(AreaCountLine(name, n)), eol...)
		changed = changed || !bytes.Equal(nl, l)
		out = append(out, nl)
	}
	if changed && generated > 0 && kept == 0 && !bytes.Contains(b, []byte(NoPagesLine)) {
		out = insertLine(out, firstGone, []byte(NoPagesLine+"\n"))
	}
	out, headed := areaHeadings(out, func(name string) (string, bool) {
		if nn, ok := renamed[name]; ok {
			return nn, false
		}
		if gone[name] {
			return name, true
		}
		// An area whose count line went before (an index line linking
		// its dropped index, say): ask about it.
		nn, n, ok := area(name)
		if !ok {
			return name, false
		}
		return nn, n <= 0
	})
	if !changed && !headed {
		return b, false
	}
	return bytes.Join(out, nil), true
}

// areaHeadings removes, in the "## Pages" section of an index, the
// "### <area>" heading of each area that area says is gone and that has
// only blank lines under it (with those lines), renames the heading of
// each renamed area, and removes the section's own heading when no line
// is left in it. It reports whether it changed anything.
func areaHeadings(lines [][]byte, area func(name string) (newName string, gone bool)) ([][]byte, bool) {
	isHeading := func(l []byte) bool { return bytes.HasPrefix(l, []byte("#")) }
	var out [][]byte
	areaOf := area
	pages, removed, renamed := -1, false, false // pages: index in out of the "## Pages" heading
	for i := 0; i < len(lines); i++ {
		body, eol := splitEOL(lines[i])
		switch {
		case string(body) == pagesHeading:
			pages = len(out)
		case bytes.HasPrefix(body, []byte("## ")):
			pages = -1
		}
		area, isArea := bytes.CutPrefix(body, []byte("### "))
		if pages < 0 || !isArea {
			out = append(out, lines[i])
			continue
		}
		name, gone := string(area), false
		if ValidSegment(name) {
			name, gone = areaOf(name)
		}
		if !gone && name != string(area) {
			renamed = true
			out = append(out, append([]byte("### "+name), eol...))
			continue
		}
		end := i + 1
		for end < len(lines) && len(bytes.TrimSpace(lines[end])) == 0 {
			end++
		}
		if !gone || (end < len(lines) && !isHeading(lines[end])) {
			out = append(out, lines[i])
			continue
		}
		removed = true
		if end == len(lines) { // the last section: the blank lines before it go too
			for len(out) > 0 && len(bytes.TrimSpace(out[len(out)-1])) == 0 {
				out = out[:len(out)-1]
			}
		}
		i = end - 1
	}
	if !removed {
		return out, renamed
	}
	// A "## Pages" heading left with nothing under it goes too, with the
	// blank lines after it (before it too, when it ends the file).
	for i, l := range out {
		if body, _ := splitEOL(l); string(body) != pagesHeading {
			continue
		}
		end := i + 1
		for end < len(out) && len(bytes.TrimSpace(out[end])) == 0 {
			end++
		}
		if end < len(out) && !bytes.HasPrefix(out[end], []byte("# ")) && !bytes.HasPrefix(out[end], []byte("## ")) {
			break
		}
		start := i
		for end == len(out) && start > 0 && len(bytes.TrimSpace(out[start-1])) == 0 {
			start--
		}
		out = append(out[:start:start], out[end:]...)
		break
	}
	return out, true
}

// RegenerateCounts rewrites the generated count lines of the index.md
// (RegenerateAreaCounts) or the summary.md (RegenerateSummaryCounts) of
// kind k with the same area function; any other kind is b unchanged.
func RegenerateCounts(k Kind, b []byte, area func(name string) (newName string, pages int, ok bool)) ([]byte, bool) {
	switch k {
	case KindIndex:
		return RegenerateAreaCounts(b, area)
	case KindSummary:
		return RegenerateSummaryCounts(b, area)
	}
	return b, false
}

// RegenerateSummaryCounts rewrites the generated line of a summary.md
// that counts statements per area ("area n, area n"). For each area,
// count returns its new name and count, or ok false to keep it as it is;
// an area counting nothing goes, and with none left the line says
// nothing has been remembered. The builtin writes one statement a page,
// so the count is the pages an area keeps, counted, never the old count
// less the drops (which goes wrong once the old count was off).
func RegenerateSummaryCounts(b []byte, count func(area string) (newName string, m int, ok bool)) ([]byte, bool) {
	lines := bytes.SplitAfter(b, []byte("\n"))
	changed := false
	for i, l := range lines {
		body, eol := splitEOL(l)
		if string(body) == NothingKeptLine {
			continue
		}
		counts, ok := ParseSummaryCounts(string(body))
		if !ok {
			continue
		}
		var kept []AreaCount
		for _, c := range counts {
			if nn, nm, ok := count(c.Area); ok {
				c = AreaCount{Area: nn, N: nm}
			}
			if c.N > 0 {
				kept = append(kept, c)
			}
		}
		nl := append([]byte(SummaryCountsLine(kept)), eol...)
		if !bytes.Equal(nl, l) {
			lines[i], changed = nl, true
		}
	}
	if !changed {
		return b, false
	}
	return bytes.Join(lines, nil), true
}

// splitEOL splits a line from its "\n" or "\r\n".
func splitEOL(l []byte) (body, eol []byte) {
	body = bytes.TrimSuffix(l, []byte("\n"))
	body = bytes.TrimSuffix(body, []byte("\r"))
	return body, l[len(body):]
}

func insertLine(lines [][]byte, at int, l []byte) [][]byte {
	if at < 0 || at > len(lines) {
		at = len(lines)
	}
	out := make([][]byte, 0, len(lines)+1)
	out = append(out, lines[:at]...)
	out = append(out, l)
	return append(out, lines[at:]...)
}
