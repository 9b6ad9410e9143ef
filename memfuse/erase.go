package memfuse

import (
	"context"
	"maps"
	"weak"

	"github.com/memfs/memfs/gitstore"
)

// handed records that the kernel was given an inode for a file node.
func (fsys *mountFS) handed(n *node) {
	fsys.filesMu.Lock()
	defer fsys.filesMu.Unlock()
	if fsys.files == nil {
		fsys.files = map[weak.Pointer[node]]struct{}{}
	}
	fsys.files[weak.Make(n)] = struct{}{}
	if len(fsys.files) > 2*fsys.swept+1024 {
		maps.DeleteFunc(fsys.files, func(w weak.Pointer[node], _ struct{}) bool { return w.Value() == nil })
		fsys.swept = len(fsys.files)
	}
}

// handedFiles returns the file nodes the kernel may still hold.
func (fsys *mountFS) handedFiles() []*node {
	fsys.filesMu.Lock()
	defer fsys.filesMu.Unlock()
	out := make([]*node, 0, len(fsys.files))
	for w := range fsys.files {
		if n := w.Value(); n != nil {
			out = append(out, n)
		} else {
			delete(fsys.files, w)
		}
	}
	fsys.swept = len(fsys.files)
	return out
}

// trees lists every tree the mount serves or may still serve to an open
// descriptor: the current and previous tree of each view, and the trees
// of the history folders entered.
func (m *Mount) trees() []*tree {
	var out []*tree
	for _, v := range m.allViews() {
		for _, t := range []*tree{v.cur.Load(), v.prev.Load()} {
			if t != nil {
				out = append(out, t)
			}
		}
	}
	return out
}

// erase runs after a forget moved the erasure markers, once the views
// have swapped to the rewritten heads: fixed revisions (--rev, history
// folders) that the forget rewrote stop being served, every file that
// left the served trees is marked erased (reads through open descriptors
// answer EIO), the kernel drops its cached pages, no listing of an
// earlier revision can be resumed, and the blob cache and pack
// descriptors are released so that purged packs are freed. Forget
// outranks the snapshot promise of open files.
func (m *Mount) erase(ctx context.Context, before []*tree) error {
	rewritten := m.rewritten(ctx)
	if m.history != nil {
		m.history.dropRewritten(rewritten)
	}
	keep := map[uint64]bool{}
	for _, v := range m.allViews() {
		if !v.fixed.IsZero() && rewritten(v) {
			v.gone.Store(true)
			continue
		}
		if t := v.cur.Load(); t != nil {
			walkFiles(t.root, func(n *node) { keep[n.ino] = true })
		}
	}
	var gone []uint64
	drop := func(n *node) {
		if !keep[n.ino] && !n.erased.Swap(true) {
			gone = append(gone, n.ino)
		}
	}
	for _, t := range before {
		walkFiles(t.root, drop)
	}
	// Inodes the kernel holds from trees no longer served (an evicted
	// history folder, a revision older than the previous one).
	for _, n := range m.fs.handedFiles() {
		drop(n)
	}
	for _, v := range m.allViews() {
		v.prev.Store(nil)
	}
	m.fs.blobs.Release()
	m.fs.log.Info("erasure markers moved", "files_erased", len(gone))
	return m.DropPageCache(gone)
}

// rewritten returns whether a fixed view's revision left its scope's
// history, as a forget that rewrote it leaves it. Reachability decides,
// not whether the commit can still be read: a reader of this process may
// still find a purged object in a pack it holds open. A scope whose
// history cannot be read counts every fixed revision as rewritten.
func (m *Mount) rewritten(ctx context.Context) func(*view) bool {
	reach := map[string]map[gitstore.ID]bool{}
	return func(v *view) bool {
		if v.fixed.IsZero() {
			return false
		}
		r, ok := reach[v.scope]
		if !ok {
			r = map[gitstore.ID]bool{}
			reach[v.scope] = r
			head, err := m.opts.Store.Head(ctx, v.scope)
			var log []gitstore.CommitInfo
			if err == nil {
				log, err = m.opts.Store.Log(ctx, head, 0)
			}
			if err != nil {
				m.fs.log.Warn("history unreadable after a forget; fixed revisions are no longer served", "scope", v.scope, "err", err)
			}
			for _, c := range log {
				r[c.ID] = true
			}
		}
		return !r[v.fixed]
	}
}
