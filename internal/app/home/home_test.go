package home

import (
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/scope"
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

// Ensure that every scope is resolved the same way (explicit, then single
// mode, then the directory), that a derived scope's project is recorded
// once, and that Scopes merges the registry, the store and the ledger.
func TestScope(t *testing.T) {
	h := open(t)
	proj := filepath.Join(t.TempDir(), "My Proj")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	proj, _ = filepath.EvalSymlinks(proj)
	sub := filepath.Join(proj, "src")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, explicit, mode, dir, want string
	}{
		{"explicit", "team", "project", sub, "team"},
		{"single", "", "single", sub, "default"},
		{"no directory", "", "project", "", "default"},
		{"derived", "", "project", sub, scope.FromDir(proj)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h.Config.Scopes = tc.mode
			if got, err := h.Scope(t.Context(), tc.explicit, tc.dir); err != nil || got != tc.want {
				t.Fatalf("Scope(%q, %q) = %q, %v; want %q", tc.explicit, tc.dir, got, err, tc.want)
			}
		})
	}
	if _, err := h.Scope(t.Context(), "Bad/Name", sub); !errors.Is(err, scope.ErrInvalid) {
		t.Errorf("an invalid explicit scope: %v", err)
	}
	if got := h.Projects(); len(got) != 0 {
		t.Fatalf("Scope recorded %v; only RecordScope may", got)
	}
	h.Config.Scopes = "project"
	for _, explicit := range []string{"team", ""} {
		if got, err := h.RecordScope(t.Context(), explicit, sub); err != nil || got == "" {
			t.Fatalf("RecordScope(%q) = %q, %v", explicit, got, err)
		}
	}
	want := map[string]string{scope.FromDir(proj): proj}
	if got := h.Projects(); !maps.Equal(got, want) {
		t.Fatalf("Projects = %v, want %v", got, want)
	}
	infos, err := h.Scopes(t.Context(), nil, nil)
	if err != nil || len(infos) != 1 || infos[0].Project != proj || infos[0].Published {
		t.Fatalf("Scopes = %+v, %v", infos, err)
	}
}

// Ensure that one serve holds the lock, a second is refused naming the
// first's pid, status sees it running, and releasing frees it.
func TestServeLock(t *testing.T) {
	h := open(t)
	if _, running := h.ServePID(); running {
		t.Fatal("a fresh home says serve runs")
	}
	release, err := h.LockServe()
	if err != nil {
		t.Fatal(err)
	}
	if pid, running := h.ServePID(); !running || pid != os.Getpid() {
		t.Fatalf("ServePID = %d, %v", pid, running)
	}
	if _, err := h.LockServe(); !errors.Is(err, ErrServeRunning) || !strings.Contains(err.Error(), strconv.Itoa(os.Getpid())) {
		t.Fatalf("a second serve: %v", err)
	}
	release()
	if _, running := h.ServePID(); running {
		t.Fatal("released lock still says serve runs")
	}
	again, err := h.LockServe()
	if err != nil {
		t.Fatal(err)
	}
	again()
}

// Ensure that a checkout's scope is its repository's, except where an
// earlier memfs kept the project's memory under its path-derived name and
// the repository's scope holds nothing yet: that memory stays in use.
func TestScopeKeepsPathDerivedMemory(t *testing.T) {
	repo := filepath.Join(t.TempDir(), "widget")
	for _, args := range [][]string{{"init", "-q", repo}, {"-C", repo, "remote", "add", "origin", "git@example.com:acme/widget.git"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	id := scope.Identify(repo)
	if id.Source != scope.SourceOrigin || id.Name == id.Legacy {
		t.Fatalf("setup: %+v", id)
	}
	fresh := open(t)
	if sc, err := fresh.Scope(t.Context(), "", repo); err != nil || sc != id.Name {
		t.Errorf("fresh home: scope %q (%v), want %q", sc, err, id.Name)
	}
	// An earlier memfs recorded the project under its path-derived name.
	old := open(t)
	if err := old.recordProject(id.Legacy, id.Root); err != nil {
		t.Fatal(err)
	}
	for _, record := range []bool{false, true} {
		var sc string
		var err error
		if record {
			sc, err = old.RecordScope(t.Context(), "", repo)
		} else {
			sc, err = old.Scope(t.Context(), "", repo)
		}
		if err != nil || sc != id.Legacy {
			t.Errorf("home with path-derived memory (record %v): scope %q (%v), want %q", record, sc, err, id.Legacy)
		}
	}
	if here, err := old.Here(t.Context(), "", repo); err != nil || here.Scope != id.Legacy || here.Source != "path-kept" || here.RepositoryScope != id.Name {
		t.Errorf("Here in the home with path-derived memory: %+v (%v)", here, err)
	}
	if here, _ := fresh.Here(t.Context(), "", repo); here.Scope != id.Name || here.Source != scope.SourceOrigin || here.Key != "example.com/acme/widget" {
		t.Errorf("Here in a fresh home: %+v", here)
	}
	// Once the repository's scope holds something here, it wins.
	if err := old.recordProject(id.Name, id.Root); err != nil {
		t.Fatal(err)
	}
	if sc, _ := old.Scope(t.Context(), "", repo); sc != id.Name {
		t.Errorf("home holding both: scope %q, want %q", sc, id.Name)
	}
}

// Ensure that an adopt moves exactly the refs of the path-derived scope:
// its branch and its proposals, not a scope whose name only begins alike.
func TestScopeRef(t *testing.T) {
	for _, tc := range []struct {
		ref, want string
		ok        bool
	}{
		{"refs/heads/old-1", "refs/heads/new-2", true},
		{"refs/memfs/proposals/old-1/run-7", "refs/memfs/proposals/new-2/run-7", true},
		{"refs/heads/old-10", "", false},
		{"refs/memfs/proposals/old-10/run-7", "", false},
		{"refs/memfs/meta", "", false},
	} {
		if got, ok := scopeRef(tc.ref, "old-1", "new-2"); got != tc.want || ok != tc.ok {
			t.Errorf("scopeRef(%s) = %q, %v; want %q, %v", tc.ref, got, ok, tc.want, tc.ok)
		}
	}
}
