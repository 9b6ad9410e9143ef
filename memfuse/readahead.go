package memfuse

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

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
// When nothing waits to be pushed, the folder a walk enters next is
// inflated ahead (staged), and once the workers have been idle a while,
// the mount's prefetch list.
type readahead struct {
	fs *mountFS
	// mu guards stack, the folders with files left to push, the most
	// recent last.
	mu    sync.Mutex
	stack []*pushDir
	// stage is the folder a walk is expected to list next: when no push
	// is waiting, its blobs are inflated ahead into an arena, so that its
	// pushes only copy once it is listed. Guarded by mu.
	stage *pushDir
	// idle lists blobs to inflate into the blob cache when there has
	// been nothing else to do for idleQuiet (the mount's prefetch), up to
	// idleBudget bytes added; busy is when the last other job was taken.
	// Guarded by mu.
	idle       []gitstore.ID
	idleBudget int64
	busy       time.Time
	// wake tells an idle worker that there is work.
	wake chan struct{}
	// bufs recycles decompression buffers: pushed bytes are never kept;
	// arenas, the staging areas.
	bufs, arenas sync.Pool
}

// pushDir is a folder whose files are being pushed, or staged.
type pushDir struct {
	dir  *node
	next atomic.Int64 // index of the next child to push
	end  int64

	// A staged folder's files are inflated ahead (snext is the next to
	// stage) into regions of arena, which goes back to the pool once the
	// folder is retired (pushed to its end, or no longer expected) and no
	// job uses it.
	snext   atomic.Int64
	arena   *[]byte
	used    atomic.Int64
	regions []region
	// users counts jobs under way on the folder; retired is set when no
	// job will be taken from it any more. Both guarded by readahead.mu.
	users   int
	retired bool
}

// region is where a staged file's content lies in its folder's arena;
// ready is set once it is there.
type region struct {
	off, n int64
	ready  atomic.Bool
}

// pushMaxFiles bounds the files pushed for one folder; pushMaxDirs the
// folders waiting (the oldest are dropped); stageBytes the contents
// inflated ahead for the folder expected next.
const (
	pushMaxFiles = 1024
	pushMaxDirs  = 4096
	stageBytes   = 2 << 20
)

func newReadahead(fsys *mountFS) *readahead {
	return &readahead{fs: fsys, wake: make(chan struct{}, 1),
		bufs:   sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }},
		arenas: sync.Pool{New: func() any { b := make([]byte, stageBytes); return &b }}}
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
		j, wait, ok := ra.take()
		if !ok {
			var later <-chan time.Time
			if wait > 0 {
				later = time.After(wait)
			}
			select {
			case <-ctx.Done():
				return
			case <-ra.wake:
			case <-later:
			}
			continue
		}
		// Others may share the work.
		ra.signal()
		if j.d == nil {
			ra.prefetch(j.id)
			continue
		}
		n := j.d.dir.children[j.i]
		switch {
		case n.dir || n.pushed.Load():
		case j.staged:
			ra.inflate(&w, j.d, j.i, n)
		default:
			ra.push(&w, j.d, j.i, n)
		}
		ra.done(j.d)
	}
}

// job is one file to push (d's i-th child), to inflate ahead (staged), or
// a blob of the idle list (d nil).
type job struct {
	d      *pushDir
	i      int64
	staged bool
	id     gitstore.ID
}

// idleQuiet is how long the workers must have had nothing else to do
// before they prefetch: a walk under way (listing, reading, then listing
// the next folder) leaves them idle for moments only, and a prefetch
// then would inflate files behind it.
const idleQuiet = 100 * time.Millisecond

// take claims the next job: the next file of the most recent folder with
// files left, else the next of the staged folder, else the next blob of
// the idle list once the workers have been idle for idleQuiet (wait
// says how long until then).
func (ra *readahead) take() (j job, wait time.Duration, ok bool) {
	ra.mu.Lock()
	defer ra.mu.Unlock()
	for len(ra.stack) > 0 {
		d := ra.stack[len(ra.stack)-1]
		if i := d.next.Add(1) - 1; i < d.end {
			d.users++
			ra.busy = time.Now()
			return job{d: d, i: i}, 0, true
		}
		ra.stack = ra.stack[:len(ra.stack)-1]
		d.dir.pushing.Store(nil)
		ra.retire(d)
	}
	if d := ra.stage; d != nil {
		if i := d.snext.Add(1) - 1; i < d.end {
			d.users++
			ra.busy = time.Now()
			return job{d: d, i: i, staged: true}, 0, true
		}
	}
	if len(ra.idle) > 0 && ra.idleBudget > 0 {
		if wait := idleQuiet - time.Since(ra.busy); wait > 0 {
			return job{}, wait, false
		}
		id := ra.idle[0]
		ra.idle = ra.idle[1:]
		return job{id: id}, 0, true
	}
	return job{}, 0, false
}

// done ends a job on d. ra.mu must not be held.
func (ra *readahead) done(d *pushDir) {
	ra.mu.Lock()
	d.users--
	ra.release(d)
	ra.mu.Unlock()
}

