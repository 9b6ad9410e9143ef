package home

import (
	"os"
	"path/filepath"
	"testing"
)

func open(t *testing.T) *Home {
	t.Helper()
	h, err := Open(filepath.Join(t.TempDir(), "home"), Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Ensure that a dream run's own agent session is recognised by the
// environment the exec dreamer exports or by a path in the runs folder,
// also through a symlinked home, and nothing else is.
func TestDreamerSession(t *testing.T) {
	h := open(t)
	run := filepath.Join(h.RunsDir(), "20260101T000000Z-abcd")
	if err := os.MkdirAll(run, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(h.Dir, link); err != nil {
		t.Fatal(err)
	}
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == RunDirEnv {
				return v
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name   string
		getenv func(string) string
		paths  []string
		want   bool
	}{
		{"run folder", nil, []string{run}, true},
		{"inside a run", nil, []string{"", filepath.Join(run, ".memory")}, true},
		{"gone run", nil, []string{filepath.Join(h.RunsDir(), "gone", "x.jsonl")}, true},
		{"through a symlink", nil, []string{filepath.Join(link, "runs", "20260101T000000Z-abcd")}, true},
		{"environment", env(run), []string{"/home/a/proj"}, true},
		{"a project", env(""), []string{"/home/a/proj", ""}, false},
		{"the runs folder's sibling", nil, []string{h.RunsDir() + "-old"}, false},
		{"the home", nil, []string{h.Dir}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.DreamerSession(tc.getenv, tc.paths...); got != tc.want {
				t.Errorf("DreamerSession(%q) = %v, want %v", tc.paths, got, tc.want)
			}
		})
	}
}
