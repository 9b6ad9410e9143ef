package agent

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/wiki"
)

// ContextOptions say what a memory-context message is made from.
type ContextOptions struct {
	// Store opens the store; a store not initialized yet gives a message
	// without memory.
	Store gitstore.Options
	// Scope is the session's scope, already resolved.
	Scope string
	// Command is how the agent should call memfs to reach this home. A
	// command that starts with the bare name "memfs" (or is empty) gets
	// the absolute path of the running binary instead, as the hooks do:
	// an agent's shell may not have memfs on its PATH, and a permission
	// rule names one exact command.
	Command string
	// Mount is where memfs serve mounts every scope (default ~/memfs).
	Mount string
}

// Context is a memory-context message and what it was made from.
type Context struct {
	wiki.ContextMessage
	Scope, Folder, Commit string
}

// MemoryContext builds the message a new session of o.Scope starts with:
// how to treat memory, where the scope's memory can be read, and its
// summary and index.
func MemoryContext(ctx context.Context, o ContextOptions) (*Context, error) {
	c := wiki.Context{Marker: transcript.MemoryContextMarker, Scope: o.Scope, Command: absoluteCommand(o.Command)}
	s, err := gitstore.Open(ctx, o.Store)
	switch {
	case errors.Is(err, gitstore.ErrNotInitialized):
	case err != nil:
		return nil, err
	default:
		defer s.Close()
		if err := readContextFiles(ctx, s, &c); err != nil {
			return nil, err
		}
	}
	if c.Commit != "" {
		c.Folder = mountedScope(o.Mount, o.Scope)
	}
	return &Context{ContextMessage: wiki.RenderContext(c), Scope: o.Scope, Folder: c.Folder, Commit: c.Commit}, nil
}

// readContextFiles fills in the scope head and its summary and index; a
// scope without publications leaves them empty.
func readContextFiles(ctx context.Context, s *gitstore.Store, c *wiki.Context) error {
	head, err := s.Head(ctx, c.Scope)
	if errors.Is(err, gitstore.ErrNoScope) {
		return nil
	}
	if err != nil {
		return err
	}
	snap, err := s.Snapshot(ctx, head)
	if err != nil {
		return err
	}
	c.Commit = head.String()
	if c.Summary, err = snap.ReadFile(wiki.SummaryFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if c.Index, err = snap.ReadFile(wiki.IndexFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// mountedScope returns the folder where `memfs serve` mounts a scope, if
// its memory is there to read, else "".
func mountedScope(root, sc string) string {
	if root == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		root = filepath.Join(home, "memfs")
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return ""
	}
	dir := filepath.Join(root, sc)
	if fi, err := os.Stat(filepath.Join(dir, wiki.IndexFile)); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return dir
}

// absoluteCommand replaces a leading bare "memfs" in cmd with the absolute
// path of this binary (symlinks resolved, shell-quoted); it keeps cmd when
// the binary cannot be located or cmd names another program.
func absoluteCommand(cmd string) string {
	rest, ok := strings.CutPrefix(cmd, "memfs")
	if cmd != "" && (!ok || rest != "" && rest[0] != ' ') {
		return cmd
	}
	exe, err := os.Executable()
	if err != nil {
		return cmd
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return ShellQuote(exe) + rest
}
