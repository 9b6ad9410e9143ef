package forget

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
)

// TestKilledApply kills a real apply process with SIGKILL at each of its
// stages. Whatever the stage, the refs are all old or all new, and the
// next apply finishes the job.
func TestKilledApply(t *testing.T) {
	for _, stage := range []string{"rewritten", "pending", "switched", "cleaned", "purged"} {
		t.Run(stage, func(t *testing.T) {
			e := newEnv(t)
			e.history(t)
			ts := mustTargets(t, "text:555 010 9999")
			p, err := e.f.Preview(t.Context(), ts)
			if err != nil {
				t.Fatal(err)
			}
			before, _ := e.store.Refs(t.Context())

			cmd, sc := startChild(t, "TestApplyProcess", "MEMFS_FORGET_CHILD_HOME="+e.home, "MEMFS_FORGET_CHILD_TOKEN="+p.Scope, "MEMFS_FORGET_CHILD_STAGE="+stage)
			reached := false
			for sc.Scan() {
				if sc.Text() == "stage "+stage {
					reached = true
					break
				}
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			if !reached {
				t.Fatalf("the child never reached stage %s", stage)
			}

			after, _ := e.store.Refs(t.Context())
			moved := 0
			for _, name := range []string{"refs/heads/default", gitstore.ErasuresRef} {
				if after[name] != before[name] {
					moved++
				}
			}
			if moved == 1 {
				t.Fatalf("half a switch is visible: %v → %v", before, after)
			}
			wantSwitched := stage != "rewritten" && stage != "pending"
			if (moved == 2) != wantSwitched {
				t.Fatalf("killed at %s: switched = %v", stage, moved == 2)
			}

			// The rerun, in this process, completes.
			rc, err := e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
			if err != nil {
				t.Fatalf("rerun: %v", err)
			}
			if !rc.StorageCleanup.Verified {
				t.Error("rerun did not verify the purge")
			}
			if holdsPhone(git(t, e.store.Path(), "cat-file", "--batch-all-objects", "--batch")) {
				t.Error("the number survived the rerun")
			}
			if _, err := os.Stat(filepath.Join(e.home, "forget-pending.json")); err == nil {
				t.Error("the pending note survived")
			}
		})
	}
}

// TestApplyProcess is the child of TestKilledApply: it applies and, at
// the stage it was given, reports and waits to be killed.
func TestApplyProcess(t *testing.T) {
	home := os.Getenv("MEMFS_FORGET_CHILD_HOME")
	if home == "" {
		t.Skip("child process of TestKilledApply only")
	}
	s, err := gitstore.Open(t.Context(), gitstore.Options{Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache"), Limits: storetest.Limits})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := ledger.New(filepath.Join(home, "ledger.db"), ledger.Options{})
	want := os.Getenv("MEMFS_FORGET_CHILD_STAGE")
	f := New(Options{Home: home, Store: s, Ledger: l, Stage: func(name string) {
		os.Stdout.WriteString("stage " + name + "\n")
		if name == want {
			select {}
		}
	}})
	ts, _ := ParseTargets(strings.Fields("text:555-010-9999"))
	_, err = f.Apply(t.Context(), ApplyOptions{Token: os.Getenv("MEMFS_FORGET_CHILD_TOKEN"), Targets: ts})
	t.Fatalf("apply ran to the end (%v) instead of being killed", err)
}

// TestKilledApplyAtRename kills a real apply process with SIGKILL just
// before each rename it makes in the store (the plan's pack and index, new
// packs, packed-refs, refs), the n-th for n = 1, 2, … until an apply runs
// to its end without reaching an n-th. After each kill, an apply in this
// process (with the same token, or after a new preview) succeeds, the
// number is gone, and the store passes git fsck --strict (newEnv's
// cleanup). The journal's own rename lies between the stages
// "rewritten" and "pending" of TestKilledApply.
func TestKilledApplyAtRename(t *testing.T) {
	for _, rerun := range []string{"same-token", "new-preview"} {
		t.Run(rerun, func(t *testing.T) { killApplyAtEveryRename(t, rerun == "new-preview") })
	}
}

// killApplyAtEveryRename is TestKilledApplyAtRename; with repreview, the
// rerun previews again and applies with the new token, as a user who
// lost the first one would.
func killApplyAtEveryRename(t *testing.T, repreview bool) {
	const most = 200 // far more renames than an apply makes
	for n := 1; n <= most; n++ {
		killed := false
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			e := newEnv(t)
			e.history(t)
			ts := mustTargets(t, "text:555 010 9999")
			p, err := e.f.Preview(t.Context(), ts)
			if err != nil {
				t.Fatal(err)
			}
			cmd, sc := startChild(t, "TestApplyRenameProcess", "MEMFS_FORGET_CHILD_HOME="+e.home, "MEMFS_FORGET_CHILD_TOKEN="+p.Scope, "MEMFS_FORGET_CHILD_RENAME="+strconv.Itoa(n))
			for sc.Scan() {
				if rest, ok := strings.CutPrefix(sc.Text(), "rename "); ok {
					killed = true
					t.Logf("killed before renaming to %s", rest)
					break
				}
				if sc.Text() == "applied" {
					break
				}
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			if !killed {
				return
			}
			token := p.Scope
			if repreview {
				p2, err := e.f.Preview(t.Context(), ts)
				if err != nil {
					t.Fatalf("preview after the kill: %v", err)
				}
				token = p2.Scope
			}
			rc, err := e.f.Apply(t.Context(), ApplyOptions{Token: token, Targets: ts})
			if err != nil {
				t.Fatalf("rerun: %v", err)
			}
			if !rc.StorageCleanup.Verified {
				t.Error("rerun did not verify the purge")
			}
			if holdsPhone(git(t, e.store.Path(), "cat-file", "--batch-all-objects", "--batch")) {
				t.Error("the number survived the rerun")
			}
		})
		if !killed {
			if n < 4 {
				t.Fatalf("an apply made only %d renames: the hook is not reached", n-1)
			}
			return
		}
	}
	t.Fatalf("an apply still renamed after %d renames", most)
}

// TestApplyRenameProcess is the child of TestKilledApplyAtRename: it
// applies and, before its n-th rename in the store, reports and waits to
// be killed. An apply that ends first reports "applied".
func TestApplyRenameProcess(t *testing.T) {
	home := os.Getenv("MEMFS_FORGET_CHILD_HOME")
	stop, _ := strconv.Atoi(os.Getenv("MEMFS_FORGET_CHILD_RENAME"))
	if home == "" || stop == 0 {
		t.Skip("child process of TestKilledApplyAtRename only")
	}
	n := 0
	s, err := gitstore.Open(t.Context(), gitstore.Options{Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache"), Limits: storetest.Limits,
		BeforeRename: func(path string) {
			if n++; n == stop {
				os.Stdout.WriteString("rename " + filepath.Base(path) + "\n")
				select {}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := ledger.New(filepath.Join(home, "ledger.db"), ledger.Options{})
	f := New(Options{Home: home, Store: s, Ledger: l})
	ts, _ := ParseTargets(strings.Fields("text:555-010-9999"))
	if _, err := f.Apply(t.Context(), ApplyOptions{Token: os.Getenv("MEMFS_FORGET_CHILD_TOKEN"), Targets: ts}); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("applied\n")
}

// startChild runs the test binary's test name in a child process with env
// added, and returns it with a scanner of what it prints.
func startChild(t *testing.T, name string, env ...string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, bufio.NewScanner(out)
}
