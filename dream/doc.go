// Package dream runs dreaming (DESIGN §8): it turns the pending evidence of
// one scope into a validated publication of that scope's memory.
//
// # Runs
//
// A run takes up to MaxBatch pending checkpoints of one scope (runs never mix
// scopes), materializes their evidence, and stages a run directory under
// $MEMFS_HOME/runs/<run id>/ (0700):
//
//	.dreaming/input/manifest.json                 ids, cursors, digests, counts; no content
//	.dreaming/input/sessions/<n>-<hash>/transcript.jsonl   evidence, 0400
//	.dreaming/instructions.md                     memory schema and retention policy
//	.memory/                                      the hydrated scope head
//
// A Dreamer edits .memory and returns a summary. The run then publishes
// .memory through gitstore.Store.Publish, which validates it in publish mode
// without following links, with the allow-list of sessions already cited at
// the head plus the sessions of the batch, and compare-and-swaps the scope
// branch against the run's base commit. A lost race re-dreams once on the new
// head. Only cursors unchanged since the run began are acknowledged in the
// ledger.
//
// Failure, cancellation, timeout and invalid output publish nothing: the
// evidence stays pending and the run's reason is recorded in the ledger's
// runs bucket as a stable code (see the Reason* constants).
//
// # Dreamers
//
// Dreamer is the extension point. The deterministic builtin dreamer lives in
// dream/builtin; exec and openai dreamers are meant to implement the same
// interface.
package dream
