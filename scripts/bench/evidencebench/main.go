// Command evidencebench measures evidence materialization on a large
// synthetic Claude Code transcript: Scan followed by Materialize, against
// `wc -l` on the same file in the same run, with the peak resident memory
// of the process doing the work.
//
// Usage: go run ./scripts/bench/evidencebench [-size 1GB] [-dir DIR] [-keep]
//
// Goals: at least 200 MB/s, at most 64 MB of peak RSS. The scan runs in a
// child process (this binary with -child) so that its VmHWM is its own.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/memfs/memfs/transcript"
)

func main() {
	size := flag.String("size", "1GB", "transcript size (KB, MB, GB suffixes)")
	dir := flag.String("dir", "", "directory for the transcript (default: a temporary one)")
	keep := flag.Bool("keep", false, "keep the generated transcript")
	child := flag.String("child", "", "internal: scan and materialize this file, print JSON")
	prevJSON := flag.String("prev", "", "internal: processed state to materialize against")
	cpuprofile := flag.String("cpuprofile", "", "with -child: write a CPU profile")
	memprofile := flag.String("memprofile", "", "with -child: write heap profiles to this path plus .scan and .materialize")
	flag.Parse()
	if *child != "" {
		if *cpuprofile != "" {
			f, err := os.Create(*cpuprofile)
			if err == nil {
				pprof.StartCPUProfile(f)
				defer pprof.StopCPUProfile()
			}
		}
		if err := runChild(*child, *prevJSON, *memprofile); err != nil {
			pprof.StopCPUProfile()
			fmt.Fprintln(os.Stderr, "evidencebench:", err)
			os.Exit(1)
		}
		return
	}
	n, err := parseSize(*size)
	if err == nil {
		err = run(n, *dir, *keep)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "evidencebench:", err)
		os.Exit(1)
	}
}

func parseSize(s string) (int64, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, suf := range []struct {
		s string
		m int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if strings.HasSuffix(u, suf.s) {
			u, mult = strings.TrimSuffix(u, suf.s), suf.m
			break
		}
	}
	v, err := strconv.ParseFloat(u, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bad -size %q", s)
	}
	return int64(v * float64(mult)), nil
}

// result is what the child reports.
type result struct {
	ScanNS, MaterializeNS int64
	CPUNS                 int64 // user+system CPU time of the child
	MaxRSSKB              int64
	Entries, Records      int
	EvidenceBytes         int
	Relation              string
	Processed             transcript.Processed
}

