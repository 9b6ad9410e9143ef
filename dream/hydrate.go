package dream

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"syscall"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/wiki"
)

// Hydration. A run's .memory starts as the scope head (the empty artifact
// when there is none). Creating every file of a large memory in a new
// folder costs more than the rest of a run (a file's creation costs about
// half a millisecond on ext4), so the folder a run published is kept for
// the scope's next run (KeptDir), which takes it over by one rename and
// makes it the head: each file is compared with the head's blob, and only
// the files that differ are written, those the head lacks removed.
// Whatever the folder holds (a dreamer's leftovers, other links to a
// file, other file types or modes, a stray writer's edits), hydration
// leaves exactly the head, and publication validates whatever the dreamer
// then leaves, as ever.
//
// Runs publish with the kept folder's path as the store's stat cache key
// (gitstore.PublishOptions.CacheAs), and a rename keeps its files' stat
// signatures, so the files a run leaves as they were published are known
// without reading them (gitstore.FolderCache): hydration compares them by
// the blob id the cache names, the citation check and the erasure drop
// pass over them, and validation takes their cached facts. The cache's
// rules decide what is unchanged (the same size, times, inode and device,
// and no write within the tick of the scan that recorded them); the
// guard's epoch decides whether cached facts still stand for clean
// content.
//
// The kept folders hold memory content: a forget, and the settling of
// markers an import brought, drop them (DropKept) with the store's
// caches. Only a run that published keeps its folder, under its gate
// (locks.go), so a run a forget cancelled keeps nothing.

// KnownAware is implemented by a dreamer that reads the staged memory in
// the run's process and can pass over the files the run knows were left
// as published (the builtin, which remembers what it read of pages by
// blob id). Run dreams with WithKnown's dreamer; known answers as
// gitstore.FolderCache.Holds does for the scope's kept folder.
type KnownAware interface {
	WithKnown(known func(path string, info fs.FileInfo) (gitstore.ID, bool)) Dreamer
}

// MemoAware is implemented by a dreamer whose memo of what it read of
// the staged memory (KnownAware) can outlive its process, in a file the
// run names beside the scope's kept folder, which goes with it (a forget
// drops both). Run dreams with WithMemoFile's dreamer, whose memo starts
// from what the file holds; once the run published, under its gate, it
// calls SaveMemo with the same file on the dreamer it was given (the
// memo is shared by the dreamers With* returns).
type MemoAware interface {
	WithMemoFile(file string) Dreamer
	SaveMemo(file string) error
}

// KeptDir is the folder inside $MEMFS_HOME that holds, for each scope,
// the memory its last run published, for the next run to hydrate from.
const KeptDir = "kept"

// keptPath is the kept folder of scope.
func keptPath(home, scope string) string {
	sum := sha256.Sum256([]byte(scope))
	return filepath.Join(home, KeptDir, hex.EncodeToString(sum[:16]))
}

// memoPath is the memo file of scope (MemoAware), beside its kept folder.
func memoPath(home, scope string) string { return keptPath(home, scope) + ".memo" }

// DropKept removes every kept folder: what forget calls when content may
// have been forgotten.
func DropKept(home string) error {
	if home == "" {
		return nil
	}
	return fsutil.RemoveTree(filepath.Join(home, KeptDir))
}

// keep moves the run's .memory, which it published as the scope's head,
// to the scope's kept folder. It is best effort: a folder not kept is
// removed with the run.
func (r *runner) keep() {
	if r.opts.KeepRuns || r.opts.Review {
		return
	}
	kept := keptPath(r.opts.Home, r.opts.Scope)
	if err := os.MkdirAll(filepath.Dir(kept), 0o700); err != nil {
		return
	}
	if err := fsutil.RemoveTree(kept); err != nil {
		return
	}
	if err := os.Rename(filepath.Join(r.res.Dir, MemoryDir), kept); err != nil {
		return
	}
	if ma, ok := r.opts.Dreamer.(MemoAware); ok {
		if err := ma.SaveMemo(memoPath(r.opts.Home, r.opts.Scope)); err != nil {
			r.opts.Log.Debug("dream: memo not kept", "scope", r.opts.Scope, "err", err)
		}
	}
}

