package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	memfuse "github.com/memfs/memfs/fs"
	"github.com/memfs/memfs/internal/serve"
)

type mountOptions struct {
	Rev      string
	All      bool
	History  bool
	Prefetch bool
	Debug    bool
}

func newMountCommand(g *globalOptions) *cobra.Command {
	var o mountOptions
	cmd := &cobra.Command{
		Use:   "mount MOUNTPOINT",
		Short: "Mount the scope read-only in the foreground; Ctrl-C or SIGTERM unmounts",
		Long: `Mount the scope head (or --rev) read-only at MOUNTPOINT and serve it in the
foreground. The mount root holds exactly summary.md, index.md and pages/, and
follows new publications within a second. SIGINT or SIGTERM unmounts; when
readers still hold files open the mount is detached lazily, so nothing is left
behind. A dead memfs mount left at MOUNTPOINT (its server killed) is cleared
first; a dead mount of another file system is refused with the command that
clears it.

  --all DIR       every scope as DIR/<scope>/; new scopes appear live
  --history DIR   DIR/current/ and DIR/history/<UTC time>-<short commit>/

memfs prints one line (a JSON object with --json) once the mount is ready.
Run 'memfs doctor' when mounting fails.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMount(cmd.Context(), g, o, args[0])
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Rev, "rev", "", "serve this fixed `revision` instead of following the head")
	f.BoolVar(&o.All, "all", false, "mount every scope as MOUNTPOINT/<scope>/")
	f.BoolVar(&o.History, "history", false, "mount the scope's history: current/ and history/<rev>/")
	f.BoolVar(&o.Prefetch, "prefetch", true, "decompress the served files in the background right after mounting")
	f.BoolVar(&o.Debug, "debug-fuse", false, "log every FUSE request to stderr")
	return cmd
}

func runMount(ctx context.Context, g *globalOptions, o mountOptions, dir string) error {
	switch {
	case o.All && o.History:
		return usagef("--all and --history exclude each other")
	case o.Rev != "" && (o.All || o.History):
		return usagef("--rev mounts one revision of one scope; it excludes --all and --history")
	}
	h, err := g.openHome()
	if err != nil {
		return err
	}
	if err := g.resolveScope(h); err != nil {
		return err
	}
	s, err := h.OpenMountStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	opts := memfuse.Options{Store: s, Scope: g.Scope, Rev: o.Rev, Prefetch: o.Prefetch, Debug: o.Debug, Logger: g.logger()}
	switch {
	case o.All:
		opts.Layout = memfuse.LayoutAll
	case o.History:
		opts.Layout = memfuse.LayoutHistory
	}
	return serve.Foreground(ctx, dir, opts, serve.MountEvents{
		Cleared: func() { fmt.Fprintf(g.stderr, "memfs: cleared a stale memfs mount at %s (its server was gone)\n", dir) },
		Ready:   func(m *memfuse.Mount) { g.printMounted(m, o) },
		Lazy: func(m *memfuse.Mount) {
			fmt.Fprintf(g.stderr, "memfs: %s was busy; detached lazily (open files keep working until closed)\n", m.Dir())
		},
	})
}

// printMounted prints the line that says the mount is ready.
func (g *globalOptions) printMounted(m *memfuse.Mount, o mountOptions) {
	commit := ""
	if c := m.Commit(""); !c.IsZero() && !o.All {
		commit = c.String()
	}
	g.output(map[string]any{"ok": true, "mountpoint": m.Dir(), "scope": g.Scope, "all": o.All,
		"history": o.History, "commit": commit, "method": string(m.Method()), "pid": os.Getpid()}, func(w io.Writer) {
		what := "scope " + g.Scope
		switch {
		case o.All:
			what = "every scope"
		case o.History:
			what = "history of scope " + g.Scope
		}
		if commit != "" {
			what += " at " + commit[:12]
		}
		fmt.Fprintf(w, "mounted %s on %s (%s); Ctrl-C unmounts\n", what, m.Dir(), m.Method())
	})
}
