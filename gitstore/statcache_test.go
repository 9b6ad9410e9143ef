package gitstore

import (
	"log/slog"
	"maps"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/validate"
)

func sampleEntries() (map[string]statEntry, map[string]statTree) {
	return map[string]statEntry{
			"index.md": {Size: 10, Mtime: 5, Ctime: 6, Ino: 7, Dev: 8, ID: ID{4},
				Facts: validate.Facts{ValidUTF8: true, Links: []string{"pages/a/index.md"}}},
			"pages/a/x.md": {Size: 1 << 40, Mtime: -1, Ctime: 3, Ino: 1 << 62, Dev: 2, ID: ID{5},
				Facts: validate.Facts{ValidUTF8: true, HasSourcesSection: true, Sources: []string{"s1", "s2"},
					BadSources: 2, GuardEpoch: "e1"}},
			"pages/a/bad.md": {ID: ID{6}, Facts: validate.Facts{HasNUL: true, HasControl: true}},
			"pages/a-b/y.md": {Size: 3, ID: ID{7}},
		}, map[string]statTree{
			"": {ID: ID{9}, Files: 4}, "pages": {ID: ID{8}, Files: 3}, "pages/a": {ID: ID{7}, Files: 2},
			"pages/a-b": {ID: ID{3}, Files: 1},
		}
}

