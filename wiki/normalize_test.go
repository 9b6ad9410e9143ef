package wiki

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// asciiTokens and unicodeTokens run one path of the tokenizer over s,
// whatever s holds.
func asciiTokens(s string) []string {
	var z tokenizer
	z.ascii(s, 0)
	return z.toks
}

func unicodeTokens(s string) []string {
	var z tokenizer
	z.unicode(s, 0)
	return z.toks
}

// Ensure that every spelling a reader takes for the same words gives the
// same tokens — case, spacing, punctuation, composition, compatibility
// forms, entities, look-alike letters — and that different words do not.
func TestTokens(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"punctuation", "+1 (555) 123-4567", []string{"1", "555", "123", "4567"}},
		{"case", "call 1-555-123-4567 NOW", []string{"call", "1", "555", "123", "4567", "now"}},
		{"composed", "Café", []string{"café"}},
		{"decomposed", "Cafe\u0301", []string{"café"}},
		{"full case folding", "STRASSE straße", []string{"strasse", "strasse"}},
		{"nothing", "  ... ", nil},
		{"fullwidth", "ｈｕｎｔｅｒ２", []string{"hunter2"}},
		{"mathematical", "𝐜𝐨𝐫𝐫𝐞𝐜𝐭 𝘩𝘰𝘳𝘴𝘦", []string{"correct", "horse"}},
		{"superscript", "hunter²", []string{"hunter2"}},
		{"ligature", "ﬁle", []string{"file"}},
		{"cyrillic look-alikes", "соrrесt", []string{"correct"}},
		{"greek look-alikes", "ΗUNΤΕR2 ΑΒΕΖ", []string{"hunter2", "abez"}},
		// Ν and ν fold together and ν looks like v: the lowercase wins.
		{"greek capital nu", "ΗUΝΤΕR2", []string{"huvter2"}},
		{"entity", "&#99;orrect &amp; &lt;horse&gt;", []string{"correct", "horse"}},
		{"named entity", "cor&shy;rect", []string{"cor", "rect"}},
		{"entity newline stays on its line", "a&#10;b", []string{"a", "b"}},
		{"zero width space separates", "cor\u200brect", []string{"cor", "rect"}},
		{"soft hyphen separates", "cor\u00adrect", []string{"cor", "rect"}},
		{"BOM and joiners separate", "\ufeffa\u200cb\u200dc\u2060d", []string{"a", "b", "c", "d"}},
		{"hangul filler separates", "x\u3164y\uffa0z", []string{"x", "y", "z"}},
		{"markup separates", "cor**rect** ~~ho~~rse `ba`ttery", []string{"cor", "rect", "ho", "rse", "ba", "ttery"}},
		{"markup keeps the word alone", "my*hunter2*", []string{"my", "hunter2"}},
		{"cherokee case", "Ꮙ ꮙ", []string{"Ꮙ", "Ꮙ"}},
		{"invalid UTF-8 separates", "a\xf4ǋ", []string{"a", "nj"}},
		{"greek case", "Νίκη νίκη ΝΊΚΗ", []string{"vίkh", "vίkh", "vίkh"}},
	}
	for _, c := range cases {
		if got := Tokens(c.in); !slices.Equal(got, c.want) {
			t.Errorf("%s: Tokens(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// Ensure that Tokens keeps different words apart, look-alikes of ASCII
// within ASCII included: the skeleton never folds ASCII.
func TestTokensKeepWordsApart(t *testing.T) {
	for _, pair := range [][2]string{
		{"hunter2", "hunter3"},
		{"hunter0", "huntero"},
		{"hunter1", "hunterl"},
		{"modern", "modem"},
		{"café", "cafe"},
		{"hunter2", "hunter22"},
	} {
		if a, b := Tokens(pair[0]), Tokens(pair[1]); slices.Equal(a, b) {
			t.Errorf("Tokens(%q) = Tokens(%q) = %q", pair[0], pair[1], a)
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

// Ensure that every default-ignorable code point separates tokens, and
// that tokenRune names every one of them that is a letter or a number.
func TestIgnorableLetters(t *testing.T) {
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if defaultIgnorable(r) {
			n++
			if tokenRune(r) {
				t.Errorf("default-ignorable %U is a token rune", r)
			}
		}
	}
	for _, r := range []rune{0xAD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xFE0F, 0x115F, 0xE0041} {
		if !defaultIgnorable(r) {
			t.Errorf("%U is not default-ignorable", r)
		}
	}
	for _, r := range []rune{' ', 'a', 0x0600, 0xFFF9, 0x00A0} {
		if defaultIgnorable(r) {
			t.Errorf("%U is default-ignorable", r)
		}
	}
	if n < 4000 {
		t.Errorf("only %d default-ignorable code points", n)
	}
}

// Ensure that the skeleton table folds only what the pipeline can hand
// it: non-ASCII letters unchanged by NFKC, canonical decomposition and
// case folding, each to a lowercase ASCII letter or digit.
func TestSkeletonTable(t *testing.T) {
	fold := cases.Fold()
	n := 0
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		c, ok := skeleton(r)
		if !ok {
			continue
		}
		n++
		s := string(r)
		if !unicode.IsLetter(r) || norm.NFKC.String(s) != s || norm.NFD.String(s) != s || fold.String(s) != s {
			t.Errorf("skeleton has %U, which the pipeline never hands it", r)
		}
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			t.Errorf("skeleton(%U) = %q, not a lowercase ASCII letter or digit", r, c)
		}
	}
	for c := rune(0); c < 0x80; c++ {
		if _, ok := skeleton(c); ok {
			t.Errorf("skeleton folds ASCII %q", c)
		}
	}
	if n < 100 {
		t.Errorf("skeleton has %d entries", n)
	}
}

// checkNormalize asserts the properties FuzzNormalize checks on s.
func checkNormalize(t *testing.T, s string) {
	toks := Tokens(s)
	for _, tok := range toks {
		if tok == "" || strings.ContainsAny(tok, " \n") {
			t.Fatalf("Tokens(%q) has token %q", s, tok)
		}
	}
	n := Normalize(s)
	if again := Normalize(n); again != n {
		t.Fatalf("Normalize is not idempotent on %q: %q then %q", s, n, again)
	}
	lt, lines, ok := lineTokens(s)
	if !ok || !slices.Equal(lt, toks) || len(lines) != len(toks) {
		t.Fatalf("lineTokens(%q) = %q, %v; Tokens = %q", s, lt, ok, toks)
	}
	for i, l := range strings.Split(s, "\n") {
		for _, tok := range Tokens(l) {
			if len(lt) == 0 || lt[0] != tok || lines[0] != i {
				t.Fatalf("lineTokens(%q) does not number %q by line %d", s, tok, i)
			}
			lt, lines = lt[1:], lines[1:]
		}
	}
	b := []byte(s)
	for i := range b {
		b[i] &= 0x7f
	}
	if a, u := asciiTokens(string(b)), unicodeTokens(string(b)); !slices.Equal(a, u) {
		t.Fatalf("asciiTokens(%q) = %q, unicode path %q", b, a, u)
	}
}

// Ensure that normalization never panics, is idempotent, is line-local,
// and that its ASCII fast path equals its Unicode path on ASCII input.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"Call BOB at +1 (555) 010-9999!",
		"ｈｕｎｔｅｒ２ hunter² соrrесt ΗUΝΤΕR2",
		"&#99;orrect &amp;amp; &#10; &NewLine; &shy;",
		"cor\u200brect\u00adhorse\ufeff`ba`*t*~~tery~~",
		"Γ\u0327 г\u0327 е\u0301 ΐ İ ǅ ﬃ ẞ",
		"line one\nline two\r\n\xff\xfe bad utf-8",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkNormalize(t, s) })
}
