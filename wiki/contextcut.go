package wiki

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// Shortening a file for the memory-context message. An index lists one
// claim per line under a heading per area (the builtin dreamer writes the
// most durable areas first, and the lines of an area most recently
// confirmed first). Cutting such a file at a byte offset would keep whole
// areas and lose others, so it is shortened by lines instead: every
// heading and prose line stays; list items are taken round-robin across
// sections (each section's first item, then each second, …) while they
// fit, so that every area shows its most recent claims and none crowds
// the others out; the crumbs of room left go to the items that still fit,
// in document order. What was left out is said section by section, with
// where the area indexes list it whole.

// omission is what shortening left out of one section.
type omission struct {
	section string // the section's heading text, "" before any heading
	lines   int    // list items left out
	total   int    // list items in the section
	index   string // the area index listing them all ("" when unknown)
}

var rePageLink = regexp.MustCompile(`\]\((pages/[a-z0-9][a-z0-9_-]{0,63})/[^)/]+\.md\)`)

// maxOmissionNote bounds what a truncation note says of left-out sections.
const maxOmissionNote = 640

// shorten returns the lines of b kept within limit bytes and what was left
// out. When the frame (headings and prose) alone does not fit, it cuts at a
// line end instead and says nothing per section.
func shorten(b []byte, limit int) ([]byte, []omission) {
	if len(b) <= limit {
		return b, nil
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	type section struct {
		heading string
		items   []int
	}
	secs := []section{{}}
	frame := 0
	isItem := make([]bool, len(lines))
	for i, l := range lines {
		t := bytes.TrimRight(l, "\r\n")
		switch {
		case bytes.HasPrefix(t, []byte("#")):
			secs = append(secs, section{heading: strings.TrimSpace(strings.TrimLeft(string(t), "#"))})
			frame += len(l)
		case listItem(t):
			isItem[i] = true
			secs[len(secs)-1].items = append(secs[len(secs)-1].items, i)
		default:
			frame += len(l)
		}
	}
	room := limit - frame
	if room <= 0 {
		return cutAtLine(b, limit), nil
	}
	take := make([]bool, len(lines))
	// Round-robin until a round takes nothing; then what still fits, in
	// document order.
	for r := 0; ; r++ {
		progress, left := false, false
		for _, s := range secs {
			if r >= len(s.items) {
				continue
			}
			left = true
			if l := len(lines[s.items[r]]); l <= room {
				take[s.items[r]] = true
				room -= l
				progress = true
			}
		}
		if !left || !progress {
			break
		}
	}
	for _, s := range secs {
		for _, i := range s.items {
			if l := len(lines[i]); !take[i] && l <= room {
				take[i] = true
				room -= l
			}
		}
	}
	var out []byte
	for i, l := range lines {
		if !isItem[i] || take[i] {
			out = append(out, l...)
		}
	}
	var om []omission
	for _, s := range secs {
		o := omission{section: s.heading, total: len(s.items)}
		for _, i := range s.items {
			if !take[i] {
				o.lines++
				if m := rePageLink.FindSubmatch(lines[i]); m != nil && o.index == "" {
					o.index = string(m[1]) + "/index.md"
				} else if o.index == "" && reSegment.MatchString(s.heading) && reCompactEnd.Match(lines[i]) {
					o.index = "pages/" + s.heading + "/index.md" // compactIndex's view
				}
			}
		}
		if o.lines > 0 {
			om = append(om, o)
		}
	}
	return out, om
}

// listItem reports a line (without its end) that shorten may leave out:
// a list item.
func listItem(t []byte) bool {
	return bytes.HasPrefix(t, []byte("- ")) || bytes.HasPrefix(t, []byte("* "))
}

// describeOmissions says, within maxOmissionNote bytes, which sections lost
// lines and where each is listed whole; where(p) says how to read path p.
func describeOmissions(om []omission, where func(string) string) string {
	var b strings.Builder
	indexed := false
	for i, o := range om {
		name := o.section
		if name == "" {
			name = "the top"
		}
		s := fmt.Sprintf("%d of %d lines under %q", o.lines, o.total, name)
		// 200 bytes stay for where the area indexes are read.
		if b.Len()+len(s)+2 > maxOmissionNote-200 {
			fmt.Fprintf(&b, "; and lines of %d more sections", len(om)-i)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(s)
		indexed = indexed || o.index != ""
	}
	if indexed {
		// Said once, not once a section: the command or the folder
		// may be long, and the message's room is the agents' to read.
		fmt.Fprintf(&b, " (read an area's whole list %s)", where("pages/<area>/index.md"))
	}
	return b.String()
}
