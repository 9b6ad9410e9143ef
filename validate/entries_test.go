package validate_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memfs/memfs/validate"
)

// validateBounded runs Validate in a goroutine and fails the test when it
// does not return within a generous bound. A blocked open of a FIFO never
// returns on its own, so release is called to unblock it before failing.
func validateBounded(t *testing.T, fsys fs.FS, opts validate.Options, release func()) *validate.Report {
	t.Helper()
	type result struct {
		r   *validate.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := validate.Validate(t.Context(), fsys, opts)
		done <- result{r, err}
	}()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	select {
	case res := <-done:
		if res.err != nil {
			t.Fatalf("Validate: %v", res.err)
		}
		return res.r
	case <-ctx.Done():
		release()
		t.Fatal("Validate did not return: it blocked on a special file")
		return nil
	}
}

// openWriter releases a reader blocked in open(2) on the FIFO at p.
func openWriter(t *testing.T, p string) func() {
	return func() {
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	}
}

func fifoArtifact(t *testing.T) (dir, fifo string) {
	t.Helper()
	dir = t.TempDir()
	writeFiles(t, dir, map[string]string{
		"summary.md":   defaultSummary,
		"index.md":     defaultIndex,
		"pages/a/x.md": page("s1"),
	})
	fifo = filepath.Join(dir, "pages/a/pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, fifo
}

// TestFIFONeverOpened runs Validate over os.DirFS, whose Open blocks on a
// FIFO until a writer appears: Validate returning at all proves it never
// opened the FIFO. The recording run proves the same from the Open calls.
func TestFIFONeverOpened(t *testing.T) {
	t.Parallel()
	dir, fifo := fifoArtifact(t)
	wantProblems := []want{E("pages/a/pipe.md", validate.CodeInvalidFileType)}

	t.Run("os.DirFS", func(t *testing.T) {
		t.Parallel()
		fsys := &recordFS{inner: os.DirFS(dir).(treeFS)}
		r := validateBounded(t, fsys, validate.Options{}, openWriter(t, fifo))
		assertProblems(t, r, wantProblems)
		if fsys.wasOpened("pages/a/pipe.md") {
			t.Error("the FIFO was opened")
		}
		if !fsys.wasOpened("pages/a/x.md") {
			t.Error("regular files were not opened: the recorder sees nothing")
		}
	})
	t.Run("OpenDir", func(t *testing.T) {
		t.Parallel()
		fsys := &recordFS{inner: openDir(t, dir)}
		for _, mode := range []validate.Mode{validate.ModePublish, validate.ModeRead} {
			r := validateBounded(t, fsys, validate.Options{Mode: mode}, openWriter(t, fifo))
			assertProblems(t, r, wantProblems)
		}
		if fsys.wasOpened("pages/a/pipe.md") {
			t.Error("the FIFO was opened")
		}
	})
}

// lyingFS presents the entries in fake as regular files of the given size,
// in listings and lstat alike, while Open reaches the real entry. It stands
// for an entry swapped or grown between the listing and the read.
type lyingFS struct {
	treeFS
	fake map[string]int64
}

type fakeInfo struct {
	name string
	size int64
}

func (i fakeInfo) Name() string       { return i.name }
func (i fakeInfo) Size() int64        { return i.size }
func (i fakeInfo) Mode() fs.FileMode  { return 0o644 }
func (i fakeInfo) ModTime() time.Time { return time.Time{} }
func (i fakeInfo) IsDir() bool        { return false }
func (i fakeInfo) Sys() any           { return nil }

func (l *lyingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := l.treeFS.ReadDir(name)
	for i, e := range es {
		if size, ok := l.fake[join(name, e.Name())]; ok {
			es[i] = fs.FileInfoToDirEntry(fakeInfo{e.Name(), size})
		}
	}
	return es, err
}

func (l *lyingFS) Lstat(name string) (fs.FileInfo, error) {
	if size, ok := l.fake[name]; ok {
		return fakeInfo{filepath.Base(name), size}, nil
	}
	return l.treeFS.Lstat(name)
}

func join(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

// TestFIFOSwappedInAfterListing: an entry listed as a regular file that is a
// FIFO when opened is refused without blocking.
func TestFIFOSwappedInAfterListing(t *testing.T) {
	t.Parallel()
	dir, fifo := fifoArtifact(t)
	fsys := &lyingFS{treeFS: openDir(t, dir), fake: map[string]int64{"pages/a/pipe.md": 10}}
	r := validateBounded(t, fsys, validate.Options{}, openWriter(t, fifo))
	assertProblems(t, r, []want{E("pages/a/pipe.md", validate.CodeInvalidFileType)})
	if !strings.Contains(msg0(r), "changed") {
		t.Errorf("message = %q, want it to say the entry changed", msg0(r))
	}
}

// TestFileGrewWhileRead: a file that is larger when read than its lstat size
// is still refused at the limit.
func TestFileGrewWhileRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"summary.md":   defaultSummary,
		"index.md":     defaultIndex,
		"pages/a/x.md": page("s1") + strings.Repeat("x", 200),
	})
	limits := validate.Limits{MaxFiles: 10, MaxFileBytes: 200, MaxTotalBytes: 1 << 20}
	fsys := &lyingFS{treeFS: openDir(t, dir), fake: map[string]int64{"pages/a/x.md": 20}}
	r := run(t, fsys, validate.Options{Limits: limits}, validate.ModePublish)
	assertProblems(t, r, []want{E("pages/a/x.md", validate.CodeFileTooLarge)})
	if !strings.Contains(msg0(r), "grew") {
		t.Errorf("message = %q, want it to say the file grew", msg0(r))
	}
	if f := fileByPath(r, "pages/a/x.md"); f == nil || f.Content != nil {
		t.Errorf("content of a file that grew past the limit kept: %+v", f)
	}
}

