package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/validate"
)

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
			return runValidate(cmd.Context(), g, m, args[0])
		},
	}
	cmd.Flags().StringVar(&mode, "mode", "publish", "rules to apply: publish or read")
	return cmd
}

func runValidate(ctx context.Context, g *globalOptions, mode validate.Mode, dir string) error {
	h, err := g.openHome()
	if err != nil {
		return err
	}
	d, err := validate.OpenDir(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	rep, err := validate.Validate(ctx, d, validate.Options{Mode: mode, Limits: h.Config.Limits})
	if err != nil {
		return err
	}
	if !rep.OK() {
		return reportRejection(g, rep)
	}
	return g.output(map[string]any{"ok": true, "mode": mode.String(), "files": len(rep.Files),
		"errors": []validate.Problem{}, "warnings": nonNil(rep.Warnings())}, func(w io.Writer) {
		printProblems(g.stderr, rep.Warnings(), "warning: ")
		fmt.Fprintf(w, "ok: %d file(s) pass %s-mode validation (%d warning(s))\n", len(rep.Files), mode, len(rep.Warnings()))
	})
}
