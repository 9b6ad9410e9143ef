package gitstore

import (
	"context"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
)

// neutralMarkerCommit makes sure the commit that adds markers is not
// signed by an author the markers forget: when the store's author holds
// text that the markers (those already there and the new ones) match, it
// returns a copy of commit signed with the neutral signature. The first
// commit is left unreachable for the purge that follows a forget.
func (tx *Tx) neutralMarkerCommit(ctx context.Context, added []Marker, commit ID) (ID, error) {
	s := tx.s
	have, err := s.Markers(ctx)
	if err != nil {
		return ID{}, err
	}
	keys, _, err := s.Keyring(ctx)
	if err != nil {
		return ID{}, err
	}
	g := NewGuard(keys, append(have, added...))
	if !g.ErasedSignature(s.opts.AuthorName, s.opts.AuthorEmail) {
		return commit, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.commitLocked(commit)
	if err != nil {
		return ID{}, err
	}
	c.Author.Name, c.Author.Email = NeutralName, NeutralEmail
	c.Committer.Name, c.Committer.Email = NeutralName, NeutralEmail
	obj := &plumbing.MemoryObject{}
	if err := c.Encode(obj); err != nil {
		return ID{}, fmt.Errorf("encode commit: %w", err)
	}
	b, err := encodedBytes(obj)
	if err != nil {
		return ID{}, err
	}
	return s.writeLoose(plumbing.CommitObject, b)
}
