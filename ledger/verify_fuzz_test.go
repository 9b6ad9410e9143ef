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
//
// The fuzzer mutates a small description of a file, not the file: which
// seed ledger (seed, modulo their number), a length to cut it to or pad it
// with zeros to (size; 0 keeps it), and up to maxFuzzEdits edits of
// fuzzEditSize bytes each, a little-endian offset (modulo the length) and
// the byte written there. A whole file is 4 KiB at least, and Go's
// minimizer, whose work grows with the square of an input's length and
// runs the target (a few ms here) for each candidate, stalled the fuzzer
// on every new input it found.
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
	seeds := [][]byte{empty, one, many}
	for i := range seeds {
		f.Add(false, uint8(i), uint16(0), []byte{})
		f.Add(true, uint8(i), uint16(0), []byte{})
	}
	// The first meta page's page-size field (offset 24) set to 0x400.
	f.Add(true, uint8(0), uint16(0), []byte{25, 0, 4})
	f.Fuzz(func(t *testing.T, fix bool, seed uint8, size uint16, edits []byte) {
		if len(edits) > maxFuzzEdits*fuzzEditSize {
			return
		}
		b := fuzzFile(seeds[int(seed)%len(seeds)], int(size), edits)
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

const (
	// maxFuzzEdits bounds the edits FuzzVerify applies to a seed, so that
	// each new input the fuzzer minimizes is short.
	maxFuzzEdits = 16
	// fuzzEditSize is the length of one edit: a 2-byte offset and a byte.
	fuzzEditSize = 3
)

// fuzzFile returns a copy of seed cut to size bytes or padded with zeros
// to it (size 0 keeps the seed's length), with edits applied: each
// fuzzEditSize bytes of edits write their last byte at the little-endian
// offset their first two give, modulo the length. A trailing partial edit
// is ignored.
func fuzzFile(seed []byte, size int, edits []byte) []byte {
	if size == 0 {
		size = len(seed)
	}
	b := make([]byte, size)
	copy(b, seed)
	for ; len(edits) >= fuzzEditSize && len(b) > 0; edits = edits[fuzzEditSize:] {
		off := int(edits[0]) | int(edits[1])<<8
		b[off%len(b)] = edits[2]
	}
	return b
}
