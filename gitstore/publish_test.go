package gitstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// Ensure that a publication is a commit stock git reads, with the trailers
// and the exact file contents.
func TestPublish_ReadableByGit(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"editor", "shell"}, nil)
	res := mustPublish(t, s, dir, PublishOptions{Message: "first memory", Sources: []string{"s1"}})
	if res.Unchanged || !res.Parent.IsZero() {
		t.Fatalf("first publish: unchanged=%v parent=%s", res.Unchanged, res.Parent)
	}
	if got := gittest.Git(t, s.Path(), "rev-parse", "refs/heads/default"); strings.TrimSpace(got) != res.Commit.String() {
		t.Fatalf("branch points at %s, publish returned %s", got, res.Commit)
	}
	msg := gittest.Git(t, s.Path(), "log", "-1", "--format=%B", "default")
	for _, want := range []string{"first memory", "Memfs-Artifact: 1", "Memfs-Sources: s1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("commit message lacks %q:\n%s", want, msg)
		}
	}
	trailers := gittest.Git(t, s.Path(), "log", "-1", "--format=%(trailers:key=Memfs-Artifact,valueonly)", "default")
	if strings.TrimSpace(trailers) != "1" {
		t.Errorf("git interpret-trailers sees Memfs-Artifact=%q", trailers)
	}
	for _, p := range []string{"summary.md", "index.md", "pages/notes/index.md", "pages/notes/editor.md"} {
		want, _ := os.ReadFile(filepath.Join(dir, p))
		if got := gittest.Git(t, s.Path(), "show", "default:"+p); got != string(want) {
			t.Errorf("git show default:%s differs from the published file", p)
		}
	}
	ls := gittest.Git(t, s.Path(), "ls-tree", "-r", "--name-only", "default")
	if got := strings.Fields(ls); !slices.Equal(got, []string{"index.md", "pages/notes/editor.md", "pages/notes/index.md", "pages/notes/shell.md", "summary.md"}) {
		t.Errorf("tree holds %v", got)
	}
}

// Ensure that every rejected publication leaves the head where it was and
// reports the problems.
func TestPublish_RejectionChangesNothing(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	good := t.TempDir()
	gittest.WriteArtifact(t, good, []string{"a"}, nil)
	first := mustPublish(t, s, good, PublishOptions{})

	cases := []struct {
		name  string
		extra map[string]string
		opts  PublishOptions
		code  string
	}{
		{"stray root file", map[string]string{"notes.md": "x\n"}, PublishOptions{}, validate.CodeInvalidPath},
		{"page without sources", map[string]string{"pages/notes/bare.md": "# Bare\n"}, PublishOptions{}, validate.CodeMissingSources},
		{"citation outside allow-list", map[string]string{"pages/notes/new.md": "# N\n\n## Sources\n\n- session:s9\n"},
			PublishOptions{Sources: []string{"s2"}}, validate.CodeUnknownSource},
		{"invalid utf-8", map[string]string{"pages/notes/bin.md": "\xff\xfe\n## Sources\n- session:s1\n"}, PublishOptions{}, validate.CodeInvalidEncoding},
		{"terminal escape", map[string]string{"pages/notes/esc.md": "# E\x1b[2J\n## Sources\n- session:s1\n"}, PublishOptions{}, validate.CodeInvalidEncoding},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			gittest.WriteArtifact(t, dir, []string{"a"}, tc.extra)
			tc.opts.Scope = "default"
			res, err := s.Publish(t.Context(), dir, tc.opts)
			if !errors.Is(err, validate.ErrRejected) {
				t.Fatalf("Publish: got %v, want a rejection", err)
			}
			var verr *validate.Error
			if !errors.As(err, &verr) || !slices.ContainsFunc(verr.Problems, func(p validate.Problem) bool { return p.Code == tc.code }) {
				t.Fatalf("rejection %v lacks code %s", err, tc.code)
			}
			if res == nil || res.Report.OK() {
				t.Fatalf("result report missing or OK")
			}
			if h := head(t, s, "default"); h != first.Commit {
				t.Fatalf("head moved to %s after a rejection", h)
			}
		})
	}
	// Sessions already cited at the head stay citable under an allow-list.
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, map[string]string{"pages/notes/c.md": "# C\n\n## Sources\n\n- session:s2\n"})
	mustPublish(t, s, dir, PublishOptions{Sources: []string{"s2"}})
}

