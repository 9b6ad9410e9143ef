package replica

import (
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/memfs/memfs/gitstore"
)

// store is a gitstore.Store seen by the sync machinery: its exported
// methods and its Plumbing.
type store struct {
	*gitstore.Store
	gitstore.Plumbing
}

func wrap(s *gitstore.Store) *store { return &store{Store: s, Plumbing: s.Plumbing()} }

// txn is a gitstore.Tx (the store under its lock) with its store wrapped.
type txn struct {
	*gitstore.Tx
	s *store
}

func wrapTx(tx *gitstore.Tx) *txn { return &txn{Tx: tx, s: wrap(tx.Store())} }

// copyRefs returns a copy of a ref map.
func copyRefs(m map[string]gitstore.ID) map[string]gitstore.ID {
	c := make(map[string]gitstore.ID, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// ids converts go-git's hashes.
func ids(hs []plumbing.Hash) []gitstore.ID {
	out := make([]gitstore.ID, len(hs))
	for i, h := range hs {
		out[i] = gitstore.ID(h)
	}
	return out
}

const (
	branchPrefix = "refs/heads/"
	// erasuresFile is the marker list in refs/memfs/erasures' tree.
	erasuresFile = "erasures.jsonl"
)
