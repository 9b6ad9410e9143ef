package wiki

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Reading the files memfs generates without goldmark. index.md, the area
// indexes and the builtin dreamer's pages hold few kinds of lines: ATX
// headings, one-line paragraphs, list items made of links ("- [claim](
// pages/a/b.md)", "- [a](pages/a/index.md): 3 page(s)"), list items of
// text with a comment at their end ("- The build image is node:22.
// <!-- memfs-builtin claim … -->", "  - Sources: session:…"), comment
// lines, and the citation items of a Sources section. index.md is read at
// its size budget, and the pages a run changes, on every publication, so
// parseLines reads documents made only of such lines, line by line, and
// gives up (ok false) at the first line or character whose Markdown
// reading would need more than that: goldmark then parses the document
// (Parser.Parse). What it accepts it reads as goldmark does;
// FuzzParseLines holds it to that.
//
// Accepted lines (a final CR is a CRLF line ending):
//
//   - the empty line;
//   - "#{1,6} " and a heading text of plain characters, none of them '#',
//     not ending in a space; a level-2 "Sources" opens the Sources
//     section, any other level-1 or level-2 heading closes it;
//   - outside the Sources section, a paragraph line: an ASCII letter,
//     then plain characters;
//   - outside it, "- " and inline content that starts with a link: text
//     and links "[text](dest)", whose dest holds printable ASCII but
//     space, '(', ')', '<', '>', '\\', '&' and '`'. Their text is plain
//     characters, the escapes `\[` and `\]`, a backslash before a letter,
//     digit or space, '<' before a space, a non-ASCII character or the
//     line's end (no tag or autolink starts so), '>', and code spans
//     closed on the line (a claim quotes commands);
//   - outside it, up to 12 spaces, "- " and inline content holding no
//     link and more than spaces: text as a link's, less the brackets, and
//     at its end, after a space, a comment "<!-- … -->" of plain
//     characters holding no "--";
//   - outside it, a comment line: such a comment alone;
//   - in the Sources section, "- session:" and plain characters.
//
// Plain characters exclude the ASCII control characters, '[', ']', '\\',
// '<', '>' and '`', and '!' before '[': so no line holds raw HTML but
// whole comments, an autolink, an image, a link reference, nor a code
// span or escape that could change where a link starts or ends; without
// a leading space, tab, marker or fence no line opens a block of another
// kind, and no line continues a heading. No line of text past a link
// item's holds a bracket, so whatever blocks list items, quotes, fences
// or indentation make of them, they hold no link; the Sources section
// holds only citation items at the top level. Invalid UTF-8 is not
// accepted.

// parseLines reads src when every line of it is of the accepted kinds;
// ok is false otherwise.
func parseLines(src []byte) (page *Page, ok bool) {
	if !utf8.Valid(src) {
		return nil, false
	}
	r := lineReader{page: &Page{}}
	for n, rest := 1, src; len(rest) > 0; n++ {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte{'\n'})
		if !r.line(bytes.TrimSuffix(line, []byte{'\r'}), n) {
			return nil, false
		}
	}
	if r.page.Title == "" {
		r.page.Title = r.firstHeading
	}
	return r.page, true
}

// lineReader is parseLines's state: the page so far and the first
// heading's text.
type lineReader struct {
	page         *Page
	firstHeading string
	haveH1       bool
	// inSources is set after a level-2 "Sources" heading, until the next
	// level-1 or level-2 heading.
	inSources bool
	// dests holds each destination once: an index links each page once
	// per claim it lists.
	dests map[string]string
}

// line reads line n of the document; false means it is not accepted.
func (r *lineReader) line(l []byte, n int) bool {
	switch {
	case len(l) == 0:
		return true
	case l[0] == '#':
		return r.heading(l)
	case r.inSources:
		return r.source(l, n)
	case bytes.HasPrefix(l, []byte("<!--")):
		return comment(l) == len(l)
	case bytes.HasPrefix(l, []byte("- [")):
		return r.item(l[2:], n)
	case isASCIILetter(l[0]):
		return plainRun(l) == len(l)
	}
	return textItem(l)
}

// textItem reports whether l is a list item line of text holding no link
// (see above).
func textItem(l []byte) bool {
	i := 0
	for i < len(l) && l[i] == ' ' {
		i++
	}
	if i > 12 || !bytes.HasPrefix(l[i:], []byte("- ")) {
		return false
	}
	b := l[i+2:]
	if len(bytes.TrimLeft(b, " ")) == 0 {
		return false // "-  " under a paragraph line makes it a heading
	}
	for len(b) > 0 {
		if b[0] == ' ' && bytes.HasPrefix(b, []byte(" <!--")) {
			return comment(b[1:]) == len(b)-1
		}
		k := inlineToken(b)
		if k == 0 || b[0] == '[' || b[0] == ']' {
			return false
		}
		b = b[k:]
	}
	return true
}

// comment is the length of the comment b starts with, "<!--", plain
// characters holding no "--" and not ending in '-', "-->"; 0 when b
// starts with none.
func comment(b []byte) int {
	if !bytes.HasPrefix(b, []byte("<!--")) {
		return 0
	}
	end := bytes.Index(b[4:], []byte("-->"))
	if end < 0 {
		return 0
	}
	body := b[4 : 4+end]
	if plainRun(body) != len(body) || bytes.Contains(body, []byte("--")) || bytes.HasSuffix(body, []byte("-")) {
		return 0
	}
	return 4 + end + 3
}

