package builtin

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/wiki"
)

// Reading pages lazily. A run reads every page, but parses in full only
// the pages a session's statements may touch: for the rest it keeps the
// claim lines (what the indexes list) and a lower-cased text of their
// subjects and claims, which finds the pages a statement's terms occur on.
// So the cost of a run grows with what its sessions say, and only a little
// with what memory holds.

// stub is a claim line of a page not parsed in full.
type stub struct {
	text, area, kind string
	seen, since      int
	current          bool
	// sources is the claim's "Sources:" line (its current value's
	// citations), parsed when a summary names them.
	sources string
	// line and key are the claim's index line (indexLine) and rank
	// (rankKey), made once for the page's content.
	line string
	key  int
}

// scanPage reads what the indexes need of a page of the current layout,
// its claim lines, the text finding its claims, and the sessions its
// claims and its Sources section name; ok is false for any other page.
// The page's content is made a string once: what is read of its lines
// (claim lines, their fields, session ids) is parts of it.
func scanPage(b []byte) (pg page, ok bool) {
	// A forget may strip the page's meta comment (it names the topic)
	// and leave claims: those still make it the builtin's.
	if !bytes.Contains(b, []byte(pageMarker)) && !bytes.Contains(b, []byte(claimMarker)) {
		return page{}, false
	}
	text := string(b)
	var blob strings.Builder
	pg.stubs = make([]stub, 0, strings.Count(text, claimMarker))
	inSources := false
	cited, listed := map[string]bool{}, map[string]bool{}
	for rest := text; rest != ""; {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		l := strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(l, pageMarker):
			for k, v := range metaFields(l[len(pageMarker):]) {
				switch k {
				case "area":
					pg.area = v
				case "topic":
					pg.topic = v
				case "rules":
					pg.rules, _ = strconv.Atoi(v)
				}
			}
		case strings.HasPrefix(l, "## "):
			inSources = l == "## "+wiki.SourcesHeading
		case inSources && strings.HasPrefix(l, "- "+wiki.SessionPrefix):
			if c, ok := parseCite(l[2:]); ok {
				listed[c.session] = true
			}
		case strings.HasPrefix(l, "- ") && strings.Contains(l, claimMarker):
			c := readClaimLine(l)
			s := stub{area: c.area, seen: c.seen, since: c.since, current: c.state == "", text: c.text, kind: c.kind}
			if s.current {
				told := c.told(pg.rules)
				if told == toldUnknown {
					told = toldOf(s.text)
				}
				s.key = rankKey(s.area, s.kind, told)
				s.line = indexLine(s.text)
			}
			pg.stubs = append(pg.stubs, s)
			pg.subjectless = pg.subjectless || c.subject == ""
			// Lowered apart: ToLower maps rune by rune, and spares a
			// copy of what has no capital.
			blob.WriteString(strings.ToLower(c.subject))
			blob.WriteByte('\n')
			blob.WriteString(strings.ToLower(s.text))
			blob.WriteByte('\n')
		case strings.HasPrefix(l, "  - "+lblSources) && len(pg.stubs) > 0 && pg.stubs[len(pg.stubs)-1].sources == "":
			pg.stubs[len(pg.stubs)-1].sources = l[4:]
		}
		if !inSources && strings.Contains(l, wiki.SessionPrefix) {
			sessionsIn(l, cited)
		}
	}
	pg.blob = blob.String()
	pg.raw, pg.size = text, int64(len(b))
	// Sources that no longer list what the claims cite (a forget stripped
	// a claim) make the page be written again.
	pg.stale = !maps.Equal(cited, listed)
	return pg, true
}

// sessionsIn adds to set the session ids l cites ("session:<id>").
func sessionsIn(l string, set map[string]bool) {
	for {
		i := strings.Index(l, wiki.SessionPrefix)
		if i < 0 {
			return
		}
		l = l[i+len(wiki.SessionPrefix):]
		end := strings.IndexAny(l, " ;,)")
		if end < 0 {
			end = len(l)
		}
		if id := l[:end]; !set[id] && wiki.ValidSessionID(id) {
			set[id] = true
		}
		l = l[end:]
	}
}

// has counts the terms of ts the page's claim lines may hold (a stem is
// looked for as the start of a word's spelling).
func (p *page) has(ts []string, need int) bool {
	n, miss := 0, 0
	for _, t := range ts {
		if slices.ContainsFunc(spellings(t), func(w string) bool { return strings.Contains(p.blob, probe(w)) }) {
			n++
		} else if miss++; len(ts)-miss < need {
			return false
		}
	}
	return n >= need
}

// probe is what of a term a text spelling it holds: the term, less the
// "y" a plural's stem gets ("policies" → "policy").
func probe(t string) string {
	if len(t) > 3 && strings.HasSuffix(t, "y") {
		return t[:len(t)-1]
	}
	return t
}

