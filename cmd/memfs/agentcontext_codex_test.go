package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/agent"
	"github.com/memfs/memfs/transcript"
)

// responsesRecorder is a local OpenAI Responses API server that keeps the
// text of every input item of every request and answers "ok".
type responsesRecorder struct {
	mu    sync.Mutex
	texts []string
}

func (rc *responsesRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/responses" {
		http.Error(w, `{"error":{"type":"invalid_request_error","message":"not found"}}`, http.StatusNotFound)
		return
	}
	var req struct {
		Model string          `json:"model"`
		Input []responsesItem `json:"input"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rc.mu.Lock()
	for _, in := range req.Input {
		if in.Type == "function_call_output" {
			rc.texts = append(rc.texts, callOutput(in.Output))
		} else {
			rc.texts = append(rc.texts, contentText(in.Content))
		}
	}
	rc.mu.Unlock()
	(&fakeResponses{}).reply(w, req.Model, textItem("ok"))
}

// trustCodexHook records the user's trust in the first hook of event in
// hooks.json as Codex's /hooks does: it writes, in config.toml beside it,
//
//	[hooks.state."<hooks.json>:<key>:0:0"]
//	trusted_hash = "sha256:<hex>"
//
// the hex being the SHA-256 of the compact, key-sorted JSON of the hook's
// normalized identity: {"event_name": key, "hooks": [the handler, its
// timeout defaulted to 600 and async to false, additionalContextLimit
// left out at its default of 2,500]}, the currentHash that
// codex app-server's hooks/list reports. Codex runs a user hook only while
// this hash matches the hook's current one (codex-rs/hooks/src/engine/
// discovery.rs, the hook hash and hook_trust_status; codex-rs/config/src/
// fingerprint.rs, version_for_toml; the TUI writes it with
// config/batchWrite under hooks.state).
func trustCodexHook(t *testing.T, codexHome, event, key string) {
	t.Helper()
	hooksJSON := filepath.Join(codexHome, "hooks.json")
	b, err := os.ReadFile(hooksJSON)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Hooks map[string][]struct {
			Matcher *string          `json:"matcher"`
			Hooks   []map[string]any `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(b, &file); err != nil || len(file.Hooks[event]) == 0 || len(file.Hooks[event][0].Hooks) == 0 {
		t.Fatalf("%s has no %s hook (%v)", hooksJSON, event, err)
	}
	group := file.Hooks[event][0]
	handler := map[string]any{"timeout": 600, "async": false}
	for _, k := range []string{"type", "command", "timeout", "async", "statusMessage", "additionalContextLimit"} {
		if v, ok := group.Hooks[0][k]; ok && (k != "additionalContextLimit" || v != 2500.0) {
			handler[k] = v
		}
	}
	identity := map[string]any{"event_name": key, "hooks": []any{handler}}
	if group.Matcher != nil {
		identity["matcher"] = *group.Matcher
	}
	var canon bytes.Buffer
	enc := json.NewEncoder(&canon) // maps marshal with sorted keys
	enc.SetEscapeHTML(false)
	if err := enc.Encode(identity); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(bytes.TrimSuffix(canon.Bytes(), []byte("\n")))
	state := fmt.Sprintf("\n[hooks.state.%s]\ntrusted_hash = \"sha256:%s\"\n",
		strconv.Quote(hooksJSON+":"+key+":0:0"), hex.EncodeToString(sum[:]))
	f, err := os.OpenFile(filepath.Join(codexHome, "config.toml"), os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(state)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// Ensure that the memory context the SessionStart hook gives the real
// Codex CLI reaches the model whole: a memory far larger than the budget
// is cut to fit, and a request codex exec sends holds the whole message,
// from the marker to the note after the cut, and no spilled preview
// (Codex saves a hook's additionalContext over 2,500 tokens, at four bytes
// a token, under $CODEX_HOME/hook_outputs and shows the model its head and
// tail: "Warning: truncated output", "tokens truncated", "Full hook output
// saved to:"; codex-rs/hooks/src/output_spill.rs).
func TestCodexGetsTheWholeContext(t *testing.T) {
	codex := codexBinary(t)
	bin := memfsBinary(t)
	c, dir, want := bigContext(t)

	rec := &responsesRecorder{}
	srv := httptest.NewServer(rec)
	defer srv.Close()
	// The Codex CLI tests' environment, with memfs's hooks installed into
	// the fresh HOME's Codex as a user installs them, and the SessionStart
	// one trusted as /hooks trusts it (Stop, not under test, stays
	// untrusted: Codex skips it). CODEX_HOME, which install and Codex both
	// read, is resolved so that the trust names the path Codex sees.
	codexEnv(t, srv)
	codexHome, err := filepath.EvalSymlinks(filepath.Join(os.Getenv("HOME"), ".codex"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CODEX_HOME", codexHome)
	c.mustRun("install", "codex", "--command", agent.ShellQuote(bin))
	trustCodexHook(t, codexHome, "SessionStart", "session_start")
	cmd := exec.CommandContext(t.Context(), codex, "exec", "--skip-git-repo-check", "--ephemeral",
		"--sandbox", "read-only", "--color", "never", "hello")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("codex exec: %v\n%s", err, out)
	}

	rec.mu.Lock()
	defer rec.mu.Unlock()
	spilled := []string{"Full hook output saved to:", "Warning: truncated output", "tokens truncated"}
	var got string
	for _, s := range rec.texts {
		if strings.Contains(s, transcript.MemoryContextMarker) || strings.Contains(s, spilled[0]) {
			got = s
			break
		}
	}
	if got == "" {
		t.Fatalf("no request to the model carries the memory context (%d input items; Codex skips an untrusted hook silently)", len(rec.texts))
	}
	for _, sign := range spilled {
		if strings.Contains(got, sign) {
			t.Fatalf("Codex spilled the context to a file and showed a preview (%q):\n%.600s", sign, got)
		}
	}
	checkWholeContext(t, want, got)
}
