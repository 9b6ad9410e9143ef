package wiki

import (
	"bytes"
	"slices"
)

// Erasure by match: "forget text:<literal>" removes every Markdown block
// whose tokens hold the literal: a run of tokens that spells it (see
// LiteralMatcher). A Matcher says which token runs are forgotten:
// LiteralMatcher knows the literals, while an erasure guard that keeps
// only fingerprints supplies its own.
//
// Blocks are whole lines, so a match only needs to be located to lines, not
// to bytes. lineTokens runs the normalization of Tokens, which is
// line-local, line by line and numbers each token by its line. Per-byte
// spans are never needed, which sidesteps folding changing byte lengths
// and NFKC merging marks across runs. A LegacyMatcher's legacy half is
// located the same way in LegacyTokens, numbered by legacyLineTokens.
//
// The result is then checked with ContainsMatch, that is with Tokens
// itself, the test the erasure guard applies to whole files. Should that
// check fail (no input is known to make it with LiteralMatcher, but a
// matcher that breaks its contract can), stripFallback locates matches
// with Tokens on ranges of lines and removes them one at a time.

// Matcher finds forgotten token sequences in a token stream.
//
// StripMatches and StripMatchLines assume that whether toks[start:end] is
// a match depends only on those tokens, and that no match is longer than
// Span: after a removal they re-run Matches only on the Span-1 tokens on
// either side of each gap. A matcher that breaks this still gets a result
// with no match left, through a slower fallback that may remove more.
// Matches must give the same answer for the same tokens every time.
type Matcher interface {
	// Matches returns the token ranges [start, end) of toks that hold
	// forgotten content, in any order (overlaps allowed).
	// Ranges are clipped to toks; ranges left empty are ignored.
	// Matches must not keep toks after returning: callers reuse it.
	Matches(toks []string) [][2]int
	// Span is the longest range Matches can return, in tokens; the
	// incremental re-check after a removal looks this far around the gap.
	Span() int
}

// StripLiterals removes from Markdown content every block that contains any
// of the literals, each given as its token sequence (from Tokens). It is
// StripMatches with LiteralMatcher(lits); see StripMatches for the blocks
// and the guarantees.
func StripLiterals(content []byte, lits [][]string) ([]byte, int) {
	return StripMatches(content, LiteralMatcher(lits))
}

// StripLiteralLines is StripLiterals for commit messages: it removes each
// line containing a literal. It is StripMatchLines with
// LiteralMatcher(lits).
func StripLiteralLines(msg []byte, lits [][]string) ([]byte, int) {
	return StripMatchLines(msg, LiteralMatcher(lits))
}

// ContainsLiteral reports whether text contains any literal (token windows).
// It tokenizes text with Tokens, so it agrees with a guard that does the
// same. Literals with no tokens never match. It is ContainsMatch with
// LiteralMatcher(lits).
func ContainsLiteral(text []byte, lits [][]string) bool {
	return ContainsMatch(text, LiteralMatcher(lits))
}

// StripMatches is StripLiterals for any matcher: it removes from Markdown
// content every block that holds a match of m in its tokens (from Tokens).
// A block is a heading line, a paragraph (run of non-blank lines that is
// not another block kind), a list item (its marker line plus its
// continuation lines and nested items, i.e. following lines indented more
// than the marker, until a blank line followed by a less-indented line or
// a line at the same or lower indentation), a table row (line starting
// with optional spaces then '|'), a block quote line group, or a fenced
// code block (``` or ~~~ to the matching fence, or to the end). The
// smallest block containing a whole match is removed: a match inside a
// nested list item removes just that nested item; a match in the outer
// item's first line removes the outer item with its children. A match that
// spans several top-level blocks removes all of them. It repeats until m
// matches nowhere in the result, including across block boundaries
// (ContainsMatch of the whole result is false), because an erasure guard
// checks whole files. It returns the new content and the number of blocks
// removed; when nothing matches, or m is nil or its Span is not positive,
// it returns content unchanged (same bytes) and 0.
//
// The first line of a list item is its first paragraph: the marker line and
// the non-blank, more-indented lines that directly follow it and start no
// other block kind. Inside a list item, a match spanning several children
// removes the whole item. Lines end at "\n"; a "\r" before it belongs to the
// line ending and a lone "\r" is ordinary text. Block kinds are recognized
// after any indentation. Blocks are those of the input: when a removal
// makes a new match, its blocks are found in the original parse, not in a
// re-parse of what is left. Blank lines left on both sides of a removed run
// of lines are collapsed by dropping the ones after it, blank lines a
// removal leaves at the start or end of the content are dropped, and every
// other byte is kept.
//
// Should m break the Matcher contract, so that matches remain after the
// incremental passes, a fallback removes one match at a time, re-parsing
// blocks after each removal; it always ends, at worst with empty content.
func StripMatches(content []byte, m Matcher) ([]byte, int) {
	return stripBoth(content, m, markdownBlocks)
}

