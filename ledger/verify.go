package ledger

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"syscall"
)

// A damaged bbolt file makes bbolt panic on an assertion, index past the
// end of its memory map (a fault that kills the process unless caught), or
// recurse forever on a page that points at its parent. So before bbolt
// maps a file this process has not seen in that state, the ledger reads it
// with plain reads and walks its structure with every offset and page id
// bounded: both meta pages (bbolt's checksum), the freelist, and every
// branch, leaf and bucket page reachable from the root, each visited once
// and no deeper than maxDepth. The format is bbolt's (version 2, native
// byte order): a 16-byte page header (id, flags, count, overflow), 16-byte
// branch elements (pos, ksize, pgid) and leaf elements (flags, pos, ksize,
// vsize), buckets as a 16-byte header (root, sequence) followed, for an
// inline bucket (root 0), by its page.
//
// Beyond bounds, the walk checks what bbolt's lookups rely on and would
// otherwise get silently wrong: the keys of every page are in order
// (bbolt binary-searches them, so a damaged key hides its neighbours), and
// every entry at the top level is a bucket. Which top-level names a sound
// file holds depends on its schema version, so that is checked in a
// transaction, after the version (checkLayout).

const (
	pageHeaderSize = 16
	elemSize       = 16
	metaSize       = 64 // up to and including the checksum

	flagBranch   = 0x01
	flagLeaf     = 0x02
	flagMeta     = 0x04
	flagFreelist = 0x10

	leafBucket = 0x01

	boltMagic   = 0xED0CDAED
	boltVersion = 2
	noFreelist  = ^uint64(0)
	// boltProbe is how much bbolt reads to find the page size: it cannot
	// size a shorter file from its first meta page.
	boltProbe = 0x1000

	maxDepth = 64
)

var ne = binary.NativeEndian

type boltMeta struct {
	pageSize uint64
	root     uint64
	freelist uint64
	hwm      uint64 // pages below it are in use or free
	txid     uint64
}

// readMeta reads and checks the meta page at off.
func readMeta(b []byte, off int) (boltMeta, error) {
	if off < 0 || off+pageHeaderSize+metaSize > len(b) {
		return boltMeta{}, errors.New("missing")
	}
	p := b[off:]
	if ne.Uint16(p[8:]) != flagMeta {
		return boltMeta{}, fmt.Errorf("page flags %#x", ne.Uint16(p[8:]))
	}
	m := p[pageHeaderSize : pageHeaderSize+metaSize]
	switch {
	case ne.Uint32(m[0:]) != boltMagic:
		return boltMeta{}, errors.New("bad magic")
	case ne.Uint32(m[4:]) != boltVersion:
		return boltMeta{}, errors.New("bad version")
	}
	h := fnv.New64a()
	h.Write(m[:56])
	if h.Sum64() != ne.Uint64(m[56:]) {
		return boltMeta{}, errors.New("checksum mismatch")
	}
	bm := boltMeta{pageSize: uint64(ne.Uint32(m[8:])), root: ne.Uint64(m[16:]),
		freelist: ne.Uint64(m[32:]), hwm: ne.Uint64(m[40:]), txid: ne.Uint64(m[48:])}
	if bm.pageSize < 512 || bm.pageSize > 1<<20 || bm.pageSize&(bm.pageSize-1) != 0 {
		return boltMeta{}, fmt.Errorf("page size %d", bm.pageSize)
	}
	return bm, nil
}

