package forget

import (
	"context"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/wiki"
)

// Scope names are a channel too: a scope derived from a project folder
// is named after it ("jane-doakes-1a2b3c4d"), and the name is a branch,
// a folder of memfs mount --all and serve, a key of the ledger's records
// and a file under $MEMFS_HOME/scopes. A forget whose text a scope's name
// holds renames the scope to ScopeName (a keyed hash of the old name, so
// every store applying the same markers names it alike): its branch and
// its proposals move in the same atomic switch as the rewrite, the
// ledger's records follow once the refs switched (RenameScopes), and
// Options.RenameHomeScopes renames what the home keeps under the old name. A
// later session derived from the same folder resolves to the new name
// (the home asks ScopeName), so the old name never comes back.

const (
	branchPrefix   = "refs/heads/"
	proposalPrefix = gitstore.ProposalsRef
)

// ScopeName returns the name a scope is renamed to when the guard
// matches text in its name, and whether it does.
func ScopeName(g *erasure.Guard, scope string) (string, bool) {
	if g == nil || g.Empty() || strings.HasPrefix(scope, "erased-") {
		return scope, false
	}
	if !wiki.ContainsMatch([]byte(scope), g) {
		return scope, false
	}
	return g.ErasedName(scope), true
}

// scopeRenames folds into the rewrite's ref updates the renames of every
// scope whose name g matches: the old branch and proposals are deleted
// and created under the new name with the value the rewrite gives them.
// It returns the updates and the renamed scopes, old to new.
func scopeRenames(refs map[string]gitstore.ID, updates []gitstore.RefUpdate, g *erasure.Guard) ([]gitstore.RefUpdate, map[string]string) {
	final := map[string]gitstore.ID{}
	for name, id := range refs {
		final[name] = id
	}
	updated := map[string]bool{}
	for _, u := range updates {
		final[u.Name], updated[u.Name] = u.New, true
	}
	renames := map[string]string{}
	for name := range refs {
		if sc, ok := strings.CutPrefix(name, branchPrefix); ok {
			if nw, ok := ScopeName(g, sc); ok {
				renames[sc] = nw
			}
		}
	}
	if len(renames) == 0 {
		return updates, renames
	}
	moved := func(name string) (string, bool) { return movedRef(name, renames) }
	var out []gitstore.RefUpdate
	for _, u := range updates {
		if _, ok := moved(u.Name); !ok {
			out = append(out, u)
		}
	}
	names := make([]string, 0, len(refs))
	for name := range refs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		to, ok := moved(name)
		if !ok {
			continue
		}
		out = append(out, gitstore.RefUpdate{Name: name, Old: refs[name]})
		if v := final[name]; !v.IsZero() {
			out = append(out, gitstore.RefUpdate{Name: to, Old: refs[to], New: v})
		}
	}
	return out, renames
}

// movedRef returns the new name of a ref of a renamed scope (its branch
// or a proposal), and whether it moves.
func movedRef(name string, renames map[string]string) (string, bool) {
	for _, prefix := range []string{branchPrefix, proposalPrefix} {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		sc, tail, _ := strings.Cut(rest, "/")
		if nw, ok := renames[sc]; ok {
			if tail != "" {
				tail = "/" + tail
			}
			return prefix + nw + tail, true
		}
	}
	return "", false
}

// renameRefs renames the refs of renamed scopes in a receipt's ref
// states, which must not name them as they were.
func renameRefs(states map[string]RefState, renames map[string]string) {
	for name, st := range states {
		if to, ok := movedRef(name, renames); ok {
			delete(states, name)
			states[to] = st
		}
	}
}

// renameScopes makes the ledger and the home follow the scopes the guard
// renames; idempotent, so a finish run again after an interruption does
// it again harmlessly.
func (f *Forgetter) renameScopes(ctx context.Context, g *erasure.Guard) error {
	if _, err := f.opts.Ledger.RenameScopes(ctx, func(sc string) (string, bool) { return ScopeName(g, sc) }); err != nil {
		return err
	}
	if f.opts.RenameHomeScopes == nil {
		return nil
	}
	return f.opts.RenameHomeScopes(func(sc string) (string, bool) { return ScopeName(g, sc) })
}
