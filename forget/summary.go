package forget

import (
	"fmt"
	"strings"

	"github.com/memfs/memfs/gitstore"
)

// Summary says what an applied forget did, in counts: what was rewritten,
// what evidence went, what the purge kept and removed, the markers
// recorded; a replayed receipt says so first.
func (rc *Receipt) Summary() []string {
	var lines []string
	switch {
	case rc.Replayed && rc.CommandID != "":
		lines = append(lines, fmt.Sprintf("command %s was already applied; its receipt:", rc.CommandID))
	case rc.Replayed:
		lines = append(lines, "this forget_scope token was already applied; its receipt:")
	}
	a, c := rc.Affected, rc.StorageCleanup
	return append(lines,
		"receipt "+rc.ReceiptID,
		fmt.Sprintf("rewrote %d commits (%d dropped), %d paths, %d commit messages", rc.RewrittenCommits, a.DroppedCommits, len(a.Paths), a.CommitMessages),
		fmt.Sprintf("removed evidence of %d sessions, %d checkpoints, %d staged runs", a.Evidence, a.Checkpoints, a.StagedRuns),
		fmt.Sprintf("purged: %d objects kept, %d copies removed, objects %d → %d bytes, ledger %d → %d bytes; verified",
			c.Kept, c.Removed, c.BytesBefore, c.BytesAfter, c.LedgerBytesBefore, c.LedgerBytesAfter),
		fmt.Sprintf("markers recorded: %d", len(rc.Markers)))
}

// Summary says what the forget would change, one line each: every
// revision that changes, the refs, paths, commit messages, evidence,
// checkpoints and staged runs it reaches, the runs forming memory from it
// now, and the forget_scope token apply needs.
func (p *Preview) Summary() []string {
	var lines []string
	if len(p.Revisions) == 0 && len(p.Evidence) == 0 && len(p.Checkpoints) == 0 && len(p.StagedRuns) == 0 {
		lines = append(lines, "nothing in memory matches the targets; apply would still record their markers")
	}
	for _, r := range p.Revisions {
		what := strings.Join(r.Paths, ", ")
		if r.Message {
			what = strings.TrimPrefix(what+", commit message", ", ")
		}
		if r.Dropped {
			what += " (commit dropped: nothing else in it)"
		}
		lines = append(lines, fmt.Sprintf("revision %s: %s", gitstore.ShortID(r.Commit), what))
	}
	var runs []string
	for _, r := range p.StagedRuns {
		runs = append(runs, r.ID)
	}
	lines = append(lines,
		"refs to rewrite: "+orNone(p.Refs),
		"paths affected: "+orNone(p.Pages),
		fmt.Sprintf("commit messages: %d", p.CommitMessages),
		"pending evidence: "+orNone(p.Evidence),
		"checkpoints: "+orNone(p.Checkpoints),
		"staged runs: "+orNone(runs))
	if len(p.Forming) > 0 {
		lines = append(lines, fmt.Sprintf("runs forming memory from it now: %s (apply refuses unless --cancel-runs)", strings.Join(p.Forming, ", ")))
	}
	return append(lines, "forget_scope: "+p.Scope)
}

func orNone(ss []string) string {
	if len(ss) == 0 {
		return "none"
	}
	return strings.Join(ss, ", ")
}
