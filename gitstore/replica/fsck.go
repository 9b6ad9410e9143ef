package replica

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Canonical objects. Incoming trees and commits must pass the rules stock
// `git fsck --strict` holds them to; a bundle or pack with one that does
// not is refused whole. The store's own objects pass them already, and a
// rewrite re-encodes trees canonically, so an accepted object can be
// rewritten by a later forget with the same result anywhere.

// errNotCanonical is an object that breaks git's fsck rules.
var errNotCanonical = errors.New("object breaks git fsck --strict rules")

// fsckTree checks a raw tree: canonical modes (no zero padding, no modes
// but 100644, 100755, 120000, 40000 and 160000; git only reports the old
// 100664, it is refused here), entries sorted as git
// sorts them (a folder as its name with "/"), no name twice (a file and a
// folder of one name need not be neighbours), no empty, ".",
// "..", ".git" (in any case, nor its HFS+ or NTFS look-alikes) or
// slash-holding names, no all-zero object id.
func fsckTree(b []byte) error {
	var prevName string
	var prevDir, first = false, true
	// files holds the file names seen: in git's order a folder can follow
	// a file of its name with other entries between ("a", "a.c", "a/").
	var files map[string]bool
	for len(b) > 0 {
		sp := bytes.IndexByte(b, ' ')
		if sp < 0 {
			return fmt.Errorf("%w: tree cannot be parsed", errNotCanonical)
		}
		mode := string(b[:sp])
		b = b[sp+1:]
		nul := bytes.IndexByte(b, 0)
		if nul < 0 || len(b) < nul+1+20 {
			return fmt.Errorf("%w: tree cannot be parsed", errNotCanonical)
		}
		name := string(b[:nul])
		id := b[nul+1 : nul+21]
		b = b[nul+21:]
		switch mode {
		case "100644", "100755", "120000", "40000", "160000":
		default:
			if strings.HasPrefix(mode, "0") {
				return fmt.Errorf("%w: tree holds a zero-padded file mode", errNotCanonical)
			}
			return fmt.Errorf("%w: tree holds a bad file mode", errNotCanonical)
		}
		if err := fsckName(name); err != nil {
			return err
		}
		if bytes.Equal(id, make([]byte, 20)) {
			return fmt.Errorf("%w: tree entry points to the null id", errNotCanonical)
		}
		isDir := mode == "40000"
		if !first {
			switch treeOrder(prevName, prevDir, name, isDir) {
			case orderDuplicate:
				return fmt.Errorf("%w: tree holds duplicate entries", errNotCanonical)
			case orderWrong:
				return fmt.Errorf("%w: tree is not properly sorted", errNotCanonical)
			}
		}
		switch {
		case isDir && files[name]:
			return fmt.Errorf("%w: tree holds duplicate entries", errNotCanonical)
		case !isDir:
			if files == nil {
				files = map[string]bool{}
			}
			files[name] = true
		}
		prevName, prevDir, first = name, isDir, false
	}
	return nil
}

// fsckName refuses the entry names git refuses.
func fsckName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: tree holds an empty name", errNotCanonical)
	case strings.Contains(name, "/"):
		return fmt.Errorf("%w: tree holds a full path name", errNotCanonical)
	case name == ".", name == "..":
		return fmt.Errorf("%w: tree holds '.' or '..'", errNotCanonical)
	case isDotGit(name):
		return fmt.Errorf("%w: tree holds '.git'", errNotCanonical)
	}
	return nil
}

// isDotGit reports names a filesystem may take for ".git": any case, with
// the code points HFS+ ignores inside it, or, as NTFS reads names, its
// short name "git~1" and either followed by dots and spaces up to the end,
// a backslash or a colon (a stream name).
func isDotGit(name string) bool {
	var b strings.Builder
	for _, r := range name {
		if hfsIgnored(r) {
			continue
		}
		b.WriteRune(r)
	}
	n := strings.ToLower(b.String())
	if n == ".git" || n == "git~1" {
		return true
	}
	rest, ok := cutPrefixFold(name, ".git")
	if !ok {
		rest, ok = cutPrefixFold(name, "git~1")
	}
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, ". ")
	return rest == "" || rest[0] == '\\' || rest[0] == ':'
}

// cutPrefixFold cuts an ASCII prefix from s in any ASCII case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) {
		return s, false
	}
	for i := range len(prefix) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return s, false
		}
	}
	return s[len(prefix):], true
}

// hfsIgnored lists the code points HFS+ drops when comparing names.
func hfsIgnored(r rune) bool {
	switch {
	case r >= 0x200c && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x206a && r <= 0x206f, r == 0xfeff:
		return true
	}
	return false
}

