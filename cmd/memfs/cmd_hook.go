package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// hookPayload is the JSON an agent writes to a hook's stdin. Claude Code
// and Codex CLI share these fields.
type hookPayload struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	CWD            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	// AgentID is set (Claude Code) when the hook fires inside a subagent.
	// agent_type is not a subagent sign: it is also set for a main session
	// started with --agent.
	AgentID string `json:"agent_id"`
	// AgentTranscriptPath comes with SubagentStop.
	AgentTranscriptPath string `json:"agent_transcript_path"`
}

// sessionStartOutput is a SessionStart hook's answer, the same for Claude
// Code and Codex: the text is added to the session's context.
type sessionStartOutput struct {
	HookSpecificOutput struct {
		HookEventName     string `json:"hookEventName"`
		AdditionalContext string `json:"additionalContext"`
	} `json:"hookSpecificOutput"`
}

// maxHookPayload bounds what is read from stdin; payloads are small, but
// Stop carries the last assistant message.
const maxHookPayload = 8 << 20

// subagent reports whether the event belongs to a subagent, whose
// transcript must never be checkpointed.
func (p *hookPayload) subagent() bool {
	if strings.HasPrefix(p.HookEventName, "Subagent") || p.AgentID != "" || p.AgentTranscriptPath != "" {
		return true
	}
	// Claude Code keeps subagent transcripts in <session>/subagents/.
	return slices.Contains(strings.Split(filepath.ToSlash(p.TranscriptPath), "/"), "subagents")
}

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
	raw, err := io.ReadAll(io.LimitReader(g.stdin, maxHookPayload+1))
	if err != nil {
		return fmt.Errorf("read %s hook payload: %w", a.title, err)
	}
	if len(raw) > maxHookPayload {
		return fmt.Errorf("%s hook payload is over %d bytes", a.title, maxHookPayload)
	}
	var p hookPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("%s hook payload is not JSON: %w", a.title, err)
	}
	ctx := cmd.Context()
	switch p.HookEventName {
	case "SessionStart":
		o.CWD = p.CWD
		msg, err := memoryContext(ctx, g, o)
		if err != nil {
			return err
		}
		var out sessionStartOutput
		out.HookSpecificOutput.HookEventName = "SessionStart"
		out.HookSpecificOutput.AdditionalContext = msg.Text
		return writeHookOutput(g.stdout, out)
	case "Stop", "SessionEnd":
		if p.subagent() || p.TranscriptPath == "" {
			return nil
		}
		res, err := checkpointTranscript(ctx, g, checkpointOptions{Transcript: p.TranscriptPath, Format: "auto"}, p.CWD)
		if err != nil {
			return err
		}
		g.logger().Debug("hook checkpoint", "event", p.HookEventName, "session", res.Session,
			"scope", res.Scope, "recorded", res.Recorded, "changed", res.Changed)
	}
	return nil
}

// writeHookOutput writes one line of JSON, as agents read hook stdout.
func writeHookOutput(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
