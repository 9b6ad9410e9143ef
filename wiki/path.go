package wiki

import (
	"fmt"
	"strings"
)

// Root file names of an artifact.
const (
	SummaryFile = "summary.md"
	IndexFile   = "index.md"
	PagesDir    = "pages"
	AreaIndex   = "index.md"
	PageExt     = ".md"
)

// MaxSegment is the longest area or slug name, in bytes.
const MaxSegment = 64

// Kind says what role a legal path plays in the artifact.
type Kind int

// The kinds of legal artifact paths.
const (
	KindInvalid   Kind = iota
	KindSummary        // summary.md
	KindIndex          // index.md
	KindPagesDir       // pages
	KindAreaDir        // pages/<area>
	KindAreaIndex      // pages/<area>/index.md
	KindPage           // pages/<area>/<slug>.md
)

func (k Kind) String() string {
	switch k {
	case KindSummary:
		return "summary"
	case KindIndex:
		return "index"
	case KindPagesDir:
		return "pages directory"
	case KindAreaDir:
		return "area directory"
	case KindAreaIndex:
		return "area index"
	case KindPage:
		return "page"
	}
	return "invalid"
}

// IsDir reports whether paths of this kind are directories.
func (k Kind) IsDir() bool { return k == KindPagesDir || k == KindAreaDir }

// ValidSegment reports whether s is a legal area or slug name:
// ^[a-z0-9][a-z0-9_-]{0,63}$.
func ValidSegment(s string) bool {
	if len(s) == 0 || len(s) > MaxSegment {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '_' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

// ValidScope reports whether s is a legal scope name. Scope names follow the
// segment rule, so every scope is also a safe git branch name.
func ValidScope(s string) bool { return ValidSegment(s) }

// ClassifyPath returns the kind of an artifact path in slash form, relative
// to the artifact root, or a *PathError when it is outside the layout. A
// directory path is legal only when isDir is true and a file path only when
// it is false.
func ClassifyPath(p string, isDir bool) (Kind, error) {
	bad := func(reason string) (Kind, error) {
		return KindInvalid, &PathError{Path: p, Reason: reason}
	}
	if p == "" || p == "." {
		return bad("empty path")
	}
	if strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || strings.Contains(p, "//") {
		return bad("not a clean relative path")
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if s == "." || s == ".." {
			return bad("dot segment")
		}
		if strings.HasPrefix(s, ".") {
			return bad(fmt.Sprintf("hidden entry at segment %d", i+1))
		}
	}
	switch len(segs) {
	case 1:
		switch {
		case p == PagesDir && isDir:
			return KindPagesDir, nil
		case p == SummaryFile && !isDir:
			return KindSummary, nil
		case p == IndexFile && !isDir:
			return KindIndex, nil
		}
		return bad("only summary.md, index.md and pages/ may stand at the root")
	case 2:
		if segs[0] != PagesDir {
			return bad("only pages/ may hold subfolders")
		}
		if !isDir {
			return bad("files under pages/ must be inside an area folder")
		}
		if !ValidSegment(segs[1]) {
			return bad("area name must match ^[a-z0-9][a-z0-9_-]{0,63}$")
		}
		return KindAreaDir, nil
	case 3:
		if segs[0] != PagesDir {
			return bad("only pages/ may hold subfolders")
		}
		if !ValidSegment(segs[1]) {
			return bad("area name must match ^[a-z0-9][a-z0-9_-]{0,63}$")
		}
		if isDir {
			return bad("areas may not hold subfolders")
		}
		slug, ok := strings.CutSuffix(segs[2], PageExt)
		if !ok {
			return bad("page files must end in .md")
		}
		if !ValidSegment(slug) {
			return bad("page name must match ^[a-z0-9][a-z0-9_-]{0,63}\\.md$")
		}
		if segs[2] == AreaIndex {
			return KindAreaIndex, nil
		}
		return KindPage, nil
	}
	return bad(fmt.Sprintf("nested %d levels deep; pages/<area>/<page>.md is the deepest", len(segs)))
}

// IsIndex reports whether a kind is one of the index files, which need no
// Sources section.
func (k Kind) IsIndex() bool { return k == KindIndex || k == KindAreaIndex }
