package gitstore

import (
	"io/fs"
	"path/filepath"

	"github.com/memfs/memfs/validate"
)

// FolderCache is a read-only view of the publish stat cache of one folder
// (the folder published, or PublishOptions.CacheAs): the blob id and the
// validation facts each of its files had when the folder was last
// published. They hold for a file while its stat signature (size, times,
// inode, device) is the one recorded and it was not modified within the
// tick the recording scan began, the rules publication itself trusts the
// cache by; a rename of the folder keeps them. What invalidates it: any
// change to a file (its ctime moves), a publication of the folder (which
// rewrites it), DropCaches (which removes it). Facts carry the guard
// epoch they were found clean under, as validation's do; a caller
// skipping a guard check must compare it with the current guard's.
type FolderCache struct {
	c *statCache
}

// FolderCache loads the stat cache of folder dir. It is empty when the
// store keeps no caches (Options.CacheDir) or none describes dir.
func (s *Store) FolderCache(dir string) *FolderCache {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return &FolderCache{c: &statCache{}}
	}
	c := s.loadStatCache(abs)
	c.close()
	return &FolderCache{c: c}
}

// Commit is the commit the folder was last published as; zero when
// unknown.
func (f *FolderCache) Commit() ID {
	if f == nil {
		return ID{}
	}
	return f.c.commit
}

// Holds returns the blob id and facts of file p (a slash path inside the
// folder) when info, the file's Lstat now, shows it unchanged since the
// folder was published. A nil FolderCache knows nothing.
func (f *FolderCache) Holds(p string, info fs.FileInfo) (ID, validate.Facts, bool) {
	if f == nil {
		return ID{}, validate.Facts{}, false
	}
	i, ok := f.c.match(p, info)
	if !ok {
		return ID{}, validate.Facts{}, false
	}
	return f.c.id(i), f.c.facts(i), true
}

// HoldsID is Holds for a caller that needs only the blob id: the facts,
// which hold every link and citation of the file, are not decoded.
func (f *FolderCache) HoldsID(p string, info fs.FileInfo) (ID, bool) {
	if f == nil {
		return ID{}, false
	}
	i, ok := f.c.match(p, info)
	if !ok {
		return ID{}, false
	}
	return f.c.id(i), true
}

// publishCache is the stat cache of dir for a publication, open for
// patching: loaded's, when it describes dir and the cache file still
// holds what it was loaded from, else read from the file. The caller
// closes it.
func (s *Store) publishCache(dir string, loaded *FolderCache) *statCache {
	if loaded == nil || loaded.c.dir != dir || !loaded.c.reopen() {
		return s.loadStatCache(dir)
	}
	return loaded.c
}
