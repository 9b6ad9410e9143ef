package objfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Reader reads objects straight from a repository's pack entries and
// loose files: no go-git, no lock of the caller's, so any number of
// goroutines read in parallel. A pack entry is found through its pack
// index and inflated with one positioned read; a size needs only the
// entry's header. Delta entries are resolved through their chain, with a
// bounded cache of the bases made (delta.go). Whenever objects/pack changed since the last look, the
// packs are rescanned first: a pack that was removed (a merge, a repack, a
// purge) is never read again, even though its open file still could be.
type Reader struct {
	objDir string

	// mu guards packs and scanned; a read holds it shared while it uses a
	// pack's file, a rescan exclusively while it opens and closes packs.
	mu    sync.RWMutex
	packs map[string]*packFile // by pack file base name
	// bases caches delta bases made from the packs.
	bases *baseCache
	// scanned is the change time of objects/pack at the last rescan.
	scanned time.Time
}

// packFile is one open pack with its index.
type packFile struct {
	f    *os.File
	size int64 // pack bytes, trailer included
	idx  *Index

	// starts holds the entries' offsets in pack order, made on first use,
	// to know where an entry ends and read it whole at once.
	startsOnce sync.Once
	starts     []int64

	// win holds runs of the pack read at once, for reads in pack order.
	win windows
}

// packTrailer is the pack's closing checksum.
const packTrailer = 20

// entryEnd returns where the entry at off ends: where the next entry
// starts, or at the pack's trailer.
func (p *packFile) entryEnd(off int64) int64 {
	p.startsOnce.Do(func() {
		starts := make([]int64, 0, p.idx.Len())
		for i := range p.idx.Len() {
			if o, ok := p.idx.Offset(i); ok {
				starts = append(starts, o)
			}
		}
		slices.Sort(starts)
		p.starts = starts
	})
	i, found := slices.BinarySearch(p.starts, off)
	if found {
		i++
	}
	if i < len(p.starts) {
		return p.starts[i]
	}
	return p.size - packTrailer
}

// DeltaBaseCacheBytes bounds a Reader's cache of delta bases. git's
// default (core.deltaBaseCacheLimit) is 96 MiB; a memory store's chains
// are short and a mount must stay small.
const DeltaBaseCacheBytes = 16 << 20

// NewReader returns a reader of the objects under objDir. Close it when
// done.
func NewReader(objDir string) *Reader {
	return &Reader{objDir: objDir, packs: map[string]*packFile{}, bases: newBaseCache(DeltaBaseCacheBytes)}
}

// Close closes the pack files the reader opened.
func (r *Reader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for name, p := range r.packs {
		p.f.Close()
		p.win.drop()
		delete(r.packs, name)
	}
	r.bases.dropPack(nil)
	return nil
}

