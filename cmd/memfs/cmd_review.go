package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/app/home"
)

func newReviewCommand(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "review list|show RUN|approve RUN|reject RUN",
		Short: "Review mode: list, inspect, approve or reject proposed runs",
		Long: `In review mode (publish = "review" in config.toml, or memfs dream --review)
a dream run's commit is kept under refs/memfs/proposals/<scope>/<run> instead
of moving the scope. approve fast-forwards the scope to it and acknowledges
its evidence; a proposal made on an older head is stale: it is refused,
deleted, and its evidence stays pending for the next run. reject deletes
the proposal; its evidence stays pending.`,
	}
	sub := func(use, short string, args int, run func(ctx context.Context, h *home.Home, s *gitstore.Store, args []string) error) *cobra.Command {
		return &cobra.Command{Use: use, Short: short, Args: exactArgs(args), RunE: func(cmd *cobra.Command, args []string) error {
			return g.withStore(cmd.Context(), func(h *home.Home, s *gitstore.Store) error { return run(cmd.Context(), h, s, args) })
		}}
	}
	cmd.AddCommand(
		sub("list", "List open proposals", 0, func(ctx context.Context, _ *home.Home, s *gitstore.Store, _ []string) error {
			props, err := dream.ListProposals(ctx, s)
			if err != nil {
				return err
			}
			return g.output(proposalsOut{OK: true, Proposals: props}, func(w io.Writer) {
				if len(props) == 0 {
					fmt.Fprintln(w, "no open proposals")
				}
				for _, p := range props {
					fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", p.Run, p.Scope, p.Commit[:12], p.Subject)
				}
			})
		}),
		sub("show RUN", "Show a proposal and what it changes", 1, func(ctx context.Context, _ *home.Home, s *gitstore.Store, args []string) error {
			p, err := dream.ShowProposal(ctx, s, args[0])
			if err != nil {
				return err
			}
			out := proposalOut{commitOut: commitJSON(p.Info), OK: true, Scope: p.Scope, Run: p.Run, Changes: changeList(p.Changes), Stale: p.Stale}
			return g.output(out, func(w io.Writer) {
				fmt.Fprintf(w, "proposal %s for scope %s", p.Run, p.Scope)
				if p.Stale {
					fmt.Fprint(w, " (stale: the scope moved since; approve will refuse it)")
				}
				fmt.Fprintln(w)
				printCommit(w, p.Info)
				printChanges(w, p.Changes)
				fmt.Fprintf(w, "\nFull diff: git --git-dir %s show %s\n", s.Path(), p.Commit)
			})
		}),
		sub("approve RUN", "Publish a proposal", 1, func(ctx context.Context, h *home.Home, s *gitstore.Store, args []string) error {
			return reviewDecide(ctx, g, h, s, args[0], true)
		}),
		sub("reject RUN", "Discard a proposal", 1, func(ctx context.Context, h *home.Home, s *gitstore.Store, args []string) error {
			return reviewDecide(ctx, g, h, s, args[0], false)
		}),
	)
	return needCommand(cmd)
}

func reviewDecide(ctx context.Context, g *globalOptions, h *home.Home, s *gitstore.Store, run string, approve bool) error {
	l, err := h.Ledger()
	if err != nil {
		return err
	}
	rec, err := dream.Review(ctx, s, l, run, approve, time.Now())
	if errors.Is(err, gitstore.ErrStaleProposal) {
		return g.fail(exitFailure, staleProposalOut{Run: run, State: rec.State, Error: errJSON(err)}, func(io.Writer) {
			fmt.Fprintf(g.stderr, "memfs: %v; the proposal was deleted and its evidence stays pending\n", err)
		})
	}
	if err != nil {
		return err
	}
	return g.output(reviewOut{OK: true, Run: run, Scope: rec.Scope, State: rec.State, Commit: rec.Commit}, func(w io.Writer) {
		if approve {
			fmt.Fprintf(w, "approved %s: scope %s is now at %s\n", run, rec.Scope, rec.Commit)
		} else {
			fmt.Fprintf(w, "rejected %s; its evidence stays pending\n", run)
		}
	})
}
