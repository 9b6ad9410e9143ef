package dream

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/validate"
)

// DefaultTimeout is the wall-clock limit of one run's dreaming.
const DefaultTimeout = time.Hour

// MaxBatch is the largest number of sessions one run dreams.
const MaxBatch = 8

// RunsDir is the folder of run directories inside $MEMFS_HOME.
const RunsDir = "runs"

// Run states recorded in the ledger.
const (
	StateRunning   = "running"
	StatePublished = "published"
	StateUnchanged = "unchanged"
	StateFailed    = "failed"
	StateProposed  = "proposed"
	StateApproved  = "approved"
	StateRejected  = "rejected"
	StateStale     = "stale"
	StateCancelled = "cancelled"
)

// Reasons a run fails, recorded as the ledger run's Error (possibly followed
// by ":" and validation codes). They never quote content.
const (
	ReasonNoEvidence    = "no_evidence"
	ReasonStage         = "stage_failed"
	ReasonDreamer       = "dreamer_failed"
	ReasonTimeout       = "timeout"
	ReasonCancelled     = "cancelled"
	ReasonInvalidOutput = "invalid_output"
	ReasonConflict      = "conflict"
	ReasonPublish       = "publish_failed"
	// ReasonWroteOutside: the dreamer changed the run directory outside
	// .memory.
	ReasonWroteOutside = "invalid_output:wrote_outside_memory"
	// ReasonRefsMoved: a ref of the store moved while the dreamer ran.
	ReasonRefsMoved = "refs_moved"
)

// Dreamer turns a staged run directory into edits of its .memory folder.
// Dream must return when ctx ends; the run is failed then whatever it
// returns. The summary is a short, human-readable account of the edits.
type Dreamer interface {
	Dream(ctx context.Context, runDir string) (summary string, err error)
}

// DreamerFunc adapts a function to the Dreamer interface.
type DreamerFunc func(ctx context.Context, runDir string) (string, error)

// Dream calls f.
func (f DreamerFunc) Dream(ctx context.Context, runDir string) (string, error) { return f(ctx, runDir) }

// Options configure one run.
type Options struct {
	// Home is $MEMFS_HOME; runs are staged under Home/runs.
	Home    string
	Store   *gitstore.Store
	Ledger  *ledger.Ledger
	Scope   string
	Dreamer Dreamer
	// Timeout bounds the dreaming of the run, a re-dream after a lost race
	// included; DefaultTimeout when zero.
	Timeout time.Duration
	// KeepRuns keeps the run directory after the run.
	KeepRuns bool
	// Force runs even when the scope's retry state says to wait or has
	// stopped automatic runs (memfs dream --now).
	Force bool
	// Review publishes the run as a proposal (refs/memfs/proposals/...)
	// for memfs review approve|reject; the evidence is acknowledged only on
	// approval. A scope with an open proposal does not dream again.
	Review bool
	// Now stamps run ids and records; time.Now when nil.
	Now func() time.Time
	// Log receives what a run dropped (counts, never content);
	// slog.Default() when nil.
	Log *slog.Logger
}

// SourceFailure is a pending checkpoint that could not be materialized. It
// stays pending, unless its transcript was unavailable: then it became a
// failed checkpoint (Failed; unavailable.go).
type SourceFailure struct {
	SessionID string `json:"session_id"`
	Code      string `json:"code"`
	Failed    bool   `json:"failed,omitempty"`
}

