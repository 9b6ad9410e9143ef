package memfuse

import (
	"fmt"
	"testing"

	"github.com/memfs/memfs/gitstore"
)

// folder makes a directory node with n files named f00, f01, ...
func folder(name string, n int) *node {
	d := &node{name: name, path: name, dir: true}
	for i := range n {
		d.children = append(d.children, &node{name: fmt.Sprintf("f%02d", i), path: fmt.Sprintf("%s/f%02d", name, i)})
	}
	d.finish()
	return d
}

// Ensure that pushes follow the reader: the most recently listed folder
// goes first, in listing order, a read that overtook the pushes makes them
// skip past the file read, and the overtaken folder goes first again.
func TestReadaheadFollowsReader(t *testing.T) {
	ra := newReadahead(&mountFS{})
	a, b := folder("a", 10), folder("b", 10)
	next := func() string {
		t.Helper()
		j, _, ok := ra.take()
		if !ok {
			return "none"
		}
		return j.d.dir.children[j.i].path
	}
	steps := []struct {
		do   func()
		want string
	}{
		{func() { ra.siblings(a) }, "a/f00"},
		{func() {}, "a/f01"},
		{func() { ra.siblings(b) }, "b/f00"},
		{func() { ra.siblings(a) }, "b/f01"}, // scheduled once only
		{func() { ra.overtaken(b, b.children[6]) }, "b/f07"},
		{func() { ra.overtaken(b, b.children[3]) }, "b/f08"}, // behind the pushes: no jump back
		{func() { ra.overtaken(a, a.children[4]) }, "a/f05"},
		{func() {}, "a/f06"},
	}
	for i, s := range steps {
		s.do()
		if got := next(); got != s.want {
			t.Fatalf("step %d: pushed %s, want %s", i, got, s.want)
		}
	}
	var rest []string
	for got := next(); got != "none"; got = next() {
		rest = append(rest, got)
	}
	if want := "[a/f07 a/f08 a/f09 b/f09]"; fmt.Sprint(rest) != want {
		t.Errorf("then pushed %v, want %s", rest, want)
	}
	if a.pushing.Load() != nil || b.pushing.Load() != nil {
		t.Error("folders pushed to the end still hold their progress")
	}
}

// Ensure that the folder expected next is staged only when nothing is
// left to push, and that once listed it is pushed with what was staged.
func TestReadaheadStagesNextFolder(t *testing.T) {
	ra := newReadahead(&mountFS{})
	a, b := folder("a", 2), folder("b", 3)
	ra.siblings(a)
	ra.ahead(b)
	var got []string
	for range 4 {
		j, _, ok := ra.take()
		if !ok {
			t.Fatal("no job")
		}
		got = append(got, fmt.Sprintf("%s staged=%v", j.d.dir.children[j.i].path, j.staged))
		ra.done(j.d)
	}
	if want := "[a/f00 staged=false a/f01 staged=false b/f00 staged=true b/f01 staged=true]"; fmt.Sprint(got) != want {
		t.Fatalf("jobs %v, want %s", got, want)
	}
	staged := ra.stage
	ra.siblings(b)
	if d := b.pushing.Load(); d != staged || d.arena == nil {
		t.Fatal("the listed folder lost what was staged for it")
	}
	for i := range 3 {
		j, _, ok := ra.take()
		if !ok || j.staged || j.i != int64(i) {
			t.Fatalf("job %d: %+v, %v", i, j, ok)
		}
		ra.done(j.d)
	}
	if _, _, ok := ra.take(); ok || staged.arena != nil {
		t.Errorf("after the last push: more work %v, arena kept %v", ok, staged.arena != nil)
	}
}

// Ensure that the prefetch list waits until the workers have had nothing
// else to do for a while, so that it does not chase a walk.
func TestReadaheadPrefetchWaitsForQuiet(t *testing.T) {
	ra := newReadahead(&mountFS{})
	ra.prefetchIdle([]gitstore.ID{{1}, {2}}, 1<<20)
	a := folder("a", 1)
	ra.siblings(a)
	if j, _, ok := ra.take(); !ok || j.d == nil {
		t.Fatalf("first job %+v, %v; want the push", j, ok)
	}
	if j, wait, ok := ra.take(); ok || wait <= 0 || wait > idleQuiet {
		t.Fatalf("right after a push: job %+v, %v, wait %v; want a wait", j, ok, wait)
	}
	ra.mu.Lock()
	ra.busy = ra.busy.Add(-idleQuiet)
	ra.mu.Unlock()
	if j, _, ok := ra.take(); !ok || j.d != nil || j.id != (gitstore.ID{1}) {
		t.Fatalf("after a quiet while: job %+v, %v; want the first blob to prefetch", j, ok)
	}
}
