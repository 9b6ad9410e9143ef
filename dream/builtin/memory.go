package builtin

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// memory is the claims a run keeps and the pages they are on.
type memory struct {
	// gen is this run's generation: one more than any claim's seen.
	gen    int
	claims []*claim
	// byTerm finds the claims whose subject or current value holds a
	// term (a claim's indexed field lists its entries in it). It may hold
	// claims an earlier run filed whose pages this run has not opened
	// (the page memo's, see filing in lazy.go): only claims filed for
	// this run (run) are found.
	byTerm map[string][]*claim
	// run tells this run's claims in byTerm (claim.run); 0 without a
	// page memo.
	run uint64
	// pages are the builtin's pages by path; foreign the sizes of the
	// pages it did not write (kept as they are).
	pages   map[string]*page
	foreign map[string]foreignPage
	// unread are the pages read from disk and not yet parsed in full,
	// in the order the folder walk read them: the order openWhere opens
	// them in, whatever the order of the pages map.
	unread []*page
	// summaryForeign is summary.md when someone else wrote it (kept as it
	// is); nil when it is the builtin's or empty.
	summaryForeign []byte
	// endedBy are the texts of the claims a withdrawal of the session
	// being applied ended, by the withdrawal's quote: a statement said in
	// the same words does not name them again (see take).
	endedBy map[string][]string
	// gone are paths of builtin pages to delete: emptied, or of the old
	// one-claim layout and migrated.
	gone []string
	// rendered caches the indexes rendered from the claims as they are;
	// ranked is the listing they were last rendered from.
	rendered *indexSet
	ranked   []entry
	limits   validate.Limits
	erased   func([]byte) bool
	// reader is the run's page reader, which parses pages (open); root
	// is the memory's folder, which the content of a page the reader
	// did not read is read from (rawOf), and readErr the first such read
	// that failed, which fails the run.
	reader  *pageReader
	root    *os.Root
	readErr error
	// picks numbers the calls of candidates.
	picks int
	// joined numbers the claims as they join claims (claim.ord).
	joined int
}

// page is a builtin page: the claims of one topic of an area.
type page struct {
	path, area string
	// topic is the words the page is about (its heading).
	topic  string
	claims []*claim
	// dirty pages are written again; size is the page's size on disk (or
	// as last rendered).
	dirty bool
	size  int64
	// loaded is set once claims holds the page's claims (a new page, or
	// one parsed in full); until then raw is its content, stubs its claim
	// lines and blob their text (see lazy.go).
	loaded bool
	raw    string
	stubs  []stub
	blob   string
	// unread is set while raw is not the page's content but would be
	// read from the page's file at need (rawOf): a scan the memo file
	// kept holds no content.
	unread bool
	// id is raw's blob id, when the run's page reader knew it; parsed
	// is the page as parsed in full (open).
	id     gitstore.ID
	parsed *parsedPage
	// rules is the rules version that wrote the page; stale is set when
	// its Sources section does not list what its claims cite;
	// subjectless when a claim line has no subject.
	rules       int
	stale       bool
	subjectless bool
	// until caches whether the page may hold a condition: 0 not known
	// yet, 1 yes, 2 no; untilText is then its text, lower-cased (see
	// mayHoldUntil).
	until     int8
	untilText string
	// dated caches whether the page's text holds a day a value is held
	// until (lblUntil): 0 not known, 1 yes, 2 no.
	dated int8
	// out is the page as last rendered for writing.
	out []byte
}

func newMemory(limits validate.Limits, erased func([]byte) bool) *memory {
	def := validate.DefaultLimits()
	if limits.MaxFiles <= 0 {
		limits.MaxFiles = def.MaxFiles
	}
	if limits.MaxFileBytes <= 0 {
		limits.MaxFileBytes = def.MaxFileBytes
	}
	if limits.MaxTotalBytes <= 0 {
		limits.MaxTotalBytes = def.MaxTotalBytes
	}
	return &memory{byTerm: map[string][]*claim{}, pages: map[string]*page{},
		foreign: map[string]foreignPage{}, limits: limits, erased: erased}
}

// candidates are the claims sharing a term with ts, each once, in
// memory order (the order of claims, see claim.ord): what a term files
// them in depends on when each was last changed, and, with a page memo,
// on earlier runs, and a choice among them must not.
func (m *memory) candidates(ts []string) []*claim {
	var out []*claim
	// A claim met in this call carries its number (picked).
	m.picks++
	for _, t := range ts {
		for _, c := range m.byTerm[t] {
			if c.run != m.run {
				continue // filed by an earlier run; its page is not open
			}
			if c.picked != m.picks {
				c.picked = m.picks
				out = append(out, c)
			}
		}
	}
	slices.SortFunc(out, func(a, b *claim) int { return a.ord - b.ord })
	return out
}

