package memfuse

import (
	"context"
	"fmt"
	"path"
	"syscall"
	"time"

	gofs "github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// cacheFlags are the open flags of every directory: the kernel keeps its
// listing, and the watcher drops it when the directory changes.
const cacheFlags = fuse.FOPEN_CACHE_DIR | fuse.FOPEN_KEEP_CACHE

// dirNode is a directory of a view, at an artifact path. Its content is
// resolved against the view's current revision at every request.
type dirNode struct {
	gofs.Inode
	readOnly
	fs   *mountFS
	v    *view
	path string
}

// Interface checks for dirNode.
var (
	_ = (gofs.NodeGetattrer)((*dirNode)(nil))
	_ = (gofs.NodeLookuper)((*dirNode)(nil))
	_ = (gofs.NodeOpendirHandler)((*dirNode)(nil))
	_ = (gofs.NodeStatfser)((*dirNode)(nil))
	_ = (gofs.NodeAccesser)((*dirNode)(nil))
	_ = (gofs.NodeCreater)((*dirNode)(nil))
	_ = (gofs.NodeMkdirer)((*dirNode)(nil))
	_ = (gofs.NodeUnlinker)((*dirNode)(nil))
	_ = (gofs.NodeRmdirer)((*dirNode)(nil))
	_ = (gofs.NodeRenamer)((*dirNode)(nil))
	_ = (gofs.NodeSetattrer)((*dirNode)(nil))
	_ = (gofs.NodeSetxattrer)((*dirNode)(nil))
	_ = (gofs.NodeGetxattrer)((*dirNode)(nil))
	_ = (gofs.NodeListxattrer)((*dirNode)(nil))
)

func (d *dirNode) dir(ctx context.Context) (*tree, *node, syscall.Errno) {
	t, err := d.v.current(ctx)
	if err != nil {
		return nil, nil, errno(d.fs.log, err)
	}
	n := t.dirAt(d.path)
	if n == nil {
		return t, nil, syscall.ENOENT
	}
	return t, n, 0
}

// Getattr answers for a directory that left the current revision with
// its last attributes, so a process inside it is not surprised by errors.
func (d *dirNode) Getattr(ctx context.Context, _ gofs.FileHandle, out *fuse.AttrOut) syscall.Errno {
	_, n, e := d.dir(ctx)
	if e == syscall.ENOENT {
		d.fs.emptyDirAttr(d.StableAttr().Ino, &out.Attr)
		return 0
	}
	if e != 0 {
		return e
	}
	d.fs.attr(n, &out.Attr)
	return 0
}

func (d *dirNode) Lookup(ctx context.Context, name string, out *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	_, n, e := d.dir(ctx)
	if e != 0 {
		return nil, e
	}
	return d.fs.lookupChild(ctx, &d.Inode, d.v, n, name, out)
}

// OpendirHandle opens a listing. The entries are taken at the first read
// from the start, not here: the kernel refreshes the directory's
// attributes between the two, and the listing it caches must be at least
// as new as the mtime it caches it under.
func (d *dirNode) OpendirHandle(ctx context.Context, _ uint32) (gofs.FileHandle, uint32, syscall.Errno) {
	if _, _, e := d.dir(ctx); e != 0 {
		return nil, 0, e
	}
	var listed *node
	var listedIn *tree
	h := &dirHandle{self: &d.Inode}
	h.load = func(ctx context.Context) ([]fuse.DirEntry, uint64, syscall.Errno) {
		t, n, e := d.dir(ctx)
		if e != 0 {
			return nil, 0, e
		}
		ents, e := d.fs.entries(n, d.parentIno())
		listed, listedIn = n, t
		return ents, n.salt, e
	}
	h.lookup = func(ctx context.Context, name string, out *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
		// Entries are looked up in the current revision, whatever revision
		// the listing came from: a listing opened before a swap must not
		// bring entries of the old revision back into the kernel's cache.
		// While the listed revision is the current one, its folder is
		// the one to look in, without walking the path again.
		if listed != nil && d.v.cur.Load() == listedIn && !d.v.gone.Load() {
			return d.fs.lookupChild(ctx, &d.Inode, d.v, listed, name, out)
		}
		return d.Lookup(ctx, name, out)
	}
	h.resume = func(salt uint64) ([]fuse.DirEntry, syscall.Errno) {
		t := d.v.treeWithSalt(d.path, salt)
		if t == nil {
			return nil, syscall.ESTALE
		}
		return d.fs.entries(t.dirAt(d.path), d.parentIno())
	}
	if d.fs.ra != nil {
		// Once a listing was read to its end, the kernel holds an inode
		// for every entry: a good time to push their contents, which a
		// reader of the folder is about to want.
		h.released = func() {
			d.fs.ra.siblings(listed)
			if t := d.v.cur.Load(); t != nil {
				d.fs.ra.ahead(t.after(d.path))
			}
		}
	}
	return h, cacheFlags, 0
}

// parentIno is the inode number of the directory's parent, for "..".
func (d *dirNode) parentIno() uint64 {
	switch parent := path.Dir(d.path); {
	case d.path == ".":
		return fuse.FUSE_ROOT_ID
	case parent == ".":
		return d.v.rootIno
	default:
		return inoOf(d.v.ns, kindDir, parent, nil)
	}
}

func (d *dirNode) Statfs(_ context.Context, out *fuse.StatfsOut) syscall.Errno {
	statfs(out)
	return 0
}

// Access is answered with ENOSYS so the kernel stops asking: permission
// bits never change, and writes are refused by the read-only mount.
func (d *dirNode) Access(context.Context, uint32) syscall.Errno { return syscall.ENOSYS }

// fileNode is one immutable file: a blob at a path, or supplied content.
type fileNode struct {
	gofs.Inode
	readOnly
	fs *mountFS
	n  *node
	// dir is the directory the file was looked up in, whose other files
	// are pushed to the kernel once this one is read.
	dir *node
}

// Interface checks for fileNode.
var (
	_ = (gofs.NodeGetattrer)((*fileNode)(nil))
	_ = (gofs.NodeOpener)((*fileNode)(nil))
	_ = (gofs.NodeReader)((*fileNode)(nil))
	_ = (gofs.NodeFlusher)((*fileNode)(nil))
	_ = (gofs.NodeAccesser)((*fileNode)(nil))
	_ = (gofs.NodeWriter)((*fileNode)(nil))
	_ = (gofs.NodeSetattrer)((*fileNode)(nil))
	_ = (gofs.NodeSetxattrer)((*fileNode)(nil))
	_ = (gofs.NodeGetxattrer)((*fileNode)(nil))
	_ = (gofs.NodeListxattrer)((*fileNode)(nil))
	_ = (gofs.NodeRemovexattrer)((*fileNode)(nil))
	_ = (gofs.NodeAllocater)((*fileNode)(nil))
)

func (f *fileNode) Getattr(_ context.Context, _ gofs.FileHandle, out *fuse.AttrOut) syscall.Errno {
	if f.n.erased.Load() {
		return syscall.EIO
	}
	if _, err := fileSize(f.fs.blobs, f.n); err != nil {
		return errno(f.fs.log, err)
	}
	f.fs.attr(f.n, &out.Attr)
	return 0
}

// Open refuses writes and otherwise answers ENOSYS: the kernel then opens
// every file of the mount without asking again (FUSE_NO_OPEN_SUPPORT),
// keeping its page cache, since the content of an inode never changes.
func (f *fileNode) Open(_ context.Context, flags uint32) (gofs.FileHandle, uint32, syscall.Errno) {
	if flags&syscall.O_ACCMODE != syscall.O_RDONLY || flags&syscall.O_TRUNC != 0 {
		return nil, 0, syscall.EROFS
	}
	return nil, 0, syscall.ENOSYS
}

func (f *fileNode) Read(_ context.Context, _ gofs.FileHandle, dest []byte, off int64) (fuse.ReadResult, syscall.Errno) {
	f.fs.stats.reads.Add(1)
	if f.n.erased.Load() {
		return nil, syscall.EIO
	}
	if off == 0 {
		first := !f.n.pushed.Swap(true)
		if f.fs.ra != nil {
			if first {
				f.fs.ra.overtaken(f.dir, f.n)
			}
			f.fs.ra.siblings(f.dir)
		}
		if f.n.data == nil {
			// A whole file the request can hold is inflated straight into
			// the reply: the kernel keeps it, so the blob cache need not.
			if sz, err := fileSize(f.fs.blobs, f.n); err == nil && sz <= int64(len(dest)) {
				b, err := f.fs.blobs.ReadTo(f.n.id, dest[:0])
				if err != nil {
					return nil, errno(f.fs.log, fmt.Errorf("%s: %w", f.n.path, err))
				}
				return fuse.ReadResultData(b), 0
			}
		}
	}
	b, err := f.fs.content(f.n)
	if err != nil {
		return nil, errno(f.fs.log, err)
	}
	if off >= int64(len(b)) {
		return fuse.ReadResultData(nil), 0
	}
	end := min(off+int64(len(dest)), int64(len(b)))
	return fuse.ReadResultData(b[off:end]), 0
}

// Flush is answered with ENOSYS so that close(2) stops reaching the
// server: there is nothing to flush.
func (f *fileNode) Flush(context.Context, gofs.FileHandle) syscall.Errno { return syscall.ENOSYS }

// Access: see dirNode.Access.
func (f *fileNode) Access(context.Context, uint32) syscall.Errno { return syscall.ENOSYS }

// dirHandle is an open directory: one listing, taken when it was opened,
// so that a listing never mixes two revisions.
type dirHandle struct {
	self *gofs.Inode
	// load takes the listing; lookup finds an entry; resume finds the
	// listing of an earlier revision by its salt.
	load   func(ctx context.Context) ([]fuse.DirEntry, uint64, syscall.Errno)
	lookup func(ctx context.Context, name string, out *fuse.EntryOut) (*gofs.Inode, syscall.Errno)
	resume func(salt uint64) ([]fuse.DirEntry, syscall.Errno)
	// released, when set, runs once a handle listed every entry: when
	// the kernel asks past the last one, or at the latest when it is
	// closed; ended is set then.
	released func()
	ended    bool
	ends     int // times the end of the listing was reached

	loaded bool
	ents   []fuse.DirEntry
	salt   uint64
	pos    int
}

// Interface checks for dirHandle.
var (
	_ = (gofs.FileReaddirenter)((*dirHandle)(nil))
	_ = (gofs.FileSeekdirer)((*dirHandle)(nil))
	_ = (gofs.FileLookuper)((*dirHandle)(nil))
	_ = (gofs.FileReleasedirer)((*dirHandle)(nil))
)

// Readdirent returns the next entry, taking the listing when a read
// starts from the beginning.
func (h *dirHandle) Readdirent(ctx context.Context) (*fuse.DirEntry, syscall.Errno) {
	if !h.loaded {
		ents, salt, e := h.load(ctx)
		if e != 0 {
			return nil, e
		}
		h.ents, h.salt, h.pos, h.loaded = ents, salt, 0, true
	}
	if h.pos >= len(h.ents) {
		// The end is reached first while the last entries' reply is
		// being made; when it is reached again, by the next request, the
		// kernel has taken in every entry (and made their inodes).
		if h.ends++; h.ends > 1 {
			h.listed()
		}
		return nil, 0
	}
	e := h.ents[h.pos]
	h.pos++
	return &e, 0
}

// Seekdir resumes a listing at an offset it produced; offset 0 starts
// over with a fresh listing. An offset of another listing of the directory
// (the kernel's cached listing of an earlier revision) switches to that
// listing, so the reader goes on in the revision it started with.
func (h *dirHandle) Seekdir(_ context.Context, off uint64) syscall.Errno {
	h.ends = 0
	if off == 0 {
		h.pos, h.loaded = 0, false
		return 0
	}
	salt, pos := off>>offBits, int(off&offMask)
	if !h.loaded || salt != h.salt {
		ents, e := h.resume(salt)
		if e != 0 {
			return e
		}
		h.ents, h.salt, h.loaded = ents, salt, true
	}
	h.pos = min(pos, len(h.ents))
	return 0
}

func (h *dirHandle) Lookup(ctx context.Context, name string, out *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	return h.lookup(ctx, name, out)
}

func (h *dirHandle) Releasedir(context.Context, uint32) {
	if h.loaded && h.pos >= len(h.ents) {
		h.listed()
	}
}

// listed runs released once, when the listing was read to its end.
func (h *dirHandle) listed() {
	if h.released != nil && !h.ended {
		h.ended = true
		h.released()
	}
}

// entries lists a directory's served entries, after "." and "..", with
// salted offsets.
func (fsys *mountFS) entries(n *node, parentIno uint64) ([]fuse.DirEntry, syscall.Errno) {
	ents := make([]fuse.DirEntry, 0, len(n.children)+2)
	for _, dot := range []fuse.DirEntry{{Name: ".", Ino: n.ino}, {Name: "..", Ino: parentIno}} {
		dot.Mode = fuse.S_IFDIR
		dot.Off = n.salt<<offBits | uint64(len(ents)+1)
		ents = append(ents, dot)
	}
	// Sizes not known yet are read from the object headers in one batch.
	var sizes sizer = fsys.blobs
	for _, c := range n.children {
		if !c.dir && c.size.Load() == 0 {
			if b, err := fsys.blobs.Batch(); err == nil {
				sizes = b
			}
			break
		}
	}
	for _, c := range n.children {
		ok, err := fits(sizes, c, fsys.maxFile)
		if err != nil {
			return nil, errno(fsys.log, err)
		}
		if !ok {
			continue
		}
		mode := uint32(fuse.S_IFREG)
		if c.dir {
			mode = fuse.S_IFDIR
		}
		ents = append(ents, fuse.DirEntry{Name: c.name, Mode: mode, Ino: c.ino,
			Off: n.salt<<offBits | uint64(len(ents)+1)})
	}
	return ents, 0
}

// lookupChild returns the inode of a directory's entry in view v.
func (fsys *mountFS) lookupChild(ctx context.Context, parent *gofs.Inode, v *view, dir *node, name string, out *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	c := dir.child(name)
	if c == nil {
		return nil, syscall.ENOENT
	}
	ok, err := fits(fsys.blobs, c, fsys.maxFile)
	if err != nil {
		return nil, errno(fsys.log, err)
	}
	if !ok {
		return nil, syscall.ENOENT
	}
	fsys.attr(c, &out.Attr)
	if c.dir {
		return parent.NewInode(ctx, &dirNode{fs: fsys, v: v, path: c.path}, gofs.StableAttr{Mode: fuse.S_IFDIR, Ino: c.ino}), 0
	}
	in := parent.NewInode(ctx, &fileNode{fs: fsys, n: c, dir: dir}, gofs.StableAttr{Mode: fuse.S_IFREG, Ino: c.ino})
	if f, ok := in.Operations().(*fileNode); ok {
		// An inode the kernel already held keeps its node.
		fsys.handed(f.n)
	}
	return in, 0
}

// attr fills the attributes of a node. Sizes must be known already.
func (fsys *mountFS) attr(n *node, a *fuse.Attr) {
	a.Ino = n.ino
	a.Owner = fuse.Owner{Uid: fsys.uid, Gid: fsys.gid}
	a.SetTimes(&n.mtime, &n.mtime, &n.mtime)
	a.Blksize = 4096
	if n.dir {
		a.Mode = fuse.S_IFDIR | 0o555
		a.Nlink = n.nlink
		a.Size = 4096
		return
	}
	a.Mode = fuse.S_IFREG | 0o444
	a.Nlink = 1
	a.Size = uint64(max(n.size.Load()-1, 0))
}

// emptyDirAttr describes a directory with nothing in it.
func (fsys *mountFS) emptyDirAttr(ino uint64, a *fuse.Attr) {
	now := time.Now()
	a.Ino = ino
	a.Owner = fuse.Owner{Uid: fsys.uid, Gid: fsys.gid}
	a.SetTimes(&now, &now, &now)
	a.Mode = fuse.S_IFDIR | 0o555
	a.Nlink = 2
	a.Size = 4096
	a.Blksize = 4096
}

func statfs(out *fuse.StatfsOut) {
	out.Bsize = 4096
	out.Frsize = 4096
	out.NameLen = 255
}

// readOnly answers every write-like request with EROFS. The mount is
// read-only in the VFS already; this is the second line.
type readOnly struct{}

func (readOnly) Setattr(context.Context, gofs.FileHandle, *fuse.SetAttrIn, *fuse.AttrOut) syscall.Errno {
	return syscall.EROFS
}
func (readOnly) Create(context.Context, string, uint32, uint32, *fuse.EntryOut) (*gofs.Inode, gofs.FileHandle, uint32, syscall.Errno) {
	return nil, nil, 0, syscall.EROFS
}
func (readOnly) Tmpfile(context.Context, uint32, uint32, *fuse.EntryOut) (*gofs.Inode, gofs.FileHandle, uint32, syscall.Errno) {
	return nil, nil, 0, syscall.EROFS
}
func (readOnly) Mkdir(context.Context, string, uint32, *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	return nil, syscall.EROFS
}
func (readOnly) Mknod(context.Context, string, uint32, uint32, *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	return nil, syscall.EROFS
}
func (readOnly) Link(context.Context, gofs.InodeEmbedder, string, *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	return nil, syscall.EROFS
}
func (readOnly) Symlink(context.Context, string, string, *fuse.EntryOut) (*gofs.Inode, syscall.Errno) {
	return nil, syscall.EROFS
}
func (readOnly) Unlink(context.Context, string) syscall.Errno { return syscall.EROFS }
func (readOnly) Rmdir(context.Context, string) syscall.Errno  { return syscall.EROFS }
func (readOnly) Rename(context.Context, string, gofs.InodeEmbedder, string, uint32) syscall.Errno {
	return syscall.EROFS
}
func (readOnly) Setxattr(context.Context, string, []byte, uint32) syscall.Errno { return syscall.EROFS }

// Getxattr and Listxattr answer ENOSYS: the mount has no extended
// attributes, and on ENOSYS the kernel answers every later call itself
// (EOPNOTSUPP), where "no such attribute" would bring two requests per
// file to every ls -l (its security label and ACL probes).
func (readOnly) Getxattr(context.Context, string, []byte) (uint32, syscall.Errno) {
	return 0, syscall.ENOSYS
}
func (readOnly) Listxattr(context.Context, []byte) (uint32, syscall.Errno) { return 0, syscall.ENOSYS }
func (readOnly) Removexattr(context.Context, string) syscall.Errno         { return syscall.EROFS }
func (readOnly) Write(context.Context, gofs.FileHandle, []byte, int64) (uint32, syscall.Errno) {
	return 0, syscall.EROFS
}
func (readOnly) Allocate(context.Context, gofs.FileHandle, uint64, uint64, uint32) syscall.Errno {
	return syscall.EROFS
}
