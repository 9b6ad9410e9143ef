package gitstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Review mode. A proposal is a commit whose parent is the scope head when it
// was made, kept under refs/memfs/proposals/<scope>/<run> instead of on the
// branch. Approving fast-forwards the branch to it by compare-and-swap, so a
// proposal made on an older head is refused as stale; rejecting deletes it.

// ProposalRef is the ref of a scope's proposal.
func ProposalRef(scope, run string) string { return ProposalsRef + scope + "/" + run }

func validProposalName(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' && i > 0) {
			return false
		}
	}
	return !strings.Contains(s, "..") && !strings.HasSuffix(s, ".lock")
}

// Proposal is one open proposal.
type Proposal struct {
	Scope, Run string
	Commit     ID
}

// Proposals lists the open proposals, sorted by scope and run.
func (s *Store) Proposals(ctx context.Context) ([]Proposal, error) {
	s.mu.Lock()
	iter, err := s.st.IterReferences()
	if err != nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("list proposals: %w", err)
	}
	var out []Proposal
	err = iter.ForEach(func(r *plumbing.Reference) error {
		rest, ok := strings.CutPrefix(r.Name().String(), ProposalsRef)
		if !ok || r.Type() != plumbing.HashReference {
			return nil
		}
		if scope, run, ok := strings.Cut(rest, "/"); ok {
			out = append(out, Proposal{Scope: scope, Run: run, Commit: ID(r.Hash())})
		}
		return nil
	})
	s.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("list proposals: %w", err)
	}
	slices.SortFunc(out, func(a, b Proposal) int {
		return strings.Compare(a.Scope+"/"+a.Run, b.Scope+"/"+b.Run)
	})
	return out, ctx.Err()
}

// FindProposal returns the open proposal of a run.
func (s *Store) FindProposal(ctx context.Context, run string) (Proposal, error) {
	all, err := s.Proposals(ctx)
	if err != nil {
		return Proposal{}, err
	}
	for _, p := range all {
		if p.Run == run {
			return p, nil
		}
	}
	return Proposal{}, fmt.Errorf("run %s: %w", run, ErrNoProposal)
}

// Approve fast-forwards the scope branch to the proposal and deletes the
// proposal. A proposal whose parent is no longer the head is stale: it is
// deleted and ErrStaleProposal returned.
func (s *Store) Approve(ctx context.Context, p Proposal) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	cur, err := s.readRef(ProposalRef(p.Scope, p.Run))
	if err != nil || cur != p.Commit {
		return fmt.Errorf("run %s: %w", p.Run, ErrNoProposal)
	}
	info, err := s.CommitInfo(ctx, p.Commit)
	if err != nil {
		return err
	}
	head, err := s.Head(ctx, p.Scope)
	if err != nil && !errors.Is(err, ErrNoScope) {
		return err
	}
	var parent ID
	if len(info.Parents) > 0 {
		parent = info.Parents[0]
	}
	if parent != head {
		if err := s.deleteRef(ProposalRef(p.Scope, p.Run), p.Commit); err != nil {
			return err
		}
		return fmt.Errorf("run %s: %w", p.Run, ErrStaleProposal)
	}
	if err := s.casRef(BranchRef(p.Scope), head, p.Commit); err != nil {
		return err
	}
	return s.deleteRef(ProposalRef(p.Scope, p.Run), p.Commit)
}

// Reject deletes a proposal.
func (s *Store) Reject(ctx context.Context, p Proposal) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	return s.deleteRef(ProposalRef(p.Scope, p.Run), p.Commit)
}