// verifyBytes checks the structure of a whole bbolt file. The error says
// what is damaged, never what is stored.
func verifyBytes(b []byte) error {
	if len(b) == 0 {
		return errors.New("empty file")
	}
	if len(b) < boltProbe {
		return fmt.Errorf("%d bytes, shorter than bbolt's first read", len(b))
	}
	m0, err0 := readMeta(b, 0)
	off1 := os.Getpagesize()
	if err0 == nil {
		off1 = int(m0.pageSize)
	}
	m1, err1 := readMeta(b, off1)
	var m boltMeta
	switch {
	case err0 != nil && err1 != nil:
		return fmt.Errorf("both meta pages invalid: %v; %v", err0, err1)
	case err0 != nil:
		m = m1
	case err1 != nil || m0.txid >= m1.txid:
		m = m0
	default:
		m = m1
	}
	if m.hwm < 2 || m.hwm > uint64(len(b))/m.pageSize {
		return fmt.Errorf("high water mark %d pages, file holds %d", m.hwm, uint64(len(b))/m.pageSize)
	}
	c := &pageWalk{b: b, meta: m, seen: map[uint64]bool{}}
	if m.freelist != noFreelist {
		if err := c.freelist(m.freelist); err != nil {
			return err
		}
	}
	c.top = &topLevel{}
	return c.bucket(m.root, nil, 0)
}

// topLevel follows the keys of the top-level bucket across its pages.
type topLevel struct {
	n    int
	last []byte
}

type pageWalk struct {
	b    []byte
	meta boltMeta
	seen map[uint64]bool
	// top, while the top-level bucket's pages are walked, follows its
	// entries; nil below it.
	top *topLevel
}

// page returns page id with its overflow pages, visited once.
func (c *pageWalk) page(id uint64, want uint16) ([]byte, error) {
	if id < 2 || id >= c.meta.hwm {
		return nil, fmt.Errorf("page id %d out of range [2, %d)", id, c.meta.hwm)
	}
	if c.seen[id] {
		return nil, fmt.Errorf("page %d reached twice", id)
	}
	c.seen[id] = true
	off := id * c.meta.pageSize
	hdr := c.b[off : off+pageHeaderSize]
	if got := ne.Uint64(hdr); got != id {
		return nil, fmt.Errorf("page %d: header names page %d", id, got)
	}
	if flags := ne.Uint16(hdr[8:]); flags&want == 0 {
		return nil, fmt.Errorf("page %d: flags %#x", id, flags)
	}
	overflow := uint64(ne.Uint32(hdr[12:]))
	if id+overflow >= c.meta.hwm {
		return nil, fmt.Errorf("page %d: %d overflow pages past the high water mark", id, overflow)
	}
	return c.b[off : off+(overflow+1)*c.meta.pageSize], nil
}

func (c *pageWalk) freelist(id uint64) error {
	p, err := c.page(id, flagFreelist)
	if err != nil {
		return fmt.Errorf("freelist: %w", err)
	}
	n, start := uint64(ne.Uint16(p[10:])), uint64(pageHeaderSize)
	if n == 0xFFFF {
		if len(p) < pageHeaderSize+8 {
			return fmt.Errorf("freelist page %d: truncated", id)
		}
		n, start = ne.Uint64(p[pageHeaderSize:]), pageHeaderSize+8
	}
	if n > (uint64(len(p))-start)/8 {
		return fmt.Errorf("freelist page %d: %d ids do not fit", id, n)
	}
	for i := range n {
		if free := ne.Uint64(p[start+8*i:]); free < 2 || free >= c.meta.hwm {
			return fmt.Errorf("freelist page %d: free page id %d out of range", id, free)
		}
	}
	return nil
}

// bucket walks a bucket: its root page, or inline, the page held in its
// value.
func (c *pageWalk) bucket(root uint64, inline []byte, depth int) error {
	if depth > maxDepth {
		return errors.New("buckets nested too deep")
	}
	if root == 0 {
		if len(inline) < pageHeaderSize || ne.Uint16(inline[8:]) != flagLeaf {
			return errors.New("inline bucket: not a leaf page")
		}
		return c.node(inline, depth)
	}
	p, err := c.page(root, flagBranch|flagLeaf)
	if err != nil {
		return err
	}
	return c.node(p, depth)
}

