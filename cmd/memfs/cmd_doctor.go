package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	memfuse "github.com/memfs/memfs/fs"
	"github.com/memfs/memfs/internal/home"
	"github.com/memfs/memfs/ledger"
)

func newDoctorCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check what mounting needs (/dev/fuse, the mount method, stale mounts) and the ledger",
		Long: `Check the environment for FUSE mounts: whether /dev/fuse is usable, which mount
method memfs will use (mount(2) as root, else the fusermount3 helper) and why,
and whether stale FUSE mounts ("transport endpoint is not connected") are left,
with the command that clears each. Check the home's ledger too: a damaged one
is ledger_corrupt, and memfs ledger rebuild sets it aside. Exits 1 when
something needs attention.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error { return runDoctor(cmd.Context(), g) },
	}
}

func runDoctor(ctx context.Context, g *globalOptions) error {
	d := memfuse.Diagnose()
	dir, err := home.Resolve(g.Home)
	if err != nil {
		return err
	}
	lh := home.CheckLedger(ctx, dir)
	ok := len(d.Problems) == 0 && lh.OK
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": ok, "fuse": d, "ledger": lh})
	} else {
		printDiagnosis(g, d, lh)
	}
	if !ok {
		return reportedError{code: exitFailure}
	}
	return nil
}

func printDiagnosis(g *globalOptions, d memfuse.Diagnosis, lh home.LedgerHealth) {
	w := g.stdout
	if d.DevFuse {
		fmt.Fprintln(w, "/dev/fuse:     ok")
	} else {
		fmt.Fprintf(w, "/dev/fuse:     unusable: %s\n", d.DevFuseError)
	}
	fmt.Fprintf(w, "mount method:  %s (%s)\n", d.Method, d.MethodReason)
	if d.Fusermount != "" {
		fmt.Fprintf(w, "fusermount3:   %s\n", d.Fusermount)
	} else {
		fmt.Fprintf(w, "fusermount3:   %s\n", d.FusermountError)
	}
	if len(d.Stale) == 0 {
		fmt.Fprintln(w, "stale mounts:  none")
	}
	for _, m := range d.Stale {
		fmt.Fprintf(w, "stale mount:   %s (%s); clear it with: %s\n", m.Dir, m.Type, m.Clear)
	}
	for _, m := range d.Mounts {
		fmt.Fprintf(w, "memfs mount:   %s (%s)\n", m.Dir, m.Source)
	}
	switch {
	case !lh.OK:
		fmt.Fprintf(w, "ledger:        %s: %s\n", lh.Code, lh.Path)
	case lh.Exists:
		fmt.Fprintf(w, "ledger:        ok (%s)\n", lh.Path)
	default:
		fmt.Fprintf(w, "ledger:        none yet (%s)\n", lh.Path)
	}
	for _, p := range d.Problems {
		fmt.Fprintf(g.stderr, "problem: %s\n", p)
	}
	if !lh.OK {
		fmt.Fprintf(g.stderr, "problem: %s\n", lh.Error)
	}
}

func newLedgerCommand(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "ledger rebuild",
		Short: "Repair the ledger: set a damaged one aside and start an empty one",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "rebuild",
		Short: "Set a damaged ledger aside and start an empty one",
		Long: `Set a damaged ledger (ledger_corrupt; see memfs doctor) aside as
ledger.db.corrupt-<time>, kept and never deleted, and start an empty ledger.
What the old one held is lost: ` + strings.Join(home.LedgerLost, ", ") + `.
Sessions whose transcripts are still on disk are recorded again by the next
agent hook or memfs checkpoint; their next dream reads them from the start.
A sound ledger is refused and left alone.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error { return runLedgerRebuild(cmd.Context(), g) },
	})
	return needCommand(cmd)
}

func runLedgerRebuild(ctx context.Context, g *globalOptions) error {
	h, err := g.openHome()
	if err != nil {
		return err
	}
	path := home.LedgerPath(h.Dir)
	aside, err := h.RebuildLedger(ctx, time.Now())
	if errors.Is(err, ledger.ErrNotCorrupt) {
		if g.JSON {
			writeJSON(g.stdout, map[string]any{"ok": false, "path": path, "error": map[string]string{"code": "ledger_not_corrupt", "message": err.Error()}})
		} else {
			fmt.Fprintf(g.stderr, "memfs: refused: %v; it was left as it is\n", err)
		}
		return reportedError{code: exitFailure}
	}
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "path": path, "aside": aside, "lost": home.LedgerLost})
		return nil
	}
	fmt.Fprintf(g.stdout, "set the damaged ledger aside as %s\nstarted an empty ledger at %s\n", aside, path)
	fmt.Fprintf(g.stdout, "lost: %s\n", strings.Join(home.LedgerLost, ", "))
	fmt.Fprintln(g.stdout, "sessions still on disk are recorded again by the next agent hook or memfs checkpoint")
	return nil
}
