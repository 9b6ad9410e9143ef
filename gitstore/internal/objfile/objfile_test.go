package objfile

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/fsutil"
)

func object(typ Type, content string) Object {
	return Object{ID: sha1.Sum([]byte(fmt.Sprintf("%s %d\x00%s", typ, len(content), content))), Type: typ, Content: []byte(content)}
}

// Ensure that a written pack is found through its index, read by the
// fast reader, and split back into the same entries.
func TestPackRoundTrip(t *testing.T) {
	objDir := t.TempDir()
	objs := []Object{
		object(Blob, "hello\n"),
		object(Blob, strings.Repeat("large blob ", 5000)),
		object(Blob, ""),
		object(Commit, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n\nmsg\n"),
	}
	base, err := WritePack(objDir, objs, fsutil.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	idx, err := ReadIndex(base + ".idx")
	if err != nil {
		t.Fatal(err)
	}
	if idx.Len() != len(objs) {
		t.Fatalf("index holds %d objects, want %d", idx.Len(), len(objs))
	}
	r := NewReader(objDir)
	defer r.Close()
	for _, o := range objs {
		if _, ok := idx.Find(o.ID); !ok {
			t.Fatalf("index lacks %x", o.ID)
		}
		typ, b, err := r.ReadAny(o.ID)
		if err != nil || typ != o.Type || !bytes.Equal(b, o.Content) {
			t.Fatalf("ReadAny(%x) = %v, %d bytes, %v", o.ID, typ, len(b), err)
		}
		b, err = r.ReadBlob(o.ID, nil)
		switch {
		case o.Type == Blob && (err != nil || !bytes.Equal(b, o.Content)):
			t.Fatalf("ReadBlob(%x): %d bytes, %v", o.ID, len(b), err)
		case o.Type != Blob && !errors.Is(err, ErrSlowPath):
			t.Fatalf("ReadBlob of a %v: %v, want ErrSlowPath", o.Type, err)
		}
		if n, err := r.BlobSize(o.ID); o.Type == Blob && (err != nil || n != int64(len(o.Content))) {
			t.Fatalf("BlobSize(%x) = %d, %v", o.ID, n, err)
		}
	}
	if _, _, err := r.ReadAny(object(Blob, "absent").ID); !errors.Is(err, ErrSlowPath) {
		t.Fatalf("reading an absent object: %v, want ErrSlowPath", err)
	}
	entries, err := ReadPackEntries(base)
	if err != nil || len(entries) != len(objs) {
		t.Fatalf("ReadPackEntries: %d entries, %v", len(entries), err)
	}
	for _, e := range entries {
		if _, _, err := InflateEntry(e.Raw); err != nil {
			t.Fatalf("entry %x: %v", e.ID, err)
		}
	}
	if n, err := PackObjectCount(base + ".pack"); err != nil || n != len(objs) {
		t.Fatalf("PackObjectCount = %d, %v", n, err)
	}
}

// Ensure that blobs read and sized through a batch, which looked at the
// packs once, match what was written: the first and last entries of a pack, a
// blob larger than the reuse buffer, a non-blob and an absent object.
func TestBatchReads(t *testing.T) {
	objDir := t.TempDir()
	objs := []Object{
		object(Blob, "first\n"),
		object(Commit, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n\nmsg\n"),
		object(Blob, strings.Repeat("large blob ", 9000)),
		object(Blob, ""),
		object(Blob, "last\n"),
	}
	if _, err := WritePack(objDir, objs, fsutil.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	ids := []ID{}
	for _, o := range objs {
		ids = append(ids, o.ID)
	}
	ids = append(ids, object(Blob, "absent").ID)
	r := NewReader(objDir)
	defer r.Close()
	want := func(i int) (string, error) {
		if i == len(objs) || objs[i].Type != Blob {
			return "", ErrSlowPath
		}
		return string(objs[i].Content), nil
	}
	batch, err := r.Batch()
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, 0, 64)
	for i, id := range ids {
		content, wantErr := want(i)
		b, err := batch.ReadBlob(id, dst)
		if !errors.Is(err, wantErr) || (err == nil && string(b) != content) {
			t.Errorf("ReadBlob #%d: %d bytes, %v; want %d bytes, %v", i, len(b), err, len(content), wantErr)
		}
		n, err := batch.BlobSize(id)
		if !errors.Is(err, wantErr) || (err == nil && n != int64(len(content))) {
			t.Errorf("BlobSize #%d: %d, %v; want %d, %v", i, n, err, len(content), wantErr)
		}
	}
}

// Ensure that loose objects are written once, read back and listed.
func TestLooseRoundTrip(t *testing.T) {
	objDir := t.TempDir()
	zw, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	o := object(Tree, "")
	for range 2 {
		if err := WriteLoose(objDir, zw, o.ID, o.Type, o.Content); err != nil {
			t.Fatal(err)
		}
	}
	if !HasLoose(objDir, o.ID) {
		t.Fatal("HasLoose is false after WriteLoose")
	}
	typ, b, err := ReadLoose(LoosePath(objDir, o.ID))
	if err != nil || typ != Tree || len(b) != 0 {
		t.Fatalf("ReadLoose = %v, %q, %v", typ, b, err)
	}
	files := LooseFiles(objDir)
	if len(files) != 1 || !files[0].OK || files[0].ID != o.ID || filepath.Dir(files[0].Path) != LooseDirs(objDir)[0] {
		t.Fatalf("LooseFiles = %+v", files)
	}
}

// Ensure that entry headers round-trip for sizes across byte boundaries.
func TestEntryHeader(t *testing.T) {
	for _, size := range []int{0, 15, 16, 2047, 2048, 1 << 20, 1<<31 + 5} {
		typ, got, n, err := ParseEntryHeader(EntryHeader(Blob, size))
		if err != nil || typ != Blob || got != int64(size) || n != len(EntryHeader(Blob, size)) {
			t.Errorf("size %d: got %v %d %d %v", size, typ, got, n, err)
		}
	}
}