// node walks a branch or leaf page.
func (c *pageWalk) node(p []byte, depth int) error {
	if depth > maxDepth {
		return errors.New("pages nested too deep")
	}
	id, flags, n := ne.Uint64(p), ne.Uint16(p[8:]), int(ne.Uint16(p[10:]))
	if pageHeaderSize+n*elemSize > len(p) {
		return fmt.Errorf("page %d: %d elements do not fit", id, n)
	}
	var prev []byte
	for i := range n {
		at := pageHeaderSize + i*elemSize
		e := p[at : at+elemSize]
		switch flags {
		case flagBranch:
			pos, ksize := int(ne.Uint32(e[0:])), int(ne.Uint32(e[4:]))
			if at+pos+ksize > len(p) || pos < 0 || ksize < 0 {
				return fmt.Errorf("page %d: element %d outside the page", id, i)
			}
			// A branch key is its child's first key when the child was
			// written; equal neighbours are not bbolt's, but tolerated.
			key := p[at+pos : at+pos+ksize]
			if i > 0 && bytes.Compare(prev, key) > 0 {
				return fmt.Errorf("page %d: element %d: keys out of order", id, i)
			}
			prev = key
			child, err := c.page(ne.Uint64(e[8:]), flagBranch|flagLeaf)
			if err != nil {
				return fmt.Errorf("page %d: %w", id, err)
			}
			if err := c.node(child, depth+1); err != nil {
				return err
			}
		case flagLeaf:
			eflags, pos, ksize, vsize := ne.Uint32(e[0:]), int(ne.Uint32(e[4:])), int(ne.Uint32(e[8:])), int(ne.Uint32(e[12:]))
			if pos < 0 || ksize < 0 || vsize < 0 || at+pos+ksize+vsize > len(p) {
				return fmt.Errorf("page %d: element %d outside the page", id, i)
			}
			key := p[at+pos : at+pos+ksize]
			if ksize == 0 || i > 0 && bytes.Compare(prev, key) >= 0 {
				return fmt.Errorf("page %d: element %d: keys out of order", id, i)
			}
			prev = key
			if t := c.top; t != nil {
				if eflags&leafBucket == 0 {
					return fmt.Errorf("page %d: top-level entry %d is a value, not a bucket", id, t.n)
				}
				if t.n > 0 && bytes.Compare(t.last, key) >= 0 {
					return fmt.Errorf("page %d: top-level entry %d out of order", id, t.n)
				}
				t.n, t.last = t.n+1, key
			}
			if eflags&leafBucket == 0 {
				continue
			}
			v := p[at+pos+ksize : at+pos+ksize+vsize]
			if len(v) < 16 {
				return fmt.Errorf("page %d: element %d: short bucket header", id, i)
			}
			top := c.top
			c.top = nil
			err := c.bucket(ne.Uint64(v), v[16:], depth+1)
			c.top = top
			if err != nil {
				return err
			}
		default:
			return fmt.Errorf("page %d: flags %#x", id, flags)
		}
	}
	return nil
}

// fileID identifies a state of the ledger file that was verified.
type fileID struct {
	dev, ino uint64
	size     int64
	mtime    int64
}

func fileIDOf(fi os.FileInfo) fileID {
	id := fileID{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		id.dev, id.ino = uint64(st.Dev), st.Ino
	}
	return id
}

// verifyFile checks the open ledger file f, which the caller holds a lock
// on. It returns nil or a *CorruptError.
func verifyFile(path string, f *os.File, fi os.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return corrupt(path, "not a regular file (%v)", fi.Mode().Type())
	}
	if fi.Size() == 0 {
		return corrupt(path, "empty file")
	}
	b := make([]byte, fi.Size())
	if _, err := f.ReadAt(b, 0); err != nil && !errors.Is(err, io.EOF) {
		return corrupt(path, "unreadable: %v", err)
	}
	if err := verifyBytes(b); err != nil {
		return corrupt(path, "%v", err)
	}
	return nil
}
