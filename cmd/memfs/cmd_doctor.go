package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream/execdreamer"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/memfuse"
)

func newDoctorCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check what mounting needs (/dev/fuse, the mount method, stale mounts) and the ledger",
		Long: `Check the environment for FUSE mounts: whether /dev/fuse is usable, which mount
method memfs will use (mount(2) as root, else the fusermount3 helper) and why,
and whether stale FUSE mounts ("transport endpoint is not connected") are left,
with the command that clears each. Check the home's ledger too: a damaged one
is ledger_corrupt, and memfs ledger rebuild sets it aside. Say whether the
kernel has Landlock, which an exec dreamer needs, and whether the store holds
erasure markers under keys it does not have (memfs key import). Exits 1 when
something needs attention.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			d := memfuse.Diagnose()
			dir, err := home.Resolve(g.Home)
			if err != nil {
				return err
			}
			lh := home.CheckLedger(cmd.Context(), dir)
			mk := home.CheckMarkerKeys(cmd.Context(), dir)
			ok := len(d.Problems) == 0 && lh.OK && mk.OK
			out := doctorOut{OK: ok, FUSE: d, Ledger: lh, MarkerKeys: mk, LandlockABI: execdreamer.LandlockABI()}
			g.output(out, func(w io.Writer) {
				printDiagnosis(g, w, d, lh, out.LandlockABI)
				printMarkerKeys(g, w, mk)
			})
			return failedIf(!ok)
		},
	}
}

// printMarkerKeys says whether the store can check every erasure marker
// it holds, and the remedy when not.
func printMarkerKeys(g *globalOptions, w io.Writer, mk home.MarkerKeys) {
	switch {
	case mk.Error != "":
		fmt.Fprintf(w, "marker keys:   unreadable\n")
		fmt.Fprintf(g.stderr, "problem: %s\n", mk.Error)
	case mk.Unchecked > 0:
		fmt.Fprintf(w, "marker keys:   %d erasure markers under keys this store does not hold (%s)\n", mk.Unchecked, strings.Join(mk.MissingKeys, ", "))
		fmt.Fprintln(g.stderr, "problem: this store cannot honour those markers, and refuses to push or export; run memfs key export FILE on the replica that made them, copy FILE here, run memfs key import FILE")
	default:
		fmt.Fprintln(w, "marker keys:   ok")
	}
}

func printDiagnosis(g *globalOptions, w io.Writer, d memfuse.Diagnosis, lh home.LedgerHealth, landlock int) {
	if d.DevFuse {
		fmt.Fprintln(w, "/dev/fuse:     ok")
	} else {
		fmt.Fprintf(w, "/dev/fuse:     unusable: %s\n", d.DevFuseError)
	}
	fmt.Fprintf(w, "mount method:  %s (%s)\n", d.Method, d.MethodReason)
	fmt.Fprintf(w, "fusermount3:   %s\n", cmp.Or(d.Fusermount, d.FusermountError))
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
	if landlock > 0 {
		fmt.Fprintf(w, "landlock:      ABI %d (exec dreamers are confined in files)\n", landlock)
	} else {
		fmt.Fprintln(w, `landlock:      unavailable (exec dreamers refuse to run unless config.toml has [dreamer] confine = "none")`)
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
		RunE: func(cmd *cobra.Command, _ []string) error {
			h, err := g.openHome()
			if err != nil {
				return err
			}
			path := home.LedgerPath(h.Dir)
			aside, err := h.RebuildLedger(cmd.Context(), time.Now())
			if errors.Is(err, ledger.ErrNotCorrupt) {
				return g.fail(exitFailure, ledgerRefusedOut{Path: path, Error: errJSON(err)}, func(io.Writer) {
					fmt.Fprintf(g.stderr, "memfs: refused: %v; it was left as it is\n", err)
				})
			}
			if err != nil {
				return err
			}
			return g.output(ledgerRebuildOut{OK: true, Path: path, Aside: aside, Lost: home.LedgerLost}, func(w io.Writer) {
				fmt.Fprintf(w, "set the damaged ledger aside as %s\nstarted an empty ledger at %s\n", aside, path)
				fmt.Fprintf(w, "lost: %s\n", strings.Join(home.LedgerLost, ", "))
				fmt.Fprintln(w, "sessions still on disk are recorded again by the next agent hook or memfs checkpoint")
			})
		},
	})
	return needCommand(cmd)
}
