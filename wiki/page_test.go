package wiki

import (
	"reflect"
	"strings"
	"sync"
	"testing"
)

func TestParse(t *testing.T) {
	t.Parallel()
	long := "a" + strings.Repeat("b", 127)
	tests := []struct {
		name       string
		src        string
		title      string
		hasSources bool
		sources    []Source
		bad        int
	}{
		{
			name:  "empty",
			src:   "",
			title: "",
		},
		{
			name:  "no heading",
			src:   "just prose\n",
			title: "",
		},
		{
			name:  "title from H1",
			src:   "# Build system\n\nWe use make.\n",
			title: "Build system",
		},
		{
			name:  "H1 wins over an earlier H2",
			src:   "## Intro\n\n# Real title\n\n# Second H1\n",
			title: "Real title",
		},
		{
			name:  "fallback to first heading",
			src:   "### Deep first\n\n## Then H2\n",
			title: "Deep first",
		},
		{
			name:  "empty H1 is skipped",
			src:   "#\n\n## Next\n",
			title: "Next",
		},
		{
			name:  "ATX closing sequence and padding are dropped",
			src:   "#   Padded title   ##\n",
			title: "Padded title",
		},
		{
			name:  "setext H1",
			src:   "Setext title\n============\n\nbody\n",
			title: "Setext title",
		},
		{
			name:       "setext H2 Sources heading",
			src:        "# T\n\nSources\n-------\n- session:abc\n",
			title:      "T",
			hasSources: true,
			sources:    []Source{{ID: "abc", Line: 5}},
		},
		{
			name:       "items with notes",
			src:        "# T\n\n## Sources\n\n- session:abc   discussed the build   \n- session:def (2025-01-02)\n- session:ghi\n",
			title:      "T",
			hasSources: true,
			sources: []Source{
				{ID: "abc", Note: "discussed the build", Line: 5},
				{ID: "def", Note: "(2025-01-02)", Line: 6},
				{ID: "ghi", Line: 7},
			},
		},
		{
			name:       "note starts right after the id",
			src:        "## Sources\n- session:abc,def\n- session:x/y\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "abc", Note: ",def", Line: 2}, {ID: "x", Note: "/y", Line: 3}},
		},
		{
			name:       "multiple lists under Sources",
			src:        "## Sources\n\n- session:a\n\nSome prose between lists.\n\n* session:b\n\n1. session:c\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "a", Line: 3}, {ID: "b", Line: 7}, {ID: "c", Line: 9}},
		},
		{
			name:       "section ends at the next level-2 heading",
			src:        "## Sources\n- session:a\n\n## Other\n- session:b\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "a", Line: 2}},
		},
		{
			name:       "section ends at the next level-1 heading",
			src:        "## Sources\n- session:a\n\n# Appendix\n- session:b\n",
			title:      "Appendix",
			hasSources: true,
			sources:    []Source{{ID: "a", Line: 2}},
		},
		{
			name:       "level-3 heading does not end the section",
			src:        "## Sources\n- session:a\n\n### Older\n- session:b\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "a", Line: 2}, {ID: "b", Line: 5}},
		},
		{
			name:       "a second Sources section counts too",
			src:        "## Sources\n- session:a\n## Notes\n- session:x\n## Sources\n- session:b\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "a", Line: 2}, {ID: "b", Line: 6}},
		},
		{
			name:  "### Sources is not a Sources heading",
			src:   "# T\n\n### Sources\n- session:abc\n",
			title: "T",
		},
		{
			name:  "# Sources is not a Sources heading",
			src:   "# Sources\n- session:abc\n",
			title: "Sources",
		},
		{
			name:  "heading text must be exactly Sources",
			src:   "# T\n## Sources and notes\n- session:abc\n",
			title: "T",
		},
		{
			name:       "Sources heading is case-insensitive",
			src:        "# T\n## sources\n- session:abc\n",
			title:      "T",
			hasSources: true,
			sources:    []Source{{ID: "abc", Line: 3}},
		},
		{
			name:       "Sources section without items",
			src:        "# T\n\n## Sources\n\nNone yet.\n",
			title:      "T",
			hasSources: true,
		},
		{
			name:       "items in a nested sub-list",
			src:        "## Sources\n- Earlier sessions\n  - session:a first\n  - session:b\n    - session:c deep\n- session:d\n",
			title:      "Sources",
			hasSources: true,
			sources: []Source{
				{ID: "a", Note: "first", Line: 3},
				{ID: "b", Line: 4},
				{ID: "c", Note: "deep", Line: 5},
				{ID: "d", Line: 6},
			},
		},
		{
			name:       "item that is itself a list",
			src:        "## Sources\n- - session:a\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "a", Line: 2}},
		},
		{
			name:       "loose list and lazy continuation",
			src:        "## Sources\n\n- session:a\nsession:lazy\n\n- session:b\n\n  more about b\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "a", Line: 3}, {ID: "b", Line: 6}},
		},
		{
			name:       "malformed ids are counted in BadSources",
			src:        "## Sources\n- session:\n- session: spaced\n- session:.dot\n- session:_under\n- session:" + long + "x\n- session:ok\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: "ok", Line: 7}},
			bad:        5,
		},
		{
			name:       "a 128-byte id is legal",
			src:        "## Sources\n- session:" + long + " note\n",
			title:      "Sources",
			hasSources: true,
			sources:    []Source{{ID: long, Note: "note", Line: 2}},
		},
		{
			name:       "items not starting with session: are ignored",
			src:        "## Sources\n- see session:abc\n- Session:abc\n- `session:abc`\n- [session:abc](x.md)\n",
			title:      "Sources",
			hasSources: true,
		},
		{
			name:       "underscores are not emphasis",
			src:        "## Sources\n- session:a_b_c_d\n- session:x_y_ *really* _important_\n- session:snake__case__id\n",
			title:      "Sources",
			hasSources: true,
			sources: []Source{
				{ID: "a_b_c_d", Line: 2},
				{ID: "x_y_", Note: "*really* _important_", Line: 3},
				{ID: "snake__case__id", Line: 4},
			},
		},
		{
			name:       "prose outside Sources is not a citation",
			src:        "# T\n\nthe session: was long, see session:abc.\n\n- session:listed-before\n\n## Sources\n\nsession:prose-in-section\n\n- session:real\n",
			title:      "T",
			hasSources: true,
			sources:    []Source{{ID: "real", Line: 11}},
		},
		{
			name:       "code blocks and quotes under Sources are not lists",
			src:        "## Sources\n\n```\n- session:fenced\n```\n\n> - session:quoted\n",
			title:      "Sources",
			hasSources: true,
		},
		{
			name:       "CRLF line endings",
			src:        "# T\r\n\r\n## Sources\r\n- session:abc note\r\n",
			title:      "T",
			hasSources: true,
			sources:    []Source{{ID: "abc", Note: "note", Line: 4}},
		},
	}
	p := NewParser()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			page := p.Parse([]byte(tc.src))
			if page.Title != tc.title {
				t.Errorf("Title = %q, want %q", page.Title, tc.title)
			}
			if page.HasSourcesSection != tc.hasSources {
				t.Errorf("HasSourcesSection = %v, want %v", page.HasSourcesSection, tc.hasSources)
			}
			if len(page.Sources) != 0 || len(tc.sources) != 0 {
				if !reflect.DeepEqual(page.Sources, tc.sources) {
					t.Errorf("Sources = %+v, want %+v", page.Sources, tc.sources)
				}
			}
			if page.BadSources != tc.bad {
				t.Errorf("BadSources = %d, want %d", page.BadSources, tc.bad)
			}
		})
	}
}

