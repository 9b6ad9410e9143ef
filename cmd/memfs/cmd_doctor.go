package main

import (
	"fmt"

	"github.com/spf13/cobra"

	memfuse "github.com/memfs/memfs/fs"
)

func newDoctorCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check what mounting needs: /dev/fuse, the mount method, stale mounts",
		Long: `Check the environment for FUSE mounts: whether /dev/fuse is usable, which mount
method memfs will use (mount(2) as root, else the fusermount3 helper) and why,
and whether stale FUSE mounts ("transport endpoint is not connected") are left,
with the command that clears each. Exits 1 when something needs attention.`,
		Args: exactArgs(0),
		RunE: func(*cobra.Command, []string) error { return runDoctor(g) },
	}
}

func runDoctor(g *globalOptions) error {
	d := memfuse.Diagnose()
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": len(d.Problems) == 0, "fuse": d})
	} else {
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
		for _, p := range d.Problems {
			fmt.Fprintf(g.stderr, "problem: %s\n", p)
		}
	}
	if len(d.Problems) > 0 {
		return reportedError{code: exitFailure}
	}
	return nil
}
