// Command publishbench measures `memfs publish` of 10 changed pages out of
// 4,000 against stock `git add -A && git commit` on an equivalent worktree,
// in the same run, alternating which goes first, and prints the ratio of
// the medians (goal ≤ 0.9) and the load. With -runs N it repeats the whole
// run N times on fresh trees and prints the median ratio and its range.
//
// Usage: go run ./scripts/bench/publishbench [-memfs BIN] [-iterations 30] [-runs 1] [-areas 20] [-pages 200]
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/memfs/memfs/scripts/bench/internal/stats"
)

func main() {
	iterations := flag.Int("iterations", 30, "measured publications")
	areas := flag.Int("areas", 20, "areas in the tree")
	pages := flag.Int("pages", 200, "pages per area")
	changed := flag.Int("changed", 10, "pages changed per publication")
	memfsBin := flag.String("memfs", "", "the memfs binary to measure (default: build ./cmd/memfs)")
	runs := flag.Int("runs", 1, "whole runs, each on fresh trees")
	flag.Parse()
	if err := runAll(*memfsBin, *runs, *iterations, *areas, *pages, *changed); err != nil {
		fmt.Fprintln(os.Stderr, "publishbench:", err)
		os.Exit(1)
	}
}

func runAll(memfsBin string, runs, iterations, areas, pages, changed int) error {
	if memfsBin == "" {
		dir, err := os.MkdirTemp("", "memfs-publishbench-bin-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		memfsBin = filepath.Join(dir, "memfs")
		if out, err := exec.Command("go", "build", "-o", memfsBin, "./cmd/memfs").CombinedOutput(); err != nil {
			return fmt.Errorf("build memfs: %v\n%s", err, out)
		}
	}
	var ratios []float64
	for range max(runs, 1) {
		r, err := run(memfsBin, iterations, areas, pages, changed)
		if err != nil {
			return err
		}
		ratios = append(ratios, r)
	}
	if len(ratios) > 1 {
		slices.Sort(ratios)
		fmt.Printf("ratio median of %d runs %.2f (%.2f-%.2f)  (goal <= 0.9)\n",
			len(ratios), ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])
	}
	return nil
}

// run measures once on fresh trees and returns the ratio of the medians.
func run(bin string, iterations, areas, pages, changed int) (float64, error) {
	work, err := os.MkdirTemp("", "memfs-publishbench-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(work)
	home := filepath.Join(work, "home")
	memDir := filepath.Join(work, "artifact")
	gitDir := filepath.Join(work, "worktree")
	rng := rand.New(rand.NewPCG(1, 2))
	var paths []string
	for _, dir := range []string{memDir, gitDir} {
		paths, err = writeTree(dir, areas, pages)
		if err != nil {
			return 0, err
		}
	}
	limits := []string{"--home", home, "--max-files", "100000", "--max-total-bytes", "1073741824"}
	if err := cmd(work, bin, append(limits, "init")...); err != nil {
		return 0, err
	}
	if err := cmd(work, bin, append(limits, "publish", memDir, "-m", "initial")...); err != nil {
		return 0, err
	}
	gitEnv := []string{"GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@example.com",
		"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.com"}
	if err := cmdEnv(gitDir, gitEnv, "git", "init", "-q"); err != nil {
		return 0, err
	}
	if err := cmdEnv(gitDir, gitEnv, "sh", "-c", "git add -A && git commit -q -m initial"); err != nil {
		return 0, err
	}
	var memT, gitT []time.Duration
	for i := range iterations {
		for range changed {
			p := paths[rng.IntN(len(paths))]
			line := fmt.Sprintf("\nEdit %d at iteration %d.\n", rng.Int(), i)
			for _, dir := range []string{memDir, gitDir} {
				if err := appendFile(filepath.Join(dir, p), line); err != nil {
					return 0, err
				}
			}
		}
		order := []string{"memfs", "git"}
		if i%2 == 1 {
			order = []string{"git", "memfs"}
		}
		for _, who := range order {
			start := time.Now()
			if who == "memfs" {
				err = cmd(work, bin, append(limits, "publish", memDir, "-m", fmt.Sprintf("edit %d", i))...)
				memT = append(memT, time.Since(start))
			} else {
				err = cmdEnv(gitDir, gitEnv, "sh", "-c", fmt.Sprintf("git add -A && git commit -q -m 'edit %d'", i))
				gitT = append(gitT, time.Since(start))
			}
			if err != nil {
				return 0, err
			}
		}
	}
	m, g := stats.Median(memT), stats.Median(gitT)
	fmt.Printf("tree: %d files (%d areas x %d pages), %d pages changed per publication, %d iterations\n",
		len(paths)+areas+2, areas, pages, changed, iterations)
	fmt.Printf("memfs publish          median %8.2f ms\n", ms(m))
	fmt.Printf("git add -A && commit   median %8.2f ms\n", ms(g))
	ratio := float64(m) / float64(g)
	fmt.Printf("ratio memfs/git        %8.2f  (goal <= 0.9)\n", ratio)
	if out, err := exec.Command("uptime").Output(); err == nil {
		fmt.Printf("load: %s", out)
	}
	return ratio, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func writeTree(dir string, areas, pages int) ([]string, error) {
	var paths []string
	write := func(p, content string) error {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		return os.WriteFile(full, []byte(content), 0o644)
	}
	var index strings.Builder
	index.WriteString("# Memory index\n\n")
	for a := range areas {
		area := fmt.Sprintf("area-%02d", a)
		fmt.Fprintf(&index, "- [%s](pages/%s/index.md)\n", area, area)
		var ai strings.Builder
		fmt.Fprintf(&ai, "# %s\n\n", area)
		for p := range pages {
			slug := fmt.Sprintf("page-%03d", p)
			path := fmt.Sprintf("pages/%s/%s.md", area, slug)
			fmt.Fprintf(&ai, "- [%s](%s.md): notes on topic %d\n", slug, slug, p)
			body := fmt.Sprintf("# Topic %d of %s\n\n%s\n## Sources\n\n- session:bench-%d\n",
				p, area, strings.Repeat(fmt.Sprintf("A durable fact number %d about this topic, kept for later sessions.\n", p), 12), a)
			if err := write(path, body); err != nil {
				return nil, err
			}
			paths = append(paths, path)
		}
		if err := write(fmt.Sprintf("pages/%s/index.md", area), ai.String()); err != nil {
			return nil, err
		}
	}
	if err := write("index.md", index.String()); err != nil {
		return nil, err
	}
	return paths, write("summary.md", "# Summary\n\nBenchmark memory.\n")
}

func appendFile(p, s string) error {
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(s); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func cmd(dir, name string, args ...string) error { return cmdEnv(dir, nil, name, args...) }

func cmdEnv(dir string, env []string, name string, args ...string) error {
	c := exec.Command(name, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), env...)
	out, err := c.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}
