package gitstore

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// Packs. A publication's new objects (a few blobs and the trees above
// them) go into one version-2 pack with its index: two files created
// instead of one per object, which is most of what a small publish costs
// on a filesystem where creating a file takes half a millisecond. memfs's
// packs hold whole objects, never deltas, so any git reads them and memfs
// can merge them by copying entries verbatim.

// packWriteThreshold is the smallest batch written as a pack; smaller
// batches are written as loose objects.
const packWriteThreshold = 4

// Pack merging keeps readers from searching many indexes: when more than
// maxSmallPacks delta-free packs under smallPackBytes exist, they are
// merged into one.
const (
	maxSmallPacks  = 8
	smallPackBytes = 8 << 20
)

type packEntry struct {
	id     ID
	offset uint64
	crc    uint32
	raw    []byte // the entry as stored: header and deflated content
}

// encodePack returns the pack bytes and index bytes for entries, whose raw
// bytes are already encoded; offsets and the order of entries are set here.
func encodePack(entries []packEntry) (pack, idx []byte, sum [20]byte) {
	var p bytes.Buffer
	p.WriteString("PACK")
	binary.Write(&p, binary.BigEndian, uint32(2))
	binary.Write(&p, binary.BigEndian, uint32(len(entries)))
	for i := range entries {
		entries[i].offset = uint64(p.Len())
		p.Write(entries[i].raw)
	}
	sum = sha1.Sum(p.Bytes())
	p.Write(sum[:])

	sorted := slices.Clone(entries)
	slices.SortFunc(sorted, func(a, b packEntry) int { return bytes.Compare(a.id[:], b.id[:]) })
	var x bytes.Buffer
	x.Write([]byte{0xff, 't', 'O', 'c'})
	binary.Write(&x, binary.BigEndian, uint32(2))
	var fanout [256]uint32
	for _, e := range sorted {
		fanout[e.id[0]]++
	}
	var total uint32
	for i := range fanout {
		total += fanout[i]
		binary.Write(&x, binary.BigEndian, total)
	}
	for _, e := range sorted {
		x.Write(e.id[:])
	}
	for _, e := range sorted {
		binary.Write(&x, binary.BigEndian, e.crc)
	}
	var large []uint64
	for _, e := range sorted {
		if e.offset < 1<<31 {
			binary.Write(&x, binary.BigEndian, uint32(e.offset))
			continue
		}
		binary.Write(&x, binary.BigEndian, uint32(1<<31|len(large)))
		large = append(large, e.offset)
	}
	for _, off := range large {
		binary.Write(&x, binary.BigEndian, off)
	}
	x.Write(sum[:])
	isum := sha1.Sum(x.Bytes())
	x.Write(isum[:])
	return p.Bytes(), x.Bytes(), sum
}

// installPack writes objects/pack/pack-<sum>.{idx,pack}. The index goes in
// first: git ignores an index without its pack, and go-git finds packs by
// their .pack file, so no reader sees half a pack.
func (s *Store) installPack(pack, idx []byte, sum [20]byte) (string, error) {
	dir := filepath.Join(s.opts.Path, "objects", "pack")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("write pack: %w", err)
	}
	base := filepath.Join(dir, fmt.Sprintf("pack-%x", sum))
	if err := writeFileAtomic(base+".idx", idx, 0o444); err != nil {
		return "", fmt.Errorf("write pack index: %w", err)
	}
	if err := writeFileAtomic(base+".pack", pack, 0o444); err != nil {
		os.Remove(base + ".idx")
		return "", fmt.Errorf("write pack: %w", err)
	}
	return base, nil
}

// writePack stores objs as one new pack, deflating on all cores. s.mu
// must be held.
func (s *Store) writePack(objs []pendingObject) error {
	entries, err := deflateAll(objs)
	if err != nil {
		return err
	}
	pack, idx, sum := encodePack(entries)
	_, err = s.installPack(pack, idx, sum)
	return err
}

// packDeflater encodes objects as pack entries, reusing its deflate state.
type packDeflater struct{ zw *zlib.Writer }

func newPackDeflater() *packDeflater {
	zw, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	return &packDeflater{zw: zw}
}

func (d *packDeflater) entry(o pendingObject) (packEntry, error) {
	var raw bytes.Buffer
	raw.Write(packObjectHeader(o.typ, len(o.content)))
	d.zw.Reset(&raw)
	d.zw.Write(o.content)
	if err := d.zw.Close(); err != nil {
		return packEntry{}, fmt.Errorf("deflate %s: %w", short(o.id), err)
	}
	return packEntry{id: o.id, crc: crc32.ChecksumIEEE(raw.Bytes()), raw: raw.Bytes()}, nil
}

