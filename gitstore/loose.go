package gitstore

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// writeLoose stores an object as a standard loose object
// (objects/xx/yyyy…, zlib-deflated "<type> <size>\0<content>") unless a
// loose copy exists already. It talks to the filesystem directly: go-git's
// writer resolves every path component through billy's chroot helper,
// which made small publications cost a dozen syscalls per object. A
// packed copy is not looked for: a redundant loose copy is harmless and
// git gc folds it away.
func (s *Store) writeLoose(typ plumbing.ObjectType, content []byte) (ID, error) {
	if s.zw == nil {
		s.zw, _ = zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	}
	h := plumbing.ComputeHash(typ, content)
	return h, s.writeLooseAs(s.zw, h, typ, content)
}

// writeLooseAs writes an object whose id h the caller computed, deflating
// with zw (not safe to share between goroutines).
func (s *Store) writeLooseAs(zw *zlib.Writer, h ID, typ plumbing.ObjectType, content []byte) error {
	hex := h.String()
	dir := filepath.Join(s.opts.Path, "objects", hex[:2])
	p := filepath.Join(dir, hex[2:])
	if _, err := os.Lstat(p); err == nil {
		return nil
	}
	var buf bytes.Buffer
	zw.Reset(&buf)
	zw.Write([]byte(typ.String() + " " + strconv.Itoa(len(content)) + "\x00"))
	zw.Write(content)
	if err := zw.Close(); err != nil {
		return fmt.Errorf("write object %s: %w", short(h), err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("write object %s: %w", short(h), err)
	}
	f, err := os.CreateTemp(dir, "tmp_obj_")
	if err != nil {
		return fmt.Errorf("write object %s: %w", short(h), err)
	}
	tmp := f.Name()
	_, err = f.Write(buf.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o444)
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write object %s: %w", short(h), err)
	}
	return nil
}

// objectBatch collects the new objects of one publication, deduplicated,
// to be written once the whole tree is known to be buildable.
type objectBatch struct {
	objs []pendingObject
	seen map[ID]int // id → index in objs + 1
}

type pendingObject struct {
	id      ID
	typ     plumbing.ObjectType
	content []byte
}

func (b *objectBatch) add(typ plumbing.ObjectType, content []byte) ID {
	h := plumbing.ComputeHash(typ, content)
	if b.seen == nil {
		b.seen = map[ID]int{}
	}
	if b.seen[h] == 0 {
		b.objs = append(b.objs, pendingObject{id: h, typ: typ, content: content})
		b.seen[h] = len(b.objs)
	}
	return h
}

// flush writes the batch, as one pack when it is large enough to pay for
// it, else as loose objects. s.mu must be held.
func (s *Store) flush(ctx context.Context, b *objectBatch) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(b.objs) >= packWriteThreshold {
		if err := s.writePack(b.objs); err != nil {
			return err
		}
		s.st.Reindex()
		if err := s.mergeSmallPacks(); err != nil {
			s.log.Warn("merging packs failed; the store stays valid", "err", err)
		}
		return nil
	}
	for _, o := range b.objs {
		if _, err := s.writeLoose(o.typ, o.content); err != nil {
			return err
		}
	}
	return nil
}

// hasLoose reports whether a loose copy of the object exists.
func (s *Store) hasLoose(h ID) bool {
	hex := h.String()
	_, err := os.Lstat(filepath.Join(s.opts.Path, "objects", hex[:2], hex[2:]))
	return err == nil
}

// hasObject reports whether the store holds the object, loose or packed.
func (s *Store) hasObject(h ID) bool {
	return s.hasLoose(h) || s.retry(func() error { return s.st.HasEncodedObject(h) }) == nil
}

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

// readLooseTree parses a loose tree object without go-git: on the publish
// path go-git's reader walks billy's chroot helper for every object, which
// cost more than the parse. ok is false when the tree is not loose; the
// caller then asks go-git, which also reads packs.
func (s *Store) readLooseTree(h ID) (entries []object.TreeEntry, ok bool, err error) {
	hex := h.String()
	f, err := os.Open(filepath.Join(s.opts.Path, "objects", hex[:2], hex[2:]))
	if err != nil {
		return nil, false, nil
	}
	defer f.Close()
	zr, err := zlib.NewReader(f)
	if err != nil {
		return nil, true, fmt.Errorf("read tree %s: %w", short(h), err)
	}
	defer zr.Close()
	raw, err := io.ReadAll(io.LimitReader(zr, 64<<20))
	if err != nil {
		return nil, true, fmt.Errorf("read tree %s: %w", short(h), err)
	}
	nul := bytes.IndexByte(raw, 0)
	if nul < 0 || !bytes.HasPrefix(raw, []byte("tree ")) {
		return nil, true, fmt.Errorf("read tree %s: not a tree object", short(h))
	}
	entries, err = parseTree(raw[nul+1:])
	if err != nil {
		return nil, true, fmt.Errorf("read tree %s: %w", short(h), err)
	}
	return entries, true, nil
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
