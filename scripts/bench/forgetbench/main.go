// Command forgetbench measures forgetting one literal from a long history
// (issue 6): `memfs forget preview` + `apply` (rewrite, purge, verification
// included) against `git filter-repo --replace-text` followed by
// `git reflog expire --expire=now --all && git gc --prune=now` on an
// identical copy of the same repository, in the same run, and prints the
// ratio (goal ≤ 0.5).
//
// Usage: go run ./scripts/bench/forgetbench -memfs BIN [-commits 300] [-areas 20] [-pages 20] [-runs 5]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/scripts/bench/internal/stats"
	"github.com/memfs/memfs/validate"
)

const literal = "555-010-4242"

func main() {
	bin := flag.String("memfs", "", "the memfs binary to measure")
	commits := flag.Int("commits", 300, "commits in the history")
	areas := flag.Int("areas", 20, "areas")
	pages := flag.Int("pages", 20, "pages per area")
	runs := flag.Int("runs", 5, "measured runs of each side")
	keep := flag.String("history", "", "build the history in this `dir`, or reuse it when it is there")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "forgetbench: -memfs BIN is required")
		os.Exit(2)
	}
	if err := run(*bin, *keep, *commits, *areas, *pages, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "forgetbench:", err)
		os.Exit(1)
	}
}

