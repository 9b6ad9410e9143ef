package ledger

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/memfs/memfs/transcript"
)

// Checkpoint is a session's settled cursor as the ledger records it: the
// transcript's checkpoint (stored with its own JSON field names) plus the
// scope it is pending in and when it was recorded.
type Checkpoint struct {
	transcript.Checkpoint
	// Scope is the memory scope the session belongs to.
	Scope string `json:"scope"`
	// Recorded is when this cursor was first recorded.
	Recorded time.Time `json:"recorded"`
	// Seq orders checkpoints by recording across the whole ledger.
	Seq uint64 `json:"seq"`
	// Failed is set when a dream could not read the checkpointed
	// transcript (FailCheckpoint): the session is no longer pending and
	// waits for the user to drop it (DropFailed) or for a new checkpoint.
	Failed *Failure `json:"failed,omitempty"`
}

// Failure says why a checkpoint failed and since when.
type Failure struct {
	// Code is the transcript error code (source_unavailable).
	Code string    `json:"code"`
	At   time.Time `json:"at"`
}

// same reports whether c and o settle the same evidence.
func (c Checkpoint) same(o Checkpoint) bool {
	return c.Scope == o.Scope && c.Path == o.Path && c.Cursor == o.Cursor && c.Digest == o.Digest
}

// SessionState is everything the ledger knows about one session.
type SessionState struct {
	// Checkpoint is nil when the session was never checkpointed.
	Checkpoint *Checkpoint
	// Processed is nil when nothing of the session was dreamed yet.
	Processed *transcript.Processed
	// Pending is true when the checkpoint waits to be dreamed.
	Pending bool
}

// RecordResult says what RecordCheckpoint did.
type RecordResult struct {
	// Changed is false when the same cursor was already recorded: nothing
	// was written.
	Changed bool
	// Pending is true when the session now waits to be dreamed.
	Pending bool
	// Previous is the checkpoint that was replaced, if any.
	Previous *Checkpoint
}

// RecordCheckpoint records cp as its session's settled cursor. The latest
// recording wins; recording the checkpoint that is already stored (same
// scope, path, cursor and digest) changes nothing, unless that checkpoint
// had failed: the transcript was read again, so it is recorded afresh. The
// session becomes
// pending in cp.Scope unless what was last processed is exactly this
// cursor, and leaves the pending list of a scope it was recorded under
// before.
func (l *Ledger) RecordCheckpoint(ctx context.Context, cp Checkpoint) (RecordResult, error) {
	if cp.Scope == "" || cp.SessionID == "" || cp.Cursor == "" {
		return RecordResult{}, fmt.Errorf("checkpoint needs a scope, session id and cursor: %w", ErrInvalid)
	}
	var res RecordResult
	err := l.update(ctx, func(tx *bolt.Tx) error {
		res = RecordResult{}
		cps := tx.Bucket(bucketCheckpoints)
		var prev Checkpoint
		found, err := getJSON(cps, cp.SessionID, &prev)
		if err != nil {
			return err
		}
		if found {
			res.Previous = &prev
			if prev.same(cp) && prev.Failed == nil {
				res.Pending = isPending(tx, prev.Scope, prev.SessionID)
				return errUnchanged
			}
			if err := setPending(tx, prev.Scope, prev.SessionID, 0, false); err != nil {
				return err
			}
		}
		seq, err := cps.NextSequence()
		if err != nil {
			return err
		}
		cp.Seq = seq
		cp.Recorded = l.opts.Now().UTC()
		if err := putJSON(cps, cp.SessionID, cp); err != nil {
			return err
		}
		var done transcript.Processed
		seen, err := getJSON(tx.Bucket(bucketProcessed), cp.SessionID, &done)
		if err != nil {
			return err
		}
		res.Changed = true
		res.Pending = !(seen && covers(done, cp))
		return setPending(tx, cp.Scope, cp.SessionID, seq, res.Pending)
	})
	return res, err
}

