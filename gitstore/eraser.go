package gitstore

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/gitstore/internal/parallel"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// EraseSpec says what an erasing rewrite removes. A forget builds it from
// its targets; an import builds it from the erasure markers (a Guard), so
// both rewrite the same history to the same objects.
//
// Forgotten content leaves every channel it travels by: file contents
// (the Markdown blocks holding it), file and folder names (renamed, see
// Name), links and generated index lines naming renamed or dropped pages,
// commit messages (subject, body, trailers) and commit authors and
// committers. A forgotten session leaves every page citing it and its id
// leaves every line that names it, in any file or message, in every form
// wiki.SessionMentions finds. A page whose claims cite their own sessions
// (wiki.StripSessionClaims) loses only the claims resting on a forgotten
// session, and the lines of index.md, the area indexes and summary.md
// that stated them; it goes when no claim is left.
type EraseSpec struct {
	// Text removes every Markdown block (and message line) it matches.
	Text wiki.Matcher
	// Session reports a forgotten session: pages citing it are dropped,
	// and its id leaves every line of a file or message naming it.
	Session func(id string) bool
	// Page reports a forgotten page path: the page is dropped.
	Page func(path string) bool
	// Name gives the new name of a file or folder whose name holds text
	// Text matches, from its old path (a file keeps its ".md"). It must
	// be deterministic, so that every store applying the same markers
	// makes the same commits: erasure.ErasedName under the key of the marker.
	// Nil: an *erasure.Guard as Text names by its markers' keys, anything
	// else by erasure.ErasedName with no key.
	Name func(oldPath string) string
}

// Eraser turns an EraseSpec into a history Edit. It reads each distinct
// blob at most once per question and keeps only answers (booleans and
// rewritten bytes) keyed by object id, in memory, for one rewrite.
type Eraser struct {
	store  *Store
	spec   EraseSpec
	parser *wiki.Parser

	mu     sync.Mutex
	clean  map[ID]bool // blobs with no matched text and no forgotten session named
	cites  map[ID]bool
	hollow map[ID]bool // pages stripping leaves hollow
	// stripped are the pages citing a forgotten session that keep the
	// claims resting on other sessions: what is left of each (nil when
	// the page goes whole).
	stripped map[ID][]byte
	plans    map[string]*erasePlan
	names    map[string]string // old path → new name ("" when kept)
	messages int
}

// erasePlan is what one revision's files decide: the paths dropped and,
// in the areas whose pages a forget drops or renames, the counts the
// generated index lines and summary give.
type erasePlan struct {
	drop map[string]bool
	// edit are the pages that lose claims resting on a forgotten session
	// and stay (path → their blob before the forget).
	edit map[string]ID
	// remaining counts the pages an affected area keeps; dropped those
	// it loses.
	remaining map[string]int
	dropped   map[string]int
}

// NewEraser returns an eraser of spec over the store's objects.
func (s *Store) NewEraser(spec EraseSpec) *Eraser {
	if spec.Text != nil && spec.Text.Span() <= 0 {
		spec.Text = nil
	}
	if spec.Name == nil {
		if g, ok := spec.Text.(*erasure.Guard); ok {
			spec.Name = g.ErasedName
		} else {
			spec.Name = func(p string) string { return erasure.ErasedName(nil, p) }
		}
	}
	return &Eraser{store: s, spec: spec, parser: wiki.NewParser(), clean: map[ID]bool{}, cites: map[ID]bool{}, hollow: map[ID]bool{},
		stripped: map[ID][]byte{}, plans: map[string]*erasePlan{}, names: map[string]string{}}
}

// Edit returns the history edit.
func (e *Eraser) Edit() Edit {
	ed := Edit{File: e.file, Message: e.message, Plan: e.plan}
	if e.spec.Text != nil || e.spec.Session != nil {
		ed.Prescan = e.prescan
	}
	if e.spec.Text != nil {
		ed.Rename = e.rename
		ed.Author = e.author
	}
	// Without forgotten sessions, pages or text, a revision's plan is
	// empty unless a name it renames holds the text. (Forgotten text may
	// leave a page hollow, which the plan drops.)
	if e.spec.Session == nil && e.spec.Page == nil && e.spec.Text == nil {
		ed.PlanNames = func(name string, isDir bool) bool { return e.nameHolds(name, !isDir) }
	}
	return ed
}

// Messages counts the commit messages edited so far.
func (e *Eraser) Messages() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.messages
}