func TestParseLinks(t *testing.T) {
	t.Parallel()
	src := "# T\n\n" +
		"See [build](../build/make.md) and ![diagram](img/d.png).\n\n" +
		"<https://example.com/x>\n\n" +
		"- item with [a link](#section)\n\n" +
		"## Sources\n- session:abc per [other](other.md)\n\n" +
		"[ref]: /index.md\n\nUse [ref].\n\n" +
		"`[not](a-link.md)` and\n\n    [indented](code.md)\n"
	page := NewParser().Parse([]byte(src))
	want := []Link{
		{Dest: "../build/make.md", Line: 3},
		{Dest: "img/d.png", Line: 3},
		{Dest: "https://example.com/x", Line: 5},
		{Dest: "#section", Line: 7},
		{Dest: "other.md", Line: 10},
		{Dest: "/index.md", Line: 14},
	}
	if !reflect.DeepEqual(page.Links, want) {
		t.Errorf("Links =\n%+v\nwant\n%+v", page.Links, want)
	}
	if !reflect.DeepEqual(page.Sources, []Source{{ID: "abc", Note: "per [other](other.md)", Line: 10}}) {
		t.Errorf("Sources = %+v", page.Sources)
	}
}

func TestParseNeverFails(t *testing.T) {
	t.Parallel()
	p := NewParser()
	inputs := [][]byte{
		nil,
		{0},
		{0xff, 0xfe, 0x00, '#', ' ', 'x'},
		[]byte(strings.Repeat("- ", 2000) + "session:deep\n"),
		[]byte(strings.Repeat("> ", 500) + "## Sources\n"),
		[]byte(strings.Repeat("[", 5000)),
		[]byte("## Sources\n- session:\xff\xfe\n"),
	}
	for _, in := range inputs {
		page := p.Parse(in)
		if page == nil {
			t.Fatalf("Parse(%q) = nil", in)
		}
		for _, s := range page.Sources {
			if !ValidSessionID(s.ID) {
				t.Errorf("Parse(%q) returned illegal id %q", in, s.ID)
			}
		}
	}
}

func TestParserConcurrent(t *testing.T) {
	t.Parallel()
	p := NewParser()
	src := []byte("# T\n\n## Sources\n- session:a\n- session:b note\n\n[x](y.md)\n")
	want := p.Parse(src)
	var wg sync.WaitGroup
	results := make([]*Page, 16)
	for i := range results {
		wg.Go(func() { results[i] = p.Parse(src) })
	}
	wg.Wait()
	for i, got := range results {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("goroutine %d: Parse = %+v, want %+v", i, got, want)
		}
	}
}

func TestSessionIDs(t *testing.T) {
	t.Parallel()
	page := NewParser().Parse([]byte("## Sources\n- session:b\n- session:a one\n- session:b again\n- session:c\n- session:a\n"))
	if got, want := page.SessionIDs(), []string{"b", "a", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("SessionIDs() = %q, want %q", got, want)
	}
	if len(page.Sources) != 5 {
		t.Errorf("Sources has %d items, want all 5 including repeats", len(page.Sources))
	}
	if got := (&Page{}).SessionIDs(); len(got) != 0 {
		t.Errorf("SessionIDs() of an empty page = %q, want none", got)
	}
}
