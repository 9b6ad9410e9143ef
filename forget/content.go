package forget

import (
	"context"
	"time"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/transcript"
)

// contentMarkers returns the content markers of the targeted sessions
// (erasure.MarkContent): the fingerprints of their messages, read from
// each session's transcript as the ledger's checkpoint names it, so that
// the same content brought back under another session id is recognised.
// A session whose transcript is gone or unreadable gets none: its id is
// still refused, its content cannot be recognised.
func (f *Forgetter) contentMarkers(ctx context.Context, keyID string, key []byte, targets []Target, now time.Time) []erasure.Marker {
	var out []erasure.Marker
	for _, t := range targets {
		if t.Kind != KindSession {
			continue
		}
		msgs, err := f.sessionMessages(ctx, t.Value)
		if err != nil {
			f.log.Info("forget: the session's transcript does not read; its content is not fingerprinted", "session", t.Value, "err", err)
			continue
		}
		out = append(out, erasure.MarkContent(keyID, key, msgs, now)...)
	}
	return out
}

// sessionMessages returns the texts of a session's evidence: its
// transcript as it is now (else as checkpointed), projected and redacted
// as a dream would stage it.
func (f *Forgetter) sessionMessages(ctx context.Context, id string) ([]string, error) {
	st, err := f.opts.Ledger.Session(ctx, id)
	if err != nil || st.Checkpoint == nil {
		return nil, err
	}
	cp := st.Checkpoint.Checkpoint
	if now, err := transcript.Scan(ctx, cp.Path, cp.Format, id, ""); err == nil {
		cp = *now
	}
	ev, err := transcript.Materialize(ctx, cp, nil)
	if err != nil {
		return nil, err
	}
	return ev.Texts(), nil
}
