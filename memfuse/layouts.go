package memfuse

import (
	"context"
	"crypto/sha256"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"weak"

	gofs "github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"

	"github.com/memfs/memfs/gitstore"
)

// listing is an immutable set of named directories, as the --all and
// --history roots and the history folder serve them.
type listing struct {
	names []string // in listing order
	inos  map[string]uint64
	mtime time.Time
	salt  uint64
}

func newListing(names []string, ino func(string) uint64, prev *listing, now time.Time) *listing {
	l := &listing{names: names, inos: make(map[string]uint64, len(names)), mtime: now}
	h := sha256.New()
	for _, n := range names {
		l.inos[n] = ino(n)
		h.Write([]byte(n))
		h.Write([]byte{0})
	}
	var sum [sha256.Size]byte
	l.salt = inoOf(string(h.Sum(sum[:0])), kindSalt, "", nil)%saltMask + 1
	if prev != nil && !l.mtime.After(prev.mtime) {
		l.mtime = prev.mtime.Add(time.Nanosecond)
	}
	return l
}

func (l *listing) entries(self, parent uint64) []fuse.DirEntry {
	ents := []fuse.DirEntry{{Name: ".", Ino: self}, {Name: "..", Ino: parent}}
	for _, n := range l.names {
		ents = append(ents, fuse.DirEntry{Name: n, Ino: l.inos[n]})
	}
	for i := range ents {
		ents[i].Mode = fuse.S_IFDIR
		ents[i].Off = l.salt<<offBits | uint64(i+1)
	}
	return ents
}

// diffListings reports the names that differ between two listings.
func diffListings(old, new *listing, entry func(name string)) {
	for _, n := range old.names {
		if new.inos[n] != old.inos[n] {
			entry(n)
		}
	}
	for _, n := range new.names {
		if _, ok := old.inos[n]; !ok {
			entry(n)
		}
	}
}

// listDir is a directory whose entries are the roots of views: the --all
// root (one per scope), the --history root (current/, history/) and
// history/ (one per revision).
type listDir struct {
	gofs.Inode
	readOnly
	fs *mountFS
	// list returns the listing to serve; child returns the node behind one
	// of its names.
	list  func(ctx context.Context) (*listing, error)
	child func(ctx context.Context, name string) (gofs.InodeEmbedder, *fuse.Attr, syscall.Errno)
	// peek, when set, returns the listing if it is at hand, else nil:
	// attributes then do without it rather than computing it.
	peek func() *listing
}

// Interface checks for listDir.
var (
	_ = (gofs.NodeGetattrer)((*listDir)(nil))
	_ = (gofs.NodeLookuper)((*listDir)(nil))
	_ = (gofs.NodeOpendirHandler)((*listDir)(nil))
	_ = (gofs.NodeStatfser)((*listDir)(nil))
	_ = (gofs.NodeAccesser)((*listDir)(nil))
	_ = (gofs.NodeCreater)((*listDir)(nil))
	_ = (gofs.NodeMkdirer)((*listDir)(nil))
	_ = (gofs.NodeUnlinker)((*listDir)(nil))
	_ = (gofs.NodeRmdirer)((*listDir)(nil))
	_ = (gofs.NodeRenamer)((*listDir)(nil))
	_ = (gofs.NodeSetattrer)((*listDir)(nil))
	_ = (gofs.NodeSetxattrer)((*listDir)(nil))
	_ = (gofs.NodeGetxattrer)((*listDir)(nil))
	_ = (gofs.NodeListxattrer)((*listDir)(nil))
)

func (d *listDir) Getattr(ctx context.Context, _ gofs.FileHandle, out *fuse.AttrOut) syscall.Errno {
	var l *listing
	if d.peek != nil {
		l = d.peek()
	} else {
		var err error
		if l, err = d.list(ctx); err != nil {
			return errno(d.fs.log, err)
		}
	}
	d.fs.listAttr(d.StableAttr().Ino, l, &out.Attr)
	return 0
}

