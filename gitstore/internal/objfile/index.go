package objfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
)

// Index is a version-2 pack index (.idx) held in memory: a 256-entry
// fan-out table, the sorted object ids, their CRC-32s, their 31-bit
// offsets with a table of 64-bit ones for large packs, then the pack's and
// the index's checksums.
type Index struct {
	b []byte
	n int
}

// Layout of a version-2 index.
const (
	fanoutOff  = 8
	namesOff   = fanoutOff + 256*4
	trailerLen = 40
)

var indexMagic = []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}

// ParseIndex checks a version-2 pack index's header and length and
// returns it. b is kept, not copied.
func ParseIndex(b []byte) (*Index, error) {
	if len(b) < namesOff+trailerLen || !bytes.Equal(b[:8], indexMagic) {
		return nil, errors.New("unsupported pack index")
	}
	n := int(binary.BigEndian.Uint32(b[fanoutOff+255*4:]))
	if len(b) < namesOff+n*28+trailerLen {
		return nil, errors.New("truncated pack index")
	}
	return &Index{b: b, n: n}, nil
}

// ReadIndex reads and parses the pack index at path.
func ReadIndex(path string) (*Index, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseIndex(b)
}

// Len returns the number of objects in the pack.
func (x *Index) Len() int { return x.n }

// ID returns the i-th object id, in id order.
func (x *Index) ID(i int) ID {
	var id ID
	copy(id[:], x.b[namesOff+i*20:])
	return id
}

// CRC returns the CRC-32 of the i-th object's pack entry.
func (x *Index) CRC(i int) uint32 {
	return binary.BigEndian.Uint32(x.b[namesOff+x.n*20+i*4:])
}

// Offset returns where the i-th object's entry starts in the pack; ok is
// false when the index names a large offset it does not hold.
func (x *Index) Offset(i int) (off int64, ok bool) {
	offs := namesOff + x.n*24
	small := binary.BigEndian.Uint32(x.b[offs+i*4:])
	if small&(1<<31) == 0 {
		return int64(small), true
	}
	large := offs + x.n*4 + int(small&^(1<<31))*8
	if large+8 > len(x.b)-trailerLen {
		return 0, false
	}
	return int64(binary.BigEndian.Uint64(x.b[large:])), true
}

// Find returns the pack offset of an object.
func (x *Index) Find(id ID) (int64, bool) {
	lo := 0
	if id[0] > 0 {
		lo = int(binary.BigEndian.Uint32(x.b[fanoutOff+(int(id[0])-1)*4:]))
	}
	hi := int(binary.BigEndian.Uint32(x.b[fanoutOff+int(id[0])*4:]))
	for lo < hi {
		mid := (lo + hi) / 2
		switch c := bytes.Compare(x.b[namesOff+mid*20:namesOff+mid*20+20], id[:]); {
		case c == 0:
			return x.Offset(mid)
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false
}

// IDs lists the pack's object ids in id order.
func (x *Index) IDs() []ID {
	ids := make([]ID, x.n)
	for i := range ids {
		ids[i] = x.ID(i)
	}
	return ids
}
