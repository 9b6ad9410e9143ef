package dream

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/memfs/memfs/internal/fsutil"
)

// runLock marks a run as alive: its process holds an flock on
// runs/<id>.lock for as long as the run lasts, and the kernel drops it when
// the process dies, however it dies.
type runLock struct{ f *os.File }

// lockPath is the lock file of run id in the runs directory.
func lockPath(runs, id string) string { return filepath.Join(runs, id+".lock") }

// lockRun takes run id's lock; it fails when another process holds it.
func lockRun(runs, id string) (*runLock, error) {
	f, err := os.OpenFile(lockPath(runs, id), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock run %s: %w", id, err)
	}
	return &runLock{f: f}, nil
}

// gate serializes a run's last writes with its cancellation from another
// process. The run takes the gate, reads its ledger record, and writes
// (acknowledges, records, decides to publish) only while the record still
// says running; CancelRun takes the same gate to mark it cancelled. So a
// cancel either comes after the run's writes, and the forget that
// cancelled scrubs what they hold, or before them, and the run writes
// nothing. The gate is an flock on runs/<id>.gate, held only for ledger
// transactions, never while waiting for the store lock (forget holds that
// lock while it cancels). Its file is removed only by a holder of its
// lock, and a taker checks that the file it locked is still the one at the
// path, so two processes never both hold it.
type gate struct{ f *os.File }

// gatePath is the gate file of run id in the runs directory.
func gatePath(runs, id string) string { return filepath.Join(runs, id+".gate") }

// lockGate takes run id's gate, waiting for a holder to let go.
func lockGate(runs, id string) (*gate, error) {
	for {
		f, err := os.OpenFile(gatePath(runs, id), os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("gate of run %s: %w", id, err)
		}
		if err := flockRetry(f, syscall.LOCK_EX); err != nil {
			f.Close()
			return nil, fmt.Errorf("gate of run %s: %w", id, err)
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(gatePath(runs, id))
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return &gate{f: f}, nil
		}
		// Removed (and perhaps created again) while we waited.
		f.Close()
	}
}

// flockRetry is flock(how), retried when a signal interrupts it.
func flockRetry(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// unlock lets go of the gate, removing its file first when remove is set.
func (g *gate) unlock(remove bool) {
	if remove {
		_ = os.Remove(g.f.Name())
	}
	g.f.Close()
}

// removeGate removes run id's gate file once no one holds it.
func removeGate(runs, id string) {
	if _, err := os.Stat(gatePath(runs, id)); err != nil {
		return
	}
	if g, err := lockGate(runs, id); err == nil {
		g.unlock(true)
	}
}

// release drops the lock and removes its file.
func (r *runLock) release() {
	name := r.f.Name()
	os.Remove(name)
	r.f.Close()
}

// alive reports whether some process still holds the run's lock.
func alive(runs, id string) bool {
	f, err := os.OpenFile(lockPath(runs, id), os.O_RDWR, 0)
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

// Alive reports whether a live process holds the run's lock.
func Alive(home, runID string) bool { return alive(filepath.Join(home, RunsDir), runID) }

// RemoveRun deletes a staged run's directory (whose files a dreamer may
// have left read-only) and its lock file. A run that is not staged is no
// error.
func RemoveRun(home, runID string) error {
	runs := filepath.Join(home, RunsDir)
	if err := fsutil.RemoveTree(filepath.Join(runs, runID)); err != nil {
		return err
	}
	_ = os.Remove(lockPath(runs, runID))
	if !alive(runs, runID) {
		removeGate(runs, runID)
	}
	return nil
}
