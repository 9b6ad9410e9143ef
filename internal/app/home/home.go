// Package home owns how a memfs command reaches its state: where
// $MEMFS_HOME is, config.toml with the limits a command overrides, the
// store and ledger of a home (the ledger's health check and rebuild), the
// staged-runs folder, the scope a command acts on (with the registry of
// the project path each derived scope came from, and the adoption of a
// path-derived scope by its repository's), the lock file that says
// memfs serve is running, and the few steps several commands share
// (export to a bundle file, import with the ledger settled, status).
package home

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ingest"
	"github.com/memfs/memfs/internal/config"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/memfuse"
	"github.com/memfs/memfs/validate"
)

// StoreDir is the store's folder inside a home.
const StoreDir = "store.git"

// Home is an opened $MEMFS_HOME: its path and configuration.
type Home struct {
	// Dir is the absolute home directory.
	Dir    string
	Config *config.Config
	Logger *slog.Logger
}

// Limits override config.toml's [limits]; zero fields leave it alone.
type Limits = validate.Limits

// Resolve returns the absolute home directory: dir when not empty, else
// the default (config.DefaultHome).
func Resolve(dir string) (string, error) {
	if dir == "" {
		var err error
		if dir, err = config.DefaultHome(); err != nil {
			return "", err
		}
	}
	return filepath.Abs(dir)
}

// Open resolves dir (see Resolve) and loads its config.toml, with the
// non-zero fields of override winning. The home need not exist yet.
func Open(dir string, override Limits, logger *slog.Logger) (*Home, error) {
	dir, err := Resolve(dir)
	if err != nil {
		return nil, err
	}
	c, err := config.Load(dir)
	if err != nil {
		return nil, err
	}
	if override.MaxFiles > 0 {
		c.Limits.MaxFiles = override.MaxFiles
	}
	if override.MaxFileBytes > 0 {
		c.Limits.MaxFileBytes = override.MaxFileBytes
	}
	if override.MaxTotalBytes > 0 {
		c.Limits.MaxTotalBytes = override.MaxTotalBytes
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Home{Dir: dir, Config: c, Logger: logger}, nil
}

// StoreOptions say how to open the home's store.
func (h *Home) StoreOptions() gitstore.Options {
	return gitstore.Options{
		Path:        filepath.Join(h.Dir, StoreDir),
		CacheDir:    filepath.Join(h.Dir, "cache"),
		Limits:      h.Config.Limits,
		AuthorName:  h.Config.Author.Name,
		AuthorEmail: h.Config.Author.Email,
		Logger:      h.Logger,
	}
}

// OpenStore opens the home's existing store.
func (h *Home) OpenStore(ctx context.Context) (*gitstore.Store, error) {
	return gitstore.Open(ctx, h.StoreOptions())
}

// OpenMountStore opens the store for a long-running mount: a blob cache
// sized for serving rather than for one command.
func (h *Home) OpenMountStore(ctx context.Context) (*gitstore.Store, error) {
	o := h.StoreOptions()
	o.BlobCacheBytes = memfuse.DefaultBlobCacheBytes
	return gitstore.Open(ctx, o)
}

// InitStore creates the home (0700) and its store when missing; created
// reports whether the store is new.
func (h *Home) InitStore(ctx context.Context) (s *gitstore.Store, created bool, err error) {
	if err := ensureDir(h.Dir); err != nil {
		return nil, false, fmt.Errorf("create home: %w", err)
	}
	return gitstore.Init(ctx, h.StoreOptions())
}

// Ledger returns the home's ledger handle. It holds no lock between
// operations, so it never blocks another memfs.
func (h *Home) Ledger() (*ledger.Ledger, error) {
	return ledger.New(LedgerPath(h.Dir), ledger.Options{})
}

// RunsDir is where dream runs are staged (dream.RunsDir).
func (h *Home) RunsDir() string { return filepath.Join(h.Dir, dream.RunsDir) }

// RunDirEnv is set by the exec dreamer (dream/execdreamer) for the command
// it runs; an agent that command starts passes it on to its hooks.
const RunDirEnv = "MEMFS_RUN_DIR"

// DreamerSession reports whether an agent session is a dream run's own:
// getenv finds RunDirEnv set, or one of paths (its working directory, its
// transcript) lies in the staged-runs folder. Such a session is never
// evidence and gets no memory context.
func (h *Home) DreamerSession(getenv func(string) string, paths ...string) bool {
	if getenv != nil && getenv(RunDirEnv) != "" {
		return true
	}
	for _, p := range paths {
		if h.InRuns(p) {
			return true
		}
	}
	return false
}

// InRuns reports whether a path lies in the staged-runs folder: a session
// working there is a dreamer's own, never evidence.
func (h *Home) InRuns(p string) bool {
	if p == "" {
		return false
	}
	runs := h.RunsDir()
	for _, r := range []string{runs, realPath(runs)} {
		for _, c := range []string{filepath.Clean(p), realPath(p)} {
			if c == r || strings.HasPrefix(c, r+string(filepath.Separator)) {
				return true
			}
		}
	}
	return false
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// ensureDir creates a folder memfs keeps private (0700).
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.Chmod(dir, 0o700)
}

// Checkpoint records the settled cursor of a transcript in the ledger
// (package ingest), under the scope Scope resolves from explicit and the
// session's working directory.
func (h *Home) Checkpoint(ctx context.Context, explicit string, r ingest.Request) (*ingest.Result, error) {
	l, err := h.Ledger()
	if err != nil {
		return nil, err
	}
	return ingest.Checkpoint(ctx, ingest.Options{
		Store:  h.StoreOptions(),
		Ledger: l,
		Scope:  func(cwd string) (string, error) { return h.RecordScope(ctx, explicit, cwd) },
		Ignore: h.InRuns,
	}, r)
}
