package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
)

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
				out := commitJSON(c)
				out["changes"], out["ok"] = changeList(changes), true
				return g.output(out, func(w io.Writer) {
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
		return g.raw(map[string]any{"ok": true, "commit": id.String(), "path": p, "content": string(b)}, b)
	})
}

// changeList is the JSON of a commit's changes.
func changeList(changes []gitstore.Change) []map[string]string {
	list := make([]map[string]string, 0, len(changes))
	for _, ch := range changes {
		list = append(list, map[string]string{"path": ch.Path, "kind": string(ch.Kind)})
	}
	return list
}

// printChanges prints one "K\tpath" line per change, K the kind's initial.
func printChanges(w io.Writer, changes []gitstore.Change) {
	for _, ch := range changes {
		fmt.Fprintf(w, "%s\t%s\n", strings.ToUpper(string(ch.Kind[:1])), ch.Path)
	}
}
