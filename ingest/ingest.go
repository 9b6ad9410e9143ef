// Package ingest turns a settled agent transcript into a pending
// checkpoint in the ledger: it scans the transcript (transcript.Scan),
// resolves the session's scope, refuses a session that was forgotten, and
// records the settled cursor. It is what memfs checkpoint, the agent hooks
// and memfs serve's watcher share.
package ingest

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

// ErrErasedSource refuses to take in a session that was forgotten.
var ErrErasedSource = errcode.New("erased_source", "erased_source")

// Options say where a checkpoint is recorded.
type Options struct {
	// Store locates the store whose erasure markers refuse forgotten
	// sessions; a store not initialized yet refuses none.
	Store gitstore.Options
	// Ledger records the checkpoint.
	Ledger *ledger.Ledger
	// Scope resolves the scope of a session working in cwd.
	Scope func(cwd string) (string, error)
	// Ignore, when set, reports whether a path (the transcript, or the
	// session's working directory) belongs to a session that is never
	// evidence: a dream run's own agent, working in the staged-runs folder.
	Ignore func(path string) bool
}

// Request names the transcript to checkpoint.
type Request struct {
	Transcript string
	Format     transcript.Format
	// Session and Cursor, when set, override the session id read from the
	// transcript and the settled cursor (default: the current leaf).
	Session, Cursor string
	// CWDHint stands in for the session's working directory when the
	// transcript does not name one.
	CWDHint string
}

// Result says what a checkpoint did.
type Result struct {
	Session, Scope, Cursor string
	// Recorded is false for a subagent (non-root) transcript and for an
	// ignored one.
	Recorded bool
	// Ignored is true when Options.Ignore refused the session.
	Ignored bool
	// Changed is false when the same cursor was already recorded.
	Changed bool
	// Pending is true when the session waits to be dreamed.
	Pending bool
}

// Checkpoint scans a transcript and records its settled cursor. A subagent
// transcript, or one Options.Ignore refuses, is scanned but never
// recorded.
func Checkpoint(ctx context.Context, o Options, r Request) (*Result, error) {
	path, err := filepath.Abs(r.Transcript)
	if err != nil {
		return nil, err
	}
	cp, err := transcript.Scan(ctx, path, r.Format, r.Session, r.Cursor)
	if err != nil {
		return nil, err
	}
	res := &Result{Session: cp.SessionID, Cursor: cp.Cursor}
	if !cp.Root {
		return res, nil
	}
	cwd := cp.CWD
	if cwd == "" {
		cwd = r.CWDHint
	}
	if o.Ignore != nil && (o.Ignore(path) || o.Ignore(cwd)) {
		res.Ignored = true
		return res, nil
	}
	if res.Scope, err = o.Scope(cwd); err != nil {
		return nil, err
	}
	if err := RefuseErased(ctx, o.Store, cp); err != nil {
		return nil, err
	}
	rec, err := o.Ledger.RecordCheckpoint(ctx, ledger.Checkpoint{Scope: res.Scope, Checkpoint: *cp})
	if err != nil {
		return nil, err
	}
	res.Recorded, res.Changed, res.Pending = true, rec.Changed, rec.Pending
	return res, nil
}

// RefuseErased fails with ErrErasedSource when the session was forgotten,
// or when its content is a forgotten session's (a transcript copied under
// a new id, or checkpointed with --session other: see
// erasure.Guard.CopiesForgotten).
func RefuseErased(ctx context.Context, store gitstore.Options, cp *transcript.Checkpoint) error {
	guard, err := gitstore.OpenGuard(ctx, store)
	if err != nil {
		return err
	}
	if guard.ErasedSession(cp.SessionID) {
		return fmt.Errorf("session %s was forgotten; it cannot be checkpointed again: %w", cp.SessionID, ErrErasedSource)
	}
	if !guard.HasContent() {
		return nil
	}
	ev, err := transcript.Materialize(ctx, *cp, nil)
	if err != nil {
		return err
	}
	if guard.CopiesForgotten(ev.Texts()) {
		return fmt.Errorf("session %s holds the content of a forgotten session; it cannot be checkpointed: %w", cp.SessionID, ErrErasedSource)
	}
	return nil
}
