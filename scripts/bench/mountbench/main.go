// Command mountbench measures the read-only FUSE mount against its peers in
// one run, on one generated tree (default 50 areas × 200 pages, about
// 40 MB):
//
//   - warm grep -r through the mount vs the same tree on the native
//     filesystem (goal ≤ 1.5x);
//   - cold read of every file right after mounting vs git cat-file --batch
//     over the same blobs, the median of the runs' ratios, each taken in
//     one run (goal ≤ 1.5x);
//   - resident memory of the mount process while serving the tree (goal
//     ≤ 60 MB);
//   - publish-to-visible latency, for a publication made in the mount's
//     own process (goal ≤ 100 ms) and by another process (goal ≤ 1 s).
//
// It needs FUSE and a built memfs binary (-memfs); scripts/bench/mount.sh
// builds one and runs it. It is a main package so that go test ./... never
// runs it.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/memfuse"
	"github.com/memfs/memfs/scripts/bench/internal/stats"
	"github.com/memfs/memfs/validate"
)

var (
	memfsBin  = flag.String("memfs", "", "memfs binary to run the mount with (required)")
	workDir   = flag.String("dir", "", "work directory (default: a temporary one, removed afterwards)")
	areas     = flag.Int("areas", 50, "areas in the generated tree")
	pages     = flag.Int("pages", 200, "pages per area")
	pageBytes = flag.Int("page-bytes", 4000, "approximate bytes per page")
	runs      = flag.Int("runs", 5, "repetitions of each timed measurement (the median is reported)")
	prefetch  = flag.Bool("prefetch", true, "let the mount prefetch blobs after mounting")
)

// limits let the store take the benchmark tree.
var limits = validate.Limits{MaxFiles: 20000, MaxFileBytes: 262144, MaxTotalBytes: 1 << 30}

type row struct {
	name, memfs, peer, ratio, goal, verdict string
}

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mountbench:", err)
		os.Exit(1)
	}
}

func run() error {
	if *memfsBin == "" {
		return errors.New("-memfs is required")
	}
	dir := *workDir
	if dir == "" {
		d, err := os.MkdirTemp("", "mountbench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	b, err := setup(dir)
	if err != nil {
		return err
	}
	dropped := dropCaches()
	cold, mount, mountTook, err := b.coldRead()
	if err != nil {
		return err
	}
	defer mount.stop()
	grep, err := b.warmGrep()
	if err != nil {
		return err
	}
	rows := []row{cold, grep, rssRow(mount.memory())}
	other, err := b.otherProcessVisible()
	if err != nil {
		return err
	}
	rows = append(rows, other)
	if err := mount.stop(); err != nil {
		return err
	}
	// Publish-to-visible in the mount's own process: a store and a mount in
	// this process, the publication through the same store.
	inproc, err := inProcessLatency(context.Background(), b.store, b.native, b.mnt)
	if err != nil {
		return err
	}
	rows = append(rows, row{name: "publish → visible, same process", memfs: fmtDur(inproc),
		peer: "-", ratio: "-", goal: "≤ 100 ms", verdict: verdict(inproc <= 100*time.Millisecond)})

	fmt.Printf("\nmemfs mount benchmark: %d files, %.1f MB, median of %d runs\n", b.nfiles, float64(b.nbytes)/1e6, *runs)
	if dropped {
		fmt.Println("OS page cache dropped before each cold read")
	} else {
		fmt.Println("note: cannot drop the OS page cache (/proc/sys/vm/drop_caches not writable here): " +
			"\"cold\" means a fresh mount (cold kernel inode, dentry and page caches of the mount, cold memfs blob cache) " +
			"while the store's pack files sit in the OS page cache, the same for git cat-file")
	}
	fmt.Printf("mount ready %v after start; load average %s at the end\n\n", mountTook.Round(time.Millisecond), loadAvg())
	printTable(rows)
	return nil
}

// bench is the benchmark's work directory: a home whose store holds the
// generated native tree, and the mount point.
type bench struct {
	home, native, mnt, store string
	nbytes                   int64
	nfiles                   int
}

// setup generates the tree in dir and publishes it into a new store.
func setup(dir string) (*bench, error) {
	b := &bench{home: filepath.Join(dir, "home"), native: filepath.Join(dir, "native"), mnt: filepath.Join(dir, "mnt")}
	b.store = filepath.Join(b.home, "store.git")
	for _, d := range []string{b.home, b.mnt} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	logf("generating %d × %d pages in %s", *areas, *pages, b.native)
	var err error
	if b.nbytes, b.nfiles, err = generate(b.native); err != nil {
		return nil, err
	}
	logf("%d files, %.1f MB", b.nfiles, float64(b.nbytes)/1e6)
	if out, err := b.memfs("init").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("init: %v: %s", err, out)
	}
	start := time.Now()
	if out, err := b.memfs("publish", b.native).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("publish: %v: %s", err, out)
	}
	logf("first publish of the whole tree: %v", time.Since(start))
	return b, nil
}