// listAttr describes a listDir; nil l means its listing is not computed
// yet: the link count is then unknown (1, as find expects).
func (fsys *mountFS) listAttr(ino uint64, l *listing, a *fuse.Attr) {
	fsys.emptyDirAttr(ino, a)
	if l == nil {
		a.SetTimes(&fsys.started, &fsys.started, &fsys.started)
		a.Nlink = 1
		return
	}
	a.SetTimes(&l.mtime, &l.mtime, &l.mtime)
	a.Nlink = uint32(2 + len(l.names))
}

func (d *listDir) Lookup(ctx context.Context, name string, out *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	l, err := d.list(ctx)
	if err != nil {
		return nil, errno(d.fs.log, err)
	}
	ino, ok := l.inos[name]
	if !ok {
		return nil, syscall.ENOENT
	}
	ops, attr, e := d.child(ctx, name)
	if e != 0 {
		return nil, e
	}
	out.Attr = *attr
	return d.NewInode(ctx, ops, gofs.StableAttr{Mode: fuse.S_IFDIR, Ino: ino}), 0
}

// OpendirHandle opens a listing, taken at the first read from the start:
// see dirNode.OpendirHandle.
func (d *listDir) OpendirHandle(ctx context.Context, _ uint32) (gofs.FileHandle, uint32, syscall.Errno) {
	h := &dirHandle{self: &d.Inode, lookup: d.Lookup,
		load: func(ctx context.Context) ([]fuse.DirEntry, uint64, syscall.Errno) {
			l, err := d.list(ctx)
			if err != nil {
				return nil, 0, errno(d.fs.log, err)
			}
			return l.entries(d.StableAttr().Ino, fuse.FUSE_ROOT_ID), l.salt, 0
		},
		resume: func(uint64) ([]fuse.DirEntry, syscall.Errno) { return nil, syscall.ESTALE }}
	return h, cacheFlags, 0
}

func (d *listDir) Statfs(_ context.Context, out *fuse.StatfsOut) syscall.Errno {
	statfs(out)
	return 0
}

// Access: see dirNode.Access.
func (d *listDir) Access(context.Context, uint32) syscall.Errno { return syscall.ENOSYS }

// viewRoot returns the node and attributes of a view's root directory.
func (fsys *mountFS) viewRoot(ctx context.Context, v *view) (gofs.InodeEmbedder, *fuse.Attr, syscall.Errno) {
	t, err := v.current(ctx)
	if err != nil {
		return nil, nil, errno(fsys.log, err)
	}
	var a fuse.Attr
	fsys.attr(t.root, &a)
	return &dirNode{fs: fsys, v: v, path: "."}, &a, 0
}

// allScopes serves every scope of the store as DIR/<scope>/.
type allScopes struct {
	fs *mountFS
	// mu serializes refreshes.
	mu    sync.Mutex
	cur   atomic.Pointer[listing]
	views atomic.Pointer[map[string]*view]
}

func scopeRootIno(scope string) uint64 { return inoOf(scope, kindRoot, ".", nil) }

func newAllScopes(ctx context.Context, fsys *mountFS) (*allScopes, error) {
	a := &allScopes{fs: fsys}
	views := map[string]*view{}
	a.views.Store(&views)
	if _, err := a.refresh(ctx, nil); err != nil {
		return nil, err
	}
	return a, nil
}

func (a *allScopes) root() *listDir {
	return &listDir{fs: a.fs,
		list: func(context.Context) (*listing, error) { return a.cur.Load(), nil },
		child: func(ctx context.Context, name string) (gofs.InodeEmbedder, *fuse.Attr, syscall.Errno) {
			v := (*a.views.Load())[name]
			if v == nil {
				return nil, nil, syscall.ENOENT
			}
			return a.fs.viewRoot(ctx, v)
		}}
}

