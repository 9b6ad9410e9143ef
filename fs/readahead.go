package fs

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hanwen/go-fuse/v2/fuse"

	"github.com/memfs/memfs/gitstore"
)

// readahead pushes file contents into the kernel's page cache
// (FUSE_NOTIFY_STORE) before they are read. Once a folder was listed to its
// end, or one of its files read, its files are likely next (grep -r, cat
// *, a walk): their contents are pushed from background workers, so that
// those reads are served by the kernel without a request reaching the
// server. The kernel owns that memory, not this process; a push the kernel
// refuses (it does not know the inode) leaves the file to the ordinary
// read path. Pushing happens outside FUSE requests: the kernel may make a
// push wait for a read request in flight on the same page.
//
// Pushes follow the reader rather than race it. Folders are pushed most
// recent first: a walk has left the folders it listed before. Within a
// folder, files go in listing order, the workers sharing one cursor; a
// read that reaches the server for a file not pushed yet shows that the
// reader overtook the pushes, so the cursor jumps past that file (pushing
// the files behind the reader would be wasted) and its folder goes first.
type readahead struct {
	fs *mountFS
	// mu guards stack, the folders with files left to push, the most
	// recent last.
	mu    sync.Mutex
	stack []*pushDir
	// wake tells an idle worker that there is work.
	wake chan struct{}
	// bufs recycles decompression buffers: pushed bytes are never kept.
	bufs sync.Pool
}

// pushDir is a folder whose files are being pushed.
type pushDir struct {
	dir  *node
	next atomic.Int64 // index of the next child to push
	end  int64
}

// pushMaxFiles bounds the files pushed for one folder; pushMaxDirs the
// folders waiting (the oldest are dropped).
const (
	pushMaxFiles = 1024
	pushMaxDirs  = 4096
)

func newReadahead(fsys *mountFS) *readahead {
	return &readahead{fs: fsys, wake: make(chan struct{}, 1),
		bufs: sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}}
}

// signal wakes one idle worker, if any.
func (ra *readahead) signal() {
	select {
	case ra.wake <- struct{}{}:
	default:
	}
}

// run pushes scheduled files until ctx ends.
func (ra *readahead) run(ctx context.Context) {
	var w pushWorker
	for {
		d, i, ok := ra.take()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-ra.wake:
				continue
			}
		}
		// Others may share the folder.
		ra.signal()
		if n := d.dir.children[i]; !n.dir && !n.pushed.Load() {
			ra.push(&w, d, n)
		}
	}
}

// take claims the next file to push: the next of the most recent folder
// with files left.
func (ra *readahead) take() (*pushDir, int64, bool) {
	ra.mu.Lock()
	defer ra.mu.Unlock()
	for len(ra.stack) > 0 {
		d := ra.stack[len(ra.stack)-1]
		if i := d.next.Add(1) - 1; i < d.end {
			return d, i, true
		}
		ra.stack = ra.stack[:len(ra.stack)-1]
		d.dir.pushing.Store(nil)
	}
	return nil, 0, false
}

// siblings schedules the files of dir that were not pushed yet, the first
// time it is called for dir.
func (ra *readahead) siblings(dir *node) {
	if dir == nil || !dir.readahead.CompareAndSwap(false, true) {
		return
	}
	d := &pushDir{dir: dir, end: int64(min(len(dir.children), pushMaxFiles))}
	dir.pushing.Store(d)
	ra.mu.Lock()
	if len(ra.stack) >= pushMaxDirs {
		ra.stack[0].dir.pushing.Store(nil)
		ra.stack = slices.Delete(ra.stack, 0, 1)
	}
	ra.stack = append(ra.stack, d)
	ra.mu.Unlock()
	ra.signal()
}

// overtaken tells that a read of f reached the server before f was
// pushed: the pushes of its folder skip to the files after it, and that
// folder goes first.
func (ra *readahead) overtaken(dir, f *node) {
	d := dir.pushing.Load()
	if d == nil {
		return
	}
	i, found := slices.BinarySearchFunc(dir.children, f.name, func(c *node, name string) int { return strings.Compare(c.name, name) })
	if !found || dir.children[i] != f {
		return
	}
	for {
		next := d.next.Load()
		if next > int64(i) || d.next.CompareAndSwap(next, int64(i)+1) {
			break
		}
	}
	ra.mu.Lock()
	if k := slices.Index(ra.stack, d); k >= 0 && k < len(ra.stack)-1 {
		ra.stack = append(slices.Delete(ra.stack, k, k+1), d)
	}
	ra.mu.Unlock()
}

// pushWorker is one worker's state: the folder it reads from, with the
// batch its blobs are read through.
type pushWorker struct {
	dir   *pushDir
	batch *gitstore.BlobBatch
}

func (ra *readahead) push(w *pushWorker, d *pushDir, n *node) {
	srv := ra.fs.server.Load()
	if srv == nil {
		return
	}
	var data []byte
	bp := ra.bufs.Get().(*[]byte)
	defer ra.bufs.Put(bp)
	if n.data != nil {
		if !n.pushed.CompareAndSwap(false, true) {
			return
		}
		data = n.data
	} else {
		if w.dir != d || w.batch == nil {
			b, err := ra.fs.blobs.Batch()
			if err != nil {
				return
			}
			w.dir, w.batch = d, b
		}
		if ok, err := fits(w.batch, n, ra.fs.maxFile); err != nil || !ok {
			return
		}
		if !n.pushed.CompareAndSwap(false, true) {
			return
		}
		// The buffer grows to the file, never by adopting a blob the
		// cache may have handed out.
		if sz := n.size.Load() - 1; sz > int64(cap(*bp)) && sz <= 1<<20 {
			*bp = make([]byte, 0, sz)
		}
		b, err := w.batch.ReadTo(n.id, *bp)
		if err != nil {
			n.pushed.Store(false)
			return
		}
		data = b
	}
	if st := srv.InodeNotifyStoreCache(n.ino, 0, data); st != fuse.OK {
		n.pushed.Store(false)
		return
	}
	ra.fs.stats.pushed.Add(1)
}
