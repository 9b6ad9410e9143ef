package replica

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/wiki"
)

// Import. Objects from a bundle or a remote land in a quarantine first.
// There the incoming history is checked (refused whole when it leaves the
// artifact layout) and rewritten by the union of both sides' erasure
// markers before any of it can become visible. When markers arrived that
// this store did not have, its own history is rewritten by them too, and
// purged, once the caller consented to what that erases here (consent.go). Then every ref moves in one switch: scope branches (fast-forward,
// or the remote head with local-only commits kept under
// refs/memfs/diverged/), the merged marker chain and the keyless meta
// commit.

// DivergedPrefix holds local histories set aside when both sides moved.
const DivergedPrefix = "refs/memfs/diverged/"

// Branch outcomes of an import.
const (
	BranchCreated     = "created"
	BranchFastForward = "fast-forward"
	BranchUnchanged   = "unchanged"
	BranchAhead       = "local-ahead"
	BranchDiverged    = "diverged"
)

// BranchResult is what an import did to one scope branch.
type BranchResult struct {
	Scope   string `json:"scope"`
	Outcome string `json:"outcome"`
	Head    string `json:"head"`
	// Diverged only: where the local-only commits were kept, how many, and
	// the sessions they came from (to dream again on the new head).
	Kept     string   `json:"kept,omitempty"`
	Commits  int      `json:"commits,omitempty"`
	Sessions []string `json:"sessions,omitempty"`
	// Conflicts (diverged only) lists the files both sides changed
	// differently, which kept the branches from merging; Refused says why
	// a merge without conflicts was not valid.
	Conflicts []string `json:"conflicts,omitempty"`
	Refused   string   `json:"merge_refused,omitempty"`
	// Merged (merged only) counts the files the local side brought.
	Merged int `json:"merged,omitempty"`
}

// ImportResult reports an import or a pull.
type ImportResult struct {
	Branches []BranchResult `json:"branches"`
	// NewMarkers counts markers this store did not have. NewKeys is
	// always 0: keys never arrive with history (keyring.go in gitstore).
	NewMarkers int `json:"new_markers"`
	// IgnoredMarkers counts incoming text markers of an earlier version
	// (they tell a literal's length) this store did not have: not taken.
	IgnoredMarkers int `json:"ignored_markers,omitempty"`
	NewKeys        int `json:"new_keys"`
	// RewrittenIncoming counts incoming commits rewritten by markers;
	// RewrittenLocal local commits rewritten by newly arrived markers.
	RewrittenIncoming int                   `json:"rewritten_incoming"`
	RewrittenLocal    int                   `json:"rewritten_local"`
	Objects           int                   `json:"objects"`
	Purge             *gitstore.PurgeResult `json:"purge,omitempty"`
	// LocalErasure is what the incoming markers erased here, with consent.
	LocalErasure *ErasureConsent `json:"local_erasure,omitempty"`
	// DivergedRemoved lists the diverged refs this import removed: their
	// sessions are in their scope's history again (PruneDiverged).
	DivergedRemoved []string `json:"diverged_removed,omitempty"`
	// Settle says markers arrived (now, or with an earlier import that
	// did not finish) whose consequences outside the store the caller
	// must settle, then confirm with SettleDone.
	Settle bool `json:"settle,omitempty"`
}

// Fetcher stores incoming objects in the quarantine store q and returns
// the refs they came with.
type Fetcher func(ctx context.Context, q *gitstore.Store) (map[string]gitstore.ID, error)

// BundleFetcher reads a git bundle from r.
func BundleFetcher(r io.Reader) Fetcher {
	return func(ctx context.Context, qs *gitstore.Store) (map[string]gitstore.ID, error) {
		q := wrap(qs)
		br := bufio.NewReaderSize(ctxReader{ctx, r}, 64<<10)
		h, err := readBundleHeader(br)
		if cerr := ctx.Err(); err != nil && cerr != nil {
			// A cancelled read is the cancellation, not a bad header.
			return nil, cerr
		}
		if err != nil {
			return nil, err
		}
		// Refused before a byte of the pack is read.
		if err := checkScopeCount(h.refs, qs.Limits().MaxBundleScopes); err != nil {
			return nil, err
		}
		if err := q.receivePack(ctx, br); err != nil {
			return nil, err
		}
		return h.refs, ctx.Err()
	}
}

