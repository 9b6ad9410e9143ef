package replica

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/validate"
)

// newTestStore creates a store in a temporary home. On cleanup it checks
// that stock git accepts the repository with fsck --strict, so every test
// doubles as a format check.
func newTestStore(t *testing.T, limits validate.Limits) *gitstore.Store {
	t.Helper()
	s := newUncheckedStore(t, limits)
	t.Cleanup(func() { gitFsck(t, s.Path()) })
	return s
}

// newUncheckedStore is newTestStore for tests that plant malformed objects
// on purpose.
func newUncheckedStore(t *testing.T, limits validate.Limits) *gitstore.Store {
	t.Helper()
	home := t.TempDir()
	s, created, err := gitstore.Init(t.Context(), gitstore.Options{Path: filepath.Join(home, "store.git"),
		CacheDir: filepath.Join(home, "cache"), Limits: limits})
	if err != nil {
		t.Fatalf("Init: %v", err)
	}
	if !created {
		t.Fatalf("Init on an empty home reported an existing store")
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func gitFsck(t *testing.T, repo string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git binary not found: the store's format is checked with stock git")
	}
	out, err := exec.Command("git", "-C", repo, "fsck", "--strict", "--no-dangling").CombinedOutput()
	if err != nil {
		t.Errorf("git fsck --strict: %v\n%s", err, out)
	}
}

// runGit runs stock git in repo with a fixed identity, so that commits made
// by tests need no git identity of the machine's.
func runGit(t *testing.T, repo string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=memfs test", "-c", "user.email=test@memfs.invalid"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// writeArtifact lays out a valid artifact under dir: one area with the
// given pages, each citing session s1. Extra files (path → content)
// override or add to it.
func writeArtifact(t *testing.T, dir string, pages []string, extra map[string]string) {
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

func mustPublish(t *testing.T, s *gitstore.Store, dir string, opts gitstore.PublishOptions) *gitstore.PublishResult {
	t.Helper()
	if opts.Scope == "" {
		opts.Scope = "default"
	}
	res, err := s.Publish(t.Context(), dir, opts)
	if err != nil {
		if res != nil && res.Report != nil {
			t.Fatalf("Publish: %v (problems %v)", err, res.Report.Problems)
		}
		t.Fatalf("Publish: %v", err)
	}
	return res
}

func head(t *testing.T, s *gitstore.Store, scope string) gitstore.ID {
	t.Helper()
	h, err := s.Head(context.Background(), scope)
	if err != nil {
		t.Fatalf("Head(%s): %v", scope, err)
	}
	return h
}

// newMarkerID returns a fresh random marker id, as package erasure gives
// the markers it makes, for markers a test builds by hand.
func newMarkerID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// secret is what the tests' histories hold and their erasures remove.
const secret = "555-0199"

// buildHistory publishes n revisions; revision intro (1-based) adds the
// secret to a page that keeps it afterwards, and revision inMsg carries it
// in its message. Every revision also adds a page of its own unless
// only is set for it.
func buildHistory(t *testing.T, s *gitstore.Store, n, intro, inMsg int, only map[int]bool) {
	t.Helper()
	dir := t.TempDir()
	writeArtifact(t, dir, []string{"base"}, nil)
	for i := 1; i <= n; i++ {
		if !only[i] {
			writeArtifact(t, dir, []string{fmt.Sprintf("p%02d", i)}, nil)
		}
		if i == intro {
			writeArtifact(t, dir, nil, map[string]string{"pages/notes/base.md": "# base\n\nA fact about base.\nCall Bob at " + secret + ".\n\n## Sources\n\n- session:s1\n"})
		}
		msg := fmt.Sprintf("revision %d", i)
		if i == inMsg {
			msg += "\n\nmentions " + secret + " in passing"
		}
		mustPublish(t, s, dir, gitstore.PublishOptions{Message: msg})
	}
}

func countCommits(t *testing.T, repo, ref string) int {
	t.Helper()
	return len(strings.Fields(runGit(t, repo, "rev-list", ref)))
}
