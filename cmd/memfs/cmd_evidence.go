package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/transcript"
)

// Sentinel errors of the evidence command.
var (
	// errNoCheckpoint means the ledger has no checkpoint of the session.
	errNoCheckpoint = errors.New("no checkpoint recorded for this session")
	// errNotPending means the session's checkpoint was already processed.
	errNotPending = errors.New("session has no pending checkpoint")
)

// evidenceCode returns the code of the evidence command's errors, or "".
func evidenceCode(err error) string {
	switch {
	case errors.Is(err, errNoCheckpoint):
		return "no_checkpoint"
	case errors.Is(err, errNotPending):
		return "not_pending"
	}
	return ""
}

func newEvidenceCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "evidence SESSION",
		Short: "Print what a dreamer would be given for a session's pending checkpoint",
		Long: `Materialize the evidence of a session's pending checkpoint exactly as a
dream run would stage it: the projected, redacted, capped transcript since
what was last processed. The transcript goes to stdout; a summary (relation
to the processed state, redaction counts, truncations, notes) to stderr.
--json prints both as one object.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runEvidence(cmd.Context(), g, args[0]) },
	}
}

func runEvidence(ctx context.Context, g *globalOptions, session string) error {
	l, err := g.openLedger()
	if err != nil {
		return err
	}
	st, err := l.Session(ctx, session)
	if err != nil {
		return err
	}
	if st.Checkpoint == nil {
		return fmt.Errorf("session %s: %w", session, errNoCheckpoint)
	}
	if !st.Pending {
		return fmt.Errorf("session %s: %w (processed up to %s)", session, errNotPending, st.Checkpoint.Cursor)
	}
	prev := st.Processed
	if prev == nil && st.Checkpoint.ForkedFrom != "" {
		// A fork's copied history counts as processed as far as its
		// parent's was.
		parent, err := l.Session(ctx, st.Checkpoint.ForkedFrom)
		if err != nil {
			return err
		}
		prev = parent.Processed
	}
	ev, err := transcript.Materialize(ctx, st.Checkpoint.Checkpoint, prev)
	if err != nil {
		return err
	}
	if s, err := g.openStore(ctx); err == nil {
		guard, gerr := s.Guard(ctx)
		s.Close()
		if gerr != nil {
			return gerr
		}
		if guard != nil {
			dream.Withhold(ev, guard)
		}
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "session": ev.SessionID, "scope": st.Checkpoint.Scope,
			"cursor": st.Checkpoint.Cursor, "relation": ev.Relation, "redactions": ev.Redactions,
			"truncations": ev.Truncations, "notes": nonNil(ev.Notes), "records": ev.Records, "transcript": string(ev.Transcript)})
		return nil
	}
	fmt.Fprintf(g.stderr, "session %s (scope %s) at %s: %s, %d records, %d bytes\n", ev.SessionID, st.Checkpoint.Scope,
		st.Checkpoint.Cursor, ev.Relation, ev.Records, len(ev.Transcript))
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
