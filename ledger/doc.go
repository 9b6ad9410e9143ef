// Package ledger owns memfs's process state, kept in one bbolt file
// ($MEMFS_HOME/ledger.db): where each agent session was checkpointed, what
// of it was already turned into memory, which sessions wait for dreaming
// in each scope, the dreaming runs, each scope's retry state, and forget
// receipts.
//
// It is the only package that imports bbolt.
//
// # What it never holds
//
// Memory text and transcript text. Values are ids, cursors, digests, byte
// counts, paths and times. Callers that store receipts must pass
// content-free values (hashes, never a forgotten literal): bbolt keeps freed
// pages, so a value once written may outlive its deletion until the file is
// compacted.
//
// # Buckets
//
//	meta                      "version" → schema version ("1")
//	checkpoints/<session>     Checkpoint (JSON, transcript.Checkpoint fields inline): the latest settled cursor
//	processed/<session>       transcript.Processed (JSON): what the last dream consumed
//	pending/<scope>/<session> 8-byte big-endian sequence of the checkpoint
//	runs/<run id>             Run (JSON)
//	retry/<scope>             RetryState (JSON)
//	receipts/<command id>     Receipt (JSON)
//
// Files written by earlier versions may also hold an empty "markers"
// bucket; nothing reads it.
//
// A session is pending when its checkpoint differs from what was processed
// and the checkpoint has not failed; the pending lists are kept in step
// with that in the same transactions. A failed checkpoint (Failed set by
// FailCheckpoint: a dream could not read the transcript) waits for the
// user to drop it (DropFailed) or for a new checkpoint of the session.
//
// # Locking
//
// bbolt allows one writing process per file and waits for the file lock
// forever unless told otherwise. memfs has long-running processes (a mount,
// serve) and short ones started by agent hooks (checkpoint), so a Ledger
// never keeps the file open: every operation opens it, runs one View or
// Update transaction and closes it again. Another process therefore waits
// at most the length of one transaction. Each open waits Options.Timeout
// for the lock and is retried Options.Attempts times; then the operation
// fails with ErrLocked ("ledger locked by another memfs"). Within a process
// the handle's mutex queues operations so goroutines do not poll the file
// lock against each other; a process should share one handle.
//
// Read-only operations take bbolt's shared lock, so readers in several
// processes run together; a missing file reads as an empty ledger. A new
// file is initialized aside and linked into place, so a ledger file is
// never legitimately empty.
//
// # Damage
//
// bbolt trusts its file: a damaged page makes it panic on an assertion,
// fault past the end of its memory map, or recurse without end. So before
// bbolt maps a file in a state this handle has not checked, the ledger
// reads it with plain reads, under the file's shared lock, and walks its
// structure with every offset and page id bounded, every page's keys in
// order and every top-level entry a bucket (verify.go). Each transaction
// then checks the top-level buckets against what the file's version
// writes: none at all (a file whose initialization never committed) or
// all of them; a damaged name, which bbolt would read as a missing bucket
// and create afresh, is damage. bbolt's
// calls then run under a guard that turns a panic or a memory fault into
// a *CorruptError and releases what the abandoned database held, and a
// stored record that does not decode is damage too. A damaged, empty or
// unreadable file is ErrCorrupt (code ledger_corrupt), naming the file and
// the way out; it is never replaced by a write. Check runs every test on
// a file (memfs doctor); Rebuild sets a damaged file aside as
// ledger.db.corrupt-<UTC time> and starts an empty ledger.
//
// # Errors
//
// Sentinels live in errors.go, each coded one with its stable code
// (errcode.Coder: CodeLocked for ErrLocked, CodeCorrupt for ErrCorrupt and
// *CorruptError, CodeNotCorrupt for ErrNotCorrupt).
//
// # Scopes
//
// Scope names are given by the caller (see internal/scope for how a
// session's scope is derived); the ledger does not interpret them.
package ledger
