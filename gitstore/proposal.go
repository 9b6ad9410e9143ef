package gitstore

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Review mode. A proposal is a commit whose parent is the scope head when it
// was made, kept under refs/memfs/proposals/<scope>/<run> instead of on the
// branch. Approving fast-forwards the branch to it by compare-and-swap, so a
// proposal made on an older head is refused as stale; rejecting deletes it.

// ErrStaleProposal means the scope head moved since the proposal was made.
var ErrStaleProposal = errors.New("proposal is stale: the scope head moved since it was made")

// ErrNoProposal means no proposal has that name.
var ErrNoProposal = errors.New("no such proposal")

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
			out = append(out, Proposal{Scope: scope, Run: run, Commit: r.Hash()})
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

// deleteRef removes a ref that points at old, loose or packed. The caller
// holds the store lock; a <ref>.lock of stock git is respected.
func (s *Store) deleteRef(name string, old ID) error {
	cur, err := s.readRef(name)
	if err != nil {
		return fmt.Errorf("delete %s: %w", name, ErrNoProposal)
	}
	if cur != old {
		return fmt.Errorf("delete %s: %w", name, ErrConflict)
	}
	p := filepath.Join(s.opts.Path, filepath.FromSlash(name))
	if _, err := os.Lstat(p + ".lock"); err == nil {
		return fmt.Errorf("%s: %w", name, ErrRefLocked)
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return s.dropPacked(name)
}

// dropPacked removes name from packed-refs, if it is there, by renaming a
// rewritten copy over it (unless stock git holds packed-refs.lock).
func (s *Store) dropPacked(name string) error {
	packed := filepath.Join(s.opts.Path, "packed-refs")
	b, err := os.ReadFile(packed)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var out bytes.Buffer
	found, skipPeel := false, false
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if skipPeel && strings.HasPrefix(line, "^") {
			continue
		}
		skipPeel = false
		if f := strings.Fields(line); len(f) == 2 && f[1] == name {
			found, skipPeel = true, true
			continue
		}
		out.WriteString(line + "\n")
	}
	if !found {
		return nil
	}
	if _, err := os.Lstat(packed + ".lock"); err == nil {
		return fmt.Errorf("packed-refs: %w", ErrRefLocked)
	}
	tmp, err := s.tempFile("packed-refs-", out.Bytes())
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	return os.Rename(tmp, packed)
}
