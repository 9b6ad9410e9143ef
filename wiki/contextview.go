package wiki

import (
	"bytes"
	"regexp"
	"strings"
)

// The memory-context message shows index.md in a compact view: the claim
// lines are what a new session needs, and within DefaultContextBudget every
// byte of frame is a claim left out. The view changes only lines of the
// standard forms:
//
//   - "- [<claim>](pages/<area>/<slug>.md)" under the heading "### <area>"
//     becomes "- <claim> (<slug>)", its curly quotes straight (three bytes
//     each in UTF-8, one straight); the preamble says where such a page is.
//   - the area count lines ("- [<area>](pages/<area>/index.md): n page(s)")
//     go when the area has its own heading, and their section heading with
//     them when nothing else is left in it.
//
// Every other line, whoever wrote it, is shown as it is.

// straightQuotes writes a claim's curly double quotes as straight ones.
var straightQuotes = strings.NewReplacer("“", `"`, "”", `"`)

var (
	reClaimLink  = regexp.MustCompile(`^- \[(.+)\]\(pages/([a-z0-9][a-z0-9_-]{0,63})/([a-z0-9][a-z0-9_-]{0,63})\.md\)\s*$`)
	reCompactEnd = regexp.MustCompile(`\(([a-z0-9][a-z0-9_-]{0,63})\)\s*$`)
	reSegment    = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)
)

// compactIndex returns the compact view of an index.
func compactIndex(b []byte) []byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	headed := map[string]bool{}
	for _, l := range lines {
		if a, ok := areaHeading(l); ok {
			headed[a] = true
		}
	}
	var out []byte
	var pending []byte // a "## " heading and what follows it, until something is kept
	keptSince := true
	area := ""
	flush := func() {
		if keptSince {
			out = append(out, pending...)
		}
		pending = nil
	}
	for _, l := range lines {
		t := strings.TrimRight(string(l), "\r\n")
		if strings.HasPrefix(t, "#") {
			area, _ = areaHeading(l)
			if strings.HasPrefix(t, "## ") {
				// Held back until a line of its section is kept.
				flush()
				pending, keptSince = append(pending, l...), false
				continue
			}
			out = append(out, pending...) // a subheading is kept content
			out = append(out, l...)
			pending, keptSince = nil, true
			continue
		}
		if a, _, ok := ParseAreaCountLine(t); ok && headed[a] {
			continue
		}
		if m := reClaimLink.FindStringSubmatch(t); m != nil && m[2] == area && m[3] != "index" {
			l = []byte("- " + straightQuotes.Replace(m[1]) + " (" + m[3] + ")" + string(l[len(t):]))
		}
		if strings.TrimSpace(t) == "" && !keptSince {
			pending = append(pending, l...)
			continue
		}
		if !keptSince {
			out = append(out, pending...)
			pending, keptSince = nil, true
		}
		out = append(out, l...)
	}
	flush()
	return out
}

// areaHeading reads a level-3 heading naming an area.
func areaHeading(l []byte) (string, bool) {
	t := strings.TrimSpace(string(l))
	if !strings.HasPrefix(t, "### ") {
		return "", false
	}
	a := strings.TrimSpace(t[4:])
	return a, reSegment.MatchString(a)
}

// summaryRepeated reports whether every list item of a summary links to
// pages only, and only to pages the index lists: then the summary says
// nothing the index does not, and the message leaves it out. n is the
// number of such items; ok is false when there are none.
func summaryRepeated(summary, index []byte) (n int, ok bool) {
	listed := map[string]bool{}
	for _, m := range rePageTarget.FindAllSubmatch(index, -1) {
		listed[string(m[1])] = true
	}
	for _, l := range bytes.Split(summary, []byte("\n")) {
		t := bytes.TrimSpace(l)
		if !bytes.HasPrefix(t, []byte("- ")) && !bytes.HasPrefix(t, []byte("* ")) {
			continue
		}
		links := rePageTarget.FindAllSubmatch(t, -1)
		if len(links) == 0 {
			return 0, false
		}
		for _, m := range links {
			if !listed[string(m[1])] {
				return 0, false
			}
		}
		n++
	}
	return n, n > 0
}

var rePageTarget = regexp.MustCompile(`\]\((pages/[a-z0-9][a-z0-9_-]{0,63}/[a-z0-9][a-z0-9_-]{0,63}\.md)\)`)
