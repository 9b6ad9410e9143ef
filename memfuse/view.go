package memfuse

import (
	"context"
	"errors"
	"fmt"
	iofs "io/fs"
	"sync"
	"sync/atomic"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/validate"
)

// view is one line of revisions served under a directory: a scope that
// follows its head, or one fixed revision. Its directories are resolved
// against the current revision at every request.
type view struct {
	fs      *mountFS
	scope   string
	ns      string // inode namespace
	rootIno uint64
	// fixed, when not zero, is the one revision the view serves.
	fixed gitstore.ID

	// mu serializes loading and swapping. FUSE requests never wait for it
	// once the first revision is loaded: they read cur.
	mu  sync.Mutex
	cur atomic.Pointer[tree]
	// prev is the revision served before cur; directory handles opened
	// on it can still resume its listings.
	prev atomic.Pointer[tree]
	// bad is a head that failed to load; it is not retried until the
	// head moves again. Guarded by mu.
	bad gitstore.ID
	// gone is set on a fixed view whose revision a forget rewrote: its
	// directories answer ENOENT from then on.
	gone atomic.Bool
}

func newLiveView(fsys *mountFS, scope string, rootIno uint64) *view {
	return &view{fs: fsys, scope: scope, ns: scope, rootIno: rootIno}
}

func newFixedView(fsys *mountFS, scope string, commit gitstore.ID, rootIno uint64) *view {
	ns := scope + "@" + commit.String()
	if rootIno == 0 {
		rootIno = inoOf(ns, kindRoot, ".", commit[:])
	}
	return &view{fs: fsys, scope: scope, ns: ns, rootIno: rootIno, fixed: commit}
}

// current returns the revision being served, loading it on first use.
func (v *view) current(ctx context.Context) (*tree, error) {
	if v.gone.Load() {
		return nil, fmt.Errorf("scope %s, commit %s: rewritten by a forget: %w", v.scope, gitstore.ShortID(v.fixed), iofs.ErrNotExist)
	}
	if t := v.cur.Load(); t != nil {
		return t, nil
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if t := v.cur.Load(); t != nil {
		return t, nil
	}
	commit := v.fixed
	if commit.IsZero() {
		h, err := v.fs.store.Head(ctx, v.scope)
		if err != nil {
			return nil, err
		}
		commit = h
	}
	t, err := v.load(ctx, commit, nil)
	if err != nil {
		return nil, err
	}
	v.cur.Store(t)
	return t, nil
}

// load builds the tree of a commit, reusing prev's unchanged nodes.
func (v *view) load(ctx context.Context, commit gitstore.ID, prev *tree) (*tree, error) {
	snap, err := v.fs.store.Snapshot(ctx, commit)
	if err != nil {
		return nil, err
	}
	if ver, _ := snap.Commit.ArtifactVersion(); ver != validate.SupportedArtifactVersion {
		return nil, fmt.Errorf("scope %s, commit %s: %w", v.scope, commit.String()[:12], ErrUnsupportedArtifact)
	}
	b := &builder{ns: v.ns, rootIno: v.rootIno, sizer: v.fs.blobs, maxFile: v.fs.maxFile, mtime: snap.Commit.Time}
	t, err := b.build(ctx, snap, prev)
	if err != nil {
		return nil, err
	}
	if b.refused > 0 {
		v.fs.log.Warn("entries outside the artifact rules are not served", "scope", v.scope,
			"commit", commit.String()[:12], "refused", b.refused)
	}
	return t, nil
}

// update moves a live view to its scope's head, if that moved, and
// invalidates what changed in the kernel's caches. It must not run inside
// a FUSE request: the kernel applies an invalidation only after the
// requests it is waiting for. A view that was never loaded has nothing to
// swap.
func (v *view) update(ctx context.Context) error {
	if !v.fixed.IsZero() {
		return nil
	}
	var inv invalidations
	ev, err := v.swap(ctx, &inv)
	// Invalidate with no lock held: a request that the kernel makes the
	// invalidation wait for may need one.
	v.fs.invalidate(inv)
	if ev != nil {
		v.fs.swapped(*ev)
	}
	return err
}

func (v *view) swap(ctx context.Context, inv *invalidations) (*SwapEvent, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	old := v.cur.Load()
	if old == nil {
		return nil, nil
	}
	head, err := v.fs.store.Head(ctx, v.scope)
	if errors.Is(err, gitstore.ErrNoScope) {
		// The branch is gone: keep serving the last revision.
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if head == old.commit.ID || head == v.bad {
		return nil, nil
	}
	start := time.Now()
	t, err := v.load(ctx, head, old)
	if err != nil {
		v.bad = head
		return nil, fmt.Errorf("swap scope %s to %s: %w", v.scope, head.String()[:12], err)
	}
	v.prev.Store(old)
	v.cur.Store(t)
	diffTrees(old.root, t.root, inv.entry, inv.inode)
	return &SwapEvent{Scope: v.scope, From: old.commit.ID, To: head, Took: time.Since(start)}, nil
}

// treeWithSalt returns the tree of this view, current or previous, whose
// directory at p carries salt.
func (v *view) treeWithSalt(p string, salt uint64) *tree {
	for _, t := range []*tree{v.cur.Load(), v.prev.Load()} {
		if t == nil {
			continue
		}
		if d := t.dirAt(p); d != nil && d.salt == salt {
			return t
		}
	}
	return nil
}