// index files c under its terms (indexTerms) in byTerm.
func (m *memory) index(c *claim) { m.indexUnder(c, indexTerms(c)) }

// indexTerms are the terms a claim is found by: its subject's and current
// value's. A withdrawn claim is found by its last value's words too, so a
// statement of the same subject in other words revives it.
func indexTerms(c *claim) []string {
	var ts []string
	for _, t := range append(slices.Clone(c.sterms), c.vterms...) {
		if !slices.Contains(ts, t) {
			ts = append(ts, t)
		}
	}
	if c.cur == nil {
		for _, t := range terms(c.lastText()) {
			if !slices.Contains(ts, t) {
				ts = append(ts, t)
			}
		}
	}
	return ts
}

// indexUnder files c under the terms ts, and only those, for this run.
func (m *memory) indexUnder(c *claim, ts []string) {
	m.unindex(c)
	for _, t := range ts {
		m.byTerm[t] = append(m.byTerm[t], c)
	}
	c.indexed, c.run = ts, m.run
}

func (m *memory) unindex(c *claim) { unfile(m.byTerm, c) }

// unfile takes c out of byTerm, where it is filed under c.indexed.
func unfile(byTerm map[string][]*claim, c *claim) {
	for _, t := range c.indexed {
		l := byTerm[t]
		if i := slices.Index(l, c); i >= 0 {
			l = slices.Delete(l, i, i+1)
		}
		if len(l) == 0 {
			delete(byTerm, t)
		} else {
			byTerm[t] = l
		}
	}
	c.indexed = nil
}

// insert adds a new claim and puts it on a page.
func (m *memory) insert(c *claim) {
	if !wiki.ValidSegment(c.area) {
		c.area = "project"
	}
	m.join(c)
	m.index(c)
	m.place(c)
	m.touch(c)
}

// join appends c to claims, numbering it (claim.ord).
func (m *memory) join(c *claim) {
	m.joined++
	c.ord = m.joined
	m.claims = append(m.claims, c)
}

// remove drops a claim (a forget).
func (m *memory) remove(c *claim) {
	m.unindex(c)
	if i := slices.Index(m.claims, c); i >= 0 {
		m.claims = slices.Delete(m.claims, i, i+1)
	}
	if p := c.page; p != nil {
		if i := slices.Index(p.claims, c); i >= 0 {
			p.claims = slices.Delete(p.claims, i, i+1)
		}
		p.dirty, p.out = true, nil
	}
	m.rendered = nil
}

// touch marks c's page to be written again. Whatever changes a claim
// must touch it (or mark its page dirty otherwise): the claims of a page
// a run leaves clean go to the next run as they are (keepParsed).
func (m *memory) touch(c *claim) {
	m.rendered = nil
	if c.page != nil {
		c.page.dirty = true
		c.page.out = nil
	}
	m.index(c)
}

// files counts the files memory holds: index.md, summary.md, an index per
// area and the pages.
func (m *memory) files() int {
	areas := map[string]bool{}
	for _, p := range m.pages {
		areas[p.area] = true
	}
	for p := range m.foreign {
		areas[path.Base(path.Dir(p))] = true
	}
	return 2 + len(areas) + len(m.pages) + len(m.foreign)
}

// hasArea reports whether some page is in area a.
func (m *memory) hasArea(a string) bool {
	for _, p := range m.pages {
		if p.area == a {
			return true
		}
	}
	for p := range m.foreign {
		if path.Base(path.Dir(p)) == a {
			return true
		}
	}
	return false
}

// place puts a new claim on its topic's page: the page of that name when
// there is one, a new page when the file limit leaves room, else the page
// of the area (or, with none, of memory) closest to its words.
func (m *memory) place(c *claim) {
	slug, topic := topicOf(c)
	if slug != "" {
		p := path.Join("pages", c.area, slug+".md")
		if m.erasedPath(p) {
			// A name holding forgotten text is never used, nor one
			// derived from it: the page gets a neutral name.
			slug, topic = m.freeSlug(c.area, neutralSlug), c.area
		} else if pg, ok := m.pages[p]; ok {
			m.open(pg)
			pg.add(c)
			return
		} else if _, taken := m.foreign[p]; taken {
			slug = ""
		}
	}
	need := 1
	if !m.hasArea(c.area) {
		need = 2
	}
	if m.files()+need <= m.limits.MaxFiles-pageReserve {
		if slug == "" {
			slug = m.freeSlug(c.area, topicHash(c))
		}
		pg := &page{path: path.Join("pages", c.area, slug+".md"), area: c.area, topic: topic, dirty: true, loaded: true, rules: rulesVersion}
		m.pages[pg.path] = pg
		pg.add(c)
		return
	}
	m.fold(c)
}

