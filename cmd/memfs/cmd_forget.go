package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/internal/errcode"
)

func newForgetCommand(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "forget preview|apply --target KIND:VALUE ...",
		Short: "Forget sessions, pages or text for good, in every revision",
		Long: `Forget removes targets from memory for good: from the current wiki, from
every past revision and commit message, from every object on disk, from
staged evidence and the ledger; erasure markers then refuse the content
if anything tries to bring it back.

Targets (up to 32): session:<id>, page:<path>, text:<literal>.
First preview: it changes nothing and prints a forget_scope token. Then
apply with that token. If anything the targets cover changed meanwhile,
apply refuses (forget_scope_changed, exit 4): preview again.`,
	}
	var targets []string
	var token, commandID string
	var cancelRuns bool
	// forgetCommand opens a forgetter for the targets; apply shows its
	// progress on a terminal.
	forgetCommand := func(use, short string, apply bool, run func(context.Context, *forget.Forgetter, []forget.Target) error) *cobra.Command {
		return &cobra.Command{Use: use, Short: short, Args: exactArgs(0), RunE: func(cmd *cobra.Command, _ []string) error {
			ts, err := forget.ParseTargets(targets)
			if err != nil {
				return usageError{err}
			}
			h, err := g.openHome()
			if err != nil {
				return err
			}
			line := g.progress()
			count := line.Counter()
			if !apply {
				count = nil
			}
			f, closeStore, err := h.Forgetter(cmd.Context(), count)
			if err != nil {
				return err
			}
			defer closeStore()
			defer line.Done()
			return run(cmd.Context(), f, ts)
		}}
	}
	preview := forgetCommand("preview --target KIND:VALUE ...", "List what forgetting the targets would change and print the forget_scope token", false,
		func(ctx context.Context, f *forget.Forgetter, ts []forget.Target) error {
			p, err := f.Preview(ctx, ts)
			if err != nil {
				return err
			}
			return g.output(p, func(w io.Writer) { printLines(w, p.Summary()) })
		})
	apply := forgetCommand("apply --token T --target KIND:VALUE ... [--command-id ID] [--cancel-runs]", "Forget the targets; prints the receipt", true,
		func(ctx context.Context, f *forget.Forgetter, ts []forget.Target) error {
			// Read before apply: forgetting a session drops its checkpoint.
			kept, err := agentTranscripts(ctx, g, ts)
			if err != nil {
				return err
			}
			rc, err := f.ApplyToken(ctx, forget.ApplyOptions{Token: token, Targets: ts, CommandID: commandID, CancelRuns: cancelRuns})
			if errcode.Of(err) == forget.CodeTokenMalformed {
				return usageError{err}
			}
			if err != nil {
				return err
			}
			return g.output(forgetApplyOut{Receipt: rc, AgentTranscripts: kept}, func(w io.Writer) {
				printLines(w, rc.Summary())
				printAgentTranscripts(w, kept)
			})
		})
	for _, c := range []*cobra.Command{preview, apply} {
		c.Flags().StringArrayVar(&targets, "target", nil, "a target: session:<id>, page:<path> or text:<literal> (repeat, up to 32)")
	}
	apply.Flags().StringVar(&token, "token", "", "the forget_scope `token` printed by preview")
	apply.Flags().StringVar(&commandID, "command-id", "", "an `id` making the command idempotent: repeating it returns the same receipt")
	apply.Flags().BoolVar(&cancelRuns, "cancel-runs", false, "cancel dream runs in progress that use targeted content instead of refusing")
	cmd.AddCommand(preview, apply)
	return needCommand(cmd)
}

// agentTranscripts lists the agents' own transcript files that may still
// hold what the targets forget: memfs never edits them. For a session
// target that is its checkpointed transcript; for text and pages, which
// came from some transcript, every transcript the ledger knows.
func agentTranscripts(ctx context.Context, g *globalOptions, ts []forget.Target) (agentTranscriptsOut, error) {
	out := agentTranscriptsOut{Paths: []string{}}
	h, err := g.openHome()
	if err != nil {
		return out, err
	}
	l, err := h.Ledger()
	if err != nil {
		return out, err
	}
	cps, err := l.Checkpoints(ctx)
	if err != nil {
		return out, err
	}
	sessions, all := map[string]bool{}, false
	for _, t := range ts {
		if t.Kind == forget.KindSession {
			sessions[t.Value] = true
		} else {
			all = true
		}
	}
	seen := map[string]bool{}
	for _, cp := range cps {
		if (all || sessions[cp.SessionID]) && cp.Path != "" && !seen[cp.Path] {
			seen[cp.Path] = true
			out.Paths = append(out.Paths, cp.Path)
		}
	}
	slices.Sort(out.Paths)
	out.Count = len(out.Paths)
	return out, nil
}

// shownTranscripts bounds the transcript paths forget apply prints as text.
const shownTranscripts = 10

func printAgentTranscripts(w io.Writer, kept agentTranscriptsOut) {
	if kept.Count == 0 {
		fmt.Fprintln(w, "agents' transcripts: memfs knows none that held this; an agent's own session files elsewhere may")
		return
	}
	fmt.Fprintf(w, "agents' transcripts: memfs does not edit the agents' own session files; %d known to memfs may still hold what was forgotten (delete or edit them yourself):\n", kept.Count)
	for _, p := range kept.Paths[:min(len(kept.Paths), shownTranscripts)] {
		fmt.Fprintf(w, "  %s\n", p)
	}
	if kept.Count > shownTranscripts {
		fmt.Fprintf(w, "  ... and %d more (--json lists them all)\n", kept.Count-shownTranscripts)
	}
}
