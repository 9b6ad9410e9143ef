package memfuse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"weak"

	gofs "github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
	"golang.org/x/sys/unix"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/safedir"
)

// cacheTimeout is the kernel's entry, negative-entry and attribute
// timeout. Content under an inode never changes and swaps invalidate
// explicitly, so it can be long.
const cacheTimeout = 24 * time.Hour

// Layout selects what a mount serves.
type Layout int

// Layouts.
const (
	// LayoutScope serves one scope's artifact at the mount root.
	LayoutScope Layout = iota
	// LayoutAll serves every scope as DIR/<scope>/; new scopes appear.
	LayoutAll
	// LayoutHistory serves DIR/current/ and DIR/history/<rev>/.
	LayoutHistory
)

// Options configure a mount.
type Options struct {
	Store  *gitstore.Store
	Layout Layout
	// Scope is the scope of LayoutScope and LayoutHistory.
	Scope string
	// Rev, for LayoutScope, serves that fixed revision instead of
	// following the head.
	Rev string
	// Prefetch decompresses the served blobs into the store's blob cache
	// in the background right after mounting, in parallel, up to half the
	// cache.
	Prefetch bool
	// NoReadahead turns off pushing a folder's files into the kernel's
	// page cache once one of them is read.
	NoReadahead bool
	// PollInterval is the fallback interval at which refs are re-read
	// when inotify misses a change; gitstore.DefaultWatchPoll when zero.
	PollInterval time.Duration
	// OnSwap, when set, is called after every swap, once the kernel has
	// been told what changed.
	OnSwap func(SwapEvent)
	// Debug logs every FUSE request.
	Debug  bool
	Logger *slog.Logger

	// readWrite leaves out the read-only mount flag, so that tests reach
	// the handlers' own EROFS answers.
	readWrite bool
}

// Method is how a mount is made.
type Method string

// Mount methods.
const (
	// MethodDirect calls mount(2) itself; it needs root.
	MethodDirect Method = "direct"
	// MethodFusermount runs the setuid helper fusermount3 (Debian package
	// fuse3).
	MethodFusermount Method = "fusermount3"
)

// ChooseMethod says how Mount will mount, and why.
func ChooseMethod() (Method, string) {
	if os.Geteuid() == 0 {
		return MethodDirect, "running as root: mount(2) directly, no helper needed"
	}
	return MethodFusermount, "not root: the setuid helper fusermount3 mounts for us"
}

