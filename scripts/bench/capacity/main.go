// Command capacity measures the builtin dreamer over a year of use:
// 1,500 synthetic sessions stating 5,000 distinct facts (some changed
// later), dreamed in order into one memory with the default limits. It
// prints the time a dream takes per session when memory holds about 100
// facts and about 5,000, whether every current fact is a current claim on
// a page, and whether the memory validates in publish mode.
//
// Usage: go run ./scripts/bench/capacity [-sessions 1500] [-facts 5000] [-batch 1] [-dir DIR]
//
// Goal (issue 22): everything fits the default limits, nothing is missing
// or stale, and a dream per session at 5,000 facts takes at most twice
// what it takes at 100.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
	"github.com/memfs/memfs/internal/synthmem"
	"github.com/memfs/memfs/validate"
)

func main() {
	sessions := flag.Int("sessions", 1500, "sessions")
	facts := flag.Int("facts", 5000, "distinct facts")
	batch := flag.Int("batch", 1, "sessions a dream takes")
	dir := flag.String("dir", "", "run directory (default: a temporary one, removed)")
	flag.Parse()
	if err := run(context.Background(), *sessions, *facts, *batch, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "capacity:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, sessions, facts, batch int, dir string) error {
	if dir == "" {
		d, err := os.MkdirTemp("", "memfs-capacity-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	mem := filepath.Join(dir, dream.MemoryDir)
	if err := os.MkdirAll(mem, 0o700); err != nil {
		return err
	}
	for _, f := range []string{"summary.md", "index.md"} {
		if err := os.WriteFile(filepath.Join(mem, f), nil, 0o600); err != nil {
			return err
		}
	}
	all := synthmem.Generate(sessions, facts, 1)
	// Time per session, by the facts memory held before the dream.
	type sample struct {
		facts int
		per   time.Duration
	}
	var samples []sample
	stated := map[string]bool{}
	start := time.Now()
	for i := 0; i < len(all); i += batch {
		b := all[i:min(i+batch, len(all))]
		if err := stage(dir, i, b); err != nil {
			return err
		}
		t0 := time.Now()
		if _, err := (builtin.Dreamer{}).Dream(ctx, dir); err != nil {
			return fmt.Errorf("dream at session %d: %w", i, err)
		}
		samples = append(samples, sample{len(stated), time.Since(t0) / time.Duration(len(b))})
		for _, s := range b {
			for _, f := range s.Facts {
				stated[f.Subject] = true
			}
		}
	}
	total := time.Since(start)
	near := func(n int) time.Duration {
		var ds []time.Duration
		for _, s := range samples {
			if s.facts >= n*8/10 && s.facts <= n*12/10 {
				ds = append(ds, s.per)
			}
		}
		if len(ds) == 0 {
			return 0
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		return ds[len(ds)/2]
	}
	t100, tBig := near(100), near(facts)
	fmt.Printf("sessions %d, facts %d, batch %d: %v in all\n", sessions, facts, batch, total.Round(time.Millisecond))
	fmt.Printf("dream per session (median): %v at ~100 facts, %v at ~%d facts (%.1fx)\n",
		t100.Round(10*time.Microsecond), tBig.Round(10*time.Microsecond), facts, float64(tBig)/float64(max(t100, 1)))

	d, err := validate.OpenDir(mem)
	if err != nil {
		return err
	}
	defer d.Close()
	rep, err := validate.Validate(ctx, d, validate.Options{Mode: validate.ModePublish, Limits: validate.DefaultLimits()})
	if err != nil {
		return err
	}
	var bytes int64
	pages := 0
	var text strings.Builder
	for _, f := range rep.Files {
		bytes += f.Info.Size()
		if strings.HasPrefix(f.Path, "pages/") && filepath.Base(f.Path) != "index.md" {
			pages++
			b, err := os.ReadFile(filepath.Join(mem, filepath.FromSlash(f.Path)))
			if err != nil {
				return err
			}
			text.Write(b)
		}
	}
	missing := 0
	for subject, value := range synthmem.Current(all) {
		if !strings.Contains(text.String(), "\n- The "+subject+" is "+value+". <!--") {
			missing++
		}
	}
	idx, _ := os.ReadFile(filepath.Join(mem, "index.md"))
	sum, _ := os.ReadFile(filepath.Join(mem, "summary.md"))
	fmt.Printf("memory: %d files (%d pages), %d bytes; index.md %d bytes, summary.md %d bytes\n", len(rep.Files), pages, bytes, len(idx), len(sum))
	fmt.Printf("current facts not a current claim on a page: %d of %d\n", missing, len(synthmem.Current(all)))
	if !rep.OK() {
		for _, p := range rep.Errors() {
			fmt.Printf("invalid: %s: %s: %s\n", p.Path, p.Code, p.Message)
		}
		return fmt.Errorf("memory does not validate")
	}
	fmt.Println("validates in publish mode with the default limits")
	if missing > 0 {
		return fmt.Errorf("%d current facts missing", missing)
	}
	return nil
}

// stage replaces the run's input with sessions.
func stage(dir string, n int, sessions []synthmem.Session) error {
	in := filepath.Join(dir, dream.SessionsDir)
	if err := os.RemoveAll(in); err != nil {
		return err
	}
	m := dream.Manifest{Version: dream.ManifestVersion, RunID: fmt.Sprintf("r%d", n), Scope: "capacity"}
	for i, s := range sessions {
		sd := filepath.Join(dream.SessionsDir, fmt.Sprint(i))
		if err := os.MkdirAll(filepath.Join(dir, sd), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, sd, dream.TranscriptName), s.Transcript(), 0o600); err != nil {
			return err
		}
		m.Sessions = append(m.Sessions, dream.ManifestSession{Dir: filepath.ToSlash(sd), SessionID: s.ID})
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, dream.ManifestPath), b, 0o600)
}
