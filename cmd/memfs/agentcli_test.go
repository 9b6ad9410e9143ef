package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// requireAgentCLI makes a missing agent CLI a failure instead of a skip
// (CI installs it: .ci/run).
const requireAgentCLI = "MEMFS_REQUIRE_AGENT_CLI"

// claudeBinary finds the real Claude Code CLI in $PATH, or skips.
func claudeBinary(t *testing.T) string {
	t.Helper()
	miss := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv(requireAgentCLI) == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg + " (npm install -g @anthropic-ai/claude-code; set " + requireAgentCLI + "=1 to fail instead)")
	}
	bin, err := exec.LookPath("claude")
	if err != nil {
		miss("Claude Code is not installed: no claude in $PATH")
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || !strings.Contains(string(out), "Claude Code") {
		miss("%s is not Claude Code (--version: %v)", bin, err)
	}
	return bin
}

// fakeAnthropic is a local Anthropic Messages API server that plays the
// model behind Claude Code: it streams (SSE) the tool calls that read the
// manifest, read the session's evidence, and write one page citing the
// entry it found; then a final answer. Requests that offer no Write tool
// (Claude Code's own side requests) get a short text answer.
type fakeAnthropic struct {
	t *testing.T
	// cite overrides the entry id the page cites ("": the one found).
	cite string

	mu       sync.Mutex
	models   []string
	tools    []string
	prompted bool
	wrote    bool
	errs     []string
}

const fakeSummary = "Recorded the indentation preference."

func (f *fakeAnthropic) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		http.Error(w, `{"type":"error","error":{"type":"not_found_error","message":"not found"}}`, http.StatusNotFound)
		return
	}
	if r.Header.Get("x-api-key") != "fake" {
		f.errs = append(f.errs, "request without the fake key")
		http.Error(w, `{"type":"error","error":{"type":"authentication_error","message":"bad key"}}`, http.StatusUnauthorized)
		return
	}
	var req struct {
		Model    string `json:"model"`
		Stream   bool   `json:"stream"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var tools []string
	for _, tl := range req.Tools {
		tools = append(tools, tl.Name)
	}
	if !slices.Contains(tools, "Write") {
		f.reply(w, req.Stream, req.Model, "end_turn", block{Type: "text", Text: "ok"})
		return
	}
	f.models = append(f.models, req.Model)
	f.tools = tools
	first := contentText(req.Messages[0].Content)
	if strings.Contains(first, "entry:<entry id>") && strings.Contains(first, ".dreaming/instructions.md") {
		f.prompted = true
	}
	run := regexp.MustCompile(`your working directory, is (\S+?)\.?(\s|$)`).FindStringSubmatch(first)
	if run == nil {
		f.errs = append(f.errs, "the task does not name the run folder")
		f.reply(w, req.Stream, req.Model, "end_turn", block{Type: "text", Text: "no run folder"})
		return
	}
	runDir := run[1]
	results := 0
	last := ""
	for _, m := range req.Messages {
		var blocks []struct {
			Type    string          `json:"type"`
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b.Type == "tool_result" {
				results++
				last = contentText(b.Content)
			}
		}
	}
	switch results {
	case 0:
		f.reply(w, req.Stream, req.Model, "tool_use", toolUse("Read", map[string]any{"file_path": filepath.Join(runDir, ".dreaming/input/manifest.json")}))
	case 1:
		dir := regexp.MustCompile(`"dir":\s*"([^"]+)"`).FindStringSubmatch(last)
		if dir == nil {
			f.errs = append(f.errs, "the manifest read back names no session folder")
			f.reply(w, req.Stream, req.Model, "end_turn", block{Type: "text", Text: "no manifest"})
			return
		}
		f.reply(w, req.Stream, req.Model, "tool_use", toolUse("Read", map[string]any{"file_path": filepath.Join(runDir, dir[1], "transcript.jsonl")}))
	case 2:
		entry := f.cite
		if entry == "" {
			entry = userEntry(last, "tabs over spaces")
		}
		if entry == "" {
			f.errs = append(f.errs, "the evidence read back has no user entry about tabs")
		}
		page := "# Indentation\n\nThe user prefers tabs over spaces in Go code.\n\n> \"I prefer tabs over spaces in Go code.\"\n\n" +
			"## Sources\n\n- session:" + testSession + " entry:" + entry + "\n"
		f.reply(w, req.Stream, req.Model, "tool_use", toolUse("Write", map[string]any{
			"file_path": filepath.Join(runDir, ".memory/pages/preferences/indentation.md"), "content": page}))
	default:
		f.wrote = f.wrote || !strings.Contains(strings.ToLower(last), "error")
		f.reply(w, req.Stream, req.Model, "end_turn", block{Type: "text", Text: fakeSummary})
	}
}

