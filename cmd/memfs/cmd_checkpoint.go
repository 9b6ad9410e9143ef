package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/ingest"
	"github.com/memfs/memfs/internal/scope"
	"github.com/memfs/memfs/transcript"
)

func newCheckpointCommand(g *globalOptions) *cobra.Command {
	var r ingest.Request
	var format string
	cmd := &cobra.Command{
		Use:   "checkpoint --transcript FILE [--session ID] [--cursor ENTRY] [--format auto|pi|claude|codex]",
		Short: "Record how far an agent session's transcript is settled",
		Long: `Record a settled cursor of a root session's transcript in the ledger, under
the session's scope (--scope, else derived from the session's working
directory). The cursor defaults to the transcript's current leaf. Subagent
transcripts are never checkpointed. Recording the same cursor again changes
nothing; a later cursor replaces the earlier one.

Errors name a stable code: source_unavailable, invalid_source,
ledger_locked (another memfs kept the ledger busy).

A checkpoint whose transcript a dream can no longer read (deleted or
moved: source_unavailable) becomes a failed checkpoint: it is no longer
pending, memfs status lists it, and "memfs checkpoint drop SESSION"
removes it. Checkpointing the transcript again makes it pending again.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			boundMemory() // it parses a whole transcript
			if r.Transcript == "" {
				return usagef("checkpoint needs --transcript FILE")
			}
			var ok bool
			if r.Format, ok = transcript.ParseFormat(format); !ok {
				return usagef("unknown transcript format %q (want auto, pi, claude or codex)", format)
			}
			res, err := checkpointTranscript(cmd.Context(), g, r)
			if err != nil {
				return err
			}
			return g.output(checkpointOut{OK: true, Session: res.Session, Scope: res.Scope,
				Cursor: res.Cursor, Recorded: res.Recorded, Ignored: res.Ignored, Changed: res.Changed, Pending: res.Pending}, func(w io.Writer) {
				switch {
				case res.Ignored:
					fmt.Fprintf(w, "session %s is a dream run's own; not checkpointed\n", res.Session)
				case !res.Recorded:
					fmt.Fprintf(w, "session %s is not a root session; not checkpointed\n", res.Session)
				case !res.Changed:
					fmt.Fprintf(w, "checkpoint %s at %s (scope %s) was already recorded\n", res.Session, res.Cursor, res.Scope)
				default:
					fmt.Fprintf(w, "checkpoint %s at %s (scope %s) recorded\n", res.Session, res.Cursor, res.Scope)
				}
			})
		},
	}
	cmd.AddCommand(newCheckpointDropCommand(g))
	f := cmd.Flags()
	f.StringVar(&r.Transcript, "transcript", "", "the session's transcript `file` (JSONL)")
	f.StringVar(&r.Session, "session", "", "session `id` (default: read from the transcript)")
	f.StringVar(&r.Cursor, "cursor", "", "settle at this `entry` id (default: the current leaf)")
	f.StringVar(&format, "format", "auto", "transcript `format`: auto, pi, claude or codex")
	return cmd
}

// checkpointTranscript records a transcript's settled cursor under the
// scope --scope names, else the session's (home.Checkpoint).
func checkpointTranscript(ctx context.Context, g *globalOptions, r ingest.Request) (*ingest.Result, error) {
	h, err := g.openHome()
	if err != nil {
		return nil, err
	}
	res, err := h.Checkpoint(ctx, g.explicitScope(), r)
	if errors.Is(err, scope.ErrInvalid) {
		return nil, usageError{err}
	}
	return res, err
}

func newCheckpointDropCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "drop SESSION",
		Short: "Remove a failed checkpoint (one whose transcript is gone)",
		Long: `Remove a failed checkpoint: a session memfs status lists under "failed
checkpoints" because a dream could not read its transcript. What memory
already holds of the session stays. Only failed checkpoints can be
dropped (else checkpoint_not_failed, exit 1).`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			h, err := g.openHome()
			if err != nil {
				return err
			}
			l, err := h.Ledger()
			if err != nil {
				return err
			}
			cp, err := l.DropFailed(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			return g.output(checkpointDropOut{OK: true, Session: cp.SessionID, Scope: cp.Scope}, func(w io.Writer) {
				fmt.Fprintf(w, "dropped the failed checkpoint of session %s (scope %s)\n", cp.SessionID, cp.Scope)
			})
		},
	}
}
