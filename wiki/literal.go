package wiki

import (
	"strings"
	"unicode/utf8"
)

// LiteralMatcher matches the given literals (token sequences from Tokens)
// regardless of the separators inside them: a match is every run of
// consecutive tokens whose concatenation equals a literal's concatenation,
// overlapping ones included. So "hunter2" matches "hunter-2", "hunter 2"
// and "hunter_2", and "zebra 4491 quartz" matches the slug
// "zebra4491quartz"; "hunter 22" and "hunter2x" do not match "hunter2",
// since a run starts and ends on token boundaries. Literals with no tokens
// never match, and with none left the matcher's Span is 0. Its Span is the
// longest literal in runes, which bounds the tokens of a match. It keeps
// the concatenations only and is safe for concurrent use.
func LiteralMatcher(lits [][]string) Matcher {
	lm := &literalMatcher{}
	for _, lit := range lits {
		c := strings.Join(lit, "")
		if c == "" {
			continue
		}
		lm.lits = append(lm.lits, c)
		lm.span = max(lm.span, utf8.RuneCountInString(c))
	}
	return lm
}

// literalMatcher holds the concatenation of each literal.
type literalMatcher struct {
	lits []string
	span int
}

func (lm *literalMatcher) Span() int { return lm.span }

func (lm *literalMatcher) Matches(toks []string) [][2]int {
	return lm.find(nil, toks, false)
}

// contains reports whether toks holds a literal, stopping at the first.
// ContainsMatch uses it in place of Matches.
func (lm *literalMatcher) contains(toks []string) bool {
	return len(lm.find(nil, toks, true)) > 0
}

// find appends to dst every run of toks that spells a literal, or the
// first one only. From each start at most one run per literal can match
// (tokens are never empty), found by consuming the literal token by token,
// so it takes time linear in len(toks) times the tokens of a literal.
func (lm *literalMatcher) find(dst [][2]int, toks []string, first bool) [][2]int {
	for i, t := range toks {
		for _, c := range lm.lits {
			if t == "" || len(t) > len(c) || c[0] != t[0] || !strings.HasPrefix(c, t) {
				continue
			}
			rest, j := c[len(t):], i+1
			for rest != "" && j < len(toks) && strings.HasPrefix(rest, toks[j]) {
				rest, j = rest[len(toks[j]):], j+1
			}
			if rest == "" {
				dst = append(dst, [2]int{i, j})
				if first {
					return dst
				}
			}
		}
	}
	return dst
}

// LegacyMatcher is a Matcher that also finds matches in LegacyTokens, the
// normalization before look-alikes were folded: the erasure guard is one,
// for the markers written then. StripMatches, StripMatchLines and
// ContainsMatch apply both until neither finds anything, except on ASCII
// text without '&', where LegacyTokens and Tokens are the same: there the
// matcher's own Matches must find what its legacy half finds.
type LegacyMatcher interface {
	Matcher
	// Legacy returns the matcher over LegacyTokens, or nil when there is
	// none.
	Legacy() Matcher
}

// legacyView is the legacy half of a LegacyMatcher: a Matcher whose
// tokens come from LegacyTokens.
type legacyView struct{ Matcher }

// legacyOf returns the legacy half of m to apply to text, or nil.
func legacyOf(m Matcher, text []byte) Matcher {
	lm, ok := m.(LegacyMatcher)
	if !ok {
		return nil
	}
	plain := true
	for _, c := range text {
		if c >= 0x80 || c == '&' {
			plain = false
			break
		}
	}
	if plain {
		return nil
	}
	if l := lm.Legacy(); l != nil && l.Span() > 0 {
		return legacyView{l}
	}
	return nil
}

// textTokens tokenizes s for m: with LegacyTokens for a legacy half,
// ReaderTokens for a reader's view, Tokens otherwise.
func textTokens(m Matcher, s string) []string {
	switch m.(type) {
	case legacyView:
		return LegacyTokens(s)
	case readerView:
		return ReaderTokens(s)
	}
	return Tokens(s)
}
