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

var (
	areaCountLine = regexp.MustCompile(`^- \[([a-z0-9][a-z0-9_-]{0,63})\]\(pages/([a-z0-9][a-z0-9_-]{0,63})/index\.md\): ([0-9]+) page\(s\)$`)
	summaryLine   = regexp.MustCompile(`^(Statements the user asked to keep or stated as durable: )(.+)(\. Start at index\.md\.)$`)
)

// Generated texts of empty memory.
const (
	noPagesLine   = "No pages yet."
	nothingKept   = "Nothing durable has been remembered yet."
	areaCountForm = "- [%s](pages/%s/index.md): %d page(s)"
)

// RegenerateAreaCounts rewrites the generated area lines of an index.md.
// For each, area returns the area's new name and page count, or ok false
// to keep the line; an area left with no page loses its line. When the
// last generated line goes, "No pages yet." takes its place. It returns
// the content and whether it changed.
func RegenerateAreaCounts(b []byte, area func(name string) (newName string, pages int, ok bool)) ([]byte, bool) {
	lines := bytes.SplitAfter(b, []byte("\n"))
	var out [][]byte
	generated, kept, firstGone := 0, 0, -1
	changed := false
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
			if firstGone < 0 {
				firstGone = len(out)
			}
			continue
		}
		kept++
		nl := append([]byte(fmt.Sprintf(areaCountForm, name, name, n)), eol...)
		changed = changed || !bytes.Equal(nl, l)
		out = append(out, nl)
	}
	if !changed {
		return b, false
	}
	if generated > 0 && kept == 0 && !bytes.Contains(b, []byte(noPagesLine)) {
		out = insertLine(out, firstGone, []byte(noPagesLine+"\n"))
	}
	return bytes.Join(out, nil), true
}

// RegenerateSummaryCounts rewrites the generated line of a summary.md
// that counts statements per area ("area n, area n"). For each area,
// count returns its new name and count, or ok false to keep it; an area
// counting nothing goes, and with none left the line says nothing has
// been remembered.
func RegenerateSummaryCounts(b []byte, count func(area string, n int) (newName string, m int, ok bool)) ([]byte, bool) {
	lines := bytes.SplitAfter(b, []byte("\n"))
	changed := false
	for i, l := range lines {
		body, eol := splitEOL(l)
		m := summaryLine.FindSubmatch(body)
		if m == nil {
			continue
		}
		var parts []string
		valid := true
		for _, part := range strings.Split(string(m[2]), ", ") {
			name, num, ok := strings.Cut(part, " ")
			n, err := strconv.Atoi(num)
			if !ok || err != nil || !ValidSegment(name) {
				valid = false
				break
			}
			if nn, nm, ok := count(name, n); ok {
				name, n = nn, nm
			}
			if n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", name, n))
			}
		}
		if !valid {
			continue
		}
		nl := []byte(nothingKept)
		if len(parts) > 0 {
			nl = []byte(string(m[1]) + strings.Join(parts, ", ") + string(m[3]))
		}
		nl = append(nl, eol...)
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
