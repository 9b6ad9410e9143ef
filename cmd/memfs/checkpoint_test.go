package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/memfs/memfs/internal/scope"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

const testSession = "11111111-2222-4333-8444-555555555555"

// transcriptScope is the scope of the testdata transcripts' working
// directory.
var transcriptScope = scope.FromDir("/nonexistent-memfs-test/proj")

// copyTranscript copies testdata files, concatenated, to a new transcript.
func copyTranscript(t *testing.T, dst string, names ...string) string {
	t.Helper()
	var all []byte
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	if dst == "" {
		dst = filepath.Join(t.TempDir(), testSession+".jsonl")
	}
	if err := os.WriteFile(dst, all, 0o600); err != nil {
		t.Fatal(err)
	}
	return dst
}

func (c *cli) ledger() *ledger.Ledger {
	c.t.Helper()
	l, err := ledger.New(filepath.Join(c.home, ledger.FileName), ledger.Options{})
	if err != nil {
		c.t.Fatal(err)
	}
	return l
}

func (c *cli) pending() int {
	c.t.Helper()
	n, err := c.ledger().PendingTotal(c.t.Context())
	if err != nil {
		c.t.Fatal(err)
	}
	var st struct{ Pending int }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
		c.t.Fatal(err)
	}
	if st.Pending != n {
		c.t.Fatalf("status says %d pending, the ledger %d", st.Pending, n)
	}
	return n
}

type evidenceJSON struct {
	Session, Scope, Cursor, Relation, Transcript string
	Records                                      int
}

func (c *cli) evidence(session string) evidenceJSON {
	c.t.Helper()
	var ev evidenceJSON
	if err := json.Unmarshal([]byte(c.mustRun("--json", "evidence", session)), &ev); err != nil {
		c.t.Fatal(err)
	}
	return ev
}

// Ensure that the Stop and SessionEnd hooks checkpoint the transcript under
// the transcript's scope, that the evidence command shows what a dreamer
// gets, and that after a dream only the new turn is pending evidence.
func TestCLI_HookStopCheckpoints(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	transcript := copyTranscript(t, "", "claude-session.jsonl")
	elsewhere := t.TempDir()
	stop := hookPayloadJSON(t, map[string]any{"session_id": testSession, "transcript_path": transcript,
		"cwd": elsewhere, "hook_event_name": "Stop", "stop_hook_active": false, "last_assistant_message": "Noted."})
	if code, out, errs := c.runStdin(stop, "hook", "claude-code"); code != 0 || out != "" {
		t.Fatalf("Stop hook: exit %d stdout %q stderr %q", code, out, errs)
	}
	if n := c.pending(); n != 1 {
		t.Fatalf("pending %d after Stop, want 1", n)
	}
	st, err := c.ledger().Session(t.Context(), testSession)
	if err != nil || st.Checkpoint == nil {
		t.Fatalf("no checkpoint: %v", err)
	}
	first := *st.Checkpoint
	if first.Scope != transcriptScope || first.Cursor != "aaaaaaaa-0000-4000-8000-000000000002" || first.Path != transcript {
		t.Fatalf("checkpoint %+v; want scope %s from the transcript's cwd", first, transcriptScope)
	}

	// The CLI and a second hook call record nothing new.
	var res struct{ Recorded, Changed, Pending bool }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "checkpoint", "--transcript", transcript)), &res); err != nil {
		t.Fatal(err)
	}
	if !res.Recorded || res.Changed || !res.Pending {
		t.Fatalf("re-checkpoint %+v", res)
	}

	ev := c.evidence(testSession)
	if ev.Relation != "initial" || ev.Scope != transcriptScope || !strings.Contains(ev.Transcript, "prefer tabs over spaces") {
		t.Fatalf("evidence %+v", ev)
	}
	code, out, errs := c.run("evidence", testSession)
	if code != 0 || out != ev.Transcript || !strings.Contains(errs, "initial, 2 records") {
		t.Fatalf("evidence: exit %d, stdout %q, stderr %q", code, out, errs)
	}

	// A dream acknowledges the first turn; the next turn is appended
	// evidence, recorded by SessionEnd.
	if _, err := c.ledger().Acknowledge(t.Context(), first, first.Processed()); err != nil {
		t.Fatal(err)
	}
	if n := c.pending(); n != 0 {
		t.Fatalf("pending %d after the dream, want 0", n)
	}
	if code, _, errs := c.run("--json", "evidence", testSession); code != exitFailure || !strings.Contains(errs, "no pending checkpoint") {
		t.Fatalf("evidence without pending: exit %d %s", code, errs)
	}
	copyTranscript(t, transcript, "claude-session.jsonl", "claude-session-turn2.jsonl")
	end := strings.Replace(stop, `"Stop"`, `"SessionEnd"`, 1)
	if code, _, errs := c.runStdin(end, "hook", "claude-code"); code != 0 {
		t.Fatalf("SessionEnd hook: exit %d %s", code, errs)
	}
	if n := c.pending(); n != 1 {
		t.Fatalf("pending %d after the second turn, want 1", n)
	}
	ev = c.evidence(testSession)
	if ev.Relation != "appended" || !strings.Contains(ev.Transcript, "make release") || strings.Contains(ev.Transcript, "prefer tabs") {
		t.Fatalf("evidence after a dream %+v", ev)
	}
}