type order int

const (
	orderOK order = iota
	orderWrong
	orderDuplicate
)

// treeOrder compares consecutive entries as git does: bytewise, with a
// folder's name followed by "/"; the same name twice is a duplicate
// whatever the types.
func treeOrder(a string, aDir bool, b string, bDir bool) order {
	n := min(len(a), len(b))
	if c := strings.Compare(a[:n], b[:n]); c != 0 {
		if c < 0 {
			return orderOK
		}
		return orderWrong
	}
	if len(a) == len(b) {
		return orderDuplicate
	}
	next := func(s string, dir bool) byte {
		if len(s) > n {
			return s[n]
		}
		if dir {
			return '/'
		}
		return 0
	}
	if next(a, aDir) < next(b, bDir) {
		return orderOK
	}
	return orderWrong
}

// fsckCommit checks a raw commit: a terminated header without NUL, one
// tree line, parent lines, exactly one author and one committer line in
// git's ident format ("name <email> seconds +hhmm", seconds at most
// 2^63-1), and no NUL anywhere.
func fsckCommit(b []byte) error {
	if bytes.IndexByte(b, 0) >= 0 {
		return fmt.Errorf("%w: commit holds a NUL byte", errNotCanonical)
	}
	if !bytes.Contains(b, []byte("\n\n")) && !bytes.HasSuffix(b, []byte("\n")) {
		return fmt.Errorf("%w: commit header is not terminated", errNotCanonical)
	}
	rest, ok := bytes.CutPrefix(b, []byte("tree "))
	if !ok {
		return fmt.Errorf("%w: commit has no tree line", errNotCanonical)
	}
	if rest, ok = cutHexLine(rest); !ok {
		return fmt.Errorf("%w: commit tree line is malformed", errNotCanonical)
	}
	for {
		after, isParent := bytes.CutPrefix(rest, []byte("parent "))
		if !isParent {
			break
		}
		if rest, ok = cutHexLine(after); !ok {
			return fmt.Errorf("%w: commit parent line is malformed", errNotCanonical)
		}
	}
	authors := 0
	for {
		after, isAuthor := bytes.CutPrefix(rest, []byte("author "))
		if !isAuthor {
			break
		}
		authors++
		if rest, ok = cutIdent(after); !ok {
			return fmt.Errorf("%w: commit author line is malformed", errNotCanonical)
		}
	}
	if authors != 1 {
		return fmt.Errorf("%w: commit has %d author lines", errNotCanonical, authors)
	}
	after, isCommitter := bytes.CutPrefix(rest, []byte("committer "))
	if !isCommitter {
		return fmt.Errorf("%w: commit has no committer line", errNotCanonical)
	}
	if _, ok = cutIdent(after); !ok {
		return fmt.Errorf("%w: commit committer line is malformed", errNotCanonical)
	}
	return nil
}

// cutHexLine cuts a lowercase 40-digit object id and its newline.
func cutHexLine(b []byte) ([]byte, bool) {
	if len(b) < 41 || b[40] != '\n' {
		return b, false
	}
	for _, c := range b[:40] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return b, false
		}
	}
	return b[41:], true
}

// cutIdent cuts "name <email> seconds +hhmm\n" as git's fsck reads it.
func cutIdent(b []byte) ([]byte, bool) {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return b, false
	}
	line, rest := b[:nl], b[nl+1:]
	if len(line) == 0 || line[0] == '<' {
		return b, false
	}
	lt := bytes.IndexAny(line, "<>")
	if lt < 0 || line[lt] != '<' || line[lt-1] != ' ' {
		return b, false
	}
	gt := bytes.IndexAny(line[lt+1:], "<>")
	if gt < 0 || line[lt+1+gt] != '>' {
		return b, false
	}
	p := line[lt+1+gt+1:]
	if len(p) < 2 || p[0] != ' ' {
		return b, false
	}
	p = p[1:]
	digits := 0
	for digits < len(p) && p[digits] >= '0' && p[digits] <= '9' {
		digits++
	}
	if digits == 0 || (p[0] == '0' && digits > 1) || digits == len(p) || p[digits] != ' ' {
		return b, false
	}
	// git refuses a time past its signed 64-bit timestamps.
	if _, err := strconv.ParseInt(string(p[:digits]), 10, 64); err != nil {
		return b, false
	}
	tz := p[digits+1:]
	if len(tz) != 5 || (tz[0] != '+' && tz[0] != '-') {
		return b, false
	}
	for _, c := range tz[1:] {
		if c < '0' || c > '9' {
			return b, false
		}
	}
	return rest, true
}
