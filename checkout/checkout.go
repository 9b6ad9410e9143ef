// Package checkout materializes a revision of a scope as a plain read-only
// directory tree, for machines without FUSE.
//
// # Layout
//
// DIR is a symbolic link to a complete snapshot kept beside it:
//
//	DIR -> .DIR.memfs/<short commit>-<nanoseconds>/
//
// A new revision is written in full into a new snapshot folder, synced,
// and then DIR is swapped to it by renaming a new link over it. A reader that resolves DIR sees either the old tree or
// the new one, never a half-written tree. The previous snapshot is kept,
// so a reader still walking it is not cut short; older ones are removed.
// A forget outranks that promise: Watch follows the erasure markers too,
// and once they move it checks out the rewritten head and removes every
// other snapshot (Prune).
//
// # Permissions
//
// Memory is private to its owner (docs/design.md §3): the folder of snapshots is
// 0700, every snapshot folder 0500 and every file 0400, so no other local
// user can read a snapshot, whatever the umask. A folder of snapshots made
// by an earlier memfs with wider modes is narrowed at the next checkout.
//
// # Other users
//
// A checkout into a shared folder such as /tmp must not be steerable by
// another local user. DIR's parent is opened without following a link and
// must be the caller's or root's (sticky when others may write to it);
// DIR and .DIR.memfs must be the caller's own, and never links memfs did
// not make. Everything after that is done relative to the opened folders
// (package safedir), so a path swapped midway reaches nothing outside
// them, and nothing is removed or chmodded but what the checkout made.
// A refusal is safedir's unsafe_path error, naming the path and the reason.
//
// What is written follows read-mode validation (docs/design.md §3): entries it
// refuses are left out, and missing summary.md and index.md get their
// defaults. Unlike the FUSE mount, a checkout reads every file, so content
// rules (encoding, erased content) apply as well.
package checkout

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/safedir"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// ErrNotCheckout means DIR exists and is not a checkout made by memfs.
var ErrNotCheckout = errors.New("exists and is not a memfs checkout")

// Modes of what a checkout writes: readable by the owner only.
const (
	// StoreMode is the mode of the hidden folder of snapshots beside DIR.
	StoreMode os.FileMode = 0o700
	// DirMode is the mode of every folder of a snapshot.
	DirMode os.FileMode = 0o500
	// FileMode is the mode of every file of a snapshot.
	FileMode os.FileMode = 0o400
)

// Options configure a checkout.
type Options struct {
	Store  *gitstore.Store
	Scope  string
	Rev    string // empty: the scope head
	Logger *slog.Logger
}

// Result describes a checkout.
type Result struct {
	Dir      string
	Snapshot string // the folder DIR points to
	Commit   gitstore.ID
	Files    int
	// Unchanged is true when DIR already showed this revision.
	Unchanged bool
	// Refused counts entries read-mode validation left out.
	Refused int
}

