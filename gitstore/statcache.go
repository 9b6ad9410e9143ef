package gitstore

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/validate"
)

// statCache remembers, for one published directory, which blob and which
// validation facts each file had when it was last read, keyed by the file's
// stat signature: git's index idea. It is a validate.FactCache; Lookup is
// not safe for concurrent use.
//
// The file has a fixed layout, used as it was read, without decoding its
// entries: a header, one fixed-size record per file sorted by path, one per
// directory sorted by path (git's cache-tree), then a heap holding the
// paths and each file's encoded facts. Loading checks the checksum and the
// bounds of every record; a lookup takes the record after the last one
// found (validation asks in path order) or searches. A publication that
// adds or removes no file patches the records that changed in place, facts
// that outgrow their slot going to the end of the heap, and rewrites the
// header with the checksum last; anything else replaces the file by one
// create and rename. A publication that read no file and moved no commit
// writes nothing.
type statCache struct {
	file string // where the cache lives; "" when caching is off
	dir  string // the published directory

	f *os.File // the cache file, open for patching; nil when there is none
	b []byte   // the file's bytes once checked; nil when there is no usable cache
	// n and nt count the file and directory records.
	n, nt int
	// scanStart is when the scan that recorded the entries began, on
	// scanClock. An entry whose mtime or ctime is not before it is racy:
	// the file may have changed again within the same timestamp tick, so
	// it is read again.
	scanStart int64
	// commit is the commit the entries were published as.
	commit ID

	// heap is a copy of the heap as read: decoded facts share its
	// strings, and strs holds their string slices, so a lookup allocates
	// nothing of its own.
	heap    string
	heapOff int
	strs    []string

	hit  []bool // records served from the cache in this publish
	next int    // the record after the last one found
}

// statEntry is what the cache knows of one file.
type statEntry struct {
	Size, Mtime, Ctime int64
	Ino, Dev           uint64
	ID                 ID
	Facts              validate.Facts
}

// statTree is what the cache knows of one directory: its tree id and the
// number of files below it.
type statTree struct {
	ID    ID
	Files int
}

func statKey(info fs.FileInfo) (statEntry, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return statEntry{}, false
	}
	return statEntry{Size: info.Size(), Mtime: st.Mtim.Nano(), Ctime: st.Ctim.Nano(),
		Ino: st.Ino, Dev: uint64(st.Dev)}, true
}

// The layout, little-endian. Offsets in records point into the heap.
const (
	statCacheMagic = "memfs-statcache-6\n"

	hdrSize = 96
	hCRC    = 24 // CRC-32C of the whole file but these four bytes
	hLen    = 28 // the file's length
	hFull   = 32 // its length when last written whole (bounds the heap's growth)
	hFiles  = 36
	hTrees  = 40
	hDir    = 44 // span of the directory's path
	hScan   = 56
	hCommit = 64 // 84..96 reserved, zero

	recSize = 88
	rPath   = 0 // span: offset, length
	rSize   = 8
	rMtime  = 16
	rCtime  = 24
	rIno    = 32
	rDev    = 40
	rID     = 48
	rFlags  = 68 // 69..72 zero
	rBad    = 72
	rFacts  = 76 // span; 84..88 reserved, zero

	treeSize = 32
	tPath    = 0 // span
	tID      = 8
	tFiles   = 28
)

var le = binary.LittleEndian

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func statCacheSum(b []byte) uint32 {
	return crc32.Update(crc32.Checksum(b[:hCRC], castagnoli), castagnoli, b[hCRC+4:])
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

// loadStatCache reads the cache of dir, in one read; a missing, damaged or
// foreign cache is an empty one. The caller closes it.
func (s *Store) loadStatCache(dir string) *statCache {
	c := &statCache{dir: dir}
	if s.opts.CacheDir == "" {
		return c
	}
	sum := sha256.Sum256([]byte(dir))
	c.file = filepath.Join(s.opts.CacheDir, "publish", hex.EncodeToString(sum[:16]))
	f, err := os.OpenFile(c.file, os.O_RDWR, 0)
	if err != nil {
		return c
	}
	b, err := readCacheFile(f)
	if err == nil {
		err = c.parse(b)
	}
	if err != nil {
		s.log.Debug("ignoring unreadable publish cache", "file", c.file, "err", err)
		f.Close()
		return c
	}
	c.f = f
	return c
}

func readCacheFile(f *os.File) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() < hdrSize || fi.Size() > math.MaxUint32 {
		return nil, errTruncated
	}
	b := make([]byte, fi.Size())
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, err
	}
	return b, nil
}