// StripMatchLines is StripMatches for commit messages: it removes each
// line holding a match; a match spanning lines removes every line it
// touches. Same fixed-point guarantee and return values.
//
// Blank lines around removed lines are collapsed as in StripMatches. The
// count is the number of non-blank lines removed.
func StripMatchLines(msg []byte, m Matcher) ([]byte, int) {
	return stripBoth(msg, m, lineBlocks)
}

// stripBoth strips the matches of m in Tokens, of m in the reader's view
// (ReaderTokens) when that can differ, and, when m is a LegacyMatcher, of
// its legacy half in LegacyTokens, in turn until no view removes a block
// (each round that goes on removes one, so it ends).
func stripBoth(content []byte, m Matcher, blocksOf func(*stripLines) []*mdBlock) ([]byte, int) {
	type view struct {
		m        Matcher
		tokenize func(string) ([]string, []int, bool)
	}
	views := []view{{m, lineTokens}}
	if r := readerOf(m, content); r != nil {
		views = append(views, view{r, readerLineTokens})
	}
	if legacy := legacyOf(m, content); legacy != nil {
		views = append(views, view{legacy, legacyLineTokens})
	}
	out, removed := stripMatches(content, m, blocksOf, lineTokens)
	if len(views) == 1 {
		return out, removed
	}
	for quiet, i := 1, 1; quiet < len(views); i = (i + 1) % len(views) {
		if _, ok := views[i].m.(readerView); ok && !hasMatch(views[i].m, ReaderTokens(string(out))) {
			// Most text has nothing in the reader's view: looking costs
			// one tokenization, stripping much more.
			quiet++
			continue
		}
		o, n := stripMatches(out, views[i].m, blocksOf, views[i].tokenize)
		if n == 0 {
			quiet++
			continue
		}
		out, removed, quiet = o, removed+n, 1
	}
	return out, removed
}

// ContainsMatch reports whether Tokens(text) holds any match of m, or the
// reader's view of text (ReaderTokens) does, or, when m is a
// LegacyMatcher, LegacyTokens(text) any match of its legacy half. A nil m,
// or one whose Span is not positive, matches nothing.
func ContainsMatch(text []byte, m Matcher) bool {
	if m == nil || m.Span() <= 0 {
		return false
	}
	toks := Tokens(string(text))
	if hasMatch(m, toks) {
		return true
	}
	if readerOf(m, text) != nil {
		if rt, ok := readerDiffers(string(text), toks); ok && hasMatch(m, rt) {
			return true
		}
	}
	legacy := legacyOf(m, text)
	return legacy != nil && hasMatch(legacy, LegacyTokens(string(text)))
}

// hasMatch reports whether m finds a match in toks after clipping.
func hasMatch(m Matcher, toks []string) bool {
	if lm, ok := m.(*literalMatcher); ok {
		return lm.contains(toks)
	}
	for _, r := range m.Matches(toks) {
		if _, _, ok := clipMatch(r, len(toks)); ok {
			return true
		}
	}
	return false
}

