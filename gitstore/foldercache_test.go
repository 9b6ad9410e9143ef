package gitstore

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// Ensure that a folder published with CacheAs keeps its stat cache when
// it moves: FolderCache vouches for a file's blob id and facts at the new
// place while the file is unchanged, and for no file changed since; and
// the next publication from the new place reads only what changed.
func TestFolderCache_FollowsAMovedFolder(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	home := t.TempDir()
	first, kept := filepath.Join(home, "run1"), filepath.Join(home, "kept")
	gittest.WriteArtifact(t, first, []string{"a", "b"}, nil)
	res := mustPublish(t, s, first, PublishOptions{CacheAs: kept})
	if fc := s.FolderCache(first); !fc.Commit().IsZero() {
		t.Fatalf("a cache was kept for the folder published rather than CacheAs")
	}
	unracy(t, s, kept)

	second := filepath.Join(home, "run2")
	if err := os.Rename(first, second); err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(second, "pages", "notes", "a.md")
	if err := os.WriteFile(a, []byte("# a\n\nChanged.\n\n## Sources\n\n- session:s1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fc := s.FolderCache(kept)
	if fc.Commit() != res.Commit {
		t.Fatalf("FolderCache describes %s, want %s", fc.Commit(), res.Commit)
	}
	for _, tc := range []struct {
		path  string
		holds bool
	}{{"pages/notes/a.md", false}, {"pages/notes/b.md", true}, {"index.md", true}} {
		info, err := os.Lstat(filepath.Join(second, filepath.FromSlash(tc.path)))
		if err != nil {
			t.Fatal(err)
		}
		id, facts, ok := fc.Holds(tc.path, info)
		if id2, ok2 := fc.HoldsID(tc.path, info); id2 != id || ok2 != ok {
			t.Errorf("%s: HoldsID = %s %v, Holds %s %v", tc.path, id2, ok2, id, ok)
		}
		if ok != tc.holds {
			t.Errorf("%s: Holds = %v, want %v", tc.path, ok, tc.holds)
			continue
		}
		if want := gittest.Git(t, s.Path(), "rev-parse", res.Commit.String()+":"+tc.path); ok && (id.String()+"\n" != want || !facts.ValidUTF8) {
			t.Errorf("%s: Holds = %s %+v, want blob %s", tc.path, id, facts, want)
		}
	}
	next := mustPublish(t, s, second, PublishOptions{CacheAs: kept})
	read := 0
	for _, f := range next.Report.Files {
		if f.Content != nil {
			read++
		}
	}
	if read != 1 || len(next.Changes) != 1 {
		t.Errorf("the publication from the moved folder read %d files and changed %v; want the one changed", read, next.Changes)
	}
}

// unracy rewrites the stat cache of dir as a later scan would have left
// it: no entry is racy.
func unracy(t *testing.T, s *Store, dir string) {
	t.Helper()
	c := s.loadStatCache(dir)
	defer c.close()
	if c.b == nil {
		t.Fatalf("no stat cache of %s", dir)
	}
	c.scanStart = scanClock() + int64(time.Hour)
	c.putHeader()
	if err := os.WriteFile(c.file, c.b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// Ensure that a publication takes the stat cache its caller loaded
// (PublishOptions.Cache) while the cache file still holds it, serving the
// unchanged files from it, and reads the file again once another
// publication moved it on; either way the cache it leaves describes the
// new commit.
func TestFolderCache_PublishTakesIt(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := filepath.Join(t.TempDir(), "mem")
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, nil)
	mustPublish(t, s, dir, PublishOptions{})
	unracy(t, s, dir)
	edit := func(page, text string) {
		t.Helper()
		b := []byte("# " + page + "\n\n" + text + "\n\n## Sources\n\n- session:s1\n")
		if err := os.WriteFile(filepath.Join(dir, "pages", "notes", page+".md"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, stale := range []bool{false, true} {
		fc := s.FolderCache(dir)
		if stale {
			edit("b", "Moved on.")
			mustPublish(t, s, dir, PublishOptions{})
			unracy(t, s, dir)
		}
		edit("a", fmt.Sprint("Changed ", i))
		res := mustPublish(t, s, dir, PublishOptions{Cache: fc})
		read := 0
		for _, f := range res.Report.Files {
			if f.Content != nil {
				read++
			}
		}
		if read != 1 || len(res.Changes) != 1 {
			t.Errorf("stale %v: read %d files and changed %v; want the one changed", stale, read, res.Changes)
		}
		if got := s.FolderCache(dir).Commit(); got != res.Commit {
			t.Errorf("stale %v: the cache left describes %s, want %s", stale, got, res.Commit)
		}
		unracy(t, s, dir)
	}
}
