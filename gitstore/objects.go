package gitstore

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// The helpers in this file call go-git: s.mu must be held.

// writeBlob stores content as a blob unless it is already present.
func (s *Store) writeBlob(content []byte) (plumbing.Hash, error) {
	return s.writeLoose(plumbing.BlobObject, content)
}

// sortTreeEntries puts entries in git's tree order: names compared bytewise
// with a directory's name taken as if it ended in "/".
func sortTreeEntries(entries []object.TreeEntry) {
	sort.Sort(object.TreeEntrySorter(entries))
}

// encodeTree returns the encoded tree object and its id without storing it.
func (s *Store) encodeTree(entries []object.TreeEntry) (plumbing.EncodedObject, error) {
	sortTreeEntries(entries)
	t := &object.Tree{Entries: entries}
	obj := s.st.NewEncodedObject()
	if err := t.Encode(obj); err != nil {
		return nil, fmt.Errorf("encode tree: %w", err)
	}
	return obj, nil
}

// writeTree stores a tree unless it is already present.
func (s *Store) writeTree(entries []object.TreeEntry) (plumbing.Hash, error) {
	obj, err := s.encodeTree(entries)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return s.storeEncoded(obj)
}

// storeEncoded writes an encoded object as a loose object.
func (s *Store) storeEncoded(obj plumbing.EncodedObject) (plumbing.Hash, error) {
	b, err := encodedBytes(obj)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode %s: %w", obj.Type(), err)
	}
	return s.writeLoose(obj.Type(), b)
}

// writeCommit stores a commit of tree with the given parents and message.
func (s *Store) writeCommit(tree plumbing.Hash, parents []plumbing.Hash, msg string) (plumbing.Hash, error) {
	raw, err := s.encodeCommit(tree, parents, msg)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return s.writeLoose(plumbing.CommitObject, raw)
}

// encodeCommit returns the content of a commit of tree by the store's
// author, now.
func (s *Store) encodeCommit(tree plumbing.Hash, parents []plumbing.Hash, msg string) ([]byte, error) {
	sig := object.Signature{Name: s.opts.AuthorName, Email: s.opts.AuthorEmail, When: s.opts.Now()}
	c := &object.Commit{Author: sig, Committer: sig, Message: msg, TreeHash: tree, ParentHashes: parents}
	obj := &plumbing.MemoryObject{}
	if err := c.Encode(obj); err != nil {
		return nil, fmt.Errorf("encode commit: %w", err)
	}
	return encodedBytes(obj)
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

// readBlobLocked returns a blob's bytes.
func (s *Store) readBlobLocked(h plumbing.Hash) ([]byte, error) {
	var obj plumbing.EncodedObject
	err := s.retry(func() (err error) {
		obj, err = s.st.EncodedObject(plumbing.BlobObject, h)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	r, err := obj.Reader()
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	defer r.Close()
	buf := bytes.NewBuffer(make([]byte, 0, obj.Size()))
	if _, err := io.Copy(buf, r); err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	return buf.Bytes(), nil
}

// ReadBlob returns the bytes of a blob, from the cache when present.
func (s *Store) ReadBlob(h plumbing.Hash) ([]byte, error) {
	if b, ok := s.blobs.get(h); ok {
		return b, nil
	}
	s.mu.Lock()
	be, inBulk := s.bulk[h]
	s.mu.Unlock()
	if inBulk {
		if typ, b, err := be.object(); err == nil && typ == plumbing.BlobObject {
			s.blobs.put(h, b)
			return b, nil
		}
	}
	if typ, b, err := s.fast.readAny(h); err == nil && typ == plumbing.BlobObject {
		s.blobs.put(h, b)
		return b, nil
	}
	s.mu.Lock()
	b, err := s.readBlobLocked(h)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	s.blobs.put(h, b)
	return b, nil
}

// BlobSize returns a blob's size without inflating its content when the
// blob is not cached.
func (s *Store) BlobSize(h plumbing.Hash) (int64, error) {
	if b, ok := s.blobs.get(h); ok {
		return int64(len(b)), nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	err := s.retry(func() (err error) {
		n, err = s.st.EncodedObjectSize(h)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("blob %s size: %w", h, err)
	}
	return n, nil
}

// readRef resolves a ref (loose or packed) to the object it names.
func (s *Store) readRef(name string) (plumbing.Hash, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, err := s.st.Reference(plumbing.ReferenceName(name))
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("read %s: %w", name, err)
	}
	if r.Type() != plumbing.HashReference {
		return plumbing.ZeroHash, fmt.Errorf("read %s: symbolic ref not expected", name)
	}
	return r.Hash(), nil
}

// casRef moves ref name from old to new (old zero: the ref must not exist).
// The caller holds the store lock, which serializes memfs writers. The new
// value is written to a private temporary file outside refs/ and renamed
// over the ref, so readers see the old or the new value and a process
// killed half way leaves nothing under refs/ (a stale <ref>.lock would
// block every later update and break go-git's listing). A <ref>.lock that
// stock git holds is respected.
func (s *Store) casRef(name string, old, new plumbing.Hash) error {
	if !strings.HasPrefix(name, "refs/") || slices.Contains(strings.Split(name, "/"), "..") {
		return fmt.Errorf("refuse to write ref %q", name)
	}
	check := func() error {
		cur, err := s.readRef(name)
		if errors.Is(err, plumbing.ErrReferenceNotFound) {
			cur, err = plumbing.ZeroHash, nil
		}
		if err != nil {
			return err
		}
		if cur != old {
			return fmt.Errorf("%s: expected %s, found %s: %w", name, short(old), short(cur), ErrConflict)
		}
		return nil
	}
	if err := check(); err != nil {
		return err
	}
	p := filepath.Join(s.opts.Path, filepath.FromSlash(name))
	if _, err := os.Lstat(p + ".lock"); err == nil {
		return fmt.Errorf("%s: %w", name, ErrRefLocked)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("update %s: %w", name, err)
	}
	tmp, err := s.tempFile("ref-", []byte(new.String()+"\n"))
	if err != nil {
		return fmt.Errorf("update %s: %w", name, err)
	}
	defer os.Remove(tmp)
	// Stock git may have moved the ref meanwhile.
	if err := check(); err != nil {
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		return fmt.Errorf("update %s: %w", name, err)
	}
	return nil
}

// tmpDirName holds memfs's temporary files inside the repository: on the
// same filesystem as refs/, but outside it, so git and go-git never read a
// half-written file. Anything in it is stale once the store lock is taken.
const tmpDirName = "memfs-tmp"

func (s *Store) tempFile(prefix string, data []byte) (string, error) {
	dir := filepath.Join(s.opts.Path, tmpDirName)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, prefix)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// clearTemp removes what a killed memfs process left in the temporary
// folder. The caller holds the store lock.
func (s *Store) clearTemp() {
	os.RemoveAll(filepath.Join(s.opts.Path, tmpDirName))
	// Quarantines of imports that a killed process left behind.
	stale, _ := filepath.Glob(filepath.Join(s.opts.Path, "memfs-quarantine-*"))
	for _, d := range stale {
		os.RemoveAll(d)
	}
}

// ShortID is how memfs names a commit in messages and logs: its first 12
// hex digits, or "nothing" for the zero ID.
func ShortID(id ID) string {
	if id.IsZero() {
		return "nothing"
	}
	return id.String()[:12]
}

func short(h plumbing.Hash) string { return ShortID(h) }

// writeFileAtomic writes a file beside its destination and renames it into
// place, so readers see the old or the new content, never a mix.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