// source reads a line of the Sources section: the empty line and
// headings are read before; what is left must be a citation item.
func (r *lineReader) source(l []byte, n int) bool {
	rest, ok := bytes.CutPrefix(l, []byte("- "+SessionPrefix))
	if !ok || plainRun(rest) != len(rest) {
		return false
	}
	raw := strings.TrimSpace(string(l[2:]))
	id, note := splitSessionID(raw[len(SessionPrefix):])
	if !ValidSessionID(id) {
		r.page.BadSources++
		return true
	}
	r.page.Sources = append(r.page.Sources, Source{ID: id, Note: strings.TrimSpace(note), Line: n})
	return true
}

// heading reads an ATX heading line.
func (r *lineReader) heading(l []byte) bool {
	level := 0
	for level < len(l) && l[level] == '#' {
		level++
	}
	if level > 6 || level+1 >= len(l) || l[level] != ' ' {
		return false
	}
	text := l[level+1:]
	if text[0] == ' ' || text[len(text)-1] == ' ' || bytes.IndexByte(text, '#') >= 0 || plainRun(text) != len(text) {
		return false
	}
	title := strings.TrimSpace(string(text))
	if level <= 2 {
		r.inSources = level == 2 && strings.EqualFold(title, SourcesHeading)
		r.page.HasSourcesSection = r.page.HasSourcesSection || r.inSources
	}
	if r.firstHeading == "" && title != "" {
		r.firstHeading = title
	}
	if level == 1 && !r.haveH1 && title != "" {
		r.page.Title, r.haveH1 = title, true
	}
	return true
}

// item reads the content of a list item line, which starts with a link.
func (r *lineReader) item(b []byte, n int) bool {
	for len(b) > 0 {
		if b[0] == '[' {
			dest, k := link(b)
			if k == 0 {
				return false
			}
			r.page.Links = append(r.page.Links, Link{Dest: r.intern(dest), Line: n})
			b = b[k:]
			continue
		}
		k := inlineToken(b)
		if k == 0 || b[0] == ']' {
			return false
		}
		b = b[k:]
	}
	return true
}

// intern returns dest as a string, one string for equal destinations.
func (r *lineReader) intern(dest []byte) string {
	if s, ok := r.dests[string(dest)]; ok {
		return s
	}
	if r.dests == nil {
		r.dests = map[string]string{}
	}
	s := string(dest)
	r.dests[s] = s
	return s
}

// link reads the link b starts with, returning its destination and its
// length; 0 when b does not start with an accepted link.
func link(b []byte) (dest []byte, n int) {
	i := 1
	for i < len(b) && b[i] != ']' {
		k := inlineToken(b[i:])
		if k == 0 || b[i] == '[' {
			return nil, 0
		}
		i += k
	}
	if i+1 >= len(b) || b[i+1] != '(' {
		return nil, 0
	}
	start := i + 2
	j := start
	for j < len(b) && destByte(b[j]) {
		j++
	}
	if j == start || j >= len(b) || b[j] != ')' {
		return nil, 0
	}
	return b[start:j], j + 1
}

// inlineToken is the length of the token of item text b starts with: a
// plain character, an escaped bracket, a backslash before a letter,
// digit or space (which escapes nothing), '<' before a space, a
// non-ASCII character or the line's end (no tag or autolink starts so), or a code span closed on the line; 0 when b starts with
// none. '[' and ']' are tokens the callers look at.
func inlineToken(b []byte) int {
	switch c := b[0]; {
	case c == '[' || c == ']':
		return 1
	case c == '`':
		return codeSpan(b)
	case c == '\\':
		if len(b) > 1 && (b[1] == '[' || b[1] == ']' || b[1] == ' ' || isASCIILetter(b[1]) || b[1] >= '0' && b[1] <= '9') {
			return 2
		}
		return 0
	case c == '<':
		// A tag, an autolink or an e-mail autolink ("<a@b>") starts
		// with an ASCII character after '<'.
		if len(b) > 1 && b[1] != ' ' && b[1] < 0x80 {
			return 0
		}
		return 1
	case c == '>':
		return 1
	case plainByte(b, 0):
		return 1
	}
	return 0
}

// codeSpan is the length of the code span b starts with, closed by the
// next run of as many backticks on the line; 0 when none closes it (it
// might close on a later line of the paragraph).
func codeSpan(b []byte) int {
	n := ticks(b)
	for i := n; i < len(b); {
		if c := b[i]; c < 0x20 || c == 0x7f {
			return 0
		}
		if b[i] != '`' {
			i++
			continue
		}
		k := ticks(b[i:])
		if k == n {
			return i + k
		}
		i += k
	}
	return 0
}

// ticks is the length of the run of backticks b starts with.
func ticks(b []byte) int {
	n := 0
	for n < len(b) && b[n] == '`' {
		n++
	}
	return n
}

// plainRun is the length of the run of plain characters b starts with.
func plainRun(b []byte) int {
	i := 0
	for i < len(b) && plainByte(b, i) {
		i++
	}
	return i
}

// plainByte reports whether b[i] is a plain character (see above).
func plainByte(b []byte, i int) bool {
	switch c := b[i]; {
	case c < 0x20 || c == 0x7f:
		return false
	case c == '[' || c == ']' || c == '\\' || c == '<' || c == '>' || c == '`':
		return false
	case c == '!':
		return i+1 == len(b) || b[i+1] != '['
	}
	return true
}

// destByte reports whether c may stand in an accepted link destination.
func destByte(c byte) bool {
	if c <= ' ' || c >= 0x7f {
		return false
	}
	switch c {
	case '(', ')', '<', '>', '\\', '&', '`':
		return false
	}
	return true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
