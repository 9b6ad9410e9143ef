package transcript_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/transcript"
)

// step is one round of the ledger's cycle: append lines, checkpoint, and
// materialize against what was acknowledged before.
type step struct {
	add      []any
	relation transcript.Relation
	present  []string // tokens the evidence must contain
	absent   []string // tokens it must not contain
}

// runSteps plays steps on a transcript, acknowledging each evidence.
func runSteps(t *testing.T, path string, steps []step) {
	t.Helper()
	var prev *transcript.Processed
	for i, s := range steps {
		appendLines(t, path, s.add...)
		cp, ev := scanAndMaterialize(t, path, prev)
		if ev.Relation != s.relation {
			t.Fatalf("step %d: relation %s, want %s", i, ev.Relation, s.relation)
		}
		rs := records(t, ev.Transcript)
		for j, tok := range s.present {
			if hasText(rs, 0, "", tok) < 0 {
				t.Errorf("step %d: expected text %d missing", i, j)
			}
		}
		for j, tok := range s.absent {
			if hasText(rs, 0, "", tok) >= 0 {
				t.Errorf("step %d: text %d should not be emitted again", i, j)
			}
		}
		if ev.Relation == transcript.RelationDiverged && len(ev.Notes) == 0 {
			t.Errorf("step %d: a diverged branch must be noted", i)
		}
		p := cp.Processed()
		prev = &p
	}
}

// Ensure that appended turns are emitted alone, an unchanged branch emits
// nothing, and a rewind emits the whole new branch (Claude Code).
func TestRelationsClaude(t *testing.T) {
	path := writeLines(t, t.TempDir(), "s.jsonl")
	runSteps(t, path, []step{
		{add: []any{ccUser("u1", "", "R-U1 first"), ccAsst("a1", "u1", "m1", text("R-A1 reply"))},
			relation: transcript.RelationInitial, present: []string{"R-U1", "R-A1"}},
		{relation: transcript.RelationUnchanged, absent: []string{"R-U1", "R-A1"}},
		// Lines that carry no evidence change nothing.
		{add: []any{obj{"type": "system", "uuid": "s1", "parentUuid": "a1", "sessionId": claudeSession, "subtype": "turn_duration"},
			obj{"type": "file-history-snapshot", "messageId": "u1"}},
			relation: transcript.RelationUnchanged},
		{add: []any{ccUser("u2", "s1", "R-U2 second"), ccAsst("a2", "u2", "m2", text("R-A2 reply"))},
			relation: transcript.RelationAppended, present: []string{"R-U2", "R-A2"}, absent: []string{"R-U1", "R-A1"}},
		// The second half of a message written after the checkpoint.
		{add: []any{ccAsst("a2b", "a2", "m2", text("R-A2B more"))},
			relation: transcript.RelationAppended, present: []string{"R-A2B"}, absent: []string{"R-A2 reply", "R-U2"}},
		// Rewind: a new prompt as a sibling of u2.
		{add: []any{ccUser("u3", "s1", "R-U3 instead")},
			relation: transcript.RelationDiverged, present: []string{"R-U1", "R-A1", "R-U3"}, absent: []string{"R-U2", "R-A2"}},
		{add: []any{ccAsst("a3", "u3", "m3", text("R-A3 ok"))},
			relation: transcript.RelationAppended, present: []string{"R-A3"}, absent: []string{"R-U3", "R-U1"}},
	})
}

