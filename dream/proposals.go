package dream

import (
	"context"
	"errors"

	"github.com/memfs/memfs/gitstore"
)

// ProposalSummary is an open proposal as memfs review list shows it.
type ProposalSummary struct {
	Scope  string `json:"scope"`
	Run    string `json:"run"`
	Commit string `json:"commit"`
	// Subject is the first line of the proposal's commit message.
	Subject string `json:"-"`
}

// ListProposals lists the open proposals, sorted by scope and run.
func ListProposals(ctx context.Context, s *gitstore.Store) ([]ProposalSummary, error) {
	props, err := s.Proposals(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]ProposalSummary, 0, len(props))
	for _, p := range props {
		c, err := s.CommitInfo(ctx, p.Commit)
		if err != nil {
			return nil, err
		}
		out = append(out, ProposalSummary{Scope: p.Scope, Run: p.Run, Commit: p.Commit.String(), Subject: c.Subject()})
	}
	return out, nil
}

// ProposalDetail is one open proposal with what it changes.
type ProposalDetail struct {
	gitstore.Proposal
	Info    gitstore.CommitInfo
	Changes []gitstore.Change
	// Stale is true when the scope moved since the proposal was made:
	// approving it would be refused.
	Stale bool
}

// ShowProposal describes the open proposal of a run.
func ShowProposal(ctx context.Context, s *gitstore.Store, run string) (*ProposalDetail, error) {
	p, err := s.FindProposal(ctx, run)
	if err != nil {
		return nil, err
	}
	c, err := s.CommitInfo(ctx, p.Commit)
	if err != nil {
		return nil, err
	}
	changes, err := Changes(ctx, s, c)
	if err != nil {
		return nil, err
	}
	var parent gitstore.ID
	if len(c.Parents) > 0 {
		parent = c.Parents[0]
	}
	head, err := s.Head(ctx, p.Scope)
	if err != nil && !errors.Is(err, gitstore.ErrNoScope) {
		return nil, err
	}
	return &ProposalDetail{Proposal: p, Info: c, Changes: changes, Stale: parent != head}, nil
}

// Changes lists what a commit changed against its first parent (all of
// it for a root commit).
func Changes(ctx context.Context, s *gitstore.Store, c gitstore.CommitInfo) ([]gitstore.Change, error) {
	var parentTree gitstore.ID
	if len(c.Parents) > 0 {
		p, err := s.CommitInfo(ctx, c.Parents[0])
		if err != nil {
			return nil, err
		}
		parentTree = p.Tree
	}
	return s.Diff(ctx, parentTree, c.Tree)
}
