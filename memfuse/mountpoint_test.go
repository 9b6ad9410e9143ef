package memfuse

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/storetest"
)

// Ensure that the README's `mkdir -p /tmp/mem && memfs mount /tmp/mem` is
// safe against another local user who got there first: a mount point
// planted as a link (to a folder of the victim's, or anywhere), or as
// their own folder, is refused with unsafe_path, and nothing is mounted
// over either. A folder that holds files, or is already a mount, is
// refused with mountpoint_in_use.
func TestMountRefusesUnsafeMountpoint(t *testing.T) {
	requireFUSE(t)
	s := newStore(t)
	publish(t, s, "default", artifact(1, 1, 1))
	cases := []struct {
		name string
		root bool
		// plant prepares tmp/mem, given a victim folder, and returns the
		// code the mount must fail with.
		plant func(t *testing.T, mp, victim string) string
	}{
		{"link to a victim, another user's", true, func(t *testing.T, mp, v string) string {
			if err := os.Symlink(v, mp); err != nil {
				t.Fatal(err)
			}
			if err := os.Lchown(mp, storetest.Nobody, storetest.Nobody); err != nil {
				t.Fatal(err)
			}
			return "unsafe_path"
		}},
		{"link of the caller's", false, func(t *testing.T, mp, v string) string {
			if err := os.Symlink(v, mp); err != nil {
				t.Fatal(err)
			}
			return "unsafe_path"
		}},
		{"another user's folder", true, func(t *testing.T, mp, _ string) string {
			if err := os.Mkdir(mp, 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(mp, 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.Lchown(mp, storetest.Nobody, storetest.Nobody); err != nil {
				t.Fatal(err)
			}
			return "unsafe_path"
		}},
		{"not empty", false, func(t *testing.T, mp, _ string) string {
			if err := os.Mkdir(mp, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(mp, "notes"), nil, 0o600); err != nil {
				t.Fatal(err)
			}
			return "mountpoint_in_use"
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.root && os.Geteuid() != 0 {
				t.Skip("not root: cannot plant files owned by another user (CI runs this as root)")
			}
			mp := filepath.Join(storetest.SharedDir(t), "mem")
			victim := t.TempDir()
			want := c.plant(t, mp, victim)
			m, err := New(context.Background(), mp, Options{Store: s, Scope: "default"})
			if err == nil {
				m.Unmount()
				t.Fatalf("mounted on %s", c.name)
			}
			if got := errcode.Of(err); got != want {
				t.Fatalf("New: %v (code %q), want %s", err, got, want)
			}
			for _, d := range []string{mp, victim} {
				if mounted(t, d) {
					t.Errorf("%s was mounted over", d)
				}
			}
		})
	}
}

// Ensure that a second mount does not stack on a live memfs mount: it is
// refused with mountpoint_in_use and the first keeps serving.
func TestMountRefusesStacking(t *testing.T) {
	s := newStore(t)
	publish(t, s, "default", artifact(1, 1, 1))
	first := mountT(t, Options{Store: s, Scope: "default"})
	m, err := New(context.Background(), first.Dir(), Options{Store: s, Layout: LayoutAll})
	if err == nil {
		m.Unmount()
		t.Fatal("a second mount stacked on the first")
	}
	if !errors.Is(err, ErrMountpointInUse) || errcode.Of(err) != "mountpoint_in_use" {
		t.Fatalf("second mount: %v, want mountpoint_in_use", err)
	}
	if _, err := os.Stat(filepath.Join(first.Dir(), "summary.md")); err != nil {
		t.Fatalf("first mount no longer serves: %v", err)
	}
}

// Ensure that a mount point whose parent another user owns is refused.
func TestMountRefusesForeignParent(t *testing.T) {
	requireFUSE(t)
	if os.Geteuid() != 0 {
		t.Skip("not root: cannot plant files owned by another user (CI runs this as root)")
	}
	s := newStore(t)
	publish(t, s, "default", artifact(1, 1, 1))
	parent := filepath.Join(storetest.SharedDir(t), "theirs")
	mp := filepath.Join(parent, "mem")
	if err := os.MkdirAll(mp, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(parent, storetest.Nobody, storetest.Nobody); err != nil {
		t.Fatal(err)
	}
	_, err := New(context.Background(), mp, Options{Store: s, Scope: "default"})
	if errcode.Of(err) != "unsafe_path" {
		t.Fatalf("New: %v, want unsafe_path", err)
	}
	if mounted(t, mp) {
		t.Error("mounted anyway")
	}
}

// Ensure that the check made once the kernel has mounted catches a mount
// that did not land on the folder that was checked: here nothing covers
// it, then the name is swapped for a link, as an attacker racing the
// mount would.
func TestLandedDetectsSwap(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mem")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	mp, err := openMountpoint(dir, "/nonexistent-store")
	if err != nil {
		t.Fatal(err)
	}
	defer mp.close()
	if err := mp.landed(); errcode.Of(err) != "unsafe_path" {
		t.Fatalf("landed with nothing mounted: %v", err)
	}
	if err := os.Rename(dir, dir+".moved"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), dir); err != nil {
		t.Fatal(err)
	}
	if err := mp.landed(); errcode.Of(err) != "unsafe_path" {
		t.Fatalf("landed after a swap: %v", err)
	}
}
