package checkout

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
)

// Ensure that a checkout holds exactly the revision, read-only and
// readable by its owner only, behind a link.
func TestCheckoutTree(t *testing.T) {
	s := storetest.NewStore(t)
	files := storetest.Artifact(1, 2, 3)
	commit := storetest.Publish(t, s, "default", files)
	dir := filepath.Join(t.TempDir(), "memory")
	res, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Commit != commit || res.Unchanged || res.Files != len(files) {
		t.Errorf("result %+v", res)
	}
	if d := storetest.Diff(files, storetest.ReadTree(t, dir)); d != "" {
		t.Fatalf("checkout differs:\n%s", d)
	}
	if st, err := os.Lstat(dir); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is not a link: %v", dir, err)
	}
	err = filepath.Walk(dir+"/", func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		want := FileMode
		if info.IsDir() {
			want = os.ModeDir | DirMode
		}
		if info.Mode() != want {
			t.Errorf("%s: mode %v, want %v", p, info.Mode(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(storageDir(dir)); err != nil || st.Mode() != os.ModeDir|StoreMode {
		t.Errorf("folder of snapshots: %v, %v; want mode %v", st.Mode(), err, os.ModeDir|StoreMode)
	}

	again, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"})
	if err != nil {
		t.Fatal(err)
	}
	if !again.Unchanged || again.Snapshot != res.Snapshot {
		t.Errorf("second checkout of the same revision: %+v", again)
	}
}

// Ensure that defaults are supplied for missing required files and pages/
// always exists, as in the mount.
func TestCheckoutSuppliesDefaults(t *testing.T) {
	s := storetest.NewStore(t)
	storetest.Publish(t, s, "default", map[string]string{"summary.md": "s\n", "index.md": "i\n"})
	dir := filepath.Join(t.TempDir(), "memory")
	if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "pages")); err != nil || !st.IsDir() {
		t.Errorf("pages/: %v", err)
	}
}

// Ensure that a checkout refuses to replace a directory it did not make,
// and accepts an empty one.
func TestCheckoutForeignDir(t *testing.T) {
	s := storetest.NewStore(t)
	storetest.Publish(t, s, "default", storetest.Artifact(1, 1, 1))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); !errors.Is(err, ErrNotCheckout) {
		t.Fatalf("checkout over a foreign folder: %v", err)
	}
	empty := t.TempDir()
	if _, err := Checkout(t.Context(), empty, Options{Store: s, Scope: "default"}); err != nil {
		t.Fatalf("checkout over an empty folder: %v", err)
	}
}

// Ensure that readers never see a half-written or mixed tree while the
// checkout is swapped again and again: every tree a reader resolves is
// complete and of one revision.
func TestCheckoutSwapAtomic(t *testing.T) {
	s := storetest.NewStore(t)
	dir := filepath.Join(t.TempDir(), "memory")
	const revs = 30
	storetest.Publish(t, s, "default", storetest.Artifact(0, 3, 10))
	if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); err != nil {
		t.Fatal(err)
	}
	var done atomic.Bool
	var wg sync.WaitGroup
	var trees, pruned atomic.Int64
	errs := make(chan string, 50)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !done.Load() {
				if _, err := os.Stat(filepath.Join(dir, "summary.md")); err != nil {
					errs <- fmt.Sprintf("summary.md missing: %v", err)
					return
				}
				root, err := filepath.EvalSymlinks(dir)
				if err != nil {
					errs <- err.Error()
					return
				}
				got, err := storetest.ReadTreeErr(root)
				if errors.Is(err, os.ErrNotExist) {
					pruned.Add(1) // two swaps overtook this reader
					continue
				}
				if err != nil {
					errs <- err.Error()
					return
				}
				rev := strings.Fields(got["summary.md"])[0]
				var n int
				fmt.Sscanf(rev, "rev-%d", &n)
				if d := storetest.Diff(storetest.Artifact(n, 3, 10), got); d != "" {
					errs <- fmt.Sprintf("tree of %s is not that revision:\n%s", rev, d)
					return
				}
				trees.Add(1)
			}
		}()
	}
	for rev := 1; rev <= revs; rev++ {
		storetest.Publish(t, s, "default", storetest.Artifact(rev, 3, 10))
		if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); err != nil {
			t.Fatal(err)
		}
	}
	done.Store(true)
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	t.Logf("%d swaps, %d complete trees read, %d reads overtaken by pruning", revs, trees.Load(), pruned.Load())
	ents, err := os.ReadDir(storageDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) > 2 {
		t.Errorf("%d snapshots kept, want at most 2", len(ents))
	}
}

