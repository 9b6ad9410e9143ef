package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
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
			if entry != "" {
				return runCite(cmd.Context(), g, args[0], entry)
			}
			return runEvidence(cmd.Context(), g, args[0])
		},
	}
	cmd.Flags().StringVar(&entry, "entry", "", "print only the evidence record of this transcript entry")
	return cmd
}

// runCite prints the evidence record of one cited transcript entry.
func runCite(ctx context.Context, g *globalOptions, session, entry string) error {
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
	rec, err := dream.CitedEntry(ctx, l, guard, session, entry)
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "session": session, "entry": entry, "record": json.RawMessage(bytes.TrimSpace(rec))})
		return nil
	}
	_, err = g.stdout.Write(rec)
	return err
}

func runEvidence(ctx context.Context, g *globalOptions, session string) error {
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
	ev, cp, err := dream.PendingEvidence(ctx, l, guard, session)
	if err != nil {
		return err
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "session": ev.SessionID, "scope": cp.Scope,
			"cursor": cp.Cursor, "relation": ev.Relation, "redactions": ev.Redactions,
			"truncations": ev.Truncations, "notes": nonNil(ev.Notes), "records": ev.Records, "transcript": string(ev.Transcript)})
		return nil
	}
	fmt.Fprintf(g.stderr, "session %s (scope %s) at %s: %s, %d records, %d bytes\n", ev.SessionID, cp.Scope,
		cp.Cursor, ev.Relation, ev.Records, len(ev.Transcript))
	if len(ev.Redactions) > 0 {
		var parts []string
		for _, rule := range slices.Sorted(maps.Keys(ev.Redactions)) {
			parts = append(parts, fmt.Sprintf("%s %d", rule, ev.Redactions[rule]))
		}
		fmt.Fprintf(g.stderr, "redacted: %s\n", strings.Join(parts, ", "))
	}
	if ev.Truncations > 0 {
		fmt.Fprintf(g.stderr, "truncated: %d items\n", ev.Truncations)
	}
	for _, n := range ev.Notes {
		fmt.Fprintf(g.stderr, "note: %s\n", n)
	}
	_, err = g.stdout.Write(ev.Transcript)
	return err
}
