package validate_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/validate"
)

// secret is planted in file contents; no problem message may ever carry it.
const secret = "sk-test-5f1c9e0a7b3d-DO-NOT-LEAK"

// want is one expected problem, without its message.
type want struct {
	Path string
	Code string
	Sev  validate.Severity
}

func (w want) String() string { return fmt.Sprintf("%s %s %s", w.Path, w.Code, w.Sev) }

// E and W build expected errors and warnings.
func E(path, code string) want { return want{path, code, validate.SevError} }
func W(path, code string) want { return want{path, code, validate.SevWarning} }

func cmpWant(a, b want) int {
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	if c := strings.Compare(a.Code, b.Code); c != 0 {
		return c
	}
	return strings.Compare(string(a.Sev), string(b.Sev))
}

// assertProblems checks that r holds exactly the expected problems (as a
// multiset), that the report's derived views agree with them, and that the
// problems are ordered by path then code.
func assertProblems(t *testing.T, r *validate.Report, expected []want) {
	t.Helper()
	got := make([]want, 0, len(r.Problems))
	for _, p := range r.Problems {
		got = append(got, want{p.Path, p.Code, p.Severity})
		if p.Message == "" {
			t.Errorf("problem %v has an empty message", p)
		}
		if p.Severity != validate.SevError && p.Severity != validate.SevWarning {
			t.Errorf("problem %v has severity %q", p, p.Severity)
		}
	}
	if !slices.IsSortedFunc(r.Problems, func(a, b validate.Problem) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Code, b.Code)
	}) {
		t.Errorf("problems are not ordered by path and code: %v", r.Problems)
	}
	exp := slices.Clone(expected)
	slices.SortFunc(got, cmpWant)
	slices.SortFunc(exp, cmpWant)
	if !slices.Equal(got, exp) {
		t.Errorf("%s mode problems:\n  got  %v\n  want %v\n  full: %v", r.Mode, got, exp, r.Problems)
	}
	nerr := 0
	for _, w := range expected {
		if w.Sev == validate.SevError {
			nerr++
		}
	}
	if r.OK() != (nerr == 0) {
		t.Errorf("OK() = %v with %d expected errors", r.OK(), nerr)
	}
	if len(r.Errors()) != nerr || len(r.Warnings()) != len(expected)-nerr {
		t.Errorf("Errors()/Warnings() = %d/%d, want %d/%d", len(r.Errors()), len(r.Warnings()), nerr, len(expected)-nerr)
	}
	if err := r.AsError(); (err == nil) != (nerr == 0) {
		t.Errorf("AsError() = %v with %d expected errors", err, nerr)
	}
}

// assertNoLeak checks that no message quotes the secret or any line of the
// given contents that is long enough to be recognizable.
func assertNoLeak(t *testing.T, r *validate.Report, contents ...string) {
	t.Helper()
	var lines []string
	for _, c := range contents {
		for l := range strings.Lines(c) {
			if l = strings.TrimSpace(l); len(l) >= 12 {
				lines = append(lines, l)
			}
		}
	}
	for _, p := range r.Problems {
		if strings.Contains(p.Message, secret) || strings.Contains(p.Path, secret) {
			t.Errorf("problem quotes the secret: %v", p)
		}
		for _, l := range lines {
			if strings.Contains(p.Message, l) {
				t.Errorf("problem %v quotes file content %q", p, l)
			}
		}
	}
}

// writeFiles creates files (slash paths, contents as raw bytes) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func mkdirs(t *testing.T, dir string, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(p)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// openDir opens dir with validate.OpenDir and closes it when the test ends.
func openDir(t *testing.T, dir string) *validate.DirFS {
	t.Helper()
	fsys, err := validate.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := fsys.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return fsys
}

func run(t *testing.T, fsys fs.FS, opts validate.Options, mode validate.Mode) *validate.Report {
	t.Helper()
	opts.Mode = mode
	r, err := validate.Validate(t.Context(), fsys, opts)
	if err != nil {
		t.Fatalf("Validate(%s): %v", mode, err)
	}
	if r.Mode != mode {
		t.Errorf("Report.Mode = %v, want %v", r.Mode, mode)
	}
	return r
}

func fileByPath(r *validate.Report, p string) *validate.File {
	for i := range r.Files {
		if r.Files[i].Path == p {
			return &r.Files[i]
		}
	}
	return nil
}

func filePaths(r *validate.Report) []string {
	var ps []string
	for _, f := range r.Files {
		ps = append(ps, f.Path)
	}
	return ps
}

// treeFS is the interface DirFS and os.DirFS share and wrappers forward.
type treeFS interface {
	fs.ReadDirFS
	fs.ReadLinkFS
}

// recordFS forwards to inner and records every Open.
type recordFS struct {
	inner  treeFS
	mu     sync.Mutex
	opened []string
}

func (r *recordFS) Open(name string) (fs.File, error) {
	r.mu.Lock()
	r.opened = append(r.opened, name)
	r.mu.Unlock()
	return r.inner.Open(name)
}
func (r *recordFS) ReadDir(name string) ([]fs.DirEntry, error) { return r.inner.ReadDir(name) }
func (r *recordFS) ReadLink(name string) (string, error)       { return r.inner.ReadLink(name) }
func (r *recordFS) Lstat(name string) (fs.FileInfo, error)     { return r.inner.Lstat(name) }

func (r *recordFS) wasOpened(name string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Contains(r.opened, name)
}

// fakeGuard is an erasure guard over a fixed set of sessions and phrases.
type fakeGuard struct {
	epoch    string
	sessions map[string]bool
	pages    map[string]bool
	phrases  []string
}

func (g *fakeGuard) Epoch() string                { return g.epoch }
func (g *fakeGuard) ErasedSession(id string) bool { return g.sessions[id] }
func (g *fakeGuard) ErasedPage(p string) bool     { return g.pages[p] }
func (g *fakeGuard) ErasedContent(c []byte) bool {
	for _, p := range g.phrases {
		if bytes.Contains(c, []byte(p)) {
			return true
		}
	}
	return false
}

// fakeCache returns fixed facts per path and records its lookups.
type fakeCache struct {
	facts   map[string]validate.Facts
	mu      sync.Mutex
	lookups map[string]fs.FileInfo
}

func (c *fakeCache) Lookup(p string, info fs.FileInfo) (validate.Facts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lookups == nil {
		c.lookups = map[string]fs.FileInfo{}
	}
	c.lookups[p] = info
	f, ok := c.facts[p]
	return f, ok
}

func ptr[T any](v T) *T { return &v }
