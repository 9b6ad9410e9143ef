package objfile

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore/internal/parallel"
)

// maxBulkInflate bounds the pack bytes inflated ahead of use; larger
// stores inflate entries as they are read.
const maxBulkInflate = 256 << 20

// Bulk holds every object of the delta-free packs, read whole, for an
// operation about to read most objects: one read per pack instead of a
// lookup and a positioned read per object. A nil *Bulk holds nothing.
type Bulk struct {
	m map[ID]*BulkEntry
}

// BulkEntry is one object of a bulk read: its pack entry as stored (nil
// for a loose object), and its type and content when inflated ahead.
type BulkEntry struct {
	Raw     []byte
	typ     Type
	content []byte
	err     error
}

// Object returns the entry's type and content, inflating it now if the
// bulk read did not.
func (b *BulkEntry) Object() (Type, []byte, error) {
	if b.content != nil || b.err != nil {
		return b.typ, b.content, b.err
	}
	return InflateEntry(b.Raw)
}

// LoadBulk reads every pack under objDir. With inflateAll, the loose
// objects are read too and every entry is inflated ahead, on every core
// (unless the packs are too large); otherwise only the raw entries of
// delta-free packs are kept. The objects of packs with deltas (stock
// git's) are always made ahead, each delta applied once, bases first;
// they keep no raw entry, since a delta cannot be copied alone.
func LoadBulk(objDir string, inflateAll bool) *Bulk {
	b := &Bulk{m: map[ID]*BulkEntry{}}
	packs, _ := filepath.Glob(filepath.Join(objDir, "pack", "pack-*.pack"))
	var all []*BulkEntry
	var deltaPacks [][]Entry
	total := 0
	for _, p := range packs {
		entries, err := splitPack(strings.TrimSuffix(p, ".pack"), true)
		if err != nil {
			continue
		}
		if slices.ContainsFunc(entries, func(e Entry) bool {
			t := Type((e.Raw[0] >> 4) & 7)
			return t == OFSDelta || t == REFDelta
		}) {
			deltaPacks = append(deltaPacks, entries)
			total += packBytes(entries)
			continue
		}
		for _, e := range entries {
			if _, dup := b.m[e.ID]; dup {
				continue
			}
			be := &BulkEntry{Raw: e.Raw}
			b.m[e.ID] = be
			all = append(all, be)
			total += len(e.Raw)
		}
	}
	if total > maxBulkInflate {
		return b
	}
	for _, entries := range deltaPacks {
		b.resolvePack(entries)
	}
	if !inflateAll {
		return b
	}
	b.loadLoose(objDir)
	_ = parallel.Run(len(all), func() func(int) error {
		return func(i int) error {
			be := all[i]
			be.typ, be.content, be.err = InflateEntry(be.Raw)
			if be.err == nil && be.content == nil {
				be.content = []byte{}
			}
			return nil
		}
	})
	return b
}

// loadLoose adds the loose objects (every publication's commit is one)
// that no pack holds.
func (b *Bulk) loadLoose(objDir string) {
	var loose []LooseFile
	for _, f := range LooseFiles(objDir) {
		if _, dup := b.m[f.ID]; f.OK && !dup {
			loose = append(loose, f)
		}
	}
	entries := make([]*BulkEntry, len(loose))
	_ = parallel.RunN(8, len(loose), func() func(int) error {
		return func(i int) error {
			be := &BulkEntry{}
			be.typ, be.content, be.err = ReadLoose(loose[i].Path)
			if be.err == nil && be.content == nil {
				be.content = []byte{}
			}
			entries[i] = be
			return nil
		}
	})
	for i, be := range entries {
		if be.err == nil {
			b.m[loose[i].ID] = be
		}
	}
}

// Get returns the entry of an object, or nil.
func (b *Bulk) Get(id ID) *BulkEntry {
	if b == nil {
		return nil
	}
	return b.m[id]
}

// Blobs lists the blobs inflated ahead without error.
func (b *Bulk) Blobs() []ID {
	if b == nil {
		return nil
	}
	var out []ID
	for id, e := range b.m {
		if e.typ == Blob && e.err == nil {
			out = append(out, id)
		}
	}
	return out
}

// Inflated returns the contents of the objects of type typ inflated
// ahead without error, and whether every object the bulk holds was
// inflated (so that the list holds every object of that type there).
func (b *Bulk) Inflated(typ Type) (contents [][]byte, complete bool) {
	if b == nil {
		return nil, false
	}
	complete = true
	for _, e := range b.m {
		switch {
		case e.content == nil && e.err == nil:
			complete = false
		case e.typ == typ && e.err == nil:
			contents = append(contents, e.content)
		}
	}
	return contents, complete
}

// Content returns the content of an object inflated ahead, or nil.
func (b *Bulk) Content(id ID) []byte {
	if e := b.Get(id); e != nil {
		return e.content
	}
	return nil
}

func packBytes(entries []Entry) int {
	n := 0
	for _, e := range entries {
		n += len(e.Raw)
	}
	return n
}

// packItem is one entry of a pack with deltas while resolvePack makes it.
type packItem struct {
	typ   Type
	data  []byte // content, or delta instructions
	base  int    // index of the base in entries; baseWhole or baseElsewhere
	ext   ID     // the base's id, for a REF delta
	depth int
	err   error
}

// The base of a packItem that is not another entry of its pack.
const (
	baseWhole     = -1 // a whole object, no base
	baseElsewhere = -2 // a REF delta whose base is outside the pack
)