// refresh re-reads the scopes and returns their views. inv, when not
// nil, collects what the kernel must forget.
func (a *allScopes) refresh(ctx context.Context, inv *invalidations) ([]*view, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	scopes, err := a.fs.store.Scopes(ctx)
	if err != nil {
		return nil, err
	}
	old := *a.views.Load()
	views := make(map[string]*view, len(scopes))
	for _, s := range scopes {
		if v := old[s]; v != nil {
			views[s] = v
		} else {
			views[s] = newLiveView(a.fs, s, scopeRootIno(s))
		}
	}
	prev := a.cur.Load()
	if prev == nil || !slices.Equal(prev.names, scopes) {
		l := newListing(scopes, scopeRootIno, prev, time.Now())
		// The listing first: a name a lookup finds is then always listed.
		// The kernel's cached listing follows when inv is sent.
		a.cur.Store(l)
		a.views.Store(&views)
		if inv != nil && prev != nil {
			diffListings(prev, l, func(name string) { inv.entry(fuse.FUSE_ROOT_ID, name) })
			inv.inode(fuse.FUSE_ROOT_ID)
		}
	}
	out := make([]*view, 0, len(views))
	for _, s := range scopes {
		out = append(out, views[s])
	}
	return out, nil
}

// history serves DIR/current/ (the scope head) and DIR/history/<rev>/, one
// folder per revision, oldest first. The revision list is read on first
// use, so a long history mounts at once; each revision's tree is read
// when its folder is first entered.
type history struct {
	fs    *mountFS
	cur   *view
	ino   uint64
	scope string

	// mu serializes computing revs.
	mu   sync.Mutex
	revs atomic.Pointer[revList]
	// frozenMu guards frozen and retired.
	frozenMu sync.Mutex
	frozen   map[gitstore.ID]*view
	// retired holds, weakly, the views evicted from frozen: a reader may
	// still be inside one of their folders, and a forget must reach it.
	retired []weak.Pointer[view]
}

type revList struct {
	head    gitstore.ID
	list    *listing
	commits map[string]gitstore.ID
}

// Top-level names of the history layout.
const (
	currentDir = "current"
	historyDir = "history"
)

// RevisionName is the folder name of a revision under history/: its UTC
// commit time and short commit id.
func RevisionName(c gitstore.CommitInfo) string {
	return c.Time.UTC().Format("20060102T150405Z") + "-" + c.ID.String()[:12]
}

func newHistory(fsys *mountFS, v *view) *history {
	return &history{fs: fsys, cur: v, scope: v.scope, ino: inoOf(v.scope, kindHistory, historyDir, nil),
		frozen: map[gitstore.ID]*view{}}
}

func (h *history) root() *listDir {
	top := newListing([]string{currentDir, historyDir}, func(n string) uint64 {
		if n == currentDir {
			return h.cur.rootIno
		}
		return h.ino
	}, nil, time.Now())
	return &listDir{fs: h.fs,
		list: func(context.Context) (*listing, error) { return top, nil },
		child: func(ctx context.Context, name string) (gofs.InodeEmbedder, *fuse.Attr, syscall.Errno) {
			if name == currentDir {
				return h.fs.viewRoot(ctx, h.cur)
			}
			hd := h.dir()
			var a fuse.Attr
			h.fs.listAttr(h.ino, hd.peek(), &a)
			return hd, &a, 0
		}}
}

func (h *history) dir() *listDir {
	return &listDir{fs: h.fs,
		peek: func() *listing {
			if r := h.revs.Load(); r != nil {
				return r.list
			}
			return nil
		},
		list: func(ctx context.Context) (*listing, error) {
			r, err := h.list(ctx)
			if err != nil {
				return nil, err
			}
			return r.list, nil
		},
		child: func(ctx context.Context, name string) (gofs.InodeEmbedder, *fuse.Attr, syscall.Errno) {
			r, err := h.list(ctx)
			if err != nil {
				return nil, nil, errno(h.fs.log, err)
			}
			c, ok := r.commits[name]
			if !ok {
				return nil, nil, syscall.ENOENT
			}
			return h.fs.viewRoot(ctx, h.frozenView(c))
		}}
}

