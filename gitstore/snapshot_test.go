package gitstore

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// Ensure that a snapshot is a well-behaved fs.FS with the published bytes.
func TestSnapshot_FS(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, nil)
	res := mustPublish(t, s, dir, PublishOptions{})
	snap, err := s.Snapshot(t.Context(), res.Commit)
	if err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(snap, "summary.md", "index.md", "pages/notes/index.md", "pages/notes/a.md", "pages/notes/b.md"); err != nil {
		t.Fatal(err)
	}
	n := snap.Lookup("pages/notes/a.md")
	if n == nil {
		t.Fatal("Lookup found nothing")
	}
	want := gittest.Git(t, s.Path(), "show", "default:pages/notes/a.md")
	got, err := n.Content()
	if err != nil || string(got) != want {
		t.Fatalf("Content = %q, %v", got, err)
	}
	if sz, err := n.Size(); err != nil || sz != int64(len(want)) {
		t.Fatalf("Size = %d, %v", sz, err)
	}
	rep, err := s.Check(t.Context(), snap, validate.ModeRead)
	if err != nil || len(rep.Problems) != 0 {
		t.Fatalf("read-mode check of a published commit: %v %v", rep.Problems, err)
	}
}

// Ensure that revisions resolve the way git users expect.
func TestResolveAndLog(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	var commits []ID
	for _, page := range []string{"a", "b", "c"} {
		gittest.WriteArtifact(t, dir, []string{page}, nil)
		commits = append(commits, mustPublish(t, s, dir, PublishOptions{Message: "add " + page}).Commit)
	}
	cases := map[string]ID{
		"":                       commits[2],
		"HEAD":                   commits[2],
		"HEAD~1":                 commits[1],
		"HEAD^^":                 commits[0],
		commits[0].String():      commits[0],
		commits[1].String()[:10]: commits[1],
		"refs/heads/default~2":   commits[0],
	}
	for rev, want := range cases {
		got, err := s.Resolve(t.Context(), "default", rev)
		if err != nil || got != want {
			t.Errorf("Resolve(%q) = %s, %v; want %s", rev, got, err, want)
		}
	}
	for _, bad := range []string{"HEAD~9", "deadbeef00", "nope"} {
		if _, err := s.Resolve(t.Context(), "default", bad); !errors.Is(err, ErrUnknownRevision) {
			t.Errorf("Resolve(%q): got %v, want ErrUnknownRevision", bad, err)
		}
	}
	log, err := s.Log(t.Context(), commits[2], 0)
	if err != nil {
		t.Fatal(err)
	}
	var subjects []string
	for _, c := range log {
		subjects = append(subjects, c.Subject())
		if v, ok := c.ArtifactVersion(); !ok || v != "1" {
			t.Errorf("commit %s: artifact trailer %q", c.ID, v)
		}
	}
	if !slices.Equal(subjects, []string{"add c", "add b", "add a"}) {
		t.Fatalf("Log subjects %v", subjects)
	}
	if limited, _ := s.Log(t.Context(), commits[2], 2); len(limited) != 2 {
		t.Fatalf("Log limit 2 gave %d", len(limited))
	}
}

// Ensure that read-mode checks of commits made outside memfs catch a
// missing artifact trailer and a malformed tree with a duplicate name.
func TestCheck_ForeignCommits(t *testing.T) {
	s := newUncheckedStore(t, validate.Limits{})
	blob := strings.TrimSpace(gitStdin(t, s.Path(), "# x\n", "hash-object", "-w", "--stdin"))
	raw, _ := hex.DecodeString(blob)
	var tree bytes.Buffer
	for _, name := range []string{"index.md", "index.md", "summary.md"} {
		tree.WriteString("100644 " + name + "\x00")
		tree.Write(raw)
	}
	treeID := strings.TrimSpace(gitStdin(t, s.Path(), tree.String(), "hash-object", "-t", "tree", "-w", "--literally", "--stdin"))
	commit := strings.TrimSpace(gitStdin(t, s.Path(), "foreign commit\n", "commit-tree", treeID))
	id, _ := ParseID(commit)
	snap, err := s.Snapshot(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := s.Check(t.Context(), snap, validate.ModeRead)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, p := range rep.Errors() {
		codes = append(codes, p.Path+":"+p.Code)
	}
	slices.Sort(codes)
	want := []string{".:" + validate.CodeUnsupportedVersion, "index.md:" + validate.CodeDuplicatePath}
	if !slices.Equal(codes, want) {
		t.Fatalf("errors %v, want %v", codes, want)
	}
}

func gitStdin(t *testing.T, repo, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(cmd.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}
