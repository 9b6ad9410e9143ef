package replica

import (
	"fmt"
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

// Summary says what the incoming markers would erase here, one line a
// marker and a ref, and the token that consents to it.
func (c *ErasureConsent) Summary() []string {
	lines := []string{fmt.Sprintf("%d incoming erasure markers would erase local memory:", len(c.Markers))}
	for _, mk := range c.Markers {
		lines = append(lines, fmt.Sprintf("  marker %s %s", mk.Kind, mk.ID))
	}
	for _, r := range c.Refs {
		what := fmt.Sprintf("  %s: %d commits rewritten (%d dropped), %d pages, %d messages", r.Ref, r.Commits, r.Dropped, r.Pages, r.Messages)
		if r.Deleted {
			what += "; the ref goes"
		}
		lines = append(lines, what)
	}
	return append(lines, "erasure_consent: "+c.Token)
}
