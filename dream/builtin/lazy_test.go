package builtin

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/internal/synthmem"
	"github.com/memfs/memfs/validate"
)

// Ensure that parsing a page in full (which a run does to every page a
// statement's terms may touch) does not write it again: only pages whose
// claims changed are written, so a run's cost follows what it changed.
func TestOpen_DoesNotRewritePage(t *testing.T) {
	r := newBatchRun(t)
	r.stage(t, synthmem.Generate(20, 60, 1))
	r.dream(t, t.Context())
	mem := filepath.Join(r.dir, dream.MemoryDir)
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	pages := 0
	for p := range r.files(t) {
		if strings.HasPrefix(p, "pages/") && filepath.Base(p) != "index.md" {
			pages++
			if err := os.Chtimes(filepath.Join(mem, filepath.FromSlash(p)), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if pages == 0 {
		t.Fatal("no page to open")
	}
	m, root := openMemory(t, mem)
	if _, err := m.write(root); err != nil {
		t.Fatal(err)
	}
	for p := range r.files(t) {
		if !strings.HasPrefix(p, "pages/") || filepath.Base(p) == "index.md" {
			continue
		}
		info, err := os.Stat(filepath.Join(mem, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		if !info.ModTime().Equal(old) {
			t.Errorf("%s was written again though none of its claims changed", p)
		}
	}
}

// openMemory loads the memory folder dir with every page parsed in full,
// and the root it was read from (closed at the test's end).
func openMemory(t *testing.T, dir string) (*memory, *os.Root) {
	t.Helper()
	m, root := loadMemory(t, dir)
	m.openAll()
	return m, root
}

// loadMemory loads the memory folder dir as a run does, its pages read
// lazily, and the root it was read from (closed at the test's end).
func loadMemory(t *testing.T, dir string) (*memory, *os.Root) {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	m := newMemory(validate.Limits{}, nil)
	if _, err := m.load(root); err != nil {
		t.Fatal(err)
	}
	return m, root
}

// Ensure that pageFiles lists the regular Markdown files of each area by
// area and name, and passes over what no page is: an area's index.md,
// other files, deeper folders, a file beside the areas, and symbolic
// links, to an area or to a page.
func TestPageFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"pages/b/y.md", "pages/a/x.md", "pages/a/w.md", "pages/a/index.md", "pages/a/notes.txt", "pages/a/deep/z.md", "pages/top.md", "pages/c/.keep"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("# x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a", filepath.Join(dir, "pages", "l")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../a/x.md", filepath.Join(dir, "pages", "c", "v.md")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	var got []string
	err = pageFiles(root, func(d *areaDir, name, p string, info os.FileInfo) error {
		b, err := d.readFile(name, info.Size())
		if err != nil || string(b) != "# x\n" || info.Name() != name {
			t.Errorf("%s: read %q, %v; info names %q", p, b, err, info.Name())
		}
		got = append(got, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"pages/a/w.md", "pages/a/x.md", "pages/b/y.md"}; !slices.Equal(got, want) {
		t.Errorf("pageFiles = %q, want %q", got, want)
	}
	empty := t.TempDir()
	r2, err := os.OpenRoot(empty)
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	if err := pageFiles(r2, func(*areaDir, string, string, os.FileInfo) error { t.Error("called without pages"); return nil }); err != nil {
		t.Errorf("no pages folder: %v", err)
	}
}
