package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/fs/checkout"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/home"
)

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
rename, so a reader never sees a half-written tree.

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
					g.output(map[string]any{"ok": true, "dir": r.Dir, "snapshot": r.Snapshot, "scope": g.Scope,
						"commit": r.Commit.String(), "files": r.Files, "unchanged": r.Unchanged, "refused": r.Refused}, func(w io.Writer) {
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
