// Package gittest holds test helpers that need stock git and nothing of
// memfs: running git with a fixed identity, checking a repository with
// git fsck --strict, and laying out a small valid artifact. It imports no
// memfs package, so the store's own in-package tests (gitstore,
// gitstore/replica) can use it as well as storetest does; it is imported
// by tests only.
package gittest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Fsck fails the test unless stock git accepts the repository at repo
// with fsck --strict. A machine without git fails the test too: the
// store's format is checked with stock git.
func Fsck(t testing.TB, repo string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git binary not found: the store's format is checked with stock git")
	}
	out, err := exec.Command("git", "-C", repo, "fsck", "--strict", "--no-dangling").CombinedOutput()
	if err != nil {
		t.Errorf("git fsck --strict: %v\n%s", err, out)
	}
}

// Git runs stock git in repo with a fixed identity, so that commits made
// by tests need no git identity of the machine's, and returns its output.
func Git(t testing.TB, repo string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=memfs test", "-c", "user.email=test@memfs.invalid"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// WriteArtifact lays out a valid artifact under dir: one area with the
// given pages, each citing session s1. Extra files (path → content)
// override or add to it.
func WriteArtifact(t testing.TB, dir string, pages []string, extra map[string]string) {
	t.Helper()
	files := map[string]string{
		"summary.md":           "# Summary\n\nOrientation only.\n",
		"index.md":             "# Index\n\n- [Notes](pages/notes/index.md)\n",
		"pages/notes/index.md": "# Notes\n",
	}
	for _, p := range pages {
		files["pages/notes/"+p+".md"] = fmt.Sprintf("# %s\n\nA fact about %s.\n\n## Sources\n\n- session:s1\n", p, p)
	}
	for k, v := range extra {
		files[k] = v
	}
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// MarkerID returns a fresh random marker id, as package erasure gives the
// markers it makes, for markers a test builds by hand.
func MarkerID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}