// Checkout makes dir show the requested revision.
//
// dir, its parent and the folder of snapshots beside it must be under the
// caller's control (package safedir): a symbolic link or another user's
// folder at any of them is refused with safedir's unsafe_path, and nothing
// is removed or chmodded but what the checkout made.
func Checkout(ctx context.Context, dir string, opts Options) (*Result, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	commit, err := opts.Store.Resolve(ctx, opts.Scope, opts.Rev)
	if err != nil {
		return nil, err
	}
	pl, err := open(abs, false)
	if errors.Is(err, fs.ErrNotExist) {
		// Missing folders above DIR are made as before, the caller's own
		// and private; the one that holds DIR is then checked like any.
		if err = os.MkdirAll(filepath.Dir(abs), 0o700); err == nil {
			pl, err = open(abs, false)
		}
	}
	if err != nil {
		return nil, err
	}
	defer pl.close()
	res := &Result{Dir: abs, Commit: commit}
	cur, err := pl.current()
	if err != nil {
		return nil, err
	}
	if cur != "" && pl.store != nil && strings.HasPrefix(cur, shortID(commit)+"-") {
		if st, err := pl.store.Root.Lstat(cur); err == nil && st.IsDir() {
			res.Snapshot, res.Unchanged = pl.snapshotPath(cur), true
			return res, nil
		}
	}
	if pl.store == nil {
		// Made 0700; one an earlier memfs made wider was narrowed by
		// open, through the opened handle.
		if pl.store, err = pl.parent.Own(pl.storeName(), StoreMode, true); err != nil {
			return nil, fmt.Errorf("checkout %s: %w", abs, err)
		}
	}
	store := pl.store
	tmp := ".tmp-" + rand.Text()
	if err := store.Root.Mkdir(tmp, 0o700); err != nil {
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	done := false
	defer func() {
		if !done {
			_ = store.RemoveTree(tmp)
		}
	}()
	n, refused, err := write(ctx, opts.Store, commit, store, tmp)
	if err != nil {
		return nil, err
	}
	res.Files, res.Refused = n, refused
	snap := fmt.Sprintf("%s-%d", shortID(commit), time.Now().UnixNano())
	if err := store.Root.Rename(tmp, snap); err != nil {
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	done = true
	if err := pl.swapLink(snap); err != nil {
		_ = store.RemoveTree(snap)
		return nil, err
	}
	res.Snapshot = pl.snapshotPath(snap)
	pl.prune(snap, cur)
	return res, nil
}

// Watch checks out the scope head and follows it until ctx ends, calling
// fn after every change (and once at the start). It follows the erasure
// markers as well, with the same watch (gitstore.WatchRefs: inotify on the
// refs, with a poll fallback): once a forget moved them, the rewritten
// head is checked out and every other snapshot is removed, the previous
// one included, even if a reader is still walking it. Forget outranks the
// promise to readers.
func Watch(ctx context.Context, dir string, opts Options, poll time.Duration, fn func(*Result)) error {
	opts.Rev = ""
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	refs := opts.Store.WatchRefs(wctx, poll)
	defer func() {
		cancel()
		for range refs {
		}
	}()
	var last gitstore.ID
	marks, err := opts.Store.MarkersHead(ctx)
	if err != nil {
		return err
	}
	for ok := true; ok; _, ok = <-refs {
		// Markers first: a checkout made after reading them holds at least
		// what they erased.
		now, err := opts.Store.MarkersHead(ctx)
		if err == nil {
			var res *Result
			if res, err = Checkout(ctx, dir, opts); err == nil && now != marks {
				err = Prune(dir)
				log.Info("erasure markers moved; older snapshots removed", "dir", dir, "commit", shortID(res.Commit))
			}
			if err == nil {
				marks = now
				if res.Commit != last {
					last = res.Commit
					fn(res)
				}
			}
		}
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			if last.IsZero() {
				return err
			}
			log.Warn("checkout failed; keeping the previous one", "dir", dir, "err", err)
		}
	}
	return nil
}

// Prune removes every snapshot of dir but the one it shows, the previous
// one included, and temporary folders of interrupted checkouts older than
// a minute. Forget calls it (through Watch) so that no older revision stays
// on disk. It works under the same rules as Checkout.
func Prune(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	pl, err := open(abs, true)
	if err != nil {
		return err
	}
	defer pl.close()
	if pl.parent == nil {
		return nil
	}
	cur, err := pl.current()
	if err != nil || pl.store == nil {
		return err
	}
	ents, err := fs.ReadDir(pl.store.Root.FS(), ".")
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range ents {
		if e.Name() == cur {
			continue
		}
		if strings.HasPrefix(e.Name(), ".tmp-") {
			// Another checkout may be writing it right now.
			if info, err := e.Info(); err != nil || time.Since(info.ModTime()) < time.Minute {
				continue
			}
		}
		if err := pl.store.RemoveTree(e.Name()); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func shortID(id gitstore.ID) string { return id.String()[:12] }

// storageDir is where the snapshots of dir live: beside it, hidden.
func storageDir(dir string) string {
	return filepath.Join(filepath.Dir(dir), storeName(filepath.Base(dir)))
}

func storeName(name string) string { return "." + name + ".memfs" }

// place is a checkout's target opened under safedir's rules: its parent,
// its name there, and the folder of snapshots beside it (nil while
// missing). Every operation is relative to these opened folders.
type place struct {
	abs    string
	name   string
	parent *safedir.Dir
	store  *safedir.Dir
}

// open opens abs's parent and, when it exists, the folder of snapshots;
// with missingOK a parent that does not exist is no error (store stays
// nil and so does parent).
func open(abs string, missingOK bool) (*place, error) {
	pl := &place{abs: abs, name: filepath.Base(abs)}
	var err error
	if pl.parent, err = safedir.OpenParent(abs); err != nil {
		if missingOK && errors.Is(err, fs.ErrNotExist) {
			return pl, nil
		}
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	pl.store, err = pl.parent.Own(pl.storeName(), StoreMode, false)
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	if err != nil {
		pl.parent.Close()
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	return pl, nil
}

func (pl *place) close() {
	if pl.store != nil {
		pl.store.Close()
	}
	if pl.parent != nil {
		pl.parent.Close()
	}
}

func (pl *place) storeName() string { return storeName(pl.name) }

func (pl *place) snapshotPath(snap string) string {
	return filepath.Join(filepath.Dir(pl.abs), pl.storeName(), snap)
}

// current returns the name of the snapshot the target points to, "" when
// the target does not exist (or is an empty folder of the caller's, which
// the checkout may replace), or ErrNotCheckout. A target that is another
// user's, or a link another user made, is refused with safedir's error.
func (pl *place) current() (string, error) {
	p := pl.abs
	st, err := pl.parent.Root.Lstat(pl.name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		if err := safedir.OwnedLink(p, st); err != nil {
			return "", err
		}
		target, err := pl.parent.Root.Readlink(pl.name)
		if err != nil {
			return "", err
		}
		// Links made before the parent was opened relative to it were
		// absolute; both name one entry of the folder of snapshots.
		var d string
		if filepath.IsAbs(target) {
			d = filepath.Dir(target)
		} else {
			d = filepath.Join(filepath.Dir(p), filepath.Dir(target))
		}
		snap := filepath.Base(target)
		if d == storageDir(p) && snap != "." && snap != ".." && snap != string(filepath.Separator) {
			return snap, nil
		}
		return "", fmt.Errorf("%s %w", p, ErrNotCheckout)
	}
	if err := safedir.Owned(p, st); err != nil {
		return "", err
	}
	if st.IsDir() {
		if f, err := pl.parent.Root.Open(pl.name); err == nil {
			ents, err := f.ReadDir(1)
			f.Close()
			if errors.Is(err, io.EOF) && len(ents) == 0 {
				return "", nil
			}
		}
	}
	return "", fmt.Errorf("%s %w", p, ErrNotCheckout)
}

// write materializes a commit in the folder tmp of the folder of
// snapshots, and returns the number of files written and of entries
// refused.
func write(ctx context.Context, s *gitstore.Store, commit gitstore.ID, store *safedir.Dir, tmp string) (int, int, error) {
	snap, err := s.Snapshot(ctx, commit)
	if err != nil {
		return 0, 0, err
	}
	rep, err := s.Check(ctx, snap, validate.ModeRead)
	if err != nil {
		return 0, 0, err
	}
	bad := map[string]bool{}
	refused := 0
	for _, p := range rep.Errors() {
		switch p.Code {
		case validate.CodeUnsupportedVersion:
			return 0, 0, fmt.Errorf("commit %s: %s", shortID(commit), p.Message)
		case validate.CodeTooManyFiles, validate.CodeTotalTooLarge:
			// Whole-tree limits were checked at publication; a checkout,
			// like the mount, serves what is there.
		default:
			bad[p.Path] = true
			refused++
		}
	}
	files := map[string][]byte{}
	for _, f := range rep.Files {
		if bad[f.Path] {
			continue
		}
		b := f.Content
		if b == nil {
			if b, err = snap.ReadFile(f.Path); err != nil {
				return 0, 0, err
			}
		}
		files[f.Path] = b
	}
	for p, b := range rep.Supplied {
		files[p] = b
	}
	root, err := store.Root.OpenRoot(tmp)
	if err != nil {
		return 0, 0, err
	}
	defer root.Close()
	dirs := []string{".", wiki.PagesDir}
	if err := root.MkdirAll(dirs[1], 0o700); err != nil {
		return 0, 0, err
	}
	for p, b := range files {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		rel := filepath.FromSlash(p)
		if d := filepath.Dir(rel); !slices.Contains(dirs, d) {
			if err := root.MkdirAll(d, 0o700); err != nil {
				return 0, 0, err
			}
			dirs = append(dirs, d)
		}
		if err := root.WriteFile(rel, b, FileMode); err != nil {
			return 0, 0, err
		}
		// WriteFile's mode passes through the umask; a file must end
		// exactly owner-read-only.
		if err := root.Chmod(rel, FileMode); err != nil {
			return 0, 0, err
		}
	}
	// Make everything read-only deepest first, then flush it all to disk
	// before the tree can become visible.
	depth := func(d string) int {
		if d == "." {
			return -1
		}
		return strings.Count(d, string(filepath.Separator))
	}
	slices.SortFunc(dirs, func(a, b string) int { return depth(b) - depth(a) })
	for _, d := range dirs {
		if err := root.Chmod(d, DirMode); err != nil {
			return 0, 0, err
		}
	}
	if err := syncFS(root); err != nil {
		return 0, 0, err
	}
	return len(files), refused, nil
}

func syncFS(root *os.Root) error {
	f, err := root.Open(".")
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Syncfs(int(f.Fd()))
}

// swapLink points the target at the snapshot snap with one rename, so
// readers see the old target or the new one. The link is made inside the
// folder of snapshots, where nobody else can write, and renamed over the
// target within the opened parent.
func (pl *place) swapLink(snap string) error {
	if st, err := pl.parent.Root.Lstat(pl.name); err == nil && st.IsDir() {
		// An empty folder of the caller's (checked by current) stands
		// where the link goes; rmdir fails if it has filled since.
		if err := pl.parent.Root.Remove(pl.name); err != nil {
			return fmt.Errorf("checkout %s: %w", pl.abs, err)
		}
	}
	tmp := ".link-" + rand.Text()
	if err := pl.store.Root.Symlink(pl.storeName()+"/"+snap, tmp); err != nil {
		return fmt.Errorf("checkout %s: %w", pl.abs, err)
	}
	if err := pl.parent.Root.Rename(pl.storeName()+"/"+tmp, pl.name); err != nil {
		_ = pl.store.Root.Remove(tmp)
		return fmt.Errorf("checkout %s: %w", pl.abs, err)
	}
	return nil
}

// prune removes every snapshot but the current one and the one it
// replaced, which readers may still be walking.
func (pl *place) prune(cur, prev string) {
	ents, err := fs.ReadDir(pl.store.Root.FS(), ".")
	if err != nil {
		return
	}
	for _, e := range ents {
		if n := e.Name(); n != cur && n != prev && !strings.HasPrefix(n, ".tmp-") {
			_ = pl.store.RemoveTree(n)
		}
	}
}
