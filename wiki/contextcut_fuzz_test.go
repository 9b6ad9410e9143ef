package wiki

import (
	"bytes"
	"testing"
)

// FuzzShorten checks that a file shortened for the memory context keeps
// within its limit when its frame fits, keeps every heading and prose
// line, keeps the lines it keeps in their order, and says a section lost
// lines exactly when it did.
func FuzzShorten(f *testing.F) {
	f.Add([]byte("# Memory index\n\n### conventions\n\n- a rule\n- another rule\n\n### project\n\n- a fact\n"), 40)
	f.Add([]byte("### a\n- x\n### b\n- y\n- z\n### c\n"), 12)
	f.Add([]byte("- before any heading\n* star item\n## h\n- item\r\n"), 20)
	f.Fuzz(func(t *testing.T, b []byte, limit int) {
		if limit < 0 || limit > 1<<13 || len(b) > 1<<12 {
			return
		}
		out, om := shorten(b, limit)
		in := bytes.SplitAfter(b, []byte("\n"))
		kept := bytes.SplitAfter(out, []byte("\n"))
		if len(b) <= limit {
			if !bytes.Equal(out, b) || om != nil {
				t.Fatalf("a file within its limit changed")
			}
			return
		}
		frame := 0
		for _, l := range in {
			if !isListItem(l) {
				frame += len(l)
			}
		}
		if frame >= limit {
			return // cut at a line end instead
		}
		if len(out) > limit {
			t.Fatalf("shortened to %d bytes, limit %d", len(out), limit)
		}
		// The kept lines are the input's, in order, every non-item among
		// them.
		j, dropped := 0, 0
		for _, l := range in {
			if j < len(kept) && bytes.Equal(kept[j], l) {
				j++
				continue
			}
			if !isListItem(l) {
				t.Fatalf("line %q left out", l)
			}
			dropped++
		}
		if j != len(kept) && !(j == len(kept)-1 && len(kept[j]) == 0) {
			t.Fatalf("output has lines not in the input, in order")
		}
		n := 0
		for _, o := range om {
			n += o.lines
		}
		if n != dropped {
			t.Fatalf("omissions say %d lines, %d were left out", n, dropped)
		}
	})
}

// isListItem reports a line shorten may leave out.
func isListItem(l []byte) bool { return listItem(bytes.TrimRight(l, "\r\n")) }
