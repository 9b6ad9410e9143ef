package builtin

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/synthmem"
)

// files returns path → content of a run's memory.
func (r *batchRun) files(t *testing.T) map[string]string {
	t.Helper()
	mem := filepath.Join(r.dir, dream.MemoryDir)
	out := map[string]string{}
	if err := filepath.WalkDir(mem, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(mem, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// Ensure that a dreamer remembering pages (New) writes exactly the memory
// one without a memo writes, run after run, when pages change between
// runs behind its back (a forget, a hand edit), and that a new guard
// epoch empties the memo, the pages it parsed in full included.
func TestPageMemo_SameMemoryAsWithout(t *testing.T) {
	all := synthmem.Generate(60, 200, 1)
	plain, memo := newBatchRun(t), newBatchRun(t)
	d := New()
	for i := 0; i < len(all); i += 5 {
		batch := all[i:min(i+5, len(all))]
		plain.stage(t, batch)
		memo.stage(t, batch)
		if _, err := (Dreamer{}).Dream(t.Context(), plain.dir); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Dream(t.Context(), memo.dir); err != nil {
			t.Fatal(err)
		}
		a, b := plain.files(t), memo.files(t)
		if !maps.Equal(a, b) {
			t.Fatalf("after session %d the memories differ: %v vs %v", i, slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b)))
		}
		if i%20 == 10 {
			// The same edit of one page in both, behind the dreamers' backs.
			var page string
			for _, p := range slices.Sorted(maps.Keys(a)) {
				if filepath.Base(p) != "index.md" && filepath.Dir(p) != "." {
					page = p
					break
				}
			}
			edited := bytes.Replace([]byte(a[page]), []byte(" is "), []byte(" is now "), 1)
			if string(edited) == a[page] {
				t.Fatalf("%s: nothing to edit", page)
			}
			for _, r := range []*batchRun{plain, memo} {
				if err := os.WriteFile(filepath.Join(r.dir, dream.MemoryDir, filepath.FromSlash(page)), edited, 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if len(d.Memo.pages) == 0 || len(d.Memo.parsed) == 0 {
		t.Fatalf("the memo kept %d pages, %d parsed", len(d.Memo.pages), len(d.Memo.parsed))
	}
	d.Memo.begin("another epoch", nil, "").end()
	if len(d.Memo.pages) != 0 || len(d.Memo.parsed) != 0 {
		t.Errorf("a new guard epoch left %d pages, %d parsed in the memo", len(d.Memo.pages), len(d.Memo.parsed))
	}
}

// Ensure that runs sharing one memo at once (memfs serve's dreamer, two
// scopes whose pages hold the same content) each own the pages they
// parse: both write the memory a dreamer without a memo writes.
func TestPageMemo_ConcurrentRuns(t *testing.T) {
	all := synthmem.Generate(30, 100, 1)
	plain, a, b := newBatchRun(t), newBatchRun(t), newBatchRun(t)
	d := New()
	for i := 0; i < len(all); i += 5 {
		batch := all[i:min(i+5, len(all))]
		for _, r := range []*batchRun{plain, a, b} {
			r.stage(t, batch)
		}
		if _, err := (Dreamer{}).Dream(t.Context(), plain.dir); err != nil {
			t.Fatal(err)
		}
		errs := make(chan error, 2)
		for _, r := range []*batchRun{a, b} {
			go func() {
				_, err := d.Dream(t.Context(), r.dir)
				errs <- err
			}()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		want := plain.files(t)
		for _, r := range []*batchRun{a, b} {
			if got := r.files(t); !maps.Equal(got, want) {
				t.Fatalf("after session %d a run sharing the memo wrote other memory", i)
			}
		}
	}
}

// Ensure that the claims a dreamer keeps filed by term between runs
// (PageMemo) never go stale: with updates, retractions and forget
// requests among the sessions, and a page edited behind the dreamer's
// back, every run writes the memory a dreamer without a memo writes, and
// what the memo files afterwards is exactly the claims of the pages it
// keeps parsed, each under its index terms.
func TestPageMemo_FilingStaysExact(t *testing.T) {
	all := synthmem.Generate(60, 600, 3)
	plain, memo := newBatchRun(t), newBatchRun(t)
	d := New()
	said := synthmem.Current(all[:8])
	subjects := slices.Sorted(maps.Keys(said))
	// changes are sessions withdrawing, forgetting and changing what
	// earlier ones stated, in the user's words.
	changes := []string{
		"Forget that the " + subjects[0] + " is " + said[subjects[0]] + ".",
		"Scratch the " + subjects[1] + " rule.",
		"Actually, the " + subjects[2] + " is 4242 now.",
		"Forget everything about the " + subjects[3] + ".",
		"We no longer have a " + subjects[4] + ".",
		"Remember that the " + subjects[0] + " is 17 seconds.",
		// The run of this one is not published (below).
		"Remember that the " + subjects[5] + " is 777 seconds.",
	}
	reused, changed := 0, map[string]bool{}
	// step dreams batch with both dreamers and compares what they wrote;
	// it returns the memory's files.
	step := func(i int, batch []synthmem.Session) map[string]string {
		plain.stage(t, batch)
		memo.stage(t, batch)
		if _, err := (Dreamer{}).Dream(t.Context(), plain.dir); err != nil {
			t.Fatal(err)
		}
		msg, err := d.Dream(t.Context(), memo.dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, what := range []string{"updated", "withdrawn", "forgotten"} {
			if m := regexp.MustCompile(`(\d+) ` + what).FindStringSubmatch(msg); m != nil && m[1] != "0" {
				changed[what] = true
			}
		}
		a, b := plain.files(t), memo.files(t)
		if !maps.Equal(a, b) {
			for p := range a {
				if a[p] != b[p] {
					t.Errorf("after session %d %s differs:\n%s\nwith the memo:\n%s", i, p, a[p], b[p])
				}
			}
			t.Fatalf("after session %d the memories differ: %v vs %v", i, slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b)))
		}
		reused += checkFiling(t, d.Memo)
		return a
	}
	chat := synthmem.Session{ID: "c4a9ffff-0000-4000-8000-000000000000",
		Records: []synthmem.Record{{Role: "user", ID: "u1", Text: "Thanks, that is all for today."}, {Role: "assistant", ID: "a1", Text: "You're welcome."}}}
	for i := 0; i < len(all); i += 2 {
		batch := slices.Clone(all[i:min(i+2, len(all))])
		if k := i / 2; k >= 2 && k-2 < len(changes) {
			batch = append(batch, synthmem.Session{ID: fmt.Sprintf("c4a9%04x-0000-4000-8000-000000000000", k),
				Records: []synthmem.Record{{Role: "user", ID: "u1", Text: changes[k-2]}, {Role: "assistant", ID: "a1", Text: "Noted."}}})
		}
		if i == 16 {
			// A run whose memory is not published (validation refused
			// it, say): the next run gets the memory as it was before,
			// and changes none of its pages.
			restore := []func(){plain.snapshot(t), memo.snapshot(t)}
			step(i, batch)
			for _, f := range restore {
				f()
			}
			batch = []synthmem.Session{chat}
		}
		a := step(i, batch)
		if i == 12 {
			// The same hand edit in both of a page the memo keeps parsed.
			edits := 0
			for _, p := range slices.Sorted(maps.Keys(a)) {
				c := a[p]
				if _, ok := d.Memo.parsed[gitstore.BlobID([]byte(c))]; !ok {
					continue
				}
				edits++
				edited := strings.Replace(c, " is ", " is now ", 1)
				for _, r := range []*batchRun{plain, memo} {
					if err := os.WriteFile(filepath.Join(r.dir, dream.MemoryDir, filepath.FromSlash(p)), []byte(edited), 0o600); err != nil {
						t.Fatal(err)
					}
				}
				break
			}
			if edits == 0 {
				t.Fatal("the memo keeps no page parsed to edit")
			}
		}
	}
	if reused == 0 {
		t.Fatal("no run kept claims filed for the next one")
	}
	if len(changed) != 3 {
		t.Fatalf("the runs changed claims only by %v", slices.Sorted(maps.Keys(changed)))
	}
}

// checkFiling fails t unless the memo files exactly the claims of the
// pages it keeps parsed, each once under each of its index terms; it
// returns how many claims it files.
func checkFiling(t *testing.T, mo *PageMemo) int {
	t.Helper()
	want := map[*claim]bool{}
	for _, pp := range mo.parsed {
		for _, c := range pp.claims {
			want[c] = true
		}
	}
	got := map[*claim]int{}
	for term, cs := range mo.byTerm {
		for _, c := range cs {
			if !want[c] {
				t.Fatalf("term %q files a claim of no page the memo keeps", term)
			}
			if !slices.Contains(c.indexed, term) {
				t.Fatalf("term %q files a claim not indexed under it", term)
			}
			got[c]++
		}
	}
	for c := range want {
		if got[c] != len(c.indexed) || !slices.Equal(c.indexed, indexTerms(c)) {
			t.Fatalf("a kept claim is filed under %d of its terms %v (index terms %v)", got[c], c.indexed, indexTerms(c))
		}
	}
	return len(got)
}

// snapshot copies the run's memory and returns a function putting it
// back as it was.
func (r *batchRun) snapshot(t *testing.T) func() {
	t.Helper()
	mem := filepath.Join(r.dir, dream.MemoryDir)
	keep := filepath.Join(t.TempDir(), "mem")
	if err := os.CopyFS(keep, os.DirFS(mem)); err != nil {
		t.Fatal(err)
	}
	return func() {
		t.Helper()
		if err := os.RemoveAll(mem); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(mem, os.DirFS(keep)); err != nil {
			t.Fatal(err)
		}
	}
}

// Ensure that whether a page may hold a condition, which its content
// alone decides, is remembered with the page's scan (PageMemo), and that a
// run taking the answer from the memo still finds the condition met: the
// dreamer with a memo writes the memory one without writes, and the rule
// ends once the awaited thing came.
func TestPageMemo_RemembersConditions(t *testing.T) {
	sessions := []map[string][]string{
		{"s1": {"We don't run the GPU suite on the arm64 runners until the vendor ships the new driver.", "Tomás runs the Friday deploys."}},
		{"s2": {"good news, the printer supplier delivered the new toner on Monday."}},
		{"s3": {"good news, the vendor shipped the new driver on Monday."}},
	}
	d := New()
	prevPlain, prevMemo := "", ""
	for i, ss := range sessions {
		plain, memo := stage(t, prevPlain, ss), stage(t, prevMemo, ss)
		if _, err := (Dreamer{}).Dream(t.Context(), plain); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Dream(t.Context(), memo); err != nil {
			t.Fatal(err)
		}
		a, b := (&batchRun{dir: plain}).files(t), (&batchRun{dir: memo}).files(t)
		if !maps.Equal(a, b) {
			t.Fatalf("after session %d the memories differ", i+1)
		}
		prevPlain, prevMemo = filepath.Join(plain, dream.MemoryDir), filepath.Join(memo, dream.MemoryDir)
		if i == 1 {
			held := 0
			for _, pg := range d.Memo.pages {
				if pg.until == 0 {
					t.Errorf("a page's answer was not remembered")
				}
				if pg.until == 1 {
					held++
				}
			}
			if held != 1 {
				t.Errorf("the memo holds %d pages that may hold a condition, want 1", held)
			}
		}
	}
	files := (&batchRun{dir: filepath.Dir(prevMemo)}).files(t)
	if got := currentSaying(t, files, "GPU suite"); len(got) != 0 {
		t.Errorf("the rule held until the driver came is still current: %v", got)
	}
	if got := currentSaying(t, files, "Friday deploys"); len(got) != 1 {
		t.Errorf("the other claim: %v", got)
	}
}
