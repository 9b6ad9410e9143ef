package main

import (
	"cmp"
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

// codexBinary finds the real Codex CLI in $PATH, or skips.
func codexBinary(t *testing.T) string {
	t.Helper()
	miss := func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv(requireAgentCLI) == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg + " (npm install -g @openai/codex; set " + requireAgentCLI + "=1 to fail instead)")
	}
	bin, err := exec.LookPath("codex")
	if err != nil {
		miss("Codex CLI is not installed: no codex in $PATH")
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || !strings.Contains(string(out), "codex-cli") {
		miss("%s is not Codex CLI (--version: %v)", bin, err)
	}
	return bin
}

// fakeResponses is a local OpenAI Responses API server that plays the
// model behind Codex CLI: it streams (SSE) the exec_command calls that
// read the manifest and the session's evidence, the apply_patch command
// that adds one page citing the entry it found, a command writing into
// the memfs home (which the confinement must refuse), then a final
// answer.
// Requests that offer no exec_command tool (Codex's side requests) get a
// short text answer.
type fakeResponses struct {
	t *testing.T
	// cite overrides the entry id the page cites ("": the one found).
	cite string

	mu       sync.Mutex
	models   []string
	tools    []string
	prompted bool
	wrote    bool
	// escape is what the command writing outside the run folder said.
	escape string
	errs   []string
	seq    int
}

// responsesItem is an input item of a Responses API request, as Codex
// sends them: messages, its function calls and their outputs.
type responsesItem struct {
	Type    string          `json:"type"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	CallID  string          `json:"call_id"`
	Output  json.RawMessage `json:"output"`
}

func (f *fakeResponses) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Method != http.MethodPost || r.URL.Path != "/v1/responses" {
		http.Error(w, `{"error":{"type":"invalid_request_error","message":"not found"}}`, http.StatusNotFound)
		return
	}
	if r.Header.Get("Authorization") != "Bearer fake" {
		f.errs = append(f.errs, "request without the fake key")
		http.Error(w, `{"error":{"type":"invalid_request_error","code":"invalid_api_key","message":"bad key"}}`, http.StatusUnauthorized)
		return
	}
	var req struct {
		Model  string          `json:"model"`
		Stream bool            `json:"stream"`
		Input  []responsesItem `json:"input"`
		Tools  []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if !req.Stream {
		f.errs = append(f.errs, "a request that does not stream")
	}
	var tools []string
	for _, tl := range req.Tools {
		tools = append(tools, cmp.Or(tl.Name, tl.Type))
	}
	if !slices.Contains(tools, "exec_command") {
		f.reply(w, req.Model, textItem("ok"))
		return
	}
	f.models = append(f.models, req.Model)
	f.tools = tools
	var task string
	outputs := 0
	last := ""
	for _, in := range req.Input {
		switch in.Type {
		case "message":
			if in.Role == "user" {
				task += contentText(in.Content)
			}
		case "function_call_output":
			outputs++
			last = callOutput(in.Output)
		}
	}
	if strings.Contains(task, "entry:<entry id>") && strings.Contains(task, ".dreaming/instructions.md") {
		f.prompted = true
	}
	run := regexp.MustCompile(`your working directory, is (\S+?)\.?(\s|$)`).FindStringSubmatch(task)
	if run == nil {
		f.errs = append(f.errs, "the task does not name the run folder")
		f.reply(w, req.Model, textItem("no run folder"))
		return
	}
	runDir := run[1]
	switch outputs {
	case 0:
		f.reply(w, req.Model, execCall("cat "+filepath.Join(runDir, ".dreaming/input/manifest.json")))
	case 1:
		dir := regexp.MustCompile(`"dir":\s*"([^"]+)"`).FindStringSubmatch(last)
		if dir == nil {
			f.errs = append(f.errs, "the manifest read back names no session folder: "+last)
			f.reply(w, req.Model, textItem("no manifest"))
			return
		}
		f.reply(w, req.Model, execCall("cat "+filepath.Join(runDir, dir[1], "transcript.jsonl")))
	case 2:
		entry := f.cite
		if entry == "" {
			entry = userEntry(last, "tabs over spaces")
		}
		if entry == "" {
			f.errs = append(f.errs, "the evidence read back has no user entry about tabs")
		}
		page := []string{"# Indentation", "", "The user prefers tabs over spaces in Go code.", "",
			`> "I prefer tabs over spaces in Go code."`, "", "## Sources", "", "- session:" + testSession + " entry:" + entry}
		patch := "*** Begin Patch\n*** Add File: " + filepath.Join(runDir, ".memory/pages/preferences/indentation.md") + "\n+" +
			strings.Join(page, "\n+") + "\n*** End Patch"
		f.reply(w, req.Model, execCall("apply_patch <<'EOF'\n"+patch+"\nEOF\n"))
	case 3:
		f.wrote = !strings.Contains(strings.ToLower(last), "error") && !strings.Contains(strings.ToLower(last), "denied")
		// With Codex's own sandbox off, memfs's confinement must still
		// keep a command out of the memfs home (the runs folder's parent).
		f.reply(w, req.Model, execCall("echo escaped > "+filepath.Join(filepath.Dir(filepath.Dir(runDir)), "escaped.txt")))
	default:
		f.escape = last
		f.reply(w, req.Model, textItem(fakeSummary))
	}
}

