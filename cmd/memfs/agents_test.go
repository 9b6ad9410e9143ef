package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/memfs/memfs/agent"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/config"
	"github.com/memfs/memfs/internal/scope"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/wiki"
)

// runStdin runs memfs in-process with stdin.
func (c *cli) runStdin(stdin string, args ...string) (code int, stdout, stderr string) {
	c.t.Helper()
	var out, errb bytes.Buffer
	code = run(c.t.Context(), append([]string{"--home", c.home}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// project returns a working directory that is a git top-level, and its
// derived scope.
func project(t *testing.T) (dir, sc string) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(dir, "Proj")
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, scope.FromDir(dir)
}

func hookPayloadJSON(t *testing.T, fields map[string]any) string {
	t.Helper()
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Ensure that memfs context derives the scope from --cwd, says when there
// is nothing published, and otherwise carries summary and index, and the
// mount folder when one exists.
func TestCLI_Context(t *testing.T) {
	c := newCLI(t)
	dir, sc := project(t)
	mount := t.TempDir()

	sub := filepath.Join(dir, "sub", "dir")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	out := c.mustRun("context", "--cwd", sub, "--mount", mount)
	if !strings.HasPrefix(out, transcript.MemoryContextMarker+"\n") || !strings.Contains(out, "has no publications yet") || !strings.Contains(out, "`"+sc+"`") {
		t.Fatalf("context before init:\n%s", out)
	}

	c.mustRun("init")
	art := t.TempDir()
	writeTree(t, art, goodArtifact())
	commit := strings.TrimSpace(c.mustRun("--scope", sc, "publish", art))
	out = c.mustRun("context", "--cwd", dir, "--mount", mount)
	for _, want := range []string{
		"commit " + commit[:12],
		"~~~\n# Summary\n~~~\n",
		"- [Prefs](pages/prefs/index.md)\n",
		"not mounted",
		"--scope " + sc + " cat <path>",
		"--home ", // the test's home is explicit, so suggested commands carry it
	} {
		if !strings.Contains(out, want) {
			t.Errorf("context lacks %q:\n%s", want, out)
		}
	}

	writeTree(t, filepath.Join(mount, sc), goodArtifact())
	var js struct {
		OK                             bool
		Scope, Folder, Commit, Context string
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "context", "--cwd", dir, "--mount", mount)), &js); err != nil {
		t.Fatal(err)
	}
	if js.Scope != sc || js.Commit != commit || js.Folder != filepath.Join(mount, sc) ||
		!strings.Contains(js.Context, "`"+filepath.Join(mount, sc)+"` holds this scope's memory") {
		t.Fatalf("context --json: %+v", js)
	}

	// --scope wins; config scopes = "single" maps every directory to default.
	if out := c.mustRun("--scope", "team", "context", "--cwd", dir); !strings.Contains(out, "scope `team`") {
		t.Errorf("--scope ignored:\n%s", out)
	}
	checkServeLockSeen(t, c)
	setSingleScope(t, c)
	if out := c.mustRun("context", "--cwd", dir); !strings.Contains(out, "scope `default`") {
		t.Errorf("single mode ignored:\n%s", out)
	}
	if code, _, errs := c.run("--scope", "Bad/Scope", "context"); code != exitUsage || !strings.Contains(errs, "invalid scope") {
		t.Errorf("invalid --scope: exit %d %q", code, errs)
	}
}

// checkServeLockSeen holds serve's lock as a running serve would and
// checks that status reports it and a second serve is refused.
func checkServeLockSeen(t *testing.T, c *cli) {
	t.Helper()
	h, err := home.Open(c.home, home.Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	release, err := h.LockServe()
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if text := c.mustRun("status"); !strings.Contains(text, fmt.Sprintf("serve:  running (pid %d)", os.Getpid())) {
		t.Errorf("status while serve holds its lock:\n%s", text)
	}
	if code, _, errs := c.run("serve", "--no-mount"); code != exitFailure || !strings.Contains(errs, "already running") {
		t.Errorf("a second serve: exit %d %s", code, errs)
	}
}

// setSingleScope writes a config that maps every directory to the
// default scope.
func setSingleScope(t *testing.T, c *cli) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(c.home, "config.toml"), []byte("scopes = \"single\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Ensure that the SessionStart hook answers with the memory context in
// each agent's additionalContext shape.
func TestCLI_HookSessionStart(t *testing.T) {
	c := newCLI(t)
	dir, sc := project(t)
	for _, agent := range []string{"claude-code", "codex"} {
		payload := hookPayloadJSON(t, map[string]any{"session_id": "s1", "transcript_path": filepath.Join(dir, "none.jsonl"),
			"cwd": dir, "hook_event_name": "SessionStart", "source": "startup"})
		code, out, errs := c.runStdin(payload, "hook", agent)
		if code != 0 {
			t.Fatalf("hook %s: exit %d %s", agent, code, errs)
		}
		if strings.Count(out, "\n") != 1 {
			t.Errorf("hook %s output is not one line of JSON: %q", agent, out)
		}
		var resp struct {
			HookSpecificOutput struct {
				HookEventName     string `json:"hookEventName"`
				AdditionalContext string `json:"additionalContext"`
			} `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal([]byte(out), &resp); err != nil {
			t.Fatalf("hook %s output: %v\n%s", agent, err, out)
		}
		h := resp.HookSpecificOutput
		if h.HookEventName != "SessionStart" || !strings.HasPrefix(h.AdditionalContext, transcript.MemoryContextMarker) ||
			!strings.Contains(h.AdditionalContext, "`"+sc+"`") {
			t.Errorf("hook %s answered %+v", agent, h)
		}
	}
}

// Ensure that subagent events and unrelated events never checkpoint and
// print nothing, and that hook failures exit 1, never 2 (which agents
// read as "block").
func TestCLI_HookIgnoresSubagents(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	dir, _ := project(t)
	transcript := filepath.Join(dir, "t.jsonl")
	for _, p := range []map[string]any{
		{"hook_event_name": "SubagentStop", "session_id": "s1", "transcript_path": transcript, "agent_transcript_path": transcript + ".agent", "cwd": dir},
		{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": transcript, "agent_id": "a1", "cwd": dir},
		{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": filepath.Join(dir, "s1", "subagents", "agent-a1.jsonl"), "cwd": dir},
		{"hook_event_name": "PreToolUse", "session_id": "s1", "transcript_path": transcript, "cwd": dir},
	} {
		code, out, errs := c.runStdin(hookPayloadJSON(t, p), "hook", "claude-code")
		if code != 0 || out != "" {
			t.Errorf("hook %v: exit %d stdout %q stderr %q", p, code, out, errs)
		}
	}
	var st struct{ Pending int }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil || st.Pending != 0 {
		t.Fatalf("pending %d, %v after subagent events", st.Pending, err)
	}
	for _, tc := range []struct{ stdin, agent string }{{"not json", "claude-code"}, {"{}", "bogus"}, {"{}", ""}} {
		args := []string{"hook"}
		if tc.agent != "" {
			args = append(args, tc.agent)
		}
		if code, _, errs := c.runStdin(tc.stdin, args...); code != exitFailure {
			t.Errorf("hook %q with %q: exit %d (%s), want 1", tc.agent, tc.stdin, code, errs)
		}
	}
}

// Ensure that status --json counts pending checkpoints across scopes.
func TestCLI_StatusPending(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	l, err := ledger.New(filepath.Join(c.home, ledger.FileName), ledger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, cp := range []ledger.Checkpoint{
		{Scope: "default", Checkpoint: transcript.Checkpoint{SessionID: "s1", Cursor: "c1"}},
		{Scope: "proj-0123abcd", Checkpoint: transcript.Checkpoint{SessionID: "s2", Cursor: "c1"}},
		{Scope: "proj-0123abcd", Checkpoint: transcript.Checkpoint{SessionID: "s3", Cursor: "c9"}},
	} {
		if _, err := l.RecordCheckpoint(t.Context(), cp); err != nil {
			t.Fatal(err)
		}
	}
	var st struct{ Pending int }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
		t.Fatal(err)
	}
	if st.Pending != 3 {
		t.Fatalf("pending %d, want 3", st.Pending)
	}
}

func readJSONFile(t *testing.T, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, b)
	}
	return v
}

// memfsCommands returns the memfs hook commands of an event.
func memfsCommands(t *testing.T, settings map[string]any, event, name string) []string {
	t.Helper()
	hooks, _ := settings["hooks"].(map[string]any)
	groups, _ := hooks[event].([]any)
	var out []string
	for _, g := range groups {
		entries, _ := g.(map[string]any)["hooks"].([]any)
		for _, e := range entries {
			if cmd, _ := e.(map[string]any)["command"].(string); agent.IsMemfsHook(cmd, name) {
				out = append(out, cmd)
			}
		}
	}
	return out
}

func backups(t *testing.T, path string) []string {
	t.Helper()
	m, err := filepath.Glob(path + ".memfs-backup-*")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

const userSettings = `{
  "model": "opus",
  "permissions": {"allow": ["Bash(go test:*)"]},
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit.sh"}]}]
  },
  "env": {"A": "<&>"}
}
`

// Ensure that install merges memfs's hooks into Claude Code settings:
// unrelated keys and hooks kept in order, a backup first, and a second run
// changes nothing.
func TestCLI_InstallClaudeCode(t *testing.T) {
	c := newCLI(t)
	settings := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(settings, []byte(userSettings), 0o644); err != nil {
		t.Fatal(err)
	}
	out := c.mustRun("install", "claude-code", "--settings", settings, "--command", "/opt/bin/memfs")
	if !strings.Contains(out, "added memfs hooks for Claude Code (SessionStart, Stop, SessionEnd)") {
		t.Fatalf("install said %q", out)
	}
	// The agent's CLI as the dreamer is offered, never turned on.
	if !strings.Contains(out, "  memfs dream --dreamer claude\n") || !strings.Contains(out, "  [dreamer]\n  use = \"claude\"\n") ||
		!strings.Contains(out, filepath.Join(c.home, "config.toml")) {
		t.Errorf("install does not offer the claude dreamer as config.toml's [dreamer] table:\n%s", out)
	}
	var js struct {
		DreamWith   string `json:"dream_with"`
		DreamConfig string `json:"dream_config"`
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "install", "claude-code", "--settings", settings, "--command", "/opt/bin/memfs", "--dry-run")), &js); err != nil {
		t.Fatal(err)
	}
	if js.DreamWith != "memfs dream --dreamer claude" || js.DreamConfig != "[dreamer]\nuse = \"claude\"\n" {
		t.Errorf("install --json offers %+v, want the command and the [dreamer] table", js)
	}
	// What install offers is a config.toml that loads and names claude.
	offered := t.TempDir()
	if err := os.WriteFile(filepath.Join(offered, config.FileName), []byte(js.DreamConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	if cfg, err := config.Load(offered); err != nil || cfg.Dreamer.Use != "claude" {
		t.Errorf("the offered config.toml loads as %+v, %v; want use claude", cfg, err)
	}
	if _, err := os.Stat(filepath.Join(c.home, "config.toml")); err == nil {
		t.Error("install wrote config.toml: the dreamer must only be offered")
	}
	bk := backups(t, settings)
	if len(bk) != 1 {
		t.Fatalf("backups %v, want one", bk)
	}
	if b, _ := os.ReadFile(bk[0]); string(b) != userSettings {
		t.Fatalf("backup holds %q", b)
	}
	if fi, _ := os.Stat(settings); fi.Mode().Perm() != 0o644 {
		t.Errorf("settings mode %v, want the original 0644", fi.Mode().Perm())
	}
	raw, _ := os.ReadFile(settings)
	got := readJSONFile(t, settings)
	if got["model"] != "opus" || got["env"].(map[string]any)["A"] != "<&>" || got["permissions"] == nil {
		t.Errorf("unrelated keys changed:\n%s", raw)
	}
	if i, j, k := bytes.Index(raw, []byte(`"model"`)), bytes.Index(raw, []byte(`"hooks"`)), bytes.Index(raw, []byte(`"env"`)); !(i < j && j < k) {
		t.Errorf("key order changed:\n%s", raw)
	}
	hooks := got["hooks"].(map[string]any)
	if stop := hooks["Stop"].([]any); len(stop) != 2 || !strings.Contains(string(raw), `"notify-send done"`) {
		t.Errorf("the user's Stop hook is not kept beside memfs's:\n%s", raw)
	}
	if hooks["PreToolUse"] == nil {
		t.Errorf("PreToolUse hooks lost:\n%s", raw)
	}
	want := "/opt/bin/memfs --home " + c.home + " hook claude-code"
	for _, ev := range []string{"SessionStart", "Stop", "SessionEnd"} {
		if cmds := memfsCommands(t, got, ev, "claude-code"); len(cmds) != 1 || cmds[0] != want {
			t.Errorf("%s memfs hooks %q, want [%q]", ev, cmds, want)
		}
	}

	// Idempotent: same bytes, no new backup.
	out = c.mustRun("install", "claude-code", "--settings", settings, "--command", "/opt/bin/memfs")
	if !strings.Contains(out, "nothing changed") {
		t.Errorf("second install said %q", out)
	}
	if again, _ := os.ReadFile(settings); !bytes.Equal(again, raw) {
		t.Errorf("second install changed the file")
	}
	if bk := backups(t, settings); len(bk) != 1 {
		t.Errorf("second install made a backup: %v", bk)
	}

	// A moved binary updates memfs's hooks in place, not beside.
	c.mustRun("install", "claude-code", "--settings", settings, "--command", "/usr/local/bin/memfs")
	got = readJSONFile(t, settings)
	for _, ev := range []string{"SessionStart", "Stop", "SessionEnd"} {
		if cmds := memfsCommands(t, got, ev, "claude-code"); len(cmds) != 1 || !strings.HasPrefix(cmds[0], "/usr/local/bin/memfs ") {
			t.Errorf("%s memfs hooks after a move: %q", ev, cmds)
		}
	}
}

// Ensure that install refuses to write hooks that run a temporary go build
// (this test binary is one) with a usage error, writes nothing, and does
// with --force.
func TestCLI_InstallRefusesTemporaryBuild(t *testing.T) {
	c := newCLI(t)
	settings := filepath.Join(t.TempDir(), "settings.json")
	code, _, errs := c.run("install", "claude-code", "--settings", settings)
	if code != exitUsage || !strings.Contains(errs, "temporary go build") || !strings.Contains(errs, "go install ./cmd/memfs") {
		t.Fatalf("install from a temporary build: exit %d, %s", code, errs)
	}
	if _, err := os.Stat(settings); !os.IsNotExist(err) {
		t.Fatalf("refused install wrote %s", settings)
	}
	c.mustRun("install", "claude-code", "--settings", settings, "--force")
	if b, err := os.ReadFile(settings); err != nil || !strings.Contains(string(b), " hook claude-code") {
		t.Errorf("--force wrote %s: %v", b, err)
	}
}

// Ensure that --dry-run prints the change and writes nothing.
func TestCLI_InstallDryRun(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new", "settings.json")
	out := c.mustRun("install", "claude-code", "--settings", fresh, "--dry-run", "--force")
	if !strings.Contains(out, "would add memfs hooks") || !strings.Contains(out, "\n+ {\n") || !strings.Contains(out, `+     "SessionStart": [`) {
		t.Errorf("dry run printed:\n%s", out)
	}
	if _, err := os.Stat(filepath.Dir(fresh)); !os.IsNotExist(err) {
		t.Errorf("dry run created %s: %v", filepath.Dir(fresh), err)
	}

	existing := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(existing, []byte(userSettings), 0o600); err != nil {
		t.Fatal(err)
	}
	out = c.mustRun("install", "claude-code", "--settings", existing, "-n", "--command", "memfs")
	if !strings.Contains(out, `  "model": "opus",`) || !strings.Contains(out, "+ ") || !strings.Contains(out, "memfs --home") {
		t.Errorf("dry run diff:\n%s", out)
	}
	if b, _ := os.ReadFile(existing); string(b) != userSettings || len(backups(t, existing)) != 0 {
		t.Errorf("dry run wrote the file or a backup")
	}
}

// Ensure that install codex writes hooks.json with SessionStart and Stop,
// says that Codex runs only trusted hooks, and refuses a file that is not
// a JSON object without touching it.
func TestCLI_InstallCodex(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	t.Setenv("CODEX_HOME", dir)
	out := c.mustRun("install", "codex", "--command", "memfs")
	if !strings.Contains(out, "/hooks") || !strings.Contains(out, "trust") {
		t.Errorf("codex install does not mention trusting hooks:\n%s", out)
	}
	path := filepath.Join(dir, "hooks.json")
	got := readJSONFile(t, path)
	for _, ev := range []string{"SessionStart", "Stop"} {
		if cmds := memfsCommands(t, got, ev, "codex"); len(cmds) != 1 || !strings.HasSuffix(cmds[0], " hook codex") {
			t.Errorf("%s hooks %q", ev, cmds)
		}
	}
	if got["hooks"].(map[string]any)["SessionEnd"] != nil {
		t.Errorf("codex got a SessionEnd hook")
	}
	if len(backups(t, path)) != 0 {
		t.Errorf("a new file was backed up")
	}
	c.mustRun("install", "codex", "--command", "memfs", "--mount", "/srv/mem ories")
	if cmds := memfsCommands(t, readJSONFile(t, path), "SessionStart", "codex"); len(cmds) != 1 || !strings.HasSuffix(cmds[0], " hook codex --mount '/srv/mem ories'") {
		t.Errorf("--mount not passed on: %q", cmds)
	}

	bad := filepath.Join(dir, "bad.json")
	for _, content := range []string{"[1]", `{"hooks": []}`, `{"hooks": {"Stop": {}}}`, "{"} {
		if err := os.WriteFile(bad, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if code, _, errs := c.run("install", "codex", "--settings", bad, "--command", "memfs"); code != exitFailure {
			t.Errorf("install into %q: exit %d %s", content, code, errs)
		}
		if b, _ := os.ReadFile(bad); string(b) != content {
			t.Errorf("install changed a file it refused")
		}
	}
	if code, _, _ := c.run("install", "cursor"); code != exitUsage {
		t.Errorf("unknown agent: exit %d", code)
	}
}

// memfsHandlers returns memfs's hook handlers for an event in a settings
// document.
func memfsHandlers(settings map[string]any, event, name string) []map[string]any {
	hooks, _ := settings["hooks"].(map[string]any)
	groups, _ := hooks[event].([]any)
	var out []map[string]any
	for _, g := range groups {
		entries, _ := g.(map[string]any)["hooks"].([]any)
		for _, e := range entries {
			h, _ := e.(map[string]any)
			if cmd, _ := h["command"].(string); agent.IsMemfsHook(cmd, name) {
				out = append(out, h)
			}
		}
	}
	return out
}

// Ensure that the Codex SessionStart hook is allowed the whole
// memory-context message (additionalContextLimit, in tokens, no fewer than
// the message's bytes), that no other hook gets the field, that an
// earlier install without it is brought up to date keeping the handler's
// other fields, and that an install already right changes nothing.
func TestCLI_InstallCodexContextLimit(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.json")
	earlier := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "memfs hook codex", "timeout": 30, "statusMessage": "mine"}]}],
	  "Stop": [{"hooks": [{"type": "command", "command": "memfs hook codex", "timeout": 30}]}]}}`
	if err := os.WriteFile(path, []byte(earlier), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CODEX_HOME", dir)
	c.mustRun("install", "codex", "--command", "memfs")
	got := readJSONFile(t, path)
	start := memfsHandlers(got, "SessionStart", "codex")
	if len(start) != 1 {
		t.Fatalf("SessionStart handlers %v", start)
	}
	if lim, _ := start[0]["additionalContextLimit"].(float64); int(lim) < wiki.InlineLimit {
		t.Errorf("SessionStart additionalContextLimit %v, want at least %d", start[0]["additionalContextLimit"], wiki.InlineLimit)
	}
	if start[0]["statusMessage"] != "mine" {
		t.Errorf("the handler's own field was lost: %v", start[0])
	}
	for _, h := range memfsHandlers(got, "Stop", "codex") {
		if _, ok := h["additionalContextLimit"]; ok {
			t.Errorf("the Stop hook got additionalContextLimit: %v", h)
		}
	}
	if n := len(backups(t, path)); n != 1 {
		t.Errorf("%d backups of the updated file, want 1", n)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c.mustRun("install", "codex", "--command", "memfs")
	if after, _ := os.ReadFile(path); string(after) != string(before) || len(backups(t, path)) != 1 {
		t.Errorf("an install already right changed the file")
	}
	// Claude Code has no such field.
	claude := filepath.Join(t.TempDir(), "settings.json")
	c.mustRun("install", "claude-code", "--settings", claude, "--command", "memfs")
	for _, ev := range []string{"SessionStart", "Stop", "SessionEnd"} {
		for _, h := range memfsHandlers(readJSONFile(t, claude), ev, "claude-code") {
			if _, ok := h["additionalContextLimit"]; ok {
				t.Errorf("Claude Code's %s hook got additionalContextLimit", ev)
			}
		}
	}
}

// Ensure that the settings file behind a symlink is changed, not replaced
// by a file.
func TestCLI_InstallThroughSymlink(t *testing.T) {
	c := newCLI(t)
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles-settings.json")
	if err := os.WriteFile(real, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "settings.json")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	c.mustRun("install", "claude-code", "--settings", link, "--command", "memfs")
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("symlink replaced: %v %v", fi.Mode(), err)
	}
	if cmds := memfsCommands(t, readJSONFile(t, real), "Stop", "claude-code"); len(cmds) != 1 {
		t.Fatalf("target not updated: %q", cmds)
	}
}

// Ensure that every command resolves its scope the same way: publish, log,
// cat and show from inside a project act on the project's scope; from
// elsewhere they name the scopes there are with their projects; --scope
// and scopes = "single" win; status shows each scope's project and pending
// sessions, and whether serve runs.
func TestCLI_OneScopeResolution(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	dir, sc := project(t)
	art := t.TempDir()
	writeTree(t, art, goodArtifact())
	transcript := copyTranscript(t, "", "claude-session.jsonl")
	t.Chdir(dir)
	c.mustRun("publish", art)
	for _, args := range [][]string{{"log"}, {"cat", "index.md"}, {"show", "HEAD"}, {"--scope", sc, "log"}} {
		if code, _, errs := c.run(args...); code != 0 {
			t.Errorf("memfs %v in the project: exit %d %s", args, code, errs)
		}
	}
	c.mustRun("checkpoint", "--transcript", transcript) // its scope comes from the transcript's cwd

	t.Chdir(t.TempDir())
	code, _, errs := c.run("log")
	if code != exitFailure || !strings.Contains(errs, "no publications") || !strings.Contains(errs, sc+" ("+dir+")") ||
		!strings.Contains(errs, "from the working directory") {
		t.Errorf("log outside any published scope: exit %d %s", code, errs)
	}
	if code, _, errs := c.run("--scope", "default", "log"); code != exitFailure || !strings.Contains(errs, "from --scope") {
		t.Errorf("log --scope default: exit %d %s", code, errs)
	}

	var st struct {
		Pending int
		Serve   struct{ Running bool }
		Scopes  []struct {
			Name, Project, Head string
			Pending             int
			Published           bool
		}
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
		t.Fatal(err)
	}
	byName := map[string]int{}
	for i, s := range st.Scopes {
		byName[s.Name] = i
	}
	if i, ok := byName[sc]; !ok || st.Scopes[i].Project != dir || !st.Scopes[i].Published || st.Scopes[i].Head == "" {
		t.Errorf("status of the project's scope: %+v", st.Scopes)
	}
	if i, ok := byName[transcriptScope]; !ok || st.Scopes[i].Pending != 1 || st.Scopes[i].Published || st.Pending != 1 || st.Serve.Running {
		t.Errorf("status of the transcript's scope: %+v", st)
	}
	text := c.mustRun("status")
	for _, want := range []string{"serve:  not running", "project " + dir, "scope " + transcriptScope + ": (no publications); 1 pending"} {
		if !strings.Contains(text, want) {
			t.Errorf("status lacks %q:\n%s", want, text)
		}
	}

	checkServeLockSeen(t, c)
	setSingleScope(t, c)
	t.Chdir(dir)
	if code, _, errs := c.run("log"); code != exitFailure || !strings.Contains(errs, "scope default") || !strings.Contains(errs, `scopes = "single"`) {
		t.Errorf("log in single mode: exit %d %s", code, errs)
	}
}

// Ensure that install --uninstall removes exactly what install added:
// settings with other hooks come back to what they were (as JSON values),
// a memfs hook the user put beside another hook goes without the other,
// and a file without memfs hooks is left alone.
func TestCLI_UninstallHooks(t *testing.T) {
	const shared = `{
  "hooks": {
    "Stop": [{"matcher": "", "hooks": [{"type": "command", "command": "notify-send done"}, {"type": "command", "command": "/opt/bin/memfs hook claude-code"}]}]
  }
}
`
	const sharedAfter = `{"hooks": {"Stop": [{"matcher": "", "hooks": [{"type": "command", "command": "notify-send done"}]}]}}`
	tests := []struct {
		name, agent, before, want string
		install                   bool
	}{
		{"claude-code settings with other hooks", "claude-code", userSettings, userSettings, true},
		{"codex hooks file made by install", "codex", "", `{}`, true},
		{"memfs hook beside a user's hook", "claude-code", shared, sharedAfter, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCLI(t)
			settings := filepath.Join(t.TempDir(), "settings.json")
			if tt.before != "" {
				if err := os.WriteFile(settings, []byte(tt.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.install {
				c.mustRun("install", tt.agent, "--settings", settings, "--command", "/opt/bin/memfs")
			}
			out := c.mustRun("install", tt.agent, "--settings", settings, "--uninstall")
			if !strings.Contains(out, "removed memfs hooks for ") || !strings.Contains(out, "backup of the previous file: ") {
				t.Fatalf("uninstall said %q", out)
			}
			got, err := os.ReadFile(settings)
			if err != nil {
				t.Fatal(err)
			}
			var g, w any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tt.want), &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("after uninstall:\n%s\nwant the equivalent of:\n%s", got, tt.want)
			}
			if strings.Contains(string(got), "memfs") {
				t.Fatalf("a memfs hook is left:\n%s", got)
			}
			// Again: nothing to remove, the file is not touched.
			var doc struct {
				Changed   bool
				Uninstall bool
				Events    []string
			}
			if err := json.Unmarshal([]byte(c.mustRun("--json", "install", tt.agent, "--settings", settings, "--uninstall")), &doc); err != nil {
				t.Fatal(err)
			}
			if doc.Changed || !doc.Uninstall || len(doc.Events) != 0 {
				t.Fatalf("second uninstall = %+v", doc)
			}
			if again, _ := os.ReadFile(settings); !bytes.Equal(again, got) {
				t.Fatal("a second uninstall changed the file")
			}
		})
	}
}
