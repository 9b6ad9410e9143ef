package dream

import (
	"slices"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/wiki"
)

// Ensure that a citation a changed page makes anew is looked for first in
// the base versions of the other pages the run changed or removed (a claim
// moved between pages), so that a page the run left alone is not read,
// even one whose text names the entry; and that one no page cites is
// still looked for everywhere.
func TestBaseIndex_FindLooksAtTouchedPagesFirst(t *testing.T) {
	const (
		session = "cccccccc-0000-4000-8000-000000000001"
		entry   = "cccccccc-0000-4000-8000-0000000000e1"
	)
	cites := []byte("# Queue\n\nThe queue is SQS.\n\n## Sources\n\n- session:" + session + " entry:" + entry + "\n")
	plain := []byte("# Other\n\nNothing cited here.\n")
	bi := &baseIndex{
		parser:   wiki.NewParser(),
		pages:    map[string]*gitstore.Node{},
		text:     map[string][]byte{"pages/a/left.md": cites, "pages/a/moved.md": cites, "pages/a/plain.md": plain},
		cites:    map[citation]bool{},
		sessions: map[string]bool{},
		touched:  map[string]bool{"pages/a/moved.md": true},
		unparsed: []string{"pages/a/left.md", "pages/a/moved.md", "pages/a/plain.md"},
	}
	if !bi.cited(citation{session, entry}, "pages/a/new.md") {
		t.Fatal("the entry cited by a page the run changed was not found")
	}
	if want := []string{"pages/a/left.md", "pages/a/plain.md"}; !slices.Equal(bi.unparsed, want) {
		t.Errorf("pages still unparsed %v, want %v: a page the run left alone was read", bi.unparsed, want)
	}
	if bi.cited(citation{session, "cccccccc-0000-4000-8000-0000000000e2"}, "pages/a/new.md") {
		t.Error("an entry no page cites was found")
	}
	if len(bi.unparsed) != 0 {
		t.Errorf("an entry cited nowhere left %v unparsed", bi.unparsed)
	}
}
