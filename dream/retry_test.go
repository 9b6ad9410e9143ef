package dream

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/memfs/memfs/ledger"
)

func newTestLedger(t *testing.T) (*ledger.Ledger, string) {
	t.Helper()
	home := t.TempDir()
	l, err := ledger.New(filepath.Join(home, ledger.FileName), ledger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return l, home
}

// Ensure that failures back off 60 s, then 300 s, then stop automatic
// runs, and that a success resets the count.
func TestRetry_Backoff(t *testing.T) {
	l, home := newTestLedger(t)
	ctx := t.Context()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	due := func(at time.Time) bool {
		t.Helper()
		ok, _, err := Due(ctx, l, "proj", at)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !due(t0) {
		t.Fatal("a scope without failures is not due")
	}
	steps := []struct {
		wait    time.Duration
		stopped bool
	}{{FirstBackoff, false}, {SecondBackoff, false}, {0, true}}
	now := t0
	for i, st := range steps {
		if err := recordOutcome(ctx, l, "proj", true, now); err != nil {
			t.Fatal(err)
		}
		if st.stopped {
			if due(now.Add(24 * time.Hour)) {
				t.Fatalf("after %d failures automatic runs still go", i+1)
			}
			// The state is in the ledger file: a new process sees it.
			l2, err := ledger.New(filepath.Join(home, ledger.FileName), ledger.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ok, st, err := Due(ctx, l2, "proj", now.Add(24*time.Hour)); err != nil || ok || !st.Stopped {
				t.Fatalf("a fresh ledger handle sees due=%v stopped=%v (%v)", ok, st.Stopped, err)
			}
			break
		}
		if due(now.Add(st.wait - time.Second)) {
			t.Fatalf("failure %d: due before its %v backoff", i+1, st.wait)
		}
		if !due(now.Add(st.wait)) {
			t.Fatalf("failure %d: not due after its %v backoff", i+1, st.wait)
		}
		now = now.Add(st.wait)
	}
	if err := recordOutcome(ctx, l, "proj", false, now); err != nil {
		t.Fatal(err)
	}
	if !due(now) {
		t.Fatal("a success did not reset the retry state")
	}
	if !due(t0) {
		t.Fatal("another scope's state leaked")
	}
}

// Ensure that a run left "running" by a dead process is reconciled as
// cancelled, while a run whose process is alive is left alone.
func TestReconcile(t *testing.T) {
	l, home := newTestLedger(t)
	ctx := t.Context()
	runs := filepath.Join(home, RunsDir)
	if err := os.MkdirAll(filepath.Join(runs, "dead"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"dead", "live"} {
		if err := l.PutRun(ctx, ledger.Run{ID: id, Scope: "proj", State: StateRunning, Started: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	lock, err := lockRun(runs, "live")
	if err != nil {
		t.Fatal(err)
	}
	defer lock.release()
	got, err := Reconcile(ctx, home, l, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "dead" {
		t.Fatalf("reconciled %v, want [dead]", got)
	}
	dead, _, _ := l.Run(ctx, "dead")
	live, _, _ := l.Run(ctx, "live")
	if dead.State != StateCancelled || dead.Error != ReasonCrashed {
		t.Errorf("dead run is %s/%s", dead.State, dead.Error)
	}
	if live.State != StateRunning {
		t.Errorf("live run was touched: %s", live.State)
	}
	if _, err := os.Stat(filepath.Join(runs, "dead")); !os.IsNotExist(err) {
		t.Errorf("dead run's directory left behind: %v", err)
	}
}
