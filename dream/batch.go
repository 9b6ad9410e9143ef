package dream

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/validate"
)

// BatchOptions configure RunAll. Options.Scope is ignored: Scopes says
// which scopes run.
type BatchOptions struct {
	Options
	// Scopes are the scopes to run, in order; nil runs every scope with
	// pending evidence, sorted by name.
	Scopes []string
	// Reset clears each scope's failure count and backoff before its run.
	Reset bool
	// Reconciled, when set, hears of the interrupted runs recorded as
	// cancelled before any run starts.
	Reconciled func(runIDs []string)
	// Ran, when set, hears of each scope's outcome as soon as it is known.
	Ran func(ScopeReport)
}

// ScopeReport is one scope's outcome in a batch, as memfs dream prints it.
type ScopeReport struct {
	Scope        string          `json:"scope"`
	RunID        string          `json:"run_id,omitempty"`
	Commit       string          `json:"commit,omitempty"`
	Published    bool            `json:"published"`
	Sessions     []string        `json:"sessions"`
	Acknowledged []string        `json:"acknowledged"`
	Skipped      []SourceFailure `json:"skipped"`
	// SetAside are sessions acknowledged without being dreamed: their
	// evidence alone made the output invalid (Result.SetAside).
	SetAside []string           `json:"set_aside,omitempty"`
	Reason   string             `json:"reason,omitempty"`
	Summary  string             `json:"summary,omitempty"`
	Dir      string             `json:"dir,omitempty"`
	Problems []validate.Problem `json:"problems,omitempty"`
	// Deferred is the retry state when the run waited instead of running.
	Deferred       *ledger.RetryState `json:"deferred,omitempty"`
	Proposed       bool               `json:"proposed,omitempty"`
	AwaitingReview string             `json:"awaiting_review,omitempty"`
}

// Batch is the outcome of RunAll.
type Batch struct {
	// Scopes are the scopes the batch meant to run.
	Scopes []string
	// Reports holds one report per scope that ran (or was deferred), in
	// order; never nil.
	Reports []ScopeReport
	// Failed counts the runs that failed (a non-empty Reason).
	Failed int
}

// RunAll runs one dreaming batch in each scope of o.Scopes, or in every
// scope with pending evidence. It first records runs whose process died
// as cancelled (Reconcile); their evidence is still pending. A run that
// fails is reported and the batch goes on; an error means the store or
// ledger could not be used, and stops the batch. Cancelling ctx stops it
// after the scope in progress.
func RunAll(ctx context.Context, o BatchOptions) (*Batch, error) {
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	ids, err := Reconcile(ctx, o.Home, o.Ledger, now())
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 && o.Reconciled != nil {
		o.Reconciled(ids)
	}
	b := &Batch{Scopes: o.Scopes, Reports: []ScopeReport{}}
	if b.Scopes == nil {
		counts, err := o.Ledger.PendingCounts(ctx)
		if err != nil {
			return nil, err
		}
		b.Scopes = slices.Sorted(maps.Keys(counts))
	}
	for _, sc := range b.Scopes {
		r, err := runScope(ctx, o, sc)
		if err != nil {
			return b, err
		}
		if r.Reason != "" {
			b.Failed++
		}
		b.Reports = append(b.Reports, r)
		if o.Ran != nil {
			o.Ran(r)
		}
		if errors.Is(ctx.Err(), context.Canceled) {
			break
		}
	}
	return b, nil
}

// runScope runs one scope of a batch and reports it.
func runScope(ctx context.Context, o BatchOptions, sc string) (ScopeReport, error) {
	if o.Reset {
		if err := o.Ledger.ResetRetry(ctx, sc); err != nil {
			return ScopeReport{}, err
		}
	}
	ro := o.Options
	ro.Scope = sc
	res, err := Run(ctx, ro)
	if err != nil && (res == nil || res.Reason == "") {
		// Not a run failure: the store or ledger could not be used.
		return ScopeReport{}, fmt.Errorf("scope %s: %w", sc, err)
	}
	r := ScopeReport{Scope: sc, RunID: res.RunID, Published: res.Published, Sessions: nonNil(res.Sessions),
		Acknowledged: nonNil(res.Acknowledged), Skipped: nonNil(res.Skipped), Reason: res.Reason,
		SetAside: res.SetAside, Summary: res.Summary, Problems: res.Problems, Deferred: res.Deferred, Proposed: res.Proposed,
		AwaitingReview: res.AwaitingReview}
	if !res.Commit.IsZero() {
		r.Commit = res.Commit.String()
	}
	if o.KeepRuns {
		r.Dir = res.Dir
	}
	return r, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
