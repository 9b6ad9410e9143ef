package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
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
	list := &cobra.Command{Use: "list", Short: "List open proposals", Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error { return runReviewList(cmd.Context(), g) }}
	show := &cobra.Command{Use: "show RUN", Short: "Show a proposal and what it changes", Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runReviewShow(cmd.Context(), g, args[0]) }}
	approve := &cobra.Command{Use: "approve RUN", Short: "Publish a proposal", Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runReviewDecide(cmd.Context(), g, args[0], true) }}
	reject := &cobra.Command{Use: "reject RUN", Short: "Discard a proposal", Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReviewDecide(cmd.Context(), g, args[0], false)
		}}
	cmd.AddCommand(list, show, approve, reject)
	return needCommand(cmd)
}

func runReviewList(ctx context.Context, g *globalOptions) error {
	return g.withStore(ctx, func(s *gitstore.Store) error {
		props, err := dream.ListProposals(ctx, s)
		if err != nil {
			return err
		}
		if g.JSON {
			writeJSON(g.stdout, map[string]any{"ok": true, "proposals": props})
			return nil
		}
		if len(props) == 0 {
			fmt.Fprintln(g.stdout, "no open proposals")
		}
		for _, p := range props {
			fmt.Fprintf(g.stdout, "%s\t%s\t%s\t%s\n", p.Run, p.Scope, p.Commit[:12], p.Subject)
		}
		return nil
	})
}

func runReviewShow(ctx context.Context, g *globalOptions, run string) error {
	return g.withStore(ctx, func(s *gitstore.Store) error {
		p, err := dream.ShowProposal(ctx, s, run)
		if err != nil {
			return err
		}
		if g.JSON {
			out := commitJSON(p.Info)
			out["ok"], out["scope"], out["run"], out["changes"], out["stale"] = true, p.Scope, p.Run, changeList(p.Changes), p.Stale
			writeJSON(g.stdout, out)
			return nil
		}
		fmt.Fprintf(g.stdout, "proposal %s for scope %s", p.Run, p.Scope)
		if p.Stale {
			fmt.Fprint(g.stdout, " (stale: the scope moved since; approve will refuse it)")
		}
		fmt.Fprintln(g.stdout)
		printCommit(g.stdout, p.Info)
		printChanges(g.stdout, p.Changes)
		fmt.Fprintf(g.stdout, "\nFull diff: git --git-dir %s show %s\n", s.Path(), p.Commit)
		return nil
	})
}

func runReviewDecide(ctx context.Context, g *globalOptions, run string, approve bool) error {
	h, err := g.openHome()
	if err != nil {
		return err
	}
	s, err := h.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	l, err := h.Ledger()
	if err != nil {
		return err
	}
	rec, err := dream.Review(ctx, s, l, run, approve, time.Now())
	if errors.Is(err, gitstore.ErrStaleProposal) {
		if g.JSON {
			writeJSON(g.stdout, map[string]any{"ok": false, "run": run, "state": rec.State, "error": map[string]string{"code": "stale_proposal", "message": err.Error()}})
		} else {
			fmt.Fprintf(g.stderr, "memfs: %v; the proposal was deleted and its evidence stays pending\n", err)
		}
		return reportedError{code: exitFailure}
	}
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "run": run, "scope": rec.Scope, "state": rec.State, "commit": rec.Commit})
		return nil
	}
	if approve {
		fmt.Fprintf(g.stdout, "approved %s: scope %s is now at %s\n", run, rec.Scope, rec.Commit)
	} else {
		fmt.Fprintf(g.stdout, "rejected %s; its evidence stays pending\n", run)
	}
	return nil
}
