package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/internal/home"
	"github.com/memfs/memfs/ledger"
)

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
				return g.fail(exitFailure, map[string]any{"ok": false, "path": path, "error": errJSON("ledger_not_corrupt", err)}, func(io.Writer) {
					fmt.Fprintf(g.stderr, "memfs: refused: %v; it was left as it is\n", err)
				})
			}
			if err != nil {
				return err
			}
			return g.output(map[string]any{"ok": true, "path": path, "aside": aside, "lost": home.LedgerLost}, func(w io.Writer) {
				fmt.Fprintf(w, "set the damaged ledger aside as %s\nstarted an empty ledger at %s\n", aside, path)
				fmt.Fprintf(w, "lost: %s\n", strings.Join(home.LedgerLost, ", "))
				fmt.Fprintln(w, "sessions still on disk are recorded again by the next agent hook or memfs checkpoint")
			})
		},
	})
	return needCommand(cmd)
}
