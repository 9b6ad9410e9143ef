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

// Ensure that the ASCII fast path tokenizes exactly as the Unicode path.
func TestASCIITokensMatchUnicode(t *testing.T) {
	var all []byte
	for c := range 128 {
		all = append(all, byte(c), 'x', byte(c), ' ')
	}
	for _, s := range []string{string(all), "Call BOB at +1 (555) 010-9999!", "a\tb\nc\r\nD_E-f.g", ""} {
		if got, want := asciiTokens(s), unicodeTokens(s); !slices.Equal(got, want) {
			t.Errorf("asciiTokens(%q) = %q, unicode path %q", s, got, want)
		}
	}
}

func FuzzASCIITokens(f *testing.F) {
	f.Add("Call BOB at +1 (555) 010-9999!")
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		for i := range b {
			b[i] &= 0x7f
		}
		s = string(b)
		if got, want := asciiTokens(s), unicodeTokens(s); !slices.Equal(got, want) {
			t.Fatalf("asciiTokens(%q) = %q, unicode path %q", s, got, want)
		}
	})
}
