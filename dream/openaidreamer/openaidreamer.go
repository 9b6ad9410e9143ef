package openaidreamer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/memfs/memfs/dream"
)

// Name is the dreamer's name on the command line.
const Name = "openai"

// DefaultMaxTurns bounds the requests of one run.
const DefaultMaxTurns = 64

// Dreamer runs the tool-calling loop against one endpoint and model.
type Dreamer struct {
	// BaseURL is the API root, e.g. https://api.openai.com/v1 or
	// http://localhost:11434/v1; requests go to BaseURL/chat/completions.
	BaseURL string
	Model   string
	// APIKey is sent as a bearer token when set.
	APIKey   string
	Client   *http.Client
	MaxTurns int
}

// Interface check for Dreamer.
var _ dream.Dreamer = Dreamer{}

// Wire format of Chat Completions, the parts memfs uses.
type (
	message struct {
		Role       string     `json:"role"`
		Content    *string    `json:"content"`
		ToolCalls  []toolCall `json:"tool_calls,omitempty"`
		ToolCallID string     `json:"tool_call_id,omitempty"`
	}
	toolCall struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	}
	request struct {
		Model    string           `json:"model"`
		Messages []message        `json:"messages"`
		Tools    []map[string]any `json:"tools"`
	}
	response struct {
		Choices []struct {
			Message      message `json:"message"`
			FinishReason string  `json:"finish_reason"`
		} `json:"choices"`
	}
)

func text(s string) *string { return &s }

// operating is the start of the system prompt: how to work, then the
// rules in short; the staged instructions follow it.
const operating = `You maintain this memory wiki. Work only through the tools. The evidence
(read-only) is under .dreaming/input/: manifest.json lists the sessions and
each sessions/<dir>/transcript.jsonl holds one session's evidence. The memory
you edit is .memory/. Read the memory before you change it. Follow the
instructions below; when you are done, reply with a one-paragraph summary of
what you changed and call no tool.

` + dream.Checklist + "\n"

// Dream runs the loop until the model answers without tool calls.
func (d Dreamer) Dream(ctx context.Context, runDir string) (string, error) {
	if d.BaseURL == "" || d.Model == "" {
		return "", errors.New("openai dreamer: --base-url and --model are required")
	}
	root, err := os.OpenRoot(runDir)
	if err != nil {
		return "", fmt.Errorf("openai dreamer: %w", err)
	}
	defer root.Close()
	instr, err := os.ReadFile(filepath.Join(runDir, filepath.FromSlash(dream.InstructionsPath)))
	if err != nil {
		return "", fmt.Errorf("openai dreamer: instructions: %w", err)
	}
	t := &tools{root: root}
	msgs := []message{
		{Role: "system", Content: text(operating + string(instr))},
		{Role: "user", Content: text("Dream this run: read the manifest and the evidence, then update .memory/.")},
	}
	turns := d.MaxTurns
	if turns <= 0 {
		turns = DefaultMaxTurns
	}
	for range turns {
		reply, err := d.complete(ctx, msgs)
		if err != nil {
			return "", err
		}
		msgs = append(msgs, reply)
		if len(reply.ToolCalls) == 0 {
			if reply.Content == nil {
				return "", nil
			}
			return strings.TrimSpace(*reply.Content), nil
		}
		for _, c := range reply.ToolCalls {
			out, err := t.call(c.Function.Name, c.Function.Arguments)
			if err != nil {
				out = "error: " + err.Error()
			}
			msgs = append(msgs, message{Role: "tool", ToolCallID: c.ID, Content: text(out)})
		}
	}
	return "", fmt.Errorf("openai dreamer: no final answer after %d requests", turns)
}

func (d Dreamer) complete(ctx context.Context, msgs []message) (message, error) {
	body, err := json.Marshal(request{Model: d.Model, Messages: msgs, Tools: toolSpecs()})
	if err != nil {
		return message{}, err
	}
	url := strings.TrimSuffix(d.BaseURL, "/") + "/chat/completions"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return message{}, fmt.Errorf("openai dreamer: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if d.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+d.APIKey)
	}
	client := d.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return message{}, fmt.Errorf("openai dreamer: request: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		// The body may echo the prompt, which quotes evidence: name only
		// the status.
		io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
		return message{}, fmt.Errorf("openai dreamer: endpoint answered %s", resp.Status)
	}
	var r response
	if err := json.NewDecoder(io.LimitReader(resp.Body, 32<<20)).Decode(&r); err != nil {
		return message{}, fmt.Errorf("openai dreamer: malformed response: %w", err)
	}
	if len(r.Choices) == 0 {
		return message{}, errors.New("openai dreamer: response has no choices")
	}
	m := r.Choices[0].Message
	if m.Role == "" {
		m.Role = "assistant"
	}
	return m, nil
}
