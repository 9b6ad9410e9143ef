package gitstore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/memfs/memfs/gitstore/erasure"
)

// Exclusive operations: a forget (and an import) rewrites history, moves
// every affected ref at once and purges what is left behind. They run
// holding the store lock for their whole length.

// Tx is the store seen by a caller that holds the store lock. The Store's
// own writing methods take the lock themselves; inside Exclusive only Tx
// methods may write.
type Tx struct {
	s *Store
	// commits memoizes the commits a rewrite decoded or made, for the
	// purge's walk.
	commits map[ID]*object.Commit
	// written holds the pack entries WriteObjects stored, by id, for the
	// purge to copy.
	written map[ID][]byte
}

// Exclusive runs fn holding the store lock.
func (s *Store) Exclusive(ctx context.Context, fn func(tx *Tx) error) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	// The bulk read of a rewrite serves the whole operation (its check,
	// its purge) and goes with it.
	defer func() {
		s.mu.Lock()
		s.bulk = nil
		s.mu.Unlock()
	}()
	return fn(&Tx{s: s})
}

// Store returns the store, for reads.
func (tx *Tx) Store() *Store { return tx.s }

// MarkersUpdate writes the canonical commit of the store's markers with
// markers added and returns the update of refs/memfs/erasures that
// publishes it, for SwitchRefs; ok is false when every marker is already
// there. The commit is signed with the neutral signature, never by an
// author the markers might forget.
func (tx *Tx) MarkersUpdate(ctx context.Context, markers []erasure.Marker) (u RefUpdate, ok bool, err error) {
	old, nw, err := tx.s.markersCommit(ctx, markers)
	if err != nil || old == nw {
		return RefUpdate{}, false, err
	}
	return RefUpdate{Name: ErasuresRef, Old: old, New: nw}, true, nil
}

// SwitchRefs moves every ref in updates in one atomic step: the new values
// replace packed-refs by a single rename, so a reader (memfs or stock git)
// and a process killed at any instant see either every old value or every
// new one. Before that, the current values are packed and the loose copies
// removed, which changes nothing a reader can see. Each update is
// compare-and-swap on its Old value.
func (tx *Tx) SwitchRefs(ctx context.Context, updates []RefUpdate) error {
	s := tx.s
	if len(updates) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	refs, err := s.refsLocked()
	if err != nil {
		return err
	}
	next, err := applyUpdates(refs, updates)
	if err != nil {
		return err
	}
	if err := s.checkRefLocks(refs); err != nil {
		return err
	}
	// Step 1: pack the current values, then drop the loose files they
	// shadow. Nothing visible changes.
	if err := s.writePackedRefs(refs); err != nil {
		return err
	}
	for name := range refs {
		p := filepath.Join(s.opts.Path, filepath.FromSlash(name))
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("pack %s: %w", name, err)
		}
	}
	// Step 2: one rename switches every ref.
	if err := s.writePackedRefs(next); err != nil {
		return err
	}
	return ctx.Err()
}

// applyUpdates returns refs with updates applied, each compare-and-swap
// on its Old value.
func applyUpdates(refs map[string]ID, updates []RefUpdate) (map[string]ID, error) {
	next := copyRefs(refs)
	for _, u := range updates {
		if !strings.HasPrefix(u.Name, "refs/") || slices.Contains(strings.Split(u.Name, "/"), "..") {
			return nil, fmt.Errorf("refuse to write ref %q", u.Name)
		}
		if refs[u.Name] != u.Old {
			return nil, fmt.Errorf("%s: expected %s, found %s: %w", u.Name, short(u.Old), short(refs[u.Name]), ErrConflict)
		}
		if u.New.IsZero() {
			delete(next, u.Name)
		} else {
			next[u.Name] = u.New
		}
	}
	return next, nil
}

// checkRefLocks fails when stock git holds packed-refs.lock or the lock of
// any of refs.
func (s *Store) checkRefLocks(refs map[string]ID) error {
	packed := filepath.Join(s.opts.Path, "packed-refs")
	if _, err := os.Lstat(packed + ".lock"); err == nil {
		return fmt.Errorf("packed-refs: %w", ErrRefLocked)
	}
	for name := range refs {
		if _, err := os.Lstat(filepath.Join(s.opts.Path, filepath.FromSlash(name)) + ".lock"); err == nil {
			return fmt.Errorf("%s: %w", name, ErrRefLocked)
		}
	}
	return nil
}
