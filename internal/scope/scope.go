// Package scope decides which memory scope an agent session belongs to
// (docs/design.md §3).
//
// A scope is a branch of the store, named like ^[a-z0-9][a-z0-9_-]{0,63}$.
// In order:
//
//   - an explicit --scope wins;
//   - config scopes = "single" puts every session in Default;
//   - otherwise the scope is derived from the session's working directory's
//     repository, so that the same project on two machines and in every
//     teammate's clone is one scope (Identify): its normalised origin URL
//     ("<repository name>-<first 8 hex of sha256(url)>"; ssh, https and
//     scp-like forms of one repository are equal), else its root commit
//     ("repo-<first 8 hex of sha256(commit)>"), else the path: the real
//     path of its git top-level (the nearest ancestor holding a .git
//     entry), else the directory itself, even when it does not exist on
//     this machine (transcripts travel); then
//     "<basename>-<first 8 hex of sha256(path)>", lowercased, every other
//     character turned into "-", trimmed to a valid name.
//
// A session whose working directory is unknown goes to Default. The
// path-derived name of a repository (Identity.Legacy) is what earlier
// versions used; internal/app/home keeps using it where it holds memory
// and the repository's scope does not.
package scope

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

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

// FromDir derives the scope of a working directory (Identify).
func FromDir(dir string) string { return Identify(dir).Name }

// Sources of a derived scope.
const (
	SourceOrigin     = "origin"
	SourceRootCommit = "root-commit"
	SourcePath       = "path"
)

// Identity is how a working directory's scope is derived.
type Identity struct {
	// Name is the scope.
	Name string
	// Legacy is the name derived from the path (Name when Source is
	// SourcePath).
	Legacy string
	// Source says what Name is derived from; Key is it: the normalised
	// origin URL, the root commit, or the path.
	Source, Key string
	// Root is the git top-level (or the directory) the scope is rooted at.
	Root string
}

// gitTimeout bounds each git query of Identify.
const gitTimeout = 5 * time.Second

// Identify derives the scope of a working directory from its repository:
// the origin remote's URL (else the only remote's), normalised
// (NormalizeURL); else the repository's root commit; else the path
// (Name(Root(dir))).
func Identify(dir string) Identity {
	root := Root(dir)
	id := Identity{Name: Name(root), Legacy: Name(root), Source: SourcePath, Key: root, Root: root}
	if _, err := os.Lstat(filepath.Join(root, ".git")); err != nil {
		return id
	}
	if u := originURL(root); u != "" {
		if key := NormalizeURL(u); key != "" {
			id.Source, id.Key = SourceOrigin, key
			id.Name = named(path.Base(key), key)
			return id
		}
	}
	if c := rootCommit(root); c != "" {
		id.Source, id.Key = SourceRootCommit, c
		id.Name = named("repo", "root:"+c)
	}
	return id
}

// originURL is the URL of the repository's origin remote (as git rewrites
// it with insteadOf), else of its only remote; "" when it has none.
func originURL(root string) string {
	if u := gitQuery(root, "remote", "get-url", "origin"); u != "" {
		return u
	}
	remotes := strings.Fields(gitQuery(root, "remote"))
	if len(remotes) != 1 {
		return ""
	}
	return gitQuery(root, "remote", "get-url", "--", remotes[0])
}

// rootCommit is the first (by id) root commit of the repository's HEAD.
func rootCommit(root string) string {
	roots := strings.Fields(gitQuery(root, "rev-list", "--max-parents=0", "HEAD", "--"))
	if len(roots) == 0 {
		return ""
	}
	slices.Sort(roots)
	return roots[0]
}

// gitQuery runs git in dir (its own repository, whatever the environment
// names) and returns its trimmed output; "" when it fails.
func gitQuery(dir string, args ...string) string {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !strings.HasPrefix(k, "GIT_") || k == "GIT_CONFIG_GLOBAL" || k == "GIT_CONFIG_NOSYSTEM" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "GIT_TERMINAL_PROMPT=0")
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// NormalizeURL reduces a remote URL to "host/path" so that the forms of
// one repository are equal: the scheme, user, password and port dropped,
// scp-like "user@host:path" read as ssh, a leading "~/" or "/", trailing
// slashes and ".git" removed, lowercased. A local path stays a path
// (cleaned). "" when nothing is left.
func NormalizeURL(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return ""
	}
	var host, p string
	switch {
	case strings.Contains(raw, "://"):
		u, err := url.Parse(raw)
		if err != nil {
			return ""
		}
		host, p = u.Hostname(), u.Path
		if u.Scheme == "file" {
			host = ""
		}
	case isSCPLike(raw):
		at := strings.LastIndex(raw[:strings.Index(raw, ":")], "@")
		hp := raw[at+1:]
		host, p, _ = strings.Cut(hp, ":")
	default:
		p = filepath.Clean(raw)
	}
	p = strings.TrimPrefix(p, "/~")
	p = strings.TrimPrefix(p, "~")
	p = strings.Trim(p, "/")
	for strings.HasSuffix(p, ".git") || strings.HasSuffix(p, "/") {
		p = strings.TrimSuffix(strings.TrimSuffix(p, "/"), ".git")
	}
	key := strings.ToLower(strings.Trim(host+"/"+p, "/"))
	if host == "" {
		key = "/" + key
	}
	if key == "/" {
		return ""
	}
	return key
}

// isSCPLike reports whether raw is git's scp-like ssh syntax
// ([user@]host:path): a colon before any slash.
func isSCPLike(raw string) bool {
	colon := strings.Index(raw, ":")
	slash := strings.Index(raw, "/")
	return colon > 0 && (slash < 0 || colon < slash)
}

// named is "<base>-<first 8 hex of sha256(key)>", base made a valid name.
func named(base, key string) string {
	sum := sha256.Sum256([]byte(key))
	hash := hex.EncodeToString(sum[:4])
	base = clean(base)
	if base == "" {
		return hash
	}
	return base + "-" + hash
}

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
func Name(root string) string { return named(filepath.Base(root), root) }

// clean lowercases a name, turns every character outside [a-z0-9_-] into
// "-", trims leading "-" and "_", and cuts it to leave room for a hash.
func clean(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
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
	return base
}
