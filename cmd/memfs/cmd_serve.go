package main

import (
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/internal/app/serve"
)

func newServeCommand(g *globalOptions) *cobra.Command {
	var o serve.Options
	var df dreamerFlags
	cmd := &cobra.Command{
		Use:   "serve [--mount DIR] [--watch DIR ...] [--settle DUR]",
		Short: "The main job: mount every scope, checkpoint settled sessions, dream",
		Long: `Create the store if needed, mount every scope read-only as DIR/<scope>/
(default ~/memfs), watch the agents' session folders (default: those of
Claude Code, Pi and Codex, also once they appear), checkpoint a session once
its file has been unchanged for --settle, and dream the scopes with pending
evidence (batches of at most 8, after a short debounce, with the retry
backoff of memfs dream). The mount follows every publication. SIGINT/SIGTERM
stop it and unmount. One serve runs per home.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			debug.SetGCPercent(100) // a long-running process: the default collector
			h, err := g.openHome()
			if err != nil {
				return err
			}
			d, err := df.dreamer(h)
			if err != nil {
				return err
			}
			// The main job reports what it does at info level; -v adds debug.
			o.Home, o.Dreamer, o.Timeout, o.Scope, o.Logger = h, d, df.timeout, g.explicitScope(), g.loggerAt(slog.LevelInfo)
			o.Ready = func() { fmt.Fprintf(g.stdout, "memfs serve: ready\n") }
			return serve.Run(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Mount, "mount", "", "where to mount every scope (default ~/memfs)")
	f.StringSliceVar(&o.Watch, "watch", nil, "transcript `folder` to watch (repeatable; default: the agents' standard session folders)")
	f.DurationVar(&o.Settle, "settle", 30*time.Second, "how long a session file must be unchanged to be checkpointed")
	f.DurationVar(&o.Poll, "poll", 2*time.Second, "how often the folders are scanned")
	f.DurationVar(&o.Debounce, "debounce", 5*time.Second, "wait this long after the last checkpoint before dreaming")
	f.BoolVar(&o.NoMount, "no-mount", false, "do not mount (machines without FUSE; use memfs checkout --watch)")
	df.add(f)
	return cmd
}
