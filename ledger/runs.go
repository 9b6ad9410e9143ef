package ledger

import (
	"context"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/memfs/memfs/transcript"
)

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
	// SetAside are sessions of the batch acknowledged without being
	// dreamed: their evidence alone made the dreamer's output invalid.
	SetAside []string `json:"set_aside,omitempty"`
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