// TestOversizeNeverRead: an oversize file is refused from its size alone.
func TestOversizeNeverRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"summary.md":   defaultSummary,
		"index.md":     defaultIndex,
		"pages/a/x.md": "\xff\x00" + strings.Repeat(secret, 10),
		"pages/a/y.md": sized(100),
	})
	limits := validate.Limits{MaxFiles: 10, MaxFileBytes: 100, MaxTotalBytes: 1 << 20}
	fsys := &recordFS{inner: openDir(t, dir)}
	for _, mode := range []validate.Mode{validate.ModePublish, validate.ModeRead} {
		r := run(t, fsys, validate.Options{Limits: limits}, mode)
		assertProblems(t, r, []want{E("pages/a/x.md", validate.CodeFileTooLarge)})
		assertNoLeak(t, r)
	}
	if fsys.wasOpened("pages/a/x.md") {
		t.Error("the oversize file was opened")
	}
	if !fsys.wasOpened("pages/a/y.md") {
		t.Error("the file at the limit was not read")
	}
}

// dupFS is a MapFS whose listings repeat some names, as a malformed git tree
// or bundle can.
type dupFS struct {
	fstest.MapFS
	dups map[string][]string // directory -> names listed once more, first
}

func (d dupFS) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := d.MapFS.ReadDir(name)
	if err != nil {
		return nil, err
	}
	var extra []fs.DirEntry
	for _, dup := range d.dups[name] {
		i := slices.IndexFunc(es, func(e fs.DirEntry) bool { return e.Name() == dup })
		if i < 0 {
			return nil, errors.New("dupFS: no entry " + dup)
		}
		extra = append(extra, es[i])
	}
	return append(extra, es...), nil
}

func mapArtifact() fstest.MapFS {
	return fstest.MapFS{
		"summary.md":       {Data: []byte(defaultSummary)},
		"index.md":         {Data: []byte(defaultIndex)},
		"pages/a/index.md": {Data: []byte("# A\n")},
		"pages/a/x.md":     {Data: []byte(page("s1"))},
		"pages/b/y.md":     {Data: []byte(page("s2"))},
	}
}

func TestDuplicatePath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		dups map[string][]string
		want []want
	}{
		{"near miss: no duplicates", nil, nil},
		{"page listed twice", map[string][]string{"pages/a": {"x.md"}},
			[]want{E("pages/a/x.md", validate.CodeDuplicatePath)}},
		{"file listed three times is reported once", map[string][]string{".": {"summary.md", "summary.md"}},
			[]want{E("summary.md", validate.CodeDuplicatePath)}},
		{"two names listed twice", map[string][]string{".": {"index.md"}, "pages/b": {"y.md"}},
			[]want{E("index.md", validate.CodeDuplicatePath), E("pages/b/y.md", validate.CodeDuplicatePath)}},
		{"directory listed twice is walked once", map[string][]string{"pages": {"a"}},
			[]want{E("pages/a", validate.CodeDuplicatePath)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fsys := dupFS{MapFS: mapArtifact(), dups: tc.dups}
			for _, mode := range []validate.Mode{validate.ModePublish, validate.ModeRead} {
				r := run(t, fsys, validate.Options{}, mode)
				assertProblems(t, r, tc.want)
				paths := filePaths(r)
				if want := []string{"index.md", "pages/a/index.md", "pages/a/x.md", "pages/b/y.md", "summary.md"}; !slices.Equal(paths, want) {
					t.Errorf("Files = %q, want each file once: %q", paths, want)
				}
			}
		})
	}
}

// faultFS is a MapFS whose operations fail for chosen names.
type faultFS struct {
	fstest.MapFS
	failOpen, failReadDir, failLstat string
}

var errInjected = errors.New("injected failure")

func (f faultFS) Open(name string) (fs.File, error) {
	if name == f.failOpen {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errInjected}
	}
	return f.MapFS.Open(name)
}

func (f faultFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == f.failReadDir {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errInjected}
	}
	entries, err := f.MapFS.ReadDir(name)
	for i, e := range entries {
		if path.Join(name, e.Name()) == f.failLstat {
			entries[i] = failInfoEntry{e}
		}
	}
	return entries, err
}

