package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// Ensure that memfs dream publishes a checkpointed session's durable
// statements in the session's scope, acknowledges the evidence, and reports
// nothing to do on a second run.
func TestCLI_Dream(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	p := copyTranscript(t, "", "claude-session.jsonl")
	c.mustRun("checkpoint", "--transcript", p)
	if c.pending() != 1 {
		t.Fatalf("want one pending session")
	}
	out := c.mustRun("dream")
	if !strings.HasPrefix(out, transcriptScope+": run ") || !strings.Contains(out, " published ") {
		t.Fatalf("dream output:\n%s", out)
	}
	if n := c.pending(); n != 0 {
		t.Errorf("%d sessions still pending", n)
	}
	log := c.mustRun("--scope", transcriptScope, "log")
	if !strings.Contains(log, "dream ") {
		t.Errorf("log lacks the dream commit:\n%s", log)
	}
	idx := c.mustRun("--scope", transcriptScope, "cat", "index.md")
	if !strings.Contains(idx, "tabs over spaces") || !strings.Contains(idx, "(pages/preferences/") {
		t.Errorf("index:\n%s", idx)
	}

	var res struct {
		OK   bool
		Runs []dreamReport
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "dream")), &res); err != nil {
		t.Fatal(err)
	}
	if !res.OK || len(res.Runs) != 0 {
		t.Errorf("second dream = %+v, want no runs", res)
	}
	if out := c.mustRun("--scope", transcriptScope, "dream"); !strings.Contains(out, "no pending evidence") {
		t.Errorf("dream --scope with nothing pending:\n%s", out)
	}
	if code, _, _ := c.run("dream", "--dreamer", "nope"); code != exitUsage {
		t.Errorf("unknown dreamer: exit %d, want %d", code, exitUsage)
	}
}

// Ensure that a checkpointed session whose transcript was deleted becomes
// a failed checkpoint: the run that finds it gone fails (exit 1) and says
// so, the session is no longer pending, status lists it, another session
// of the same scope dreams at once (no backoff), checkpointing the
// transcript again revives it, and checkpoint drop removes it.
func TestCLI_DreamTranscriptGone(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	p := copyTranscript(t, "", "claude-session.jsonl")
	c.mustRun("checkpoint", "--transcript", p)
	saved, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	code, out, _ := c.run("dream")
	if code != exitFailure || !strings.Contains(out, "failed: no_evidence") || !strings.Contains(out, "source_unavailable") ||
		!strings.Contains(out, "memfs checkpoint drop "+testSession) {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if n := c.pending(); n != 0 {
		t.Errorf("%d sessions pending; a gone transcript must not stay pending", n)
	}
	status := func() (string, []map[string]string) {
		t.Helper()
		var st struct{ Failed []map[string]string }
		if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
			t.Fatal(err)
		}
		return c.mustRun("status"), st.Failed
	}
	text, failed := status()
	if len(failed) != 1 || failed[0]["session"] != testSession || failed[0]["code"] != "source_unavailable" ||
		failed[0]["scope"] != transcriptScope {
		t.Fatalf("status failed = %v", failed)
	}
	if !strings.Contains(text, "failed checkpoints: 1") || !strings.Contains(text, testSession) {
		t.Fatalf("status does not show the failed checkpoint:\n%s", text)
	}

	// Another session of the same scope is dreamed by the next automatic
	// run: the gone transcript put the scope in no backoff.
	other := copyTranscript(t, filepath.Join(t.TempDir(), "other.jsonl"), "claude-session.jsonl")
	c.mustRun("checkpoint", "--transcript", other, "--session", "22222222-2222-4333-8444-555555555555")
	if out := c.mustRun("dream"); !strings.Contains(out, " published ") {
		t.Fatalf("the other session was not dreamed:\n%s", out)
	}

	// The transcript comes back and is checkpointed again: pending again.
	if err := os.WriteFile(p, saved, 0o600); err != nil {
		t.Fatal(err)
	}
	c.mustRun("checkpoint", "--transcript", p)
	if _, failed := status(); len(failed) != 0 || c.pending() != 1 {
		t.Fatalf("after a new checkpoint: failed %v, pending %d; want none failed, one pending", failed, c.pending())
	}

	// Gone again: failed again, then dropped by the user.
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := c.run("dream"); code != exitFailure {
		t.Fatalf("dream with the transcript gone again: exit %d\n%s", code, out)
	}
	if code, out, _ := c.run("checkpoint", "drop", "33333333-2222-4333-8444-555555555555"); code != exitFailure {
		t.Errorf("drop of a session without a failed checkpoint: exit %d\n%s", code, out)
	}
	if code, out, _ := c.run("--json", "checkpoint", "drop", "22222222-2222-4333-8444-555555555555"); code != exitFailure ||
		!strings.Contains(out, `"checkpoint_not_failed"`) {
		t.Errorf("drop of a session whose checkpoint did not fail: exit %d\n%s", code, out)
	}
	if out := c.mustRun("checkpoint", "drop", testSession); !strings.Contains(out, "dropped the failed checkpoint of session "+testSession) {
		t.Errorf("drop output:\n%s", out)
	}
	if text, failed := status(); len(failed) != 0 || strings.Contains(text, "failed checkpoints") || c.pending() != 0 {
		t.Errorf("after drop: failed %v, pending %d\n%s", failed, c.pending(), text)
	}
	if out := c.mustRun("dream"); !strings.Contains(out, "no pending evidence") && strings.TrimSpace(out) != "" {
		t.Errorf("dream after drop:\n%s", out)
	}
}

