package objfile

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/klauspost/compress/zlib"

	"github.com/memfs/memfs/gitstore/internal/parallel"
	"github.com/memfs/memfs/internal/fsutil"
)

// The packs memfs writes are version 2, hold whole objects and never
// deltas, so any git reads them and their entries can be copied verbatim
// into another pack.

// Object is an object to write: its id, type and content.
type Object struct {
	ID      ID
	Type    Type
	Content []byte
}

// Entry is one pack entry as stored.
type Entry struct {
	ID     ID
	Offset uint64
	CRC    uint32
	Raw    []byte // header and deflated content
}

// RawEntry wraps an entry's stored bytes, for copying it into a new pack.
func RawEntry(id ID, raw []byte) Entry {
	return Entry{ID: id, CRC: crc32.ChecksumIEEE(raw), Raw: raw}
}

// deflater encodes objects as pack entries, reusing its deflate state.
type deflater struct{ zw *zlib.Writer }

func newDeflater() *deflater {
	zw, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	return &deflater{zw: zw}
}

func (d *deflater) entry(o Object) (Entry, error) {
	var raw bytes.Buffer
	raw.Write(EntryHeader(o.Type, len(o.Content)))
	d.zw.Reset(&raw)
	d.zw.Write(o.Content)
	if err := d.zw.Close(); err != nil {
		return Entry{}, fmt.Errorf("deflate %s: %w", short(o.ID), err)
	}
	return Entry{ID: o.ID, CRC: crc32.ChecksumIEEE(raw.Bytes()), Raw: raw.Bytes()}, nil
}

// Deflate encodes objects as pack entries on every core.
func Deflate(objs []Object) ([]Entry, error) {
	entries := make([]Entry, len(objs))
	err := parallel.Run(len(objs), func() func(int) error {
		d := newDeflater()
		return func(i int) error {
			e, err := d.entry(objs[i])
			entries[i] = e
			return err
		}
	})
	return entries, err
}

// EncodePack returns the pack bytes and index bytes for entries, whose raw
// bytes are already encoded; offsets and the order of entries are set here.
func EncodePack(entries []Entry) (pack, idx []byte, sum [20]byte) {
	var p bytes.Buffer
	p.WriteString("PACK")
	binary.Write(&p, binary.BigEndian, uint32(2))
	binary.Write(&p, binary.BigEndian, uint32(len(entries)))
	for i := range entries {
		entries[i].Offset = uint64(p.Len())
		p.Write(entries[i].Raw)
	}
	sum = sha1.Sum(p.Bytes())
	p.Write(sum[:])
	return p.Bytes(), encodeIndex(entries, sum), sum
}

// encodeIndex returns the version-2 index of a pack's entries.
func encodeIndex(entries []Entry, sum [20]byte) []byte {
	sorted := slices.Clone(entries)
	slices.SortFunc(sorted, func(a, b Entry) int { return bytes.Compare(a.ID[:], b.ID[:]) })
	var x bytes.Buffer
	x.Write(indexMagic)
	var fanout [256]uint32
	for _, e := range sorted {
		fanout[e.ID[0]]++
	}
	var total uint32
	for i := range fanout {
		total += fanout[i]
		binary.Write(&x, binary.BigEndian, total)
	}
	for _, e := range sorted {
		x.Write(e.ID[:])
	}
	for _, e := range sorted {
		binary.Write(&x, binary.BigEndian, e.CRC)
	}
	var large []uint64
	for _, e := range sorted {
		if e.Offset < 1<<31 {
			binary.Write(&x, binary.BigEndian, uint32(e.Offset))
			continue
		}
		binary.Write(&x, binary.BigEndian, uint32(1<<31|len(large)))
		large = append(large, e.Offset)
	}
	for _, off := range large {
		binary.Write(&x, binary.BigEndian, off)
	}
	x.Write(sum[:])
	isum := sha1.Sum(x.Bytes())
	x.Write(isum[:])
	return x.Bytes()
}

