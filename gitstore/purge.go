package gitstore

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ObjectType is a git object's type, for callers of Purge's check.
type ObjectType = plumbing.ObjectType

// Object types.
const (
	BlobObject   = plumbing.BlobObject
	TreeObject   = plumbing.TreeObject
	CommitObject = plumbing.CommitObject
)

// Exclusive operations: a forget (and an import) rewrites history, moves
// every affected ref at once and purges what is left behind. They run
// holding the store lock for their whole length.

// Tx is the store seen by a caller that holds the store lock. The Store's
// own writing methods take the lock themselves; inside Exclusive only Tx
// methods may write.
type Tx struct {
	s *Store
	// commits memoizes the commits a rewrite decoded or made, for the
	// purge's walk.
	commits map[ID]*object.Commit
}

// Exclusive runs fn holding the store lock.
func (s *Store) Exclusive(ctx context.Context, fn func(tx *Tx) error) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	return fn(&Tx{s: s})
}

// Store returns the store, for reads.
func (tx *Tx) Store() *Store { return tx.s }

// MarkersUpdate writes the commit that appends markers to the erasure
// chain and returns the update of refs/memfs/erasures that publishes it,
// for SwitchRefs; ok is false when every marker is already there.
func (tx *Tx) MarkersUpdate(ctx context.Context, markers []Marker) (u RefUpdate, ok bool, err error) {
	old, nw, err := tx.s.markersCommit(ctx, markers)
	if err != nil || old == nw {
		return RefUpdate{}, false, err
	}
	return RefUpdate{Name: ErasuresRef, Old: old, New: nw}, true, nil
}

// SwitchRefs moves every ref in updates in one atomic step: the new values
// replace packed-refs by a single rename, so a reader (memfs or stock git)
// and a process killed at any instant see either every old value or every
// new one. Before that, the current values are packed and the loose copies
// removed, which changes nothing a reader can see. Each update is
// compare-and-swap on its Old value.
func (tx *Tx) SwitchRefs(ctx context.Context, updates []RefUpdate) error {
	s := tx.s
	if len(updates) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	refs, err := s.refsLocked()
	if err != nil {
		return err
	}
	next := maps(refs)
	for _, u := range updates {
		if !strings.HasPrefix(u.Name, "refs/") || slices.Contains(strings.Split(u.Name, "/"), "..") {
			return fmt.Errorf("refuse to write ref %q", u.Name)
		}
		if refs[u.Name] != u.Old {
			return fmt.Errorf("%s: expected %s, found %s: %w", u.Name, short(u.Old), short(refs[u.Name]), ErrConflict)
		}
		if u.New.IsZero() {
			delete(next, u.Name)
		} else {
			next[u.Name] = u.New
		}
	}
	packed := filepath.Join(s.opts.Path, "packed-refs")
	if _, err := os.Lstat(packed + ".lock"); err == nil {
		return fmt.Errorf("packed-refs: %w", ErrRefLocked)
	}
	for name := range refs {
		if _, err := os.Lstat(filepath.Join(s.opts.Path, filepath.FromSlash(name)) + ".lock"); err == nil {
			return fmt.Errorf("%s: %w", name, ErrRefLocked)
		}
	}
	// Step 1: pack the current values, then drop the loose files they
	// shadow. Nothing visible changes.
	if err := s.writePackedRefs(refs); err != nil {
		return err
	}
	for name := range refs {
		p := filepath.Join(s.opts.Path, filepath.FromSlash(name))
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("pack %s: %w", name, err)
		}
	}
	// Step 2: one rename switches every ref.
	if err := s.writePackedRefs(next); err != nil {
		return err
	}
	return ctx.Err()
}

