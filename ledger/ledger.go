package ledger

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
	// legacyBuckets may be in files written by earlier versions; nothing
	// reads them.
	legacyBuckets = [][]byte{[]byte("markers")}

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
	// verified is the last state of the file whose structure was checked;
	// guarded by mu.
	verified fileID

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

// verify checks the structure of the ledger file, unless this handle
// checked it in its current state already, under a shared lock. It
// returns fs.ErrNotExist when there is no file, and a *CorruptError when
// the file is empty, damaged or cannot be read. l.mu must be held.
func (l *Ledger) verify(ctx context.Context) error {
	f, err := os.Open(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err != nil {
		return corrupt(l.path, "cannot be opened: %v", errors.Unwrap(err))
	}
	defer f.Close()
	if err := l.flock(ctx, f, syscall.LOCK_SH); err != nil {
		return err
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	fi, err := f.Stat()
	if err != nil {
		return corrupt(l.path, "cannot be read: %v", err)
	}
	id := fileIDOf(fi)
	if id == l.verified {
		return nil
	}
	if err := verifyFile(l.path, f, fi); err != nil {
		return err
	}
	l.verified = id
	return nil
}

// create makes a new, initialized ledger file at the ledger's path, unless
// one exists by then. bbolt initializes a file only after creating it, so
// the file is made aside and linked into place: a file at the path is
// never legitimately empty, and an empty one is damage.
func (l *Ledger) create(ctx context.Context) error {
	dir := filepath.Dir(l.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create ledger directory: %w", err)
	}
	tmp, err := os.MkdirTemp(dir, ".ledger-new-")
	if err != nil {
		return fmt.Errorf("create ledger: %w", err)
	}
	defer os.RemoveAll(tmp)
	p := filepath.Join(tmp, FileName)
	err = guard(p, func(fo *files) error {
		db, err := bolt.Open(p, 0o600, &bolt.Options{Timeout: l.opts.Timeout, OpenFile: fo.open})
		if err != nil {
			return err
		}
		err = db.Update(prepare)
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("create ledger %s: %w", l.path, err)
	}
	if err := os.Link(p, l.path); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("create ledger %s: %w", l.path, err)
	}
	return ctx.Err()
}

// guard runs fn, which works on the bbolt file at path, and turns a panic
// inside bbolt (an assertion on a damaged page) or a memory fault in its
// map into a *CorruptError. bbolt opens its files through fo, so that the
// descriptors (and the file locks) of a database abandoned by a panic are
// closed.
func guard(path string, fn func(fo *files) error) (err error) {
	var fo files
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			fo.closeAll()
			err = corrupt(path, "bbolt failed: %v", r)
		}
	}()
	return fn(&fo)
}

// files records the files bbolt opens (bolt.Options.OpenFile).
type files struct{ opened []*os.File }

func (fo *files) open(name string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err == nil {
		fo.opened = append(fo.opened, f)
	}
	return f, err
}

// closeAll releases what an abandoned database holds: its memory maps
// (which keep the file's lock as long as they exist) and descriptors. The
// database must never be used again.
func (fo *files) closeAll() {
	for _, f := range fo.opened {
		if fi, err := f.Stat(); err == nil {
			unmapFile(fileIDOf(fi).ino)
		}
		_ = f.Close()
	}
}

// unmapFile removes this process's memory maps of the file with inode ino,
// found in /proc/self/maps.
func unmapFile(ino uint64) {
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return
	}
	for line := range strings.Lines(string(b)) {
		// start-end perms offset dev inode path
		f := strings.Fields(line)
		if len(f) < 6 || f[4] != strconv.FormatUint(ino, 10) {
			continue
		}
		start, end, ok := strings.Cut(f[0], "-")
		lo, err1 := strconv.ParseUint(start, 16, 64)
		hi, err2 := strconv.ParseUint(end, 16, 64)
		if !ok || err1 != nil || err2 != nil || hi <= lo {
			continue
		}
		_, _, _ = syscall.Syscall(syscall.SYS_MUNMAP, uintptr(lo), uintptr(hi-lo), 0)
	}
}

// damaged turns an error of a transaction into the error the ledger
// returns: a value that does not decode means a damaged file.
func (l *Ledger) damaged(err error) error {
	var ce *CorruptError
	switch {
	case err == nil, errors.As(err, &ce), errors.Is(err, ErrLocked):
		return err
	case errors.Is(err, errDamaged), errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
		errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping),
		// The ledger never puts a value where it keeps a bucket or the
		// reverse: meeting one is damage.
		errors.Is(err, berrors.ErrIncompatibleValue):
		return corrupt(l.path, "%v", err)
	}
	return fmt.Errorf("ledger %s: %w", l.path, err)
}

