package wiki

import (
	"errors"
	"strings"
	"testing"
)

func TestClassifyPathLegal(t *testing.T) {
	t.Parallel()
	seg64 := "a" + strings.Repeat("b", 63)
	tests := []struct {
		path  string
		isDir bool
		want  Kind
	}{
		{"summary.md", false, KindSummary},
		{"index.md", false, KindIndex},
		{"pages", true, KindPagesDir},
		{"pages/a", true, KindAreaDir},
		{"pages/0-area_x", true, KindAreaDir},
		{"pages/" + seg64, true, KindAreaDir},
		{"pages/a/index.md", false, KindAreaIndex},
		{"pages/a/b.md", false, KindPage},
		{"pages/area-1/slug_2-x.md", false, KindPage},
		{"pages/9/9.md", false, KindPage},
		{"pages/" + seg64 + "/" + seg64 + ".md", false, KindPage},
	}
	for _, tc := range tests {
		got, err := ClassifyPath(tc.path, tc.isDir)
		if err != nil {
			t.Errorf("ClassifyPath(%q, %v) error = %v, want kind %v", tc.path, tc.isDir, err, tc.want)
			continue
		}
		if got != tc.want {
			t.Errorf("ClassifyPath(%q, %v) = %v, want %v", tc.path, tc.isDir, got, tc.want)
		}
		if got.IsDir() != tc.isDir {
			t.Errorf("%v.IsDir() = %v for a path classified with isDir=%v", got, got.IsDir(), tc.isDir)
		}
	}
}

func TestClassifyPathRejected(t *testing.T) {
	t.Parallel()
	seg65 := "a" + strings.Repeat("b", 64)
	tests := []struct {
		path   string
		isDir  bool
		reason string // substring of PathError.Reason
	}{
		// Empty and unclean paths.
		{"", false, "empty path"},
		{".", true, "empty path"},
		{"/summary.md", false, "not a clean relative path"},
		{"pages/", true, "not a clean relative path"},
		{"pages//a", true, "not a clean relative path"},
		{"./summary.md", false, "dot segment"},
		{"pages/../summary.md", false, "dot segment"},
		{"pages/a/..", true, "dot segment"},
		{"..", true, "dot segment"},
		// Hidden entries, at any depth.
		{".DS_Store", false, "hidden entry at segment 1"},
		{".git", true, "hidden entry at segment 1"},
		{"pages/.a", true, "hidden entry at segment 2"},
		{"pages/a/.DS_Store", false, "hidden entry at segment 3"},
		{"pages/a/.md", false, "hidden entry at segment 3"},
		// Root level: only summary.md, index.md and pages/.
		{"notes.md", false, "may stand at the root"},
		{"Summary.md", false, "may stand at the root"},
		{"INDEX.md", false, "may stand at the root"},
		{"summary.md", true, "may stand at the root"},
		{"index.md", true, "may stand at the root"},
		{"pages", false, "may stand at the root"},
		{"summary.txt", false, "may stand at the root"},
		// Second level.
		{"other/a", true, "only pages/ may hold subfolders"},
		{"Pages/a", true, "only pages/ may hold subfolders"},
		{"pages/a.md", false, "must be inside an area folder"},
		{"pages/a", false, "must be inside an area folder"},
		{"pages/A", true, "area name"},
		{"pages/café", true, "area name"},
		{"pages/-a", true, "area name"},
		{"pages/_a", true, "area name"},
		{"pages/a b", true, "area name"},
		{"pages/a.b", true, "area name"},
		{"pages/" + seg65, true, "area name"},
		// Third level.
		{"other/a/b.md", false, "only pages/ may hold subfolders"},
		{"pages/A/b.md", false, "area name"},
		{"pages/café/b.md", false, "area name"},
		{"pages/a/b", true, "areas may not hold subfolders"},
		{"pages/a/index.md", true, "areas may not hold subfolders"},
		{"pages/a/b.txt", false, "must end in .md"},
		{"pages/a/b.MD", false, "must end in .md"},
		{"pages/a/b", false, "must end in .md"},
		{"pages/a/B.md", false, "page name"},
		{"pages/a/café.md", false, "page name"},
		{"pages/a/_b.md", false, "page name"},
		{"pages/a/b.md.md", false, "page name"},
		{"pages/a/b c.md", false, "page name"},
		{"pages/a/" + seg65 + ".md", false, "page name"},
		// Deeper nesting.
		{"pages/a/b/c.md", false, "nested 4 levels deep"},
		{"pages/a/b/c/d.md", false, "nested 5 levels deep"},
	}
	for _, tc := range tests {
		kind, err := ClassifyPath(tc.path, tc.isDir)
		if err == nil {
			t.Errorf("ClassifyPath(%q, %v) = %v, want an error", tc.path, tc.isDir, kind)
			continue
		}
		if kind != KindInvalid {
			t.Errorf("ClassifyPath(%q, %v) kind = %v alongside an error, want invalid", tc.path, tc.isDir, kind)
		}
		if !errors.Is(err, ErrInvalidPath) {
			t.Errorf("ClassifyPath(%q, %v) error %v does not match ErrInvalidPath", tc.path, tc.isDir, err)
		}
		var pe *PathError
		if !errors.As(err, &pe) {
			t.Errorf("ClassifyPath(%q, %v) error %T is not a *PathError", tc.path, tc.isDir, err)
			continue
		}
		if pe.Path != tc.path {
			t.Errorf("PathError.Path = %q, want %q", pe.Path, tc.path)
		}
		if !strings.Contains(pe.Reason, tc.reason) {
			t.Errorf("ClassifyPath(%q, %v) reason = %q, want it to mention %q", tc.path, tc.isDir, pe.Reason, tc.reason)
		}
		if want := tc.path + ": " + pe.Reason; err.Error() != want {
			t.Errorf("Error() = %q, want %q", err.Error(), want)
		}
	}
}

