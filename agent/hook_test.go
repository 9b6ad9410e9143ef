package agent

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
)

// Ensure that each hook event reaches the right handler, that subagent
// events never checkpoint, and that SessionStart answers with one line
// of JSON carrying the context.
func TestHandleHook(t *testing.T) {
	a, _ := Lookup("claude-code")
	tests := []struct {
		name, payload  string
		wantCheckpoint string // transcript checkpointed, or ""
		wantOut        string // substring of stdout, or "" for none
	}{
		{"session start", `{"hook_event_name":"SessionStart","cwd":"/w"}`, "", `"additionalContext":"memory for /w"`},
		{"stop", `{"hook_event_name":"Stop","transcript_path":"/t/s.jsonl"}`, "/t/s.jsonl", ""},
		{"session end", `{"hook_event_name":"SessionEnd","transcript_path":"/t/s.jsonl"}`, "/t/s.jsonl", ""},
		{"subagent stop", `{"hook_event_name":"SubagentStop","transcript_path":"/t/s.jsonl"}`, "", ""},
		{"stop in a subagent", `{"hook_event_name":"Stop","agent_id":"x","transcript_path":"/t/s.jsonl"}`, "", ""},
		{"subagent transcript", `{"hook_event_name":"Stop","transcript_path":"/t/s/subagents/a.jsonl"}`, "", ""},
		{"no transcript", `{"hook_event_name":"Stop"}`, "", ""},
		{"other event", `{"hook_event_name":"PreToolUse"}`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			checkpointed := ""
			err := HandleHook(t.Context(), a, strings.NewReader(tt.payload), &out, Handlers{
				Context: func(_ context.Context, cwd string) (string, error) { return "memory for " + cwd, nil },
				Checkpoint: func(_ context.Context, p *Payload) error {
					checkpointed = p.TranscriptPath
					return nil
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			if checkpointed != tt.wantCheckpoint {
				t.Errorf("checkpointed %q, want %q", checkpointed, tt.wantCheckpoint)
			}
			switch {
			case tt.wantOut == "" && out.Len() > 0:
				t.Errorf("wrote %q, want nothing", out.String())
			case tt.wantOut != "" && (!strings.Contains(out.String(), tt.wantOut) || strings.Count(out.String(), "\n") != 1):
				t.Errorf("wrote %q, want one line with %s", out.String(), tt.wantOut)
			}
		})
	}
}

// Ensure that a payload that is not JSON, or too large, is invalid_payload
// and that the message quotes none of it.
func TestHandleHookBadPayload(t *testing.T) {
	a, _ := Lookup("codex")
	for _, p := range []string{"Zsecretword", `{"hook_event_name":"Stop"`, `["Zsecretword"]`, `{"hook_event_name":"Stop","x":"` + strings.Repeat("Z", MaxPayload) + `"}`} {
		err := HandleHook(t.Context(), a, strings.NewReader(p), &bytes.Buffer{}, Handlers{})
		if errcode.Of(err) != "invalid_payload" {
			t.Errorf("payload of %d bytes: %v, want invalid_payload", len(p), err)
		}
		if err != nil && strings.Contains(err.Error(), "Z") {
			t.Errorf("the error quotes the payload: %v", err)
		}
	}
}
