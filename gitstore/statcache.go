package gitstore

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/validate"
)

// statCache remembers, for one published directory, which blob and which
// validation facts each file had when it was last read, keyed by the file's
// stat signature: git's index idea. It is a validate.FactCache.
type statCache struct {
	file string // where the cache lives; "" when caching is off

	// ScanStart is when the scan that recorded the entries began. An entry
	// whose mtime or ctime is not before it is racy: the file may have
	// changed again within the same timestamp tick, so it is read again.
	ScanStart int64
	// Commit is the commit the entries were published as, and Trees the
	// tree id of each of its directories ("" for the root).
	Commit  ID
	Trees   map[string]ID
	Entries map[string]statEntry

	hits map[string]ID // paths served from the cache in this publish
}

type statEntry struct {
	Size, Mtime, Ctime int64
	Ino, Dev           uint64
	ID                 ID
	Facts              validate.Facts
}

func statKey(info fs.FileInfo) (statEntry, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return statEntry{}, false
	}
	return statEntry{Size: info.Size(), Mtime: st.Mtim.Nano(), Ctime: st.Ctim.Nano(),
		Ino: st.Ino, Dev: uint64(st.Dev)}, true
}

func (c *statCache) Lookup(path string, info fs.FileInfo) (validate.Facts, bool) {
	e, ok := c.Entries[path]
	if !ok {
		return validate.Facts{}, false
	}
	k, ok := statKey(info)
	if !ok || k.Size != e.Size || k.Mtime != e.Mtime || k.Ctime != e.Ctime || k.Ino != e.Ino || k.Dev != e.Dev {
		return validate.Facts{}, false
	}
	if e.Mtime >= c.ScanStart || e.Ctime >= c.ScanStart {
		return validate.Facts{}, false
	}
	c.hits[path] = e.ID
	return e.Facts, true
}

// scanClock returns the start of a scan, in nanoseconds, on the clock the
// kernel stamps files with: its coarse real-time clock, which may lag
// time.Now() by a tick, so a file written just after time.Now() can carry
// an mtime before it and escape the racy rule. A file modified after the
// scan starts carries a time no earlier than this one.
func scanClock() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_REALTIME_COARSE, &ts); err != nil {
		// Earlier is safe: more entries count as racy.
		return time.Now().Add(-time.Second).UnixNano()
	}
	return ts.Nano()
}

// loadStatCache reads the cache of dir; a missing or unreadable cache is an
// empty one.
func (s *Store) loadStatCache(dir string) *statCache {
	c := &statCache{Entries: map[string]statEntry{}, hits: map[string]ID{}}
	if s.opts.CacheDir == "" {
		return c
	}
	sum := sha256.Sum256([]byte(dir))
	c.file = filepath.Join(s.opts.CacheDir, "publish", hex.EncodeToString(sum[:16]))
	b, err := os.ReadFile(c.file)
	if err != nil {
		return c
	}
	if err := c.decode(dir, b); err != nil {
		s.log.Debug("ignoring unreadable publish cache", "file", c.file, "err", err)
		c.Entries, c.ScanStart, c.Commit, c.Trees = map[string]statEntry{}, 0, ID{}, nil
	}
	return c
}

// save replaces the cache with entries for the files of a successful
// publication.
func (c *statCache) save(dir string, commit ID, scanStart int64, files []validate.File, b *build) error {
	if c.file == "" {
		return nil
	}
	entries := make(map[string]statEntry, len(files))
	for _, f := range files {
		e, ok := statKey(f.Info)
		if !ok {
			continue
		}
		e.ID, e.Facts = b.ids[f.Path], f.Facts
		entries[f.Path] = e
	}
	c.Entries, c.ScanStart, c.Commit, c.Trees = entries, scanStart, commit, b.trees
	if err := os.MkdirAll(filepath.Dir(c.file), 0o700); err != nil {
		return err
	}
	// A cache: replaced atomically but not synced. After a power failure
	// it may be old (its commit is then not the head, and it is not
	// trusted) or damaged (its checksum refuses it).
	return fsutil.ReplaceFile(c.file, c.encode(dir), 0o600)
}

// The cache file is a small binary format, read and written on every
// publish: gob spent more time on 4,000 entries than the publication's
// object writes.
const statCacheMagic = "memfs-statcache-4\n"