// Result reports a run.
type Result struct {
	// RunID is empty when nothing was pending.
	RunID string
	Scope string
	// Dir is the run directory (removed unless KeepRuns).
	Dir string
	// Base is the head the run started from; Commit the published commit,
	// or the head when the dreamer changed nothing.
	Base   gitstore.ID
	Commit gitstore.ID
	// Published is true when a new commit was made; Unchanged when the
	// dreamed memory equalled the head.
	Published bool
	Unchanged bool
	// Sessions are the session ids of the batch; Acknowledged those whose
	// cursor was still the one the run began with.
	Sessions     []string
	Acknowledged []string
	// Skipped are sources that failed to materialize.
	Skipped []SourceFailure
	// SetAside are the sessions of the batch whose evidence alone made the
	// dreamer's output invalid while the rest of the batch published
	// (isolate): acknowledged without being dreamed.
	SetAside []string
	// Attempts counts dreamer calls (2 after a lost race).
	Attempts int
	Summary  string
	// Reason is the failure code ("" on success).
	Reason string
	// Problems are the validation findings of rejected output.
	Problems []validate.Problem
	// Deferred is set, and nothing ran, when the scope's retry state asks
	// to wait (backoff after failures, or stopped after MaxFailures).
	Deferred *ledger.RetryState
	// Proposed is true when the run published a proposal (review mode);
	// AwaitingReview names the open proposal that kept a run from starting.
	Proposed       bool
	AwaitingReview string
	// Dropped counts what the run left out because it would have brought
	// forgotten content back (erased.go); the rest was published.
	Dropped Dropped
}

// batchItem is one pending checkpoint the run materialized.
type batchItem struct {
	began ledger.Checkpoint
	ev    *transcript.Evidence
}

