package builtin

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/memfs/memfs/dream"
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
	d.Memo.begin("another epoch", nil).end()
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
