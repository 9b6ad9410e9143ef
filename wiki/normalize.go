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
	folded := cases.Fold().String(norm.NFC.String(s))
	return strings.FieldsFunc(folded, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}
