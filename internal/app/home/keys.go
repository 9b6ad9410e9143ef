package home

import (
	"context"
	"errors"
	"path/filepath"

	"github.com/memfs/memfs/gitstore"
)

// MarkerKeys is what memfs doctor reports of the erasure marker keys:
// how many markers the store holds under keys it does not have, and the
// first of those key ids.
type MarkerKeys struct {
	OK          bool     `json:"ok"`
	Unchecked   int      `json:"unchecked_markers"`
	MissingKeys []string `json:"missing_keys,omitempty"`
	Error       string   `json:"error,omitempty"`
}

// CheckMarkerKeys opens the store of the home at dir, if there is one,
// and counts the markers it cannot check. No store is OK.
func CheckMarkerKeys(ctx context.Context, dir string) MarkerKeys {
	s, err := gitstore.Open(ctx, gitstore.Options{Path: filepath.Join(dir, StoreDir)})
	if errors.Is(err, gitstore.ErrNotInitialized) {
		return MarkerKeys{OK: true}
	}
	if err != nil {
		return MarkerKeys{Error: err.Error()}
	}
	defer s.Close()
	g, err := s.Guard(ctx)
	if err != nil {
		return MarkerKeys{Error: err.Error()}
	}
	mk := MarkerKeys{}
	mk.Unchecked, mk.MissingKeys = g.Unchecked()
	mk.MissingKeys = mk.MissingKeys[:min(len(mk.MissingKeys), maxMissingKeys)]
	mk.OK = mk.Unchecked == 0
	return mk
}

// maxMissingKeys bounds the key ids a report names (a consented bundle
// may bring markers under any number of keys).
const maxMissingKeys = 8
