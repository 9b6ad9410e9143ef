package dream

import (
	"fmt"
	"time"
)

// Lines says a scope's outcome in a batch, one line each: why it did not
// run, or what its run did (published, proposed, nothing to publish,
// failed with its reason), then each skipped session and the run folder
// when it was kept. The run's validation problems are in Problems.
func (r ScopeReport) Lines() []string {
	switch d := r.Deferred; {
	case r.AwaitingReview != "":
		return []string{fmt.Sprintf("%s: not run: proposal %s awaits review (memfs review approve|reject %s)", r.Scope, r.AwaitingReview, r.AwaitingReview)}
	case d != nil && d.Stopped:
		return []string{fmt.Sprintf("%s: not run: stopped after %d consecutive failures (memfs dream --now or --reset)", r.Scope, d.Failures)}
	case d != nil:
		return []string{fmt.Sprintf("%s: not run: backing off after %d failure(s) until %s (memfs dream --now runs it now)",
			r.Scope, d.Failures, d.NextAttempt.UTC().Format(time.RFC3339))}
	case r.RunID == "":
		return []string{r.Scope + ": no pending evidence"}
	}
	var line string
	switch {
	case r.Reason != "":
		line = fmt.Sprintf("%s: run %s failed: %s (%d session(s) stay pending)", r.Scope, r.RunID, r.Reason, len(r.Sessions)+len(r.Skipped)-failedCount(r.Skipped))
	case r.Proposed:
		line = fmt.Sprintf("%s: run %s proposed %s for review (memfs review show %s)", r.Scope, r.RunID, r.Commit, r.RunID)
	case r.Published:
		line = fmt.Sprintf("%s: run %s published %s (%d session(s), %d acknowledged)", r.Scope, r.RunID, r.Commit, len(r.Sessions), len(r.Acknowledged))
	default:
		line = fmt.Sprintf("%s: run %s: nothing to publish (%d session(s), %d acknowledged)", r.Scope, r.RunID, len(r.Sessions), len(r.Acknowledged))
	}
	lines := []string{line}
	for _, s := range r.Skipped {
		if s.Failed {
			lines = append(lines, fmt.Sprintf("  %s: skipped: %s; now a failed checkpoint, no longer pending (memfs checkpoint drop %s)", s.SessionID, s.Code, s.SessionID))
			continue
		}
		lines = append(lines, fmt.Sprintf("  %s: skipped: %s (stays pending)", s.SessionID, s.Code))
	}
	for _, id := range r.SetAside {
		lines = append(lines, fmt.Sprintf("  %s: set aside: its evidence alone made the output invalid (acknowledged, not dreamed)", id))
	}
	if r.Dir != "" {
		lines = append(lines, "  run dir: "+r.Dir)
	}
	return lines
}

// failedCount counts the skipped sources that became failed checkpoints.
func failedCount(skipped []SourceFailure) int {
	n := 0
	for _, s := range skipped {
		if s.Failed {
			n++
		}
	}
	return n
}
