package objfile

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/fsutil"
)

// benchPages returns n pages of about size bytes each, drawn from a small
// vocabulary, like a memory wiki's (and the mount benchmark's) pages.
func benchPages(n, size int) []Object {
	words := strings.Fields("memory agent session project decision preference build test deploy config database schema cache index page area source review approve reject dream summary context transcript checkpoint evidence redact forget marker revision scope branch commit tree blob mount kernel inode latency")
	r := rand.New(rand.NewPCG(1, 2))
	objs := make([]Object, n)
	for i := range objs {
		var b strings.Builder
		fmt.Fprintf(&b, "# page %d\n\n", i)
		for b.Len() < size {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(" \n"[r.IntN(12)/11])
		}
		objs[i] = object(Blob, b.String())
	}
	return objs
}

// benchEntries returns raw pack entries of blobs: those of the pack named
// by MEMFS_BENCH_PACK (a path without .pack), else of generated pages.
func benchEntries(b *testing.B) []Entry {
	if base := os.Getenv("MEMFS_BENCH_PACK"); base != "" {
		entries, err := ReadPackEntries(base)
		if err != nil {
			b.Fatal(err)
		}
		blobs := entries[:0]
		for _, e := range entries {
			if Type((e.Raw[0]>>4)&7) == Blob {
				blobs = append(blobs, e)
			}
		}
		return blobs
	}
	entries, err := Deflate(benchPages(2000, 4000))
	if err != nil {
		b.Fatal(err)
	}
	return entries
}

// BenchmarkInflateEntries inflates blob entries already in memory: the
// decompression cost alone, per byte of content.
func BenchmarkInflateEntries(b *testing.B) {
	entries := benchEntries(b)
	var total int64
	for _, e := range entries {
		_, size, _, _ := ParseEntryHeader(e.Raw)
		total += size
	}
	buf := make([]byte, 0, 1<<20)
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		for _, e := range entries {
			typ, size, n, err := ParseEntryHeader(e.Raw)
			if err != nil || typ != Blob {
				b.Fatal(err)
			}
			if _, err := inflateBytes(e.Raw[n:], size, buf); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(entries)), "ns/blob")
}

// BenchmarkReadBlobs reads every blob of a pack through a Reader, the
// mount's path: a positioned read of the entry, then its inflation.
func BenchmarkReadBlobs(b *testing.B) {
	objDir := b.TempDir()
	var ids []ID
	if base := os.Getenv("MEMFS_BENCH_PACK"); base != "" {
		objDir = filepath.Dir(filepath.Dir(base))
		for _, e := range benchEntries(b) {
			ids = append(ids, e.ID)
		}
	} else {
		objs := benchPages(2000, 4000)
		if _, err := WritePack(filepath.Join(objDir), objs, fsutil.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
		for _, o := range objs {
			ids = append(ids, o.ID)
		}
	}
	r := NewReader(objDir)
	defer r.Close()
	batch, err := r.Batch()
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 1<<20)
	var total int64
	for _, id := range ids {
		c, err := batch.ReadBlob(id, buf)
		if err != nil {
			b.Fatal(err)
		}
		total += int64(len(c))
	}
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		for _, id := range ids {
			if _, err := batch.ReadBlob(id, buf); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ids)), "ns/blob")
}
