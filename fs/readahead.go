package fs

import (
	"context"
	"sync"

	"github.com/hanwen/go-fuse/v2/fuse"
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
type readahead struct {
	fs   *mountFS
	jobs chan pushJob
	// bufs recycles decompression buffers: pushed bytes are never kept.
	bufs sync.Pool
}

// pushJob is a run of files of one directory to push.
type pushJob struct {
	dir        *node
	start, end int
}

// pushChunk is the number of files of one job: small enough that the
// workers share a folder being read, large enough to keep the queue short.
// pushMaxFiles bounds the files pushed for one folder.
const (
	pushChunk    = 16
	pushMaxFiles = 1024
)

func newReadahead(fsys *mountFS) *readahead {
	return &readahead{fs: fsys, jobs: make(chan pushJob, 4096),
		bufs: sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}}
}

// run pushes scheduled files until ctx ends.
func (ra *readahead) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-ra.jobs:
			for _, n := range j.dir.children[j.start:j.end] {
				if !n.dir && !n.pushed.Load() {
					ra.push(n)
				}
			}
		}
	}
}

// siblings schedules the files of dir that were not pushed yet, the first
// time it is called for dir. It never blocks: when the queue is full the
// rest is left to ordinary reads.
func (ra *readahead) siblings(dir *node) {
	if dir == nil || !dir.readahead.CompareAndSwap(false, true) {
		return
	}
	n := min(len(dir.children), pushMaxFiles)
	for start := 0; start < n; start += pushChunk {
		select {
		case ra.jobs <- pushJob{dir, start, min(start+pushChunk, n)}:
		default:
			return
		}
	}
}

func (ra *readahead) push(n *node) {
	srv := ra.fs.server.Load()
	if ok, err := fits(ra.fs.blobs, n, ra.fs.maxFile); err != nil || !ok {
		return
	}
	if srv == nil || !n.pushed.CompareAndSwap(false, true) {
		return
	}
	bp := ra.bufs.Get().(*[]byte)
	defer ra.bufs.Put(bp)
	var data []byte
	if n.data != nil {
		data = n.data
	} else {
		b, err := ra.fs.blobs.ReadTo(n.id, *bp)
		if err != nil {
			n.pushed.Store(false)
			return
		}
		if cap(b) > cap(*bp) && len(b) <= 1<<20 {
			*bp = b[:0]
		}
		data = b
	}
	if st := srv.InodeNotifyStoreCache(n.ino, 0, data); st != fuse.OK {
		n.pushed.Store(false)
		return
	}
	ra.fs.stats.pushed.Add(1)
}