// hydrate makes runDir/.memory the tree of commit (the empty artifact when
// commit is zero), starting from the folder the run has there (a second
// dream of the run), else the scope's kept folder, else a new one. known
// is the stat cache of the kept folder.
func hydrate(ctx context.Context, store *gitstore.Store, known *gitstore.FolderCache, home, scope, runDir string, commit gitstore.ID) error {
	want, err := headFiles(ctx, store, commit)
	if err != nil {
		return err
	}
	mem := filepath.Join(runDir, MemoryDir)
	if _, err := os.Lstat(mem); errors.Is(err, fs.ErrNotExist) {
		_ = os.Rename(keptPath(home, scope), mem)
	}
	if fi, err := os.Lstat(mem); err == nil && fi.IsDir() {
		err := syncFolder(ctx, mem, want, known)
		if err == nil || ctx.Err() != nil {
			return err
		}
		// A folder that cannot be brought in line (a dreamer made part
		// of it unreadable) is replaced by a new one.
	}
	if err := fsutil.RemoveTree(mem); err != nil {
		return err
	}
	if err := os.Mkdir(mem, 0o700); err != nil {
		return err
	}
	return syncFolder(ctx, mem, want, nil)
}

// headFile is one file of the tree a run hydrates.
type headFile struct {
	path    string
	id      gitstore.ID
	content func() ([]byte, error)
}

// headFiles lists the files of commit's tree, in path order; for the zero
// commit, the empty artifact's.
func headFiles(ctx context.Context, store *gitstore.Store, commit gitstore.ID) ([]headFile, error) {
	if commit.IsZero() {
		var out []headFile
		for _, f := range []struct {
			path string
			b    []byte
		}{{wiki.SummaryFile, nil}, {wiki.IndexFile, wiki.DefaultIndex(nil)}} {
			out = append(out, headFile{path: f.path, id: gitstore.BlobID(f.b), content: func() ([]byte, error) { return f.b, nil }})
		}
		return out, nil
	}
	snap, err := store.Snapshot(ctx, commit)
	if err != nil {
		return nil, err
	}
	var out []headFile
	err = snap.Walk(func(n *gitstore.Node) error {
		if !n.Mode.IsRegular() {
			// A published head never holds other entry types; refuse
			// rather than recreate one.
			return fmt.Errorf("hydrate %s: %s: unsupported entry type", commit, n.Path)
		}
		out = append(out, headFile{path: n.Path, id: n.ID, content: n.Content})
		return nil
	})
	return out, err
}

// syncFolder makes the folder mem hold exactly the files want: folders
// 0700, files 0600 with a single link, each with its content. What it
// holds already and equals a wanted file stays; everything else is
// removed, and what is missing written. A file is compared by the blob id
// known says it holds when its stat signature vouches for that (the
// store's stat cache of the kept folder), else by reading it.
func syncFolder(ctx context.Context, mem string, want []headFile, known *gitstore.FolderCache) error {
	root, err := os.OpenRoot(mem)
	if err != nil {
		return err
	}
	defer root.Close()
	byPath := make(map[string]*headFile, len(want))
	dirs := map[string]bool{}
	for i := range want {
		byPath[want[i].path] = &want[i]
		for d := path.Dir(want[i].path); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	if err := root.Chmod(".", 0o700); err != nil {
		return err
	}
	have := map[string]bool{}
	err = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		switch {
		case p == ".":
			return nil
		case d.IsDir() && dirs[p]:
			return root.Chmod(p, 0o700)
		case d.IsDir():
			if err := root.RemoveAll(p); err != nil {
				return err
			}
			return fs.SkipDir
		}
		if f := byPath[p]; f != nil && d.Type().IsRegular() {
			// Listing a folder of an os.Root lstats each entry: its
			// Lstat costs nothing more.
			info, err := d.Info()
			if err != nil {
				return err
			}
			same, err := holds(root, p, info, f.id, known)
			if err != nil {
				return err
			}
			if same {
				have[p] = true
				return nil
			}
		}
		return root.Remove(p)
	})
	if err != nil {
		return err
	}
	for _, f := range want {
		if have[f.path] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		b, err := f.content()
		if err != nil {
			return err
		}
		if dir := path.Dir(f.path); dir != "." {
			if err := root.MkdirAll(dir, 0o700); err != nil {
				return err
			}
		}
		if err := writeIn(root, f.path, b); err != nil {
			return err
		}
	}
	return nil
}

// holds reports whether p, whose Lstat is info, is a regular file of mode
// 0600 with a single link whose content has blob id id: as known says, or
// read.
func holds(root *os.Root, p string, info fs.FileInfo, id gitstore.ID, known *gitstore.FolderCache) (bool, error) {
	st, isSys := info.Sys().(*syscall.Stat_t)
	if !info.Mode().IsRegular() || info.Mode().Perm() != 0o600 || (isSys && st.Nlink != 1) {
		return false, nil
	}
	if had, ok := known.HoldsID(p, info); ok {
		return had == id, nil
	}
	b, err := root.ReadFile(p)
	if err != nil {
		return false, err
	}
	return gitstore.BlobID(b) == id, nil
}

// writeIn creates file p in root, mode 0600, holding b.
func writeIn(root *os.Root, p string, b []byte) error {
	f, err := root.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	return errors.Join(err, f.Close())
}