// Acknowledge stores what a dream consumed of a session. The session stops
// being pending only if its checkpoint is still the one the dream began
// with (same scope, path, cursor and digest); a checkpoint recorded during
// the run stays pending. It reports whether the session left the pending
// list.
func (l *Ledger) Acknowledge(ctx context.Context, began Checkpoint, done transcript.Processed) (bool, error) {
	if began.SessionID == "" {
		return false, fmt.Errorf("acknowledge needs a session id: %w", ErrInvalid)
	}
	var acked bool
	err := l.update(ctx, func(tx *bolt.Tx) error {
		acked = false
		if err := putJSON(tx.Bucket(bucketProcessed), began.SessionID, done); err != nil {
			return err
		}
		var cur Checkpoint
		found, err := getJSON(tx.Bucket(bucketCheckpoints), began.SessionID, &cur)
		if err != nil || !found || !cur.same(began) {
			return err
		}
		acked = true
		return setPending(tx, cur.Scope, cur.SessionID, 0, false)
	})
	return acked, err
}

// FailCheckpoint marks a session's checkpoint failed with code (a dream
// could not read its transcript) and takes the session off its scope's
// pending list, so it no longer holds back the scope's dreams. It does
// nothing, and reports false, unless the stored checkpoint is still began:
// a checkpoint recorded since may read fine.
func (l *Ledger) FailCheckpoint(ctx context.Context, began Checkpoint, code string) (bool, error) {
	if began.SessionID == "" || code == "" {
		return false, fmt.Errorf("a failed checkpoint needs a session id and a code: %w", ErrInvalid)
	}
	var failed bool
	err := l.update(ctx, func(tx *bolt.Tx) error {
		failed = false
		cps := tx.Bucket(bucketCheckpoints)
		var cur Checkpoint
		found, err := getJSON(cps, began.SessionID, &cur)
		if err != nil || !found || !cur.same(began) {
			return err
		}
		cur.Failed = &Failure{Code: code, At: l.opts.Now().UTC()}
		if err := putJSON(cps, cur.SessionID, cur); err != nil {
			return err
		}
		failed = true
		return setPending(tx, cur.Scope, cur.SessionID, 0, false)
	})
	return failed, err
}

// Failed returns the failed checkpoints, oldest recording first.
func (l *Ledger) Failed(ctx context.Context) ([]Checkpoint, error) {
	all, err := l.Checkpoints(ctx)
	return slices.DeleteFunc(all, func(cp Checkpoint) bool { return cp.Failed == nil }), err
}

// Checkpoints returns every session's checkpoint, oldest recording first.
func (l *Ledger) Checkpoints(ctx context.Context) ([]Checkpoint, error) {
	var out []Checkpoint
	err := l.view(ctx, func(tx *bolt.Tx) error {
		out = nil
		cps := tx.Bucket(bucketCheckpoints)
		return cps.ForEach(func(k, _ []byte) error {
			var cp Checkpoint
			if _, err := getJSON(cps, string(k), &cp); err != nil {
				return err
			}
			out = append(out, cp)
			return nil
		})
	})
	slices.SortFunc(out, func(a, b Checkpoint) int { return cmp.Compare(a.Seq, b.Seq) })
	return out, err
}

// DropFailed removes a failed checkpoint, at the user's word: the session
// is no longer reported. What was processed of it stays, so a later
// checkpoint of the same transcript carries on from there. A session
// without a failed checkpoint is ErrNotFailed.
func (l *Ledger) DropFailed(ctx context.Context, sessionID string) (Checkpoint, error) {
	var cp Checkpoint
	err := l.update(ctx, func(tx *bolt.Tx) error {
		cps := tx.Bucket(bucketCheckpoints)
		cp = Checkpoint{}
		found, err := getJSON(cps, sessionID, &cp)
		if err != nil {
			return err
		}
		if !found || cp.Failed == nil {
			return fmt.Errorf("session %s: %w", sessionID, ErrNotFailed)
		}
		if err := setPending(tx, cp.Scope, sessionID, 0, false); err != nil {
			return err
		}
		return cps.Delete([]byte(sessionID))
	})
	return cp, err
}

// Session returns what the ledger knows about a session.
func (l *Ledger) Session(ctx context.Context, sessionID string) (SessionState, error) {
	var st SessionState
	err := l.view(ctx, func(tx *bolt.Tx) error {
		st = SessionState{}
		var cp Checkpoint
		found, err := getJSON(tx.Bucket(bucketCheckpoints), sessionID, &cp)
		if err != nil {
			return err
		}
		if found {
			st.Checkpoint = &cp
			st.Pending = isPending(tx, cp.Scope, sessionID)
		}
		var p transcript.Processed
		if found, err = getJSON(tx.Bucket(bucketProcessed), sessionID, &p); err != nil {
			return err
		} else if found {
			st.Processed = &p
		}
		return nil
	})
	return st, err
}

