package dream

import (
	"testing"

	"github.com/memfs/memfs/validate"
)

// Ensure that a dreamer's summary cannot put a terminal control into the
// commit message (gitstore refuses those): C0, DEL and C1 controls are
// dropped, ordinary text kept.
func TestCommitMessageDropsControls(t *testing.T) {
	res := &Result{RunID: "r1", Summary: "learnt \x1b[31mred\x1b[0m, \u009b2J and\x7f café"}
	msg := commitMessage(res)
	if at := validate.ControlAt(msg); at >= 0 {
		t.Fatalf("control at %d in %q", at, msg)
	}
	if want := "dream r1: 0 session(s)\n\nlearnt [31mred[0m, 2J and café"; msg != want {
		t.Fatalf("message %q, want %q", msg, want)
	}
}
