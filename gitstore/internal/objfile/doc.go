// Package objfile owns the object files of a git repository, read and
// written without go-git:
//
//   - loose objects (objects/xx/yyyy…, zlib-deflated "<type> <size>\0<content>"):
//     reading, writing and listing them (loose.go);
//   - version-2 pack indexes (.idx): the one parser, lookups by id and
//     listings (index.go);
//   - pack entries: their header, inflating a whole entry (entry.go)
//     with a whole-buffer zlib decoder into a buffer of the object's
//     size (inflate.go);
//   - the object reader: objects of pack entries (deltas resolved through
//     their chains, with a bounded cache of bases as git's
//     delta_base_cache) and loose files, by id, safe for parallel use
//     (reader.go, delta.go), reading runs of a pack at once when reads
//     walk it in order (window.go), and the bulk read of every pack at
//     once, each delta applied once, bases first (bulk.go);
//   - the pack writer: deflating objects on every core and encoding a
//     delta-free version-2 pack with its index; splitting such a pack
//     back into its entries (pack.go).
//
// What these paths cannot read (an object in no pack or loose file looked
// at, packs in other formats) reports ErrSlowPath: the caller falls back
// to a full git reader. Object ids are plain [20]byte arrays and types the pack type
// codes, so callers convert to their git library's types without copying.
package objfile
