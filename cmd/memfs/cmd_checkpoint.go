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

type checkpointOptions struct {
	Transcript string
	Session    string
	Cursor     string
	Format     string
}

func newCheckpointCommand(g *globalOptions) *cobra.Command {
	var o checkpointOptions
	cmd := &cobra.Command{
		Use:   "checkpoint --transcript FILE [--session ID] [--cursor ENTRY] [--format auto|pi|claude|codex]",
		Short: "Record how far an agent session's transcript is settled",
		Long: `Record a settled cursor of a root session's transcript in the ledger, under
the session's scope (--scope, else derived from the session's working
directory). The cursor defaults to the transcript's current leaf. Subagent
transcripts are never checkpointed. Recording the same cursor again changes
nothing; a later cursor replaces the earlier one.

Errors name a stable code: source_unavailable, invalid_source,
ledger_locked (another memfs kept the ledger busy).`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.Transcript == "" {
				return usagef("checkpoint needs --transcript FILE")
			}
			res, err := checkpointTranscript(cmd.Context(), g, o, "")
			if err != nil {
				return err
			}
			return g.output(map[string]any{"ok": true, "session": res.Session, "scope": res.Scope,
				"cursor": res.Cursor, "recorded": res.Recorded, "ignored": res.Ignored, "changed": res.Changed, "pending": res.Pending}, func(w io.Writer) {
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
	f := cmd.Flags()
	f.StringVar(&o.Transcript, "transcript", "", "the session's transcript `file` (JSONL)")
	f.StringVar(&o.Session, "session", "", "session `id` (default: read from the transcript)")
	f.StringVar(&o.Cursor, "cursor", "", "settle at this `entry` id (default: the current leaf)")
	f.StringVar(&o.Format, "format", "auto", "transcript `format`: auto, pi, claude or codex")
	return cmd
}

// checkpointTranscript scans a transcript and records its settled cursor
// (package ingest). cwdHint stands in for the session's working directory
// when the transcript does not name one.
func checkpointTranscript(ctx context.Context, g *globalOptions, o checkpointOptions, cwdHint string) (*ingest.Result, error) {
	format, ok := transcript.ParseFormat(o.Format)
	if !ok {
		return nil, usagef("unknown transcript format %q (want auto, pi, claude or codex)", o.Format)
	}
	h, err := g.openHome()
	if err != nil {
		return nil, err
	}
	res, err := h.Checkpoint(ctx, g.explicitScope(), ingest.Request{Transcript: o.Transcript, Format: format,
		Session: o.Session, Cursor: o.Cursor, CWDHint: cwdHint})
	if errors.Is(err, scope.ErrInvalid) {
		return nil, usageError{err}
	}
	return res, err
}