// neutralSlug names a page whose topic word holds forgotten text.
const neutralSlug = "claim"

// pageReserve is the files kept free of pages: room for one more area
// index when a later claim needs one.
const pageReserve = 1

// fold puts a claim on the existing page closest to its words: in its
// area if it has pages, else anywhere.
func (m *memory) fold(c *claim) {
	ts := append(slices.Clone(c.sterms), c.vterms...)
	var best *page
	bestScore := -1
	for _, p := range m.sortedPages() {
		if p.area != c.area && m.hasOwnArea(c.area) {
			continue
		}
		s := overlap(terms(p.topic), ts)*1000 - int(p.size/1024)
		if best == nil || s > bestScore {
			best, bestScore = p, s
		}
	}
	if best == nil {
		// No page at all and no room: the page is made anyway, and the
		// limit check refuses the run (it never should: the reserve).
		slug, topic := topicOf(c)
		if slug == "" {
			slug = topicHash(c)
		}
		best = &page{path: path.Join("pages", c.area, slug+".md"), area: c.area, topic: topic, dirty: true, loaded: true, rules: rulesVersion}
		m.pages[best.path] = best
	}
	m.open(best)
	best.add(c)
}

func (m *memory) hasOwnArea(a string) bool {
	for _, p := range m.pages {
		if p.area == a {
			return true
		}
	}
	return false
}

func (m *memory) sortedPages() []*page {
	ps := make([]*page, 0, len(m.pages))
	for _, p := range m.pages {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b *page) int { return strings.Compare(a.path, b.path) })
	return ps
}

func (m *memory) erasedPath(p string) bool {
	return m.erased != nil && m.erased([]byte(strings.TrimSuffix(p, ".md")))
}

// freeSlug is base, or base numbered, free in area.
func (m *memory) freeSlug(area, base string) string {
	for i := 1; ; i++ {
		s := base
		if i > 1 {
			s = base + "-" + itoa(i)
		}
		p := path.Join("pages", area, s+".md")
		_, ours := m.pages[p]
		_, theirs := m.foreign[p]
		if !ours && !theirs && !m.erasedPath(p) {
			return s
		}
	}
}

func itoa(i int) string {
	var b []byte
	for i > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}

// add puts a claim new to the page on it: the page is written again.
func (p *page) add(c *claim) {
	p.attach(c)
	p.dirty = true
	p.out = nil
}

// attach puts a claim read from the page's content on it; the content
// is what the page holds already, so it is not written again until a
// claim changes.
func (p *page) attach(c *claim) {
	c.page = p
	p.claims = append(p.claims, c)
}

// isNumberish reports a term that is mostly a value: digits, versions.
func isNumberish(t string) bool {
	d := 0
	for _, r := range t {
		if unicode.IsDigit(r) {
			d++
		}
	}
	return d*2 >= len(t)
}

// slugOf is t as a page name: ASCII lower-case letters and digits, inner
// '-' kept; "" when that leaves nothing legal.
func slugOf(t string) string {
	var b strings.Builder
	for _, r := range t {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '-' || r == '_' || r == '.':
			if b.Len() > 0 {
				b.WriteByte('-')
			}
		default:
			if r >= 0x80 {
				return "" // a word memfs cannot spell in a path is not shortened into another
			}
		}
	}
	s := strings.Trim(b.String(), "-")
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "-")
	}
	if len(s) > 48 {
		s = strings.TrimRight(s[:48], "-")
	}
	if !wiki.ValidSegment(s) {
		return ""
	}
	return s
}

// topicHash names a page whose topic has no ASCII spelling (CJK, say): its
// language and a digest of the topic words.
func topicHash(c *claim) string {
	_, topic := topicOf(c)
	sum := sha256.Sum256([]byte(c.area + "\x00" + topic))
	lang := c.lang
	if !wiki.ValidSegment(lang) || len(lang) > 3 {
		lang = "topic"
	}
	return lang + "-" + hex.EncodeToString(sum[:])[:8]
}
