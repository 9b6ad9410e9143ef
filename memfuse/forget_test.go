package memfuse

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
)

// helperForget previews and applies a forget of $MEMFS_TARGET on the
// store at $MEMFS_STORE, with $MEMFS_HOME as home.
func helperForget() int {
	ctx := context.Background()
	s, err := gitstore.Open(ctx, gitstore.Options{Path: os.Getenv("MEMFS_STORE"), Limits: storetest.Limits})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer s.Close()
	home := os.Getenv("MEMFS_HOME")
	l, _ := ledger.New(filepath.Join(home, "ledger.db"), ledger.Options{})
	f := forget.New(forget.Options{Home: home, Store: s, Ledger: l})
	ts, err := forget.ParseTargets([]string{os.Getenv("MEMFS_TARGET")})
	if err == nil {
		var p *forget.Preview
		if p, err = f.Preview(ctx, ts); err == nil {
			_, err = f.Apply(ctx, forget.ApplyOptions{Token: p.Scope, Targets: ts})
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func forgetElsewhere(t testing.TB, s *gitstore.Store, target string) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), helperEnv+"=forget", "MEMFS_STORE="+s.Path(), "MEMFS_HOME="+t.TempDir(), "MEMFS_TARGET="+target)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("forgetting process: %v: %s", err, out)
	}
}

// deletedStoreFiles lists this process's descriptors of files under the
// store's objects/ that were deleted.
func deletedStoreFiles(t testing.TB, s *gitstore.Store) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		target, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		if err == nil && strings.HasPrefix(target, filepath.Join(s.Path(), "objects")) && strings.HasSuffix(target, " (deleted)") {
			out = append(out, target)
		}
	}
	return out
}

// Ensure that a forget in another process takes the content out of a
// running mount at once: new opens show the rewritten file, descriptors
// opened before answer EIO (forget outranks the snapshot promise), nothing
// under the mount holds the text, and the mount lets go of purged packs.
func TestLiveForgetFromOtherProcess(t *testing.T) {
	s := newStore(t)
	files := artifact(1, 1, 2)
	files["pages/area0/phone.md"] = page("Phone", "- Dana's desk is on floor 3.\n- Call Dana at 555-010-7777 any time.")
	publish(t, s, "default", files)
	m := mountT(t, Options{Store: s, Scope: "default"})
	if len(deletedStoreFiles(t, s)) != 0 {
		t.Fatal("setup: descriptors of deleted store files before the forget")
	}
	path := filepath.Join(m.Dir(), "pages/area0/phone.md")

	read, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer read.Close()
	buf := make([]byte, 4096)
	if n, err := read.ReadAt(buf, 0); (err != nil && n == 0) || !strings.Contains(string(buf[:n]), "555-010-7777") {
		t.Fatalf("before the forget: %q, %v", buf[:n], err)
	}
	unread, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer unread.Close()
	other := filepath.Join(m.Dir(), "pages/area0/p0.md")
	keep, err := os.Open(other)
	if err != nil {
		t.Fatal(err)
	}
	defer keep.Close()

	forgetElsewhere(t, s, "text:555 010 7777")
	// Before anything reads: the mount lets go of the purged packs by
	// itself.
	eventually(t, "the mount closes the purged packs", func() bool {
		return len(deletedStoreFiles(t, s)) == 0
	})
	eventually(t, "the rewritten page visible", func() bool {
		b, err := os.ReadFile(path)
		return err == nil && !strings.Contains(string(b), "7777") && strings.Contains(string(b), "floor 3")
	})
	for name, f := range map[string]*os.File{"read before": read, "opened before": unread} {
		if n, err := f.ReadAt(buf, 0); !errors.Is(err, syscall.EIO) {
			t.Errorf("%s the forget: read %q, %v; want EIO", name, buf[:n], err)
		}
	}
	// Files the forget did not touch keep serving their open descriptors.
	if _, err := keep.ReadAt(make([]byte, 16), 0); err != nil {
		t.Errorf("untouched file opened before the forget: %v", err)
	}
	for p, c := range readTree(t, m.Dir()) {
		if strings.Contains(c, "7777") {
			t.Errorf("%s still shows the number", p)
		}
	}
}

// Ensure that a forget in another process reaches the history view too:
// descriptors open on history/<rev>/ files that held the text answer EIO,
// and nothing a fresh walk of the mount finds holds it.
func TestLiveForgetHistory(t *testing.T) {
	s := newStore(t)
	files := artifact(1, 1, 2)
	files["pages/area0/phone.md"] = page("Phone", "- Dana's desk is on floor 3.\n- Call Dana at 555-010-7777 any time.")
	publish(t, s, "default", files)
	files["summary.md"] = "Dana works on floor 3.\n"
	publish(t, s, "default", files)
	m := mountT(t, Options{Store: s, Scope: "default", Layout: LayoutHistory})
	hist := filepath.Join(m.Dir(), "history")
	before := listNames(t, hist)
	if len(before) != 2 {
		t.Fatalf("history lists %v", before)
	}

	buf := make([]byte, 4096)
	open := map[string]*os.File{}
	for _, p := range []string{
		filepath.Join(hist, before[0], "pages/area0/phone.md"),
		filepath.Join(hist, before[1], "pages/area0/phone.md"),
		filepath.Join(m.Dir(), "current", "pages/area0/phone.md"),
	} {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if n, err := f.ReadAt(buf, 0); (err != nil && n == 0) || !strings.Contains(string(buf[:n]), "555-010-7777") {
			t.Fatalf("%s before the forget: %q, %v", p, buf[:n], err)
		}
		open[p] = f
	}

	forgetElsewhere(t, s, "text:555 010 7777")
	eventually(t, "the rewritten revisions listed", func() bool {
		got := listNames(t, hist)
		return len(got) == 2 && !slices.Contains(got, before[0]) && !slices.Contains(got, before[1])
	})
	for p, f := range open {
		if n, err := f.ReadAt(buf, 0); !errors.Is(err, syscall.EIO) {
			t.Errorf("%s opened before the forget: read %q, %v; want EIO", p, buf[:n], err)
		}
	}
	for p, c := range readTree(t, m.Dir()) {
		if strings.Contains(c, "7777") {
			t.Errorf("%s still shows the number", p)
		}
	}
	if len(deletedStoreFiles(t, s)) != 0 {
		t.Error("the mount still holds purged packs")
	}
}
