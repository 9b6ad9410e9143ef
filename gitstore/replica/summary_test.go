package replica

import (
	"fmt"
	"slices"
	"testing"

	"github.com/memfs/memfs/gitstore"
)

func TestPushSummary(t *testing.T) {
	for _, tc := range []struct {
		name string
		res  PushResult
		want []string
	}{
		{"nothing", PushResult{}, []string{"everything up to date"}},
		{"sent and refused", PushResult{
			Pushed: []string{"refs/heads/a", "refs/heads/b"}, Metadata: []string{gitstore.ErasuresRef},
			Refused: []string{"refs/heads/c"}, Reasons: map[string]string{"refs/heads/c": "moved; pull first"},
			RemoteAhead: []string{gitstore.ErasuresRef}, DivergedRemoved: []string{"x"},
		}, []string{
			"sent: refs/heads/a, refs/heads/b",
			"metadata sent (union with the remote's): " + gitstore.ErasuresRef + " (erasure markers)",
			"refused: refs/heads/c: moved; pull first",
			gitstore.ErasuresRef + ": the remote holds erasure markers this store lacks; a pull brings them",
			"1 diverged ref(s) removed: their sessions are published again",
		}},
		{"forced", PushResult{Forced: []string{"refs/heads/a"}}, []string{
			"replaced (rewritten by a forget here; lease held): refs/heads/a",
			"rewritten history was pushed: other replicas purge the forgotten content on their next pull",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.res.Summary(); !slices.Equal(got, tc.want) {
				t.Errorf("Summary() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestImportSummary(t *testing.T) {
	head := "0123456789abcdef0123456789abcdef01234567"
	res := ImportResult{
		Branches: []BranchResult{
			{Scope: "a", Outcome: BranchDiverged, Head: head, Kept: "refs/memfs/diverged/a/1", Commits: 2, Sessions: []string{"s"}, Conflicts: []string{"index.md"}},
			{Scope: "b", Outcome: BranchMerged, Head: head, Merged: 3},
			{Scope: "c", Outcome: "fast-forward", Head: head},
		},
		NewMarkers: 2, RewrittenLocal: 4, RewrittenIncoming: 1,
	}
	want := []string{
		"a: diverged (1 file(s) changed on both sides): took the incoming head 0123456789ab; 2 local commits kept at refs/memfs/diverged/a/1; 1 sessions back to pending",
		"b: merged 3 local change(s) with the incoming head (0123456789ab)",
		"c: fast-forward (0123456789ab)",
		"2 erasure markers received: 4 local commits rewritten and purged",
		"1 incoming commits rewritten by erasure markers before import",
	}
	if got := res.Summary(); !slices.Equal(got, want) {
		t.Errorf("Summary() =\n%q\nwant\n%q", got, want)
	}
}

// Ensure that the consent summary is a few lines whatever the number of
// markers and refs: counts by kind, the source, what would be erased now,
// the markers this store cannot check, the token.
func TestConsentSummary(t *testing.T) {
	c := ErasureConsent{Token: "tok", Source: "bundle x.bundle", Markers: 40002, Kinds: map[string]int{"text": 40000, "session": 2},
		Unchecked: 40000, UncheckedKeys: 1, RewrittenCommits: 3, DroppedCommits: 1,
		Refs: []RefErasure{{Ref: "refs/heads/a", Commits: 2, Dropped: 1, Pages: 3, Messages: 1}, {Ref: "refs/heads/b", Commits: 1, Deleted: true}}}
	want := []string{
		"40002 incoming erasure markers from bundle x.bundle (2 session, 40000 text) need your consent:",
		"  they would rewrite 3 local commits (1 dropped) in 2 refs now, and refuse every later memory they match",
		"  refs/heads/a: 2 commits rewritten (1 dropped), 3 pages, 1 messages",
		"  refs/heads/b: 1 commits rewritten (0 dropped), 0 pages, 0 messages; the ref goes",
		"  40000 of them are under 1 keys this store does not hold: it cannot check them, and stops pushing and exporting until you import those keys (memfs key import); decline unless they come from your own replica",
		"erasure_consent: tok",
	}
	if got := c.Summary(); !slices.Equal(got, want) {
		t.Errorf("Summary() =\n%q\nwant\n%q", got, want)
	}
	for i := range 30 {
		c.Refs = append(c.Refs, RefErasure{Ref: fmt.Sprintf("refs/heads/s%d", i)})
	}
	if got := c.Summary(); len(got) != 5+maxSummaryRefs {
		t.Errorf("a summary of %d refs has %d lines", len(c.Refs), len(got))
	}
}
