package memfuse

import (
	"errors"
	"fmt"
	"syscall"

	"github.com/hanwen/go-fuse/v2/fuse"

	"github.com/memfs/memfs/gitstore"
)

// invalidations collects what the kernel must forget after a swap.
type invalidations struct {
	entries []entryInval
	inodes  []uint64
}

type entryInval struct {
	parent uint64
	name   string
}

func (inv *invalidations) entry(parent uint64, name string) {
	inv.entries = append(inv.entries, entryInval{parent, name})
}

func (inv *invalidations) inode(ino uint64) { inv.inodes = append(inv.inodes, ino) }

// invalidate tells the kernel to drop cached entries and directory
// listings. It must not be called from a FUSE request handler: the kernel
// applies an entry invalidation under the directory's lock, after the
// requests holding it, which may be waiting for that handler.
func (fsys *mountFS) invalidate(inv invalidations) {
	srv := fsys.server.Load()
	if srv == nil {
		return
	}
	for _, e := range inv.entries {
		if st := srv.EntryNotify(e.parent, e.name); !st.Ok() && st != fuse.ENOENT {
			fsys.log.Debug("entry invalidation failed", "parent", e.parent, "name", e.name, "status", st)
		}
	}
	for _, ino := range inv.inodes {
		if st := srv.InodeNotify(ino, 0, 0); !st.Ok() && st != fuse.ENOENT {
			fsys.log.Debug("inode invalidation failed", "ino", ino, "status", st)
		}
	}
}

// DropPageCache makes the kernel forget the cached content of the given
// inodes, so that their next read reaches the store again. Forget uses it
// after purging content: once the mount swapped away from the rewritten
// revisions (Refresh) and the store dropped its blob cache
// (Store.DropCaches); blobs of removed packs are never read again. Inodes
// the kernel does not hold are skipped. It must not be called from a FUSE
// request.
func (m *Mount) DropPageCache(inos []uint64) error {
	var errs []error
	for _, ino := range inos {
		st := m.server.InodeNotify(ino, 0, 0)
		if !st.Ok() && st != fuse.ENOENT {
			errs = append(errs, fmt.Errorf("drop page cache of inode %d: %w", ino, syscall.Errno(st)))
		}
	}
	return errors.Join(errs...)
}

// Inodes returns the inode numbers under which the mount serves the given
// blobs in its current revisions, for DropPageCache.
func (m *Mount) Inodes(blobs []gitstore.ID) []uint64 {
	want := make(map[gitstore.ID]bool, len(blobs))
	for _, b := range blobs {
		want[b] = true
	}
	views := m.views
	if m.all != nil {
		for _, v := range *m.all.views.Load() {
			views = append(views, v)
		}
	}
	var inos []uint64
	for _, v := range views {
		for _, t := range []*tree{v.cur.Load(), v.prev.Load()} {
			if t == nil {
				continue
			}
			walkFiles(t.root, func(n *node) {
				if n.data == nil && want[n.id] {
					inos = append(inos, n.ino)
				}
			})
		}
	}
	return inos
}