// reopen opens the file of a loaded cache for patching, when its header
// is still the one c was read with: the header carries the file's length
// and a checksum of all of it, which every write of the cache changes.
// What an earlier publication looked up in c is forgotten. It reports
// false, leaving c as it was, when c holds no cache or the file moved on.
func (c *statCache) reopen() bool {
	if c.b == nil || c.file == "" || c.f != nil {
		return false
	}
	f, err := os.OpenFile(c.file, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	var h [hdrSize]byte
	if _, err := f.ReadAt(h[:], 0); err != nil || !bytes.Equal(h[:], c.b[:hdrSize]) {
		f.Close()
		return false
	}
	c.f, c.next = f, 0
	clear(c.hit)
	return true
}

// close releases the cache file.
func (c *statCache) close() {
	if c.f != nil {
		c.f.Close()
		c.f = nil
	}
}

// parse checks b as the cache of c.dir and adopts it. Every record's bounds
// and the order of paths are checked here, so the accessors cannot fail.
func (c *statCache) parse(b []byte) error {
	if len(b) < hdrSize || uint64(len(b)) > math.MaxUint32 || string(b[:len(statCacheMagic)]) != statCacheMagic {
		return errors.New("not a stat cache")
	}
	if statCacheSum(b) != le.Uint32(b[hCRC:]) {
		return errors.New("stat cache fails its checksum")
	}
	size := uint64(len(b))
	if uint64(le.Uint32(b[hLen:])) != size || uint64(le.Uint32(b[hFull:])) > size {
		return errTruncated
	}
	if !zero(b[len(statCacheMagic):hCRC]) || !zero(b[hDir+8:hScan]) || !zero(b[hCommit+len(ID{}):hdrSize]) {
		return errors.New("stat cache has unknown fields")
	}
	n, nt := uint64(le.Uint32(b[hFiles:])), uint64(le.Uint32(b[hTrees:]))
	heap := hdrSize + n*recSize + nt*treeSize
	if heap > size {
		return errTruncated
	}
	inHeap := func(r []byte) ([]byte, bool) {
		off, l := uint64(le.Uint32(r)), uint64(le.Uint32(r[4:]))
		if off < heap || off+l > size {
			return nil, false
		}
		return b[off : off+l], true
	}
	if d, ok := inHeap(b[hDir:]); !ok || string(d) != c.dir {
		return errors.New("cache of another directory")
	}
	var prev []byte
	for i := range int(n) {
		r := b[hdrSize+i*recSize:][:recSize]
		p, ok := inHeap(r[rPath:])
		if !ok || (i > 0 && bytes.Compare(prev, p) >= 0) {
			return fmt.Errorf("stat cache record %d: bad path", i)
		}
		prev = p
		facts, ok := inHeap(r[rFacts:])
		if !ok || !factsWellFormed(facts) || r[rFlags]&^15 != 0 || !zero(r[rFlags+1:rBad]) || !zero(r[rFacts+8:]) {
			return fmt.Errorf("stat cache record %d: bad fields", i)
		}
	}
	for i := range int(nt) {
		r := b[hdrSize+int(n)*recSize+i*treeSize:][:treeSize]
		p, ok := inHeap(r[tPath:])
		if !ok || (i > 0 && bytes.Compare(prev, p) >= 0) {
			return fmt.Errorf("stat cache directory %d: bad path", i)
		}
		prev = p
	}
	c.b, c.n, c.nt = b, int(n), int(nt)
	c.heapOff, c.heap = int(heap), string(b[heap:])
	c.scanStart = int64(le.Uint64(b[hScan:]))
	copy(c.commit[:], b[hCommit:])
	c.hit = make([]bool, c.n)
	return nil
}

func zero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

func (c *statCache) rec(i int) []byte  { return c.b[hdrSize+i*recSize:][:recSize] }
func (c *statCache) tree(i int) []byte { return c.b[hdrSize+c.n*recSize+i*treeSize:][:treeSize] }

func (c *statCache) span(r []byte) []byte {
	off := le.Uint32(r)
	return c.b[off : off+le.Uint32(r[4:])]
}

func (c *statCache) path(i int) []byte { return c.span(c.rec(i)[rPath:]) }

func (c *statCache) id(i int) (id ID) {
	copy(id[:], c.rec(i)[rID:])
	return id
}

// stat returns record i without its facts.
func (c *statCache) stat(i int) statEntry {
	r := c.rec(i)
	e := statEntry{Size: int64(le.Uint64(r[rSize:])), Mtime: int64(le.Uint64(r[rMtime:])),
		Ctime: int64(le.Uint64(r[rCtime:])), Ino: le.Uint64(r[rIno:]), Dev: le.Uint64(r[rDev:])}
	copy(e.ID[:], r[rID:])
	return e
}

func (c *statCache) facts(i int) validate.Facts {
	r := c.rec(i)
	off, n := int(le.Uint32(r[rFacts:])), int(le.Uint32(r[rFacts+4:]))
	var enc string
	if off+n <= c.heapOff+len(c.heap) {
		enc = c.heap[off-c.heapOff : off-c.heapOff+n]
	} else { // appended by a patch since
		enc = string(c.b[off : off+n])
	}
	f := c.decodeFacts(enc)
	flags := r[rFlags]
	f.ValidUTF8, f.HasNUL, f.HasSourcesSection, f.HasControl = flags&1 != 0, flags&2 != 0, flags&4 != 0, flags&8 != 0
	f.BadSources = int(le.Uint32(r[rBad:]))
	return f
}

// comparePath compares a path held in the cache with p, without copying.
func comparePath(b []byte, p string) int {
	switch {
	case string(b) == p:
		return 0
	case string(b) < p:
		return -1
	}
	return 1
}

// find returns the record of path.
func (c *statCache) find(p string) (int, bool) {
	if c.next < c.n && string(c.path(c.next)) == p {
		c.next++
		return c.next - 1, true
	}
	i, ok := sort.Find(c.n, func(i int) int { return -comparePath(c.path(i), p) })
	if ok {
		c.next = i + 1
	}
	return i, ok
}

// dirTree returns what the cache knows of directory p ("" for the root).
func (c *statCache) dirTree(p string) (statTree, int, bool) {
	if c.b == nil {
		return statTree{}, 0, false
	}
	i, ok := sort.Find(c.nt, func(i int) int { return -comparePath(c.span(c.tree(i)[tPath:]), p) })
	if !ok {
		return statTree{}, 0, false
	}
	r := c.tree(i)
	t := statTree{Files: int(le.Uint32(r[tFiles:]))}
	copy(t.ID[:], r[tID:])
	return t, i, true
}

// entries and trees decode the whole cache; for tests and rare paths.
func (c *statCache) entries() map[string]statEntry {
	out := make(map[string]statEntry, c.n)
	for i := range c.n {
		e := c.stat(i)
		e.Facts = c.facts(i)
		out[string(c.path(i))] = e
	}
	return out
}

func (c *statCache) trees() map[string]statTree {
	out := make(map[string]statTree, c.nt)
	for i := range c.nt {
		r := c.tree(i)
		t := statTree{Files: int(le.Uint32(r[tFiles:]))}
		copy(t.ID[:], r[tID:])
		out[string(c.span(r[tPath:]))] = t
	}
	return out
}

func (c *statCache) Lookup(path string, info fs.FileInfo) (validate.Facts, bool) {
	i, ok := c.match(path, info)
	if !ok {
		return validate.Facts{}, false
	}
	c.hit[i] = true
	return c.facts(i), true
}

// match returns the record of path when info shows the file unchanged
// since it was recorded: the same stat signature, and no modification
// within the tick the recording scan began (racy).
func (c *statCache) match(path string, info fs.FileInfo) (int, bool) {
	if c.b == nil {
		return 0, false
	}
	i, ok := c.find(path)
	if !ok {
		return 0, false
	}
	k, ok := statKey(info)
	e := c.stat(i)
	if !ok || k.Size != e.Size || k.Mtime != e.Mtime || k.Ctime != e.Ctime || k.Ino != e.Ino || k.Dev != e.Dev {
		return 0, false
	}
	if e.Mtime >= c.scanStart || e.Ctime >= c.scanStart {
		return 0, false
	}
	return i, true
}

// cachedID returns the blob id of a file Lookup served.
func (c *statCache) cachedID(p string) (ID, bool) {
	if c.b == nil {
		return ID{}, false
	}
	i, ok := c.find(p)
	if !ok || !c.hit[i] {
		return ID{}, false
	}
	return c.id(i), true
}

// save records the files of a successful publication: by patching the
// cache in place when it holds the same paths, else by replacing it.
func (c *statCache) save(commit ID, scanStart int64, files []validate.File, b *build) error {
	if c.file == "" {
		return nil
	}
	if c.f != nil && len(files) == c.n {
		if done, err := c.patch(commit, scanStart, files, b); done || err != nil {
			return err
		}
	}
	return c.replace(commit, scanStart, files, b)
}

// patch updates the cache in place. It reports false, having changed
// nothing, when the cache holds other paths or would grow too much.
func (c *statCache) patch(commit ID, scanStart int64, files []validate.File, b *build) (bool, error) {
	type change struct {
		rec   int
		e     statEntry
		facts []byte
	}
	var changes []change
	grow := 0
	seen := make([]bool, c.n)
	for i, f := range files {
		r, ok := c.find(f.Path)
		if !ok || seen[r] {
			return false, nil
		}
		seen[r] = true
		if c.hit[r] && f.Content == nil {
			continue // served from this very record
		}
		e, ok := statKey(f.Info)
		if !ok {
			return false, nil
		}
		e.ID, e.Facts = b.ids[i], f.Facts
		ch := change{rec: r, e: e, facts: appendFacts(nil, f.Facts)}
		if len(ch.facts) > len(c.span(c.rec(r)[rFacts:])) {
			grow += len(ch.facts)
		}
		changes = append(changes, ch)
	}
	type treeChange struct {
		rec int
		id  ID
	}
	var trees []treeChange
	for p, t := range b.trees {
		old, r, ok := c.dirTree(p)
		if !ok || old.Files != t.Files {
			return false, nil
		}
		if old.ID != t.ID {
			trees = append(trees, treeChange{r, t.ID})
		}
	}
	if len(changes) == 0 && len(trees) == 0 && commit == c.commit {
		return true, nil // nothing to record: every entry stands as it was
	}
	if len(c.b)+grow > 2*int(le.Uint32(c.b[hFull:]))+64<<10 || len(c.b)+grow > math.MaxUint32 {
		return false, nil // compact instead
	}
	var dirty []int // offsets of changed records
	for _, ch := range changes {
		r := c.rec(ch.rec)
		putRecord(r, ch.e)
		if old := c.span(r[rFacts:]); !bytes.Equal(old, ch.facts) {
			if len(ch.facts) <= len(old) {
				copy(old, ch.facts)
			} else {
				le.PutUint32(r[rFacts:], uint32(len(c.b)))
				c.b = append(c.b, ch.facts...)
				r = c.rec(ch.rec) // c.b may have moved
			}
			le.PutUint32(r[rFacts+4:], uint32(len(ch.facts)))
			dirty = append(dirty, int(le.Uint32(r[rFacts:])), len(ch.facts))
		}
		dirty = append(dirty, hdrSize+ch.rec*recSize, recSize)
	}
	for _, t := range trees {
		copy(c.tree(t.rec)[tID:], t.id[:])
		dirty = append(dirty, hdrSize+c.n*recSize+t.rec*treeSize, treeSize)
	}
	c.scanStart, c.commit = scanStart, commit
	c.putHeader()
	for i := 0; i < len(dirty); i += 2 {
		off, n := dirty[i], dirty[i+1]
		if _, err := c.f.WriteAt(c.b[off:off+n], int64(off)); err != nil {
			return true, c.damaged(err)
		}
	}
	// The header goes last; a patch cut short anywhere leaves a file whose
	// checksum fails, which is never trusted.
	if _, err := c.f.WriteAt(c.b[:hdrSize], 0); err != nil {
		return true, c.damaged(err)
	}
	return true, nil
}

// damaged removes a cache whose patch failed half way.
func (c *statCache) damaged(err error) error {
	os.Remove(c.file)
	return fmt.Errorf("patch publish cache: %w", err)
}

// putHeader writes the variable header fields of c into c.b, checksum last.
func (c *statCache) putHeader() {
	le.PutUint32(c.b[hLen:], uint32(len(c.b)))
	le.PutUint64(c.b[hScan:], uint64(c.scanStart))
	copy(c.b[hCommit:], c.commit[:])
	le.PutUint32(c.b[hCRC:], statCacheSum(c.b))
}

func putRecord(r []byte, e statEntry) {
	le.PutUint64(r[rSize:], uint64(e.Size))
	le.PutUint64(r[rMtime:], uint64(e.Mtime))
	le.PutUint64(r[rCtime:], uint64(e.Ctime))
	le.PutUint64(r[rIno:], e.Ino)
	le.PutUint64(r[rDev:], e.Dev)
	copy(r[rID:], e.ID[:])
	var flags byte
	for i, set := range []bool{e.Facts.ValidUTF8, e.Facts.HasNUL, e.Facts.HasSourcesSection, e.Facts.HasControl} {
		if set {
			flags |= 1 << i
		}
	}
	r[rFlags] = flags
	le.PutUint32(r[rBad:], uint32(min(max(e.Facts.BadSources, 0), math.MaxUint32)))
}

// replace writes the whole cache anew, by one create and rename: atomic
// but not synced. After a power failure it may be old (its commit is then
// not the head, and it is not trusted) or damaged (its checksum refuses it).
func (c *statCache) replace(commit ID, scanStart int64, files []validate.File, b *build) error {
	entries := make(map[string]statEntry, len(files))
	for i, f := range files {
		e, ok := statKey(f.Info)
		if !ok {
			continue
		}
		e.ID, e.Facts = b.ids[i], f.Facts
		entries[f.Path] = e
	}
	trees := make(map[string]statTree, len(b.trees))
	for p, t := range b.trees {
		trees[p] = t
	}
	// Directories below one whose tree was reused from this cache were not
	// visited; their records still hold.
	if len(b.reused) > 0 && c.b != nil {
		for p, t := range c.trees() {
			if _, ok := trees[p]; !ok && below(p, b.reused) {
				trees[p] = t
			}
		}
	}
	data, err := encodeStatCache(c.dir, scanStart, commit, entries, trees)
	if err != nil {
		return err
	}
	c.close()
	if err := os.MkdirAll(filepath.Dir(c.file), 0o700); err != nil {
		return err
	}
	return fsutil.ReplaceFile(c.file, data, 0o600)
}

// below reports whether directory p lies below one of dirs.
func below(p string, dirs map[string]bool) bool {
	for p != "" {
		i := len(p) - 1
		for i >= 0 && p[i] != '/' {
			i--
		}
		p = p[:max(i, 0)]
		if dirs[p] {
			return true
		}
	}
	return false
}

// encodeStatCache lays out a whole cache file.
func encodeStatCache(dir string, scanStart int64, commit ID, entries map[string]statEntry, trees map[string]statTree) ([]byte, error) {
	paths := make([]string, 0, len(entries))
	for p := range entries {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	dirs := make([]string, 0, len(trees))
	for p := range trees {
		dirs = append(dirs, p)
	}
	slices.Sort(dirs)
	heap := hdrSize + len(paths)*recSize + len(dirs)*treeSize
	b := make([]byte, heap, heap+len(dir)+len(paths)*64)
	putSpan := func(at int, s []byte) {
		le.PutUint32(b[at:], uint32(len(b)))
		le.PutUint32(b[at+4:], uint32(len(s)))
		b = append(b, s...)
	}
	copy(b, statCacheMagic)
	putSpan(hDir, []byte(dir))
	le.PutUint32(b[hFiles:], uint32(len(paths)))
	le.PutUint32(b[hTrees:], uint32(len(dirs)))
	var facts []byte
	for i, p := range paths {
		at := hdrSize + i*recSize
		putSpan(at+rPath, []byte(p))
		e := entries[p]
		putRecord(b[at:at+recSize], e)
		facts = appendFacts(facts[:0], e.Facts)
		putSpan(at+rFacts, facts)
	}
	for i, p := range dirs {
		at := hdrSize + len(paths)*recSize + i*treeSize
		putSpan(at+tPath, []byte(p))
		t := trees[p]
		copy(b[at+tID:], t.ID[:])
		le.PutUint32(b[at+tFiles:], uint32(min(max(t.Files, 0), math.MaxUint32)))
		if uint64(len(b)) > math.MaxUint32 {
			break
		}
	}
	if uint64(len(b)) > math.MaxUint32 {
		return nil, errors.New("publish cache too large")
	}
	le.PutUint32(b[hFull:], uint32(len(b)))
	c := statCache{b: b, scanStart: scanStart, commit: commit}
	c.putHeader()
	return c.b, nil
}

// Facts other than the flags and the count of bad sources are encoded as
// the sources, the links (each a count, then length-prefixed strings) and
// the guard epoch (length-prefixed).
func appendFacts(b []byte, f validate.Facts) []byte {
	b = appendStrings(b, f.Sources)
	b = appendStrings(b, f.Links)
	return appendString(b, f.GuardEpoch)
}

// decodeFacts decodes facts that factsWellFormed accepted; the strings
// share enc.
func (c *statCache) decodeFacts(enc string) validate.Facts {
	uvarint := func() int {
		var v uint64
		for sh := 0; len(enc) > 0; sh += 7 {
			b := enc[0]
			enc = enc[1:]
			v |= uint64(b&0x7f) << sh
			if b < 0x80 {
				break
			}
		}
		return int(min(v, uint64(len(enc))))
	}
	str := func() string {
		n := uvarint()
		s := enc[:n]
		enc = enc[n:]
		return s
	}
	strs := func() []string {
		n := uvarint()
		if n == 0 {
			return nil
		}
		if cap(c.strs)-len(c.strs) < n {
			c.strs = make([]string, 0, max(n, 1024))
		}
		k := len(c.strs)
		c.strs = c.strs[:k+n]
		out := c.strs[k : k+n : k+n] // full: an append by the caller copies
		for j := range out {
			out[j] = str()
		}
		return out
	}
	return validate.Facts{Sources: strs(), Links: strs(), GuardEpoch: str()}
}

// factsWellFormed checks encoded facts without decoding them.
func factsWellFormed(b []byte) bool {
	skip := func() bool {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return false
		}
		b = b[k+int(n):]
		return true
	}
	for range 2 {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)) {
			return false
		}
		b = b[k:]
		for range n {
			if !skip() {
				return false
			}
		}
	}
	return skip() && len(b) == 0
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

// DropCaches removes every publish cache and empties the memory ones, so
// no cached blob id or fact outlives a forget.
func (s *Store) DropCaches() error {
	s.blobs.drop()
	s.facts.drop()
	if s.opts.CacheDir == "" {
		return nil
	}
	err := os.RemoveAll(s.opts.CacheDir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
