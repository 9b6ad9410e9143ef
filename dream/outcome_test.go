package dream

import (
	"slices"
	"testing"
	"time"

	"github.com/memfs/memfs/ledger"
)

func TestScopeReportLines(t *testing.T) {
	next := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		name string
		r    ScopeReport
		want []string
	}{
		{"awaiting review", ScopeReport{Scope: "s", AwaitingReview: "r1"},
			[]string{"s: not run: proposal r1 awaits review (memfs review approve|reject r1)"}},
		{"stopped", ScopeReport{Scope: "s", Deferred: &ledger.RetryState{Failures: 5, Stopped: true}},
			[]string{"s: not run: stopped after 5 consecutive failures (memfs dream --now or --reset)"}},
		{"backing off", ScopeReport{Scope: "s", Deferred: &ledger.RetryState{Failures: 2, NextAttempt: next}},
			[]string{"s: not run: backing off after 2 failure(s) until 2026-01-02T03:04:05Z (memfs dream --now runs it now)"}},
		{"nothing pending", ScopeReport{Scope: "s"}, []string{"s: no pending evidence"}},
		{"failed", ScopeReport{Scope: "s", RunID: "r", Reason: "timeout", Sessions: []string{"a"},
			Skipped: []SourceFailure{{SessionID: "b", Code: "source_unavailable"}}, Dir: "/runs/r"},
			[]string{"s: run r failed: timeout (2 session(s) stay pending)", "  b: skipped: source_unavailable (stays pending)", "  run dir: /runs/r"}},
		{"proposed", ScopeReport{Scope: "s", RunID: "r", Commit: "c", Proposed: true},
			[]string{"s: run r proposed c for review (memfs review show r)"}},
		{"published", ScopeReport{Scope: "s", RunID: "r", Commit: "c", Published: true, Sessions: []string{"a"}, Acknowledged: []string{"a"}},
			[]string{"s: run r published c (1 session(s), 1 acknowledged)"}},
		{"nothing to publish", ScopeReport{Scope: "s", RunID: "r", Sessions: []string{"a"}},
			[]string{"s: run r: nothing to publish (1 session(s), 0 acknowledged)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.r.Lines(); !slices.Equal(got, tc.want) {
				t.Errorf("Lines() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