// userEntry returns the id of the first user record of evidence (as the
// Read tool shows it, line numbers first) whose text contains s.
func userEntry(evidence, s string) string {
	sc := bufio.NewScanner(strings.NewReader(evidence))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		i := strings.IndexByte(line, '{')
		if i < 0 {
			continue
		}
		var rec struct{ Role, ID, Text string }
		if json.Unmarshal([]byte(line[i:]), &rec) == nil && rec.Role == "user" && strings.Contains(rec.Text, s) {
			return rec.ID
		}
	}
	return ""
}

// contentText joins the text of a message's or tool result's content (a
// string or a list of blocks).
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Type, Text string
	}
	_ = json.Unmarshal(raw, &blocks)
	var b strings.Builder
	for _, bl := range blocks {
		b.WriteString(bl.Text)
		b.WriteString("\n")
	}
	return b.String()
}

// block is one content block of an answer.
type block struct {
	Type  string         `json:"type"`
	Text  string         `json:"text,omitempty"`
	ID    string         `json:"id,omitempty"`
	Name  string         `json:"name,omitempty"`
	Input map[string]any `json:"input,omitempty"`
}

func toolUse(name string, input map[string]any) block {
	return block{Type: "tool_use", ID: fmt.Sprintf("toolu_%d", time.Now().UnixNano()), Name: name, Input: input}
}

// reply answers with one content block, streamed as the Messages API does
// (message_start, content_block_start/delta/stop, message_delta,
// message_stop) or as one JSON message.
func (f *fakeAnthropic) reply(w http.ResponseWriter, stream bool, model, stop string, b block) {
	usage := map[string]int{"input_tokens": 10, "output_tokens": 10}
	id := fmt.Sprintf("msg_%d", time.Now().UnixNano())
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": id, "type": "message", "role": "assistant", "model": model,
			"content": []block{b}, "stop_reason": stop, "stop_sequence": nil, "usage": usage})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	event := func(name string, data any) {
		j, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, j)
		if fl, ok := w.(http.Flusher); ok {
			fl.Flush()
		}
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]int{"input_tokens": 10, "output_tokens": 1}}})
	switch b.Type {
	case "text":
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": b.Text}})
	case "tool_use":
		in, _ := json.Marshal(b.Input)
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": map[string]any{}}})
		// The input arrives as partial JSON, split as the API splits it.
		half := len(in) / 2
		for _, part := range []string{string(in[:half]), string(in[half:])} {
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "input_json_delta", "partial_json": part}})
		}
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 10}})
	event("message_stop", map[string]any{"type": "message_stop"})
}

