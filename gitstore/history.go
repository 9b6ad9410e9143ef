package gitstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ChangeKind says how a path changed between two trees.
type ChangeKind string

// Change kinds.
const (
	Added    ChangeKind = "added"
	Modified ChangeKind = "modified"
	Deleted  ChangeKind = "deleted"
)

// Change is one file that differs between two trees.
type Change struct {
	Path string
	Kind ChangeKind
	Old  ID // zero when added
	New  ID // zero when deleted
}

// Diff lists the files that differ between two trees (either may be zero,
// the empty tree), in path order. Subtrees with equal ids are skipped
// without being read.
func (s *Store) Diff(ctx context.Context, oldTree, newTree ID) ([]Change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Change
	err := s.diffLocked(ctx, "", oldTree, newTree, &out)
	return out, err
}

func (s *Store) diffLocked(ctx context.Context, prefix string, a, b ID, out *[]Change) error {
	if a == b {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ae, err := s.treeEntriesLocked(a)
	if err != nil {
		return err
	}
	be, err := s.treeEntriesLocked(b)
	if err != nil {
		return err
	}
	am := make(map[string]object.TreeEntry, len(ae))
	for _, e := range ae {
		am[e.Name] = e
	}
	bm := make(map[string]object.TreeEntry, len(be))
	for _, e := range be {
		bm[e.Name] = e
	}
	names := make([]string, 0, len(am)+len(bm))
	for n := range am {
		names = append(names, n)
	}
	for n := range bm {
		if _, ok := am[n]; !ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		x, inA := am[n]
		y, inB := bm[n]
		p := prefix + n
		xDir, yDir := inA && x.Mode == filemode.Dir, inB && y.Mode == filemode.Dir
		switch {
		case inA && inB && x.Hash == y.Hash && x.Mode == y.Mode:
		case xDir || yDir:
			var xa, yb ID
			if xDir {
				xa = ID(x.Hash)
			} else if inA {
				*out = append(*out, Change{Path: p, Kind: Deleted, Old: ID(x.Hash)})
			}
			if yDir {
				yb = ID(y.Hash)
			} else if inB {
				*out = append(*out, Change{Path: p, Kind: Added, New: ID(y.Hash)})
			}
			if err := s.diffLocked(ctx, p+"/", xa, yb, out); err != nil {
				return err
			}
		case inA && inB:
			*out = append(*out, Change{Path: p, Kind: Modified, Old: ID(x.Hash), New: ID(y.Hash)})
		case inA:
			*out = append(*out, Change{Path: p, Kind: Deleted, Old: ID(x.Hash)})
		default:
			*out = append(*out, Change{Path: p, Kind: Added, New: ID(y.Hash)})
		}
	}
	return nil
}

// Resolve turns a revision of a scope into a commit id. An empty rev or
// "HEAD" names the scope head; "HEAD~2" and "HEAD^" walk back from it; a
// full or abbreviated commit id and any git revision expression go-git
// understands are accepted too.
func (s *Store) Resolve(ctx context.Context, scope, rev string) (ID, error) {
	if err := checkScope(scope); err != nil {
		return ID{}, err
	}
	if rev == "" || rev == "HEAD" || rev == "@" {
		return s.Head(ctx, scope)
	}
	expr := rev
	if rest, ok := strings.CutPrefix(rev, "HEAD"); ok && (strings.HasPrefix(rest, "~") || strings.HasPrefix(rest, "^")) {
		if _, err := s.Head(ctx, scope); err != nil {
			return ID{}, err
		}
		expr = BranchRef(scope) + rest
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	repo, err := git.Open(s.st, nil)
	if err != nil {
		return ID{}, fmt.Errorf("resolve %q: %w", rev, err)
	}
	var h *plumbing.Hash
	err = s.retry(func() (err error) {
		h, err = repo.ResolveRevision(plumbing.Revision(expr))
		return err
	})
	if err != nil {
		return ID{}, fmt.Errorf("resolve %q: %w", rev, ErrUnknownRevision)
	}
	if err := s.retry(func() error { _, err := object.GetCommit(s.st, *h); return err }); err != nil {
		return ID{}, fmt.Errorf("resolve %q: not a commit: %w", rev, ErrUnknownRevision)
	}
	return ID(*h), nil
}

// Log returns up to limit commits (all when limit ≤ 0) reachable from
// commit along first parents, newest first.
func (s *Store) Log(ctx context.Context, commit ID, limit int) ([]CommitInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []CommitInfo
	for h := commit; !h.IsZero(); {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		info, err := s.commitInfoLocked(h)
		if err != nil {
			return nil, err
		}
		out = append(out, info)
		if limit > 0 && len(out) >= limit {
			break
		}
		if len(info.Parents) == 0 {
			break
		}
		h = info.Parents[0]
	}
	return out, nil
}

// CommitInfo reads one commit.
func (s *Store) CommitInfo(ctx context.Context, commit ID) (CommitInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return CommitInfo{}, err
	}
	return s.commitInfoLocked(commit)
}

// IsUnknownRevision reports whether err means a revision named no commit.
func IsUnknownRevision(err error) bool { return errors.Is(err, ErrUnknownRevision) }

// HasCommit reports whether the store holds the commit.
func (s *Store) HasCommit(h ID) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	typ, err := s.objectTypeLocked(h)
	return err == nil && typ == plumbing.CommitObject
}