// clipMatch clips the range r to the n tokens it was found in and reports
// whether any token is left.
func clipMatch(r [2]int, n int) (start, end int, ok bool) {
	start, end = max(r[0], 0), min(r[1], n)
	return start, end, start < end
}

// lineRange is the inclusive range of lines a match touches.
type lineRange struct{ first, last int }

// stripMatches is StripMatches and StripMatchLines; blocksOf splits the
// text into blocks. tokenize is lineTokens except in tests of the
// fallback.
func stripMatches(content []byte, m Matcher, blocksOf func(*stripLines) []*mdBlock, tokenize func(string) ([]string, []int, bool)) ([]byte, int) {
	if m == nil || len(content) == 0 {
		return content, 0
	}
	span := m.Span()
	if span <= 0 {
		return content, 0
	}
	out, removed := content, 0
	if toks, tokLine, ok := tokenize(string(content)); ok {
		ls := splitStripLines(content)
		if drop, n := stripPasses(ls, blocksOf(ls), toks, tokLine, m, span); n > 0 {
			out, removed = keepLines(ls, drop), n
		}
	}
	if !hasMatch(m, textTokens(m, string(out))) {
		return out, removed
	}
	return stripFallback(out, m, blocksOf, removed)
}

// stripPasses runs the fixed-point loop on the token sequence of ls: it
// removes the blocks of every match, then looks for new matches, which can
// only straddle a place where tokens were just removed, and repeats until
// there are none. Blocks are those of the input: a removal does not
// re-parse what remains. Every pass drops the lines of its matches, which
// were kept until then, so there are at most as many passes as lines. It
// returns the lines to drop and the number of blocks removed.
//
// Each pass looks only at windows of span-1 tokens on either side of the
// gaps the previous pass opened, so the whole loop costs time linear in the
// number of tokens and lines (times span), even when every removal creates
// the next match. That finds every new match of a matcher that keeps the
// Matcher contract: a match in what is left that straddles no new gap was
// a run of the previous pass's tokens too, so it was found and removed
// then.
func stripPasses(ls *stripLines, top []*mdBlock, toks []string, tokLine []int, m Matcher, span int) ([]bool, int) {
	st := newStripper(ls, top, toks, tokLine, m, span)
	var matches []lineRange
	for _, r := range m.Matches(toks) {
		if a, b, ok := clipMatch(r, len(toks)); ok {
			matches = append(matches, lineRange{tokLine[a], tokLine[b-1]})
		}
	}
	for pass := 1; len(matches) > 0; pass++ {
		newly := st.removeMatches(pass, matches)
		matches = st.gapMatches(newly, matches[:0])
	}
	return st.drop, st.count
}

// stripper is the state of stripPasses: what remains of the tokens, lines
// and top-level blocks, the lines dropped, and the blocks removed.
type stripper struct {
	ls      *stripLines
	top     []*mdBlock
	toks    []string
	tokLine []int
	m       Matcher
	span    int
	// lineTok[l] is the index of line l's first token.
	lineTok                    []int
	alive, lineAlive, topAlive *aliveSet
	drop                       []bool
	removedIn                  map[*mdBlock]int // pass that removed the block
	count                      int

	pass   int
	newly  []int    // lines dropped in this pass
	window []int    // token indices around a gap
	words  []string // their tokens
}

func newStripper(ls *stripLines, top []*mdBlock, toks []string, tokLine []int, m Matcher, span int) *stripper {
	nlines := ls.len()
	// tokLine is sorted.
	lineTok := make([]int, nlines+1)
	for i, l := 0, 0; l <= nlines; l++ {
		for i < len(toks) && tokLine[i] < l {
			i++
		}
		lineTok[l] = i
	}
	return &stripper{ls: ls, top: top, toks: toks, tokLine: tokLine, m: m, span: span,
		lineTok: lineTok, alive: newAliveSet(len(toks)), lineAlive: newAliveSet(nlines), topAlive: newAliveSet(len(top)),
		drop: make([]bool, nlines), removedIn: make(map[*mdBlock]int)}
}

