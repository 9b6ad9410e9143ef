package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// absPath finds absolute paths in the demo's output.
var absPath = regexp.MustCompile(`(^|[\s(])(/[^\s:)]+)`)

// Ensure that the demo runs the whole pipeline on its embedded sessions,
// keeps the durable statements and not the question, cleans up, and
// prints only paths that exist once it is done; with --keep the home it
// names is there to explore.
func TestCLI_Demo(t *testing.T) {
	c := newCLI(t)
	out := c.mustRun("demo")
	for _, want := range []string{" published ", "Memfs-Sources: ", "PostgreSQL 16", "table-driven", "Tuesdays only"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
	_, pages, _ := strings.Cut(out, "== a page")
	if strings.Contains(pages, "SQLite") || strings.Contains(pages, "fix the failing") {
		t.Errorf("a question or a task request reached the wiki:\n%s", pages)
	}
	for _, m := range absPath.FindAllStringSubmatch(out, -1) {
		if _, err := os.Stat(m[2]); err != nil {
			t.Errorf("the demo printed %s, which does not exist: %v", m[2], err)
		}
	}

	out = c.mustRun("demo", "--keep")
	first, _, _ := strings.Cut(out, "\n")
	home, ok := strings.CutPrefix(first, "memfs demo in ")
	if !ok {
		t.Fatalf("demo --keep output starts %q", first)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	if fi, err := os.Stat(home + "/store.git"); err != nil || !fi.IsDir() || !strings.Contains(out, "git -C "+home+"/store.git") {
		t.Errorf("demo --keep: %v\n%s", err, out)
	}
}
