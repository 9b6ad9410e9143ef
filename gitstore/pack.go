package gitstore

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore/internal/objfile"
)

// Packs. A publication's new objects (a few blobs and the trees above
// them, and its commit) go into one pack with its index: two files
// created instead of one per object, which is most of what a small
// publish costs on a filesystem where creating a file takes half a
// millisecond. objfile writes the packs, delta-free, so memfs merges them
// by copying entries verbatim.

// packWriteThreshold is the smallest batch written as a pack; smaller
// batches are written as loose objects.
const packWriteThreshold = 4

// Pack merging keeps readers from searching many indexes: when more than
// maxSmallPacks delta-free packs under smallPackBytes exist, the smallest
// of them are merged into one (mergeSet).
const (
	maxSmallPacks  = 8
	smallPackBytes = 8 << 20
)

// writePack stores objs as one new pack, deflating on all cores.
func (s *Store) writePack(objs []objfile.Object) error {
	_, err := objfile.WritePack(s.objDir(), objs, s.writeOptions(true))
	return err
}

// writePublicationPack writes the objects of a publication as one pack,
// not synced: git does not sync the loose objects of a commit either
// (docs/reference.md, The store: Durability; docs/design.md §5).
func (s *Store) writePublicationPack(objs []objfile.Object) error {
	_, err := objfile.WritePack(s.objDir(), objs, s.writeOptions(false))
	return err
}

// mergeSmallPacks merges small delta-free packs when there are too many.
// The caller holds the store lock; s.mu must be held.
func (s *Store) mergeSmallPacks() error {
	names, _ := filepath.Glob(filepath.Join(s.objDir(), "pack", "pack-*.pack"))
	var small []smallPack
	for _, n := range names {
		if fi, err := os.Stat(n); err == nil && fi.Size() < smallPackBytes {
			small = append(small, smallPack{base: strings.TrimSuffix(n, ".pack"), size: fi.Size()})
		}
	}
	if len(small) <= maxSmallPacks {
		return nil
	}
	var merged []objfile.Entry
	var sources []string
	seen := map[ID]bool{}
	for _, base := range mergeSet(small) {
		entries, err := objfile.ReadPackEntries(base)
		if err != nil {
			s.log.Debug("pack left unmerged", "pack", filepath.Base(base), "err", err)
			continue
		}
		sources = append(sources, base)
		for _, e := range entries {
			if !seen[e.ID] {
				seen[e.ID] = true
				merged = append(merged, e)
			}
		}
	}
	if len(sources) < 2 {
		return nil
	}
	pack, idx, sum := objfile.EncodePack(merged)
	base, err := objfile.InstallPack(s.objDir(), pack, idx, sum, s.writeOptions(true))
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

// smallPack is a pack under smallPackBytes: its path without extension
// and its size.
type smallPack struct {
	base string
	size int64
}

// mergeSet picks the packs to merge among small: the two smallest, and
// the next smallest while each is no larger than those picked before it
// together. So a pack is copied again only into one at least twice its
// size, and a byte only a logarithmic number of times, where merging
// every small pack copied the merged pack again each time: a run's cost
// grew with the runs before it.
func mergeSet(small []smallPack) []string {
	slices.SortFunc(small, func(a, b smallPack) int { return cmp.Or(cmp.Compare(a.size, b.size), strings.Compare(a.base, b.base)) })
	var sum int64
	var out []string
	for i, p := range small {
		if i >= 2 && p.size > sum {
			break
		}
		sum += p.size
		out = append(out, p.base)
	}
	return out
}
