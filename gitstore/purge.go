package gitstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/gitstore/internal/objfile"
	"github.com/memfs/memfs/gitstore/internal/parallel"
)

// ObjectType is a git object's type, for callers of Purge's check.
type ObjectType = plumbing.ObjectType

// Object types.
const (
	BlobObject   = plumbing.BlobObject
	TreeObject   = plumbing.TreeObject
	CommitObject = plumbing.CommitObject
)

// PurgeResult reports a purge.
type PurgeResult struct {
	// Kept counts the reachable objects, now in one pack.
	Kept int `json:"objects_kept"`
	// Removed counts the object copies deleted (an object both loose and
	// packed counts twice).
	Removed int `json:"objects_removed"`
	// BytesBefore and BytesAfter measure objects/.
	BytesBefore int64 `json:"bytes_before"`
	BytesAfter  int64 `json:"bytes_after"`
}

// Purge leaves the store holding exactly the objects reachable from its
// refs: they are copied into one new pack, then every other pack and
// every loose object is deleted, with reflogs and the files where git
// remembers past ref values. Then every object on disk is scanned: an
// object that is not reachable, or that check refuses, fails the purge
// with ErrPurgeVerify. check gets each object's type and content and must
// not keep them.
func (tx *Tx) Purge(ctx context.Context, check func(typ plumbing.ObjectType, content []byte) error) (*PurgeResult, error) {
	s := tx.s
	if _, err := os.Stat(filepath.Join(s.objDir(), "info", "alternates")); err == nil {
		return nil, errors.New("purge: the store borrows objects from another repository (objects/info/alternates); refusing")
	}
	res := &PurgeResult{BytesBefore: dirSize(s.objDir())}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.Reindex()
	// What the rewrite read is still in memory; else raw entries only (and
	// the objects of packs with deltas): the walk reads commits and trees
	// from the rewrite's memos, and entries are copied, not inflated.
	if s.bulk == nil {
		s.bulk, s.bulkAll = objfile.LoadBulk(s.objDir(), tx.commits == nil), tx.commits == nil
	}
	defer func() { s.bulk = nil }()
	refs, err := s.refsLocked()
	if err != nil {
		return nil, err
	}
	reach, generated, err := s.reachableSplitLocked(ctx, refs, tx.commits)
	if err != nil {
		return nil, err
	}
	keep, err := s.packReachableLocked(ctx, reach, tx.written)
	if err != nil {
		return nil, fmt.Errorf("purge: %w", err)
	}
	tx.written = nil
	if res.Removed, err = s.removeAllBut(keep); err != nil {
		return nil, fmt.Errorf("purge: %w", err)
	}
	s.st.Reindex()
	s.trees = nil
	s.blobs.drop()
	s.bulk = nil // verification reads what is on disk now
	res.Kept = len(reach)
	if err := s.verifyLocked(ctx, reach, generated, check); err != nil {
		return nil, err
	}
	res.BytesAfter = dirSize(s.objDir())
	// Tell ref watchers (a mount in another process) that objects went
	// away, so they close the descriptors of removed packs: packed-refs is
	// replaced by an identical copy, a change they see.
	if err := s.writePackedRefs(refs); err != nil {
		return nil, err
	}
	return res, nil
}

// packReachableLocked writes the reachable objects into one new pack and
// returns its path without extension ("" when there is nothing to keep).
// Entries of memfs's delta-free packs are copied verbatim; the rest (loose
// objects, packs with deltas) is read and deflated again. s.mu must be
// held.
func (s *Store) packReachableLocked(ctx context.Context, reach map[ID]bool, written map[ID][]byte) (string, error) {
	entries := make([]objfile.Entry, 0, len(reach))
	var ids []ID
	for id := range reach {
		if raw := written[id]; raw != nil {
			entries = append(entries, objfile.RawEntry(id, raw))
		} else if e := s.bulk.Get(id); e != nil && e.Raw != nil {
			entries = append(entries, objfile.RawEntry(id, e.Raw))
		} else {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b ID) int { return bytes.Compare(a[:], b[:]) })
	objs, err := s.objectsLocked(ctx, ids)
	if err != nil {
		return "", err
	}
	fresh, err := objfile.Deflate(objs)
	if err != nil {
		return "", err
	}
	entries = append(entries, fresh...)
	if len(entries) == 0 {
		return "", nil
	}
	pack, idx, sum := objfile.EncodePack(entries)
	return objfile.InstallPack(s.objDir(), pack, idx, sum, s.writeOptions(true))
}

