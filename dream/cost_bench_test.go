package dream_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/synthmem"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

// BenchmarkRunSession measures a whole dream run of one new session (the
// builtin dreamer; staging, hydration, the entry-citation check,
// validation and publication included) on a store whose head holds n
// facts: the cost of a dream per session as memory grows (issue 22). The
// store keeps its caches in the home, as the CLI's does, and one run
// dreams before the timed ones, so that they measure the steady state in
// which a run follows a run (the first run after the bulk publication,
// or after a forget, writes every file); the setup's garbage is collected
// before the timed runs. It reports wall time per run and
// the process's CPU time per run (cpu-ns/op), which shared machines
// disturb less.
//
// Two ways to run: "serve" keeps one dreamer for every run, as memfs serve
// does, whose page memo remembers the pages between runs; "cli" makes a
// dreamer for each run, as each memfs dream process does, which reads
// and scans every page.
func BenchmarkRunSession(b *testing.B) {
	for _, mode := range []string{"serve", "cli"} {
		for _, n := range []int{100, 1000, 5000} {
			b.Run(fmt.Sprintf("%s/facts=%d", mode, n), func(b *testing.B) { benchRunSession(b, n, mode == "cli") })
		}
	}
}

// benchRunSession is BenchmarkRunSession on n facts, with a new dreamer
// each run when fresh.
func benchRunSession(b *testing.B, n int, fresh bool) {
	const extra = 200
	sessions := max(n*3/10, 1)
	all := synthmem.Generate(sessions+extra, n+n*extra/sessions, 2)
	home, st, l := openHome(b)
	publishMemory(b, st, all[:sessions])
	if b.N >= extra {
		b.Fatalf("at most %d runs (-benchtime %dx)", extra-1, extra-1)
	}
	// One dreamer for every run, as memfs serve keeps; when fresh, a new
	// one each run, as each memfs dream process makes.
	d := builtin.New()
	// run dreams session i and returns the CPU time the run took.
	run := func(i int) time.Duration {
		s := all[sessions+i]
		p := filepath.Join(b.TempDir(), "s.jsonl")
		if err := os.WriteFile(p, claudeTranscript(s, i), 0o600); err != nil {
			b.Fatal(err)
		}
		cp, err := transcript.Scan(b.Context(), p, "", "", "")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := l.RecordCheckpoint(b.Context(), ledger.Checkpoint{Scope: scope, Checkpoint: *cp}); err != nil {
			b.Fatal(err)
		}
		if fresh {
			d = builtin.New()
		}
		c0 := processCPU()
		b.StartTimer()
		res, err := dream.Run(b.Context(), dream.Options{Home: home, Store: st, Ledger: l, Scope: scope, Dreamer: d})
		b.StopTimer()
		cpu := processCPU() - c0
		if err != nil || !res.Published {
			b.Fatalf("run %d: %+v %v", i, res, err)
		}
		return cpu
	}
	b.StopTimer()
	run(0)
	// The setup's garbage is not the steady state's: collect it
	// before the timed runs, which then pay only for their own.
	runtime.GC()
	b.ResetTimer()
	var cpu time.Duration
	for i := range b.N {
		cpu += run(i + 1)
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// publishMemory dreams sessions with the builtin dreamer, 50 a run, into
// a folder, and publishes what it holds as the scope's head.
func publishMemory(b *testing.B, st *gitstore.Store, sessions []synthmem.Session) {
	b.Helper()
	dir := b.TempDir()
	mem := filepath.Join(dir, dream.MemoryDir)
	if err := os.MkdirAll(mem, 0o700); err != nil {
		b.Fatal(err)
	}
	var ids []string
	for i := 0; i < len(sessions); i += 50 {
		in := filepath.Join(dir, dream.SessionsDir)
		if err := os.RemoveAll(in); err != nil {
			b.Fatal(err)
		}
		m := dream.Manifest{Version: dream.ManifestVersion, RunID: fmt.Sprintf("r%d", i), Scope: scope}
		for j, s := range sessions[i:min(i+50, len(sessions))] {
			sd := filepath.Join(dream.SessionsDir, fmt.Sprint(j))
			if err := os.MkdirAll(filepath.Join(dir, sd), 0o700); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, sd, dream.TranscriptName), s.Transcript(), 0o600); err != nil {
				b.Fatal(err)
			}
			m.Sessions = append(m.Sessions, dream.ManifestSession{Dir: filepath.ToSlash(sd), SessionID: s.ID})
			ids = append(ids, s.ID)
		}
		mb, err := json.Marshal(m)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, dream.ManifestPath), mb, 0o600); err != nil {
			b.Fatal(err)
		}
		if _, err := (builtin.Dreamer{}).Dream(b.Context(), dir); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := st.Publish(b.Context(), mem, gitstore.PublishOptions{Scope: scope, Message: "base", Sources: ids}); err != nil {
		b.Fatal(err)
	}
}

// claudeTranscript is s as a Claude Code transcript, its entries numbered
// by k so that every session's entry ids differ.
func claudeTranscript(s synthmem.Session, k int) []byte {
	var out []byte
	var parent any
	for i, r := range s.Records {
		id := fmt.Sprintf("%08x-0000-4000-8000-%012x", k, i+1)
		e := map[string]any{"parentUuid": parent, "isSidechain": false, "userType": "external", "cwd": "/nonexistent-memfs-bench",
			"sessionId": s.ID, "version": "2.1.197", "type": r.Role, "uuid": id, "timestamp": "2026-04-02T08:00:01.000Z"}
		if r.Role == "user" {
			e["message"] = map[string]any{"role": "user", "content": r.Text}
		} else {
			e["requestId"] = "req_" + id
			e["message"] = map[string]any{"model": "claude-sonnet-4-5", "id": "msg_" + id, "type": "message", "role": "assistant",
				"content": []any{map[string]any{"type": "text", "text": r.Text}}, "stop_reason": "end_turn",
				"usage": map[string]int{"input_tokens": 1, "output_tokens": 1}}
		}
		l, _ := json.Marshal(e)
		out = append(append(out, l...), '\n')
		parent = id
	}
	return out
}

// processCPU is the CPU time the process has used (user and system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
