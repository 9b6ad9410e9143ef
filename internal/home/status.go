package home

import (
	"context"

	"github.com/memfs/memfs/gitstore"
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

// Status lists every scope (Scopes) with the head of each published one,
// and the number of sessions pending in all.
func (h *Home) Status(ctx context.Context, st *gitstore.Store, l *ledger.Ledger) (scopes []ScopeStatus, pending int, err error) {
	infos, err := h.Scopes(ctx, st, l)
	if err != nil {
		return nil, 0, err
	}
	scopes = make([]ScopeStatus, 0, len(infos))
	for _, i := range infos {
		ss := ScopeStatus{ScopeInfo: i}
		pending += i.Pending
		if i.Published {
			id, err := st.Head(ctx, i.Name)
			if err != nil {
				return nil, 0, err
			}
			c, err := st.CommitInfo(ctx, id)
			if err != nil {
				return nil, 0, err
			}
			ss.Head, ss.Time, ss.Subject = id.String(), c.Time.UTC().Format("2006-01-02T15:04:05Z"), c.Subject()
		}
		scopes = append(scopes, ss)
	}
	return scopes, pending, nil
}
