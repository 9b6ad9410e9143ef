package gitstore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/klauspost/compress/zlib"
	"golang.org/x/sys/unix"
)

// BlobReader reads blobs and blob sizes straight from the repository's
// pack and loose object files: no go-git, no store mutex, so any number of
// goroutines read in parallel (a FUSE server serves requests in parallel).
// A pack entry is found through its pack index and inflated with one
// positioned read; a size needs only the entry's header. Decompressed
// blobs go through the store's bounded blob cache.
//
// Packs stock git wrote with deltas, alternates and anything else unusual
// are left to the store's go-git path (ReadBlob, BlobSize).
type BlobReader struct {
	s *Store

	// mu guards packs and scanned; a read holds it shared while it uses a
	// pack's file, a rescan exclusively while it opens and closes packs.
	mu    sync.RWMutex
	packs map[string]*packIndex // by pack file base name
	// scanned is the change time of objects/pack at the last rescan.
	scanned time.Time
}

// packIndex is one pack with its version-2 index held in memory.
type packIndex struct {
	f    *os.File
	size int64  // pack bytes, trailer included
	idx  []byte // the whole .idx file
	n    int
}

// NewBlobReader returns a reader of the store's objects. Close it when done.
func (s *Store) NewBlobReader() *BlobReader {
	return &BlobReader{s: s, packs: map[string]*packIndex{}}
}

// Close closes the pack files the reader opened.
func (r *BlobReader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for name, p := range r.packs {
		p.f.Close()
		delete(r.packs, name)
	}
	return nil
}

// errSlowPath means an object must be read through go-git.
var errSlowPath = errors.New("object needs the go-git reader")

// Read returns a blob's bytes, from the blob cache when present. The slice
// is shared: do not modify it.
func (r *BlobReader) Read(id ID) ([]byte, error) {
	if b, ok := r.s.blobs.get(id); ok {
		return b, nil
	}
	b, err := r.locate(id, r.readPacked, r.readLoose)
	if errors.Is(err, errSlowPath) {
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
	b, err := r.locate(id, func(p *packIndex, off int64) ([]byte, error) {
		return r.readPackedTo(p, off, dst)
	}, r.readLoose)
	if errors.Is(err, errSlowPath) {
		return r.s.ReadBlob(id)
	}
	return b, err
}

// Size returns a blob's size, reading at most an object header.
func (r *BlobReader) Size(id ID) (int64, error) {
	if b, ok := r.s.blobs.get(id); ok {
		return int64(len(b)), nil
	}
	var n int64
	_, err := r.locate(id, func(p *packIndex, off int64) ([]byte, error) {
		typ, size, _, err := p.header(off)
		if err == nil && typ != plumbing.BlobObject {
			err = errSlowPath
		}
		n = size
		return nil, err
	}, func(path string) ([]byte, error) {
		_, size, err := looseHeader(path)
		n = size
		return nil, err
	})
	if errors.Is(err, errSlowPath) {
		return r.s.BlobSize(id)
	}
	return n, err
}

// locate finds an object in the packs (looking for new packs once when it
// is in none) or as a loose object, and applies the matching function.
// Whenever the pack directory changed since the last look, packs are
// rescanned first: a pack that was removed (a merge, a repack, or a forget
// purging objects) is never read again, even though its open file still
// could be.
func (r *BlobReader) locate(id ID, packed func(*packIndex, int64) ([]byte, error), loose func(string) ([]byte, error)) ([]byte, error) {
	if st, err := os.Stat(r.packDir()); err == nil {
		r.mu.RLock()
		stale := !changeTime(st).Equal(r.scanned)
		r.mu.RUnlock()
		if stale {
			if err := r.rescan(); err != nil {
				return nil, err
			}
		}
	}
	for attempt := 0; attempt < 2; attempt++ {
		r.mu.RLock()
		for _, p := range r.packs {
			if off, ok := p.find(id); ok {
				b, err := packed(p, off)
				r.mu.RUnlock()
				return b, err
			}
		}
		r.mu.RUnlock()
		hex := id.String()
		path := filepath.Join(r.s.opts.Path, "objects", hex[:2], hex[2:])
		if _, err := os.Stat(path); err == nil {
			return loose(path)
		}
		if attempt == 0 {
			if err := r.rescan(); err != nil {
				return nil, err
			}
		}
	}
	return nil, errSlowPath
}

func (r *BlobReader) packDir() string { return filepath.Join(r.s.opts.Path, "objects", "pack") }

// changeTime is when a directory's entries last changed.
func changeTime(st os.FileInfo) time.Time {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return time.Unix(sys.Ctim.Unix())
	}
	return st.ModTime()
}

