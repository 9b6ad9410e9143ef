package home

import (
	"context"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/replica"
	"github.com/memfs/memfs/ledger"
)

// ScopeStatus is one scope as memfs status shows it: what the home knows
// of it and its head.
type ScopeStatus struct {
	ScopeInfo
	Head    string `json:"head,omitempty"`
	Time    string `json:"time,omitempty"`
	Subject string `json:"subject,omitempty"`
}

// Status is what memfs status reports of an initialized store.
type Status struct {
	StoreID string
	// Scopes lists every scope (Scopes) with the head of each published one.
	Scopes []ScopeStatus
	// Pending counts the sessions pending in all scopes.
	Pending int
	// Diverged counts the local histories a pull set aside;
	// DivergedPending their sessions not published again yet.
	Diverged, DivergedPending int
	// Failed are the checkpoints a dream could not read (the transcript
	// was deleted or moved): not pending, kept until memfs checkpoint drop.
	Failed []FailedCheckpoint
}

// FailedCheckpoint is a failed checkpoint as memfs status shows it.
type FailedCheckpoint struct {
	Session string `json:"session"`
	Scope   string `json:"scope"`
	Code    string `json:"code"`
	Since   string `json:"since"`
}

// Status reports the store's scopes and what waits in it.
func (h *Home) Status(ctx context.Context, st *gitstore.Store, l *ledger.Ledger) (*Status, error) {
	meta, err := st.Meta(ctx)
	if err != nil {
		return nil, err
	}
	infos, err := h.Scopes(ctx, st, l)
	if err != nil {
		return nil, err
	}
	// One listing of the refs, and one commit read per distinct head:
	// looking each scope's head up alone reads packed-refs again (go-git
	// scans it whole), quadratic in the scopes a bundle may bring.
	refs, err := st.Refs(ctx)
	if err != nil {
		return nil, err
	}
	commits := map[gitstore.ID]gitstore.CommitInfo{}
	s := &Status{StoreID: meta.StoreID, Scopes: make([]ScopeStatus, 0, len(infos))}
	for _, i := range infos {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ss := ScopeStatus{ScopeInfo: i}
		s.Pending += i.Pending
		if id, ok := refs[gitstore.BranchRef(i.Name)]; ok && i.Published {
			c, ok := commits[id]
			if !ok {
				if c, err = st.CommitInfo(ctx, id); err != nil {
					return nil, err
				}
				commits[id] = c
			}
			ss.Head, ss.Time, ss.Subject = id.String(), c.Time.UTC().Format("2006-01-02T15:04:05Z"), c.Subject()
		}
		s.Scopes = append(s.Scopes, ss)
	}
	failed, err := l.Failed(ctx)
	if err != nil {
		return nil, err
	}
	s.Failed = make([]FailedCheckpoint, 0, len(failed))
	for _, cp := range failed {
		s.Failed = append(s.Failed, FailedCheckpoint{Session: cp.SessionID, Scope: cp.Scope, Code: cp.Failed.Code,
			Since: cp.Failed.At.UTC().Format("2006-01-02T15:04:05Z")})
	}
	diverged, err := replica.Diverged(ctx, st)
	if err != nil {
		return nil, err
	}
	s.Diverged = len(diverged)
	for _, d := range diverged {
		s.DivergedPending += len(d.Pending)
	}
	return s, nil
}
