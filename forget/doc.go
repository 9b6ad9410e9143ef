// Package forget makes memory forget for good (docs/design.md §7).
//
// A forget names up to 32 targets: session:<id> (every page citing the
// session, in every revision, or only the claims resting on it when the
// page's claims cite their own sessions, plus its evidence, staged copies
// and ledger records; later checkpoints of it are refused), page:<path> (the page in
// every revision and the index lines linking it) and text:<literal> (every
// Markdown block holding the literal, matched by wiki.Tokens, in every
// file and commit message of every revision).
//
// Preview computes, under the store lock, what would change and a
// forget_scope token binding the store, the targets, every ref head and
// every affected item, and keeps its rewrite as a content-free plan in
// the store (gitstore.Tx.SavePlan). Apply uses that plan when no content
// ref moved since (else it recomputes the rewrite, gitstore.Tx.Rewrite),
// binds it to a token again under the lock and refuses a different one;
// then it writes the rewritten history,
// records a content-free note of what it is about to switch
// ($MEMFS_HOME/forget-pending.json), switches every ref and the erasure
// markers in one atomic step, deletes staged runs holding the content,
// scrubs and compacts the ledger, purges the store and verifies by
// scanning every object, and drops the caches. An apply killed before the
// switch left nothing visible; one killed after it is finished by the next
// apply, which is why every step after the switch is idempotent.
//
// Nothing this package stores quotes a text target: receipts and the
// pending note name literals by marker id, the command-id binding is a
// keyed hash, and old object ids are never written down (a blob id
// confirms a guessed secret). Receipts give commit counts, not old heads.
//
// Every target leaves a marker: a session's id, a page's path and a
// literal's tokens are fingerprinted, so the guard refuses a citation of
// the session, a page at the path, and the literal inside any text. To
// keep a forgotten page's facts from returning under another path, forget
// the sessions it cites or its text as well.
package forget
