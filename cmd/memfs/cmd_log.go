package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore"
)

func newLogCommand(g *globalOptions) *cobra.Command {
	var limit int
	cmd := &cobra.Command{
		Use:   "log [REV]",
		Short: "List the scope's publications, newest first",
		Args:  rangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rev := ""
			if len(args) == 1 {
				rev = args[0]
			}
			return runLog(cmd.Context(), g, rev, limit)
		},
	}
	cmd.Flags().IntVarP(&limit, "max-count", "n", 0, "show at most `n` commits")
	return cmd
}

func commitJSON(c gitstore.CommitInfo) map[string]any {
	parents := make([]string, 0, len(c.Parents))
	for _, p := range c.Parents {
		parents = append(parents, p.String())
	}
	trailers := c.Trailers
	if trailers == nil {
		trailers = map[string]string{}
	}
	return map[string]any{"commit": c.ID.String(), "tree": c.Tree.String(), "parents": parents, "author": c.Author,
		"time": c.Time.UTC().Format(time.RFC3339), "message": c.Message, "trailers": trailers}
}

func runLog(ctx context.Context, g *globalOptions, rev string, limit int) error {
	s, h, err := g.openAt(ctx, rev)
	if err != nil {
		return err
	}
	defer s.Close()
	commits, err := s.Log(ctx, h, limit)
	if err != nil {
		return err
	}
	if g.JSON {
		out := make([]map[string]any, 0, len(commits))
		for _, c := range commits {
			out = append(out, commitJSON(c))
		}
		writeJSON(g.stdout, map[string]any{"ok": true, "scope": g.Scope, "commits": out})
		return nil
	}
	for _, c := range commits {
		printCommit(g.stdout, c)
	}
	return nil
}

// printCommit prints a commit the way git log does: id, date, the indented
// message, then its trailers in name order.
func printCommit(w io.Writer, c gitstore.CommitInfo) {
	fmt.Fprintf(w, "commit %s\nDate:   %s\n\n", c.ID, c.Time.Format(time.RFC1123Z))
	for _, line := range strings.Split(strings.TrimRight(c.Message, "\n"), "\n") {
		fmt.Fprintf(w, "    %s\n", line)
	}
	if len(c.Trailers) > 0 {
		fmt.Fprintln(w)
		keys := make([]string, 0, len(c.Trailers))
		for k := range c.Trailers {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "    %s: %s\n", k, c.Trailers[k])
		}
	}
	fmt.Fprintln(w)
}
