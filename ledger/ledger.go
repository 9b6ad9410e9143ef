package ledger

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// FileName is the ledger's file name inside $MEMFS_HOME.
const FileName = "ledger.db"

// SchemaVersion is the layout of buckets and values this package writes.
const SchemaVersion = 1

// Defaults for Options.
const (
	DefaultTimeout  = 250 * time.Millisecond
	DefaultAttempts = 4
)

var (
	bucketMeta        = []byte("meta")
	bucketCheckpoints = []byte("checkpoints")
	bucketProcessed   = []byte("processed")
	bucketPending     = []byte("pending")
	bucketRuns        = []byte("runs")
	bucketRetry       = []byte("retry")
	bucketReceipts    = []byte("receipts")

	allBuckets = [][]byte{bucketMeta, bucketCheckpoints, bucketProcessed, bucketPending,
		bucketRuns, bucketRetry, bucketReceipts}

	keyVersion = []byte("version")
)

// Options configure a Ledger.
type Options struct {
	// Timeout bounds one wait for the file lock; DefaultTimeout when zero.
	// bbolt polls the lock every 50 ms, so a Timeout of 50 ms or less makes
	// an attempt a single try.
	Timeout time.Duration
	// Attempts is how many times the lock is waited for before ErrLocked;
	// DefaultAttempts when zero.
	Attempts int
	// Now stamps records; time.Now when nil.
	Now func() time.Time
}

// Ledger is a handle on a ledger file. It holds no file descriptor between
// operations (see the package doc); its methods are safe for concurrent
// use.
type Ledger struct {
	path string
	opts Options

	// mu serializes this process's transactions on the file.
	mu sync.Mutex

	// lockWaited, when set (tests), is called after each open attempt that
	// timed out waiting for the file lock.
	lockWaited func(attempt int)
}

// New returns a handle on the ledger at path. Nothing is created until the
// first write, which creates the directory (0700) and the file (0600).
// Share one handle within a process: its mutex is what keeps the process's
// goroutines from polling the file lock against each other.
func New(path string, opts Options) (*Ledger, error) {
	if path == "" {
		return nil, fmt.Errorf("ledger path: %w", ErrInvalid)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Attempts <= 0 {
		opts.Attempts = DefaultAttempts
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Ledger{path: path, opts: opts}, nil
}

// Path returns the ledger file's path.
func (l *Ledger) Path() string { return l.path }

// open opens the bbolt file, waiting for its lock as Options say.
func (l *Ledger) open(ctx context.Context, readOnly bool) (*bolt.DB, error) {
	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		db, err := bolt.Open(l.path, 0o600, &bolt.Options{Timeout: l.opts.Timeout, ReadOnly: readOnly})
		if err == nil {
			return db, nil
		}
		if !errors.Is(err, berrors.ErrTimeout) {
			return nil, fmt.Errorf("open ledger %s: %w", l.path, err)
		}
		if l.lockWaited != nil {
			l.lockWaited(attempt)
		}
		if attempt >= l.opts.Attempts {
			return nil, fmt.Errorf("%s: %w", l.path, ErrLocked)
		}
	}
}

// update runs fn in one read-write transaction, with every bucket present.
func (l *Ledger) update(ctx context.Context, fn func(*bolt.Tx) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(l.path), 0o700); err != nil {
		return fmt.Errorf("create ledger directory: %w", err)
	}
	db, err := l.open(ctx, false)
	if err != nil {
		return err
	}
	err = db.Update(func(tx *bolt.Tx) error {
		if err := prepare(tx); err != nil {
			return err
		}
		return fn(tx)
	})
	if errors.Is(err, errUnchanged) {
		err = nil
	}
	if cerr := db.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("close ledger %s: %w", l.path, cerr)
	}
	if err != nil {
		return fmt.Errorf("ledger %s: %w", l.path, err)
	}
	return nil
}

// view runs fn in one read-only transaction. A ledger that was never
// written reads as empty: fn is not called. Buckets may be nil in a file
// written by an older memfs.
func (l *Ledger) view(ctx context.Context, fn func(*bolt.Tx) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	// An empty file is one whose creator has not initialized it yet (it
	// holds the exclusive lock while it does); bbolt would try to
	// initialize it through our read-only descriptor.
	fi, err := os.Stat(l.path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && fi.Size() == 0) {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	db, err := l.open(ctx, true)
	if err != nil {
		return err
	}
	err = db.View(func(tx *bolt.Tx) error {
		if err := checkVersion(tx); err != nil {
			return err
		}
		return fn(tx)
	})
	if cerr := db.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("close ledger %s: %w", l.path, cerr)
	}
	if err != nil {
		return fmt.Errorf("ledger %s: %w", l.path, err)
	}
	return nil
}

// prepare creates missing buckets and stamps or checks the schema version.
func prepare(tx *bolt.Tx) error {
	if err := checkVersion(tx); err != nil {
		return err
	}
	for _, name := range allBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	meta := tx.Bucket(bucketMeta)
	if meta.Get(keyVersion) == nil {
		return meta.Put(keyVersion, []byte(strconv.Itoa(SchemaVersion)))
	}
	return nil
}

func checkVersion(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return nil
	}
	v := meta.Get(keyVersion)
	if v == nil {
		return nil
	}
	n, err := strconv.Atoi(string(v))
	if err != nil || n > SchemaVersion {
		return fmt.Errorf("version %q: %w", v, ErrUnsupportedVersion)
	}
	return nil
}

// getJSON decodes the value at key into v. It reports whether the key was
// there. Decoding copies, so v stays valid after the transaction.
func getJSON(b *bolt.Bucket, key string, v any) (bool, error) {
	if b == nil {
		return false, nil
	}
	raw := b.Get([]byte(key))
	if raw == nil {
		return false, nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return false, fmt.Errorf("decode %s: %w", key, err)
	}
	return true, nil
}

func putJSON(b *bolt.Bucket, key string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", key, err)
	}
	return b.Put([]byte(key), raw)
}

// listJSON decodes every value of a bucket in key order.
func listJSON[T any](b *bolt.Bucket) ([]T, error) {
	var out []T
	if b == nil {
		return out, nil
	}
	err := b.ForEach(func(k, raw []byte) error {
		if raw == nil { // a nested bucket
			return nil
		}
		var v T
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("decode %s: %w", k, err)
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

func seqBytes(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }
