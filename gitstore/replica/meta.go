package replica

import (
	"bytes"
	"fmt"
	"maps"

	"github.com/memfs/memfs/gitstore"
)

// unionKeys returns a ∪ b, refusing a key id that names two keys.
func unionKeys(a, b map[string][]byte) (map[string][]byte, error) {
	out := maps.Clone(a)
	if out == nil {
		out = map[string][]byte{}
	}
	for id, k := range b {
		if have, ok := out[id]; ok && !bytes.Equal(have, k) {
			return nil, fmt.Errorf("%w: key %s differs from the one this store holds", gitstore.ErrInvalidBundle, id)
		}
		out[id] = k
	}
	return out, nil
}

// subsetKeys reports whether every key of a is in b.
func subsetKeys(a, b map[string][]byte) bool {
	for id := range a {
		if _, ok := b[id]; !ok {
			return false
		}
	}
	return true
}
