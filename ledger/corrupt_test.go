package ledger

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/transcript"
)

// soundLedger writes a ledger spread over many pages (checkpoints,
// processed sessions, runs, retry state, receipts) and returns its path.
func soundLedger(t *testing.T) string {
	t.Helper()
	l := newTestLedger(t, Options{})
	ctx := t.Context()
	for i := range 300 {
		cp := testCheckpoint(fmt.Sprintf("session-%03d", i), fmt.Sprintf("cursor-%03d", i))
		mustRecord(t, l, cp)
		if i%3 == 0 {
			if _, err := l.Acknowledge(ctx, cp, transcript.Processed{Cursor: cp.Cursor}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range 20 {
		if err := l.PutRun(ctx, Run{ID: fmt.Sprintf("run-%02d", i), Scope: "proj-0123abcd", State: "published",
			Sessions: []string{"session-001"}, Started: time.Unix(int64(i), 0)}); err != nil {
			t.Fatal(err)
		}
		if err := l.PutReceipt(ctx, Receipt{CommandID: fmt.Sprintf("cmd-%02d", i), RequestHash: "sha256:x", Body: []byte(`{"ok":true}`)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.PutRetry(ctx, RetryState{Scope: "proj-0123abcd", Failures: 2}); err != nil {
		t.Fatal(err)
	}
	return l.Path()
}

// ops runs every kind of ledger operation on the file at path and
// returns their errors by name.
func ops(t *testing.T, path string) map[string]error {
	t.Helper()
	ctx := t.Context()
	l, err := New(path, Options{Timeout: 20 * time.Millisecond, Attempts: 2})
	if err != nil {
		t.Fatal(err)
	}
	errs := map[string]error{}
	_, errs["Session"] = l.Session(ctx, "session-001")
	_, errs["Pending"] = l.Pending(ctx, "proj-0123abcd")
	_, errs["PendingCounts"] = l.PendingCounts(ctx)
	_, errs["Runs"] = l.Runs(ctx)
	_, _, errs["Receipt"] = l.Receipt(ctx, "cmd-01")
	_, errs["RecordCheckpoint"] = l.RecordCheckpoint(ctx, testCheckpoint("session-new", "c1"))
	_, errs["Scrub"] = l.Scrub(ctx, func(id string) bool { return id == "session-002" }, func(id string) string { return id })
	_, errs["Compact"] = l.Compact(ctx)
	errs["Check"] = Check(ctx, path)
	return errs
}

// Ensure that flipped bytes in a real ledger file never make an operation
// panic or crash the process: every operation either works (the damage
// missed what it reads) or fails with ErrCorrupt, code ledger_corrupt, a
// message naming the file and the way out; and that Check finds the damage.
func TestCorrupt_FlippedBytes(t *testing.T) {
	sound := soundLedger(t)
	orig, err := os.ReadFile(sound)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	const seeds = 24
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 0x6c6564676572))
			b := append([]byte(nil), orig...)
			for range 200 {
				b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
			}
			path := filepath.Join(t.TempDir(), FileName)
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			for name, err := range ops(t, path) {
				if err == nil {
					continue
				}
				if !errors.Is(err, ErrCorrupt) || errcode.Of(err) != CodeCorrupt {
					t.Errorf("%s: %v (code %q), want ledger_corrupt", name, err, errcode.Of(err))
					continue
				}
				if msg := err.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, "memfs ledger rebuild") {
					t.Errorf("%s: message does not name the file and the way out: %s", name, msg)
				}
			}
			if Check(t.Context(), path) != nil {
				found++
			}
		})
	}
	// 200 flipped bytes in a file of a few dozen pages leave no page
	// whole; a seed whose damage Check misses would have to miss every
	// reachable page and every record.
	if found < seeds {
		t.Errorf("Check found the damage for %d seeds of %d", found, seeds)
	}
}

