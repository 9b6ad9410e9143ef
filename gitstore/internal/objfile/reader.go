package objfile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Reader reads objects straight from a repository's delta-free pack
// entries and loose files: no go-git, no lock of the caller's, so any
// number of goroutines read in parallel. A pack entry is found through its
// pack index and inflated with one positioned read; a size needs only the
// entry's header. Whenever objects/pack changed since the last look, the
// packs are rescanned first: a pack that was removed (a merge, a repack, a
// purge) is never read again, even though its open file still could be.
type Reader struct {
	objDir string

	// mu guards packs and scanned; a read holds it shared while it uses a
	// pack's file, a rescan exclusively while it opens and closes packs.
	mu    sync.RWMutex
	packs map[string]*packFile // by pack file base name
	// scanned is the change time of objects/pack at the last rescan.
	scanned time.Time
}

// packFile is one open pack with its index.
type packFile struct {
	f    *os.File
	size int64 // pack bytes, trailer included
	idx  *Index
}

// NewReader returns a reader of the objects under objDir. Close it when
// done.
func NewReader(objDir string) *Reader {
	return &Reader{objDir: objDir, packs: map[string]*packFile{}}
}

// Close closes the pack files the reader opened.
func (r *Reader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for name, p := range r.packs {
		p.f.Close()
		delete(r.packs, name)
	}
	return nil
}

// ReadAny returns an object of any type from a delta-free pack entry or a
// loose file; ErrSlowPath when neither holds it readably.
func (r *Reader) ReadAny(id ID) (Type, []byte, error) {
	var typ Type
	b, err := r.locate(id, func(p *packFile, off int64) (b []byte, err error) {
		typ, b, err = p.readEntry(off, nil, false)
		return b, err
	}, func(path string) (b []byte, err error) {
		typ, b, err = ReadLoose(path)
		return b, err
	})
	return typ, b, err
}

// ReadBlob returns a blob's bytes, decompressed into dst's storage when
// it is large enough (dst may be nil). Other types report ErrSlowPath
// without their content being inflated.
func (r *Reader) ReadBlob(id ID, dst []byte) ([]byte, error) {
	return r.locate(id, func(p *packFile, off int64) ([]byte, error) {
		_, b, err := p.readEntry(off, dst, true)
		return b, err
	}, func(path string) ([]byte, error) {
		typ, content, err := ReadLoose(path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if typ != Blob {
			return nil, ErrSlowPath
		}
		return content, nil
	})
}

// BlobSize returns a blob's size, reading at most an object header.
func (r *Reader) BlobSize(id ID) (int64, error) {
	var n int64
	_, err := r.locate(id, func(p *packFile, off int64) ([]byte, error) {
		typ, size, _, err := p.header(off)
		if err == nil && typ != Blob {
			err = ErrSlowPath
		}
		n = size
		return nil, err
	}, func(path string) ([]byte, error) {
		size, err := looseBlobSize(path)
		n = size
		return nil, err
	})
	return n, err
}

// locate finds an object in the packs (looking for new packs once when it
// is in none) or as a loose object, and applies the matching function.
func (r *Reader) locate(id ID, packed func(*packFile, int64) ([]byte, error), loose func(string) ([]byte, error)) ([]byte, error) {
	if st, err := os.Stat(r.packDir()); err == nil {
		r.mu.RLock()
		stale := !changeTime(st).Equal(r.scanned)
		r.mu.RUnlock()
		if stale {
			if err := r.Rescan(); err != nil {
				return nil, err
			}
		}
	}
	for attempt := 0; attempt < 2; attempt++ {
		r.mu.RLock()
		for _, p := range r.packs {
			if off, ok := p.idx.Find(id); ok {
				b, err := packed(p, off)
				r.mu.RUnlock()
				return b, err
			}
		}
		r.mu.RUnlock()
		path := LoosePath(r.objDir, id)
		if _, err := os.Stat(path); err == nil {
			return loose(path)
		}
		if attempt == 0 {
			if err := r.Rescan(); err != nil {
				return nil, err
			}
		}
	}
	return nil, ErrSlowPath
}

func (r *Reader) packDir() string { return filepath.Join(r.objDir, "pack") }

// changeTime is when a directory's entries last changed.
func changeTime(st os.FileInfo) time.Time {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return time.Unix(sys.Ctim.Unix())
	}
	return st.ModTime()
}

// Rescan opens packs that appeared and closes packs that went away (a
// merge replaces small packs by one).
func (r *Reader) Rescan() error {
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
			// A pack being written or removed right now; the caller's slow
			// path copes, and the next rescan tries again.
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

// CloseStale closes the descriptors of packs removed since the last look,
// so their disk space is freed even when nothing is read.
func (r *Reader) CloseStale() error {
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
	return r.Rescan()
}

func openPack(base string) (*packFile, error) {
	idx, err := ReadIndex(base + ".idx")
	if err != nil {
		return nil, fmt.Errorf("%s.idx: %w", base, err)
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
	return &packFile{f: f, size: st.Size(), idx: idx}, nil
}

// header parses the pack entry header at off: the object type, its size
// and where its deflated data starts. Delta entries report ErrSlowPath.
func (p *packFile) header(off int64) (Type, int64, int64, error) {
	var buf [16]byte
	n, err := p.f.ReadAt(buf[:], off)
	if n == 0 && err != nil {
		return 0, 0, 0, err
	}
	typ, size, hdr, err := ParseEntryHeader(buf[:n])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("pack entry at %d: %w", off, err)
	}
	if typ == OFSDelta || typ == REFDelta {
		return typ, size, 0, ErrSlowPath
	}
	return typ, size, off + int64(hdr), nil
}

// readEntry inflates the pack entry at off into dst's storage when it is
// large enough. With blobOnly, other types stop at the header with
// ErrSlowPath (their content is not inflated).
func (p *packFile) readEntry(off int64, dst []byte, blobOnly bool) (Type, []byte, error) {
	typ, size, data, err := p.header(off)
	if err != nil {
		return typ, nil, err
	}
	if blobOnly && typ != Blob {
		return typ, nil, ErrSlowPath
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
