package transcript_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript"
)

// partialCompactOrder is the active branch of testdata/claude/partial-compact.jsonl
// once the kept messages follow the summary.
var partialCompactOrder = []struct{ role, token string }{
	{"user", "PC-U1"}, {"assistant", "PC-A1"}, {"user", "PC-U2"}, {"assistant", "PC-A2"},
	{"summary", "PC-SUM"}, {"user", "PC-U3"}, {"assistant", "PC-A3"}, {"user", "PC-U4"}, {"assistant", "PC-A4"},
}

// Ensure that a partial compaction's kept messages come once, after the
// summary they are anchored to and in their order, with the history before
// the compaction still ahead of it and nothing repeated or lost; in every
// way the boundary may name them.
func TestClaudePartialCompaction(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "claude", "partial-compact.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	const (
		anchor = "cccccccc-0000-4000-8000-000000000008"
		head   = "cccccccc-0000-4000-8000-000000000005"
		tail   = "cccccccc-0000-4000-8000-000000000006"
	)
	// withMeta rewrites the boundary's metadata.
	withMeta := func(key string, meta obj) []byte {
		var out bytes.Buffer
		for _, l := range bytes.SplitAfter(src, []byte("\n")) {
			if bytes.Contains(l, []byte(`"compact_boundary"`)) {
				var m obj
				if err := json.Unmarshal(l, &m); err != nil {
					t.Fatal(err)
				}
				delete(m, "compactMetadata")
				m[key] = meta
				b, _ := json.Marshal(m)
				l = append(b, '\n')
			}
			out.Write(l)
		}
		return out.Bytes()
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"preservedMessages", src},
		{"preservedSegment", withMeta("compactMetadata", obj{"trigger": "auto", "preTokens": 5120, "hasPreservedSegment": true,
			"preservedSegment": obj{"headUuid": head, "anchorUuid": anchor, "tailUuid": tail}})},
		{"snake_case preserved_messages", withMeta("compact_metadata", obj{"trigger": "auto", "pre_tokens": 5120,
			"preserved_messages": obj{"anchor_uuid": anchor, "uuids": []string{head, tail}}})},
		{"snake_case preserved_segment", withMeta("compact_metadata", obj{"trigger": "auto",
			"preserved_segment": obj{"head_uuid": head, "anchor_uuid": anchor, "tail_uuid": tail}})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			if err := os.WriteFile(path, tt.data, 0o600); err != nil {
				t.Fatal(err)
			}
			cp, ev := scanAndMaterialize(t, path, nil)
			if cp.Cursor != "cccccccc-0000-4000-8000-000000000010" {
				t.Errorf("cursor %q, want the last line", cp.Cursor)
			}
			rs := records(t, ev.Transcript)
			if len(rs) != len(partialCompactOrder) || cp.Entries != len(partialCompactOrder) {
				t.Fatalf("%d records, %d entries; want %d of each", len(rs), cp.Entries, len(partialCompactOrder))
			}
			for i, w := range partialCompactOrder {
				if rs[i].Role != w.role || !strings.HasPrefix(rs[i].Text, w.token) {
					t.Errorf("record %d is %s %.12q, want %s %s", i, rs[i].Role, rs[i].Text, w.role, w.token)
				}
				if n := strings.Count(string(ev.Transcript), w.token); n != 1 {
					t.Errorf("%s appears %d times", w.token, n)
				}
			}
		})
	}
}

