package gitstore

import "github.com/go-git/go-git/v5/plumbing"

// ID is a git object id. It is an alias so that callers need not import
// go-git to hold one.
type ID = plumbing.Hash

// ParseID parses a full hexadecimal object id.
func ParseID(s string) (ID, bool) {
	if !plumbing.IsHash(s) {
		return plumbing.ZeroHash, false
	}
	return plumbing.NewHash(s), true
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
