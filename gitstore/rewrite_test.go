package gitstore

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

const secret = "555-0199"

// dropLines is a test edit: every line holding the secret goes.
func dropLines(s *Store) Edit {
	strip := func(b []byte) ([]byte, bool) {
		if !bytes.Contains(b, []byte(secret)) {
			return b, false
		}
		var out []byte
		for _, l := range bytes.SplitAfter(b, []byte("\n")) {
			if !bytes.Contains(l, []byte(secret)) {
				out = append(out, l...)
			}
		}
		return out, true
	}
	return Edit{
		File: func(p string, id ID, key string) ([]byte, bool, error) {
			b, err := s.ReadBlob(id)
			if err != nil {
				return nil, false, err
			}
			out, changed := strip(b)
			return out, changed, nil
		},
		Message: func(msg string) (string, bool) {
			out, changed := strip([]byte(msg))
			return string(out), changed
		},
	}
}

// buildHistory publishes n revisions; revision intro (1-based) adds the
// secret to a page that keeps it afterwards, and revision inMsg carries it
// in its message. Every revision also adds a page of its own unless
// only is set for it.
func buildHistory(t *testing.T, s *Store, n, intro, inMsg int, only map[int]bool) {
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
		mustPublish(t, s, dir, PublishOptions{Message: msg})
	}
}

func countCommits(t *testing.T, repo, ref string) int {
	t.Helper()
	return len(strings.Fields(gittest.Git(t, repo, "rev-list", ref)))
}

func TestRewriteAndPurgeRemoveEveryCopy(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	buildHistory(t, s, 30, 5, 12, nil)
	// A proposal ref reaches the content too.
	h := head(t, s, "default")
	if err := s.casRef(ProposalRef("default", "run1"), ID{}, h); err != nil {
		t.Fatal(err)
	}
	repo := s.Path()
	before := gittest.Git(t, repo, "log", "--format=%an %ae %at %s", "default")
	if !strings.Contains(gittest.Git(t, repo, "cat-file", "--batch-all-objects", "--batch"), secret) {
		t.Fatal("test setup: secret not stored")
	}

	var res *RewriteResult
	err := s.Exclusive(t.Context(), func(tx *Tx) error {
		var err error
		if res, err = tx.Rewrite(t.Context(), dropLines(s)); err != nil {
			return err
		}
		if res.Objects == 0 {
			t.Error("a rewrite that changes 26 commits needs no new object")
		}
		if err := tx.WriteObjects(t.Context(), res); err != nil {
			return err
		}
		if err := tx.SwitchRefs(t.Context(), res.Refs); err != nil {
			return err
		}
		_, err = tx.Purge(t.Context(), func(typ plumbing.ObjectType, content []byte) error {
			if bytes.Contains(content, []byte(secret)) {
				return fmt.Errorf("holds the secret")
			}
			return nil
		})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refs) != 2 {
		t.Errorf("rewrote %d refs, want the branch and the proposal", len(res.Refs))
	}
	// Revisions 5..30 change (26 trees) and revision 12's message.
	if res.Rewritten != 26 || res.Dropped != 0 {
		t.Errorf("rewritten %d, dropped %d; want 26, 0", res.Rewritten, res.Dropped)
	}
	if got := len(res.Revisions); got != 26 {
		t.Errorf("%d revisions edited, want 26", got)
	}
	if all := gittest.Git(t, repo, "cat-file", "--batch-all-objects", "--batch"); strings.Contains(all, secret) {
		t.Error("an object still holds the secret")
	}
	if msgs := gittest.Git(t, repo, "log", "--all", "--format=%B"); strings.Contains(msgs, secret) || !strings.Contains(msgs, "revision 12") {
		t.Errorf("messages after rewrite:\n%s", msgs)
	}
	if n := countCommits(t, repo, "default"); n != 30 {
		t.Errorf("history has %d commits, want 30", n)
	}
	if after := gittest.Git(t, repo, "log", "--format=%an %ae %at %s", "default"); after != before {
		t.Errorf("authors, dates or subjects changed:\nbefore\n%s\nafter\n%s", before, after)
	}
	if got := gittest.Git(t, repo, "rev-parse", "default"); got != gittest.Git(t, repo, "rev-parse", ProposalRef("default", "run1")) {
		t.Error("the proposal and the branch named the same commit before and differ after")
	}
	page := gittest.Git(t, repo, "show", "default:pages/notes/base.md")
	if !strings.Contains(page, "A fact about base.") || strings.Contains(page, "Call Bob") {
		t.Errorf("page after rewrite:\n%s", page)
	}
	for _, p := range []string{"logs", "ORIG_HEAD"} {
		if _, err := os.Stat(filepath.Join(repo, p)); err == nil {
			t.Errorf("%s survived the purge", p)
		}
	}
	// The store keeps working: publish on top of the rewritten head.
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"after"}, nil)
	mustPublish(t, s, dir, PublishOptions{Message: "after"})
	if n := countCommits(t, repo, "default"); n != 31 {
		t.Errorf("history has %d commits after one more publish, want 31", n)
	}
}