// dropLines drops the lines from..to-1 not dropped yet. Dropping skips
// lines already dropped, and ranges of top-level blocks skip blocks
// already removed, so long spans over removed text cost nothing on later
// passes.
func (st *stripper) dropLines(from, to int) {
	for l := st.lineAlive.next(from); l < to; l = st.lineAlive.next(l + 1) {
		st.lineAlive.remove(l)
		st.drop[l] = true
		st.newly = append(st.newly, l)
	}
}

func (st *stripper) removeBlock(b *mdBlock) {
	st.removedIn[b] = st.pass
	if k := blockAt(st.top, b.start); k >= 0 && st.top[k] == b {
		st.topAlive.remove(k)
	}
	st.dropLines(b.start, b.end)
}

// removeMatches removes the blocks of every match of one pass and returns
// the lines it dropped.
func (st *stripper) removeMatches(pass int, matches []lineRange) []int {
	st.pass, st.newly = pass, st.newly[:0]
	var nested []*mdBlock
	inPass := make(map[*mdBlock]bool)
	for _, m := range matches {
		switch blk, i, j := pickBlocks(st.top, m.first, m.last); {
		case blk == nil:
			for k := st.topAlive.next(i); k <= j; k = st.topAlive.next(k + 1) {
				st.removeBlock(st.top[k])
				st.count++
			}
		case st.removedIn[blk] != 0 || inPass[blk]:
		case blk.parent == nil:
			st.removeBlock(blk)
			st.count++
		default:
			inPass[blk] = true
			nested = append(nested, blk)
		}
		// The picked blocks cover every line a match touches; the
		// blank lines between top-level blocks it spans go too.
		st.dropLines(m.first, m.last+1)
	}
	// A nested block inside another block removed in this pass is
	// not counted on its own.
	for _, b := range nested {
		covered := false
		for p := b.parent; p != nil && !covered; p = p.parent {
			covered = inPass[p] || st.removedIn[p] == pass
		}
		if !covered {
			st.count++
		}
		st.removeBlock(b)
	}
	return st.newly
}

// gapMatches removes the tokens of the newly dropped lines, then appends
// to matches those found in the windows of span-1 tokens on either side of
// each gap.
func (st *stripper) gapMatches(newly []int, matches []lineRange) []lineRange {
	var gaps []int
	for _, l := range newly {
		for t := st.lineTok[l]; t < st.lineTok[l+1]; t++ {
			st.alive.remove(t)
			gaps = append(gaps, t)
		}
	}
	seen := make(map[int]bool)
	for _, t := range gaps {
		right := st.alive.next(t)
		if seen[right] || right == len(st.toks) {
			continue
		}
		seen[right] = true
		st.window = st.window[:0]
		for i, p := 0, right; i < st.span-1; i++ {
			if p = st.alive.prev(p - 1); p < 0 {
				break
			}
			st.window = append(st.window, p)
		}
		if len(st.window) == 0 {
			continue
		}
		slices.Reverse(st.window)
		for i, p := 0, right; i < st.span-1 && p < len(st.toks); i, p = i+1, st.alive.next(p+1) {
			st.window = append(st.window, p)
		}
		st.words = st.words[:0]
		for _, p := range st.window {
			st.words = append(st.words, st.toks[p])
		}
		for _, r := range st.m.Matches(st.words) {
			if a, b, ok := clipMatch(r, len(st.words)); ok {
				matches = append(matches, lineRange{st.tokLine[st.window[a]], st.tokLine[st.window[b-1]]})
			}
		}
	}
	return matches
}

// aliveSet tracks which of n indices remain, with near-constant-time
// lookup of the nearest remaining index on either side (union-find with
// path halving). Index i has slot i in nxt and slot i+1 in prv; a slot
// that points at itself is a remaining index, and the sentinel slots nxt[n]
// and prv[0] stand for "none after" (n) and "none before" (-1).
type aliveSet struct {
	nxt, prv []int
}

