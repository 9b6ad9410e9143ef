package ledger

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/transcript"
)

// The test binary doubles as a second memfs process: with these variables
// set it opens the ledger and holds it until its stdin closes.
const (
	envHold = "MEMFS_LEDGER_TEST_HOLD"
	envMode = "MEMFS_LEDGER_TEST_MODE"
)

func TestMain(m *testing.M) {
	if path := os.Getenv(envHold); path != "" {
		os.Exit(hold(path, os.Getenv(envMode)))
	}
	os.Exit(m.Run())
}

// hold runs in the helper process. Mode "tx" stays inside a write
// transaction, as a process in the middle of an update; mode "idle" keeps a
// Ledger handle after using it, as a mount or serve does between updates.
func hold(path, mode string) int {
	ctx := context.Background()
	l, err := New(path, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	switch mode {
	case "tx":
		err = l.update(ctx, func(*bolt.Tx) error {
			fmt.Println("held")
			_, err := io.Copy(io.Discard, os.Stdin)
			return err
		})
	case "idle":
		if _, err = l.RecordCheckpoint(ctx, testCheckpoint("holder", "c1")); err == nil {
			fmt.Println("held")
			_, err = io.Copy(io.Discard, os.Stdin)
		}
	default:
		err = fmt.Errorf("unknown mode %q", mode)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startHolder starts the helper process on path and returns once it holds
// the ledger. release lets it finish; it is also called at cleanup.
func startHolder(t *testing.T, path, mode string) (release func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$") // not t.Context(): it ends before cleanup waits
	// GORACE: a race-enabled binary otherwise lingers a second at exit.
	cmd.Env = append(os.Environ(), envHold+"="+path, envMode+"="+mode, "GORACE=atexit_sleep_ms=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() { once.Do(func() { stdin.Close() }) }
	t.Cleanup(func() {
		release()
		if err := cmd.Wait(); err != nil {
			t.Errorf("holder process: %v\n%s", err, stderr.String())
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || line != "held\n" {
		t.Fatalf("holder said %q, %v\n%s", line, err, stderr.String())
	}
	return release
}

// newTestLedger returns a ledger in a temporary directory whose file, if
// any, must pass bbolt's consistency check when the test ends.
func newTestLedger(t *testing.T, opts Options) *Ledger {
	t.Helper()
	if opts.Now == nil {
		opts.Now = func() time.Time { return time.Date(2026, 4, 2, 8, 0, 0, 0, time.UTC) }
	}
	l, err := New(filepath.Join(t.TempDir(), FileName), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { checkConsistency(t, l.Path()) })
	return l
}

// checkConsistency runs bbolt's own check over the file.
func checkConsistency(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Errorf("reopen %s: %v", path, err)
		return
	}
	defer db.Close()
	err = db.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			t.Errorf("bbolt check: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Errorf("check view: %v", err)
	}
}

func testCheckpoint(session, cursor string) Checkpoint {
	return Checkpoint{
		Scope: "proj-0123abcd",
		Checkpoint: transcript.Checkpoint{
			SessionID: session,
			Path:      "/home/alice/.claude/projects/p/" + session + ".jsonl",
			Format:    "claude",
			Cursor:    cursor,
			Digest:    "sha256:" + cursor,
			Bytes:     int64(100 * len(cursor)),
			CWD:       "/home/alice/proj",
		},
	}
}

func mustRecord(t *testing.T, l *Ledger, cp Checkpoint) RecordResult {
	t.Helper()
	res, err := l.RecordCheckpoint(t.Context(), cp)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func mustSession(t *testing.T, l *Ledger, id string) SessionState {
	t.Helper()
	st, err := l.Session(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func pendingCursors(t *testing.T, l *Ledger, scope string) []string {
	t.Helper()
	cps, err := l.Pending(t.Context(), scope)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, cp := range cps {
		out = append(out, cp.SessionID+"@"+cp.Cursor)
	}
	return out
}

// Ensure that a ledger nobody wrote reads as empty and is not created by
// reading.
func TestLedger_EmptyReads(t *testing.T) {
	l := newTestLedger(t, Options{})
	st := mustSession(t, l, "s1")
	if st.Checkpoint != nil || st.Processed != nil || st.Pending {
		t.Fatalf("empty ledger session state %+v", st)
	}
	if n, err := l.PendingTotal(t.Context()); err != nil || n != 0 {
		t.Fatalf("PendingTotal = %d, %v", n, err)
	}
	if _, err := os.Stat(l.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("reading created the file: %v", err)
	}
}

// Ensure that recording the same cursor twice is a no-op that leaves the
// file byte for byte unchanged.
func TestRecordCheckpoint_Idempotent(t *testing.T) {
	l := newTestLedger(t, Options{})
	first := mustRecord(t, l, testCheckpoint("s1", "c1"))
	if !first.Changed || !first.Pending || first.Previous != nil {
		t.Fatalf("first record %+v", first)
	}
	fi, err := os.Stat(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("ledger mode %v, want 0600", fi.Mode().Perm())
	}
	before, err := os.ReadFile(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	again := testCheckpoint("s1", "c1")
	again.Bytes += 7 // non-chain lines appended after the cursor
	second := mustRecord(t, l, again)
	if second.Changed || !second.Pending || second.Previous == nil {
		t.Fatalf("second record %+v", second)
	}
	after, err := os.ReadFile(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Fatal("re-recording the same cursor changed the file")
	}
	st := mustSession(t, l, "s1")
	if st.Checkpoint.Seq != 1 || st.Checkpoint.Bytes != testCheckpoint("s1", "c1").Bytes {
		t.Fatalf("stored checkpoint %+v, want the first recording", st.Checkpoint)
	}
	if got := pendingCursors(t, l, "proj-0123abcd"); len(got) != 1 || got[0] != "s1@c1" {
		t.Fatalf("pending %v", got)
	}
}

// Ensure that the latest recorded cursor of a session replaces the earlier
// one, in the checkpoint and in the pending list.
func TestRecordCheckpoint_LatestWins(t *testing.T) {
	l := newTestLedger(t, Options{})
	mustRecord(t, l, testCheckpoint("s1", "c1"))
	mustRecord(t, l, testCheckpoint("s2", "x1"))
	res := mustRecord(t, l, testCheckpoint("s1", "c2"))
	if !res.Changed || res.Previous == nil || res.Previous.Cursor != "c1" {
		t.Fatalf("record c2: %+v", res)
	}
	if got := mustSession(t, l, "s1").Checkpoint.Cursor; got != "c2" {
		t.Fatalf("cursor %q, want c2", got)
	}
	if got := strings.Join(pendingCursors(t, l, "proj-0123abcd"), " "); got != "s2@x1 s1@c2" {
		t.Fatalf("pending %q, want oldest recording first", got)
	}
	// The same cursor with a different digest (the branch up to it changed)
	// is a new checkpoint.
	cp := testCheckpoint("s1", "c2")
	cp.Digest = "sha256:other"
	if res := mustRecord(t, l, cp); !res.Changed {
		t.Fatal("a changed digest was not recorded")
	}
	if n, err := l.PendingTotal(t.Context()); err != nil || n != 2 {
		t.Fatalf("PendingTotal = %d, %v; want 2", n, err)
	}
}

// Ensure that a session recorded under another scope moves between the
// scopes' pending lists.
func TestRecordCheckpoint_ScopeMoves(t *testing.T) {
	l := newTestLedger(t, Options{})
	mustRecord(t, l, testCheckpoint("s1", "c1"))
	cp := testCheckpoint("s1", "c1")
	cp.Scope = "default"
	if res := mustRecord(t, l, cp); !res.Changed {
		t.Fatal("a scope change was not recorded")
	}
	counts, err := l.PendingCounts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) != 1 || counts["default"] != 1 {
		t.Fatalf("pending counts %v, want only default", counts)
	}
}

// Ensure that acknowledging clears the pending entry only when the
// checkpoint did not move during the run, and that re-recording what was
// processed does not make the session pending again.
func TestAcknowledge(t *testing.T) {
	l := newTestLedger(t, Options{})
	ctx := t.Context()
	c1 := testCheckpoint("s1", "c1")
	mustRecord(t, l, c1)
	began := mustSession(t, l, "s1").Checkpoint
	acked, err := l.Acknowledge(ctx, *began, transcript.Processed{Cursor: "c1", Digest: c1.Digest})
	if err != nil || !acked {
		t.Fatalf("Acknowledge = %v, %v", acked, err)
	}
	st := mustSession(t, l, "s1")
	if st.Pending || st.Processed == nil || st.Processed.Cursor != "c1" {
		t.Fatalf("after ack %+v", st)
	}
	if n, _ := l.PendingTotal(ctx); n != 0 {
		t.Fatalf("PendingTotal %d after ack", n)
	}
	if res := mustRecord(t, l, c1); res.Changed || res.Pending {
		t.Fatalf("re-record of the processed cursor: %+v", res)
	}

	// A checkpoint recorded while a run works on c2 keeps the session
	// pending after the run acknowledges c2.
	mustRecord(t, l, testCheckpoint("s1", "c2"))
	began = mustSession(t, l, "s1").Checkpoint
	mustRecord(t, l, testCheckpoint("s1", "c3"))
	acked, err = l.Acknowledge(ctx, *began, transcript.Processed{Cursor: "c2", Digest: began.Digest})
	if err != nil || acked {
		t.Fatalf("Acknowledge of a moved checkpoint = %v, %v", acked, err)
	}
	st = mustSession(t, l, "s1")
	if !st.Pending || st.Checkpoint.Cursor != "c3" || st.Processed.Cursor != "c2" {
		t.Fatalf("after stale ack %+v %+v", st.Checkpoint, st.Processed)
	}
	// Going back to the processed cursor is not pending work.
	if res := mustRecord(t, l, testCheckpoint("s1", "c2")); !res.Changed || res.Pending {
		t.Fatalf("record of the processed cursor: %+v", res)
	}
	if n, _ := l.PendingTotal(ctx); n != 0 {
		t.Fatalf("PendingTotal %d, want 0", n)
	}
}

// Ensure that DeleteSession leaves nothing of the session behind.
func TestDeleteSession(t *testing.T) {
	l := newTestLedger(t, Options{})
	c1 := testCheckpoint("s1", "c1")
	mustRecord(t, l, c1)
	if _, err := l.Acknowledge(t.Context(), c1, transcript.Processed{Cursor: "c0"}); err != nil {
		t.Fatal(err)
	}
	if err := l.DeleteSession(t.Context(), "s1"); err != nil {
		t.Fatal(err)
	}
	if st := mustSession(t, l, "s1"); st.Checkpoint != nil || st.Processed != nil || st.Pending {
		t.Fatalf("after delete %+v", st)
	}
	if n, _ := l.PendingTotal(t.Context()); n != 0 {
		t.Fatalf("PendingTotal %d after delete", n)
	}
}

// Ensure that incomplete records are refused.
func TestRecordCheckpoint_Invalid(t *testing.T) {
	l := newTestLedger(t, Options{})
	for _, cp := range []Checkpoint{{}, {Scope: "s", Checkpoint: transcript.Checkpoint{SessionID: "x"}}, {Checkpoint: transcript.Checkpoint{SessionID: "x", Cursor: "c"}}} {
		if _, err := l.RecordCheckpoint(t.Context(), cp); !errors.Is(err, ErrInvalid) {
			t.Errorf("RecordCheckpoint(%+v) = %v, want ErrInvalid", cp, err)
		}
	}
}

// Ensure that many goroutines of one process can record at once.
func TestRecordCheckpoint_ConcurrentInProcess(t *testing.T) {
	l := newTestLedger(t, Options{})
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Go(func() {
			_, err := l.RecordCheckpoint(t.Context(), testCheckpoint(fmt.Sprintf("s%d", i), "c1"))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n, err := l.PendingTotal(t.Context()); err != nil || n != 8 {
		t.Fatalf("PendingTotal = %d, %v; want 8", n, err)
	}
}

// Ensure that a checkpoint recorded while another process is inside a
// transaction waits for it and then succeeds.
func TestRecordCheckpoint_WaitsForOtherProcess(t *testing.T) {
	// bbolt polls the lock every 50 ms until Timeout; a shorter Timeout
	// would make each attempt a single try and the wait a busy loop.
	l := newTestLedger(t, Options{Timeout: 200 * time.Millisecond, Attempts: 1000})
	release := startHolder(t, l.Path(), "tx")
	waited := 0
	l.lockWaited = func(int) {
		waited++
		release() // the other process finishes its transaction
	}
	if _, err := l.RecordCheckpoint(t.Context(), testCheckpoint("s1", "c1")); err != nil {
		t.Fatal(err)
	}
	if waited == 0 {
		t.Fatal("the record did not wait for the other process's lock")
	}
	if got := mustSession(t, l, "s1").Checkpoint; got == nil || got.Cursor != "c1" {
		t.Fatalf("checkpoint %+v", got)
	}
}

// Ensure that a lock held past every attempt fails with ErrLocked and the
// stable message.
func TestRecordCheckpoint_Locked(t *testing.T) {
	l := newTestLedger(t, Options{Timeout: 20 * time.Millisecond, Attempts: 2})
	startHolder(t, l.Path(), "tx")
	attempts := 0
	l.lockWaited = func(int) { attempts++ }
	_, err := l.RecordCheckpoint(t.Context(), testCheckpoint("s1", "c1"))
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "ledger locked by another memfs") {
		t.Fatalf("err = %v, want ErrLocked", err)
	}
	if attempts != 2 {
		t.Fatalf("%d attempts, want 2", attempts)
	}
	if _, err := l.Session(t.Context(), "s1"); !errors.Is(err, ErrLocked) {
		t.Fatalf("read under an exclusive lock: %v, want ErrLocked", err)
	}
}

// Ensure that a long-running process that keeps a Ledger handle between
// operations does not hold the file lock.
func TestRecordCheckpoint_IdleHandleDoesNotBlock(t *testing.T) {
	l := newTestLedger(t, Options{})
	startHolder(t, l.Path(), "idle")
	l.lockWaited = func(int) { t.Error("waited for a lock the idle process should not hold") }
	mustRecord(t, l, testCheckpoint("s1", "c1"))
	if n, err := l.PendingTotal(t.Context()); err != nil || n != 2 {
		t.Fatalf("PendingTotal = %d, %v; want 2 (holder's and ours)", n, err)
	}
}

// Ensure that a ledger written by a newer memfs is refused, not rewritten.
func TestLedger_UnsupportedVersion(t *testing.T) {
	l := newTestLedger(t, Options{})
	mustRecord(t, l, testCheckpoint("s1", "c1"))
	db, err := bolt.Open(l.Path(), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keyVersion, []byte("99")) })
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.RecordCheckpoint(t.Context(), testCheckpoint("s1", "c2")); !errors.Is(err, ErrUnsupportedVersion) {
		t.Errorf("write: %v, want ErrUnsupportedVersion", err)
	}
	if _, err := l.Session(t.Context(), "s1"); !errors.Is(err, ErrUnsupportedVersion) {
		t.Errorf("read: %v, want ErrUnsupportedVersion", err)
	}
}

// Ensure that the buckets reserved for later capabilities round-trip.
func TestLedger_ReservedBuckets(t *testing.T) {
	l := newTestLedger(t, Options{})
	ctx := t.Context()
	started := time.Date(2026, 4, 2, 9, 0, 0, 0, time.UTC)
	if err := l.PutRun(ctx, Run{ID: "r2", Scope: "default", State: "running", Sessions: []string{"s1"}, Started: started}); err != nil {
		t.Fatal(err)
	}
	if err := l.PutRun(ctx, Run{ID: "r1", Scope: "default", State: "published", Started: started}); err != nil {
		t.Fatal(err)
	}
	if r, ok, err := l.Run(ctx, "r2"); err != nil || !ok || r.State != "running" || !r.Started.Equal(started) || r.Sessions[0] != "s1" {
		t.Fatalf("Run(r2) = %+v, %v, %v", r, ok, err)
	}
	if _, ok, err := l.Run(ctx, "nope"); ok || err != nil {
		t.Fatalf("Run(nope) = %v, %v", ok, err)
	}
	if runs, err := l.Runs(ctx); err != nil || len(runs) != 2 || runs[0].ID != "r1" {
		t.Fatalf("Runs = %+v, %v", runs, err)
	}

	if r, err := l.Retry(ctx, "default"); err != nil || r.Failures != 0 || r.Scope != "default" {
		t.Fatalf("Retry before = %+v, %v", r, err)
	}
	if err := l.PutRetry(ctx, RetryState{Scope: "default", Failures: 3, Stopped: true}); err != nil {
		t.Fatal(err)
	}
	if r, err := l.Retry(ctx, "default"); err != nil || r.Failures != 3 || !r.Stopped {
		t.Fatalf("Retry = %+v, %v", r, err)
	}
	if err := l.ResetRetry(ctx, "default"); err != nil {
		t.Fatal(err)
	}
	if r, err := l.Retry(ctx, "default"); err != nil || r.Failures != 0 {
		t.Fatalf("Retry after reset = %+v, %v", r, err)
	}

	if err := l.PutReceipt(ctx, Receipt{CommandID: "cmd-1", RequestHash: "h", Body: []byte(`{"receipt_id":"x"}`)}); err != nil {
		t.Fatal(err)
	}
	if r, ok, err := l.Receipt(ctx, "cmd-1"); err != nil || !ok || string(r.Body) != `{"receipt_id":"x"}` {
		t.Fatalf("Receipt = %+v, %v, %v", r, ok, err)
	}

	for _, name := range allBuckets {
		if !bucketExists(t, l.Path(), name) {
			t.Errorf("bucket %s missing", name)
		}
	}
}

func bucketExists(t *testing.T, path string, name []byte) bool {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var ok bool
	_ = db.View(func(tx *bolt.Tx) error { ok = tx.Bucket(name) != nil; return nil })
	return ok
}

// A record written before the ledger stored the transcript's types (flat
// fields, no "root") still reads, field by field.
func TestOldRecordsStillRead(t *testing.T) {
	l := newTestLedger(t, Options{})
	ctx := t.Context()
	mustRecord(t, l, testCheckpoint("s0", "c0")) // creates the buckets
	oldCP := `{"scope":"proj","session_id":"s1","path":"/t/s1.jsonl","format":"pi","cursor":"c1","digest":"d1","bytes":42,"entries":3,"cwd":"/w","forked_from":"s0","recorded":"2024-05-01T10:00:00Z","seq":7}`
	oldDone := `{"cursor":"c0","digest":"d0","entries":2}`
	err := l.update(ctx, func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketCheckpoints).Put([]byte("s1"), []byte(oldCP)); err != nil {
			return err
		}
		return tx.Bucket(bucketProcessed).Put([]byte("s1"), []byte(oldDone))
	})
	if err != nil {
		t.Fatal(err)
	}
	st := mustSession(t, l, "s1")
	want := Checkpoint{
		Checkpoint: transcript.Checkpoint{SessionID: "s1", Path: "/t/s1.jsonl", Format: "pi", Cursor: "c1",
			Digest: "d1", Bytes: 42, Entries: 3, CWD: "/w", ForkedFrom: "s0"},
		Scope: "proj", Recorded: time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC), Seq: 7,
	}
	if st.Checkpoint == nil || *st.Checkpoint != want {
		t.Fatalf("checkpoint %+v, want %+v", st.Checkpoint, want)
	}
	if st.Processed == nil || *st.Processed != (transcript.Processed{Cursor: "c0", Digest: "d0", Entries: 2}) {
		t.Fatalf("processed %+v", st.Processed)
	}
}

func TestCodeOf(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("/x/ledger.db: %w", ErrLocked), CodeLocked},
		{ErrInvalid, ""},
		{errors.New("other"), ""},
		{nil, ""},
	} {
		if got := errcode.Of(tc.err); got != tc.want {
			t.Errorf("errcode.Of(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// Ensure that a failed checkpoint leaves the pending list, is listed by
// Failed, is not marked when a newer cursor was recorded meanwhile, comes
// back pending when the same cursor is recorded again, and is removed by
// DropFailed (which refuses a checkpoint that did not fail).
func TestFailCheckpoint(t *testing.T) {
	ctx := t.Context()
	l := newTestLedger(t, Options{})
	c1 := testCheckpoint("s1", "c1")
	mustRecord(t, l, c1)
	stale := testCheckpoint("s2", "c1")
	mustRecord(t, l, stale)
	mustRecord(t, l, testCheckpoint("s2", "c2"))

	if ok, err := l.FailCheckpoint(ctx, stale, "source_unavailable"); err != nil || ok {
		t.Fatalf("FailCheckpoint of a replaced cursor = %v, %v; want false", ok, err)
	}
	if ok, err := l.FailCheckpoint(ctx, c1, "source_unavailable"); err != nil || !ok {
		t.Fatalf("FailCheckpoint = %v, %v", ok, err)
	}
	if got := pendingCursors(t, l, c1.Scope); !slices.Equal(got, []string{"s2@c2"}) {
		t.Fatalf("pending %v, want only s2@c2", got)
	}
	failed, err := l.Failed(ctx)
	if err != nil || len(failed) != 1 || failed[0].SessionID != "s1" || failed[0].Failed.Code != "source_unavailable" {
		t.Fatalf("Failed = %+v, %v", failed, err)
	}

	if res := mustRecord(t, l, c1); !res.Changed || !res.Pending {
		t.Fatalf("recording the failed cursor again = %+v; want changed and pending", res)
	}
	if failed, _ := l.Failed(ctx); len(failed) != 0 {
		t.Fatalf("still failed after a new recording: %+v", failed)
	}

	if _, err := l.DropFailed(ctx, "s2"); !errors.Is(err, ErrNotFailed) {
		t.Fatalf("DropFailed of a pending checkpoint: %v", err)
	}
	if _, err := l.FailCheckpoint(ctx, *mustSession(t, l, "s1").Checkpoint, "source_unavailable"); err != nil {
		t.Fatal(err)
	}
	if cp, err := l.DropFailed(ctx, "s1"); err != nil || cp.SessionID != "s1" {
		t.Fatalf("DropFailed = %+v, %v", cp, err)
	}
	if st := mustSession(t, l, "s1"); st.Checkpoint != nil || st.Pending {
		t.Fatalf("after drop %+v", st)
	}
	if _, err := l.DropFailed(ctx, "s1"); !errors.Is(err, ErrNotFailed) {
		t.Fatalf("second DropFailed: %v", err)
	}
}
