package main

import (
	"context"
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/agent"
)

func newHookCommand(g *globalOptions) *cobra.Command {
	var o contextOptions
	cmd := &cobra.Command{
		Use:   "hook claude-code|codex",
		Short: "Answer an agent's hook event (JSON on stdin)",
		Long: `Run by Claude Code or Codex CLI as a command hook (see memfs install).

  SessionStart       prints the memory context as the session's additional
                     context (hookSpecificOutput.additionalContext)
  Stop, SessionEnd   checkpoints the session's transcript_path
  subagent events    ignored: subagent transcripts are never checkpointed
  dream run sessions ignored: an agent a dreamer runs (MEMFS_RUN_DIR set, or
                     working under $MEMFS_HOME/runs/) is never memory's evidence

Other events are ignored. A failure exits 1 (the agent goes on and shows
the error), never 2, which agents read as "block".`,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := runHook(cmd, g, o, args)
			var ue usageError
			if errors.As(err, &ue) {
				return errors.New(ue.Error()) // exit 1, not 2
			}
			return err
		},
	}
	o.addFlags(cmd)
	return cmd
}

func runHook(cmd *cobra.Command, g *globalOptions, o contextOptions, args []string) error {
	a, err := agentArg(cmd, args)
	if err != nil {
		return err
	}
	h, err := g.openHome()
	if err != nil {
		return err
	}
	return agent.HandleHook(cmd.Context(), a, g.stdin, g.stdout, agent.Handlers{
		Ignore: func(p *agent.Payload) bool {
			ignore := h.DreamerSession(os.Getenv, p.CWD, p.TranscriptPath)
			if ignore {
				g.logger().Debug("hook ignored: a dream run's own session", "event", p.HookEventName, "session", p.SessionID)
			}
			return ignore
		},
		Context: func(ctx context.Context, cwd string) (string, error) {
			o.CWD = cwd
			msg, err := memoryContext(ctx, g, o)
			if err != nil {
				return "", err
			}
			return msg.Text, nil
		},
		Checkpoint: func(ctx context.Context, p *agent.Payload) error {
			res, err := checkpointTranscript(ctx, g, checkpointOptions{Transcript: p.TranscriptPath, Format: "auto"}, p.CWD)
			if err != nil {
				return err
			}
			g.logger().Debug("hook checkpoint", "event", p.HookEventName, "session", res.Session,
				"scope", res.Scope, "recorded", res.Recorded, "changed", res.Changed)
			return nil
		},
	})
}
