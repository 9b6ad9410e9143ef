package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/storetest"
)

// Ensure that memfs serve, with zero configuration beyond its folders,
// mounts every scope, checkpoints a session file once it settles, dreams
// it, shows the result in the mount, and unmounts when stopped.
func TestServe_SessionToMount(t *testing.T) {
	storetest.RequireFUSE(t)
	c := newCLI(t)
	c.mustRun("init")
	watchDir, mnt := t.TempDir(), t.TempDir()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"--home", c.home, "serve", "--mount", mnt, "--watch", watchDir,
			"--settle", "50ms", "--poll", "20ms", "--debounce", "10ms"}, strings.NewReader(""), &out, &errb)
	}()
	storetest.Eventually(t, "serve mounted", func() bool { return isMounted(t, mnt) })
	copyTranscript(t, filepath.Join(watchDir, testSession+".jsonl"), "claude-session.jsonl")

	index := filepath.Join(mnt, transcriptScope, "index.md") // lists each claim
	storetest.Eventually(t, "the dreamed page is visible in the mount", func() bool {
		b, err := os.ReadFile(index)
		return err == nil && strings.Contains(string(b), "tabs over spaces")
	})
	// The page becomes visible a moment before the evidence is
	// acknowledged.
	storetest.Eventually(t, "evidence acknowledged after serve dreamed it", func() bool {
		n, err := c.ledger().PendingTotal(t.Context())
		return err == nil && n == 0
	})
	if c.pending() != 0 {
		t.Errorf("status counts evidence pending after serve dreamed it")
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve exited %d: %s", code, errb.String())
	}
	if isMounted(t, mnt) {
		t.Fatal("serve left its mount behind")
	}
}
