package hear

import (
	"testing"

	"github.com/memfs/memfs/validate"
)

// Ensure that a user message holding terminal escapes (pasted colored
// output), a C1 control or a NUL is still heard, with none of those
// characters left in a claim or quote to make the page invalid; the
// caller's records are left as they were.
func TestSessionDropsControls(t *testing.T) {
	for _, msg := range []string{
		"I prefer \x1b[1mvim\x1b[0m for editing.",
		"I prefer vim\u009b for editing.",
		"I prefer vim\x00 for editing.",
	} {
		in := recs(msg)
		sts := Session(in).Statements
		if len(sts) == 0 {
			t.Fatalf("%q: nothing heard", msg)
		}
		for _, st := range sts {
			for _, s := range []string{st.Claim, st.Quote} {
				if at := validate.ControlAt(s); at >= 0 {
					t.Errorf("%q: control at %d in %q", msg, at, s)
				}
			}
		}
		if in[0].Text != msg {
			t.Errorf("the caller's record changed: %q", in[0].Text)
		}
	}
}
