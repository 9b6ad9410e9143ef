package wiki

import (
	"slices"
	"testing"
)

// lookAlikeCases are the spellings of two forgotten literals that a
// reader takes for them (match) and near misses that are other words
// (no match). gitstore's guard tests run the same kinds of cases.
var lookAlikeCases = []struct {
	name, lit, text string
	want            bool
}{
	{"plain", "correct horse battery staple", "the correct horse battery staple!", true},
	{"zero width space", "correct horse battery staple", "cor\u200brect horse battery staple", true},
	{"soft hyphen", "correct horse battery staple", "correct hor\u00adse battery staple", true},
	{"BOM and joiners", "correct horse battery staple", "cor\ufeffrect hor\u200dse bat\u2060tery staple", true},
	{"fullwidth", "correct horse battery staple", "ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｂａｔｔｅｒｙ ｓｔａｐｌｅ", true},
	{"mathematical", "correct horse battery staple", "𝐜𝐨𝐫𝐫𝐞𝐜𝐭 𝗵𝗼𝗿𝘀𝗲 𝘣𝘢𝘵𝘵𝘦𝘳𝘺 𝚜𝚝𝚊𝚙𝚕𝚎", true},
	{"cyrillic homoglyphs", "correct horse battery staple", "соrrесt hоrsе bаttеry stаplе", true},
	{"greek homoglyphs", "correct horse battery staple", "cοrrect hοrse battery staple", true},
	{"html entity", "correct horse battery staple", "&#99;orrect horse batter&#x79; staple", true},
	{"named entity", "correct horse battery staple", "cor&shy;rect horse battery staple", true},
	{"markdown emphasis", "correct horse battery staple", "cor**rect** horse _bat_tery staple", true},
	{"markdown code and strike", "correct horse battery staple", "`cor`rect ~~horse~~ battery staple", true},
	{"hyphen inside a word", "correct horse battery staple", "cor-rect horse-battery staple", true},
	{"joined", "correct horse battery staple", "correcthorsebatterystaple", true},
	{"upper case", "correct horse battery staple", "CORRECT HORSE BATTERY STAPLE", true},
	{"prefix only", "correct horse battery staple", "correct horse", false},
	{"one word missing", "correct horse battery staple", "correct horse staple", false},
	{"other order", "correct horse battery staple", "horse correct battery staple", false},
	{"glued to a word", "correct horse battery staple", "xcorrect horse battery staple", false},
	{"other letter", "correct horse battery staple", "correct house battery staple", false},

	{"plain", "hunter2", "my password is hunter2.", true},
	{"hyphen", "hunter2", "hunter-2", true},
	{"space", "hunter2", "hunter 2", true},
	{"underscore", "hunter2", "hunter_2", true},
	{"superscript", "hunter2", "hunter²", true},
	{"fullwidth", "hunter2", "ｈｕｎｔｅｒ２", true},
	{"emphasis around", "hunter2", "my*hunter2*", true},
	{"zero width space after", "hunter2", "hunter2\u200bx", true},
	{"other digit", "hunter2", "hunter3", false},
	{"other letter", "hunter2", "hunterz", false},
	{"more digits", "hunter2", "hunter 22", false},
	{"glued", "hunter2", "hunter2x", false},
	{"ASCII look-alike", "hunter2", "hunterZ hunte r hunterl", false},

	{"digits joined", "555 867 5309", "call 5558675309 now", true},
	{"digits split elsewhere", "555 867 5309", "call 55-58-67-53-09", true},
	{"digits near miss", "555 867 5309", "call 5558675300", false},
	{"slug", "zebra 4491 quartz", "pages/notes/zebra4491quartz.md", true},
	{"slug near miss", "zebra 4491 quartz", "pages/notes/zebra4491quartzite.md", false},
}

