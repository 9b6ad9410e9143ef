package dream_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/internal/errcode"
)

func TestCodeOf(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("run r1: %w", dream.ErrNotProposed), dream.CodeNoProposal},
		{&dream.RunError{RunID: "r1", Scope: "s", Reason: dream.ReasonTimeout}, ""},
		{errors.New("other"), ""},
		{nil, ""},
	} {
		if got := errcode.Of(tc.err); got != tc.want {
			t.Errorf("errcode.Of(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
