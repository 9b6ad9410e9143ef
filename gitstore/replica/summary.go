package replica

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore"
)

// Summary says what a push did, one outcome a line: the refs sent and
// replaced, the metadata sent, each refused branch with its reason, what
// the remote holds that this store lacks.
func (r *PushResult) Summary() []string {
	var lines []string
	list := func(what string, refs []string) {
		if len(refs) > 0 {
			lines = append(lines, what+": "+strings.Join(refs, ", "))
		}
	}
	list("sent", r.Pushed)
	list("replaced (rewritten by a forget here; lease held)", r.Forced)
	var meta []string
	for _, n := range r.Metadata {
		meta = append(meta, n+" ("+metadataWhat(n)+")")
	}
	list("metadata sent (union with the remote's)", meta)
	for _, n := range r.Refused {
		lines = append(lines, fmt.Sprintf("refused: %s: %s", n, r.Reasons[n]))
	}
	for _, n := range r.RemoteAhead {
		what := "keys"
		if n == gitstore.ErasuresRef {
			what = "erasure markers"
		}
		lines = append(lines, fmt.Sprintf("%s: the remote holds %s this store lacks; a pull brings them", n, what))
	}
	lines = append(lines, divergedRemoved(r.DivergedRemoved)...)
	if len(r.Pushed)+len(r.Forced)+len(r.Metadata)+len(r.Refused) == 0 {
		lines = append(lines, "everything up to date")
	}
	if len(r.Forced) > 0 {
		lines = append(lines, "rewritten history was pushed: other replicas purge the forgotten content on their next pull")
	}
	return lines
}

func metadataWhat(ref string) string {
	if ref == gitstore.ErasuresRef {
		return "erasure markers"
	}
	return "keyring"
}

// Summary says what an import did, one outcome a line: each scope
// branch's outcome, then the markers received and the commits they
// rewrote.
func (r *ImportResult) Summary() []string {
	var lines []string
	for _, b := range r.Branches {
		switch b.Outcome {
		case BranchDiverged:
			lines = append(lines, fmt.Sprintf("%s: diverged (%d file(s) changed on both sides): took the incoming head %s; %d local commits kept at %s; %d sessions back to pending",
				b.Scope, len(b.Conflicts), b.Head[:12], b.Commits, b.Kept, len(b.Sessions)))
		case BranchMerged:
			lines = append(lines, fmt.Sprintf("%s: merged %d local change(s) with the incoming head (%s)", b.Scope, b.Merged, b.Head[:12]))
		default:
			lines = append(lines, fmt.Sprintf("%s: %s (%s)", b.Scope, b.Outcome, b.Head[:12]))
		}
	}
	if r.NewMarkers > 0 {
		lines = append(lines, fmt.Sprintf("%d erasure markers received: %d local commits rewritten and purged", r.NewMarkers, r.RewrittenLocal))
	}
	lines = append(lines, divergedRemoved(r.DivergedRemoved)...)
	if r.RewrittenIncoming > 0 {
		lines = append(lines, fmt.Sprintf("%d incoming commits rewritten by erasure markers before import", r.RewrittenIncoming))
	}
	return lines
}

func divergedRemoved(refs []string) []string {
	if len(refs) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%d diverged ref(s) removed: their sessions are published again", len(refs))}
}

// maxSummaryRefs bounds the refs a consent summary names one by one.
const maxSummaryRefs = 10

// Summary says, in a few lines whatever the number of markers, what the
// incoming markers are (how many of each kind, how many this store
// cannot check), where they come from, what they would erase here now,
// and the token that consents to them.
func (c *ErasureConsent) Summary() []string {
	from := ""
	if c.Source != "" {
		from = " from " + c.Source
	}
	kinds := make([]string, 0, len(c.Kinds))
	for _, k := range slices.Sorted(maps.Keys(c.Kinds)) {
		kinds = append(kinds, fmt.Sprintf("%d %s", c.Kinds[k], k))
	}
	lines := []string{fmt.Sprintf("%d incoming erasure markers%s (%s) need your consent:", c.Markers, from, strings.Join(kinds, ", "))}
	if len(c.Refs) == 0 {
		lines = append(lines, "  they erase nothing here now, but would refuse and drop every later memory they match")
	} else {
		lines = append(lines, fmt.Sprintf("  they would rewrite %d local commits (%d dropped) in %d refs now, and refuse every later memory they match", c.RewrittenCommits, c.DroppedCommits, len(c.Refs)))
	}
	for i, r := range c.Refs {
		if i == maxSummaryRefs {
			lines = append(lines, fmt.Sprintf("  and %d more refs", len(c.Refs)-i))
			break
		}
		what := fmt.Sprintf("  %s: %d commits rewritten (%d dropped), %d pages, %d messages", r.Ref, r.Commits, r.Dropped, r.Pages, r.Messages)
		if r.Deleted {
			what += "; the ref goes"
		}
		lines = append(lines, what)
	}
	if c.Unchecked > 0 {
		lines = append(lines, fmt.Sprintf("  %d of them are under %d keys this store does not hold: it cannot check them, and stops pushing and exporting until you import those keys (memfs key import); decline unless they come from your own replica", c.Unchecked, c.UncheckedKeys))
	}
	return append(lines, "erasure_consent: "+c.Token)
}
