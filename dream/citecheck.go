package dream

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Entry-level citations. A page's Sources items name the transcript
// entries its claim rests on ("- session:<id> entry:<entry id> …"). A
// dreamer learns entry ids from two places only: the batch's evidence and
// the memory it was given. So after any dreamer ran, the run checks, for
// every page the dreamer created or changed:
//
//   - each cited (session, entry) pair is either in the evidence of that
//     session staged for this run or already cited somewhere in the base
//     memory (an appended session's evidence holds only its new entries,
//     and a page may keep or move an older citation): otherwise
//     validate.CodeUnknownEntry;
//   - at least one of its Sources items names an entry: otherwise
//     validate.CodeMissingEntry.
//
// Pages the dreamer left as they were at the base are not judged again.
// The problems name paths, session ids and entry ids, never content.

// EntryPrefix opens a transcript entry reference on a Sources line.
const EntryPrefix = "entry:"

// CitedEntries returns the entry ids a Sources item's note names
// ("entry:<id>" words), in order. An id ends at white space or at one of
// ",;()[]`"; a trailing "." or ":" (punctuation after the id) is dropped.
func CitedEntries(note string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(note, func(r rune) bool {
		return r == ' ' || r == '\t' || strings.ContainsRune(",;()[]`", r)
	}) {
		id, ok := strings.CutPrefix(w, EntryPrefix)
		id = strings.TrimRight(id, ".:")
		if ok && id != "" {
			out = append(out, id)
		}
	}
	return out
}

// citation is one (session, entry) pair.
type citation struct{ session, entry string }

// checkCitations judges the entry citations of the pages under runDir's
// .memory that differ from base (the zero id: every page), against the
// evidence staged in runDir. A page the stat cache known vouches for is
// not read. files are the memory's files as the run last listed them,
// when it changed none since (nil: they are listed here). It returns the
// problems found (nil: none).
func checkCitations(ctx context.Context, store *gitstore.Store, runDir string, base gitstore.ID, known *gitstore.FolderCache, files []memFile) ([]validate.Problem, error) {
	evidence, err := stagedEntries(runDir)
	if err != nil {
		return nil, err
	}
	parser := wiki.NewParser()
	bi, err := readBase(ctx, store, base, parser)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(filepath.Join(runDir, MemoryDir))
	if err != nil {
		return nil, nil // a missing or replaced .memory is validation's to report
	}
	defer root.Close()
	if files == nil {
		if files, _, err = memoryFiles(root); err != nil {
			return nil, err
		}
	}
	// The pages the run changed, and then those it removed: a claim a
	// page cites anew mostly moved from one of them, whose base version
	// is read before any page the run left alone.
	type changed struct {
		path string
		raw  []byte
	}
	var todo []changed
	staged := make(map[string]bool, len(files))
	for _, f := range files {
		p := f.path
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if k, err := wiki.ClassifyPath(p, false); err != nil || k != wiki.KindPage {
			continue
		}
		staged[p] = true
		old, had := bi.pages[p]
		if had && known != nil {
			if id, ok := known.HoldsID(p, f.info); ok && id == old.ID {
				continue
			}
		}
		b, ok, err := readSingle(root, p)
		if err != nil || !ok {
			continue // validation refuses what cannot be read as one file
		}
		if had && old.ID == gitstore.BlobID(b) {
			continue
		}
		todo = append(todo, changed{p, b})
		bi.touched[p] = true
	}
	for p := range bi.pages {
		if !staged[p] {
			bi.touched[p] = true
		}
	}
	var problems []validate.Problem
	for _, c := range todo {
		problems = append(problems, judgePage(c.path, c.raw, parser.Parse(c.raw), evidence, bi)...)
	}
	if bi.err != nil {
		return nil, bi.err
	}
	return problems, nil
}

// judgePage returns the entry-citation problems of one changed page.
func judgePage(p string, raw []byte, page *wiki.Page, evidence map[string]map[string]bool, bi *baseIndex) []validate.Problem {
	var problems []validate.Problem
	var unknown []string
	cites := false
	for _, c := range pageCitations(raw, page) {
		cites = true
		if evidence[c.session][c.entry] || bi.cited(c, p) {
			continue
		}
		if evidence[c.session] == nil && !bi.citesSession(c.session, p) {
			continue // a session the page may not cite at all: the store's allow-list reports it
		}
		if u := c.session + " entry:" + c.entry; !slices.Contains(unknown, u) {
			unknown = append(unknown, u)
		}
	}
	if len(unknown) > 0 {
		const show = 5
		msg := strings.Join(unknown[:min(len(unknown), show)], ", ")
		if len(unknown) > show {
			msg += fmt.Sprintf(" and %d more", len(unknown)-show)
		}
		problems = append(problems, validate.Problem{Path: p, Code: validate.CodeUnknownEntry, Severity: validate.SevError,
			Message: "cites entries that are neither in the run's evidence nor cited before: session " + msg})
	}
	if !cites && len(page.Sources) > 0 {
		problems = append(problems, validate.Problem{Path: p, Code: validate.CodeMissingEntry, Severity: validate.SevError,
			Message: "changed page's Sources name no transcript entry (\"- session:<id> entry:<entry id>\")"})
	}
	return problems
}

