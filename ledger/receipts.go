package ledger

import (
	"context"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

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
