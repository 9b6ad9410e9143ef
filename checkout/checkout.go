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
// What is written follows read-mode validation (docs/design.md §3): entries it
// refuses are left out, and missing summary.md and index.md get their
// defaults. Unlike the FUSE mount, a checkout reads every file, so content
// rules (encoding, erased content) apply as well.
package checkout

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/fsutil"
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
func Checkout(ctx context.Context, dir string, opts Options) (*Result, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	commit, err := opts.Store.Resolve(ctx, opts.Scope, opts.Rev)
	if err != nil {
		return nil, err
	}
	store := storageDir(abs)
	res := &Result{Dir: abs, Commit: commit}
	cur, err := current(abs)
	if err != nil {
		return nil, err
	}
	if cur != "" && strings.HasPrefix(filepath.Base(cur), shortID(commit)+"-") {
		if _, err := os.Stat(cur); err == nil {
			res.Snapshot, res.Unchanged = cur, true
			return res, nil
		}
	}
	if err := os.MkdirAll(store, StoreMode); err != nil {
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	// Narrow a folder made with wider modes, or under a loose umask.
	if err := os.Chmod(store, StoreMode); err != nil {
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	tmp, err := os.MkdirTemp(store, ".tmp-")
	if err != nil {
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	done := false
	defer func() {
		if !done {
			_ = fsutil.RemoveTree(tmp)
		}
	}()
	n, refused, err := write(ctx, opts.Store, commit, tmp)
	if err != nil {
		return nil, err
	}
	res.Files, res.Refused = n, refused
	snap := filepath.Join(store, fmt.Sprintf("%s-%d", shortID(commit), time.Now().UnixNano()))
	if err := os.Rename(tmp, snap); err != nil {
		return nil, fmt.Errorf("checkout %s: %w", abs, err)
	}
	done = true
	if err := swapLink(abs, snap); err != nil {
		_ = fsutil.RemoveTree(snap)
		return nil, err
	}
	res.Snapshot = snap
	prune(store, snap, cur)
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
// on disk.
func Prune(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	cur, err := current(abs)
	if err != nil {
		return err
	}
	store := storageDir(abs)
	ents, err := os.ReadDir(store)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range ents {
		p := filepath.Join(store, e.Name())
		if p == cur {
			continue
		}
		if strings.HasPrefix(e.Name(), ".tmp-") {
			// Another checkout may be writing it right now.
			if info, err := e.Info(); err != nil || time.Since(info.ModTime()) < time.Minute {
				continue
			}
		}
		if err := fsutil.RemoveTree(p); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func shortID(id gitstore.ID) string { return id.String()[:12] }

// storageDir is where the snapshots of dir live: beside it, hidden.
func storageDir(dir string) string {
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".memfs")
}

// current returns the snapshot dir points to, "" when dir does not exist
// (or is an empty folder, which the checkout may replace), or
// ErrNotCheckout.
func current(dir string) (string, error) {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(dir)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(dir), target)
		}
		if filepath.Dir(target) == storageDir(dir) {
			return target, nil
		}
	}
	if st.IsDir() {
		if ents, err := os.ReadDir(dir); err == nil && len(ents) == 0 {
			return "", nil
		}
	}
	return "", fmt.Errorf("%s %w", dir, ErrNotCheckout)
}

// write materializes a commit under dir and returns the number of files
// written and of entries refused.
func write(ctx context.Context, s *gitstore.Store, commit gitstore.ID, dir string) (int, int, error) {
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
	dirs := []string{dir, filepath.Join(dir, wiki.PagesDir)}
	if err := os.MkdirAll(dirs[1], 0o700); err != nil {
		return 0, 0, err
	}
	for p, b := range files {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		if d := filepath.Dir(full); !slices.Contains(dirs, d) {
			if err := os.MkdirAll(d, 0o700); err != nil {
				return 0, 0, err
			}
			dirs = append(dirs, d)
		}
		if err := os.WriteFile(full, b, FileMode); err != nil {
			return 0, 0, err
		}
		// WriteFile's mode passes through the umask; a file must end
		// exactly owner-read-only.
		if err := os.Chmod(full, FileMode); err != nil {
			return 0, 0, err
		}
	}
	// Make everything read-only deepest first, then flush it all to disk
	// before the tree can become visible.
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) })
	for _, d := range dirs {
		if err := os.Chmod(d, DirMode); err != nil {
			return 0, 0, err
		}
	}
	if err := syncFS(dir); err != nil {
		return 0, 0, err
	}
	return len(files), refused, nil
}

func syncFS(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Syncfs(int(f.Fd()))
}

// swapLink points dir at snap with one rename, so readers see the old
// target or the new one.
func swapLink(dir, snap string) error {
	rel, err := filepath.Rel(filepath.Dir(dir), snap)
	if err != nil {
		return err
	}
	if st, err := os.Lstat(dir); err == nil && st.IsDir() {
		// An empty folder (checked by current) stands where the link goes.
		if err := os.Remove(dir); err != nil {
			return fmt.Errorf("checkout %s: %w", dir, err)
		}
	}
	tmp := filepath.Join(filepath.Dir(snap), fmt.Sprintf(".link-%d", time.Now().UnixNano()))
	if err := os.Symlink(rel, tmp); err != nil {
		return fmt.Errorf("checkout %s: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("checkout %s: %w", dir, err)
	}
	return nil
}

// prune removes every snapshot but the current one and the one it
// replaced, which readers may still be walking.
func prune(store, cur, prev string) {
	ents, err := os.ReadDir(store)
	if err != nil {
		return
	}
	for _, e := range ents {
		p := filepath.Join(store, e.Name())
		if p == cur || p == prev || strings.HasPrefix(e.Name(), ".tmp-") {
			continue
		}
		_ = fsutil.RemoveTree(p)
	}
}
