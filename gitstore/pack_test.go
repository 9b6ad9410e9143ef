package gitstore

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// Ensure that publications are written as packs stock git reads, that
// small packs are merged before they pile up, and that a Store opened
// before the merge (another process, say) still reads every commit.
func TestPacks_WrittenMergedAndReadable(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	reader, err := Open(t.Context(), s.opts)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	dir := t.TempDir()
	var commits []ID
	for i := range 3 * maxSmallPacks {
		gittest.WriteArtifact(t, dir, []string{"a", "b", "c"}, map[string]string{
			"pages/notes/a.md":    fmt.Sprintf("# A\n\nversion %d\n\n## Sources\n\n- session:s1\n", i),
			"pages/more/index.md": fmt.Sprintf("# More %d\n", i),
			"pages/more/x.md":     fmt.Sprintf("# X\n\nversion %d\n\n## Sources\n\n- session:s1\n", i),
		})
		commits = append(commits, mustPublish(t, s, dir, PublishOptions{}).Commit)
		// The reader loads its pack list now and goes stale afterwards.
		if _, err := reader.Snapshot(t.Context(), commits[len(commits)-1]); err != nil {
			t.Fatalf("reader snapshot %d: %v", i, err)
		}
	}
	packs, _ := filepath.Glob(filepath.Join(s.Path(), "objects/pack/pack-*.pack"))
	if len(packs) == 0 || len(packs) > maxSmallPacks+1 {
		t.Fatalf("%d packs after %d publications; merging should keep at most %d", len(packs), len(commits), maxSmallPacks+1)
	}
	for i, c := range commits {
		want := fmt.Sprintf("version %d", i)
		if got := gittest.Git(t, s.Path(), "show", c.String()+":pages/more/x.md"); !strings.Contains(got, want) {
			t.Fatalf("git show of commit %d lacks %q", i, want)
		}
		snap, err := reader.Snapshot(t.Context(), c)
		if err != nil {
			t.Fatalf("stale reader, commit %d: %v", i, err)
		}
		b, err := snap.ReadFile("pages/notes/a.md")
		if err != nil || !strings.Contains(string(b), want) {
			t.Fatalf("stale reader read %q, %v", b, err)
		}
	}
	gittest.Git(t, s.Path(), "verify-pack", strings.TrimSuffix(packs[0], ".pack")+".idx")
}

// Ensure that packs git wrote with deltas are left alone by merging.
func TestPacks_GitRepackedStoreStillWorks(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	for i := range 3 {
		gittest.WriteArtifact(t, dir, []string{"a"}, map[string]string{
			"pages/notes/a.md": fmt.Sprintf("# A\n\n%s version %d\n\n## Sources\n\n- session:s1\n", strings.Repeat("long shared text ", 50), i),
		})
		mustPublish(t, s, dir, PublishOptions{})
	}
	gittest.Git(t, s.Path(), "repack", "-a", "-d", "-f")
	gitPacks, _ := filepath.Glob(filepath.Join(s.Path(), "objects/pack/pack-*.pack"))
	if len(gitPacks) != 1 {
		t.Fatalf("git repack left %d packs", len(gitPacks))
	}
	a := fmt.Sprintf("# A\n\n%s version 2\n\n## Sources\n\n- session:s1\n", strings.Repeat("long shared text ", 50))
	for i := range 2 * maxSmallPacks {
		gittest.WriteArtifact(t, dir, []string{"a", "b"}, map[string]string{
			"pages/notes/a.md": a,
			"pages/notes/b.md": fmt.Sprintf("# B\n\nv%d\n\n## Sources\n\n- session:s1\n", i),
		})
		mustPublish(t, s, dir, PublishOptions{})
	}
	h := head(t, s, "default")
	snap, err := s.Snapshot(t.Context(), h)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := snap.ReadFile("pages/notes/a.md"); err != nil || !strings.Contains(string(b), "version 2") {
		t.Fatalf("read after git repack: %q %v", b, err)
	}
	// git's delta pack is left alone by merging.
	if _, err := os.Stat(gitPacks[0]); err != nil {
		t.Fatalf("the pack git wrote was merged away: %v", err)
	}
}

// Ensure that merging picks the smallest packs, and a larger pack only
// once the smaller ones add up to its size: a big merged pack is not
// copied again for every few new ones.
func TestMergeSet(t *testing.T) {
	for _, tc := range []struct {
		sizes []int64
		want  []string
	}{
		{[]int64{5, 1, 1, 1, 1, 1, 1, 1, 1}, []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p0"}},
		{[]int64{1000, 1, 1, 1, 1, 1, 1, 1, 1}, []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"}},
		{[]int64{1, 10, 100, 1000, 10000, 1e5, 1e6, 2e6, 4e6}, []string{"p0", "p1"}},
		{[]int64{3, 2, 1}, []string{"p2", "p1", "p0"}},
	} {
		var small []smallPack
		for i, n := range tc.sizes {
			small = append(small, smallPack{base: fmt.Sprintf("p%d", i), size: n})
		}
		if got := mergeSet(small); !slices.Equal(got, tc.want) {
			t.Errorf("mergeSet(%v) = %v, want %v", tc.sizes, got, tc.want)
		}
	}
}