func maps(m map[string]ID) map[string]ID {
	out := make(map[string]ID, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// writePackedRefs replaces packed-refs with refs, by rename.
func (s *Store) writePackedRefs(refs map[string]ID) error {
	names := make([]string, 0, len(refs))
	for n := range refs {
		names = append(names, n)
	}
	slices.Sort(names)
	var b bytes.Buffer
	b.WriteString("# pack-refs with: sorted \n")
	for _, n := range names {
		fmt.Fprintf(&b, "%s %s\n", refs[n], n)
	}
	tmp, err := s.tempFile("packed-refs-", b.Bytes())
	if err != nil {
		return fmt.Errorf("write packed-refs: %w", err)
	}
	defer os.Remove(tmp)
	if f, err := os.Open(tmp); err == nil {
		f.Sync()
		f.Close()
	}
	if err := os.Rename(tmp, filepath.Join(s.opts.Path, "packed-refs")); err != nil {
		return fmt.Errorf("write packed-refs: %w", err)
	}
	return nil
}

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

// ErrPurgeVerify means that after a purge the store still holds an object
// it should not: unreachable, or refused by the caller's check.
var ErrPurgeVerify = errors.New("purge verification failed")

// Purge leaves the store holding exactly the objects reachable from its
// refs: they are copied into one new pack, then every other pack and
// every loose object is deleted, with reflogs and the files where git
// remembers past ref values. Then every object on disk is scanned: an
// object that is not reachable, or that check refuses, fails the purge
// with ErrPurgeVerify. check gets each object's type and content and must
// not keep them.
func (tx *Tx) Purge(ctx context.Context, check func(typ plumbing.ObjectType, content []byte) error) (*PurgeResult, error) {
	s := tx.s
	objDir := filepath.Join(s.opts.Path, "objects")
	if _, err := os.Stat(filepath.Join(objDir, "info", "alternates")); err == nil {
		return nil, errors.New("purge: the store borrows objects from another repository (objects/info/alternates); refusing")
	}
	res := &PurgeResult{BytesBefore: dirSize(objDir)}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.Reindex()
	// Raw entries only: the walk reads commits and trees from the rewrite's
	// memos, and entries are copied, not inflated.
	s.loadBulkLocked(tx.commits == nil)
	defer func() { s.bulk = nil }()
	refs, err := s.refsLocked()
	if err != nil {
		return nil, err
	}
	reach, err := s.reachableLocked(ctx, refs, tx.commits)
	if err != nil {
		return nil, err
	}
	// Entries of memfs's delta-free packs are copied verbatim; the rest
	// (loose objects, packs with deltas) is read and deflated again.
	entries := make([]packEntry, 0, len(reach))
	have := make(map[ID]bool, len(reach))
	for id := range reach {
		if b, ok := s.bulk[id]; ok && b.raw != nil {
			have[id] = true
			entries = append(entries, packEntry{id: id, crc: crc32.ChecksumIEEE(b.raw), raw: b.raw})
		}
	}
	var ids []ID
	for id := range reach {
		if !have[id] {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b ID) int { return bytes.Compare(a[:], b[:]) })
	objs := make([]pendingObject, len(ids))
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		typ, content, err := s.rawObjectLocked(id)
		if err != nil {
			return nil, fmt.Errorf("purge: %w", err)
		}
		objs[i] = pendingObject{id: id, typ: typ, content: content}
	}
	fresh, err := deflateAll(objs)
	if err != nil {
		return nil, fmt.Errorf("purge: %w", err)
	}
	entries = append(entries, fresh...)
	var keep string
	if len(entries) > 0 {
		pack, idx, sum := encodePack(entries)
		if keep, err = s.installPack(pack, idx, sum); err != nil {
			return nil, fmt.Errorf("purge: %w", err)
		}
	}
	// Everything else goes: other packs with their companions, loose
	// objects, and what remembers old ids.
	packDir := filepath.Join(objDir, "pack")
	names, _ := os.ReadDir(packDir)
	for _, e := range names {
		p := filepath.Join(packDir, e.Name())
		if keep != "" && strings.TrimSuffix(p, filepath.Ext(p)) == keep {
			continue
		}
		if strings.HasSuffix(e.Name(), ".pack") {
			if n, err := packObjectCount(p); err == nil {
				res.Removed += n
			}
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("purge: %w", err)
		}
	}
	// Loose objects go, a few fan-out folders at a time: deleting
	// thousands of small files is most of a purge's wall time.
	looseDirs := s.looseDirs()
	removed := make([]int, len(looseDirs))
	err = inParallelN(8, len(looseDirs), func() func(int) error {
		return func(i int) error {
			files, _ := os.ReadDir(looseDirs[i])
			removed[i] = len(files)
			if err := os.RemoveAll(looseDirs[i]); err != nil {
				return fmt.Errorf("purge: %w", err)
			}
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	for _, n := range removed {
		res.Removed += n
	}
	for _, p := range []string{"logs", "ORIG_HEAD", "FETCH_HEAD", "MERGE_HEAD", "objects/info/packs", "objects/info/commit-graph", "objects/info/commit-graphs", tmpDirName} {
		if err := os.RemoveAll(filepath.Join(s.opts.Path, p)); err != nil {
			return nil, fmt.Errorf("purge: %w", err)
		}
	}
	s.st.Reindex()
	s.trees = nil
	s.blobs.drop()
	s.bulk = nil // verification reads what is on disk now
	res.Kept = len(reach)
	if err := s.verifyLocked(ctx, reach, check); err != nil {
		return nil, err
	}
	res.BytesAfter = dirSize(objDir)
	// Tell ref watchers (a mount in another process) that objects went
	// away, so they close the descriptors of removed packs: packed-refs is
	// replaced by an identical copy, a change they see.
	if err := s.writePackedRefs(refs); err != nil {
		return nil, err
	}
	return res, nil
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
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

func packObjectCount(p string) (int, error) {
	f, err := os.Open(p)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var hdr [12]byte
	if _, err := io.ReadFull(f, hdr[:]); err != nil || string(hdr[:4]) != "PACK" {
		return 0, errors.New("not a pack")
	}
	return int(uint32(hdr[8])<<24 | uint32(hdr[9])<<16 | uint32(hdr[10])<<8 | uint32(hdr[11])), nil
}

// looseFile is a file in a loose-object fan-out folder.
type looseFile struct {
	id   ID
	ok   bool // the name is an object id
	name string
	path string
}

// looseDirs lists the store's loose-object fan-out folders (objects/xx).
func (s *Store) looseDirs() []string {
	objDir := filepath.Join(s.opts.Path, "objects")
	var out []string
	dirs, _ := os.ReadDir(objDir)
	for _, d := range dirs {
		if len(d.Name()) == 2 && isHex(d.Name()) {
			out = append(out, filepath.Join(objDir, d.Name()))
		}
	}
	return out
}

// looseFiles lists every file of the loose-object folders.
func (s *Store) looseFiles() []looseFile {
	var out []looseFile
	for _, dir := range s.looseDirs() {
		files, _ := os.ReadDir(dir)
		for _, f := range files {
			id, ok := ParseID(filepath.Base(dir) + f.Name())
			out = append(out, looseFile{id: id, ok: ok, name: filepath.Base(dir) + "/" + f.Name(), path: filepath.Join(dir, f.Name())})
		}
	}
	return out
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
			stack = append(stack, item{c.TreeHash, plumbing.TreeObject})
			for _, p := range c.ParentHashes {
				stack = append(stack, item{p, plumbing.CommitObject})
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
			stack = append(stack, item{c.TreeHash, plumbing.TreeObject})
			for _, p := range c.ParentHashes {
				stack = append(stack, item{p, plumbing.CommitObject})
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
			stack = append(stack, item{t.Target, plumbing.InvalidObject})
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
			push(e.Hash)
		default:
			if seen[e.Hash] {
				continue
			}
			if _, inBulk := s.bulk[e.Hash]; !inBulk && !s.hasObject(e.Hash) {
				return fmt.Errorf("walk objects: tree %s names missing blob %s", short(tree), short(e.Hash))
			}
			seen[e.Hash] = true
		}
	}
	return nil
}

func memObject(typ plumbing.ObjectType, content []byte) *plumbing.MemoryObject {
	o := &plumbing.MemoryObject{}
	o.SetType(typ)
	o.Write(content)
	return o
}

// rawObjectLocked returns an object's type and content, loose or packed
// (deltas resolved). s.mu must be held.
func (s *Store) rawObjectLocked(h ID) (plumbing.ObjectType, []byte, error) {
	if b, ok := s.bulk[h]; ok {
		return b.object()
	}
	if typ, b, err := s.fast.readAny(h); err == nil {
		return typ, b, nil
	}
	var obj plumbing.EncodedObject
	err := s.retry(func() (err error) { obj, err = s.st.EncodedObject(plumbing.AnyObject, h); return err })
	if err != nil {
		return plumbing.InvalidObject, nil, fmt.Errorf("object %s: %w", short(h), err)
	}
	b, err := encodedBytes(obj)
	if err != nil {
		return plumbing.InvalidObject, nil, fmt.Errorf("object %s: %w", short(h), err)
	}
	return obj.Type(), b, nil
}

// verifyLocked scans every object on disk, loose and packed, reading each
// from its own file rather than through a lookup by id.
func (s *Store) verifyLocked(ctx context.Context, reach map[ID]bool, check func(plumbing.ObjectType, []byte) error) error {
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
	err = inParallel(len(objs), func() func(int) error {
		return func(i int) error {
			o := objs[i]
			if !reach[o.id] {
				return fmt.Errorf("%w: unreachable object %s survived", ErrPurgeVerify, short(o.id))
			}
			typ, content := o.typ, o.b
			if o.raw != nil {
				var err error
				if typ, content, err = inflateEntry(o.raw); err != nil {
					return fmt.Errorf("%w: object %s: %w", ErrPurgeVerify, short(o.id), err)
				}
			}
			if got := plumbing.ComputeHash(typ, content); got != o.id {
				return fmt.Errorf("%w: object %s does not hash to its id", ErrPurgeVerify, short(o.id))
			}
			if check != nil {
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
		typ, content, err := inflateEntry(raw)
		if err != nil {
			entryErr = fmt.Errorf("pack entry %s: %w", short(id), err)
			return
		}
		entryErr = fn(id, typ, content)
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
	for _, f := range s.looseFiles() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !f.ok {
			return fmt.Errorf("%w: stray file objects/%s", ErrPurgeVerify, f.name)
		}
		typ, content, err := readLooseObject(f.path)
		if err != nil {
			return fmt.Errorf("loose object %s: %w", short(f.id), err)
		}
		if err := fn(f.id, typ, content); err != nil {
			return err
		}
	}
	objDir := filepath.Join(s.opts.Path, "objects")
	packs, _ := filepath.Glob(filepath.Join(objDir, "pack", "pack-*.idx"))
	for _, idx := range packs {
		base := strings.TrimSuffix(idx, ".idx")
		if entries, err := readPackEntries(base); err == nil {
			for _, e := range entries {
				entry(e.id, e.raw)
			}
			continue
		}
		ids, err := packIndexIDs(idx)
		if err != nil {
			return fmt.Errorf("pack %s: %w", filepath.Base(idx), err)
		}
		for _, id := range ids {
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

func readLooseObject(p string) (plumbing.ObjectType, []byte, error) {
	raw, err := os.ReadFile(p)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	zr, err := newInflater(bytes.NewReader(raw))
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	defer inflaters.Put(zr)
	name, size, err := parseLooseHeader(zr)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	typ, err := plumbing.ParseObjectType(name)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	content, err := readExactly(zr, size, nil)
	return typ, content, err
}

// packIndexIDs lists the object ids of a version-2 pack index.
func packIndexIDs(p string) ([]ID, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	if len(b) < 8+256*4 || !bytes.Equal(b[:8], []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}) {
		return nil, errors.New("unsupported pack index")
	}
	n := int(uint32(b[8+255*4])<<24 | uint32(b[8+255*4+1])<<16 | uint32(b[8+255*4+2])<<8 | uint32(b[8+255*4+3]))
	start := 8 + 256*4
	if len(b) < start+n*20 {
		return nil, errors.New("truncated pack index")
	}
	ids := make([]ID, n)
	for i := range ids {
		copy(ids[i][:], b[start+i*20:])
	}
	return ids, nil
}

// inflateEntry decodes a whole (non-delta) pack entry: header, then the
// deflated content.
func inflateEntry(raw []byte) (plumbing.ObjectType, []byte, error) {
	typ, size, n, err := parseEntryHeader(raw)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	content, err := inflate(bytes.NewReader(raw[n:]), size, nil)
	return typ, content, err
}

// bulkEntry is one object of a bulk read: its pack entry as stored, and
// its type and content, inflated ahead of use.
type bulkEntry struct {
	raw     []byte
	typ     plumbing.ObjectType
	content []byte
	err     error
}

// maxBulkInflate bounds the pack bytes inflated ahead of use; larger
// stores inflate entries as they are read.
const maxBulkInflate = 256 << 20

// loadBulkLocked reads every delta-free pack whole, for an operation that
// is about to read most objects: one read per pack instead of a lookup
// and a positioned read per object, and every entry inflated ahead, on
// all cores, with the loose objects, when inflateAll is set (otherwise the
// raw pack entries only). s.mu must be held; setting s.bulk to nil ends it.
func (s *Store) loadBulkLocked(inflateAll bool) {
	s.bulk = map[ID]*bulkEntry{}
	objDir := filepath.Join(s.opts.Path, "objects")
	packs, _ := filepath.Glob(filepath.Join(objDir, "pack", "pack-*.pack"))
	var all []*bulkEntry
	total := 0
	for _, p := range packs {
		entries, err := readPackEntries(strings.TrimSuffix(p, ".pack"))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if _, dup := s.bulk[e.id]; dup {
				continue
			}
			b := &bulkEntry{raw: e.raw}
			s.bulk[e.id] = b
			all = append(all, b)
			total += len(e.raw)
		}
	}
	if !inflateAll {
		return
	}
	// Loose objects (every publication's commit is one) are read too.
	var loose []string
	var looseIDs []ID
	for _, f := range s.looseFiles() {
		if _, dup := s.bulk[f.id]; f.ok && !dup {
			loose = append(loose, f.path)
			looseIDs = append(looseIDs, f.id)
		}
	}
	looseEntries := make([]*bulkEntry, len(loose))
	_ = inParallelN(8, len(loose), func() func(int) error {
		return func(i int) error {
			b := &bulkEntry{}
			b.typ, b.content, b.err = readLooseObject(loose[i])
			if b.err == nil && b.content == nil {
				b.content = []byte{}
			}
			looseEntries[i] = b
			return nil
		}
	})
	for i, b := range looseEntries {
		if b.err == nil {
			s.bulk[looseIDs[i]] = b
		}
	}
	if total > maxBulkInflate {
		return
	}
	_ = inParallel(len(all), func() func(int) error {
		return func(i int) error {
			b := all[i]
			b.typ, b.content, b.err = inflateEntry(b.raw)
			if b.err == nil && b.content == nil {
				b.content = []byte{}
			}
			return nil
		}
	})
}

// object returns the entry's type and content, inflating it now if the
// bulk read did not.
func (b *bulkEntry) object() (plumbing.ObjectType, []byte, error) {
	if b.content != nil || b.err != nil {
		return b.typ, b.content, b.err
	}
	return inflateEntry(b.raw)
}

// commitLocked reads and decodes a commit. s.mu must be held.
func (s *Store) commitLocked(h ID) (*object.Commit, error) {
	typ, content, err := s.rawObjectLocked(h)
	if err != nil {
		return nil, err
	}
	if typ != plumbing.CommitObject {
		return nil, fmt.Errorf("object %s is a %s, not a commit", short(h), typ)
	}
	c := &object.Commit{}
	if err := c.Decode(memObject(typ, content)); err != nil {
		return nil, fmt.Errorf("commit %s: %w", short(h), err)
	}
	c.Hash = h
	return c, nil
}