// Import brings what fetch delivers into the store. Incoming markers that
// would rewrite local history need opts' consent (see ImportOptions); an
// import without it stops with a *ConsentError before anything becomes
// visible. The caller holds the store lock (Exclusive).
func Import(ctx context.Context, gtx *gitstore.Tx, fetch Fetcher, opts ImportOptions) (*ImportResult, error) {
	tx := wrapTx(gtx)
	s := tx.s
	unsettled, err := SettlePending(s.Store)
	if err != nil {
		return nil, err
	}
	q, err := s.newQuarantine()
	if err != nil {
		return nil, err
	}
	defer q.remove()
	refs, err := q.receive(ctx, fetch, s.Limits().MaxFileBytes)
	if err != nil {
		return nil, err
	}
	res := &ImportResult{}
	m, err := s.mergeMarkers(ctx, q, refs)
	if err != nil {
		return nil, err
	}
	res.NewMarkers, res.IgnoredMarkers = len(m.arrived), m.ignored
	current, err := s.Refs(ctx)
	if err != nil {
		return nil, err
	}
	local, err := tx.planLocal(ctx, m, current, opts, res)
	if err != nil {
		return nil, err
	}
	branches, err := tx.rewriteIncoming(ctx, q, refs, m.spec, res)
	if err != nil {
		return nil, err
	}
	// The remote's metadata commits (small, checked) are kept, so a push
	// can tell that the remote's sets are within this store's.
	if _, err := s.copyObjects(ctx, q.s, metadataRefs(refs)); err != nil {
		return nil, err
	}
	final, heads, err := tx.rewriteLocal(ctx, local, current, res)
	if err != nil {
		return nil, err
	}
	if res.Branches, err = s.mergeBranches(ctx, branches, heads, current, final); err != nil {
		return nil, err
	}
	updates, err := tx.importUpdates(ctx, m, final)
	if err != nil {
		return nil, err
	}
	if len(m.arrived) > 0 {
		if err := s.markSettlePending(markersHead(updates, current)); err != nil {
			return nil, err
		}
	}
	if err := tx.SwitchRefs(ctx, updates); err != nil {
		return nil, err
	}
	res.Settle = len(m.arrived) > 0 || unsettled != ""
	if res.RewrittenLocal > 0 || res.Settle {
		pr, err := tx.Purge(ctx, s.NewEraser(m.spec).Check)
		if err != nil {
			return nil, err
		}
		res.Purge = pr
		if err := s.DropCaches(); err != nil {
			return nil, err
		}
	}
	if res.DivergedRemoved, err = PruneDiverged(ctx, tx.Tx, s.Now()); err != nil {
		return nil, err
	}
	return res, nil
}

// metadataRefs picks refs/memfs/meta and refs/memfs/erasures of refs.
func metadataRefs(refs map[string]gitstore.ID) map[string]gitstore.ID {
	out := map[string]gitstore.ID{}
	for _, n := range []string{gitstore.MetaRef, gitstore.ErasuresRef} {
		if h, ok := refs[n]; ok {
			out[n] = h
		}
	}
	return out
}

// markersHead is the erasure chain's head once updates apply.
func markersHead(updates []gitstore.RefUpdate, current map[string]gitstore.ID) gitstore.ID {
	for _, u := range updates {
		if u.Name == gitstore.ErasuresRef {
			return u.New
		}
	}
	return current[gitstore.ErasuresRef]
}

