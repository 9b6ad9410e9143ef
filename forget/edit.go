package forget

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"sync"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/wiki"
)

// editor turns a set of targets into a history edit. It reads each
// distinct blob at most once per question asked of it and keeps only
// answers (booleans and rewritten bytes) keyed by object id, in memory,
// for the duration of one command.
type editor struct {
	store    *gitstore.Store
	sessions map[string]bool
	pages    map[string]bool
	lits     [][]string

	parser *wiki.Parser

	mu     sync.Mutex
	cites  map[gitstore.ID]bool // page blob cites a forgotten session
	plans  map[string]map[string]bool
	hitMsg int
}

func newEditor(store *gitstore.Store, targets []Target) *editor {
	e := &editor{store: store, sessions: map[string]bool{}, pages: map[string]bool{},
		parser: wiki.NewParser(), cites: map[gitstore.ID]bool{}, plans: map[string]map[string]bool{}}
	for _, t := range targets {
		switch t.Kind {
		case KindSession:
			e.sessions[t.Value] = true
		case KindPage:
			e.pages[t.Value] = true
		case KindText:
			e.lits = append(e.lits, wiki.Tokens(t.Value))
		}
	}
	return e
}

func (e *editor) edit() gitstore.Edit {
	ed := gitstore.Edit{File: e.file, Message: e.message}
	if len(e.sessions) > 0 || len(e.pages) > 0 {
		ed.Plan = e.plan
	}
	return ed
}

// plan drops targeted pages and pages citing a targeted session; its key
// names the set of dropped paths, which decides how index files change.
func (e *editor) plan(files []gitstore.TreeFile) (string, map[string]bool, error) {
	var drop []string
	for _, f := range files {
		k, err := wiki.ClassifyPath(f.Path, false)
		if err != nil || k != wiki.KindPage {
			continue
		}
		if e.pages[f.Path] {
			drop = append(drop, f.Path)
			continue
		}
		if len(e.sessions) == 0 {
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

func (e *editor) citesForgotten(id gitstore.ID) (bool, error) {
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
	c = false
	for _, s := range e.parser.Parse(b).Sources {
		if e.sessions[s.ID] {
			c = true
			break
		}
	}
	e.mu.Lock()
	e.cites[id] = c
	e.mu.Unlock()
	return c, nil
}

// file strips targeted literals and, in index files, the lines linking to
// dropped pages.
func (e *editor) file(p string, id gitstore.ID, key string) ([]byte, bool, error) {
	var drop map[string]bool
	if key != "" {
		e.mu.Lock()
		drop = e.plans[key]
		e.mu.Unlock()
	}
	k, _ := wiki.ClassifyPath(p, false)
	indexEdit := len(drop) > 0 && k.IsIndex()
	if len(e.lits) == 0 && !indexEdit {
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
	if len(e.lits) > 0 {
		if o, n := wiki.StripLiterals(out, e.lits); n > 0 {
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

// message strips literals from a commit message and forgotten session ids
// from its lines (the Memfs-Sources trailer keeps its other ids).
func (e *editor) message(msg string) (string, bool) {
	out, changed := msg, false
	if len(e.lits) > 0 {
		if o, n := wiki.StripLiteralLines([]byte(out), e.lits); n > 0 {
			out, changed = string(o), true
		}
	}
	if len(e.sessions) > 0 {
		lines := strings.SplitAfter(out, "\n")
		kept := lines[:0]
		for _, l := range lines {
			body := strings.TrimRight(l, "\n")
			if rest, ok := strings.CutPrefix(body, gitstore.TrailerSources+":"); ok {
				ids := strings.Fields(rest)
				keep := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return e.sessions[id] })
				if len(keep) != len(ids) {
					changed = true
					if len(keep) == 0 {
						continue
					}
					l = gitstore.TrailerSources + ": " + strings.Join(keep, " ") + l[len(body):]
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
		e.hitMsg++
		e.mu.Unlock()
	}
	return out, changed
}

func (e *editor) mentionsSession(line string) bool {
	for _, f := range strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == ';' || r == '(' || r == ')' || r == '[' || r == ']'
	}) {
		if e.sessions[strings.TrimPrefix(f, "session:")] {
			return true
		}
	}
	return false
}

// holds reports whether an object still holds targeted content: a
// literal, or a citation or mention of a forgotten session. It is the
// purge's verification.
func (e *editor) holds(content []byte) bool {
	if len(e.lits) > 0 && wiki.ContainsLiteral(content, e.lits) {
		return true
	}
	for id := range e.sessions {
		if containsSessionRef(content, id) {
			return true
		}
	}
	return false
}

// holdsCommit is holds for a commit object: its message is checked for
// literals and for forgotten session ids anywhere on a line.
func (e *editor) holdsCommit(content []byte) bool {
	_, msg, _ := bytes.Cut(content, []byte("\n\n"))
	if len(e.lits) > 0 && wiki.ContainsLiteral(msg, e.lits) {
		return true
	}
	for _, l := range strings.Split(string(msg), "\n") {
		if rest, ok := strings.CutPrefix(l, gitstore.TrailerSources+":"); ok {
			for _, id := range strings.Fields(rest) {
				if e.sessions[id] {
					return true
				}
			}
			continue
		}
		if len(e.sessions) > 0 && e.mentionsSession(l) {
			return true
		}
	}
	return false
}

// containsSessionRef finds "session:<id>" not followed by another id
// character.
func containsSessionRef(b []byte, id string) bool {
	needle := []byte("session:" + id)
	for {
		i := bytes.Index(b, needle)
		if i < 0 {
			return false
		}
		j := i + len(needle)
		if j == len(b) || !isIDByte(b[j]) {
			return true
		}
		b = b[i+1:]
	}
}

func isIDByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == ':' || c == '-'
}