// Ensure the same for Pi trees, including a resumed session appending to the
// same file and a /tree navigation that writes a branch summary.
func TestRelationsPi(t *testing.T) {
	path := writeLines(t, t.TempDir(), "p.jsonl", piHeader("0196f0cc-1111-7222-8333-444455556666"))
	runSteps(t, path, []step{
		{add: []any{piMsg("e1", "", "user", "P-U1 hello"), piMsg("e2", "e1", "assistant", []any{text("P-A1 hi")})},
			relation: transcript.RelationInitial, present: []string{"P-U1", "P-A1"}},
		{add: []any{piMsg("e3", "e2", "user", "P-U2 next"), piMsg("e4", "e3", "assistant", []any{text("P-A2 done")})},
			relation: transcript.RelationAppended, present: []string{"P-U2", "P-A2"}, absent: []string{"P-U1"}},
		{add: []any{obj{"type": "branch_summary", "id": "e5", "parentId": "e2", "fromId": "e2", "summary": "P-SUM left P-U2"}},
			relation: transcript.RelationDiverged, present: []string{"P-U1", "P-SUM"}, absent: []string{"P-A2 done"}},
	})
}

// Ensure that a Codex rollback diverges and later turns append.
func TestRelationsCodex(t *testing.T) {
	path := writeLines(t, t.TempDir(), "c.jsonl", cxMeta("019e2222-2222-7333-8444-555566667777"))
	runSteps(t, path, []step{
		{add: []any{cxItem("user", "X-U1 one"), cxEvent(obj{"type": "user_message", "message": "X-U1 one"}), cxItem("assistant", "X-A1 done")},
			relation: transcript.RelationInitial, present: []string{"X-U1", "X-A1"}},
		{add: []any{cxItem("user", "X-U2 two"), cxItem("assistant", "X-A2 done")},
			relation: transcript.RelationAppended, present: []string{"X-U2", "X-A2"}, absent: []string{"X-U1"}},
		{add: []any{cxEvent(obj{"type": "thread_rolled_back", "num_turns": 1})},
			relation: transcript.RelationDiverged, present: []string{"X-U1", "X-A1"}, absent: []string{"X-U2", "X-A2"}},
		{add: []any{cxItem("user", "X-U3 three"), cxEvent(obj{"type": "user_message", "message": "X-U3 three"})},
			relation: transcript.RelationAppended, present: []string{"X-U3"}, absent: []string{"X-U1", "X-U2"}},
		// A rollback of more turns than exist drops them all.
		{add: []any{cxEvent(obj{"type": "thread_rolled_back", "num_turns": 9})},
			relation: transcript.RelationDiverged, absent: []string{"X-U1", "X-U3"}},
	})
}

// Ensure that the user_message event that repeats a prompt is counted once.
func TestCodexMirrorCountedOnce(t *testing.T) {
	path := writeLines(t, t.TempDir(), "c.jsonl", cxMeta("019e3333-2222-7333-8444-555566667777"),
		cxEvent(obj{"type": "user_message", "message": "M-U1 first"}), cxItem("user", "M-U1 first"),
		cxEvent(obj{"type": "user_message", "message": "M-U1 first"}), cxItem("assistant", "M-A1"),
		cxEvent(obj{"type": "agent_message", "message": "M-A1"}))
	_, ev := scanAndMaterialize(t, path, nil)
	rs := records(t, ev.Transcript)
	if len(rs) != 2 || rs[0].Role != "user" || rs[1].Role != "assistant" {
		t.Fatalf("got %d records, want one user and one assistant record", len(rs))
	}
}

