package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/internal/memcorpus"
)

// Ensure that the memory built from each half of the memory corpus, through
// the real CLI path with the default (builtin) dreamer, keeps the ground it
// has reached (floors below), and log how far it is from the goals of issues
// 21 and 22 (at least 90% of the facts in `memfs context`, at least 75% in
// every language, no distractor in any file of the memory, and every update
// and retraction resolved), which are not all met yet. Every half present is
// run; a checkout without any half fails.
//
// Measured 2026-12-01 with the new recognizer and topic pages: dev half 98/98
// facts in pages, 57/98 in the context, 69/69 distractors kept out, updates
// 5/6, retractions 4/5; held-out test half 90/109 in pages, 48/109 in the
// context, 65/67 kept out, updates 2/7, retractions 4/6. With the compact
// context (index.md without link frames, no repeated summary) and page
// names from the thing a claim is about: dev 96/98 in the context, test
// 78/109.
// Second tuning half dev2, written after that tuning from how
// people talk, with those rules: 82/109 in pages, 81/109 in the context,
// 67/70 kept out, updates 3/12, retractions 3/10. Tuned on both halves
// (rules version 3): dev unchanged (98/98 in pages, 96/98 in the context,
// 69/69, updates 5/6, retractions 4/5); dev2 108/109 in pages, 105/109 in
// the context, 70/70, updates 9/12, retractions 10/10; test 99/109 in
// pages, 80/109 in the context, 66/67, updates 1/7, retractions 3/6
// (counts only).
// Third tuning half dev3, written after tuning on dev and dev2 from how
// people talk, without reading the rules, measured with the rules as of
// d859853 (2026-12-02): 102/120 in pages, 80/120 in the context, 102/107
// kept out, updates 8/14, retractions 7/11.
//
// Baseline of the builtin dreamer before the recognizer of issue 21 (dev
// half, 2026-12-01): 6 of 98 facts in the context (6%), 8 in pages; en
// 6/43, every other language none; no answer, answer-tool, team or
// confirmation fact; 69/69 distractors kept out; 0/6 updates resolved, 5/5
// retractions (nothing had been recorded to retract).
// corpusFloors are the shares each half must keep, a little under what was
// measured (see TestMemoryCorpus), so that a change losing ground fails.
var corpusFloors = map[string]struct{ pages, context, keptOut float64 }{
	"dev":  {pages: 0.97, context: 0.93, keptOut: 1},
	"dev2": {pages: 0.95, context: 0.92, keptOut: 0.98},
	"dev3": {pages: 0.83, context: 0.63, keptOut: 0.94},
	"test": {pages: 0.88, context: 0.70, keptOut: 0.97},
}

func TestMemoryCorpus(t *testing.T) {
	ran := 0
	for _, half := range memcorpus.Halves {
		dir := filepath.Join("..", "..", "internal", "memcorpus", "testdata", half)
		if _, err := os.Stat(filepath.Join(dir, "corpus.json")); errors.Is(err, os.ErrNotExist) {
			continue
		}
		ran++
		t.Run(half, func(t *testing.T) {
			corpus, err := memcorpus.Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			c := newCLI(t)
			memfs := func(_ context.Context, args ...string) (string, error) {
				code, out, errs := c.run(args...)
				if code != 0 {
					return out, fmt.Errorf("exit %d: %s", code, errs)
				}
				return out, nil
			}
			r, err := memcorpus.Run(t.Context(), corpus, memfs, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("\n%s", r)
			for _, s := range r.Shortfalls() {
				t.Logf("%s half, goal not met yet: %s", half, s)
			}
			f, ok := corpusFloors[half]
			if !ok {
				t.Fatalf("no floors for half %s", half)
			}
			if got := memcorpus.Ratio(r.Facts.Pages, r.Facts.Total); got < f.pages {
				t.Errorf("%s half: facts in pages %.2f, below the floor %.2f", half, got, f.pages)
			}
			if got := memcorpus.Ratio(r.Facts.Context, r.Facts.Total); got < f.context {
				t.Errorf("%s half: facts in the context %.2f, below the floor %.2f", half, got, f.context)
			}
			if got := memcorpus.Ratio(r.KeptOut.Good, r.KeptOut.Total); got < f.keptOut {
				t.Errorf("%s half: distractors kept out %.2f, below the floor %.2f", half, got, f.keptOut)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no memory corpus half under internal/memcorpus/testdata")
	}
}
