package wiki

import (
	"bytes"
	"sort"
)

// This file holds the Markdown block grammar that erasure by match strips
// by: content split into lines, each line classified (blank, heading,
// fence, list item, quote, ...), and the lines grouped into nested blocks
// (see StripMatches for the blocks it recognizes).

// stripLines is content split into lines. Line i spans
// content[start[i]:start[i+1]], terminator included; the last line may lack
// one. blank[i] is true for lines of only spaces, tabs and '\r', and
// nextFilled[i] is the first non-blank line at or after i (or the line
// count).
type stripLines struct {
	content    []byte
	start      []int
	blank      []bool
	indent     []int
	nextFilled []int
}

func splitStripLines(content []byte) *stripLines {
	ls := &stripLines{content: content}
	for off := 0; off < len(content); {
		ls.start = append(ls.start, off)
		if i := bytes.IndexByte(content[off:], '\n'); i >= 0 {
			off += i + 1
		} else {
			off = len(content)
		}
	}
	n := len(ls.start)
	ls.start = append(ls.start, len(content))
	ls.blank = make([]bool, n)
	ls.indent = make([]int, n)
	ls.nextFilled = make([]int, n+1)
	for i := range n {
		t := ls.text(i)
		col := 0
		for _, c := range t {
			if c == ' ' {
				col++
			} else if c == '\t' {
				col += 4 - col%4
			} else {
				break
			}
		}
		ls.blank[i] = len(bytes.Trim(t, " \t\r")) == 0
		ls.indent[i] = col
	}
	ls.nextFilled[n] = n
	for i := n - 1; i >= 0; i-- {
		if ls.blank[i] {
			ls.nextFilled[i] = ls.nextFilled[i+1]
		} else {
			ls.nextFilled[i] = i
		}
	}
	return ls
}

func (ls *stripLines) len() int { return len(ls.start) - 1 }

// line returns line i with its terminator.
func (ls *stripLines) line(i int) []byte { return ls.content[ls.start[i]:ls.start[i+1]] }

// text returns line i without its terminator ("\n" or "\r\n").
func (ls *stripLines) text(i int) []byte {
	l := ls.line(i)
	if n := len(l); n > 0 && l[n-1] == '\n' {
		l = l[:n-1]
		if n > 1 && l[n-2] == '\r' {
			l = l[:n-2]
		}
	}
	return l
}

// span returns lines a through b inclusive.
func (ls *stripLines) span(a, b int) []byte { return ls.content[ls.start[a]:ls.start[b+1]] }

// mdBlock is a block over lines [start, end). Lines [start, head) are its
// first line (the first paragraph of a list item); children are the blocks
// nested in lines [head, end), in order.
type mdBlock struct {
	start, end, head int
	parent           *mdBlock
	children         []*mdBlock
}

type lineKind int

const (
	kindParagraph lineKind = iota
	kindHeading
	kindTable
	kindQuote
	kindItem
	kindFence
)

// classifyLine returns the kind of block line t (without terminator) would
// open, and for a fence its character and length.
func classifyLine(t []byte) (kind lineKind, fenceChar byte, fenceLen int) {
	t = bytes.TrimLeft(t, " \t")
	if len(t) == 0 {
		return kindParagraph, 0, 0
	}
	switch c := t[0]; c {
	case '|':
		return kindTable, 0, 0
	case '>':
		return kindQuote, 0, 0
	case '#':
		n := countLeading(t, '#')
		if n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t' || t[n] == '\r') {
			return kindHeading, 0, 0
		}
	case '`', '~':
		n := countLeading(t, c)
		if n >= 3 && (c == '~' || bytes.IndexByte(t[n:], '`') < 0) {
			return kindFence, c, n
		}
	case '-', '*', '+':
		if len(t) == 1 || t[1] == ' ' || t[1] == '\t' || t[1] == '\r' {
			return kindItem, 0, 0
		}
	default:
		n := 0
		for n < len(t) && n < 10 && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		if n >= 1 && n <= 9 && n < len(t) && (t[n] == '.' || t[n] == ')') &&
			(n+1 == len(t) || t[n+1] == ' ' || t[n+1] == '\t' || t[n+1] == '\r') {
			return kindItem, 0, 0
		}
	}
	return kindParagraph, 0, 0
}

