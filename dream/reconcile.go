package dream

import (
	"context"
	"path/filepath"
	"time"

	"github.com/memfs/memfs/ledger"
)

// ReasonCrashed marks a run found "running" with no live process behind
// it: its process died; it is reconciled as cancelled.
const ReasonCrashed = "crashed"

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
		_ = RemoveRun(home, r.ID)
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

// CancelRun records run runID as cancelled (ReasonCancelled) at now when
// the ledger still has it running; any other run is left as it is. It
// takes the run's gate (locks.go), so once it returns the run, in whatever
// process, writes nothing more about its sessions: no acknowledgement, no
// record, no publication it had not begun.
func CancelRun(ctx context.Context, home string, l *ledger.Ledger, runID string, now time.Time) error {
	runs := filepath.Join(home, RunsDir)
	g, err := lockGate(runs, runID)
	if err != nil {
		return err
	}
	// The run removes its gate when it ends; a run no process runs any
	// more leaves it to be removed here.
	defer func() { g.unlock(!alive(runs, runID)) }()
	r, ok, err := l.Run(ctx, runID)
	if err != nil || !ok || r.State != StateRunning {
		return err
	}
	r.State, r.Error, r.Finished = StateCancelled, ReasonCancelled, now.UTC()
	return l.PutRun(ctx, r)
}