func run(size int64, dir string, keep bool) error {
	if dir == "" {
		d, err := os.MkdirTemp("", "memfs-evidencebench-")
		if err != nil {
			return err
		}
		dir = d
		if !keep {
			defer os.RemoveAll(d)
		}
	}
	path := filepath.Join(dir, "session.jsonl")
	if !keep {
		defer os.Remove(path)
	}
	t0 := time.Now()
	turns, err := generate(path, size)
	if err != nil {
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	mb := float64(st.Size()) / (1 << 20)
	fmt.Printf("transcript: %.0f MB, %d turns, generated in %s\n", mb, turns, time.Since(t0).Round(time.Millisecond))

	// Warm the page cache, then time wc -l.
	if err := exec.Command("wc", "-l", path).Run(); err != nil {
		return fmt.Errorf("wc: %w", err)
	}
	wc := time.Duration(1<<63 - 1)
	for i := 0; i < 2; i++ {
		t := time.Now()
		if err := exec.Command("wc", "-l", path).Run(); err != nil {
			return err
		}
		wc = min(wc, time.Since(t))
	}

	initial, err := child(path, "")
	if err != nil {
		return err
	}
	report("initial", mb, wc, initial)

	// A new turn appended: the ledger's usual case.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	g := newGen(w, 99)
	g.parent = initial.Processed.Cursor
	g.turn(turns)
	if err := w.Flush(); err != nil {
		return err
	}
	f.Close()
	prev, _ := json.Marshal(initial.Processed)
	appended, err := child(path, string(prev))
	if err != nil {
		return err
	}
	report("appended", mb, wc, appended)
	return nil
}

func report(name string, mb float64, wc time.Duration, r *result) {
	total := time.Duration(r.ScanNS + r.MaterializeNS)
	fmt.Printf("%-9s scan %s + materialize %s = %s: %.0f MB/s (CPU %s: %.0f MB/s); wc -l %s: %.0f MB/s; ratio %.2fx wc; peak RSS %.1f MB; "+
		"relation %s, %d entries on the branch, %d records, %d bytes of evidence\n",
		name, time.Duration(r.ScanNS).Round(time.Millisecond), time.Duration(r.MaterializeNS).Round(time.Millisecond),
		total.Round(time.Millisecond), mb/total.Seconds(), time.Duration(r.CPUNS).Round(time.Millisecond), mb/time.Duration(r.CPUNS).Seconds(),
		wc.Round(time.Millisecond), mb/wc.Seconds(),
		total.Seconds()/wc.Seconds(), float64(r.MaxRSSKB)/1024, r.Relation, r.Entries, r.Records, r.EvidenceBytes)
}

func child(path, prev string) (*result, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	args := []string{"-child", path}
	if prev != "" {
		args = append(args, "-prev", prev)
	}
	out, err := exec.Command(self, args...).Output()
	if err != nil {
		return nil, fmt.Errorf("child: %w", err)
	}
	var r result
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("child output: %w", err)
	}
	return &r, nil
}

func runChild(path, prevJSON, memprofile string) error {
	ctx := context.Background()
	var prev *transcript.Processed
	if prevJSON != "" {
		prev = new(transcript.Processed)
		if err := json.Unmarshal([]byte(prevJSON), prev); err != nil {
			return err
		}
	}
	t := time.Now()
	cp, err := transcript.Scan(ctx, path, "", "", "")
	if err != nil {
		return err
	}
	scan := time.Since(t)
	heapProfile(memprofile, ".scan")
	t = time.Now()
	ev, err := transcript.Materialize(ctx, *cp, prev)
	if err != nil {
		return err
	}
	mat := time.Since(t)
	heapProfile(memprofile, ".materialize")
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	r := result{ScanNS: scan.Nanoseconds(), MaterializeNS: mat.Nanoseconds(), CPUNS: cpu.Nanoseconds(), MaxRSSKB: vmHWM(),
		Entries: cp.Entries, Records: ev.Records, EvidenceBytes: len(ev.Transcript), Relation: string(ev.Relation),
		Processed: ev.Processed}
	return json.NewEncoder(os.Stdout).Encode(r)
}

// heapProfile writes a heap profile to base+suffix, if base is set: what
// is live then, and what was allocated since the start.
func heapProfile(base, suffix string) {
	if base == "" {
		return
	}
	f, err := os.Create(base + suffix)
	if err != nil {
		return
	}
	defer f.Close()
	pprof.Lookup("heap").WriteTo(f, 0)
}

// vmHWM reads the peak resident set size of this process, in KiB.
func vmHWM() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			if len(f) >= 2 {
				v, _ := strconv.ParseInt(f[1], 10, 64)
				return v
			}
		}
	}
	return -1
}

// gen writes a plausible Claude Code session: each turn has a prompt,
// assistant lines split by content block (thinking, text, tool use), tool
// results with large outputs, progress lines and file-history snapshots;
// now and then a rewind leaves a dead branch.
type gen struct {
	w      *bufio.Writer
	rng    *rand.Rand
	parent string
	n      int
}

func newGen(w *bufio.Writer, seed uint64) *gen {
	return &gen{w: w, rng: rand.New(rand.NewPCG(seed, 1))}
}

