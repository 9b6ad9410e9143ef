package ledger

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/transcript"
)

// fuzzPageSize is the smallest page size the ledger reads (verify.go),
// so that a seed of a few records takes a few KiB.
const fuzzPageSize = 512

// smallLedger writes a ledger file with fuzzPageSize pages, fills it
// through the public API and returns its bytes without the unused tail
// bbolt grows a file by (at least the 4 KiB bbolt reads to find the page
// size).
func smallLedger(tb testing.TB, fill func(context.Context, *Ledger) error) []byte {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), FileName)
	db, err := bolt.Open(path, 0o600, &bolt.Options{PageSize: fuzzPageSize, Timeout: time.Second})
	if err != nil {
		tb.Fatal(err)
	}
	err = db.Update(prepare)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		tb.Fatal(err)
	}
	l, err := New(path, Options{Now: func() time.Time { return time.Date(2026, 4, 2, 8, 0, 0, 0, time.UTC) }})
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	if err := fill(ctx, l); err != nil {
		tb.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	m0, err0 := readMeta(b, 0)
	m1, err1 := readMeta(b, fuzzPageSize)
	if err0 != nil || err1 != nil {
		tb.Fatalf("seed meta pages: %v; %v", err0, err1)
	}
	b = b[:min(len(b), max(4096, int(max(m0.hwm, m1.hwm)*fuzzPageSize)))]
	if err := verifyBytes(b); err != nil {
		tb.Fatalf("seed does not verify: %v", err)
	}
	if errs := readEverything(ctx, tb, b); errs != nil {
		tb.Fatalf("seed does not read: %v", errs)
	}
	return b
}

// fixMetaChecksums recomputes the checksum of each meta page of b (at
// offset 0, and at the page size the first one names), so that mutations
// of their fields reach the checks behind the checksum.
func fixMetaChecksums(b []byte) {
	fix := func(off int) {
		if off < 0 || off+pageHeaderSize+metaSize > len(b) || ne.Uint16(b[off+8:]) != flagMeta {
			return
		}
		m := b[off+pageHeaderSize : off+pageHeaderSize+metaSize]
		h := fnv.New64a()
		h.Write(m[:56])
		ne.PutUint64(m[56:], h.Sum64())
	}
	fix(0)
	if len(b) >= pageHeaderSize+metaSize {
		fix(int(ne.Uint32(b[pageHeaderSize+8:])))
	}
}

// readEverything writes b as a ledger file and reads every record through
// the public API: Check (bbolt's check and every record decoded), the
// pending checkpoints of every scope, the state of each of those sessions
// and of one that was never recorded, runs, one receipt and one retry
// state. It returns each error that is not ErrCorrupt, by operation.
func readEverything(ctx context.Context, tb testing.TB, b []byte) map[string]error {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), FileName)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		tb.Fatal(err)
	}
	l, err := New(path, Options{Timeout: 50 * time.Millisecond, Attempts: 1})
	if err != nil {
		tb.Fatal(err)
	}
	bad := map[string]error{}
	note := func(op string, err error) {
		if err != nil && !errors.Is(err, ErrCorrupt) {
			bad[op] = err
		}
		if err != nil && errcode.Of(err) != CodeCorrupt {
			bad[op+" code"] = err
		}
	}
	note("Check", Check(ctx, path))
	counts, err := l.PendingCounts(ctx)
	note("PendingCounts", err)
	scopes := 0
	for scope := range counts {
		if scopes++; scopes > 4 {
			break
		}
		cps, err := l.Pending(ctx, scope)
		note("Pending", err)
		for i, cp := range cps {
			if i == 4 {
				break
			}
			_, err := l.Session(ctx, cp.SessionID)
			note("Session", err)
		}
	}
	_, err = l.Session(ctx, "never-recorded")
	note("Session", err)
	_, err = l.Runs(ctx)
	note("Runs", err)
	_, _, err = l.Receipt(ctx, "cmd-1")
	note("Receipt", err)
	_, err = l.Retry(ctx, "proj-0123abcd")
	note("Retry", err)
	if len(bad) == 0 {
		return nil
	}
	return bad
}

// FuzzVerify checks that the structure check bbolt's file goes through
// never panics, and that a ledger file it accepts is read, record by
// record, through the public API without a crash: every operation returns
// its data or ErrCorrupt (code ledger_corrupt). fix recomputes the meta
// pages' checksums before the check.
func FuzzVerify(f *testing.F) {
	empty := smallLedger(f, func(context.Context, *Ledger) error { return nil })
	one := smallLedger(f, func(ctx context.Context, l *Ledger) error {
		_, err := l.RecordCheckpoint(ctx, testCheckpoint("s1", "c1"))
		return err
	})
	many := smallLedger(f, func(ctx context.Context, l *Ledger) error {
		for i := range 10 {
			cp := testCheckpoint(fmt.Sprintf("s%02d", i), "c1")
			cp.Path, cp.CWD = "/p", "/w"
			if i%2 == 0 {
				cp.Scope = "other"
			}
			if _, err := l.RecordCheckpoint(ctx, cp); err != nil {
				return err
			}
			if i%3 == 0 {
				if _, err := l.Acknowledge(ctx, cp, transcript.Processed{Cursor: cp.Cursor}); err != nil {
					return err
				}
			}
		}
		if err := l.PutRun(ctx, Run{ID: "run-1", Scope: "proj-0123abcd", State: "published", Sessions: []string{"s01"}}); err != nil {
			return err
		}
		if err := l.PutReceipt(ctx, Receipt{CommandID: "cmd-1", RequestHash: "sha256:x", Body: []byte(`{}`)}); err != nil {
			return err
		}
		return l.PutRetry(ctx, RetryState{Scope: "proj-0123abcd", Failures: 1})
	})
	for _, seed := range [][]byte{empty, one, many} {
		f.Add(false, seed)
		f.Add(true, seed)
	}
	f.Add(false, []byte{})
	f.Fuzz(func(t *testing.T, fix bool, b []byte) {
		if fix {
			fixMetaChecksums(b)
		}
		if verifyBytes(b) != nil {
			return
		}
		if bad := readEverything(t.Context(), t, b); bad != nil {
			t.Fatalf("a file that verifies: %v", bad)
		}
	})
}