// Ensure that re-publishing an unchanged directory makes no commit, and a
// change touches only what changed, reusing unchanged subtrees.
func TestPublish_IncrementalAndUnchanged(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, map[string]string{
		"pages/other/index.md": "# Other\n",
		"pages/other/x.md":     "# X\n\n## Sources\n\n- session:s1\n",
	})
	first := mustPublish(t, s, dir, PublishOptions{})
	again := mustPublish(t, s, dir, PublishOptions{})
	if !again.Unchanged || again.Commit != first.Commit {
		t.Fatalf("unchanged publish made commit %s (unchanged=%v)", again.Commit, again.Unchanged)
	}
	// The stat cache must not hide an edit that keeps the size.
	p := filepath.Join(dir, "pages/notes/a.md")
	old, _ := os.ReadFile(p)
	edited := strings.Replace(string(old), "A fact", "B fact", 1)
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "pages/notes/b.md")); err != nil {
		t.Fatal(err)
	}
	second := mustPublish(t, s, dir, PublishOptions{})
	if second.Parent != first.Commit {
		t.Fatalf("parent %s, want %s", second.Parent, first.Commit)
	}
	want := []Change{
		{Path: "pages/notes/a.md", Kind: Modified},
		{Path: "pages/notes/b.md", Kind: Deleted},
	}
	if len(second.Changes) != len(want) {
		t.Fatalf("changes %+v", second.Changes)
	}
	for i, c := range second.Changes {
		if c.Path != want[i].Path || c.Kind != want[i].Kind {
			t.Errorf("change %d = %s %s, want %s %s", i, c.Kind, c.Path, want[i].Kind, want[i].Path)
		}
	}
	if got := gittest.Git(t, s.Path(), "show", "default:pages/notes/a.md"); got != edited {
		t.Errorf("store has stale content for an edited file")
	}
	// The untouched area keeps its tree object.
	a := strings.TrimSpace(gittest.Git(t, s.Path(), "rev-parse", first.Commit.String()+":pages/other"))
	b := strings.TrimSpace(gittest.Git(t, s.Path(), "rev-parse", "default:pages/other"))
	if a != b {
		t.Errorf("unchanged subtree was rewritten: %s → %s", a, b)
	}
}

// Ensure that a cached stat entry is not trusted when the file was written
// within the same timestamp as the scan that cached it (racy git).
func TestPublish_RacyEntryIsReread(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	mustPublish(t, s, dir, PublishOptions{})
	p := filepath.Join(dir, "pages/notes/a.md")
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	// Same size, same mtime as before: only a racy-aware cache notices.
	content, _ := os.ReadFile(p)
	content[2] ^= 0x20
	if err := os.WriteFile(p, content, 0o644); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Hour)
	if err := os.Chtimes(p, future, fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	mustPublish(t, s, dir, PublishOptions{})
	if got := gittest.Git(t, s.Path(), "show", "default:pages/notes/a.md"); got != string(content) {
		t.Fatalf("publish kept the stale blob of a rewritten file")
	}
}

// Ensure that a compare-and-swap publication fails when the head moved.
func TestPublish_ExpectedHead(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	var zero ID
	first := mustPublish(t, s, dir, PublishOptions{ExpectedHead: &zero})
	gittest.WriteArtifact(t, dir, []string{"b"}, nil)
	_, err := s.Publish(t.Context(), dir, PublishOptions{Scope: "default", ExpectedHead: &zero})
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("stale expected head: got %v, want ErrConflict", err)
	}
	mustPublish(t, s, dir, PublishOptions{ExpectedHead: &first.Commit})
}

// Ensure that scopes are separate branches and names are checked.
func TestPublish_Scopes(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	mustPublish(t, s, dir, PublishOptions{Scope: "proj-1"})
	mustPublish(t, s, dir, PublishOptions{Scope: "proj_2"})
	got, err := s.Scopes(t.Context())
	if err != nil || !slices.Equal(got, []string{"proj-1", "proj_2"}) {
		t.Fatalf("Scopes = %v, %v", got, err)
	}
	for _, bad := range []string{"", "Upper", "-lead", "a/b", "..", strings.Repeat("a", 65)} {
		if _, err := s.Publish(t.Context(), dir, PublishOptions{Scope: bad}); !errors.Is(err, ErrInvalidScope) {
			t.Errorf("scope %q: got %v, want ErrInvalidScope", bad, err)
		}
	}
	if _, err := s.Head(t.Context(), "missing"); !errors.Is(err, ErrNoScope) {
		t.Errorf("Head of a missing scope: %v", err)
	}
}

