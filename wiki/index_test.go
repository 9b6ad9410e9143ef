package wiki

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestDefaultIndex(t *testing.T) {
	t.Parallel()
	paths := []string{
		"summary.md",
		"pages/b/z.md",
		"index.md",
		"pages/a/x.md",
		"pages/a/index.md",
		"notes.md",        // illegal: not listed
		"pages/B/y.md",    // illegal: not listed
		"pages/a/b/c.md",  // illegal: not listed
		"pages/a/.hidden", // illegal: not listed
	}
	got := DefaultIndex(paths)
	wantListed := []string{"pages/a/index.md", "pages/a/x.md", "pages/b/z.md"}

	page := NewParser().Parse(got)
	if page.Title != "Memory index" {
		t.Errorf("Title = %q, want %q", page.Title, "Memory index")
	}
	var targets []string
	for _, l := range page.Links {
		target, external := LinkTarget(IndexFile, l.Dest)
		if external {
			t.Errorf("default index links outside the artifact: %q", l.Dest)
		}
		targets = append(targets, target)
	}
	if !slices.Equal(targets, wantListed) {
		t.Errorf("index links resolve to %q, want %q", targets, wantListed)
	}
	for _, p := range wantListed {
		if line := "- [" + p + "](" + p + ")\n"; !bytes.Contains(got, []byte(line)) {
			t.Errorf("index lacks line %q:\n%s", line, got)
		}
	}
	if bytes.Contains(got, []byte("No pages yet.")) {
		t.Errorf("index with pages says there are none:\n%s", got)
	}

	// The order of the input does not matter.
	rev := slices.Clone(paths)
	slices.Reverse(rev)
	if again := DefaultIndex(rev); !bytes.Equal(again, got) {
		t.Errorf("DefaultIndex depends on input order:\n%s\nvs\n%s", got, again)
	}
}

func TestDefaultIndexEmpty(t *testing.T) {
	t.Parallel()
	for _, paths := range [][]string{nil, {"summary.md", "index.md"}, {"junk.txt"}} {
		got := DefaultIndex(paths)
		if !bytes.Contains(got, []byte("No pages yet.\n")) {
			t.Errorf("DefaultIndex(%q) does not say there are no pages:\n%s", paths, got)
		}
		if page := NewParser().Parse(got); len(page.Links) != 0 {
			t.Errorf("DefaultIndex(%q) has links %+v", paths, page.Links)
		}
		if !strings.HasPrefix(string(got), "# Memory index\n") {
			t.Errorf("DefaultIndex(%q) does not start with its title:\n%s", paths, got)
		}
	}
}
