package wiki

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Tokens normalizes text for erasure matching — Unicode NFC, case folding —
// and splits it into runs of letters and digits. Spacing and punctuation
// never matter: "+1 (555) 123-4567" and "1-555-123-4567" give the same
// tokens.
func Tokens(s string) []string {
	if ascii(s) {
		return asciiTokens(s)
	}
	return unicodeTokens(s)
}

func unicodeTokens(s string) []string {
	folded := cases.Fold().String(norm.NFC.String(s))
	return strings.FieldsFunc(folded, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// asciiTokens is Tokens for ASCII text, where NFC changes nothing, case
// folding is lowering A-Z, and letters and digits are [A-Za-z0-9]: the
// same result without the Unicode tables, several times faster.
func asciiTokens(s string) []string {
	var out []string
	buf := make([]byte, 0, len(s))
	start := -1
	for i := 0; i <= len(s); i++ {
		var c byte
		alnum := false
		if i < len(s) {
			c = s[i]
			alnum = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
		}
		if alnum {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if start < 0 {
				start = len(buf)
			}
			buf = append(buf, c)
			continue
		}
		if start >= 0 {
			out = append(out, string(buf[start:]))
			start = -1
		}
	}
	return out
}