// Pending returns the checkpoints waiting in a scope, oldest recording
// first.
func (l *Ledger) Pending(ctx context.Context, scope string) ([]Checkpoint, error) {
	var out []Checkpoint
	err := l.view(ctx, func(tx *bolt.Tx) error {
		out = nil
		pb := pendingBucket(tx, scope)
		if pb == nil {
			return nil
		}
		cps := tx.Bucket(bucketCheckpoints)
		return pb.ForEach(func(k, _ []byte) error {
			var cp Checkpoint
			found, err := getJSON(cps, string(k), &cp)
			if err != nil {
				return err
			}
			if found {
				out = append(out, cp)
			}
			return nil
		})
	})
	slices.SortFunc(out, func(a, b Checkpoint) int {
		switch {
		case a.Seq < b.Seq:
			return -1
		case a.Seq > b.Seq:
			return 1
		}
		return 0
	})
	return out, err
}

// PendingCounts returns the number of pending sessions of every scope that
// has any.
func (l *Ledger) PendingCounts(ctx context.Context) (map[string]int, error) {
	counts := map[string]int{}
	err := l.view(ctx, func(tx *bolt.Tx) error {
		clear(counts)
		root := tx.Bucket(bucketPending)
		if root == nil {
			return nil
		}
		return root.ForEachBucket(func(scope []byte) error {
			n := 0
			err := root.Bucket(scope).ForEach(func(_, _ []byte) error { n++; return nil })
			if n > 0 {
				counts[string(scope)] = n
			}
			return err
		})
	})
	return counts, err
}

// PendingTotal returns the number of pending sessions across all scopes.
func (l *Ledger) PendingTotal(ctx context.Context) (int, error) {
	counts, err := l.PendingCounts(ctx)
	total := 0
	for _, n := range counts {
		total += n
	}
	return total, err
}

// DeleteSession removes every record of a session: checkpoint, processed
// state and pending entry. Freed pages keep their old bytes until the file
// is compacted.
func (l *Ledger) DeleteSession(ctx context.Context, sessionID string) error {
	return l.update(ctx, func(tx *bolt.Tx) error {
		var cp Checkpoint
		found, err := getJSON(tx.Bucket(bucketCheckpoints), sessionID, &cp)
		if err != nil {
			return err
		}
		if found {
			if err := setPending(tx, cp.Scope, sessionID, 0, false); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketCheckpoints).Delete([]byte(sessionID)); err != nil {
			return err
		}
		return tx.Bucket(bucketProcessed).Delete([]byte(sessionID))
	})
}

// covers reports whether processed state p is exactly the checkpoint's.
func covers(p transcript.Processed, cp Checkpoint) bool {
	return p.Cursor == cp.Cursor && p.Digest == cp.Digest
}

func pendingBucket(tx *bolt.Tx, scope string) *bolt.Bucket {
	root := tx.Bucket(bucketPending)
	if root == nil {
		return nil
	}
	return root.Bucket([]byte(scope))
}

func isPending(tx *bolt.Tx, scope, sessionID string) bool {
	pb := pendingBucket(tx, scope)
	return pb != nil && pb.Get([]byte(sessionID)) != nil
}

// setPending adds (with its checkpoint's sequence) or removes a session
// from a scope's pending list; an emptied scope bucket is dropped.
func setPending(tx *bolt.Tx, scope, sessionID string, seq uint64, pending bool) error {
	root := tx.Bucket(bucketPending)
	if pending {
		pb, err := root.CreateBucketIfNotExists([]byte(scope))
		if err != nil {
			return fmt.Errorf("pending scope %s: %w", scope, err)
		}
		return pb.Put([]byte(sessionID), seqBytes(seq))
	}
	pb := root.Bucket([]byte(scope))
	if pb == nil {
		return nil
	}
	if err := pb.Delete([]byte(sessionID)); err != nil {
		return err
	}
	if k, _ := pb.Cursor().First(); k == nil {
		return root.DeleteBucket([]byte(scope))
	}
	return nil
}