func TestKindMethods(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind    Kind
		name    string
		isDir   bool
		isIndex bool
	}{
		{KindInvalid, "invalid", false, false},
		{KindSummary, "summary", false, false},
		{KindIndex, "index", false, true},
		{KindPagesDir, "pages directory", true, false},
		{KindAreaDir, "area directory", true, false},
		{KindAreaIndex, "area index", false, true},
		{KindPage, "page", false, false},
		{Kind(99), "invalid", false, false},
	}
	for _, tc := range tests {
		if got := tc.kind.String(); got != tc.name {
			t.Errorf("Kind(%d).String() = %q, want %q", int(tc.kind), got, tc.name)
		}
		if got := tc.kind.IsDir(); got != tc.isDir {
			t.Errorf("%v.IsDir() = %v, want %v", tc.kind, got, tc.isDir)
		}
		if got := tc.kind.IsIndex(); got != tc.isIndex {
			t.Errorf("%v.IsIndex() = %v, want %v", tc.kind, got, tc.isIndex)
		}
	}
}

func TestValidSegment(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		want bool
	}{
		{"a", true},
		{"0", true},
		{"a-b_c9", true},
		{"a" + strings.Repeat("-", 63), true},
		{"a" + strings.Repeat("x", 63), true},
		{"a" + strings.Repeat("x", 64), false},
		{"", false},
		{"-a", false},
		{"_a", false},
		{"A", false},
		{"aB", false},
		{"a.b", false},
		{"a b", false},
		{"a/b", false},
		{"café", false},
		{"a\x00", false},
	}
	for _, tc := range tests {
		if got := ValidSegment(tc.s); got != tc.want {
			t.Errorf("ValidSegment(%q) = %v, want %v", tc.s, got, tc.want)
		}
		if got := ValidScope(tc.s); got != tc.want {
			t.Errorf("ValidScope(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestValidSessionID(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		id   string
		want bool
	}{
		{"single letter", "a", true},
		{"single digit", "7", true},
		{"uppercase", "ABC", true},
		{"uuid", "0f8e2b7c-3a1d-4e5f-9b6a-1c2d3e4f5a6b", true},
		{"all punctuation after first", "a._:-", true},
		{"underscores", "a_b_c_", true},
		{"colons", "codex:2025-01-01T10:00:00", true},
		{"length 128", "a" + strings.Repeat("b", 127), true},
		{"length 129", "a" + strings.Repeat("b", 128), false},
		{"empty", "", false},
		{"leading dot", ".a", false},
		{"leading underscore", "_a", false},
		{"leading colon", ":a", false},
		{"leading dash", "-a", false},
		{"space", "a b", false},
		{"slash", "a/b", false},
		{"newline", "a\n", false},
		{"non-ASCII", "é", false},
		{"non-ASCII inside", "aé", false},
		{"NUL", "a\x00", false},
		{"at sign", "a@b", false},
	}
	for _, tc := range tests {
		if got := ValidSessionID(tc.id); got != tc.want {
			t.Errorf("%s: ValidSessionID(%q) = %v, want %v", tc.name, tc.id, got, tc.want)
		}
	}
}
