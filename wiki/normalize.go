package wiki

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Normalization for erasure matching. One function, Tokens, turns text
// into what the erasure guard, the stripper and the fingerprints compare,
// so a literal is caught in every spelling a reader would take for it:
//
//   - HTML entities are decoded (`&#99;orrect` is "correct");
//   - NFKC folds compatibility forms: fullwidth and mathematical letters,
//     superscript digits (`hunter²` is "hunter2"), ligatures;
//   - case is folded (Unicode full case folding: "Straße" is "strasse");
//   - confusable letters of the Latin, Greek, Cyrillic and Armenian scripts
//     fold to the ASCII letter or digit they look like (skeleton);
//   - tokens are the runs of letters and digits that remain. Everything
//     else separates tokens: spacing, punctuation, inline Markdown markup
//     (`*`, `_`, `~`, backticks) and default-ignorable code points (zero
//     width space and joiners, soft hyphen, BOM, variation selectors, the
//     Hangul fillers, which are letters otherwise).
//
// Separators are as good as removed for matching, because a match ignores
// the separators inside a literal: a run of consecutive tokens whose
// concatenation equals the literal's concatenation matches (see
// LiteralMatcher), so `cor**rect**`, "cor\u200brect" and "cor-rect" all
// match "correct". Keeping them as separators rather than deleting them
// also keeps a literal from being glued to the text around it: in
// `my*hunter2*` or "hunter2\u200bx" the token "hunter2" still stands
// alone, as it did before this normalization.
//
// Normalization is line-local: no step moves, makes or removes a line
// break (an entity that decodes to one becomes a space), so Tokens of a
// text is the concatenation of Tokens of its lines, and the stripper can
// number each token by its line. Lines that are ASCII without '&' take a
// fast path equal to the full one there: NFKC, folding and the skeleton
// change nothing in ASCII but upper case.

// Tokens returns the normalized tokens of s, in order (see above): the
// unit of erasure matching. "+1 (555) 123-4567" and "1-555-123-4567" give
// the same tokens; so do "Hunter2" and "ｈｕｎｔｅｒ２".
func Tokens(s string) []string {
	var z tokenizer
	z.text(s)
	return z.toks
}

// Normalize returns s as erasure matching sees it: its tokens joined by
// single spaces. Normalize(Normalize(s)) == Normalize(s).
func Normalize(s string) string { return strings.Join(Tokens(s), " ") }

// lineTokens returns Tokens(s) and the 0-based line of each token. It
// reports false when the lines could not be told apart; normalization is
// line-local, so it never does.
func lineTokens(s string) (toks []string, lines []int, ok bool) {
	z := tokenizer{withLines: true}
	z.text(s)
	return z.toks, z.lines, true
}

// tokenizer collects tokens, and their lines when withLines is set. It
// holds the case folder, which is not safe for concurrent use, so each
// call of Tokens has its own.
type tokenizer struct {
	toks      []string
	lines     []int
	withLines bool
	folder    cases.Caser
	hasFolder bool
}

func (z *tokenizer) add(tok string, line int) {
	z.toks = append(z.toks, tok)
	if z.withLines {
		z.lines = append(z.lines, line)
	}
}

// text tokenizes s: all at once on the fast path when s is plain ASCII,
// otherwise line by line, each line on the path it needs.
func (z *tokenizer) text(s string) {
	if plainASCII(s) {
		z.ascii(s, 0)
		return
	}
	for line := 0; len(s) > 0; line++ {
		l, rest, _ := strings.Cut(s, "\n")
		z.line(l, line)
		s = rest
	}
}

// line tokenizes one line (no '\n').
func (z *tokenizer) line(l string, line int) {
	if strings.IndexByte(l, '&') >= 0 {
		l = html.UnescapeString(l)
		if strings.IndexByte(l, '\n') >= 0 {
			l = strings.ReplaceAll(l, "\n", " ")
		}
	}
	if isASCII(l) {
		z.ascii(l, line)
	} else {
		z.unicode(l, line)
	}
}

// ascii is the fast path for ASCII text whose entities are decoded:
// folding is lowering A-Z and letters and digits are [a-z0-9]. Tokens are
// substrings of one lowered copy.
func (z *tokenizer) ascii(s string, line int) {
	low := strings.ToLower(s)
	start := -1
	for i := 0; i < len(low); i++ {
		c := low[i]
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			z.add(low[start:i], line)
			start = -1
		}
		if c == '\n' {
			line++
		}
	}
	if start >= 0 {
		z.add(low[start:], line)
	}
}

