package memfuse

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/memfs/memfs/gitstore"
)

func listNames(t testing.TB, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	return names
}

// Ensure that --all serves every scope as exactly its artifact, follows
// each head, and shows scopes created after mounting.
func TestMountAll(t *testing.T) {
	s := newStore(t)
	a, b := artifact(1, 1, 2), artifact(7, 2, 1)
	publish(t, s, "alpha", a)
	publish(t, s, "beta", b)
	m := mountT(t, Options{Store: s, Layout: LayoutAll})
	if got := listNames(t, m.Dir()); !slices.Equal(got, []string{"alpha", "beta"}) {
		t.Fatalf("mount root lists %v", got)
	}
	for scope, files := range map[string]map[string]string{"alpha": a, "beta": b} {
		if d := diffTreesText(files, readTree(t, filepath.Join(m.Dir(), scope))); d != "" {
			t.Errorf("%s differs:\n%s", scope, d)
		}
	}

	c := artifact(3, 1, 1)
	publishElsewhere(t, s, "gamma", c)
	took := eventually(t, "new scope visible", func() bool {
		_, err := os.Stat(filepath.Join(m.Dir(), "gamma", "summary.md"))
		return err == nil
	})
	t.Logf("new scope visible after %v", took)
	// The kernel may answer a listing from its cache until the mount's
	// invalidation of the root reaches it, a moment after the lookup.
	eventually(t, "new scope listed", func() bool {
		return slices.Equal(listNames(t, m.Dir()), []string{"alpha", "beta", "gamma"})
	})
	if d := diffTreesText(c, readTree(t, filepath.Join(m.Dir(), "gamma"))); d != "" {
		t.Errorf("gamma differs:\n%s", d)
	}

	a2 := artifact(2, 1, 3)
	publish(t, s, "alpha", a2)
	eventually(t, "alpha follows its head", func() bool {
		b, _ := os.ReadFile(filepath.Join(m.Dir(), "alpha", "summary.md"))
		return string(b) == a2["summary.md"]
	})
	if d := diffTreesText(a2, readTree(t, filepath.Join(m.Dir(), "alpha"))); d != "" {
		t.Errorf("alpha differs after publish:\n%s", d)
	}
	if _, err := os.Stat(filepath.Join(m.Dir(), "delta")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("unknown scope: %v", err)
	}
}

// Ensure that the history view lists every revision, oldest first, each
// folder holding that revision, and follows new publications.
func TestMountHistory(t *testing.T) {
	s := newStore(t)
	var commits []gitstore.ID
	revs := []map[string]string{artifact(1, 1, 1), artifact(2, 1, 2), artifact(3, 2, 1)}
	for _, files := range revs {
		commits = append(commits, publish(t, s, "default", files))
	}
	m := mountT(t, Options{Store: s, Scope: "default", Layout: LayoutHistory})
	if got := listNames(t, m.Dir()); !slices.Equal(got, []string{"current", "history"}) {
		t.Fatalf("history mount root lists %v", got)
	}
	if d := diffTreesText(revs[2], readTree(t, filepath.Join(m.Dir(), "current"))); d != "" {
		t.Errorf("current differs:\n%s", d)
	}
	want := func() []string {
		var names []string
		for _, c := range commits {
			info, err := s.CommitInfo(t.Context(), c)
			if err != nil {
				t.Fatal(err)
			}
			names = append(names, RevisionName(info))
		}
		return names
	}
	hist := filepath.Join(m.Dir(), "history")
	if got := listNames(t, hist); !slices.Equal(got, want()) {
		t.Fatalf("history lists %v, want %v", got, want())
	}
	for i, name := range want() {
		if d := diffTreesText(revs[i], readTree(t, filepath.Join(hist, name))); d != "" {
			t.Errorf("%s differs:\n%s", name, d)
		}
	}

	revs = append(revs, artifact(4, 1, 1))
	commits = append(commits, publish(t, s, "default", revs[3]))
	took := eventually(t, "new revision listed", func() bool {
		return slices.Equal(listNames(t, hist), want())
	})
	t.Logf("new revision listed after %v", took)
	eventually(t, "current follows the head", func() bool {
		b, _ := os.ReadFile(filepath.Join(m.Dir(), "current", "summary.md"))
		return string(b) == revs[3]["summary.md"]
	})
	last := want()[3]
	if d := diffTreesText(revs[3], readTree(t, filepath.Join(hist, last))); d != "" {
		t.Errorf("%s differs:\n%s", last, d)
	}
}

// Ensure that a long history mounts without reading it: the revision list
// is read on first use only.
func TestMountHistoryLazy(t *testing.T) {
	s := newStore(t)
	for i := range 5 {
		publish(t, s, "default", artifact(i, 1, 1))
	}
	m := mountT(t, Options{Store: s, Scope: "default", Layout: LayoutHistory})
	if got := listNames(t, m.Dir()); len(got) != 2 {
		t.Fatalf("root lists %v", got)
	}
	if _, err := os.Stat(filepath.Join(m.Dir(), "history")); err != nil {
		t.Fatal(err)
	}
	if m.history.revs.Load() != nil {
		t.Fatal("the revision list was read before history/ was listed")
	}
	if n := len(listNames(t, filepath.Join(m.Dir(), "history"))); n != 5 {
		t.Fatalf("history lists %d revisions", n)
	}
}
