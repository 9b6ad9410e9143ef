package home

import (
	"context"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
)

// Guard returns the store's erasure guard, which refuses forgotten
// content: an empty guard when the home has no store folder (it has
// forgotten nothing), gitstore.ErrGuardUnavailable when a store is there
// but it, its markers or its keys do not read. It fails closed: no caller
// gets a guard that lets everything by because something did not open.
func (h *Home) Guard(ctx context.Context) (*erasure.Guard, error) {
	return gitstore.OpenGuard(ctx, h.StoreOptions())
}

// Forgetter opens the store and ledger a forget needs; close releases
// them. progress, when set, hears where a long apply is.
func (h *Home) Forgetter(ctx context.Context, progress func(stage string, done, total int)) (f *forget.Forgetter, close func(), err error) {
	s, err := h.OpenStore(ctx)
	if err != nil {
		return nil, nil, err
	}
	l, err := h.Ledger()
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	f = forget.New(forget.Options{Home: h.Dir, Store: s, Ledger: l, Logger: h.Logger, Progress: progress,
		RenameHomeScopes: h.dropRenamedProjects})
	return f, func() { s.Close() }, nil
}
