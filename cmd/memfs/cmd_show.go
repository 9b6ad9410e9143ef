package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"

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
				return runCat(cmd.Context(), g, rev, p)
			}
			return runShow(cmd.Context(), g, rev)
		},
	}
}

func newCatCommand(g *globalOptions) *cobra.Command {
	var rev string
	cmd := &cobra.Command{
		Use:   "cat PATH",
		Short: "Print one file of the scope head (or of --rev)",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runCat(cmd.Context(), g, rev, args[0]) },
	}
	cmd.Flags().StringVar(&rev, "rev", "", "revision to read (default: the scope head)")
	return cmd
}

func runShow(ctx context.Context, g *globalOptions, rev string) error {
	s, h, err := g.openAt(ctx, rev)
	if err != nil {
		return err
	}
	defer s.Close()
	c, err := s.CommitInfo(ctx, h)
	if err != nil {
		return err
	}
	changes, err := changesOf(ctx, s, c)
	if err != nil {
		return err
	}
	if g.JSON {
		out := commitJSON(c)
		list := make([]map[string]string, 0, len(changes))
		for _, ch := range changes {
			list = append(list, map[string]string{"path": ch.Path, "kind": string(ch.Kind)})
		}
		out["changes"] = list
		out["ok"] = true
		writeJSON(g.stdout, out)
		return nil
	}
	printCommit(g.stdout, c)
	for _, ch := range changes {
		fmt.Fprintf(g.stdout, "%s\t%s\n", strings.ToUpper(string(ch.Kind[:1])), ch.Path)
	}
	return nil
}

func runCat(ctx context.Context, g *globalOptions, rev, p string) error {
	s, h, err := g.openAt(ctx, rev)
	if err != nil {
		return err
	}
	defer s.Close()
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return err
	}
	p = strings.Trim(p, "/")
	b, err := snap.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
		return fmt.Errorf("%s at %s: %w", p, h.String()[:12], gitstore.ErrNotFound)
	}
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "commit": h.String(), "path": p, "content": string(b)})
		return nil
	}
	_, err = g.stdout.Write(b)
	return err
}

// changesOf lists what a commit changed against its first parent.
func changesOf(ctx context.Context, s *gitstore.Store, c gitstore.CommitInfo) ([]gitstore.Change, error) {
	var parentTree gitstore.ID
	if len(c.Parents) > 0 {
		p, err := s.CommitInfo(ctx, c.Parents[0])
		if err != nil {
			return nil, err
		}
		parentTree = p.Tree
	}
	return s.Diff(ctx, parentTree, c.Tree)
}
