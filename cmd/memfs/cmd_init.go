package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

func newInitCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "init",
		Short: "Create the store (idempotent)",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			h, err := g.openHome()
			if err != nil {
				return err
			}
			s, created, err := h.InitStore(cmd.Context())
			if err != nil {
				return err
			}
			defer s.Close()
			meta, err := s.Meta(cmd.Context())
			if err != nil {
				return err
			}
			path := h.StoreOptions().Path
			return g.output(map[string]any{"ok": true, "home": h.Dir, "store": path, "store_id": meta.StoreID, "created": created}, func(w io.Writer) {
				if created {
					fmt.Fprintf(w, "initialized memfs store %s at %s\n", meta.StoreID, path)
				} else {
					fmt.Fprintf(w, "memfs store %s already initialized at %s\n", meta.StoreID, path)
				}
			})
		},
	}
}