// retire marks that no job will be taken from d any more. ra.mu must be
// held.
func (ra *readahead) retire(d *pushDir) {
	d.retired = true
	ra.release(d)
}

// release returns a retired folder's arena once no job uses it. ra.mu
// must be held.
func (ra *readahead) release(d *pushDir) {
	if d.retired && d.users == 0 && d.arena != nil {
		ra.arenas.Put(d.arena)
		d.arena, d.regions = nil, nil
	}
}

// prefetchIdle lists blobs to inflate into the blob cache when the workers
// have nothing else to do, until budget bytes were added.
func (ra *readahead) prefetchIdle(ids []gitstore.ID, budget int64) {
	ra.mu.Lock()
	ra.idle, ra.idleBudget = ids, budget
	ra.mu.Unlock()
	ra.signal()
}

// prefetch inflates one blob of the idle list into the blob cache.
func (ra *readahead) prefetch(id gitstore.ID) {
	data, err := ra.fs.blobs.Read(id)
	if err != nil {
		return
	}
	ra.mu.Lock()
	ra.idleBudget -= int64(len(data))
	ra.mu.Unlock()
}

// ahead stages dir, the folder expected to be listed next, unless its
// files are being pushed already.
func (ra *readahead) ahead(dir *node) {
	if dir == nil || dir.readahead.Load() {
		return
	}
	ra.mu.Lock()
	if ra.stage == nil || ra.stage.dir != dir {
		if ra.stage != nil {
			ra.retire(ra.stage)
		}
		end := int64(min(len(dir.children), pushMaxFiles))
		ra.stage = &pushDir{dir: dir, end: end, arena: ra.arenas.Get().(*[]byte), regions: make([]region, end)}
	}
	ra.mu.Unlock()
	ra.signal()
}

// siblings schedules the files of dir that were not pushed yet, the first
// time it is called for dir; what was staged for dir is kept.
func (ra *readahead) siblings(dir *node) {
	if dir == nil || !dir.readahead.CompareAndSwap(false, true) {
		return
	}
	ra.mu.Lock()
	d := &pushDir{dir: dir, end: int64(min(len(dir.children), pushMaxFiles))}
	if ra.stage != nil && ra.stage.dir == dir {
		d, ra.stage = ra.stage, nil
	}
	dir.pushing.Store(d)
	if len(ra.stack) >= pushMaxDirs {
		ra.stack[0].dir.pushing.Store(nil)
		ra.retire(ra.stack[0])
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

// batchFor returns the worker's batch for reading d's blobs.
func (w *pushWorker) batchFor(fsys *mountFS, d *pushDir) (*gitstore.BlobBatch, error) {
	if w.dir != d || w.batch == nil {
		b, err := fsys.blobs.Batch()
		if err != nil {
			return nil, err
		}
		w.dir, w.batch = d, b
	}
	return w.batch, nil
}

// inflate stages d's i-th file: its blob is inflated into its region of
// d's arena, when there is room.
func (ra *readahead) inflate(w *pushWorker, d *pushDir, i int64, n *node) {
	if n.data != nil || d.arena == nil {
		return
	}
	b, err := w.batchFor(ra.fs, d)
	if err != nil {
		return
	}
	if ok, err := fits(b, n, ra.fs.maxFile); err != nil || !ok {
		return
	}
	sz := n.size.Load() - 1
	off := d.used.Add(sz) - sz
	if sz == 0 || off+sz > int64(len(*d.arena)) {
		return
	}
	dst := (*d.arena)[off : off+sz]
	data, err := b.ReadTo(n.id, dst[:0])
	if err != nil || int64(len(data)) != sz {
		return
	}
	if &data[0] != &dst[0] {
		copy(dst, data) // from the blob cache
	}
	r := &d.regions[i]
	r.off, r.n = off, sz
	r.ready.Store(true)
}

// staged returns d's i-th file as staged, or nil.
func (d *pushDir) staged(i int64) []byte {
	if d.arena == nil || i >= int64(len(d.regions)) || !d.regions[i].ready.Load() {
		return nil
	}
	r := &d.regions[i]
	return (*d.arena)[r.off : r.off+r.n]
}

func (ra *readahead) push(w *pushWorker, d *pushDir, i int64, n *node) {
	srv := ra.fs.server.Load()
	if srv == nil {
		return
	}
	var data []byte
	bp := ra.bufs.Get().(*[]byte)
	defer ra.bufs.Put(bp)
	switch {
	case n.data != nil:
		if !n.pushed.CompareAndSwap(false, true) {
			return
		}
		data = n.data
	case d.staged(i) != nil:
		if !n.pushed.CompareAndSwap(false, true) {
			return
		}
		data = d.staged(i)
	default:
		batch, err := w.batchFor(ra.fs, d)
		if err != nil {
			return
		}
		if ok, err := fits(batch, n, ra.fs.maxFile); err != nil || !ok {
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
		b, err := batch.ReadTo(n.id, *bp)
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
