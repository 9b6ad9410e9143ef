package wiki

import (
	"slices"
	"strings"
	"testing"
)

// Ensure that every generated line reads back as what it was written
// from, and that the parsers refuse lines of another form.
func TestGeneratedLinesRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		area string
		n    int
	}{{"facts", 1}, {"my-area_2", 42}} {
		l := AreaCountLine(tc.area, tc.n)
		area, n, ok := ParseAreaCountLine(l)
		if !ok || area != tc.area || n != tc.n {
			t.Errorf("ParseAreaCountLine(%q) = %q, %d, %v", l, area, n, ok)
		}
	}
	if _, _, ok := ParseAreaCountLine("- [a](pages/b/index.md): 1 page(s)"); ok {
		t.Error("an area line linking another area parsed")
	}
	for _, counts := range [][]AreaCount{{}, {{"facts", 2}}, {{"a", 1}, {"b", 3}}} {
		l := SummaryCountsLine(counts)
		got, ok := ParseSummaryCounts(l)
		if !ok || !slices.Equal(got, counts) || !IsSummaryCountsLine(l) {
			t.Errorf("ParseSummaryCounts(%q) = %v, %v; want %v", l, got, ok, counts)
		}
	}
	if _, ok := ParseSummaryCounts("Statements the user asked to keep or stated as durable: x y. Start at index.md."); ok {
		t.Error("a count line with a count that is not a number parsed")
	}
	if l := MoreLine(7); !IsMoreLine(l) || IsMoreLine("7 more") {
		t.Errorf("IsMoreLine(%q) is false", l)
	}
	if l := ForgetNote(3); !strings.HasSuffix(l, " 3 "+ForgetNotePhrase) {
		t.Errorf("ForgetNote(3) = %q does not end with the phrase", l)
	}
}
