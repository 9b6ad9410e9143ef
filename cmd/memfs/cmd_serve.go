package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
	memfuse "github.com/memfs/memfs/fs"
	"github.com/memfs/memfs/transcript/watch"
)

type serveOptions struct {
	Mount    string
	Watch    []string
	Settle   time.Duration
	Poll     time.Duration
	Debounce time.Duration
	NoMount  bool
	dream    dreamOptions
}

func newServeCommand(g *globalOptions) *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:   "serve [--mount DIR] [--watch DIR ...] [--settle DUR]",
		Short: "The main job: mount every scope, checkpoint settled sessions, dream",
		Long: `Mount every scope read-only as DIR/<scope>/ (default ~/memfs), watch the
agents' session folders (default: those of Claude Code, Pi and Codex that
exist), checkpoint a session once its file has been unchanged for --settle,
and dream the scopes with pending evidence (batches of at most 8, after a
short debounce, with the retry backoff of memfs dream). The mount follows
every publication. SIGINT/SIGTERM stop it and unmount.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd.Context(), g, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Mount, "mount", "", "where to mount every scope (default ~/memfs)")
	f.StringSliceVar(&o.Watch, "watch", nil, "transcript `folder` to watch (repeatable; default: the agents' standard session folders)")
	f.DurationVar(&o.Settle, "settle", 30*time.Second, "how long a session file must be unchanged to be checkpointed")
	f.DurationVar(&o.Poll, "poll", 2*time.Second, "how often the folders are scanned")
	f.DurationVar(&o.Debounce, "debounce", 5*time.Second, "wait this long after the last checkpoint before dreaming")
	f.BoolVar(&o.NoMount, "no-mount", false, "do not mount (machines without FUSE; use memfs checkout --watch)")
	o.dream.addDreamerFlags(f)
	return cmd
}

func runServe(ctx context.Context, g *globalOptions, o serveOptions) error {
	debug.SetGCPercent(100) // a long-running process: the default collector
	d, err := newDreamer(o.dream)
	if err != nil {
		return err
	}
	// The main job reports what it does at info level; -v adds debug.
	log := g.logger()
	if !g.Verbose {
		log = slog.New(slog.NewTextHandler(g.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	home, err := g.home()
	if err != nil {
		return err
	}
	s, cfg, err := g.openMountStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	l, err := g.openLedger()
	if err != nil {
		return err
	}
	userHome, _ := os.UserHomeDir()
	if !o.NoMount {
		dir := o.Mount
		if dir == "" {
			dir = filepath.Join(userHome, "memfs")
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		m, err := memfuse.New(ctx, dir, memfuse.Options{Store: s, Layout: memfuse.LayoutAll, Logger: log})
		if err != nil {
			return fmt.Errorf("mount %s: %w (use --no-mount without FUSE)", dir, err)
		}
		defer func() {
			if err := m.Unmount(); err != nil {
				log.Error("unmount failed", "dir", dir, "err", err)
			}
		}()
		log.Info("mounted every scope", "dir", m.Dir(), "method", string(m.Method()))
	}
	dirs := o.Watch
	if len(dirs) == 0 {
		dirs = watch.DefaultDirs(userHome, os.Getenv)
	}
	log.Info("watching transcripts", "dirs", dirs, "settle", o.Settle)
	if ids, err := dream.Reconcile(ctx, home, l, time.Now()); err != nil {
		return err
	} else if len(ids) > 0 {
		log.Warn("reconciled interrupted runs as cancelled", "runs", len(ids))
	}

	settled := make(chan string)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w := &watch.Watcher{Dirs: dirs, Settle: o.Settle, Interval: o.Poll}
		if err := w.Run(ctx, func(ctx context.Context, p string) {
			select {
			case settled <- p:
			case <-ctx.Done():
			}
		}); err != nil {
			log.Error("watcher stopped", "err", err)
		}
	}()
	defer wg.Wait()

	// Scopes start due when they already have pending evidence.
	sched := dream.NewSchedule(l, o.Debounce, time.Now, log)
	if err := sched.Load(ctx); err != nil {
		return err
	}
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
	run := func(ctx context.Context, sc string) (*dream.Result, error) {
		return dream.Run(ctx, dream.Options{Home: home, Store: s, Ledger: l, Scope: sc, Dreamer: d, Timeout: o.dream.Timeout,
			Review: cfg.Publish == "review"})
	}
	fmt.Fprintf(g.stdout, "memfs serve: ready\n")
	for {
		select {
		case <-ctx.Done():
			log.Info("stopping")
			return nil
		case p := <-settled:
			res, err := checkpointTranscript(ctx, g, checkpointOptions{Transcript: p, Format: "auto"}, "")
			if err != nil {
				log.Warn("checkpoint failed", "transcript", p, "err", err)
				continue
			}
			if res.Recorded && res.Changed {
				log.Info("checkpointed", "session", res.Session, "scope", res.Scope)
				sched.Checkpointed(res.Scope)
				rearm()
			}
		case <-timer.C:
			sched.RunDue(ctx, run)
			rearm()
		}
	}
}
