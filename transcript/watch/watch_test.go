package watch

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// Ensure that a file is reported once it has been unchanged for the
// settle period, once per settled version, and that subagent transcripts
// and other files are ignored. The clock is injected: no sleeping.
func TestPoll_Settle(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	w := &Watcher{Dirs: []string{dir, filepath.Join(dir, "missing")}, Settle: 30 * time.Second, Now: func() time.Time { return now }}
	write := func(rel, content string) string {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	poll := func() []string {
		t.Helper()
		got, err := w.Poll(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	a := write("proj/a.jsonl", "{}\n")
	write("proj/a/subagents/agent-1.jsonl", "{}\n")
	write("proj/notes.txt", "x")
	if got := poll(); len(got) != 0 {
		t.Fatalf("first sight reported %v", got)
	}
	now = now.Add(29 * time.Second)
	if got := poll(); len(got) != 0 {
		t.Fatalf("reported before settling: %v", got)
	}
	now = now.Add(time.Second)
	if got := poll(); !slices.Equal(got, []string{a}) {
		t.Fatalf("settled = %v, want [%s]", got, a)
	}
	now = now.Add(time.Minute)
	if got := poll(); len(got) != 0 {
		t.Fatalf("reported twice: %v", got)
	}
	// A new turn: reported again once it settles.
	write("proj/a.jsonl", "{}\n{}\n")
	poll()
	now = now.Add(30 * time.Second)
	if got := poll(); !slices.Equal(got, []string{a}) {
		t.Fatalf("changed file settled = %v", got)
	}
}

// Ensure that the agents' folders are found at their defaults and where
// their environment variables move them, and only when they exist.
func TestDefaultDirs(t *testing.T) {
	home, moved := t.TempDir(), t.TempDir()
	for _, d := range []string{".claude/projects", ".codex/sessions", "pi/sessions"} {
		base := home
		if d == "pi/sessions" {
			base = moved
		}
		if err := os.MkdirAll(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"PI_CODING_AGENT_DIR": filepath.Join(moved, "pi")}
	got := DefaultDirs(home, func(k string) string { return env[k] })
	want := []string{filepath.Join(home, ".claude/projects"), filepath.Join(moved, "pi/sessions"), filepath.Join(home, ".codex/sessions")}
	if !slices.Equal(got, want) {
		t.Fatalf("DefaultDirs = %v, want %v", got, want)
	}
}
