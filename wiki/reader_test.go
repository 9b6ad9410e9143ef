package wiki

import (
	"slices"
	"strings"
	"testing"
)

// Ensure that a literal is caught in every spelling the reader's view
// folds: percent-encoded, reversed under a right-to-left override, in
// regional indicators or tag characters, in small capitals, with strokes
// or combining accents, with digits of another script; and that the
// plain spelling of a literal written with accents or strokes is caught.
func TestReaderViewLookAlikes(t *testing.T) {
	for _, tc := range []struct {
		literal, text string
	}{
		{"Jane Doakes", "see https://example.com/people/Jane%20Doakes/profile"},
		{"Jane Doakes", "https://example.com/?q=%4Aane%20%44oakes"},
		{"Jane Doakes", "https://example.com/?q=%4a%61%6e%65+Doakes"},
		{"Jane Doakes", "https://example.com/?q=Jane%2520Doakes"},
		{"Jane Doakes", "search?name=Jane+Doakes&x=1"},
		{"Jane Doakes", "a line\nthen Jane%0ADoakes\nand more"},
		{"Jane Doakes", "name: \u202EsekaoD enaJ\u202C ok"},
		{"Jane Doakes", "name: \u202EsekaoD enaJ"},
		{"jane", "flag 🇯🇦🇳🇪 here"},
		{"jane", "x \U000E006A\U000E0061\U000E006E\U000E0065 y"},
		{"Jane Doakes", "ᴊᴀɴᴇ ᴅᴏᴀᴋᴇꜱ"},
		{"Jane Doakes", "JANE DOAKES in small caps: ᴊᴀɴᴇ"},
		{"jane", "Jāne"},
		{"jane", "Jané"},
		{"jane", "Ja\u0301ne"},
		{"Soren", "Søren"},
		{"Søren", "Soren"},
		{"Łukasz", "Lukasz"},
		{"Lukasz", "Łukasz"},
		{"Đorđe", "Dorde"}, // ð is read as d, so "dorde", not "djordje"
		{"Ħal", "hal"},
		{"pin 4491", "pin ٤٤٩١"},
		{"pin 4491", "pin ۴۴۹۱"},
		{"pin 4491", "pin ४४९१"},
		{"pin 4491", "pin ４４９１"},
		{"pin 4491", "pin ৪৪৯১"},
		{"pin 4491", "pin ๔๔๙๑"},
	} {
		m := LiteralMatcher([][]string{ReaderTokens(tc.literal)})
		if !ContainsMatch([]byte(tc.text), m) {
			t.Errorf("%q not caught in %q (reader tokens %q)", tc.literal, tc.text, ReaderTokens(tc.text))
			continue
		}
		out, n := StripMatches([]byte("# Page\n\nkeep this\n\n"+tc.text+"\n\nand this\n"), m)
		if n == 0 || strings.Contains(string(out), tc.text) || !strings.Contains(string(out), "keep this") || !strings.Contains(string(out), "and this") {
			t.Errorf("strip of %q in %q: removed %d\n%s", tc.literal, tc.text, n, out)
		}
	}
}

// Ensure that the reader's view does not invent matches: text whose
// decoding or folding gives other words is not caught.
func TestReaderViewNoFalseMatch(t *testing.T) {
	for _, tc := range []struct {
		literal, text string
	}{
		{"Jane Doakes", "sekaod enaj"},                   // reversed without an override
		{"Jane Doakes", "100%20Doakes"},                  // "100 Doakes"
		{"pin 4491", "pin ٤٤٩٢"},                         // another number
		{"jane", "🇯🇵 and 🇦🇳"},                            // the letters apart
		{"Jane Doakes", "Jane%2GDoakes is not %-escape"}, // not hex
	} {
		m := LiteralMatcher([][]string{ReaderTokens(tc.literal)})
		if ContainsMatch([]byte(tc.text), m) {
			t.Errorf("%q caught in %q (reader tokens %q)", tc.literal, tc.text, ReaderTokens(tc.text))
		}
	}
}

// Ensure that the reader's view keeps lines where they are (the stripper
// numbers its tokens by the original lines) and is Tokens on ASCII text
// without '%'.
func TestReaderViewLineLocal(t *testing.T) {
	text := "one %0A two\n\u202Eeerht\u202C\nfour 🇫🇴\r\nfive%0D%0Asix"
	toks, lines, _ := readerLineTokens(text)
	want := []int{0, 0, 1, 2, 2, 3, 3}
	if !slices.Equal(lines, want) {
		t.Errorf("lines %v (tokens %q), want %v", lines, toks, want)
	}
	if got := ReaderTokens("Plain ASCII, no percent."); !slices.Equal(got, Tokens("Plain ASCII, no percent.")) {
		t.Errorf("ReaderTokens of plain ASCII: %q", got)
	}
	for _, tok := range ReaderTokens("ø\u0301 ᴊ ٣") {
		if tok == "" {
			t.Error("an empty token")
		}
	}
}
