package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/internal/errcode"
)

// Payload is the JSON an agent writes to a hook's stdin. Claude Code and
// Codex CLI share these fields.
type Payload struct {
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

// MaxPayload bounds what is read from stdin; payloads are small, but Stop
// carries the last assistant message.
const MaxPayload = 8 << 20

// Subagent reports whether the event belongs to a subagent, whose
// transcript must never be checkpointed.
func (p *Payload) Subagent() bool {
	if strings.HasPrefix(p.HookEventName, "Subagent") || p.AgentID != "" || p.AgentTranscriptPath != "" {
		return true
	}
	// Claude Code keeps subagent transcripts in <session>/subagents/.
	return slices.Contains(strings.Split(filepath.ToSlash(p.TranscriptPath), "/"), "subagents")
}

// Handlers do what hook events ask for.
type Handlers struct {
	// Context returns the memory-context message for a session working
	// in cwd.
	Context func(ctx context.Context, cwd string) (string, error)
	// Checkpoint records the settled cursor of a root session's
	// transcript; cwd stands in when the transcript names no directory.
	Checkpoint func(ctx context.Context, p *Payload) error
	// Ignore, when set, reports whether every event of the session is to
	// be left alone: a dream run's own agent session gets no memory context
	// and is never checkpointed.
	Ignore func(p *Payload) bool
}

// HandleHook reads one hook event of agent a from r and answers it on w:
// SessionStart gets the memory context as additional context; Stop and
// SessionEnd checkpoint the transcript, unless it is a subagent's. Other
// events, and every event h.Ignore refuses, are ignored.
func HandleHook(ctx context.Context, a Agent, r io.Reader, w io.Writer, h Handlers) error {
	raw, err := io.ReadAll(io.LimitReader(r, MaxPayload+1))
	if err != nil {
		return fmt.Errorf("read %s hook payload: %w", a.Title, err)
	}
	if len(raw) > MaxPayload {
		return fmt.Errorf("%s hook payload is over %d bytes: %w", a.Title, MaxPayload, ErrInvalidPayload)
	}
	var p Payload
	if err := json.Unmarshal(raw, &p); err != nil {
		// json's own message may quote a character of the payload.
		where := ""
		var se *json.SyntaxError
		if errors.As(err, &se) {
			where = fmt.Sprintf(" (at byte %d)", se.Offset)
		}
		return fmt.Errorf("%s hook payload is not a JSON object of the expected shape%s: %w", a.Title, where, ErrInvalidPayload)
	}
	if h.Ignore != nil && h.Ignore(&p) {
		return nil
	}
	switch p.HookEventName {
	case "SessionStart":
		text, err := h.Context(ctx, p.CWD)
		if err != nil {
			return err
		}
		var out sessionStartOutput
		out.HookSpecificOutput.HookEventName = "SessionStart"
		out.HookSpecificOutput.AdditionalContext = text
		return writeHookOutput(w, out)
	case "Stop", "SessionEnd":
		if p.Subagent() || p.TranscriptPath == "" {
			return nil
		}
		return h.Checkpoint(ctx, &p)
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

// ErrInvalidPayload is a hook payload that is too large or not the JSON
// object the agent's hook protocol sends; its code is invalid_payload.
var ErrInvalidPayload = errcode.New("invalid_payload", "invalid_payload")
