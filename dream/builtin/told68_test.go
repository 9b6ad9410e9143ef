package builtin

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Ensure that a value replacing an earlier one is listed as a change,
// before other facts, though its words say nothing of a change, and that
// its page marks it so (told=replaced).
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
		facts = append(facts, e.text)
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
			if strings.Contains(l, claimMarker) && strings.Contains(l, "told=replaced") {
				if !strings.Contains(l, "eu-west-1") {
					t.Errorf("claim line marked as a change: %q", l)
				}
				marked = true
			}
		}
	}
	if !marked {
		t.Error("the replacing claim's line is not marked told=replaced")
	}
}

// Ensure that a rule that replaced an earlier one is listed before rules
// confirmed more recently, that a rule only worded as new is not, and
// that a page only scanned ranks them as the parsed page does.
func TestListing_ReplacedRuleFirst(t *testing.T) {
	dir := t.TempDir()
	m := run(t, dir,
		said("s1", "Remember: PR titles must follow the ticket-first format."),
		said("s2", "PR titles must follow conventional commits now."),
		said("s3",
			"always run make lint before pushing.",
			"from now on, never push to main on Fridays."))
	var rules []string
	keys := map[string]int{}
	for _, e := range m.listing() {
		keys[e.text] = e.key
		rules = append(rules, e.text)
	}
	at := func(word string) int {
		return slices.IndexFunc(rules, func(s string) bool { return strings.Contains(s, word) })
	}
	titles, lint, fridays := at("conventional commits"), at("make lint"), at("Fridays")
	if titles < 0 || lint < 0 || fridays < 0 || titles > lint || titles > fridays {
		t.Fatalf("rules listed %q: the replacing rule must come first", rules)
	}
	if at("ticket-first") >= 0 {
		t.Errorf("the replaced rule is listed: %q", rules)
	}
	for _, p := range m.pages {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p.path)))
		if err != nil {
			t.Fatal(err)
		}
		pg, ok := scanPage(b)
		if !ok {
			t.Fatalf("%s does not scan", p.path)
		}
		for _, s := range pg.stubs {
			if want, ok := keys[s.text]; s.current && (!ok || s.key != want) {
				t.Errorf("scanned %q ranks %d, parsed %d", s.text, s.key, want)
			}
		}
	}
}
