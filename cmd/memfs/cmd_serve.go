package main

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/transcript/watch"
	memfuse "github.com/memfs/memfs/fs"
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
	due := map[string]time.Time{}
	counts, err := l.PendingCounts(ctx)
	if err != nil {
		return err
	}
	for sc := range counts {
		due[sc] = time.Now()
	}
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	rearm := func() {
		next := time.Time{}
		for _, t := range due {
			if next.IsZero() || t.Before(next) {
				next = t
			}
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		if !next.IsZero() {
			timer.Reset(max(time.Until(next), 0))
		}
	}
	rearm()
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
				due[res.Scope] = time.Now().Add(o.Debounce)
				rearm()
			}
		case <-timer.C:
			now := time.Now()
			for _, sc := range slices.Sorted(maps.Keys(due)) {
				if due[sc].After(now) {
					continue
				}
				delete(due, sc)
				res, err := dream.Run(ctx, dream.Options{Home: home, Store: s, Ledger: l, Scope: sc, Dreamer: d, Timeout: o.dream.Timeout,
					Review: cfg.Publish == "review"})
				switch {
				case res != nil && res.Deferred != nil && !res.Deferred.Stopped:
					due[sc] = res.Deferred.NextAttempt
					log.Info("dreaming deferred by backoff", "scope", sc, "until", res.Deferred.NextAttempt)
				case res != nil && res.Deferred != nil:
					log.Warn("automatic dreaming stopped after repeated failures; run memfs dream --now or --reset", "scope", sc)
				case err != nil:
					log.Warn("dream run failed", "scope", sc, "err", err)
					if rs, rerr := l.Retry(ctx, sc); rerr == nil && !rs.Stopped && !rs.NextAttempt.IsZero() {
						due[sc] = rs.NextAttempt
					}
				case res != nil && res.RunID != "":
					log.Info("dreamed", "scope", sc, "run", res.RunID, "published", res.Published,
						"commit", res.Commit.String(), "sessions", len(res.Sessions))
					// More than one batch may have been pending.
					if n, err := l.PendingCounts(ctx); err == nil && n[sc] > 0 {
						due[sc] = time.Now()
					}
				}
			}
			rearm()
		}
	}
}