// Ensure that the exec dreamer's edits are validated and published, and
// that an exec dreamer writing an invalid artifact publishes nothing.
func TestCLI_DreamExec(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	p := copyTranscript(t, "", "claude-session.jsonl")
	c.mustRun("checkpoint", "--transcript", p)

	bad := `printf 'stray\n' > "$MEMFS_MEMORY/notes.md"`
	code, out, _ := c.run("dream", "--dreamer", "exec", "--dreamer-cmd", bad)
	if code != exitFailure || !strings.Contains(out, "invalid_output") {
		t.Fatalf("invalid exec output: exit %d\n%s", code, out)
	}
	if c.pending() != 1 {
		t.Fatalf("evidence not pending after a rejected run")
	}

	good := `id=$(sed -n 's/.*"session_id": *"\([^"]*\)".*/\1/p' "$MEMFS_INPUT/manifest.json" | head -n 1)
mkdir -p "$MEMFS_MEMORY/pages/notes"
printf '# Notes\n\n- [Deploys](deploys.md)\n' > "$MEMFS_MEMORY/pages/notes/index.md"
entry=$(sed -n 's/.*"id": *"\([^"]*\)".*/\1/p' "$MEMFS_INPUT"/sessions/*/transcript.jsonl | head -n 1)
printf '# Deploys\n\nDeploy on Fridays only.\n\n## Sources\n\n- session:%s entry:%s\n' "$id" "$entry" > "$MEMFS_MEMORY/pages/notes/deploys.md"
echo wrote one page`
	// The failure started a backoff: a plain run waits, --now runs.
	if out := c.mustRun("dream", "--dreamer", "exec", "--dreamer-cmd", good); !strings.Contains(out, "backing off after 1 failure") {
		t.Fatalf("dream during backoff:\n%s", out)
	}
	out = c.mustRun("dream", "--now", "--dreamer", "exec", "--dreamer-cmd", good)
	if !strings.Contains(out, " published ") {
		t.Fatalf("exec dream output:\n%s", out)
	}
	if page := c.mustRun("--scope", transcriptScope, "cat", "pages/notes/deploys.md"); !strings.Contains(page, "Fridays") {
		t.Fatalf("published page:\n%s", page)
	}
	if c.pending() != 0 {
		t.Errorf("evidence still pending after a published run")
	}
	if code, _, _ := c.run("dream", "--dreamer", "exec"); code != exitUsage {
		t.Errorf("exec without --dreamer-cmd: exit %d, want 2", code)
	}
}

