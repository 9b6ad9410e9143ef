package wiki

import (
	"bytes"
	"slices"
	"testing"
)

func FuzzStripLiterals(f *testing.F) {
	for _, seed := range []struct{ content, literal string }{
		{"# Call Bob 555 123 4567\n\nKeep this.\n", "555 123 4567"},
		{"- outer\n  - inner secret\n  - keep\n- other\n", "secret"},
		{"# Contact Bob\r\nat 555\r\n\r\nkeep\r\n", "bob at 555"},
		{"alpha\n\nalpha beta\n\nbeta\n", "alpha beta"},
		{"```\nsecret\n", "secret"},
		{"| a | secret |\n> q\n> secret\n", "secret"},
		{"Cafe\u0301\n\n\u0301x", "caf\u00e9"},
		{"call 555 12345\n", "555 1234"},
	} {
		f.Add(seed.content, seed.literal)
	}
	f.Fuzz(func(t *testing.T, content, literal string) {
		lits := [][]string{Tokens(literal)}
		in := []byte(content)
		if toks, lines, ok := lineTokens(content); !ok || !slices.Equal(toks, Tokens(content)) || len(lines) != len(toks) {
			t.Fatalf("lineTokens(%q) = %q, %v; Tokens = %q", content, toks, ok, Tokens(content))
		}
		had := ContainsLiteral(in, lits)
		for name, strip := range map[string]func([]byte, [][]string) ([]byte, int){
			"StripLiterals":     StripLiterals,
			"StripLiteralLines": StripLiteralLines,
		} {
			out, n := strip(in, lits)
			if string(in) != content {
				t.Fatalf("%s modified its input", name)
			}
			if ContainsLiteral(out, lits) {
				t.Fatalf("%s(%q, %q) = %q, which still contains the literal", name, content, literal, out)
			}
			if len(out) > len(in) {
				t.Fatalf("%s(%q, %q) = %q, longer than the input", name, content, literal, out)
			}
			if !had && (!bytes.Equal(out, in) || n != 0) {
				t.Fatalf("%s(%q, %q) = (%q, %d) without a match", name, content, literal, out, n)
			}
			if had && n == 0 {
				t.Fatalf("%s(%q, %q) removed nothing despite a match", name, content, literal)
			}
			if !keptLinesInOrder(in, out) {
				t.Fatalf("%s(%q, %q) = %q, which is not a subsequence of the input's lines", name, content, literal, out)
			}
		}
	})
}

// keptLinesInOrder reports whether out is a concatenation of some of in's
// lines, terminators included, in their original order.
func keptLinesInOrder(in, out []byte) bool {
	src, dst := splitStripLines(in), splitStripLines(out)
	j := 0
	for i := range dst.len() {
		for j < src.len() && !bytes.Equal(src.line(j), dst.line(i)) {
			j++
		}
		if j == src.len() {
			return false
		}
		j++
	}
	return true
}