// Ensure that an empty file, a file in place of which stands something
// unreadable, and a truncated file are ledger_corrupt, and that none of
// them is replaced by a write.
func TestCorrupt_EmptyOrUnreadable(t *testing.T) {
	sound := soundLedger(t)
	orig, err := os.ReadFile(sound)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		make  func(path string) error
		check func(t *testing.T, path string)
	}{
		{"empty file", func(p string) error { return os.WriteFile(p, nil, 0o600) }, func(t *testing.T, p string) {
			if fi, err := os.Stat(p); err != nil || fi.Size() != 0 {
				t.Errorf("the empty ledger was replaced: %v, %v", fi.Size(), err)
			}
		}},
		{"directory in its place", func(p string) error { return os.Mkdir(p, 0o700) }, func(t *testing.T, p string) {
			if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
				t.Errorf("the unreadable ledger was replaced: %v", err)
			}
		}},
		{"truncated", func(p string) error { return os.WriteFile(p, orig[:len(orig)/3], 0o600) }, func(t *testing.T, p string) {
			if fi, err := os.Stat(p); err != nil || fi.Size() != int64(len(orig)/3) {
				t.Errorf("the truncated ledger was changed: %v", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			if err := tt.make(path); err != nil {
				t.Fatal(err)
			}
			for name, err := range ops(t, path) {
				if !errors.Is(err, ErrCorrupt) || errcode.Of(err) != CodeCorrupt {
					t.Errorf("%s: %v, want ledger_corrupt", name, err)
				}
			}
			tt.check(t, path)
		})
	}
}

// Ensure that Rebuild sets a damaged ledger aside, keeps it, and starts a
// working empty one; and that it refuses a sound ledger.
func TestRebuild(t *testing.T) {
	ctx := t.Context()
	sound := soundLedger(t)
	if _, err := Rebuild(ctx, sound, time.Now()); !errors.Is(err, ErrNotCorrupt) {
		t.Fatalf("Rebuild of a sound ledger: %v, want ErrNotCorrupt", err)
	}
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 1, 15, 4, 5, 0, time.UTC)
	aside, err := Rebuild(ctx, path, now)
	if err != nil {
		t.Fatal(err)
	}
	if want := path + ".corrupt-20261201T150405Z"; aside != want {
		t.Errorf("set aside as %s, want %s", aside, want)
	}
	if _, err := os.Stat(aside); err != nil {
		t.Errorf("the damaged file is not kept: %v", err)
	}
	if err := Check(ctx, path); err != nil {
		t.Fatalf("the new ledger: %v", err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the new ledger: %v, %v; want mode 0600", fi.Mode(), err)
	}
	l, err := New(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustRecord(t, l, testCheckpoint("s1", "c1"))
	if n, err := l.PendingTotal(ctx); err != nil || n != 1 {
		t.Fatalf("the new ledger: PendingTotal %d, %v", n, err)
	}
	// A second damage the same second is set aside beside the first.
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	again, err := Rebuild(ctx, path, now)
	if err != nil || again == aside {
		t.Fatalf("second rebuild: %s, %v", again, err)
	}
}

// Ensure that the ledger's files are readable by their owner only.
func TestFileModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "home")
	l, err := New(filepath.Join(dir, FileName), Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustRecord(t, l, testCheckpoint("s1", "c1"))
	if _, err := l.Compact(context.Background()); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]os.FileMode{dir: os.ModeDir | 0o700, l.Path(): 0o600} {
		if fi, err := os.Stat(p); err != nil || fi.Mode() != want {
			t.Errorf("%s: mode %v, %v; want %v", p, fi.Mode(), err, want)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("files left beside the ledger: %v", ents)
	}
}

// Ensure that guard turns what bbolt does on a damaged page it was not
// stopped from reading, an assertion's panic or a fault in its memory
// map, into ErrCorrupt.
func TestGuard(t *testing.T) {
	tests := []struct {
		name string
		fn   func(*files) error
	}{
		{"panic", func(*files) error { panic("assertion failed: page 7 already freed") }},
		{"fault", func(*files) error {
			m, err := syscall.Mmap(-1, 0, os.Getpagesize(), syscall.PROT_READ, syscall.MAP_ANON|syscall.MAP_PRIVATE)
			if err != nil {
				t.Fatal(err)
			}
			if err := syscall.Munmap(m); err != nil {
				t.Fatal(err)
			}
			// The map is gone: reading it faults, which is not a Go panic.
			if m[0] != 0 {
				return errors.New("read an unmapped page")
			}
			return nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := guard("/x/ledger.db", tt.fn)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "/x/ledger.db") {
				t.Fatalf("guard: %v, want ErrCorrupt naming the file", err)
			}
		})
	}
}
