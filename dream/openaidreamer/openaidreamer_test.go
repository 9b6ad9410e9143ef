package openaidreamer

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/dream"
)

// fakeModel is an in-test Chat Completions server that plays a scripted
// model: it reads the manifest, tries to escape the run directory in
// several ways, writes a page, and finishes once it has seen the refusals.
type fakeModel struct {
	t *testing.T

	mu       sync.Mutex
	requests int
	refusals int
}

func (m *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests++
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if r.Header.Get("Authorization") != "Bearer test-key" {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role       string  `json:"role"`
			Content    *string `json:"content"`
			ToolCallID string  `json:"tool_call_id"`
		} `json:"messages"`
		Tools []struct {
			Type     string `json:"type"`
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		} `json:"tools"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var names []string
	for _, tl := range req.Tools {
		names = append(names, tl.Function.Name)
	}
	slices.Sort(names)
	if req.Model != "test-model" || !slices.Equal(names, []string{"edit_file", "grep", "list_dir", "read_file", "remove_page", "write_file"}) {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	// The model is told the memory's rules: the staged instructions and
	// the short list, entry-level sources included.
	if sys := req.Messages[0]; sys.Role != "system" || sys.Content == nil ||
		!strings.Contains(*sys.Content, dream.Instructions) || !strings.Contains(*sys.Content, dream.Checklist) ||
		!strings.Contains(*sys.Content, "entry:<entry id>") {
		http.Error(w, "system prompt lacks the rules", http.StatusBadRequest)
		return
	}
	last := req.Messages[len(req.Messages)-1]
	type call struct{ name, args string }
	var calls []call
	switch {
	case last.Role == "user":
		calls = []call{{"read_file", `{"path":".dreaming/input/manifest.json"}`}}
	case last.ToolCallID == "c0":
		id := regexp.MustCompile(`"session_id":\s*"([^"]+)"`).FindStringSubmatch(*last.Content)
		if id == nil {
			http.Error(w, "no session in manifest", http.StatusBadRequest)
			return
		}
		page := fmt.Sprintf("# Deploys\n\nDeploy on Fridays only.\n\n## Sources\n\n- session:%s entry:u1\n", id[1])
		pj, _ := json.Marshal(page)
		calls = []call{
			{"write_file", `{"path":"../escape.md","content":"x"}`},
			{"read_file", `{"path":"/etc/passwd"}`},
			{"write_file", `{"path":".memory/../../escape.md","content":"x"}`},
			{"write_file", `{"path":".dreaming/input/planted.md","content":"x"}`},
			{"write_file", `{"path":".memory/pages/notes/run.sh","content":"x"}`},
			{"write_file", `{"path":".memory/pages/notes/deploys.md","content":` + string(pj) + `}`},
			{"write_file", `{"path":".memory/pages/notes/index.md","content":"# Notes\n\n- [Deploys](deploys.md)\n"}`},
			{"remove_page", `{"path":".memory/pages/notes/index.md"}`},
			{"edit_file", `{"path":".memory/pages/notes/deploys.md","old":"Fridays","new":"Fridays, never on Mondays"}`},
		}
	default:
		for _, msg := range req.Messages {
			if msg.Role == "tool" && msg.Content != nil && strings.HasPrefix(*msg.Content, "error: ") {
				m.refusals++
			}
		}
		writeReply(w, map[string]any{"role": "assistant", "content": "Recorded the deploy rule."})
		return
	}
	tcs := make([]map[string]any, len(calls))
	for i, c := range calls {
		id := fmt.Sprintf("c%d", i)
		if last.Role != "user" {
			id = fmt.Sprintf("d%d", i)
		}
		tcs[i] = map[string]any{"id": id, "type": "function", "function": map[string]any{"name": c.name, "arguments": c.args}}
	}
	writeReply(w, map[string]any{"role": "assistant", "content": nil, "tool_calls": tcs})
}

func writeReply(w http.ResponseWriter, msg map[string]any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion", "model": "test-model",
		"choices": []map[string]any{{"index": 0, "message": msg, "finish_reason": "stop"}},
	})
}

// stageRun lays out a run directory the way the coordinator does.
func stageRun(t *testing.T) string {
	t.Helper()
	base := t.TempDir()
	dir := filepath.Join(base, "run")
	files := map[string]string{
		".dreaming/input/manifest.json":                 `{"version":1,"run_id":"r1","scope":"proj","sessions":[{"dir":".dreaming/input/sessions/1-a","session_id":"sess-42"}]}`,
		".dreaming/input/sessions/1-a/transcript.jsonl": `{"role":"user","id":"u1","text":"deploy on Fridays only"}` + "\n",
		".dreaming/instructions.md":                     dream.Instructions,
		".memory/summary.md":                            "",
		".memory/index.md":                              "# Index\n",
	}
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Ensure that the loop speaks the Chat Completions wire format, runs the
// model's tool calls inside .memory, and answers path escapes and
// forbidden writes with tool errors that never touch the host.
func TestDream_ToolLoop(t *testing.T) {
	model := &fakeModel{t: t}
	srv := httptest.NewServer(model)
	defer srv.Close()
	dir := stageRun(t)
	d := Dreamer{BaseURL: srv.URL + "/v1", Model: "test-model", APIKey: "test-key", Client: srv.Client()}
	summary, err := d.Dream(t.Context(), dir)
	if err != nil {
		t.Fatalf("Dream: %v", err)
	}
	if summary != "Recorded the deploy rule." {
		t.Errorf("summary %q", summary)
	}
	page, err := os.ReadFile(filepath.Join(dir, ".memory/pages/notes/deploys.md"))
	if err != nil || !strings.Contains(string(page), "never on Mondays") || !strings.Contains(string(page), "- session:sess-42") {
		t.Fatalf("page: %q, %v", page, err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".memory/pages/notes/index.md")); err != nil {
		t.Errorf("an area index was removed: %v", err)
	}
	for _, p := range []string{filepath.Join(filepath.Dir(dir), "escape.md"), filepath.Join(dir, ".dreaming/input/planted.md"), filepath.Join(dir, ".memory/pages/notes/run.sh")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("a refused write landed at %s", p)
		}
	}
	if model.refusals != 6 {
		t.Errorf("%d tool errors reached the model, want 6 (4 escapes/forbidden writes, a non-.md file, an index removal)", model.refusals)
	}
}

// Ensure that an endpoint error fails the run without quoting the body.
func TestDream_EndpointError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "echo: deploy on Fridays only", http.StatusInternalServerError)
	}))
	defer srv.Close()
	_, err := Dreamer{BaseURL: srv.URL, Model: "m", Client: srv.Client()}.Dream(t.Context(), stageRun(t))
	if err == nil || strings.Contains(err.Error(), "Fridays") || !strings.Contains(err.Error(), "500") {
		t.Fatalf("error %v: want the status and no body", err)
	}
}

// Ensure that a symlink planted in .memory cannot lead a tool outside the
// run directory.
func TestTools_SymlinkEscape(t *testing.T) {
	dir := stageRun(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte("host file"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, ".memory/link")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	tl := &tools{root: root}
	for _, c := range []struct{ name, args string }{
		{"read_file", `{"path":".memory/link/secret.md"}`},
		{"write_file", `{"path":".memory/link/new.md","content":"x"}`},
		{"list_dir", `{"path":".memory/link"}`},
	} {
		if out, err := tl.call(c.name, c.args); err == nil {
			t.Errorf("%s through a symlink succeeded: %q", c.name, out)
		}
	}
	if _, err := os.Stat(filepath.Join(outside, "new.md")); err == nil {
		t.Error("a write escaped through the symlink")
	}
}