// open parses a page read lazily in full: its claims join the memory.
func (m *memory) open(p *page) {
	if p.loaded {
		return
	}
	p.loaded = true
	pp, filed := m.reader.parse(p.id, m.rawOf(p))
	p.parsed = &pp
	p.raw, p.stubs, p.blob, p.untilText = "", nil, "", ""
	p.subjectless = false
	for i, c := range pp.claims {
		if p.rules != rulesVersion && !audit(c) {
			if filed {
				m.unindex(c)
			}
			p.dirty = true
			continue
		}
		m.join(c)
		p.attach(c)
		switch {
		case filed:
			// An earlier run filed it under pp.keys[i] already.
			c.run = m.run
		case p.rules == rulesVersion:
			m.indexUnder(c, pp.keys[i])
		default:
			m.index(c)
		}
	}
	if p.rules != rulesVersion || p.stale {
		p.dirty = true
	}
}

// rawOf is the content of page p, read from its file when its scan came
// from the memo file, which keeps none. A read that fails fails the run
// (memory.readErr): the page reads empty meanwhile.
func (m *memory) rawOf(p *page) string {
	if !p.unread {
		return p.raw
	}
	p.unread = false
	b, err := readPage(m.root, p.path)
	if err != nil {
		if m.readErr == nil {
			m.readErr = fmt.Errorf("page %s: %w", p.path, err)
		}
		return ""
	}
	p.raw = string(b)
	return p.raw
}

// remember has the page reader keep what the run found of page p's
// content (pageReader.remember), unless a page could not be read: what
// was found of it then is not of its content.
func (m *memory) remember(p *page) {
	if m.readErr == nil {
		m.reader.remember(p)
	}
}

// openAll parses every page in full (a forget request, consolidation).
func (m *memory) openAll() {
	for _, p := range m.sortedPages() {
		m.open(p)
	}
}

// openHaving parses the pages whose claim lines hold at least need of the
// terms ts.
func (m *memory) openHaving(ts []string, need int) {
	m.openWhere(ts, need, func(*page) bool { return true })
}

// openOfSubject parses the pages that may hold a claim whose subject
// subjectScore matches with terms st (a statement's subject, type words
// left out): one holding every word of st but the generic ones, or more
// than four in five of them (n > 4s/5 follows from a Jaccard index above
// 0.8, whatever the claim's subject). A part of a name joined by "_" may
// match the name (identsAligned) where the page spells only the other:
// each word of st joined so asks one word less, and a page holding such a
// name one word only.
func (m *memory) openOfSubject(st []string) {
	s, generic, idents := len(st), 0, 0
	for _, t := range st {
		if genericModifier[t] {
			generic++
		}
		if strings.Contains(t, "_") {
			idents++
		}
	}
	need := max(1, min(s-generic, 4*s/5+1)-idents)
	st = longestFirst(st)
	m.openIf(func(p *page) bool {
		if strings.Contains(p.blob, "_") {
			return p.has(st, 1)
		}
		return p.has(st, need)
	})
}

// openWhere parses the pages ok accepts whose claim lines hold at least
// need of the terms ts.
func (m *memory) openWhere(ts []string, need int, ok func(*page) bool) {
	if need <= 0 || len(ts) == 0 {
		return
	}
	ts = longestFirst(ts)
	m.openIf(func(p *page) bool { return ok(p) && p.has(ts, need) })
}

// longestFirst is a copy of ts, the longest terms first: they are the
// rarest, and a page lacking enough of them (page.has) is passed over
// soonest.
func longestFirst(ts []string) []string {
	ts = slices.Clone(ts)
	slices.SortStableFunc(ts, func(a, b string) int { return len(b) - len(a) })
	return ts
}

// openIf parses the pages not parsed yet that ok accepts, in the order
// the pages were read, so that the claims join memory in an order the
// pages map does not choose.
func (m *memory) openIf(ok func(*page) bool) {
	n := 0
	for _, p := range m.unread {
		if p.loaded {
			continue
		}
		if ok(p) {
			m.open(p)
			continue
		}
		m.unread[n] = p
		n++
	}
	clear(m.unread[n:])
	m.unread = m.unread[:n]
}

