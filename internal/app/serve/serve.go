// Package serve runs memfs serve, the main job: it mounts every scope,
// watches the agents' session folders, checkpoints each session once it
// settles, and dreams the scopes with pending evidence on dream's
// schedule, until its context ends; and memfs mount's foreground mount
// (Foreground).
package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ingest"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/memfuse"
	"github.com/memfs/memfs/transcript/watch"
)

// Options configure a serve.
type Options struct {
	Home    *home.Home
	Dreamer dream.Dreamer
	// Timeout bounds one run's dreaming.
	Timeout time.Duration
	// Mount is where every scope is mounted; empty: ~/memfs, or no mount
	// with NoMount.
	Mount   string
	NoMount bool
	// Watch are the transcript folders; empty: watch.DefaultDirs.
	Watch []string
	// Settle, Poll and Debounce: see watch.Watcher and dream.Schedule.
	Settle, Poll, Debounce time.Duration
	// Scope, when set, is the scope of every session (--scope).
	Scope string
	// Ready is called once everything is set up.
	Ready  func()
	Logger *slog.Logger
}

// Run serves until ctx ends. It creates the store when the home has none.
func Run(ctx context.Context, o Options) error {
	h, log := o.Home, o.Logger
	if o.NoMount {
		o.Mount = ""
	} else if o.Mount == "" {
		userHome, _ := os.UserHomeDir()
		o.Mount = filepath.Join(userHome, "memfs")
	}
	release, err := h.LockServe()
	if err != nil {
		return err
	}
	defer release()
	if s, created, err := h.InitStore(ctx); err != nil {
		return err
	} else {
		s.Close()
		if created {
			log.Info("created the store", "dir", h.StoreOptions().Path)
		}
	}
	s, err := h.OpenMountStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	l, err := h.Ledger()
	if err != nil {
		return err
	}
	if o.Mount != "" {
		unmount, err := mount(ctx, s, o.Mount, log)
		if err != nil {
			return err
		}
		defer unmount()
	}
	if ids, err := dream.Reconcile(ctx, h.Dir, l, time.Now()); err != nil {
		return err
	} else if len(ids) > 0 {
		log.Warn("reconciled interrupted runs as cancelled", "runs", len(ids))
	}
	settled := make(chan string)
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Add(1)
	go func() {
		defer wg.Done()
		watchTranscripts(ctx, o, settled)
	}()
	sched := dream.NewSchedule(l, o.Debounce, time.Now, log)
	if err := sched.Load(ctx); err != nil {
		return err
	}
	run := func(ctx context.Context, sc string) (*dream.Result, error) {
		return dream.Run(ctx, dream.Options{Home: h.Dir, Store: s, Ledger: l, Scope: sc, Dreamer: o.Dreamer,
			Timeout: o.Timeout, Review: h.Config.Publish == "review"})
	}
	if o.Ready != nil {
		o.Ready()
	}
	return loop(ctx, o, sched, settled, run)
}

// loop checkpoints settled transcripts and runs the schedule's due scopes.
func loop(ctx context.Context, o Options, sched *dream.Schedule, settled <-chan string,
	run func(context.Context, string) (*dream.Result, error)) error {
	log := o.Logger
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	rearm := func() {
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		if next, ok := sched.Next(); ok {
			timer.Reset(max(time.Until(next), 0))
		}
	}
	rearm()
	for {
		select {
		case <-ctx.Done():
			log.Info("stopping")
			return nil
		case p := <-settled:
			res, err := o.Home.Checkpoint(ctx, o.Scope, ingest.Request{Transcript: p})
			if err != nil {
				log.Warn("checkpoint failed", "transcript", p, "err", err)
				continue
			}
			// Pending, not only Changed: a hook may have recorded this cursor
			// already, and serve is then the only one left to dream it.
			if res.Recorded && (res.Changed || res.Pending) {
				log.Info("checkpointed", "session", res.Session, "scope", res.Scope, "new", res.Changed)
				sched.Checkpointed(res.Scope)
				rearm()
			}
		case <-timer.C:
			sched.RunDue(ctx, run)
			rearm()
		}
	}
}

// mount mounts every scope of s at dir; the returned function unmounts.
func mount(ctx context.Context, s *gitstore.Store, dir string, log *slog.Logger) (func(), error) {
	// Only the mount point itself is made here, without following a link
	// planted there; memfuse.New checks it and its parent.
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return nil, err
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) && !memfuse.Stale(dir) {
		return nil, err
	}
	if cleared, err := memfuse.ClearStale(dir); err != nil {
		return nil, err
	} else if cleared {
		log.Warn("cleared a stale memfs mount", "dir", dir)
	}
	m, err := memfuse.New(ctx, dir, memfuse.Options{Store: s, Layout: memfuse.LayoutAll, Logger: log})
	if err != nil {
		return nil, fmt.Errorf("mount %s: %w (use --no-mount without FUSE)", dir, err)
	}
	log.Info("mounted every scope", "dir", m.Dir(), "method", string(m.Method()))
	return func() {
		if err := m.Unmount(); err != nil {
			log.Error("unmount failed", "dir", dir, "err", err)
		}
	}, nil
}

// watchTranscripts sends each settled transcript on settled until ctx
// ends.
func watchTranscripts(ctx context.Context, o Options, settled chan<- string) {
	dirs := o.Watch
	if len(dirs) == 0 {
		userHome, _ := os.UserHomeDir()
		dirs = watch.DefaultDirs(userHome, os.Getenv)
	}
	missing := watch.Missing(dirs)
	o.Logger.Info("watching transcripts", "dirs", dirs, "missing", missing, "settle", o.Settle)
	w := &watch.Watcher{Dirs: dirs, Settle: o.Settle, Interval: o.Poll,
		Appeared: func(d string) { o.Logger.Info("transcript folder appeared", "dir", d) }}
	if err := w.Run(ctx, func(ctx context.Context, p string) {
		select {
		case settled <- p:
		case <-ctx.Done():
		}
	}); err != nil {
		o.Logger.Error("watcher stopped", "err", err)
	}
}