// callOutput is a function call's output as text: a string, or content
// items.
func callOutput(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var obj struct {
		Content string `json:"content"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.Content != "" {
		return obj.Content
	}
	return contentText(raw)
}

// execCall is an exec_command function call running cmd.
func execCall(cmd string) map[string]any {
	args, _ := json.Marshal(map[string]any{"cmd": cmd})
	id := time.Now().UnixNano()
	return map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_%d", id), "call_id": fmt.Sprintf("call_%d", id),
		"name": "exec_command", "arguments": string(args)}
}

// textItem is an assistant message saying text.
func textItem(text string) map[string]any {
	return map[string]any{"type": "message", "id": fmt.Sprintf("msg_%d", time.Now().UnixNano()), "role": "assistant",
		"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}
}

// reply streams one output item as the Responses API does:
// response.created, the item added, its deltas (arguments or text), the
// item done, response.completed.
func (f *fakeResponses) reply(w http.ResponseWriter, model string, item map[string]any) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	id := fmt.Sprintf("resp_%d", time.Now().UnixNano())
	event := func(data map[string]any) {
		f.seq++
		data["sequence_number"] = f.seq
		j, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", data["type"], j)
		if fl, ok := w.(http.Flusher); ok {
			fl.Flush()
		}
	}
	response := func(status string, output []any) map[string]any {
		r := map[string]any{"id": id, "object": "response", "created_at": time.Now().Unix(), "status": status, "model": model, "output": output}
		if status == "completed" {
			r["usage"] = map[string]any{"input_tokens": 10, "input_tokens_details": map[string]int{"cached_tokens": 0},
				"output_tokens": 10, "output_tokens_details": map[string]int{"reasoning_tokens": 0}, "total_tokens": 20}
		}
		return r
	}
	event(map[string]any{"type": "response.created", "response": response("in_progress", []any{})})
	added := map[string]any{}
	for k, v := range item {
		added[k] = v
	}
	added["status"] = "in_progress"
	switch item["type"] {
	case "function_call":
		added["arguments"] = ""
		event(map[string]any{"type": "response.output_item.added", "output_index": 0, "item": added})
		args := item["arguments"].(string)
		half := len(args) / 2
		for _, part := range []string{args[:half], args[half:]} {
			event(map[string]any{"type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": 0, "delta": part})
		}
		event(map[string]any{"type": "response.function_call_arguments.done", "item_id": item["id"], "output_index": 0, "arguments": args})
	case "message":
		added["content"] = []any{}
		event(map[string]any{"type": "response.output_item.added", "output_index": 0, "item": added})
		text := item["content"].([]any)[0].(map[string]any)["text"].(string)
		part := map[string]any{"type": "output_text", "text": "", "annotations": []any{}}
		event(map[string]any{"type": "response.content_part.added", "item_id": item["id"], "output_index": 0, "content_index": 0, "part": part})
		event(map[string]any{"type": "response.output_text.delta", "item_id": item["id"], "output_index": 0, "content_index": 0, "delta": text})
		event(map[string]any{"type": "response.output_text.done", "item_id": item["id"], "output_index": 0, "content_index": 0, "text": text})
		event(map[string]any{"type": "response.content_part.done", "item_id": item["id"], "output_index": 0, "content_index": 0,
			"part": map[string]any{"type": "output_text", "text": text, "annotations": []any{}}})
	}
	item["status"] = "completed"
	event(map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	event(map[string]any{"type": "response.completed", "response": response("completed", []any{item})})
}

// codexEnv points the real CLI at the fake server through a model
// provider of its own in a fresh HOME's ~/.codex/config.toml (HTTP only:
// the fake does not speak the Responses WebSocket).
func codexEnv(t *testing.T, srv *httptest.Server) {
	t.Helper()
	home := t.TempDir()
	cfg := "model_provider = \"memfs-fake\"\n\n[model_providers.memfs-fake]\nname = \"memfs fake\"\n" +
		"base_url = \"" + srv.URL + "/v1\"\nenv_key = \"MEMFS_FAKE_OPENAI_KEY\"\nwire_api = \"responses\"\nsupports_websockets = false\n"
	if err := os.MkdirAll(filepath.Join(home, ".codex"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	for _, v := range []string{"CODEX_HOME", "OPENAI_BASE_URL", "OPENAI_API_KEY", "CODEX_API_KEY"} {
		unsetenv(t, v)
	}
	t.Setenv("MEMFS_FAKE_OPENAI_KEY", "fake")
}

// Ensure that memfs dream --dreamer codex runs the real Codex CLI (codex
// exec) against a local fake Responses API and publishes the page it
// added, citing the evidence entry it read; and that a page citing an
// entry the evidence lacks fails the run and publishes nothing.
func TestCLI_DreamCodex(t *testing.T) {
	codexBinary(t)
	tests := []struct {
		name   string
		cite   string
		config string // config.toml; the dreamer comes from it when set
		reason string
	}{
		{"publishes a cited page", "", "", ""},
		{"refuses an unknown entry", "not-an-entry-of-this-session", "[dreamer]\nuse = \"codex\"\n", "invalid_output:unknown_entry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := &fakeResponses{t: t, cite: tt.cite}
			srv := httptest.NewServer(model)
			defer srv.Close()
			codexEnv(t, srv)
			c, code, out, errs := dreamWithAgentCLI(t, "codex", tt.config)
			model.mu.Lock()
			defer model.mu.Unlock()
			for _, e := range model.errs {
				t.Errorf("fake model: %s", e)
			}
			if len(model.models) == 0 {
				t.Fatalf("Codex never asked the fake model (exit %d)\n%s\n%s", code, out, errs)
			}
			if model.models[0] != "gpt-5.4-mini" {
				t.Errorf("model %q, want the cheapest (gpt-5.4-mini)", model.models[0])
			}
			if !model.prompted {
				t.Error("the task given to Codex lacks the instructions' path or the entry-citation rule")
			}
			if tt.reason != "" {
				checkRefusedAgentRun(t, c, tt.reason, code, out, errs)
				return
			}
			if code != 0 || !strings.Contains(out, " published ") {
				t.Fatalf("dream: exit %d\n%s\n%s\nrun folder: %s", code, out, errs, runFiles(t, c.home))
			}
			if !model.wrote {
				t.Error("the apply_patch command did not succeed")
			}
			if _, err := os.Stat(filepath.Join(c.home, "escaped.txt")); err == nil || !strings.Contains(model.escape, "denied") {
				t.Errorf("a command wrote into the memfs home (stat: %v); it said:\n%s", err, model.escape)
			}
			checkPublishedAgentRun(t, c)
		})
	}
}