// Ensure that Watch follows the head.
func TestCheckoutWatch(t *testing.T) {
	s := storetest.NewStore(t)
	storetest.Publish(t, s, "default", storetest.Artifact(1, 1, 1))
	dir := filepath.Join(t.TempDir(), "memory")
	ctx, cancel := context.WithCancel(t.Context())
	results := make(chan *Result, 10)
	errc := make(chan error, 1)
	go func() {
		errc <- Watch(ctx, dir, Options{Store: s, Scope: "default"}, 0, func(r *Result) { results <- r })
	}()
	first := <-results
	next := storetest.Artifact(2, 1, 2)
	commit := storetest.Publish(t, s, "default", next)
	deadline := time.After(10 * time.Second)
	for r := first; r.Commit != commit; {
		select {
		case r = <-results:
		case <-deadline:
			t.Fatal("watch did not follow the head")
		}
	}
	if d := storetest.Diff(next, storetest.ReadTree(t, dir)); d != "" {
		t.Errorf("checkout differs:\n%s", d)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}

// Ensure that a forget reaches a watched checkout: the rewritten head is
// checked out and no snapshot beside it, the previous one included, still
// holds the forgotten text.
func TestCheckoutWatchForget(t *testing.T) {
	s := storetest.NewStore(t)
	files := storetest.Artifact(1, 1, 2)
	files["pages/area0/phone.md"] = storetest.Page("Phone", "- Dana's desk is on floor 3.\n- Call Dana at 555-010-7777 any time.")
	storetest.Publish(t, s, "default", files)
	root := t.TempDir()
	dir := filepath.Join(root, "memory")
	if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); err != nil {
		t.Fatal(err)
	}
	files["summary.md"] = "Dana works on floor 3.\n"
	head := storetest.Publish(t, s, "default", files)

	ctx, cancel := context.WithCancel(t.Context())
	results := make(chan *Result, 10)
	errc := make(chan error, 1)
	go func() {
		errc <- Watch(ctx, dir, Options{Store: s, Scope: "default"}, 0, func(r *Result) { results <- r })
	}()
	if r := <-results; r.Commit != head {
		t.Fatalf("watch checked out %s, want %s", r.Commit, head)
	}
	holding := func() []string {
		var out []string
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() {
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				if strings.Contains(string(b), "7777") {
					out = append(out, p)
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		return out
	}
	if len(holding()) < 2 {
		t.Fatalf("setup: the text should be in the current and the previous snapshot, found in %v", holding())
	}

	home := t.TempDir()
	l, err := ledger.New(filepath.Join(home, "ledger.db"), ledger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := forget.New(forget.Options{Home: home, Store: s, Ledger: l})
	ts, err := forget.ParseTargets([]string{"text:555 010 7777"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Apply(t.Context(), forget.ApplyOptions{Token: p.Scope, Targets: ts}); err != nil {
		t.Fatal(err)
	}
	took := storetest.Eventually(t, "no file under the checkout's folder holds the text", func() bool {
		return len(holding()) == 0
	})
	t.Logf("forgotten text gone from disk %v after the forget", took)
	got := storetest.ReadTree(t, dir)
	if !strings.Contains(got["pages/area0/phone.md"], "floor 3") {
		t.Errorf("the rewritten page is missing: %q", got["pages/area0/phone.md"])
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}

// Ensure that another local user cannot read a checkout, even when every
// folder above it is open to all and the folder of snapshots was made
// wide by an earlier memfs. The second user is created with useradd when
// the test runs as root; otherwise only the modes are checked.
func TestCheckoutOwnerOnly(t *testing.T) {
	s := storetest.NewStore(t)
	storetest.Publish(t, s, "default", storetest.Artifact(1, 1, 1))
	root := t.TempDir()
	for _, d := range []string{filepath.Dir(root), root} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(root, "memory")
	if err := os.Mkdir(storageDir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Checkout(t.Context(), dir, Options{Store: s, Scope: "default"}); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(dir, "summary.md")
	for _, c := range []struct {
		path string
		want os.FileMode
	}{
		{storageDir(dir), os.ModeDir | StoreMode},
		{dir + "/", os.ModeDir | DirMode},
		{filepath.Join(dir, "pages"), os.ModeDir | DirMode},
		{summary, FileMode},
	} {
		st, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode() != c.want {
			t.Errorf("%s: mode %v, want %v", c.path, st.Mode(), c.want)
		}
	}

	uid, gid := otherUser(t)
	cmd := exec.Command("cat", summary)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: gid}}
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("another user read the checkout: %q", out)
	}
	if !strings.Contains(string(out), "Permission denied") {
		t.Errorf("another user's cat failed, but not for permission: %v: %s", err, out)
	}
}

// otherUser creates a temporary local user, removed when the test ends,
// and returns its ids. It skips the test when that is not possible.
func otherUser(t *testing.T) (uint32, uint32) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("not root: cannot create a second local user; mode bits checked only")
	}
	bin, err := exec.LookPath("useradd")
	if err != nil {
		t.Skip("useradd unavailable: cannot create a second local user; mode bits checked only")
	}
	name := fmt.Sprintf("memfst%d", os.Getpid()%100000)
	if out, err := exec.Command(bin, "--no-create-home", "--shell", "/usr/sbin/nologin", name).CombinedOutput(); err != nil {
		t.Skipf("useradd %s failed: %v: %s; mode bits checked only", name, err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("userdel", name).CombinedOutput(); err != nil {
			t.Errorf("userdel %s: %v: %s", name, err, out)
		}
	})
	u, err := user.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		t.Fatalf("user %s: uid %q gid %q", name, u.Uid, u.Gid)
	}
	return uint32(uid), uint32(gid)
}
