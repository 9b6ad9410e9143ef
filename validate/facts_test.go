package validate_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// invalidOnDisk is the on-disk content of the cached page: invalid UTF-8, so
// any read of it shows up as invalid_encoding. It also holds the phrase the
// test guard has forgotten.
const invalidOnDisk = "# X\n\nthe forgotten phrase \xff\xfe\n\n## Sources\n- session:s1\n"

func TestFactCache(t *testing.T) {
	t.Parallel()
	clean := validate.Facts{ValidUTF8: true, HasSourcesSection: true, Sources: []string{"s1"}}
	withEpoch := func(f validate.Facts, epoch string) validate.Facts { f.GuardEpoch = epoch; return f }

	tests := []struct {
		name   string
		cached map[string]validate.Facts
		opts   validate.Options
		// read says whether x.md must be read from disk.
		read bool
		want []want
	}{
		{
			name:   "cached facts replace reading the file",
			cached: map[string]validate.Facts{"pages/a/x.md": clean},
		},
		{
			name: "near miss: a cache miss reads the file",
			read: true,
			want: []want{E("pages/a/x.md", validate.CodeInvalidEncoding)},
		},
		{
			name:   "cached facts are still checked: allow-list",
			cached: map[string]validate.Facts{"pages/a/x.md": {ValidUTF8: true, Sources: []string{"s9"}}},
			opts:   validate.Options{AllowedSessions: map[string]bool{"s1": true}},
			want:   []want{E("pages/a/x.md", validate.CodeUnknownSource)},
		},
		{
			name:   "cached facts are still checked: encoding, sources and links",
			cached: map[string]validate.Facts{"pages/a/x.md": {ValidUTF8: true, HasNUL: true}, "pages/a/index.md": {ValidUTF8: true, Links: []string{"gone.md", "x.md"}, BadSources: 1}},
			want: []want{
				E("pages/a/x.md", validate.CodeInvalidEncoding),
				W("pages/a/index.md", validate.CodeBrokenLink),
				W("pages/a/index.md", validate.CodeMalformedSource),
			},
		},
		{
			name:   "cached facts are still checked: forgotten session",
			cached: map[string]validate.Facts{"pages/a/x.md": withEpoch(validate.Facts{ValidUTF8: true, Sources: []string{"gone"}}, "e2")},
			opts:   validate.Options{Guard: &fakeGuard{epoch: "e2", sessions: map[string]bool{"gone": true}}},
			want:   []want{E("pages/a/x.md", validate.CodeErasedSource)},
		},
		{
			name:   "facts checked under the current guard epoch are trusted",
			cached: map[string]validate.Facts{"pages/a/x.md": withEpoch(clean, "e2")},
			opts:   validate.Options{Guard: &fakeGuard{epoch: "e2", phrases: []string{"forgotten phrase"}}},
		},
		{
			name:   "facts checked under an older guard epoch are read again",
			cached: map[string]validate.Facts{"pages/a/x.md": withEpoch(clean, "e1")},
			opts:   validate.Options{Guard: &fakeGuard{epoch: "e2", phrases: []string{"forgotten phrase"}}},
			read:   true,
			want:   []want{E("pages/a/x.md", validate.CodeErasedContent), E("pages/a/x.md", validate.CodeInvalidEncoding)},
		},
		{
			name:   "facts no guard checked are read again under a guard",
			cached: map[string]validate.Facts{"pages/a/x.md": clean},
			opts:   validate.Options{Guard: &fakeGuard{epoch: "e2", phrases: []string{"forgotten phrase"}}},
			read:   true,
			want:   []want{E("pages/a/x.md", validate.CodeErasedContent), E("pages/a/x.md", validate.CodeInvalidEncoding)},
		},
		{
			// An empty GuardEpoch means "not found clean"; a guard whose
			// epoch is empty must not take it as a match.
			name:   "unchecked facts are read again under a guard with an empty epoch",
			cached: map[string]validate.Facts{"pages/a/x.md": clean},
			opts:   validate.Options{Guard: &fakeGuard{epoch: "", phrases: []string{"forgotten phrase"}}},
			read:   true,
			want:   []want{E("pages/a/x.md", validate.CodeErasedContent), E("pages/a/x.md", validate.CodeInvalidEncoding)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"summary.md":       defaultSummary,
				"index.md":         defaultIndex,
				"pages/a/index.md": "# A\n\n- [x](x.md)\n",
				"pages/a/x.md":     invalidOnDisk,
			})
			cache := &fakeCache{facts: tc.cached}
			fsys := &recordFS{inner: openDir(t, dir)}
			opts := tc.opts
			opts.Facts = cache
			r := run(t, fsys, opts, validate.ModePublish)
			assertProblems(t, r, tc.want)

			if got := fsys.wasOpened("pages/a/x.md"); got != tc.read {
				t.Errorf("x.md opened = %v, want %v", got, tc.read)
			}
			f := fileByPath(r, "pages/a/x.md")
			if f == nil {
				t.Fatal("x.md missing from Files")
			}
			if tc.read {
				if string(f.Content) != invalidOnDisk {
					t.Errorf("Content = %q, want the bytes on disk", f.Content)
				}
			} else {
				if f.Content != nil {
					t.Errorf("Content = %q for a cached file, want nil", f.Content)
				}
				if !reflect.DeepEqual(f.Facts, tc.cached["pages/a/x.md"]) {
					t.Errorf("Facts = %+v, want the cached %+v", f.Facts, tc.cached["pages/a/x.md"])
				}
			}
			// Every accepted file was looked up, with its lstat info.
			cache.mu.Lock()
			defer cache.mu.Unlock()
			var looked []string
			for p, info := range cache.lookups {
				looked = append(looked, p)
				if fi := fileByPath(r, p); fi == nil || info != fi.Info {
					t.Errorf("Lookup(%s) got info %v, not the file's lstat info", p, info)
				}
			}
			slices.Sort(looked)
			if want := filePaths(r); !slices.Equal(looked, want) {
				t.Errorf("looked up %q, want %q", looked, want)
			}
			if info := cache.lookups["pages/a/x.md"]; info == nil || info.Size() != int64(len(invalidOnDisk)) {
				t.Errorf("Lookup(x.md) info = %v, want size %d", info, len(invalidOnDisk))
			}
		})
	}
}

