package dream

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/memfs/memfs/ledger"
)

// fakeClock is a clock tests move by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// fakeScheduleLedger answers from maps the test sets.
type fakeScheduleLedger struct {
	pending map[string]int
	retry   map[string]ledger.RetryState
}

func (f *fakeScheduleLedger) PendingCounts(context.Context) (map[string]int, error) {
	return f.pending, nil
}

func (f *fakeScheduleLedger) Retry(_ context.Context, scope string) (ledger.RetryState, error) {
	return f.retry[scope], nil
}

func newTestSchedule(l ScheduleLedger, debounce time.Duration) (*Schedule, *fakeClock) {
	c := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	return NewSchedule(l, debounce, c.now, slog.New(slog.NewTextHandler(io.Discard, nil))), c
}

// recorder is a RunFunc that records the scopes it ran and answers from
// a table.
type recorder struct {
	ran     []string
	results map[string]func() (*Result, error)
}

func (r *recorder) run(_ context.Context, scope string) (*Result, error) {
	r.ran = append(r.ran, scope)
	if f, ok := r.results[scope]; ok {
		return f()
	}
	return &Result{}, nil
}

// Ensure that scopes with pending evidence are due at once, in name order,
// and that a run that leaves nothing pending schedules nothing.
func TestSchedule_LoadRunsPendingScopes(t *testing.T) {
	l := &fakeScheduleLedger{pending: map[string]int{"b": 1, "a": 2}}
	s, _ := newTestSchedule(l, 5*time.Second)
	if _, ok := s.Next(); ok {
		t.Fatal("an empty schedule has a next time")
	}
	if err := s.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	r := &recorder{results: map[string]func() (*Result, error){}}
	for _, sc := range []string{"a", "b"} {
		r.results[sc] = func() (*Result, error) { l.pending[sc] = 0; return &Result{RunID: "r-" + sc, Published: true}, nil }
	}
	s.RunDue(t.Context(), r.run)
	if !slices.Equal(r.ran, []string{"a", "b"}) {
		t.Fatalf("ran %v, want [a b]", r.ran)
	}
	if next, ok := s.Next(); ok {
		t.Fatalf("still scheduled at %v after every run emptied its scope", next)
	}
}

// Ensure that checkpoints are debounced: each one pushes its scope's run
// back to one debounce after it, and nothing runs before.
func TestSchedule_Debounce(t *testing.T) {
	s, c := newTestSchedule(&fakeScheduleLedger{}, 5*time.Second)
	r := &recorder{}
	s.Checkpointed("proj")
	c.advance(3 * time.Second)
	s.Checkpointed("proj")
	if next, _ := s.Next(); !next.Equal(c.now().Add(5 * time.Second)) {
		t.Fatalf("next %v, want one debounce after the last checkpoint", next)
	}
	c.advance(4 * time.Second)
	s.RunDue(t.Context(), r.run)
	if len(r.ran) != 0 {
		t.Fatalf("ran %v before the debounce passed", r.ran)
	}
	c.advance(time.Second)
	s.RunDue(t.Context(), r.run)
	if !slices.Equal(r.ran, []string{"proj"}) {
		t.Fatalf("ran %v, want [proj] once the debounce passed", r.ran)
	}
}

// Ensure that each run outcome schedules its scope as serve expects.
func TestSchedule_Outcomes(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	later := t0.Add(time.Minute)
	tests := []struct {
		name    string
		pending int
		retry   ledger.RetryState
		res     *Result
		err     error
		want    time.Time // zero: not scheduled again
	}{
		{name: "deferred by backoff waits for it",
			res: &Result{Deferred: &ledger.RetryState{NextAttempt: later}}, want: later},
		{name: "stopped after repeated failures is not retried",
			res: &Result{Deferred: &ledger.RetryState{NextAttempt: later, Stopped: true}}},
		{name: "a failure waits for the retry state's next attempt",
			err: errors.New("dreamer failed"), retry: ledger.RetryState{NextAttempt: later}, want: later},
		{name: "a failure that stopped retries is not retried",
			err: errors.New("dreamer failed"), retry: ledger.RetryState{NextAttempt: later, Stopped: true}},
		{name: "a failure without a next attempt is not retried",
			err: errors.New("dreamer failed")},
		{name: "a run that leaves evidence pending runs again at once",
			res: &Result{RunID: "r1", Published: true}, pending: 3, want: t0},
		{name: "a run that empties the scope is done",
			res: &Result{RunID: "r1", Published: true}},
		{name: "nothing pending is done",
			res: &Result{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &fakeScheduleLedger{pending: map[string]int{"proj": tt.pending},
				retry: map[string]ledger.RetryState{"proj": tt.retry}}
			s, c := newTestSchedule(l, 0)
			s.Checkpointed("proj")
			r := &recorder{results: map[string]func() (*Result, error){"proj": func() (*Result, error) { return tt.res, tt.err }}}
			s.RunDue(t.Context(), r.run)
			if len(r.ran) != 1 {
				t.Fatalf("ran %v, want proj once", r.ran)
			}
			next, ok := s.Next()
			switch {
			case tt.want.IsZero() && ok:
				t.Fatalf("scheduled again at %v, want not", next)
			case !tt.want.IsZero() && (!ok || !next.Equal(tt.want)):
				t.Fatalf("next %v (%v), want %v", next, ok, tt.want)
			}
			if !tt.want.IsZero() && tt.want.After(c.now()) {
				s.RunDue(t.Context(), r.run)
				if len(r.ran) != 1 {
					t.Fatalf("ran again before %v", tt.want)
				}
			}
		})
	}
}

// Ensure that a real ledger satisfies ScheduleLedger.
var _ ScheduleLedger = (*ledger.Ledger)(nil)
