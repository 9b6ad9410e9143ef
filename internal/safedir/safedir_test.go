package safedir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/storetest"
)

// asRoot skips a test that must plant files owned by another user.
func asRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("not root: cannot plant files owned by another user (CI runs these as root)")
	}
}

func chown(t *testing.T, p string, uid int) {
	t.Helper()
	if err := os.Lchown(p, uid, uid); err != nil {
		t.Fatal(err)
	}
}

func wantUnsafe(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || errcode.Of(err) != Code {
		t.Fatalf("err = %v, want an unsafe_path refusal", err)
	}
}

// Ensure that the parent rules hold from the attacker's side: a link at
// the parent, a parent another user owns, a world-writable parent without
// the sticky bit are refused; /tmp-like and private parents are fine.
func TestOpenParent(t *testing.T) {
	cases := []struct {
		name  string
		root  bool
		setup func(t *testing.T) string // returns the parent
		ok    bool
	}{
		{"private", false, func(t *testing.T) string { return t.TempDir() }, true},
		{"sticky shared", false, func(t *testing.T) string { return storetest.SharedDir(t) }, true},
		{"symlink", false, func(t *testing.T) string {
			l := filepath.Join(t.TempDir(), "link")
			if err := os.Symlink(t.TempDir(), l); err != nil {
				t.Fatal(err)
			}
			return l
		}, false},
		{"world-writable, not sticky", false, func(t *testing.T) string {
			d := t.TempDir()
			if err := os.Chmod(d, 0o777); err != nil {
				t.Fatal(err)
			}
			return d
		}, false},
		{"another user's", true, func(t *testing.T) string {
			d := filepath.Join(storetest.SharedDir(t), "theirs")
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
			chown(t, d, storetest.Nobody)
			return d
		}, false},
		{"another user's, sticky", true, func(t *testing.T) string {
			d := filepath.Join(storetest.SharedDir(t), "theirs")
			if err := os.Mkdir(d, 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(d, 0o777|fs.ModeSticky); err != nil {
				t.Fatal(err)
			}
			chown(t, d, storetest.Nobody)
			return d
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.root {
				asRoot(t)
			}
			d, err := OpenParent(filepath.Join(c.setup(t), "target"))
			if c.ok {
				if err != nil {
					t.Fatal(err)
				}
				d.Close()
				return
			}
			wantUnsafe(t, err)
		})
	}
}

// Ensure that Own refuses a sibling planted by another user, as a link to
// a victim folder or as their own folder, and touches neither the link's
// target nor the folder (contents and mode).
func TestOwnRefusesPlanted(t *testing.T) {
	cases := []struct {
		name  string
		root  bool
		plant func(t *testing.T, p, victim string)
	}{
		{"link to a victim", false, func(t *testing.T, p, victim string) {
			if err := os.Symlink(victim, p); err != nil {
				t.Fatal(err)
			}
		}},
		{"another user's link", true, func(t *testing.T, p, victim string) {
			if err := os.Symlink(victim, p); err != nil {
				t.Fatal(err)
			}
			chown(t, p, storetest.Nobody)
		}},
		{"another user's folder", true, func(t *testing.T, p, _ string) {
			if err := os.Mkdir(p, 0o777); err != nil {
				t.Fatal(err)
			}
			chown(t, p, storetest.Nobody)
		}},
		{"a file", false, func(t *testing.T, p, _ string) {
			if err := os.WriteFile(p, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.root {
				asRoot(t)
			}
			shared := storetest.SharedDir(t)
			victim := t.TempDir()
			if err := os.WriteFile(filepath.Join(victim, "keep"), []byte("k"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(victim, 0o755); err != nil {
				t.Fatal(err)
			}
			planted := filepath.Join(shared, ".mem.memfs")
			c.plant(t, planted, victim)
			before, _ := os.Lstat(planted)
			d, err := OpenParent(filepath.Join(shared, "mem"))
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			for _, create := range []bool{false, true} {
				if sub, err := d.Own(".mem.memfs", 0o700, create); err == nil {
					sub.Close()
					t.Fatalf("Own(create %v) accepted the planted sibling", create)
				} else {
					wantUnsafe(t, err)
				}
			}
			if st, err := os.Stat(victim); err != nil || st.Mode().Perm() != 0o755 {
				t.Errorf("victim folder changed: %v %v", st.Mode(), err)
			}
			if b, err := os.ReadFile(filepath.Join(victim, "keep")); err != nil || string(b) != "k" {
				t.Errorf("victim file changed: %q %v", b, err)
			}
			if after, err := os.Lstat(planted); err != nil || after.Mode() != before.Mode() {
				t.Errorf("planted entry changed: %v -> %v (%v)", before.Mode(), after.Mode(), err)
			}
		})
	}
}

// Ensure that a folder of the caller's made wider is narrowed through the
// opened handle, and a missing one is created only on request.
func TestOwnCreatesAndNarrows(t *testing.T) {
	parent := t.TempDir()
	d, err := OpenParent(filepath.Join(parent, "x"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Own("s", 0o700, false); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Own of a missing folder without create: %v", err)
	}
	if err := os.Mkdir(filepath.Join(parent, "wide"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"s", "wide"} {
		sub, err := d.Own(name, 0o700, true)
		if err != nil {
			t.Fatal(err)
		}
		sub.Close()
		if st, err := os.Lstat(filepath.Join(parent, name)); err != nil || st.Mode() != fs.ModeDir|0o700 {
			t.Errorf("%s: %v %v, want drwx------", name, st.Mode(), err)
		}
	}
}

// Ensure that swapping the path for a link in the window between the
// check and the use is refused, for the parent and for the sibling: the
// attacker wins the race deterministically here, through the hook.
func TestRaceSwapRefused(t *testing.T) {
	t.Run("parent", func(t *testing.T) {
		base := t.TempDir()
		parent := filepath.Join(base, "p")
		if err := os.Mkdir(parent, 0o700); err != nil {
			t.Fatal(err)
		}
		victim := t.TempDir()
		d, err := openParent(filepath.Join(parent, "mem"), func() {
			if err := os.Rename(parent, parent+".old"); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(victim, parent); err != nil {
				t.Fatal(err)
			}
		})
		if err == nil {
			d.Close()
			t.Fatal("a parent swapped for a link was accepted")
		}
		wantUnsafe(t, err)
	})
	t.Run("sibling", func(t *testing.T) {
		parent := t.TempDir()
		victim := filepath.Join(parent, "victim")
		if err := os.Mkdir(victim, 0o755); err != nil {
			t.Fatal(err)
		}
		d, err := OpenParent(filepath.Join(parent, "mem"))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		sib := filepath.Join(parent, ".mem.memfs")
		sub, err := d.own(".mem.memfs", 0o700, true, func() {
			if err := os.Remove(sib); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("victim", sib); err != nil {
				t.Fatal(err)
			}
		})
		if err == nil {
			sub.Close()
			t.Fatal("a sibling swapped for a link was accepted")
		}
		wantUnsafe(t, err)
		if st, err := os.Stat(victim); err != nil || st.Mode().Perm() != 0o755 {
			t.Errorf("victim chmodded: %v %v", st.Mode(), err)
		}
	})
}

// Ensure that RemoveTree removes a read-only tree but not what a link in
// it points to.
func TestRemoveTreeStaysInside(t *testing.T) {
	parent := t.TempDir()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "keep"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tree := filepath.Join(parent, "t", "sub")
	if err := os.MkdirAll(tree, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(tree, "out")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{tree, filepath.Dir(tree)} {
		if err := os.Chmod(p, 0o500); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(outside, 0o751); err != nil {
		t.Fatal(err)
	}
	d, err := OpenParent(filepath.Join(parent, "x"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.RemoveTree("t"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(parent, "t")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("tree left: %v", err)
	}
	if st, err := os.Stat(outside); err != nil || st.Mode().Perm() != 0o751 {
		t.Errorf("outside changed: %v %v", st.Mode(), err)
	}
	if _, err := os.Stat(filepath.Join(outside, "keep")); err != nil {
		t.Errorf("outside emptied: %v", err)
	}
}