func TestAnalyze(t *testing.T) {
	t.Parallel()
	p := wiki.NewParser()
	src := []byte("# T\n[l](x.md)\n\n## Sources\n- session:a\n- session:b\n- session:a\n- session:\n")
	tests := []struct {
		name    string
		kind    wiki.Kind
		content []byte
		want    validate.Facts
	}{
		{"page", wiki.KindPage, src, validate.Facts{ValidUTF8: true, HasSourcesSection: true, Sources: []string{"a", "b"}, BadSources: 1, Links: []string{"x.md"}}},
		{"area index is parsed", wiki.KindAreaIndex, src, validate.Facts{ValidUTF8: true, HasSourcesSection: true, Sources: []string{"a", "b"}, BadSources: 1, Links: []string{"x.md"}}},
		{"summary is not parsed", wiki.KindSummary, src, validate.Facts{ValidUTF8: true}},
		{"invalid UTF-8 is not parsed", wiki.KindPage, append([]byte{0xff}, src...), validate.Facts{}},
		{"NUL is not parsed", wiki.KindPage, append([]byte{0}, src...), validate.Facts{ValidUTF8: true, HasNUL: true, HasControl: true}},
		{"escape is parsed", wiki.KindSummary, []byte("a\x1b[2Jb"), validate.Facts{ValidUTF8: true, HasControl: true}},
		{"C1 control", wiki.KindSummary, []byte("a\u009bb"), validate.Facts{ValidUTF8: true, HasControl: true}},
		{"tab, CR, LF and Unicode are fine", wiki.KindSummary, []byte("a\tb\r\nüñ — 🙂\u00a0"), validate.Facts{ValidUTF8: true}},
		{"empty", wiki.KindPage, nil, validate.Facts{ValidUTF8: true}},
	}
	for _, tc := range tests {
		if got := validate.Analyze(p, tc.kind, tc.content); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Analyze = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