func countLeading(t []byte, c byte) int {
	n := 0
	for n < len(t) && t[n] == c {
		n++
	}
	return n
}

// isFenceClose reports whether t closes a fence of at least n c characters.
func isFenceClose(t []byte, c byte, n int) bool {
	t = bytes.TrimLeft(t, " \t")
	k := countLeading(t, c)
	return k >= n && len(bytes.Trim(t[k:], " \t\r")) == 0
}

// markdownBlocks returns the top-level Markdown blocks of ls.
func markdownBlocks(ls *stripLines) []*mdBlock {
	kinds := make([]lineKind, ls.len())
	for i := range kinds {
		if !ls.blank[i] {
			kinds[i], _, _ = classifyLine(ls.text(i))
		}
	}
	return parseBlocks(ls, kinds, 0, ls.len(), nil)
}

// parseBlocks splits lines [from, to) into blocks. Every non-blank line in
// the range ends up in exactly one returned block.
func parseBlocks(ls *stripLines, kinds []lineKind, from, to int, parent *mdBlock) []*mdBlock {
	var blocks []*mdBlock
	// paragraphEnd returns the end of the run of paragraph lines from i.
	paragraphEnd := func(i int) int {
		for i < to && !ls.blank[i] && kinds[i] == kindParagraph {
			i++
		}
		return i
	}
	for i := from; i < to; {
		if ls.blank[i] {
			i = min(ls.nextFilled[i], to)
			continue
		}
		b := &mdBlock{start: i, parent: parent}
		switch kinds[i] {
		case kindHeading, kindTable:
			b.end = i + 1
		case kindQuote:
			j := i + 1
			for j < to && !ls.blank[j] && kinds[j] == kindQuote {
				j++
			}
			b.end = j
		case kindFence:
			_, c, n := classifyLine(ls.text(i))
			b.end = to
			for j := i + 1; j < to; j++ {
				if isFenceClose(ls.text(j), c, n) {
					b.end = j + 1
					break
				}
			}
		case kindItem:
			m := ls.indent[i]
			j := i + 1
			for j < to {
				k := min(ls.nextFilled[j], to)
				if k == to || ls.indent[k] <= m {
					break
				}
				j = k + 1
			}
			b.end = j
			b.head = i + 1
			for b.head < j && !ls.blank[b.head] && kinds[b.head] == kindParagraph {
				b.head++
			}
			b.children = parseBlocks(ls, kinds, b.head, j, b)
		default:
			b.end = paragraphEnd(i + 1)
		}
		if b.head == 0 {
			b.head = b.end
		}
		blocks = append(blocks, b)
		i = b.end
	}
	return blocks
}

// lineBlocks makes every non-blank line a top-level block.
func lineBlocks(ls *stripLines) []*mdBlock {
	var blocks []*mdBlock
	for i := range ls.len() {
		if !ls.blank[i] {
			blocks = append(blocks, &mdBlock{start: i, end: i + 1, head: i + 1})
		}
	}
	return blocks
}

// blockAt returns the index of the block in blocks (sorted, disjoint)
// containing line i, or -1.
func blockAt(blocks []*mdBlock, i int) int {
	k := sort.Search(len(blocks), func(k int) bool { return blocks[k].end > i })
	if k < len(blocks) && blocks[k].start <= i {
		return k
	}
	return -1
}

// pickBlocks returns what to remove for a match on lines a through b:
// the smallest block containing both, or, when they lie in different
// top-level blocks, nil and the indices i <= j of those blocks in top, all
// of which go along with every top-level block between them.
func pickBlocks(top []*mdBlock, a, b int) (blk *mdBlock, i, j int) {
	i, j = blockAt(top, a), blockAt(top, b)
	if i < 0 || j < 0 {
		// Unreachable: lines with tokens are never blank, and parseBlocks
		// puts every non-blank line in a block.
		return &mdBlock{start: a, end: b + 1, head: b + 1}, 0, 0
	}
	if i != j {
		return nil, i, j
	}
	blk = top[i]
	for a >= blk.head && len(blk.children) > 0 {
		ca, cb := blockAt(blk.children, a), blockAt(blk.children, b)
		if ca < 0 || ca != cb {
			break
		}
		blk = blk.children[ca]
	}
	return blk, i, i
}