func (c *statCache) encode(dir string) []byte {
	b := make([]byte, 0, 64+len(c.Entries)*96)
	b = append(b, statCacheMagic...)
	b = appendString(b, dir)
	b = binary.AppendVarint(b, c.ScanStart)
	b = append(b, c.Commit[:]...)
	b = binary.AppendUvarint(b, uint64(len(c.Trees)))
	for p, id := range c.Trees {
		b = appendString(b, p)
		b = append(b, id[:]...)
	}
	b = binary.AppendUvarint(b, uint64(len(c.Entries)))
	for p, e := range c.Entries {
		b = appendString(b, p)
		b = binary.AppendVarint(b, e.Size)
		b = binary.AppendVarint(b, e.Mtime)
		b = binary.AppendVarint(b, e.Ctime)
		b = binary.AppendUvarint(b, e.Ino)
		b = binary.AppendUvarint(b, e.Dev)
		b = append(b, e.ID[:]...)
		f := e.Facts
		var flags byte
		for i, set := range []bool{f.ValidUTF8, f.HasNUL, f.HasSourcesSection} {
			if set {
				flags |= 1 << i
			}
		}
		b = append(b, flags)
		b = appendStrings(b, f.Sources)
		b = binary.AppendUvarint(b, uint64(f.BadSources))
		b = appendStrings(b, f.Links)
		b = appendString(b, f.GuardEpoch)
	}
	// A CRC-32C of everything before it ends the file.
	return binary.BigEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func (c *statCache) decode(dir string, b []byte) error {
	if len(b) < 4 || crc32.Checksum(b[:len(b)-4], castagnoli) != binary.BigEndian.Uint32(b[len(b)-4:]) {
		return errors.New("stat cache fails its checksum")
	}
	b = b[:len(b)-4]
	r := &reader{b: b}
	if string(r.bytes(len(statCacheMagic))) != statCacheMagic {
		return errors.New("not a stat cache")
	}
	if r.string() != dir {
		return errors.New("cache of another directory")
	}
	c.ScanStart = r.varint()
	copy(c.Commit[:], r.bytes(len(c.Commit)))
	nt := r.uvarint()
	if r.err != nil || nt > uint64(len(b)) {
		return errTruncated
	}
	c.Trees = make(map[string]ID, nt)
	for range nt {
		p := r.string()
		var id ID
		copy(id[:], r.bytes(len(id)))
		c.Trees[p] = id
	}
	n := r.uvarint()
	if r.err != nil || n > uint64(len(b)) {
		return errors.New("truncated stat cache")
	}
	c.Entries = make(map[string]statEntry, n)
	for range n {
		p := r.string()
		var e statEntry
		e.Size, e.Mtime, e.Ctime = r.varint(), r.varint(), r.varint()
		e.Ino, e.Dev = r.uvarint(), r.uvarint()
		copy(e.ID[:], r.bytes(len(e.ID)))
		flags := r.bytes(1)
		if len(flags) == 1 {
			e.Facts.ValidUTF8, e.Facts.HasNUL, e.Facts.HasSourcesSection = flags[0]&1 != 0, flags[0]&2 != 0, flags[0]&4 != 0
		}
		e.Facts.Sources = r.strings()
		e.Facts.BadSources = int(r.uvarint())
		e.Facts.Links = r.strings()
		e.Facts.GuardEpoch = r.string()
		if r.err != nil {
			return r.err
		}
		c.Entries[p] = e
	}
	return r.err
}

// dirCounts counts the cached files below every directory ("" for all).
func (c *statCache) dirCounts() map[string]int {
	counts := map[string]int{}
	for p := range c.Entries {
		counts[""]++
		for i := 0; i < len(p); i++ {
			if p[i] == '/' {
				counts[p[:i]]++
			}
		}
	}
	return counts
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

// reader decodes the stat cache; the first error sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b) {
		r.err = errTruncated
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errTruncated
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = errTruncated
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) string() string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err = errTruncated
		return ""
	}
	return string(r.bytes(int(n)))
}

func (r *reader) strings() []string {
	n := r.uvarint()
	if n == 0 || n > uint64(len(r.b)) {
		if n > uint64(len(r.b)) {
			r.err = errTruncated
		}
		return nil
	}
	out := make([]string, 0, n)
	for range n {
		out = append(out, r.string())
	}
	return out
}

// DropCaches removes every publish cache, so no cached blob id or fact
// outlives a forget.
func (s *Store) DropCaches() error {
	s.blobs.drop()
	if s.opts.CacheDir == "" {
		return nil
	}
	err := os.RemoveAll(s.opts.CacheDir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