// rescan opens packs that appeared and closes packs that went away (a
// merge replaces small packs by one).
func (r *BlobReader) rescan() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	// The time is taken before listing: a change during the listing makes
	// the next read look again.
	var scanned time.Time
	if st, err := os.Stat(r.packDir()); err == nil {
		scanned = changeTime(st)
	}
	names, err := filepath.Glob(filepath.Join(r.packDir(), "pack-*.idx"))
	if err != nil {
		return err
	}
	r.scanned = scanned
	seen := map[string]bool{}
	for _, idxPath := range names {
		base := filepath.Base(idxPath[:len(idxPath)-len(".idx")])
		seen[base] = true
		if r.packs[base] != nil {
			continue
		}
		p, err := openPack(idxPath[:len(idxPath)-len(".idx")])
		if err != nil {
			// A pack being written or removed right now; the slow path
			// copes, and the next rescan tries again.
			continue
		}
		r.packs[base] = p
	}
	for base, p := range r.packs {
		if !seen[base] {
			p.f.Close()
			delete(r.packs, base)
		}
	}
	return nil
}

func openPack(base string) (*packIndex, error) {
	idx, err := os.ReadFile(base + ".idx")
	if err != nil {
		return nil, err
	}
	if len(idx) < 8+256*4+40 || !bytes.Equal(idx[:8], []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}) {
		return nil, fmt.Errorf("%s.idx: unsupported pack index", base)
	}
	n := int(binary.BigEndian.Uint32(idx[8+255*4:]))
	if len(idx) < 8+256*4+n*28+40 {
		return nil, fmt.Errorf("%s.idx: truncated", base)
	}
	f, err := os.Open(base + ".pack")
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	// Readers of a pack read much of it: have the kernel start reading it
	// in now, so that blob reads do not wait for the disk one by one.
	_ = unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_WILLNEED)
	return &packIndex{f: f, size: st.Size(), idx: idx, n: n}, nil
}

