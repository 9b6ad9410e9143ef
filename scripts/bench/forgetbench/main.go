// Command forgetbench measures forgetting one literal from a long history
// (issues 6 and 16): `memfs forget preview` + `apply` (rewrite, purge,
// verification included) against `git filter-repo --replace-text` followed
// by `git reflog expire --expire=now --all && git gc --prune=now` on an
// identical copy of the same repository, in the same run, alternating
// which goes first, and prints the ratios with their spread and each
// side's peak RSS (goals: ≤ 0.5 together, ≤ 0.35 apply alone).
//
// The same history is built three ways (-kinds): "publish" (memfs
// publications: one delta-free pack or loose objects each), "fast-import"
// (one `git fast-import` pack) and "repack" (that, then `git repack -ad`:
// deltas throughout, as a store that stock git has gc'ed).
//
// Usage: go run ./scripts/bench/forgetbench -memfs BIN [-kinds publish,fast-import,repack] [-commits 300] [-areas 20] [-pages 20] [-runs 5]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/scripts/bench/internal/stats"
	"github.com/memfs/memfs/validate"
)

const literal = "555-010-4242"

func main() {
	bin := flag.String("memfs", "", "the memfs binary to measure")
	kinds := flag.String("kinds", "publish,fast-import,repack", "history kinds, comma-separated")
	commits := flag.Int("commits", 300, "commits in the history")
	areas := flag.Int("areas", 20, "areas")
	pages := flag.Int("pages", 20, "pages per area")
	runs := flag.Int("runs", 5, "measured runs of each side")
	keep := flag.String("keep", "", "build each history in `dir`/<kind>, or reuse it when it is there")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "forgetbench: -memfs BIN is required")
		os.Exit(2)
	}
	if _, err := exec.LookPath("git-filter-repo"); err != nil {
		fmt.Fprintln(os.Stderr, "forgetbench: git-filter-repo not found (apt-get install git-filter-repo)")
		os.Exit(1)
	}
	if out, err := exec.Command("uptime").Output(); err == nil {
		fmt.Printf("load before: %s", out)
	}
	for _, kind := range strings.Split(*kinds, ",") {
		if err := run(*bin, kind, *keep, *commits, *areas, *pages, *runs); err != nil {
			fmt.Fprintln(os.Stderr, "forgetbench:", err)
			os.Exit(1)
		}
	}
	if out, err := exec.Command("uptime").Output(); err == nil {
		fmt.Printf("load after: %s", out)
	}
}

// result is one measured command: its wall time and peak RSS.
type result struct {
	d   time.Duration
	rss int64 // KiB
}