// PageMemo remembers, across the runs of one process (memfs serve's), what
// scanPage read of each page, by the page's blob id, so that a run reads
// and scans again only the pages that changed since the last one. What
// invalidates it: nothing about a content, which its blob id names; a new
// erasure guard epoch (a forget, markers an import brought) empties it,
// so forgotten text stays in memory no longer than until the next run;
// each run keeps only the pages it met. Safe for concurrent use; a nil
// PageMemo remembers nothing.
//
// It also keeps the pages the last run parsed in full and left as they
// were (parsed), and their claims filed by term (byTerm): a run takes
// both (one run at a time: a run that finds them taken parses and files
// afresh), files the claims it changes or parses anew, and gives back
// only the pages it left as they were, the claims of every other page
// taken out of byTerm. So filing costs what changed, not what memory
// holds. With them goes the last run's ranking of the current claims for
// the indexes (ranking): the next run keeps its order for the pages of
// the same path and content it leaves as they are, and sorts only the
// claims of the others (memory.listing).
type PageMemo struct {
	mu    sync.Mutex
	epoch string
	pages map[gitstore.ID]page
	// parsed holds pages parsed in full (open) that a run left as they
	// were: the next run to open one takes it out, claims and all.
	parsed map[gitstore.ID]parsedPage
	// byTerm files the claims of parsed, and only those, by term (see
	// memory.byTerm); nil while a run holds them. picks is the last
	// number memory.candidates gave a call (the claims keep theirs).
	byTerm map[string][]*claim
	picks  int
	// ranking is the last run's listing of current claims (see
	// memory.listing); it goes with byTerm.
	ranking *ranking
	// runs counts the runs begun, which tell their claims apart.
	runs uint64
	// terms is how many terms the last run's claims were filed under,
	// which sizes the next run's index at once.
	terms int
	// file is the memo file the memo started from or last wrote (see
	// memofile.go); nil when none.
	file *memoFile
}

// NewPageMemo returns an empty PageMemo.
func NewPageMemo() *PageMemo {
	return &PageMemo{pages: map[gitstore.ID]page{}, parsed: map[gitstore.ID]parsedPage{}}
}

// pageReader reads the pages of one run through the memo: a page the run
// knows by its stat signature (Dreamer.Known) and the memo holds is not
// read at all; one read whose content the memo holds is not scanned.
type pageReader struct {
	memo  *PageMemo
	epoch string
	known func(path string, info fs.FileInfo) (gitstore.ID, bool)
	met   map[gitstore.ID]bool
	// parsed, byTerm and ranking are the memo's, which the run holds
	// (nil without a memo); picks and run go with them (see PageMemo).
	parsed  map[gitstore.ID]parsedPage
	byTerm  map[string][]*claim
	ranking *ranking
	picks   int
	run     uint64
}

// begin starts a run under the guard epoch epoch, the memo starting from
// the memo file at file when it is not the one it knows (none when "").
func (mo *PageMemo) begin(epoch string, known func(string, fs.FileInfo) (gitstore.ID, bool), file string) *pageReader {
	r := &pageReader{memo: mo, epoch: epoch, known: known, met: map[gitstore.ID]bool{}}
	if mo == nil {
		return r
	}
	mo.mu.Lock()
	defer mo.mu.Unlock()
	if mo.epoch != epoch {
		clear(mo.pages)
		clear(mo.parsed)
		mo.byTerm, mo.ranking = nil, nil
		mo.file = nil
		mo.epoch = epoch
	}
	mo.openMemoFile(file)
	mo.runs++
	r.run = mo.runs
	if mo.byTerm != nil {
		r.parsed, r.byTerm, r.ranking, r.picks = mo.parsed, mo.byTerm, mo.ranking, mo.picks
		mo.parsed, mo.byTerm, mo.ranking = map[gitstore.ID]parsedPage{}, nil, nil
	} else {
		// Another run holds them, or none was kept: parse and file anew.
		r.parsed, r.byTerm = map[gitstore.ID]parsedPage{}, make(map[string][]*claim, mo.terms)
	}
	return r
}

// read returns page p, the file name of dir whose Lstat is info,
// scanned (ok false: not a page of the current layout), and its content
// when it was read.
func (r *pageReader) read(dir *areaDir, name, p string, info fs.FileInfo) (pg page, ok bool, b []byte, err error) {
	if r.memo != nil && r.known != nil {
		if id, known := r.known(p, info); known {
			if pg, ok := r.get(id); ok {
				pg.id = id
				return pg, true, nil, nil
			}
		}
	}
	if b, err = dir.readFile(name, info.Size()); err != nil {
		return page{}, false, nil, err
	}
	if r.memo == nil {
		pg, ok = scanPage(b)
		return pg, ok, b, nil
	}
	id := gitstore.BlobID(b)
	if pg, ok := r.get(id); ok {
		pg.id = id
		return pg, true, b, nil
	}
	if pg, ok = scanPage(b); ok {
		pg.id = id
		pg.stubs = slices.Clip(pg.stubs)
		r.memo.mu.Lock()
		if r.memo.epoch == r.epoch {
			// (A run of a newer epoch emptied the memo: what this one
			// read may be forgotten now.)
			r.memo.pages[id] = pg
		}
		r.memo.mu.Unlock()
		r.met[id] = true
	}
	return pg, ok, b, nil
}

