// Package config owns memfs's settings: where $MEMFS_HOME is, and what
// $MEMFS_HOME/config.toml says. Every key also has a command-line flag; a
// flag that was set wins over the file.
package config

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/BurntSushi/toml"

	"github.com/memfs/memfs/validate"
)

// FileName is the config file's name inside $MEMFS_HOME.
const FileName = "config.toml"

// Config is the parsed config.toml.
type Config struct {
	Limits validate.Limits `toml:"limits"`
	Author struct {
		Name  string `toml:"name"`
		Email string `toml:"email"`
	} `toml:"author"`
	// Scopes is "project" (default: one scope per project) or "single".
	Scopes string `toml:"scopes"`
	// Publish is "direct" (default) or "review".
	Publish string `toml:"publish"`
	// Dreamer is [dreamer]: which dreamer memfs dream and serve use, and
	// how an exec dreamer is confined in files.
	Dreamer Dreamer `toml:"dreamer"`
}

// Dreamer is config.toml's [dreamer].
type Dreamer struct {
	// Use is the dreamer memfs dream and serve use when --dreamer is not
	// given: "builtin" (the default), or the user's agent CLI, "claude"
	// or "codex". Model overrides the agent CLI's model (its cheapest by
	// default).
	Use   string `toml:"use"`
	Model string `toml:"model"`
	// Confine is "landlock" (default: refuse to run where the kernel
	// cannot confine) or "none".
	Confine string `toml:"confine"`
	// Read and Write are extra paths the confined command may read, or
	// read and write; nothing in the memfs home is ever allowed.
	Read  []string `toml:"read"`
	Write []string `toml:"write"`
}

// DefaultHome returns $MEMFS_HOME, else $XDG_DATA_HOME/memfs, else
// ~/.local/share/memfs.
func DefaultHome() (string, error) {
	if h := os.Getenv("MEMFS_HOME"); h != "" {
		return h, nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "memfs"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("locate memfs home: %w", err)
	}
	return filepath.Join(home, ".local", "share", "memfs"), nil
}

// MaxFileBytes bounds config.toml: a settings file of a few keys never
// comes near it, and a larger one is refused before it is parsed.
const MaxFileBytes = 64 << 10

// Load reads home/config.toml. A missing file gives the defaults.
func Load(home string) (*Config, error) {
	c := &Config{Limits: validate.DefaultLimits(), Scopes: "project", Publish: "direct", Dreamer: Dreamer{Use: "builtin", Confine: "landlock"}}
	p := filepath.Join(home, FileName)
	b, err := readBounded(p)
	if errors.Is(err, os.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, &Error{Path: p, Err: err}
	}
	md, err := toml.Decode(string(b), c)
	if err != nil {
		return nil, &Error{Path: p, Err: err}
	}
	if err := check(c, md.Undecoded()); err != nil {
		return nil, &Error{Path: p, Err: err}
	}
	return c, nil
}

// readBounded reads the regular file p, at most MaxFileBytes of it,
// through one open descriptor: what is checked (type, size) is what is
// read. It opens without blocking, so a FIFO planted as config.toml is
// refused rather than waited on.
func readBounded(p string) ([]byte, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	// The size is read as it comes, not trusted from the stat: the file
	// may grow between the two.
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFileBytes {
		return nil, fmt.Errorf("larger than %d bytes", MaxFileBytes)
	}
	return b, nil
}

// Error is a config.toml that cannot be used; its code is config_invalid.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Code is the stable code of every config.toml problem.
func (e *Error) Code() string { return "config_invalid" }

// check refuses unknown keys and values outside their range. A limit
// written in the file must be positive: 0 or less is a mistake, not a
// request for the default.
func check(c *Config, undecoded []toml.Key) error {
	if len(undecoded) > 0 {
		return fmt.Errorf("unknown key %s", undecoded[0])
	}
	for _, l := range []struct {
		key string
		v   int64
	}{{"max_files", int64(c.Limits.MaxFiles)}, {"max_file_bytes", c.Limits.MaxFileBytes}, {"max_total_bytes", c.Limits.MaxTotalBytes},
		{"max_bundle_scopes", int64(c.Limits.MaxBundleScopes)}} {
		if l.v <= 0 {
			return fmt.Errorf("limits.%s must be positive", l.key)
		}
	}
	if err := checkAuthor(c.Author.Name, c.Author.Email); err != nil {
		return err
	}
	switch c.Scopes {
	case "project", "single":
	default:
		return errors.New(`scopes must be "project" or "single"`)
	}
	switch c.Publish {
	case "direct", "review":
	default:
		return errors.New(`publish must be "direct" or "review"`)
	}
	switch c.Dreamer.Confine {
	case "landlock", "none":
	default:
		return errors.New(`dreamer.confine must be "landlock" or "none"`)
	}
	for _, p := range append(slices.Clone(c.Dreamer.Read), c.Dreamer.Write...) {
		if !filepath.IsAbs(p) {
			return errors.New("dreamer.read and dreamer.write take absolute paths")
		}
	}
	// exec and openai need settings only flags give.
	switch c.Dreamer.Use {
	case "builtin", "claude", "codex":
	default:
		return errors.New(`dreamer.use must be "builtin", "claude" or "codex" (exec and openai are chosen with --dreamer)`)
	}
	if strings.ContainsAny(c.Dreamer.Model, " \t\n'\"\\$`;&|<>()*?[]{}!#~") {
		return errors.New("dreamer.model must be a plain model name")
	}
	return nil
}

// checkAuthor refuses an [author] that cannot stand in a commit's author
// line: git reads "NAME <EMAIL> TIME ZONE" up to the first '<' and '>'
// and to the end of the line.
func checkAuthor(name, email string) error {
	for _, f := range []struct{ key, v string }{{"name", name}, {"email", email}} {
		if i := strings.IndexAny(f.v, "\n\r<>\x00"); i >= 0 {
			return fmt.Errorf("author.%s must not contain a newline, '<', '>' or NUL", f.key)
		}
	}
	return nil
}
