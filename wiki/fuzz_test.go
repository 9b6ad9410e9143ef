package wiki

import (
	"bytes"
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
)

func FuzzClassifyPath(f *testing.F) {
	for _, seed := range []struct {
		p     string
		isDir bool
	}{
		{"summary.md", false},
		{"index.md", false},
		{"pages", true},
		{"pages/a", true},
		{"pages/a/index.md", false},
		{"pages/a/b.md", false},
		{"pages/A/b.md", false},
		{"pages/a/../b.md", false},
		{"pages/a/.b.md", false},
		{"pages/a/b/c.md", false},
		{"/pages//a/", true},
	} {
		f.Add(seed.p, seed.isDir)
	}
	f.Fuzz(func(t *testing.T, p string, isDir bool) {
		kind, err := ClassifyPath(p, isDir)
		if err != nil {
			if kind != KindInvalid {
				t.Fatalf("ClassifyPath(%q, %v) = %v with error %v", p, isDir, kind, err)
			}
			if !errors.Is(err, ErrInvalidPath) {
				t.Fatalf("ClassifyPath(%q, %v) error %v is not ErrInvalidPath", p, isDir, err)
			}
			return
		}
		if kind == KindInvalid {
			t.Fatalf("ClassifyPath(%q, %v) = invalid without an error", p, isDir)
		}
		if kind.IsDir() != isDir {
			t.Fatalf("ClassifyPath(%q, %v) = %v, whose IsDir is %v", p, isDir, kind, kind.IsDir())
		}
		// Every legal path is a valid io/fs path, so it can be opened in
		// any fs.FS, and is lowercase, so it is unique on case-insensitive
		// filesystems.
		if !fs.ValidPath(p) {
			t.Fatalf("legal path %q is not an fs.ValidPath", p)
		}
		if strings.ToLower(p) != p {
			t.Fatalf("legal path %q contains uppercase", p)
		}
		if strings.Contains(p, "..") {
			t.Fatalf("legal path %q contains ..", p)
		}
		segs := strings.Split(p, "/")
		for _, s := range segs {
			if strings.HasPrefix(s, ".") {
				t.Fatalf("legal path %q has a segment starting with a dot", p)
			}
		}
		if segs[0] != PagesDir && len(segs) > 1 {
			t.Fatalf("legal path %q has a subfolder other than pages/", p)
		}
		for _, s := range segs[1:] {
			if !ValidSegment(strings.TrimSuffix(s, PageExt)) {
				t.Fatalf("legal path %q has an illegal segment %q", p, s)
			}
		}
		if isDir {
			if len(segs) > 2 {
				t.Fatalf("legal directory %q is %d levels deep", p, len(segs))
			}
			return
		}
		if len(segs) > 3 {
			t.Fatalf("legal file %q is %d levels deep", p, len(segs))
		}
		if !strings.HasSuffix(p, PageExt) {
			t.Fatalf("legal file %q does not end in .md", p)
		}
		if len(segs) == 2 {
			t.Fatalf("legal file %q sits directly under pages/", p)
		}
	})
}

func FuzzParseSources(f *testing.F) {
	for _, seed := range []string{
		"# T\n\n## Sources\n- session:abc note\n- session:def\n",
		"## Sources\n- Older\n  - session:nested\n",
		"## Sources\n- session:\n- session: x\n- session:.bad\n",
		"Sources\n-------\n* session:a_b_ *c*\n\n### More\n1. session:z\n## End\n- session:no\n",
		"the session: was long\n",
		"## Sources\r- session:cr\r",
	} {
		f.Add([]byte(seed))
	}
	p := NewParser()
	f.Fuzz(func(t *testing.T, src []byte) {
		page := p.Parse(src)
		if page == nil {
			t.Fatal("Parse returned nil")
		}
		nlines := bytes.Count(src, []byte("\n")) + 1
		for _, s := range page.Sources {
			if !ValidSessionID(s.ID) {
				t.Fatalf("Source.ID %q is not a valid session id", s.ID)
			}
			if !bytes.Contains(src, []byte(SessionPrefix+s.ID)) {
				t.Fatalf("Source.ID %q does not appear after %q in the input", s.ID, SessionPrefix)
			}
			if s.Line < 1 || s.Line > nlines {
				t.Fatalf("Source %q on line %d of a %d-line input", s.ID, s.Line, nlines)
			}
			if s.Note != strings.TrimSpace(s.Note) {
				t.Fatalf("Source.Note %q is not trimmed", s.Note)
			}
		}
		if (len(page.Sources) > 0 || page.BadSources > 0) && !page.HasSourcesSection {
			t.Fatalf("%d sources and %d bad sources without a Sources section", len(page.Sources), page.BadSources)
		}
		for _, l := range page.Links {
			if l.Line < 0 || l.Line > nlines {
				t.Fatalf("link %q on line %d of a %d-line input", l.Dest, l.Line, nlines)
			}
		}
		if again := p.Parse(bytes.Clone(src)); !reflect.DeepEqual(page, again) {
			t.Fatalf("Parse is not deterministic:\n%+v\n%+v", page, again)
		}
	})
}
