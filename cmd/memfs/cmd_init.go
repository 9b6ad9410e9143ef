package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore/replica"
	"github.com/memfs/memfs/internal/app/home"
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
			return g.output(initOut{OK: true, Home: h.Dir, Store: path, StoreID: meta.StoreID, Created: created}, func(w io.Writer) {
				if created {
					fmt.Fprintf(w, "initialized memfs store %s at %s\n", meta.StoreID, path)
				} else {
					fmt.Fprintf(w, "memfs store %s already initialized at %s\n", meta.StoreID, path)
				}
			})
		},
	}
}

func newStatusCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "status",
		Short: "Show the store, each scope's project, head and pending sessions, and whether serve runs",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			h, err := g.openHome()
			if err != nil {
				return err
			}
			opts := h.StoreOptions()
			pid, serving := h.ServePID()
			serve := serveOut{Running: serving}
			if serving {
				serve.PID = &pid
			}
			// A fresh home gets its store, as serve and the sync commands
			// give it.
			s, _, err := h.InitStore(cmd.Context())
			if err != nil {
				return err
			}
			defer s.Close()
			l, err := h.Ledger()
			if err != nil {
				return err
			}
			st, err := h.Status(cmd.Context(), s, l)
			if err != nil {
				return err
			}
			cwd, _ := os.Getwd()
			here, err := h.Here(cmd.Context(), g.explicitScope(), cwd)
			if err != nil {
				return usageError{err}
			}
			return g.output(statusOut{OK: true, Initialized: true, Store: opts.Path, StoreID: st.StoreID,
				Scopes: st.Scopes, Limits: opts.Limits, Pending: st.Pending, Serve: serve, Diverged: st.Diverged, Failed: st.Failed,
				Settling: st.Settling, Waiting: st.Waiting, Here: here, UncheckedMarkers: st.Unchecked, MissingKeys: st.MissingKeys}, func(w io.Writer) {
				fmt.Fprintf(w, "store:  %s (id %s)\n", opts.Path, st.StoreID)
				printHere(w, here)
				fmt.Fprintf(w, "limits: %d files, %d bytes per file, %d bytes in all\n", opts.Limits.MaxFiles, opts.Limits.MaxFileBytes, opts.Limits.MaxTotalBytes)
				if serving {
					fmt.Fprintf(w, "serve:  running (pid %d)\n", pid)
				} else {
					fmt.Fprintln(w, "serve:  not running")
				}
				fmt.Fprintf(w, "pending sessions: %d\n", st.Pending)
				if len(st.Failed) > 0 {
					fmt.Fprintf(w, "failed checkpoints: %d (transcript gone; not dreamed; memfs checkpoint drop SESSION removes one)\n", len(st.Failed))
					for _, f := range st.Failed {
						fmt.Fprintf(w, "  %s (scope %s): %s since %s\n", f.Session, f.Scope, f.Code, f.Since)
					}
				}
				if len(st.Settling) > 0 {
					fmt.Fprintf(w, "settling: %d (transcripts with turns newer than their checkpoint; checkpointed once unchanged for the settle period)\n", len(st.Settling))
					for _, s := range st.Settling {
						fmt.Fprintf(w, "  %s (scope %s): %d bytes since the checkpoint, last changed %s\n", s.Session, s.Scope, s.Bytes, s.Modified)
					}
				}
				for _, ws := range st.Waiting {
					if ws.Stopped {
						fmt.Fprintf(w, "scope %s: dreaming stopped after %d failures (memfs dream --now runs it; memfs doctor may say why)\n", ws.Scope, ws.Failures)
					} else {
						fmt.Fprintf(w, "scope %s: %d failed dreams; next attempt at %s\n", ws.Scope, ws.Failures, ws.NextAttempt)
					}
				}
				printCount(w, st.Unchecked, "erasure markers this store cannot check: %d (keys %s); push and export stop until you run memfs key export on the replica that made them and memfs key import here\n",
					st.Unchecked, strings.Join(st.MissingKeys, ", "))
				printCount(w, st.Diverged, "diverged: %d (local histories a pull set aside; %d of their sessions not published again yet; removed once they are, or after %d days)\n",
					st.Diverged, st.DivergedPending, int(replica.DivergedRetention.Hours()/24))
				if len(st.Scopes) == 0 {
					fmt.Fprintln(w, "scopes: none yet")
				}
				for _, i := range st.Scopes {
					head := "(no publications)"
					if i.Published {
						head = i.Head[:12] + " " + i.Time + " " + i.Subject
					}
					fmt.Fprintf(w, "scope %s: %s; %d pending\n", i.Name, head, i.Pending)
					if i.Project != "" {
						fmt.Fprintf(w, "  project %s\n", i.Project)
					}
				}
			})
		},
	}
}

// printHere says which scope a command run here acts on, and why.
func printHere(w io.Writer, h home.Here) {
	why := map[string]string{
		"flag":        "from --scope",
		"config":      "from config.toml scopes = \"single\" (or no folder)",
		"origin":      "from the repository's origin " + h.Key,
		"root-commit": "from the repository's root commit " + h.Key,
		"path":        "from the folder " + h.Key,
		"path-kept":   "from the folder " + h.Key + ", which holds this project's memory here; the repository's scope is " + h.RepositoryScope + ", memfs scope adopt moves the memory there",
	}[h.Source]
	fmt.Fprintf(w, "here:   scope %s (%s)\n", h.Scope, why)
}
