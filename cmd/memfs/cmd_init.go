package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"
)

func newInitCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "init",
		Short: "Create the store (idempotent)",
		Args:  exactArgs(0),
		RunE:  func(cmd *cobra.Command, _ []string) error { return runInit(cmd.Context(), g) },
	}
}

func runInit(ctx context.Context, g *globalOptions) error {
	h, err := g.openHome()
	if err != nil {
		return err
	}
	opts := h.StoreOptions()
	s, created, err := h.InitStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	meta, err := s.Meta(ctx)
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "home": h.Dir, "store": opts.Path, "store_id": meta.StoreID, "created": created})
		return nil
	}
	if created {
		fmt.Fprintf(g.stdout, "initialized memfs store %s at %s\n", meta.StoreID, opts.Path)
	} else {
		fmt.Fprintf(g.stdout, "memfs store %s already initialized at %s\n", meta.StoreID, opts.Path)
	}
	return nil
}
