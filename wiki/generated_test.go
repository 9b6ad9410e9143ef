package wiki

import "testing"

func TestRegenerateAreaCounts(t *testing.T) {
	in := "# Memory index\n\nHand-written note.\n\n## Areas\n\n- [facts](pages/facts/index.md): 3 page(s)\n- [people](pages/people/index.md): 1 page(s)\n- [tools](pages/tools/index.md): 2 page(s)\n"
	counts := map[string]int{"facts": 2, "people": 0}
	out, changed := RegenerateAreaCounts([]byte(in), func(a string) (string, int, bool) {
		n, ok := counts[a]
		return a, n, ok
	})
	want := "# Memory index\n\nHand-written note.\n\n## Areas\n\n- [facts](pages/facts/index.md): 2 page(s)\n- [tools](pages/tools/index.md): 2 page(s)\n"
	if !changed || string(out) != want {
		t.Errorf("got %v\n%s", changed, out)
	}
	out, _ = RegenerateAreaCounts([]byte(want), func(a string) (string, int, bool) { return a, 0, true })
	if want := "# Memory index\n\nHand-written note.\n\n## Areas\n\nNo pages yet.\n"; string(out) != want {
		t.Errorf("all gone:\n%s", out)
	}
	hand := "# Index\n\n- [Facts](pages/facts/index.md): what we know\n"
	if out, changed := RegenerateAreaCounts([]byte(hand), func(a string) (string, int, bool) { return a, 0, true }); changed || string(out) != hand {
		t.Errorf("a hand-written line changed:\n%s", out)
	}
}

func TestRegenerateSummaryCounts(t *testing.T) {
	in := "<!-- memfs-builtin summary -->\n# Summary\n\nStatements the user asked to keep or stated as durable: facts 2, people 1. Start at index.md.\n"
	out, _ := RegenerateSummaryCounts([]byte(in), func(a string, n int) (string, int, bool) {
		if a == "people" {
			return "team", n - 1, true
		}
		return "renamed", n, true
	})
	want := "<!-- memfs-builtin summary -->\n# Summary\n\nStatements the user asked to keep or stated as durable: renamed 2. Start at index.md.\n"
	if string(out) != want {
		t.Errorf("got\n%s", out)
	}
	out, _ = RegenerateSummaryCounts([]byte(in), func(a string, n int) (string, int, bool) { return a, 0, true })
	if want := "<!-- memfs-builtin summary -->\n# Summary\n\nNothing durable has been remembered yet.\n"; string(out) != want {
		t.Errorf("got\n%s", out)
	}
}
