package gitstore

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// newTestStore creates a store in a temporary home. On cleanup it checks
// that stock git accepts the repository with fsck --strict, so every test
// doubles as a format check.
func newTestStore(t *testing.T, limits validate.Limits) *Store {
	t.Helper()
	s := newUncheckedStore(t, limits)
	t.Cleanup(func() { gittest.Fsck(t, s.Path()) })
	return s
}

// newUncheckedStore is newTestStore for tests that plant malformed objects
// on purpose.
func newUncheckedStore(t *testing.T, limits validate.Limits) *Store {
	t.Helper()
	home := t.TempDir()
	s, created, err := Init(t.Context(), Options{Path: filepath.Join(home, "store.git"),
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

func mustPublish(t *testing.T, s *Store, dir string, opts PublishOptions) *PublishResult {
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

func head(t *testing.T, s *Store, scope string) ID {
	t.Helper()
	h, err := s.Head(context.Background(), scope)
	if err != nil {
		t.Fatalf("Head(%s): %v", scope, err)
	}
	return h
}
