package main

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/storetest"
)

// Ensure the whole pipeline with real files: a checkpoint, a builtin
// dream, a commit whose page cites the session, and a mount (started
// before the scope existed) that shows it.
func TestEndToEnd_CheckpointDreamMount(t *testing.T) {
	storetest.RequireFUSE(t)
	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
	mnt := t.TempDir()
	startMount(t, c.home, mnt, "--all")

	c.mustRun("dream")
	// index.md lists each claim; the area's folder holds its page.
	index := filepath.Join(mnt, transcriptScope, "pages", "preferences", "index.md")
	var content []byte
	storetest.Eventually(t, "the dreamed page is visible in the mount", func() bool {
		b, err := os.ReadFile(filepath.Join(mnt, transcriptScope, "index.md"))
		content = b
		return err == nil && strings.Contains(string(b), "tabs over spaces") && strings.Contains(string(b), "pages/preferences/")
	})
	entries, err := os.ReadDir(filepath.Dir(index))
	if err != nil {
		t.Fatal(err)
	}
	cited := false
	for _, e := range entries {
		if e.Name() == "index.md" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(filepath.Dir(index), e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		cited = cited || strings.Contains(string(b), "## Sources") && strings.Contains(string(b), "- session:"+testSession)
	}
	if !cited {
		t.Fatalf("no page under the mount cites session %s; index:\n%s", testSession, content)
	}
	if err := os.WriteFile(filepath.Join(mnt, transcriptScope, "index.md"), []byte("x"), 0o644); err == nil {
		t.Fatal("write through the mount succeeded")
	}
}

// Ensure that killing memfs dream with SIGKILL at random points never
// corrupts the store or loses evidence: after each kill the store passes
// git fsck --strict, the session is pending or acknowledged, and the next
// run reconciles the dead one and completes.
func TestDream_KillNineTrials(t *testing.T) {
	bin := memfsBinary(t)
	rng := rand.New(rand.NewPCG(7, 11))
	dreamer := `id=$(sed -n 's/.*"session_id": *"\([^"]*\)".*/\1/p' "$MEMFS_INPUT/manifest.json" | head -n 1)
mkdir -p "$MEMFS_MEMORY/pages/notes"
printf '# Notes\n\n- [Deploys](deploys.md)\n' > "$MEMFS_MEMORY/pages/notes/index.md"
entry=$(sed -n 's/.*"id": *"\([^"]*\)".*/\1/p' "$MEMFS_INPUT"/sessions/*/transcript.jsonl | head -n 1)
printf '# Deploys\n\nDeploy on Fridays only.\n\n## Sources\n\n- session:%s entry:%s\n' "$id" "$entry" > "$MEMFS_MEMORY/pages/notes/deploys.md"
sleep 0.0$(( $$ % 5 ))`
	trials := 20
	if n, err := strconv.Atoi(os.Getenv("MEMFS_KILL_TRIALS")); err == nil && n > 0 {
		trials = n // scripts/kill-trials.sh runs many more
	}
	var killedBefore, killedAfter int
	defer func() { t.Logf("%d trials: %d killed before publishing, %d after", trials, killedBefore, killedAfter) }()
	for i := range trials {
		c := newCLI(t)
		c.mustRun("init")
		c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
		cmd := exec.Command(bin, "--home", c.home, "dream", "--dreamer", "exec", "--dreamer-cmd", dreamer)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// A random kill point, from before staging to after publication.
		delay := time.Duration(rng.IntN(80)) * time.Millisecond
		timer := time.AfterFunc(delay, func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		cmd.Wait()
		timer.Stop()
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)

		out, err := exec.Command("git", "-C", filepath.Join(c.home, "store.git"), "fsck", "--strict", "--no-dangling").CombinedOutput()
		if err != nil {
			t.Fatalf("trial %d (kill after %v): git fsck: %v\n%s", i, delay, err, out)
		}
		published := false
		if code, _, _ := c.run("--scope", transcriptScope, "cat", "pages/notes/deploys.md"); code == 0 {
			published = true
		}
		if published {
			killedAfter++
		} else {
			killedBefore++
		}
		if !published && c.pending() != 1 {
			t.Fatalf("trial %d (kill after %v): nothing published and the evidence is not pending", i, delay)
		}
		// The next run reconciles the dead one and finishes the work.
		if code, out, errs := c.run("dream", "--now", "--dreamer", "exec", "--dreamer-cmd", dreamer); code != 0 {
			t.Fatalf("trial %d (kill after %v): the run after the kill failed (exit %d):\n%s%s", i, delay, code, out, errs)
		}
		if c.pending() != 0 {
			t.Fatalf("trial %d: evidence still pending after a clean run", i)
		}
		if code, page, _ := c.run("--scope", transcriptScope, "cat", "pages/notes/deploys.md"); code != 0 || !strings.Contains(page, "session:"+testSession) {
			t.Fatalf("trial %d: the page is not published after the clean run", i)
		}
	}
}
