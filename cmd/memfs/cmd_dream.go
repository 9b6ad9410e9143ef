package main

import (
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
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/termsafe"
)

// dreamerFlags choose and configure the dreamer; dream and serve share them.
type dreamerFlags struct {
	spec    dreamers.Spec
	timeout time.Duration
	flags   *pflag.FlagSet
}

func (o *dreamerFlags) add(f *pflag.FlagSet) {
	o.flags = f
	f.StringVar(&o.spec.Name, "dreamer", builtin.Name, "dreamer to run: builtin, claude (Claude Code), codex (Codex CLI), exec or openai (default: config dreamer, else builtin)")
	f.StringVar(&o.spec.Command, "dreamer-cmd", "", "with --dreamer exec: the `command` run by sh -c in the run directory")
	f.StringVar(&o.spec.BaseURL, "base-url", "", "with --dreamer openai: the API root of an OpenAI-compatible server (key from $MEMFS_API_KEY, else $OPENAI_API_KEY)")
	f.StringVar(&o.spec.Model, "model", "", "with --dreamer openai: the model name; with claude or codex: instead of the CLI's cheapest (haiku, gpt-5.4-mini)")
	f.DurationVar(&o.timeout, "timeout", dream.DefaultTimeout, "wall-clock limit of one run's dreaming")
}

// dreamer builds the dreamer the flags name; with a home (h not nil),
// its config.toml's [dreamer] use and model stand in for flags not given,
// and confine, read and write confine it.
func (o dreamerFlags) dreamer(h *home.Home) (dream.Dreamer, error) {
	if h != nil {
		c := h.Config.Dreamer
		if o.flags != nil && !o.flags.Changed("dreamer") && c.Use != "" {
			o.spec.Name = c.Use
		}
		if o.flags != nil && !o.flags.Changed("model") && c.Model != "" && o.spec.Name == c.Use {
			o.spec.Model = c.Model
		}
		o.spec.Confine, o.spec.Read, o.spec.Write = c.Confine, c.Read, c.Write
	}
	o.spec.Getenv = os.Getenv
	o.spec.UserHome = func() string {
		d, _ := os.UserHomeDir()
		return d
	}
	d, err := dreamers.New(o.spec)
	if errors.Is(err, dreamers.ErrSpec) {
		return nil, usageError{err}
	}
	return d, err
}

// dreamReport is one scope's outcome, as printed.
type dreamReport = dream.ScopeReport

func newDreamCommand(g *globalOptions) *cobra.Command {
	var df dreamerFlags
	var o dream.BatchOptions
	cmd := &cobra.Command{
		Use:   "dream [--dreamer builtin|claude|codex|exec|openai] [--dreamer-cmd CMD] [--base-url URL] [--model NAME] [--now] [--reset] [--timeout DUR] [--keep-runs]",
		Short: "Turn pending session evidence into memory, one run per scope",
		Long: `Run one dreaming batch in every scope with pending evidence (only the
scope named by --scope when it is given). A run stages up to 8 pending sessions
under $MEMFS_HOME/runs/<run id>/, lets the dreamer edit a copy of the scope's
memory, validates it and publishes it as the scope's new head. Failure,
timeout or invalid output publishes nothing and leaves the evidence pending;
the reason is recorded with the run.

The builtin dreamer (rules, no model) is the default. --dreamer claude or
--dreamer codex runs your own agent CLI headless in the run folder (claude -p
with haiku, codex exec with gpt-5.4-mini; --model picks another), contained
as any exec dreamer; config.toml's [dreamer] use = "claude" makes it the default.

Each scope prints its run id and the published commit, "nothing to publish",
or the failure reason. The command fails (exit 1) when any run failed.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if df.timeout <= 0 {
				return usagef("--timeout must be positive")
			}
			return g.withNewStore(cmd.Context(), func(h *home.Home, st *gitstore.Store) error {
				d, err := df.dreamer(h)
				if err != nil {
					return err
				}
				if o.Ledger, err = h.Ledger(); err != nil {
					return err
				}
				o.Home, o.Store, o.Dreamer, o.Timeout = h.Dir, st, d, df.timeout
				o.Review = o.Review || h.Config.Publish == "review"
				if g.changed("scope") {
					o.Scopes = []string{g.Scope}
				}
				if !g.JSON {
					o.Reconciled = func(ids []string) {
						fmt.Fprintf(g.stderr, "reconciled %d interrupted run(s) as cancelled\n", len(ids))
					}
					o.Ran = func(r dreamReport) {
						printLines(termsafe.NewWriter(g.stdout), r.Lines())
						printProblems(g.stderr, r.Problems, "  ")
					}
				}
				b, err := dream.RunAll(cmd.Context(), o)
				if err != nil {
					return err
				}
				g.output(dreamOut{OK: b.Failed == 0, Runs: b.Reports}, func(w io.Writer) {
					if len(b.Scopes) == 0 {
						fmt.Fprintln(w, "no pending evidence")
					}
				})
				return failedIf(b.Failed > 0)
			})
		},
	}
	f := cmd.Flags()
	df.add(f)
	f.BoolVar(&o.Force, "now", false, "run now, even during the backoff after a failure or after automatic runs stopped")
	f.BoolVar(&o.Review, "review", false, "propose for memfs review instead of publishing (also config publish = \"review\")")
	f.BoolVar(&o.Reset, "reset", false, "clear the scopes' failure counts and backoff before running")
	f.BoolVar(&o.KeepRuns, "keep-runs", false, "keep the run directories under $MEMFS_HOME/runs")
	return cmd
}
