package wiki

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The reader's view: a second reading of text for erasure matching, on
// top of Tokens, for what a person or a model reading it would still
// take for the literal. Tokens keeps the normalization the fingerprints
// of existing markers were made with; the reader's view folds further and
// is matched beside it (ContainsMatch and the stripper apply both), so no
// marker written before stops matching. It is two steps:
//
// readerText, on the text, before Tokens:
//   - percent-encoding is decoded, as a browser or a model reading a URL
//     does ("Jane%20Doakes", "%4Aane", "%25"-encoded twice, up to three
//     rounds); a decoded line break is a space, so lines stay where they
//     are ('+' for a space in a query string already separates tokens);
//   - text under a right-to-left override (U+202E, until the matching
//     U+202C, an opposing override, or the end of the line) is reversed,
//     as it is displayed: "\u202Eenaj" shows as "jane";
//   - regional indicator symbols (🇯🇦🇳🇪) are the letters they stand
//     for, and Unicode tag characters (invisible ASCII, U+E0020..U+E007E)
//     the ASCII they encode.
//
// foldToken, on each token Tokens makes of that:
//   - combining marks are removed after canonical decomposition
//     ("jāne", "jané" are "jane");
//   - letters with a stroke or bar are their base letter (ø, đ, ł, ħ, ŧ,
//     ƀ, ɨ, ʉ, ƶ, ǥ, ... and ð, which is written d);
//   - Latin small capitals are their letter (ᴊᴀɴᴇ is "jane");
//   - decimal digits of every script are ASCII digits (Arabic-Indic,
//     Devanagari, Bengali, Thai, ...; NFKC already folded the fullwidth
//     and mathematical ones).
//
// A literal is fingerprinted in the reader's view (ReaderTokens), so a
// literal written with an accent or a stroke is caught in the plain
// spelling, and the other way round. Every step is line-local, like
// Tokens, so the stripper numbers the view's tokens by the lines of the
// original text.

// ReaderTokens returns the tokens of s in the reader's view (see above).
// For ASCII text without '%' it is Tokens(s).
func ReaderTokens(s string) []string {
	t, _ := readerText(s)
	return foldTokens(Tokens(t))
}

// readerLineTokens is lineTokens in the reader's view.
func readerLineTokens(s string) (toks []string, lines []int, ok bool) {
	t, _ := readerText(s)
	toks, lines, ok = lineTokens(t)
	return foldTokens(toks), lines, ok
}

// readerView is a Matcher applied to the tokens of the reader's view.
type readerView struct{ Matcher }

// readerOf returns the reader's view of m for text, or nil when that view
// of text is its Tokens (ASCII without '%').
func readerOf(m Matcher, text []byte) Matcher {
	for _, c := range text {
		if c >= 0x80 || c == '%' {
			return readerView{m}
		}
	}
	return nil
}

// readerDiffers returns the tokens of the reader's view of s, given toks,
// which are Tokens(s), and reports whether they differ from toks.
func readerDiffers(s string, toks []string) ([]string, bool) {
	if t, changed := readerText(s); changed {
		return foldTokens(Tokens(t)), true
	}
	folded := foldTokens(toks)
	if len(toks) == 0 || &folded[0] == &toks[0] {
		return nil, false
	}
	return folded, true
}

// readerText applies the text steps of the reader's view to s and
// reports whether anything changed.
func readerText(s string) (string, bool) {
	changed := false
	for range 3 {
		if strings.IndexByte(s, '%') < 0 {
			break
		}
		d, ok := percentDecode(s)
		if !ok {
			break
		}
		s, changed = d, true
	}
	if isASCII(s) {
		return s, changed
	}
	if strings.ContainsRune(s, '\u202E') {
		s, changed = displayOverrides(s), true
	}
	var b strings.Builder
	for i, r := range s {
		m, ok := readerRune(r)
		if !ok {
			if b.Len() > 0 {
				b.WriteRune(r)
			}
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s))
			b.WriteString(s[:i])
		}
		b.WriteByte(m)
	}
	if b.Len() == 0 {
		return s, changed
	}
	return b.String(), true
}

// readerRune maps a regional indicator symbol to its letter and a tag
// character to the ASCII it encodes.
func readerRune(r rune) (byte, bool) {
	switch {
	case 0x1F1E6 <= r && r <= 0x1F1FF:
		return byte('a' + r - 0x1F1E6), true
	case 0xE0020 <= r && r <= 0xE007E:
		return byte(r - 0xE0000), true
	}
	return 0, false
}

// percentDecode decodes every %XX of s (two hex digits) and reports
// whether there was one. A decoded CR or LF is a space: decoding moves no
// line.
func percentDecode(s string) (string, bool) {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if b == nil {
				b = append(make([]byte, 0, len(s)), s[:i]...)
			}
			c := unhex(s[i+1])<<4 | unhex(s[i+2])
			if c == '\n' || c == '\r' {
				c = ' '
			}
			b = append(b, c)
			i += 2
			continue
		}
		if b != nil {
			b = append(b, s[i])
		}
	}
	if b == nil {
		return s, false
	}
	return string(b), true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// displayOverrides reverses, line by line, each run of text under a