func run(bin, keep string, commits, areas, pages, runs int) error {
	if _, err := exec.LookPath("git-filter-repo"); err != nil {
		return fmt.Errorf("git-filter-repo not found (apt-get install git-filter-repo): %w", err)
	}
	work, err := os.MkdirTemp("", "memfs-forgetbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	home := filepath.Join(work, "home")
	if keep != "" {
		home = keep
	}
	if _, err := os.Stat(filepath.Join(home, "store.git")); err != nil {
		t0 := time.Now()
		if err := buildHistory(home, filepath.Join(work, "artifact"), commits, areas, pages); err != nil {
			return err
		}
		fmt.Printf("history: %d commits of a %d-page wiki built in %v\n", commits, areas*pages, time.Since(t0).Round(time.Millisecond))
	} else {
		fmt.Printf("history: reusing %s\n", home)
	}
	expr := filepath.Join(work, "expressions.txt")
	if err := os.WriteFile(expr, []byte(literal+"\n"), 0o600); err != nil {
		return err
	}
	var mem, memApply, fr []time.Duration
	for i := range runs {
		mhome := filepath.Join(work, fmt.Sprintf("m%d", i))
		grepo := filepath.Join(work, fmt.Sprintf("g%d.git", i))
		if err := sh("cp", "-a", home, mhome); err != nil {
			return err
		}
		if err := sh("cp", "-a", filepath.Join(home, "store.git"), grepo); err != nil {
			return err
		}
		sh("sync")
		measureMem := func() error {
			total, apply, err := memfsForget(bin, mhome)
			mem, memApply = append(mem, total), append(memApply, apply)
			return err
		}
		measureGit := func() error {
			d, err := filterRepo(grepo, expr)
			fr = append(fr, d)
			return err
		}
		first, second := measureMem, measureGit
		if i%2 == 1 {
			first, second = second, first
		}
		if err := first(); err != nil {
			return err
		}
		if err := second(); err != nil {
			return err
		}
		for _, repo := range []string{filepath.Join(mhome, "store.git"), grepo} {
			out, err := exec.Command("git", "-C", repo, "cat-file", "--batch-all-objects", "--batch").Output()
			if err != nil {
				return fmt.Errorf("scan %s: %w", repo, err)
			}
			if bytes.Contains(out, []byte(literal)) {
				return fmt.Errorf("%s still holds the literal", repo)
			}
		}
		os.RemoveAll(mhome)
		os.RemoveAll(grepo)
	}
	m, a, g := stats.Median(mem), stats.Median(memApply), stats.Median(fr)
	fmt.Printf("memfs forget preview+apply: median %v (apply alone %v) over %d runs: %v\n", m.Round(time.Millisecond), a.Round(time.Millisecond), runs, rounded(mem))
	fmt.Printf("git filter-repo + reflog expire + gc --prune=now: median %v: %v\n", g.Round(time.Millisecond), rounded(fr))
	fmt.Printf("ratio memfs/filter-repo: %.2f (apply alone %.2f; goal ≤ 0.5)\n", float64(m)/float64(g), float64(a)/float64(g))
	return nil
}

// buildHistory publishes commits revisions of a wiki into a memfs home;
// each changes two pages, and revision commits/6 adds the literal to a
// page that keeps it from then on.
func buildHistory(home, dir string, commits, areas, pages int) error {
	ctx := context.Background()
	s, _, err := gitstore.Init(ctx, gitstore.Options{Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache"),
		Limits: validate.Limits{MaxFiles: 100000, MaxFileBytes: 262144, MaxTotalBytes: 1 << 30}})
	if err != nil {
		return err
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(7, 9))
	var paths []string
	write := func(p, content string) error {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		return os.WriteFile(full, []byte(content), 0o644)
	}
	index := "# Index\n\n"
	for a := range areas {
		area := fmt.Sprintf("area%02d", a)
		index += fmt.Sprintf("- [%s](pages/%s/index.md)\n", area, area)
		ai := "# " + area + "\n\n"
		for p := range pages {
			slug := fmt.Sprintf("page%03d", p)
			ai += fmt.Sprintf("- [%s](%s.md)\n", slug, slug)
			path := fmt.Sprintf("pages/%s/%s.md", area, slug)
			paths = append(paths, path)
			body := fmt.Sprintf("# %s\n\n%s\n\n## Sources\n\n- session:s%d\n", slug, strings.Repeat(fmt.Sprintf("A fact about %s in %s. ", slug, area), 12), p)
			if err := write(path, body); err != nil {
				return err
			}
		}
		if err := write("pages/"+area+"/index.md", ai); err != nil {
			return err
		}
	}
	if err := write("index.md", index); err != nil {
		return err
	}
	if err := write("summary.md", "# Summary\n\nA benchmark wiki.\n"); err != nil {
		return err
	}
	secretPage := paths[len(paths)/2]
	for i := 1; i <= commits; i++ {
		for range 2 {
			p := paths[rng.IntN(len(paths))]
			full := filepath.Join(dir, filepath.FromSlash(p))
			b, err := os.ReadFile(full)
			if err != nil {
				return err
			}
			b = bytes.Replace(b, []byte("\n## Sources"), []byte(fmt.Sprintf("- update %d\n\n## Sources", i)), 1)
			if err := os.WriteFile(full, b, 0o644); err != nil {
				return err
			}
		}
		if i == commits/6 {
			full := filepath.Join(dir, filepath.FromSlash(secretPage))
			b, _ := os.ReadFile(full)
			b = bytes.Replace(b, []byte("\n## Sources"), []byte("- Call the owner at "+literal+".\n\n## Sources"), 1)
			if err := os.WriteFile(full, b, 0o644); err != nil {
				return err
			}
		}
		if _, err := s.Publish(ctx, dir, gitstore.PublishOptions{Scope: "default", Message: fmt.Sprintf("revision %d", i), NoRequireSources: true}); err != nil {
			return fmt.Errorf("publish %d: %w", i, err)
		}
	}
	return nil
}

func memfsForget(bin, home string) (total, apply time.Duration, err error) {
	start := time.Now()
	out, err := exec.Command(bin, "--home", home, "--json", "forget", "preview", "--target", "text:"+literal).Output()
	if err != nil {
		return 0, 0, fmt.Errorf("memfs forget preview: %w", err)
	}
	var token string
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), `"forget_scope": "`); ok {
			token = strings.TrimSuffix(v, `",`)
		}
	}
	if token == "" {
		return 0, 0, fmt.Errorf("memfs forget preview printed no token")
	}
	a := time.Now()
	if out, err := exec.Command(bin, "--home", home, "forget", "apply", "--token", token, "--target", "text:"+literal).CombinedOutput(); err != nil {
		return 0, 0, fmt.Errorf("memfs forget apply: %v\n%s", err, out)
	}
	return time.Since(start), time.Since(a), nil
}

func filterRepo(repo, expr string) (time.Duration, error) {
	start := time.Now()
	steps := [][]string{
		{"git", "-C", repo, "filter-repo", "--force", "--quiet", "--replace-text", expr},
		{"git", "-C", repo, "reflog", "expire", "--expire=now", "--all"},
		{"git", "-C", repo, "gc", "--prune=now", "--quiet"},
	}
	for _, s := range steps {
		if out, err := exec.Command(s[0], s[1:]...).CombinedOutput(); err != nil {
			return 0, fmt.Errorf("%s: %v\n%s", strings.Join(s, " "), err, out)
		}
	}
	return time.Since(start), nil
}

func sh(name string, args ...string) error {
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

func rounded(ds []time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d.Round(time.Millisecond)
	}
	return out
}
