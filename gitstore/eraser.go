package gitstore

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"sync"

	"github.com/memfs/memfs/gitstore/internal/parallel"
	"github.com/memfs/memfs/wiki"
)

// EraseSpec says what an erasing rewrite removes. A forget builds it from
// its targets; an import builds it from the erasure markers (a Guard), so
// both rewrite the same history to the same objects.
type EraseSpec struct {
	// Text removes every Markdown block (and message line) it matches.
	Text wiki.Matcher
	// Session reports a forgotten session: pages citing it are dropped,
	// and its id leaves commit messages.
	Session func(id string) bool
	// Page reports a forgotten page path: the page is dropped.
	Page func(path string) bool
}

// Eraser turns an EraseSpec into a history Edit. It reads each distinct
// blob at most once per question and keeps only answers (booleans and
// rewritten bytes) keyed by object id, in memory, for one rewrite.
type Eraser struct {
	store  *Store
	spec   EraseSpec
	parser *wiki.Parser

	mu       sync.Mutex
	clean    map[ID]bool // blobs the text matcher finds nothing in
	cites    map[ID]bool
	plans    map[string]map[string]bool
	messages int
}

// NewEraser returns an eraser of spec over the store's objects.
func (s *Store) NewEraser(spec EraseSpec) *Eraser {
	if spec.Text != nil && spec.Text.Span() <= 0 {
		spec.Text = nil
	}
	return &Eraser{store: s, spec: spec, parser: wiki.NewParser(), clean: map[ID]bool{}, cites: map[ID]bool{}, plans: map[string]map[string]bool{}}
}

// Edit returns the history edit.
func (e *Eraser) Edit() Edit {
	ed := Edit{File: e.file, Message: e.message}
	if e.spec.Text != nil {
		ed.Prescan = e.prescan
	}
	if e.spec.Session != nil || e.spec.Page != nil {
		ed.Plan = e.plan
	}
	return ed
}

// Messages counts the commit messages edited so far.
func (e *Eraser) Messages() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.messages
}

// prescan looks for matched text in every blob on all cores, so the walk
// reads and tokenizes only the blobs that change.
func (e *Eraser) prescan(ids []ID, content func(ID) []byte) {
	clean := make([]bool, len(ids))
	_ = parallel.Run(len(ids), func() func(int) error {
		return func(i int) error {
			if b := content(ids[i]); b != nil {
				clean[i] = !wiki.ContainsMatch(b, e.spec.Text)
			}
			return nil
		}
	})
	e.mu.Lock()
	for i, id := range ids {
		if clean[i] {
			e.clean[id] = true
		}
	}
	e.mu.Unlock()
}

