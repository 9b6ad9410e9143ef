package wiki

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"slices"
	"strings"
	"testing"
)

func literals(ss ...string) [][]string {
	lits := make([][]string, len(ss))
	for i, s := range ss {
		lits[i] = Tokens(s)
	}
	return lits
}

type stripCase struct {
	name    string
	content string
	lits    []string
	want    string
	wantN   int
}

// runStripCases runs each case through strip, and through stripMatch
// with LiteralMatcher and with a fingerprintMatcher of the case's
// literals: all three must give the case's result, which is what strip
// gave before there were matchers.
func runStripCases(t *testing.T, strip func([]byte, [][]string) ([]byte, int), stripMatch func([]byte, Matcher) ([]byte, int), cases []stripCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lits := literals(c.lits...)
			got, n := strip([]byte(c.content), lits)
			if string(got) != c.want || n != c.wantN {
				t.Fatalf("got (%q, %d), want (%q, %d)", got, n, c.want, c.wantN)
			}
			if ContainsLiteral(got, lits) {
				t.Fatalf("result %q still contains a literal", got)
			}
			for _, m := range []struct {
				name string
				m    Matcher
			}{
				{"LiteralMatcher", LiteralMatcher(lits)},
				{"fingerprints", newFingerprintMatcher(lits)},
			} {
				got, n := stripMatch([]byte(c.content), m.m)
				if string(got) != c.want || n != c.wantN {
					t.Errorf("%s: got (%q, %d), want (%q, %d)", m.name, got, n, c.want, c.wantN)
				}
				if ContainsMatch(got, m.m) {
					t.Errorf("%s: result %q still holds a match", m.name, got)
				}
			}
		})
	}
}

// fingerprintMatcher finds literals the way an erasure guard that cannot
// know them does: it keeps keyed fingerprints of the literals'
// concatenations with their lengths in bytes, and hashes every run of
// tokens whose concatenation has one of those lengths. Its matches come
// in another order than LiteralMatcher's: longest first, back to front.
type fingerprintMatcher struct {
	prints map[int]map[[sha256.Size]byte]bool // by length in bytes
	lens   []int                              // lengths, longest first
}

func newFingerprintMatcher(lits [][]string) *fingerprintMatcher {
	fm := &fingerprintMatcher{prints: map[int]map[[sha256.Size]byte]bool{}}
	for _, lit := range lits {
		c := strings.Join(lit, "")
		n := len(c)
		if n == 0 {
			continue
		}
		if fm.prints[n] == nil {
			fm.prints[n] = map[[sha256.Size]byte]bool{}
			fm.lens = append(fm.lens, n)
		}
		fm.prints[n][fingerprint(c)] = true
	}
	slices.Sort(fm.lens)
	slices.Reverse(fm.lens)
	return fm
}

