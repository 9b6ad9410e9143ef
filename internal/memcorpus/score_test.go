package memcorpus

import (
	"strings"
	"testing"
)

// Ensure that Score counts a fact in the context only when every must
// string is there, in the pages when one file holds them all, a distractor
// as kept when a never string is in any file, and updates and retractions
// as resolved only when the context has the new value and lacks the old.
func TestScore(t *testing.T) {
	c, err := Load(writeTiny(t, tinyCorpus))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name                 string
		context              string
		files                map[string]string
		facts, pages, keptIn int
		updates, retractions int
		missed, kept, unres  string
	}{
		{
			name:    "empty memory",
			context: "nothing here",
			missed:  "t-f002", unres: "t-u001",
			retractions: 1,
		},
		{
			name:    "current value, old gone",
			context: "# Memory\n- CI image:\n  NODE:22 (since March)",
			files:   map[string]string{"pages/ci.md": "CI image: node:22, earlier node:20"},
			facts:   1, pages: 1, updates: 1, retractions: 1,
		},
		{
			name:    "stale value kept beside the new one",
			context: "CI image is node:22; it was node:20",
			facts:   1, unres: "t-u001", retractions: 1,
		},
		{
			name:    "retracted rule still current, distractor in a page",
			context: "node:22. Build through the Makefile.",
			files:   map[string]string{"index.md": "node:22", "pages/tools.md": "The team jokes about bazel."},
			facts:   1, pages: 1, keptIn: 1, updates: 1,
			kept: "t-d001", unres: "t-r001",
		},
		{
			// The note names the home the run used, a temporary directory
			// whose random name may hold any string; it is not memory.
			name: "memfs's own note names the home",
			context: "CI image: node:22\n\n[index.md shortened to fit this message: 17 of 30 bytes are shown. " +
				"Read the whole file with `memfs --home /tmp/bazel-node:20-Makefile --scope corpus cat index.md`.]\n",
			files: map[string]string{"index.md": "CI image: node:22"},
			facts: 1, pages: 1, updates: 1, retractions: 1,
		},
		{
			name: "the preamble names the home",
			context: "Where: not mounted here; read a file with `memfs --home /tmp/bazel-node:20-Makefile --scope corpus cat <path>`.\n" +
				"Below are summary.md and index.md of scope `corpus` at commit 0bazel1.\n" +
				"CI image: node:22\n",
			files: map[string]string{"index.md": "CI image: node:22"},
			facts: 1, pages: 1, updates: 1, retractions: 1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Score(c, tc.context, tc.files)
			if r.Facts.Total != 1 || r.Superseded.Total != 2 {
				t.Fatalf("facts %d current, %d superseded; want 1 and 2", r.Facts.Total, r.Superseded.Total)
			}
			if r.Facts.Context != tc.facts || r.Facts.Pages != tc.pages {
				t.Errorf("facts in context %d, pages %d; want %d, %d", r.Facts.Context, r.Facts.Pages, tc.facts, tc.pages)
			}
			if got := r.ByLang["en"]; got != r.Facts {
				t.Errorf("en = %+v, want %+v", got, r.Facts)
			}
			if got := r.ByCategory["project"]; got != r.Facts {
				t.Errorf("project = %+v, want %+v", got, r.Facts)
			}
			if r.KeptOut.Total != 1 || r.KeptOut.Total-r.KeptOut.Good != tc.keptIn {
				t.Errorf("kept out %+v, want %d in memory", r.KeptOut, tc.keptIn)
			}
			if r.Updates.Good != tc.updates || r.Retractions.Good != tc.retractions {
				t.Errorf("updates %+v retractions %+v, want %d and %d resolved", r.Updates, r.Retractions, tc.updates, tc.retractions)
			}
			if got := strings.Join(r.Missed, " "); got != tc.missed {
				t.Errorf("missed %q, want %q", got, tc.missed)
			}
			if got := strings.Join(r.Kept, " "); got != tc.kept {
				t.Errorf("kept %q, want %q", got, tc.kept)
			}
			if got := strings.Join(r.Unresolved, " "); got != tc.unres {
				t.Errorf("unresolved %q, want %q", got, tc.unres)
			}
			if pass := len(r.Shortfalls()) == 0; pass != (tc.facts == 1 && tc.keptIn == 0 && tc.updates == 1 && tc.retractions == 1) {
				t.Errorf("shortfalls %q", r.Shortfalls())
			}
		})
	}
}

// Ensure that the test half's report names no ids and no strings: only
// counts leave it.
func TestScore_TestHalfCountsOnly(t *testing.T) {
	c, err := Load(writeTiny(t, strings.Replace(tinyCorpus, `"half": "dev"`, `"half": "test"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	r := Score(c, "Bazel", map[string]string{"a.md": "Makefile node:20"})
	if len(r.Missed)+len(r.Kept)+len(r.Unresolved) != 0 {
		t.Errorf("test half lists ids: %v %v %v", r.Missed, r.Kept, r.Unresolved)
	}
	s := r.String() + strings.Join(r.Shortfalls(), "\n")
	r = Score(c, "", map[string]string{"index.md": "- Bazel is banned ([x](pages/x.md))\n"})
	s += r.String()
	for _, leak := range []string{"t-f", "t-d", "t-u", "t-r", "Bazel", "Makefile", "node:2"} {
		if strings.Contains(s, leak) {
			t.Errorf("test half report contains %q:\n%s", leak, s)
		}
	}
	if !strings.Contains(s, "0/1 (0%)") || !strings.Contains(s, "distractors reached memory") {
		t.Errorf("report lacks its counts:\n%s", s)
	}
}

// Ensure that index.md's claim lines count as naming a fact when they hold
// any must string of the half, that other lines are not claims, and that
// only a tuning half lists the noise lines.
func TestScore_Claims(t *testing.T) {
	index := "# Index\n\n## tools\n- Build with the Makefile ([tools](pages/tools/make.md))\n" +
		"- Look into the flaky test today ([misc](pages/misc/flaky.md))\n- not a claim line\n"
	for _, half := range []string{"dev", "test"} {
		c, err := Load(writeTiny(t, strings.Replace(tinyCorpus, `"half": "dev"`, `"half": "`+half+`"`, 1)))
		if err != nil {
			t.Fatal(err)
		}
		r := Score(c, "", map[string]string{"index.md": index})
		if r.Claims != (Tally{Total: 2, Good: 1}) {
			t.Errorf("%s: claims %+v, want 1 of 2", half, r.Claims)
		}
		if want := half == "dev"; (len(r.Noise) == 1) != want {
			t.Errorf("%s: noise %q", half, r.Noise)
		}
	}
}

// Ensure that the dev half's table carries the rows and the id lists.
func TestReport_String(t *testing.T) {
	c, err := Load(writeTiny(t, tinyCorpus))
	if err != nil {
		t.Fatal(err)
	}
	s := Score(c, "", nil).String()
	for _, want := range []string{"dev half: 2 sessions in 2 rounds", "project", "answers (both)", "superseded", "joke", "updates resolved", "facts missing from the context (1): t-f002", "unresolved updates and retractions (1): t-u001"} {
		if !strings.Contains(s, want) {
			t.Errorf("table lacks %q:\n%s", want, s)
		}
	}
}
