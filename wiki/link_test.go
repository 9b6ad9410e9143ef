package wiki

import "testing"

func TestLinkTarget(t *testing.T) {
	t.Parallel()
	tests := []struct {
		from, dest string
		target     string
		external   bool
	}{
		{"pages/a/x.md", "y.md", "pages/a/y.md", false},
		{"pages/a/x.md", "./y.md", "pages/a/y.md", false},
		{"pages/a/x.md", "../b/z.md", "pages/b/z.md", false},
		{"pages/a/x.md", "../../index.md", "index.md", false},
		{"pages/a/x.md", "/summary.md", "summary.md", false},
		{"pages/a/x.md", "/pages/b/../c/d.md", "pages/c/d.md", false},
		{"index.md", "pages/a/index.md", "pages/a/index.md", false},
		{"pages/a/x.md", "y.md#part", "pages/a/y.md", false},
		{"pages/a/x.md", "y.md?q=1", "pages/a/y.md", false},
		{"pages/a/x.md", "my%20page.md", "pages/a/my page.md", false},
		// Links that escape the root stay relative and point nowhere.
		{"pages/a/x.md", "../../../etc/passwd", "../etc/passwd", false},
		// Fragment-only and empty links resolve to the page itself.
		{"pages/a/x.md", "#section", "pages/a/x.md", false},
		{"pages/a/x.md", "", "pages/a/x.md", false},
		{"pages/a/x.md", "   ", "pages/a/x.md", false},
		{"pages/a/x.md", "?q", "pages/a/x.md", false},
		{"pages/a/x.md", " y.md ", "pages/a/y.md", false},
		// External: a scheme or a host.
		{"pages/a/x.md", "https://example.com/a.md", "", true},
		{"pages/a/x.md", "http://example.com", "", true},
		{"pages/a/x.md", "mailto:me@example.com", "", true},
		{"pages/a/x.md", "session:abc", "", true},
		{"pages/a/x.md", "//example.com/a.md", "", true},
		{"pages/a/x.md", "file:///etc/passwd", "", true},
		// Unparsable destinations count as external, never as internal.
		{"pages/a/x.md", "%zz", "", true},
		{"pages/a/x.md", "http://[::1", "", true},
	}
	for _, tc := range tests {
		target, external := LinkTarget(tc.from, tc.dest)
		if target != tc.target || external != tc.external {
			t.Errorf("LinkTarget(%q, %q) = (%q, %v), want (%q, %v)", tc.from, tc.dest, target, external, tc.target, tc.external)
		}
	}
}
