package builtin

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Ensure that among facts a claim saying what changed is listed, and so
// shown in a cut context, before facts confirmed more recently, and that
// standing rules keep their order (the most recently confirmed first)
// whatever they say.
func TestListing_ChangesFirst(t *testing.T) {
	m := run(t, t.TempDir(),
		said("s1",
			"heads up: the staging database moved to db-stg-02 last week.",
			"the release notes live in docs/releases.",
			"PR titles must now follow conventional commits."),
		said("s2",
			"the repo is on GitLab.",
			"the prod region is eu-west-1.",
			"the CI runs on Buildkite.",
			"always run make lint before pushing."))
	var facts, rules []string
	for _, e := range m.listing() {
		switch rankDurability(e.key) {
		case durability("", ""):
			facts = append(facts, e.text)
		case durability("conventions", ""):
			rules = append(rules, e.text)
		}
	}
	at := func(list []string, word string) int {
		return slices.IndexFunc(list, func(s string) bool { return strings.Contains(s, word) })
	}
	change, older := at(facts, "db-stg-02"), at(facts, "docs/releases")
	if change < 0 || older < 0 {
		t.Fatalf("facts listed %q", facts)
	}
	for _, w := range []string{"GitLab", "eu-west-1", "Buildkite"} {
		if i := at(facts, w); i < 0 || i < change {
			t.Errorf("%s at %d, the change at %d: %q", w, i, change, facts)
		}
		if i := at(facts, w); i > older {
			t.Errorf("%s (newer) at %d after a fact of the first session at %d: %q", w, i, older, facts)
		}
	}
	if titles, lint := at(rules, "conventional commits"), at(rules, "make lint"); titles < 0 || lint < 0 || lint > titles {
		t.Errorf("rules listed %q: the more recent rule must come first (facts %q)", rules, facts)
	}
}

// Ensure that a page marks the current claim that says what changed
// (told=change) and no other, that a page only scanned ranks its claims as
// the parsed page does, and that a page of rules before the mark ranks a
// change by its words.
func TestPage_ToldChange(t *testing.T) {
	dir := t.TempDir()
	m := run(t, dir, said("s1", "heads up: the staging database moved to db-stg-02 last week.", "the repo is on GitLab."))
	keys := map[string]int{}
	for _, e := range m.listing() {
		keys[e.text] = e.key
	}
	marked := 0
	for _, p := range m.pages {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p.path)))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if !strings.Contains(l, claimMarker) {
				continue
			}
			if strings.Contains(l, "told=change") != strings.Contains(l, "db-stg-02") {
				t.Errorf("claim line marked wrong: %q", l)
			}
			if strings.Contains(l, "told=change") {
				marked++
			}
		}
		for _, old := range []bool{false, true} {
			page := string(b)
			if old {
				// As rules before the mark wrote it.
				page = strings.ReplaceAll(strings.Replace(page, fmt.Sprintf("rules=%d", rulesVersion), "rules=48", 1), " told=change", "")
			}
			pg, ok := scanPage([]byte(page))
			if !ok {
				t.Fatalf("%s does not scan", p.path)
			}
			for _, s := range pg.stubs {
				if want, ok := keys[s.text]; s.current && (!ok || s.key != want) {
					t.Errorf("old=%v: scanned %q ranks %d, parsed %d", old, s.text, s.key, want)
				}
			}
		}
	}
	if marked != 1 {
		t.Errorf("%d claim lines marked, want 1", marked)
	}
	if k := keys[findText(keys, "db-stg-02")]; k != rankKey("project", "", toldChange) {
		t.Errorf("the change ranks %d, want %d", k, rankKey("project", "", toldChange))
	}
}

func findText(keys map[string]int, word string) string {
	for s := range keys {
		if strings.Contains(s, word) {
			return s
		}
	}
	return ""
}

// Ensure that partAbout finds a later clause about the subject, and reads
// only a claim's first maxParts clauses: a claim of thousands (pasted
// text) is not searched clause by clause.
func TestPartAbout_Bounded(t *testing.T) {
	st := untyped(terms("invoices"))
	filler := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "step %d runs, ", i)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name  string
		claim string
		want  bool
	}{
		{"second clause", "the wiki is on Notion, invoices are sent through Xero", true},
		{"no clause about it", "the wiki is on Notion, the repo is on GitLab", false},
		{"within the bound", filler(maxParts-2) + "invoices are sent through Xero", true},
		{"past the bound", filler(maxParts+5) + "invoices are sent through Xero", false},
		{"thousands of clauses", filler(20000) + "invoices are sent through Xero", false},
	} {
		if got := partAbout(tc.claim, st); got != tc.want {
			t.Errorf("%s: partAbout = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// rankDurability is the durability a rank key (rankKey) lists its claims
// under, -1 for a replacing claim (listed before all).
func rankDurability(key int) int {
	if key == 0 {
		return -1
	}
	return (key - 1) >> 1
}
