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
// the real CLI path with the default (builtin) dreamer, meets the goals of
// issues 21 and 22: at least 90% of the facts in `memfs context`, at least
// 75% in every language, no distractor in any file of the memory, and every
// update and retraction resolved. Every half present is run; a checkout
// without any half fails.
//
// Baseline of the builtin dreamer before the recognizer of issue 21 (dev
// half, 2026-12-01): 6 of 98 facts in the context (6%), 8 in pages; en
// 6/43, every other language none; no answer, answer-tool, team or
// confirmation fact; 69/69 distractors kept out; 0/6 updates resolved, 5/5
// retractions (nothing had been recorded to retract).
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
				t.Errorf("%s half: %s", half, s)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no memory corpus half under internal/memcorpus/testdata")
	}
}
