package replica

import (
	"context"
	"strings"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/wiki"
)

// The layout on a remote. memfs keeps everything of its own under
// refs/memfs/ on a remote, so that a repository that also holds other
// branches (a hosting's README on main, a project's code) syncs: a scope
// branch refs/heads/<scope> here is refs/memfs/scopes/<scope> there, the
// marker set and the keyless meta commit keep their names
// (refs/memfs/erasures, refs/memfs/meta). Nothing else on a remote is read, written or refused.
// Local-only refs (refs/memfs/diverged/, refs/memfs/proposals/) never
// travel.
//
// The earlier layout kept scope branches at refs/heads/<scope>. A remote
// that holds memfs metadata but no refs/memfs/scopes/ yet is of that
// layout: a pull takes those of its branches whose head is a memfs commit
// (it carries the Memfs-Artifact trailer) and leaves the others alone; a
// push writes the new layout, checking first that it holds what the
// earlier branch holds (or what this store last pulled of it), and leaves
// refs/heads/ as it was.

// RemoteScopePrefix holds the scope branches on a remote.
const RemoteScopePrefix = "refs/memfs/scopes/"

// legacyPrefix is where a pull from a remote of the earlier layout puts
// its branches in the quarantine until they are sorted.
const legacyPrefix = "refs/memfs/legacy/"

// remoteName is the name on a remote of a local ref (refs/heads/<scope>,
// the metadata refs).
func remoteName(local string) string {
	if sc, ok := strings.CutPrefix(local, branchPrefix); ok {
		return RemoteScopePrefix + sc
	}
	return local
}

// remoteView is what a remote holds of memfs's, by local ref name.
type remoteView struct {
	refs map[string]gitstore.ID
	// legacy holds the remote's refs/heads/<scope> branches (by local
	// name) when the remote is of the earlier layout.
	legacy map[string]gitstore.ID
}

// view lists the remote's refs of memfs's.
func (t *gitTransport) view(ctx context.Context, gitDir string) (*remoteView, error) {
	all, err := t.listRemote(ctx, gitDir, "refs/memfs/", branchPrefix)
	if err != nil {
		return nil, err
	}
	v := &remoteView{refs: map[string]gitstore.ID{}, legacy: map[string]gitstore.ID{}}
	for n, h := range all {
		switch {
		case n == gitstore.MetaRef || n == gitstore.ErasuresRef:
			v.refs[n] = h
		case strings.HasPrefix(n, RemoteScopePrefix):
			if sc := strings.TrimPrefix(n, RemoteScopePrefix); wiki.ValidScope(sc) {
				v.refs[gitstore.BranchRef(sc)] = h
			}
		}
	}
	scopes := false
	for n := range v.refs {
		scopes = scopes || strings.HasPrefix(n, branchPrefix)
	}
	if scopes || len(v.refs) == 0 {
		return v, nil // the current layout, or no memfs here yet
	}
	for n, h := range all {
		if sc, ok := strings.CutPrefix(n, branchPrefix); ok && wiki.ValidScope(sc) {
			v.legacy[n] = h
		}
	}
	return v, nil
}

// fetchSpecs are the refspecs that bring the view into a quarantine: the
// scope branches to refs/heads/, the metadata refs by their names, the
// branches of the earlier layout under legacyPrefix.
func (v *remoteView) fetchSpecs() []string {
	var specs []string
	for n := range v.refs {
		specs = append(specs, "+"+remoteName(n)+":"+n)
	}
	for n := range v.legacy {
		specs = append(specs, "+"+n+":"+legacyPrefix+strings.TrimPrefix(n, branchPrefix))
	}
	return specs
}

// isMemfsCommit reports whether an incoming commit is a memfs scope
// commit (it carries the Memfs-Artifact trailer), read as import reads
// commits: within the size limit and canonical.
func (q *quarantine) isMemfsCommit(h gitstore.ID) bool {
	q.s.Lock()
	defer q.s.Unlock()
	c, err := q.s.canonicalCommitLocked(h)
	return err == nil && strings.Contains(c.Message, "\nMemfs-Artifact: ")
}
