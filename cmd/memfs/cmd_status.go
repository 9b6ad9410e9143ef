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
		Short: "Show the store, each scope's project, head and pending sessions, and whether serve runs",
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
	pid, serving := h.ServePID()
	serve := map[string]any{"running": serving}
	if serving {
		serve["pid"] = pid
	}
	s, err := gitstore.Open(ctx, opts)
	if errors.Is(err, gitstore.ErrNotInitialized) {
		if g.JSON {
			writeJSON(g.stdout, map[string]any{"ok": true, "initialized": false, "store": opts.Path, "serve": serve})
			return nil
		}
		fmt.Fprintf(g.stdout, "no store at %s (run memfs init, or memfs serve)\n", opts.Path)
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
	l, err := h.Ledger()
	if err != nil {
		return err
	}
	scopes, pending, err := h.Status(ctx, s, l)
	if err != nil {
		return err
	}
	diverged, err := s.Diverged(ctx)
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "initialized": true, "store": opts.Path, "store_id": meta.StoreID,
			"scopes": scopes, "limits": opts.Limits, "pending": pending, "serve": serve, "diverged": len(diverged)})
		return nil
	}
	w := g.stdout
	fmt.Fprintf(w, "store:  %s (id %s)\n", opts.Path, meta.StoreID)
	fmt.Fprintf(w, "limits: %d files, %d bytes per file, %d bytes in all\n", opts.Limits.MaxFiles, opts.Limits.MaxFileBytes, opts.Limits.MaxTotalBytes)
	if serving {
		fmt.Fprintf(w, "serve:  running (pid %d)\n", pid)
	} else {
		fmt.Fprintln(w, "serve:  not running")
	}
	fmt.Fprintf(w, "pending sessions: %d\n", pending)
	if len(diverged) > 0 {
		waiting := 0
		for _, d := range diverged {
			waiting += len(d.Pending)
		}
		fmt.Fprintf(w, "diverged: %d (local histories a pull set aside; %d of their sessions not published again yet; removed once they are, or after %d days)\n",
			len(diverged), waiting, int(gitstore.DivergedRetention.Hours()/24))
	}
	if len(scopes) == 0 {
		fmt.Fprintln(w, "scopes: none yet")
	}
	for _, i := range scopes {
		head := "(no publications)"
		if i.Published {
			head = i.Head[:12] + " " + i.Time + " " + i.Subject
		}
		fmt.Fprintf(w, "scope %s: %s; %d pending\n", i.Name, head, i.Pending)
		if i.Project != "" {
			fmt.Fprintf(w, "  project %s\n", i.Project)
		}
	}
	return nil
}
