package erasure

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// The guard's channels beyond file contents: what a publication carries
// besides its files (the path of each file and folder, the commit message
// and the signature) must not hold forgotten text or name a forgotten
// session either.

// ErasedPath reports whether a path of the artifact layout holds
// forgotten text in a name that can hold content (an area,
// pages/<area>/..., or a page's slug), or across such names: path
// separators are word breaks, so "pages/zebra4491/quartz.md" holds
// "zebra4491 quartz". It returns the 1-based position of the segment
// where the first such match ends, so a refusal can say where without
// quoting it. A name that names a forgotten session is refused too.
func (g *Guard) ErasedPath(p string) (segment int, ok bool) {
	segs := strings.Split(p, "/")
	for i := range segs {
		if i > 0 && NameEndsMatch(g, segs, i) {
			return i + 1, true
		}
		if base, can := Renameable(segs[i], i == len(segs)-1); can && wiki.MentionsSession(base, g.ErasedSession) {
			return i + 1, true
		}
	}
	return 0, false
}

// NameEndsMatch reports whether segment i of a path (segs, the last one
// a file) is renamed for m: its renameable part holds a match of m, or a
// match runs across the renameable parts of the segments before it and
// ends in it (the parts joined by '/', a word break). A literal split
// between a folder and a file name so renames the file, and neither name
// is left holding it.
func NameEndsMatch(m wiki.Matcher, segs []string, i int) bool {
	base, can := Renameable(segs[i], i == len(segs)-1)
	if !can {
		return false
	}
	if wiki.ContainsMatch([]byte(base), m) {
		return true
	}
	var before []string
	for _, s := range segs[:i] {
		if b, ok := Renameable(s, false); ok {
			before = append(before, b)
		}
	}
	if len(before) == 0 {
		return false
	}
	prefix := strings.Join(before, "/")
	return wiki.ContainsMatch([]byte(prefix+"/"+base), m) && !wiki.ContainsMatch([]byte(prefix), m)
}

// ErasedSignature reports whether a commit author's or committer's name
// or email holds forgotten text.
func (g *Guard) ErasedSignature(name, email string) bool {
	return signatureHolds(g.ErasedContent, name, email)
}

// signatureHolds reports whether a signature's name or email holds what
// content reports.
func signatureHolds(content func([]byte) bool, name, email string) bool {
	return content([]byte(name)) || content([]byte(email))
}

// ErasedMessage reports whether a commit message holds forgotten text or
// names a forgotten session (in any form, trailer values included; the
// keys of memfs's own trailers are its vocabulary, never matched), and
// the 1-based line of the first such line.
func (g *Guard) ErasedMessage(msg string) (line int, ok bool) {
	hits := messageHits(msg, g.ErasedContent, g.ErasedSession)
	if len(hits) == 0 {
		return 0, false
	}
	return max(hits[0].line, 1), true
}

// messageHit is a line of a commit message that holds forgotten text or
// (session) names a forgotten session; line 0 is a match spanning lines.
type messageHit struct {
	line    int
	session bool
}

// messageHits returns the lines of a message, read as MessageView, that
// hold text content reports or name a session erased reports; when no
// line does, a match spanning lines is one hit at line 0.
func messageHits(msg string, content func([]byte) bool, erased func(string) bool) []messageHit {
	msg = MessageView(msg)
	var out []messageHit
	for i, l := range strings.Split(msg, "\n") {
		switch {
		case content([]byte(l)):
			out = append(out, messageHit{line: i + 1})
		case wiki.MentionsSession(l, erased):
			out = append(out, messageHit{line: i + 1, session: true})
		}
	}
	if len(out) == 0 && content([]byte(msg)) {
		out = append(out, messageHit{})
	}
	return out
}

// StripMessage removes from a commit message every line holding
// forgotten text (a match spanning lines removes each line it touches)
// and every line naming a forgotten session, except that the
// Memfs-Sources trailer only loses the forgotten ids. It returns the
// message and the number of lines removed or edited; what is left passes
// ErasedMessage. A dream uses it on the summary it commits.
func (g *Guard) StripMessage(msg string) (string, int) {
	out, n := StripMessageText(msg, g)
	stripped, m := StripSessionLines(out, g.ErasedSession)
	return stripped, n + m
}

