package hear

import (
	"slices"
	"testing"
)

// Ensure that a sentence splits at its commas, Latin and CJK, and that a
// comma between digits (a decimal comma, a thousands mark) is part of its
// number.
func TestCommaPartsKeepNumbers(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"die Gebühr ist 0,50 € pro Tag, ab Juni", []string{"die Gebühr ist 0,50 € pro Tag", "ab Juni"}},
		{"the fee is ¥1,000, paid at the counter", []string{"the fee is ¥1,000", "paid at the counter"}},
		{"a, b,c", []string{"a", "b", "c"}},
		{"冷库修好了，周三不用再避开了", []string{"冷库修好了", "周三不用再避开了"}},
		{"1, 2, 3", []string{"1", "2", "3"}},
	} {
		if got := commaParts(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("commaParts(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