// Ensure that a preserved segment whose tail does not lead back to its
// head, or whose anchor is missing, relinks nothing: the branch stays the
// one the parent links give.
func TestClaudePartialCompactionUnresolved(t *testing.T) {
	dir := t.TempDir()
	lines := []any{
		ccUser("u1", "", "PX-U1 first"),
		ccAsst("a1", "u1", "m1", text("PX-A1 answer")),
		obj{"parentUuid": nil, "logicalParentUuid": "a1", "isSidechain": false, "type": "system", "subtype": "compact_boundary",
			"sessionId": claudeSession, "uuid": "b1", "compactMetadata": obj{"preservedSegment": obj{"headUuid": "a1", "anchorUuid": "s1", "tailUuid": "u1"}}},
		obj{"parentUuid": "b1", "isSidechain": false, "type": "user", "sessionId": claudeSession, "uuid": "s1", "isCompactSummary": true,
			"message": obj{"role": "user", "content": "PX-SUM summary"}},
		obj{"parentUuid": nil, "logicalParentUuid": "s1", "isSidechain": false, "type": "system", "subtype": "compact_boundary",
			"sessionId": claudeSession, "uuid": "b2", "compactMetadata": obj{"preservedMessages": obj{"anchorUuid": "gone", "uuids": []string{"u1"}}}},
		ccUser("u2", "b2", "PX-U2 later"),
	}
	path := writeLines(t, dir, "s.jsonl", lines...)
	_, ev := scanAndMaterialize(t, path, nil)
	rs := records(t, ev.Transcript)
	want := []string{"PX-U1", "PX-A1", "PX-SUM", "PX-U2"}
	if len(rs) != len(want) {
		t.Fatalf("%d records, want %d", len(rs), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(rs[i].Text, w) {
			t.Errorf("record %d %.12q, want %s", i, rs[i].Text, w)
		}
	}
}

// queued makes a Claude Code attachment line.
func attachment(uuid, parent string, att obj) obj {
	return obj{"parentUuid": parent, "isSidechain": false, "type": "attachment", "sessionId": claudeSession, "cwd": "/home/alice/proj",
		"uuid": uuid, "attachment": att}
}

// Ensure that a prompt the user queued while the agent was busy is user
// evidence with its origin, and that queued commands of the harness, other
// attachments, and marked or meta lines stay out.
func TestClaudeQueuedCommand(t *testing.T) {
	dir := t.TempDir()
	meta := attachment("q5", "q4", obj{"type": "queued_command", "commandMode": "prompt", "prompt": "Q-META hidden"})
	meta["isMeta"] = true
	lines := []any{
		ccUser("u1", "", "Q-U1 start the export"),
		ccAsst("a1", "u1", "m1", text("Q-A1 working on it")),
		attachment("q1", "a1", obj{"type": "queued_command", "commandMode": "prompt", "origin": obj{"kind": "human"}, "prompt": "Q-QUEUED also convert the prices"}),
		attachment("q2", "q1", obj{"type": "queued_command", "prompt": "Q-PLAIN and check the tests"}),
		attachment("q3", "q2", obj{"type": "queued_command", "commandMode": "task-notification", "origin": obj{"kind": "task-notification"},
			"prompt": "<task-notification>Q-TASK done</task-notification>"}),
		attachment("q4", "q3", obj{"type": "queued_command", "commandMode": "prompt", "prompt": transcript.MemoryContextMarker + " Q-MARK memory"}),
		meta,
		attachment("q6", "q5", obj{"type": "file", "filename": "a.go", "prompt": "Q-FILE body", "content": "Q-FILE content"}),
		attachment("q7", "q6", obj{"type": "hook_additional_context", "content": []string{"Q-HOOK injected"}}),
		attachment("q8", "q7", obj{"type": "queued_command", "commandMode": "prompt", "origin": obj{"kind": "coordinator"}, "prompt": "Q-COORD from a peer"}),
		attachment("q9", "q8", obj{"type": "queued_command", "commandMode": "prompt", "prompt": "<system-reminder>Q-REMIND</system-reminder>"}),
		attachment("q10", "q9", obj{"type": "queued_command", "commandMode": "bash", "prompt": "Q-BASH ls"}),
		ccAsst("a2", "q10", "m2", text("Q-A2 done, prices in euros")),
	}
	path := writeLines(t, dir, "s.jsonl", lines...)
	_, ev := scanAndMaterialize(t, path, nil)
	rs := records(t, ev.Transcript)
	want := []struct{ role, origin, token string }{
		{"user", "", "Q-U1"}, {"assistant", "", "Q-A1"},
		{"user", "queued_command", "Q-QUEUED"}, {"user", "queued_command", "Q-PLAIN"},
		{"assistant", "", "Q-A2"},
	}
	if len(rs) != len(want) {
		t.Fatalf("%d records, want %d", len(rs), len(want))
	}
	for i, w := range want {
		if rs[i].Role != w.role || rs[i].Origin != w.origin || !strings.HasPrefix(rs[i].Text, w.token) {
			t.Errorf("record %d = %s/%s %.12q, want %s/%s %s", i, rs[i].Role, rs[i].Origin, rs[i].Text, w.role, w.origin, w.token)
		}
	}
	if rs[2].ID != "q1" {
		t.Errorf("queued prompt id %q, want its line's uuid", rs[2].ID)
	}
	for _, a := range []string{"Q-TASK", "Q-MARK", "Q-META", "Q-FILE", "Q-HOOK", "Q-COORD", "Q-REMIND", "Q-BASH"} {
		if strings.Contains(string(ev.Transcript), a) {
			t.Errorf("%s leaked into the evidence", a)
		}
	}
}

// Ensure that turns the Claude Code harness writes as the user's stay out
// of the evidence (a bash-mode command and its output, a local command's
// output, a reminder inside a turn), while the user's words around them
// and a slash command as typed stay in.
func TestClaudeHarnessTurnsStayOut(t *testing.T) {
	dir := t.TempDir()
	lines := []any{
		ccUser("u1", "", "H-U1 the export is slow"),
		ccUser("u2", "u1", "<bash-input>H-BASHIN git status --short</bash-input>"),
		ccUser("u3", "u2", "<bash-stdout>H-BASHOUT M export.py</bash-stdout><bash-stderr></bash-stderr>"),
		ccUser("u4", "u3", "<local-command-stdout>H-LOCAL compacted</local-command-stdout>"),
		ccUser("u5", "u4", "H-U5 keep the csv<system-reminder>H-REMIND</system-reminder>"),
		ccUser("u6", "u5", "<command-name>/review</command-name><command-args>H-ARGS export.py</command-args>"),
		ccAsst("a1", "u6", "m1", text("H-A1 on it")),
	}
	path := writeLines(t, dir, "s.jsonl", lines...)
	_, ev := scanAndMaterialize(t, path, nil)
	rs := records(t, ev.Transcript)
	want := []string{"H-U1", "H-U5 keep the csv", "/review H-ARGS", "H-A1"}
	if len(rs) != len(want) {
		t.Fatalf("%d records, want %d", len(rs), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(rs[i].Text, w) {
			t.Errorf("record %d %.20q, want %s", i, rs[i].Text, w)
		}
	}
	for _, a := range []string{"H-BASHIN", "H-BASHOUT", "H-LOCAL", "H-REMIND"} {
		if strings.Contains(string(ev.Transcript), a) {
			t.Errorf("%s leaked into the evidence", a)
		}
	}
}