// unicode is the full path for text whose entities are decoded.
func (z *tokenizer) unicode(s string, line int) {
	if !z.hasFolder {
		z.folder, z.hasFolder = cases.Fold(), true
	}
	t := foldText(z.folder, s)
	start := -1
	for i, r := range t {
		if tokenRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			z.add(t[start:i], line)
			start = -1
		}
		if r == '\n' {
			line++
		}
	}
	if start >= 0 {
		z.add(t[start:], line)
	}
}

// foldText applies NFKC, case folding, NFKC again (folding can undo it)
// and the skeleton to s, composing again (NFC) any combining mark that
// follows a letter the skeleton changed.
func foldText(folder cases.Caser, s string) string {
	if !utf8.ValidString(s) {
		// Invalid bytes separate tokens; norm would pass them through
		// with what follows them unnormalized.
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	t := norm.NFKC.String(folder.String(norm.NFKC.String(s)))
	var b []byte
	for i := 0; i < len(t); {
		r, w := utf8.DecodeRuneInString(t[i:])
		if m, ok := foldRune(r); ok {
			if b == nil {
				b = append(make([]byte, 0, len(t)), t[:i]...)
			}
			b = utf8.AppendRune(b, m)
		} else if b != nil {
			b = append(b, t[i:i+w]...)
		}
		i += w
	}
	if b == nil {
		return t
	}
	return norm.NFC.String(string(b))
}

// foldRune maps a case-folded rune to its skeleton, and finishes case
// folding where x/text's folder does not: it folds Cherokee capitals to
// small letters and small letters back to capitals, where Unicode's
// CaseFolding.txt folds both to the capitals.
func foldRune(r rune) (rune, bool) {
	switch {
	case r < 0x80:
		return r, false
	case 0xAB70 <= r && r <= 0xABBF:
		return r - 0xAB70 + 0x13A0, true
	case 0x13F8 <= r && r <= 0x13FD:
		return r - 0x13F8 + 0x13F0, true
	}
	c, ok := skeleton(r)
	return rune(c), ok
}

// tokenRune reports whether r belongs to a token: a letter or a number,
// save the default-ignorable ones.
func tokenRune(r rune) bool {
	if r < 0x80 {
		return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z'
	}
	if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
		return false
	}
	switch r {
	case 0x115F, 0x1160, 0x3164, 0xFFA0: // the Hangul fillers (TestIgnorableLetters)
		return false
	}
	return true
}

// defaultIgnorable reports whether r has the Unicode property
// Default_Ignorable_Code_Point, derived as DerivedCoreProperties.txt
// defines it from properties the unicode package has. Every such code
// point separates tokens.
func defaultIgnorable(r rune) bool {
	if r < 0xAD || 0xFFF9 <= r && r <= 0xFFFB || 0x13430 <= r && r <= 0x1343F {
		return false
	}
	return (unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Variation_Selector, r) || unicode.Is(unicode.Cf, r)) &&
		!unicode.Is(unicode.White_Space, r) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r)
}

// plainASCII reports whether s is ASCII without '&', so it has no entity
// to decode.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] == '&' {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// LegacyTokens is the normalization of erasure markers written before
// look-alikes were folded (version 1): NFC and case folding, tokens the
// runs of letters and digits. The guard still matches those markers in
// these tokens.
func LegacyTokens(s string) []string {
	if isASCII(s) {
		var z tokenizer
		z.ascii(s, 0)
		return z.toks
	}
	folded := cases.Fold().String(norm.NFC.String(s))
	return strings.FieldsFunc(folded, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// legacyLineTokens is lineTokens for LegacyTokens. It reports false when
// folding changed the number of lines, which would make the line numbers
// meaningless.
func legacyLineTokens(s string) (toks []string, lines []int, ok bool) {
	if isASCII(s) {
		z := tokenizer{withLines: true}
		z.ascii(s, 0)
		return z.toks, z.lines, true
	}
	folded := cases.Fold().String(norm.NFC.String(s))
	if strings.Count(folded, "\n") != strings.Count(s, "\n") {
		return nil, nil, false
	}
	line, start := 0, -1
	for i, r := range folded {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			toks, lines = append(toks, folded[start:i]), append(lines, line)
			start = -1
		}
		if r == '\n' {
			line++
		}
	}
	if start >= 0 {
		toks, lines = append(toks, folded[start:]), append(lines, line)
	}
	return toks, lines, true
}
