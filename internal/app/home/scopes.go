package home

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/scope"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/wiki"
)

// ScopesDir holds one file per derived scope, named after it, holding the
// project path the scope was derived from. It only helps people find their
// way (status, errors naming existing scopes); nothing depends on it.
const ScopesDir = "scopes"

// Scope resolves the scope a command or session acts on, the same way
// everywhere: explicit (--scope) when not empty; else scope.Default when
// config.toml says scopes = "single" or dir is empty; else the scope
// derived from dir's repository (scope.Identify), except that a project
// whose memory an earlier memfs kept under its path-derived name keeps
// using that name while the repository's scope holds nothing here
// (Aliased). It records nothing: a command that only reads must not leave
// a scope behind (see RecordScope).
//
// A scope whose name holds forgotten text was renamed by the forget
// (forget.ScopeName): the name resolves to the new one, so a session in
// the same folder, or --scope with the old name, finds the renamed scope
// and never brings the old name back. That reads the erasure guard, and
// fails closed when it does not read.
func (h *Home) Scope(ctx context.Context, explicit, dir string) (string, error) {
	var sc string
	if explicit != "" || h.Config.Scopes == scope.ModeSingle || dir == "" {
		var err error
		if sc, err = scope.Resolve(explicit, h.Config.Scopes, dir); err != nil {
			return "", err
		}
	} else {
		sc, _ = h.Derived(dir)
	}
	g, err := h.Guard(ctx)
	if err != nil {
		return "", err
	}
	if nw, ok := forget.ScopeName(g, sc); ok {
		return nw, nil
	}
	return sc, nil
}

// Derived is the scope derived from dir (see Scope) and the identity it
// came from.
func (h *Home) Derived(dir string) (string, scope.Identity) {
	id := scope.Identify(dir)
	if id.Legacy == id.Name || h.knownScope(id.Name) || !h.knownScope(id.Legacy) {
		return id.Name, id
	}
	return id.Legacy, id
}

// knownScope reports whether this home holds anything of scope sc: a
// recorded project, or a branch in the store.
func (h *Home) knownScope(sc string) bool {
	if _, err := os.Stat(filepath.Join(h.Dir, ScopesDir, sc)); err == nil {
		return true
	}
	s, err := h.OpenStore(context.Background())
	if err != nil {
		return false
	}
	defer s.Close()
	_, err = s.Head(context.Background(), sc)
	return err == nil
}

// RecordScope resolves like Scope and, when the scope is derived from dir,
// records its project path in ScopesDir. Only what writes to a scope
// (a checkpoint, a publication) calls it.
func (h *Home) RecordScope(ctx context.Context, explicit, dir string) (string, error) {
	sc, err := h.Scope(ctx, explicit, dir)
	if err != nil || explicit != "" || h.Config.Scopes == scope.ModeSingle || dir == "" {
		return sc, err
	}
	if derived, _ := h.Derived(dir); derived != sc {
		// Renamed by a forget: its project path holds the forgotten text.
		return sc, nil
	}
	sc, id := h.Derived(dir)
	if err := h.recordProject(sc, id.Root); err != nil {
		h.Logger.Debug("scope project not recorded", "scope", sc, "err", err)
	}
	return sc, nil
}