// FusermountPath returns the fusermount helper go-fuse would run.
func FusermountPath() (string, error) {
	for _, name := range []string{"fusermount3", "fusermount"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
		if p := "/bin/" + name; isExecutable(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("fusermount3 not found (install the fuse3 package): %w", ErrNoFUSE)
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// mountFS is the state every node of one mount shares.
type mountFS struct {
	store   *gitstore.Store
	blobs   *gitstore.BlobReader
	log     *slog.Logger
	maxFile int64
	uid     uint32
	gid     uint32
	onSwap  func(SwapEvent)
	started time.Time
	server  atomic.Pointer[fuse.Server]
	// ra pushes file contents into the kernel ahead of reads; nil when
	// off.
	ra    *readahead
	stats struct{ reads, pushed atomic.Int64 }

	// files holds, weakly, every file node handed to the kernel: the nodes
	// behind the inodes the kernel may still hold (open descriptors, cached
	// pages), whatever tree they came from, so that a forget reaches them
	// all. A node lives while a tree or a kernel inode refers to it.
	// Guarded by filesMu.
	filesMu sync.Mutex
	files   map[weak.Pointer[node]]struct{}
	// swept is the size of files after its last sweep of dead entries.
	swept int
}

// content returns a file's bytes: supplied, or the blob's, through the
// store's bounded blob cache.
func (fsys *mountFS) content(n *node) ([]byte, error) {
	if n.data != nil {
		return n.data, nil
	}
	b, err := fsys.blobs.Read(n.id)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", n.path, err)
	}
	return b, nil
}

// Mount is a running read-only FUSE mount.
type Mount struct {
	dir    string
	opts   Options
	method Method
	fs     *mountFS
	server *fuse.Server

	views   []*view    // LayoutScope, LayoutHistory: the live view
	all     *allScopes // LayoutAll
	history *history   // LayoutHistory

	cancel context.CancelFunc
	// wg owns the watcher and prefetch goroutines.
	wg sync.WaitGroup
	// refreshMu serializes refreshes: the watcher's and Refresh calls.
	refreshMu sync.Mutex

	unmountOnce sync.Once
	unmountErr  error
	lazy        atomic.Bool

	// marks is the head of the store's erasure markers when last looked
	// at; when it moves, a forget happened (see erase). Guarded by
	// refreshMu.
	marks gitstore.ID
}

// New mounts the store at dir, read-only, and serves it until Unmount.
// It returns once the kernel has accepted the mount.
func New(ctx context.Context, dir string, opts Options) (*Mount, error) {
	if opts.Store == nil {
		return nil, errors.New("mount: no store")
	}
	if opts.Rev != "" && opts.Layout != LayoutScope {
		return nil, errors.New("mount: a fixed revision is served by the scope layout only")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	mp, err := openMountpoint(abs, opts.Store.Path())
	if err != nil {
		return nil, err
	}
	defer mp.close()
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	fsys := &mountFS{store: opts.Store, blobs: opts.Store.NewBlobReader(), log: logger, maxFile: opts.Store.Limits().MaxFileBytes,
		uid: uint32(os.Getuid()), gid: uint32(os.Getgid()), onSwap: opts.OnSwap, started: time.Now()}
	if !opts.NoReadahead {
		fsys.ra = newReadahead(fsys)
	}
	m := &Mount{dir: abs, opts: opts, fs: fsys}
	// Read before any revision is loaded, so that a forget from here on is
	// noticed.
	if m.marks, err = opts.Store.MarkersHead(ctx); err != nil {
		return nil, err
	}
	served := false
	defer func() {
		if !served {
			fsys.blobs.Close()
		}
	}()

	root, fsName, err := m.root(ctx)
	if err != nil {
		return nil, err
	}
	srv, method, err := serve(abs, root, fsName, opts, logger)
	if err != nil {
		return nil, err
	}
	if err := mp.landed(); err != nil {
		// The path led somewhere else by the time the kernel resolved it.
		_ = srv.Unmount()
		return nil, err
	}
	m.server, m.method = srv, method
	fsys.server.Store(srv)
	served = true

	m.start(ctx)
	logger.Info("mounted", "dir", abs, "method", method, "layout", opts.Layout)
	return m, nil
}

// root loads the first revision(s) of the layout and returns the root
// node and the file system's name.
func (m *Mount) root(ctx context.Context) (gofs.InodeEmbedder, string, error) {
	fsys, opts := m.fs, m.opts
	fsName := "memfs"
	switch opts.Layout {
	case LayoutScope:
		v, err := scopeView(ctx, fsys, opts)
		if err != nil {
			return nil, "", err
		}
		if _, err := v.current(ctx); err != nil {
			return nil, "", err
		}
		m.views = []*view{v}
		return &dirNode{fs: fsys, v: v, path: "."}, fsName + ":" + opts.Scope, nil
	case LayoutAll:
		a, err := newAllScopes(ctx, fsys)
		if err != nil {
			return nil, "", err
		}
		m.all = a
		return a.root(), fsName, nil
	case LayoutHistory:
		v := newLiveView(fsys, opts.Scope, scopeRootIno(opts.Scope))
		if _, err := v.current(ctx); err != nil {
			return nil, "", err
		}
		m.views = []*view{v}
		m.history = newHistory(fsys, v)
		return m.history.root(), fsName + ":" + opts.Scope + ":history", nil
	}
	return nil, "", fmt.Errorf("mount: unknown layout %d", opts.Layout)
}

// start runs the mount's goroutines: the ref watch, the readahead workers
// and the prefetch. They outlive New's context and end with Unmount.
func (m *Mount) start(ctx context.Context) {
	fsys, opts := m.fs, m.opts
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	m.cancel = cancel
	// Watch from here on, and look once more right away: a head that
	// moved since the first revision was loaded must not wait for the
	// fallback poll. A mount of a fixed revision watches too: a forget
	// may rewrite it.
	refs := opts.Store.WatchRefs(wctx, opts.PollInterval)
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		m.watch(wctx, refs)
	}()
	if fsys.ra != nil {
		// One processor is left to the reader and to the requests it
		// waits for: pushes that compete with it for the processors
		// delay it more than they save it (on 2 cores, one worker reads
		// every file cold in 237 ms where two take 247, medians of 12
		// interleaved runs); reads that overtake the pushes are served
		// by the requests themselves.
		for range max(1, runtime.GOMAXPROCS(0)-1) {
			m.wg.Add(1)
			go func() {
				defer m.wg.Done()
				fsys.ra.run(wctx)
			}()
		}
	}
	if opts.Prefetch {
		m.wg.Add(1)
		go func() {
			defer m.wg.Done()
			m.prefetch(wctx)
		}()
	}
}

func scopeView(ctx context.Context, fsys *mountFS, opts Options) (*view, error) {
	if opts.Rev == "" {
		return newLiveView(fsys, opts.Scope, fuse.FUSE_ROOT_ID), nil
	}
	c, err := opts.Store.Resolve(ctx, opts.Scope, opts.Rev)
	if err != nil {
		return nil, err
	}
	return newFixedView(fsys, opts.Scope, c, fuse.FUSE_ROOT_ID), nil
}

// mountpoint is a mount point opened and checked before mounting; it
// stays open until the mount is made, so that landed can tell whether the
// mount covers that very folder.
type mountpoint struct {
	dir    string
	name   string
	parent *safedir.Dir
	target *safedir.Dir
}

// openMountpoint refuses a mount point that is missing, not a directory, a
// stale mount, inside the store, a symbolic link, another user's or in a
// parent another user controls (safedir's rules, code unsafe_path), not
// empty, or already a mount point (ErrMountpointInUse: memfs does not
// stack a mount on another, nor hide a folder's files).
func openMountpoint(dir, store string) (*mountpoint, error) {
	st, err := os.Lstat(dir)
	if errors.Is(err, syscall.ENOTCONN) {
		return nil, fmt.Errorf("mount point %s: %w; clear it with: %s", dir, ErrStaleMount, clearHint(dir))
	}
	if err != nil {
		return nil, fmt.Errorf("mount point: %w", err)
	}
	if st.Mode()&os.ModeSymlink == 0 && !st.IsDir() {
		return nil, fmt.Errorf("mount point %s is not a directory", dir)
	}
	if rel, err := filepath.Rel(store, dir); err == nil && !strings.HasPrefix(rel, "..") {
		return nil, fmt.Errorf("mount point %s is inside the store %s", dir, store)
	}
	mp := &mountpoint{dir: dir, name: filepath.Base(dir)}
	if mp.parent, err = safedir.OpenParent(dir); err != nil {
		return nil, fmt.Errorf("mount point: %w", err)
	}
	if mp.target, err = mp.parent.Own(mp.name, 0, false); err != nil {
		mp.close()
		return nil, fmt.Errorf("mount point: %w", err)
	}
	if mp.target.Dev() != mp.parent.Dev() {
		mp.close()
		return nil, fmt.Errorf("mount point %s is already a mount point: %w", dir, ErrMountpointInUse)
	}
	f, err := mp.target.Root.Open(".")
	if err == nil {
		var ents []os.DirEntry
		ents, err = f.ReadDir(1)
		f.Close()
		if len(ents) > 0 {
			mp.close()
			return nil, fmt.Errorf("mount point %s is not empty (the mount would hide what it holds): %w", dir, ErrMountpointInUse)
		}
		if errors.Is(err, io.EOF) {
			err = nil
		}
	}
	if err != nil {
		mp.close()
		return nil, fmt.Errorf("mount point %s: %w", dir, err)
	}
	return mp, nil
}

// landed checks, through the parent opened before mounting, that the
// mount covers the folder that was checked: the name now leads to another
// device. A path changed in between (an ancestor renamed, a link planted)
// would have sent the mount elsewhere; the caller unmounts it then.
func (mp *mountpoint) landed() error {
	fi, err := mp.parent.Root.Lstat(mp.name)
	if err != nil {
		return fmt.Errorf("mount point %s: %w", mp.dir, err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || fi.Mode()&os.ModeSymlink != 0 || st.Dev == mp.target.Dev() {
		return fmt.Errorf("mount point: %w", &safedir.Error{Path: mp.dir, Reason: "changed while memfs mounted it; unmounted again"})
	}
	return nil
}

func (mp *mountpoint) close() {
	if mp.target != nil {
		mp.target.Close()
	}
	mp.parent.Close()
}

// serve mounts root at dir and starts serving it.
func serve(dir string, root gofs.InodeEmbedder, fsName string, opts Options, logger *slog.Logger) (*fuse.Server, Method, error) {
	timeout := cacheTimeout
	gopts := &gofs.Options{
		EntryTimeout:    &timeout,
		AttrTimeout:     &timeout,
		NegativeTimeout: &timeout,
		RootStableAttr:  &gofs.StableAttr{Ino: fuse.FUSE_ROOT_ID},
		ExternalNodeID:  true,
		MountOptions: fuse.MountOptions{
			FsName:        fsName,
			Name:          "memfs",
			MaxBackground: 64,
			Debug:         opts.Debug,
			// Debug output was asked for: it must pass the logger's level.
			Logger:            slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
			ExtraCapabilities: fuse.CAP_NO_OPENDIR_SUPPORT,
			PanicHandler: func(v any) fuse.Status {
				logger.Error("panic in FUSE handler", "panic", v, "stack", string(debug.Stack()))
				return fuse.EIO
			},
		},
	}
	if !opts.Debug {
		gopts.MountOptions.Logger = log.New(discard{}, "", 0)
	}
	method, _ := ChooseMethod()
	if method == MethodDirect {
		mo := gopts.MountOptions
		mo.DirectMountStrict = true
		mo.DirectMountFlags = syscall.MS_NOSUID | syscall.MS_NODEV
		if !opts.readWrite {
			mo.DirectMountFlags |= syscall.MS_RDONLY
		}
		srv, err := newServer(dir, root, gopts, &mo)
		if err == nil {
			return srv, MethodDirect, nil
		}
		if _, ferr := FusermountPath(); ferr != nil {
			return nil, "", fmt.Errorf("mount %s: %w: %w", dir, ErrMountFailed, err)
		}
		logger.Warn("direct mount failed, trying fusermount3", "err", err)
	}
	mo := gopts.MountOptions
	if !opts.readWrite {
		mo.Options = append(mo.Options, "ro")
	}
	srv, err := newServer(dir, root, gopts, &mo)
	if err != nil {
		return nil, "", fmt.Errorf("mount %s: %w: %w", dir, ErrMountFailed, err)
	}
	return srv, MethodFusermount, nil
}

func newServer(dir string, root gofs.InodeEmbedder, gopts *gofs.Options, mo *fuse.MountOptions) (*fuse.Server, error) {
	o := *gopts
	o.MountOptions = *mo
	srv, err := fuse.NewServer(gofs.NewNodeFS(root, &o), dir, mo)
	if err != nil {
		return nil, err
	}
	go srv.Serve()
	if err := srv.WaitMount(); err != nil {
		_ = srv.Unmount()
		return nil, err
	}
	return srv, nil
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// prefetch decompresses the blobs of the served revisions in parallel.
func (m *Mount) prefetch(ctx context.Context) {
	for _, v := range m.views {
		t := v.cur.Load()
		if t == nil {
			continue
		}
		ids := blobIDs(t.root)
		if m.fs.ra != nil {
			// Pushes and the folder a walk lists next come first.
			m.fs.ra.prefetchIdle(ids, m.fs.blobs.CacheBytes()/2)
			continue
		}
		start := time.Now()
		if err := m.fs.blobs.Prefetch(ctx, ids, runtime.GOMAXPROCS(0)); err != nil && ctx.Err() == nil {
			m.fs.log.Warn("prefetch failed", "scope", v.scope, "err", err)
			continue
		}
		m.fs.log.Debug("prefetched", "scope", v.scope, "blobs", len(ids), "took", time.Since(start))
	}
}

// Dir returns the mount point.
func (m *Mount) Dir() string { return m.dir }

// Method returns how the mount was made.
func (m *Mount) Method() Method { return m.method }

// Commit returns the revision served for a scope (the mount's scope when
// empty), or the zero id when none is loaded.
func (m *Mount) Commit(scope string) gitstore.ID {
	views := m.views
	if m.all != nil {
		for _, v := range *m.all.views.Load() {
			views = append(views, v)
		}
	}
	for _, v := range views {
		if scope == "" || v.scope == scope {
			if t := v.cur.Load(); t != nil {
				return t.commit.ID
			}
		}
	}
	return gitstore.ID{}
}

func (m *Mount) allViews() []*view {
	views := slices.Clone(m.views)
	if m.all != nil {
		for _, v := range *m.all.views.Load() {
			views = append(views, v)
		}
	}
	if m.history != nil {
		views = append(views, m.history.frozenViews()...)
	}
	return views
}

// Reads returns how many read requests reached the server.
func (m *Mount) Reads() int64 { return m.fs.stats.reads.Load() }

// Pushed returns how many files readahead put into the kernel's page
// cache.
func (m *Mount) Pushed() int64 { return m.fs.stats.pushed.Load() }

// Wait blocks until the mount has been unmounted and the kernel has
// closed the connection.
func (m *Mount) Wait() { m.server.Wait() }

// Lazy reports whether Unmount had to detach the mount lazily because it
// was busy.
func (m *Mount) Lazy() bool { return m.lazy.Load() }

// Unmount stops following the store and unmounts. When readers still hold
// files or directories of the mount, it detaches the mount lazily (the
// name disappears at once; open files keep working until closed), so it
// never leaves a mount behind. Calling it again returns the first result.
func (m *Mount) Unmount() error {
	m.unmountOnce.Do(func() {
		m.cancel()
		m.wg.Wait()
		if err := m.server.Unmount(); err != nil {
			if lerr := lazyUnmount(m.dir, m.method); lerr != nil {
				m.unmountErr = fmt.Errorf("unmount %s: %w (lazy: %w)", m.dir, err, lerr)
				return
			}
			// Open files are still served until closed: the pack files stay
			// open until the process ends.
			m.lazy.Store(true)
			m.fs.log.Warn("mount was busy; detached lazily", "dir", m.dir)
			return
		}
		m.fs.blobs.Close()
	})
	return m.unmountErr
}

// lazyUnmount detaches a busy mount.
func lazyUnmount(dir string, method Method) error {
	if method == MethodDirect || os.Geteuid() == 0 {
		if err := unix.Unmount(dir, unix.MNT_DETACH); err == nil {
			return nil
		} else if method == MethodDirect {
			return err
		}
	}
	bin, err := FusermountPath()
	if err != nil {
		return err
	}
	out, err := exec.Command(bin, "-u", "-z", dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s -u -z: %w: %s", bin, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// clearHint tells how to clear a stale mount at dir.
func clearHint(dir string) string {
	if os.Geteuid() == 0 {
		return "umount -l " + dir
	}
	return "fusermount3 -u -z " + dir
}

// DefaultBlobCacheBytes is the decompressed-blob cache a mount process
// gives its store. The kernel's page cache keeps what readers use, so the
// store's cache only needs to carry cold reads and prefetching.
const DefaultBlobCacheBytes = 16 << 20

// TuneMemory prepares the Go runtime of a process whose main job is
// serving a mount: a soft memory limit keeps the garbage collector close to
// the live heap (the blob cache), unless GOMEMLIMIT says otherwise.
func TuneMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(40 << 20)
	}
}
