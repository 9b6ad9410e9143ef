package gitstore

import (
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// Ensure that a forget that drops pages recounts the generated counts of
// the areas it touches from the pages the rewritten revision keeps, so a
// count that was already off before comes out right, and an untouched
// area keeps its line.
func TestRewrite_RecountsGeneratedLines(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a", "b", "c"}, map[string]string{
		"index.md": "# Memory index\n\n## Areas\n\n- [notes](pages/notes/index.md): 7 page(s)\n- [tools](pages/tools/index.md): 1 page(s)\n",
		"summary.md": "<!-- memfs-builtin summary -->\n# Summary\n\n" +
			"Statements the user asked to keep or stated as durable: notes 9, tools 1. Start at index.md.\n",
		"pages/tools/index.md": "# Tools\n\n- [T](t.md)\n",
		"pages/tools/t.md":     "# T\n\nA tool.\n\n## Sources\n\n- session:s1\n",
	})
	mustPublish(t, s, dir, PublishOptions{})
	e := s.NewEraser(EraseSpec{Page: func(p string) bool { return p == "pages/notes/b.md" }})
	err := s.Exclusive(t.Context(), func(tx *Tx) error {
		res, err := tx.Rewrite(t.Context(), e.Edit())
		if err != nil {
			return err
		}
		if err := tx.WriteObjects(t.Context(), res); err != nil {
			return err
		}
		return tx.SwitchRefs(t.Context(), res.Refs)
	})
	if err != nil {
		t.Fatal(err)
	}
	idx := gittest.Git(t, s.Path(), "show", "default:index.md")
	if !strings.Contains(idx, "- [notes](pages/notes/index.md): 2 page(s)\n- [tools](pages/tools/index.md): 1 page(s)\n") {
		t.Errorf("index.md:\n%s", idx)
	}
	sum := gittest.Git(t, s.Path(), "show", "default:summary.md")
	if !strings.Contains(sum, "durable: notes 2, tools 1.") {
		t.Errorf("summary.md:\n%s", sum)
	}
}
