package dream_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/execdreamer"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
)

// Environment of the child process of TestRun_CancelledInAnotherProcess.
const (
	childHome = "MEMFS_DREAM_TEST_CHILD_HOME"
	childSig  = "MEMFS_DREAM_TEST_CHILD_SIG"
	childCite = "MEMFS_DREAM_TEST_CHILD_CITE"
)

// TestCancelChild is the child process of TestRun_CancelledInAnotherProcess:
// it dreams the scope of the parent's home with an exec dreamer that
// blocks until the parent lets it go on, and prints the run's reason.
func TestCancelChild(t *testing.T) {
	home := os.Getenv(childHome)
	if home == "" {
		t.Skip("run by TestRun_CancelledInAnotherProcess")
	}
	sig := os.Getenv(childSig)
	st, err := gitstore.Open(t.Context(), gitstore.Options{Path: filepath.Join(home, "store.git")})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l, err := ledger.New(filepath.Join(home, ledger.FileName), ledger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cites := "- session:" + sessTabs + " entry:" + entryTabs + `\n`
	if os.Getenv(childCite) != "" {
		cites += "- session:" + sessDeploy + " entry:" + entryDeploy + `\n`
	}
	d := execdreamer.Dreamer{Command: `: > "` + sig + `/started"; read x < "` + sig + `/go"
		mkdir -p "$MEMFS_MEMORY/pages/notes" && printf '# Notes\n\nSomething durable.\n\n## Sources\n\n` + cites + `' > "$MEMFS_MEMORY/pages/notes/n.md"`,
		Write: []string{sig}} // its signal folder, allowed as config.toml's dreamer.write would
	res, err := dream.Run(t.Context(), dream.Options{Home: home, Store: st, Ledger: l, Scope: scope, Dreamer: d, Force: true})
	if res == nil {
		t.Fatalf("run: %v", err)
	}
	fmt.Printf("reason=%s published=%v\n", res.Reason, res.Published)
}

// Ensure that a run in another process that forget cancels (issue 13.6)
// writes nothing about its sessions afterwards: it publishes nothing and
// acknowledges nothing, and the ledger, scrubbed of the forgotten session,
// does not get it back when the run finishes.
func TestRun_CancelledInAnotherProcess(t *testing.T) {
	for _, cite := range []bool{false, true} {
		t.Run(fmt.Sprintf("cites the forgotten session=%v", cite), func(t *testing.T) {
			e := newEnv(t)
			e.checkpoint("deploy.jsonl")
			e.checkpoint("tabs.jsonl")
			sig := t.TempDir()
			if err := syscall.Mkfifo(filepath.Join(sig, "go"), 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestCancelChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), childHome+"="+e.home, childSig+"="+sig)
			if cite {
				cmd.Env = append(cmd.Env, childCite+"=1")
			}
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			t.Cleanup(func() {
				if cmd.ProcessState == nil {
					cmd.Process.Kill()
					<-exited
				}
			})
			storetest.Eventually(t, "the child's dreamer started", func() bool {
				_, err := os.Stat(filepath.Join(sig, "started"))
				return err == nil
			})
			live, err := dream.InProgress(t.Context(), e.home, e.ledger)
			if err != nil || len(live) != 1 {
				t.Fatalf("runs in progress %v, %v", live, err)
			}

			// forget session:deploy --cancel-runs, as apply does it: the
			// markers, the run cancelled, the ledger scrubbed.
			e.mark(markSession(sessDeploy))
			if err := dream.CancelRun(t.Context(), e.home, e.ledger, live[0].ID, time.Now()); err != nil {
				t.Fatal(err)
			}
			if _, err := e.ledger.Scrub(t.Context(), func(id string) bool { return id == sessDeploy }, func(id string) string { return id }); err != nil {
				t.Fatal(err)
			}
			// Let the child's dreamer finish.
			f, err := os.OpenFile(filepath.Join(sig, "go"), os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
			if err := <-exited; err != nil {
				t.Fatalf("child: %v\n%s", err, out.String())
			}
			if !strings.Contains(out.String(), "reason="+dream.ReasonCancelled+" ") {
				t.Errorf("child's run did not end cancelled:\n%s", out.String())
			}

			if st, err := e.ledger.Session(t.Context(), sessDeploy); err != nil || st.Checkpoint != nil || st.Processed != nil {
				t.Errorf("the ledger names the forgotten session again: %+v %v", st, err)
			}
			runs, err := e.ledger.Runs(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range runs {
				if slices.Contains(r.Sessions, sessDeploy) || slices.ContainsFunc(r.Checkpoints, func(c ledger.Checkpoint) bool { return c.SessionID == sessDeploy }) {
					t.Errorf("run %s names the forgotten session: %+v", r.ID, r)
				}
				if r.ID == live[0].ID && (r.State != dream.StateCancelled || r.Error != dream.ReasonCancelled) {
					t.Errorf("run record %+v, want cancelled", r)
				}
			}
			if _, err := e.store.Head(t.Context(), scope); !errors.Is(err, gitstore.ErrNoScope) {
				t.Errorf("the cancelled run published: %v", err)
			}
			if got := e.pending(); !slices.Equal(got, []string{sessTabs}) {
				t.Errorf("pending %v, want the other session still pending", got)
			}
			if _, err := os.Stat(filepath.Join(e.home, dream.RunsDir, live[0].ID+".gate")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the run's gate file was left behind: %v", err)
			}
		})
	}
}