func run(bin, kind, keep string, commits, areas, pages, runs int) error {
	work, err := os.MkdirTemp("", "memfs-forgetbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	home := filepath.Join(work, "home")
	if keep != "" {
		home = filepath.Join(keep, kind)
	}
	t0 := time.Now()
	if _, err := os.Stat(filepath.Join(home, "store.git")); err != nil {
		if err := buildHistory(home, filepath.Join(work, "artifact"), kind, commits, areas, pages); err != nil {
			return err
		}
	}
	n, _ := exec.Command("git", "-C", filepath.Join(home, "store.git"), "count-objects", "-v").Output()
	fmt.Printf("\n== %s: %d commits of a %d-page wiki built in %v (%s)\n", kind, commits, areas*pages, time.Since(t0).Round(time.Millisecond),
		strings.Join(strings.Fields(strings.ReplaceAll(string(n), ":", "")), " "))
	expr := filepath.Join(work, "expressions.txt")
	if err := os.WriteFile(expr, []byte(literal+"\n"), 0o600); err != nil {
		return err
	}
	var mem, memApply, fr []result
	var ratios, applyRatios []float64
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
		var m, a, g result
		measureMem := func() (err error) {
			m, a, err = memfsForget(bin, mhome)
			return err
		}
		measureGit := func() (err error) {
			g, err = filterRepo(grepo, expr)
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
		mem, memApply, fr = append(mem, m), append(memApply, a), append(fr, g)
		ratios = append(ratios, float64(m.d)/float64(g.d))
		applyRatios = append(applyRatios, float64(a.d)/float64(g.d))
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
	fmt.Printf("memfs forget preview+apply: median %v, peak RSS %s: %v\n", median(mem), maxRSS(mem), durations(mem))
	fmt.Printf("  apply alone: median %v, peak RSS %s: %v\n", median(memApply), maxRSS(memApply), durations(memApply))
	fmt.Printf("git filter-repo + reflog expire + gc --prune=now: median %v, peak RSS %s: %v\n", median(fr), maxRSS(fr), durations(fr))
	fmt.Printf("ratio memfs/filter-repo (each run's own): median %.2f (%.2f–%.2f); apply alone %.2f (%.2f–%.2f); goals ≤ 0.5, ≤ 0.35\n",
		medianF(ratios), slices.Min(ratios), slices.Max(ratios), medianF(applyRatios), slices.Min(applyRatios), slices.Max(applyRatios))
	return nil
}

func median(rs []result) time.Duration {
	ds := make([]time.Duration, len(rs))
	for i, r := range rs {
		ds[i] = r.d
	}
	return stats.Median(ds).Round(time.Millisecond)
}

func medianF(fs []float64) float64 {
	s := slices.Clone(fs)
	slices.Sort(s)
	return s[len(s)/2]
}

func maxRSS(rs []result) string {
	var m int64
	for _, r := range rs {
		m = max(m, r.rss)
	}
	return fmt.Sprintf("%.1f MB", float64(m)/1024)
}

func durations(rs []result) []time.Duration {
	out := make([]time.Duration, len(rs))
	for i, r := range rs {
		out[i] = r.d.Round(time.Millisecond)
	}
	return out
}

// buildHistory makes commits revisions of a wiki in a memfs home; each
// changes two pages, and revision commits/6 adds the literal to a page
// that keeps it from then on. kind says how the objects are written:
// memfs publications, or one git fast-import stream (then repacked with
// deltas for "repack").
func buildHistory(home, dir, kind string, commits, areas, pages int) error {
	ctx := context.Background()
	store := filepath.Join(home, "store.git")
	s, _, err := gitstore.Init(ctx, gitstore.Options{Path: store, CacheDir: filepath.Join(home, "cache"),
		Limits: validate.Limits{MaxFiles: 100000, MaxFileBytes: 262144, MaxTotalBytes: 1 << 30}})
	if err != nil {
		return err
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(7, 9))
	w := &benchWiki{dir: dir, changed: map[string]bool{}}
	paths, err := w.seed(areas, pages)
	if err != nil {
		return err
	}
	var stream bytes.Buffer // the fast-import stream
	secretPage := paths[len(paths)/2]
	for i := 1; i <= commits; i++ {
		if err := w.revise(rng, paths, i); err != nil {
			return err
		}
		if i == commits/6 {
			full := filepath.Join(dir, filepath.FromSlash(secretPage))
			b, _ := os.ReadFile(full)
			b = bytes.Replace(b, []byte("\n## Sources"), []byte("- Call the owner at "+literal+".\n\n## Sources"), 1)
			if err := w.write(secretPage, string(b)); err != nil {
				return err
			}
		}
		msg := fmt.Sprintf("revision %d", i)
		if kind == "publish" {
			if _, err := s.Publish(ctx, dir, gitstore.PublishOptions{Scope: "default", Message: msg, NoRequireSources: true}); err != nil {
				return fmt.Errorf("publish %d: %w", i, err)
			}
		} else if err := w.streamCommit(&stream, i, msg); err != nil {
			return err
		}
		clear(w.changed)
	}
	if kind == "publish" {
		return nil
	}
	return importStream(store, &stream, kind)
}

// benchWiki is the wiki directory buildHistory writes, and the pages
// changed since the last revision.
type benchWiki struct {
	dir     string
	changed map[string]bool
}

// write sets the content of page p and marks it changed.
func (w *benchWiki) write(p, content string) error {
	w.changed[p] = true
	full := filepath.Join(w.dir, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	return os.WriteFile(full, []byte(content), 0o644)
}

// seed writes the first revision: areas areas of pages pages each, every
// area with its index, the wiki's index and its summary. It returns the
// pages' paths.
func (w *benchWiki) seed(areas, pages int) ([]string, error) {
	var paths []string
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
			if err := w.write(path, body); err != nil {
				return nil, err
			}
		}
		if err := w.write("pages/"+area+"/index.md", ai); err != nil {
			return nil, err
		}
	}
	if err := w.write("index.md", index); err != nil {
		return nil, err
	}
	if err := w.write("summary.md", "# Summary\n\nA benchmark wiki.\n"); err != nil {
		return nil, err
	}
	return paths, nil
}

// revise makes revision i's ordinary change: a line added to two pages
// drawn from paths.
func (w *benchWiki) revise(rng *rand.Rand, paths []string, i int) error {
	for range 2 {
		p := paths[rng.IntN(len(paths))]
		full := filepath.Join(w.dir, filepath.FromSlash(p))
		b, err := os.ReadFile(full)
		if err != nil {
			return err
		}
		b = bytes.Replace(b, []byte("\n## Sources"), []byte(fmt.Sprintf("- update %d\n\n## Sources", i)), 1)
		if err := w.write(p, string(b)); err != nil {
			return err
		}
	}
	return nil
}

// streamCommit adds revision i to a fast-import stream: a memfs artifact
// commit with message msg holding the pages changed since the last one.
func (w *benchWiki) streamCommit(stream *bytes.Buffer, i int, msg string) error {
	msg += "\n\nMemfs-Artifact: 1\n"
	fmt.Fprintf(stream, "commit refs/heads/default\ncommitter bench <bench@localhost> %d +0000\ndata %d\n%s\n", 1700000000+i*60, len(msg), msg)
	for _, p := range slices.Sorted(maps.Keys(w.changed)) {
		b, err := os.ReadFile(filepath.Join(w.dir, filepath.FromSlash(p)))
		if err != nil {
			return err
		}
		fmt.Fprintf(stream, "M 100644 inline %s\ndata %d\n%s\n", p, len(b), b)
	}
	return nil
}

// importStream writes a fast-import stream into the store and, for kind
// "repack", repacks it with deltas.
func importStream(store string, stream *bytes.Buffer, kind string) error {
	cmd := exec.Command("git", "-C", store, "fast-import", "--quiet")
	cmd.Stdin = stream
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git fast-import: %v\n%s", err, out)
	}
	switch kind {
	case "fast-import":
	case "repack":
		if err := sh("git", "-C", store, "repack", "-adq"); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown history kind %q", kind)
	}
	return nil
}

