package execdreamer

import (
	"context"
	"errors"
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
