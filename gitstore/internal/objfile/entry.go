package objfile

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// ParseEntryHeader reads a pack entry's header: type in bits 4-6 of the
// first byte, size in 4 bits then 7 per byte. It returns the header's
// length.
func ParseEntryHeader(b []byte) (Type, int64, int, error) {
	if len(b) == 0 {
		return Invalid, 0, 0, errors.New("empty pack entry")
	}
	typ := Type((b[0] >> 4) & 7)
	size := int64(b[0] & 15)
	shift, i := 4, 0
	for b[i]&0x80 != 0 {
		i++
		if i >= len(b) || shift > 56 {
			return Invalid, 0, 0, errors.New("bad pack entry header")
		}
		size |= int64(b[i]&0x7f) << shift
		shift += 7
	}
	return typ, size, i + 1, nil
}

// EntryHeader encodes an object's type and size the way pack entries
// start.
func EntryHeader(typ Type, size int) []byte {
	b := []byte{byte(typ)<<4 | byte(size&0x0f)}
	size >>= 4
	for size > 0 {
		b[len(b)-1] |= 0x80
		b = append(b, byte(size&0x7f))
		size >>= 7
	}
	return b
}

// InflateEntry decodes a whole (non-delta) pack entry: header, then the
// deflated content.
func InflateEntry(raw []byte) (Type, []byte, error) {
	typ, size, n, err := ParseEntryHeader(raw)
	if err != nil {
		return Invalid, nil, err
	}
	content, err := inflateBytes(raw[n:], size, nil)
	return typ, content, err
}

// inflateBytes decompresses the zlib stream at the start of in, which
// holds exactly size bytes, into dst's storage when it is large enough.
func inflateBytes(in []byte, size int64, dst []byte) ([]byte, error) {
	b, err := inflateZlib(in, size, dst)
	if err != nil {
		return nil, fmt.Errorf("inflate object: %w", err)
	}
	return b, nil
}

// deflated holds reusable buffers for compressed input.
var deflated = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// inflaters holds reusable zlib readers.
var inflaters sync.Pool

func newInflater(src io.Reader) (io.ReadCloser, error) {
	if zr, ok := inflaters.Get().(io.ReadCloser); ok {
		if err := zr.(zlib.Resetter).Reset(src, nil); err != nil {
			return nil, err
		}
		return zr, nil
	}
	return zlib.NewReader(src)
}

// readExactly reads size bytes and then the end of the stream, which makes
// zlib verify its checksum.
func readExactly(zr io.Reader, size int64, dst []byte) ([]byte, error) {
	out := dst[:0]
	if int64(cap(out)) < size {
		out = make([]byte, size)
	}
	out = out[:size]
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, fmt.Errorf("inflate object: %w", err)
	}
	var one [1]byte
	if n, err := zr.Read(one[:]); n != 0 || err != io.EOF {
		return nil, fmt.Errorf("inflate object: %d trailing bytes or bad checksum: %v", n, err)
	}
	return out, nil
}