// Ensure that memfs dream --dreamer openai drives an OpenAI-compatible
// endpoint (an in-test server speaking the Chat Completions wire format)
// to a validated, published commit.
func TestCLI_DreamOpenAI(t *testing.T) {
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer k-test" {
			http.Error(w, "refused", http.StatusUnauthorized)
			return
		}
		var req struct {
			Messages []struct {
				Role    string  `json:"role"`
				Content *string `json:"content"`
			} `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		last := req.Messages[len(req.Messages)-1]
		reply := map[string]any{"role": "assistant"}
		switch {
		case last.Role == "user":
			reply["tool_calls"] = []map[string]any{{"id": "a", "type": "function",
				"function": map[string]any{"name": "read_file", "arguments": `{"path":".dreaming/input/manifest.json"}`}}}
		case strings.Contains(*last.Content, `"session_id"`):
			id := regexp.MustCompile(`"session_id":\s*"([^"]+)"`).FindStringSubmatch(*last.Content)[1]
			// The first user entry of claude-session.jsonl.
			page, _ := json.Marshal(fmt.Sprintf("# Tabs\n\nThe user prefers tabs.\n\n## Sources\n\n- session:%s entry:aaaaaaaa-0000-4000-8000-000000000001\n", id))
			reply["tool_calls"] = []map[string]any{
				{"id": "b", "type": "function", "function": map[string]any{"name": "write_file",
					"arguments": `{"path":".memory/pages/prefs/tabs.md","content":` + string(page) + `}`}},
				{"id": "c", "type": "function", "function": map[string]any{"name": "write_file",
					"arguments": `{"path":".memory/pages/prefs/index.md","content":"# Preferences\n\n- [Tabs](tabs.md)\n"}`}},
			}
		default:
			reply["content"] = "Added the tabs preference."
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"index": 0, "message": reply, "finish_reason": "stop"}}})
	}))
	defer srv.Close()
	t.Setenv("MEMFS_API_KEY", "k-test")

	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
	out := c.mustRun("dream", "--dreamer", "openai", "--base-url", srv.URL+"/v1", "--model", "m")
	if !strings.Contains(out, " published ") {
		t.Fatalf("openai dream output:\n%s", out)
	}
	if page := c.mustRun("--scope", transcriptScope, "cat", "pages/prefs/tabs.md"); !strings.Contains(page, "session:"+testSession) {
		t.Fatalf("published page:\n%s", page)
	}
	if code, _, _ := c.run("dream", "--dreamer", "openai"); code != exitUsage {
		t.Errorf("openai without --base-url: exit %d, want 2", code)
	}
}

// Ensure that review mode (config publish = "review") proposes, lists,
// shows and approves a run, and that reject leaves evidence pending.
func TestCLI_Review(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	if err := os.WriteFile(filepath.Join(c.home, "config.toml"), []byte("publish = \"review\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
	var res struct {
		Runs []dreamReport `json:"runs"`
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "dream")), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 1 || !res.Runs[0].Proposed {
		t.Fatalf("review-mode dream: %+v", res.Runs)
	}
	run := res.Runs[0].RunID
	if code, _, _ := c.run("--scope", transcriptScope, "log"); code != exitFailure {
		t.Fatalf("the scope moved before approval")
	}
	if out := c.mustRun("review", "list"); !strings.Contains(out, run) {
		t.Fatalf("review list:\n%s", out)
	}
	if out := c.mustRun("review", "show", run); !strings.Contains(out, "A\tpages/preferences/") || strings.Contains(out, "stale") {
		t.Fatalf("review show:\n%s", out)
	}
	if out := c.mustRun("dream"); !strings.Contains(out, "awaits review") {
		t.Fatalf("dream with a proposal open:\n%s", out)
	}
	c.mustRun("review", "approve", run)
	if c.pending() != 0 {
		t.Error("evidence pending after approval")
	}
	if log := c.mustRun("--scope", transcriptScope, "log"); !strings.Contains(log, run) {
		t.Errorf("approved run not in the log:\n%s", log)
	}
	if code, _, errs := c.run("review", "approve", run); code != exitFailure || !strings.Contains(errs, "proposal") {
		t.Errorf("approving twice: exit %d %s", code, errs)
	}
	if code, _, _ := c.run("review"); code != exitUsage {
		t.Errorf("review without a subcommand: exit %d", code)
	}
}

// Ensure that a dreamer writing outside .memory publishes nothing and
// leaves the evidence pending, even when its .memory is valid.
func TestCLI_DreamWritesOutsideMemory(t *testing.T) {
	for _, outside := range []string{
		`echo x > "$MEMFS_INPUT/planted.jsonl"`,
		`chmod u+w "$MEMFS_INSTRUCTIONS" && echo x >> "$MEMFS_INSTRUCTIONS"`,
		`echo x > "$MEMFS_RUN_DIR/stray.md"`,
	} {
		c := newCLI(t)
		c.mustRun("init")
		c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
		code, out, _ := c.run("dream", "--dreamer", "exec", "--dreamer-cmd", outside)
		if code != exitFailure || !strings.Contains(out, "wrote_outside_memory") {
			t.Errorf("%s: exit %d\n%s", outside, code, out)
		}
		if c.pending() != 1 {
			t.Errorf("%s: evidence not pending", outside)
		}
	}
}
