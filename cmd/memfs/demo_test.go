package main

import (
	"os"
	"strings"
	"testing"
)

// Ensure that the demo runs the whole pipeline on its embedded sessions,
// keeps the durable statements and not the question, and cleans up.
func TestCLI_Demo(t *testing.T) {
	c := newCLI(t)
	out := c.mustRun("demo")
	first, _, _ := strings.Cut(out, "\n")
	home, ok := strings.CutPrefix(first, "memfs demo in ")
	if !ok {
		t.Fatalf("demo output starts %q", first)
	}
	for _, want := range []string{" published ", "Memfs-Sources: ", "PostgreSQL 16", "table-driven", "Tuesdays only"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
	_, pages, _ := strings.Cut(out, "== a page")
	if strings.Contains(pages, "SQLite") || strings.Contains(pages, "fix the failing") {
		t.Errorf("a question or a task request reached the wiki:\n%s", pages)
	}
	if _, err := os.Stat(home); !os.IsNotExist(err) {
		t.Errorf("demo home %s left behind: %v", home, err)
	}
}