// stagedEntries reads the entry ids of every session staged in runDir, by
// session id.
func stagedEntries(runDir string) (map[string]map[string]bool, error) {
	m, err := ReadManifest(runDir)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	for _, s := range m.Sessions {
		ids := out[s.SessionID]
		if ids == nil {
			ids = map[string]bool{}
			out[s.SessionID] = ids
		}
		f, err := os.Open(filepath.Join(runDir, filepath.FromSlash(s.Dir), TranscriptName))
		if err != nil {
			return nil, fmt.Errorf("read staged evidence of session %s: %w", s.SessionID, err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var r struct {
				ID string `json:"id"`
			}
			if json.Unmarshal(sc.Bytes(), &r) == nil && r.ID != "" {
				ids[r.ID] = true
			}
		}
		err = errors.Join(sc.Err(), f.Close())
		if err != nil {
			return nil, fmt.Errorf("read staged evidence of session %s: %w", s.SessionID, err)
		}
	}
	return out, nil
}

// baseIndex is the base memory's pages (path → node of the base tree)
// and, read and parsed on demand, what they cite. A page is compared with
// its base version by blob id, and a run's changed pages mostly cite what
// its own evidence holds, so most runs read no base page at all: the cost
// of the check grows with the pages a run changes, not with memory.
type baseIndex struct {
	parser *wiki.Parser
	pages  map[string]*gitstore.Node
	// text holds the content of the base pages read so far; err is the
	// first failure to read one.
	text map[string][]byte
	err  error
	// unparsed are the paths not parsed yet, in path order; cites and
	// sessions hold what the parsed ones cite; touched are the paths the
	// run changed or removed.
	unparsed []string
	touched  map[string]bool
	cites    map[citation]bool
	sessions map[string]bool
}

// readBase reads the pages of the base memory (none for the zero id).
func readBase(ctx context.Context, store *gitstore.Store, base gitstore.ID, parser *wiki.Parser) (*baseIndex, error) {
	bi := &baseIndex{parser: parser, pages: map[string]*gitstore.Node{}, text: map[string][]byte{}, cites: map[citation]bool{}, sessions: map[string]bool{}, touched: map[string]bool{}}
	if base.IsZero() {
		return bi, nil
	}
	snap, err := store.Snapshot(ctx, base)
	if err != nil {
		return nil, err
	}
	err = snap.Walk(func(n *gitstore.Node) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !n.Mode.IsRegular() {
			return nil
		}
		if k, err := wiki.ClassifyPath(n.Path, false); err != nil || k != wiki.KindPage {
			return nil
		}
		bi.pages[n.Path] = n
		bi.unparsed = append(bi.unparsed, n.Path)
		return nil
	})
	slices.Sort(bi.unparsed)
	return bi, err
}

// cited reports whether some base page cites c; page is the changed page
// citing it, whose base version is looked at first.
func (bi *baseIndex) cited(c citation, page string) bool {
	return bi.find(func() bool { return bi.cites[c] }, page, c.entry)
}

// citesSession reports whether some base page's Sources name session id.
func (bi *baseIndex) citesSession(id, page string) bool {
	return bi.find(func() bool { return bi.sessions[id] }, page, id)
}

// find reports whether known holds once the base pages are parsed as far
// as needed: first the base version of page (a changed page keeps most of
// what it cited), then those of the other pages the run changed or
// removed (a claim moved between pages), then the pages whose text holds
// word (a page citing an id spells it, unless Markdown escapes hide it),
// then, only when those do not settle it, all the others.
func (bi *baseIndex) find(known func() bool, page, word string) bool {
	if known() {
		return true
	}
	w := []byte(word)
	for _, pass := range []func(p string) bool{
		func(p string) bool { return p == page },
		func(p string) bool { return bi.touched[p] },
		func(p string) bool { return bytes.Contains(bi.content(p), w) },
		func(string) bool { return true },
	} {
		rest := bi.unparsed[:0]
		for _, p := range bi.unparsed {
			if !pass(p) {
				rest = append(rest, p)
				continue
			}
			bi.parse(p)
		}
		bi.unparsed = rest
		if known() {
			return true
		}
	}
	return false
}

// content is base page p's content, read once; nil when it cannot be
// read (bi.err says why).
func (bi *baseIndex) content(p string) []byte {
	if b, ok := bi.text[p]; ok {
		return b
	}
	b, err := bi.pages[p].Content()
	if err != nil {
		bi.err = cmp.Or(bi.err, err)
	}
	bi.text[p] = b
	return b
}

// parse takes in what base page p cites.
func (bi *baseIndex) parse(p string) {
	b := bi.content(p)
	page := bi.parser.Parse(b)
	for _, s := range page.Sources {
		bi.sessions[s.ID] = true
	}
	for _, c := range pageCitations(b, page) {
		bi.cites[c] = true
	}
}

// pageCitations returns every (session, entry) pair a page cites: in its
// Sources items and beside its claims.
func pageCitations(raw []byte, page *wiki.Page) []citation {
	var out []citation
	add := func(c citation) {
		c.entry = strings.TrimRight(c.entry, ".:")
		if c.entry != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, s := range page.Sources {
		for _, e := range CitedEntries(s.Note) {
			add(citation{s.ID, e})
		}
	}
	claimCitations(raw, func(session, entry string) { add(citation{session, entry}) })
	return out
}
