package home

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/scope"
)

var (
	// ErrNothingToAdopt means the folder's scope is not a path-derived
	// one kept for its memory (Here's "path-kept"): there is nothing to
	// link to the repository's scope.
	ErrNothingToAdopt = errcode.New("nothing_to_adopt", "no path-derived scope to adopt")
	// ErrScopeHeld means the repository's scope already holds memory in
	// this home, so the path-derived scope cannot become it.
	ErrScopeHeld = errcode.New("scope_held", "the repository's scope already holds memory here")
)

// Adopted is what Adopt renamed.
type Adopted struct {
	Dir string `json:"dir"`
	// From is the path-derived scope; To the repository's, which the
	// memory now lives under.
	From string `json:"from"`
	To   string `json:"to"`
	// Source and Key say what To is derived from (Here's).
	Source string `json:"source"`
	Key    string `json:"key"`
	// Refs counts the refs moved (the branch and its proposals); Records
	// the ledger records renamed.
	Refs    int `json:"refs"`
	Records int `json:"records"`
}

// Adopt links the path-derived scope a folder's memory is kept under
// ("path-kept", see Here) to its repository's scope, so that the memory
// is shared with the repository's other checkouts and machines: the
// scope's branch and proposals move to the repository's name in one
// atomic switch, then the ledger's records (ledger.RenameScopes) and the
// scope's project record follow. Run again after an interruption, it
// finishes what is left. It refuses (ErrScopeHeld) when the repository's
// scope already has a branch or proposals here, and (ErrNothingToAdopt)
// when no path-derived scope holds anything.
func (h *Home) Adopt(ctx context.Context, st *gitstore.Store, dir string) (Adopted, error) {
	if h.Config.Scopes == scope.ModeSingle {
		return Adopted{}, fmt.Errorf("%w: config.toml says scopes = \"single\"", ErrNothingToAdopt)
	}
	id := scope.Identify(dir)
	out := Adopted{Dir: dir, From: id.Legacy, To: id.Name, Source: id.Source, Key: id.Key}
	if id.Legacy == id.Name {
		return out, fmt.Errorf("%w: %s has no origin remote nor commit, so its scope %s is the path's", ErrNothingToAdopt, id.Root, id.Name)
	}
	_, recorded := h.Projects()[id.Legacy]
	err := st.Exclusive(ctx, func(tx *gitstore.Tx) error {
		refs, err := tx.Store().Refs(ctx)
		if err != nil {
			return err
		}
		var updates []gitstore.RefUpdate
		held := false
		for _, name := range slices.Sorted(maps.Keys(refs)) {
			if _, ok := scopeRef(name, id.Name, id.Name); ok {
				held = true
			}
			if to, ok := scopeRef(name, id.Legacy, id.Name); ok {
				updates = append(updates, gitstore.RefUpdate{Name: name, Old: refs[name]},
					gitstore.RefUpdate{Name: to, Old: refs[to], New: refs[name]})
			}
		}
		switch {
		case len(updates) == 0 && !recorded:
			return fmt.Errorf("%w: %s's scope is the repository's, %s", ErrNothingToAdopt, id.Root, id.Name)
		case len(updates) == 0:
			// An adopt interrupted after its switch: the records follow.
			return nil
		case held:
			return fmt.Errorf("%w: %s and %s both hold memory and memfs does not merge scopes; the path-derived memory stays readable with --scope %s",
				ErrScopeHeld, id.Legacy, id.Name, id.Legacy)
		}
		out.Refs = len(updates) / 2
		return tx.SwitchRefs(ctx, updates)
	})
	if err != nil {
		return out, err
	}
	l, err := h.Ledger()
	if err != nil {
		return out, err
	}
	if out.Records, err = l.RenameScopes(ctx, func(sc string) (string, bool) { return id.Name, sc == id.Legacy }); err != nil {
		return out, fmt.Errorf("ledger: %w", err)
	}
	if recorded {
		if err := h.recordProject(id.Name, id.Root); err != nil {
			return out, fmt.Errorf("scope record: %w", err)
		}
		if err := os.Remove(filepath.Join(h.Dir, ScopesDir, id.Legacy)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return out, fmt.Errorf("scope record: %w", err)
		}
	}
	return out, nil
}

// scopeRef returns the name ref takes when scope from becomes to, and
// whether ref is one of from's (its branch or a proposal).
func scopeRef(ref, from, to string) (string, bool) {
	if ref == gitstore.BranchRef(from) {
		return gitstore.BranchRef(to), true
	}
	if run, ok := strings.CutPrefix(ref, gitstore.ProposalsRef+from+"/"); ok {
		return gitstore.ProposalsRef + to + "/" + run, true
	}
	return "", false
}
