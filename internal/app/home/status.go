package home

import (
	"context"
	"os"

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
	// Unchecked counts the erasure markers under keys this store does not
	// hold (MissingKeys, the first of their ids): it cannot honour them,
	// and refuses to push or export until memfs key import brings the
	// keys.
	Unchecked   int
	MissingKeys []string
	// Settling are the checkpointed sessions whose transcript has grown
	// since its checkpoint: new turns that serve (or the agent's hook)
	// checkpoints once the file stays unchanged for the settle period.
	Settling []SettlingSession
	// Waiting are the scopes whose pending sessions wait for a retry after
	// failed dreams, or for an explicit memfs dream --now (Stopped).
	Waiting []WaitingScope
}

// SettlingSession is a session whose transcript has turns newer than its
// checkpoint.
type SettlingSession struct {
	Session string `json:"session"`
	Scope   string `json:"scope"`
	// Bytes is how much the transcript grew since its checkpoint.
	Bytes int64 `json:"bytes"`
	// Modified is when the transcript last changed.
	Modified string `json:"modified"`
}

// WaitingScope is a scope whose dreams failed.
type WaitingScope struct {
	Scope       string `json:"scope"`
	Failures    int    `json:"failures"`
	NextAttempt string `json:"next_attempt,omitempty"`
	// Stopped: automatic runs wait for memfs dream --now.
	Stopped bool `json:"stopped,omitempty"`
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
	s.Waiting = []WaitingScope{}
	for _, cp := range failed {
		s.Failed = append(s.Failed, FailedCheckpoint{Session: cp.SessionID, Scope: cp.Scope, Code: cp.Failed.Code,
			Since: cp.Failed.At.UTC().Format("2006-01-02T15:04:05Z")})
	}
	if s.Settling, err = settling(ctx, l); err != nil {
		return nil, err
	}
	for _, i := range infos {
		r, err := l.Retry(ctx, i.Name)
		if err != nil {
			return nil, err
		}
		if r.Failures == 0 && !r.Stopped {
			continue
		}
		w := WaitingScope{Scope: i.Name, Failures: r.Failures, Stopped: r.Stopped}
		if !r.NextAttempt.IsZero() && !r.Stopped {
			w.NextAttempt = r.NextAttempt.UTC().Format("2006-01-02T15:04:05Z")
		}
		s.Waiting = append(s.Waiting, w)
	}
	diverged, err := replica.Diverged(ctx, st)
	if err != nil {
		return nil, err
	}
	s.Diverged = len(diverged)
	for _, d := range diverged {
		s.DivergedPending += len(d.Pending)
	}
	g, err := st.Guard(ctx)
	if err != nil {
		return nil, err
	}
	s.Unchecked, s.MissingKeys = g.Unchecked()
	s.MissingKeys = s.MissingKeys[:min(len(s.MissingKeys), maxMissingKeys)]
	return s, nil
}

// settling returns the checkpointed sessions whose transcript is longer
// than what their checkpoint read. A failed checkpoint is not settling
// (status lists it as failed), nor is a transcript that is gone or
// shorter (the next checkpoint or dream says what became of it).
func settling(ctx context.Context, l *ledger.Ledger) ([]SettlingSession, error) {
	cps, err := l.Checkpoints(ctx)
	if err != nil {
		return nil, err
	}
	out := []SettlingSession{}
	for _, cp := range cps {
		if cp.Failed != nil || cp.Path == "" {
			continue
		}
		fi, err := os.Stat(cp.Path)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() <= cp.Bytes {
			continue
		}
		out = append(out, SettlingSession{Session: cp.SessionID, Scope: cp.Scope, Bytes: fi.Size() - cp.Bytes,
			Modified: fi.ModTime().UTC().Format("2006-01-02T15:04:05Z")})
	}
	return out, nil
}
