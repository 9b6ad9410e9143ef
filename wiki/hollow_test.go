package wiki

import "testing"

func TestHollow(t *testing.T) {
	tests := []struct {
		name, page string
		hollow     bool
	}{
		{"heading and sources only", "# Build\n\n<!-- memfs-builtin page area=project -->\n\n## Sources\n\n- session:s1\n", true},
		{"a claim left", "# Build\n\n- The build image is node:22.\n\n## Sources\n\n- session:s1\n", false},
		{"prose", "# Notes\n\nWritten by hand.\n", false},
		{"a multi-line comment", "# T\n\n<!--\nnothing\n-->\n\n## Sources\n\n- session:s1\n", true},
		{"text after the sources", "# T\n\n## Sources\n\n- session:s1\n\n## More\n\nA fact.\n", false},
		{"text after a comment", "# T\n\n<!-- c --> a fact\n", false},
		{"empty", "", true},
	}
	for _, tt := range tests {
		if got := Hollow([]byte(tt.page)); got != tt.hollow {
			t.Errorf("%s: Hollow = %v, want %v", tt.name, got, tt.hollow)
		}
	}
}

func TestRegenerateMore(t *testing.T) {
	const head = "# Summary\n\n- A. ([page](pages/a/x.md); session:s1)\n- B. ([page](pages/b/y.md); session:s1)\n"
	tests := []struct{ name, in, want string }{
		{"stale count", head + "\n5 more in index.md.\n\n" + SummaryCountsLine([]AreaCount{{"a", 2}, {"b", 1}}) + "\n",
			head + "\n1 more in index.md.\n\n" + SummaryCountsLine([]AreaCount{{"a", 2}, {"b", 1}}) + "\n"},
		{"nothing more", head + "\n5 more in index.md.\n\n" + SummaryCountsLine([]AreaCount{{"a", 1}, {"b", 1}}) + "\n",
			head + "\n" + SummaryCountsLine([]AreaCount{{"a", 1}, {"b", 1}}) + "\n"},
		{"a line stripped", head + "\n" + SummaryCountsLine([]AreaCount{{"a", 2}, {"b", 2}}) + "\n",
			head + "\n2 more in index.md.\n\n" + SummaryCountsLine([]AreaCount{{"a", 2}, {"b", 2}}) + "\n"},
		{"no count line", head + "\n3 more in index.md.\n", head + "\n3 more in index.md.\n"},
	}
	for _, tt := range tests {
		got, _ := RegenerateMore([]byte(tt.in))
		if string(got) != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}
