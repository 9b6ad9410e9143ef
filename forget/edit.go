package forget

import (
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/wiki"
)

// editor is a forget's view of its targets: the sets of sessions and
// pages and the literals, and the store's eraser built from them, which
// is the same eraser an import builds from erasure markers — so a forget
// here and an import elsewhere rewrite history to the same objects.
type editor struct {
	sessions map[string]bool
	pages    map[string]bool
	lits     [][]string
	eraser   *gitstore.Eraser
}

// newEditor builds the editor of targets; key is the store's own marker
// key, under which renamed names are hashed (erasure.ErasedName), as the
// markers this forget writes will be.
func newEditor(store *gitstore.Store, key []byte, targets []Target) *editor {
	e := &editor{sessions: map[string]bool{}, pages: map[string]bool{}}
	for _, t := range targets {
		switch t.Kind {
		case KindSession:
			e.sessions[t.Value] = true
		case KindPage:
			e.pages[t.Value] = true
		case KindText:
			e.lits = append(e.lits, wiki.ReaderTokens(t.Value))
		}
	}
	spec := gitstore.EraseSpec{Name: func(p string) string { return erasure.ErasedName(key, p) }}
	if len(e.lits) > 0 {
		spec.Text = wiki.LiteralMatcher(e.lits)
	}
	if len(e.sessions) > 0 {
		spec.Session = func(id string) bool { return e.sessions[id] }
	}
	if len(e.pages) > 0 {
		spec.Page = func(p string) bool { return e.pages[p] }
	}
	e.eraser = store.NewEraser(spec)
	return e
}

func (e *editor) edit() gitstore.Edit { return e.eraser.Edit() }

// holds reports whether file content still holds targeted content.
func (e *editor) holds(content []byte) bool {
	return e.eraser.Check(gitstore.BlobObject, content) != nil
}
