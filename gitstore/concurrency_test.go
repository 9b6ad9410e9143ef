package gitstore

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// TestMain lets the test binary double as a publisher process for the
// multi-process test.
func TestMain(m *testing.M) {
	if os.Getenv("MEMFS_TEST_PUBLISHER") == "1" {
		os.Exit(publisherMain())
	}
	os.Exit(m.Run())
}

// publisherMain publishes MEMFS_TEST_N versions of an artifact into the
// store at MEMFS_TEST_STORE and prints each commit id.
func publisherMain() int {
	ctx := context.Background()
	n, _ := strconv.Atoi(os.Getenv("MEMFS_TEST_N"))
	name := os.Getenv("MEMFS_TEST_NAME")
	home := os.Getenv("MEMFS_TEST_STORE")
	s, err := Open(ctx, Options{Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache-"+name)})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer s.Close()
	dir, err := os.MkdirTemp("", "memfs-pub-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	for i := range n {
		if err := writeVersion(dir, name, i); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		res, err := s.Publish(ctx, dir, PublishOptions{Scope: "default", Message: fmt.Sprintf("%s %d", name, i)})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println(res.Commit)
	}
	return 0
}

func writeVersion(dir, name string, i int) error {
	files := map[string]string{
		"summary.md":           "# Summary\n",
		"index.md":             "# Index\n",
		"pages/notes/index.md": "# Notes\n",
		"pages/notes/page.md":  fmt.Sprintf("# Page\n\n%s version %d\n\n## Sources\n\n- session:%s\n", name, i, name),
	}
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Ensure that several processes publishing at once produce one linear
// history holding every publication.
func TestPublish_ConcurrentProcesses(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	home := filepath.Dir(s.Path())
	const procs, perProc = 4, 8
	var wg sync.WaitGroup
	outs := make([]string, procs)
	errs := make([]error, procs)
	for p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "MEMFS_TEST_PUBLISHER=1", "MEMFS_TEST_STORE="+home,
				fmt.Sprintf("MEMFS_TEST_N=%d", perProc), fmt.Sprintf("MEMFS_TEST_NAME=p%d", p))
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				err = fmt.Errorf("%w: %s", err, stderr.String())
			}
			outs[p], errs[p] = string(out), err
		}()
	}
	wg.Wait()
	var published []string
	for p := range procs {
		if errs[p] != nil {
			t.Fatalf("publisher %d: %v", p, errs[p])
		}
		published = append(published, strings.Fields(outs[p])...)
	}
	if len(published) != procs*perProc {
		t.Fatalf("%d commits reported, want %d", len(published), procs*perProc)
	}
	assertLinearHistory(t, s, published)
}

// Ensure that goroutines sharing one Store, and goroutines with their own
// Store on the same repository, never lose an update.
func TestPublish_ConcurrentGoroutines(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	const workers, perWorker = 4, 5
	var (
		mu        sync.Mutex
		published []string
		wg        sync.WaitGroup
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			store := s
			if w%2 == 1 {
				own, err := Open(t.Context(), s.opts)
				if err != nil {
					t.Errorf("Open: %v", err)
					return
				}
				defer own.Close()
				store = own
			}
			dir := t.TempDir()
			for i := range perWorker {
				if err := writeVersion(dir, fmt.Sprintf("g%d", w), i); err != nil {
					t.Error(err)
					return
				}
				res, err := store.Publish(t.Context(), dir, PublishOptions{Scope: "default"})
				if err != nil {
					t.Errorf("worker %d: %v", w, err)
					return
				}
				mu.Lock()
				published = append(published, res.Commit.String())
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	assertLinearHistory(t, s, published)
}

// assertLinearHistory checks that the default scope's history is a single
// chain with exactly the published commits (plus nothing else).
func assertLinearHistory(t *testing.T, s *Store, published []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(gittest.Git(t, s.Path(), "rev-list", "--parents", "default")), "\n")
	var chain []string
	for i, line := range lines {
		f := strings.Fields(line)
		want := 2
		if i == len(lines)-1 {
			want = 1
		}
		if len(f) != want {
			t.Fatalf("commit %s has %d parents; history is not linear", f[0], len(f)-1)
		}
		if i > 0 && strings.Fields(lines[i-1])[1] != f[0] {
			t.Fatalf("rev-list order broken at %s", f[0])
		}
		chain = append(chain, f[0])
	}
	slices.Sort(chain)
	want := slices.Clone(published)
	slices.Sort(want)
	if !slices.Equal(chain, want) {
		t.Fatalf("history has %d commits, %d were published; lost or extra updates", len(chain), len(want))
	}
}
