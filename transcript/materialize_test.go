package transcript

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
)

// Ensure that a checkpoint is not trusted once its bytes change, even
// when the length stays the same.
func TestMaterialize_RewrittenInPlace(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "claude", "session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	cp, err := Scan(t.Context(), path, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	changed := bytes.Replace(src, []byte("CC-U1 why"), []byte("CC-XX why"), 1)
	if bytes.Equal(changed, src) {
		t.Fatal("fixture text not found")
	}
	if err := os.WriteFile(path, changed, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Materialize(t.Context(), *cp, nil)
	if errcode.Of(err) != CodeCheckpointChanged {
		t.Fatalf("code %q (%v), want checkpoint_changed", errcode.Of(err), err)
	}
}

// writeBenchSession writes a Claude Code session of about size bytes:
// prompts, assistant lines split by block (thinking, text, tool use), and
// tool results whose output is repeated in toolUseResult, as the agent
// writes them.
func writeBenchSession(tb testing.TB, path string, size int64) {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	words := strings.Fields(`the retry test flakes because the clock is real and the backoff sleeps; use a fake clock,
inject it through the client options \"quoted\" path/to/file.go:42 --- FAIL: TestRetry (0.31s) {\"key\": \"value\"} \\n`)
	text := func(seed, n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i > 0 {
				if (seed+i)%12 == 0 {
					b.WriteString(`\n`)
				} else {
					b.WriteByte(' ')
				}
			}
			b.WriteString(words[(seed*7+i*13)%len(words)])
		}
		return b.String()
	}
	parent, id, written := "null", 0, int64(0)
	line := func(typ, rest string) {
		id++
		u := fmt.Sprintf("%08x-0000-4000-8000-%012x", id*2654435761%(1<<32), id)
		n, _ := fmt.Fprintf(w, `{"parentUuid":%s,"isSidechain":false,"userType":"external","cwd":"/home/a/p","sessionId":"0bench00-1111-4222-8333-444455556666","type":%q,%s,"uuid":"%s","timestamp":"2026-04-02T08:00:00.000Z"}`+"\n", parent, typ, rest, u)
		written += int64(n)
		parent = `"` + u + `"`
	}
	for turn := 0; written < size; turn++ {
		line("user", fmt.Sprintf(`"message":{"role":"user","content":"%s"}`, text(turn, 40)))
		for step := 0; step < 1+turn%4; step++ {
			mid := fmt.Sprintf("msg_%d_%d", turn, step)
			line("assistant", fmt.Sprintf(`"message":{"model":"m","id":%q,"role":"assistant","content":[{"type":"thinking","thinking":"%s","signature":"c2ln"}]}`, mid, text(turn+step, 200)))
			line("assistant", fmt.Sprintf(`"message":{"model":"m","id":%q,"role":"assistant","content":[{"type":"text","text":"%s"}]}`, mid, text(turn+2*step, 80)))
			line("assistant", fmt.Sprintf(`"message":{"model":"m","id":%q,"role":"assistant","content":[{"type":"tool_use","id":"t%d_%d","name":"Bash","input":{"command":"%s"}}]}`, mid, turn, step, text(step, 8)))
			out := text(turn*3+step, 300+(turn*37+step)%1200)
			line("user", fmt.Sprintf(`"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d_%d","content":"%s"}]},"toolUseResult":{"stdout":"%s","stderr":""}`, turn, step, out, out))
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkScanMaterialize measures Scan followed by Materialize on a
// 64 MB session, with nothing processed before.
func BenchmarkScanMaterialize(b *testing.B) {
	path := filepath.Join(b.TempDir(), "s.jsonl")
	writeBenchSession(b, path, 64<<20)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	ctx := b.Context()
	for b.Loop() {
		cp, err := Scan(ctx, path, "", "", "")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Materialize(ctx, *cp, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// Ensure that concurrent Scan and Materialize calls on different
// transcripts give what they give alone.
func TestScanMaterialize_Concurrent(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*", "*.jsonl"))
	want := map[string][]byte{}
	for _, p := range paths {
		cp, err := Scan(t.Context(), p, "", "", "")
		if err != nil || cp.Cursor == "" {
			continue
		}
		ev, err := Materialize(t.Context(), *cp, nil)
		if err != nil {
			t.Fatal(err)
		}
		want[p] = ev.Transcript
	}
	errs := make(chan error, 4*len(want))
	var wg sync.WaitGroup
	for range 4 {
		for p, w := range want {
			wg.Go(func() {
				cp, err := Scan(t.Context(), p, "", "", "")
				if err != nil {
					errs <- err
					return
				}
				ev, err := Materialize(t.Context(), *cp, nil)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(ev.Transcript, w) {
					errs <- fmt.Errorf("%s: evidence differs under concurrency", filepath.Base(p))
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
