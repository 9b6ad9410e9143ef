package gitstore

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/memfs/memfs/gitstore/internal/objfile"
)

// BlobReader reads blobs and blob sizes straight from the repository's
// pack and loose object files (internal/objfile's fast reader): no go-git,
// no store mutex, so any number of goroutines read in parallel (a FUSE
// server serves requests in parallel). Decompressed blobs go through the
// store's bounded blob cache.
//
// Packs stock git wrote with deltas, alternates and anything else unusual
// are left to the store's go-git path (ReadBlob, BlobSize).
type BlobReader struct {
	s *Store
	r *objfile.Reader
}

// NewBlobReader returns a reader of the store's objects. Close it when done.
func (s *Store) NewBlobReader() *BlobReader {
	return &BlobReader{s: s, r: objfile.NewReader(s.objDir())}
}

// CacheBytes returns the capacity of the blob cache the reader fills.
func (r *BlobReader) CacheBytes() int64 { return r.s.opts.BlobCacheBytes }

// Close closes the pack files the reader opened.
func (r *BlobReader) Close() error { return r.r.Close() }

// Read returns a blob's bytes, from the blob cache when present. The slice
// is shared: do not modify it.
func (r *BlobReader) Read(id ID) ([]byte, error) {
	if b, ok := r.s.blobs.get(id); ok {
		return b, nil
	}
	b, err := r.r.ReadBlob(id, nil)
	if errors.Is(err, objfile.ErrSlowPath) {
		return r.s.ReadBlob(id)
	}
	if err != nil {
		return nil, err
	}
	r.s.blobs.put(id, b)
	return b, nil
}

// ReadTo returns a blob's bytes without adding them to the blob cache:
// from the cache when present (a shared slice), else decompressed into
// dst's storage when it is large enough. Callers that only pass the bytes
// on, and reuse dst, allocate nothing.
func (r *BlobReader) ReadTo(id ID, dst []byte) ([]byte, error) {
	if b, ok := r.s.blobs.get(id); ok {
		return b, nil
	}
	b, err := r.r.ReadBlob(id, dst)
	if errors.Is(err, objfile.ErrSlowPath) {
		return r.s.ReadBlob(id)
	}
	return b, err
}

// BlobBatch reads many blobs, as its BlobReader would, after looking for
// changed packs once, when it was made, where the BlobReader's own
// methods look every time: for a run of reads (a folder's files), not to
// keep.
type BlobBatch struct {
	r *BlobReader
	b objfile.Batch
}

// Batch returns a BlobBatch.
func (r *BlobReader) Batch() (*BlobBatch, error) {
	b, err := r.r.Batch()
	if err != nil {
		return nil, err
	}
	return &BlobBatch{r: r, b: b}, nil
}

// ReadTo is BlobReader.ReadTo.
func (b *BlobBatch) ReadTo(id ID, dst []byte) ([]byte, error) {
	if c, ok := b.r.s.blobs.get(id); ok {
		return c, nil
	}
	c, err := b.b.ReadBlob(id, dst)
	if errors.Is(err, objfile.ErrSlowPath) {
		return b.r.s.ReadBlob(id)
	}
	return c, err
}

// Size is BlobReader.Size.
func (b *BlobBatch) Size(id ID) (int64, error) {
	if c, ok := b.r.s.blobs.get(id); ok {
		return int64(len(c)), nil
	}
	n, err := b.b.BlobSize(id)
	if errors.Is(err, objfile.ErrSlowPath) {
		return b.r.s.BlobSize(id)
	}
	return n, err
}

// Size returns a blob's size, reading at most an object header.
func (r *BlobReader) Size(id ID) (int64, error) {
	if b, ok := r.s.blobs.get(id); ok {
		return int64(len(b)), nil
	}
	n, err := r.r.BlobSize(id)
	if errors.Is(err, objfile.ErrSlowPath) {
		return r.s.BlobSize(id)
	}
	return n, err
}

// Prefetch decompresses blobs into the blob cache ahead of use, with up to
// workers goroutines, and returns when all are done or ctx ends. Blobs
// already cached are skipped. It stops once it has added half of the
// cache's capacity, so a prefetch never evicts what it loaded itself nor
// more than half of what was there.
func (r *BlobReader) Prefetch(ctx context.Context, ids []ID, workers int) error {
	budget := r.s.opts.BlobCacheBytes / 2
	var added, next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, max(workers, 1))
	for w := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil && added.Load() < budget {
				i := next.Add(1) - 1
				if i >= int64(len(ids)) {
					return
				}
				if _, ok := r.s.blobs.get(ids[i]); ok {
					continue
				}
				b, err := r.Read(ids[i])
				if err != nil {
					errs[w] = err
					return
				}
				added.Add(int64(len(b)))
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return ctx.Err()
}

// Release drops the decompressed blob cache and closes the descriptors of
// packs that are gone, so that the disk space of purged packs is freed
// and no purged byte stays in memory. A forget's mount calls it.
func (r *BlobReader) Release() {
	r.s.blobs.drop()
	for _, or := range []*objfile.Reader{r.r, r.s.fast} {
		if err := or.Rescan(); err != nil {
			r.s.log.Debug("rescan packs", "err", err)
		}
	}
	r.s.mu.Lock()
	r.s.st.Reindex()
	r.s.trees = nil
	r.s.mu.Unlock()
}

// CloseStale closes the descriptors of packs removed since the last look
// (by a merge, a repack or a forget's purge), this reader's and the
// store's own, so their disk space is freed even when nothing is read.
func (r *BlobReader) CloseStale() error {
	return errors.Join(r.r.CloseStale(), r.s.fast.CloseStale())
}
