package objfile

import (
	"encoding/hex"
	"errors"
	"fmt"
)

// ID is a SHA-1 object id.
type ID = [20]byte

// Type is an object type, numbered as in pack entry headers.
type Type int8

// Object types.
const (
	Invalid  Type = 0
	Commit   Type = 1
	Tree     Type = 2
	Blob     Type = 3
	Tag      Type = 4
	OFSDelta Type = 6
	REFDelta Type = 7
)

// String returns the type's name as loose object headers spell it.
func (t Type) String() string {
	switch t {
	case Commit:
		return "commit"
	case Tree:
		return "tree"
	case Blob:
		return "blob"
	case Tag:
		return "tag"
	case OFSDelta:
		return "ofs-delta"
	case REFDelta:
		return "ref-delta"
	}
	return "unknown"
}

// parseType reads a loose object header's type name.
func parseType(s string) (Type, error) {
	switch s {
	case "commit":
		return Commit, nil
	case "tree":
		return Tree, nil
	case "blob":
		return Blob, nil
	case "tag":
		return Tag, nil
	}
	return Invalid, fmt.Errorf("unknown object type %q", s)
}

// Errors of the object files.
var (
	// ErrSlowPath means an object is not readable here (a delta entry, an
	// object in none of the packs and loose files looked at, or a type the
	// caller did not ask for): a full git reader must read it.
	ErrSlowPath = errors.New("object needs a full git reader")
	// ErrDeltaPack means a pack holds deltas and cannot be copied entry by
	// entry.
	ErrDeltaPack = errors.New("pack holds deltas")
)

// short names an object in error messages.
func short(id ID) string { return hex.EncodeToString(id[:6]) }