func newAliveSet(n int) *aliveSet {
	s := &aliveSet{nxt: make([]int, n+1), prv: make([]int, n+1)}
	for i := range s.nxt {
		s.nxt[i], s.prv[i] = i, i
	}
	return s
}

func (s *aliveSet) remove(i int) { s.nxt[i], s.prv[i+1] = i+1, i }

// next returns the smallest remaining index at or after i, or n.
func (s *aliveSet) next(i int) int {
	for s.nxt[i] != i {
		s.nxt[i] = s.nxt[s.nxt[i]]
		i = s.nxt[i]
	}
	return i
}

// prev returns the largest remaining index at or before i, or -1.
func (s *aliveSet) prev(i int) int {
	j := i + 1
	for s.prv[j] != j {
		s.prv[j] = s.prv[s.prv[j]]
		j = s.prv[j]
	}
	return j - 1
}

// stripFallback finishes the job when lineTokens disagrees with Tokens,
// which no known input makes it do, or when m breaks the Matcher contract:
// it locates one match at a time with Tokens on ranges of lines,
// re-parsing after each removal. Every pass drops at least one line, so it
// ends, at worst with empty content, in which no matcher finds anything
// since matches are clipped to the tokens.
func stripFallback(content []byte, m Matcher, blocksOf func(*stripLines) []*mdBlock, removed int) ([]byte, int) {
	cur := content
	for range bytes.Count(content, []byte("\n")) + 2 {
		ls := splitStripLines(cur)
		mr, ok := fallbackMatch(ls, m)
		if !ok {
			return cur, removed
		}
		drop := make([]bool, ls.len())
		top := blocksOf(ls)
		blk, i, j := pickBlocks(top, mr.first, mr.last)
		picked := []*mdBlock{blk}
		if blk == nil {
			picked = top[i : j+1]
		}
		for _, b := range picked {
			removed++
			for l := b.start; l < b.end; l++ {
				drop[l] = true
			}
		}
		for l := mr.first; l <= mr.last; l++ {
			drop[l] = true
		}
		cur = keepLines(ls, drop)
	}
	return cur[:0], removed + 1 // unreachable unless Matches is not deterministic
}

// fallbackMatch locates a match with Tokens on line ranges: the first line
// L such that lines 0..L hold a match, then the last line S such that
// lines S..L still do. Both searches keep the invariant that the range at
// the upper (lower) bound matches, so they return a matching range even if
// matching is not monotone in the range.
func fallbackMatch(ls *stripLines, m Matcher) (lineRange, bool) {
	n := ls.len()
	has := func(a, b int) bool { return hasMatch(m, textTokens(m, string(ls.span(a, b)))) }
	if n == 0 || !has(0, n-1) {
		return lineRange{}, false
	}
	lo, hi := 0, n-1 // has(0, hi)
	for lo < hi {
		if mid := (lo + hi) / 2; has(0, mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	last := hi
	lo, hi = 0, last // has(lo, last)
	for lo < hi {
		if mid := (lo + hi + 1) / 2; has(mid, last) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lineRange{lo, last}, true
}

// keepLines returns the lines not dropped, collapsing blank lines around
// each run of dropped lines: when the kept line before the run is blank, or
// there is none, the blank lines right after the run go; when no
// non-blank line is kept after the last run, trailing blank lines go.
func keepLines(ls *stripLines, drop []bool) []byte {
	var kept []int
	skipBlanks, endsInRemoval := false, false
	for i := range ls.len() {
		switch {
		case drop[i]:
			skipBlanks = len(kept) == 0 || ls.blank[kept[len(kept)-1]]
			endsInRemoval = true
		case ls.blank[i] && skipBlanks:
		default:
			if !ls.blank[i] {
				skipBlanks, endsInRemoval = false, false
			}
			kept = append(kept, i)
		}
	}
	if endsInRemoval {
		for len(kept) > 0 && ls.blank[kept[len(kept)-1]] {
			kept = kept[:len(kept)-1]
		}
	}
	out := make([]byte, 0, len(ls.content))
	for _, i := range kept {
		out = append(out, ls.line(i)...)
	}
	return out
}
