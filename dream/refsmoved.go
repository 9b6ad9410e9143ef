package dream

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
)

// A dreamer may reach the store behind memfs's back (an exec dreamer
// without confinement in files, or anything else the user runs) and move
// a scope branch to a commit memfs never validated, one that brings
// forgotten content back. So a run never trusts a ref that moved while
// its dreamer ran: it cannot tell the dreamer's write from another memfs
// command's, so it publishes nothing (ReasonRefsMoved, the evidence stays
// pending), and a moved head that holds what was forgotten — by the
// markers before the dreamer ran or after — is put back where it was, so
// it never shows in the mount or memfs cat. A head that passes the check
// is left alone: it may be another memfs command's legitimate work.

// ErrRefsMoved is the error of a run whose store refs moved while the
// dreamer ran.
var ErrRefsMoved = errors.New("store refs moved while the dreamer ran")

// refsMoved compares the store's refs with before, as they were when the
// dreamer started, puts back a moved head that holds forgotten content
// (by either guard), and returns ErrRefsMoved (counts and ref names, no
// content) when anything moved.
func (r *runner) refsMoved(ctx context.Context, before map[string]gitstore.ID, guard *erasure.Guard) error {
	st := r.opts.Store
	after, err := st.Refs(ctx)
	if err != nil {
		return err
	}
	var moved []string
	for _, name := range slices.Sorted(maps.Keys(after)) {
		if after[name] != before[name] {
			moved = append(moved, name)
		}
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			moved = append(moved, name)
		}
	}
	if len(moved) == 0 {
		return nil
	}
	now, err := st.Guard(ctx)
	if err != nil {
		return err
	}
	var restored []string
	var errs []error
	for _, name := range moved {
		cur := after[name]
		if cur.IsZero() {
			continue // deleted: shows nothing
		}
		bad, err := st.HoldsErased(ctx, cur, guard)
		if err == nil && !bad {
			bad, err = st.HoldsErased(ctx, cur, now)
		}
		if err != nil || bad {
			// Unreadable or holding forgotten content: not shown.
			if rerr := st.RestoreRef(ctx, name, cur, before[name]); rerr != nil {
				errs = append(errs, fmt.Errorf("restore %s: %w", name, rerr))
				continue
			}
			restored = append(restored, name)
		}
	}
	r.opts.Log.Warn("dream run found store refs moved while its dreamer ran; nothing published", "run", r.res.RunID, "scope", r.opts.Scope,
		"moved", moved, "restored", restored)
	return errors.Join(fmt.Errorf("%w: %d moved, %d put back", ErrRefsMoved, len(moved), len(restored)), errors.Join(errs...))
}
