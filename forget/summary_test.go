package forget

import (
	"slices"
	"testing"
)

func TestReceiptSummary(t *testing.T) {
	rc := Receipt{ReceiptID: "r1", RewrittenCommits: 3, Markers: []string{"m"},
		Affected: Affected{Paths: []string{"pages/a.md"}, DroppedCommits: 1, CommitMessages: 2, Evidence: 1, Checkpoints: 1}}
	rc.StorageCleanup.Kept, rc.StorageCleanup.Removed = 10, 4
	body := []string{
		"receipt r1",
		"rewrote 3 commits (1 dropped), 1 paths, 2 commit messages",
		"removed evidence of 1 sessions, 1 checkpoints, 0 staged runs",
		"purged: 10 objects kept, 4 copies removed, objects 0 → 0 bytes, ledger 0 → 0 bytes; verified",
		"markers recorded: 1",
	}
	for _, tc := range []struct {
		name      string
		replayed  bool
		commandID string
		want      []string
	}{
		{"applied", false, "", body},
		{"token replayed", true, "", append([]string{"this forget_scope token was already applied; its receipt:"}, body...)},
		{"command replayed", true, "c1", append([]string{"command c1 was already applied; its receipt:"}, body...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc := rc
			rc.Replayed, rc.CommandID = tc.replayed, tc.commandID
			if got := rc.Summary(); !slices.Equal(got, tc.want) {
				t.Errorf("Summary() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
