package transcript_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript"
)

// rec is one decoded evidence record.
type rec struct {
	Role   string `json:"role"`
	ID     string `json:"id"`
	Name   string `json:"name"`
	Origin string `json:"origin"`
	Cut    string `json:"cut"`
	Text   string `json:"text"`
}

// records decodes an evidence transcript, failing on any line that is not a
// JSON object with a known role.
func records(tb testing.TB, b []byte) []rec {
	tb.Helper()
	var out []rec
	for i, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var r rec
		if err := json.Unmarshal(line, &r); err != nil {
			tb.Fatalf("evidence line %d is not JSON: %v", i+1, err)
		}
		switch r.Role {
		case "user", "assistant", "tool_call", "tool_result", "summary", "cut":
		default:
			tb.Fatalf("evidence line %d has unknown role %q", i+1, r.Role)
		}
		out = append(out, r)
	}
	return out
}

// scanAndMaterialize runs Scan then Materialize against prev.
func scanAndMaterialize(tb testing.TB, path string, prev *transcript.Processed) (*transcript.Checkpoint, *transcript.Evidence) {
	tb.Helper()
	ctx := context.Background()
	cp, err := transcript.Scan(ctx, path, "", "", "")
	if err != nil {
		tb.Fatalf("Scan(%s): %v", filepath.Base(path), err)
	}
	ev, err := transcript.Materialize(ctx, *cp, prev)
	if err != nil {
		tb.Fatalf("Materialize(%s): %v", filepath.Base(path), err)
	}
	return cp, ev
}

// hasText reports the index of the first record whose text contains token
// and whose role is role ("" = any), searching from start; -1 if none.
func hasText(rs []rec, start int, role, token string) int {
	for i := start; i < len(rs); i++ {
		if (role == "" || rs[i].Role == role) && strings.Contains(rs[i].Text, token) {
			return i
		}
	}
	return -1
}

// writeLines writes a JSONL file of the given objects (strings are written
// as they are) and returns its path.
func writeLines(tb testing.TB, dir, name string, lines ...any) string {
	tb.Helper()
	path := filepath.Join(dir, name)
	var b bytes.Buffer
	for _, l := range lines {
		b.Write(line(tb, l))
	}
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}

func appendLines(tb testing.TB, path string, lines ...any) {
	tb.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	for _, l := range lines {
		if _, err := f.Write(line(tb, l)); err != nil {
			tb.Fatal(err)
		}
	}
}

func line(tb testing.TB, l any) []byte {
	if s, ok := l.(string); ok {
		return []byte(s + "\n")
	}
	b, err := json.Marshal(l)
	if err != nil {
		tb.Fatal(err)
	}
	return append(b, '\n')
}

type obj = map[string]any

const claudeSession = "22222222-3333-4444-8555-666666666666"

// ccUser and ccAsst make Claude Code chain lines.
func ccUser(uuid, parent string, content any) obj {
	var p any
	if parent != "" {
		p = parent
	}
	return obj{"parentUuid": p, "isSidechain": false, "type": "user", "sessionId": claudeSession, "cwd": "/home/alice/proj",
		"uuid": uuid, "message": obj{"role": "user", "content": content}}
}

func ccAsst(uuid, parent, msgID string, blocks ...any) obj {
	return obj{"parentUuid": parent, "isSidechain": false, "type": "assistant", "sessionId": claudeSession, "cwd": "/home/alice/proj",
		"uuid": uuid, "message": obj{"id": msgID, "role": "assistant", "model": "claude-sonnet-4-5", "content": blocks}}
}

func text(s string) obj { return obj{"type": "text", "text": s} }

// piHeader, piMsg make Pi v3 lines.
func piHeader(id string) obj {
	return obj{"type": "session", "version": 3, "id": id, "timestamp": "2026-03-01T09:15:00.000Z", "cwd": "/home/alice/proj"}
}

func piMsg(id, parent, role string, content any) obj {
	var p any
	if parent != "" {
		p = parent
	}
	return obj{"type": "message", "id": id, "parentId": p, "timestamp": "2026-03-01T09:15:00.000Z",
		"message": obj{"role": role, "content": content}}
}

// codex lines.
func cxMeta(id string) obj {
	return obj{"timestamp": "2026-05-10T14:00:00.000Z", "type": "session_meta", "payload": obj{"id": id, "cwd": "/home/alice/proj", "source": "cli"}}
}

func cxItem(role, s string) obj {
	kind := "input_text"
	if role == "assistant" {
		kind = "output_text"
	}
	return obj{"timestamp": "2026-05-10T14:00:00.000Z", "type": "response_item",
		"payload": obj{"type": "message", "role": role, "content": []any{obj{"type": kind, "text": s}}}}
}

func cxEvent(payload obj) obj {
	return obj{"timestamp": "2026-05-10T14:00:00.000Z", "type": "event_msg", "payload": payload}
}

// fixturesDir is shared/fixtures/transcripts beside the module root.
func fixturesDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("module root not found; real transcript fixtures unavailable")
		}
		dir = parent
	}
	fx := filepath.Join(dir, "..", "shared", "fixtures", "transcripts")
	if _, err := os.Stat(fx); err != nil {
		tb.Skipf("real transcript fixtures not found at ../shared/fixtures/transcripts beside the module root: %v", err)
	}
	return fx
}
