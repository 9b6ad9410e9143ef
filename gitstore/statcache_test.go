package gitstore

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/memfs/memfs/validate"
)

func sampleCache() *statCache {
	return &statCache{
		ScanStart: 1700000000123456789,
		Commit:    ID{1, 2, 3},
		Trees:     map[string]ID{"": {9}, "pages": {8}, "pages/a": {7}},
		Entries: map[string]statEntry{
			"index.md": {Size: 10, Mtime: 5, Ctime: 6, Ino: 7, Dev: 8, ID: ID{4},
				Facts: validate.Facts{ValidUTF8: true, Links: []string{"pages/a/index.md"}}},
			"pages/a/x.md": {Size: 1 << 40, Mtime: -1, Ctime: 3, Ino: 1 << 62, Dev: 2, ID: ID{5},
				Facts: validate.Facts{ValidUTF8: true, HasSourcesSection: true, Sources: []string{"s1", "s2"},
					BadSources: 2, GuardEpoch: "e1"}},
			"pages/a/bad.md": {ID: ID{6}, Facts: validate.Facts{HasNUL: true}},
		},
	}
}

// Ensure that the stat cache survives a round trip bit for bit.
func TestStatCache_RoundTrip(t *testing.T) {
	c := sampleCache()
	var got statCache
	if err := got.decode("/dir", c.encode("/dir")); err != nil {
		t.Fatal(err)
	}
	if got.ScanStart != c.ScanStart || got.Commit != c.Commit || !reflect.DeepEqual(got.Trees, c.Trees) ||
		!reflect.DeepEqual(got.Entries, c.Entries) {
		t.Fatalf("round trip changed the cache:\n got %+v\nwant %+v", got, *c)
	}
	if err := got.decode("/other", c.encode("/dir")); err == nil {
		t.Fatal("a cache of another directory was accepted")
	}
	b := c.encode("/dir")
	for _, n := range []int{0, 5, len(b) / 2, len(b) - 1} {
		if err := new(statCache).decode("/dir", b[:n]); err == nil {
			t.Errorf("cache truncated to %d bytes was accepted", n)
		}
	}
	// The cache is not synced: what a power failure may leave of it
	// (zeroes, a damaged block) is refused, never trusted.
	for _, at := range []int{len(statCacheMagic) + 3, len(b) / 2, len(b) - 10} {
		bad := slices.Clone(b)
		bad[at] ^= 0x20
		if err := new(statCache).decode("/dir", bad); err == nil {
			t.Errorf("cache damaged at byte %d was accepted", at)
		}
	}
	if err := new(statCache).decode("/dir", make([]byte, len(b))); err == nil {
		t.Error("a zero-filled cache was accepted")
	}
}

// FuzzStatCache feeds arbitrary bytes to the cache decoder: it must never
// panic, and whatever it accepts must encode back to an equal cache.
func FuzzStatCache(f *testing.F) {
	f.Add(sampleCache().encode("/dir"))
	f.Add([]byte(statCacheMagic))
	f.Add([]byte("memfs-statcache-3\n\x04/dir\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var c statCache
		if err := c.decode("/dir", b); err != nil {
			return
		}
		var again statCache
		if err := again.decode("/dir", c.encode("/dir")); err != nil {
			t.Fatalf("re-encoded cache does not decode: %v", err)
		}
		if !reflect.DeepEqual(again.Entries, c.Entries) || !reflect.DeepEqual(again.Trees, c.Trees) {
			t.Fatalf("re-encoded cache differs")
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
