package dream

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ledger"
)

// Review decides an open proposal: approve fast-forwards the scope to it
// and acknowledges its evidence; reject deletes it and leaves the evidence
// pending. A stale proposal (the head moved since) is refused, deleted, and
// its evidence stays pending for the next run. It returns the run as
// recorded after the decision.
func Review(ctx context.Context, s *gitstore.Store, l *ledger.Ledger, runID string, approve bool, now time.Time) (ledger.Run, error) {
	rec, ok, err := l.Run(ctx, runID)
	if err != nil {
		return rec, err
	}
	if !ok || rec.State != StateProposed {
		return rec, fmt.Errorf("run %s: %w", runID, ErrNotProposed)
	}
	p, err := s.FindProposal(ctx, runID)
	if err != nil {
		return rec, err
	}
	finish := func(state string) (ledger.Run, error) {
		rec.State, rec.Finished = state, now.UTC()
		return rec, l.PutRun(context.WithoutCancel(ctx), rec)
	}
	if !approve {
		if err := s.Reject(ctx, p); err != nil {
			return rec, err
		}
		return finish(StateRejected)
	}
	if err := s.Approve(ctx, p); err != nil {
		if errors.Is(err, gitstore.ErrStaleProposal) {
			rec.Error = "stale_proposal"
			if _, perr := finish(StateStale); perr != nil {
				err = errors.Join(err, perr)
			}
		}
		return rec, err
	}
	var ackErr error
	for i, cp := range rec.Checkpoints {
		if i >= len(rec.Processed) {
			break
		}
		if _, err := l.Acknowledge(ctx, cp, rec.Processed[i]); err != nil {
			ackErr = errors.Join(ackErr, err)
		}
	}
	rec, err = finish(StateApproved)
	return rec, errors.Join(ackErr, err)
}
