package ledger

import (
	"context"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/memfs/memfs/transcript"
)

// The records below belong to later capabilities (dreaming, forget). Their
// buckets exist from the first write so that a ledger never needs a
// migration to gain them; the accessors are deliberately small.

// Run is one dreaming run.
type Run struct {
	ID    string `json:"id"`
	Scope string `json:"scope"`
	// State is the coordinator's word for where the run is ("staged",
	// "running", "published", "failed", ...).
	State string `json:"state"`
	// Sessions are the session ids of the batch.
	Sessions []string `json:"sessions,omitempty"`
	// Base is the scope head the run started from; Commit what it
	// published.
	Base     string    `json:"base,omitempty"`
	Commit   string    `json:"commit,omitempty"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished,omitzero"`
	// Error is a stable error code, never a message quoting content.
	Error string `json:"error,omitempty"`
	// Checkpoints and Processed (same order) are what a proposed run
	// acknowledges once it is approved: the checkpoints as the run began
	// and the processed state the evidence reached.
	Checkpoints []Checkpoint           `json:"checkpoints,omitempty"`
	Processed   []transcript.Processed `json:"processed,omitempty"`
}

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

// Receipt is a completed forget command, kept so that the same command id
// returns the same receipt. Body is the receipt as the forget package
// encodes it; it must not contain forgotten content.
type Receipt struct {
	CommandID string `json:"command_id"`
	// RequestHash binds the receipt to the request it answered.
	RequestHash string    `json:"request_hash"`
	Body        []byte    `json:"body"`
	Completed   time.Time `json:"completed"`
}

// Marker indexes one erasure marker of the store's marker chain.
type Marker struct {
	ID      string    `json:"id"`
	Kind    string    `json:"kind"`
	HMAC    string    `json:"hmac"`
	KeyID   string    `json:"key_id"`
	NTokens int       `json:"ntokens,omitempty"`
	Created time.Time `json:"created"`
}

// PutRun stores (or replaces) a run.
func (l *Ledger) PutRun(ctx context.Context, r Run) error {
	if r.ID == "" {
		return fmt.Errorf("run needs an id: %w", ErrInvalid)
	}
	return l.update(ctx, func(tx *bolt.Tx) error { return putJSON(tx.Bucket(bucketRuns), r.ID, r) })
}

// Run returns a run by id; ok is false when there is none.
func (l *Ledger) Run(ctx context.Context, id string) (r Run, ok bool, err error) {
	err = l.view(ctx, func(tx *bolt.Tx) error {
		ok, err = getJSON(tx.Bucket(bucketRuns), id, &r)
		return err
	})
	return r, ok, err
}

// Runs lists every run in id order.
func (l *Ledger) Runs(ctx context.Context) ([]Run, error) {
	var out []Run
	err := l.view(ctx, func(tx *bolt.Tx) (err error) {
		out, err = listJSON[Run](tx.Bucket(bucketRuns))
		return err
	})
	return out, err
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

// PutReceipt stores a forget receipt under its command id.
func (l *Ledger) PutReceipt(ctx context.Context, r Receipt) error {
	if r.CommandID == "" {
		return fmt.Errorf("receipt needs a command id: %w", ErrInvalid)
	}
	return l.update(ctx, func(tx *bolt.Tx) error { return putJSON(tx.Bucket(bucketReceipts), r.CommandID, r) })
}

// Receipt returns the receipt of a command id; ok is false when there is
// none.
func (l *Ledger) Receipt(ctx context.Context, commandID string) (r Receipt, ok bool, err error) {
	err = l.view(ctx, func(tx *bolt.Tx) error {
		ok, err = getJSON(tx.Bucket(bucketReceipts), commandID, &r)
		return err
	})
	return r, ok, err
}

// PutMarkers indexes erasure markers; existing ids are replaced.
func (l *Ledger) PutMarkers(ctx context.Context, ms ...Marker) error {
	for _, m := range ms {
		if m.ID == "" || m.HMAC == "" {
			return fmt.Errorf("marker needs an id and an hmac: %w", ErrInvalid)
		}
	}
	return l.update(ctx, func(tx *bolt.Tx) error {
		for _, m := range ms {
			if err := putJSON(tx.Bucket(bucketMarkers), m.ID, m); err != nil {
				return err
			}
		}
		return nil
	})
}

// Markers lists the indexed markers in id order.
func (l *Ledger) Markers(ctx context.Context) ([]Marker, error) {
	var out []Marker
	err := l.view(ctx, func(tx *bolt.Tx) (err error) {
		out, err = listJSON[Marker](tx.Bucket(bucketMarkers))
		return err
	})
	return out, err
}
