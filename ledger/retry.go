package ledger

import (
	"context"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// RetryState is a scope's dreaming failure streak.
type RetryState struct {
	Scope       string    `json:"scope"`
	Failures    int       `json:"failures"`
	LastFailure time.Time `json:"last_failure,omitzero"`
	NextAttempt time.Time `json:"next_attempt,omitzero"`
	// Stopped is set after too many consecutive failures: automatic runs
	// wait for an explicit one.
	Stopped bool `json:"stopped,omitempty"`
}

// PutRetry stores a scope's retry state.
func (l *Ledger) PutRetry(ctx context.Context, r RetryState) error {
	if r.Scope == "" {
		return fmt.Errorf("retry state needs a scope: %w", ErrInvalid)
	}
	return l.update(ctx, func(tx *bolt.Tx) error { return putJSON(tx.Bucket(bucketRetry), r.Scope, r) })
}

// Retry returns a scope's retry state; a scope without failures has the
// zero state (with Scope set).
func (l *Ledger) Retry(ctx context.Context, scope string) (RetryState, error) {
	r := RetryState{Scope: scope}
	err := l.view(ctx, func(tx *bolt.Tx) error {
		_, err := getJSON(tx.Bucket(bucketRetry), scope, &r)
		return err
	})
	return r, err
}

// ResetRetry forgets a scope's failure streak.
func (l *Ledger) ResetRetry(ctx context.Context, scope string) error {
	return l.update(ctx, func(tx *bolt.Tx) error { return tx.Bucket(bucketRetry).Delete([]byte(scope)) })
}
