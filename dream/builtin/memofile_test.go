package builtin

import (
	"bytes"
	"encoding/binary"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/synthmem"
)

// firstPage is the first page path of files, in path order.
func firstPage(t *testing.T, files map[string]string) string {
	t.Helper()
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if strings.HasPrefix(p, "pages/") && filepath.Base(p) != "index.md" {
			return p
		}
	}
	t.Fatal("no page")
	return ""
}

// Ensure that runs of new dreamers each starting from the memo file the
// last one wrote, and passing over the pages the stat cache knows, as
// memfs dream processes run, write exactly the memory a dreamer without
// a memo writes, run after run: when pages change behind their backs,
// and when the memo file is torn, damaged, foreign, of another epoch or
// of other rules, a symbolic link, or gone. And that the file serves:
// the runs of an intact file, or of one torn in its last record, take
// the scans of the pages they did not change from it.
func TestMemoFile_SameMemoryAsWithout(t *testing.T) {
	all := synthmem.Generate(60, 200, 1)
	plain, memo := newBatchRun(t), newBatchRun(t)
	file := filepath.Join(t.TempDir(), "scope.memo")
	mem := filepath.Join(memo.dir, dream.MemoryDir)
	damage := map[int]func() error{
		2: func() error { // torn in its last record
			b, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			return os.WriteFile(file, b[:len(b)-3], 0o600)
		},
		4: func() error { // a byte flipped in the middle
			b, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			b[len(b)/2] ^= 0x20
			return os.WriteFile(file, b, 0o600)
		},
		6: func() error { return os.WriteFile(file, []byte("not a memo\n"), 0o600) },
		7: func() error { return os.Remove(file) },
		8: func() error { // another epoch's
			b, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			return os.WriteFile(file, bytes.Replace(b, memoHeader(""), memoHeader("another epoch"), 1), 0o600)
		},
		10: func() error { // written by other rules
			b, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			other := binary.AppendUvarint([]byte(memoMagic), rulesVersion-1)
			return os.WriteFile(file, bytes.Replace(b, memoHeader(""), binary.AppendUvarint(other, 0), 1), 0o600)
		},
		9: func() error { // a symbolic link to a memo file
			other := filepath.Join(t.TempDir(), "other.memo")
			if err := os.Rename(file, other); err != nil {
				return err
			}
			return os.Symlink(other, file)
		},
	}
	known := func(string, os.FileInfo) (gitstore.ID, bool) { return gitstore.ID{}, false }
	served := 0
	for i, round := 0, 0; i < len(all); i, round = i+5, round+1 {
		batch := all[i:min(i+5, len(all))]
		plain.stage(t, batch)
		memo.stage(t, batch)
		if _, err := (Dreamer{}).Dream(t.Context(), plain.dir); err != nil {
			t.Fatal(err)
		}
		d := Dreamer{Memo: NewPageMemo(), MemoFile: file, Known: known}
		if _, err := d.Dream(t.Context(), memo.dir); err != nil {
			t.Fatal(err)
		}
		fromFile := 0
		for _, pg := range d.Memo.pages {
			if pg.unread {
				fromFile++
			}
		}
		// A torn file still serves the records before the tear.
		if round >= 2 && (damage[round-1] == nil || round-1 == 2) {
			if fromFile == 0 {
				t.Errorf("round %d: no scan came from the memo file", round)
			}
			served += fromFile
		}
		if err := d.SaveMemo(file); err != nil {
			t.Fatal(err)
		}
		a, b := plain.files(t), memo.files(t)
		if !maps.Equal(a, b) {
			t.Fatalf("round %d: the memories differ: %v vs %v", round, slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b)))
		}
		known = statCache(t, mem)
		if round%3 == 1 {
			// The same edit of one page in both, behind the dreamers' backs.
			page := firstPage(t, a)
			edited := strings.Replace(a[page], " is ", " is now ", 1)
			if edited == a[page] {
				t.Fatalf("%s: nothing to edit", page)
			}
			for _, r := range []*batchRun{plain, memo} {
				if err := os.WriteFile(filepath.Join(r.dir, dream.MemoryDir, filepath.FromSlash(page)), []byte(edited), 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}
		if f := damage[round]; f != nil {
			if err := f(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if served == 0 {
		t.Fatal("the memo file served no scan")
	}
}

// Ensure that a run takes the scan of a page the stat cache knows from
// the memo file without reading the page, and that it reads the page
// when the file is of another guard epoch (a forget came between) or
// its record of the page is damaged.
func TestMemoFile_KnownPagesAreNotRead(t *testing.T) {
	all := synthmem.Generate(10, 30, 1)
	cases := []struct {
		name     string
		epoch    string
		damage   bool
		readPage bool
	}{
		{"the same epoch", "", false, false},
		{"another epoch", "after a forget", false, true},
		{"a damaged record", "", true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newBatchRun(t)
			file := filepath.Join(t.TempDir(), "scope.memo")
			r.stage(t, all[:9])
			d := Dreamer{Memo: NewPageMemo()}
			if _, err := d.Dream(t.Context(), r.dir); err != nil {
				t.Fatal(err)
			}
			// A run that reads the pages the first one wrote writes their
			// scans.
			r.stage(t, nil)
			if _, err := d.Dream(t.Context(), r.dir); err != nil {
				t.Fatal(err)
			}
			if err := d.SaveMemo(file); err != nil {
				t.Fatal(err)
			}
			mem := filepath.Join(r.dir, dream.MemoryDir)
			before := r.files(t)
			page := firstPage(t, before)
			id := gitstore.BlobID([]byte(before[page]))
			// The stat cache says the page is as the last run left it,
			// though it now says otherwise, at the same size.
			stale := statCache(t, mem)
			known := func(p string, info os.FileInfo) (gitstore.ID, bool) {
				if p == page {
					return id, true
				}
				return stale(p, info)
			}
			lines := strings.Split(before[page], "\n")
			old := ""
			for i, l := range lines {
				if !strings.HasPrefix(l, "- ") || !strings.Contains(l, claimMarker) {
					continue
				}
				if text := readClaimLine(l).text; strings.Contains(text, "e") {
					old = l
					lines[i] = strings.Replace(l, text, strings.Replace(text, "e", "E", 1), 1)
					break
				}
			}
			if old == "" {
				t.Fatalf("%s: no claim line", page)
			}
			if err := os.WriteFile(filepath.Join(mem, filepath.FromSlash(page)), []byte(strings.Join(lines, "\n")), 0o600); err != nil {
				t.Fatal(err)
			}
			if tc.damage {
				b, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				i := bytes.Index(b, id[:])
				if i < 0 {
					t.Fatal("the page has no record")
				}
				b[i+len(id)+5] ^= 1
				if err := os.WriteFile(file, b, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			r.stage(t, nil) // a run that changes no page
			d = Dreamer{Memo: NewPageMemo(), MemoFile: file, Known: known, epoch: tc.epoch}
			if _, err := d.Dream(t.Context(), r.dir); err != nil {
				t.Fatal(err)
			}
			_, fromMemo := d.Memo.pages[id]
			if fromMemo == tc.readPage {
				t.Errorf("the page's scan came from the memo: %v, want %v", fromMemo, !tc.readPage)
			}
			idx := r.files(t)["index.md"]
			oldLine := indexLine(readClaimLine(old).text)
			if listsOld := strings.Contains(idx, oldLine); listsOld == tc.readPage {
				t.Errorf("index.md lists the claim as the memo file has it: %v, want %v", listsOld, !tc.readPage)
			}
		})
	}
}

// Ensure that what the memo file keeps of a page reads back as the
// page's scan, its content aside (read at need), with what the memo
// remembers of it.
func TestMemoFile_RoundTrip(t *testing.T) {
	all := synthmem.Generate(40, 150, 1)
	r := newBatchRun(t)
	for i := 0; i < len(all); i += 10 {
		r.stage(t, all[i:i+10])
		r.dream(t, t.Context())
	}
	n := 0
	for p, content := range r.files(t) {
		pg, ok := scanPage([]byte(content))
		if !ok {
			continue
		}
		n++
		pg.until, pg.dated = int8(n%3), int8((n+1)%3)
		id := gitstore.BlobID([]byte(content))
		rec := appendMemoRecord(nil, id, pg)
		payload, rest, ok := memoRecord(rec)
		if !ok || len(rest) != 0 || !bytes.Equal(payload[:len(id)], id[:]) {
			t.Fatalf("%s: record does not read back", p)
		}
		got, ok := memoDecode(string(payload))
		if !ok {
			t.Fatalf("%s: record does not decode", p)
		}
		if !got.unread || got.raw != "" {
			t.Errorf("%s: a decoded page holds its content", p)
		}
		want := pg
		want.raw, want.unread = "", true
		if !samePage(got, want) {
			t.Errorf("%s: decoded %+v\nwant %+v", p, got, want)
		}
	}
	if n < 5 {
		t.Fatalf("%d pages", n)
	}
}

// samePage compares what a scan reads of a page.
func samePage(a, b page) bool {
	return a.area == b.area && a.topic == b.topic && a.rules == b.rules && a.stale == b.stale &&
		a.subjectless == b.subjectless && a.until == b.until && a.dated == b.dated && a.size == b.size &&
		a.blob == b.blob && a.raw == b.raw && a.unread == b.unread && slices.Equal(a.stubs, b.stubs)
}

// Ensure that a page whose scan came from the memo file, and whose file
// cannot be read when the run needs its content, fails the run before it
// writes anything (the page would otherwise count no claim), and that the
// memo keeps nothing the run found of it.
func TestMemoFile_UnreadablePageFailsTheRun(t *testing.T) {
	all := synthmem.Generate(10, 30, 1)
	r := newBatchRun(t)
	r.stage(t, all)
	d := Dreamer{Memo: NewPageMemo()}
	for range 2 { // the second run reads the pages the first wrote
		if _, err := d.Dream(t.Context(), r.dir); err != nil {
			t.Fatal(err)
		}
		r.stage(t, nil)
	}
	file := filepath.Join(t.TempDir(), "scope.memo")
	if err := d.SaveMemo(file); err != nil {
		t.Fatal(err)
	}
	mem := filepath.Join(r.dir, dream.MemoryDir)
	root, err := os.OpenRoot(mem)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	m := newMemory(d.Limits, nil)
	mo := NewPageMemo()
	pages := mo.begin("", statCache(t, mem), file)
	if _, err := m.loadFrom(root, pages); err != nil {
		t.Fatal(err)
	}
	pages.end()
	before := r.files(t)
	p := firstPage(t, before)
	pg := m.pages[p]
	if pg == nil || !pg.unread {
		t.Fatalf("%s: its scan did not come from the memo file", p)
	}
	if err := os.Remove(filepath.Join(mem, filepath.FromSlash(p))); err != nil {
		t.Fatal(err)
	}
	// What the run finds of the page it could not read is not of its
	// content: the memo keeps what it knew.
	memoPg := mo.pages[pg.id]
	memoPg.until = 1
	mo.pages[pg.id] = memoPg
	pg.until = 0
	m.mayHoldUntil(pg)
	if got := mo.pages[pg.id].until; got != 1 {
		t.Errorf("the memo remembers %d of a page the run could not read, want 1", got)
	}
	m.openAll()
	if _, err := m.write(root); err == nil || !strings.Contains(err.Error(), p) {
		t.Fatalf("write after a page could not be read: %v", err)
	}
	delete(before, p)
	if after := r.files(t); !maps.Equal(after, before) {
		t.Error("the run wrote its memory")
	}
}
