package gitstore

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

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
	Entries   map[string]statEntry

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

// loadStatCache reads the cache of dir; a missing or unreadable cache is an
// empty one.
func (s *Store) loadStatCache(dir string) *statCache {
	c := &statCache{Entries: map[string]statEntry{}, hits: map[string]ID{}}
	if s.opts.CacheDir == "" {
		return c
	}
	sum := sha256.Sum256([]byte(dir))
	c.file = filepath.Join(s.opts.CacheDir, "publish", hex.EncodeToString(sum[:16])+".gob")
	b, err := os.ReadFile(c.file)
	if err != nil {
		return c
	}
	var disk struct {
		Dir       string
		ScanStart int64
		Entries   map[string]statEntry
	}
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&disk); err != nil || disk.Dir != dir {
		s.log.Debug("ignoring unreadable publish cache", "file", c.file)
		return c
	}
	c.ScanStart, c.Entries = disk.ScanStart, disk.Entries
	return c
}

// save replaces the cache with entries for the files of a successful
// publication.
func (c *statCache) save(dir string, scanStart time.Time, files []validate.File, ids map[string]ID) error {
	if c.file == "" {
		return nil
	}
	entries := make(map[string]statEntry, len(files))
	for _, f := range files {
		e, ok := statKey(f.Info)
		if !ok {
			continue
		}
		e.ID, e.Facts = ids[f.Path], f.Facts
		entries[f.Path] = e
	}
	var buf bytes.Buffer
	disk := struct {
		Dir       string
		ScanStart int64
		Entries   map[string]statEntry
	}{dir, scanStart.UnixNano(), entries}
	if err := gob.NewEncoder(&buf).Encode(disk); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(c.file), 0o700); err != nil {
		return err
	}
	return writeFileAtomic(c.file, buf.Bytes(), 0o600)
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