// resolvePack makes every object of a pack with deltas: every entry is
// inflated on all cores (a whole object, or a delta's instructions), then
// deltas are applied level by level, each level on all cores, a level
// being the deltas whose bases the previous ones made. A base outside the
// pack must be in the bulk already; an object that cannot be made is left
// out, for the reader to try.
func (b *Bulk) resolvePack(entries []Entry) {
	n := len(entries)
	items := make([]packItem, n)
	byOff := make(map[uint64]int, n)
	byID := make(map[ID]int, n)
	for i, e := range entries {
		byOff[e.Offset] = i
		byID[e.ID] = i
	}
	_ = parallel.Run(n, func() func(int) error {
		return func(i int) error {
			parsePackItem(&items[i], entries, i, byOff, byID)
			return nil
		}
	})
	maxDepth := deltaDepths(items)
	b.applyExternalBases(items)
	applyDeltaLevels(items, maxDepth)
	b.addResolved(entries, items)
}

// parsePackItem reads entry i's header into it, finds its base (by offset
// or by id within the pack, else baseElsewhere) and inflates its data:
// the content of a whole object, the instructions of a delta.
func parsePackItem(it *packItem, entries []Entry, i int, byOff map[uint64]int, byID map[ID]int) {
	raw := entries[i].Raw
	typ, size, hdr, err := ParseEntryHeader(raw)
	if err != nil {
		it.err = err
		return
	}
	it.typ, it.base = typ, baseWhole
	switch typ {
	case OFSDelta:
		dist, k, err := parseOFS(raw[hdr:])
		if err != nil {
			it.err = err
			return
		}
		base, ok := byOff[entries[i].Offset-uint64(dist)]
		if !ok || dist <= 0 || uint64(dist) > entries[i].Offset {
			it.err = fmt.Errorf("%w: no entry at the base offset", ErrDelta)
			return
		}
		it.base, hdr = base, hdr+k
	case REFDelta:
		if len(raw) < hdr+20 {
			it.err = fmt.Errorf("%w: truncated", ErrDelta)
			return
		}
		copy(it.ext[:], raw[hdr:])
		it.base = baseElsewhere
		if base, ok := byID[it.ext]; ok {
			it.base = base
		}
		hdr += 20
	}
	it.data, it.err = inflateBytes(raw[hdr:], size, nil)
}

// deltaDepths sets each item's depth, the length of its delta chain
// within the pack (zero for a whole object, a base elsewhere or an
// error), and returns the greatest. It works iteratively: a chain is
// walked until a known depth; a chain that cycles or exceeds
// maxDeltaChain fails each of its items.
func deltaDepths(items []packItem) int {
	const unknown = -1
	for i := range items {
		items[i].depth = unknown
		if items[i].base == baseWhole || items[i].base == baseElsewhere || items[i].err != nil {
			items[i].depth = 0
		}
	}
	maxDepth := 0
	for i := range items {
		var path []int
		j := i
		for items[j].depth == unknown && len(path) <= maxDeltaChain {
			path = append(path, j)
			items[j].depth = -2 // on the path: a cycle stops here
			j = items[j].base
		}
		d := items[j].depth
		if d < 0 {
			for _, k := range path {
				items[k].depth, items[k].err = 0, fmt.Errorf("%w: cycle or chain too long", ErrDelta)
			}
			continue
		}
		for k := len(path) - 1; k >= 0; k-- {
			d++
			items[path[k]].depth = d
		}
		maxDepth = max(maxDepth, d)
	}
	return maxDepth
}

// applyExternalBases makes the deltas whose base is outside the pack,
// level zero, from bases the bulk holds already; one whose base it does
// not hold fails.
func (b *Bulk) applyExternalBases(items []packItem) {
	for i := range items {
		it := &items[i]
		if it.base != baseElsewhere || it.err != nil {
			continue
		}
		if be := b.m[it.ext]; be != nil {
			if typ, base, err := be.Object(); err == nil {
				if it.data, it.err = applyDelta(base, it.data); it.err == nil {
					it.typ, it.base = typ, baseWhole
				}
				continue
			}
		}
		it.err = fmt.Errorf("%w: base %s not in the packs read", ErrDelta, short(it.ext))
	}
}

// applyDeltaLevels applies the in-pack deltas by depth, each level on all
// cores once the level below has made its bases; a delta whose base
// failed takes the base's error.
func applyDeltaLevels(items []packItem, maxDepth int) {
	levels := make([][]int, maxDepth+1)
	for i, it := range items {
		if it.base >= 0 {
			levels[it.depth] = append(levels[it.depth], i)
		}
	}
	for _, level := range levels {
		_ = parallel.Run(len(level), func() func(int) error {
			return func(k int) error {
				it := &items[level[k]]
				base := &items[it.base]
				if it.err != nil {
					return nil
				}
				if base.err != nil {
					it.err = base.err
					return nil
				}
				it.typ = base.typ
				it.data, it.err = applyDelta(base.data, it.data)
				return nil
			}
		})
	}
}

// addResolved adds the objects made without error that the bulk does not
// hold yet. A whole object keeps its raw entry, which copies as it is; a
// delta's cannot.
func (b *Bulk) addResolved(entries []Entry, items []packItem) {
	for i, it := range items {
		if _, dup := b.m[entries[i].ID]; dup || it.err != nil {
			continue
		}
		content := it.data
		if content == nil {
			content = []byte{}
		}
		e := &BulkEntry{typ: it.typ, content: content}
		if it.base == baseWhole && entries[i].Raw != nil && Type((entries[i].Raw[0]>>4)&7) == it.typ {
			e.Raw = entries[i].Raw // a whole object's entry copies as it is
		}
		b.m[entries[i].ID] = e
	}
}
