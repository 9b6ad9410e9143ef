// Command capacity measures the builtin dreamer over a year of use:
// 1,500 synthetic sessions stating 5,000 distinct facts (some changed
// later), dreamed in order into one memory with the default limits. It
// prints the time a dream takes per session (wall and the process's CPU
// time, which a shared machine disturbs less) when memory holds about 100
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
	"syscall"
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

// run dreams the synthetic sessions in batches, reports the timing, and
// checks the memory it ends with.
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
	if err := initMemory(mem); err != nil {
		return err
	}
	all := synthmem.Generate(sessions, facts, 1)
	start := time.Now()
	samples, err := dreamAll(ctx, dir, all, batch)
	if err != nil {
		return err
	}
	total := time.Since(start)
	fmt.Printf("sessions %d, facts %d, batch %d: %v in all\n", sessions, facts, batch, total.Round(time.Millisecond))
	for _, m := range []struct {
		name string
		of   func(sample) time.Duration
	}{{"wall", func(s sample) time.Duration { return s.per }}, {"CPU", func(s sample) time.Duration { return s.cpu }}} {
		t100, tBig := medianNear(samples, 100, m.of), medianNear(samples, facts, m.of)
		fmt.Printf("dream per session (median, %s): %v at ~100 facts, %v at ~%d facts (%.1fx)\n", m.name,
			t100.Round(10*time.Microsecond), tBig.Round(10*time.Microsecond), facts, float64(tBig)/float64(max(t100, 1)))
	}

	return checkMemory(ctx, mem, all)
}

// initMemory creates the memory directory with an empty summary and index.
func initMemory(mem string) error {
	if err := os.MkdirAll(mem, 0o700); err != nil {
		return err
	}
	for _, f := range []string{"summary.md", "index.md"} {
		if err := os.WriteFile(filepath.Join(mem, f), nil, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// A sample is the time per session of one dream, wall and CPU, by the
// facts memory held before it.
type sample struct {
	facts    int
	per, cpu time.Duration
}

// dreamAll stages and dreams the sessions batch by batch, timing each dream.
func dreamAll(ctx context.Context, dir string, all []synthmem.Session, batch int) ([]sample, error) {
	var samples []sample
	stated := map[string]bool{}
	// One dreamer for every dream, as memfs serve keeps.
	d := builtin.New()
	for i := 0; i < len(all); i += batch {
		b := all[i:min(i+batch, len(all))]
		if err := stage(dir, i, b); err != nil {
			return nil, err
		}
		t0, c0 := time.Now(), processCPU()
		if _, err := d.Dream(ctx, dir); err != nil {
			return nil, fmt.Errorf("dream at session %d: %w", i, err)
		}
		n := time.Duration(len(b))
		samples = append(samples, sample{len(stated), time.Since(t0) / n, (processCPU() - c0) / n})
		for _, s := range b {
			for _, f := range s.Facts {
				stated[f.Subject] = true
			}
		}
	}
	return samples, nil
}

// medianNear is the median of of's time per session over the samples
// within 20% of n facts, or 0 if there are none.
func medianNear(samples []sample, n int, of func(sample) time.Duration) time.Duration {
	var ds []time.Duration
	for _, s := range samples {
		if s.facts >= n*8/10 && s.facts <= n*12/10 {
			ds = append(ds, of(s))
		}
	}
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}

// checkMemory validates the memory, reports its size and the current facts
// it lacks, and fails if it is invalid or lacks any.
func checkMemory(ctx context.Context, mem string, all []synthmem.Session) error {
	d, err := validate.OpenDir(mem)
	if err != nil {
		return err
	}
	defer d.Close()
	rep, err := validate.Validate(ctx, d, validate.Options{Mode: validate.ModePublish, Limits: validate.DefaultLimits()})
	if err != nil {
		return err
	}
	bytes, pages, text, err := pageText(mem, rep.Files)
	if err != nil {
		return err
	}
	missing := missingFacts(text, all)
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

// pageText totals the bytes of files, counts the pages other than indexes,
// and returns the pages' text.
func pageText(mem string, files []validate.File) (bytes int64, pages int, text string, err error) {
	var sb strings.Builder
	for _, f := range files {
		bytes += f.Info.Size()
		if strings.HasPrefix(f.Path, "pages/") && filepath.Base(f.Path) != "index.md" {
			pages++
			b, err := os.ReadFile(filepath.Join(mem, filepath.FromSlash(f.Path)))
			if err != nil {
				return 0, 0, "", err
			}
			sb.Write(b)
		}
	}
	return bytes, pages, sb.String(), nil
}

// missingFacts counts the current facts of all not stated as a current claim
// in text.
func missingFacts(text string, all []synthmem.Session) int {
	missing := 0
	for subject, value := range synthmem.Current(all) {
		if !strings.Contains(text, "\n- The "+subject+" is "+value+". <!--") {
			missing++
		}
	}
	return missing
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

// processCPU is the CPU time the process has used (user and system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