// open opens the bbolt file, waiting for its lock as Options say.
func (l *Ledger) open(ctx context.Context, readOnly bool, fo *files) (*bolt.DB, error) {
	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		db, err := bolt.Open(l.path, 0o600, &bolt.Options{Timeout: l.opts.Timeout, ReadOnly: readOnly, OpenFile: fo.open})
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

// update runs fn in one read-write transaction, with every bucket
// present. A missing file is created; a damaged, empty or unreadable one
// is an error (*CorruptError), never replaced.
func (l *Ledger) update(ctx context.Context, fn func(*bolt.Tx) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	err := l.verify(ctx)
	if errors.Is(err, fs.ErrNotExist) {
		if err = l.create(ctx); err == nil {
			err = l.verify(ctx)
		}
	}
	if err != nil {
		return l.damaged(err)
	}
	err = guard(l.path, func(fo *files) error {
		db, err := l.open(ctx, false, fo)
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
			err = fmt.Errorf("close: %w", cerr)
		}
		return err
	})
	return l.damaged(err)
}

// view runs fn in one read-only transaction. A ledger that was never
// written reads as empty: fn is not called. A damaged, empty or
// unreadable file is an error (*CorruptError). Buckets may be nil in a
// file written by an older memfs.
func (l *Ledger) view(ctx context.Context, fn func(*bolt.Tx) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	err := l.verify(ctx)
	if errors.Is(err, fs.ErrNotExist) {
		return ctx.Err()
	}
	if err != nil {
		return l.damaged(err)
	}
	err = guard(l.path, func(fo *files) error {
		db, err := l.open(ctx, true, fo)
		if err != nil {
			return err
		}
		err = db.View(func(tx *bolt.Tx) error {
			if err := checkSchema(tx); err != nil {
				return err
			}
			return fn(tx)
		})
		if cerr := db.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close: %w", cerr)
		}
		return err
	})
	return l.damaged(err)
}

// prepare creates missing buckets and stamps or checks the schema version.
// Buckets are created only in a file that holds none: in one that holds
// some, a missing one is damage (checkLayout), and creating it afresh would
// hide what was lost.
func prepare(tx *bolt.Tx) error {
	if err := checkSchema(tx); err != nil {
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

// checkSchema checks what every reader and writer needs of a file before
// touching a record: a version this memfs reads, then its layout.
func checkSchema(tx *bolt.Tx) error {
	if err := checkVersion(tx); err != nil {
		return err
	}
	return checkLayout(tx)
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

// checkLayout checks the top-level buckets of a file whose version this
// memfs reads (checkVersion first: a newer layout is not damage). Every
// version creates all of its buckets and stamps the version in the
// transaction that initializes the file, so a file holds either no bucket
// at all (initialization never committed) or every one of allBuckets, may
// hold legacyBuckets, and holds nothing else; the meta bucket holds the
// version. Anything else is a damaged name, and a damaged name would
// otherwise read as an empty bucket and be created afresh beside it. The
// error names no stored key.
func checkLayout(tx *bolt.Tx) error {
	known, unknown := 0, 0
	c := tx.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if v != nil {
			return fmt.Errorf("a top-level entry is a value, not a bucket: %w", errDamaged)
		}
		if containsName(allBuckets, k) {
			known++
		} else if !containsName(legacyBuckets, k) {
			unknown++
		}
	}
	switch {
	case known == 0 && unknown == 0:
		return nil
	case unknown > 0:
		return fmt.Errorf("%d top-level bucket(s) with a name memfs does not write: %w", unknown, errDamaged)
	case known < len(allBuckets):
		var missing []string
		for _, name := range allBuckets {
			if tx.Bucket(name) == nil {
				missing = append(missing, string(name))
			}
		}
		return fmt.Errorf("bucket(s) %s missing: %w", strings.Join(missing, ", "), errDamaged)
	}
	if tx.Bucket(bucketMeta).Get(keyVersion) == nil {
		return fmt.Errorf("no schema version in bucket %s: %w", bucketMeta, errDamaged)
	}
	return nil
}

func containsName(names [][]byte, name []byte) bool {
	for _, n := range names {
		if bytes.Equal(n, name) {
			return true
		}
	}
	return false
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
		return false, fmt.Errorf("decode %s: %w: %w", key, errDamaged, err)
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
			return fmt.Errorf("decode %s: %w: %w", k, errDamaged, err)
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

func seqBytes(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }
