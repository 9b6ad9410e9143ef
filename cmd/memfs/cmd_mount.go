package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/checkout"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/app/serve"
	"github.com/memfs/memfs/memfuse"
)

func newMountCommand(g *globalOptions) *cobra.Command {
	var o memfuse.Options
	var all, history bool
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

MOUNTPOINT must be an empty folder of yours, not a symbolic link and not
already a mount (mountpoint_in_use), in a folder that is yours or root's
(sticky when others may write to it, as /tmp is); anything else is refused
with unsafe_path, so another user cannot aim the mount elsewhere.

  --all DIR       every scope as DIR/<scope>/; new scopes appear live
  --history DIR   DIR/current/ and DIR/history/<UTC time>-<short commit>/

memfs prints one line (a JSON object with --json) once the mount is ready.
Run 'memfs doctor' when mounting fails.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case all && history:
				return usagef("--all and --history exclude each other")
			case o.Rev != "" && (all || history):
				return usagef("--rev mounts one revision of one scope; it excludes --all and --history")
			case all:
				o.Layout = memfuse.LayoutAll
			case history:
				o.Layout = memfuse.LayoutHistory
			}
			h, err := g.openHome()
			if err != nil {
				return err
			}
			if err := g.resolveScope(cmd.Context(), h); err != nil {
				return err
			}
			s, err := h.OpenMountStore(cmd.Context())
			if err != nil {
				return err
			}
			defer s.Close()
			o.Store, o.Scope, o.Logger = s, g.Scope, g.logger()
			dir := args[0]
			return serve.Foreground(cmd.Context(), dir, o, serve.MountEvents{
				Cleared: func() { fmt.Fprintf(g.stderr, "memfs: cleared a stale memfs mount at %s (its server was gone)\n", dir) },
				Ready:   func(m *memfuse.Mount) { g.printMounted(m, all, history) },
				Lazy: func(m *memfuse.Mount) {
					fmt.Fprintf(g.stderr, "memfs: %s was busy; detached lazily (open files keep working until closed)\n", m.Dir())
				},
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Rev, "rev", "", "serve this fixed `revision` instead of following the head")
	f.BoolVar(&all, "all", false, "mount every scope as MOUNTPOINT/<scope>/")
	f.BoolVar(&history, "history", false, "mount the scope's history: current/ and history/<rev>/")
	f.BoolVar(&o.Prefetch, "prefetch", true, "decompress the served files in the background right after mounting")
	f.BoolVar(&o.Debug, "debug-fuse", false, "log every FUSE request to stderr")
	return cmd
}

// printMounted prints the line that says the mount is ready.
func (g *globalOptions) printMounted(m *memfuse.Mount, all, history bool) {
	commit := ""
	if c := m.Commit(""); !c.IsZero() && !all {
		commit = c.String()
	}
	g.output(mountOut{OK: true, Mountpoint: m.Dir(), Scope: g.Scope, All: all,
		History: history, Commit: commit, Method: string(m.Method()), PID: os.Getpid()}, func(w io.Writer) {
		what := "scope " + g.Scope
		switch {
		case all:
			what = "every scope"
		case history:
			what = "history of scope " + g.Scope
		}
		if commit != "" {
			what += " at " + commit[:12]
		}
		fmt.Fprintf(w, "mounted %s on %s (%s); Ctrl-C unmounts\n", what, m.Dir(), m.Method())
	})
}

func newCheckoutCommand(g *globalOptions) *cobra.Command {
	var rev string
	var watch bool
	cmd := &cobra.Command{
		Use:   "checkout DIR",
		Short: "Materialize the scope (or --rev) as a read-only tree at DIR, swapped in atomically",
		Long: `Write the scope head (or --rev) as a plain read-only tree, readable by its
owner only (files 0400, folders 0500, in a 0700 .DIR.memfs/), for machines
without FUSE. DIR becomes a link to a complete snapshot kept beside it in
.DIR.memfs/; a new revision is written in full and then swapped in with one
rename, so a reader never sees a half-written tree. DIR, .DIR.memfs and the
folder holding them must be under your control: a symbolic link memfs did not
make or another user's folder there is refused (unsafe_path), and nothing is
removed or chmodded but what the checkout made.

--watch keeps DIR following the head until interrupted. It follows the erasure
markers too: within a second of a forget (here or in another process) the
rewritten head is checked out and every older snapshot is removed, even one a
reader may still be walking.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if watch && rev != "" {
				return usagef("--watch follows the head; it excludes --rev")
			}
			ctx, dir := cmd.Context(), args[0]
			return g.withScope(ctx, func(_ *home.Home, s *gitstore.Store) error {
				opts := checkout.Options{Store: s, Scope: g.Scope, Rev: rev, Logger: g.logger()}
				report := func(r *checkout.Result) {
					g.output(checkoutOut{OK: true, Dir: r.Dir, Snapshot: r.Snapshot, Scope: g.Scope,
						Commit: r.Commit.String(), Files: r.Files, Unchanged: r.Unchanged, Refused: r.Refused}, func(w io.Writer) {
						if r.Refused > 0 {
							fmt.Fprintf(g.stderr, "warning: %d entries refused by read-mode validation were left out\n", r.Refused)
						}
						if r.Unchanged {
							fmt.Fprintf(w, "%s already shows %s\n", r.Dir, r.Commit.String()[:12])
						} else {
							fmt.Fprintf(w, "checked out %s (%d files) at %s\n", r.Commit.String()[:12], r.Files, r.Dir)
						}
					})
				}
				if watch {
					return checkout.Watch(ctx, dir, opts, gitstore.DefaultWatchPoll, report)
				}
				res, err := checkout.Checkout(ctx, dir, opts)
				if err == nil {
					report(res)
				}
				return err
			})
		},
	}
	cmd.Flags().StringVar(&rev, "rev", "", "check out this `revision` instead of the head")
	cmd.Flags().BoolVar(&watch, "watch", false, "keep following the head until interrupted")
	return cmd
}
