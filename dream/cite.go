package dream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"bytes"

	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/validate"
)

// Errors of CitedEntry.
var (
	// ErrNoTranscript means the ledger knows no transcript of the session.
	ErrNoTranscript = errors.New("no transcript recorded for this session")
	// ErrNoEntry means the session's evidence holds no record with the
	// entry id (it was never projected, was withheld, or the branch moved).
	ErrNoEntry = errors.New("no evidence record with this entry id")
)

// CitedEntry returns the evidence record (one JSON line) of a transcript
// entry a page cites ("- session:<id> entry:<entry id>"), as a run stages
// it: projected and redacted, forgotten content withheld by guard (nil:
// none). It reads the whole visible branch of the session's transcript up
// to its latest checkpoint, pending or processed, so it works as long as
// that file is where the checkpoint says and unchanged up to it.
func CitedEntry(ctx context.Context, l *ledger.Ledger, guard validate.Guard, session, entry string) ([]byte, error) {
	st, err := l.Session(ctx, session)
	if err != nil {
		return nil, err
	}
	if st.Checkpoint == nil {
		return nil, fmt.Errorf("session %s: %w", session, ErrNoTranscript)
	}
	ev, err := transcript.Materialize(ctx, st.Checkpoint.Checkpoint, nil)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", session, err)
	}
	Withhold(ev, guard)
	for _, line := range bytes.Split(ev.Transcript, []byte("\n")) {
		var r struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(line, &r) == nil && r.ID == entry {
			return append(line, '\n'), nil
		}
	}
	return nil, fmt.Errorf("session %s: %w", session, ErrNoEntry)
}
