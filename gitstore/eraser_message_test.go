package gitstore

import (
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Ensure that an erasing rewrite that removes a commit's subject (a
// one-line message, or the first line of a longer one) gives it the
// neutral subject, so its trailers stay a trailer paragraph and the
// revision keeps its artifact version; other messages keep their shape.
func TestEraser_MessageKeepsTrailers(t *testing.T) {
	text := wiki.LiteralMatcher([][]string{wiki.Tokens("hunter2")})
	forgotten := func(id string) bool { return id == "sess-q" }
	cases := []struct {
		name, msg, want string
	}{
		{"one-line subject", "wifi is hunter2\n\nMemfs-Artifact: 1\n",
			erasure.NeutralSubject + "\n\nMemfs-Artifact: 1\n"},
		{"subject of a longer message", "wifi is hunter2\n\nit rotates\n\nMemfs-Artifact: 1\n",
			erasure.NeutralSubject + "\n\nit rotates\n\nMemfs-Artifact: 1\n"},
		{"session in the subject", "learned from session:sess-q\n\nMemfs-Artifact: 1\nMemfs-Sources: sess-1 sess-q\n",
			erasure.NeutralSubject + "\n\nMemfs-Artifact: 1\nMemfs-Sources: sess-1\n"},
		{"nothing left", "hunter2\n", erasure.NeutralSubject + "\n"},
		{"body line", "subject\n\nwifi is hunter2\n\nMemfs-Artifact: 1\n", "subject\n\nMemfs-Artifact: 1\n"},
		{"untouched", "subject\n\nMemfs-Artifact: 1\n", "subject\n\nMemfs-Artifact: 1\n"},
	}
	s := newTestStore(t, validate.Limits{})
	e := s.NewEraser(EraseSpec{Text: text, Session: forgotten})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, changed := e.message(c.msg)
			if got != c.want || changed != (c.msg != c.want) {
				t.Errorf("message(%q) = %q, %v; want %q", c.msg, got, changed, c.want)
			}
			if _, tr := splitTrailers(c.msg); tr != nil {
				if _, tr2 := splitTrailers(got); tr2[validate.TrailerArtifact] != tr[validate.TrailerArtifact] {
					t.Errorf("the rewritten message lost its artifact trailer: %q", got)
				}
			}
		})
	}
}

// Ensure that a forget of a literal held only by a one-line message
// rewrites it into a commit that keeps its artifact trailer and passes
// the schema check, and that the import of the same markers makes the
// same commit.
func TestRewrite_OneLineMessageForgetAndImportAgree(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"base"}, nil)
	mustPublish(t, s, dir, PublishOptions{Message: "wifi is hunter2"})
	forget := s.NewEraser(EraseSpec{Text: wiki.LiteralMatcher([][]string{wiki.Tokens("hunter2")})})
	var first *RewriteResult
	err := s.Exclusive(t.Context(), func(tx *Tx) (err error) {
		first, err = tx.Rewrite(t.Context(), forget.Edit())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	g := markStore(t, s, "hunter2", "unused")
	err = s.Exclusive(t.Context(), func(tx *Tx) error {
		second, err := tx.Rewrite(t.Context(), s.NewEraser(EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}).Edit())
		if err != nil {
			return err
		}
		if len(first.Refs) != 1 || len(second.Refs) != 1 || first.Refs[0].New != second.Refs[0].New {
			t.Fatalf("forget and import rewrite differently: %v vs %v", first.Refs, second.Refs)
		}
		if err := tx.WriteObjects(t.Context(), second); err != nil {
			return err
		}
		return tx.SwitchRefs(t.Context(), second.Refs)
	})
	if err != nil {
		t.Fatal(err)
	}
	msg := gittest.Git(t, s.Path(), "log", "-1", "--format=%B", "default")
	if strings.Contains(msg, "hunter2") || !strings.HasPrefix(msg, erasure.NeutralSubject+"\n\n") {
		t.Errorf("message after the forget:\n%s", msg)
	}
	if v := gittest.Git(t, s.Path(), "log", "-1", "--format=%(trailers:key=Memfs-Artifact,valueonly)", "default"); strings.TrimSpace(v) != "1" {
		t.Errorf("git reads no artifact trailer in:\n%s", msg)
	}
}
