package builtin

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/internal/synthmem"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

func TestIndexClaim(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The user said: “no ORMs here.”", "“no ORMs here.”"},
		{"The user (Diego) said: “no emojis”", "Diego: “no emojis”"},
		{"The user agreed to the assistant's proposal: “Tag everything?”", "Agreed: “Tag everything?”"},
		{"Asked “Which region?”, the user answered: “us-east-2”", "Asked “Which region?”: “us-east-2”"},
		{"On the question “where's the state?”, the user said: “harbor-tf-state”", "Asked “where's the state?”: “harbor-tf-state”"},
		{"Migrations are append-only.", "Migrations are append-only."},
		{"The user (a) (b) said: “x”", "The user (a) (b) said: “x”"},
	}
	for _, tt := range tests {
		if got := indexClaim(tt.in); got != tt.want {
			t.Errorf("indexClaim(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Ensure that the indexes rendered from pages only scanned (their claim
// lines, whose index lines the scan makes) are those rendered from the
// same pages parsed in full.
func TestRenderIndexes_ScannedAsParsed(t *testing.T) {
	r := newBatchRun(t)
	all := synthmem.Generate(40, 150, 1)
	for i := 0; i < len(all); i += 10 {
		r.stage(t, all[i:min(i+10, len(all))])
		if _, err := (Dreamer{}).Dream(t.Context(), r.dir); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(filepath.Join(r.dir, dream.MemoryDir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	render := func(full bool) indexSet {
		m := newMemory(validate.Limits{}, nil)
		if _, err := m.load(root); err != nil {
			t.Fatal(err)
		}
		if full {
			m.openAll()
		}
		return m.renderIndexesNow()
	}
	scanned, parsed := render(false), render(true)
	if len(parsed.files[wiki.IndexFile]) < 1000 {
		t.Fatalf("index.md holds %d bytes; too few to tell", len(parsed.files[wiki.IndexFile]))
	}
	for p, want := range parsed.files {
		if got := scanned.files[p]; !bytes.Equal(got, want) {
			t.Errorf("%s differs when its pages were only scanned:\n%s\nvs parsed:\n%s", p, got, want)
		}
	}
	if len(scanned.files) != len(parsed.files) || !bytes.Equal(scanned.summary, parsed.summary) {
		t.Errorf("the index files or summary.md differ: %d vs %d files", len(scanned.files), len(parsed.files))
	}
}

// Ensure that listing orders claims most durable first, then most
// recently confirmed, then newest, then by page and text, whether or not
// their generations fit the packed rank.
func TestListing_Order(t *testing.T) {
	for _, base := range []int{0, 1 << 30} {
		m := newMemory(validate.Limits{}, nil)
		var want []string
		for i, pg := range []string{"pages/a/x.md", "pages/b/y.md"} {
			p := &page{path: pg, area: "a"}
			for j := range 12 {
				s := stub{text: fmt.Sprintf("c%d-%d", i, j), current: j%5 != 4, key: j % 3, seen: base + j%4, since: base + j%2}
				s.line = s.text
				p.stubs = append(p.stubs, s)
			}
			m.pages[pg] = p
		}
		for _, p := range m.pages {
			for _, s := range p.stubs {
				if s.current {
					want = append(want, fmt.Sprintf("%d/%d/%d/%s/%s", s.key, -s.seen, -s.since, p.path, s.text))
				}
			}
		}
		slices.SortFunc(want, func(a, b string) int {
			var ka, sa, ta, kb, sb, tb int
			var ra, rb string
			fmt.Sscanf(a, "%d/%d/%d/%s", &ka, &sa, &ta, &ra)
			fmt.Sscanf(b, "%d/%d/%d/%s", &kb, &sb, &tb, &rb)
			return cmp.Or(ka-kb, sa-sb, ta-tb, strings.Compare(ra, rb))
		})
		var got []string
		for _, e := range m.listing() {
			got = append(got, fmt.Sprintf("%d/%d/%d/%s/%s", e.key, -e.seen, -e.since, e.page.path, e.text))
		}
		if !slices.Equal(got, want) {
			t.Errorf("generations from %d: listing\n%v\nwant\n%v", base, got, want)
		}
	}
}

// Ensure that gist, which passes over joining words where nothing needs
// it, says what joining every run of space would: at either end, two in a
// row, tabs, line breaks and spaces beyond ASCII (U+0085, U+00A0, U+3000)
// are each one space, and a claim over gistRunes is clipped alike.
func TestGistSpaces(t *testing.T) {
	long := strings.Repeat("word ", 60)
	for _, s := range []string{
		"", " ", "a", "a b", " a b", "a b ", "a  b", "a\tb", "a\nb", "a\r\nb", "a\u00a0b", "a\u0085b", "a\u3000b", "a\u2003b",
		"Das Deploy-Fenster ist Dienstag 14:00.", "週報は金曜に出す", "a \u00a0b", long, long + "\t" + long, strings.TrimSpace(long),
	} {
		if got, want := gist(s), clip(strings.Join(strings.Fields(s), " "), gistRunes); got != want {
			t.Errorf("gist(%q) = %q, want %q", s, got, want)
		}
	}
}
