package fsutil

import (
	"os"
	"path/filepath"
	"testing"
)

// Ensure that WriteFileAtomic creates, replaces, keeps an existing mode
// and leaves no temporary file behind.
func TestWriteFileAtomic(t *testing.T) {
	tests := []struct {
		name     string
		existing os.FileMode // 0: no file before
		perm     os.FileMode
		wantMode os.FileMode
	}{
		{"new file gets perm", 0, 0o600, 0o600},
		{"existing file keeps its mode", 0o640, 0o600, 0o640},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "sub")
			p := filepath.Join(dir, "f.json")
			if tt.existing != 0 {
				if err := os.MkdirAll(dir, 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("old"), tt.existing); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(p, tt.existing); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteFileAtomic(p, []byte("new"), tt.perm); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(p)
			if err != nil || string(b) != "new" {
				t.Fatalf("content %q, %v; want new", b, err)
			}
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != tt.wantMode {
				t.Errorf("mode %v, want %v", fi.Mode().Perm(), tt.wantMode)
			}
			ents, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(ents) != 1 {
				t.Errorf("directory holds %d entries, want only the file", len(ents))
			}
		})
	}
}

// Ensure that a symbolic link planted where the file goes is replaced by
// a file of perm, whatever its target's mode, and that the target is left
// as it was.
func TestWriteFileReplacesLinkWithOwnMode(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "public")
	if err := os.WriteFile(target, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(target, 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "private")
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
	for _, write := range []func(string, []byte, os.FileMode) error{ReplaceFile, WriteFileAtomic} {
		if err := write(p, []byte("ours"), 0o600); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		if !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
			t.Errorf("path is %v, want a regular file of mode 0600", fi.Mode())
		}
		if b, err := os.ReadFile(target); err != nil || string(b) != "theirs" {
			t.Errorf("link target holds %q, %v; want it untouched", b, err)
		}
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
}

// Ensure that RemoveTree removes trees whose directories are read-only,
// and accepts a missing path.
func TestRemoveTree(t *testing.T) {
	root := filepath.Join(t.TempDir(), "run")
	inner := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(inner, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(inner, "f"), []byte("x"), 0o400); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{inner, filepath.Dir(inner), root} {
		if err := os.Chmod(d, 0o500); err != nil {
			t.Fatal(err)
		}
	}
	if err := RemoveTree(root); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(root); !os.IsNotExist(err) {
		t.Fatalf("tree still there: %v", err)
	}
	if err := RemoveTree(root); err != nil {
		t.Fatalf("missing path: %v", err)
	}
}
