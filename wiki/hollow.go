package wiki

import (
	"bytes"
	"strings"
)

// Hollow reports whether a page says nothing: outside its headings, HTML
// comments, blank lines and its Sources section, no line is left. A forget
// that strips a page's only claim leaves it hollow; such a page goes,
// rather than stay listed with a title and sources and nothing to cite
// them for.
func Hollow(page []byte) bool {
	inSources, inComment := false, false
	for _, l := range bytes.Split(page, []byte("\n")) {
		t := strings.TrimSpace(string(l))
		switch {
		case inComment:
			inComment = !strings.Contains(t, "-->")
		case t == "":
		case strings.HasPrefix(t, "<!--"):
			inComment = !strings.Contains(t[4:], "-->")
			if !inComment && !strings.HasSuffix(t, "-->") {
				return false // text after a comment on its line
			}
		case strings.HasPrefix(t, "#"):
			level := len(t) - len(strings.TrimLeft(t, "#"))
			if level <= 2 {
				inSources = level == 2 && strings.TrimSpace(t[level:]) == SourcesHeading
			}
		case inSources:
		default:
			return false
		}
	}
	return true
}

// RegenerateMore brings summary.md's "more" line (MoreLine) in line with
// its count line: the pages counted less the pages its list links
// ("- … ([page](…)…" lines). The line goes, with the blank line before
// it, when nothing is left out; one is added before the count line when
// pages are left out and none says so. A summary without a count line is
// b unchanged. It returns the content and whether it changed.
func RegenerateMore(b []byte) ([]byte, bool) {
	lines := strings.SplitAfter(string(b), "\n")
	total, counted, listed, at := 0, -1, 0, -1
	for i, l := range lines {
		body := strings.TrimRight(l, "\r\n")
		if cs, ok := ParseSummaryCounts(body); ok && counted < 0 {
			counted = i
			for _, c := range cs {
				total += c.N
			}
		}
		if strings.HasPrefix(body, "- ") && strings.Contains(body, "([page](") {
			listed++
		}
		if IsMoreLine(body) && at < 0 {
			at = i
		}
	}
	if counted < 0 {
		return b, false
	}
	more := total - listed
	var out []string
	switch {
	case at >= 0 && more > 0:
		eol := lines[at][len(strings.TrimRight(lines[at], "\r\n")):]
		out = append(append(append([]string{}, lines[:at]...), MoreLine(more)+eol), lines[at+1:]...)
	case at >= 0:
		start := at
		if start > 0 && strings.TrimSpace(lines[start-1]) == "" {
			start--
		}
		out = append(append([]string{}, lines[:start]...), lines[at+1:]...)
	case more > 0:
		out = append(append(append([]string{}, lines[:counted]...), MoreLine(more)+"\n", "\n"), lines[counted:]...)
	default:
		return b, false
	}
	nb := strings.Join(out, "")
	if nb == string(b) {
		return b, false
	}
	return []byte(nb), true
}
