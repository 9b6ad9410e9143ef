package validate_test

import (
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/memfs/memfs/validate"
)

func TestOpenDirErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"file": "x"})
	if d, err := validate.OpenDir(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) || d != nil {
		t.Errorf("OpenDir(missing) = %v, %v; want ErrNotExist", d, err)
	}
	if d, err := validate.OpenDir(filepath.Join(dir, "file")); err == nil || d != nil {
		t.Errorf("OpenDir(a regular file) = %v, %v; want an error", d, err)
	}
}

func TestDirFS(t *testing.T) {
	t.Parallel()
	dir, outside := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{"summary.md": "hello\n", "pages/a/x.md": "x\n"})
	writeFiles(t, outside, map[string]string{"secret.md": secret})
	symlink(t, filepath.Join(outside, "secret.md"), filepath.Join(dir, "escape.md"))
	symlink(t, "summary.md", filepath.Join(dir, "inside.md"))
	symlink(t, outside, filepath.Join(dir, "outdir"))
	symlink(t, "pages", filepath.Join(dir, "via"))
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys := openDir(t, dir)

	if fsys.Name() != dir {
		t.Errorf("Name() = %q, want %q", fsys.Name(), dir)
	}

	// Regular files read normally.
	if b, err := fs.ReadFile(fsys, "pages/a/x.md"); err != nil || string(b) != "x\n" {
		t.Errorf("ReadFile = %q, %v", b, err)
	}
	// A final symlink is never followed, inside or out.
	for _, name := range []string{"escape.md", "inside.md"} {
		if f, err := fsys.Open(name); err == nil {
			b, _ := io.ReadAll(f)
			f.Close()
			t.Errorf("Open(%s) followed the symlink and read %q", name, b)
		}
	}
	// Nor a symlinked directory, leaving the tree or not.
	if _, err := fsys.Open("outdir/secret.md"); err == nil {
		t.Error("Open through a symlinked directory escaped the tree")
	}
	if _, err := fsys.Open("via/a/x.md"); err == nil {
		t.Error("Open followed a symlinked directory inside the tree")
	}
	if f, err := fsys.Open("pages/a"); err != nil {
		t.Errorf("Open(a real directory): %v", err)
	} else {
		f.Close()
	}
	// Invalid and escaping names are refused.
	for _, name := range []string{"../x", "/etc/passwd", "pages/../summary.md", ""} {
		if _, err := fsys.Open(name); err == nil {
			t.Errorf("Open(%q) succeeded", name)
		}
	}
	// A FIFO opens without blocking (there is no writer) and says what it is.
	f, err := fsys.Open("pipe")
	if err != nil {
		t.Fatalf("Open(pipe): %v", err)
	}
	info, err := f.Stat()
	f.Close()
	if err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("Stat(pipe) = %v, %v; want a named pipe", info, err)
	}

	// Lstat describes the link, Stat follows it inside the tree.
	if info, err := fsys.Lstat("inside.md"); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("Lstat(inside.md) = %v, %v; want a symlink", info, err)
	}
	if info, err := fsys.Stat("inside.md"); err != nil || !info.Mode().IsRegular() {
		t.Errorf("Stat(inside.md) = %v, %v; want the regular target", info, err)
	}
	if target, err := fsys.ReadLink("escape.md"); err != nil || target != filepath.Join(outside, "secret.md") {
		t.Errorf("ReadLink(escape.md) = %q, %v", target, err)
	}

	// Listings are in name order and report types without following links.
	es, err := fsys.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]fs.FileMode{}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
		types[e.Name()] = e.Type()
	}
	if want := []string{"escape.md", "inside.md", "outdir", "pages", "pipe", "summary.md", "via"}; !slices.Equal(names, want) {
		t.Errorf("ReadDir(.) = %q, want %q", names, want)
	}
	if types["outdir"]&fs.ModeSymlink == 0 || types["pipe"]&fs.ModeNamedPipe == 0 || !types["pages"].IsDir() {
		t.Errorf("entry types = %v", types)
	}

	if err := fstest.TestFS(subFS(t, dir, "pages"), "a/x.md"); err != nil {
		t.Errorf("fstest.TestFS: %v", err)
	}
}

// subFS opens a clean subtree (no special entries) for fstest.TestFS.
func subFS(t *testing.T, dir, sub string) fs.FS {
	t.Helper()
	return openDir(t, filepath.Join(dir, sub))
}
