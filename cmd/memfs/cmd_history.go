package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
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
				out := make([]commitOut, 0, len(commits))
				for _, c := range commits {
					out = append(out, commitJSON(c))
				}
				return g.output(logOut{OK: true, Scope: g.Scope, Commits: out}, func(w io.Writer) {
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

func commitJSON(c gitstore.CommitInfo) commitOut {
	parents := make([]string, 0, len(c.Parents))
	for _, p := range c.Parents {
		parents = append(parents, p.String())
	}
	trailers := c.Trailers
	if trailers == nil {
		trailers = map[string]string{}
	}
	return commitOut{Commit: c.ID.String(), Tree: c.Tree.String(), Parents: parents, Author: c.Author,
		Time: c.Time.UTC().Format(time.RFC3339), Message: c.Message, Trailers: trailers}
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

func newShowCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "show REV[:PATH]",
		Short: "Show a publication and the files it changed, or one file at a revision",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rev, p, hasPath := strings.Cut(args[0], ":")
			if hasPath {
				return runCat(cmd, g, rev, p)
			}
			return g.withRev(cmd.Context(), rev, func(s *gitstore.Store, id gitstore.ID) error {
				c, err := s.CommitInfo(cmd.Context(), id)
				if err != nil {
					return err
				}
				changes, err := dream.Changes(cmd.Context(), s, c)
				if err != nil {
					return err
				}
				return g.output(showOut{commitOut: commitJSON(c), Changes: changeList(changes), OK: true}, func(w io.Writer) {
					printCommit(w, c)
					printChanges(w, changes)
				})
			})
		},
	}
}

func newCatCommand(g *globalOptions) *cobra.Command {
	var rev string
	cmd := &cobra.Command{
		Use:   "cat PATH",
		Short: "Print one file of the scope head (or of --rev)",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runCat(cmd, g, rev, args[0]) },
	}
	cmd.Flags().StringVar(&rev, "rev", "", "revision to read (default: the scope head)")
	return cmd
}

func runCat(cmd *cobra.Command, g *globalOptions, rev, p string) error {
	return g.withRev(cmd.Context(), rev, func(s *gitstore.Store, id gitstore.ID) error {
		snap, err := s.Snapshot(cmd.Context(), id)
		if err != nil {
			return err
		}
		p = strings.Trim(p, "/")
		b, err := snap.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
			return fmt.Errorf("%s at %s: %w", p, id.String()[:12], gitstore.ErrNotFound)
		}
		if err != nil {
			return err
		}
		return g.raw(catOut{OK: true, Commit: id.String(), Path: p, Content: string(b)}, b)
	})
}

// changeList is the JSON of a commit's changes.
func changeList(changes []gitstore.Change) []changeOut {
	list := make([]changeOut, 0, len(changes))
	for _, ch := range changes {
		list = append(list, changeOut{Path: ch.Path, Kind: string(ch.Kind)})
	}
	return list
}

// printChanges prints one "K\tpath" line per change, K the kind's initial.
func printChanges(w io.Writer, changes []gitstore.Change) {
	for _, ch := range changes {
		fmt.Fprintf(w, "%s\t%s\n", strings.ToUpper(string(ch.Kind[:1])), ch.Path)
	}
}
