package dream

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"time"

	"github.com/memfs/memfs/ledger"
)

// ScheduleLedger is what a Schedule reads from the ledger: which scopes
// have pending evidence and a scope's retry state. *ledger.Ledger has both.
type ScheduleLedger interface {
	PendingCounts(ctx context.Context) (map[string]int, error)
	Retry(ctx context.Context, scope string) (ledger.RetryState, error)
}

// RunFunc dreams one scope once, as Run does.
type RunFunc func(ctx context.Context, scope string) (*Result, error)

// Schedule decides when memfs serve dreams each scope: a scope with pending
// evidence is due at once, a new checkpoint makes its scope due after a
// debounce (so a burst of checkpoints becomes one run), a run deferred or
// failed is due again when the retry backoff allows, and a run that left
// evidence pending makes its scope due again at once. A Schedule belongs
// to one goroutine.
type Schedule struct {
	ledger   ScheduleLedger
	debounce time.Duration
	now      func() time.Time
	log      *slog.Logger
	// due holds each scheduled scope's due time.
	due map[string]time.Time
}

// NewSchedule returns an empty schedule. now is the clock (time.Now in
// production); log receives what each run did.
func NewSchedule(l ScheduleLedger, debounce time.Duration, now func() time.Time, log *slog.Logger) *Schedule {
	return &Schedule{ledger: l, debounce: debounce, now: now, log: log, due: map[string]time.Time{}}
}

// Load makes every scope that already has pending evidence due now.
func (s *Schedule) Load(ctx context.Context) error {
	counts, err := s.ledger.PendingCounts(ctx)
	if err != nil {
		return err
	}
	now := s.now()
	for sc := range counts {
		s.due[sc] = now
	}
	return nil
}

// Checkpointed makes scope due one debounce after now, replacing any
// earlier due time.
func (s *Schedule) Checkpointed(scope string) {
	s.due[scope] = s.now().Add(s.debounce)
}

// Next returns the earliest due time; ok is false when nothing is
// scheduled.
func (s *Schedule) Next() (next time.Time, ok bool) {
	for _, t := range s.due {
		if !ok || t.Before(next) {
			next, ok = t, true
		}
	}
	return next, ok
}

// Due returns the scheduled scopes whose time has come, in name order.
func (s *Schedule) Due() []string {
	now := s.now()
	var out []string
	for _, sc := range slices.Sorted(maps.Keys(s.due)) {
		if !s.due[sc].After(now) {
			out = append(out, sc)
		}
	}
	return out
}

// RunDue runs every due scope once, in name order, and schedules each again
// as its outcome asks. A run's failure is logged, not returned: the
// schedule goes on.
func (s *Schedule) RunDue(ctx context.Context, run RunFunc) {
	for _, sc := range s.Due() {
		delete(s.due, sc)
		res, err := run(ctx, sc)
		s.done(ctx, sc, res, err)
	}
}

// done schedules scope after a run returned res and err.
func (s *Schedule) done(ctx context.Context, sc string, res *Result, err error) {
	switch {
	case res != nil && res.Deferred != nil && !res.Deferred.Stopped:
		s.due[sc] = res.Deferred.NextAttempt
		s.log.Info("dreaming deferred by backoff", "scope", sc, "until", res.Deferred.NextAttempt)
	case res != nil && res.Deferred != nil:
		s.log.Warn("automatic dreaming stopped after repeated failures; run memfs dream --now or --reset", "scope", sc)
	case err != nil:
		s.log.Warn("dream run failed", "scope", sc, "err", err)
		if rs, rerr := s.ledger.Retry(ctx, sc); rerr == nil && !rs.Stopped && !rs.NextAttempt.IsZero() {
			s.due[sc] = rs.NextAttempt
		}
	case res != nil && res.RunID != "":
		s.log.Info("dreamed", "scope", sc, "run", res.RunID, "published", res.Published,
			"commit", res.Commit.String(), "sessions", len(res.Sessions))
		// More than one batch may have been pending.
		if n, err := s.ledger.PendingCounts(ctx); err == nil && n[sc] > 0 {
			s.due[sc] = s.now()
		}
	}
}
