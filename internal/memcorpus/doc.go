// Package memcorpus loads and scores the memory corpus: realistic agent
// sessions in the three transcript formats with the durable facts,
// distractors, updates and retractions a memory built from them should (and
// should not) hold. It is test support, like internal/storetest: the test
// in internal/memcorpus/halves and scripts/bench/memeval feed a half of the
// corpus through the memfs command's checkpoint, dream and context, then
// score what came out.
//
// A half lives in testdata/<half>/ (dev and dev2 to dev56: tuned on; test:
// never read while tuning) as sessions/*.jsonl plus corpus.json; the format is fixed by the
// corpus writers' shared description and checked by Load.
//
// Files:
//   - corpus.go: the corpus types, Load and its validation
//   - text.go: the searchable text of a session file and the matching rule
//   - score.go: Score, Report and its table, the goals
//   - run.go: Run, the checkpoint, dream and context pipeline over a half
package memcorpus
