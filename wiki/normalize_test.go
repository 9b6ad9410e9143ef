package wiki

import (
	"slices"
	"testing"
)

// Ensure that case, spacing, punctuation and Unicode composition do not
// change tokens, and that different words do.
func TestTokens(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"+1 (555) 123-4567", []string{"1", "555", "123", "4567"}},
		{"call 1-555-123-4567 NOW", []string{"call", "1", "555", "123", "4567", "now"}},
		{"Café", []string{"café"}},
		{"Cafe\u0301", []string{"café"}}, // decomposed é composes under NFC
		{"STRASSE straße", []string{"strasse", "strasse"}},
		{"  ... ", nil},
	}
	for _, c := range cases {
		if got := Tokens(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Tokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
