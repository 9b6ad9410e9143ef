package memfuse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/memfs/memfs/gitstore"
)

func readString(t testing.TB, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Ensure that a publication by another process appears in the mount, all
// of it.
func TestLivePublishFromOtherProcess(t *testing.T) {
	s := newStore(t)
	publish(t, s, "default", artifact(1, 2, 3))
	m := mountT(t, Options{Store: s, Scope: "default"})
	summary := filepath.Join(m.Dir(), "summary.md")
	if got := readString(t, summary); got != "rev-1 summary\n" {
		t.Fatalf("summary.md = %q", got)
	}
	next := artifact(2, 2, 4)
	commit := publishElsewhere(t, s, "default", next)
	took := eventually(t, "publication of another process visible", func() bool {
		b, _ := os.ReadFile(summary)
		return string(b) == "rev-2 summary\n"
	})
	t.Logf("publish by another process visible after %v", took)
	if d := diffTreesText(next, readTree(t, m.Dir())); d != "" {
		t.Fatalf("mount differs from the new head:\n%s", d)
	}
	if m.Commit("default") != commit {
		t.Errorf("serving %s, want %s", m.Commit("default"), commit)
	}
}

// Ensure that a publication of this process appears without any call
// into the mount: the watcher notices it.
func TestLivePublishInProcess(t *testing.T) {
	s := newStore(t)
	publish(t, s, "default", artifact(1, 1, 1))
	m := mountT(t, Options{Store: s, Scope: "default"})
	summary := filepath.Join(m.Dir(), "summary.md")
	readString(t, summary)
	publish(t, s, "default", artifact(2, 1, 1))
	took := eventually(t, "in-process publication visible", func() bool {
		b, _ := os.ReadFile(summary)
		return string(b) == "rev-2 summary\n"
	})
	t.Logf("in-process publish visible after %v", took)
}

// Ensure that removed pages and areas disappear from lookups and listings.
func TestLiveRemovedPagesDisappear(t *testing.T) {
	s := newStore(t)
	publish(t, s, "default", artifact(1, 2, 5))
	m := mountT(t, Options{Store: s, Scope: "default"})
	readTree(t, m.Dir()) // fill the kernel's caches

	next := artifact(2, 1, 3) // area1 and pages p3, p4 go away
	publish(t, s, "default", next)
	if err := m.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"pages/area0/p3.md", "pages/area0/p4.md", "pages/area1", "pages/area1/p0.md"} {
		if _, err := os.Stat(filepath.Join(m.Dir(), p)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: got %v, want not found", p, err)
		}
	}
	ents, err := os.ReadDir(filepath.Join(m.Dir(), "pages/area0"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "index.md p0.md p1.md p2.md" {
		t.Errorf("pages/area0 lists %s", got)
	}
	if d := diffTreesText(next, readTree(t, m.Dir())); d != "" {
		t.Fatalf("mount differs from the new head:\n%s", d)
	}
}

// Ensure that a file opened before a swap keeps the content it was opened
// with, read or not, while its name shows the new content.
func TestLiveOpenFileKeepsContent(t *testing.T) {
	s := newStore(t)
	old := artifact(1, 1, 2)
	old["pages/area0/big.md"] = page("Big", strings.Repeat("rev-1 filler line\n", 10000))
	publish(t, s, "default", old)
	m := mountT(t, Options{Store: s, Scope: "default"})
	path := filepath.Join(m.Dir(), "pages/area0/p0.md")
	big := filepath.Join(m.Dir(), "pages/area0/big.md")

	unread, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer unread.Close()
	half, err := os.Open(big)
	if err != nil {
		t.Fatal(err)
	}
	defer half.Close()
	head := make([]byte, 1000)
	if _, err := io.ReadFull(half, head); err != nil {
		t.Fatal(err)
	}

	next := artifact(2, 1, 2)
	next["pages/area0/big.md"] = page("Big", strings.Repeat("rev-2 filler line\n", 10000))
	publish(t, s, "default", next)
	if err := m.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, path); got != next["pages/area0/p0.md"] {
		t.Fatalf("new open of p0.md = %q", got)
	}
	got, err := io.ReadAll(unread)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != old["pages/area0/p0.md"] {
		t.Errorf("file opened before the swap reads %q, want the old content", got)
	}
	rest, err := io.ReadAll(half)
	if err != nil {
		t.Fatal(err)
	}
	if string(head)+string(rest) != old["pages/area0/big.md"] {
		t.Errorf("file half read before the swap changed content after it")
	}
}

// Ensure that unchanged files keep their inode across a swap and changed
// files get a new one.
func TestLiveInodeNumbers(t *testing.T) {
	s := newStore(t)
	first := artifact(1, 2, 2)
	publish(t, s, "default", first)
	m := mountT(t, Options{Store: s, Scope: "default"})
	ino := func(p string) uint64 {
		var st syscall.Stat_t
		if err := syscall.Stat(filepath.Join(m.Dir(), p), &st); err != nil {
			t.Fatal(err)
		}
		return st.Ino
	}
	unchanged, changed, dir := ino("pages/area1/p1.md"), ino("pages/area0/p0.md"), ino("pages/area0")
	next := artifact(1, 2, 2)
	next["pages/area0/p0.md"] = page("Changed", "rev-2")
	publish(t, s, "default", next)
	if err := m.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := ino("pages/area1/p1.md"); got != unchanged {
		t.Errorf("unchanged file: inode %d, was %d", got, unchanged)
	}
	if got := ino("pages/area0/p0.md"); got == changed {
		t.Errorf("changed file kept inode %d", got)
	}
	if got := ino("pages/area0"); got != dir {
		t.Errorf("directory: inode %d, was %d", got, dir)
	}
	if got := ino("."); got != 1 {
		t.Errorf("root inode %d", got)
	}
}

// tornArtifact is revision rev of the torn-read test: every file repeats
// its revision many times, and area0's page names carry it too.
func tornArtifact(rev int) map[string]string {
	files := map[string]string{
		"summary.md": fmt.Sprintf("rev-%d\n", rev),
		"index.md":   fmt.Sprintf("rev-%d\n", rev),
	}
	body := func(name string) string {
		var b strings.Builder
		for i := range 150 {
			fmt.Fprintf(&b, "rev-%d %s line %d of a page long enough to span pages\n", rev, name, i)
		}
		return page(name, b.String())
	}
	for a := range 3 {
		area := fmt.Sprintf("pages/area%d", a)
		files[area+"/index.md"] = fmt.Sprintf("rev-%d\n", rev)
		for p := range 6 {
			name := fmt.Sprintf("p%d", p)
			if a == 0 {
				name = fmt.Sprintf("r%d-p%d", rev, p)
			}
			files[area+"/"+name+".md"] = body(name)
		}
	}
	return files
}

// Ensure that 100 swaps under 4 readers running grep -r in a loop never
// yield a torn read: every file read holds one revision only, a file named
// for a revision holds that revision, and no directory listing mixes two
// revisions.
func TestLiveNoTornReads(t *testing.T) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		t.Skip("grep not installed")
	}
	const swaps, readers = 100, 4
	s := newStore(t)
	publish(t, s, "default", tornArtifact(0))
	m := mountT(t, Options{Store: s, Scope: "default"})

	var done atomic.Bool
	var wg sync.WaitGroup
	var runs, grepErrors, listings atomic.Int64
	errs := make(chan string, 100)
	report := func(format string, args ...any) {
		select {
		case errs <- fmt.Sprintf(format, args...):
		default:
		}
	}
	for range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !done.Load() {
				var stdout, stderr bytes.Buffer
				cmd := exec.Command(grep, "-r", "-o", `rev-[0-9]*`, m.Dir())
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if err := cmd.Run(); err != nil && stderr.Len() == 0 {
					report("grep: %v", err)
					return
				}
				if stderr.Len() > 0 {
					grepErrors.Add(1)
					for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
						// A page of an older revision listed just before a
						// swap is gone when grep opens it: a live tree.
						if !strings.HasSuffix(line, "No such file or directory") {
							report("grep: %s", line)
						}
					}
				}
				checkGrep(stdout.String(), report)
				runs.Add(1)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		area := filepath.Join(m.Dir(), "pages/area0")
		for !done.Load() {
			ents, err := os.ReadDir(area)
			if err != nil {
				report("list area0: %v", err)
				return
			}
			revs := map[string]bool{}
			for _, e := range ents {
				if r, _, ok := strings.Cut(e.Name(), "-"); ok {
					revs[r] = true
				}
			}
			if len(revs) != 1 || len(ents) != 7 {
				report("listing of area0 mixes revisions: %d entries, revisions %v", len(ents), revs)
			}
			listings.Add(1)
		}
	}()

	for rev := 1; rev <= swaps; rev++ {
		publish(t, s, "default", tornArtifact(rev))
		if err := m.Refresh(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	done.Store(true)
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	t.Logf("%d swaps, %d grep runs (%d with vanished-file errors), %d listings", swaps, runs.Load(), grepErrors.Load(), listings.Load())
	if got := readString(t, filepath.Join(m.Dir(), "summary.md")); got != fmt.Sprintf("rev-%d\n", swaps) {
		t.Errorf("after the swaps summary.md = %q", got)
	}
	// No listing cached during the swaps may outlive them.
	want := fmt.Sprintf("r%d-p0.md", swaps)
	if names := listNames(t, filepath.Join(m.Dir(), "pages/area0")); !slices.Contains(names, want) {
		t.Errorf("after the swaps pages/area0 lists %v", names)
	}
	if d := diffTreesText(tornArtifact(swaps), readTree(t, m.Dir())); d != "" {
		t.Errorf("after the swaps the mount differs from the head:\n%s", d)
	}
}

// checkGrep checks grep -o output ("path:rev-N" per match): one revision
// per file, and the revision a file's name carries.
func checkGrep(out string, report func(string, ...any)) {
	seen := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		i := strings.LastIndex(line, ":")
		if i < 0 {
			continue
		}
		p, rev := line[:i], line[i+1:]
		if prev, ok := seen[p]; ok && prev != rev {
			report("torn read of %s: %s and %s", p, prev, rev)
		}
		seen[p] = rev
		base := filepath.Base(p)
		if strings.HasPrefix(base, "r") {
			if want, _, _ := strings.Cut(base, "-"); "rev-"+strings.TrimPrefix(want, "r") != rev {
				report("%s holds %s", p, rev)
			}
		}
	}
}

