// Package config owns memfs's settings: where $MEMFS_HOME is, and what
// $MEMFS_HOME/config.toml says. Every key also has a command-line flag; a
// flag that was set wins over the file.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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

// Load reads home/config.toml. A missing file gives the defaults.
func Load(home string) (*Config, error) {
	c := &Config{Limits: validate.DefaultLimits(), Scopes: "project", Publish: "direct"}
	p := filepath.Join(home, FileName)
	md, err := toml.DecodeFile(p, c)
	if errors.Is(err, os.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		return nil, fmt.Errorf("%s: unknown key %s", p, undecoded[0])
	}
	def := validate.DefaultLimits()
	if c.Limits.MaxFiles <= 0 {
		c.Limits.MaxFiles = def.MaxFiles
	}
	if c.Limits.MaxFileBytes <= 0 {
		c.Limits.MaxFileBytes = def.MaxFileBytes
	}
	if c.Limits.MaxTotalBytes <= 0 {
		c.Limits.MaxTotalBytes = def.MaxTotalBytes
	}
	if err := checkAuthor(c.Author.Name, c.Author.Email); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	switch c.Scopes {
	case "project", "single":
	default:
		return nil, fmt.Errorf("%s: scopes must be \"project\" or \"single\"", p)
	}
	switch c.Publish {
	case "direct", "review":
	default:
		return nil, fmt.Errorf("%s: publish must be \"direct\" or \"review\"", p)
	}
	return c, nil
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
