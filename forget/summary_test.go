package forget

import (
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
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

func TestPreviewSummary(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Preview
		want []string
	}{
		{"nothing", Preview{Scope: "tok"}, []string{
			"nothing in memory matches the targets; apply would still record their markers",
			"refs to rewrite: none", "paths affected: none", "commit messages: 0",
			"pending evidence: none", "checkpoints: none", "staged runs: none", "forget_scope: tok",
		}},
		{"revisions", Preview{Scope: "tok", Refs: []string{"refs/heads/a"}, Pages: []string{"pages/a.md"}, CommitMessages: 1,
			Revisions: []gitstore.RevisionEdit{
				{Commit: mustID(t, "0123456789abcdef"+strings.Repeat("0", 24)), Paths: []string{"pages/a.md"}, Message: true},
				{Commit: mustID(t, "fedcba9876543210"+strings.Repeat("0", 24)), Message: true, Dropped: true},
			},
			StagedRuns: []StagedRun{{ID: "r1"}}, Forming: []string{"r1"}}, []string{
			"revision 0123456789ab: pages/a.md, commit message",
			"revision fedcba987654: commit message (commit dropped: nothing else in it)",
			"refs to rewrite: refs/heads/a", "paths affected: pages/a.md", "commit messages: 1",
			"pending evidence: none", "checkpoints: none", "staged runs: r1",
			"runs forming memory from it now: r1 (apply refuses unless --cancel-runs)",
			"forget_scope: tok",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.Summary(); !slices.Equal(got, tc.want) {
				t.Errorf("Summary() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// mustID parses a full object id.
func mustID(t *testing.T, s string) gitstore.ID {
	t.Helper()
	id, ok := gitstore.ParseID(s)
	if !ok {
		t.Fatalf("%q is not an object id", s)
	}
	return id
}
