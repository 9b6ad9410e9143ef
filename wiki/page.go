package wiki

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// SourcesHeading is the text of the level-2 heading that opens a page's
// provenance section.
const SourcesHeading = "Sources"

// SessionPrefix starts every citation item in a Sources section.
const SessionPrefix = "session:"

// Source is one citation item of a page's Sources section.
type Source struct {
	ID   string // session id
	Note string // free text after the id on the same line, trimmed
	Line int    // 1-based line of the item in the page
}

// Link is one link or image destination found in a page.
type Link struct {
	Dest string
	Line int // 1-based line of the enclosing block, 0 when unknown
}

// Page is what the parser learns from one Markdown file.
type Page struct {
	Title string // text of the first level-1 heading, else of the first heading

	// HasSourcesSection is true when the page has a level-2 "## Sources"
	// heading, whatever follows it.
	HasSourcesSection bool
	// Sources lists the well-formed citation items, in order.
	Sources []Source
	// BadSources counts items in the Sources section that start with
	// "session:" but carry no legal session id.
	BadSources int
	// Links lists link and image destinations in document order.
	Links []Link
}

// SessionIDs returns the distinct cited session ids in first-seen order.
func (p *Page) SessionIDs() []string {
	seen := make(map[string]bool, len(p.Sources))
	var ids []string
	for _, s := range p.Sources {
		if !seen[s.ID] {
			seen[s.ID] = true
			ids = append(ids, s.ID)
		}
	}
	return ids
}

// Parser parses pages with goldmark. A Parser is safe for concurrent use.
type Parser struct {
	md goldmark.Markdown
}

// NewParser returns a parser for CommonMark pages.
func NewParser() *Parser {
	return &Parser{md: goldmark.New()}
}

// Parse reads a page. It never fails: any byte sequence is some Markdown
// document, and defects are reported through the returned Page's fields.
// The indexes and the builtin dreamer's pages are read line by line
// (lineparse.go) when they hold only the kinds of line it knows, any
// other document with goldmark.
func (p *Parser) Parse(src []byte) *Page {
	if page, ok := parseLines(src); ok {
		return page
	}
	return p.parseMarkdown(src)
}

// parseMarkdown reads a page with goldmark.
func (p *Parser) parseMarkdown(src []byte) *Page {
	doc := p.md.Parser().Parse(text.NewReader(src))
	page := &Page{}
	lines := newLineIndex(src)

	var firstHeading string
	haveH1 := false
	// Top-level blocks: headings and the lists that follow a Sources heading.
	inSources := false
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			title := strings.TrimSpace(string(blockText(h, src)))
			if firstHeading == "" && title != "" {
				firstHeading = title
			}
			if h.Level == 1 && !haveH1 && title != "" {
				page.Title = title
				haveH1 = true
			}
			if h.Level <= 2 {
				inSources = h.Level == 2 && strings.EqualFold(title, SourcesHeading)
				if inSources {
					page.HasSourcesSection = true
				}
			}
			continue
		}
		if inSources {
			if l, ok := n.(*ast.List); ok {
				page.collectSources(l, src, lines)
			}
		}
	}
	if page.Title == "" {
		page.Title = firstHeading
	}

	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest []byte
		switch v := n.(type) {
		case *ast.Link:
			dest = v.Destination
		case *ast.Image:
			dest = v.Destination
		case *ast.AutoLink:
			dest = v.URL(src)
		default:
			return ast.WalkContinue, nil
		}
		page.Links = append(page.Links, Link{Dest: string(dest), Line: lines.of(enclosingBlockStart(n))})
		return ast.WalkContinue, nil
	})
	return page
}

func (page *Page) collectSources(l *ast.List, src []byte, lines lineIndex) {
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		page.collectItem(item, src, lines)
		// Items of nested sub-lists are citations too: a citation must not
		// escape the allow-list and erasure checks by being indented.
		for c := item.FirstChild(); c != nil; c = c.NextSibling() {
			if sub, ok := c.(*ast.List); ok {
				page.collectSources(sub, src, lines)
			}
		}
	}
}

func (page *Page) collectItem(item ast.Node, src []byte, lines lineIndex) {
	first := item.FirstChild()
	if first == nil || first.Lines().Len() == 0 {
		return
	}
	seg := first.Lines().At(0)
	raw := strings.TrimSpace(string(seg.Value(src)))
	rest, ok := strings.CutPrefix(raw, SessionPrefix)
	if !ok {
		return
	}
	id, note := splitSessionID(rest)
	if !ValidSessionID(id) {
		page.BadSources++
		return
	}
	page.Sources = append(page.Sources, Source{ID: id, Note: strings.TrimSpace(note), Line: lines.of(seg.Start)})
}

// splitSessionID takes the longest run of session-id characters from the
// front of s; what follows is the free note.
func splitSessionID(s string) (id, note string) {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '.' || c == '_' || c == ':' || c == '-' {
			i++
			continue
		}
		break
	}
	return s[:i], s[i:]
}

// blockText joins the raw source lines of a block node.
func blockText(n ast.Node, src []byte) []byte {
	var b bytes.Buffer
	ls := n.Lines()
	for i := 0; i < ls.Len(); i++ {
		seg := ls.At(i)
		b.Write(seg.Value(src))
	}
	return b.Bytes()
}

// enclosingBlockStart returns the source offset of the nearest block
// ancestor's first line, or -1.
func enclosingBlockStart(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock && n.Lines() != nil && n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	}
	return -1
}

// lineIndex maps byte offsets to 1-based line numbers.
type lineIndex []int

func newLineIndex(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (li lineIndex) of(off int) int {
	if off < 0 {
		return 0
	}
	lo, hi := 0, len(li)
	for lo < hi {
		mid := (lo + hi) / 2
		if li[mid] <= off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}