// Ensure that LiteralMatcher catches every spelling of a literal a reader
// takes for it, and none of the near misses.
func TestLiteralMatcherLookAlikes(t *testing.T) {
	for _, c := range lookAlikeCases {
		lits := literals(c.lit)
		if got := ContainsLiteral([]byte(c.text), lits); got != c.want {
			t.Errorf("%s: ContainsLiteral(%q, %q) = %v, want %v", c.name, c.text, c.lit, got, c.want)
		}
		if got := ContainsMatch([]byte(c.text), newFingerprintMatcher(lits)); got != c.want {
			t.Errorf("%s: fingerprints of %q in %q = %v, want %v", c.name, c.lit, c.text, got, c.want)
		}
	}
}

// Ensure that LiteralMatcher reports every run that spells a literal,
// overlapping ones included, with the tokens it spans, and bounds them by
// its Span.
func TestLiteralMatcherRuns(t *testing.T) {
	cases := []struct {
		lits []string
		toks []string
		want [][2]int
	}{
		{[]string{"hunter2"}, []string{"x", "hunter", "2", "hunter2"}, [][2]int{{1, 3}, {3, 4}}},
		{[]string{"aa"}, []string{"a", "a", "a"}, [][2]int{{0, 2}, {1, 3}}},
		{[]string{"ab", "b c"}, []string{"a", "b", "c"}, [][2]int{{0, 2}, {1, 3}}},
		{[]string{"hunter2"}, []string{"hunter", "22"}, nil},
		{[]string{"hunter2"}, []string{"", "hunter2"}, [][2]int{{1, 2}}},
		{[]string{"..."}, []string{"a"}, nil},
	}
	for _, c := range cases {
		m := LiteralMatcher(literals(c.lits...))
		got := m.Matches(c.toks)
		slices.SortFunc(got, func(a, b [2]int) int { return a[0] - b[0] })
		if !slices.Equal(got, c.want) {
			t.Errorf("LiteralMatcher(%q).Matches(%q) = %v, want %v", c.lits, c.toks, got, c.want)
		}
		for _, r := range got {
			if r[1]-r[0] > m.Span() {
				t.Errorf("LiteralMatcher(%q): match %v is longer than Span %d", c.lits, r, m.Span())
			}
		}
	}
}

// legacyMatcher is a LegacyMatcher whose halves are literal matchers.
type legacyMatcher struct {
	Matcher
	legacy Matcher
}

func (lm legacyMatcher) Legacy() Matcher { return lm.legacy }

// Ensure that a LegacyMatcher's legacy half is matched in LegacyTokens by
// ContainsMatch, StripMatches and StripMatchLines, together with its
// other half, until neither matches.
func TestLegacyMatcher(t *testing.T) {
	// "пароль" folds to look-alikes, so only the legacy half, which sees
	// the NFC tokens, finds it; "hunter2" is found by the other half.
	m := legacyMatcher{Matcher: LiteralMatcher(literals("hunter2")), legacy: LiteralMatcher([][]string{LegacyTokens("пароль")})}
	if !ContainsMatch([]byte("Пароль: x"), m) || !ContainsMatch([]byte("hunter 2"), m) || ContainsMatch([]byte("parol"), m) {
		t.Errorf("ContainsMatch does not apply both halves")
	}
	content := "Keep.\n\nПАРОЛЬ one\n\nhunter-2\n\nKeep too.\n"
	if got, n := StripMatches([]byte(content), m); string(got) != "Keep.\n\nKeep too.\n" || n != 2 {
		t.Errorf("StripMatches = (%q, %d)", got, n)
	}
	if got, n := StripMatchLines([]byte("Subject\n\nпароль\nhunter_2\nbody\n"), m); string(got) != "Subject\n\nbody\n" || n != 2 {
		t.Errorf("StripMatchLines = (%q, %d)", got, n)
	}
	// A legacy half with nothing to match is ignored.
	empty := legacyMatcher{Matcher: LiteralMatcher(literals("hunter2")), legacy: LiteralMatcher(nil)}
	if got, n := StripMatches([]byte("пароль\n"), empty); string(got) != "пароль\n" || n != 0 {
		t.Errorf("StripMatches with an empty legacy half = (%q, %d)", got, n)
	}
}
