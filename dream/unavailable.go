package dream

import (
	"context"

	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

// failUnavailable turns every skipped source whose transcript could not be
// read (source_unavailable: deleted, moved, unreadable) into a failed
// checkpoint (ledger.FailCheckpoint): it leaves the pending list, so it
// neither fails every later run of the scope nor holds the scope's other
// sessions back by the retry backoff; memfs status lists it and memfs
// checkpoint drop removes it. A new checkpoint of the session makes it
// pending again. It reports whether every skipped source became failed.
func failUnavailable(ctx context.Context, l *ledger.Ledger, pending []ledger.Checkpoint, res *Result) (bool, error) {
	all := true
	for i, s := range res.Skipped {
		if s.Code != transcript.CodeSourceUnavailable {
			all = false
			continue
		}
		for _, cp := range pending {
			if cp.SessionID != s.SessionID {
				continue
			}
			failed, err := l.FailCheckpoint(ctx, cp, s.Code)
			if err != nil {
				return false, err
			}
			res.Skipped[i].Failed = failed
			all = all && failed
		}
	}
	return all, nil
}