// Ensure that DropPageCache makes the next read of a file reach the
// server again, and that reads are otherwise served from the kernel's
// cache.
func TestDropPageCache(t *testing.T) {
	s := newStore(t)
	files := artifact(1, 1, 2)
	commit := publish(t, s, "default", files)
	m := mountT(t, Options{Store: s, Scope: "default"})
	p := filepath.Join(m.Dir(), "pages/area0/p1.md")
	readString(t, p)
	before := m.Reads()
	readString(t, p)
	if m.Reads() != before {
		t.Fatalf("a second read reached the server: %d reads, was %d", m.Reads(), before)
	}
	snap, err := s.Snapshot(t.Context(), commit)
	if err != nil {
		t.Fatal(err)
	}
	inos := m.Inodes([]gitstore.ID{snap.Lookup("pages/area0/p1.md").ID})
	if len(inos) != 1 {
		t.Fatalf("Inodes = %v", inos)
	}
	if err := m.DropPageCache(inos); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, p); got != files["pages/area0/p1.md"] {
		t.Fatalf("read after drop = %q", got)
	}
	if m.Reads() == before {
		t.Errorf("read after DropPageCache did not reach the server")
	}
}

// Ensure that unmounting a busy mount detaches it, leaving nothing
// mounted, while an open file stays readable.
func TestUnmountBusy(t *testing.T) {
	s := newStore(t)
	files := artifact(1, 1, 1)
	publish(t, s, "default", files)
	m := mountT(t, Options{Store: s, Scope: "default"})
	f, err := os.Open(filepath.Join(m.Dir(), "pages/area0/p0.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := m.Unmount(); err != nil {
		t.Fatal(err)
	}
	if !m.Lazy() {
		t.Errorf("a busy mount was not detached lazily")
	}
	if mounted(t, m.Dir()) {
		t.Fatalf("%s still mounted", m.Dir())
	}
	b, err := io.ReadAll(f)
	if err != nil || string(b) != files["pages/area0/p0.md"] {
		t.Errorf("open file after lazy unmount: %q, %v", b, err)
	}
	f.Close()
	m.Wait()
}

// Ensure that the revision names sort by time.
func TestRevisionName(t *testing.T) {
	c := gitstore.CommitInfo{Time: epoch, ID: gitstore.ID{0xab, 0xcd}}
	if got, want := RevisionName(c), "20250102T030405Z-abcd00000000"; got != want {
		t.Errorf("RevisionName = %q, want %q", got, want)
	}
}

// Ensure that once a folder was listed and one of its files read, the
// other files are pushed into the kernel's page cache, so that reading
// them sends no request to the server.
func TestReadaheadPushesSiblings(t *testing.T) {
	s := newStore(t)
	files := artifact(1, 1, 20)
	publish(t, s, "default", files)
	m := mountT(t, Options{Store: s, Scope: "default"})
	area := filepath.Join(m.Dir(), "pages/area0")
	ents, err := os.ReadDir(area) // listed and closed: the pushes start
	if err != nil {
		t.Fatal(err)
	}
	took := eventually(t, "siblings pushed", func() bool { return m.Pushed() >= int64(len(ents)) })
	t.Logf("%d files pushed after %v", m.Pushed(), took)
	before := m.Reads()
	for _, e := range ents {
		p := "pages/area0/" + e.Name()
		if got := readString(t, filepath.Join(area, e.Name())); got != files[p] {
			t.Fatalf("%s = %q", p, got)
		}
	}
	if m.Reads() != before {
		t.Errorf("%d reads reached the server for pushed files", m.Reads()-before)
	}
}

// Ensure that the pushes start once a listing was read to its end, before
// the folder is closed.
func TestReadaheadStartsAtEndOfListing(t *testing.T) {
	s := newStore(t)
	publish(t, s, "default", artifact(1, 1, 20))
	m := mountT(t, Options{Store: s, Scope: "default"})
	d, err := os.Open(filepath.Join(m.Dir(), "pages/area0"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ents, err := d.ReadDir(-1)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "files pushed while the folder is open", func() bool { return m.Pushed() >= int64(len(ents)) })
}

// Ensure that with readahead off every first read reaches the server.
func TestReadaheadOff(t *testing.T) {
	s := newStore(t)
	publish(t, s, "default", artifact(1, 1, 5))
	m := mountT(t, Options{Store: s, Scope: "default", NoReadahead: true})
	got := readTree(t, m.Dir())
	if m.Pushed() != 0 || m.Reads() != int64(len(got)) {
		t.Errorf("pushed %d, reads %d for %d files", m.Pushed(), m.Reads(), len(got))
	}
}
