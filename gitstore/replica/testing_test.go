package replica

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// newTestStore creates a store in a temporary home. On cleanup it checks
// that stock git accepts the repository with fsck --strict, so every test
// doubles as a format check.
func newTestStore(t *testing.T, limits validate.Limits) *gitstore.Store {
	t.Helper()
	s := newUncheckedStore(t, limits)
	t.Cleanup(func() { gittest.Fsck(t, s.Path()) })
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

// secret is what the tests' histories hold and their erasures remove.
const secret = "555-0199"

// buildHistory publishes n revisions; revision intro (1-based) adds the
// secret to a page that keeps it afterwards, and revision inMsg carries it
// in its message. Every revision also adds a page of its own unless
// only is set for it.
func buildHistory(t *testing.T, s *gitstore.Store, n, intro, inMsg int, only map[int]bool) {
	t.Helper()
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"base"}, nil)
	for i := 1; i <= n; i++ {
		if !only[i] {
			gittest.WriteArtifact(t, dir, []string{fmt.Sprintf("p%02d", i)}, nil)
		}
		if i == intro {
			gittest.WriteArtifact(t, dir, nil, map[string]string{"pages/notes/base.md": "# base\n\nA fact about base.\nCall Bob at " + secret + ".\n\n## Sources\n\n- session:s1\n"})
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
	return len(strings.Fields(gittest.Git(t, repo, "rev-list", ref)))
}