var words = strings.Fields(`the retry test flakes because the clock is real and the backoff sleeps; use a fake clock,
inject it through the client options, and assert the number of attempts. func (c *Client) Do(req *http.Request)
(*http.Response, error) { for i := 0; i < c.max; i++ { resp, err := c.hc.Do(req) } } "quoted" path/to/file.go
internal/http/retry_test.go:42 --- FAIL: TestRetry (0.31s) ok example.com/proj 0.2s {"key": "value"} \n\t`)

func (g *gen) words(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			if g.rng.IntN(12) == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(words[g.rng.IntN(len(words))])
	}
	return b.String()
}

func (g *gen) uuid() string {
	g.n++
	return fmt.Sprintf("%08x-0000-4000-8000-%012x", g.rng.Uint32(), g.n)
}

const sessionID = "0bench00-1111-4222-8333-444455556666"

func (g *gen) line(typ, uuid, parent string, extra map[string]any) {
	m := map[string]any{"parentUuid": nilIfEmpty(parent), "isSidechain": false, "userType": "external", "cwd": "/home/alice/proj",
		"sessionId": sessionID, "version": "2.1.197", "gitBranch": "main", "type": typ, "uuid": uuid, "timestamp": "2026-04-02T08:00:00.000Z"}
	for k, v := range extra {
		m[k] = v
	}
	b, _ := json.Marshal(m)
	g.w.Write(b)
	g.w.WriteByte('\n')
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (g *gen) turn(i int) {
	u := g.uuid()
	g.line("user", u, g.parent, map[string]any{"message": map[string]any{"role": "user", "content": g.words(20 + g.rng.IntN(60))}})
	if i%50 == 0 {
		b, _ := json.Marshal(map[string]any{"type": "file-history-snapshot", "messageId": u, "snapshot": map[string]any{"messageId": u, "trackedFileBackups": map[string]any{}}})
		g.w.Write(b)
		g.w.WriteByte('\n')
	}
	parent := u
	for step := 0; step < 1+g.rng.IntN(4); step++ {
		mid := fmt.Sprintf("msg_%d_%d", i, step)
		asst := func(blocks ...any) {
			id := g.uuid()
			g.line("assistant", id, parent, map[string]any{"requestId": "req_" + mid, "message": map[string]any{"model": "claude-sonnet-4-5", "id": mid,
				"type": "message", "role": "assistant", "content": blocks, "usage": map[string]any{"input_tokens": 900, "output_tokens": 40}}})
			parent = id
		}
		asst(map[string]any{"type": "thinking", "thinking": g.words(100 + g.rng.IntN(200)), "signature": strings.Repeat("c2ln", 60)})
		asst(map[string]any{"type": "text", "text": g.words(30 + g.rng.IntN(120))})
		tool := fmt.Sprintf("toolu_%d_%d", i, step)
		asst(map[string]any{"type": "tool_use", "id": tool, "name": "Bash", "input": map[string]any{"command": g.words(8), "description": g.words(5)}})
		out := g.words(200 + g.rng.IntN(1500))
		r := g.uuid()
		g.line("user", r, parent, map[string]any{"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": tool, "content": out}}},
			"toolUseResult": map[string]any{"stdout": out, "stderr": "", "interrupted": false}})
		parent = r
		p := g.uuid()
		g.line("progress", p, parent, map[string]any{"data": map[string]any{"type": "hook_progress", "hookName": "PostToolUse"}})
		parent = p
	}
	if i%200 == 199 {
		// A rewind: this turn's answer is abandoned; the next prompt
		// hangs off its prompt's parent.
		return
	}
	g.parent = parent
}

func generate(path string, size int64) (int, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	g := newGen(w, 1)
	turns := 0
	for {
		g.turn(turns)
		turns++
		if turns%64 == 0 {
			if err := w.Flush(); err != nil {
				return 0, err
			}
			if st, err := f.Stat(); err != nil || st.Size() >= size {
				break
			}
		}
	}
	return turns, w.Flush()
}
