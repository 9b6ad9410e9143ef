package fs

import (
	"fmt"
	"testing"
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
		d, i, ok := ra.take()
		if !ok {
			return "none"
		}
		return d.dir.children[i].path
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
