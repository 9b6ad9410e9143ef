package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
	"github.com/memfs/memfs/dream/dreamers"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/home"
)

// dreamOptions are the flags of the dream command.
type dreamOptions struct {
	Dreamer  string
	Command  string
	BaseURL  string
	Model    string
	Now      bool
	Timeout  time.Duration
	KeepRuns bool
	Reset    bool
	Review   bool
}

// addDreamerFlags adds the flags that choose and configure the dreamer;
// dream and serve share them.
func (o *dreamOptions) addDreamerFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Dreamer, "dreamer", builtin.Name, "dreamer to run: builtin, exec or openai")
	f.StringVar(&o.Command, "dreamer-cmd", "", "with --dreamer exec: the `command` run by sh -c in the run directory")
	f.StringVar(&o.BaseURL, "base-url", "", "with --dreamer openai: the API root of an OpenAI-compatible server (key from $MEMFS_API_KEY, else $OPENAI_API_KEY)")
	f.StringVar(&o.Model, "model", "", "with --dreamer openai: the model name")
	f.DurationVar(&o.Timeout, "timeout", dream.DefaultTimeout, "wall-clock limit of one run's dreaming")
}

func newDreamCommand(g *globalOptions) *cobra.Command {
	var o dreamOptions
	cmd := &cobra.Command{
		Use:   "dream [--dreamer builtin|exec|openai] [--dreamer-cmd CMD] [--base-url URL --model NAME] [--now] [--reset] [--timeout DUR] [--keep-runs]",
		Short: "Turn pending session evidence into memory, one run per scope",
		Long: `Run one dreaming batch in every scope with pending evidence (only the
scope named by --scope when it is given). A run stages up to 8 pending sessions
under $MEMFS_HOME/runs/<run id>/, lets the dreamer edit a copy of the scope's
memory, validates it and publishes it as the scope's new head. Failure,
timeout or invalid output publishes nothing and leaves the evidence pending;
the reason is recorded with the run.

Each scope prints its run id and the published commit, "nothing to publish",
or the failure reason. The command fails (exit 1) when any run failed.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error { return runDream(cmd.Context(), g, o) },
	}
	f := cmd.Flags()
	o.addDreamerFlags(f)
	f.BoolVar(&o.Now, "now", false, "run now, even during the backoff after a failure or after automatic runs stopped")
	f.BoolVar(&o.Review, "review", false, "propose for memfs review instead of publishing (also config publish = \"review\")")
	f.BoolVar(&o.Reset, "reset", false, "clear the scopes' failure counts and backoff before running")
	f.BoolVar(&o.KeepRuns, "keep-runs", false, "keep the run directories under $MEMFS_HOME/runs")
	return cmd
}

// dreamReport is one scope's outcome, as printed.
type dreamReport = dream.ScopeReport

// newDreamer builds the dreamer the flags name.
func newDreamer(o dreamOptions) (dream.Dreamer, error) {
	d, err := dreamers.New(dreamers.Spec{Name: o.Dreamer, Command: o.Command, BaseURL: o.BaseURL, Model: o.Model, Getenv: os.Getenv})
	if errors.Is(err, dreamers.ErrSpec) {
		return nil, usageError{err}
	}
	return d, err
}

func runDream(ctx context.Context, g *globalOptions, o dreamOptions) error {
	d, err := newDreamer(o)
	if err != nil {
		return err
	}
	if o.Timeout <= 0 {
		return usagef("--timeout must be positive")
	}
	return g.withStore(ctx, func(h *home.Home, st *gitstore.Store) error {
		l, err := h.Ledger()
		if err != nil {
			return err
		}
		bo := dream.BatchOptions{
			Options: dream.Options{Home: h.Dir, Store: st, Ledger: l, Dreamer: d, Timeout: o.Timeout,
				KeepRuns: o.KeepRuns, Force: o.Now, Review: o.Review || h.Config.Publish == "review"},
			Reset: o.Reset,
		}
		if g.changed("scope") {
			bo.Scopes = []string{g.Scope}
		}
		if !g.JSON {
			bo.Reconciled = func(ids []string) {
				fmt.Fprintf(g.stderr, "reconciled %d interrupted run(s) as cancelled\n", len(ids))
			}
			bo.Ran = func(r dream.ScopeReport) { printDreamReport(g, r) }
		}
		b, err := dream.RunAll(ctx, bo)
		if err != nil {
			return err
		}
		g.output(map[string]any{"ok": b.Failed == 0, "runs": b.Reports}, func(w io.Writer) {
			if len(b.Scopes) == 0 {
				fmt.Fprintln(w, "no pending evidence")
			}
		})
		return failedIf(b.Failed > 0)
	})
}

func printDreamReport(g *globalOptions, r dream.ScopeReport) {
	if r.AwaitingReview != "" {
		fmt.Fprintf(g.stdout, "%s: not run: proposal %s awaits review (memfs review approve|reject %s)\n", r.Scope, r.AwaitingReview, r.AwaitingReview)
		return
	}
	if d := r.Deferred; d != nil {
		if d.Stopped {
			fmt.Fprintf(g.stdout, "%s: not run: stopped after %d consecutive failures (memfs dream --now or --reset)\n", r.Scope, d.Failures)
		} else {
			fmt.Fprintf(g.stdout, "%s: not run: backing off after %d failure(s) until %s (memfs dream --now runs it now)\n",
				r.Scope, d.Failures, d.NextAttempt.UTC().Format(time.RFC3339))
		}
		return
	}
	if r.RunID == "" {
		fmt.Fprintf(g.stdout, "%s: no pending evidence\n", r.Scope)
		return
	}
	switch {
	case r.Reason != "":
		fmt.Fprintf(g.stdout, "%s: run %s failed: %s (%d session(s) stay pending)\n", r.Scope, r.RunID, r.Reason, len(r.Sessions)+len(r.Skipped))
		printProblems(g.stderr, r.Problems, "  ")
	case r.Proposed:
		fmt.Fprintf(g.stdout, "%s: run %s proposed %s for review (memfs review show %s)\n", r.Scope, r.RunID, r.Commit, r.RunID)
	case r.Published:
		fmt.Fprintf(g.stdout, "%s: run %s published %s (%d session(s), %d acknowledged)\n", r.Scope, r.RunID, r.Commit, len(r.Sessions), len(r.Acknowledged))
	default:
		fmt.Fprintf(g.stdout, "%s: run %s: nothing to publish (%d session(s), %d acknowledged)\n", r.Scope, r.RunID, len(r.Sessions), len(r.Acknowledged))
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(g.stdout, "  %s: skipped: %s (stays pending)\n", s.SessionID, s.Code)
	}
	if r.Dir != "" {
		fmt.Fprintf(g.stdout, "  run dir: %s\n", r.Dir)
	}
}
