package watch

import (
	"context"
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
// their environment variables move them, whether they exist yet or not,
// and that Missing names those that do not.
func TestDefaultDirs(t *testing.T) {
	home, moved := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(moved, "pi/sessions"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"PI_CODING_AGENT_DIR": filepath.Join(moved, "pi")}
	got := DefaultDirs(home, func(k string) string { return env[k] })
	want := []string{filepath.Join(home, ".claude/projects"), filepath.Join(moved, "pi/sessions"), filepath.Join(home, ".codex/sessions")}
	if !slices.Equal(got, want) {
		t.Fatalf("DefaultDirs = %v, want %v", got, want)
	}
	if m := Missing(got); !slices.Equal(m, []string{want[0], want[2]}) {
		t.Fatalf("Missing = %v", m)
	}
}

// Ensure that a folder absent when the watcher starts is watched: once it
// is created with a transcript in it, Appeared names it and the transcript
// is reported when it settles. Waits are on channels with a deadline.
func TestRun_FolderCreatedLater(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, ".claude", "projects")
	appeared := make(chan string, 1)
	settled := make(chan string, 1)
	w := &Watcher{Dirs: []string{dir}, Settle: 0, Interval: 5 * time.Millisecond,
		Appeared: func(d string) { appeared <- d }}
	ctx, cancel := context.WithCancel(t.Context())
	// The first poll, made here, sees the folder missing.
	if got, err := w.Poll(ctx); err != nil || len(got) != 0 {
		t.Fatalf("first poll: %v, %v", got, err)
	}
	done := make(chan error, 1)
	go func() {
		done <- w.Run(ctx, func(ctx context.Context, p string) {
			select {
			case settled <- p:
			case <-ctx.Done():
			}
		})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	deadline := time.After(10 * time.Second)
	p := filepath.Join(dir, "-home-a-proj", "s1.jsonl")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case d := <-appeared:
		if d != dir {
			t.Fatalf("appeared %s, want %s", d, dir)
		}
	case <-deadline:
		t.Fatal("the new folder was never noticed")
	}
	select {
	case got := <-settled:
		if got != p {
			t.Fatalf("settled %s, want %s", got, p)
		}
	case <-deadline:
		t.Fatal("the transcript in the new folder was never reported")
	}
}
