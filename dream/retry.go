package dream

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/ledger"
)

// Retry policy: after a scope's first consecutive failure its next
// automatic run waits FirstBackoff, after the second SecondBackoff; after
// MaxFailures automatic runs stop until an explicit run (memfs dream --now)
// or a reset (memfs dream --reset). A successful run resets the count.
const (
	FirstBackoff  = 60 * time.Second
	SecondBackoff = 300 * time.Second
	MaxFailures   = 3
)

// ReasonCrashed marks a run found "running" with no live process behind
// it: its process died; it is reconciled as cancelled.
const ReasonCrashed = "crashed"

// Due reports whether an automatic run of scope may start at now, and the
// retry state that decided it.
func Due(ctx context.Context, l *ledger.Ledger, scope string, now time.Time) (bool, ledger.RetryState, error) {
	st, err := l.Retry(ctx, scope)
	if err != nil {
		return false, st, err
	}
	if st.Stopped {
		return false, st, nil
	}
	return st.NextAttempt.IsZero() || !now.Before(st.NextAttempt), st, nil
}

// recordOutcome updates the scope's retry state after a run.
func recordOutcome(ctx context.Context, l *ledger.Ledger, scope string, failed bool, now time.Time) error {
	if !failed {
		return l.ResetRetry(ctx, scope)
	}
	st, err := l.Retry(ctx, scope)
	if err != nil {
		return err
	}
	st.Scope = scope
	st.Failures++
	st.LastFailure = now
	switch {
	case st.Failures >= MaxFailures:
		st.Stopped, st.NextAttempt = true, time.Time{}
	case st.Failures == 1:
		st.NextAttempt = now.Add(FirstBackoff)
	default:
		st.NextAttempt = now.Add(SecondBackoff)
	}
	return l.PutRetry(ctx, st)
}

// runLock marks a run as alive: its process holds an flock on
// runs/<id>.lock for as long as the run lasts, and the kernel drops it when
// the process dies, however it dies.
type runLock struct{ f *os.File }

func lockRun(runs, id string) (*runLock, error) {
	f, err := os.OpenFile(filepath.Join(runs, id+".lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock run %s: %w", id, err)
	}
	return &runLock{f: f}, nil
}

func (r *runLock) release() {
	name := r.f.Name()
	os.Remove(name)
	r.f.Close()
}

// alive reports whether some process still holds the run's lock.
func alive(runs, id string) bool {
	f, err := os.OpenFile(filepath.Join(runs, id+".lock"), os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == nil {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return false
	}
	return errors.Is(err, syscall.EWOULDBLOCK)
}

// Reconcile finds runs left "running" by a process that died (a crash, a
// kill -9) and records them as cancelled (reason ReasonCrashed), removing their
// staged directories. Their evidence was never acknowledged, so it is still
// pending. It returns the ids it reconciled.
func Reconcile(ctx context.Context, home string, l *ledger.Ledger, now time.Time) ([]string, error) {
	runs := filepath.Join(home, RunsDir)
	all, err := l.Runs(ctx)
	if err != nil {
		return nil, err
	}
	var done []string
	for _, r := range all {
		if r.State != StateRunning || alive(runs, r.ID) {
			continue
		}
		r.State, r.Error, r.Finished = StateCancelled, ReasonCrashed, now.UTC()
		if err := l.PutRun(ctx, r); err != nil {
			return done, err
		}
		_ = fsutil.RemoveTree(filepath.Join(runs, r.ID))
		os.Remove(filepath.Join(runs, r.ID+".lock"))
		done = append(done, r.ID)
	}
	return done, nil
}

// InProgress returns the runs that a live process is forming now (state
// running, run lock held).
func InProgress(ctx context.Context, home string, l *ledger.Ledger) ([]ledger.Run, error) {
	all, err := l.Runs(ctx)
	if err != nil {
		return nil, err
	}
	var out []ledger.Run
	for _, r := range all {
		if r.State == StateRunning && alive(filepath.Join(home, RunsDir), r.ID) {
			out = append(out, r)
		}
	}
	return out, nil
}

// Alive reports whether a live process holds the run's lock.
func Alive(home, runID string) bool { return alive(filepath.Join(home, RunsDir), runID) }
