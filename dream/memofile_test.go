package dream_test

import (
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
)

// memoFiles lists the memo files beside the kept folders of home.
func memoFiles(t *testing.T, home string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(home, dream.KeptDir, "*.memo"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Ensure that runs of a new builtin dreamer each, as memfs dream
// processes make, keep the memo file beside the scope's kept folder once
// they published, private to the user, and publish what runs of a
// dreamer without a memo publish; that a review run keeps none; and that
// dropping the kept folders (a forget) drops it.
func TestRun_KeepsTheMemoFile(t *testing.T) {
	withMemo, without := newEnv(t), newEnv(t)
	for i, name := range []string{"tabs.jsonl", "deploy.jsonl", "spaces.jsonl"} {
		withMemo.checkpoint(name)
		without.checkpoint(name)
		if res, err := withMemo.run(builtin.New()); err != nil || !res.Published {
			t.Fatalf("run %d with a memo: %+v %v", i, res, err)
		}
		if res, err := without.run(builtin.Dreamer{}); err != nil || !res.Published {
			t.Fatalf("run %d without: %+v %v", i, res, err)
		}
		if a, b := withMemo.pages(), without.pages(); !maps.Equal(a, b) {
			t.Fatalf("run %d: the heads differ", i)
		}
		files := memoFiles(t, withMemo.home)
		if len(files) != 1 {
			t.Fatalf("run %d: memo files %v", i, files)
		}
		fi, err := os.Lstat(files[0])
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
			t.Fatalf("run %d: memo file %v %v", i, fi, err)
		}
		if len(memoFiles(t, without.home)) != 0 {
			t.Fatalf("run %d: a dreamer without a memo kept a memo file", i)
		}
	}

	review := newEnv(t)
	review.checkpoint("tabs.jsonl")
	if res, err := review.run(builtin.New(), func(o *dream.Options) { o.Review = true }); err != nil || !res.Proposed {
		t.Fatalf("review run: %+v %v", res, err)
	}
	if files := memoFiles(t, review.home); len(files) != 0 {
		t.Errorf("a review run kept %v", files)
	}

	if err := dream.DropKept(withMemo.home); err != nil {
		t.Fatal(err)
	}
	if files := memoFiles(t, withMemo.home); len(files) != 0 {
		t.Errorf("after DropKept: %v", files)
	}
}