// ErasedName is gitstore.EraseSpec.Name for the guard: ErasedName under
// the key of a text marker that the old path's last segment matches (the
// smallest key id when several do), so a forget and an import of its
// markers name alike.
func (g *Guard) ErasedName(oldPath string) string {
	base, _ := strings.CutSuffix(oldPath[strings.LastIndexByte(oldPath, '/')+1:], ".md")
	keys := g.textKeys(wiki.Tokens(base))
	if len(keys) == 0 {
		keys = g.textKeys(wiki.ReaderTokens(base))
	}
	if len(keys) == 0 {
		return ErasedName(nil, oldPath)
	}
	return ErasedName(g.keys[keys[0]], oldPath)
}

// textKeys returns, sorted, the ids of the keys whose text markers match
// somewhere in toks.
func (g *Guard) textKeys(toks []string) []string {
	found := map[string]bool{}
	g.eachMatch(toks, true, func(_, _ int, keyID string) bool {
		found[keyID] = true
		return true
	})
	return slices.Sorted(maps.Keys(found))
}

// ChannelProblems returns what a publication's paths (files), commit
// message (msg) and author signature hold of forgotten content under g, as
// the messages of erased_content problems that name positions, never the
// text; each message once.
func ChannelProblems(g validate.Guard, files []string, msg, authorName, authorEmail string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(msg string) {
		if !seen[msg] {
			seen[msg] = true
			out = append(out, msg)
		}
	}
	if pg, ok := g.(interface{ ErasedPath(string) (int, bool) }); ok {
		for _, p := range files {
			if seg, hit := pg.ErasedPath(p); hit {
				what := "a new page"
				if strings.HasSuffix(p, "/index.md") {
					what = "a new area index"
				}
				add(fmt.Sprintf("path segment %d of %s holds text that was forgotten", seg, what))
			}
		}
	}
	for _, h := range messageHits(msg, g.ErasedContent, g.ErasedSession) {
		switch {
		case h.line == 0:
			add("commit message holds text that was forgotten")
		case h.session:
			add(fmt.Sprintf("commit message line %d names a forgotten session", h.line))
		default:
			add(fmt.Sprintf("commit message line %d holds text that was forgotten", h.line))
		}
	}
	if signatureHolds(g.ErasedContent, authorName, authorEmail) {
		add("the commit author (config [author]) holds text that was forgotten")
	}
	return out
}

// StripSessionLines removes from a message every line naming a session
// erased reports, except that the Memfs-Sources trailer only loses those
// ids. It returns the message and the number of lines removed or edited.
func StripSessionLines(msg string, erased func(string) bool) (string, int) {
	lines := strings.SplitAfter(msg, "\n")
	kept := lines[:0:0]
	n := 0
	for _, l := range lines {
		body := strings.TrimRight(l, "\n")
		if rest, ok := strings.CutPrefix(body, validate.TrailerSources+":"); ok {
			ids := strings.Fields(rest)
			keep := slices.DeleteFunc(slices.Clone(ids), erased)
			if len(keep) != len(ids) {
				n++
				if len(keep) == 0 {
					continue
				}
				l = validate.TrailerSources + ": " + strings.Join(keep, " ") + l[len(body):]
			}
		}
		if wiki.MentionsSession(MessageView(l), erased) {
			n++
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, ""), n
}

// Renameable returns the part of an entry name that can hold content and
// be renamed: a folder's whole name (except the layout's pages and keys),
// a Markdown file's name without ".md" (except index.md and summary.md).
// file says whether the entry is a file.
func Renameable(name string, file bool) (string, bool) {
	if !file {
		return name, name != "pages" && name != "keys"
	}
	if name == "index.md" || name == "summary.md" {
		return "", false
	}
	return strings.CutSuffix(name, ".md")
}
