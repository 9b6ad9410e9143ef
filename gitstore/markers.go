package gitstore

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/memfs/memfs/gitstore/erasure"
)

// The store's erasure markers and keyring (the marker model itself is
// package erasure's). Markers live in refs/memfs/erasures: an append-only
// chain of commits whose single file, erasures.jsonl, holds every marker
// so far, one JSON object a line; the keys are the meta ref's keys/<key
// id>.

const erasuresFile = "erasures.jsonl"

// keysOf reads the keys of a meta commit of the earlier format:
// keys/<key id>.
func keysOf(snap *Snapshot) (map[string][]byte, error) {
	keys := map[string][]byte{}
	dir := snap.Lookup("keys")
	if dir == nil {
		return nil, errors.New("store meta has no keys")
	}
	for _, n := range dir.Children {
		b, err := n.Content()
		if err != nil {
			return nil, err
		}
		k, err := hex.DecodeString(strings.TrimSpace(string(b)))
		if err != nil || len(k) < 16 || !erasure.ValidKeyID(n.Name) {
			return nil, fmt.Errorf("store key %s is malformed", n.Name)
		}
		keys[n.Name] = k
	}
	return keys, nil
}

// Markers returns every erasure marker of the store.
func (s *Store) Markers(ctx context.Context) ([]erasure.Marker, error) {
	h, err := s.readRef(ErasuresRef)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.markersAt(ctx, h)
}

// AppendMarkers adds markers to refs/memfs/erasures with a new commit.
// Markers already present (same kind, key and fingerprint) are skipped.
func (s *Store) AppendMarkers(ctx context.Context, ms []erasure.Marker) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	old, commit, err := s.markersCommit(ctx, ms)
	if err != nil || commit == old {
		return err
	}
	return s.casRef(ErasuresRef, old, commit)
}

// markersCommit writes the canonical commit of the store's markers and
// ms (see meta.go) and returns the marker ref's current head and that
// commit (equal to it when every marker is already there and the head is
// canonical). The caller holds the store lock.
func (s *Store) markersCommit(ctx context.Context, ms []erasure.Marker) (old, commit ID, err error) {
	have, err := s.Markers(ctx)
	if err != nil {
		return ID{}, ID{}, err
	}
	old, err = s.readRef(ErasuresRef)
	if err != nil && !errors.Is(err, plumbing.ErrReferenceNotFound) {
		return ID{}, ID{}, err
	}
	if subsetMarkers(ms, have) && !old.IsZero() {
		// Nothing new: keep the head as it is (Canonicalize migrates it).
		return old, old, nil
	}
	commit, err = s.markersCommitOf(have, ms)
	return old, commit, err
}

// Guard returns the store's erasure guard; an empty guard (Empty) that
// refuses nothing when nothing was ever forgotten. It is never nil
// without an error, and it fails closed: markers or keys that do not
// read give ErrGuardUnavailable, never a guard that lets everything by.
func (s *Store) Guard(ctx context.Context) (*erasure.Guard, error) {
	markers, err := s.Markers(ctx)
	if err != nil {
		return nil, guardUnavailable(ctx, err)
	}
	if len(markers) == 0 {
		return erasure.NewGuard(nil, nil), nil
	}
	keys, _, err := s.Keyring(ctx)
	if err != nil {
		return nil, guardUnavailable(ctx, err)
	}
	return erasure.NewGuard(keys, markers), nil
}

// OpenGuard opens the store at opts.Path and returns its guard. A store
// folder that does not exist has forgotten nothing: an empty guard. Any
// other failure, a store that exists but does not open included, is
// ErrGuardUnavailable: a caller that filters with the guard must refuse
// to go on unfiltered.
func OpenGuard(ctx context.Context, opts Options) (*erasure.Guard, error) {
	if _, err := os.Lstat(opts.Path); errors.Is(err, fs.ErrNotExist) {
		return erasure.NewGuard(nil, nil), nil
	}
	s, err := Open(ctx, opts)
	if err != nil {
		return nil, guardUnavailable(ctx, err)
	}
	defer s.Close()
	return s.Guard(ctx)
}

// guardUnavailable wraps err in ErrGuardUnavailable, outermost so that
// its code is the one reported; a cancellation stays one.
func guardUnavailable(ctx context.Context, err error) error {
	if ctx.Err() != nil || errors.Is(err, ErrGuardUnavailable) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrGuardUnavailable, err)
}

// CheckMarkerKeys refuses with ErrMarkerKeysMissing when the store holds
// markers under keys it does not have (markers another replica of the
// user made before this one imported its key): this store cannot tell
// forgotten content from the rest, so what it sends to other replicas
// could bring forgotten content back. The error names the key ids and
// counts, nothing of content.
func (s *Store) CheckMarkerKeys(ctx context.Context) error {
	g, err := s.Guard(ctx)
	if err != nil {
		return err
	}
	if n, ids := g.Unchecked(); n > 0 {
		more := ""
		if len(ids) > maxNamedKeys {
			ids, more = ids[:maxNamedKeys], fmt.Sprintf(" and %d more", len(ids)-maxNamedKeys)
		}
		return fmt.Errorf("%w: %d markers under keys %s%s", ErrMarkerKeysMissing, n, strings.Join(ids, ", "), more)
	}
	return nil
}

// maxNamedKeys bounds the key ids an error names.
const maxNamedKeys = 4

// MarkersHead returns the head of refs/memfs/erasures, zero when nothing
// was ever forgotten. It moves exactly when markers are added: a mount
// watches it to learn of a forget.
func (s *Store) MarkersHead(ctx context.Context) (ID, error) {
	h, err := s.readRef(ErasuresRef)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return ID{}, ctx.Err()
	}
	return h, err
}
