// Package dream runs dreaming (docs/design.md §1): it turns the pending evidence of
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
// A run that published keeps its .memory as the scope's folder under
// $MEMFS_HOME/kept/, which the scope's next run takes over and brings in
// line with the head, writing only the files that differ (hydrate.go).
// Beside it, a dreamer that remembers what it read of pages
// (MemoAware: the builtin) keeps that memory in a memo file for the
// scope's next run, in another process; a forget drops both.
//
// A Dreamer edits .memory and returns a summary. The run then publishes
// .memory through gitstore.Store.Publish, which validates it in publish mode
// without following links, with the allow-list of sessions already cited at
// the head plus the sessions of the batch, and compare-and-swaps the scope
// branch against the run's base commit. A lost race re-dreams once on the new
// head. Only cursors unchanged since the run began are acknowledged in the
// ledger.
//
// A checkpoint whose transcript cannot be read any more (source_unavailable)
// becomes a failed checkpoint (unavailable.go): it leaves the pending list,
// and a run that found nothing else counts toward no backoff.
//
// Failure, cancellation, timeout and invalid output publish nothing: the
// evidence stays pending and the run's reason is recorded in the ledger's
// runs bucket as a stable code (see the Reason* constants).
//
// A run never trusts a ref that moved while its dreamer ran
// (refsmoved.go): it publishes nothing (ReasonRefsMoved) and puts back a
// moved head that holds forgotten content. One session never wedges its
// batch: an invalid output is dreamed again one session at a time, and a
// session that alone makes it invalid is set aside (Result.SetAside) while
// the rest publishes.
//
// Forgotten content never wedges a scope (erased.go): before publishing,
// the run drops from the staged memory and from the summary whatever the
// store's erasure guard matches, and publishes the rest; Result.Dropped
// counts it. A run cancelled from another process (CancelRun) writes
// nothing afterwards: its last writes take the run's gate (locks.go) and
// happen only while its record still says running.
//
// # Run locks, reconciling, retry
//
// A running run's process holds an flock on runs/<run id>.lock (locks.go),
// which the kernel drops however the process dies. Reconcile records runs
// left "running" without a live lock as cancelled (ReasonCrashed) and
// removes their staged directories; CancelRun and RemoveRun do the same
// for one run on behalf of forget. After a failed run, a scope's automatic
// runs back off and then stop (retry.go: Due, FirstBackoff, SecondBackoff,
// MaxFailures) until an explicit run or a reset.
//
// # Review and the serve schedule
//
// In review mode a run that would publish is kept as a proposal; Review
// approves it (fast-forward, then the acknowledgements) or rejects it.
// Schedule decides when memfs serve dreams each scope.
//
// # Dreamers
//
// Dreamer is the extension point. Three implement it: the deterministic
// dream/builtin, dream/execdreamer (an external command) and
// dream/openaidreamer (an OpenAI-compatible chat API with file tools).
//
// # Errors
//
// Sentinels live in errors.go; the coded ones answer their stable code
// through errcode.Coder.
package dream
