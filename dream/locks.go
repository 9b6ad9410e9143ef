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
	return nil
}