// objectsLocked reads objects whole, for a pack. s.mu must be held.
func (s *Store) objectsLocked(ctx context.Context, ids []ID) ([]objfile.Object, error) {
	objs := make([]objfile.Object, len(ids))
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		typ, content, err := s.rawObjectLocked(id)
		if err != nil {
			return nil, err
		}
		objs[i] = objfile.Object{ID: id, Type: objfile.Type(typ), Content: content}
	}
	return objs, nil
}

// removeAllBut deletes every pack but keep with its companions, every
// loose object, and what remembers old ids (reflogs, FETCH_HEAD and the
// like). It returns how many object copies went.
func (s *Store) removeAllBut(keep string) (int, error) {
	removed := 0
	packDir := filepath.Join(s.objDir(), "pack")
	names, _ := os.ReadDir(packDir)
	for _, e := range names {
		p := filepath.Join(packDir, e.Name())
		if keep != "" && strings.TrimSuffix(p, filepath.Ext(p)) == keep {
			continue
		}
		if strings.HasSuffix(e.Name(), ".pack") {
			if n, err := objfile.PackObjectCount(p); err == nil {
				removed += n
			}
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return 0, err
		}
	}
	// Loose objects go, a few fan-out folders at a time: deleting
	// thousands of small files is most of a purge's wall time.
	looseDirs := objfile.LooseDirs(s.objDir())
	counts := make([]int, len(looseDirs))
	err := parallel.RunN(8, len(looseDirs), func() func(int) error {
		return func(i int) error {
			files, _ := os.ReadDir(looseDirs[i])
			counts[i] = len(files)
			return os.RemoveAll(looseDirs[i])
		}
	})
	if err != nil {
		return 0, err
	}
	for _, n := range counts {
		removed += n
	}
	for _, p := range []string{"logs", "ORIG_HEAD", "FETCH_HEAD", "MERGE_HEAD", "objects/info/packs", "objects/info/commit-graph", "objects/info/commit-graphs", tmpDirName, planDirName} {
		if err := os.RemoveAll(filepath.Join(s.opts.Path, p)); err != nil {
			return 0, err
		}
	}
	return removed, nil
}