// memfs is a memfs command on the bench's home.
func (b *bench) memfs(args ...string) *exec.Cmd {
	base := []string{"--home", b.home, "--scope", "default", "--max-files", "20000", "--max-total-bytes", strconv.Itoa(1 << 30)}
	return exec.Command(*memfsBin, append(base, args...)...)
}

// coldRead times a cold read right after mounting against git cat-file
// over the same blobs, each with the OS page cache dropped first when
// permitted; a fresh mount for every run, and which side goes first
// alternates, so that neither always meets a machine just warmed (or
// loaded) by the other. The figure is the median of the runs' ratios. The
// last mount is left serving.
func (b *bench) coldRead() (row, *mountProc, time.Duration, error) {
	mountArgs := []string{"--json", "mount", b.mnt}
	if !*prefetch {
		mountArgs = append(mountArgs, "--prefetch=false")
	}
	var colds, catFiles, readies []time.Duration
	var ratios []float64
	var mount *mountProc
	loadBefore := loadAvg()
	catFile := func() (time.Duration, error) {
		dropCaches()
		return catFileAll(b.store)
	}
	for i := range *runs {
		var cat time.Duration
		var err error
		if i%2 == 1 {
			if cat, err = catFile(); err != nil {
				return row{}, nil, 0, err
			}
		}
		dropCaches()
		start := time.Now()
		if mount, err = startMount(b.memfs(mountArgs...)); err != nil {
			return row{}, nil, 0, err
		}
		readies = append(readies, time.Since(start))
		start = time.Now()
		if _, err := readAll(b.mnt); err != nil {
			mount.stop()
			return row{}, nil, 0, err
		}
		cold := time.Since(start)
		if i < *runs-1 {
			if err := mount.stop(); err != nil {
				return row{}, nil, 0, err
			}
		}
		if i%2 == 0 {
			if cat, err = catFile(); err != nil {
				mount.stop()
				return row{}, nil, 0, err
			}
		}
		colds, catFiles = append(colds, cold), append(catFiles, cat)
		ratios = append(ratios, float64(cold)/float64(cat))
	}
	logf("mount ready %v; cold reads %v; cat-file %v; ratios %.2f; load %s → %s", readies, colds, catFiles, ratios, loadBefore, loadAvg())
	slices.Sort(ratios)
	median := ratios[len(ratios)/2]
	return row{name: "cold read, every file", memfs: fmtDur(stats.Median(colds)),
		peer:  fmtDur(stats.Median(catFiles)) + " (git cat-file --batch)",
		ratio: fmt.Sprintf("%.2fx (%.2f–%.2f)", median, ratios[0], ratios[len(ratios)-1]),
		goal:  "≤ 1.5x", verdict: verdict(median <= 1.5)}, mount, stats.Median(readies), nil
}

// warmGrep times grep -r through the mount against the native tree.
func (b *bench) warmGrep() (row, error) {
	grep := func(root string) (time.Duration, error) {
		var times []time.Duration
		for range *runs + 1 {
			start := time.Now()
			err := exec.Command("grep", "-r", "-c", "zq-no-such-word", root).Run()
			var ee *exec.ExitError
			if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
				return 0, fmt.Errorf("grep %s: %w", root, err)
			}
			times = append(times, time.Since(start))
		}
		return stats.Median(times[1:]), nil
	}
	gm, err := grep(b.mnt)
	if err != nil {
		return row{}, err
	}
	gn, err := grep(b.native)
	if err != nil {
		return row{}, err
	}
	return ratioRow("warm grep -r", gm, gn, "native filesystem", 1.5), nil
}

// rssRow reports the serving mount's memory.
func rssRow(mem map[string]int64) row {
	return row{name: "mount RSS while serving", memfs: fmt.Sprintf("%.1f MB", float64(mem["VmRSS"])/1e6),
		peer:  fmt.Sprintf("peak %.1f, anon %.1f, file %.1f MB", float64(mem["VmHWM"])/1e6, float64(mem["RssAnon"])/1e6, float64(mem["RssFile"])/1e6),
		ratio: "-", goal: "≤ 60 MB", verdict: verdict(float64(mem["VmRSS"]) <= 60e6)}
}

