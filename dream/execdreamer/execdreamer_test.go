package execdreamer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/storetest"
)

// runDir lays out the parts of a run directory the command may look at.
func runDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{".dreaming/input", ".memory"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, ".dreaming/instructions.md"), []byte("# rules\n"), 0o400); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Ensure that the command runs in the run directory with the MEMFS_*
// variables, that its edits land in .memory and its output is the summary.
func TestDream_RunsCommand(t *testing.T) {
	dir := runDir(t)
	d := Dreamer{Command: `test "$PWD" = "$MEMFS_RUN_DIR" && test -d "$MEMFS_INPUT" && test -f "$MEMFS_INSTRUCTIONS" &&
		printf '# Notes\n' > "$MEMFS_MEMORY/summary.md" && echo edited one file`}
	summary, err := d.Dream(t.Context(), dir)
	if err != nil {
		t.Fatalf("Dream: %v", err)
	}
	if summary != "edited one file" {
		t.Errorf("summary %q", summary)
	}
	if b, err := os.ReadFile(filepath.Join(dir, ".memory/summary.md")); err != nil || string(b) != "# Notes\n" {
		t.Errorf("the command's edit is missing: %q %v", b, err)
	}
}

// Ensure that a failing or missing command is an error.
func TestDream_Failures(t *testing.T) {
	for _, cmd := range []string{"exit 3", "", "no-such-command-memfs"} {
		if _, err := (Dreamer{Command: cmd}).Dream(t.Context(), runDir(t)); err == nil {
			t.Errorf("command %q: no error", cmd)
		}
	}
}

// Ensure that when the run's context ends, the whole process group is
// killed: the command and what it started in the background.
func TestDream_TimeoutKillsGroup(t *testing.T) {
	dir := runDir(t)
	pidFile := filepath.Join(dir, "child.pid")
	ready := filepath.Join(dir, "ready")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	type result struct{ err error }
	done := make(chan result, 1)
	go func() {
		_, err := Dreamer{Command: `sleep 300 & echo $! > child.pid; : > ready; wait`, KillGrace: 100 * time.Millisecond}.Dream(ctx, dir)
		done <- result{err}
	}()
	storetest.Eventually(t, "the command started", func() bool { _, err := os.Stat(ready); return err == nil })
	cancel()
	var res result
	select {
	case res = <-done:
	case <-t.Context().Done():
		t.Fatal("Dream did not return after its context ended")
	}
	if !errors.Is(res.err, context.Canceled) {
		t.Fatalf("Dream error %v, want context.Canceled", res.err)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	// The background sleep was killed with its group; it may linger as a
	// zombie until init reaps it, but it must not be running.
	storetest.Eventually(t, "the background child is gone", func() bool { return !running(pid) })
}

// running reports whether pid exists and is not a zombie.
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// Ensure that nothing the command starts outlives the run: not a child
// that left the process group with setsid, not one orphaned by a double
// fork, whether the command exits or is cancelled, with a cgroup and with
// the subreaper sweep alone.
func TestDream_ContainsEscapedChildren(t *testing.T) {
	scripts := []struct{ name, cmd string }{
		{"setsid", `setsid -f sh -c 'echo $$ > child.pid; exec sleep 300' >/dev/null 2>&1 </dev/null`},
		{"double fork", `( ( sleep 300 >/dev/null 2>&1 & echo $! > child.pid ) & )`},
	}
	for _, s := range scripts {
		for _, cgroup := range []bool{true, false} {
			for _, cancelled := range []bool{false, true} {
				name := fmt.Sprintf("%s/cgroup=%v/cancelled=%v", s.name, cgroup, cancelled)
				t.Run(name, func(t *testing.T) {
					dir := runDir(t)
					ctx, cancel := context.WithCancel(t.Context())
					defer cancel()
					cmd := s.cmd + `; while [ ! -s child.pid ]; do :; done; echo started`
					if cancelled {
						cmd += `; : > ready; sleep 300`
					}
					d := Dreamer{Command: cmd, KillGrace: 100 * time.Millisecond, noCgroup: !cgroup}
					done := make(chan error, 1)
					go func() { _, err := d.Dream(ctx, dir); done <- err }()
					if cancelled {
						storetest.Eventually(t, "the command started", func() bool { _, err := os.Stat(filepath.Join(dir, "ready")); return err == nil })
						cancel()
					}
					select {
					case err := <-done:
						if cancelled != (err != nil) {
							t.Fatalf("Dream error %v (cancelled %v)", err, cancelled)
						}
					case <-t.Context().Done():
						t.Fatal("Dream did not return")
					}
					pid := readPid(t, filepath.Join(dir, "child.pid"))
					storetest.Eventually(t, "the escaped child is gone", func() bool { return !exists(pid) })
				})
			}
		}
	}
}

func readPid(t *testing.T, name string) int {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// exists reports whether /proc has pid at all (a zombie included) as the
// escaped sleep: the machine may run through its process ids within the
// wait (pid_max is 32768 here, and the packages tested beside this one
// start thousands of processes), and a process that took the id over is
// not the child.
func exists(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err == nil && strings.Contains(string(b), " (sleep) ")
}