// holds reports whether content holds matched text or names a forgotten
// session anywhere.
func (e *Eraser) holds(b []byte) bool {
	if e.spec.Text != nil && wiki.ContainsMatch(b, e.spec.Text) {
		return true
	}
	return e.spec.Session != nil && wiki.MentionsSession(string(b), e.spec.Session)
}

// prescan looks for matched text and named sessions in every blob on all
// cores, so the walk reads and tokenizes only the blobs that change.
func (e *Eraser) prescan(ctx context.Context, ids []ID, content func(ID) []byte) error {
	clean := make([]bool, len(ids))
	err := parallel.Run(len(ids), func() func(int) error {
		return func(i int) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			if b := content(ids[i]); b != nil {
				clean[i] = !e.holds(b)
			}
			return nil
		}
	})
	if err != nil {
		return ctx.Err()
	}
	e.mu.Lock()
	for i, id := range ids {
		if clean[i] {
			e.clean[id] = true
		}
	}
	e.mu.Unlock()
	return nil
}

// plan drops the pages of a revision that are forgotten or cite a
// forgotten session, and the index of an area that loses its last page
// so; it counts what the generated index lines of the affected areas
// must say.
func (e *Eraser) plan(files []TreeFile) (string, map[string]bool, error) {
	drop := map[string]bool{}
	edit := map[string]ID{}
	affected := map[string]bool{}
	for _, f := range files {
		if e.renamePath(f.Path) != f.Path {
			if area, ok := areaOf(f.Path); ok {
				affected[area] = true
			}
		}
		k, err := wiki.ClassifyPath(f.Path, false)
		if err != nil || k != wiki.KindPage {
			continue
		}
		gone := e.spec.Page != nil && e.spec.Page(f.Path)
		edited := false
		if !gone && e.spec.Session != nil {
			if gone, err = e.citesForgotten(f.ID); err != nil {
				return "", nil, err
			}
			if gone {
				left, err := e.stripSessions(f.ID)
				if err != nil {
					return "", nil, err
				}
				gone, edited = left == nil, left != nil
				if edited && e.spec.Text != nil && wiki.ContainsMatch(left, e.spec.Text) {
					rest, _ := wiki.StripMatches(left, e.spec.Text)
					gone = wiki.Hollow(rest)
				}
			}
		}
		if !gone && !edited && e.spec.Text != nil {
			if gone, err = e.hollowAfter(f.ID); err != nil {
				return "", nil, err
			}
		}
		if edited && !gone {
			edit[f.Path] = f.ID
		}
		if gone {
			drop[f.Path] = true
			area, _ := areaOf(f.Path)
			affected[area] = true
		}
	}
	if len(affected) == 0 && len(edit) == 0 {
		return "", nil, nil
	}
	pl := &erasePlan{drop: drop, edit: edit, remaining: map[string]int{}, dropped: map[string]int{}}
	for area := range affected {
		pl.remaining[area] = 0
	}
	for _, f := range files {
		area, ok := areaOf(f.Path)
		if k, err := wiki.ClassifyPath(f.Path, false); err != nil || k != wiki.KindPage || !ok || !affected[area] {
			continue
		}
		if drop[f.Path] {
			pl.dropped[area]++
		} else {
			pl.remaining[area]++
		}
	}
	// An area the forget empties disappears with its index.
	for area, n := range pl.remaining {
		if n == 0 && pl.dropped[area] > 0 {
			drop["pages/"+area+"/index.md"] = true
		}
	}
	var b strings.Builder
	for _, p := range slices.Sorted(mapKeys(drop)) {
		fmt.Fprintf(&b, "d %s\x00", p)
	}
	for _, a := range slices.Sorted(mapKeys(affected)) {
		fmt.Fprintf(&b, "a %s %d %d\x00", a, pl.remaining[a], pl.dropped[a])
	}
	for _, p := range slices.Sorted(mapKeys(edit)) {
		fmt.Fprintf(&b, "e %s %s\x00", p, edit[p])
	}
	sum := sha256.Sum256([]byte(b.String()))
	key := hex.EncodeToString(sum[:12])
	e.mu.Lock()
	e.plans[key] = pl
	e.mu.Unlock()
	return key, drop, nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// areaOf returns the area of a path under pages/.
func areaOf(p string) (string, bool) {
	rest, ok := strings.CutPrefix(p, "pages/")
	if !ok {
		return "", false
	}
	area, _, ok := strings.Cut(rest, "/")
	return area, ok && area != ""
}

// stripSessions is what is left of page blob id without the claims
// resting on a forgotten session; nil when the page goes whole.
func (e *Eraser) stripSessions(id ID) ([]byte, error) {
	e.mu.Lock()
	left, ok := e.stripped[id]
	e.mu.Unlock()
	if ok {
		return left, nil
	}
	b, err := e.store.ReadBlob(id)
	if err != nil {
		return nil, err
	}
	left, kept := wiki.StripSessionClaims(b, e.spec.Session)
	if !kept {
		left = nil
	}
	e.mu.Lock()
	e.stripped[id] = left
	e.mu.Unlock()
	return left, nil
}

func (e *Eraser) citesForgotten(id ID) (bool, error) {
	e.mu.Lock()
	c, ok := e.cites[id]
	e.mu.Unlock()
	if ok {
		return c, nil
	}
	b, err := e.store.ReadBlob(id)
	if err != nil {
		return false, err
	}
	c = slices.ContainsFunc(e.parser.Parse(b).Sources, func(s wiki.Source) bool { return e.spec.Session(s.ID) })
	e.mu.Lock()
	e.cites[id] = c
	e.mu.Unlock()
	return c, nil
}

// file edits a kept file: index lines linking dropped pages go, generated
// index lines and summary counts follow the pages that remain, links to
// renamed paths follow them, lines naming a forgotten session go, and so
// does every block holding matched text.
func (e *Eraser) file(p string, id ID, key string) ([]byte, bool, error) {
	var pl *erasePlan
	if key != "" {
		e.mu.Lock()
		pl = e.plans[key]
		e.mu.Unlock()
	}
	k, _ := wiki.ClassifyPath(p, false)
	// The builtin's summary links pages too.
	indexEdit := pl != nil && len(pl.drop) > 0 && (k.IsIndex() || k == wiki.KindSummary)
	claimsEdit := pl != nil && len(pl.edit) > 0 && (k.IsIndex() || k == wiki.KindSummary)
	_, pageEdit := pl.editOf(p, id)
	regen := pl != nil && (k == wiki.KindIndex || k == wiki.KindSummary)
	e.mu.Lock()
	dirty := (e.spec.Text != nil || e.spec.Session != nil) && !e.clean[id]
	e.mu.Unlock()
	if !dirty && !indexEdit && !claimsEdit && !regen {
		return nil, false, nil
	}
	b, err := e.store.ReadBlob(id)
	if err != nil {
		return nil, false, err
	}
	out := b
	if pageEdit {
		if out, err = e.stripSessions(id); err != nil {
			return nil, false, err
		}
	}
	if indexEdit {
		out, _ = removeLinkLines(e.parser, p, out, pl.drop)
	}
	if claimsEdit {
		if out, err = e.removeStrippedLines(p, out, pl.edit); err != nil {
			return nil, false, err
		}
	}
	if regen {
		out = e.regenerate(k, out, pl)
	}
	if dirty && e.spec.Text != nil {
		out = e.renameLinks(p, out)
	}
	if dirty && e.spec.Session != nil {
		out, _ = dropLinesNaming(out, e.spec.Session)
	}
	if dirty && e.spec.Text != nil {
		out, _ = wiki.StripMatches(out, e.spec.Text)
	}
	if k == wiki.KindSummary && !bytes.Equal(out, b) {
		// A line the forget stripped or a page it dropped changes what
		// the summary leaves out.
		out, _ = wiki.RegenerateMore(out)
	}
	return out, !bytes.Equal(out, b), nil
}

// editOf reports whether the plan strips claims of page p, blob id.
func (pl *erasePlan) editOf(p string, id ID) (ID, bool) {
	if pl == nil {
		return ID{}, false
	}
	old, ok := pl.edit[p]
	return old, ok && old == id
}

// removeStrippedLines removes from an index file or summary.md every line
// linking a page that loses claims whose text (a link's text, else the
// words before its first link: a claim shortened with "…" as the builtin
// lists it) the page held before the forget and holds no longer.
func (e *Eraser) removeStrippedLines(from string, b []byte, edit map[string]ID) ([]byte, error) {
	lines := bytes.SplitAfter(b, []byte("\n"))
	drop := map[int]bool{}
	for _, l := range e.parser.Parse(b).Links {
		t, ext := wiki.LinkTarget(from, l.Dest)
		old, ok := edit[t]
		if ext || !ok || l.Line <= 0 || l.Line > len(lines) {
			continue
		}
		toks := claimTokens(string(lines[l.Line-1]))
		if len(toks) == 0 {
			continue
		}
		before, err := e.store.ReadBlob(old)
		if err != nil {
			return nil, err
		}
		after, err := e.stripSessions(old)
		if err != nil {
			return nil, err
		}
		m := wiki.LiteralMatcher([][]string{toks})
		if wiki.ContainsMatch(before, m) && !wiki.ContainsMatch(after, m) {
			drop[l.Line] = true
		}
	}
	return dropLineNumbers(b, drop), nil
}

// claimTokens are the tokens of the claim an index or summary line
// states: its first link's text ("- [claim](page.md)"), else what comes
// before its first link ("- claim ([page](page.md); …)"), less a last
// word "…" cut short.
func claimTokens(line string) []string {
	body := strings.TrimSpace(line)
	body = strings.TrimSpace(strings.TrimLeft(body, "-*+"))
	var text string
	if rest, ok := strings.CutPrefix(body, "["); ok {
		text, _, _ = strings.Cut(rest, "](")
	} else {
		text, _, _ = strings.Cut(body, "[")
		text = strings.TrimSuffix(strings.TrimSpace(text), "(")
	}
	text = strings.NewReplacer("\\[", "[", "\\]", "]").Replace(text)
	toks := wiki.Tokens(text)
	if strings.HasSuffix(strings.TrimSpace(text), "…") && len(toks) > 1 {
		toks = toks[:len(toks)-1]
	}
	return toks
}

// hollowAfter reports whether stripping the forgotten text leaves a page
// that said something hollow (wiki.Hollow): its only claims were
// forgotten, and the page goes rather than stay with a heading and
// sources.
func (e *Eraser) hollowAfter(id ID) (bool, error) {
	e.mu.Lock()
	h, ok := e.hollow[id]
	clean := e.clean[id]
	e.mu.Unlock()
	if ok || clean {
		return h, nil
	}
	b, err := e.store.ReadBlob(id)
	if err != nil {
		return false, err
	}
	if wiki.ContainsMatch(b, e.spec.Text) && !wiki.Hollow(b) {
		stripped, _ := wiki.StripMatches(b, e.spec.Text)
		h = wiki.Hollow(stripped)
	}
	e.mu.Lock()
	e.hollow[id] = h
	e.mu.Unlock()
	return h, nil
}

// regenerate brings the generated lines of index.md and summary.md in
// line with what the plan leaves of the affected areas.
func (e *Eraser) regenerate(k wiki.Kind, b []byte, pl *erasePlan) []byte {
	rename := func(area string) string { return strings.TrimPrefix(e.renamePath("pages/"+area), "pages/") }
	out, _ := wiki.RegenerateCounts(k, b, func(area string) (string, int, bool) {
		n, ok := pl.remaining[area]
		if !ok {
			return area, 0, false
		}
		return rename(area), n, true
	})
	return out
}

// removeLinkLines removes from an index file every line holding a link
// to a dropped page.
func removeLinkLines(parser *wiki.Parser, from string, b []byte, drop map[string]bool) ([]byte, int) {
	lines := map[int]bool{}
	for _, l := range parser.Parse(b).Links {
		if t, ext := wiki.LinkTarget(from, l.Dest); !ext && drop[t] && l.Line > 0 {
			lines[l.Line] = true
		}
	}
	return dropLineNumbers(b, lines), len(lines)
}

// dropLineNumbers removes the given 1-based lines.
func dropLineNumbers(b []byte, lines map[int]bool) []byte {
	if len(lines) == 0 {
		return b
	}
	var out []byte
	for i, l := range bytes.SplitAfter(b, []byte("\n")) {
		if !lines[i+1] {
			out = append(out, l...)
		}
	}
	return out
}

// dropLinesNaming removes every line that names a session erased
// reports, in any form.
func dropLinesNaming(b []byte, erased func(string) bool) ([]byte, int) {
	lines := map[int]bool{}
	for i, l := range bytes.SplitAfter(b, []byte("\n")) {
		if wiki.MentionsSession(string(l), erased) {
			lines[i+1] = true
		}
	}
	return dropLineNumbers(b, lines), len(lines)
}

// message strips matched text from a commit message, and forgotten
// session ids from its lines (the Memfs-Sources trailer keeps its other
// ids); memfs's own trailer keys are never matched (maskOwnKeys).
func (e *Eraser) message(msg string) (string, bool) {
	out := msg
	if e.spec.Text != nil {
		out, _ = erasure.StripMessageText(out, e.spec.Text)
	}
	if e.spec.Session != nil {
		out, _ = erasure.StripSessionLines(out, e.spec.Session)
	}
	if out != msg {
		out = keepSubject(msg, out)
	}
	changed := out != msg
	if changed {
		e.mu.Lock()
		e.messages++
		e.mu.Unlock()
	}
	return out, changed
}

// keepSubject gives a message whose first line an edit removed (or
// changed, or left blank) the neutral subject, before what is left of it
// after a blank line: removing the subject of "subject\n\nMemfs-Artifact:
// 1" must not leave "Memfs-Artifact: 1" or "\nMemfs-Artifact: 1", where
// the trailers are no longer a paragraph after the subject.
func keepSubject(orig, msg string) string {
	first, _, _ := strings.Cut(msg, "\n")
	if was, _, _ := strings.Cut(orig, "\n"); first == was && strings.TrimSpace(first) != "" {
		return msg
	}
	rest := strings.TrimLeft(msg, " \t\r\n")
	if rest == "" {
		return erasure.NeutralSubject + "\n"
	}
	return erasure.NeutralSubject + "\n\n" + rest
}

// author replaces a name and email holding matched text by the neutral
// signature.
func (e *Eraser) author(name, email string) (string, string, bool) {
	if e.erasedSignature(name, email) {
		return erasure.NeutralName, erasure.NeutralEmail, true
	}
	return name, email, false
}

func (e *Eraser) erasedSignature(name, email string) bool {
	return e.spec.Text != nil && (wiki.ContainsMatch([]byte(name), e.spec.Text) || wiki.ContainsMatch([]byte(email), e.spec.Text))
}

// Check is the purge's verification: it refuses an object that still
// holds matched text or names a forgotten session (in content, names,
// messages or the author of a memory commit), or cites one.
func (e *Eraser) Check(typ ObjectType, content []byte) error {
	switch typ {
	case BlobObject:
		if e.spec.Text != nil && wiki.ContainsMatch(content, e.spec.Text) {
			return errors.New("holds forgotten text")
		}
		if e.spec.Session != nil && wiki.MentionsSession(string(content), e.spec.Session) {
			return errors.New("cites or names a forgotten session")
		}
	case TreeObject:
		if e.spec.Text == nil {
			return nil
		}
		entries, err := parseTree(content)
		if err != nil {
			return err
		}
		for _, en := range entries {
			if e.nameHolds(en.Name, en.Mode.IsFile()) {
				return errors.New("a name in it holds forgotten text")
			}
		}
	case CommitObject:
		head, msg, _ := bytes.Cut(content, []byte("\n\n"))
		view := erasure.MessageView(string(msg))
		if e.spec.Text != nil && wiki.ContainsMatch([]byte(view), e.spec.Text) {
			return errors.New("message holds forgotten text")
		}
		if e.spec.Session != nil && wiki.MentionsSession(view, e.spec.Session) {
			return errors.New("message names a forgotten session")
		}
		if e.spec.Text != nil && memoryCommit(msg) {
			for _, l := range strings.Split(string(head), "\n") {
				for _, who := range []string{"author ", "committer "} {
					if rest, ok := strings.CutPrefix(l, who); ok {
						name, email := splitSignature(rest)
						if e.erasedSignature(name, email) {
							return fmt.Errorf("its %sholds forgotten text", who)
						}
					}
				}
			}
		}
	}
	return nil
}

// memoryCommit reports whether a message is a memory commit's: it has the
// Memfs-Artifact trailer. The store's own bookkeeping commits (its meta
// and marker chains) are never rewritten.
func memoryCommit(msg []byte) bool {
	return bytes.Contains(msg, []byte("\n"+validate.TrailerArtifact+":")) || bytes.HasPrefix(msg, []byte(validate.TrailerArtifact+":"))
}

// splitSignature reads "NAME <EMAIL> TIME ZONE".
func splitSignature(s string) (name, email string) {
	open := strings.IndexByte(s, '<')
	closing := strings.LastIndexByte(s, '>')
	if open < 0 || closing < open {
		return s, ""
	}
	return strings.TrimSpace(s[:open]), s[open+1 : closing]
}
