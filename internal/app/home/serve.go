package home

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ServeLockFile is held (flock) by a running memfs serve and holds its pid.
const ServeLockFile = "serve.pid"

// ErrServeRunning means another memfs serve holds the home's serve lock.
var ErrServeRunning = errors.New("memfs serve is already running for this home")

// LockServe takes the serve lock for this process and writes its pid;
// release gives it up. Another holder fails with ErrServeRunning, naming
// its pid.
func (h *Home) LockServe() (release func(), err error) {
	if err := ensureDir(h.Dir); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(h.Dir, ServeLockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		pid := readPID(f)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w (pid %d)", ErrServeRunning, pid)
		}
		return nil, fmt.Errorf("lock %s: %w", f.Name(), err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() {
		_ = f.Truncate(0)
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// ServePID returns the pid of the memfs serve running for this home, or
// false when none holds the lock.
func (h *Home) ServePID() (int, bool) {
	f, err := os.Open(filepath.Join(h.Dir, ServeLockFile))
	if err != nil {
		return 0, false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err == nil {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return 0, false
	}
	return readPID(f), true
}

func readPID(f *os.File) int {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b[:n])))
	return pid
}