// receive has fetch store the incoming objects in the quarantine and
// returns the refs an import considers (scope branches, markers, meta),
// once their history is checked.
func (q *quarantine) receive(ctx context.Context, fetch Fetcher, maxFileBytes int64) (map[string]gitstore.ID, error) {
	all, err := fetch(ctx, q.s.Store)
	if err != nil {
		return nil, err
	}
	if err := checkScopeCount(all, q.s.Limits().MaxBundleScopes); err != nil {
		return nil, err
	}
	refs := map[string]gitstore.ID{}
	for name, h := range all {
		switch {
		case name == gitstore.ErasuresRef || name == gitstore.MetaRef:
			refs[name] = h
		case strings.HasPrefix(name, branchPrefix):
			if !wiki.ValidScope(strings.TrimPrefix(name, branchPrefix)) {
				return nil, fmt.Errorf("%w: %s is not a scope branch", gitstore.ErrInvalidBundle, name)
			}
			refs[name] = h
		}
	}
	if err := q.checkIncoming(ctx, refs, maxFileBytes); err != nil {
		return nil, err
	}
	return refs, nil
}

// checkScopeCount refuses refs that name more scope branches than most:
// a bundle that creates 100,000 scopes in a second would leave every
// later command that lists scopes with that many to go through.
func checkScopeCount(refs map[string]gitstore.ID, most int) error {
	n := 0
	for name := range refs {
		if strings.HasPrefix(name, branchPrefix) {
			n++
		}
	}
	if n > most {
		return fmt.Errorf("%w: %d scope branches, over the limit of %d (config.toml [limits] max_bundle_scopes) (%w)", gitstore.ErrTooManyScopes, n, most, gitstore.ErrInvalidBundle)
	}
	return nil
}

// importMarkers is the union of both sides' keyrings and markers.
type importMarkers struct {
	keys    map[string][]byte  // the store's keyring
	local   []erasure.Marker   // the store's own markers, read once
	ignored int                // incoming text markers of earlier versions
	arrived []erasure.Marker   // markers this store did not have
	spec    gitstore.EraseSpec // erasing by the union
}

// mergeMarkers unites the incoming keys and markers with the store's.
func (s *store) mergeMarkers(ctx context.Context, q *quarantine, refs map[string]gitstore.ID) (*importMarkers, error) {
	inMarkers, err := q.incomingMarkers(ctx, refs)
	if err != nil {
		return nil, err
	}
	keys, _, err := s.Keyring(ctx)
	if err != nil {
		return nil, err
	}
	m := &importMarkers{keys: keys}
	if m.local, err = s.Markers(ctx); err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, mk := range m.local {
		known[mk.Identity()] = true
	}
	union := slices.Clone(m.local)
	for _, mk := range inMarkers {
		if mk.Kind == erasure.MarkerText && mk.Version != erasure.TextMarkerV3 && !known[mk.Identity()] {
			// A text marker of an earlier version tells the literal's
			// length and costs a pass per length: memfs writes none any
			// more, so one arriving now is not taken.
			m.ignored++
			continue
		}
		if id := mk.Identity(); !known[id] {
			known[id] = true
			union = append(union, mk)
			m.arrived = append(m.arrived, mk)
		}
	}
	guard := erasure.NewGuard(keys, union)
	m.spec = gitstore.EraseSpec{Text: guard, Session: guard.ErasedSession, Page: guard.ErasedPage}
	return m, nil
}

