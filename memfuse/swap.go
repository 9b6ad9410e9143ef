package memfuse

import (
	"context"
	"errors"
	"time"

	"github.com/memfs/memfs/gitstore"
)

// SwapEvent describes one swap of a live view.
type SwapEvent struct {
	Scope    string
	From, To gitstore.ID
	// Took is the time from noticing the new head to serving it.
	Took time.Duration
}

func (fsys *mountFS) swapped(ev SwapEvent) {
	fsys.log.Info("swapped", "scope", ev.Scope, "from", gitstore.ShortID(ev.From), "to", gitstore.ShortID(ev.To), "took", ev.Took)
	if fsys.onSwap != nil {
		fsys.onSwap(ev)
	}
}

// watch follows the refs until ctx ends.
func (m *Mount) watch(ctx context.Context, refs <-chan struct{}) {
	for ok := true; ok; _, ok = <-refs {
		if err := m.refresh(ctx); err != nil && ctx.Err() == nil {
			m.fs.log.Warn("refresh failed", "err", err)
		}
	}
}

// Refresh looks at the heads now and swaps whatever moved, without waiting
// for the watcher: a publisher in this process calls it to make its
// publication visible at once. It must not be called from a FUSE request.
func (m *Mount) Refresh(ctx context.Context) error { return m.refresh(ctx) }

func (m *Mount) refresh(ctx context.Context) error {
	m.refreshMu.Lock()
	defer m.refreshMu.Unlock()
	marks, err := m.opts.Store.MarkersHead(ctx)
	if err != nil {
		return err
	}
	var before []*tree
	erasing := marks != m.marks
	if erasing {
		before = m.trees()
	}
	err = m.update(ctx)
	if cerr := m.fs.blobs.CloseStale(); cerr != nil {
		m.fs.log.Debug("closing removed packs", "err", cerr)
	}
	if erasing {
		if eerr := m.erase(ctx, before); eerr != nil {
			return errors.Join(err, eerr)
		}
		m.marks = marks
	}
	return err
}

// update swaps every view whose head moved.
func (m *Mount) update(ctx context.Context) error {
	views := m.views
	if m.all != nil {
		var inv invalidations
		vs, err := m.all.refresh(ctx, &inv)
		m.fs.invalidate(inv)
		if err != nil {
			return err
		}
		views = vs
	}
	var errs []error
	for _, v := range views {
		if err := v.update(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	if m.history != nil {
		var inv invalidations
		err := m.history.refresh(ctx, &inv)
		m.fs.invalidate(inv)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
