package forget

import "fmt"

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
