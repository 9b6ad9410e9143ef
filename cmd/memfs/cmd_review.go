package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
	s, err := g.openStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	props, err := s.Proposals(ctx)
	if err != nil {
		return err
	}
	if g.JSON {
		out := make([]map[string]string, 0, len(props))
		for _, p := range props {
			out = append(out, map[string]string{"scope": p.Scope, "run": p.Run, "commit": p.Commit.String()})
		}
		writeJSON(g.stdout, map[string]any{"ok": true, "proposals": out})
		return nil
	}
	if len(props) == 0 {
		fmt.Fprintln(g.stdout, "no open proposals")
	}
	for _, p := range props {
		c, err := s.CommitInfo(ctx, p.Commit)
		if err != nil {
			return err
		}
		fmt.Fprintf(g.stdout, "%s\t%s\t%s\t%s\n", p.Run, p.Scope, p.Commit.String()[:12], c.Subject())
	}
	return nil
}

func runReviewShow(ctx context.Context, g *globalOptions, run string) error {
	s, err := g.openStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	p, err := s.FindProposal(ctx, run)
	if err != nil {
		return err
	}
	c, err := s.CommitInfo(ctx, p.Commit)
	if err != nil {
		return err
	}
	changes, err := changesOf(ctx, s, c)
	if err != nil {
		return err
	}
	var parent gitstore.ID
	if len(c.Parents) > 0 {
		parent = c.Parents[0]
	}
	head, err := s.Head(ctx, p.Scope)
	if err != nil && !errors.Is(err, gitstore.ErrNoScope) {
		return err
	}
	stale := parent != head
	if g.JSON {
		out := commitJSON(c)
		list := make([]map[string]string, 0, len(changes))
		for _, ch := range changes {
			list = append(list, map[string]string{"path": ch.Path, "kind": string(ch.Kind)})
		}
		out["ok"], out["scope"], out["run"], out["changes"], out["stale"] = true, p.Scope, p.Run, list, stale
		writeJSON(g.stdout, out)
		return nil
	}
	fmt.Fprintf(g.stdout, "proposal %s for scope %s", p.Run, p.Scope)
	if stale {
		fmt.Fprint(g.stdout, " (stale: the scope moved since; approve will refuse it)")
	}
	fmt.Fprintln(g.stdout)
	printCommit(g.stdout, c)
	for _, ch := range changes {
		fmt.Fprintf(g.stdout, "%s\t%s\n", strings.ToUpper(string(ch.Kind[:1])), ch.Path)
	}
	fmt.Fprintf(g.stdout, "\nFull diff: git --git-dir %s show %s\n", s.Path(), p.Commit)
	return nil
}

func runReviewDecide(ctx context.Context, g *globalOptions, run string, approve bool) error {
	s, err := g.openStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	h, err := g.openHome()
	if err != nil {
		return err
	}
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
