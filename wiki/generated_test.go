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
	out, _ := RegenerateSummaryCounts([]byte(in), func(a string) (string, int, bool) {
		if a == "people" {
			return "team", 0, true
		}
		return "renamed", 2, true
	})
	want := "<!-- memfs-builtin summary -->\n# Summary\n\nStatements the user asked to keep or stated as durable: renamed 2. Start at index.md.\n"
	if string(out) != want {
		t.Errorf("got\n%s", out)
	}
	out, _ = RegenerateSummaryCounts([]byte(in), func(a string) (string, int, bool) { return a, 0, true })
	if want := "<!-- memfs-builtin summary -->\n# Summary\n\nNothing durable has been remembered yet.\n"; string(out) != want {
		t.Errorf("got\n%s", out)
	}
}

// Ensure that an area losing its count line loses its generated heading
// under "## Pages" (and the section goes with its last area), while a
// heading with hand-written text under it stays and a renamed area's
// heading follows the rename.
func TestRegenerateAreaCounts_Headings(t *testing.T) {
	const head = "# Memory index\n\nNote.\n\n## Areas\n\n"
	cases := []struct {
		name   string
		in     string
		counts map[string]int
		rename map[string]string
		want   string
	}{
		{"first of two",
			head + "- [facts](pages/facts/index.md): 1 page(s)\n- [tools](pages/tools/index.md): 1 page(s)\n\n## Pages\n\n### facts\n\n\n### tools\n\n- [T](pages/tools/t.md)\n",
			map[string]int{"facts": 0, "tools": 1}, nil,
			head + "- [tools](pages/tools/index.md): 1 page(s)\n\n## Pages\n\n### tools\n\n- [T](pages/tools/t.md)\n"},
		{"last of two",
			head + "- [facts](pages/facts/index.md): 1 page(s)\n- [tools](pages/tools/index.md): 1 page(s)\n\n## Pages\n\n### facts\n\n- [F](pages/facts/f.md)\n\n### tools\n\n",
			map[string]int{"facts": 1, "tools": 0}, nil,
			head + "- [facts](pages/facts/index.md): 1 page(s)\n\n## Pages\n\n### facts\n\n- [F](pages/facts/f.md)\n"},
		{"the only one",
			head + "- [facts](pages/facts/index.md): 1 page(s)\n\n## Pages\n\n### facts\n\n",
			map[string]int{"facts": 0}, nil,
			head + "No pages yet.\n"},
		{"the only one, a section after",
			head + "- [facts](pages/facts/index.md): 1 page(s)\n\n## Pages\n\n### facts\n\n## Hand\n\nMine.\n",
			map[string]int{"facts": 0}, nil,
			head + "No pages yet.\n\n## Hand\n\nMine.\n"},
		{"hand-written text under it",
			head + "- [facts](pages/facts/index.md): 1 page(s)\n- [tools](pages/tools/index.md): 1 page(s)\n\n## Pages\n\n### facts\n\nMy own note.\n\n### tools\n\n- [T](pages/tools/t.md)\n",
			map[string]int{"facts": 0, "tools": 1}, nil,
			head + "- [tools](pages/tools/index.md): 1 page(s)\n\n## Pages\n\n### facts\n\nMy own note.\n\n### tools\n\n- [T](pages/tools/t.md)\n"},
		{"outside Pages",
			head + "- [facts](pages/facts/index.md): 1 page(s)\n- [tools](pages/tools/index.md): 1 page(s)\n\n### facts\n\n",
			map[string]int{"facts": 0, "tools": 1}, nil,
			head + "- [tools](pages/tools/index.md): 1 page(s)\n\n### facts\n\n"},
		{"renamed",
			head + "- [hunter2](pages/hunter2/index.md): 1 page(s)\n\n## Pages\n\n### hunter2\n\n- [Y](pages/hunter2/y.md)\n",
			map[string]int{"hunter2": 1}, map[string]string{"hunter2": "erased-1"},
			head + "- [erased-1](pages/erased-1/index.md): 1 page(s)\n\n## Pages\n\n### erased-1\n\n- [Y](pages/hunter2/y.md)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, changed := RegenerateAreaCounts([]byte(c.in), func(a string) (string, int, bool) {
				n, ok := c.counts[a]
				if nn, re := c.rename[a]; re {
					return nn, n, ok
				}
				return a, n, ok
			})
			if !changed || string(out) != c.want {
				t.Errorf("got %v\n%q\nwant\n%q", changed, out, c.want)
			}
		})
	}
}
