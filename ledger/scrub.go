package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/memfs/memfs/transcript"
)

// After a forget the ledger must hold nothing about a forgotten session
// and no id of a rewritten commit, and the file must not keep the freed
// pages that held them.

// Scrub removes every record of the sessions erased reports (checkpoint,
// processed state, pending entries in any scope, their place in run
// records) and passes every commit id a run names through commit, which
// returns the id to keep ("" drops it). It returns how many sessions it
// removed.
func (l *Ledger) Scrub(ctx context.Context, erased func(sessionID string) bool, commit func(id string) string) (int, error) {
	removed := 0
	err := l.update(ctx, func(tx *bolt.Tx) error {
		removed = 0
		for _, name := range [][]byte{bucketCheckpoints, bucketProcessed} {
			b := tx.Bucket(name)
			var drop [][]byte
			b.ForEach(func(k, _ []byte) error {
				if erased(string(k)) {
					drop = append(drop, slices.Clone(k))
				}
				return nil
			})
			for _, k := range drop {
				if err := b.Delete(k); err != nil {
					return err
				}
				if string(name) == string(bucketCheckpoints) {
					removed++
				}
			}
		}
		root := tx.Bucket(bucketPending)
		scopes := nestedKeys(root)
		for _, sc := range scopes {
			pb := root.Bucket(sc)
			var drop [][]byte
			pb.ForEach(func(k, _ []byte) error {
				if erased(string(k)) {
					drop = append(drop, slices.Clone(k))
				}
				return nil
			})
			for _, k := range drop {
				if err := setPending(tx, string(sc), string(k), 0, false); err != nil {
					return err
				}
			}
		}
		runs := tx.Bucket(bucketRuns)
		all, err := listJSON[Run](runs)
		if err != nil {
			return err
		}
		for _, r := range all {
			before, _ := putBytes(r)
			r.Sessions = slices.DeleteFunc(r.Sessions, erased)
			var cps []Checkpoint
			var done []transcript.Processed
			for i, cp := range r.Checkpoints {
				if erased(cp.SessionID) {
					continue
				}
				cps = append(cps, cp)
				if i < len(r.Processed) {
					done = append(done, r.Processed[i])
				}
			}
			r.Checkpoints, r.Processed = cps, done
			if r.Base != "" {
				r.Base = commit(r.Base)
			}
			if r.Commit != "" {
				r.Commit = commit(r.Commit)
			}
			if after, _ := putBytes(r); string(after) != string(before) {
				if err := putJSON(runs, r.ID, r); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return removed, err
}

func putBytes(r Run) ([]byte, error) {
	return json.Marshal(r)
}

// CompactResult reports a compaction.
type CompactResult struct {
	BytesBefore int64 `json:"bytes_before"`
	BytesAfter  int64 `json:"bytes_after"`
}

// Compact rewrites the ledger without its free pages, which still hold
// the bytes of deleted records. The file keeps its inode: a process
// waiting for the ledger's lock holds a descriptor of it, and a rename
// would hand that process an orphaned copy. Under the file's lock the
// live data is copied aside, compacted there, and written back over the
// original.
func (l *Ledger) Compact(ctx context.Context) (CompactResult, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var res CompactResult
	f, err := os.OpenFile(l.path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return res, nil
	}
	if err != nil {
		return res, corrupt(l.path, "cannot be opened: %v", errors.Unwrap(err))
	}
	defer f.Close()
	if err := l.flock(ctx, f, syscall.LOCK_EX); err != nil {
		return res, err
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	fi, err := f.Stat()
	if err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	res.BytesBefore = fi.Size()
	if !fi.Mode().IsRegular() || fi.Size() == 0 {
		return res, verifyFile(l.path, f, fi)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(l.path), ".compact-")
	if err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	defer os.RemoveAll(tmp)
	src, dst := filepath.Join(tmp, "src.db"), filepath.Join(tmp, "dst.db")
	if err := copyFile(src, f); err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	// The copy is what bbolt maps: check it as verify does the file.
	copied, err := os.ReadFile(src)
	if err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	if err := verifyBytes(copied); err != nil {
		return res, corrupt(l.path, "%v", err)
	}
	err = guard(l.path, func(fo *files) error {
		sdb, err := bolt.Open(src, 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: true, OpenFile: fo.open})
		if err != nil {
			return err
		}
		ddb, err := bolt.Open(dst, 0o600, &bolt.Options{Timeout: time.Second, OpenFile: fo.open})
		if err != nil {
			sdb.Close()
			return err
		}
		// A damaged layout is refused as every operation refuses it,
		// not carried into a file that would then pass for sound.
		err = sdb.View(func(tx *bolt.Tx) error {
			err := checkSchema(tx)
			if errors.Is(err, errDamaged) {
				return corrupt(l.path, "%v", err)
			}
			return err
		})
		if err == nil {
			err = bolt.Compact(ddb, sdb, 1<<20)
		}
		sdb.Close()
		if cerr := ddb.Close(); err == nil {
			err = cerr
		}
		return err
	})
	if err != nil {
		var ce *CorruptError
		if errors.As(err, &ce) {
			return res, err
		}
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	compacted, err := os.ReadFile(dst)
	if err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	if _, err := f.WriteAt(compacted, 0); err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	if err := f.Truncate(int64(len(compacted))); err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	if err := f.Sync(); err != nil {
		return res, fmt.Errorf("compact ledger: %w", err)
	}
	res.BytesAfter = int64(len(compacted))
	return res, nil
}

// flock takes the ledger file's lock (how is LOCK_EX or LOCK_SH) the way
// bbolt does: each attempt polls for Options.Timeout, and after
// Options.Attempts the ledger is locked (ErrLocked).
func (l *Ledger) flock(ctx context.Context, f *os.File, how int) error {
	for attempt := 1; ; attempt++ {
		deadline := time.Now().Add(l.opts.Timeout)
		for {
			err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
			if err == nil {
				return nil
			}
			if !errors.Is(err, syscall.EWOULDBLOCK) {
				return fmt.Errorf("lock ledger %s: %w", l.path, err)
			}
			if !time.Now().Before(deadline) {
				break
			}
			t := time.NewTimer(min(50*time.Millisecond, time.Until(deadline)))
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
		if l.lockWaited != nil {
			l.lockWaited(attempt)
		}
		if attempt >= l.opts.Attempts {
			return fmt.Errorf("%s: %w", l.path, ErrLocked)
		}
	}
}

func copyFile(dst string, src *os.File) error {
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, io.NewSectionReader(src, 0, 1<<62)); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Requeue makes sessions pending again, forgetting what was processed of
// them, so that the next dream takes them up anew: after a sync set
// aside the commits they had produced. Sessions without a checkpoint are
// skipped. It returns how many were requeued.
func (l *Ledger) Requeue(ctx context.Context, sessionIDs []string) (int, error) {
	n := 0
	err := l.update(ctx, func(tx *bolt.Tx) error {
		n = 0
		for _, id := range sessionIDs {
			var cp Checkpoint
			found, err := getJSON(tx.Bucket(bucketCheckpoints), id, &cp)
			if err != nil {
				return err
			}
			if !found {
				continue
			}
			if err := tx.Bucket(bucketProcessed).Delete([]byte(id)); err != nil {
				return err
			}
			if err := setPending(tx, cp.Scope, id, cp.Seq, true); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// nestedKeys returns the keys of b's nested buckets (the pending bucket's
// scopes), copied so that the caller may write to b while it goes through
// them.
func nestedKeys(b *bolt.Bucket) [][]byte {
	var out [][]byte
	b.ForEach(func(k, v []byte) error {
		if v == nil {
			out = append(out, slices.Clone(k))
		}
		return nil
	})
	return out
}