// Ensure that memfs's own memory context, if it lands in a transcript,
// never becomes evidence.
func TestCLI_ContextNeverEvidence(t *testing.T) {
	c := newCLI(t)
	text := c.mustRun("context", "--cwd", "/nonexistent-memfs-test/proj")
	line, err := json.Marshal(map[string]any{"parentUuid": nil, "isSidechain": false, "type": "user",
		"cwd": "/nonexistent-memfs-test/proj", "sessionId": testSession, "uuid": "cccccccc-0000-4000-8000-000000000001",
		"message": map[string]any{"role": "user", "content": text}, "timestamp": "2026-04-02T07:59:59.000Z"})
	if err != nil {
		t.Fatal(err)
	}
	path := copyTranscript(t, "", "claude-session.jsonl")
	b, _ := os.ReadFile(path)
	b = []byte(strings.Replace(string(b), `"parentUuid":null`, `"parentUuid":"cccccccc-0000-4000-8000-000000000001"`, 1))
	if err := os.WriteFile(path, append(append(line, '\n'), b...), 0o600); err != nil {
		t.Fatal(err)
	}
	c.mustRun("checkpoint", "--transcript", path)
	ev := c.evidence(testSession)
	if strings.Contains(ev.Transcript, "Memory from earlier sessions") || strings.Contains(ev.Transcript, transcript.MemoryContextMarker) {
		t.Fatalf("the memory context became evidence:\n%s", ev.Transcript)
	}
	if !strings.Contains(ev.Transcript, "prefer tabs") {
		t.Fatalf("the user's words are missing:\n%s", ev.Transcript)
	}
}

// Ensure that subagent transcripts are never checkpointed, even when the
// hook payload does not say it is a subagent.
func TestCLI_CheckpointSubagent(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	sub := copyTranscript(t, "", "claude-subagent.jsonl")
	var res struct{ Recorded bool }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "checkpoint", "--transcript", sub)), &res); err != nil || res.Recorded {
		t.Fatalf("subagent checkpoint recorded=%v, %v", res.Recorded, err)
	}
	stop := hookPayloadJSON(t, map[string]any{"session_id": testSession, "transcript_path": sub, "hook_event_name": "Stop"})
	if code, _, errs := c.runStdin(stop, "hook", "codex"); code != 0 {
		t.Fatalf("Stop hook on a subagent transcript: exit %d %s", code, errs)
	}
	if n := c.pending(); n != 0 {
		t.Fatalf("pending %d, want 0", n)
	}
}