func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// reachableLocked returns every object reachable from refs. Commits,
// trees and tags are read to follow them (commits from memo when given,
// trees through the tree memo); blobs are known from their tree entries
// and not read. s.mu must be held.
func (s *Store) reachableLocked(ctx context.Context, refs map[string]ID, memo map[ID]*object.Commit) (map[ID]bool, error) {
	type item struct {
		id   ID
		kind plumbing.ObjectType // InvalidObject: not known yet
	}
	seen := map[ID]bool{}
	var stack []item
	for _, h := range refs {
		stack = append(stack, item{h, plumbing.InvalidObject})
	}
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		h := it.id
		if seen[h] {
			continue
		}
		seen[h] = true
		if c := memo[h]; c != nil {
			stack = append(stack, item{ID(c.TreeHash), plumbing.TreeObject})
			for _, p := range c.ParentHashes {
				stack = append(stack, item{ID(p), plumbing.CommitObject})
			}
			continue
		}
		if it.kind == plumbing.TreeObject {
			entries, err := s.treeEntriesLocked(h)
			if err != nil {
				return nil, fmt.Errorf("walk objects: %w", err)
			}
			if err := s.pushEntries(h, entries, seen, func(id ID) { stack = append(stack, item{id, plumbing.TreeObject}) }); err != nil {
				return nil, err
			}
			continue
		}
		typ, content, err := s.rawObjectLocked(h)
		if err != nil {
			return nil, fmt.Errorf("walk objects: %w", err)
		}
		switch typ {
		case plumbing.CommitObject:
			c := &object.Commit{}
			if err := c.Decode(memObject(typ, content)); err != nil {
				return nil, fmt.Errorf("commit %s: %w", short(h), err)
			}
			stack = append(stack, item{ID(c.TreeHash), plumbing.TreeObject})
			for _, p := range c.ParentHashes {
				stack = append(stack, item{ID(p), plumbing.CommitObject})
			}
		case plumbing.TreeObject:
			entries, err := parseTree(content)
			if err != nil {
				return nil, fmt.Errorf("tree %s: %w", short(h), err)
			}
			if err := s.pushEntries(h, entries, seen, func(id ID) { stack = append(stack, item{id, plumbing.TreeObject}) }); err != nil {
				return nil, err
			}
		case plumbing.TagObject:
			t := &object.Tag{}
			if err := t.Decode(memObject(typ, content)); err != nil {
				return nil, fmt.Errorf("tag %s: %w", short(h), err)
			}
			stack = append(stack, item{ID(t.Target), plumbing.InvalidObject})
		}
	}
	return seen, nil
}

// pushEntries follows a tree's entries: subtrees go to push, blobs are
// marked seen once their presence is checked.
func (s *Store) pushEntries(tree ID, entries []object.TreeEntry, seen map[ID]bool, push func(ID)) error {
	for _, e := range entries {
		switch {
		case e.Mode == filemode.Submodule:
		case e.Mode == filemode.Dir:
			push(ID(e.Hash))
		default:
			if seen[ID(e.Hash)] {
				continue
			}
			if s.bulk.Get(e.Hash) == nil && !s.hasObject(ID(e.Hash)) {
				return fmt.Errorf("walk objects: tree %s names missing blob %s", short(tree), short(ID(e.Hash)))
			}
			seen[ID(e.Hash)] = true
		}
	}
	return nil
}

// reachableSplitLocked returns every object reachable from refs, and
// those of them reachable only from the metadata refs (MetaRef,
// ErasuresRef): memfs writes all of their content itself (the keyless
// meta commit, the marker list of hex fingerprints, their neutral
// commits), so the purge's content check skips them. Checking them would
// let a marker for one of their words ("erasure", "markers", "created", a
// number) fail every purge.
func (s *Store) reachableSplitLocked(ctx context.Context, refs map[string]ID, memo map[ID]*object.Commit) (reach, generated map[ID]bool, err error) {
	meta, other := map[string]ID{}, map[string]ID{}
	for n, h := range refs {
		if n == MetaRef || n == ErasuresRef {
			meta[n] = h
		} else {
			other[n] = h
		}
	}
	reach, err = s.reachableLocked(ctx, other, memo)
	if err != nil {
		return nil, nil, err
	}
	inMeta, err := s.reachableLocked(ctx, meta, memo)
	if err != nil {
		return nil, nil, err
	}
	generated = map[ID]bool{}
	for id := range inMeta {
		if !reach[id] {
			generated[id] = true
			reach[id] = true
		}
	}
	return reach, generated, nil
}