// Run dreams one batch of a scope's pending evidence. When nothing is
// pending it returns a Result with an empty RunID and no error. A failed run
// returns its Result (Reason set) and a *RunError; nothing is published and
// the evidence stays pending.
func Run(ctx context.Context, opts Options) (*Result, error) {
	if opts.Store == nil || opts.Ledger == nil || opts.Dreamer == nil || opts.Home == "" {
		return nil, errors.New("dream: Home, Store, Ledger and Dreamer are required")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	res := &Result{Scope: opts.Scope}
	pending, err := opts.Ledger.Pending(ctx, opts.Scope)
	if err != nil {
		return nil, err
	}
	guard, err := opts.Store.Guard(ctx)
	if err != nil {
		return nil, err
	}
	if pending, err = leaveErased(ctx, opts.Ledger, pending, guard, res); err != nil || len(pending) == 0 {
		return res, err
	}
	if wait, err := mustWait(ctx, opts, res); err != nil || wait {
		if err != nil {
			return nil, err
		}
		return res, nil
	}
	base, err := opts.Store.Head(ctx, opts.Scope)
	if err != nil && !errors.Is(err, gitstore.ErrNoScope) {
		return nil, err
	}
	res.Base = base
	r, err := begin(ctx, opts, res)
	if err != nil {
		return nil, err
	}
	defer r.end()

	batch := materialize(ctx, opts.Ledger, pending, res)
	allFailed, err := failUnavailable(ctx, opts.Ledger, pending, res)
	if err != nil {
		return r.fail(ctx, ReasonNoEvidence, err)
	}
	for _, it := range batch {
		Withhold(it.ev, guard)
	}
	if len(batch) == 0 {
		if ctx.Err() != nil {
			return r.fail(ctx, ReasonCancelled, ctx.Err())
		}
		r.noBackoff = allFailed
		return r.fail(ctx, ReasonNoEvidence, nil)
	}
	if err := r.stage(batch); err != nil {
		return r.fail(ctx, ReasonStage, err)
	}
	reason, err := r.dreamAndPublish(ctx)
	if isolating(reason) && len(batch) > 1 && !opts.Review && ctx.Err() == nil {
		reason, err = r.isolate(ctx, batch, reason, err)
	}
	if reason != "" {
		return r.fail(ctx, reason, err)
	}
	return r.acknowledge(ctx, batch)
}

// isolating reports whether a run that failed for reason is dreamed again
// one session at a time: its output was invalid, which one session's
// evidence can cause (a message too large for a page, text that cannot be
// one). A dreamer that failed, timed out or wrote outside .memory is not.
func isolating(reason string) bool {
	return strings.HasPrefix(reason, ReasonInvalidOutput) && reason != ReasonWroteOutside
}

// isolate dreams the sessions of a batch whose output was invalid one at
// a time, each on the head the previous one published, so that one
// session's evidence cannot keep the rest of its batch pending for ever.
// When at least one session publishes alone, those that still fail alone
// are set aside (Result.SetAside, the run record's SetAside): they are
// acknowledged without being dreamed and named, never quoted, in the
// record. When none does, the fault is not one session's: the run fails
// with the batch's reason and everything stays pending.
func (r *runner) isolate(ctx context.Context, batch []batchItem, reason string, cause error) (string, error) {
	res := r.res
	all := res.Sessions
	var bad []string
	good := 0
	for _, it := range batch {
		if ctx.Err() != nil {
			return ReasonCancelled, ctx.Err()
		}
		if err := fsutil.RemoveTree(filepath.Join(res.Dir, DreamingDir)); err != nil {
			return ReasonStage, err
		}
		res.Sessions, res.Attempts, res.Problems = nil, 0, nil
		if err := r.stage([]batchItem{it}); err != nil {
			return ReasonStage, err
		}
		why, err := r.dreamAndPublish(ctx)
		switch {
		case why == "":
			good++
			if !res.Commit.IsZero() {
				res.Base = res.Commit
				r.rec.Base = res.Base.String()
			}
		case isolating(why):
			bad = append(bad, it.began.SessionID)
		default:
			return why, err
		}
	}
	res.Sessions, r.rec.Sessions = all, all
	if good == 0 {
		return reason, cause
	}
	res.Problems, res.SetAside, r.rec.SetAside = nil, bad, bad
	if len(bad) > 0 {
		r.opts.Log.Warn("dream run set aside sessions whose evidence alone made the output invalid", "run", res.RunID, "scope", r.opts.Scope, "sessions", len(bad))
	}
	return "", nil
}

// mustWait reports whether the scope must wait instead of running now: an
// open proposal of the scope awaits review (review mode), or the retry
// state defers automatic runs. It says why in res.
func mustWait(ctx context.Context, opts Options, res *Result) (bool, error) {
	if opts.Review {
		open, err := opts.Store.Proposals(ctx)
		if err != nil {
			return false, err
		}
		for _, p := range open {
			if p.Scope == opts.Scope {
				res.AwaitingReview = p.Run
				return true, nil
			}
		}
	}
	if opts.Force {
		return false, nil
	}
	due, st, err := Due(ctx, opts.Ledger, opts.Scope, opts.Now())
	if err != nil {
		return false, err
	}
	if !due {
		res.Deferred = &st
		return true, nil
	}
	return false, nil
}

// runner is one run under way: its options, its result so far and its
// ledger record.
type runner struct {
	opts    Options
	res     *Result
	rec     ledger.Run
	started time.Time
	lock    *runLock
	// noBackoff keeps a failure out of the scope's retry state: the run
	// found nothing to read only because every transcript was gone, and
	// those sessions are no longer pending.
	noBackoff bool
}

// begin creates the run: its id, its locked directory and its ledger
// record (running).
func begin(ctx context.Context, opts Options, res *Result) (_ *runner, err error) {
	r := &runner{opts: opts, res: res, started: opts.Now().UTC()}
	if res.RunID, err = newRunID(r.started); err != nil {
		return nil, err
	}
	runs := filepath.Join(opts.Home, RunsDir)
	if err := os.MkdirAll(runs, 0o700); err != nil {
		return nil, err
	}
	res.Dir = filepath.Join(runs, res.RunID)
	if r.lock, err = lockRun(runs, res.RunID); err != nil {
		return nil, err
	}
	if err := os.Mkdir(res.Dir, 0o700); err != nil {
		r.lock.release()
		return nil, err
	}
	r.rec = ledger.Run{ID: res.RunID, Scope: opts.Scope, State: StateRunning, Started: r.started}
	if !res.Base.IsZero() {
		r.rec.Base = res.Base.String()
	}
	if err := opts.Ledger.PutRun(ctx, r.rec); err != nil {
		r.end()
		return nil, err
	}
	return r, nil
}

// end removes the run directory (unless KeepRuns) and the gate, and
// releases the lock.
func (r *runner) end() {
	if !r.opts.KeepRuns {
		_ = fsutil.RemoveTree(r.res.Dir)
	}
	removeGate(filepath.Join(r.opts.Home, RunsDir), r.res.RunID)
	r.lock.release()
}

// fail records the run as failed for reason, even when ctx was cancelled,
// and counts the failure in the scope's retry state.
//
// A run cancelled from outside (CancelRun, by forget) writes nothing at
// all: its record stays as the canceller left it.
func (r *runner) fail(ctx context.Context, reason string, cause error) (*Result, error) {
	ctx = context.WithoutCancel(ctx)
	err := r.gated(ctx, func() error {
		r.rec.State, r.rec.Error, r.rec.Finished = StateFailed, reason, r.opts.Now().UTC()
		if r.noBackoff {
			return r.opts.Ledger.PutRun(ctx, r.rec)
		}
		return errors.Join(r.opts.Ledger.PutRun(ctx, r.rec),
			recordOutcome(ctx, r.opts.Ledger, r.opts.Scope, true, r.opts.Now()))
	})
	if errors.Is(err, errCancelled) {
		reason, err = ReasonCancelled, nil
		if !errors.Is(cause, errCancelled) {
			cause = errors.Join(cause, errCancelled)
		}
	}
	r.res.Reason = reason
	return r.res, &RunError{RunID: r.res.RunID, Scope: r.opts.Scope, Reason: reason, Err: errors.Join(cause, err)}
}

// stage writes the manifest and the evidence of the batch into the run
// directory.
func (r *runner) stage(batch []batchItem) error {
	m := &Manifest{Version: ManifestVersion, RunID: r.res.RunID, Scope: r.opts.Scope, Created: r.started, Limits: r.opts.Store.Limits()}
	if !r.res.Base.IsZero() {
		m.Base = r.res.Base.String()
	}
	var staged []stagedSession
	for _, it := range batch {
		r.res.Sessions = append(r.res.Sessions, it.began.SessionID)
		redactions := it.ev.Redactions
		if redactions == nil {
			redactions = map[string]int{}
		}
		staged = append(staged, stagedSession{
			entry: ManifestSession{
				SessionID: it.began.SessionID, Relation: string(it.ev.Relation),
				Cursor: it.began.Cursor, Digest: it.began.Digest,
				Records: it.ev.Records, Bytes: len(it.ev.Transcript),
				Redactions: redactions, Truncations: it.ev.Truncations, Notes: it.ev.Notes,
			},
			transcript: it.ev.Transcript,
		})
	}
	r.rec.Sessions = r.res.Sessions
	return stageInput(r.res.Dir, m, staged)
}

// dreamAndPublish hydrates .memory, lets the dreamer edit it and publishes
// it, all within the run's timeout; a lost race dreams once more on the
// new head. A failure returns its reason (and the error, if any).
func (r *runner) dreamAndPublish(ctx context.Context) (string, error) {
	opts, res := r.opts, r.res
	dctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	for {
		// The stat cache of the scope's kept folder, which only a
		// publication changes (hydrate.go).
		kept := opts.Store.FolderCache(keptPath(opts.Home, opts.Scope))
		if err := hydrate(dctx, opts.Store, kept, opts.Home, opts.Scope, res.Dir, res.Base); err != nil {
			return ctxReason(ctx, dctx, ReasonStage), err
		}
		res.Attempts++
		before, err := outsideMemory(res.Dir)
		if err != nil {
			return ReasonStage, err
		}
		refs, err := opts.Store.Refs(dctx)
		if err != nil {
			return ctxReason(ctx, dctx, ReasonStage), err
		}
		erased, err := opts.Store.Guard(dctx)
		if err != nil {
			return ctxReason(ctx, dctx, ReasonStage), err
		}
		d := opts.Dreamer
		if la, ok := d.(LimitsAware); ok {
			d = la.WithLimits(opts.Store.Limits())
		}
		if ga, ok := d.(GuardAware); ok {
			d = ga.WithGuard(erased)
		}
		if ka, ok := d.(KnownAware); ok {
			d = ka.WithKnown(func(p string, info fs.FileInfo) (gitstore.ID, bool) {
				id, ok := kept.HoldsID(p, info)
				return id, ok
			})
		}
		if ma, ok := d.(MemoAware); ok && !opts.KeepRuns && !opts.Review {
			d = ma.WithMemoFile(memoPath(opts.Home, opts.Scope))
		}
		summary, err := d.Dream(dctx, res.Dir)
		// Whatever the dreamer did, a ref that moved meanwhile is never
		// trusted: the run publishes nothing (refsmoved.go).
		if merr := r.refsMoved(context.WithoutCancel(ctx), refs, erased); merr != nil {
			return ReasonRefsMoved, merr
		}
		// A dreamer that outlives its deadline failed, whatever it says.
		if reason := ctxReason(ctx, dctx, ""); reason != "" {
			return reason, dctx.Err()
		}
		if err != nil {
			if code := errcode.Of(err); code != "" {
				// A dreamer's own code says what went wrong
				// (the builtin's memory_full: the remedy is in err).
				return ReasonDreamer + ":" + code, err
			}
			return ReasonDreamer, err
		}
		// The dreamer edits .memory only: any change elsewhere in the run
		// (the evidence, the instructions, new files) fails the run.
		if after, err := outsideMemory(res.Dir); err != nil || after != before {
			return ReasonWroteOutside, err
		}
		pub, err := r.publishDropping(dctx, summary, kept)
		if errors.Is(err, errCancelled) {
			return ReasonCancelled, err
		}
		if errors.Is(err, gitstore.ErrConflict) && res.Attempts == 1 {
			// Lost the race: dream the same batch again on the new head.
			base, err := opts.Store.Head(ctx, opts.Scope)
			if err != nil && !errors.Is(err, gitstore.ErrNoScope) {
				return ReasonPublish, err
			}
			res.Base = base
			r.rec.Base = base.String()
			continue
		}
		if err != nil {
			return publishReason(ctx, dctx, res, err), err
		}
		res.Commit, res.Unchanged, res.Published = pub.Commit, pub.Unchanged, !pub.Unchanged
		if res.Dropped.Any() {
			d := res.Dropped
			opts.Log.Warn("dream run dropped what would bring forgotten content back", "run", res.RunID, "scope", opts.Scope,
				"sessions", d.Sessions, "pages", d.Pages, "blocks", d.Blocks, "links", d.Links, "reset", d.Reset, "summary_lines", d.SummaryLines)
		}
		return "", nil
	}
}

// maxDropRounds bounds how often a run drops what the store refused as
// erased and publishes again.
const maxDropRounds = 3

// publishDropping drops from the staged memory, and from the summary that
// becomes the commit message, what would bring forgotten content back
// (erased.go), and publishes the rest. When the store still refuses
// something as erased (markers that arrived meanwhile, checks of its
// own), the files it names are dropped and the run publishes again, a
// bounded number of times. A run found cancelled publishes nothing
// (errCancelled).
func (r *runner) publishDropping(ctx context.Context, summary string, kept *gitstore.FolderCache) (*gitstore.PublishResult, error) {
	mem := filepath.Join(r.res.Dir, MemoryDir)
	// The files the dreamer left as they were published are known by the
	// stat cache of the scope's kept folder (hydrate.go).
	known := knownFiles{folder: kept, facts: r.opts.Store}
	for round := 1; ; round++ {
		guard, err := r.opts.Store.Guard(ctx)
		if err != nil {
			return nil, err
		}
		d, files, err := dropErased(mem, guard, known)
		if err != nil {
			return nil, err
		}
		r.res.Dropped.add(d)
		r.res.Summary, r.res.Dropped.SummaryLines = cleanSummary(summary, guard)
		r.res.Summary = noteDropped(r.res.Summary, r.res.Dropped.Pages)
		if err := r.gated(ctx, func() error { return nil }); err != nil {
			return nil, err
		}
		pub, err := publish(ctx, r.opts, r.res, r.res.Base, guard, kept, files)
		var verr *validate.Error
		if round < maxDropRounds && errors.As(err, &verr) {
			rd, changed, derr := dropRefused(mem, verr.Problems)
			if derr != nil {
				return nil, errors.Join(err, derr)
			}
			if changed {
				r.res.Dropped.add(rd)
				continue
			}
		}
		return pub, err
	}
}

// publishReason is the failure reason of a publication error.
func publishReason(ctx, dctx context.Context, res *Result, err error) string {
	var verr *validate.Error
	switch {
	case errors.As(err, &verr):
		res.Problems = verr.Problems
		return invalidReason(verr.Problems)
	case errors.Is(err, gitstore.ErrConflict):
		return ReasonConflict
	case ctxReason(ctx, dctx, "") != "":
		return ctxReason(ctx, dctx, "")
	}
	return ReasonPublish
}

// acknowledge ends a run that published. In review mode the publication is
// a proposal, acknowledged on approval; otherwise what is still the cursor
// the run began with is acknowledged now. Either way the scope's failure
// streak ends. A run cancelled meanwhile (by forget) acknowledges and
// records nothing: whatever it would write about its sessions could name
// one the forget just scrubbed.
func (r *runner) acknowledge(ctx context.Context, batch []batchItem) (*Result, error) {
	ackCtx := context.WithoutCancel(ctx)
	err := r.gated(ackCtx, func() error {
		if err := r.record(ackCtx, batch); err != nil {
			return err
		}
		r.keep()
		return nil
	})
	if errors.Is(err, errCancelled) {
		r.res.Reason = ReasonCancelled
		r.opts.Log.Warn("dream run was cancelled after it published; nothing acknowledged", "run", r.res.RunID, "scope", r.opts.Scope, "commit", r.res.Commit.String())
		return r.res, &RunError{RunID: r.res.RunID, Scope: r.opts.Scope, Reason: ReasonCancelled, Err: err}
	}
	return r.res, err
}

// record writes the outcome of a run that published; the caller holds the
// run's gate.
func (r *runner) record(ctx context.Context, batch []batchItem) error {
	opts, res, rec := r.opts, r.res, &r.rec
	guard, err := opts.Store.Guard(ctx)
	if err != nil {
		return err
	}
	if opts.Review && res.Published {
		res.Published, res.Proposed = false, true
		rec.State, rec.Commit, rec.Finished = StateProposed, res.Commit.String(), opts.Now().UTC()
		for _, it := range batch {
			if guard.ErasedSession(it.began.SessionID) {
				continue
			}
			rec.Checkpoints = append(rec.Checkpoints, it.began)
			rec.Processed = append(rec.Processed, it.ev.Processed)
		}
		rec.Sessions = notErased(rec.Sessions, guard)
		err := opts.Ledger.PutRun(ctx, *rec)
		return errors.Join(err, recordOutcome(ctx, opts.Ledger, opts.Scope, false, opts.Now()))
	}
	var ackErr error
	for _, it := range batch {
		if guard.ErasedSession(it.began.SessionID) {
			continue // forgotten while the run dreamed: not written back
		}
		ok, err := opts.Ledger.Acknowledge(ctx, it.began, it.ev.Processed)
		if err != nil {
			ackErr = errors.Join(ackErr, err)
			continue
		}
		if ok {
			res.Acknowledged = append(res.Acknowledged, it.began.SessionID)
		}
	}
	rec.State, rec.Commit, rec.Finished = StatePublished, res.Commit.String(), opts.Now().UTC()
	if res.Unchanged {
		rec.State = StateUnchanged
	}
	rec.Sessions = notErased(rec.Sessions, guard)
	if err := opts.Ledger.PutRun(ctx, *rec); err != nil {
		ackErr = errors.Join(ackErr, err)
	}
	if err := recordOutcome(ctx, opts.Ledger, opts.Scope, false, opts.Now()); err != nil {
		ackErr = errors.Join(ackErr, err)
	}
	return ackErr
}

// gated runs write under the run's gate (locks.go) if the ledger still has
// the run running; otherwise the run was cancelled (CancelRun) and write
// does not run: errCancelled.
func (r *runner) gated(ctx context.Context, write func() error) error {
	runs := filepath.Join(r.opts.Home, RunsDir)
	g, err := lockGate(runs, r.res.RunID)
	if err != nil {
		return err
	}
	defer g.unlock(false)
	rec, ok, err := r.opts.Ledger.Run(ctx, r.res.RunID)
	if err != nil {
		return err
	}
	if !ok || rec.State != StateRunning {
		return errCancelled
	}
	return write()
}

// materialize reads the evidence of up to MaxBatch pending checkpoints. A
// source that fails is reported in res.Skipped and stays pending.
func materialize(ctx context.Context, l *ledger.Ledger, pending []ledger.Checkpoint, res *Result) []batchItem {
	var batch []batchItem
	for _, cp := range pending {
		if len(batch) == MaxBatch || ctx.Err() != nil {
			break
		}
		ev, err := materializeOne(ctx, l, cp)
		if err != nil {
			code := errcode.Of(err)
			if code == "" {
				code = string(transcript.CodeSourceUnavailable)
			}
			res.Skipped = append(res.Skipped, SourceFailure{SessionID: cp.SessionID, Code: code})
			continue
		}
		batch = append(batch, batchItem{began: cp, ev: ev})
	}
	return batch
}

func materializeOne(ctx context.Context, l *ledger.Ledger, cp ledger.Checkpoint) (*transcript.Evidence, error) {
	st, err := l.Session(ctx, cp.SessionID)
	if err != nil {
		return nil, err
	}
	prev := st.Processed
	if prev == nil && cp.ForkedFrom != "" {
		// A fork's copied history counts as processed as far as its
		// parent's was.
		parent, err := l.Session(ctx, cp.ForkedFrom)
		if err != nil {
			return nil, err
		}
		prev = parent.Processed
	}
	return transcript.Materialize(ctx, cp.Checkpoint, prev)
}

// publish checks the staged memory and publishes it by compare-and-swap on
// base. The store keeps its stat cache as the scope's kept folder's,
// where the run's memory goes once published (hydrate.go); known is that
// cache as the run began, which the publication takes rather than read
// it again; files the memory's files as dropErased left them (nil:
// unknown).
func publish(ctx context.Context, opts Options, res *Result, base gitstore.ID, guard Guard, known *gitstore.FolderCache, files []memFile) (*gitstore.PublishResult, error) {
	mem := filepath.Join(res.Dir, MemoryDir)
	// The dreamer may have replaced .memory itself; publish only a real
	// directory (OpenDir does not follow links below it).
	fi, err := os.Lstat(mem)
	if err != nil {
		return nil, &validate.Error{Problems: []validate.Problem{{Path: ".", Code: validate.CodeInvalidFileType, Severity: validate.SevError, Message: "the staged memory is missing"}}}
	}
	if !fi.IsDir() {
		return nil, &validate.Error{Problems: []validate.Problem{{Path: ".", Code: validate.CodeInvalidFileType, Severity: validate.SevError, Message: "the staged memory is not a directory"}}}
	}
	// Entry citations need the evidence, which only the run has.
	problems, err := checkCitations(ctx, opts.Store, res.Dir, base, known, files)
	if err != nil {
		return nil, err
	}
	if len(problems) > 0 {
		return nil, &validate.Error{Problems: problems}
	}
	expected := base
	po := gitstore.PublishOptions{
		Scope:        opts.Scope,
		Message:      commitMessage(res),
		Sources:      notErased(res.Sessions, guard),
		Run:          res.RunID,
		ExpectedHead: &expected,
		CacheAs:      keptPath(opts.Home, opts.Scope),
		Cache:        known,
	}
	if opts.Review {
		po.Proposal = res.RunID
	}
	return opts.Store.Publish(ctx, mem, po)
}

// notErased returns the ids the guard does not say were forgotten (a
// forget may have come while the run dreamed).
func notErased(ids []string, guard Guard) []string {
	return slices.DeleteFunc(slices.Clone(ids), guard.ErasedSession)
}

// leaveErased takes the forgotten sessions out of pending: a forget
// removes them from the ledger, so one still pending is left over from a
// forget that raced its checkpoint. Its records are deleted (as the
// forget's scrub does) rather than dreamed, and only counted in res.
func leaveErased(ctx context.Context, l *ledger.Ledger, pending []ledger.Checkpoint, guard Guard, res *Result) ([]ledger.Checkpoint, error) {
	var keep []ledger.Checkpoint
	for _, cp := range pending {
		if !guard.ErasedSession(cp.SessionID) {
			keep = append(keep, cp)
			continue
		}
		if err := l.DeleteSession(ctx, cp.SessionID); err != nil {
			return nil, err
		}
		res.Dropped.Sessions++
	}
	return keep, nil
}

// commitMessage is the subject naming the run and the first line of the
// dreamer's summary (untrusted text, so bounded and single-line).
func commitMessage(res *Result) string {
	subject := fmt.Sprintf("dream %s: %d session(s)", res.RunID, len(res.Sessions))
	line, _, _ := strings.Cut(strings.TrimSpace(res.Summary), "\n")
	line = strings.Map(func(r rune) rune {
		if r < 0x20 || validate.ForbiddenControl(r) {
			return -1
		}
		return r
	}, line)
	if len([]rune(line)) > 200 {
		line = string([]rune(line)[:200]) + "…"
	}
	if line == "" {
		return subject
	}
	return subject + "\n\n" + line
}

// invalidReason is ReasonInvalidOutput followed by the distinct error codes.
func invalidReason(problems []validate.Problem) string {
	var codes []string
	for _, p := range problems {
		if p.Severity == validate.SevError && !slices.Contains(codes, p.Code) {
			codes = append(codes, p.Code)
		}
	}
	slices.Sort(codes)
	if len(codes) == 0 {
		return ReasonInvalidOutput
	}
	return ReasonInvalidOutput + ":" + strings.Join(codes, ",")
}

// ctxReason names why the dreaming context ended, or returns def.
func ctxReason(parent, dctx context.Context, def string) string {
	switch {
	case parent.Err() != nil:
		return ReasonCancelled
	case dctx.Err() != nil:
		return ReasonTimeout
	}
	return def
}

// newRunID returns a sortable, unique run id: UTC time and 4 random bytes.
func newRunID(now time.Time) (string, error) {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:]), nil
}

// outsideMemory fingerprints everything in the run directory but .memory:
// names, types, sizes, modes and modification times, without reading
// content.
func outsideMemory(runDir string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(runDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(runDir, p)
		switch {
		case rel == ".":
			return nil // its mtime moves when .memory itself is replaced
		case rel == MemoryDir && d.IsDir():
			return filepath.SkipDir
		case rel == MemoryDir:
			return nil // a replaced .memory is judged by validation
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%v\x00%d\x00%d\n", rel, info.Mode(), info.Size(), info.ModTime().UnixNano())
		return nil
	})
	return hex.EncodeToString(h.Sum(nil)), err
}
