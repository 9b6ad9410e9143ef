package wiki

import (
	"bytes"
	"strings"
)

// StripSessionClaims is what forgetting sessions leaves of a page that
// cites one of them (erased reports a forgotten session id), when the
// page's claims carry their own citations: each top-level list item of
// its body is one claim naming the sessions it rests on, and a nested
// item with items of its own is an earlier value of the claim (the
// builtin dreamer's pages). Then:
//
//   - an earlier value naming a forgotten session goes, whole;
//   - a claim still naming one goes, whole, with its earlier values;
//   - lines of the Sources section naming one go;
//   - every other line stays as it is.
//
// ok is false when the page must go whole instead: some part of its body
// (a paragraph, a quote, a table, a list item naming no session) rests
// only on the page's Sources, which cite a forgotten session; or nothing
// would be left (Hollow); or no session would be left in its Sources.
// Headings and lines that are only an HTML comment rest on nothing.
func StripSessionClaims(page []byte, erased func(id string) bool) (out []byte, ok bool) {
	ls := splitStripLines(page)
	top := markdownBlocks(ls)
	drop := make([]bool, ls.len())
	mentions := func(from, to int) bool {
		for i := from; i < to; i++ {
			if !drop[i] && MentionsSession(string(ls.text(i)), erased) {
				return true
			}
		}
		return false
	}
	cites := func(from, to int) bool {
		for i := from; i < to; i++ {
			if namesSession(string(ls.text(i))) {
				return true
			}
		}
		return false
	}
	dropLines := func(from, to int) {
		for i := from; i < to; i++ {
			drop[i] = true
		}
	}
	inSources := false
	for _, b := range top {
		first := strings.TrimSpace(string(ls.text(b.start)))
		kind, _, _ := classifyLine(ls.text(b.start))
		switch {
		case kind == kindHeading:
			if level := len(first) - len(strings.TrimLeft(first, "#")); level <= 2 {
				inSources = level == 2 && strings.TrimSpace(first[level:]) == SourcesHeading
			}
		case inSources:
			for i := b.start; i < b.end; i++ {
				if MentionsSession(string(ls.text(i)), erased) {
					drop[i] = true
				}
			}
		case onlyComments(ls, b.start, b.end):
		case kind == kindItem:
			for _, c := range b.children {
				if len(c.children) > 0 && mentions(c.start, c.end) {
					dropLines(c.start, c.end)
				}
			}
			switch {
			case mentions(b.start, b.end):
				dropLines(b.start, b.end)
			case !cites(b.start, b.end):
				return nil, false
			}
		default:
			return nil, false
		}
	}
	var buf bytes.Buffer
	for i := range ls.len() {
		if !drop[i] {
			buf.Write(ls.line(i))
		}
	}
	out = buf.Bytes()
	if Hollow(out) || !sourcesName(out) {
		return nil, false
	}
	return out, true
}

// onlyComments reports whether lines [from, to) are blank or HTML
// comments that open and close on their line.
func onlyComments(ls *stripLines, from, to int) bool {
	for i := from; i < to; i++ {
		t := strings.TrimSpace(string(ls.text(i)))
		if t != "" && !(strings.HasPrefix(t, "<!--") && strings.HasSuffix(t, "-->") && strings.Count(t, "-->") == 1) {
			return false
		}
	}
	return true
}

// namesSession reports whether l cites a session: "session:<id>".
func namesSession(l string) bool {
	for {
		i := strings.Index(l, SessionPrefix)
		if i < 0 {
			return false
		}
		l = l[i+len(SessionPrefix):]
		end := strings.IndexAny(l, " \t;,)")
		if end < 0 {
			end = len(l)
		}
		if ValidSessionID(trimTrailingIDPunct(l[:end])) {
			return true
		}
	}
}

// sourcesName reports whether a line of the page's Sources section cites
// a session.
func sourcesName(page []byte) bool {
	in := false
	for _, l := range strings.Split(string(page), "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "#") {
			level := len(t) - len(strings.TrimLeft(t, "#"))
			if level <= 2 {
				in = level == 2 && strings.TrimSpace(t[level:]) == SourcesHeading
			}
			continue
		}
		if in && namesSession(t) {
			return true
		}
	}
	return false
}