// otherProcessVisible times publish-to-visible from another process: memfs
// publish as a subprocess while the subprocess mount serves.
func (b *bench) otherProcessVisible() (row, error) {
	var other, publishTimes []time.Duration
	for i := range *runs {
		p := filepath.Join("pages", "area07", fmt.Sprintf("p%03d.md", i))
		want := page(fmt.Sprintf("changed by another process, run %d", i), 300, rand.New(rand.NewPCG(9, uint64(i))))
		if err := os.WriteFile(filepath.Join(b.native, p), []byte(want), 0o644); err != nil {
			return row{}, err
		}
		start := time.Now()
		if out, err := b.memfs("publish", b.native).CombinedOutput(); err != nil {
			return row{}, fmt.Errorf("publish: %v: %s", err, out)
		}
		published := time.Now()
		publishTimes = append(publishTimes, published.Sub(start))
		if err := waitContent(filepath.Join(b.mnt, p), want); err != nil {
			return row{}, err
		}
		other = append(other, time.Since(published))
	}
	return row{name: "publish → visible, other process", memfs: fmtDur(stats.Median(other)),
		peer: "publish " + fmtDur(stats.Median(publishTimes)), ratio: "-", goal: "≤ 1 s", verdict: verdict(stats.Median(other) <= time.Second)}, nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "mountbench: "+format+"\n", args...)
}

// words is the vocabulary of generated pages.
var words = strings.Fields(`memory agent session project decision preference build test deploy
config database schema cache index page area source review approve reject dream summary
context transcript checkpoint evidence redact forget marker revision scope branch commit tree
blob mount kernel inode latency throughput benchmark golang rust python linux fuse git
user assistant tool result error retry backoff timeout queue worker lock mutex channel`)

// page renders a page of about n bytes.
func page(title string, n int, r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("# " + title + "\n\n")
	col := 0
	for b.Len() < n {
		w := words[r.IntN(len(words))]
		b.WriteString(w)
		col += len(w) + 1
		if col > 72 {
			b.WriteString("\n")
			col = 0
		} else {
			b.WriteString(" ")
		}
	}
	b.WriteString("\n\n## Sources\n\n- session:bench-1\n")
	return b.String()
}

// generate writes the benchmark tree and returns its bytes and files.
func generate(dir string) (int64, int, error) {
	r := rand.New(rand.NewPCG(1, 2))
	var total int64
	n := 0
	write := func(p, content string) error {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		total += int64(len(content))
		n++
		return os.WriteFile(full, []byte(content), 0o644)
	}
	var index strings.Builder
	index.WriteString("# Memory index\n\n")
	for a := range *areas {
		area := fmt.Sprintf("area%02d", a)
		var ai strings.Builder
		ai.WriteString("# " + area + "\n\n")
		for p := range *pages {
			name := fmt.Sprintf("p%03d.md", p)
			if err := write(filepath.Join("pages", area, name), page(area+" "+name, *pageBytes, r)); err != nil {
				return 0, 0, err
			}
			fmt.Fprintf(&ai, "- [%s](%s)\n", name, name)
		}
		if err := write(filepath.Join("pages", area, "index.md"), ai.String()); err != nil {
			return 0, 0, err
		}
		fmt.Fprintf(&index, "- [%s](pages/%s/index.md)\n", area, area)
	}
	if err := write("index.md", index.String()); err != nil {
		return 0, 0, err
	}
	if err := write("summary.md", "Benchmark memory.\n"); err != nil {
		return 0, 0, err
	}
	return total, n, nil
}

// loadAvg returns the 1-minute load average, as uptime shows it.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// dropCaches drops the OS page cache when permitted.
func dropCaches() bool {
	exec.Command("sync").Run()
	return os.WriteFile("/proc/sys/vm/drop_caches", []byte("3\n"), 0o644) == nil
}

// readAll reads every file below root, in walk order.
func readAll(root string) (int64, error) {
	var total int64
	buf := make([]byte, 256<<10)
	err := filepath.WalkDir(root, func(p string, d iofs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		for {
			n, err := f.Read(buf)
			total += int64(n)
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
		}
	})
	return total, err
}

// catFileAll times git cat-file --batch over every blob of the default
// scope's head.
func catFileAll(store string) (time.Duration, error) {
	out, err := exec.Command("git", "--git-dir", store, "ls-tree", "-r", "--object-only", "refs/heads/default").Output()
	if err != nil {
		return 0, fmt.Errorf("git ls-tree: %w", err)
	}
	cmd := exec.Command("git", "--git-dir", store, "cat-file", "--batch")
	cmd.Stdin = strings.NewReader(string(out))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	if _, err := io.Copy(io.Discard, stdout); err != nil {
		return 0, err
	}
	if err := cmd.Wait(); err != nil {
		return 0, fmt.Errorf("git cat-file: %w", err)
	}
	return time.Since(start), nil
}

