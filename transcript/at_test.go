package transcript_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// atRec is an evidence record with its time.
type atRec struct {
	Role string `json:"role"`
	At   string `json:"at"`
}

func atRecords(tb testing.TB, b []byte) []atRec {
	tb.Helper()
	var out []atRec
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var r atRec
		if err := json.Unmarshal(line, &r); err != nil {
			tb.Fatalf("evidence line is not JSON: %v", err)
		}
		out = append(out, r)
	}
	return out
}

var reTimestamp = regexp.MustCompile(`"timestamp":\s*"[^"]*"`)

// TestUserRecordsCarryTheirTime: the user's records say when they were
// written, in RFC 3339 UTC, in all three formats; the time is no part of
// the digest, so a checkpoint taken before it was emitted means the same.
func TestUserRecordsCarryTheirTime(t *testing.T) {
	for _, file := range []string{"pi/v3-tree.jsonl", "claude/session.jsonl", "codex/rollout.jsonl"} {
		t.Run(file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", file))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			orig := filepath.Join(dir, "a.jsonl")
			moved := filepath.Join(dir, "b.jsonl")
			if err := os.WriteFile(orig, raw, 0o600); err != nil {
				t.Fatal(err)
			}
			shifted := reTimestamp.ReplaceAll(raw, []byte(`"timestamp":"2031-07-04T23:59:58.5+02:00"`))
			if bytes.Equal(shifted, raw) {
				t.Fatal("the fixture has no timestamps to shift")
			}
			if err := os.WriteFile(moved, shifted, 0o600); err != nil {
				t.Fatal(err)
			}
			cpA, evA := scanAndMaterialize(t, orig, nil)
			cpB, evB := scanAndMaterialize(t, moved, nil)
			if cpA.Digest != cpB.Digest {
				t.Errorf("digest changed with the lines' times alone: %s vs %s", cpA.Digest, cpB.Digest)
			}
			users := 0
			for _, r := range atRecords(t, evA.Transcript) {
				switch {
				case r.Role == "user":
					users++
					if r.At == "" {
						continue // a user-side line written without a time
					}
					if at, err := time.Parse(time.RFC3339, r.At); err != nil || at.Location() != time.UTC {
						t.Errorf("user record time %q is not RFC 3339 UTC", r.At)
					}
				case r.At != "":
					t.Errorf("%s record carries a time %q: only the user's words do", r.Role, r.At)
				}
			}
			if users == 0 {
				t.Fatal("no user records")
			}
			timed := 0
			for _, r := range atRecords(t, evB.Transcript) {
				if r.Role == "user" && r.At != "" {
					timed++
					if r.At != "2031-07-04T21:59:58Z" {
						t.Errorf("shifted time read as %q, want 2031-07-04T21:59:58Z", r.At)
					}
				}
			}
			if timed == 0 {
				t.Error("no user record carries its line's time")
			}
		})
	}
}
