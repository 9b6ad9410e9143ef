package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/app/home"
)

func newScopeCommand(g *globalOptions) *cobra.Command {
	cmd := needCommand(&cobra.Command{
		Use:   "scope adopt [--dir DIR]",
		Short: "Link a checkout's scope to its repository's",
	})
	var dir string
	adopt := &cobra.Command{
		Use:   "adopt [--dir DIR]",
		Short: "Move the memory kept under a checkout's path-derived scope to its repository's scope",
		Long: `A checkout whose memory an earlier memfs kept under a scope named from its
path keeps using that scope ("path-kept" on memfs status's here: line), so
its memory is not shared with the repository's other checkouts and
machines. memfs scope adopt, run in the checkout (or with --dir), renames
that scope to the repository's: its branch and proposals, the ledger's
records and the project record. It refuses when the repository's scope
already holds memory here (scope_held).`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			d, err := adoptDir(dir)
			if err != nil {
				return err
			}
			return g.withStore(cmd.Context(), func(h *home.Home, s *gitstore.Store) error {
				a, err := h.Adopt(cmd.Context(), s, d)
				if err != nil {
					return err
				}
				return g.output(scopeAdoptOut{OK: true, Adopted: a}, func(w io.Writer) {
					fmt.Fprintf(w, "scope %s of %s is now %s (from the repository's %s %s): %d refs and %d ledger records moved; push to share it\n",
						a.From, a.Dir, a.To, a.Source, a.Key, a.Refs, a.Records)
				})
			})
		},
	}
	adopt.Flags().StringVar(&dir, "dir", "", "the checkout (default: the working directory)")
	cmd.AddCommand(adopt)
	return cmd
}

// adoptDir is --dir made absolute, else the working directory.
func adoptDir(dir string) (string, error) {
	if dir == "" {
		return os.Getwd()
	}
	if _, err := os.Stat(dir); err != nil {
		return "", usagef("--dir %s: %v", dir, err)
	}
	return filepath.Abs(dir)
}
