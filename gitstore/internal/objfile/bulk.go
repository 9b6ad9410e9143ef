package objfile

import (
	"path/filepath"
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

// LoadBulk reads every delta-free pack under objDir. With inflateAll,
// the loose objects are read too and every entry is inflated ahead, on
// every core (unless the packs are too large); otherwise only the raw pack
// entries are kept.
func LoadBulk(objDir string, inflateAll bool) *Bulk {
	b := &Bulk{m: map[ID]*BulkEntry{}}
	packs, _ := filepath.Glob(filepath.Join(objDir, "pack", "pack-*.pack"))
	var all []*BulkEntry
	total := 0
	for _, p := range packs {
		entries, err := ReadPackEntries(strings.TrimSuffix(p, ".pack"))
		if err != nil {
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
	if !inflateAll {
		return b
	}
	b.loadLoose(objDir)
	if total > maxBulkInflate {
		return b
	}
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

// Content returns the content of an object inflated ahead, or nil.
func (b *Bulk) Content(id ID) []byte {
	if e := b.Get(id); e != nil {
		return e.content
	}
	return nil
}