// inParallel runs the functions made by worker over indices 0..n-1 on
// every core, each worker with its own function (and state), and returns
// the first error.
func inParallel(n int, worker func() func(int) error) error {
	return inParallelN(runtime.GOMAXPROCS(0), n, worker)
}

// inParallelN is inParallel with a given number of workers (I/O-bound
// work wants more than there are cores).
func inParallelN(workers, n int, worker func() func(int) error) error {
	workers = min(workers, max(n, 1))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn := worker()
			for i := w; i < n; i += workers {
				if err := fn(i); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// packObjectHeader encodes an object's type and size the way packs do:
// type in bits 4-6 of the first byte, size in 4 bits then 7 per byte.
func packObjectHeader(typ plumbing.ObjectType, size int) []byte {
	b := []byte{byte(typ)<<4 | byte(size&0x0f)}
	size >>= 4
	for size > 0 {
		b[len(b)-1] |= 0x80
		b = append(b, byte(size&0x7f))
		size >>= 7
	}
	return b
}

var errDeltaPack = errors.New("pack holds deltas")

// readPackEntries splits a delta-free pack into its raw entries using its
// index. It returns errDeltaPack for packs it must not copy verbatim.
func readPackEntries(base string) ([]packEntry, error) {
	idx, err := os.ReadFile(base + ".idx")
	if err != nil {
		return nil, err
	}
	pack, err := os.ReadFile(base + ".pack")
	if err != nil {
		return nil, err
	}
	if len(idx) < 8+256*4+40 || !bytes.Equal(idx[:8], []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}) ||
		len(pack) < 32 || string(pack[:4]) != "PACK" {
		return nil, errors.New("unsupported pack format")
	}
	n := int(binary.BigEndian.Uint32(idx[8+255*4:]))
	names, crcs, offs := 8+256*4, 8+256*4+n*20, 8+256*4+n*24
	if len(idx) < offs+n*4+40 || int(binary.BigEndian.Uint32(pack[8:])) != n {
		return nil, errors.New("truncated pack index")
	}
	entries := make([]packEntry, n)
	for i := range n {
		copy(entries[i].id[:], idx[names+i*20:])
		entries[i].crc = binary.BigEndian.Uint32(idx[crcs+i*4:])
		off := binary.BigEndian.Uint32(idx[offs+i*4:])
		if off&(1<<31) != 0 {
			return nil, errors.New("pack too large to merge")
		}
		entries[i].offset = uint64(off)
	}
	slices.SortFunc(entries, func(a, b packEntry) int { return int(a.offset) - int(b.offset) })
	end := uint64(len(pack) - 20)
	for i := range entries {
		next := end
		if i+1 < n {
			next = entries[i+1].offset
		}
		if entries[i].offset < 12 || next > end || next <= entries[i].offset {
			return nil, errors.New("corrupt pack offsets")
		}
		entries[i].raw = pack[entries[i].offset:next]
		if typ := (entries[i].raw[0] >> 4) & 7; typ != 1 && typ != 2 && typ != 3 && typ != 4 {
			return nil, errDeltaPack
		}
		if crc32.ChecksumIEEE(entries[i].raw) != entries[i].crc {
			return nil, fmt.Errorf("pack entry %s fails its checksum", short(entries[i].id))
		}
	}
	return entries, nil
}

// mergeSmallPacks merges small delta-free packs into one when there are too
// many. The caller holds the store lock; s.mu must be held.
func (s *Store) mergeSmallPacks() error {
	names, _ := filepath.Glob(filepath.Join(s.opts.Path, "objects", "pack", "pack-*.pack"))
	var small []string
	for _, n := range names {
		if fi, err := os.Stat(n); err == nil && fi.Size() < smallPackBytes {
			small = append(small, strings.TrimSuffix(n, ".pack"))
		}
	}
	if len(small) <= maxSmallPacks {
		return nil
	}
	var merged []packEntry
	var sources []string
	seen := map[ID]bool{}
	for _, base := range small {
		entries, err := readPackEntries(base)
		if err != nil {
			s.log.Debug("pack left unmerged", "pack", filepath.Base(base), "err", err)
			continue
		}
		sources = append(sources, base)
		for _, e := range entries {
			if !seen[e.id] {
				seen[e.id] = true
				merged = append(merged, e)
			}
		}
	}
	if len(sources) < 2 {
		return nil
	}
	pack, idx, sum := encodePack(merged)
	base, err := s.installPack(pack, idx, sum)
	if err != nil {
		return err
	}
	for _, src := range sources {
		if src == base {
			continue
		}
		os.Remove(src + ".pack")
		os.Remove(src + ".idx")
	}
	s.st.Reindex()
	return nil
}
