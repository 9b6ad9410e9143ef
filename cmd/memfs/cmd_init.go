package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore"
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
	opts, _, err := g.storeOptions()
	if err != nil {
		return err
	}
	home := filepath.Dir(opts.Path)
	if err := os.MkdirAll(home, 0o700); err != nil {
		return fmt.Errorf("create home: %w", err)
	}
	if err := os.Chmod(home, 0o700); err != nil {
		return fmt.Errorf("create home: %w", err)
	}
	s, created, err := gitstore.Init(ctx, opts)
	if err != nil {
		return err
	}
	defer s.Close()
	meta, err := s.Meta(ctx)
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "home": home, "store": opts.Path, "store_id": meta.StoreID, "created": created})
		return nil
	}
	if created {
		fmt.Fprintf(g.stdout, "initialized memfs store %s at %s\n", meta.StoreID, opts.Path)
	} else {
		fmt.Fprintf(g.stdout, "memfs store %s already initialized at %s\n", meta.StoreID, opts.Path)
	}
	return nil
}
