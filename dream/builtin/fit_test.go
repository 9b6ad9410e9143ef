package builtin

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/validate"
)

// treeSize is the bytes of the files under dir.
func treeSize(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	for _, c := range readTree(t, dir) {
		n += int64(len(c))
	}
	return n
}

// Ensure that memory over the store's total limit consolidates instead of
// failing: history goes first, every current claim stays, and the memory
// validates within the limit; and that memory that cannot fit even so
// fails once with the memory_full code.
func TestDream_ConsolidatesToFit(t *testing.T) {
	dir := t.TempDir()
	var rounds []map[string]hear.Heard
	for r := range 4 {
		var sts []hear.Statement
		for i := range 40 {
			s := fact(fmt.Sprintf("service%d port", i), fmt.Sprintf("The service%d port is %d.", i, 8000+100*r+i))
			s.Quote = fmt.Sprintf("Remember that the service%d port is %d, which we settled on after a long discussion.", i, 8000+100*r+i)
			sts = append(sts, s)
		}
		rounds = append(rounds, map[string]hear.Heard{fmt.Sprintf("s%d", r): heard(sts...)})
	}
	run(t, dir, rounds...)
	full := treeSize(t, dir)

	limit := validate.Limits{MaxFiles: 256, MaxFileBytes: 256 << 10, MaxTotalBytes: full * 3 / 5}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	m := newMemory(limit, nil)
	if _, err := m.load(root); err != nil {
		t.Fatal(err)
	}
	m.apply("s9", heard(fact("service0 port", "The service0 port is 9999.")))
	steps, err := m.write(root)
	if err != nil || steps == 0 {
		t.Fatalf("write: %d steps, %v; want consolidation", steps, err)
	}
	if got := treeSize(t, dir); got > limit.MaxTotalBytes {
		t.Errorf("memory is %d bytes after consolidating, limit %d", got, limit.MaxTotalBytes)
	}
	after := run(t, dir)
	current := 0
	for _, c := range after.claims {
		if c.current() {
			current++
		}
	}
	if current != 40 {
		t.Errorf("%d current claims after consolidating, want 40", current)
	}
	d, err := validate.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if rep, err := validate.Validate(t.Context(), d, validate.Options{Mode: validate.ModePublish, Limits: limit}); err != nil || !rep.OK() {
		t.Errorf("consolidated memory does not validate: %v %v", err, rep.Errors())
	}

	tiny := validate.Limits{MaxFiles: 256, MaxFileBytes: 256 << 10, MaxTotalBytes: 2000}
	m = newMemory(tiny, nil)
	if _, err := m.load(root); err != nil {
		t.Fatal(err)
	}
	_, err = m.write(root)
	if !errors.Is(err, ErrMemoryFull) || errcode.Of(err) != "memory_full" {
		t.Errorf("memory over a tiny limit: %v, want memory_full", err)
	}
}