// agentCLIEnv points the real CLI at the fake server, in a fresh HOME
// whose Claude Code settings hold a hook that would write into the run
// folder: the preset must switch the user's hooks off.
func agentCLIEnv(t *testing.T, srv *httptest.Server) {
	t.Helper()
	home := t.TempDir()
	settings := `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch hook-ran"}]}],` +
		`"Stop":[{"hooks":[{"type":"command","command":"touch hook-ran"}]}]}}`
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	// Set but empty, these would name the run folder (CLAUDE_CONFIG_DIR)
	// or a token: unset them for the test.
	for _, v := range []string{"CLAUDE_CONFIG_DIR", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_MODEL", "ANTHROPIC_SMALL_FAST_MODEL"} {
		unsetenv(t, v)
	}
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	t.Setenv("ANTHROPIC_API_KEY", "fake")
	t.Setenv("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
	t.Setenv("DISABLE_AUTOUPDATER", "1")
}

// Ensure that memfs dream --dreamer claude runs the real Claude Code CLI
// in print mode against a local fake Anthropic API and publishes the page
// it wrote, citing the evidence entry it read; and that a page citing an
// entry the evidence lacks fails the run and publishes nothing.
func TestCLI_DreamClaude(t *testing.T) {
	claudeBinary(t)
	tests := []struct {
		name   string
		cite   string
		config string // config.toml; the dreamer comes from it when set
		reason string
	}{
		{"publishes a cited page", "", "", ""},
		{"refuses an unknown entry", "not-an-entry-of-this-session", "[dreamer]\nuse = \"claude\"\n", "invalid_output:unknown_entry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := &fakeAnthropic{t: t, cite: tt.cite}
			srv := httptest.NewServer(model)
			defer srv.Close()
			agentCLIEnv(t, srv)
			c, code, out, errs := dreamWithAgentCLI(t, "claude", tt.config)
			model.mu.Lock()
			defer model.mu.Unlock()
			for _, e := range model.errs {
				t.Errorf("fake model: %s", e)
			}
			if len(model.models) == 0 {
				t.Fatalf("Claude Code never asked the fake model (exit %d)\n%s\n%s", code, out, errs)
			}
			if !strings.Contains(model.models[0], "haiku") {
				t.Errorf("model %q, want the cheapest (haiku)", model.models[0])
			}
			if !model.prompted {
				t.Error("the task given to Claude Code lacks the instructions' path or the entry-citation rule")
			}
			for _, forbidden := range []string{"Bash", "WebFetch", "WebSearch"} {
				if slices.Contains(model.tools, forbidden) {
					t.Errorf("Claude Code offered the model %s: %v", forbidden, model.tools)
				}
			}
			runs, _ := filepath.Glob(filepath.Join(c.home, "runs", "*", "hook-ran"))
			if len(runs) > 0 {
				t.Errorf("the user's Claude Code hooks ran in the run folder: %v", runs)
			}
			if tt.reason != "" {
				checkRefusedAgentRun(t, c, tt.reason, code, out, errs)
				return
			}
			if code != 0 || !strings.Contains(out, " published ") {
				t.Fatalf("dream: exit %d\n%s\n%s\nrun folder: %s", code, out, errs, runFiles(t, c.home))
			}
			if !model.wrote {
				t.Error("the Write tool call did not succeed")
			}
			checkPublishedAgentRun(t, c)
			if log := c.mustRun("--scope", transcriptScope, "log"); !strings.Contains(log, "dream ") {
				t.Errorf("log lacks the dream commit:\n%s", log)
			}
		})
	}
}

// dreamWithAgentCLI checkpoints the sample Claude Code session in a new
// home and dreams it with the named agent CLI preset: by flag, or through
// config.toml when config is set. It returns the home and what the dream
// said.
func dreamWithAgentCLI(t *testing.T, dreamer, config string) (c *cli, code int, out, errs string) {
	t.Helper()
	c = newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
	args := []string{"dream", "--keep-runs", "--timeout", "3m"}
	if config != "" {
		if err := os.WriteFile(filepath.Join(c.home, "config.toml"), []byte(config), 0o600); err != nil {
			t.Fatal(err)
		}
	} else {
		args = append(args, "--dreamer", dreamer)
	}
	code, out, errs = c.run(args...)
	return c, code, out, errs
}

// checkRefusedAgentRun asserts that an agent CLI's dream failed with
// reason, kept the evidence pending and published nothing.
func checkRefusedAgentRun(t *testing.T, c *cli, reason string, code int, out, errs string) {
	t.Helper()
	if code == 0 || !strings.Contains(out+errs, reason) {
		t.Fatalf("dream: exit %d, want failure %s\n%s\n%s\nrun folder: %s", code, reason, out, errs, runFiles(t, c.home))
	}
	if c.pending() != 1 {
		t.Error("the evidence is not pending after the refused run")
	}
	if code, _, _ := c.run("--scope", transcriptScope, "cat", "pages/preferences/indentation.md"); code == 0 {
		t.Error("a refused run published the page")
	}
}

// checkPublishedAgentRun asserts that the published page cites the entry
// the agent read and that the evidence is no longer pending.
func checkPublishedAgentRun(t *testing.T, c *cli) {
	t.Helper()
	page := c.mustRun("--scope", transcriptScope, "cat", "pages/preferences/indentation.md")
	if !regexp.MustCompile(`(?m)^- session:` + testSession + ` entry:aaaaaaaa-0000-4000-8000-000000000001$`).MatchString(page) {
		t.Errorf("published page lacks the entry citation:\n%s", page)
	}
	if c.pending() != 0 {
		t.Error("the evidence is still pending")
	}
}

// runFiles lists what the kept run folders hold outside .dreaming/input
// and .memory (names only), to say what a failed run left behind.
func runFiles(t *testing.T, home string) []string {
	t.Helper()
	var out []string
	root := filepath.Join(home, "runs")
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() && (d.Name() == "input" || d.Name() == ".memory") {
			return filepath.SkipDir
		}
		out = append(out, rel)
		return nil
	})
	return out
}

// unsetenv removes an environment variable for the test, restoring it
// afterwards.
func unsetenv(t *testing.T, name string) {
	t.Helper()
	t.Setenv(name, "") // records the old value and forbids t.Parallel
	os.Unsetenv(name)
}