// Ensure that checkpoint failures exit 1 with a stable code, and misuse
// exits 2.
func TestCLI_CheckpointErrors(t *testing.T) {
	c := newCLI(t)
	transcript := copyTranscript(t, "", "claude-session.jsonl")
	junk := filepath.Join(t.TempDir(), "junk.jsonl")
	if err := os.WriteFile(junk, []byte("hello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		exit int
		code string
	}{
		{[]string{"checkpoint", "--transcript", filepath.Join(t.TempDir(), "missing.jsonl")}, exitFailure, "source_unavailable"},
		{[]string{"checkpoint", "--transcript", junk}, exitFailure, "invalid_source"},
		{[]string{"checkpoint", "--transcript", transcript, "--cursor", "no-such-entry"}, exitFailure, "invalid_source"},
		{[]string{"checkpoint", "--transcript", transcript, "--format", "pi"}, exitFailure, "invalid_source"},
		{[]string{"checkpoint", "--transcript", transcript, "--format", "word"}, exitUsage, "usage"},
		{[]string{"checkpoint"}, exitUsage, "usage"},
		{[]string{"evidence", "never-seen"}, exitFailure, "no_checkpoint"},
	} {
		code, out, errs := c.run(append([]string{"--json"}, tc.args...)...)
		var rep struct{ Error struct{ Code string } }
		_ = json.Unmarshal([]byte(out), &rep)
		if code != tc.exit || rep.Error.Code != tc.code {
			t.Errorf("memfs %v: exit %d code %q (%s); want %d %q", tc.args, code, rep.Error.Code, errs, tc.exit, tc.code)
		}
	}
	// An explicit cursor and --scope are honoured.
	c.mustRun("--scope", "team", "checkpoint", "--transcript", transcript, "--cursor", "aaaaaaaa-0000-4000-8000-000000000001")
	st, err := c.ledger().Session(t.Context(), testSession)
	if err != nil || st.Checkpoint == nil || st.Checkpoint.Scope != "team" || st.Checkpoint.Cursor != "aaaaaaaa-0000-4000-8000-000000000001" {
		t.Fatalf("checkpoint %+v, %v", st.Checkpoint, err)
	}
}

// Ensure that a ledger another process keeps locked fails with
// ledger_locked instead of hanging.
func TestCLI_CheckpointLedgerLocked(t *testing.T) {
	c := newCLI(t)
	transcript := copyTranscript(t, "", "claude-session.jsonl")
	c.mustRun("checkpoint", "--transcript", transcript)
	f, err := os.Open(filepath.Join(c.home, ledger.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// bbolt locks with flock; a second descriptor conflicts even in this
	// process.
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	code, out, _ := c.run("--json", "checkpoint", "--transcript", transcript)
	var rep struct {
		Error struct{ Code, Message string }
	}
	_ = json.Unmarshal([]byte(out), &rep)
	if code != exitFailure || rep.Error.Code != "ledger_locked" || !strings.Contains(rep.Error.Message, "ledger locked by another memfs") {
		t.Fatalf("exit %d %+v", code, rep.Error)
	}
}

// Ensure that an agent session a dreamer runs (exec dreamer running claude
// -p or codex in $MEMFS_HOME/runs/<id>) never becomes evidence: its hooks
// are ignored whether the run is known from the environment the exec
// dreamer exports or from the working directory, and serve's path
// (checkpoint of a transcript whose cwd is a run folder) records nothing.
func TestCLI_DreamerSessionsIgnored(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	runDir := filepath.Join(c.home, "runs", "20260101T000000Z-abcd1234")
	if err := os.MkdirAll(runDir, 0o700); err != nil {
		t.Fatal(err)
	}
	plain := copyTranscript(t, "", "claude-session.jsonl")
	b, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	inRun := filepath.Join(t.TempDir(), testSession+".jsonl")
	if err := os.WriteFile(inRun, []byte(strings.ReplaceAll(string(b), "/nonexistent-memfs-test/proj", runDir)), 0o600); err != nil {
		t.Fatal(err)
	}
	claudeStop := func(transcript, cwd string) string {
		return hookPayloadJSON(t, map[string]any{"session_id": testSession, "transcript_path": transcript, "cwd": cwd,
			"permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": false})
	}
	codexStop := func(transcript, cwd string) string {
		return hookPayloadJSON(t, map[string]any{"session_id": testSession, "transcript_path": transcript, "cwd": cwd,
			"hook_event_name": "Stop", "model": "gpt-5-codex", "turn_id": "turn-1", "stop_hook_active": false,
			"last_assistant_message": "done"})
	}
	for _, tc := range []struct {
		name, agent, payload, env string
	}{
		{"claude: cwd in a run folder", "claude-code", claudeStop(inRun, runDir), ""},
		{"claude: the exec dreamer's environment", "claude-code", claudeStop(plain, t.TempDir()), runDir},
		{"codex: cwd in a run folder", "codex", codexStop(plain, filepath.Join(runDir, ".memory")), ""},
		{"codex: the exec dreamer's environment", "codex", codexStop(plain, t.TempDir()), runDir},
		{"claude: SessionStart in a run folder", "claude-code", strings.Replace(claudeStop(inRun, runDir), `"Stop"`, `"SessionStart"`, 1), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("MEMFS_RUN_DIR", tc.env)
			code, out, errs := c.runStdin(tc.payload, "hook", tc.agent)
			if code != 0 || out != "" {
				t.Fatalf("hook: exit %d, stdout %q, stderr %q", code, out, errs)
			}
			if n := c.pending(); n != 0 {
				t.Fatalf("a dream run's own session became evidence: %d pending", n)
			}
		})
	}
	var res struct{ Recorded, Ignored bool }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "checkpoint", "--transcript", inRun)), &res); err != nil {
		t.Fatal(err)
	}
	if res.Recorded || !res.Ignored || c.pending() != 0 {
		t.Fatalf("checkpoint of a run folder's session: %+v", res)
	}
	// The same Stop outside a run is evidence.
	if code, _, errs := c.runStdin(claudeStop(plain, t.TempDir()), "hook", "claude-code"); code != 0 || c.pending() != 1 {
		t.Fatalf("an ordinary Stop: exit %d %s, %d pending", code, errs, c.pending())
	}
}
