package memfuse

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/memfs/memfs/gitstore"
)

// Ensure that the mount serves exactly the store's tree, byte for byte,
// with read-only permissions.
func TestMountTreeEqualsStore(t *testing.T) {
	s := newStore(t)
	files := artifact(1, 3, 5)
	commit := publish(t, s, "default", files)
	before := storeState(t, s.Path())
	m := mountT(t, Options{Store: s, Scope: "default", Prefetch: true})
	t.Cleanup(func() {
		if after := storeState(t, s.Path()); after != before {
			t.Errorf("mounting and reading changed the store:\nbefore %s\nafter  %s", before, after)
		}
	})

	snap, err := s.Snapshot(t.Context(), commit)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	if err := snap.Walk(func(n *gitstore.Node) error {
		b, err := n.Content()
		want[n.Path] = string(b)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, m.Dir())
	if d := diffTreesText(want, got); d != "" {
		t.Fatalf("mount differs from the store:\n%s", d)
	}

	ents, err := os.ReadDir(m.Dir())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"index.md", "pages", "summary.md"}) {
		t.Errorf("root holds %v", names)
	}
	for p, mode := range map[string]os.FileMode{".": os.ModeDir | 0o555, "pages/area1": os.ModeDir | 0o555, "pages/area1/p2.md": 0o444} {
		st, err := os.Stat(filepath.Join(m.Dir(), p))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode() != mode {
			t.Errorf("%s: mode %v, want %v", p, st.Mode(), mode)
		}
	}
}

// Ensure that every write-like call fails with EROFS, both from the
// read-only mount and from the handlers themselves.
func TestMountWritesFailEROFS(t *testing.T) {
	for _, readWrite := range []bool{false, true} {
		name := "ro-mount"
		if readWrite {
			name = "handlers"
		}
		t.Run(name, func(t *testing.T) {
			s := newStore(t)
			publish(t, s, "default", artifact(1, 1, 2))
			m := mountT(t, Options{Store: s, Scope: "default", readWrite: readWrite})
			d := m.Dir()
			file := filepath.Join(d, "pages/area0/p0.md")
			// Read first, so the kernel has learnt it need not open files.
			if _, err := os.ReadFile(file); err != nil {
				t.Fatal(err)
			}
			ops := map[string]func() error{
				"create": func() error {
					f, err := os.OpenFile(filepath.Join(d, "pages/area0/new.md"), os.O_CREATE|os.O_WRONLY, 0o644)
					if err == nil {
						f.Close()
					}
					return err
				},
				"write": func() error {
					f, err := os.OpenFile(file, os.O_WRONLY, 0)
					if err != nil {
						return err
					}
					defer f.Close()
					_, err = f.Write([]byte("x"))
					return err
				},
				"open-trunc": func() error {
					f, err := os.OpenFile(file, os.O_RDONLY|os.O_TRUNC, 0)
					if err == nil {
						f.Close()
					}
					return err
				},
				"truncate": func() error { return os.Truncate(file, 0) },
				"unlink":   func() error { return os.Remove(file) },
				"rmdir":    func() error { return unix.Rmdir(filepath.Join(d, "pages/area0")) },
				"rename":   func() error { return os.Rename(file, filepath.Join(d, "pages/area0/q.md")) },
				"mkdir":    func() error { return os.Mkdir(filepath.Join(d, "pages/new"), 0o755) },
				"chmod":    func() error { return os.Chmod(file, 0o644) },
				"chown":    func() error { return os.Chown(file, 1, 1) },
				"utimes":   func() error { return unix.UtimesNano(file, []unix.Timespec{{Sec: 1}, {Sec: 1}}) },
				"setxattr": func() error { return unix.Setxattr(file, "user.test", []byte("v"), 0) },
				"removexattr": func() error {
					return unix.Removexattr(file, "user.test")
				},
				"symlink": func() error { return os.Symlink("p0.md", filepath.Join(d, "pages/area0/link.md")) },
				"link":    func() error { return os.Link(file, filepath.Join(d, "pages/area0/hard.md")) },
				"mknod":   func() error { return unix.Mknod(filepath.Join(d, "pages/area0/fifo"), unix.S_IFIFO|0o644, 0) },
			}
			for op, fn := range ops {
				if err := fn(); !errors.Is(err, syscall.EROFS) {
					t.Errorf("%s: got %v, want EROFS", op, err)
				}
			}
			if b, err := os.ReadFile(file); err != nil || len(b) == 0 {
				t.Errorf("file damaged after write attempts: %q, %v", b, err)
			}
		})
	}
}

// Ensure that extended attributes are refused by the kernel itself (the
// server answered ENOSYS once), for files and folders alike, so that ls -l
// does not cost two requests per file.
func TestMountNoXattrs(t *testing.T) {
	s := newStore(t)
	publish(t, s, "default", artifact(1, 1, 2))
	m := mountT(t, Options{Store: s, Scope: "default"})
	buf := make([]byte, 256)
	for _, p := range []string{"pages/area0/p0.md", "pages/area0/p1.md", "pages", "summary.md"} {
		full := filepath.Join(m.Dir(), p)
		for name, fn := range map[string]func() error{
			"getxattr":  func() error { _, err := unix.Lgetxattr(full, "security.selinux", buf); return err },
			"listxattr": func() error { _, err := unix.Llistxattr(full, buf); return err },
		} {
			if err := fn(); !errors.Is(err, unix.EOPNOTSUPP) {
				t.Errorf("%s %s: got %v, want EOPNOTSUPP", name, p, err)
			}
		}
	}
}

// Ensure that a mount of a fixed revision serves it after the head moved.
func TestMountFixedRevision(t *testing.T) {
	s := newStore(t)
	first := publish(t, s, "default", artifact(1, 1, 2))
	publish(t, s, "default", artifact(2, 1, 2))
	m := mountT(t, Options{Store: s, Scope: "default", Rev: first.String()[:10]})
	b, err := os.ReadFile(filepath.Join(m.Dir(), "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "rev-1 summary\n" {
		t.Errorf("summary.md = %q", b)
	}
	if m.Commit("") != first {
		t.Errorf("serving %s, want %s", m.Commit(""), first)
	}
}

func TestMountMissingScope(t *testing.T) {
	requireFUSE(t)
	s := newStore(t)
	_, err := New(context.Background(), t.TempDir(), Options{Store: s, Scope: "nothing"})
	if err == nil {
		t.Fatal("mounted a scope that does not exist")
	}
}

// storeState describes every file of a store (path, size, mtime), to
// show that mounting and reading leave it untouched.
func storeState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %d;", p, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
