package validate_test

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

var (
	defaultSummary = "Orientation for agents. " + secret + "\n"
	defaultIndex   = "# Memory index\n\nNothing mapped yet. " + secret + "\n"
)

// page returns a page citing ids, with the secret in its body and notes.
func page(ids ...string) string {
	var b strings.Builder
	b.WriteString("# A page\n\nBody text that mentions " + secret + " in passing.\n\n## Sources\n\n")
	for _, id := range ids {
		b.WriteString("- session:" + id + " note about " + secret + "\n")
	}
	return b.String()
}

// sized returns valid page content of exactly n bytes citing s1.
func sized(n int) string {
	head := "## Sources\n- session:s1 "
	if n < len(head)+1 {
		panic("sized: too small")
	}
	return head + strings.Repeat("n", n-len(head)-1) + "\n"
}

type tcase struct {
	name string
	// bare leaves out the default summary.md and index.md.
	bare  bool
	files map[string]string
	// setup adds entries that are not plain files; outside is a directory
	// beside the artifact for symlink and hard-link targets.
	setup   func(t *testing.T, dir, outside string)
	opts    validate.Options
	publish []want
	// read is the expectation in read mode; nil means the same as publish.
	read  []want
	check func(t *testing.T, r *validate.Report)
}

func TestValidate(t *testing.T) {
	t.Parallel()
	smallFile := validate.Limits{MaxFiles: 256, MaxFileBytes: 100, MaxTotalBytes: 1 << 20}
	threeFiles := validate.Limits{MaxFiles: 3, MaxFileBytes: 1 << 10, MaxTotalBytes: 1 << 20}
	tenBytes := validate.Limits{MaxFiles: 256, MaxFileBytes: 1 << 10, MaxTotalBytes: 10}
	nineBytes := validate.Limits{MaxFiles: 256, MaxFileBytes: 1 << 10, MaxTotalBytes: 9}
	erasing := &fakeGuard{epoch: "e1", sessions: map[string]bool{"gone": true}, phrases: []string{"forgotten phrase"}}

	tests := []tcase{
		// Well-formed artifacts.
		{
			name: "minimal artifact",
			check: func(t *testing.T, r *validate.Report) {
				if got := filePaths(r); !slices.Equal(got, []string{"index.md", "summary.md"}) {
					t.Errorf("Files = %q", got)
				}
				if r.Supplied != nil {
					t.Errorf("Supplied = %q for a complete artifact", r.Supplied)
				}
			},
		},
		{
			name:  "empty summary is fine",
			files: map[string]string{"summary.md": ""},
		},
		{
			name: "complete artifact",
			files: map[string]string{
				"index.md":                  "# Index\n\n- [Tools](pages/tools/index.md)\n- [People](/pages/people/index.md)\n",
				"pages/tools/index.md":      "# Tools\n\n- [Make](make.md)\n- [Go](go.md#build)\n",
				"pages/tools/make.md":       page("s1") + "\nSee [go](go.md) and [the index](../../index.md).\n",
				"pages/tools/go.md":         page("s1", "s2"),
				"pages/people/index.md":     "# People\n\n- [Ann](ann.md)\n",
				"pages/people/ann.md":       page("s2") + "\nWorks on [make](../tools/make.md#top).\n",
				"pages/empty-area/index.md": "",
			},
			setup: func(t *testing.T, dir, _ string) { mkdirs(t, dir, "pages/no-files-yet") },
			opts:  validate.Options{AllowedSessions: map[string]bool{"s1": true, "s2": true}},
			check: func(t *testing.T, r *validate.Report) {
				want := []string{"index.md", "pages/empty-area/index.md", "pages/people/ann.md", "pages/people/index.md",
					"pages/tools/go.md", "pages/tools/index.md", "pages/tools/make.md", "summary.md"}
				got := filePaths(r)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("Files = %q, want %q", got, want)
				}
				kinds := map[string]wiki.Kind{"index.md": wiki.KindIndex, "summary.md": wiki.KindSummary,
					"pages/tools/index.md": wiki.KindAreaIndex, "pages/tools/go.md": wiki.KindPage}
				for p, k := range kinds {
					if f := fileByPath(r, p); f == nil || f.Kind != k {
						t.Errorf("file %s: %+v, want kind %v", p, f, k)
					}
				}
				f := fileByPath(r, "pages/tools/go.md")
				if f == nil || !bytes.Equal(f.Content, []byte(page("s1", "s2"))) {
					t.Errorf("go.md content not carried in the report")
				} else {
					if !slices.Equal(f.Facts.Sources, []string{"s1", "s2"}) || !f.Facts.ValidUTF8 || f.Facts.HasNUL || !f.Facts.HasSourcesSection {
						t.Errorf("go.md facts = %+v", f.Facts)
					}
					if f.Info == nil || f.Info.Size() != int64(len(f.Content)) {
						t.Errorf("go.md info = %v", f.Info)
					}
				}
			},
		},

		// Entry types.
		{
			name: "symlink to a file outside",
			setup: func(t *testing.T, dir, outside string) {
				writeFiles(t, outside, map[string]string{"target.md": "\xff\xfe" + secret + "\x00"})
				writeFiles(t, dir, map[string]string{"pages/a/index.md": ""})
				symlink(t, filepath.Join(outside, "target.md"), filepath.Join(dir, "pages/a/link.md"))
			},
			publish: []want{E("pages/a/link.md", validate.CodeInvalidFileType)},
			check: func(t *testing.T, r *validate.Report) {
				if f := fileByPath(r, "pages/a/link.md"); f != nil {
					t.Errorf("symlink accepted as a file: %+v", f)
				}
			},
		},
		{
			name:  "symlink to a valid page inside",
			files: map[string]string{"pages/a/x.md": page("s1")},
			setup: func(t *testing.T, dir, _ string) {
				symlink(t, "x.md", filepath.Join(dir, "pages/a/alias.md"))
			},
			publish: []want{E("pages/a/alias.md", validate.CodeInvalidFileType)},
		},
		{
			name: "dangling symlink",
			setup: func(t *testing.T, dir, _ string) {
				symlink(t, "nowhere.md", filepath.Join(dir, "pages/a/dangling.md"))
			},
			publish: []want{E("pages/a/dangling.md", validate.CodeInvalidFileType)},
		},
		{
			name: "symlink to a directory is not followed",
			setup: func(t *testing.T, dir, outside string) {
				writeFiles(t, outside, map[string]string{
					"area/BAD.txt":   secret,
					"area/Upper.md":  "\xff",
					"area/.hidden":   "x",
					"area/deep/x.md": "x",
				})
				mkdirs(t, dir, "pages")
				symlink(t, filepath.Join(outside, "area"), filepath.Join(dir, "pages/linked"))
			},
			publish: []want{E("pages/linked", validate.CodeInvalidFileType)},
			check: func(t *testing.T, r *validate.Report) {
				for _, f := range r.Files {
					if strings.HasPrefix(f.Path, "pages/linked/") {
						t.Errorf("file behind a directory symlink accepted: %s", f.Path)
					}
				}
			},
		},
		{
			name: "pages itself is a symlink",
			setup: func(t *testing.T, dir, outside string) {
				writeFiles(t, outside, map[string]string{"pages/a/x.md": page("s1"), "pages/A/y.md": "\xff"})
				symlink(t, filepath.Join(outside, "pages"), filepath.Join(dir, "pages"))
			},
			publish: []want{E("pages", validate.CodeInvalidFileType)},
		},
		{
			name: "summary.md is a symlink",
			bare: true,
			files: map[string]string{
				"index.md":    defaultIndex,
				"real-sum.md": "", // a stray file, so the link has a target inside
			},
			setup: func(t *testing.T, dir, _ string) {
				symlink(t, "real-sum.md", filepath.Join(dir, "summary.md"))
			},
			publish: []want{
				E("real-sum.md", validate.CodeInvalidPath),
				E("summary.md", validate.CodeInvalidFileType),
				E("summary.md", validate.CodeMissingRequiredFile),
			},
			read: []want{
				E("real-sum.md", validate.CodeInvalidPath),
				E("summary.md", validate.CodeInvalidFileType),
				W("summary.md", validate.CodeMissingRequiredFile),
			},
		},
		{
			name:  "hard link inside the artifact",
			files: map[string]string{"pages/a/x.md": page("s1")},
			setup: func(t *testing.T, dir, _ string) {
				if err := os.Link(filepath.Join(dir, "pages/a/x.md"), filepath.Join(dir, "pages/a/y.md")); err != nil {
					t.Skipf("hard links unsupported: %v", err)
				}
			},
			publish: []want{
				E("pages/a/x.md", validate.CodeInvalidFileType),
				E("pages/a/y.md", validate.CodeInvalidFileType),
			},
		},
		{
			name: "hard link to a file outside",
			setup: func(t *testing.T, dir, outside string) {
				writeFiles(t, outside, map[string]string{"x.md": page("s1")})
				mkdirs(t, dir, "pages/a")
				if err := os.Link(filepath.Join(outside, "x.md"), filepath.Join(dir, "pages/a/x.md")); err != nil {
					t.Skipf("hard links unsupported: %v", err)
				}
			},
			publish: []want{E("pages/a/x.md", validate.CodeInvalidFileType)},
		},
		{
			name:  "near miss: identical copies are not hard links",
			files: map[string]string{"pages/a/x.md": page("s1"), "pages/a/y.md": page("s1")},
		},
		{
			name: "FIFO",
			setup: func(t *testing.T, dir, _ string) {
				mkdirs(t, dir, "pages/a")
				if err := syscall.Mkfifo(filepath.Join(dir, "pages/a/pipe.md"), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			publish: []want{
				E("pages/a/pipe.md", validate.CodeInvalidFileType),
				E("pipe", validate.CodeInvalidFileType),
			},
		},
		{
			name: "socket",
			setup: func(t *testing.T, dir, _ string) {
				mkdirs(t, dir, "pages/a")
				l, err := net.Listen("unix", filepath.Join(dir, "pages/a/s.md"))
				if err != nil {
					t.Skipf("cannot create a unix socket here: %v", err)
				}
				t.Cleanup(func() { l.Close() })
			},
			publish: []want{E("pages/a/s.md", validate.CodeInvalidFileType)},
		},

		// Paths.
		{
			name:    "uppercase area",
			files:   map[string]string{"pages/Area/x.md": page("s1"), "pages/Area/Y.txt": secret},
			publish: []want{E("pages/Area", validate.CodeInvalidPath)},
			check: func(t *testing.T, r *validate.Report) {
				if len(r.Files) != 2 {
					t.Errorf("files under an illegal directory were accepted: %q", filePaths(r))
				}
			},
		},
		{
			name:    "uppercase page",
			files:   map[string]string{"pages/a/Page.md": page("s1")},
			publish: []want{E("pages/a/Page.md", validate.CodeInvalidPath)},
		},
		{
			name:  "near miss: lowercase names with digits, dash and underscore",
			files: map[string]string{"pages/area-2_b/page-1_x.md": page("s1"), "pages/0/0.md": page("s1")},
		},
		{
			name: "redaction marker in a page or area name",
			files: map[string]string{"pages/facts/django-secretkey-redacted-secret-named-key-prod.md": page("s1"),
				"pages/redacted-github-token/x.md": page("s1")},
			publish: []want{E("pages/facts/django-secretkey-redacted-secret-named-key-prod.md", validate.CodeInvalidPath),
				E("pages/redacted-github-token", validate.CodeInvalidPath)},
			read: []want{},
		},
		{
			name:  "near miss: redaction without the marker",
			files: map[string]string{"pages/security/redaction-policy.md": page("s1")},
		},
		{
			name:    "Unicode area",
			files:   map[string]string{"pages/café/x.md": page("s1")},
			publish: []want{E("pages/café", validate.CodeInvalidPath)},
		},
		{
			name:    "Unicode page",
			files:   map[string]string{"pages/a/café.md": page("s1")},
			publish: []want{E("pages/a/café.md", validate.CodeInvalidPath)},
		},
		{
			name:    "deeper nesting",
			files:   map[string]string{"pages/a/b/c.md": page("s1"), "pages/a/ok.md": page("s1")},
			publish: []want{E("pages/a/b", validate.CodeInvalidPath)},
		},
		{
			name:    "hidden file at the root",
			files:   map[string]string{".DS_Store": "\x00\x00\x00\x01Bud1"},
			publish: []want{E(".DS_Store", validate.CodeInvalidPath)},
		},
		{
			name:    "hidden file inside an area",
			files:   map[string]string{"pages/a/.DS_Store": "\x00\x00\x00\x01Bud1", "pages/a/x.md": page("s1")},
			publish: []want{E("pages/a/.DS_Store", validate.CodeInvalidPath)},
		},
		{
			name:    "hidden directory",
			files:   map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": secret},
			publish: []want{E(".git", validate.CodeInvalidPath)},
		},
		{
			name:    "wrong extension",
			files:   map[string]string{"pages/a/x.txt": page("s1"), "pages/a/y.MD": page("s1")},
			publish: []want{E("pages/a/x.txt", validate.CodeInvalidPath), E("pages/a/y.MD", validate.CodeInvalidPath)},
		},
		{
			name:    "stray root file",
			files:   map[string]string{"notes.md": page("s1")},
			publish: []want{E("notes.md", validate.CodeInvalidPath)},
		},
		{
			name:    "file directly under pages",
			files:   map[string]string{"pages/x.md": page("s1")},
			publish: []want{E("pages/x.md", validate.CodeInvalidPath)},
		},
		{
			name:    "stray root directory",
			files:   map[string]string{"other/x.md": page("s1")},
			publish: []want{E("other", validate.CodeInvalidPath)},
		},
		{
			name:  "summary.md is a directory",
			bare:  true,
			files: map[string]string{"index.md": defaultIndex, "summary.md/x": "x"},
			publish: []want{
				E("summary.md", validate.CodeInvalidPath),
				E("summary.md", validate.CodeMissingRequiredFile),
			},
			read: []want{
				E("summary.md", validate.CodeInvalidPath),
				W("summary.md", validate.CodeMissingRequiredFile),
			},
		},

		// Encoding.
		{
			name:    "invalid UTF-8 page",
			files:   map[string]string{"pages/a/x.md": page("s1") + "\xc3\x28 " + secret + "\n"},
			publish: []want{E("pages/a/x.md", validate.CodeInvalidEncoding)},
		},
		{
			name:    "invalid UTF-8 summary",
			files:   map[string]string{"summary.md": "Latin-1: caf\xe9 " + secret + "\n"},
			publish: []want{E("summary.md", validate.CodeInvalidEncoding)},
		},
		{
			name:    "NUL byte in a page",
			files:   map[string]string{"pages/a/x.md": page("s1") + "\x00"},
			publish: []want{E("pages/a/x.md", validate.CodeInvalidEncoding)},
			check: func(t *testing.T, r *validate.Report) {
				if f := fileByPath(r, "pages/a/x.md"); f == nil || !f.Facts.HasNUL || !f.Facts.ValidUTF8 {
					t.Errorf("facts of a file with NUL: %+v", f)
				}
			},
		},
		{
			name:    "NUL byte in the index",
			files:   map[string]string{"index.md": "# Index\x00\n"},
			publish: []want{E("index.md", validate.CodeInvalidEncoding)},
		},
		{
			name:  "near miss: multi-byte UTF-8",
			files: map[string]string{"pages/a/x.md": page("s1") + "café ☕ — 日本語 🚀\n", "summary.md": "Zürich\n"},
		},

		// Sizes and counts.
		{
			name:  "file over the default size limit",
			files: map[string]string{"summary.md": strings.Repeat("a", 262145)},
			// A refused required file is also a missing one.
			publish: []want{E("summary.md", validate.CodeFileTooLarge), E("summary.md", validate.CodeMissingRequiredFile)},
			read:    []want{E("summary.md", validate.CodeFileTooLarge), W("summary.md", validate.CodeMissingRequiredFile)},
			check: func(t *testing.T, r *validate.Report) {
				if fileByPath(r, "summary.md") != nil {
					t.Error("oversize file accepted")
				}
			},
		},
		{
			name:  "near miss: file exactly at the default size limit",
			files: map[string]string{"summary.md": strings.Repeat("a", 262144)},
		},
		{
			name: "oversize file is judged from its size, not its content",
			files: map[string]string{
				"pages/a/big.md": "\xff\xfe\x00" + secret + strings.Repeat("\x00", 100),
				"pages/a/max.md": sized(100),
			},
			opts:    validate.Options{Limits: smallFile},
			publish: []want{E("pages/a/big.md", validate.CodeFileTooLarge)},
			check: func(t *testing.T, r *validate.Report) {
				if fileByPath(r, "pages/a/big.md") != nil {
					t.Error("oversize file accepted")
				}
				if f := fileByPath(r, "pages/a/max.md"); f == nil || len(f.Content) != 100 {
					t.Errorf("file at the limit not read in full: %+v", f)
				}
			},
		},
		{
			name:  "near miss: file count at the limit",
			files: map[string]string{"pages/a/x.md": page("s1")},
			opts:  validate.Options{Limits: threeFiles},
		},
		{
			name:    "too many files",
			files:   map[string]string{"pages/a/x.md": page("s1"), "pages/a/y.md": page("s1")},
			opts:    validate.Options{Limits: threeFiles},
			publish: []want{E(".", validate.CodeTooManyFiles)},
		},
		{
			name:    "files under an illegal directory count toward the limit",
			files:   map[string]string{".git/a": "a", ".git/b": "b"},
			opts:    validate.Options{Limits: threeFiles},
			publish: []want{E(".git", validate.CodeInvalidPath), E(".", validate.CodeTooManyFiles)},
		},
		{
			name:  "special entries count toward the limit",
			files: map[string]string{"pages/a/x.md": page("s1")},
			setup: func(t *testing.T, dir, _ string) {
				if err := syscall.Mkfifo(filepath.Join(dir, "pages/a/p.md"), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			opts:    validate.Options{Limits: threeFiles},
			publish: []want{E("pages/a/p.md", validate.CodeInvalidFileType), E(".", validate.CodeTooManyFiles)},
		},
		{
			name:  "near miss: total size at the limit",
			bare:  true,
			files: map[string]string{"summary.md": "sum\n", "index.md": "idx\n", "pages/a/p.md": "p\n"},
			opts:  validate.Options{Limits: tenBytes, NoRequireSources: true},
		},
		{
			name:    "total too large",
			bare:    true,
			files:   map[string]string{"summary.md": "sum\n", "index.md": "idx\n", "pages/a/p.md": "p\n"},
			opts:    validate.Options{Limits: nineBytes, NoRequireSources: true},
			publish: []want{E(".", validate.CodeTotalTooLarge)},
		},

		// Required files.
		{
			name:    "missing summary.md",
			bare:    true,
			files:   map[string]string{"index.md": defaultIndex},
			publish: []want{E("summary.md", validate.CodeMissingRequiredFile)},
			read:    []want{W("summary.md", validate.CodeMissingRequiredFile)},
			check: func(t *testing.T, r *validate.Report) {
				if r.Mode != validate.ModeRead {
					if r.Supplied != nil {
						t.Errorf("publish mode supplied %q", r.Supplied)
					}
					return
				}
				if s, ok := r.Supplied["summary.md"]; !ok || len(s) != 0 {
					t.Errorf("Supplied[summary.md] = %q, %v; want an empty summary", s, ok)
				}
				if _, ok := r.Supplied["index.md"]; ok {
					t.Error("index.md supplied although present")
				}
			},
		},
		{
			name:    "missing index.md",
			bare:    true,
			files:   map[string]string{"summary.md": defaultSummary, "pages/a/x.md": page("s1"), "pages/a/index.md": ""},
			publish: []want{E("index.md", validate.CodeMissingRequiredFile)},
			read:    []want{W("index.md", validate.CodeMissingRequiredFile)},
			check: func(t *testing.T, r *validate.Report) {
				if r.Mode != validate.ModeRead {
					if r.Supplied != nil {
						t.Errorf("publish mode supplied %q", r.Supplied)
					}
					return
				}
				want := wiki.DefaultIndex([]string{"pages/a/index.md", "pages/a/x.md", "summary.md"})
				if got := r.Supplied["index.md"]; !bytes.Equal(got, want) {
					t.Errorf("Supplied[index.md] =\n%s\nwant\n%s", got, want)
				}
				if !bytes.Contains(r.Supplied["index.md"], []byte("(pages/a/x.md)")) {
					t.Error("supplied index does not link the page")
				}
				if _, ok := r.Supplied["summary.md"]; ok {
					t.Error("summary.md supplied although present")
				}
			},
		},
		{
			name:    "empty directory",
			bare:    true,
			publish: []want{E("index.md", validate.CodeMissingRequiredFile), E("summary.md", validate.CodeMissingRequiredFile)},
			read:    []want{W("index.md", validate.CodeMissingRequiredFile), W("summary.md", validate.CodeMissingRequiredFile)},
			check: func(t *testing.T, r *validate.Report) {
				if r.Mode == validate.ModeRead && (len(r.Supplied) != 2 || !bytes.Contains(r.Supplied["index.md"], []byte("No pages yet."))) {
					t.Errorf("Supplied = %q", r.Supplied)
				}
			},
		},
		{
			name:  "a link to the supplied index is not broken in read mode",
			bare:  true,
			files: map[string]string{"summary.md": defaultSummary, "pages/a/x.md": page("s1") + "\n[home](../../index.md)\n"},
			publish: []want{
				E("index.md", validate.CodeMissingRequiredFile),
				W("pages/a/x.md", validate.CodeBrokenLink),
			},
			read: []want{W("index.md", validate.CodeMissingRequiredFile)},
		},

		// Provenance.
		{
			name:    "### Sources is not a Sources section",
			files:   map[string]string{"pages/a/x.md": "# X\n\n" + secret + "\n\n### Sources\n\n- session:s1\n"},
			publish: []want{E("pages/a/x.md", validate.CodeMissingSources)},
			read:    []want{W("pages/a/x.md", validate.CodeMissingSources)},
			check: func(t *testing.T, r *validate.Report) {
				if !strings.Contains(msg0(r), "no \"## Sources\" section") {
					t.Errorf("message = %q", msg0(r))
				}
			},
		},
		{
			name:    "Sources section without items",
			files:   map[string]string{"pages/a/x.md": "# X\n\n## Sources\n\nTo be added. " + secret + "\n"},
			publish: []want{E("pages/a/x.md", validate.CodeMissingSources)},
			read:    []want{W("pages/a/x.md", validate.CodeMissingSources)},
			check: func(t *testing.T, r *validate.Report) {
				if !strings.Contains(msg0(r), "no \"- session:<id>\" item") {
					t.Errorf("message = %q", msg0(r))
				}
			},
		},
		{
			name:  "near miss: index pages need no Sources",
			files: map[string]string{"pages/a/index.md": "# A\n\n- [x](x.md)\n", "pages/a/x.md": page("s1")},
		},
		{
			name:    "prose mentioning a session is not a citation",
			files:   map[string]string{"pages/a/x.md": "# X\n\nthe session: was long, see session:s1 " + secret + "\n"},
			publish: []want{E("pages/a/x.md", validate.CodeMissingSources)},
			read:    []want{W("pages/a/x.md", validate.CodeMissingSources)},
		},
		{
			name: "prose outside Sources is not checked against the allow-list",
			files: map[string]string{"pages/a/x.md": "# X\n\nthe session: was long; session:evil said so.\n\n- session:evil2\n\n" +
				"## Sources\n- session:s1\n\n## Later\n- session:evil3\n"},
			opts: validate.Options{AllowedSessions: map[string]bool{"s1": true}},
		},
		{
			name:    "citation outside the allow-list",
			files:   map[string]string{"pages/a/x.md": page("s1", "s2"), "pages/a/y.md": page("s1")},
			opts:    validate.Options{AllowedSessions: map[string]bool{"s1": true}},
			publish: []want{E("pages/a/x.md", validate.CodeUnknownSource)},
			read:    []want{W("pages/a/x.md", validate.CodeUnknownSource)},
			check: func(t *testing.T, r *validate.Report) {
				if msg := msg0(r); !strings.Contains(msg, "s2") {
					t.Errorf("message does not name the session: %q", msg)
				}
			},
		},
		{
			name:    "citation in a nested sub-list is checked too",
			files:   map[string]string{"pages/a/x.md": "# X\n\n## Sources\n- session:s1\n  - session:s2 nested\n"},
			opts:    validate.Options{AllowedSessions: map[string]bool{"s1": true}},
			publish: []want{E("pages/a/x.md", validate.CodeUnknownSource)},
			read:    []want{W("pages/a/x.md", validate.CodeUnknownSource)},
		},
		{
			name:    "empty allow-list refuses every citation",
			files:   map[string]string{"pages/a/x.md": page("s1")},
			opts:    validate.Options{AllowedSessions: map[string]bool{}},
			publish: []want{E("pages/a/x.md", validate.CodeUnknownSource)},
			read:    []want{W("pages/a/x.md", validate.CodeUnknownSource)},
		},
		{
			name:  "near miss: no allow-list accepts any citation",
			files: map[string]string{"pages/a/x.md": page("anything-at-all", "s2")},
		},
		{
			name:  "NoRequireSources",
			files: map[string]string{"pages/a/x.md": "# X\n\nNo provenance. " + secret + "\n", "pages/a/y.md": "### Sources\n- session:s1\n"},
			opts:  validate.Options{NoRequireSources: true},
		},
		{
			name:    "malformed citation items are warnings",
			files:   map[string]string{"pages/a/x.md": page("s1") + "- session:\n- session: spaced\n"},
			publish: []want{W("pages/a/x.md", validate.CodeMalformedSource)},
		},
		{
			name:    "only malformed citation items",
			files:   map[string]string{"pages/a/x.md": "# X\n\n## Sources\n- session:.bad " + secret + "\n"},
			publish: []want{E("pages/a/x.md", validate.CodeMissingSources), W("pages/a/x.md", validate.CodeMalformedSource)},
			read:    []want{W("pages/a/x.md", validate.CodeMissingSources), W("pages/a/x.md", validate.CodeMalformedSource)},
		},

		// Links.
		{
			name: "broken and external links are warnings only",
			files: map[string]string{
				"index.md":     "# Index\n\n- [gone](pages/gone/index.md)\n",
				"pages/a/x.md": page("s1") + "\n[missing](y.md) [web](https://example.com/" + secret + ") <mailto:a@b.c> [escape](../../../etc/passwd)\n",
			},
			publish: []want{
				W("index.md", validate.CodeBrokenLink),
				W("pages/a/x.md", validate.CodeBrokenLink),
				W("pages/a/x.md", validate.CodeExternalLink),
			},
			check: func(t *testing.T, r *validate.Report) {
				if !r.OK() || r.AsError() != nil {
					t.Errorf("links made the artifact invalid: %v", r.Problems)
				}
				for _, p := range r.Problems {
					if p.Path == "pages/a/x.md" && p.Code == validate.CodeBrokenLink && !strings.HasPrefix(p.Message, "2 link(s)") {
						t.Errorf("broken link count: %q", p.Message)
					}
					if p.Code == validate.CodeExternalLink && !strings.HasPrefix(p.Message, "2 link(s)") {
						t.Errorf("external link count: %q", p.Message)
					}
				}
			},
		},
		{
			name: "near miss: internal links that resolve",
			files: map[string]string{
				"pages/a/x.md":     page("s1") + "\n[y](y.md) [top](#top) [idx](../../index.md) [abs](/summary.md) [area](index.md?x=1)\n",
				"pages/a/y.md":     page("s1"),
				"pages/a/index.md": "[x](./x.md)\n",
			},
		},

		// Version.
		{
			name:    "unsupported artifact version",
			opts:    validate.Options{ArtifactVersion: ptr("2")},
			publish: []want{E(".", validate.CodeUnsupportedVersion)},
		},
		{
			name:    "empty artifact version",
			opts:    validate.Options{ArtifactVersion: ptr("")},
			publish: []want{E(".", validate.CodeUnsupportedVersion)},
		},
		{
			name: "near miss: supported artifact version",
			opts: validate.Options{ArtifactVersion: ptr(validate.SupportedArtifactVersion)},
		},

		// Erasure guard.
		{
			name:    "cites a forgotten session",
			files:   map[string]string{"pages/a/x.md": page("s1", "gone")},
			opts:    validate.Options{Guard: erasing},
			publish: []want{E("pages/a/x.md", validate.CodeErasedSource)},
			read:    []want{W("pages/a/x.md", validate.CodeErasedSource)},
		},
		{
			name:    "a forgotten session is reported as erased, not as unknown",
			files:   map[string]string{"pages/a/x.md": page("s1", "gone")},
			opts:    validate.Options{Guard: erasing, AllowedSessions: map[string]bool{"s1": true}},
			publish: []want{E("pages/a/x.md", validate.CodeErasedSource)},
			read:    []want{W("pages/a/x.md", validate.CodeErasedSource)},
		},
		{
			name: "forgotten content",
			files: map[string]string{
				"pages/a/x.md": page("s1") + "\nThis holds the forgotten phrase verbatim.\n",
				"summary.md":   "Also the forgotten phrase here.\n",
			},
			opts:    validate.Options{Guard: erasing},
			publish: []want{E("pages/a/x.md", validate.CodeErasedContent), E("summary.md", validate.CodeErasedContent)},
			check: func(t *testing.T, r *validate.Report) {
				if f := fileByPath(r, "pages/a/x.md"); f == nil || f.Facts.GuardEpoch != "" {
					t.Errorf("facts of erased content vouched clean: %+v", f)
				}
				if f := fileByPath(r, "index.md"); f == nil || f.Facts.GuardEpoch != "e1" {
					t.Errorf("facts of clean content not stamped with the guard epoch: %+v", f)
				}
			},
		},
		{
			name:  "near miss: guard with nothing matching",
			files: map[string]string{"pages/a/x.md": page("s1", "gone-not") + "\nforgotten, phrase\n"},
			opts:  validate.Options{Guard: erasing},
			check: func(t *testing.T, r *validate.Report) {
				for _, f := range r.Files {
					if f.Facts.GuardEpoch != "e1" {
						t.Errorf("%s: GuardEpoch = %q, want e1", f.Path, f.Facts.GuardEpoch)
					}
				}
			},
		},
	}

	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir, outside := t.TempDir(), t.TempDir()
			files := map[string]string{}
			if !tc.bare {
				files["summary.md"] = defaultSummary
				files["index.md"] = defaultIndex
			}
			for p, c := range tc.files {
				files[p] = c
			}
			writeFiles(t, dir, files)
			if tc.setup != nil {
				tc.setup(t, dir, outside)
			}
			contents := []string{secret}
			for _, c := range files {
				contents = append(contents, c)
			}
			for _, mode := range []validate.Mode{validate.ModePublish, validate.ModeRead} {
				expected := tc.publish
				if mode == validate.ModeRead && tc.read != nil {
					expected = tc.read
				}
				r := run(t, openDir(t, dir), tc.opts, mode)
				assertProblems(t, r, expected)
				assertNoLeak(t, r, contents...)
				if tc.check != nil {
					tc.check(t, r)
				}
			}
		})
	}
}

// msg0 returns the first problem's message, or "" when there is none.
func msg0(r *validate.Report) string {
	if len(r.Problems) == 0 {
		return ""
	}
	return r.Problems[0].Message
}
