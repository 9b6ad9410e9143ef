package dream

import (
	"context"
	"fmt"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/validate"
)

// Errors of PendingEvidence, each with its code (errcode.Coder).
var (
	// ErrNoCheckpoint means the ledger has no checkpoint of the session.
	ErrNoCheckpoint = errcode.New("no_checkpoint", "no checkpoint recorded for this session")
	// ErrNotPending means the session's checkpoint was already processed.
	ErrNotPending = errcode.New("not_pending", "session has no pending checkpoint")
)

// PendingEvidence materializes the evidence of a session's pending
// checkpoint exactly as a run stages it, records holding forgotten content
// withheld by guard (nil: none). It returns the checkpoint too.
func PendingEvidence(ctx context.Context, l *ledger.Ledger, guard validate.Guard, session string) (*transcript.Evidence, *ledger.Checkpoint, error) {
	st, err := l.Session(ctx, session)
	if err != nil {
		return nil, nil, err
	}
	if st.Checkpoint == nil {
		return nil, nil, fmt.Errorf("session %s: %w", session, ErrNoCheckpoint)
	}
	if !st.Pending {
		return nil, nil, fmt.Errorf("session %s: %w (processed up to %s)", session, ErrNotPending, st.Checkpoint.Cursor)
	}
	ev, err := materializeOne(ctx, l, *st.Checkpoint)
	if err != nil {
		return nil, nil, err
	}
	Withhold(ev, guard)
	return ev, st.Checkpoint, nil
}