// right-to-left override (U+202E) as it is displayed. The run ends at the
// pop (U+202C), a left-to-right override (U+202D), or the line's end;
// the controls themselves stay (they separate tokens).
func displayOverrides(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if !strings.ContainsRune(l, '\u202E') {
			continue
		}
		var out, run []rune
		in := false
		flush := func() {
			for j := len(run) - 1; j >= 0; j-- {
				out = append(out, run[j])
			}
			run = run[:0]
		}
		for _, r := range l {
			switch {
			case r == '\u202E':
				flush()
				in = true
				out = append(out, r)
			case in && (r == '\u202C' || r == '\u202D'):
				flush()
				in = false
				out = append(out, r)
			case in:
				run = append(run, r)
			default:
				out = append(out, r)
			}
		}
		flush()
		lines[i] = string(out)
	}
	return strings.Join(lines, "\n")
}

// foldTokens applies foldToken to every token. It returns toks itself
// when no token changes.
func foldTokens(toks []string) []string {
	out := toks
	for i, t := range toks {
		if isASCII(t) {
			continue
		}
		f := foldToken(t)
		if f == t {
			continue
		}
		if &out[0] == &toks[0] {
			out = append([]string(nil), toks...)
		}
		out[i] = f
	}
	return out
}

// foldToken folds one token of Tokens (see the reader's view above).
func foldToken(t string) string {
	d := norm.NFD.String(t)
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if c, ok := foldLetter(r); ok {
			b.WriteByte(c)
			continue
		}
		if r >= 0x80 && unicode.Is(unicode.Nd, r) {
			b.WriteByte(byte('0' + decimalValue(r)))
			continue
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 || !utf8.ValidString(b.String()) {
		// Tokens are never empty; a token of marks alone stays as it is.
		return t
	}
	return norm.NFC.String(b.String())
}

// decimalValue is the value of a decimal digit: Unicode encodes each
// script's digits 0 to 9 as a contiguous ascending run, and runs that
// touch (the mathematical digits) are whole runs of ten.
func decimalValue(r rune) int {
	z := r
	for z-1 >= 0 && unicode.Is(unicode.Nd, z-1) && r-z < 64 {
		z--
	}
	return int(r-z) % 10
}

// foldLetter maps a case-folded letter with a stroke or bar, and a Latin
// small capital, to the ASCII letter it is read as. (The small capitals
// that look like another letter, ᴄ ᴏ ᴜ ..., already fold in the
// skeleton of Tokens.)
func foldLetter(r rune) (byte, bool) {
	switch r {
	case 'ø', 'ɵ': // o with stroke, barred o
		return 'o', true
	case 'đ', 'ð', 'ɖ', 'ᴅ', 'ᴆ': // d with stroke, eth, d with tail, small capitals D and eth
		return 'd', true
	case 'ł', 'ƚ', 'ɫ', 'ɬ', 'ʟ', 'ᴌ': // l with stroke, bar, middle tilde, belt; small capital L, with stroke
		return 'l', true
	case 'ħ', 'ʜ': // h with stroke, small capital H
		return 'h', true
	case 'ŧ', 'ᴛ': // t with stroke, small capital T
		return 't', true
	case 'ƀ', 'ʙ', 'ᵬ': // b with stroke, small capital B
		return 'b', true
	case 'ɨ', 'ᵻ': // i with stroke, small capital I with stroke
		return 'i', true
	case 'ʉ', 'ᵾ': // u bar, small capital U with stroke
		return 'u', true
	case 'ƶ': // z with stroke
		return 'z', true
	case 'ǥ', 'ꞡ', 'ɢ': // g with stroke, oblique stroke; small capital G
		return 'g', true
	case 'ȼ', 'ꞓ': // c with stroke, bar
		return 'c', true
	case 'ɇ', 'ᴇ': // e with stroke, small capital E
		return 'e', true
	case 'ɉ', 'ᴊ': // j with stroke, small capital J
		return 'j', true
	case 'ɍ', 'ꞧ': // r with stroke, oblique stroke
		return 'r', true
	case 'ɏ': // y with stroke
		return 'y', true
	case 'ꝁ', 'ꞣ', 'ᴋ': // k with stroke, oblique stroke; small capital K
		return 'k', true
	case 'ꝑ', 'ᵽ', 'ᴘ': // p with stroke, p with stroke through descender; small capital P
		return 'p', true
	case 'ꝗ', 'ꞯ': // q with stroke, small capital Q
		return 'q', true
	case 'ꞥ', 'ɴ': // n with oblique stroke, small capital N
		return 'n', true
	case 'ꞩ': // s with oblique stroke
		return 's', true
	case 'ᴀ': // small capital A
		return 'a', true
	case 'ꜰ': // small capital F
		return 'f', true
	case 'ᴍ': // small capital M
		return 'm', true
	}
	return 0, false
}
