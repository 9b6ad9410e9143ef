package dream_test

import (
	"context"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
)

// Ensure that a run hydrates exactly the scope head from the folder the
// scope's last run kept, whatever happened to that folder since: a file
// edited in place at the same size, files and folders the head lacks, a
// file of another mode, a file with a second link, a symbolic link, and
// a head that moved on (published by hand) since the folder was kept.
func TestRun_HydratesKeptFolderToTheHead(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("tabs.jsonl")
	if res, err := e.run(builtin.Dreamer{}); err != nil || !res.Published {
		t.Fatalf("first run: %+v %v", res, err)
	}
	kept, err := filepath.Glob(filepath.Join(e.home, dream.KeptDir, "*"))
	if err != nil || len(kept) != 1 {
		t.Fatalf("kept folders after a published run: %v %v", kept, err)
	}
	k := kept[0]
	idx, err := os.ReadFile(filepath.Join(k, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	idx[len(idx)-2] ^= 1 // same size, other content
	tamper := []func() error{
		func() error { return os.WriteFile(filepath.Join(k, "index.md"), idx, 0o600) },
		func() error { return os.WriteFile(filepath.Join(k, "pages", "extra.md"), []byte("# Extra\n"), 0o600) },
		func() error { return os.MkdirAll(filepath.Join(k, "pages", "junk", "deeper"), 0o755) },
		func() error { return os.Chmod(filepath.Join(k, "summary.md"), 0o644) },
		func() error {
			return os.Link(filepath.Join(k, "pages", "preferences", "index.md"), filepath.Join(e.home, "second-link"))
		},
		func() error { return os.Symlink("/etc/hostname", filepath.Join(k, "pages", "link.md")) },
	}
	for i, f := range tamper {
		if err := f(); err != nil {
			t.Fatalf("tamper %d: %v", i, err)
		}
	}
	e.rewriteHead(func(dir string) {
		writeFile(t, filepath.Join(dir, "pages", "notes", "byhand.md"), "# By hand\n\nPublished by hand.\n\n## Sources\n\n- session:"+sessTabs+"\n")
	})
	head := e.pages()

	e.checkpoint("deploy.jsonl")
	var problems []string
	looked := false
	res, err := e.run(dream.DreamerFunc(func(_ context.Context, runDir string) (string, error) {
		looked = true
		got := map[string]string{}
		mem := filepath.Join(runDir, dream.MemoryDir)
		err := filepath.WalkDir(mem, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(mem, p)
			info, err := os.Lstat(p)
			if err != nil {
				return err
			}
			switch {
			case d.IsDir():
				if info.Mode().Perm() != 0o700 {
					problems = append(problems, rel+": folder mode "+info.Mode().String())
				}
			case !info.Mode().IsRegular():
				problems = append(problems, rel+": not a regular file")
			default:
				if info.Mode().Perm() != 0o600 || info.Sys().(*syscall.Stat_t).Nlink != 1 {
					problems = append(problems, rel+": mode "+info.Mode().String()+" or more than one link")
				}
				b, err := os.ReadFile(p)
				got[filepath.ToSlash(rel)] = string(b)
				return err
			}
			return nil
		})
		if !maps.Equal(got, head) {
			problems = append(problems, "files "+strings.Join(keys(got), ",")+" differ from the head's "+strings.Join(keys(head), ","))
		}
		return "looked", err
	}))
	if err != nil || !looked {
		t.Fatalf("second run: %+v %v", res, err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	if !res.Unchanged {
		t.Errorf("a dreamer that changed nothing published %+v", res)
	}
}

// Ensure that DropKept removes every kept folder, and that a home without
// any is fine.
func TestDropKept(t *testing.T) {
	home := t.TempDir()
	if err := dream.DropKept(home); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(home, dream.KeptDir, "x", "pages", "a", "b.md"), "kept")
	if err := dream.DropKept(home); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(home, dream.KeptDir)); !os.IsNotExist(err) {
		t.Fatalf("kept folders after DropKept: %v", err)
	}
}
