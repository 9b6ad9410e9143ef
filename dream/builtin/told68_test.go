package builtin

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Ensure that a value replacing an earlier one is listed as a change,
// before the area's other facts, though its words say nothing of a
// change, and that its page marks it so (told=change).
func TestListing_ReplacementIsAChange(t *testing.T) {
	dir := t.TempDir()
	m := run(t, dir,
		said("s1", "the prod region is eu-central-1."),
		said("s2",
			"the repo is on GitLab.",
			"the CI runs on Buildkite.",
			"the prod region is eu-west-1."))
	var facts []string
	for _, e := range m.listing() {
		if e.key>>1 == durability("", "") {
			facts = append(facts, e.text)
		}
	}
	at := func(word string) int {
		return slices.IndexFunc(facts, func(s string) bool { return strings.Contains(s, word) })
	}
	if at("eu-central-1") >= 0 {
		t.Fatalf("the replaced region is listed: %q", facts)
	}
	region := at("eu-west-1")
	for _, w := range []string{"GitLab", "Buildkite"} {
		if i := at(w); region < 0 || i < 0 || i < region {
			t.Errorf("%s at %d, the new region at %d: %q", w, i, region, facts)
		}
	}
	marked := false
	for _, p := range m.pages {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p.path)))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, claimMarker) && strings.Contains(l, "told=change") {
				if !strings.Contains(l, "eu-west-1") {
					t.Errorf("claim line marked as a change: %q", l)
				}
				marked = true
			}
		}
	}
	if !marked {
		t.Error("the replacing claim's line is not marked told=change")
	}
}
