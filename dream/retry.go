package dream

import (
	"context"
	"time"

	"github.com/memfs/memfs/ledger"
)

// Retry policy: after a scope's first consecutive failure its next
// automatic run waits FirstBackoff, after the second SecondBackoff; after
// MaxFailures automatic runs stop until an explicit run (memfs dream --now)
// or a reset (memfs dream --reset). A successful run resets the count.
const (
	FirstBackoff  = 60 * time.Second
	SecondBackoff = 300 * time.Second
	MaxFailures   = 3
)

// Due reports whether an automatic run of scope may start at now, and the
// retry state that decided it.
func Due(ctx context.Context, l *ledger.Ledger, scope string, now time.Time) (bool, ledger.RetryState, error) {
	st, err := l.Retry(ctx, scope)
	if err != nil {
		return false, st, err
	}
	if st.Stopped {
		return false, st, nil
	}
	return st.NextAttempt.IsZero() || !now.Before(st.NextAttempt), st, nil
}

// recordOutcome updates the scope's retry state after a run.
func recordOutcome(ctx context.Context, l *ledger.Ledger, scope string, failed bool, now time.Time) error {
	if !failed {
		return l.ResetRetry(ctx, scope)
	}
	st, err := l.Retry(ctx, scope)
	if err != nil {
		return err
	}
	st.Scope = scope
	st.Failures++
	st.LastFailure = now
	switch {
	case st.Failures >= MaxFailures:
		st.Stopped, st.NextAttempt = true, time.Time{}
	case st.Failures == 1:
		st.NextAttempt = now.Add(FirstBackoff)
	default:
		st.NextAttempt = now.Add(SecondBackoff)
	}
	return l.PutRetry(ctx, st)
}
