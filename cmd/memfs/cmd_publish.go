package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/validate"
)

func newPublishCommand(g *globalOptions) *cobra.Command {
	var o gitstore.PublishOptions
	cmd := &cobra.Command{
		Use:   "publish DIR",
		Short: "Validate DIR in publish mode and commit it as the scope's new head",
		Long: `Validate DIR in publish mode and commit it as the scope's new head; prints the commit id.

A rejected artifact exits 3 with every problem listed as "path: code: message",
and nothing changes.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("source-sessions") {
				o.Sources = nil
			} else if o.Sources == nil {
				o.Sources = []string{}
			}
			return runPublish(cmd.Context(), g, o, args[0])
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.Message, "message", "m", "", "commit `message`")
	f.StringSliceVar(&o.Sources, "source-sessions", nil, "allow-list of session `ids` pages may newly cite (comma-separated)")
	f.BoolVar(&o.NoRequireSources, "no-require-sources", false, "allow pages without a Sources section")
	return cmd
}

func runPublish(ctx context.Context, g *globalOptions, o gitstore.PublishOptions, dir string) error {
	if _, err := os.Stat(dir); err != nil {
		return fmt.Errorf("publish %s: no such directory", dir)
	}
	for i, id := range o.Sources {
		o.Sources[i] = strings.TrimSpace(id)
	}
	return g.withScope(ctx, func(h *home.Home, s *gitstore.Store) error {
		o.Scope = g.Scope
		res, err := s.Publish(ctx, dir, o)
		if errors.Is(err, validate.ErrRejected) && res != nil {
			return reportRejection(g, res.Report)
		}
		if err != nil {
			return err
		}
		if cwd, err := os.Getwd(); err == nil {
			_, _ = h.RecordScope(ctx, g.explicitScope(), cwd) // a publication makes the scope known
		}
		warnings := res.Report.Warnings()
		parent := ""
		if !res.Parent.IsZero() {
			parent = res.Parent.String()
		}
		return g.output(publishOut{OK: true, Scope: g.Scope, Commit: res.Commit.String(), Parent: parent,
			Unchanged: res.Unchanged, Changes: changeList(res.Changes), Warnings: nonNil(warnings)}, func(w io.Writer) {
			printProblems(g.stderr, warnings, "warning: ")
			if res.Unchanged {
				fmt.Fprintf(g.stderr, "nothing changed: scope %s keeps its head\n", g.Scope)
			}
			fmt.Fprintln(w, res.Commit.String())
		})
	})
}

// reportRejection prints a rejected report and returns the exit status 3.
func reportRejection(g *globalOptions, rep *validate.Report) error {
	return g.fail(exitRejected, rejectionOut{Errors: nonNil(rep.Errors()), Warnings: nonNil(rep.Warnings())}, func(io.Writer) {
		printProblems(g.stderr, rep.Errors(), "")
		printProblems(g.stderr, rep.Warnings(), "warning: ")
		fmt.Fprintf(g.stderr, "memfs: rejected: %d problem(s); nothing changed\n", len(rep.Errors()))
	})
}

func newValidateCommand(g *globalOptions) *cobra.Command {
	var mode string
	cmd := &cobra.Command{
		Use:   "validate DIR",
		Short: "Check DIR against the artifact rules without publishing",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, err := validate.ParseMode(mode)
			if err != nil {
				return usageError{err}
			}
			h, err := g.openHome()
			if err != nil {
				return err
			}
			d, err := validate.OpenDir(args[0])
			if err != nil {
				return err
			}
			defer d.Close()
			rep, err := validate.Validate(cmd.Context(), d, validate.Options{Mode: m, Limits: h.Config.Limits})
			if err != nil {
				return err
			}
			if !rep.OK() {
				return reportRejection(g, rep)
			}
			return g.output(validateOut{OK: true, Mode: m.String(), Files: len(rep.Files),
				Errors: []validate.Problem{}, Warnings: nonNil(rep.Warnings())}, func(w io.Writer) {
				printProblems(g.stderr, rep.Warnings(), "warning: ")
				fmt.Fprintf(w, "ok: %d file(s) pass %s-mode validation (%d warning(s))\n", len(rep.Files), m, len(rep.Warnings()))
			})
		},
	}
	cmd.Flags().StringVar(&mode, "mode", "publish", "rules to apply: publish or read")
	return cmd
}
