package gitstore

import (
	"context"
	"log/slog"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/gitstore/internal/objfile"
)

// Plumbing is the store's low-level surface for gitstore/replica, the
// exchange with other replicas: raw objects, refs and packed-refs, the
// canonical metadata commits, the checks incoming objects must pass, the
// quarantine and go-git's storage. Each method is the store's own step,
// unwrapped. Methods named ...Locked need Lock held; the rest take it
// themselves or touch no shared state. Nothing else should use it.
type Plumbing struct{ s *Store }

// Plumbing returns the store's low-level surface (see Plumbing).
func (s *Store) Plumbing() Plumbing { return Plumbing{s} }

// Lock takes the mutex that guards go-git's storage (not the store lock).
func (p Plumbing) Lock() { p.s.mu.Lock() }

// Unlock releases the mutex Lock took.
func (p Plumbing) Unlock() { p.s.mu.Unlock() }

// Storage is go-git's storage: config, remotes, transports, Reindex.
func (p Plumbing) Storage() *filesystem.Storage { return p.s.st }

// Logger is the store's logger.
func (p Plumbing) Logger() *slog.Logger { return p.s.log }

// Now is the store's clock.
func (p Plumbing) Now() time.Time { return p.s.opts.Now() }

// Retry runs read again after a reindex when another process changed the packs.
func (p Plumbing) Retry(read func() error) error { return p.s.retry(read) }

// RawObjectLocked reads an object's type and content.
func (p Plumbing) RawObjectLocked(h ID) (plumbing.ObjectType, []byte, error) {
	return p.s.rawObjectLocked(h)
}

// CommitLocked reads a commit.
func (p Plumbing) CommitLocked(h ID) (*object.Commit, error) { return p.s.commitLocked(h) }

// ObjectsLocked reads the objects ids as pack entries.
func (p Plumbing) ObjectsLocked(ctx context.Context, ids []ID) ([]objfile.Object, error) {
	return p.s.objectsLocked(ctx, ids)
}

// HasObject reports whether the store holds h.
func (p Plumbing) HasObject(h ID) bool { return p.s.hasObject(h) }

// WriteBlob stores a blob.
func (p Plumbing) WriteBlob(content []byte) (ID, error) { return p.s.writeBlob(content) }

// WriteTree stores a tree.
func (p Plumbing) WriteTree(entries []object.TreeEntry) (ID, error) { return p.s.writeTree(entries) }

// WriteCommit stores a commit signed as the store's author.
func (p Plumbing) WriteCommit(tree ID, parents []ID, msg string) (ID, error) {
	return p.s.writeCommit(tree, parents, msg)
}

// WritePack stores objs as one pack.
func (p Plumbing) WritePack(objs []objfile.Object) error { return p.s.writePack(objs) }

// ParseTree decodes a tree's entries.
func (p Plumbing) ParseTree(b []byte) ([]object.TreeEntry, error) { return parseTree(b) }

// ReadRef reads one ref (zero when it does not exist).
func (p Plumbing) ReadRef(name string) (ID, error) { return p.s.readRef(name) }

// RefsLocked reads every ref.
func (p Plumbing) RefsLocked() (map[string]ID, error) { return p.s.refsLocked() }

// WritePackedRefs replaces packed-refs with refs.
func (p Plumbing) WritePackedRefs(refs map[string]ID) error { return p.s.writePackedRefs(refs) }

// ReachableLocked returns every object reachable from refs.
func (p Plumbing) ReachableLocked(ctx context.Context, refs map[string]ID, memo map[ID]*object.Commit) (map[ID]bool, error) {
	return p.s.reachableLocked(ctx, refs, memo)
}

// PageSources calls add with the sessions each page of commit cites.
func (p Plumbing) PageSources(ctx context.Context, commit ID, add func(ids []string)) error {
	return p.s.pageSources(ctx, commit, add)
}

// MetaCommit writes the canonical, keyless commit of refs/memfs/meta.
func (p Plumbing) MetaCommit() (ID, error) { return p.s.metaCommit() }

// MarkersAt reads the markers of the marker commit h.
func (p Plumbing) MarkersAt(ctx context.Context, h ID) ([]erasure.Marker, error) {
	return p.s.markersAt(ctx, h)
}

// MarkersCommitOf writes the canonical commit of the union of sets.
func (p Plumbing) MarkersCommitOf(sets ...[]erasure.Marker) (ID, error) {
	return p.s.markersCommitOf(sets...)
}

// SubsetMarkers reports whether every marker of a is in b.
func (p Plumbing) SubsetMarkers(a, b []erasure.Marker) bool { return subsetMarkers(a, b) }

// CanonicalUpdates returns the ref updates that make the metadata refs
// canonical commits of their content.
func (p Plumbing) CanonicalUpdates(ctx context.Context, tx *Tx) ([]RefUpdate, error) {
	return tx.canonicalUpdates(ctx)
}

// OpenQuarantine opens the store at dir, an empty bare repository laid
// out the way git init --bare does, with this store's limits and logger.
func (p Plumbing) OpenQuarantine(dir string) (*Store, error) {
	if err := initBare(dir); err != nil {
		return nil, err
	}
	return open(Options{Path: dir, Limits: p.s.opts.Limits, Logger: p.s.log})
}

// Tx is the store seen under the store lock, for a quarantine, which no
// other process knows of and which needs no lock of its own.
func (p Plumbing) Tx() *Tx { return &Tx{s: p.s} }
