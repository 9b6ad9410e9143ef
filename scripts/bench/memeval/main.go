// Command memeval scores the memory that memfs builds from one half of the
// memory corpus (issues 21 and 22): a fresh home, every session of a round
// checkpointed into scope "corpus", `memfs dream --now` until nothing is
// pending, round after round, then `memfs context` and every file of the
// scope's head, scored by internal/memcorpus. It prints the report and the
// goals it misses: at least 90% of facts in the context, at least 75% in
// every language, no distractor anywhere, every update and retraction
// resolved.
//
// The tuning halves' reports name the missed fact and kept
// distractor ids; the test half's report holds counts only, since that half
// is not read while tuning.
//
// Usage: go run ./scripts/bench/memeval [-half HALF] [-memfs BIN] [-dir DIR] [-keep DIR | -rescore DIR] [-json]
//
// HALF is one of memcorpus.Halves (dev, dev2 and up, test; -h lists them).
//
// Without -memfs it builds ./cmd/memfs first (run it from the module root).
//
// -rescore DIR scores a home an earlier -keep run left, with the binary
// given now, without checkpointing or dreaming again: what the context
// shows of the same memory is measured on its own.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/memfs/memfs/internal/memcorpus"
)

func main() {
	half := flag.String("half", "dev", "corpus half to run: one of "+strings.Join(memcorpus.Halves, ", "))
	bin := flag.String("memfs", "", "memfs binary (default: build ./cmd/memfs)")
	dir := flag.String("dir", "", "the half's directory (default internal/memcorpus/testdata/<half>)")
	keep := flag.String("keep", "", "use `dir` as the memfs home and keep it (must not exist)")
	rescore := flag.String("rescore", "", "score the home `dir` an earlier -keep run left, without dreaming again")
	asJSON := flag.Bool("json", false, "print the report as JSON")
	flag.Parse()
	if *keep != "" && *rescore != "" {
		fmt.Fprintln(os.Stderr, "memeval: -keep and -rescore exclude each other")
		os.Exit(2)
	}
	if !slices.Contains(memcorpus.Halves, *half) {
		fmt.Fprintf(os.Stderr, "memeval: -half must be one of %v\n", memcorpus.Halves)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *half, *bin, *dir, *keep, *rescore, *asJSON); err != nil {
		fmt.Fprintln(os.Stderr, "memeval:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, half, bin, dir, keep, rescore string, asJSON bool) error {
	if dir == "" {
		dir = filepath.Join("internal", "memcorpus", "testdata", half)
	}
	c, err := memcorpus.Load(dir)
	if err != nil {
		return err
	}
	if c.Half != half {
		return fmt.Errorf("%s holds the %s half, not %s", dir, c.Half, half)
	}
	work, err := os.MkdirTemp("", "memeval-")
	if err != nil {
		return err
	}
	defer removeAll(work)
	if bin == "" {
		bin = filepath.Join(work, "memfs")
		build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/memfs")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("go build ./cmd/memfs: %w", err)
		}
	}
	home := filepath.Join(work, "home")
	if keep != "" {
		if _, err := os.Stat(keep); err == nil {
			return fmt.Errorf("-keep %s exists", keep)
		}
		home = keep
	}
	if rescore != "" {
		if _, err := os.Stat(filepath.Join(rescore, "store.git")); err != nil {
			return fmt.Errorf("-rescore %s: not a memfs home: %w", rescore, err)
		}
		home = rescore
	}
	memfs := memcorpus.Command(bin, home)
	start := time.Now()
	var r memcorpus.Report
	if rescore != "" {
		r, err = memcorpus.ScoreHome(ctx, c, memfs, work)
	} else {
		r, err = memcorpus.Run(ctx, c, memfs, work)
	}
	if err != nil {
		return err
	}
	took := time.Since(start).Round(time.Second)
	if asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			memcorpus.Report
			Shortfalls []string `json:"shortfalls"`
			Seconds    float64  `json:"seconds"`
		}{r, r.Shortfalls(), took.Seconds()})
	}
	fmt.Print(r)
	fmt.Printf("\npipeline: %s (%d sessions, %d rounds)\n", took, r.Sessions, r.Rounds)
	if s := r.Shortfalls(); len(s) > 0 {
		fmt.Println("goals missed:")
		for _, x := range s {
			fmt.Println("  -", x)
		}
	} else {
		fmt.Println("goals met")
	}
	return nil
}

// removeAll removes dir although the checkout in it is read-only.
func removeAll(dir string) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(p, 0o700)
		}
		return nil
	})
	os.RemoveAll(dir)
}
