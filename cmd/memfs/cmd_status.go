package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore"
)

func newStatusCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "status",
		Short: "Show the store, its scopes and limits at a glance",
		Args:  exactArgs(0),
		RunE:  func(cmd *cobra.Command, _ []string) error { return runStatus(cmd.Context(), g) },
	}
}

func runStatus(ctx context.Context, g *globalOptions) error {
	h, err := g.openHome()
	if err != nil {
		return err
	}
	opts := h.StoreOptions()
	s, err := gitstore.Open(ctx, opts)
	if errors.Is(err, gitstore.ErrNotInitialized) {
		if g.JSON {
			writeJSON(g.stdout, map[string]any{"ok": true, "initialized": false, "store": opts.Path})
			return nil
		}
		fmt.Fprintf(g.stdout, "no store at %s (run memfs init)\n", opts.Path)
		return nil
	}
	if err != nil {
		return err
	}
	defer s.Close()
	meta, err := s.Meta(ctx)
	if err != nil {
		return err
	}
	scopes, err := s.Scopes(ctx)
	if err != nil {
		return err
	}
	type scopeInfo struct {
		Name    string `json:"name"`
		Head    string `json:"head"`
		Time    string `json:"time"`
		Subject string `json:"subject"`
	}
	infos := make([]scopeInfo, 0, len(scopes))
	for _, sc := range scopes {
		h, err := s.Head(ctx, sc)
		if err != nil {
			return err
		}
		c, err := s.CommitInfo(ctx, h)
		if err != nil {
			return err
		}
		infos = append(infos, scopeInfo{Name: sc, Head: h.String(), Time: c.Time.UTC().Format("2006-01-02T15:04:05Z"), Subject: c.Subject()})
	}
	if g.JSON {
		l, err := h.Ledger()
		if err != nil {
			return err
		}
		pending, err := l.PendingTotal(ctx)
		if err != nil {
			return err
		}
		writeJSON(g.stdout, map[string]any{"ok": true, "initialized": true, "store": opts.Path, "store_id": meta.StoreID,
			"scopes": infos, "limits": opts.Limits, "pending": pending})
		return nil
	}
	fmt.Fprintf(g.stdout, "store:  %s (id %s)\n", opts.Path, meta.StoreID)
	fmt.Fprintf(g.stdout, "limits: %d files, %d bytes per file, %d bytes in all\n", opts.Limits.MaxFiles, opts.Limits.MaxFileBytes, opts.Limits.MaxTotalBytes)
	if len(infos) == 0 {
		fmt.Fprintln(g.stdout, "scopes: none published yet")
	}
	for _, i := range infos {
		fmt.Fprintf(g.stdout, "scope %-20s %s %s %s\n", i.Name, i.Head[:12], i.Time, i.Subject)
	}
	return nil
}