// rewriteIncoming rewrites the incoming history in the quarantine by the
// union of markers and copies what the store lacks of it. It returns the
// incoming scope branches as rewritten.
func (tx *txn) rewriteIncoming(ctx context.Context, q *quarantine, refs map[string]gitstore.ID, spec gitstore.EraseSpec, res *ImportResult) (map[string]gitstore.ID, error) {
	branches := map[string]gitstore.ID{}
	for name, h := range refs {
		if strings.HasPrefix(name, branchPrefix) {
			branches[name] = h
		}
	}
	q.s.Lock()
	err := q.s.WritePackedRefs(branches)
	q.s.Unlock()
	if err != nil {
		return nil, err
	}
	qtx := q.s.Tx()
	qres, err := qtx.Rewrite(ctx, q.s.NewEraser(spec).Edit())
	if err != nil {
		return nil, err
	}
	if err := qtx.WriteObjects(ctx, qres); err != nil {
		return nil, err
	}
	res.RewrittenIncoming = qres.Rewritten
	for _, u := range qres.Refs {
		if u.New.IsZero() {
			delete(branches, u.Name)
		} else {
			branches[u.Name] = u.New
		}
	}
	if res.Objects, err = tx.s.copyObjects(ctx, q.s, branches); err != nil {
		return nil, err
	}
	return branches, nil
}

// planLocal rewrites the store's own history in memory when markers
// arrived that it did not have, and stops unless opts consent to them
// (consent.go). Nothing is written.
func (tx *txn) planLocal(ctx context.Context, m *importMarkers, current map[string]gitstore.ID, opts ImportOptions, res *ImportResult) (*gitstore.RewriteResult, error) {
	if len(m.arrived) == 0 {
		return nil, nil
	}
	lres, err := tx.Rewrite(ctx, tx.s.NewEraser(m.spec).Edit())
	if err != nil {
		return nil, err
	}
	if res.LocalErasure, err = tx.s.consent(ctx, lres, current, m.arrived, m.keys, opts); err != nil {
		return nil, err
	}
	return lres, nil
}

// rewriteLocal writes the local rewrite planLocal made, refused when it
// leaves a scope head invalid. It returns the ref updates of that
// rewrite, by name, and the refs as they will be after it.
func (tx *txn) rewriteLocal(ctx context.Context, lres *gitstore.RewriteResult, current map[string]gitstore.ID, res *ImportResult) (final map[string]gitstore.RefUpdate, heads map[string]gitstore.ID, err error) {
	final = map[string]gitstore.RefUpdate{}
	heads = copyRefs(current)
	if lres == nil {
		return final, heads, nil
	}
	if err := tx.WriteObjects(ctx, lres); err != nil {
		return nil, nil, err
	}
	if err := tx.s.checkErasedHeads(ctx, lres); err != nil {
		return nil, nil, err
	}
	res.RewrittenLocal = lres.Rewritten
	for _, u := range lres.Refs {
		final[u.Name] = u
		if u.New.IsZero() {
			delete(heads, u.Name)
		} else {
			heads[u.Name] = u.New
		}
	}
	return final, heads, nil
}

// mergeBranches decides each incoming scope branch against the local
// head, adding the ref updates it needs to final.
func (s *store) mergeBranches(ctx context.Context, branches, heads, current map[string]gitstore.ID, final map[string]gitstore.RefUpdate) ([]BranchResult, error) {
	names := make([]string, 0, len(branches))
	for n := range branches {
		names = append(names, n)
	}
	slices.Sort(names)
	now := s.Now().UTC()
	var out []BranchResult
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		remote := branches[name]
		mine, ok := heads[name]
		br, head, err := s.mergeBranch(ctx, name, remote, mine, ok, now)
		if err != nil {
			return nil, err
		}
		if br.Kept != "" {
			final[br.Kept] = gitstore.RefUpdate{Name: br.Kept, New: mine}
		}
		if br.Outcome != BranchAhead && br.Outcome != BranchUnchanged {
			u := final[name]
			u.Name, u.New = name, head
			if _, rewritten := final[name]; !rewritten {
				u.Old = current[name]
			}
			final[name] = u
		}
		out = append(out, br)
	}
	return out, nil
}