// find returns the pack offset of an object.
func (p *packIndex) find(id ID) (int64, bool) {
	const fanout, names = 8, 8 + 256*4
	lo := 0
	if id[0] > 0 {
		lo = int(binary.BigEndian.Uint32(p.idx[fanout+(int(id[0])-1)*4:]))
	}
	hi := int(binary.BigEndian.Uint32(p.idx[fanout+int(id[0])*4:]))
	for lo < hi {
		mid := (lo + hi) / 2
		switch c := bytes.Compare(p.idx[names+mid*20:names+mid*20+20], id[:]); {
		case c == 0:
			offs := names + p.n*24
			off := binary.BigEndian.Uint32(p.idx[offs+mid*4:])
			if off&(1<<31) == 0 {
				return int64(off), true
			}
			large := offs + p.n*4 + int(off&^(1<<31))*8
			if large+8 > len(p.idx)-40 {
				return 0, false
			}
			return int64(binary.BigEndian.Uint64(p.idx[large:])), true
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false
}

// header parses the pack entry header at off: the object type, its size
// and where its deflated data starts. Delta entries report errSlowPath.
func (p *packIndex) header(off int64) (plumbing.ObjectType, int64, int64, error) {
	var buf [16]byte
	n, err := p.f.ReadAt(buf[:], off)
	if n == 0 && err != nil {
		return 0, 0, 0, err
	}
	typ, size, hdr, err := parseEntryHeader(buf[:n])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("pack entry at %d: %w", off, err)
	}
	if typ == plumbing.OFSDeltaObject || typ == plumbing.REFDeltaObject {
		return typ, size, 0, errSlowPath
	}
	return typ, size, off + int64(hdr), nil
}

// parseEntryHeader reads a pack entry's header: type in bits 4-6 of the
// first byte, size in 4 bits then 7 per byte. It returns the header's
// length.
func parseEntryHeader(b []byte) (plumbing.ObjectType, int64, int, error) {
	if len(b) == 0 {
		return plumbing.InvalidObject, 0, 0, errors.New("empty pack entry")
	}
	typ := plumbing.ObjectType((b[0] >> 4) & 7)
	size := int64(b[0] & 15)
	shift, i := 4, 0
	for b[i]&0x80 != 0 {
		i++
		if i >= len(b) || shift > 56 {
			return plumbing.InvalidObject, 0, 0, errors.New("bad pack entry header")
		}
		size |= int64(b[i]&0x7f) << shift
		shift += 7
	}
	return typ, size, i + 1, nil
}

// deflated holds reusable buffers for compressed input.
var deflated = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// inflaters holds reusable zlib readers.
var inflaters sync.Pool

func (r *BlobReader) readPacked(p *packIndex, off int64) ([]byte, error) {
	return r.readPackedTo(p, off, nil)
}

func (r *BlobReader) readPackedTo(p *packIndex, off int64, dst []byte) ([]byte, error) {
	typ, b, err := readEntry(p, off, dst, true)
	if err == nil && typ != plumbing.BlobObject {
		err = errSlowPath
	}
	return b, err
}

// readEntry inflates the pack entry at off into dst's storage when it is
// large enough. With blobOnly, other types stop at the header with
// errSlowPath (their content is not inflated).
func readEntry(p *packIndex, off int64, dst []byte, blobOnly bool) (plumbing.ObjectType, []byte, error) {
	typ, size, data, err := p.header(off)
	if err != nil {
		return typ, nil, err
	}
	if blobOnly && typ != plumbing.BlobObject {
		return typ, nil, errSlowPath
	}
	// zlib never grows data by more than a few bytes per 16 KiB block.
	want := min(size+size/1024+64, p.size-data)
	bp := deflated.Get().(*[]byte)
	defer deflated.Put(bp)
	if int64(cap(*bp)) < want {
		*bp = make([]byte, want)
	}
	in := (*bp)[:want]
	if n, err := p.f.ReadAt(in, data); int64(n) < want && err != nil {
		return typ, nil, fmt.Errorf("read pack entry at %d: %w", off, err)
	}
	b, err := inflate(bytes.NewReader(in), size, dst)
	return typ, b, err
}

func (r *BlobReader) readLoose(path string) ([]byte, error) {
	typ, content, err := readLooseObject(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if typ != plumbing.BlobObject {
		return nil, errSlowPath
	}
	return content, nil
}

// looseHeader reads the type and size of a loose object.
func looseHeader(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	var buf [512]byte
	n, err := io.ReadFull(f, buf[:])
	if n == 0 {
		return "", 0, err
	}
	zr, err := newInflater(bytes.NewReader(buf[:n]))
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w", path, err)
	}
	defer inflaters.Put(zr)
	typ, size, err := parseLooseHeader(zr)
	if err == nil && typ != "blob" {
		err = errSlowPath
	}
	return typ, size, err
}

// parseLooseHeader reads "<type> <size>\0".
func parseLooseHeader(r io.Reader) (string, int64, error) {
	var hdr [64]byte
	for i := 0; i < len(hdr); i++ {
		if _, err := io.ReadFull(r, hdr[i:i+1]); err != nil {
			return "", 0, err
		}
		if hdr[i] == 0 {
			typ, size, ok := bytes.Cut(hdr[:i], []byte(" "))
			n, err := strconv.ParseInt(string(size), 10, 64)
			if !ok || err != nil || n < 0 {
				break
			}
			return string(typ), n, nil
		}
	}
	return "", 0, errors.New("bad loose object header")
}

func newInflater(src io.Reader) (io.ReadCloser, error) {
	if zr, ok := inflaters.Get().(io.ReadCloser); ok {
		if err := zr.(zlib.Resetter).Reset(src, nil); err != nil {
			return nil, err
		}
		return zr, nil
	}
	return zlib.NewReader(src)
}

// inflate decompresses a zlib stream holding exactly size bytes, into
// dst's storage when it is large enough, and checks its checksum.
func inflate(src io.Reader, size int64, dst []byte) ([]byte, error) {
	zr, err := newInflater(src)
	if err != nil {
		return nil, err
	}
	defer inflaters.Put(zr)
	return readExactly(zr, size, dst)
}

// readExactly reads size bytes and then the end of the stream, which makes
// zlib verify its checksum.
func readExactly(zr io.Reader, size int64, dst []byte) ([]byte, error) {
	out := dst[:0]
	if int64(cap(out)) < size {
		out = make([]byte, size)
	}
	out = out[:size]
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, fmt.Errorf("inflate object: %w", err)
	}
	var one [1]byte
	if n, err := zr.Read(one[:]); n != 0 || err != io.EOF {
		return nil, fmt.Errorf("inflate object: %d trailing bytes or bad checksum: %v", n, err)
	}
	return out, nil
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
	for _, br := range []*BlobReader{r, r.s.fast} {
		if br == nil {
			continue
		}
		if err := br.rescan(); err != nil {
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
	err := r.closeStale()
	if r.s.fast != nil && r != r.s.fast {
		err = errors.Join(err, r.s.fast.closeStale())
	}
	return err
}

func (r *BlobReader) closeStale() error {
	st, err := os.Stat(r.packDir())
	if err != nil {
		return nil
	}
	r.mu.RLock()
	stale := !changeTime(st).Equal(r.scanned)
	r.mu.RUnlock()
	if !stale {
		return nil
	}
	return r.rescan()
}

// readAny returns an object of any type from a delta-free pack entry or a
// loose file; errSlowPath when only go-git can read it.
func (r *BlobReader) readAny(id ID) (plumbing.ObjectType, []byte, error) {
	var typ plumbing.ObjectType
	b, err := r.locate(id, func(p *packIndex, off int64) (b []byte, err error) {
		typ, b, err = readEntry(p, off, nil, false)
		return b, err
	}, func(path string) (b []byte, err error) {
		typ, b, err = readLooseObject(path)
		return b, err
	})
	return typ, b, err
}
