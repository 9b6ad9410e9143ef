package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/wiki"
)

// contextRecorder is a local Anthropic Messages API server that keeps the
// text of every request's messages and answers "ok".
type contextRecorder struct {
	mu    sync.Mutex
	texts []string
}

func (rc *contextRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		http.Error(w, `{"type":"error","error":{"type":"not_found_error","message":"not found"}}`, http.StatusNotFound)
		return
	}
	var req struct {
		Model    string `json:"model"`
		Stream   bool   `json:"stream"`
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rc.mu.Lock()
	for _, m := range req.Messages {
		rc.texts = append(rc.texts, contentText(m.Content))
	}
	rc.mu.Unlock()
	(&fakeAnthropic{}).reply(w, req.Stream, req.Model, "end_turn", block{Type: "text", Text: "ok"})
}

// bigArtifact is a memory whose index.md is far larger than the context
// budget, in two areas, each line naming its number.
func bigArtifact() map[string]string {
	files := goodArtifact()
	var idx strings.Builder
	idx.WriteString("# Memory index\n\n## Pages\n")
	for _, area := range []string{"conventions", "project"} {
		fmt.Fprintf(&idx, "\n### %s\n\n", area)
		for i := range 150 {
			fmt.Fprintf(&idx, "- [“%s claim %03d: the deploy window, the reviewers and the runbook stay as agreed”](pages/prefs/editor.md)\n", area, i)
		}
	}
	files["index.md"] = idx.String()
	return files
}

// Ensure that the memory context the SessionStart hook gives the real
// Claude Code CLI reaches the model whole: a memory far larger than the
// budget is cut to fit, and the request Claude Code sends holds the whole
// message, from the marker to the note after the cut, and no preview of a
// saved file (Claude Code saves a hook's text over 10,000 characters to a
// file and shows the model the first 2,000).
func TestClaudeCodeGetsTheWholeContext(t *testing.T) {
	claude := claudeBinary(t)
	bin := memfsBinary(t)
	c, dir, want := bigContext(t)

	rec := &contextRecorder{}
	srv := httptest.NewServer(rec)
	defer srv.Close()
	// The agent CLI tests' environment, with memfs's hook as the only
	// SessionStart hook of the fresh HOME's Claude Code settings.
	agentCLIEnv(t, srv)
	hook := fmt.Sprintf("%s --home %s hook claude-code", bin, c.home)
	settings, err := json.Marshal(map[string]any{"hooks": map[string]any{
		"SessionStart": []any{map[string]any{"hooks": []any{map[string]any{"type": "command", "command": hook}}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(os.Getenv("HOME"), ".claude", "settings.json"), settings, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), claude, "-p", "hello")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("claude -p: %v\n%s", err, out)
	}

	rec.mu.Lock()
	defer rec.mu.Unlock()
	var got string
	for _, s := range rec.texts {
		if strings.Contains(s, transcript.MemoryContextMarker) || strings.Contains(s, "Output too large") {
			got = s
			break
		}
	}
	if got == "" {
		t.Fatalf("no request to the model carries the memory context (%d message texts)", len(rec.texts))
	}
	if strings.Contains(got, "Output too large") || strings.Contains(got, "persisted-output") {
		t.Fatalf("Claude Code saved the context to a file and showed a preview:\n%.600s", got)
	}
	checkWholeContext(t, want, got)
}

// bigContext publishes bigArtifact into a fresh home's project scope
// and returns the CLI, the project folder and what memfs context shows
// there: a message cut to fit wiki.InlineLimit.
func bigContext(t *testing.T) (c *cli, dir, want string) {
	t.Helper()
	c = newCLI(t)
	dir, sc := project(t)
	c.mustRun("init")
	art := t.TempDir()
	writeTree(t, art, bigArtifact())
	c.mustRun("--scope", sc, "publish", art)
	want = c.mustRun("context", "--cwd", dir)
	if !strings.Contains(want, "[index.md shortened to fit this message") || len(want) > wiki.InlineLimit {
		t.Fatalf("the context is %d bytes, want a cut message within %d", len(want), wiki.InlineLimit)
	}
	return c, dir, want
}

// checkWholeContext checks that got, the message an agent sent its
// model, shows what want (memfs context) shows. The hook names its own
// binary where memfs context named the test's, so the two are compared
// by what they show of index.md and by the note after the cut.
func checkWholeContext(t *testing.T, want, got string) {
	t.Helper()
	if w, g := indexItems(want), indexItems(got); len(w) < 50 || strings.Join(w, "\n") != strings.Join(g, "\n") {
		t.Errorf("the model was given %d index lines, memfs context shows %d", len(g), len(w))
	}
	if !strings.Contains(got, "[index.md shortened to fit this message") || !strings.Contains(got, "cat index.md`.]") {
		t.Error("the note after the cut did not reach the model")
	}
}

// indexItems returns the list items of the message's index.md, within
// its fence.
func indexItems(msg string) []string {
	_, after, _ := strings.Cut(msg, "## index.md\n\n~~~\n")
	after, _, _ = strings.Cut(after, "\n~~~\n")
	var out []string
	for _, l := range strings.Split(after, "\n") {
		if strings.HasPrefix(l, "- ") {
			out = append(out, l)
		}
	}
	return out
}