// Ensure that a lock left by another git process is respected.
func TestPublish_RefLockRespected(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	first := mustPublish(t, s, dir, PublishOptions{})
	lock := filepath.Join(s.Path(), "refs/heads/default.lock")
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gittest.WriteArtifact(t, dir, []string{"b"}, nil)
	if _, err := s.Publish(t.Context(), dir, PublishOptions{Scope: "default"}); !errors.Is(err, ErrRefLocked) {
		t.Fatalf("got %v, want ErrRefLocked", err)
	}
	if h := head(t, s, "default"); h != first.Commit {
		t.Fatalf("head moved despite a ref lock")
	}
	os.Remove(lock)
	mustPublish(t, s, dir, PublishOptions{})
}

// Ensure that what a killed publisher leaves behind (a half-written ref
// value in the private temporary folder) neither blocks the next
// publication nor shows up as a ref, and that no ref update ever leaves a
// file beside the refs.
func TestPublish_CrashLeftovers(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	mustPublish(t, s, dir, PublishOptions{})
	tmp := filepath.Join(s.Path(), tmpDirName)
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "ref-123"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	gittest.WriteArtifact(t, dir, []string{"b"}, nil)
	mustPublish(t, s, dir, PublishOptions{})
	if scopes, err := s.Scopes(t.Context()); err != nil || len(scopes) != 1 {
		t.Fatalf("Scopes = %v, %v", scopes, err)
	}
	if _, err := os.Stat(filepath.Join(tmp, "ref-123")); !os.IsNotExist(err) {
		t.Errorf("a stale temporary file survived the next locked operation: %v", err)
	}
	err := filepath.WalkDir(filepath.Join(s.Path(), "refs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lock") {
			t.Errorf("lock file left under refs: %s", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Ensure that a stat cache damaged where a power failure or a cut-short
// patch could damage it is never trusted, while the same cache intact is
// used: the refusal is the checksum's doing.
func TestPublish_DamagedCacheNeverTrusted(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, nil)
	mustPublish(t, s, dir, PublishOptions{})
	abs, _ := filepath.Abs(dir)
	// forge rewrites the cache as a later scan would have left it (so no
	// entry is racy), naming b's blob for a; sum says whether the checksum
	// is made to match.
	forge := func(sum bool) {
		c := s.loadStatCache(abs)
		defer c.close()
		if c.b == nil {
			t.Fatal("no cache after a publication")
		}
		ia, _ := c.find("pages/notes/a.md")
		ib, _ := c.find("pages/notes/b.md")
		c.scanStart = scanClock() + int64(time.Hour)
		c.putHeader()
		copy(c.rec(ia)[rID:], c.rec(ib)[rID:])
		if sum {
			c.putHeader()
		}
		if err := os.WriteFile(c.file, c.b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := os.ReadFile(filepath.Join(dir, "pages/notes/a.md"))
	for i, sum := range []bool{false, true} {
		forge(sum)
		gittest.WriteArtifact(t, dir, nil, map[string]string{"summary.md": fmt.Sprintf("# Summary %d\n", i)})
		mustPublish(t, s, dir, PublishOptions{})
		got := gittest.Git(t, s.Path(), "show", "default:pages/notes/a.md")
		if !sum && got != string(want) {
			t.Fatal("a cache failing its checksum was trusted")
		}
		if sum && got == string(want) {
			t.Fatal("an intact cache was not used; the test proves nothing")
		}
	}
}

// Ensure that a commit message holding a terminal control (an escape
// sequence, a C1 CSI, DEL) is refused as invalid_encoding, naming the
// offset and not the message, and the head does not move; tab, CR and LF
// pass.
func TestPublish_MessageControlCharacters(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	first := mustPublish(t, s, dir, PublishOptions{})
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, nil)
	for _, msg := range []string{"fix\x1b]0;owned\x07", "a\u009b2J", "del\x7f", "nul\x00"} {
		_, err := s.Publish(t.Context(), dir, PublishOptions{Scope: "default", Message: msg})
		var verr *validate.Error
		if !errors.As(err, &verr) || verr.Problems[0].Code != validate.CodeInvalidEncoding {
			t.Fatalf("message %q: %v, want invalid_encoding", msg, err)
		}
		if m := verr.Problems[0].Message; !strings.Contains(m, "byte offset") || strings.Contains(m, "owned") {
			t.Errorf("message %q: problem %q", msg, m)
		}
		if h := head(t, s, "default"); h != first.Commit {
			t.Fatalf("head moved after a refused message")
		}
	}
	mustPublish(t, s, dir, PublishOptions{Message: "multi\tline\r\nbody\n"})
}
