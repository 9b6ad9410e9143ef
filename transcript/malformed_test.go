package transcript_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript"
)

// Ensure that malformed sources fail with the right code, never panic, and
// never quote content in the message.
func TestMalformedSources(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 9))
	garbage := make([]byte, 64<<10)
	for i := range garbage {
		garbage[i] = byte(rng.UintN(256))
	}
	huge := `{"parentUuid":null,"type":"user","uuid":"h1","sessionId":"` + claudeSession + `","message":{"role":"user","content":"SECRET-CONTENT ` +
		strings.Repeat("x", 20_000_000) + `"}}`
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name   string
		path   string
		format transcript.Format
		code   transcript.Code
	}{
		{"missing", filepath.Join(dir, "nope.jsonl"), "", transcript.CodeSourceUnavailable},
		{"directory", dir, "", transcript.CodeInvalidSource},
		{"empty", write("empty.jsonl", nil), "", transcript.CodeInvalidSource},
		{"binary garbage", write("bin.jsonl", garbage), "", transcript.CodeInvalidSource},
		{"binary garbage as pi", write("bin-pi.jsonl", garbage), transcript.FormatPi, transcript.CodeInvalidSource},
		{"binary garbage as claude", write("bin-cc.jsonl", garbage), transcript.FormatClaude, transcript.CodeInvalidSource},
		{"binary garbage as codex", write("bin-cx.jsonl", garbage), transcript.FormatCodex, transcript.CodeInvalidSource},
		{"invalid JSON lines", write("bad.jsonl", []byte("{\"type\":\n[1,2\n\"SECRET-CONTENT\"\n{}\n")), "", transcript.CodeInvalidSource},
		{"pi without header", write("pi.jsonl", []byte(`{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"SECRET-CONTENT"}}`+"\n")), transcript.FormatPi, transcript.CodeInvalidSource},
		{"partial line only", write("partial.jsonl", []byte(`{"parentUuid":null,"type":"user","uuid":"p1","message":{"role":"user","content":"SECRET-CONTENT"}}`)), transcript.FormatClaude, transcript.CodeInvalidSource},
		{"20 MB single line", write("huge.jsonl", []byte(huge+"\n")), "", transcript.CodeInvalidSource},
		{"unknown format", write("x.jsonl", []byte("{}\n")), transcript.Format("vim"), transcript.CodeInvalidSource},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := transcript.Scan(context.Background(), tt.path, tt.format, "", "")
			if transcript.CodeOf(err) != tt.code {
				t.Fatalf("code %q (%v), want %q", transcript.CodeOf(err), err, tt.code)
			}
			if !errors.Is(err, sentinel(tt.code)) {
				t.Errorf("errors.Is does not match the %s sentinel", tt.code)
			}
			if strings.Contains(err.Error(), "SECRET-CONTENT") {
				t.Error("the error message quotes transcript content")
			}
		})
	}
}

func sentinel(c transcript.Code) error {
	return map[transcript.Code]error{
		transcript.CodeSourceUnavailable: transcript.ErrSourceUnavailable,
		transcript.CodeInvalidSource:     transcript.ErrInvalidSource,
		transcript.CodeCheckpointChanged: transcript.ErrCheckpointChanged,
		transcript.CodeSourceChanged:     transcript.ErrSourceChanged,
	}[c]
}

// Ensure that broken structure inside an otherwise valid transcript is
// survived: cycles, missing parents, duplicate ids, invalid lines, a 20 MB
// line, binary junk.
func TestMalformedStructure(t *testing.T) {
	dir := t.TempDir()
	big := ccUser("big", "a1", "BIG "+strings.Repeat("y", 20_000_000))
	withHuge := writeLines(t, dir, "huge-mid.jsonl", ccUser("u1", "", "H-U1 first"), ccAsst("a1", "u1", "m1", text("H-A1 reply")),
		big, "\x00\xff\xfe binary junk", `{"unterminated": "`, ccAsst("a2", "big", "m2", text("H-A2 after the huge line")))
	piCycle := writeLines(t, dir, "pi-cycle.jsonl", piHeader("0196f0ff-1111-7222-8333-444455556666"),
		piMsg("e1", "e2", "user", "C-U1 one"), piMsg("e2", "e1", "assistant", []any{text("C-A1 two")}),
		piMsg("e3", "e3", "user", "C-U3 own parent"), piMsg("e4", "missing", "user", "C-U4 orphan"))
	tests := []struct {
		name    string
		path    string
		present []string
		absent  []string
		note    bool
	}{
		{"claude cycles, duplicates and dangling parents", filepath.Join("testdata", "claude", "malformed.jsonl"),
			[]string{"CC-M4", "CC-M5", "CC-M6"}, []string{"CC-M2 reply"}, true},
		{"claude 20 MB line mid-file", withHuge, []string{"H-U1", "H-A1", "H-A2"}, []string{"BIG"}, true},
		{"pi cycle and orphans", piCycle, []string{"C-U4"}, []string{"C-U1"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ev := scanAndMaterialize(t, tt.path, nil)
			rs := records(t, ev.Transcript)
			for i, tok := range tt.present {
				if hasText(rs, 0, "", tok) < 0 {
					t.Errorf("expected text %d missing", i)
				}
			}
			for i, tok := range tt.absent {
				if hasText(rs, 0, "", tok) >= 0 {
					t.Errorf("unexpected text %d present", i)
				}
			}
			if tt.note && len(ev.Notes) == 0 {
				t.Error("skipped lines were not noted")
			}
		})
	}
	// The cycle itself: a branch from inside it ends after one lap.
	cp, err := transcript.Scan(context.Background(), piCycle, "", "", "e2")
	if err != nil {
		t.Fatal(err)
	}
	if cp.Entries != 2 {
		t.Errorf("branch through a cycle has %d entries, want 2", cp.Entries)
	}
}