// failInfoEntry is a directory entry whose lstat fails.
type failInfoEntry struct{ fs.DirEntry }

func (e failInfoEntry) Info() (fs.FileInfo, error) {
	return nil, &fs.PathError{Op: "lstat", Path: e.Name(), Err: errInjected}
}

func (f faultFS) Lstat(name string) (fs.FileInfo, error) {
	if name == f.failLstat {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: errInjected}
	}
	return f.MapFS.Lstat(name)
}

func TestUnreadable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		fsys faultFS
		want []want
	}{
		{"near miss: nothing fails", faultFS{}, nil},
		{"file cannot be opened", faultFS{failOpen: "pages/a/x.md"},
			[]want{E("pages/a/x.md", validate.CodeUnreadable)}},
		{"file cannot be examined", faultFS{failLstat: "pages/b/y.md"},
			[]want{E("pages/b/y.md", validate.CodeUnreadable)}},
		{"directory cannot be listed", faultFS{failReadDir: "pages/a"},
			[]want{E("pages/a", validate.CodeUnreadable)}},
		{"required file cannot be opened", faultFS{failOpen: "summary.md"},
			[]want{E("summary.md", validate.CodeUnreadable)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fsys.MapFS = mapArtifact()
			r := run(t, tc.fsys, validate.Options{}, validate.ModePublish)
			assertProblems(t, r, tc.want)
			for _, p := range r.Problems {
				if strings.Contains(p.Message, errInjected.Error()) {
					t.Errorf("message carries the underlying error: %q", p.Message)
				}
			}
		})
	}

	t.Run("root cannot be listed", func(t *testing.T) {
		t.Parallel()
		r, err := validate.Validate(t.Context(), faultFS{MapFS: mapArtifact(), failReadDir: "."}, validate.Options{})
		if !errors.Is(err, errInjected) || r != nil {
			t.Errorf("Validate = %v, %v; want the root error and no report", r, err)
		}
	})
}

func TestCancelledContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	r, err := validate.Validate(ctx, mapArtifact(), validate.Options{})
	if !errors.Is(err, context.Canceled) || r != nil {
		t.Errorf("Validate with a cancelled context = %v, %v; want context.Canceled", r, err)
	}
}

// TestMapFSSymlink: a symlink in a tree that is not a directory (a git
// tree, say) is refused like one on disk.
func TestMapFSSymlink(t *testing.T) {
	t.Parallel()
	fsys := mapArtifact()
	fsys["pages/a/link.md"] = &fstest.MapFile{Data: []byte("x.md"), Mode: fs.ModeSymlink}
	r := run(t, fsys, validate.Options{}, validate.ModePublish)
	assertProblems(t, r, []want{E("pages/a/link.md", validate.CodeInvalidFileType)})
}

// TestMalformedNames: a malformed tree (a git tree or bundle written by
// something other than git) can list entries named "", "." or "..". They are
// refused, and never walked: walking "." or ".." revisits a folder forever.
func TestMalformedNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		key    string // extra MapFS key producing the malformed entry
		limits validate.Limits
		want   []want
	}{
		{"root entry named .", "/x.md", validate.Limits{}, []want{E("_", validate.CodeInvalidPath)}},
		{"area entry named ..", "pages/a/../x.md", validate.Limits{}, []want{E("pages/a/_", validate.CodeInvalidPath)}},
		{"empty name inside pages", "pages//x.md", validate.Limits{}, []want{E("pages/_", validate.CodeInvalidPath)}},
		{". inside an illegal folder", "other/./x.md", validate.Limits{}, []want{E("other", validate.CodeInvalidPath)}},
		{".. inside an illegal folder", "other/../x.md", validate.Limits{}, []want{E("other", validate.CodeInvalidPath)}},
		{
			"the folder is not counted again through its . entry", "other/./x.md",
			validate.Limits{MaxFiles: 3, MaxFileBytes: 1 << 20, MaxTotalBytes: 1 << 20},
			[]want{E("other", validate.CodeInvalidPath)},
		},
		{
			"near miss: one file fewer allowed", "other/./x.md",
			validate.Limits{MaxFiles: 2, MaxFileBytes: 1 << 20, MaxTotalBytes: 1 << 20},
			[]want{E("other", validate.CodeInvalidPath), E(".", validate.CodeTooManyFiles)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fsys := fstest.MapFS{
				"summary.md":   {Data: []byte(defaultSummary)},
				"index.md":     {Data: []byte(defaultIndex)},
				"pages/a/y.md": {Data: []byte(page("s1"))},
				tc.key:         {Data: []byte(page("s1"))},
			}
			for _, mode := range []validate.Mode{validate.ModePublish, validate.ModeRead} {
				r := run(t, fsys, validate.Options{Mode: mode, Limits: tc.limits}, mode)
				assertProblems(t, r, tc.want)
			}
		})
	}
}
