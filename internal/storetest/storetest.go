// Package storetest builds stores and artifacts for tests of the packages
// above gitstore: a store in a temporary directory with a clock that
// advances one second per commit, and small artifacts whose every file
// names its revision.
package storetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// Epoch is the commit time of a test store's first commit.
var Epoch = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

// Limits are generous artifact limits for tests and benchmarks.
var Limits = validate.Limits{MaxFiles: 20000, MaxFileBytes: 262144, MaxTotalBytes: 1 << 30}

// NewStore creates a store in a temporary directory and closes it when the
// test ends. It then checks that stock git accepts the repository with
// fsck --strict, so every test that makes a store doubles as a format
// check, as gitstore's own tests do.
func NewStore(t testing.TB) *gitstore.Store {
	t.Helper()
	dir := t.TempDir()
	var tick atomic.Int64
	path := filepath.Join(dir, "store.git")
	s, _, err := gitstore.Init(context.Background(), gitstore.Options{
		Path:     path,
		CacheDir: filepath.Join(dir, "cache"),
		Limits:   Limits,
		Now:      func() time.Time { return Epoch.Add(time.Duration(tick.Add(1)) * time.Second) },
	})
	if err != nil {
		t.Fatal(err)
	}
	// Cleanups run last-registered first: the store closes, then fsck.
	t.Cleanup(func() { gittest.Fsck(t, path) })
	t.Cleanup(func() { s.Close() })
	return s
}

// Page renders a page with a Sources section.
func Page(title, body string) string {
	return "# " + title + "\n\n" + body + "\n\n## Sources\n\n- session:s1\n"
}

// Artifact returns the files of an artifact with the given number of
// areas and pages per area; every file names revision rev.
func Artifact(rev, areas, pages int) map[string]string {
	files := map[string]string{
		"summary.md": fmt.Sprintf("rev-%d summary\n", rev),
		"index.md":   fmt.Sprintf("# Index\n\nrev-%d\n", rev),
	}
	for a := range areas {
		area := fmt.Sprintf("pages/area%d", a)
		files[area+"/index.md"] = fmt.Sprintf("# Area %d\n\nrev-%d\n", a, rev)
		for p := range pages {
			files[fmt.Sprintf("%s/p%d.md", area, p)] = Page(fmt.Sprintf("Page %d", p), fmt.Sprintf("rev-%d body of %s/p%d", rev, area, p))
		}
	}
	return files
}

// WriteTree writes files (artifact path → content) under dir.
func WriteTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Publish commits files as the scope's new head and returns the commit.
func Publish(t testing.TB, s *gitstore.Store, scope string, files map[string]string) gitstore.ID {
	t.Helper()
	dir := t.TempDir()
	WriteTree(t, dir, files)
	res, err := s.Publish(context.Background(), dir, gitstore.PublishOptions{Scope: scope})
	if err != nil {
		t.Fatalf("publish: %v", err)
	}
	return res.Commit
}

// ReadTree reads every regular file below dir: slash path → content.
func ReadTree(t testing.TB, dir string) map[string]string {
	t.Helper()
	out, err := ReadTreeErr(dir)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ReadTreeErr is ReadTree returning the error. A link at dir is followed
// once, at the start.
func ReadTreeErr(dir string) (map[string]string, error) {
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	return out, err
}

// Diff describes how got differs from want, or returns "".
func Diff(want, got map[string]string) string {
	var s string
	for p, w := range want {
		g, ok := got[p]
		switch {
		case !ok:
			s += fmt.Sprintf("missing %s\n", p)
		case g != w:
			s += fmt.Sprintf("%s: got %q, want %q\n", p, g, w)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			s += fmt.Sprintf("extra %s\n", p)
		}
	}
	return s
}