// mountProc is the mount subprocess.
type mountProc struct {
	cmd     *exec.Cmd
	dir     string
	stopped bool
}

func startMount(cmd *exec.Cmd) (*mountProc, error) {
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var ready struct {
		OK         bool   `json:"ok"`
		Mountpoint string `json:"mountpoint"`
	}
	r := bufio.NewReader(stdout)
	if err := json.NewDecoder(r).Decode(&ready); err != nil || !ready.OK {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("memfs mount did not become ready: %v", err)
	}
	go io.Copy(io.Discard, r)
	return &mountProc{cmd: cmd, dir: ready.Mountpoint}, nil
}

// memory returns the memory figures of /proc/<pid>/status, in bytes.
func (m *mountProc) memory() map[string]int64 {
	out := map[string]int64{}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", m.cmd.Process.Pid))
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[2] == "kB" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			out[strings.TrimSuffix(f[0], ":")] = kb << 10
		}
	}
	return out
}

func (m *mountProc) stop() error {
	if m.stopped {
		return nil
	}
	m.stopped = true
	m.cmd.Process.Signal(os.Interrupt)
	if err := m.cmd.Wait(); err != nil {
		return fmt.Errorf("memfs mount: %w", err)
	}
	return nil
}

// waitContent polls a file until it holds want.
func waitContent(p, want string) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		if b, err := os.ReadFile(p); err == nil && string(b) == want {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not change within 30 s", p)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// inProcessLatency mounts in this process and publishes through the same
// store, timing from the end of each publish to the change being visible
// (the watcher notices the moved ref; nothing calls Refresh).
func inProcessLatency(ctx context.Context, storePath, native, mnt string) (time.Duration, error) {
	s, err := gitstore.Open(ctx, gitstore.Options{Path: storePath, CacheDir: filepath.Join(filepath.Dir(storePath), "cache"),
		Limits: limits, BlobCacheBytes: memfuse.DefaultBlobCacheBytes})
	if err != nil {
		return 0, err
	}
	defer s.Close()
	m, err := memfuse.New(ctx, mnt, memfuse.Options{Store: s, Scope: "default"})
	if err != nil {
		return 0, err
	}
	defer m.Unmount()
	if _, err := readAll(mnt); err != nil {
		return 0, err
	}
	var times []time.Duration
	for i := range *runs {
		p := filepath.Join("pages", "area03", fmt.Sprintf("p%03d.md", i))
		want := page(fmt.Sprintf("changed in process, run %d", i), 300, rand.New(rand.NewPCG(7, uint64(i))))
		if err := os.WriteFile(filepath.Join(native, p), []byte(want), 0o644); err != nil {
			return 0, err
		}
		if _, err := s.Publish(ctx, native, gitstore.PublishOptions{Scope: "default"}); err != nil {
			return 0, err
		}
		start := time.Now()
		if err := waitContent(filepath.Join(mnt, p), want); err != nil {
			return 0, err
		}
		times = append(times, time.Since(start))
	}
	return stats.Median(times), nil
}

func fmtDur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%d µs", d.Microseconds())
}

func ratioRow(name string, memfs, peer time.Duration, peerName string, goal float64) row {
	r := float64(memfs) / float64(peer)
	return row{name: name, memfs: fmtDur(memfs), peer: fmtDur(peer) + " (" + peerName + ")",
		ratio: fmt.Sprintf("%.2fx", r), goal: fmt.Sprintf("≤ %.1fx", goal), verdict: verdict(r <= goal)}
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}

func printTable(rows []row) {
	head := row{"measurement", "memfs", "peer", "ratio", "goal", "result"}
	all := append([]row{head}, rows...)
	width := make([]int, 6)
	cells := func(r row) []string { return []string{r.name, r.memfs, r.peer, r.ratio, r.goal, r.verdict} }
	for _, r := range all {
		for i, c := range cells(r) {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for i, r := range all {
		var b strings.Builder
		for j, c := range cells(r) {
			b.WriteString("| " + c + strings.Repeat(" ", width[j]-len([]rune(c))) + " ")
		}
		fmt.Println(b.String() + "|")
		if i == 0 {
			var sep strings.Builder
			for _, w := range width {
				sep.WriteString("|" + strings.Repeat("-", w+2))
			}
			fmt.Println(sep.String() + "|")
		}
	}
}
