package home

import (
	"context"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore/erasure"
)

// Guard returns the store's erasure guard, which refuses forgotten
// content; an empty guard when the store does not open (a home without a
// store yet has forgotten nothing).
func (h *Home) Guard(ctx context.Context) (*erasure.Guard, error) {
	s, err := h.OpenStore(ctx)
	if err != nil {
		return erasure.NewGuard(nil, nil), nil
	}
	defer s.Close()
	return s.Guard(ctx)
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
	f = forget.New(forget.Options{Home: h.Dir, Store: s, Ledger: l, Logger: h.Logger, Progress: progress})
	return f, func() { s.Close() }, nil
}
