package gitstore

import (
	"compress/zlib"
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/gitstore/internal/objfile"
)

// Writing objects. The helpers that take s.zw or call go-git need s.mu.

// writeBlob stores content as a blob unless it is already present.
func (s *Store) writeBlob(content []byte) (ID, error) {
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

// encodeTreeContent sorts entries into git's tree order and returns the
// tree's content and id. It writes what go-git's Tree.Encode writes, a
// few times faster: no formatted print per entry, one hash.
func encodeTreeContent(entries []object.TreeEntry) ([]byte, ID, error) {
	sortTreeEntries(entries)
	n := 0
	for _, e := range entries {
		n += len(e.Name) + 28
	}
	b := make([]byte, 0, n)
	for _, e := range entries {
		if strings.IndexByte(e.Name, 0) >= 0 {
			return nil, ID{}, fmt.Errorf("encode tree: malformed filename %q", e.Name)
		}
		b = strconv.AppendUint(b, uint64(e.Mode), 8)
		b = append(b, ' ')
		b = append(b, e.Name...)
		b = append(b, 0)
		b = append(b, e.Hash[:]...)
	}
	return b, ID(plumbing.ComputeHash(plumbing.TreeObject, b)), nil
}

// writeTree stores a tree unless it is already present.
func (s *Store) writeTree(entries []object.TreeEntry) (ID, error) {
	obj, err := s.encodeTree(entries)
	if err != nil {
		return ID{}, err
	}
	return s.storeEncoded(obj)
}

// storeEncoded writes an encoded object as a loose object.
func (s *Store) storeEncoded(obj plumbing.EncodedObject) (ID, error) {
	b, err := encodedBytes(obj)
	if err != nil {
		return ID{}, fmt.Errorf("encode %s: %w", obj.Type(), err)
	}
	return s.writeLoose(obj.Type(), b)
}

// writeCommit stores a commit of tree with the given parents and message.
func (s *Store) writeCommit(tree ID, parents []ID, msg string) (ID, error) {
	raw, err := s.encodeCommit(tree, parents, msg)
	if err != nil {
		return ID{}, err
	}
	return s.writeLoose(plumbing.CommitObject, raw)
}

// encodeCommit returns the content of a commit of tree by the store's
// author, now.
func (s *Store) encodeCommit(tree ID, parents []ID, msg string) ([]byte, error) {
	sig := object.Signature{Name: s.opts.AuthorName, Email: s.opts.AuthorEmail, When: s.opts.Now()}
	c := &object.Commit{Author: sig, Committer: sig, Message: msg, TreeHash: tree.hash(), ParentHashes: hashes(parents)}
	obj := &plumbing.MemoryObject{}
	if err := c.Encode(obj); err != nil {
		return nil, fmt.Errorf("encode commit: %w", err)
	}
	return encodedBytes(obj)
}

// writeLoose stores an object as a standard loose object unless a loose
// copy exists already. It talks to the filesystem directly (objfile):
// go-git's writer resolves every path component through billy's chroot
// helper, which made small publications cost a dozen syscalls per object.
// A packed copy is not looked for: a redundant loose copy is harmless and
// git gc folds it away.
func (s *Store) writeLoose(typ plumbing.ObjectType, content []byte) (ID, error) {
	if s.zw == nil {
		s.zw, _ = zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	}
	h := plumbing.ComputeHash(typ, content)
	return ID(h), objfile.WriteLoose(s.objDir(), s.zw, h, objfile.Type(typ), content)
}

// objectBatch collects the new objects of one publication or rewrite,
// deduplicated, to be written once the whole batch is known to be
// buildable.
type objectBatch struct {
	objs []objfile.Object
	seen map[ID]int // id → index in objs + 1
}

func (b *objectBatch) add(typ plumbing.ObjectType, content []byte) ID {
	h := plumbing.ComputeHash(typ, content)
	b.addHashed(ID(h), typ, content)
	return ID(h)
}

// addHashed adds an object whose id h the caller computed.
func (b *objectBatch) addHashed(h ID, typ plumbing.ObjectType, content []byte) {
	if b.seen == nil {
		b.seen = map[ID]int{}
	}
	if b.seen[h] == 0 {
		b.objs = append(b.objs, objfile.Object{ID: h, Type: objfile.Type(typ), Content: content})
		b.seen[h] = len(b.objs)
	}
}

// flush writes the batch, as one pack when it is large enough to pay for
// it, else as loose objects. s.mu must be held.
func (s *Store) flush(ctx context.Context, b *objectBatch) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(b.objs) >= packWriteThreshold {
		if err := s.writePublicationPack(b.objs); err != nil {
			return err
		}
		s.st.Reindex()
		if err := s.mergeSmallPacks(); err != nil {
			s.log.Warn("merging packs failed; the store stays valid", "err", err)
		}
		return nil
	}
	for _, o := range b.objs {
		if _, err := s.writeLoose(plumbing.ObjectType(o.Type), o.Content); err != nil {
			return err
		}
	}
	return nil
}