func sampleCacheFile(t testing.TB) []byte {
	entries, trees := sampleEntries()
	b, err := encodeStatCache("/dir", 1700000000123456789, ID{1, 2, 3}, entries, trees)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parseCache(dir string, b []byte) (*statCache, error) {
	c := &statCache{dir: dir}
	return c, c.parse(b)
}

// Ensure that the stat cache survives a round trip bit for bit, and that
// nothing but an intact cache of the same directory is accepted.
func TestStatCache_RoundTrip(t *testing.T) {
	b := sampleCacheFile(t)
	c, err := parseCache("/dir", b)
	if err != nil {
		t.Fatal(err)
	}
	entries, trees := sampleEntries()
	if c.scanStart != 1700000000123456789 || c.commit != (ID{1, 2, 3}) || !reflect.DeepEqual(c.entries(), entries) ||
		!reflect.DeepEqual(c.trees(), trees) {
		t.Fatalf("round trip changed the cache:\n got %+v %+v\nwant %+v %+v", c.entries(), c.trees(), entries, trees)
	}
	// Lookups in path order take the next record; others search.
	for _, p := range []string{"index.md", "pages/a/bad.md", "pages/a/x.md", "pages/a-b/y.md", "index.md"} {
		if i, ok := c.find(p); !ok || string(c.path(i)) != p {
			t.Errorf("find(%q) = %d, %v", p, i, ok)
		}
	}
	for _, p := range []string{"", "a", "pages/a", "zzz"} {
		if _, ok := c.find(p); ok {
			t.Errorf("find(%q) found a record", p)
		}
	}
	if _, err := parseCache("/other", b); err == nil {
		t.Fatal("a cache of another directory was accepted")
	}
	for _, n := range []int{0, 5, hdrSize, len(b) / 2, len(b) - 1} {
		if _, err := parseCache("/dir", b[:n]); err == nil {
			t.Errorf("cache truncated to %d bytes was accepted", n)
		}
	}
	if _, err := parseCache("/dir", append(slices.Clone(b), 0)); err == nil {
		t.Error("cache with a byte appended was accepted")
	}
	// The cache is not synced and is patched in place: what a power
	// failure or a cut-short patch may leave of it (zeroes, a damaged
	// block, one record of a patch) is refused, never trusted.
	for _, at := range []int{3, hCRC, hScan, hdrSize + rMtime, hdrSize + recSize + rID, len(b) / 2, len(b) - 10} {
		bad := slices.Clone(b)
		bad[at] ^= 0x20
		if _, err := parseCache("/dir", bad); err == nil {
			t.Errorf("cache damaged at byte %d was accepted", at)
		}
	}
	if _, err := parseCache("/dir", make([]byte, len(b))); err == nil {
		t.Error("a zero-filled cache was accepted")
	}
}

// cacheFiles writes the files whose content differs into dir and returns
// all of them as validation reports them, in path order.
func cacheFiles(t *testing.T, dir string, files map[string]string) []validate.File {
	t.Helper()
	var out []validate.File
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if old, err := os.ReadFile(full); err == nil && string(old) == content {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for p := range files {
		info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, validate.File{Path: p, Info: info})
	}
	slices.SortFunc(out, func(a, b validate.File) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// Ensure that saving patches the cache file in place when the same paths
// are published, replaces it when paths come or go, leaves it alone when
// nothing was read and no commit moved, and that what each save leaves
// reads back as exactly what was saved.
func TestStatCache_SaveInPlace(t *testing.T) {
	home, dir := t.TempDir(), t.TempDir()
	s := &Store{opts: Options{CacheDir: home}, log: slog.New(slog.DiscardHandler)}
	base := map[string]string{"index.md": "i", "summary.md": "s", "pages/a/x.md": "x", "pages/a/y.md": "y", "pages/b/z.md": "z"}
	files := cacheFiles(t, dir, base)
	idOf := func(f validate.File) ID { return ID{byte(f.Info.Size()), f.Path[0], f.Path[len(f.Path)-4]} }
	trees := func(files []validate.File, commit byte) map[string]statTree {
		out := map[string]statTree{}
		for _, f := range files {
			for d := path.Dir(f.Path); ; d = path.Dir(d) {
				if d == "." {
					d = ""
				}
				t := out[d]
				t.Files++
				t.ID = ID{commit, byte(len(d))}
				out[d] = t
				if d == "" {
					break
				}
			}
		}
		return out
	}
	// save runs one publication's save: files named in read were read (with
	// those facts), the others served from the cache.
	save := func(files []validate.File, read map[string]validate.Facts, commit byte) {
		t.Helper()
		c := s.loadStatCache(dir)
		defer c.close()
		b := &build{ids: make([]ID, len(files)), trees: trees(files, commit)}
		for i := range files {
			f := &files[i]
			if facts, ok := read[f.Path]; ok {
				f.Content, f.Facts = []byte("read"), facts
			} else if facts, ok := c.Lookup(f.Path, f.Info); ok {
				f.Content, f.Facts = nil, facts
			} else {
				t.Fatalf("%s: neither read nor cached", f.Path)
			}
			b.ids[i] = idOf(*f)
		}
		// A scan start after every write keeps the files from being racy.
		if err := c.save(ID{commit}, scanClock()+int64(time.Hour), files, b); err != nil {
			t.Fatal(err)
		}
	}
	check := func(files []validate.File, commit byte) {
		t.Helper()
		c := s.loadStatCache(dir)
		defer c.close()
		if c.b == nil {
			t.Fatal("saved cache does not load")
		}
		if c.commit != (ID{commit}) {
			t.Errorf("cache names commit %s, want %s", c.commit, ID{commit})
		}
		want := map[string]statEntry{}
		for _, f := range files {
			e, _ := statKey(f.Info)
			e.ID, e.Facts = idOf(f), f.Facts
			want[f.Path] = e
		}
		if got := c.entries(); !reflect.DeepEqual(got, want) {
			t.Errorf("cache entries:\n got %+v\nwant %+v", got, want)
		}
		if got := c.trees(); !reflect.DeepEqual(got, trees(files, commit)) {
			t.Errorf("cache trees:\n got %+v\nwant %+v", got, trees(files, commit))
		}
	}
	all := map[string]validate.Facts{}
	for _, f := range files {
		all[f.Path] = validate.Facts{ValidUTF8: true, Sources: []string{"s1"}}
	}
	save(files, all, 1)
	check(files, 1)
	c := s.loadStatCache(dir)
	file := c.file
	c.close()
	inode := func() uint64 {
		fi, err := os.Stat(file)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Sys().(*syscall.Stat_t).Ino
	}
	before, _ := os.ReadFile(file)
	ino := inode()

	// A publication that read nothing and moved no commit writes nothing.
	save(files, nil, 1)
	if after, _ := os.ReadFile(file); !slices.Equal(after, before) || inode() != ino {
		t.Fatal("an unchanged publication rewrote the cache")
	}
	// Edited files are patched in: facts that shrink stay in their slot,
	// facts that grow go to the end of the heap.
	for _, step := range []struct {
		edit  map[string]string
		facts map[string]validate.Facts
	}{
		{map[string]string{"pages/a/x.md": "x2"}, map[string]validate.Facts{"pages/a/x.md": {ValidUTF8: true}}},
		{map[string]string{"index.md": "i2", "pages/b/z.md": "zz"}, map[string]validate.Facts{
			"index.md":     {ValidUTF8: true, Links: []string{"pages/a/x.md", "pages/a/y.md", "pages/b/z.md"}},
			"pages/b/z.md": {HasNUL: true, BadSources: 3, GuardEpoch: "epoch-2", Sources: []string{"s1", "s2"}}}},
		{nil, map[string]validate.Facts{"summary.md": {ValidUTF8: true, GuardEpoch: "epoch-3"}}},
	} {
		edited := maps.Clone(base)
		maps.Copy(edited, step.edit)
		base = edited
		files = cacheFiles(t, dir, base)
		save(files, step.facts, 2+byte(len(step.edit)))
		check(files, 2+byte(len(step.edit)))
		if inode() != ino {
			t.Fatal("a publication of the same paths replaced the cache instead of patching it")
		}
	}
	// A new path replaces the file.
	base["pages/c/n.md"] = "n"
	files = cacheFiles(t, dir, base)
	save(files, map[string]validate.Facts{"pages/c/n.md": {ValidUTF8: true}}, 9)
	check(files, 9)
	if inode() == ino {
		t.Fatal("a publication with a new path patched the cache")
	}
}

// FuzzStatCache feeds arbitrary bytes to the cache parser, as they are and
// with their length and checksum made right (so mutations reach the
// record checks): it must never panic, and whatever it accepts must encode
// back to an equal cache.
func FuzzStatCache(f *testing.F) {
	f.Add(sampleCacheFile(f))
	f.Add([]byte(statCacheMagic))
	empty, _ := encodeStatCache("/dir", 0, ID{}, nil, nil)
	f.Add(empty)
	f.Fuzz(func(t *testing.T, b []byte) {
		fixed := slices.Clone(b)
		if len(fixed) >= hdrSize {
			le.PutUint32(fixed[hLen:], uint32(len(fixed)))
			le.PutUint32(fixed[hCRC:], statCacheSum(fixed))
		}
		for _, b := range [][]byte{b, fixed} {
			c, err := parseCache("/dir", b)
			if err != nil {
				continue
			}
			entries, trees := c.entries(), c.trees()
			for i := range c.n {
				c.find(string(c.path(i)))
			}
			enc, err := encodeStatCache("/dir", c.scanStart, c.commit, entries, trees)
			if err != nil {
				t.Fatal(err)
			}
			again, err := parseCache("/dir", enc)
			if err != nil {
				t.Fatalf("re-encoded cache does not parse: %v", err)
			}
			if !reflect.DeepEqual(again.entries(), entries) || !reflect.DeepEqual(again.trees(), trees) ||
				again.scanStart != c.scanStart || again.commit != c.commit {
				t.Fatalf("re-encoded cache differs")
			}
		}
	})
}

// Ensure that the scan clock never runs ahead of the timestamps the kernel
// gives files written after it: time.Now() does now and then, by up to a
// tick, which would let a file edited during a scan keep a stale entry.
func TestScanClock_NotAfterFileTimes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	for i := range 500 {
		start := scanClock()
		if err := os.WriteFile(p, []byte{byte(i)}, 0o644); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := statKey(fi)
		if k.Mtime < start || k.Ctime < start {
			t.Fatalf("write %d: file stamped %d/%d, before the scan clock's %d", i, k.Mtime, k.Ctime, start)
		}
	}
}
