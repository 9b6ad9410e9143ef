package wiki

import (
	"bytes"
	"slices"
	"strings"
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

// FuzzStripMatches checks that a matcher finding the literals by
// fingerprinting token windows, as an erasure guard does, strips exactly
// what LiteralMatcher and the literal functions strip, with two literals
// of any lengths, on the incremental path and on the fallback.
func FuzzStripMatches(f *testing.F) {
	for _, seed := range []struct{ content, lit1, lit2 string }{
		{"# Call Bob 555 123 4567\n\nKeep this.\n", "555 123 4567", "bob"},
		{"- outer\n  - inner secret\n  - keep\n- other\n", "secret", "outer"},
		{"alpha\n\nalpha beta\n\nbeta gamma\n\ngamma\n", "alpha beta", "beta gamma"},
		{"one\n\none two three\n\ntwo three four\n\nfour\n", "one two", "two three four"},
		{"Subject\r\n\r\nx y\r\ny z x\r\n", "x y z", "z x"},
		{"Cafe\u0301\n\n\u0301x", "caf\u00e9", ""},
	} {
		f.Add(seed.content, seed.lit1, seed.lit2)
	}
	broken := func(string) ([]string, []int, bool) { return nil, nil, false }
	f.Fuzz(func(t *testing.T, content, lit1, lit2 string) {
		lits := [][]string{Tokens(lit1), Tokens(lit2)}
		in := []byte(content)
		lm, fm := LiteralMatcher(lits), newFingerprintMatcher(lits)
		had := ContainsLiteral(in, lits)
		if ContainsMatch(in, lm) != had || ContainsMatch(in, fm) != had {
			t.Fatalf("ContainsMatch(%q) disagrees with ContainsLiteral = %v", content, had)
		}
		for _, s := range []struct {
			name    string
			literal func([]byte, [][]string) ([]byte, int)
			match   func([]byte, Matcher) ([]byte, int)
		}{
			{"StripMatches", StripLiterals, StripMatches},
			{"StripMatchLines", StripLiteralLines, StripMatchLines},
			{"StripMatches fallback", nil, func(b []byte, m Matcher) ([]byte, int) {
				return stripMatches(b, m, markdownBlocks, broken)
			}},
			{"StripMatchLines fallback", nil, func(b []byte, m Matcher) ([]byte, int) {
				return stripMatches(b, m, lineBlocks, broken)
			}},
		} {
			want, wantN := s.match(in, lm)
			if s.literal != nil {
				if got, n := s.literal(in, lits); !bytes.Equal(got, want) || n != wantN {
					t.Fatalf("%s(%q, %q, %q) = (%q, %d) with LiteralMatcher but (%q, %d) with literals", s.name, content, lit1, lit2, want, wantN, got, n)
				}
			}
			got, n := s.match(in, fm)
			if !bytes.Equal(got, want) || n != wantN {
				t.Fatalf("%s(%q, %q, %q) = (%q, %d) with LiteralMatcher but (%q, %d) with fingerprints", s.name, content, lit1, lit2, want, wantN, got, n)
			}
			if string(in) != content {
				t.Fatalf("%s modified its input", s.name)
			}
			if ContainsMatch(got, fm) {
				t.Fatalf("%s(%q, %q, %q) = %q, which still holds a match", s.name, content, lit1, lit2, got)
			}
		}
	})
}

// FuzzStripMatchesBrokenContract checks that matchers breaking the
// Matcher contract (matches longer than Span, or depending on tokens
// outside them) still get a result without a match, keeping lines of the
// input in order, on the incremental path and on the fallback.
func FuzzStripMatchesBrokenContract(f *testing.F) {
	for _, seed := range []struct {
		content, literal string
		kind             uint8
	}{
		{"a\n\nk\n\nb\n\nkeep\n", "a b", 0},
		{"x a y\n\nz\n\nb\n", "a b", 0},
		{"one two\n\nthree\n\nfour five six\n", "three", 1},
		{"- a\n  - secret\n- b secret c\n", "secret", 2},
		{"short secret\n\n" + strings.Repeat("long text\n", 5), "secret", 3},
	} {
		f.Add(seed.content, seed.literal, seed.kind)
	}
	broken := func(string) ([]string, []int, bool) { return nil, nil, false }
	f.Fuzz(func(t *testing.T, content, literal string, kind uint8) {
		m := contractBreaker(Tokens(literal), kind)
		in := []byte(content)
		had := ContainsMatch(in, m)
		for _, s := range []struct {
			name  string
			strip func([]byte) ([]byte, int)
		}{
			{"StripMatches", func(b []byte) ([]byte, int) { return StripMatches(b, m) }},
			{"StripMatchLines", func(b []byte) ([]byte, int) { return StripMatchLines(b, m) }},
			{"StripMatches fallback", func(b []byte) ([]byte, int) { return stripMatches(b, m, markdownBlocks, broken) }},
			{"StripMatchLines fallback", func(b []byte) ([]byte, int) { return stripMatches(b, m, lineBlocks, broken) }},
		} {
			out, n := s.strip(in)
			if string(in) != content {
				t.Fatalf("%s modified its input", s.name)
			}
			if ContainsMatch(out, m) {
				t.Fatalf("%s(%q, %q, kind %d) = %q, which still holds a match", s.name, content, literal, kind%4, out)
			}
			if !had && (!bytes.Equal(out, in) || n != 0) {
				t.Fatalf("%s(%q, %q, kind %d) = (%q, %d) without a match", s.name, content, literal, kind%4, out, n)
			}
			if had && n == 0 {
				t.Fatalf("%s(%q, %q, kind %d) removed nothing despite a match", s.name, content, literal, kind%4)
			}
			if !keptLinesInOrder(in, out) {
				t.Fatalf("%s(%q, %q, kind %d) = %q, which is not a subsequence of the input's lines", s.name, content, literal, kind%4, out)
			}
		}
	})
}

// contractBreaker returns a matcher of lit that breaks the Matcher
// contract in one of four ways, picked by kind modulo 4:
//
//	0  lit's tokens in order with up to two other tokens between
//	   neighbours, so matches are up to three times longer than Span
//	1  lit, but only when the number of tokens is odd
//	2  each occurrence of lit widened by two tokens on either side and
//	   also from it to the end, all past Span and partly outside toks
//	3  lit, but only in fewer than eight tokens
func contractBreaker(lit []string, kind uint8) Matcher {
	lm := LiteralMatcher([][]string{lit})
	match := func(toks []string) [][2]int { return lm.Matches(toks) }
	switch kind % 4 {
	case 0:
		match = func(toks []string) [][2]int {
			var out [][2]int
			for i, tok := range toks {
				if len(lit) == 0 || tok != lit[0] {
					continue
				}
				end, k := i+1, 1
				for ; k < len(lit); k++ {
					j := end
					for j < len(toks) && j < end+3 && toks[j] != lit[k] {
						j++
					}
					if j == len(toks) || j == end+3 {
						break
					}
					end = j + 1
				}
				if k == len(lit) {
					out = append(out, [2]int{i, end})
				}
			}
			return out
		}
	case 1:
		match = func(toks []string) [][2]int {
			if len(toks)%2 == 0 {
				return nil
			}
			return lm.Matches(toks)
		}
	case 2:
		match = func(toks []string) [][2]int {
			var out [][2]int
			for _, r := range lm.Matches(toks) {
				out = append(out, [2]int{r[0] - 2, r[1] + 2}, [2]int{r[0], len(toks)})
			}
			return out
		}
	case 3:
		match = func(toks []string) [][2]int {
			if len(toks) >= 8 {
				return nil
			}
			return lm.Matches(toks)
		}
	}
	return funcMatcher{match, lm.Span()}
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
