package gitstore

import (
	"bytes"
	"context"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/memfs/memfs/gitstore/erasure"
)

// Refs that moved outside memfs's publish path. An exec dreamer (or any
// process of the user) can write a ref with stock git; what it points at
// was never validated or checked against the erasure markers. The dream
// coordinator compares the refs before and after a dreamer ran
// (dream.ReasonRefsMoved), and checks the new heads with HoldsErased;
// RestoreRef puts back a head that would show forgotten content.

// HoldsErased reports whether commit, its message or anything in its tree
// (names and blobs), holds what g says was forgotten. It reads the whole
// tree: meant for the rare head that moved outside memfs.
func (s *Store) HoldsErased(ctx context.Context, commit ID, g *erasure.Guard) (bool, error) {
	if g.Empty() {
		return false, nil
	}
	check := s.NewEraser(EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}).Check
	_, body, err := s.readObject(commit, plumbing.CommitObject, false)
	if err != nil {
		return false, fmt.Errorf("read commit %s: %w", short(commit), err)
	}
	if check(CommitObject, body) != nil {
		return true, nil
	}
	hdr, _, _ := bytes.Cut(body, []byte("\n\n"))
	tree, ok := bytes.CutPrefix(hdr, []byte("tree "))
	if !ok || len(tree) < 40 {
		return false, fmt.Errorf("commit %s has no tree", short(commit))
	}
	root, ok := ParseID(string(tree[:40]))
	if !ok {
		return false, fmt.Errorf("commit %s has no tree", short(commit))
	}
	seen := map[ID]bool{}
	todo := []ID{root}
	for len(todo) > 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		id := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[id] {
			continue
		}
		seen[id] = true
		typ, b, err := s.readObject(id, plumbing.AnyObject, false)
		if err != nil {
			return false, fmt.Errorf("read object %s: %w", short(id), err)
		}
		if check(typ, b) != nil {
			return true, nil
		}
		if typ != plumbing.TreeObject {
			continue
		}
		entries, err := parseTree(b)
		if err != nil {
			return false, err
		}
		for _, en := range entries {
			if en.Mode.IsFile() || en.Mode == filemode.Dir {
				todo = append(todo, ID(en.Hash))
			}
		}
	}
	return false, nil
}

// RestoreRef moves ref name back from cur to old under the store lock;
// old zero deletes it. ErrConflict when the ref no longer names cur.
func (s *Store) RestoreRef(ctx context.Context, name string, cur, old ID) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	if old.IsZero() {
		return s.deleteRef(name, cur)
	}
	return s.casRef(name, cur, old)
}
