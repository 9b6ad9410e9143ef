package checkout

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/safedir"
	"github.com/memfs/memfs/internal/storetest"
)

// victim returns a folder with one file, mode 0751, for an attacker to aim
// at.
func victim(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "precious"), []byte("mine"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o751); err != nil {
		t.Fatal(err)
	}
	return d
}

func victimIntact(t *testing.T, d string) {
	t.Helper()
	if st, err := os.Stat(d); err != nil || st.Mode() != fs.ModeDir|0o751 {
		t.Errorf("victim folder: mode %v, %v; want drwxr-x--x", st.Mode(), err)
	}
	ents, err := os.ReadDir(d)
	if err != nil || len(ents) != 1 {
		t.Fatalf("victim folder holds %d entries (%v), want 1", len(ents), err)
	}
	if b, err := os.ReadFile(filepath.Join(d, "precious")); err != nil || string(b) != "mine" {
		t.Errorf("victim file: %q, %v", b, err)
	}
}

// plantedAs makes what plant created at p belong to uid (the attacker),
// without following a link.
func plantedAs(t *testing.T, p string, uid int) {
	t.Helper()
	if err := os.Lchown(p, uid, uid); err != nil {
		t.Fatal(err)
	}
}

// Ensure that another local user cannot steer a checkout into a shared
// folder: a link or a folder of theirs planted as the target, as its
// sibling folder of snapshots, or as the parent is refused with
// unsafe_path, and the folder they aimed at is left as it was, contents
// and mode. Checkout and Prune (what Watch runs after a forget) are both
// tried.
func TestCheckoutRefusesPlanted(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("not root: cannot plant files owned by another user (CI runs this as root)")
	}
	s := storetest.NewStore(t)
	storetest.Publish(t, s, "default", storetest.Artifact(1, 1, 1))
	cases := []struct {
		name string
		// plant prepares tmp (the shared folder) against a checkout of
		// tmp/mem and returns the folder the checkout must work in.
		plant func(t *testing.T, tmp, victim string) string
	}{
		{"sibling linked to a victim", func(t *testing.T, tmp, v string) string {
			p := filepath.Join(tmp, ".mem.memfs")
			if err := os.Symlink(v, p); err != nil {
				t.Fatal(err)
			}
			plantedAs(t, p, storetest.Nobody)
			return tmp
		}},
		{"sibling linked by the caller", func(t *testing.T, tmp, v string) string {
			if err := os.Symlink(v, filepath.Join(tmp, ".mem.memfs")); err != nil {
				t.Fatal(err)
			}
			return tmp
		}},
		{"sibling owned by the attacker", func(t *testing.T, tmp, _ string) string {
			p := filepath.Join(tmp, ".mem.memfs")
			if err := os.MkdirAll(filepath.Join(p, "0123456789ab-1"), 0o777); err != nil {
				t.Fatal(err)
			}
			plantedAs(t, p, storetest.Nobody)
			return tmp
		}},
		{"target linked into the attacker's snapshot", func(t *testing.T, tmp, _ string) string {
			p := filepath.Join(tmp, "mem")
			if err := os.Symlink(".mem.memfs/0123456789ab-1", p); err != nil {
				t.Fatal(err)
			}
			plantedAs(t, p, storetest.Nobody)
			return tmp
		}},
		{"target linked to a victim", func(t *testing.T, tmp, v string) string {
			p := filepath.Join(tmp, "mem")
			if err := os.Symlink(v, p); err != nil {
				t.Fatal(err)
			}
			plantedAs(t, p, storetest.Nobody)
			return tmp
		}},
		{"target is the attacker's empty folder", func(t *testing.T, tmp, _ string) string {
			p := filepath.Join(tmp, "mem")
			if err := os.Mkdir(p, 0o777); err != nil {
				t.Fatal(err)
			}
			plantedAs(t, p, storetest.Nobody)
			return tmp
		}},
		{"parent owned by the attacker", func(t *testing.T, tmp, _ string) string {
			p := filepath.Join(tmp, "theirs")
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
			plantedAs(t, p, storetest.Nobody)
			return p
		}},
		{"parent linked to a victim", func(t *testing.T, tmp, v string) string {
			p := filepath.Join(tmp, "link")
			if err := os.Symlink(v, p); err != nil {
				t.Fatal(err)
			}
			plantedAs(t, p, storetest.Nobody)
			return p
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tmp, v := storetest.SharedDir(t), victim(t)
			dir := filepath.Join(c.plant(t, tmp, v), "mem")
			before := listing(t, tmp)
			_, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"})
			var e *safedir.Error
			if !errors.As(err, &e) || errcode.Of(err) != "unsafe_path" {
				t.Fatalf("checkout: %v, want unsafe_path", err)
			}
			if err := Prune(dir); errcode.Of(err) != "unsafe_path" {
				t.Errorf("prune: %v, want unsafe_path", err)
			}
			victimIntact(t, v)
			if after := listing(t, tmp); after != before {
				t.Errorf("shared folder changed:\n%s\nwas\n%s", after, before)
			}
		})
	}
}

// listing describes every entry under d (name, mode, owner, link target),
// without following links.
func listing(t *testing.T, d string) string {
	t.Helper()
	out := ""
	err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := e.Info()
		if err != nil {
			return err
		}
		out += p + " " + fi.Mode().String()
		if fi.Mode()&fs.ModeSymlink != 0 {
			l, _ := os.Readlink(p)
			out += " -> " + l
		}
		out += "\n"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Ensure that, in a shared sticky folder with nothing planted, a checkout
// works and its sibling is the caller's, 0700: the safe path stays open.
func TestCheckoutInSharedFolder(t *testing.T) {
	s := storetest.NewStore(t)
	storetest.Publish(t, s, "default", storetest.Artifact(1, 1, 1))
	dir := filepath.Join(storetest.SharedDir(t), "mem")
	if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(storageDir(dir))
	if err != nil || st.Mode() != fs.ModeDir|StoreMode {
		t.Fatalf("sibling: %v %v", st.Mode(), err)
	}
	if err := Prune(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "summary.md")); err != nil {
		t.Fatal(err)
	}
}

// Ensure that missing folders above DIR are still made, private.
func TestCheckoutMakesMissingParents(t *testing.T) {
	s := storetest.NewStore(t)
	storetest.Publish(t, s, "default", storetest.Artifact(1, 1, 1))
	dir := filepath.Join(t.TempDir(), "a", "b", "mem")
	if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Dir(dir)); err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("made parent: %v %v", st.Mode(), err)
	}
}
