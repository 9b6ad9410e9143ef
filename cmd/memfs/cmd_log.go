package main

import (
	"fmt"
	"io"
	"maps"
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
			return g.withRev(cmd.Context(), strings.Join(args, ""), func(s *gitstore.Store, id gitstore.ID) error {
				commits, err := s.Log(cmd.Context(), id, limit)
				if err != nil {
					return err
				}
				out := make([]map[string]any, 0, len(commits))
				for _, c := range commits {
					out = append(out, commitJSON(c))
				}
				return g.output(map[string]any{"ok": true, "scope": g.Scope, "commits": out}, func(w io.Writer) {
					for _, c := range commits {
						printCommit(w, c)
					}
				})
			})
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

// printCommit prints a commit the way git log does: id, date, the indented
// message, then its trailers in name order.
func printCommit(w io.Writer, c gitstore.CommitInfo) {
	fmt.Fprintf(w, "commit %s\nDate:   %s\n\n", c.ID, c.Time.Format(time.RFC1123Z))
	for _, line := range strings.Split(strings.TrimRight(c.Message, "\n"), "\n") {
		fmt.Fprintf(w, "    %s\n", line)
	}
	if len(c.Trailers) > 0 {
		fmt.Fprintln(w)
		for _, k := range slices.Sorted(maps.Keys(c.Trailers)) {
			fmt.Fprintf(w, "    %s: %s\n", k, c.Trailers[k])
		}
	}
	fmt.Fprintln(w)
}