// command runs a command and returns its wall time and peak RSS.
func command(name string, args ...string) (result, []byte, error) {
	start := time.Now()
	cmd := exec.Command(name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	r := result{d: time.Since(start)}
	if cmd.ProcessState == nil {
		return r, nil, err
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rss = ru.Maxrss
	}
	if err != nil {
		return r, out.Bytes(), fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.Bytes())
	}
	return r, out.Bytes(), nil
}

func memfsForget(bin, home string) (total, apply result, err error) {
	p, out, err := command(bin, "--home", home, "--json", "forget", "preview", "--target", "text:"+literal)
	if err != nil {
		return result{}, result{}, err
	}
	var token string
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), `"forget_scope": "`); ok {
			token = strings.TrimSuffix(v, `",`)
		}
	}
	if token == "" {
		return result{}, result{}, fmt.Errorf("memfs forget preview printed no token")
	}
	a, _, err := command(bin, "--home", home, "forget", "apply", "--token", token, "--target", "text:"+literal)
	if err != nil {
		return result{}, result{}, err
	}
	return result{d: p.d + a.d, rss: max(p.rss, a.rss)}, a, nil
}

// filterRepo runs filter-repo, reflog expire and gc; the peak RSS is the
// largest of the three commands' (each counts the children it waited for).
func filterRepo(repo, expr string) (result, error) {
	var total result
	steps := [][]string{
		{"git", "-C", repo, "filter-repo", "--force", "--quiet", "--replace-text", expr},
		{"git", "-C", repo, "reflog", "expire", "--expire=now", "--all"},
		{"git", "-C", repo, "gc", "--prune=now", "--quiet"},
	}
	for _, s := range steps {
		r, _, err := command(s[0], s[1:]...)
		if err != nil {
			return result{}, err
		}
		total.d += r.d
		total.rss = max(total.rss, r.rss)
	}
	return total, nil
}

func sh(name string, args ...string) error {
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}
