package objfile

import (
	"bufio"
	stdzlib "compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Checking an incoming pack before anything inflates it whole. A pack
// entry declares its size in its header; a zlib stream a thousand times
// smaller can inflate to it, and more than it. CheckPack reads every entry
// once, refuses a declared size over its type's limit before inflating a
// byte of it, and inflates the rest through a small buffer only up to the
// declared size: a stream that would give more, or less, is refused. A
// delta declares the size of the object it makes in its first bytes;
// that size is held to the largest limit, since the delta's type is its
// base's. Memory stays bounded whatever the pack holds.

// PackLimits bound the objects of an incoming pack, by declared size.
type PackLimits struct {
	Blob, Tree, Commit, Tag int64
}

// max is the largest limit: what a delta may make, and the size of the
// delta itself.
func (l PackLimits) max() int64 { return max(l.Blob, l.Tree, l.Commit, l.Tag) }

func (l PackLimits) of(t Type) int64 {
	switch t {
	case Blob:
		return l.Blob
	case Tree:
		return l.Tree
	case Commit:
		return l.Commit
	case Tag:
		return l.Tag
	}
	return l.max()
}

// TooLargeError is an entry that declares more than its limit.
type TooLargeError struct {
	Type     Type
	Declared int64
	Limit    int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("a %s entry declares %d bytes, over the limit of %d", e.Type, e.Declared, e.Limit)
}

// ErrPackFormat is a pack that is not a well-formed version 2 or 3 pack.
var ErrPackFormat = errors.New("malformed pack")

// CheckPack reads a whole pack from r (size bytes, trailer included) and
// checks every entry against lim, and the trailing checksum. It returns
// the number of entries.
func CheckPack(r io.Reader, size int64, lim PackLimits) (int, error) {
	if size < 32 {
		return 0, fmt.Errorf("%w: %d bytes", ErrPackFormat, size)
	}
	sum := sha1.New()
	br := bufio.NewReaderSize(io.TeeReader(io.LimitReader(r, size-20), sum), 64<<10)
	var hdr [12]byte
	if _, err := io.ReadFull(br, hdr[:]); err != nil || string(hdr[:4]) != "PACK" {
		return 0, fmt.Errorf("%w: no pack header", ErrPackFormat)
	}
	if v := binary.BigEndian.Uint32(hdr[4:]); v != 2 && v != 3 {
		return 0, fmt.Errorf("%w: version %d", ErrPackFormat, v)
	}
	n := int(binary.BigEndian.Uint32(hdr[8:]))
	zr := &entryInflater{}
	for i := range n {
		if err := checkEntry(br, zr, lim); err != nil {
			return 0, fmt.Errorf("pack entry %d: %w", i, err)
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return 0, fmt.Errorf("%w: data after the last entry", ErrPackFormat)
	}
	var trailer [20]byte
	if _, err := io.ReadFull(r, trailer[:]); err != nil {
		return 0, fmt.Errorf("%w: no trailer", ErrPackFormat)
	}
	if string(sum.Sum(nil)) != string(trailer[:]) {
		return 0, fmt.Errorf("%w: checksum mismatch", ErrPackFormat)
	}
	return n, nil
}

// entryInflater reuses one zlib reader across entries.
type entryInflater struct {
	zr io.ReadCloser
}

func (e *entryInflater) reset(r *bufio.Reader) error {
	if e.zr == nil {
		zr, err := stdzlib.NewReader(r)
		e.zr = zr
		return err
	}
	return e.zr.(stdzlib.Resetter).Reset(r, nil)
}

// checkEntry reads one entry: its header, a delta's base reference, then
// its zlib stream, which must inflate to exactly the declared size.
func checkEntry(br *bufio.Reader, zr *entryInflater, lim PackLimits) error {
	var head [10]byte
	b, err := br.ReadByte()
	if err != nil {
		return fmt.Errorf("%w: truncated", ErrPackFormat)
	}
	head[0] = b
	k := 1
	for b&0x80 != 0 {
		if k == len(head) {
			return fmt.Errorf("%w: entry header too long", ErrPackFormat)
		}
		if b, err = br.ReadByte(); err != nil {
			return fmt.Errorf("%w: truncated", ErrPackFormat)
		}
		head[k] = b
		k++
	}
	typ, declared, _, err := ParseEntryHeader(head[:k])
	if err != nil {
		return fmt.Errorf("%w: %w", ErrPackFormat, err)
	}
	switch typ {
	case Commit, Tree, Blob, Tag:
	case OFSDelta:
		for {
			c, err := br.ReadByte()
			if err != nil {
				return fmt.Errorf("%w: truncated", ErrPackFormat)
			}
			if c&0x80 == 0 {
				break
			}
		}
	case REFDelta:
		if _, err := br.Discard(20); err != nil {
			return fmt.Errorf("%w: truncated", ErrPackFormat)
		}
	default:
		return fmt.Errorf("%w: entry type %d", ErrPackFormat, typ)
	}
	if limit := lim.of(typ); declared > limit {
		return &TooLargeError{Type: typ, Declared: declared, Limit: limit}
	}
	if err := zr.reset(br); err != nil {
		return fmt.Errorf("%w: %w", ErrPackFormat, err)
	}
	src := io.Reader(zr.zr)
	if typ == OFSDelta || typ == REFDelta {
		// The delta's header: the base's size, then the result's.
		pre := &prefixReader{r: zr.zr}
		if _, err := readVarint(pre); err != nil {
			return fmt.Errorf("%w: delta header: %w", ErrPackFormat, err)
		}
		result, err := readVarint(pre)
		if err != nil {
			return fmt.Errorf("%w: delta header: %w", ErrPackFormat, err)
		}
		if result > lim.max() {
			return &TooLargeError{Type: typ, Declared: result, Limit: lim.max()}
		}
		declared -= int64(pre.n)
		if declared < 0 {
			return fmt.Errorf("%w: delta shorter than its header", ErrPackFormat)
		}
	}
	// Inflate what was declared and not a byte more: the stream must end
	// there (zlib then checks its checksum).
	got, err := io.Copy(io.Discard, io.LimitReader(src, declared))
	if err != nil {
		return fmt.Errorf("%w: inflate: %w", ErrPackFormat, err)
	}
	if got != declared {
		return fmt.Errorf("%w: entry inflates to less than its declared %d bytes", ErrPackFormat, declared)
	}
	var one [1]byte
	if n, err := zr.zr.Read(one[:]); n != 0 || err != io.EOF {
		return fmt.Errorf("%w: entry inflates to more than its declared %d bytes, or fails its checksum", ErrPackFormat, declared)
	}
	return nil
}

// prefixReader counts the bytes read through it.
type prefixReader struct {
	r io.Reader
	n int
}

func (p *prefixReader) ReadByte() (byte, error) {
	var b [1]byte
	if _, err := io.ReadFull(p.r, b[:]); err != nil {
		return 0, err
	}
	p.n++
	return b[0], nil
}

// readVarint reads a delta header size: 7 bits per byte, little end first.
func readVarint(r io.ByteReader) (int64, error) {
	var v int64
	for shift := 0; shift < 63; shift += 7 {
		b, err := r.ReadByte()
		if err != nil {
			return 0, err
		}
		v |= int64(b&0x7f) << shift
		if b&0x80 == 0 {
			return v, nil
		}
	}
	return 0, errors.New("size too long")
}
