package transcript_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
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
		code   string
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
			if errcode.Of(err) != tt.code {
				t.Fatalf("code %q (%v), want %q", errcode.Of(err), err, tt.code)
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

func sentinel(c string) error {
	return map[string]error{
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
	piOrphan := writeLines(t, dir, "pi-orphan.jsonl", piHeader("0196f0ff-1111-7222-8333-444455556666"),
		piMsg("e1", "", "user", "O-U1 before the break"), piMsg("e2", "e1", "assistant", []any{text("O-A1 before")}),
		piMsg("e3", "missing", "user", "O-U3 after the break"), piMsg("e4", "e3", "assistant", []any{text("O-A3 after")}))
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
		{"pi missing parent", piOrphan, []string{"O-U3", "O-A3"}, []string{"O-U1", "O-A1"}, true},
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
}

// Ensure that a Pi tree whose parentId links form a cycle is refused, with
// the line of an entry on the cycle, wherever the cycle is and whatever
// the cursor.
func TestPiCycle(t *testing.T) {
	dir := t.TempDir()
	hdr := piHeader("0196f0ff-1111-7222-8333-444455556666")
	tests := []struct {
		name   string
		lines  []any
		cursor string
		line   string
	}{
		{"two entries", []any{hdr, piMsg("e1", "e2", "user", "C-U1"), piMsg("e2", "e1", "assistant", []any{text("C-A1")})}, "", "line 2"},
		{"own parent", []any{hdr, piMsg("e1", "", "user", "C-U1"), piMsg("e2", "e2", "user", "C-U2")}, "", "line 3"},
		{"off the active branch", []any{hdr, piMsg("e1", "", "user", "C-U1"), piMsg("x1", "x2", "user", "C-X1"), piMsg("x2", "x1", "user", "C-X2"),
			piMsg("e2", "e1", "assistant", []any{text("C-A2")})}, "e2", "line 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLines(t, dir, strings.ReplaceAll(tt.name, " ", "-")+".jsonl", tt.lines...)
			_, err := transcript.Scan(context.Background(), path, "", "", tt.cursor)
			if !errors.Is(err, transcript.ErrInvalidSource) {
				t.Fatalf("err %v, want invalid_source", err)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.line) || !strings.Contains(msg, "cycle") {
				t.Errorf("message %q does not name the cycle and %s", msg, tt.line)
			}
		})
	}
}

// Ensure that a line over MaxLineBytes says so, naming its line and the
// limit, when it leaves the transcript without entries; and that one among
// other lines is skipped with a note naming it.
func TestOverLimitLine(t *testing.T) {
	dir := t.TempDir()
	limit := fmt.Sprint(transcript.MaxLineBytes)
	big := func(prefix string) string {
		return prefix + strings.Repeat("y", transcript.MaxLineBytes+1<<20) + `"}}`
	}
	ccBig := big(`{"parentUuid":null,"isSidechain":false,"type":"user","uuid":"b1","sessionId":"` + claudeSession + `","message":{"role":"user","content":"`)
	typeFirst := big(`{"type":"user","uuid":"b1","message":{"role":"user","content":"`)
	cxBig := big(`{"timestamp":"2026-03-01T09:15:00.000Z","type":"response_item","payload":{"type":"message","role":"user","content":"`)
	piBig := big(`{"type":"session","version":3,"id":"0196f0ff-1111-7222-8333-444455556666","cwd":"`)
	tests := []struct {
		name   string
		lines  []any
		format transcript.Format
		want   []string
	}{
		{"claude", []any{ccBig}, "", []string{"line 1 ", limit}},
		{"claude, type first, told the format", []any{typeFirst}, transcript.FormatClaude, []string{"line 1 ", limit}},
		{"claude, type first, detected", []any{typeFirst}, "", []string{"line 1 ", "longer than"}},
		{"codex", []any{cxBig}, transcript.FormatCodex, []string{"line 1 ", limit}},
		{"pi header", []any{piBig, piMsg("e1", "", "user", "P-U1")}, transcript.FormatPi, []string{"line 1 ", limit}},
		{"claude after blank lines", []any{"", "", ccBig}, transcript.FormatClaude, []string{"line 3 ", limit}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLines(t, dir, fmt.Sprintf("big-%d.jsonl", i), tt.lines...)
			_, err := transcript.Scan(context.Background(), path, tt.format, "", "")
			if !errors.Is(err, transcript.ErrInvalidSource) {
				t.Fatalf("err %v, want invalid_source", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q does not say %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "yyyy") {
				t.Error("the message quotes content")
			}
		})
	}
	path := writeLines(t, dir, "mid.jsonl", ccUser("u1", "", "M-U1 first"), ccBig, ccAsst("a1", "u1", "m1", text("M-A1 reply")))
	_, ev := scanAndMaterialize(t, path, nil)
	found := false
	for _, n := range ev.Notes {
		found = found || strings.Contains(n, "line 2") && strings.Contains(n, limit)
	}
	if !found {
		t.Errorf("notes %q do not name line 2 and the limit", ev.Notes)
	}
}

// Ensure that control characters inside the text of a transcript (a NUL
// in a user sentence, an escape sequence, DEL, C1) never reach the
// evidence a dreamer reads, in every format, while newlines, tabs and the
// rest of the text do.
func TestControlCharactersDropped(t *testing.T) {
	dir := t.TempDir()
	dirty := "keep\x00 the\tcache\x1b[31m red\x7f\u009b and\r\nthis ©"
	want := "keep the\tcache[31m red and\nthis ©"
	tests := []struct {
		name  string
		lines []any
	}{
		{"claude user", []any{ccUser("u1", "", dirty)}},
		{"claude assistant", []any{ccUser("u1", "", "hi"), ccAsst("a1", "u1", "m1", text(dirty))}},
		{"codex", []any{cxMeta("0196f0ff-1111-7222-8333-444455556666"), cxItem("user", dirty)}},
		{"pi", []any{piHeader("0196f0ff-1111-7222-8333-444455556666"), piMsg("e1", "", "user", dirty)}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLines(t, dir, fmt.Sprintf("ctl-%d.jsonl", i), tt.lines...)
			_, ev := scanAndMaterialize(t, path, nil)
			rs := records(t, ev.Transcript)
			if hasText(rs, 0, "", want) < 0 {
				t.Fatalf("no record holds the cleaned text; records %q", rs)
			}
			for _, r := range rs {
				for _, c := range r.Text {
					if (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f) {
						t.Fatalf("record %s holds control character %U", r.Role, c)
					}
				}
			}
		})
	}
}
