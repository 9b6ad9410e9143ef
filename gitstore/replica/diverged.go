package replica

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memfs/memfs/gitstore"
)

// Diverged refs. A pull that could not merge (a page changed on both
// sides differently) keeps the local commits under
// refs/memfs/diverged/<scope>/<unix nanoseconds> and puts their sessions
// back to pending, so the next dream applies them on the new head. The ref
// is only a safety copy: it goes once every one of those sessions is in
// the scope's history again (a commit reachable from the head names it in
// Memfs-Sources, or a page of the head cites it) or was forgotten, or,
// whatever happened to them, once it is older than DivergedRetention.

// DivergedRetention is how long a diverged ref is kept when its sessions
// never reach the scope's history again (a dream that found nothing to
// change, a session dropped from the ledger).
const DivergedRetention = 30 * 24 * time.Hour

// DivergedRef is one set-aside local history.
type DivergedRef struct {
	Ref   string    `json:"ref"`
	Scope string    `json:"scope"`
	Kept  time.Time `json:"kept"`
	// Sessions are those of its commits the scope head does not reach;
	// Pending those not in the scope's history again yet.
	Sessions []string `json:"sessions"`
	Pending  []string `json:"pending"`
}

// Diverged lists the diverged refs, oldest first.
func Diverged(ctx context.Context, st *gitstore.Store) ([]DivergedRef, error) {
	s := wrap(st)
	refs, err := s.Refs(ctx)
	if err != nil {
		return nil, err
	}
	g, err := s.Guard(ctx)
	if err != nil {
		return nil, err
	}
	var out []DivergedRef
	history := map[string]map[string]bool{} // scope → sessions in its history
	for name, h := range refs {
		rest, ok := strings.CutPrefix(name, DivergedPrefix)
		if !ok {
			continue
		}
		scope, stamp, _ := strings.Cut(rest, "/")
		d := DivergedRef{Ref: name, Scope: scope, Sessions: []string{}, Pending: []string{}}
		if ns, err := strconv.ParseInt(stamp, 10, 64); err == nil {
			d.Kept = time.Unix(0, ns).UTC()
		}
		headRef := gitstore.BranchRef(scope)
		inHead := map[gitstore.ID]bool{}
		if hh, ok := refs[headRef]; ok {
			if inHead, err = s.ancestors(ctx, hh); err != nil {
				return nil, err
			}
			if history[scope] == nil {
				if history[scope], err = s.historySessions(ctx, hh, inHead); err != nil {
					return nil, err
				}
			}
		}
		mine, err := s.ancestors(ctx, h)
		if err != nil {
			return nil, err
		}
		for c := range mine {
			if inHead[c] {
				continue
			}
			info, err := s.CommitInfo(ctx, c)
			if err != nil {
				return nil, err
			}
			for _, id := range info.Sources() {
				if !slices.Contains(d.Sessions, id) {
					d.Sessions = append(d.Sessions, id)
				}
			}
		}
		slices.Sort(d.Sessions)
		for _, id := range d.Sessions {
			if !history[scope][id] && !g.ErasedSession(id) {
				d.Pending = append(d.Pending, id)
			}
		}
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b DivergedRef) int {
		return strings.Compare(a.Ref, b.Ref)
	})
	return out, nil
}

// historySessions returns the sessions a scope's history holds: named in
// the Memfs-Sources of a commit the head reaches, or cited by a page of
// the head.
func (s *store) historySessions(ctx context.Context, head gitstore.ID, reach map[gitstore.ID]bool) (map[string]bool, error) {
	out := map[string]bool{}
	for c := range reach {
		info, err := s.CommitInfo(ctx, c)
		if err != nil {
			return nil, err
		}
		for _, id := range info.Sources() {
			out[id] = true
		}
	}
	if err := s.PageSources(ctx, head, func(ids []string) {
		for _, id := range ids {
			out[id] = true
		}
	}); err != nil {
		return nil, err
	}
	return out, nil
}

// PruneDiverged removes the diverged refs whose sessions are all in their
// scope's history again (or forgotten), and those kept longer than
// DivergedRetention before now. It returns the refs removed. The caller
// holds the store lock.
func PruneDiverged(ctx context.Context, gtx *gitstore.Tx, now time.Time) ([]string, error) {
	tx := wrapTx(gtx)
	ds, err := Diverged(ctx, tx.s.Store)
	if err != nil {
		return nil, err
	}
	var updates []gitstore.RefUpdate
	var gone []string
	for _, d := range ds {
		old := !d.Kept.IsZero() && now.Sub(d.Kept) > DivergedRetention
		if len(d.Pending) > 0 && !old {
			continue
		}
		h, err := tx.s.ReadRef(d.Ref)
		if err != nil {
			return nil, err
		}
		updates = append(updates, gitstore.RefUpdate{Name: d.Ref, Old: h})
		gone = append(gone, d.Ref)
	}
	if err := tx.SwitchRefs(ctx, updates); err != nil {
		return nil, err
	}
	return gone, nil
}