// recordProject writes a scope's project path unless it is already there.
func (h *Home) recordProject(sc, root string) error {
	dir := filepath.Join(h.Dir, ScopesDir)
	p := filepath.Join(dir, sc)
	if b, err := os.ReadFile(p); err == nil && strings.TrimSpace(string(b)) == root {
		return nil
	}
	if err := ensureDir(h.Dir); err != nil {
		return err
	}
	if err := ensureDir(dir); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(root + "\n")
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// Projects returns the recorded project path of every derived scope.
func (h *Home) Projects() map[string]string {
	out := map[string]string{}
	ents, err := os.ReadDir(filepath.Join(h.Dir, ScopesDir))
	if err != nil {
		return out
	}
	for _, e := range ents {
		if !e.Type().IsRegular() || !wiki.ValidScope(e.Name()) {
			continue
		}
		if b, err := os.ReadFile(filepath.Join(h.Dir, ScopesDir, e.Name())); err == nil {
			out[e.Name()] = strings.TrimSpace(string(b))
		}
	}
	return out
}

// ScopeInfo is what a home knows of one scope.
type ScopeInfo struct {
	Name string `json:"name"`
	// Project is the path the scope was derived from; empty for a scope
	// named by --scope or single mode.
	Project string `json:"project,omitempty"`
	// Published is true when the scope has a branch in the store.
	Published bool `json:"published"`
	// Pending counts sessions waiting to be dreamed.
	Pending int `json:"pending"`
}

// Scopes lists every scope the store, the ledger or the registry knows,
// sorted by name. st and l may be nil.
func (h *Home) Scopes(ctx context.Context, st *gitstore.Store, l *ledger.Ledger) ([]ScopeInfo, error) {
	byName := map[string]*ScopeInfo{}
	get := func(n string) *ScopeInfo {
		if byName[n] == nil {
			byName[n] = &ScopeInfo{Name: n}
		}
		return byName[n]
	}
	for n, p := range h.Projects() {
		get(n).Project = p
	}
	if st != nil {
		names, err := st.Scopes(ctx)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			get(n).Published = true
		}
	}
	if l != nil {
		counts, err := l.PendingCounts(ctx)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		for n, c := range counts {
			get(n).Pending = c
		}
	}
	out := make([]ScopeInfo, 0, len(byName))
	for _, i := range byName {
		out = append(out, *i)
	}
	slices.SortFunc(out, func(a, b ScopeInfo) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Resolve resolves rev (empty: the head) of scope sc in st. A scope
// without publications is explained (unknownScope); explicit says sc came
// from --scope.
func (h *Home) Resolve(ctx context.Context, st *gitstore.Store, sc, rev string, explicit bool) (gitstore.ID, error) {
	id, err := st.Resolve(ctx, sc, rev)
	if errors.Is(err, gitstore.ErrNoScope) {
		l, lerr := h.Ledger()
		if lerr != nil {
			l = nil
		}
		err = h.unknownScope(ctx, st, l, sc, explicit, err)
	}
	return id, err
}

// unknownScope explains err, a scope without publications: how sc was
// chosen (explicit: by --scope) and the other scopes there are, with the
// project each was derived from. l may be nil.
func (h *Home) unknownScope(ctx context.Context, st *gitstore.Store, l *ledger.Ledger, sc string, explicit bool, err error) error {
	how := "from the working directory"
	switch {
	case explicit:
		how = "from --scope"
	case h.Config.Scopes == scope.ModeSingle:
		how = "from config.toml scopes = \"single\""
	}
	infos, ierr := h.Scopes(ctx, st, l)
	var known []string
	for _, i := range infos {
		if ierr != nil || i.Name == sc {
			continue
		}
		k := i.Name
		if i.Project != "" {
			k += " (" + i.Project + ")"
		}
		known = append(known, k)
	}
	list := "none"
	if len(known) > 0 {
		list = strings.Join(known, ", ")
	}
	return fmt.Errorf("%w (scope chosen %s); pick one with --scope NAME; known scopes: %s", err, how, list)
}

// Here is the scope a command run in a folder acts on, and what it comes
// from, as memfs status shows it.
type Here struct {
	Dir   string `json:"dir"`
	Scope string `json:"scope"`
	// Source is "flag" (--scope), "config" (scopes = "single"), or what a
	// derived scope comes from: "origin", "root-commit", "path", or
	// "path-kept" (the path-derived scope, kept because it holds this
	// project's memory here and the repository's scope does not).
	Source string `json:"source"`
	// Key is the normalised origin URL, the root commit or the path.
	Key string `json:"key,omitempty"`
	// RepositoryScope is the repository's scope when Source is path-kept.
	RepositoryScope string `json:"repository_scope,omitempty"`
}

// Here resolves the scope of dir as Scope does and says where it comes
// from.
func (h *Home) Here(ctx context.Context, explicit, dir string) (Here, error) {
	out := Here{Dir: dir}
	switch {
	case explicit != "":
		out.Source = "flag"
	case h.Config.Scopes == scope.ModeSingle || dir == "":
		out.Source = "config"
	}
	if out.Source != "" {
		sc, err := h.Scope(ctx, explicit, dir)
		out.Scope = sc
		return out, err
	}
	sc, id := h.Derived(dir)
	out.Scope, out.Source, out.Key = sc, id.Source, id.Key
	if sc != id.Name {
		out.Source, out.Key, out.RepositoryScope = "path-kept", id.Root, id.Name
	}
	return out, nil
}

// dropRenamedProjects removes the recorded project of every scope rename
// renames (a forget renamed it: its name held forgotten text). The record
// is not renamed: the project path it holds is where the scope's name came
// from, so it holds the text too. The renamed scope is listed without a
// project.
func (h *Home) dropRenamedProjects(rename func(scope string) (string, bool)) error {
	for name := range h.Projects() {
		if _, ok := rename(name); !ok {
			continue
		}
		if err := os.Remove(filepath.Join(h.Dir, ScopesDir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("scope record: %w", err)
		}
	}
	return nil
}
