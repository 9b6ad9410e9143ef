package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/memfs/memfs/internal/errcode"
)

// leafElem finds, in the bbolt file b, the leaf element at path (bucket
// names, then a key) under the live root and returns the offsets in b of
// its flags and of its key.
func leafElem(t *testing.T, b []byte, path ...string) (flagsAt, keyAt int) {
	t.Helper()
	m0, err0 := readMeta(b, 0)
	m1, err1 := readMeta(b, int(m0.pageSize))
	if err0 != nil || err1 != nil {
		t.Fatalf("setup: meta pages: %v, %v", err0, err1)
	}
	m := m0
	if m1.txid > m0.txid {
		m = m1
	}
	// find searches the page starting at off for the key, through
	// branch pages.
	var find func(off int, key []byte) (elem int, ok bool)
	find = func(off int, key []byte) (int, bool) {
		flags, n := ne.Uint16(b[off+8:]), int(ne.Uint16(b[off+10:]))
		for i := range n {
			at := off + pageHeaderSize + i*elemSize
			if flags == flagBranch {
				if e, ok := find(int(ne.Uint64(b[at+8:])*m.pageSize), key); ok {
					return e, true
				}
				continue
			}
			pos, ksize := int(ne.Uint32(b[at+4:])), int(ne.Uint32(b[at+8:]))
			if bytes.Equal(b[at+pos:at+pos+ksize], key) {
				return at, true
			}
		}
		return 0, false
	}
	page := int(m.root * m.pageSize)
	for i, name := range path {
		at, ok := find(page, []byte(name))
		if !ok {
			t.Fatalf("setup: no element %q", path[:i+1])
		}
		pos, ksize := int(ne.Uint32(b[at+4:])), int(ne.Uint32(b[at+8:]))
		if i == len(path)-1 {
			return at, at + pos
		}
		v := at + pos + ksize
		if root := ne.Uint64(b[v:]); root != 0 {
			page = int(root * m.pageSize)
		} else {
			page = v + 16
		}
	}
	panic("unreachable")
}

// expectCorrupt runs every operation on the file at path and expects each
// to fail with ledger_corrupt, and the file to be left as it was.
func expectCorrupt(t *testing.T, path string) {
	t.Helper()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, err := range ops(t, path) {
		if !errors.Is(err, ErrCorrupt) || errcode.Of(err) != CodeCorrupt {
			t.Errorf("%s: %v (code %q), want ledger_corrupt", name, err, errcode.Of(err))
		}
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(before, after) {
		t.Errorf("the damaged ledger was changed (%v)", err)
	}
}

// Ensure that a flipped byte in the name of any top-level bucket of a real
// file is ledger_corrupt for every operation, whether the damaged name
// stays in order (read as a bucket memfs does not write, beside a missing
// one) or not, and that no write creates the lost bucket afresh.
func TestCorrupt_BucketName(t *testing.T) {
	orig, err := os.ReadFile(soundLedger(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range allBuckets {
		for _, flip := range []struct {
			at   int
			mask byte
		}{{0, 0x20}, {len(name) - 1, 0x01}, {len(name) / 2, 0x08}} {
			t.Run(fmt.Sprintf("%s-%d^%#x", name, flip.at, flip.mask), func(t *testing.T) {
				b := append([]byte(nil), orig...)
				_, key := leafElem(t, b, string(name))
				b[key+flip.at] ^= flip.mask
				path := filepath.Join(t.TempDir(), FileName)
				if err := os.WriteFile(path, b, 0o600); err != nil {
					t.Fatal(err)
				}
				expectCorrupt(t, path)
			})
		}
	}
}

// Ensure that a bucket whose flag is lost reads as a value, at the top
// level (caught before bbolt maps the file) or nested (bbolt's
// ErrIncompatibleValue when a write reaches it), and is ledger_corrupt.
func TestCorrupt_IncompatibleValue(t *testing.T) {
	t.Run("top level", func(t *testing.T) {
		orig, err := os.ReadFile(soundLedger(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range allBuckets {
			b := append([]byte(nil), orig...)
			flags, _ := leafElem(t, b, string(name))
			b[flags] &^= leafBucket
			path := filepath.Join(t.TempDir(), FileName)
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			expectCorrupt(t, path)
		}
	})
	t.Run("nested", func(t *testing.T) {
		l := newTestLedger(t, Options{})
		cp := testCheckpoint("s1", "c1")
		mustRecord(t, l, cp)
		t.Cleanup(func() { os.Remove(l.Path()) }) // no longer a sound file
		b, err := os.ReadFile(l.Path())
		if err != nil {
			t.Fatal(err)
		}
		flags, _ := leafElem(t, b, string(bucketPending), cp.Scope)
		b[flags] &^= leafBucket
		if err := os.WriteFile(l.Path(), b, 0o600); err != nil {
			t.Fatal(err)
		}
		cp.SessionID = "s2"
		_, err = l.RecordCheckpoint(t.Context(), cp)
		if !errors.Is(err, ErrCorrupt) || errcode.Of(err) != CodeCorrupt {
			t.Fatalf("RecordCheckpoint into the scope: %v, want ledger_corrupt", err)
		}
	})
	t.Run("mapped", func(t *testing.T) {
		l := &Ledger{path: "/x/ledger.db"}
		err := l.damaged(fmt.Errorf("create bucket: %w", berrors.ErrIncompatibleValue))
		if !errors.Is(err, ErrCorrupt) {
			t.Fatalf("damaged(ErrIncompatibleValue) = %v, want ErrCorrupt", err)
		}
	})
}

// Ensure that the top-level buckets are checked against what a version
// writes: a file with none (its initialization never committed) is
// initialized by the next write, a legacy bucket is tolerated, and a
// missing bucket, an unknown one or a missing version is ledger_corrupt,
// unless the file is of a newer version, which is refused as such.
func TestLayout(t *testing.T) {
	tests := []struct {
		name string
		edit func(tx *bolt.Tx) error // on a file the ledger wrote; nil: a bare bbolt file
		want error                   // nil: every operation works
	}{
		{"no buckets", nil, nil},
		{"legacy markers bucket", func(tx *bolt.Tx) error {
			_, err := tx.CreateBucket([]byte("markers"))
			return err
		}, nil},
		{"bucket missing", func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketReceipts) }, ErrCorrupt},
		{"unknown bucket", func(tx *bolt.Tx) error {
			_, err := tx.CreateBucket([]byte("zzz"))
			return err
		}, ErrCorrupt},
		{"no version", func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Delete(keyVersion) }, ErrCorrupt},
		{"newer version with a new bucket", func(tx *bolt.Tx) error {
			if _, err := tx.CreateBucket([]byte("zzz")); err != nil {
				return err
			}
			return tx.Bucket(bucketMeta).Put(keyVersion, []byte("2"))
		}, ErrUnsupportedVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			if tt.edit != nil {
				l, err := New(path, Options{})
				if err != nil {
					t.Fatal(err)
				}
				mustRecord(t, l, testCheckpoint("session-001", "c1"))
			}
			db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if tt.edit != nil {
				err = db.Update(tt.edit)
			}
			if cerr := db.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == ErrCorrupt {
				expectCorrupt(t, path)
				return
			}
			for name, err := range ops(t, path) {
				if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
					t.Errorf("%s: %v, want %v", name, err, tt.want)
				}
			}
			if tt.want == nil {
				checkConsistency(t, path)
			}
		})
	}
}