// ReadAny returns an object of any type from a pack entry or a loose
// file; ErrSlowPath when neither holds it.
func (r *Reader) ReadAny(id ID) (Type, []byte, error) {
	var typ Type
	b, err := r.locate(id, true, func(p *packFile, off int64) (b []byte, err error) {
		typ, b, err = r.readEntry(p, off, nil, false)
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
	return r.readBlob(id, dst, true)
}

// Batch is a view of a Reader for reading many objects at once: it looked
// for changed packs once, when it was made, where the Reader's own
// methods look every time. Use it for a run of reads, then drop it.
type Batch struct{ r *Reader }

// Batch rescans the packs when they changed and returns a Batch.
func (r *Reader) Batch() (Batch, error) {
	return Batch{r}, r.refresh()
}

// ReadBlob is Reader.ReadBlob without the look for changed packs.
func (b Batch) ReadBlob(id ID, dst []byte) ([]byte, error) { return b.r.readBlob(id, dst, false) }

// BlobSize is Reader.BlobSize without the look for changed packs.
func (b Batch) BlobSize(id ID) (int64, error) { return b.r.blobSize(id, false) }

func (r *Reader) readBlob(id ID, dst []byte, check bool) ([]byte, error) {
	return r.locate(id, check, func(p *packFile, off int64) ([]byte, error) {
		_, b, err := r.readEntry(p, off, dst, true)
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
	return r.blobSize(id, true)
}

func (r *Reader) blobSize(id ID, check bool) (int64, error) {
	var n int64
	_, err := r.locate(id, check, func(p *packFile, off int64) ([]byte, error) {
		typ, size, err := r.info(p, off)
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
// With check, the packs are rescanned first when objects/pack changed.
func (r *Reader) locate(id ID, check bool, packed func(*packFile, int64) ([]byte, error), loose func(string) ([]byte, error)) ([]byte, error) {
	if check {
		if err := r.refresh(); err != nil {
			return nil, err
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

// refresh rescans the packs when objects/pack changed since the last look.
func (r *Reader) refresh() error {
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
			p.win.drop()
			delete(r.packs, base)
			r.bases.dropPack(p)
		}
	}
	return nil
}

// CloseStale closes the descriptors of packs removed since the last look,
// so their disk space is freed even when nothing is read.
func (r *Reader) CloseStale() error { return r.refresh() }

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

// entryHead is a pack entry's header: its type and size, where its
// deflated data starts, and a delta's base (by offset in the same pack,
// or by id).
type entryHead struct {
	typ     Type
	size    int64
	data    int64
	baseOff int64
	baseID  ID
}

// head parses the pack entry header at off.
func (p *packFile) head(off int64) (entryHead, error) {
	if b, win, err := p.bytesAt(off, min(40, p.size-packTrailer-off)); err != nil {
		return entryHead{}, err
	} else if b != nil {
		defer p.done(win)
		return parseHead(b, off)
	}
	var buf [40]byte
	n, err := p.f.ReadAt(buf[:], off)
	if n == 0 && err != nil {
		return entryHead{}, err
	}
	return parseHead(buf[:n], off)
}

// parseHead parses the pack entry header at the start of buf, which was
// read from off.
func parseHead(buf []byte, off int64) (entryHead, error) {
	n := len(buf)
	typ, size, hdr, err := ParseEntryHeader(buf[:n])
	if err != nil {
		return entryHead{}, fmt.Errorf("pack entry at %d: %w", off, err)
	}
	h := entryHead{typ: typ, size: size, data: off + int64(hdr)}
	switch typ {
	case Commit, Tree, Blob, Tag:
	case OFSDelta:
		dist, k, err := parseOFS(buf[hdr:n])
		if err != nil {
			return entryHead{}, fmt.Errorf("pack entry at %d: %w", off, err)
		}
		if dist <= 0 || dist > off {
			return entryHead{}, fmt.Errorf("pack entry at %d: %w: base offset out of range", off, ErrDelta)
		}
		h.baseOff, h.data = off-dist, h.data+int64(k)
	case REFDelta:
		if n < hdr+20 {
			return entryHead{}, fmt.Errorf("pack entry at %d: truncated", off)
		}
		copy(h.baseID[:], buf[hdr:hdr+20])
		h.data += 20
	default:
		return entryHead{}, fmt.Errorf("pack entry at %d: unknown type %d", off, typ)
	}
	return h, nil
}

// inflateAt inflates the size bytes of the zlib stream at data, into
// dst's storage when it is large enough.
func (p *packFile) inflateAt(data, size int64, dst []byte) ([]byte, error) {
	// zlib never grows data by more than a few bytes per 16 KiB block.
	want := min(size+size/1024+64, p.size-data)
	if want < 0 {
		return nil, fmt.Errorf("pack entry data at %d: past the end", data)
	}
	bp := deflated.Get().(*[]byte)
	defer deflated.Put(bp)
	if int64(cap(*bp)) < want {
		*bp = make([]byte, want)
	}
	in := (*bp)[:want]
	if n, err := p.f.ReadAt(in, data); int64(n) < want && err != nil {
		return nil, fmt.Errorf("read pack entry data at %d: %w", data, err)
	}
	return inflateBytes(in, size, dst)
}

// wholeEntryMax bounds the entries read with one positioned read, header
// and data together; larger ones read their header first.
const wholeEntryMax = 1 << 20

// readEntry returns the object of the pack entry at off, resolving
// deltas, into dst's storage when it is large enough. With blobOnly, a
// whole entry of another type stops at its header with ErrSlowPath. r.mu
// must be held shared (a REFDelta's base may be in another pack).
func (r *Reader) readEntry(p *packFile, off int64, dst []byte, blobOnly bool) (Type, []byte, error) {
	var h entryHead
	headRead := false
	if n := p.entryEnd(off) - off; n > 0 && n <= wholeEntryMax {
		// A whole entry, header and data, with one read, or from a
		// window.
		raw, win, err := p.bytesAt(off, n)
		if err != nil {
			return Invalid, nil, err
		}
		defer p.done(win)
		if raw == nil {
			bp := deflated.Get().(*[]byte)
			defer deflated.Put(bp)
			if int64(cap(*bp)) < n {
				*bp = make([]byte, n)
			}
			raw = (*bp)[:n]
			if k, err := p.f.ReadAt(raw, off); int64(k) < n {
				return Invalid, nil, fmt.Errorf("read pack entry at %d: %w", off, err)
			}
		}
		if h, err = parseHead(raw[:min(n, 40)], off); err != nil {
			return Invalid, nil, err
		}
		switch {
		case h.typ == OFSDelta || h.typ == REFDelta:
			// Its chain is read entry by entry below; the header
			// parsed here need not be read again.
			headRead = true
		case blobOnly && h.typ != Blob:
			return h.typ, nil, ErrSlowPath
		default:
			b, err := inflateBytes(raw[h.data-off:], h.size, dst)
			return h.typ, b, err
		}
	}
	if !headRead {
		var err error
		if h, err = p.head(off); err != nil {
			return Invalid, nil, err
		}
	}
	switch h.typ {
	case OFSDelta, REFDelta:
		typ, b, err := r.unpackDelta(p, off, h)
		if err == nil && blobOnly && typ != Blob {
			return typ, nil, ErrSlowPath
		}
		return typ, b, err
	}
	if blobOnly && h.typ != Blob {
		return h.typ, nil, ErrSlowPath
	}
	b, err := p.inflateAt(h.data, h.size, dst)
	return h.typ, b, err
}

// unpackDelta makes the object of the delta entry at off (header h): it
// follows the chain back to a whole object or a cached base, then applies
// the deltas forward, keeping each base it makes in the cache. The result
// is the caller's own slice.
func (r *Reader) unpackDelta(p *packFile, off int64, h entryHead) (Type, []byte, error) {
	type link struct {
		p     *packFile
		off   int64
		delta []byte
	}
	var chain []link
	var typ Type
	var base []byte
	cp, coff := p, off
	for {
		if len(chain) > maxDeltaChain {
			return Invalid, nil, fmt.Errorf("pack entry at %d: %w: chain longer than %d", off, ErrDelta, maxDeltaChain)
		}
		if len(chain) > 0 {
			if t, b, ok := r.bases.get(cp, coff); ok {
				typ, base = t, b
				break
			}
			var err error
			if h, err = cp.head(coff); err != nil {
				return Invalid, nil, err
			}
		}
		if h.typ != OFSDelta && h.typ != REFDelta {
			b, err := cp.inflateAt(h.data, h.size, nil)
			if err != nil {
				return Invalid, nil, err
			}
			typ, base = h.typ, b
			r.bases.put(cp, coff, typ, base)
			break
		}
		d, err := cp.inflateAt(h.data, h.size, nil)
		if err != nil {
			return Invalid, nil, err
		}
		chain = append(chain, link{cp, coff, d})
		if h.typ == OFSDelta {
			coff = h.baseOff
			continue
		}
		bp, boff, ok := r.findLocked(h.baseID, cp)
		if !ok {
			// A base outside the packs: a loose object (thin packs are
			// completed when fetched, so this is rare).
			t, b, err := ReadLoose(LoosePath(r.objDir, h.baseID))
			if err != nil {
				return Invalid, nil, fmt.Errorf("delta base %s: %w", short(h.baseID), err)
			}
			typ, base = t, b
			break
		}
		cp, coff = bp, boff
	}
	for i := len(chain) - 1; i >= 0; i-- {
		b, err := applyDelta(base, chain[i].delta)
		if err != nil {
			return Invalid, nil, fmt.Errorf("pack entry at %d: %w", chain[i].off, err)
		}
		base = b
		if i > 0 {
			r.bases.put(chain[i].p, chain[i].off, typ, base)
		}
	}
	return typ, base, nil
}

// findLocked finds an object in the open packs, trying prefer first. r.mu
// must be held.
func (r *Reader) findLocked(id ID, prefer *packFile) (*packFile, int64, bool) {
	if off, ok := prefer.idx.Find(id); ok {
		return prefer, off, true
	}
	for _, p := range r.packs {
		if off, ok := p.idx.Find(id); ok && p != prefer {
			return p, off, true
		}
	}
	return nil, 0, false
}

// info returns the type and size of the object at off without inflating
// more than a delta's header: a delta's type is its chain's last base's,
// its size the one its header declares. r.mu must be held shared.
func (r *Reader) info(p *packFile, off int64) (Type, int64, error) {
	h, err := p.head(off)
	if err != nil {
		return Invalid, 0, err
	}
	if h.typ != OFSDelta && h.typ != REFDelta {
		return h.typ, h.size, nil
	}
	size, err := p.deltaResultSize(h)
	if err != nil {
		return Invalid, 0, err
	}
	cp := p
	for range maxDeltaChain {
		switch h.typ {
		case OFSDelta:
			if h, err = cp.head(h.baseOff); err != nil {
				return Invalid, 0, err
			}
			continue
		case REFDelta:
			bp, boff, ok := r.findLocked(h.baseID, cp)
			if !ok {
				t, _, err := ReadLoose(LoosePath(r.objDir, h.baseID))
				return t, size, err
			}
			if h, err = bp.head(boff); err != nil {
				return Invalid, 0, err
			}
			cp = bp
			continue
		}
		return h.typ, size, nil
	}
	return Invalid, 0, fmt.Errorf("pack entry at %d: %w: chain too long", off, ErrDelta)
}

// deltaResultSize inflates the first bytes of a delta, its header, and
// returns the size of the object it makes.
func (p *packFile) deltaResultSize(h entryHead) (int64, error) {
	zr, err := newInflater(io.NewSectionReader(p.f, h.data, p.size-h.data))
	if err != nil {
		return 0, err
	}
	defer inflaters.Put(zr)
	var buf [20]byte
	n, err := io.ReadFull(zr, buf[:min(int64(len(buf)), h.size)])
	if err != nil && n == 0 {
		return 0, fmt.Errorf("delta at %d: %w", h.data, err)
	}
	_, size, _, err := deltaHeader(buf[:n])
	return size, err
}
