package gitstore

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

func blobIDs(t *testing.T, s *Store, commit ID) []ID {
	t.Helper()
	snap, err := s.Snapshot(t.Context(), commit)
	if err != nil {
		t.Fatal(err)
	}
	var ids []ID
	if err := snap.Walk(func(n *Node) error {
		ids = append(ids, n.ID)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ids
}

// checkReader compares what a BlobReader reads, one blob at a time and
// through a batch, with stock git's view.
func checkReader(t *testing.T, s *Store, r *BlobReader, ids []ID) {
	t.Helper()
	batch, err := r.Batch()
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 512)
	for _, id := range ids {
		want := gittest.Git(t, s.Path(), "cat-file", "blob", id.String())
		got, err := batch.ReadTo(id, buf)
		if err != nil || !bytes.Equal(got, []byte(want)) {
			t.Fatalf("batch ReadTo(%s) = %q, %v; want %q", id, got, err, want)
		}
		if n, err := batch.Size(id); err != nil || n != int64(len(want)) {
			t.Fatalf("batch Size(%s) = %d, %v; want %d", id, n, err, len(want))
		}
	}
	for _, id := range ids {
		want := gittest.Git(t, s.Path(), "cat-file", "blob", id.String())
		got, err := r.Read(id)
		if err != nil {
			t.Fatalf("Read(%s): %v", id, err)
		}
		if !bytes.Equal(got, []byte(want)) {
			t.Fatalf("Read(%s) = %q, want %q", id, got, want)
		}
		s.blobs.drop()
		n, err := r.Size(id)
		if err != nil || n != int64(len(want)) {
			t.Fatalf("Size(%s) = %d, %v; want %d", id, n, err, len(want))
		}
	}
}

// Ensure that the BlobReader reads blobs from memfs's packs, from loose
// objects, and (through go-git) from packs stock git made with deltas,
// also after the packs it opened were replaced.
func TestBlobReader_PacksLooseAndDeltas(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	dir := t.TempDir()
	var pages []string
	extra := map[string]string{}
	for i := range 20 {
		p := fmt.Sprintf("p%02d", i)
		pages = append(pages, p)
		extra["pages/notes/"+p+".md"] = fmt.Sprintf("# %s\n\n%s\n\n## Sources\n\n- session:s1\n", p, strings.Repeat("shared text for deltas ", 200)+p)
	}
	gittest.WriteArtifact(t, dir, pages, extra)
	first := mustPublish(t, s, dir, PublishOptions{}).Commit
	gittest.WriteArtifact(t, dir, pages, map[string]string{"summary.md": "# Summary\n\nChanged: one loose blob.\n"})
	second := mustPublish(t, s, dir, PublishOptions{}).Commit

	r := s.NewBlobReader()
	defer r.Close()
	ids := append(blobIDs(t, s, first), blobIDs(t, s, second)...)
	checkReader(t, s, r, ids)

	gittest.Git(t, s.Path(), "gc", "--aggressive", "--prune=now", "-q")
	if out := gittest.Git(t, s.Path(), "count-objects", "-v"); !strings.Contains(out, "count: 0") {
		t.Fatalf("git gc left loose objects:\n%s", out)
	}
	s.blobs.drop()
	checkReader(t, s, r, ids)
	fresh := s.NewBlobReader()
	defer fresh.Close()
	checkReader(t, s, fresh, ids)
}

// Ensure that parallel reads and a prefetch agree with ReadBlob.
func TestBlobReader_ParallelAndPrefetch(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	dir := t.TempDir()
	var pages []string
	for i := range 40 {
		pages = append(pages, fmt.Sprintf("p%02d", i))
	}
	gittest.WriteArtifact(t, dir, pages, nil)
	ids := blobIDs(t, s, mustPublish(t, s, dir, PublishOptions{}).Commit)
	r := s.NewBlobReader()
	defer r.Close()
	if err := r.Prefetch(t.Context(), ids, 4); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if _, ok := s.blobs.get(id); !ok {
			t.Errorf("blob %s not prefetched", id)
		}
	}
	s.blobs.drop()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, id := range ids {
				got, err := r.Read(id)
				if err != nil {
					t.Error(err)
					return
				}
				want, err := s.ReadBlob(id)
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("Read(%s) disagrees with ReadBlob: %v", id, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// Ensure that WatchRefs reports a branch moved by memfs and one moved by
// stock git, and closes its channel when the context ends.
func TestWatchRefs(t *testing.T) {
	s := newTestStore(t, validate.DefaultLimits())
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	first := mustPublish(t, s, dir, PublishOptions{}).Commit
	ctx, cancel := context.WithCancel(t.Context())
	// A poll interval longer than the test: only inotify can report.
	refs := s.WatchRefs(ctx, time.Hour)
	wait := func(what string) {
		t.Helper()
		select {
		case <-refs:
		case <-time.After(10 * time.Second):
			t.Fatalf("no report after %s", what)
		}
	}
	drain := func() {
		for {
			select {
			case <-refs:
			default:
				return
			}
		}
	}
	drain()
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, nil)
	mustPublish(t, s, dir, PublishOptions{})
	wait("a publish")
	drain()
	gittest.Git(t, s.Path(), "update-ref", "refs/heads/other", first.String())
	wait("git update-ref")
	drain()
	gittest.Git(t, s.Path(), "pack-refs", "--all")
	wait("git pack-refs")
	cancel()
	for range refs {
	}
}

// Ensure that a BlobReader never reads from a pack that left the
// repository (a purge), although it still holds the pack's file open.
func TestBlobReader_RemovedPackIsNotRead(t *testing.T) {
	s := newUncheckedStore(t, validate.DefaultLimits())
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a", "b", "c", "d"}, nil)
	ids := blobIDs(t, s, mustPublish(t, s, dir, PublishOptions{}).Commit)
	r := s.NewBlobReader()
	defer r.Close()
	if _, err := r.Read(ids[0]); err != nil {
		t.Fatal(err)
	}
	packs, _ := filepath.Glob(filepath.Join(s.Path(), "objects", "pack", "pack-*"))
	if len(packs) == 0 {
		t.Fatal("the publication wrote no pack")
	}
	for _, p := range packs {
		if err := os.Rename(p, filepath.Join(t.TempDir(), filepath.Base(p))); err != nil {
			t.Fatal(err)
		}
	}
	s.blobs.drop()
	if b, err := r.Read(ids[0]); err == nil {
		t.Fatalf("read %q from a pack that was removed", b)
	}
	if _, err := r.Size(ids[0]); err == nil {
		t.Fatal("sized an object of a pack that was removed")
	}
}