// verifyLocked scans every object on disk, loose and packed, reading each
// from its own file rather than through a lookup by id. check is not
// applied to the generated objects.
func (s *Store) verifyLocked(ctx context.Context, reach, generated map[ID]bool, check func(plumbing.ObjectType, []byte) error) error {
	type obj struct {
		id  ID
		typ plumbing.ObjectType
		raw []byte // a pack entry to inflate, or nil
		b   []byte // content, when raw is nil
	}
	var objs []obj
	err := s.collectObjectsLocked(ctx, func(id ID, raw []byte) { objs = append(objs, obj{id: id, raw: raw}) },
		func(id ID, typ plumbing.ObjectType, content []byte) error {
			objs = append(objs, obj{id: id, typ: typ, b: content})
			return nil
		})
	if err != nil {
		return err
	}
	err = parallel.Run(len(objs), func() func(int) error {
		return func(i int) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			o := objs[i]
			if !reach[o.id] {
				return fmt.Errorf("%w: unreachable object %s survived", ErrPurgeVerify, short(o.id))
			}
			typ, content := o.typ, o.b
			if o.raw != nil {
				t, b, err := objfile.InflateEntry(o.raw)
				if err != nil {
					return fmt.Errorf("%w: object %s: %w", ErrPurgeVerify, short(o.id), err)
				}
				typ, content = plumbing.ObjectType(t), b
			}
			if got := plumbing.ComputeHash(typ, content); ID(got) != o.id {
				return fmt.Errorf("%w: object %s does not hash to its id", ErrPurgeVerify, short(o.id))
			}
			if check != nil && !generated[o.id] {
				if err := check(typ, content); err != nil {
					return fmt.Errorf("%w: object %s: %w", ErrPurgeVerify, short(o.id), err)
				}
			}
			return nil
		}
	})
	if err != nil {
		return err
	}
	if len(objs) < len(reach) {
		return fmt.Errorf("%w: %d reachable objects, %d on disk", ErrPurgeVerify, len(reach), len(objs))
	}
	return nil
}

// ScanObjects calls fn with every object stored on disk, loose or packed,
// without going through the refs.
func (s *Store) ScanObjects(ctx context.Context, fn func(id ID, typ plumbing.ObjectType, content []byte) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.scanObjectsLocked(ctx, fn)
}

func (s *Store) scanObjectsLocked(ctx context.Context, fn func(id ID, typ plumbing.ObjectType, content []byte) error) error {
	var entryErr error
	err := s.collectObjectsLocked(ctx, func(id ID, raw []byte) {
		if entryErr != nil {
			return
		}
		typ, content, err := objfile.InflateEntry(raw)
		if err != nil {
			entryErr = fmt.Errorf("pack entry %s: %w", short(id), err)
			return
		}
		entryErr = fn(id, plumbing.ObjectType(typ), content)
	}, fn)
	if err != nil {
		return err
	}
	return entryErr
}

// collectObjectsLocked goes over every object stored on disk: entries of
// delta-free packs are handed over raw (to inflate), everything else
// (loose objects, packs with deltas) decoded.
func (s *Store) collectObjectsLocked(ctx context.Context, entry func(id ID, raw []byte), fn func(id ID, typ plumbing.ObjectType, content []byte) error) error {
	for _, f := range objfile.LooseFiles(s.objDir()) {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !f.OK {
			return fmt.Errorf("%w: stray file objects/%s", ErrPurgeVerify, f.Name)
		}
		typ, content, err := objfile.ReadLoose(f.Path)
		if err != nil {
			return fmt.Errorf("loose object %s: %w", short(f.ID), err)
		}
		if err := fn(f.ID, plumbing.ObjectType(typ), content); err != nil {
			return err
		}
	}
	packs, _ := filepath.Glob(filepath.Join(s.objDir(), "pack", "pack-*.idx"))
	for _, idx := range packs {
		base := strings.TrimSuffix(idx, ".idx")
		if entries, err := objfile.ReadPackEntries(base); err == nil {
			for _, e := range entries {
				entry(e.ID, e.Raw)
			}
			continue
		}
		index, err := objfile.ReadIndex(idx)
		if err != nil {
			return fmt.Errorf("pack %s: %w", filepath.Base(idx), err)
		}
		for _, id := range index.IDs() {
			if err := ctx.Err(); err != nil {
				return err
			}
			typ, content, err := s.rawObjectLocked(id)
			if err != nil {
				return err
			}
			if err := fn(id, typ, content); err != nil {
				return err
			}
		}
	}
	return nil
}