// mergeBranch decides one scope branch: created, unchanged, fast-forward,
// local-ahead, merged (both moved, merged file by file: merge.go), or
// diverged (both moved and a file changed on both sides differently: the
// incoming head wins and the local-only commits are kept under
// DivergedPrefix, with the sessions they came from). It returns the head
// the branch takes.
func (s *store) mergeBranch(ctx context.Context, name string, remote, mine gitstore.ID, exists bool, now time.Time) (BranchResult, gitstore.ID, error) {
	scope := strings.TrimPrefix(name, branchPrefix)
	br := BranchResult{Scope: scope, Head: remote.String()}
	switch {
	case !exists:
		br.Outcome = BranchCreated
		return br, remote, nil
	case mine == remote:
		br.Outcome = BranchUnchanged
		return br, remote, nil
	}
	inRemote, err := s.ancestors(ctx, remote)
	if err != nil {
		return br, gitstore.ID{}, err
	}
	if inRemote[mine] {
		br.Outcome = BranchFastForward
		return br, remote, nil
	}
	inMine, err := s.ancestors(ctx, mine)
	if err != nil {
		return br, gitstore.ID{}, err
	}
	if inMine[remote] {
		br.Outcome, br.Head = BranchAhead, mine.String()
		return br, mine, nil
	}
	mo, err := s.mergeHeads(ctx, scope, mine, remote, inMine, inRemote)
	if err != nil {
		return br, gitstore.ID{}, err
	}
	if !mo.commit.IsZero() {
		br.Outcome, br.Head, br.Merged = BranchMerged, mo.commit.String(), mo.local
		return br, mo.commit, nil
	}
	br.Conflicts, br.Refused = mo.conflicts, mo.refused
	br.Outcome = BranchDiverged
	br.Kept = fmt.Sprintf("%s%s/%d", DivergedPrefix, scope, now.UnixNano())
	var sessions []string
	for h := range inMine {
		if inRemote[h] {
			continue
		}
		br.Commits++
		info, err := s.CommitInfo(ctx, h)
		if err != nil {
			return br, gitstore.ID{}, err
		}
		for _, id := range info.Sources() {
			if !slices.Contains(sessions, id) {
				sessions = append(sessions, id)
			}
		}
	}
	slices.Sort(sessions)
	br.Sessions = sessions
	return br, remote, nil
}

// importUpdates lists the ref updates an import switches at once: the
// branches and rewritten refs of final that move, and the canonical
// commits of the united marker set and of meta (gitstore's meta.go),
// which also migrate refs of the earlier format.
func (tx *txn) importUpdates(ctx context.Context, m *importMarkers, final map[string]gitstore.RefUpdate) ([]gitstore.RefUpdate, error) {
	s := tx.s
	var updates []gitstore.RefUpdate
	for _, u := range final {
		if u.New != u.Old {
			updates = append(updates, u)
		}
	}
	canon, err := tx.s.CanonicalUpdates(ctx, tx.Tx)
	if err != nil {
		return nil, err
	}
	for _, u := range canon {
		switch {
		case u.Name == gitstore.ErasuresRef && len(m.arrived) > 0:
			// Replaced below by the union.
		default:
			updates = append(updates, u)
		}
	}
	if len(m.arrived) > 0 {
		old, err := s.ReadRef(gitstore.ErasuresRef)
		if err != nil && !errors.Is(err, plumbing.ErrReferenceNotFound) {
			return nil, err
		}
		c, err := s.MarkersCommitOf(m.local, m.arrived)
		if err != nil {
			return nil, err
		}
		updates = append(updates, gitstore.RefUpdate{Name: gitstore.ErasuresRef, Old: old, New: c})
	}
	return updates, nil
}

// ancestors returns every commit reachable from h, h included.
func (s *store) ancestors(ctx context.Context, h gitstore.ID) (map[gitstore.ID]bool, error) {
	s.Lock()
	defer s.Unlock()
	seen := map[gitstore.ID]bool{}
	stack := []gitstore.ID{h}
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[c] {
			continue
		}
		seen[c] = true
		cm, err := s.CommitLocked(c)
		if err != nil {
			return nil, err
		}
		stack = append(stack, ids(cm.ParentHashes)...)
	}
	return seen, nil
}