// fingerprint is the HMAC of a concatenation under a fixed test key.
func fingerprint(c string) [sha256.Size]byte {
	h := hmac.New(sha256.New, []byte("memfs test key"))
	h.Write([]byte(c))
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

func (fm *fingerprintMatcher) Matches(toks []string) [][2]int {
	var out [][2]int
	for _, n := range fm.lens {
		for i := len(toks) - 1; i >= 0; i-- {
			size, j := 0, i
			for j < len(toks) && size < n {
				size, j = size+len(toks[j]), j+1
			}
			if size == n && fm.prints[n][fingerprint(strings.Join(toks[i:j], ""))] {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func (fm *fingerprintMatcher) Span() int {
	if len(fm.lens) == 0 {
		return 0
	}
	return fm.lens[0]
}

// funcMatcher is a Matcher made of a function, for matchers that bend or
// break the contract.
type funcMatcher struct {
	match func(toks []string) [][2]int
	span  int
}

func (fm funcMatcher) Matches(toks []string) [][2]int { return fm.match(toks) }
func (fm funcMatcher) Span() int                      { return fm.span }

// Ensure that StripLiterals removes the smallest Markdown block holding each
// match and leaves every other byte alone.
func TestStripLiterals(t *testing.T) {
	runStripCases(t, StripLiterals, StripMatches, []stripCase{
		{
			name:    "heading",
			content: "# Call Bob 555 123 4567\n\nKeep this.\n",
			lits:    []string{"555 123 4567"},
			want:    "Keep this.\n",
			wantN:   1,
		},
		{
			name:    "paragraph over several lines",
			content: "Intro.\n\nCall Bob at\n+1 (555) 123-4567 today.\n\nOutro.\n",
			lits:    []string{"555 123 4567"},
			want:    "Intro.\n\nOutro.\n",
			wantN:   1,
		},
		{
			name:    "case spacing and punctuation",
			content: "# Contacts\n\nCall BOB at +1 (555) 123-4567\n\n## Next\n",
			lits:    []string{"bob at 1-555-123-4567"},
			want:    "# Contacts\n\n## Next\n",
			wantN:   1,
		},
		{
			name:    "literal split across spacing",
			content: "Call Bob at +1 (555) 123-4567\n",
			lits:    []string{"555 123 4567"},
			want:    "",
			wantN:   1,
		},
		{
			name:    "near miss",
			content: "Call 555 12345 or 55512345 or 5551234x or a5551234.",
			lits:    []string{"555 1234"},
			want:    "Call 555 12345 or 55512345 or 5551234x or a5551234.",
			wantN:   0,
		},
		{
			name:    "separators inside the literal",
			content: "Keep.\n\nCall 5551234 now.\n\n- hunter_2\n- keep\n- cor**rect** horse\n",
			lits:    []string{"555 1234", "hunter2", "correct horse"},
			want:    "Keep.\n\n- keep\n",
			wantN:   3,
		},
		{
			name:    "list item",
			content: "- keep\n- secret 555\n- keep too\n",
			lits:    []string{"secret 555"},
			want:    "- keep\n- keep too\n",
			wantN:   1,
		},
		{
			name:    "ordered list item",
			content: "1. first\n2) secret\n3. third\n",
			lits:    []string{"secret"},
			want:    "1. first\n3. third\n",
			wantN:   1,
		},
		{
			name:    "nested item alone",
			content: "- outer\n  - inner secret\n    more of inner\n  - inner keep\n- other\n",
			lits:    []string{"secret"},
			want:    "- outer\n  - inner keep\n- other\n",
			wantN:   1,
		},
		{
			name:    "outer first line takes children",
			content: "- outer secret\n  - inner a\n  - inner b\n- other\n",
			lits:    []string{"secret"},
			want:    "- other\n",
			wantN:   1,
		},
		{
			name:    "wrapped first line of item",
			content: "* Call Bob at\n  555 123 4567\n  * child\n* other\n",
			lits:    []string{"555 123 4567"},
			want:    "* other\n",
			wantN:   1,
		},
		{
			name:    "match spanning two nested items takes the parent",
			content: "- parent\n  - one alpha\n  - beta two\n- keep\n",
			lits:    []string{"alpha beta"},
			want:    "- keep\n",
			wantN:   1,
		},
		{
			name:    "item paragraph after blank line",
			content: "- item\n\n  para secret\n\n- next\n",
			lits:    []string{"secret"},
			want:    "- item\n\n- next\n",
			wantN:   1,
		},
		{
			name:    "blank line then less-indented line ends the item",
			content: "- item\n  more\n\nsecret after\n",
			lits:    []string{"secret"},
			want:    "- item\n  more\n",
			wantN:   1,
		},
		{
			name:    "line at marker indentation ends the item",
			content: "- item secret\nlazy line\n",
			lits:    []string{"secret"},
			want:    "lazy line\n",
			wantN:   1,
		},
		{
			name:    "table row",
			content: "| name | phone |\n|---|---|\n| Bob | 555 123 4567 |\n  | Ann | 1 |\n",
			lits:    []string{"555 123 4567"},
			want:    "| name | phone |\n|---|---|\n  | Ann | 1 |\n",
			wantN:   1,
		},
		{
			name:    "block quote group",
			content: "before\n\n> quote line one\n> secret here\n\n> other quote\n",
			lits:    []string{"secret"},
			want:    "before\n\n> other quote\n",
			wantN:   1,
		},
		{
			name:    "fenced code block",
			content: "text\n\n```go\ncode\n# secret\n```\n\nafter\n",
			lits:    []string{"secret"},
			want:    "text\n\nafter\n",
			wantN:   1,
		},
		{
			name:    "fence hides block kinds and needs a long enough closer",
			content: "a\n\n````\n- x\n```\n- secret\n````\n- b\n",
			lits:    []string{"secret"},
			want:    "a\n\n- b\n",
			wantN:   1,
		},
		{
			name:    "unterminated tilde fence runs to the end",
			content: "a\n\n~~~\nx\n\nsecret\n\nmore\n",
			lits:    []string{"secret"},
			want:    "a\n",
			wantN:   1,
		},
		{
			name:    "match spanning heading and next paragraph",
			content: "# Contact Bob\nat 555 123 4567\n\nkeep\n",
			lits:    []string{"bob at 555"},
			want:    "keep\n",
			wantN:   2,
		},
		{
			name:    "match spanning blocks across a blank line",
			content: "intro\n\n## Contact Bob\n\nat 555 123 4567\n\nkeep\n",
			lits:    []string{"bob at 555"},
			want:    "intro\n\nkeep\n",
			wantN:   2,
		},
		{
			name:    "crlf",
			content: "# Title\r\n\r\nsecret line\r\n\r\n- a\r\n- b secret\r\n\r\nkeep\r\n",
			lits:    []string{"secret"},
			want:    "# Title\r\n\r\n- a\r\n\r\nkeep\r\n",
			wantN:   2,
		},
		{
			name:    "nfd content nfc literal",
			content: "Cafe\u0301 Noir is open.\n\nkeep\n",
			lits:    []string{"CAF\u00c9 noir"},
			want:    "keep\n",
			wantN:   1,
		},
		{
			name:    "nfc content nfd literal",
			content: "keep\n\nCaf\u00e9 Noir is open.\n",
			lits:    []string{"cafe\u0301-NOIR"},
			want:    "keep\n",
			wantN:   1,
		},
		{
			name:    "fixed point across blocks joined by a removal",
			content: "alpha\n\nalpha beta\n\nbeta\n",
			lits:    []string{"alpha beta"},
			want:    "",
			wantN:   3,
		},
		{
			name:    "later passes use the blocks of the input",
			content: "para alpha\n# secret\nbeta para\n\nkeep\n",
			lits:    []string{"secret", "alpha beta"},
			want:    "keep\n",
			wantN:   3,
		},
		{
			name:    "several literals",
			content: "# T\n\none\n\ntwo\n\nthree\n",
			lits:    []string{"one", "three"},
			want:    "# T\n\ntwo\n",
			wantN:   2,
		},
		{
			name:    "untouched bytes kept",
			content: "#  Odd   heading  \t\n\n\n\n  para\twith  tabs \r\nsecret\n\n-   x  \n  no final newline",
			lits:    []string{"secret"},
			want:    "#  Odd   heading  \t\n\n\n\n-   x  \n  no final newline",
			wantN:   1,
		},
		{
			name:    "existing double blank line kept",
			content: "a\n\n\nsecret\n\nb\n",
			lits:    []string{"secret"},
			want:    "a\n\n\nb\n",
			wantN:   1,
		},
		{
			name:    "no blank line gap",
			content: "a\nb\n# secret\nc\n",
			lits:    []string{"secret"},
			want:    "a\nb\nc\n",
			wantN:   1,
		},
		{
			name:    "heading needs a space",
			content: "#secret tag\nline two\n\nkeep\n",
			lits:    []string{"secret"},
			want:    "keep\n",
			wantN:   1,
		},
	})
}

// Ensure that StripLiteralLines removes single lines, so a commit message
// keeps its other trailers.
func TestStripLiteralLines(t *testing.T) {
	runStripCases(t, StripLiteralLines, StripMatchLines, []stripCase{
		{
			name:    "trailer",
			content: "Add contact page\n\nBody stays.\n\nReported-by: Bob +1 (555) 123-4567\nSigned-off-by: Ann <ann@example.com>\n",
			lits:    []string{"555 123 4567"},
			want:    "Add contact page\n\nBody stays.\n\nSigned-off-by: Ann <ann@example.com>\n",
			wantN:   1,
		},
		{
			name:    "only the line of a paragraph",
			content: "Subject\n\nfirst line\nsecret line\nlast line\n",
			lits:    []string{"secret"},
			want:    "Subject\n\nfirst line\nlast line\n",
			wantN:   1,
		},
		{
			name:    "match spanning lines",
			content: "Subject\n\nCall Bob at\n555 123 4567 now\nSigned-off-by: X\n",
			lits:    []string{"bob at 555"},
			want:    "Subject\n\nSigned-off-by: X\n",
			wantN:   2,
		},
		{
			name:    "subject line",
			content: "Forget secret\n\nBody.\n",
			lits:    []string{"secret"},
			want:    "Body.\n",
			wantN:   1,
		},
		{
			name:    "crlf and near miss",
			content: "Subject\r\n\r\n555 12345\r\n555 1234\r\n",
			lits:    []string{"555 1234"},
			want:    "Subject\r\n\r\n555 12345\r\n",
			wantN:   1,
		},
	})
}

// Ensure that when nothing matches the very same slice comes back.
func TestStripLiteralsNoMatch(t *testing.T) {
	everything := func(toks []string) [][2]int { return [][2]int{{0, len(toks)}} }
	in := []byte("# Title\r\n\r\nCall 555 12345.\n")
	for _, lits := range [][][]string{
		nil,
		literals("555 1234"),
		literals("!!!", " "),
		{{}},
	} {
		for name, strip := range map[string]func([]byte, [][]string) ([]byte, int){
			"StripLiterals":     StripLiterals,
			"StripLiteralLines": StripLiteralLines,
		} {
			got, n := strip(in, lits)
			if n != 0 || len(got) != len(in) || &got[0] != &in[0] {
				t.Fatalf("%s(%q, %q) = (%q, %d), want the input slice and 0", name, in, lits, got, n)
			}
		}
	}
	// A nil matcher, or one without a positive Span, matches nothing, and
	// so does one whose ranges all come out empty once clipped.
	for name, m := range map[string]Matcher{
		"nil":           nil,
		"span 0":        funcMatcher{everything, 0},
		"negative span": funcMatcher{everything, -1},
		"empty ranges": funcMatcher{func(toks []string) [][2]int {
			return [][2]int{{2, 2}, {3, 1}, {-4, 0}, {len(toks), len(toks) + 3}}
		}, 3},
	} {
		if ContainsMatch(in, m) {
			t.Errorf("ContainsMatch(%q) with %s matcher = true", in, name)
		}
		for fn, strip := range map[string]func([]byte, Matcher) ([]byte, int){
			"StripMatches":    StripMatches,
			"StripMatchLines": StripMatchLines,
		} {
			got, n := strip(in, m)
			if n != 0 || len(got) != len(in) || &got[0] != &in[0] {
				t.Errorf("%s(%q) with %s matcher = (%q, %d), want the input slice and 0", fn, in, name, got, n)
			}
		}
	}
}

// Ensure that matched ranges reaching outside the tokens are clipped to
// them, and that empty ones are ignored.
func TestStripMatchesClipsRanges(t *testing.T) {
	// sloppy matches "secret", writing ranges at either end past the
	// tokens, and an empty range at every other token.
	sloppy := funcMatcher{func(toks []string) [][2]int {
		var out [][2]int
		for i, tok := range toks {
			switch {
			case tok != "secret":
				out = append(out, [2]int{i, i})
			case i == 0:
				out = append(out, [2]int{-3, 1})
			case i == len(toks)-1:
				out = append(out, [2]int{i, len(toks) + 5})
			default:
				out = append(out, [2]int{i, i + 1})
			}
		}
		return out
	}, 1}
	for _, c := range []struct{ content, want string }{
		{"secret first\n\nmiddle\n\nlast secret\n", "middle\n"},
		{"first\n\nmiddle secret here\n\nlast\n", "first\n\nlast\n"},
	} {
		got, n := StripMatches([]byte(c.content), sloppy)
		if string(got) != c.want || n != strings.Count(c.content, "secret") {
			t.Errorf("StripMatches(%q) = (%q, %d), want (%q, %d)", c.content, got, n, c.want, strings.Count(c.content, "secret"))
		}
	}
}

// Ensure that a matcher breaking the Matcher contract, whose matches are
// longer than its Span or depend on tokens outside them, still gets a
// result it finds no match in, through the fallback.
func TestStripMatchesBrokenContract(t *testing.T) {
	// fromTo matches from each "a" to the next "b" unless a "k" comes
	// first, and every "k": removing the "k" makes a match longer than
	// Span far from the gap.
	fromTo := funcMatcher{func(toks []string) [][2]int {
		var out [][2]int
		for i, tok := range toks {
			if tok == "k" {
				out = append(out, [2]int{i, i + 1})
			}
			if tok != "a" {
				continue
			}
			for j := i + 1; j < len(toks) && toks[j] != "k"; j++ {
				if toks[j] == "b" {
					out = append(out, [2]int{i, j + 1})
					break
				}
			}
		}
		return out
	}, 2}
	// odd matches the first token of an odd number of them.
	odd := funcMatcher{func(toks []string) [][2]int {
		if len(toks)%2 == 1 {
			return [][2]int{{0, 1}}
		}
		return nil
	}, 1}
	for _, c := range []struct {
		name, content string
		m             Matcher
		want          string
		wantN         int
	}{
		{"match longer than span", "keep\n\na\n\nc c c\n\nk\n\nc c\n\nb\n\nkeep too\n", fromTo, "keep\n\nkeep too\n", 5},
		{"match depends on all tokens", "one two\n\nthree\n", odd, "", 2},
		{"even token count", "one two\n\nthree four\n", odd, "one two\n\nthree four\n", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, n := StripMatches([]byte(c.content), c.m)
			if string(got) != c.want || n != c.wantN {
				t.Fatalf("got (%q, %d), want (%q, %d)", got, n, c.want, c.wantN)
			}
			if ContainsMatch(got, c.m) {
				t.Fatalf("result %q still holds a match", got)
			}
		})
	}
}

// Ensure that after a removal the matcher is only asked about the tokens
// around the gap: on a chain where every removal makes the next match,
// it sees each token a bounded number of times.
func TestStripMatchesReMatchesAroundGaps(t *testing.T) {
	var chain bytes.Buffer
	k := 2000
	chain.WriteString(strings.Repeat("alpha\n\n", k))
	chain.WriteString("alpha beta\n\n")
	chain.WriteString(strings.Repeat("beta\n\n", k))
	ntoks := 2*k + 2
	m := &countingMatcher{Matcher: newFingerprintMatcher(literals("alpha beta", "gamma delta epsilon"))}
	got, n := StripMatches(chain.Bytes(), m)
	if len(got) != 0 || n != 2*k+1 {
		t.Fatalf("got %d bytes and %d blocks, want 0 and %d", len(got), n, 2*k+1)
	}
	// One look at every token, then a window of 2*(Span-1) tokens per gap.
	if limit := ntoks + ntoks*2*(m.Span()-1); m.seen > limit {
		t.Fatalf("the matcher saw %d tokens, want at most %d", m.seen, limit)
	}
}

// countingMatcher counts the tokens its matcher is given.
type countingMatcher struct {
	Matcher
	seen int
}

func (cm *countingMatcher) Matches(toks []string) [][2]int {
	cm.seen += len(toks)
	return cm.Matcher.Matches(toks)
}

// Ensure that ContainsLiteral matches whole token runs after normalization,
// and that ContainsMatch agrees with any matcher of the same literals.
func TestContainsLiteral(t *testing.T) {
	cases := []struct {
		text string
		lits []string
		want bool
	}{
		{"Call BOB at +1 (555) 123-4567", []string{"555 123 4567"}, true},
		{"Call BOB at +1 (555) 123-4567", []string{"bob  AT 1"}, true},
		{"call 555 12345", []string{"555 1234"}, false},
		{"call 5551234", []string{"555 1234"}, true},
		{"call 55512345", []string{"555 1234"}, false},
		{"Cafe\u0301", []string{"caf\u00e9"}, true},
		{"STRASSE", []string{"stra\u00dfe"}, true},
		{"line one\r\nline two", []string{"one line"}, true},
		{"anything", []string{"", "..."}, false},
		{"anything", nil, false},
		{"a b", []string{"zzz", "b"}, true},
	}
	for _, c := range cases {
		lits := literals(c.lits...)
		if got := ContainsLiteral([]byte(c.text), lits); got != c.want {
			t.Errorf("ContainsLiteral(%q, %q) = %v, want %v", c.text, c.lits, got, c.want)
		}
		if got := ContainsMatch([]byte(c.text), newFingerprintMatcher(lits)); got != c.want {
			t.Errorf("ContainsMatch(%q) with fingerprints of %q = %v, want %v", c.text, c.lits, got, c.want)
		}
	}
}

// Ensure that lineTokens gives exactly Tokens, numbered by the line each
// token sits on, so its matches are the matches ContainsLiteral finds.
func TestStripLineTokens(t *testing.T) {
	for _, s := range []string{
		"Call BOB at +1 (555) 123-4567\nnext line",
		"Cafe\u0301\n\u0301starts with a mark\r\nq\u0301x",
		"\u0130stanbul \u00df \ufb01 \u1e9e\n\u0345\u0301 after\n",
		"\u00a8\n\u0301\u0345\n=\u0338 \u212b\u2126",
		"\ud55c\uad6d\uc5b4\n\u1100\u1161 jamo\n",
		"tabs\tand\r\rcarriage\rreturns\r\n\r\n",
		"ASCII Only, with PUNCT_u-ation 42x!\n\x00\x7f~Z9\n",
		"bad utf8 \xff\xfe\n\xc3\nend",
		strings.Repeat("a\u0301", 40) + "\n" + strings.Repeat("\u0301", 40) + "b",
	} {
		toks, lines, ok := lineTokens(s)
		if want := Tokens(s); !ok || !slices.Equal(toks, want) {
			t.Errorf("lineTokens(%q) = %q, %v; Tokens = %q", s, toks, ok, want)
			continue
		}
		var perLine []int
		for i, l := range strings.SplitAfter(s, "\n") {
			for range Tokens(l) {
				perLine = append(perLine, i)
			}
		}
		if !slices.Equal(lines, perLine) {
			t.Errorf("lineTokens(%q) lines = %v, want %v", s, lines, perLine)
		}
	}
}

// Ensure that when lineTokens cannot be used the fallback, which locates
// matches with Tokens on line ranges, removes the same blocks, whether the
// matcher knows the literals or only their fingerprints.
func TestStripLiteralsFallback(t *testing.T) {
	broken := func(string) ([]string, []int, bool) { return nil, nil, false }
	for _, c := range []struct {
		content string
		lit     string
	}{
		{"# Call Bob 555 123 4567\n\nKeep this.\n", "555 123 4567"},
		{"- outer\n  - inner secret\n  - inner keep\n- other\n", "secret"},
		{"# Contact Bob\nat 555 123 4567\n\nkeep\n", "bob at 555"},
		{"alpha\n\nalpha beta\n\nbeta\n", "alpha beta"},
		{"x secret y secret\n\nz\n\nsecret\n", "secret"},
		{"nothing here\n", "secret"},
	} {
		lits := literals(c.lit)
		want, _ := StripLiterals([]byte(c.content), lits)
		for _, m := range []Matcher{LiteralMatcher(lits), newFingerprintMatcher(lits)} {
			got, _ := stripMatches([]byte(c.content), m, markdownBlocks, broken)
			if !bytes.Equal(got, want) {
				t.Errorf("fallback strip of %q with %T = %q, want %q", c.content, m, got, want)
			}
			if ContainsLiteral(got, lits) {
				t.Errorf("fallback strip of %q with %T left a literal: %q", c.content, m, got)
			}
		}
	}
}

// Ensure that large files are handled, including one where every removal
// creates the next match, which would take minutes if each pass re-read the
// whole file.
func TestStripLiteralsLarge(t *testing.T) {
	var many bytes.Buffer
	for i := 0; many.Len() < 256<<10; i++ {
		if i%3 == 0 {
			many.WriteString("- item with secret number\n  - child\n")
		} else {
			many.WriteString("Paragraph text that stays.\n\n")
		}
	}
	lits := literals("secret number")
	got, n := StripLiterals(many.Bytes(), lits)
	if n != bytes.Count(many.Bytes(), []byte("secret")) || ContainsLiteral(got, lits) || bytes.Contains(got, []byte("child")) {
		t.Fatalf("removed %d blocks; result still has a literal or a child", n)
	}

	var chain bytes.Buffer
	k := (256 << 10) / 14
	chain.WriteString(strings.Repeat("alpha\n\n", k))
	chain.WriteString("alpha beta\n\n")
	chain.WriteString(strings.Repeat("beta\n\n", k))
	got, n = StripLiterals(chain.Bytes(), literals("alpha beta"))
	if len(got) != 0 || n != 2*k+1 {
		t.Fatalf("chain: got %d bytes and %d blocks, want 0 and %d", len(got), n, 2*k+1)
	}
}

func BenchmarkStripLiterals(b *testing.B) {
	var buf bytes.Buffer
	for i := 0; buf.Len() < 256<<10; i++ {
		if i%50 == 0 {
			buf.WriteString("- Call Bob at +1 (555) 123-4567\n")
		} else {
			buf.WriteString("Some ordinary paragraph text, with punctuation; and caf\u00e9.\n\n")
		}
	}
	lits := literals("555 123 4567")
	for b.Loop() {
		StripLiterals(buf.Bytes(), lits)
	}
}
