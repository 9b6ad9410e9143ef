package memcorpus

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeMemfs stands in for the CLI: checkpoint adds a pending session, a
// dream run settles up to batch of them, checkout writes one page behind a
// link as memfs does.
type fakeMemfs struct {
	pending, batch int
	calls          []string
}

func (f *fakeMemfs) run(_ context.Context, args ...string) (string, error) {
	f.calls = append(f.calls, strings.Join(args, " "))
	switch {
	case args[0] == "init":
		return "", nil
	case args[0] == "checkpoint":
		f.pending++
		return "", nil
	case slices.Contains(args, "status"):
		return fmt.Sprintf(`{"pending": %d, "scopes": [{"name": "other", "pending": 7}, {"name": %q, "pending": %d}]}`, f.pending+7, Scope, f.pending), nil
	case slices.Contains(args, "dream"):
		f.pending -= min(f.batch, f.pending)
		return "", nil
	case slices.Contains(args, "context"):
		return "# Memory\n- CI image: node:22", nil
	case slices.Contains(args, "checkout"):
		dir := args[len(args)-1]
		snap := filepath.Join(filepath.Dir(dir), ".snap")
		if err := os.MkdirAll(filepath.Join(snap, "pages"), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(snap, "pages", "tools.md"), []byte("Build through the Makefile."), 0o600); err != nil {
			return "", err
		}
		return "", os.Symlink(snap, dir)
	}
	return "", fmt.Errorf("unexpected memfs %v", args)
}

// Ensure that Run checkpoints round by round, dreams until the corpus scope
// has nothing pending (other scopes do not count), and scores the context
// and the files of the checkout; and that a dream run that settles nothing
// is an error rather than an endless loop.
func TestRun(t *testing.T) {
	c, err := Load(writeTiny(t, tinyCorpus))
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeMemfs{batch: 8}
	r, err := Run(t.Context(), c, f.run, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, call := range f.calls {
		switch {
		case strings.HasPrefix(call, "checkpoint"):
			order = append(order, filepath.Base(call))
		case strings.Contains(call, "dream"):
			order = append(order, call)
		}
	}
	dream := "--scope " + Scope + " dream --now"
	want := []string{"claude-en-01.jsonl", dream, "pi-en-02.jsonl", dream}
	if !slices.Equal(order, want) {
		t.Errorf("calls %q, want %q", order, want)
	}
	if r.Facts.Context != 1 || r.Updates.Good != 1 || r.Retractions.Good != 1 || r.Superseded.Pages != 1 {
		t.Errorf("report %+v", r)
	}

	stuck := &fakeMemfs{batch: 0}
	if _, err := Run(t.Context(), c, stuck.run, t.TempDir()); err == nil || !strings.Contains(err.Error(), "left 1 sessions pending") {
		t.Errorf("Run with a dream that settles nothing: %v", err)
	}
}
