package transcript

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
)

// Ensure that a line that changes between the index pass and the read by
// offset is source_changed, and so is a file that shrinks in between.
func TestSourceChangedBetweenPasses(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "claude", "session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		mutate func(path string)
	}{
		{"line rewritten in place", func(path string) {
			os.WriteFile(path, bytes.Replace(src, []byte("CC-U1 why"), []byte("CC-XX why"), 1), 0o600)
		}},
		{"file truncated", func(path string) { os.WriteFile(path, src[:len(src)/3], 0o600) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			if err := os.WriteFile(path, src, 0o600); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			ix, err := buildIndex(t.Context(), path, f, FormatClaude)
			if err != nil {
				t.Fatal(err)
			}
			tt.mutate(path)
			err = walk(t.Context(), ix, &reader{ra: f, ix: ix}, ix.branch(ix.leaf), 0, newProjector(FormatClaude),
				func(int, *item) error { return nil })
			if errcode.Of(err) != CodeSourceChanged {
				t.Fatalf("code %q (%v), want source_changed", errcode.Of(err), err)
			}
		})
	}
}

// Ensure that a cancelled context stops a pass.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := Scan(ctx, filepath.Join("testdata", "pi", "v3-tree.jsonl"), "", "", "")
	if err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("Scan with a cancelled context: %v", err)
	}
}

// fuzzFormat runs Scan and Materialize on data in memory and checks the
// invariants that hold for any input.
func fuzzFormat(t *testing.T, data []byte, f Format) {
	ctx := context.Background()
	r := bytes.NewReader(data)
	for _, format := range []Format{f, ""} {
		cp, err := scan(ctx, "fuzz", r, int64(len(data)), format, "fuzz-session", "")
		if err != nil {
			if errcode.Of(err) == "" {
				t.Fatalf("error without code: %v", err)
			}
			continue
		}
		if cp.Bytes > int64(len(data)) {
			t.Fatalf("checkpoint bytes %d beyond the input", cp.Bytes)
		}
		if cp.Cursor == "" {
			continue
		}
		ev, err := materialize(ctx, *cp, r, int64(len(data)), nil)
		if err != nil {
			t.Fatalf("materialize after a successful scan: %v", err)
		}
		if len(ev.Transcript) > MaxEvidenceBytes {
			t.Fatalf("evidence over the cap: %d", len(ev.Transcript))
		}
		for _, line := range bytes.Split(bytes.TrimSuffix(ev.Transcript, []byte("\n")), []byte("\n")) {
			if len(line) > 0 && !json.Valid(line) {
				t.Fatal("an evidence line is not valid JSON")
			}
		}
		p := ev.Processed
		again, err := materialize(ctx, *cp, r, int64(len(data)), &p)
		if err != nil || again.Relation != RelationUnchanged {
			t.Fatalf("second materialization: %v", err)
		}
	}
}

func FuzzPi(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFormat(t, data, FormatPi) })
}

func FuzzClaude(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFormat(t, data, FormatClaude) })
}

func FuzzCodex(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFormat(t, data, FormatCodex) })
}

// The Fuzz* seed corpora are in testdata/fuzz/<name>/: the synthetic
// transcripts of testdata/, cut-down and broken variants, and every input
// that once failed.
