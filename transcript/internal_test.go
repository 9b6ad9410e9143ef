package transcript

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
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
	addLineSeeds(f, "pi")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFormat(t, data, FormatPi) })
}

func FuzzClaude(f *testing.F) {
	addLineSeeds(f, "claude")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFormat(t, data, FormatClaude) })
}

func FuzzCodex(f *testing.F) {
	addLineSeeds(f, "codex")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFormat(t, data, FormatCodex) })
}

// seedMaxBytes bounds a fuzz seed. Go's fuzzer minimizes every input that
// finds new coverage before it goes on, at a cost that grows with the
// input: seeds of many kilobytes kept FuzzClaude minimizing (0 execs/s)
// for most of its run. Whole transcripts are regression cases instead
// (TestFuzzRegressions).
const seedMaxBytes = 512

// addLineSeeds adds every line, and every pair of consecutive lines, of the
// synthetic transcripts in testdata/<dir> that fits in seedMaxBytes: each
// line kind of the format, with a parent for the lines that link to one.
func addLineSeeds(f *testing.F, dir string) {
	paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.jsonl"))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no transcripts in testdata/%s: %v", dir, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		for i := range lines {
			for _, seed := range [][]byte{lines[i], bytes.Join(lines[i:min(i+2, len(lines))], nil)} {
				if len(seed) > 0 && len(seed) <= seedMaxBytes {
					f.Add(seed)
				}
			}
		}
	}
}

// Ensure that every input a fuzzer once failed on, and every whole
// synthetic transcript, still holds the fuzzers' invariants. These are too
// large to be seeds (seedMaxBytes); they are kept in the fuzz corpus file
// format in testdata/regress/<target>/.
func TestFuzzRegressions(t *testing.T) {
	formats := map[string]Format{"FuzzPi": FormatPi, "FuzzClaude": FormatClaude, "FuzzCodex": FormatCodex}
	paths, err := filepath.Glob(filepath.Join("testdata", "regress", "*", "*"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no regression inputs: %v", err)
	}
	for _, p := range paths {
		format, ok := formats[filepath.Base(filepath.Dir(p))]
		if !ok {
			t.Fatalf("%s: no fuzz target of that name", p)
		}
		t.Run(filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p), func(t *testing.T) {
			fuzzFormat(t, readCorpusFile(t, p), format)
		})
	}
}

// readCorpusFile reads a one-value []byte file in the "go test fuzz v1"
// format.
func readCorpusFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, body, ok := strings.Cut(string(b), "\n")
	body = strings.TrimSpace(body)
	if !ok || head != "go test fuzz v1" || !strings.HasPrefix(body, "[]byte(") || !strings.HasSuffix(body, ")") {
		t.Fatalf("%s: not a go test fuzz v1 file of one []byte", path)
	}
	s, err := strconv.Unquote(body[len("[]byte(") : len(body)-1])
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return []byte(s)
}

// The Fuzz* seeds are the line pairs of addLineSeeds and the small inputs of
// testdata/fuzz/<name>/; the large ones are in testdata/regress/<name>/.

// Ensure that the id table finds every node by its key across growths, and
// that keep narrows the index to the wanted nodes of a branch, in the
// branch's order, spanning chunks, with the ids forgotten.
func TestIDTableAndKeep(t *testing.T) {
	ix := &index{leaf: -1}
	const n = 3<<chunkBits + 17 // several chunks, several growths of the table
	for i := int32(0); i < n; i++ {
		v := ix.push(node{key: fnv64(strconv.Itoa(int(i))), ln: i + 1, kind: uint8(i % 3)})
		if ix.setID(v) {
			t.Fatalf("node %d: key reported present", i)
		}
	}
	for _, i := range []int32{0, 1, 1 << chunkBits, n - 1} {
		if got := ix.id(fnv64(strconv.Itoa(int(i)))); got != i {
			t.Fatalf("id of node %d = %d", i, got)
		}
	}
	if got := ix.id(fnv64("absent")); got != -1 {
		t.Fatalf("id of an absent key = %d, want -1", got)
	}
	// A key met again moves to its newer node.
	dup := ix.push(node{key: fnv64("5"), ln: n + 1})
	if !ix.setID(dup) || ix.id(fnv64("5")) != dup {
		t.Fatal("a repeated key did not move to its newer node")
	}

	br := []int32{n - 1, 2, 1<<chunkBits + 3, 5, 2<<chunkBits + 1}
	var wantLines []int32
	for _, i := range br {
		if ix.node(i).kind != 0 {
			wantLines = append(wantLines, ix.node(i).ln)
		}
	}
	got := ix.keep(br, func(nd *node) bool { return nd.kind != 0 })
	if len(got) != len(wantLines) || int(ix.n) != len(wantLines) || ix.leaf != ix.n-1 {
		t.Fatalf("keep: %d positions, %d nodes, leaf %d; want %d", len(got), ix.n, ix.leaf, len(wantLines))
	}
	for k, i := range got {
		if i != int32(k) || ix.node(i).ln != wantLines[k] {
			t.Fatalf("kept node %d is line %d, want %d", k, ix.node(i).ln, wantLines[k])
		}
	}
	if ix.id(fnv64("2")) != -1 {
		t.Fatal("ids still known after keep")
	}
}

// Ensure that the tools agents ask the user through are told from the
// others, whatever their spelling: their results are the user's answers.
func TestIsAskTool(t *testing.T) {
	for name, want := range map[string]bool{
		"AskUserQuestion": true, "request_user_input": true, "ask_followup_question": true,
		"questionnaire": true, "mcp__ui__questionnaire": true, "question": true,
		"bash": false, "read": false, "edit": false, "question_bank_export": false,
	} {
		if got := isAskTool(name); got != want {
			t.Errorf("isAskTool(%q) = %v, want %v", name, got, want)
		}
	}
}
