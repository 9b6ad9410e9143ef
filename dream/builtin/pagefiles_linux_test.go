//go:build linux

package builtin

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Ensure that a page is read whole whatever size its listing gave (it
// may have grown since), and that a symbolic link or a FIFO put in a
// page's place is refused or read empty rather than followed or waited
// on.
func TestAreaDirReadFile(t *testing.T) {
	dir := t.TempDir()
	area := filepath.Join(dir, "pages", "a")
	if err := os.MkdirAll(area, 0o700); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("0123456789", 1000)
	for name, text := range map[string]string{"x.md": long, "e.md": "", "s.md": "short"} {
		if err := os.WriteFile(filepath.Join(area, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("x.md", filepath.Join(area, "l.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(area, "f.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	a, err := openArea(root, "pages/a")
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	for _, tc := range []struct {
		name string
		size int64
		want string
	}{
		{"x.md", int64(len(long)), long},
		{"x.md", 10, long},
		{"x.md", 0, long},
		{"x.md", -1, long},
		{"e.md", 0, ""},
		{"s.md", 100, "short"},
		{"f.md", 0, ""},
	} {
		b, err := a.readFile(tc.name, tc.size)
		if err != nil || string(b) != tc.want {
			t.Errorf("readFile(%s, %d) = %d bytes, %v; want %d bytes", tc.name, tc.size, len(b), err, len(tc.want))
		}
	}
	if b, err := a.readFile("l.md", 5); err == nil {
		t.Errorf("a symbolic link was followed: %d bytes", len(b))
	}
	if _, err := a.readFile("missing.md", 5); !os.IsNotExist(err) {
		t.Errorf("a missing page: %v, want not exist", err)
	}
}
