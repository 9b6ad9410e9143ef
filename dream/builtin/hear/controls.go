package hear

import (
	"strings"

	"github.com/memfs/memfs/validate"
)

// withoutControls returns recs with the control characters publish
// refuses (terminal escapes pasted with a command's output, a NUL) dropped
// from their text, so that a statement holding one still becomes a valid
// page. recs itself is returned, unchanged, when none holds one.
func withoutControls(recs []Record) []Record {
	out := recs
	for i, r := range recs {
		if validate.ControlAt(r.Text) < 0 {
			continue
		}
		if &out[0] == &recs[0] {
			out = append([]Record(nil), recs...)
		}
		out[i].Text = strings.Map(func(c rune) rune {
			if validate.ForbiddenControl(c) {
				return -1
			}
			return c
		}, r.Text)
	}
	return out
}
