package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/scope"
	"github.com/memfs/memfs/internal/storetest"
)

// lockedBuffer is a bytes.Buffer that a running serve may write to while
// the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// claudeTranscript writes a Claude Code transcript of session, working in
// cwd, where the user says each of said in turn and the assistant
// acknowledges it.
func claudeTranscript(t *testing.T, path, session, cwd string, said ...string) {
	t.Helper()
	lines := []map[string]any{{"type": "permission-mode", "permissionMode": "default", "sessionId": session}}
	parent := any(nil)
	for i, text := range said {
		for j, role := range []string{"user", "assistant"} {
			id := fmt.Sprintf("%s-%04d", session[:23], 2*i+j+1)
			line := map[string]any{"parentUuid": parent, "isSidechain": false, "userType": "external", "cwd": cwd,
				"sessionId": session, "version": "2.1.197", "gitBranch": "main", "type": role, "uuid": id,
				"timestamp": fmt.Sprintf("2026-04-02T08:%02d:%02d.000Z", i, j)}
			if role == "user" {
				line["message"] = map[string]any{"role": "user", "content": text}
			} else {
				line["requestId"] = fmt.Sprintf("req_%d", i)
				line["message"] = map[string]any{"model": "claude-sonnet-4-5", "id": fmt.Sprintf("msg_%d", i),
					"type": "message", "role": "assistant", "stop_reason": "end_turn",
					"content": []map[string]any{{"type": "text", "text": "Noted."}}}
			}
			lines = append(lines, line)
			parent = id
		}
	}
	var b bytes.Buffer
	for _, l := range lines {
		if err := json.NewEncoder(&b).Encode(l); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

// settledLedger reports whether the ledger holds no pending evidence; unlike
// cli.pending it does not compare with status, which a running serve may
// change in between.
func settledLedger(c *cli) bool {
	n, err := c.ledger().PendingTotal(c.t.Context())
	return err == nil && n == 0
}

// installedHook installs the Claude Code hooks into a settings file of
// their own and returns the arguments the installed hook command passes
// to memfs (without the program name), so that the test runs exactly what
// Claude Code would.
func installedHook(t *testing.T, c *cli, mnt string) []string {
	t.Helper()
	settings := filepath.Join(t.TempDir(), "settings.json")
	c.mustRun("install", "claude-code", "--settings", settings, "--command", "memfs", "--mount", mnt)
	var command string
	for _, event := range []string{"SessionStart", "Stop", "SessionEnd"} {
		cmds := memfsCommands(t, readJSONFile(t, settings), event, "claude-code")
		if len(cmds) != 1 || (command != "" && cmds[0] != command) {
			t.Fatalf("%s hooks %q, want the one memfs hook of the other events", event, cmds)
		}
		command = cmds[0]
	}
	if strings.ContainsAny(command, `'"\`) {
		t.Fatalf("hook command %q needs a shell to split; the test paths should not", command)
	}
	args := strings.Fields(command)
	if args[0] != "memfs" || !strings.Contains(command, "--home "+c.home) || !strings.Contains(command, "--mount "+mnt) {
		t.Fatalf("hook command %q does not run memfs with its home and mount", command)
	}
	return args[1:]
}

// Ensure that a newcomer's first hour works end to end with the hooks
// installed and serve running: a fact stated once in a session reaches the
// next session's starting context (the facts themselves and the mount
// path to read more), without any tool call; the session the Stop hook
// checkpointed is dreamed by the running serve although its file never
// changes again; log and cat inside the project act on its scope; and a
// dream run's own agent session, working under $MEMFS_HOME/runs/, is
// neither evidence nor a new scope, through the hook or through serve.
func TestNewcomer_HooksServeNextSession(t *testing.T) {
	storetest.RequireFUSE(t)
	c := newCLI(t)
	claudeDir, mnt := t.TempDir(), filepath.Join(t.TempDir(), "memfs")
	hookArgs := installedHook(t, c, mnt)
	hook := func(payload map[string]any) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(t.Context(), hookArgs, strings.NewReader(hookPayloadJSON(t, payload)), &out, &errb); code != 0 {
			t.Fatalf("hook %v: exit %d: %s", payload["hook_event_name"], code, errb.String())
		}
		return out.String()
	}
	stop := func(session, transcript, cwd string) {
		t.Helper()
		if out := hook(map[string]any{"session_id": session, "transcript_path": transcript, "cwd": cwd,
			"hook_event_name": "Stop", "stop_hook_active": false}); out != "" {
			t.Fatalf("Stop hook printed %q", out)
		}
	}

	// serve with no store yet: it creates one. Settle is long against the
	// hook, so the hook records a checkpoint first and serve later finds it
	// unchanged; polls and debounce are short.
	var serveErr lockedBuffer
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"--home", c.home, "serve", "--mount", mnt, "--watch", claudeDir,
			"--settle", "400ms", "--poll", "20ms", "--debounce", "10ms"}, strings.NewReader(""), &bytes.Buffer{}, &serveErr)
	}()
	storetest.Eventually(t, "serve mounted", func() bool { return isMounted(t, mnt) })

	// A dream run's own agent session: its hook is ignored, and serve
	// ignores its transcript too. A later ordinary session, whose file
	// sorts after it, shows when serve has handled both (and that serve
	// is past its start, where it takes up what is pending already).
	runDir := filepath.Join(c.home, "runs", "20260101T000000Z-abcd1234")
	if err := os.MkdirAll(runDir, 0o700); err != nil {
		t.Fatal(err)
	}
	const dreamer, later = "aaaaaaaa-1111-4111-8111-000000000001", "bbbbbbbb-1111-4111-8111-000000000002"
	inRun := filepath.Join(claudeDir, "-a-run", dreamer+".jsonl")
	claudeTranscript(t, inRun, dreamer, runDir, "Remember that the dreamer password is loopfood9.")
	stop(dreamer, inRun, runDir)
	if out := hook(map[string]any{"session_id": dreamer, "transcript_path": inRun, "cwd": runDir,
		"hook_event_name": "SessionStart", "source": "startup"}); out != "" {
		t.Errorf("a dream run's session got a memory context: %q", out)
	}
	laterDir, laterScope := project(t)
	claudeTranscript(t, filepath.Join(claudeDir, "-z-later", later+".jsonl"), later, laterDir,
		"Remember that the build server is called forge3.")
	storetest.Eventually(t, "serve dreamed the later session", func() bool {
		code, _, _ := c.run("--scope", laterScope, "log", "-n", "1")
		return code == 0 && settledLedger(c) // acknowledged a moment after publication
	})
	runScope := scope.FromDir(runDir)
	h, err := home.Open(c.home, home.Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := h.Projects()[runScope]; ok {
		t.Errorf("the dream run's session was recorded as scope %s", runScope)
	}
	if st, err := c.ledger().Session(t.Context(), dreamer); err == nil && st.Checkpoint != nil {
		t.Errorf("the dream run's session was checkpointed: %+v", st.Checkpoint)
	}
	if c.pending() != 0 || strings.Contains(c.mustRun("status"), runScope) {
		t.Errorf("status after a dream run's session:\n%s", c.mustRun("status"))
	}
	if code, _, _ := c.run("--scope", runScope, "log"); code == 0 {
		t.Errorf("the dream run's session was dreamed into scope %s", runScope)
	}

	dir, sc := project(t)
	sub := filepath.Join(dir, "cmd", "tool")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	const first = "7b3c9d10-4e2f-4a11-9b0c-1d2e3f405162"
	transcript := filepath.Join(claudeDir, "-proj", first+".jsonl")
	claudeTranscript(t, transcript, first, sub,
		"Remember that the staging database is called stagedb7.", "We prefer squash merges.")
	stop(first, transcript, sub)

	storetest.Eventually(t, "serve dreamed the session the Stop hook checkpointed", func() bool {
		code, _, _ := c.run("--scope", sc, "log", "-n", "1")
		return code == 0 && settledLedger(c)
	})
	if log := serveErr.String(); !strings.Contains(log, "new=false") {
		t.Logf("serve checkpointed the session before the hook did; the hook-first path was not exercised:\n%s", log)
	}

	out := hook(map[string]any{"session_id": "9e8d7c6b-0000-4111-8222-333344445555",
		"transcript_path": filepath.Join(claudeDir, "-proj", "9e8d7c6b-0000-4111-8222-333344445555.jsonl"),
		"cwd":             dir, "hook_event_name": "SessionStart", "source": "startup"})
	var answer struct {
		HookSpecificOutput struct{ HookEventName, AdditionalContext string }
	}
	if err := json.Unmarshal([]byte(out), &answer); err != nil {
		t.Fatalf("SessionStart answered %q: %v", out, err)
	}
	ctxt, where := answer.HookSpecificOutput.AdditionalContext, filepath.Join(mnt, sc)
	for _, want := range []string{"stagedb7", "squash merges", "`" + where + "`"} {
		if !strings.Contains(ctxt, want) {
			t.Errorf("the next session's context lacks %q:\n%s", want, ctxt)
		}
	}
	if answer.HookSpecificOutput.HookEventName != "SessionStart" {
		t.Errorf("SessionStart answered for %q", answer.HookSpecificOutput.HookEventName)
	}
	if b, err := os.ReadFile(filepath.Join(where, "index.md")); err != nil || !strings.Contains(string(b), "stagedb7") {
		t.Errorf("the path the context names does not serve the memory: %v\n%s", err, b)
	}

	// log and cat from inside the project, in a subdirectory, resolve its
	// scope.
	t.Chdir(sub)
	if out := c.mustRun("log"); !strings.Contains(out, "Memfs-Sources: "+first) {
		t.Errorf("log in the project:\n%s", out)
	}
	if out := c.mustRun("cat", "summary.md"); !strings.Contains(out, "stagedb7") || !strings.Contains(out, "squash merges") {
		t.Errorf("cat summary.md in the project:\n%s", out)
	}

	cancel() // what SIGTERM does to serve
	if code := <-done; code != 0 {
		t.Fatalf("serve exited %d: %s", code, serveErr.String())
	}
	if isMounted(t, mnt) {
		t.Fatal("serve left its mount behind")
	}
}

// Ensure that remote add says what it did: the name, the URL, and the
// erasure trust, in text and in JSON; and that a URL holding a password
// or a token is refused with the remedy, stored nowhere and printed
// nowhere.
func TestNewcomer_RemoteAddSaysWhatItDid(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	const secret = "ghp_0123456789abcdefNOTREAL"
	for _, u := range []string{
		"https://alice:" + secret + "@git.example.com/team/memory.git",
		"https://" + secret + "@git.example.com/team/memory.git",
		"https://x-access-token:" + secret + "@git.example.com/team/memory.git",
	} {
		for _, asJSON := range []bool{false, true} {
			args := []string{"remote", "add", "origin", u}
			if asJSON {
				args = append([]string{"--json"}, args...)
			}
			code, out, errs := c.run(args...)
			if code != exitUsage || strings.Contains(out+errs, secret) || !strings.Contains(out+errs, "credential helper") {
				t.Fatalf("remote add of a URL with a credential: exit %d\n%s%s", code, out, errs)
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(c.repo(), "config")); err != nil || strings.Contains(string(b), secret) || strings.Contains(string(b), "origin") {
		t.Fatalf("the refused remote reached the config (%v):\n%s", err, b)
	}
	out := c.mustRun("remote", "add", "origin", "https://alice@git.example.com/team/memory.git")
	if !strings.Contains(out, "remote origin added: https://alice@git.example.com/team/memory.git") ||
		!strings.Contains(out, "consent token") {
		t.Fatalf("remote add output:\n%s", out)
	}
	var doc struct {
		OK            bool
		Name, URL     string
		TrustErasures bool `json:"trust_erasures"`
	}
	out = c.mustRun("--json", "remote", "add", "backup", "git@git.example.com:b.git", "--trust-erasures")
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.OK || doc.Name != "backup" || doc.URL != "git@git.example.com:b.git" || !doc.TrustErasures {
		t.Fatalf("remote add --json = %s", out)
	}
	if out := c.mustRun("remote", "add", "plain", "/srv/memory.git"); !strings.Contains(out, "remote plain added: /srv/memory.git") {
		t.Fatalf("remote add of a path:\n%s", out)
	}
	// A remote an earlier memfs stored with its token is used but never
	// printed.
	gitOut(t, "-C", c.repo(), "config", "remote.old.url", "https://alice:"+secret+"@git.example.com/old.git")
	if out := c.mustRun("remote", "list"); strings.Contains(out, secret) || !strings.Contains(out, "old\thttps://alice@git.example.com/old.git") {
		t.Fatalf("remote list:\n%s", out)
	}
}

// Ensure that forget apply says that the agents' own transcript files may
// still hold what it forgot, and where they are (paths and a count from
// the ledger, never their content), in text and in JSON.
func TestNewcomer_ForgetNamesAgentTranscripts(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		t.Run(fmt.Sprintf("json=%v", asJSON), func(t *testing.T) {
			c := newCLI(t)
			c.mustRun("init")
			files := goodArtifact()
			files["pages/prefs/phone.md"] = "# Phone\n\n- The user's phone is 555-867-5309.\n\n## Sources\n\n- session:" + testSession + "\n"
			dir := t.TempDir()
			writeTree(t, dir, files)
			c.mustRun("--scope", "default", "publish", dir, "-m", "add phone")
			p := copyTranscript(t, "", "claude-session.jsonl")
			c.mustRun("checkpoint", "--transcript", p, "--scope", "default")
			targets := []string{"--target", "text:555 867 5309", "--target", "session:" + testSession}
			var pv struct {
				Scope string `json:"forget_scope"`
			}
			if err := json.Unmarshal([]byte(c.mustRun(append([]string{"--json", "forget", "preview"}, targets...)...)), &pv); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"forget", "apply", "--token", pv.Scope}, targets...)
			if asJSON {
				args = append([]string{"--json"}, args...)
			}
			out := c.mustRun(args...)
			if strings.Contains(out, "5309") {
				t.Fatalf("forget apply quotes the forgotten text:\n%s", out)
			}
			if !asJSON {
				if !strings.Contains(out, "1 known to memfs may still hold what was forgotten") || !strings.Contains(out, "\n  "+p+"\n") {
					t.Fatalf("forget apply does not name the agent's transcript:\n%s", out)
				}
				return
			}
			var rc struct {
				ReceiptID        string `json:"receipt_id"`
				AgentTranscripts struct {
					Count int
					Paths []string
				} `json:"agent_transcripts"`
			}
			if err := json.Unmarshal([]byte(out), &rc); err != nil {
				t.Fatal(err)
			}
			if rc.ReceiptID == "" || rc.AgentTranscripts.Count != 1 || len(rc.AgentTranscripts.Paths) != 1 || rc.AgentTranscripts.Paths[0] != p {
				t.Fatalf("forget apply --json = %s", out)
			}
		})
	}
}