func TestRewriteDropsCommitsThatOnlyHeldTheContent(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	buildHistory(t, s, 8, 4, 0, map[int]bool{4: true})
	err := s.Exclusive(t.Context(), func(tx *Tx) error {
		res, err := tx.Rewrite(t.Context(), dropLines(s))
		if err == nil {
			err = tx.WriteObjects(t.Context(), res)
		}
		if err != nil {
			return err
		}
		if res.Dropped != 1 {
			t.Errorf("dropped %d commits, want 1", res.Dropped)
		}
		if err := tx.SwitchRefs(t.Context(), res.Refs); err != nil {
			return err
		}
		_, err = tx.Purge(t.Context(), nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := countCommits(t, s.Path(), "default"); n != 7 {
		t.Errorf("history has %d commits, want 7", n)
	}
	if msgs := gittest.Git(t, s.Path(), "log", "--format=%s", "default"); strings.Contains(msgs, "revision 4\n") || !strings.Contains(msgs, "revision 5") {
		t.Errorf("subjects after the drop:\n%s", msgs)
	}
}

func TestRewriteWithoutMatchesChangesNothing(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	buildHistory(t, s, 5, 0, 0, nil)
	h := head(t, s, "default")
	err := s.Exclusive(t.Context(), func(tx *Tx) error {
		res, err := tx.Rewrite(t.Context(), dropLines(s))
		if err != nil {
			return err
		}
		if len(res.Refs) != 0 || res.Rewritten != 0 || res.Objects != 0 {
			t.Errorf("nothing to forget, yet %+v", res)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := head(t, s, "default"); got != h {
		t.Error("head moved")
	}
}

func TestSwitchRefsIsCompareAndSwap(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	buildHistory(t, s, 2, 0, 0, nil)
	h := head(t, s, "default")
	err := s.Exclusive(t.Context(), func(tx *Tx) error {
		return tx.SwitchRefs(t.Context(), []RefUpdate{{Name: BranchRef("default"), Old: ID(plumbing.NewHash(strings.Repeat("1", 40))), New: h}})
	})
	if err == nil || !strings.Contains(err.Error(), ErrConflict.Error()) {
		t.Fatalf("stale old value: err = %v, want a conflict", err)
	}
	if got := head(t, s, "default"); got != h {
		t.Error("a refused switch moved the head")
	}
}

func TestPurgeDetectsSurvivors(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	buildHistory(t, s, 3, 2, 0, nil)
	err := s.Exclusive(t.Context(), func(tx *Tx) error {
		_, err := tx.Purge(t.Context(), func(typ plumbing.ObjectType, content []byte) error {
			if bytes.Contains(content, []byte(secret)) {
				return fmt.Errorf("holds the secret")
			}
			return nil
		})
		return err
	})
	if err == nil || !strings.Contains(err.Error(), ErrPurgeVerify.Error()) {
		t.Fatalf("purge of a store still holding the secret: err = %v, want a verification failure", err)
	}
}
