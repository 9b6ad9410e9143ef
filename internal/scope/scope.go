// Package scope decides which memory scope an agent session belongs to
// (docs/design.md §3).
//
// A scope is a branch of the store, named like ^[a-z0-9][a-z0-9_-]{0,63}$.
// In order:
//
//   - an explicit --scope wins;
//   - config scopes = "single" puts every session in Default;
//   - otherwise the scope is derived from the session's working directory:
//     the real path of its git top-level (the nearest ancestor holding a
//     .git entry), else the directory itself, even when it does not exist
//     on this machine (transcripts travel); then
//     "<basename>-<first 8 hex of sha256(path)>", lowercased, every other
//     character turned into "-", trimmed to a valid name.
//
// A session whose working directory is unknown goes to Default.
package scope

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/wiki"
)

// Default is the scope of single mode and of sessions without a known
// working directory.
const Default = "default"

// Modes of config.toml's scopes key.
const (
	ModeProject = "project"
	ModeSingle  = "single"
)

// ErrInvalid means an explicit scope name is not a valid branch name.
var ErrInvalid = errcode.New("invalid_scope", "invalid scope name")

// Resolve returns the scope of a session: explicit when not empty, Default
// in single mode or when cwd is empty, else the scope derived from cwd.
func Resolve(explicit, mode, cwd string) (string, error) {
	if explicit != "" {
		if !wiki.ValidScope(explicit) {
			return "", fmt.Errorf("%q: %w", explicit, ErrInvalid)
		}
		return explicit, nil
	}
	if mode == ModeSingle || cwd == "" {
		return Default, nil
	}
	return FromDir(cwd), nil
}

// FromDir derives the scope of a working directory.
func FromDir(dir string) string { return Name(Root(dir)) }

// Root returns the path a directory's scope is named after: the real path
// of its git top-level when the directory exists here, else the cleaned
// directory itself.
func Root(dir string) string {
	dir = filepath.Clean(dir)
	if !filepath.IsAbs(dir) {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return dir // not on this machine: the path as the transcript says
	}
	for d := real; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return real
		}
		d = parent
	}
}

// maxBase leaves room for "-" and 8 hex digits within 64 characters.
const maxBase = wiki.MaxSegment - 9

// Name turns a root path into a scope name.
func Name(root string) string {
	sum := sha256.Sum256([]byte(root))
	hash := hex.EncodeToString(sum[:4])
	var b strings.Builder
	for _, r := range strings.ToLower(filepath.Base(root)) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '_' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	base := strings.TrimLeft(b.String(), "-_")
	if len(base) > maxBase {
		base = base[:maxBase]
	}
	if base == "" {
		return hash
	}
	return base + "-" + hash
}