// Ensure that a fork that copies the parent's entries (Pi fork, Claude Code
// --fork-session) counts the copies as processed when the parent's
// Processed is given.
func TestForkCopiesNotCountedTwice(t *testing.T) {
	dir := t.TempDir()
	parent := []any{ccUser("u1", "", "F-U1 first"), ccAsst("a1", "u1", "m1", text("F-A1 reply"))}
	pp := writeLines(t, dir, "parent.jsonl", parent...)
	pcp, _ := scanAndMaterialize(t, pp, nil)
	processed := pcp.Processed()

	var fork []any
	for _, l := range parent {
		c := obj{}
		for k, v := range l.(obj) {
			c[k] = v
		}
		c["sessionId"] = "33333333-3333-4444-8555-666666666666"
		fork = append(fork, c)
	}
	fork = append(fork, ccUser("u2", "a1", "F-U2 new in fork"))
	fp := writeLines(t, dir, "fork.jsonl", fork...)
	_, ev := scanAndMaterialize(t, fp, &processed)
	rs := records(t, ev.Transcript)
	if ev.Relation != transcript.RelationAppended || len(rs) != 1 || hasText(rs, 0, "user", "F-U2") < 0 {
		t.Fatalf("relation %s with %d records; want appended with only the fork's new turn", ev.Relation, len(rs))
	}

	// Pi: a fork file repeats the parent's entries with the same ids.
	piParent := []any{piHeader("0196f0dd-1111-7222-8333-444455556666"), piMsg("e1", "", "user", "G-U1 first"), piMsg("e2", "e1", "assistant", []any{text("G-A1 ok")})}
	pip := writeLines(t, dir, "pi-parent.jsonl", piParent...)
	picp, _ := scanAndMaterialize(t, pip, nil)
	piProcessed := picp.Processed()
	h := piHeader("0196f0ee-1111-7222-8333-444455556666")
	h["parentSession"] = pip
	pif := writeLines(t, dir, "pi-fork.jsonl", h, piParent[1], piParent[2], piMsg("e3", "e2", "user", "G-U2 in fork"))
	fcp, ev := scanAndMaterialize(t, pif, &piProcessed)
	if fcp.ForkedFrom != pip || ev.Relation != transcript.RelationAppended || len(records(t, ev.Transcript)) != 1 {
		t.Fatalf("Pi fork: forked from %q, relation %s; want the parent path and appended", fcp.ForkedFrom, ev.Relation)
	}
}

// Ensure that a checkpoint keeps its meaning when lines are appended after
// it, and fails with checkpoint_changed or source_unavailable when what it
// covered is rewritten, truncated or removed.
func TestCheckpointStability(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lines := []any{ccUser("u1", "", "S-U1 first"), ccAsst("a1", "u1", "m1", text("S-A1 reply"))}
	path := writeLines(t, dir, "s.jsonl", lines...)
	cp, err := transcript.Scan(ctx, path, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	appendLines(t, path, ccUser("u2", "a1", "S-U2 later"), `{"type":"user","uuid":"partial`)
	ev, err := transcript.Materialize(ctx, *cp, nil)
	if err != nil {
		t.Fatal(err)
	}
	if hasText(records(t, ev.Transcript), 0, "", "S-U2") >= 0 {
		t.Error("a line appended after the checkpoint was emitted")
	}
	data, _ := os.ReadFile(path)

	tests := []struct {
		name   string
		mutate func(t *testing.T)
		code   string
	}{
		{"rewritten", func(t *testing.T) {
			os.WriteFile(path, bytes.Replace(data, []byte("S-U1 first"), []byte("S-X1 first"), 1), 0o600)
		}, transcript.CodeCheckpointChanged},
		{"truncated", func(t *testing.T) { os.WriteFile(path, data[:cp.Bytes-3], 0o600) }, transcript.CodeCheckpointChanged},
		{"line end moved", func(t *testing.T) {
			b := append([]byte{}, data...)
			b[cp.Bytes-1] = ' '
			os.WriteFile(path, b, 0o600)
		}, transcript.CodeCheckpointChanged},
		{"cursor gone", func(t *testing.T) {
			lines2 := []any{ccUser("u1", "", "S-U1 first"), ccAsst("zz", "u1", "m1", text("S-A1 reply"))}
			writeLines(t, dir, "s.jsonl", lines2...)
		}, transcript.CodeCheckpointChanged},
		{"not a transcript any more", func(t *testing.T) {
			os.WriteFile(path, append([]byte("\x00\x01garbage"), make([]byte, cp.Bytes)...), 0o600)
		}, transcript.CodeCheckpointChanged},
		{"removed", func(t *testing.T) { os.Remove(path) }, transcript.CodeSourceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			tt.mutate(t)
			_, err := transcript.Materialize(ctx, *cp, nil)
			if errcode.Of(err) != tt.code {
				t.Fatalf("code %q (%v), want %q", errcode.Of(err), err, tt.code)
			}
		})
	}
}
