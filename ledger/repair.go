package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Check reports whether the ledger file at path is sound, for memfs
// doctor: nil for a sound file or none at all, a *CorruptError (code
// ledger_corrupt) for an empty, unreadable or damaged one, ErrLocked when
// another process keeps it locked. Beyond what every operation checks (the
// structure of every reachable page), it runs bbolt's own consistency
// check, checks the top-level buckets and decodes every stored record.
func Check(ctx context.Context, path string) error {
	l, err := New(path, Options{})
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	err = l.verify(ctx)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return l.damaged(err)
	}
	err = guard(path, func(fo *files) error {
		db, err := l.open(ctx, true, fo)
		if err != nil {
			return err
		}
		defer db.Close()
		return db.View(func(tx *bolt.Tx) error {
			var first error
			for err := range tx.Check() { // drained: the check's goroutine sends each
				if first == nil {
					first = corrupt(path, "%v", err)
				}
			}
			if first != nil {
				return first
			}
			if err := checkSchema(tx); err != nil {
				return err
			}
			return tx.ForEach(func(name []byte, b *bolt.Bucket) error { return decodeAll(string(name), b) })
		})
	})
	return l.damaged(err)
}

// decodeAll decodes every value of a bucket and its nested buckets as the
// JSON the ledger writes (the schema version and pending sequences are
// plain bytes).
func decodeAll(name string, b *bolt.Bucket) error {
	return b.ForEach(func(k, v []byte) error {
		if v == nil {
			if nb := b.Bucket(k); nb != nil {
				return decodeAll(name+"/"+string(k), nb)
			}
			return nil
		}
		if name == string(bucketMeta) || len(name) > len(bucketPending) && name[:len(bucketPending)+1] == string(bucketPending)+"/" {
			return nil
		}
		if !json.Valid(v) {
			return fmt.Errorf("bucket %s: record %q: %w", name, k, errDamaged)
		}
		return nil
	})
}

// Rebuild sets a damaged ledger aside and starts an empty one in its
// place. The damaged file is renamed to <path>.corrupt-<UTC time> and
// kept, never deleted; the new ledger holds nothing, so what the old one
// held is lost: checkpoint cursors (the agent hooks and memfs checkpoint
// record transcripts still on disk again), processed sessions (their next
// dream reads them from the start), runs, retry state and forget receipts
// (an apply repeated under the same command id is no longer recognized).
// It refuses a sound ledger (ErrNotCorrupt) and one another process keeps
// locked (ErrLocked). It returns the path the damaged file was moved to.
func Rebuild(ctx context.Context, path string, now time.Time) (string, error) {
	err := Check(ctx, path)
	if err == nil {
		return "", fmt.Errorf("%s: %w", path, ErrNotCorrupt)
	}
	if !errors.Is(err, ErrCorrupt) {
		return "", err
	}
	aside := path + ".corrupt-" + now.UTC().Format("20060102T150405Z")
	for i := 2; ; i++ {
		if _, err := os.Lstat(aside); errors.Is(err, fs.ErrNotExist) {
			break
		}
		aside = fmt.Sprintf("%s.corrupt-%s-%d", path, now.UTC().Format("20060102T150405Z"), i)
	}
	if err := os.Rename(path, aside); err != nil {
		return "", fmt.Errorf("set damaged ledger aside: %w", err)
	}
	l, err := New(path, Options{})
	if err != nil {
		return aside, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.create(ctx); err != nil {
		return aside, err
	}
	return aside, nil
}
