package dream

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// reClaimCitation is what claimCitations reads, as an expression.
var reClaimCitation = regexp.MustCompile(`session:([A-Za-z0-9][A-Za-z0-9._:-]{0,127}?)[.:]?\s+entry:([A-Za-z0-9][A-Za-z0-9._:-]{0,127})`)

// byExpression is what reClaimCitation finds in raw, as "session entry".
func byExpression(raw []byte) []string {
	var out []string
	for _, m := range reClaimCitation.FindAllSubmatch(raw, -1) {
		out = append(out, string(m[1])+" "+string(m[2]))
	}
	return out
}

// byScan is what claimCitations finds in raw, as "session entry".
func byScan(raw []byte) []string {
	var out []string
	claimCitations(raw, func(s, e string) { out = append(out, s+" "+e) })
	return out
}

// Ensure that claimCitations reads a page's claim citations as the
// expression does: ids ending in punctuation, long ids, white space of
// every kind, ids with no entry, citations run together.
func TestClaimCitations(t *testing.T) {
	long := strings.Repeat("a", 128)
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"claim", "  - Sources: session:s1 entry:u2; session:s2 entry:a.b", []string{"s1 u2", "s2 a.b"}},
		{"id ending in a colon", "session:s1: entry:e1", []string{"s1 e1"}},
		{"id ending in two colons", "session:s1:: entry:e1", []string{"s1: e1"}},
		{"id ending in a dot", "session:s1.\tentry:e1.", []string{"s1 e1."}},
		{"newline between", "session:s1\n\r\fentry:e1", []string{"s1 e1"}},
		{"no space", "session:s1entry:e1", nil},
		{"comma", "session:s1, entry:e1", nil},
		{"no entry", "session:s1 and session:s2 entry:e2", []string{"s2 e2"}},
		{"bad first character", "session:-s1 entry:e1 session:s2 entry:_e", nil},
		{"longest session id", "session:" + long + " entry:e", []string{long + " e"}},
		{"longest session id and a dot", "session:" + long + ". entry:e", []string{long + " e"}},
		{"session id too long", "session:" + long + "b entry:e", nil},
		{"entry id cut", "session:s entry:" + long + "bsession:t entry:f", []string{"s " + long, "t f"}},
		{"session inside an id", "session:xsession:s1 entry:e1", []string{"xsession:s1 e1"}},
		{"unicode", "session:s1 entry:é session:s2 entry:e2", []string{"s2 e2"}},
		{"end of text", "session:s1 entry:", nil},
		{"empty", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := byScan([]byte(tc.src))
			if !slices.Equal(got, tc.want) {
				t.Errorf("claimCitations = %q, want %q", got, tc.want)
			}
			if want := byExpression([]byte(tc.src)); !slices.Equal(got, want) {
				t.Errorf("claimCitations = %q, the expression %q", got, want)
			}
		})
	}
}

// FuzzClaimCitations holds claimCitations to the expression it reads.
func FuzzClaimCitations(f *testing.F) {
	f.Add([]byte("- The build image is node:22. <!-- memfs-builtin claim area=project -->\n  - Sources: session:s1 entry:u2; session:s2. entry:u3\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if got, want := byScan(raw), byExpression(raw); !slices.Equal(got, want) {
			t.Fatalf("claimCitations = %q, the expression %q", got, want)
		}
	})
}