// InstallPack writes objDir/pack/pack-<sum>.{idx,pack} and returns their
// path without the extension. The index goes in first: git ignores an
// index without its pack, and go-git finds packs by their .pack file, so
// no reader sees half a pack. A durable pack is synced before it returns,
// as a pack that replaces others must be before they go; otherwise
// nothing is synced, as git leaves the loose objects of a commit. o says
// which (o.Durable), and is handed to fsutil.WriteFile for both files.
func InstallPack(objDir string, pack, idx []byte, sum [20]byte, o fsutil.WriteOptions) (string, error) {
	write := func(p string, b []byte, perm os.FileMode) error { return fsutil.WriteFile(p, b, perm, o) }
	dir := filepath.Join(objDir, "pack")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("write pack: %w", err)
	}
	base := filepath.Join(dir, fmt.Sprintf("pack-%x", sum))
	if err := write(base+".idx", idx, 0o444); err != nil {
		return "", fmt.Errorf("write pack index: %w", err)
	}
	if err := write(base+".pack", pack, 0o444); err != nil {
		os.Remove(base + ".idx")
		return "", fmt.Errorf("write pack: %w", err)
	}
	return base, nil
}

// WritePack deflates objs on every core and installs them as one new pack.
func WritePack(objDir string, objs []Object, o fsutil.WriteOptions) (string, error) {
	entries, err := Deflate(objs)
	if err != nil {
		return "", err
	}
	pack, idx, sum := EncodePack(entries)
	return InstallPack(objDir, pack, idx, sum, o)
}

// ReadPackEntries splits a delta-free pack (base names the pack without
// its extension) into its raw entries, in pack order, using its index. It
// returns ErrDeltaPack for packs it must not copy verbatim.
func ReadPackEntries(base string) ([]Entry, error) {
	return splitPack(base, false)
}

// splitPack splits a pack into its raw entries, in pack order; with
// deltas false, a delta entry fails it with ErrDeltaPack.
func splitPack(base string, deltas bool) ([]Entry, error) {
	idxBytes, err := os.ReadFile(base + ".idx")
	if err != nil {
		return nil, err
	}
	pack, err := os.ReadFile(base + ".pack")
	if err != nil {
		return nil, err
	}
	if len(pack) < 32 || string(pack[:4]) != "PACK" {
		return nil, errors.New("unsupported pack format")
	}
	idx, err := ParseIndex(idxBytes)
	if err != nil {
		return nil, err
	}
	n := idx.Len()
	if int(binary.BigEndian.Uint32(pack[8:])) != n {
		return nil, errors.New("truncated pack index")
	}
	entries := make([]Entry, n)
	for i := range n {
		entries[i].ID = idx.ID(i)
		entries[i].CRC = idx.CRC(i)
		off, ok := idx.Offset(i)
		if !ok || off >= 1<<31 {
			return nil, errors.New("pack too large to merge")
		}
		entries[i].Offset = uint64(off)
	}
	slices.SortFunc(entries, func(a, b Entry) int { return int(a.Offset) - int(b.Offset) })
	end := uint64(len(pack) - 20)
	for i := range entries {
		next := end
		if i+1 < n {
			next = entries[i+1].Offset
		}
		if entries[i].Offset < 12 || next > end || next <= entries[i].Offset {
			return nil, errors.New("corrupt pack offsets")
		}
		entries[i].Raw = pack[entries[i].Offset:next]
		if typ := Type((entries[i].Raw[0] >> 4) & 7); !deltas && typ != Commit && typ != Tree && typ != Blob && typ != Tag {
			return nil, ErrDeltaPack
		}
		if crc32.ChecksumIEEE(entries[i].Raw) != entries[i].CRC {
			return nil, fmt.Errorf("pack entry %s fails its checksum", short(entries[i].ID))
		}
	}
	return entries, nil
}

// PackObjectCount reads the object count from a pack file's header.
func PackObjectCount(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var hdr [12]byte
	if _, err := io.ReadFull(f, hdr[:]); err != nil || string(hdr[:4]) != "PACK" {
		return 0, errors.New("not a pack")
	}
	return int(binary.BigEndian.Uint32(hdr[8:])), nil
}