// list returns the revision list, computing it on first use. Once
// computed it changes only in refresh, which tells the kernel.
func (h *history) list(ctx context.Context) (*revList, error) {
	if r := h.revs.Load(); r != nil {
		return r, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if r := h.revs.Load(); r != nil {
		return r, nil
	}
	t, err := h.cur.current(ctx)
	if err != nil {
		return nil, err
	}
	r, err := h.compute(ctx, t.commit.ID, nil)
	if err != nil {
		return nil, err
	}
	h.revs.Store(r)
	return r, nil
}

func (h *history) compute(ctx context.Context, head gitstore.ID, prev *revList) (*revList, error) {
	log, err := h.fs.store.Log(ctx, head, 0)
	if err != nil {
		return nil, err
	}
	slices.Reverse(log)
	r := &revList{head: head, commits: make(map[string]gitstore.ID, len(log))}
	names := make([]string, 0, len(log))
	for _, c := range log {
		n := RevisionName(c)
		if _, dup := r.commits[n]; dup {
			continue
		}
		r.commits[n] = c.ID
		names = append(names, n)
	}
	var pl *listing
	if prev != nil {
		pl = prev.list
	}
	r.list = newListing(names, func(n string) uint64 {
		c := r.commits[n]
		return inoOf(h.scope+"@"+c.String(), kindRoot, ".", c[:])
	}, pl, time.Now())
	return r, nil
}

// refresh follows the scope head after a swap of the current view,
// collecting what the kernel must forget in inv.
func (h *history) refresh(ctx context.Context, inv *invalidations) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	old := h.revs.Load()
	if old == nil {
		return nil
	}
	t := h.cur.cur.Load()
	if t == nil || t.commit.ID == old.head {
		return nil
	}
	r, err := h.compute(ctx, t.commit.ID, old)
	if err != nil {
		return err
	}
	h.revs.Store(r)
	diffListings(old.list, r.list, func(name string) { inv.entry(h.ino, name) })
	inv.inode(h.ino)
	return nil
}

// frozenView returns the fixed view of one revision, keeping a few.
func (h *history) frozenView(c gitstore.ID) *view {
	h.frozenMu.Lock()
	defer h.frozenMu.Unlock()
	if v := h.frozen[c]; v != nil {
		return v
	}
	if len(h.frozen) >= 16 {
		h.retired = slices.DeleteFunc(h.retired, func(w weak.Pointer[view]) bool { return w.Value() == nil })
		for _, v := range h.frozen {
			h.retired = append(h.retired, weak.Make(v))
		}
		clear(h.frozen)
	}
	v := newFixedView(h.fs, h.scope, c, 0)
	h.frozen[c] = v
	return v
}

// frozenViews returns the views of the history folders entered.
func (h *history) frozenViews() []*view {
	h.frozenMu.Lock()
	defer h.frozenMu.Unlock()
	out := make([]*view, 0, len(h.frozen))
	for _, v := range h.frozen {
		out = append(out, v)
	}
	return out
}

// dropRewritten forgets the views of revisions a forget rewrote, marking
// them gone so that their folders, if a reader still holds one, list
// nothing.
func (h *history) dropRewritten(rewritten func(*view) bool) {
	h.frozenMu.Lock()
	defer h.frozenMu.Unlock()
	for c, v := range h.frozen {
		if rewritten(v) {
			v.gone.Store(true)
			delete(h.frozen, c)
		}
	}
	h.retired = slices.DeleteFunc(h.retired, func(w weak.Pointer[view]) bool {
		v := w.Value()
		if v != nil && rewritten(v) {
			v.gone.Store(true)
		}
		return v == nil || v.gone.Load()
	})
}
