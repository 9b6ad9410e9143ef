package ledger

import (
	"context"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// RenameScopes moves every record naming a scope that rename renames to
// the new name: checkpoints, pending entries, run records (and the
// checkpoints they carry) and retry state. A forget renames a scope whose
// name holds forgotten text, and the ledger must neither keep the old
// name nor bring the scope back under it at the next dream. It is
// idempotent and returns how many records changed.
func (l *Ledger) RenameScopes(ctx context.Context, rename func(scope string) (string, bool)) (int, error) {
	n := 0
	err := l.update(ctx, func(tx *bolt.Tx) error {
		n = 0
		cps := tx.Bucket(bucketCheckpoints)
		all, err := listJSON[Checkpoint](cps)
		if err != nil {
			return err
		}
		for _, cp := range all {
			if nw, ok := rename(cp.Scope); ok {
				cp.Scope = nw
				if err := putJSON(cps, cp.SessionID, cp); err != nil {
					return err
				}
				n++
			}
		}
		root := tx.Bucket(bucketPending)
		scopes := nestedKeys(root)
		for _, sc := range scopes {
			nw, ok := rename(string(sc))
			if !ok {
				continue
			}
			to, err := root.CreateBucketIfNotExists([]byte(nw))
			if err != nil {
				return err
			}
			if err := root.Bucket(sc).ForEach(func(k, v []byte) error { return to.Put(slices.Clone(k), slices.Clone(v)) }); err != nil {
				return err
			}
			if err := root.DeleteBucket(sc); err != nil {
				return err
			}
			n++
		}
		runs := tx.Bucket(bucketRuns)
		rs, err := listJSON[Run](runs)
		if err != nil {
			return err
		}
		for _, r := range rs {
			changed := false
			if nw, ok := rename(r.Scope); ok {
				r.Scope, changed = nw, true
			}
			for i := range r.Checkpoints {
				if nw, ok := rename(r.Checkpoints[i].Scope); ok {
					r.Checkpoints[i].Scope, changed = nw, true
				}
			}
			if changed {
				if err := putJSON(runs, r.ID, r); err != nil {
					return err
				}
				n++
			}
		}
		retry := tx.Bucket(bucketRetry)
		states, err := listJSON[RetryState](retry)
		if err != nil {
			return err
		}
		for _, r := range states {
			nw, ok := rename(r.Scope)
			if !ok {
				continue
			}
			if err := retry.Delete([]byte(r.Scope)); err != nil {
				return err
			}
			r.Scope = nw
			if err := putJSON(retry, nw, r); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
