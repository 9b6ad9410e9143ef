package erasure

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/wiki"
)

// FuzzGuardMatches checks that a guard that knows a literal only by its
// version 3 marker finds what wiki.LiteralMatcher finds knowing the
// literal (its leading MaxRunBytes, as markedRun cuts it): the same runs of tokens, the same verdict on the text and the
// same stripped text. A literal of memfs's own vocabulary is the
// exception: its marker is ignored, so the guard finds nothing.
func FuzzGuardMatches(f *testing.F) {
	for _, seed := range []struct{ text, literal string }{
		{"Call Bob at 555 123 4567.\n", "555 123 4567"},
		{"hunter-2, hunter 22, hunter2x, `hunter`_2_\n", "hunter2"},
		{"cor**rect** and cor\u200brect\n", "correct"},
		{"ｈｕｎｔｅｒ２\n", "Hunter2"},
		{"zebra4491quartz\n\n- zebra 4491\n  quartz\n", "zebra 4491 quartz"},
		{"Straße\n", "STRASSE"},
		{"a b c d\na b\n", "b c"},
		{"## Sources\n\n- session:s1\n", "sources"},
		{"Memfs-Sources: s1\n", "Memfs-Sources"},
		{"", "x"},
		{"abc", "..."},
		{strings.Repeat("word ", 40) + "\n", strings.Repeat("word ", 30)},
	} {
		f.Add(seed.text, seed.literal)
	}
	key := []byte("0123456789abcdef")
	keys := map[string][]byte{"k1": key}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	f.Fuzz(func(t *testing.T, text, literal string) {
		m, err := MarkText("k1", key, literal, now)
		if err != nil {
			if len(wiki.Tokens(literal)) > 0 {
				t.Fatalf("MarkText(%q): %v", literal, err)
			}
			return
		}
		g := NewGuard(keys, []Marker{m})
		lm := wiki.LiteralMatcher([][]string{{markedRun(wiki.Tokens(literal))}})
		toks := wiki.Tokens(text)
		got, want := sortedRanges(g.Matches(toks)), sortedRanges(lm.Matches(toks))
		if SchemaLiteral(literal) {
			if len(got) > 0 || g.ErasedContent([]byte(text)) {
				t.Fatalf("the marker of schema literal %q matches %q", literal, text)
			}
			return
		}
		if !slices.Equal(got, want) {
			t.Fatalf("guard of %q finds %v in %q, the literal %v", literal, got, toks, want)
		}
		if g.ErasedContent([]byte(text)) != wiki.ContainsMatch([]byte(text), lm) {
			t.Fatalf("guard of %q says %v on %q", literal, !wiki.ContainsMatch([]byte(text), lm), text)
		}
		gs, gn := wiki.StripMatches([]byte(text), g)
		ls, ln := wiki.StripMatches([]byte(text), lm)
		if gn != ln || !bytes.Equal(gs, ls) {
			t.Fatalf("guard of %q strips %q to (%q, %d), the literal to (%q, %d)", literal, text, gs, gn, ls, ln)
		}
	})
}

func sortedRanges(rs [][2]int) [][2]int {
	rs = slices.Clone(rs)
	slices.SortFunc(rs, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return slices.Compact(rs)
}
