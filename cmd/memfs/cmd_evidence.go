package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

func newEvidenceCommand(g *globalOptions) *cobra.Command {
	var entry string
	cmd := &cobra.Command{
		Use:   "evidence SESSION [--entry ID]",
		Short: "Print what a dreamer would be given for a session's pending checkpoint",
		Long: `Materialize the evidence of a session's pending checkpoint exactly as a
dream run would stage it: the projected, redacted, capped transcript since
what was last processed. The transcript goes to stdout; a summary (relation
to the processed state, redaction counts, truncations, notes) to stderr.
--json prints both as one object.

--entry ID prints the one evidence record of a transcript entry that a
page cites ("- session:SESSION entry:ID" in its Sources), projected and
redacted as a run staged it, read from the session's transcript for as
long as that file exists, whether or not the session is still pending.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			boundMemory() // it parses a whole transcript
			ctx, session := cmd.Context(), args[0]
			h, err := g.openHome()
			if err != nil {
				return err
			}
			l, err := h.Ledger()
			if err != nil {
				return err
			}
			guard, err := h.Guard(ctx)
			if err != nil {
				return err
			}
			if entry != "" {
				rec, err := dream.CitedEntry(ctx, l, guard, session, entry)
				if err != nil {
					return err
				}
				return g.raw(evidenceEntryOut{OK: true, Session: session, Entry: entry, Record: json.RawMessage(bytes.TrimSpace(rec))}, rec)
			}
			ev, cp, err := dream.PendingEvidence(ctx, l, guard, session)
			if err != nil {
				return err
			}
			if !g.JSON {
				printEvidence(g.stderr, ev, cp)
			}
			return g.raw(evidenceOut{OK: true, Session: ev.SessionID, Scope: cp.Scope,
				Cursor: cp.Cursor, Relation: ev.Relation, Redactions: ev.Redactions,
				Truncations: ev.Truncations, Notes: nonNil(ev.Notes), Records: ev.Records, Transcript: string(ev.Transcript)}, ev.Transcript)
		},
	}
	cmd.Flags().StringVar(&entry, "entry", "", "print only the evidence record of this transcript entry")
	return cmd
}

// printEvidence prints the summary of a session's evidence.
func printEvidence(w io.Writer, ev *transcript.Evidence, cp *ledger.Checkpoint) {
	fmt.Fprintf(w, "session %s (scope %s) at %s: %s, %d records, %d bytes\n", ev.SessionID, cp.Scope,
		cp.Cursor, ev.Relation, ev.Records, len(ev.Transcript))
	if len(ev.Redactions) > 0 {
		var parts []string
		for _, rule := range slices.Sorted(maps.Keys(ev.Redactions)) {
			parts = append(parts, fmt.Sprintf("%s %d", rule, ev.Redactions[rule]))
		}
		fmt.Fprintf(w, "redacted: %s\n", strings.Join(parts, ", "))
	}
	printCount(w, ev.Truncations, "truncated: %d items\n", ev.Truncations)
	for _, n := range ev.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}

// evidenceMemory is the soft memory limit of the commands that parse a
// whole transcript (checkpoint, evidence): with the default collector and
// this limit, a 1 GB transcript stays within the evidence path's 64 MB
// goal (README, Performance), where the short-lived commands' setting
// (collect only near 512 MB) would let it reach a few hundred MB.
const evidenceMemory = 48 << 20

// boundMemory restores the default collector under evidenceMemory, unless
// GOMEMLIMIT says otherwise.
func boundMemory() {
	debug.SetGCPercent(100)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(evidenceMemory)
	}
}
