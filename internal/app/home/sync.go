package home

import (
	"bufio"
	"context"
	"os"
	"path/filepath"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/replica"
)

// Export writes a git bundle of the scopes (nil: every scope) with the
// erasure markers and metadata to path. The bundle is written beside its
// destination and renamed into place, so a failed export leaves no
// partial bundle. It returns how many refs and objects the bundle holds.
func Export(ctx context.Context, s *gitstore.Store, path string, scopes []string) (refs, objects int, err error) {
	rs, err := replica.BundleRefs(ctx, s, scopes)
	if err != nil {
		return 0, 0, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return 0, 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	n, err := replica.WriteBundle(ctx, s, w, rs)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return 0, 0, err
	}
	return len(rs), n, nil
}

// Import brings in what fetch brings (forget.AfterImport): the store is
// updated, then the ledger and the staged runs are settled. progress,
// when set, hears where a long import is.
func (h *Home) Import(ctx context.Context, s *gitstore.Store, fetch replica.Fetcher, o replica.ImportOptions,
	progress func(stage string, done, total int)) (*forget.Imported, error) {
	l, err := h.Ledger()
	if err != nil {
		return nil, err
	}
	return forget.AfterImport(ctx, forget.Options{Home: h.Dir, Store: s, Ledger: l, Logger: h.Logger, Progress: progress}, fetch, o)
}
