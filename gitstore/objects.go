package gitstore

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/gitstore/internal/objfile"
)

// The store's one object reader. Every read of an object by id goes
// through readObject: the bulk read of an exclusive operation, then the
// fast reader (pack entries, deltas resolved, and loose files,
// internal/objfile), then go-git for what only it reads (unusual packs),
// once more after a reindex when it fails.

// readObject returns an object's type and content. want is the type the
// caller needs (plumbing.AnyObject: any); an object of another type found
// on a fast path is left to go-git, which refuses it. held says whether
// the caller holds s.mu: the fast reader needs no lock, so a caller that
// does not hold it reads in parallel with others.
func (s *Store) readObject(h ID, want plumbing.ObjectType, held bool) (plumbing.ObjectType, []byte, error) {
	locked := func(fn func()) {
		if !held {
			s.mu.Lock()
			defer s.mu.Unlock()
		}
		fn()
	}
	wanted := func(typ plumbing.ObjectType) bool { return want == plumbing.AnyObject || typ == want }
	var be *objfile.BulkEntry
	locked(func() { be = s.bulk.Get(h) })
	if be != nil {
		if typ, b, err := be.Object(); err == nil && wanted(plumbing.ObjectType(typ)) {
			return plumbing.ObjectType(typ), b, nil
		}
	}
	if typ, b, err := s.fast.ReadAny(h); err == nil && wanted(plumbing.ObjectType(typ)) {
		return plumbing.ObjectType(typ), b, nil
	}
	var typ plumbing.ObjectType
	var b []byte
	var err error
	locked(func() { typ, b, err = s.readSlowLocked(h, want) })
	return typ, b, err
}

// readSlowLocked reads an object through go-git. s.mu must be held.
func (s *Store) readSlowLocked(h ID, want plumbing.ObjectType) (plumbing.ObjectType, []byte, error) {
	var obj plumbing.EncodedObject
	err := s.retry(func() (err error) { obj, err = s.st.EncodedObject(want, h.hash()); return err })
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	b, err := encodedBytes(obj)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	return obj.Type(), b, nil
}

// retry runs a go-git read and, when it fails, runs it once more after
// dropping go-git's list of packs: another process may have added a pack
// (a publication) or replaced them (a repack) since the list was read.
// s.mu must be held.
func (s *Store) retry(read func() error) error {
	if err := read(); err == nil {
		return nil
	}
	s.st.Reindex()
	return read()
}

// rawObjectLocked returns an object's type and content, loose or packed
// (deltas resolved). s.mu must be held.
func (s *Store) rawObjectLocked(h ID) (plumbing.ObjectType, []byte, error) {
	typ, b, err := s.readObject(h, plumbing.AnyObject, true)
	if err != nil {
		return plumbing.InvalidObject, nil, fmt.Errorf("object %s: %w", short(h), err)
	}
	return typ, b, nil
}

// objectTypeLocked returns an object's type. s.mu must be held.
func (s *Store) objectTypeLocked(h ID) (plumbing.ObjectType, error) {
	typ, _, err := s.rawObjectLocked(h)
	return typ, err
}

// ReadBlob returns the bytes of a blob, from the cache when present.
func (s *Store) ReadBlob(h ID) ([]byte, error) {
	if b, ok := s.blobs.get(h); ok {
		return b, nil
	}
	_, b, err := s.readObject(h, plumbing.BlobObject, false)
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	s.blobs.put(h, b)
	return b, nil
}

// BlobSize returns a blob's size without inflating its content when the
// blob is not cached.
func (s *Store) BlobSize(h ID) (int64, error) {
	if b, ok := s.blobs.get(h); ok {
		return int64(len(b)), nil
	}
	if n, err := s.fast.BlobSize(h); err == nil {
		return n, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	err := s.retry(func() (err error) {
		n, err = s.st.EncodedObjectSize(h.hash())
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("blob %s size: %w", h, err)
	}
	return n, nil
}

// treeEntriesLocked returns a tree's entries. Trees are immutable, so their
// entries are memoized by id (bounded); callers must not modify the slice.
func (s *Store) treeEntriesLocked(h ID) ([]object.TreeEntry, error) {
	if h.IsZero() {
		return nil, nil
	}
	if e, ok := s.trees[h]; ok {
		return e, nil
	}
	_, b, err := s.readObject(h, plumbing.TreeObject, true)
	var entries []object.TreeEntry
	if err == nil {
		entries, err = parseTree(b)
	}
	if err != nil {
		return nil, fmt.Errorf("read tree %s: %w", short(h), err)
	}
	s.rememberTreeLocked(h, entries)
	return entries, nil
}

// maxMemoTrees bounds the tree memo; a 10,000-page artifact has about 50.
const maxMemoTrees = 4096

func (s *Store) rememberTreeLocked(h ID, entries []object.TreeEntry) {
	// An exclusive operation reading the whole history keeps every tree.
	if s.trees == nil || len(s.trees) >= maxMemoTrees && s.bulk == nil {
		s.trees = make(map[ID][]object.TreeEntry)
	}
	s.trees[h] = entries
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
	c.Hash = h.hash()
	return c, nil
}

// hasLoose reports whether a loose copy of the object exists.
func (s *Store) hasLoose(h ID) bool { return objfile.HasLoose(s.objDir(), h) }

// hasObject reports whether the store holds the object, loose or packed.
func (s *Store) hasObject(h ID) bool {
	return s.hasLoose(h) || s.retry(func() error { return s.st.HasEncodedObject(h.hash()) }) == nil
}

// objDir is the repository's objects folder.
func (s *Store) objDir() string { return filepath.Join(s.opts.Path, "objects") }

// encodedBytes returns an encoded object's content.
func encodedBytes(obj plumbing.EncodedObject) ([]byte, error) {
	r, err := obj.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var b bytes.Buffer
	_, err = b.ReadFrom(r)
	return b.Bytes(), err
}

func memObject(typ plumbing.ObjectType, content []byte) *plumbing.MemoryObject {
	o := &plumbing.MemoryObject{}
	o.SetType(typ)
	o.Write(content)
	return o
}

// parseTree decodes tree object content: "<octal mode> <name>\0<20-byte id>"
// repeated.
func parseTree(b []byte) ([]object.TreeEntry, error) {
	var out []object.TreeEntry
	for len(b) > 0 {
		sp := bytes.IndexByte(b, ' ')
		if sp <= 0 {
			return nil, errors.New("malformed tree entry mode")
		}
		mode, err := strconv.ParseUint(string(b[:sp]), 8, 32)
		if err != nil {
			return nil, errors.New("malformed tree entry mode")
		}
		b = b[sp+1:]
		nul := bytes.IndexByte(b, 0)
		if nul < 0 || len(b) < nul+1+20 {
			return nil, errors.New("truncated tree entry")
		}
		e := object.TreeEntry{Name: string(b[:nul]), Mode: filemode.FileMode(mode)}
		copy(e.Hash[:], b[nul+1:nul+21])
		out = append(out, e)
		b = b[nul+21:]
	}
	return out, nil
}
