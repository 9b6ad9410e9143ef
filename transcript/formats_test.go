package transcript_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/transcript/redact"
)

// want is a record expected in order: its role and a token of its text.
type want struct{ role, token string }

// Ensure that each reader keeps exactly the active branch's evidence, in
// order, and drops what the projection drops (package doc).
func TestFormats(t *testing.T) {
	tests := []struct {
		file       string
		format     transcript.Format
		session    string
		cwd        string
		cursor     string
		root       bool
		forkedFrom string
		want       []want
		absent     []string
		redactions map[string]int
	}{
		{
			file: "pi/v3-tree.jsonl", format: transcript.FormatPi, session: "0196f0aa-1111-7222-8333-444455556666",
			cwd: "/home/alice/proj", cursor: "s3000001", root: true,
			want: []want{
				{"user", "PI-U1"}, {"assistant", "PI-A1"}, {"tool_call", "internal/http/client.go"},
				{"summary", "PI-BRANCH-SUMMARY"}, {"user", "PI-VISIBLE-EXT"}, {"user", "PI-U3"}, {"user", "[image]"},
				{"assistant", "PI-A3"}, {"tool_call", "PI-Q"}, {"tool_result", "PI-ANSWER"}, {"tool_call", "go test"},
				{"summary", "PI-COMPACTION"},
			},
			absent:     []string{"PI-THINK", "PI-TOOLOUT", "ABANDONED", "PI-CUSTOM", "PI-HIDDEN", "PI-MARKED", "memfs:memory-context", "PI-BASH-OUT", "PI-LABEL", "PI-NAME", "ghp_FAKE", "hunter22x", "iVBOR"},
			redactions: map[string]int{redact.RuleGitHubToken: 1, redact.RuleSecretKey: 1},
		},
		{
			file: "pi/v2-hook.jsonl", format: transcript.FormatPi, session: "0196f0bb-1111-7222-8333-444455556666",
			cwd: "/home/alice/v2", cursor: "aa000005", root: true,
			want:   []want{{"user", "PI2-U1"}, {"assistant", "PI2-A1"}, {"user", "PI2-HOOK visible"}, {"user", "PI2-U2"}},
			absent: []string{"PI2-HOOK-HIDDEN"},
		},
		{
			file: "pi/v1-linear.jsonl", format: transcript.FormatPi, session: "d703a1a9-0000-4fb1-b512-c9738b1fe617",
			cwd: "/home/alice/v1", cursor: "line:6", root: true,
			want: []want{{"user", "PI1-U1"}, {"assistant", "PI1-A1"}, {"summary", "PI1-COMPACTION"}, {"user", "PI1-U2"}},
		},
		{
			file: "claude/session.jsonl", format: transcript.FormatClaude, session: "11111111-2222-4333-8444-555555555555",
			cwd: "/home/alice/proj", cursor: "aaaaaaaa-0000-4000-8000-000000000027", root: true,
			want: []want{
				{"user", "CC-U1"}, {"assistant", "CC-A1-TEXT1"}, {"tool_call", "go test"}, {"user", "CC-U2B"},
				{"assistant", "CC-A3"}, {"tool_call", "CC-Q"}, {"tool_result", "CC-ANSWER"}, {"tool_call", "retry.go"},
				{"tool_result", "CC-FEEDBACK"}, {"summary", "CC-COMPACT-SUMMARY"}, {"user", "/remember CC-SLASH always use tabs"},
				{"user", "CC-U6"}, {"assistant", "CC-A6"},
			},
			absent: []string{"CC-QUEUE", "memfs:memory-context", "CC-HOOKCTX", "CC-META", "CC-THINK", "CC-TOOLOUT",
				"ABANDONED", "CC-REMINDER", "CC-SIDECHAIN", "No response requested", "CC-TITLE", "CC-LASTPROMPT",
				"AKIAFAKE", "abcDEF0123456789ghiJKL", "iVBOR", "remember is running"},
			redactions: map[string]int{redact.RuleAWSAccessKey: 1, redact.RuleBearerToken: 1},
		},
		{
			file: "codex/rollout.jsonl", format: transcript.FormatCodex, session: "019e1111-2222-7333-8444-555566667777",
			cwd: "/home/alice/proj", cursor: "line:30", root: true,
			want: []want{
				{"user", "CX-U1"}, {"tool_call", "rg -n TestRetry"}, {"tool_call", "Begin Patch"}, {"assistant", "CX-A1"},
				{"user", "CX-U3"}, {"tool_call", "CX-Q"}, {"tool_result", "CX-ANSWER"}, {"summary", "CX-COMPACTED"},
				{"assistant", "CX-A3"},
			},
			absent: []string{"CX-PERMS", "environment_context", "CX-AGENTS", "CX-REASON", "CX-TOOLOUT", "CX-PATCHOUT",
				"ROLLEDBACK", "CX-HOOKDEV", "CX-HOOK-USER", "memfs:memory-context", "sk-proj-FAKE"},
			redactions: map[string]int{redact.RuleOpenAIKey: 1},
		},
		{
			file: "codex/legacy.jsonl", format: transcript.FormatCodex, session: "0c1e2d3f-aaaa-4bbb-8ccc-123456789abc",
			cwd: "/home/bob/legacy", cursor: "line:8", root: true,
			want:   []want{{"user", "CX-LEGACY-U1"}, {"tool_call", "make"}, {"assistant", "CX-LEGACY-A1"}},
			absent: []string{"be brief", "CX-LEGACY-OUT", "environment_context"},
		},
		{
			file: "codex/v0171.jsonl", format: transcript.FormatCodex, session: "019e9999-2222-7333-8444-555566667777",
			cwd: "/home/alice/fork", cursor: "line:8", root: true, forkedFrom: "019e1111-2222-7333-8444-555566667777",
			want:   []want{{"user", "CX171-U1"}, {"assistant", "CX171-A1"}},
			absent: []string{"CX171-HOOK", "CX171-REASON", "CX171-CMDOUT"},
		},
		{
			file: "codex/subagent.jsonl", format: transcript.FormatCodex, session: "019e5555-2222-7333-8444-555566667777",
			cwd: "/home/alice/proj", cursor: "line:3", root: false,
			want: []want{{"user", "CX-SUB task"}, {"assistant", "CX-SUB done"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			f, err := transcript.DetectFile(path)
			if err != nil || f != tt.format {
				t.Fatalf("DetectFile = %q, %v; want %q", f, err, tt.format)
			}
			cp, ev := scanAndMaterialize(t, path, nil)
			if cp.SessionID != tt.session || cp.CWD != tt.cwd || cp.Cursor != tt.cursor || cp.Root != tt.root || cp.ForkedFrom != tt.forkedFrom {
				t.Errorf("checkpoint session/cwd/cursor/root/fork = %q %q %q %v %q, want %q %q %q %v %q",
					cp.SessionID, cp.CWD, cp.Cursor, cp.Root, cp.ForkedFrom, tt.session, tt.cwd, tt.cursor, tt.root, tt.forkedFrom)
			}
			if st, err := os.Stat(path); err != nil || cp.Bytes != st.Size() {
				t.Errorf("checkpoint bytes = %d, want the file size", cp.Bytes)
			}
			if len(cp.Digest) != 64 {
				t.Errorf("digest %q is not hex sha256", cp.Digest)
			}
			if ev.Relation != transcript.RelationInitial {
				t.Errorf("relation = %s, want initial", ev.Relation)
			}
			rs := records(t, ev.Transcript)
			pos := 0
			for i, w := range tt.want {
				j := hasText(rs, pos, w.role, w.token)
				if j < 0 {
					t.Fatalf("expected record %d (%s) missing or out of order; got %d records", i, w.role, len(rs))
				}
				pos = j
			}
			for i, a := range tt.absent {
				if strings.Contains(string(ev.Transcript), a) {
					t.Errorf("excluded text %d leaked into the evidence", i)
				}
			}
			for rule, n := range tt.redactions {
				if ev.Redactions[rule] != n {
					t.Errorf("redactions[%s] = %d, want %d", rule, ev.Redactions[rule], n)
				}
			}
			if ev.Processed.Entries != cp.Entries || ev.Processed.Digest != cp.Digest || ev.Processed.Cursor != cp.Cursor {
				t.Errorf("processed %+v does not match the checkpoint", ev.Processed)
			}
		})
	}
}

// Ensure that consecutive lines of one Claude Code message merge into one
// record and that its tool calls stay separate records.
func TestClaudeMergesMessageBlocks(t *testing.T) {
	_, ev := scanAndMaterialize(t, filepath.Join("testdata", "claude", "session.jsonl"), nil)
	rs := records(t, ev.Transcript)
	i := hasText(rs, 0, "assistant", "CC-A1-TEXT1")
	if i < 0 || !strings.Contains(rs[i].Text, "CC-A1-TEXT2") {
		t.Fatal("the two text blocks of one message were not merged into one record")
	}
	if rs[i].ID != "aaaaaaaa-0000-4000-8000-000000000008" {
		t.Errorf("merged record id = %q, want the first text line's uuid", rs[i].ID)
	}
	if i+1 >= len(rs) || rs[i+1].Role != "tool_call" || rs[i+1].Name != "Bash" {
		t.Error("the tool call of the merged message does not follow it")
	}
}

// Ensure that a transcript of a subagent alone is not a root session and has
// no cursor.
func TestClaudeSidechainOnly(t *testing.T) {
	cp, err := transcript.Scan(context.Background(), filepath.Join("testdata", "claude", "subagent.jsonl"), "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if cp.Root || cp.Cursor != "" {
		t.Errorf("root = %v, cursor = %q; want a non-root checkpoint without cursor", cp.Root, cp.Cursor)
	}
	if _, err := transcript.Materialize(context.Background(), *cp, nil); errcode.Of(err) != transcript.CodeInvalidSource {
		t.Errorf("Materialize of a cursorless checkpoint: code %q, want invalid_source", errcode.Of(err))
	}
}

// Ensure that an explicit cursor checkpoints the branch ending there, even
// an abandoned one, and that a session override replaces the recorded id.
func TestScanCursorAndOverride(t *testing.T) {
	path := filepath.Join("testdata", "claude", "session.jsonl")
	cp, err := transcript.Scan(context.Background(), path, transcript.FormatClaude, "override-1", "aaaaaaaa-0000-4000-8000-000000000014")
	if err != nil {
		t.Fatal(err)
	}
	if cp.SessionID != "override-1" || cp.Cursor != "aaaaaaaa-0000-4000-8000-000000000014" {
		t.Fatalf("session/cursor = %q %q", cp.SessionID, cp.Cursor)
	}
	ev, err := transcript.Materialize(context.Background(), *cp, nil)
	if err != nil {
		t.Fatal(err)
	}
	rs := records(t, ev.Transcript)
	if hasText(rs, 0, "user", "CC-U2-ABANDONED") < 0 || hasText(rs, 0, "", "CC-U2B") >= 0 || hasText(rs, 0, "", "CC-A6") >= 0 {
		t.Error("the evidence is not the branch that ends at the cursor")
	}
	for _, c := range []string{"line:1", "no-such-entry"} {
		if _, err := transcript.Scan(context.Background(), path, "", "", c); errcode.Of(err) != transcript.CodeInvalidSource {
			t.Errorf("unknown cursor %d: code %q, want invalid_source", len(c), errcode.Of(err))
		}
	}
	if _, err := transcript.Scan(context.Background(), path, "", "bad id with spaces", ""); errcode.Of(err) != transcript.CodeInvalidSource {
		t.Errorf("invalid session override: code %q, want invalid_source", errcode.Of(err))
	}
}

// Ensure that every real transcript fixture parses, materializes within the
// cap, and yields valid records.
func TestRealFixtures(t *testing.T) {
	dir := fixturesDir(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("no .jsonl fixtures found")
	}
	for _, p := range files {
		rel, _ := filepath.Rel(dir, p)
		t.Run(rel, func(t *testing.T) {
			cp, ev := scanAndMaterialize(t, p, nil)
			if !cp.Root || cp.Cursor == "" || cp.Entries == 0 {
				t.Errorf("root/cursor/entries = %v %q %d", cp.Root, cp.Cursor, cp.Entries)
			}
			if len(ev.Transcript) > transcript.MaxEvidenceBytes {
				t.Errorf("evidence is %d bytes, over the cap", len(ev.Transcript))
			}
			rs := records(t, ev.Transcript)
			if len(rs) != ev.Records || len(rs) == 0 {
				t.Errorf("%d records decoded, Records = %d", len(rs), ev.Records)
			}
			want := map[string]transcript.Format{"pi": transcript.FormatPi, "claude-code": transcript.FormatClaude}[strings.Split(rel, string(filepath.Separator))[0]]
			if cp.Format != want {
				t.Errorf("format = %q, want %q", cp.Format, want)
			}
			again, err := transcript.Materialize(context.Background(), *cp, &ev.Processed)
			if err != nil {
				t.Fatal(err)
			}
			if again.Relation != transcript.RelationUnchanged || len(again.Transcript) != 0 {
				t.Errorf("second materialization: relation %v, %d bytes", again.Relation, len(again.Transcript))
			}
		})
	}
}
