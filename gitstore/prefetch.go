package gitstore

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// prefetchDeltaCache bounds each prefetch worker's go-git object cache,
// which holds delta bases while packed objects are resolved.
const prefetchDeltaCache = 2 << 20

// Prefetch decompresses blobs into the blob cache ahead of use, with up to
// workers goroutines decoding in parallel, and returns when all are done
// or ctx ends. Blobs already cached are skipped. It stops once it has
// added half of the cache's capacity, so a prefetch never evicts what it
// loaded itself nor more than half of what was there.
//
// go-git's storage is not safe for concurrent use, so each worker opens a
// private storage of the same repository instead of using the shared one:
// the workers share no go-git state and never take the store's mutex.
// Objects are immutable, so a concurrent publish cannot disturb them.
func (s *Store) Prefetch(ctx context.Context, ids []ID, workers int) error {
	if workers < 1 {
		workers = 1
	}
	budget := s.opts.BlobCacheBytes / 2
	var added atomic.Int64
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := filesystem.NewStorageWithOptions(osfs.New(s.opts.Path),
				cache.NewObjectLRU(prefetchDeltaCache), filesystem.Options{})
			defer st.Close()
			for ctx.Err() == nil && added.Load() < budget {
				i := next.Add(1) - 1
				if i >= int64(len(ids)) {
					return
				}
				h := ids[i]
				if _, ok := s.blobs.get(h); ok {
					continue
				}
				b, err := readBlobFrom(st, h)
				if err != nil {
					errs[w] = err
					return
				}
				s.blobs.put(h, b)
				added.Add(int64(len(b)))
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}

// readBlobFrom reads one blob from a storage the caller owns.
func readBlobFrom(st *filesystem.Storage, h plumbing.Hash) ([]byte, error) {
	obj, err := st.EncodedObject(plumbing.BlobObject, h)
	if err != nil {
		return nil, fmt.Errorf("prefetch blob %s: %w", h, err)
	}
	r, err := obj.Reader()
	if err != nil {
		return nil, fmt.Errorf("prefetch blob %s: %w", h, err)
	}
	defer r.Close()
	b := make([]byte, obj.Size())
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("prefetch blob %s: %w", h, err)
	}
	return b, nil
}