// get returns a copy of the memo's scan of blob id; the copy shares its
// claim lines and content, which no one changes.
func (r *pageReader) get(id gitstore.ID) (page, bool) {
	r.memo.mu.Lock()
	defer r.memo.mu.Unlock()
	if r.memo.epoch != r.epoch {
		return page{}, false
	}
	pg, ok := r.memo.pages[id]
	if !ok {
		pg, ok = r.memo.fromFile(id)
	}
	if ok {
		r.met[id] = true
	}
	return pg, ok
}

// remember keeps with the memo's scan of page p whether it may hold a
// condition (page.until) or a day a value holds until (page.dated),
// which its content alone decides.
func (r *pageReader) remember(p *page) {
	if r == nil || r.memo == nil || p.id == (gitstore.ID{}) {
		return
	}
	r.memo.mu.Lock()
	defer r.memo.mu.Unlock()
	if pg, ok := r.memo.pages[p.id]; ok && (pg.until != p.until || pg.dated != p.dated) {
		pg.until, pg.dated = p.until, p.dated
		r.memo.pages[p.id] = pg
		if r.memo.file != nil {
			r.memo.file.changed[p.id] = true
		}
	}
}

// end drops from the memo the pages the run did not meet, and their
// claims from the filing the run holds.
func (r *pageReader) end() {
	if r.memo == nil {
		return
	}
	r.memo.mu.Lock()
	maps.DeleteFunc(r.memo.pages, func(id gitstore.ID, _ page) bool { return !r.met[id] })
	if r.memo.file != nil {
		clear(r.memo.file.unread) // what a run met was decoded
	}
	r.memo.mu.Unlock()
	maps.DeleteFunc(r.parsed, func(id gitstore.ID, pp parsedPage) bool {
		if r.met[id] {
			return false
		}
		for _, c := range pp.claims {
			unfile(r.byTerm, c)
		}
		return true
	})
}

// parse returns the page of content b, whose blob id is id (zero when
// not known), parsed in full, for the run to own and change: the one the
// run holds from the memo (filed true: its claims are in the run's
// byTerm already), which the memo then no longer holds, else parsed now.
func (r *pageReader) parse(id gitstore.ID, b string) (pp parsedPage, filed bool) {
	if r != nil && r.parsed != nil && id != (gitstore.ID{}) {
		pp, ok := r.parsed[id]
		delete(r.parsed, id)
		if ok {
			for _, c := range pp.claims {
				c.page = nil // the last run's
			}
			return pp, true
		}
	}
	pp, _ = parsePage(b)
	pp.prepare()
	return pp, false
}

// prepare makes the index terms (keys) and index lines of a parsed
// page's claims.
func (pp *parsedPage) prepare() {
	pp.keys = make([][]string, len(pp.claims))
	for i, c := range pp.claims {
		pp.keys[i] = indexTerms(c)
		if c.cur != nil {
			c.indexLine()
		}
	}
}

// filing returns the memo's claims by term, the number of the last call
// of candidates, and the run's number (see memory.byTerm); a nil map
// without a memo.
func (r *pageReader) filing() (byTerm map[string][]*claim, picks int, run uint64) {
	if r == nil {
		return nil, 0, 0
	}
	return r.byTerm, r.picks, r.run
}

// keepParsed gives the memo the pages of a run that wrote its memory
// which the run parsed in full and left as they were: their claims are
// what parsing their content gives (every change to a claim marks its
// page dirty), so the next run takes them rather than parse the page,
// filed by term as they are; the claims of every other page the run
// opened leave the filing. The run must not look at its memory
// afterwards.
func (r *pageReader) keepParsed(m *memory) {
	if r == nil || r.memo == nil || r.byTerm == nil {
		return
	}
	kept := map[*page]bool{}
	for _, p := range m.pages {
		if !p.loaded || p.dirty || p.parsed == nil || p.id == (gitstore.ID{}) || !r.met[p.id] {
			continue
		}
		if _, dup := r.parsed[p.id]; dup {
			continue // another page of the same content: kept once
		}
		r.parsed[p.id] = *p.parsed
		p.parsed = nil
		kept[p] = true
	}
	for _, c := range m.claims {
		if c.page == nil || !kept[c.page] {
			m.unindex(c)
		}
	}
	rk := m.keepRanking(r.ranking)
	r.memo.mu.Lock()
	defer r.memo.mu.Unlock()
	r.memo.terms = len(m.byTerm)
	if r.memo.epoch != r.epoch || r.memo.byTerm != nil {
		return // a run of a newer guard epoch emptied the memo, or another run gave back its own
	}
	r.memo.parsed, r.memo.byTerm, r.memo.picks = r.parsed, m.byTerm, m.picks
	r.memo.ranking = rk
}

// lastRanking is the last run's listing the run holds; nil when none.
func (r *pageReader) lastRanking() *ranking {
	if r == nil {
		return nil
	}
	return r.ranking
}