func (e *Eraser) plan(files []TreeFile) (string, map[string]bool, error) {
	var drop []string
	for _, f := range files {
		k, err := wiki.ClassifyPath(f.Path, false)
		if err != nil || k != wiki.KindPage {
			continue
		}
		if e.spec.Page != nil && e.spec.Page(f.Path) {
			drop = append(drop, f.Path)
			continue
		}
		if e.spec.Session == nil {
			continue
		}
		cites, err := e.citesForgotten(f.ID)
		if err != nil {
			return "", nil, err
		}
		if cites {
			drop = append(drop, f.Path)
		}
	}
	if len(drop) == 0 {
		return "", nil, nil
	}
	sum := sha256.Sum256([]byte(strings.Join(drop, "\x00")))
	key := hex.EncodeToString(sum[:12])
	set := make(map[string]bool, len(drop))
	for _, p := range drop {
		set[p] = true
	}
	e.mu.Lock()
	e.plans[key] = set
	e.mu.Unlock()
	return key, set, nil
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

// file strips matched text and, in index files, the lines linking to
// dropped pages.
func (e *Eraser) file(p string, id ID, key string) ([]byte, bool, error) {
	var drop map[string]bool
	if key != "" {
		e.mu.Lock()
		drop = e.plans[key]
		e.mu.Unlock()
	}
	k, _ := wiki.ClassifyPath(p, false)
	indexEdit := len(drop) > 0 && k.IsIndex()
	e.mu.Lock()
	clean := e.clean[id]
	e.mu.Unlock()
	text := e.spec.Text != nil && !clean
	if !text && !indexEdit {
		return nil, false, nil
	}
	b, err := e.store.ReadBlob(id)
	if err != nil {
		return nil, false, err
	}
	out, changed := b, false
	if indexEdit {
		if o, n := removeLinkLines(e.parser, p, out, drop); n > 0 {
			out, changed = o, true
		}
	}
	if text {
		if o, n := wiki.StripMatches(out, e.spec.Text); n > 0 {
			out, changed = o, true
		}
	}
	return out, changed, nil
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
	if len(lines) == 0 {
		return b, 0
	}
	var out []byte
	for i, l := range bytes.SplitAfter(b, []byte("\n")) {
		if !lines[i+1] {
			out = append(out, l...)
		}
	}
	return out, len(lines)
}

// message strips matched text from a commit message, and forgotten
// session ids from its lines (the Memfs-Sources trailer keeps its other
// ids).
func (e *Eraser) message(msg string) (string, bool) {
	out, changed := msg, false
	if e.spec.Text != nil {
		if o, n := wiki.StripMatchLines([]byte(out), e.spec.Text); n > 0 {
			out, changed = string(o), true
		}
	}
	if e.spec.Session != nil {
		lines := strings.SplitAfter(out, "\n")
		kept := lines[:0]
		for _, l := range lines {
			body := strings.TrimRight(l, "\n")
			if rest, ok := strings.CutPrefix(body, TrailerSources+":"); ok {
				ids := strings.Fields(rest)
				keep := slices.DeleteFunc(slices.Clone(ids), e.spec.Session)
				if len(keep) != len(ids) {
					changed = true
					if len(keep) == 0 {
						continue
					}
					l = TrailerSources + ": " + strings.Join(keep, " ") + l[len(body):]
				}
				kept = append(kept, l)
				continue
			}
			if e.mentionsSession(body) {
				changed = true
				continue
			}
			kept = append(kept, l)
		}
		out = strings.Join(kept, "")
	}
	if changed {
		e.mu.Lock()
		e.messages++
		e.mu.Unlock()
	}
	return out, changed
}

// namesSession reports whether a message line names a forgotten session:
// in the Memfs-Sources trailer, or anywhere as a word.
func (e *Eraser) namesSession(line string) bool {
	if rest, ok := strings.CutPrefix(line, TrailerSources+":"); ok {
		return slices.ContainsFunc(strings.Fields(rest), e.spec.Session)
	}
	return e.mentionsSession(line)
}

func (e *Eraser) mentionsSession(line string) bool {
	for _, f := range strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == ';' || r == '(' || r == ')' || r == '[' || r == ']'
	}) {
		if id := strings.TrimPrefix(f, "session:"); wiki.ValidSessionID(id) && e.spec.Session(id) {
			return true
		}
	}
	return false
}

// Check is the purge's verification: it refuses an object that still
// holds matched text, or cites or names a forgotten session.
func (e *Eraser) Check(typ ObjectType, content []byte) error {
	switch typ {
	case BlobObject:
		if e.spec.Text != nil && wiki.ContainsMatch(content, e.spec.Text) {
			return errors.New("holds forgotten text")
		}
		if e.spec.Session != nil && bytes.Contains(content, []byte("session:")) {
			for _, s := range e.parser.Parse(content).Sources {
				if e.spec.Session(s.ID) {
					return errors.New("cites a forgotten session")
				}
			}
		}
	case CommitObject:
		_, msg, _ := bytes.Cut(content, []byte("\n\n"))
		if e.spec.Text != nil && wiki.ContainsMatch(msg, e.spec.Text) {
			return errors.New("message holds forgotten text")
		}
		if e.spec.Session != nil && slices.ContainsFunc(strings.Split(string(msg), "\n"), e.namesSession) {
			return errors.New("message names a forgotten session")
		}
	}
	return nil
}
