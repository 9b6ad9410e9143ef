package main

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/internal/app/demo"
)

func newDemoCommand(g *globalOptions) *cobra.Command {
	var keep bool
	cmd := &cobra.Command{
		Use:   "demo [--keep]",
		Short: "Run the whole pipeline on embedded sample sessions in a temporary home",
		Long: `Create a temporary home, checkpoint two embedded sample sessions, show
the evidence a dreamer gets, dream with the builtin dreamer, and print the
resulting history and wiki. Nothing outside the temporary home is touched;
--keep leaves it in place to explore (its path is printed).`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return demo.Run(cmd.Context(), demo.Options{Keep: keep, Out: g.stdout,
				Run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
					return run(ctx, args, strings.NewReader(""), stdout, stderr)
				}})
		},
	}
	cmd.Flags().BoolVar(&keep, "keep", false, "keep the temporary home")
	return cmd
}
