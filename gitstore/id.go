package gitstore

import (
	"encoding/hex"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
)

// ID is a git object id: 20 bytes, written as 40 lowercase hex digits.
// It is a type of its own, not go-git's, so that callers need not import
// go-git to hold one, and so that it has a text form: it reads and writes
// itself as its hex digits (in JSON too), the zero ID as all zeros.
type ID plumbing.Hash

// ParseID parses a full hexadecimal object id.
func ParseID(s string) (ID, bool) {
	if !plumbing.IsHash(s) {
		return ID{}, false
	}
	return ID(plumbing.NewHash(s)), true
}

// String returns the id's 40 hex digits.
func (id ID) String() string { return hex.EncodeToString(id[:]) }

// IsZero reports whether id is the zero ID, which names no object.
func (id ID) IsZero() bool { return id == ID{} }

// MarshalText writes the id's hex digits.
func (id ID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// UnmarshalText reads a full hexadecimal object id.
func (id *ID) UnmarshalText(b []byte) error {
	v, ok := ParseID(string(b))
	if !ok {
		return fmt.Errorf("object id: %d characters, not 40 hex digits", len(b))
	}
	*id = v
	return nil
}

// hash is id as go-git's hash, for calls into go-git.
func (id ID) hash() plumbing.Hash { return plumbing.Hash(id) }

// hashes converts ids for go-git.
func hashes(ids []ID) []plumbing.Hash {
	out := make([]plumbing.Hash, len(ids))
	for i, id := range ids {
		out[i] = id.hash()
	}
	return out
}

// ids converts go-git's hashes.
func ids(hs []plumbing.Hash) []ID {
	out := make([]ID, len(hs))
	for i, h := range hs {
		out[i] = ID(h)
	}
	return out
}

// ShortID is how memfs names a commit in messages and logs: its first 12
// hex digits, or "nothing" for the zero ID.
func ShortID(id ID) string {
	if id.IsZero() {
		return "nothing"
	}
	return id.String()[:12]
}

func short(h ID) string { return ShortID(h) }
