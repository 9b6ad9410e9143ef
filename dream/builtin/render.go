package builtin

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/wiki"
)

// areaOrder is the order areas are listed in: the most durable first
// (standing rules, preferences, people and team, decisions, then facts).
var areaOrder = []string{"conventions", "preferences", "people", "team", "decisions", "project", "environments", "tools"}

func areaRank(a string) int {
	if i := slices.Index(areaOrder, a); i >= 0 {
		return i
	}
	return len(areaOrder)
}

// summaryLines bounds the claims summary.md states.
const summaryLines = 12

// indexBudget bounds index.md: its claim lines stop before it (the area
// indexes and pages hold the rest). A context message shows far less.
const indexBudget = 160 << 10

// foreignPage is a page the builtin did not write, kept as it is.
type foreignPage struct {
	size  int64
	title string
}

// indexSet is index.md and the area indexes by path, and summary.md (nil
// when it is not the builtin's to write).
type indexSet struct {
	files   map[string][]byte
	summary []byte
}

// entry is a current claim as the indexes list it: from a claim of a
// page parsed in full, or from a claim line of one only scanned.
type entry struct {
	text string
	// line is the claim as its index line gives it (indexLine); key its
	// rank (rankKey).
	line  string
	key   int
	seen  int
	since int
	page  *page
	// cites are a parsed claim's citations; a claim line's are its
	// "Sources:" line, stubSources, parsed when asked for (scanned).
	cites       []cite
	stubSources string
	scanned     bool
	// slot is the entry's page in a ranking kept for the next run; pos
	// its claim's place among the page's claims, which tells apart two
	// claims of one page saying the same.
	slot int32
	pos  int32
}

// sessions returns the sessions the claim's current value cites.
func (e *entry) sessions() []string {
	if !e.scanned {
		return citeSessions(e.cites)
	}
	var cs []cite
	for _, part := range strings.Split(strings.TrimPrefix(e.stubSources, lblSources), ";") {
		if c, ok := parseCite(part); ok {
			cs = append(cs, c)
		}
	}
	return citeSessions(cs)
}

// indexLine is a claim's text as an index line gives it, before its link.
func indexLine(text string) string { return escapeLink(gist(indexClaim(text))) }

// indexLine is the index line of c's current value, made once per text.
func (c *claim) indexLine() string {
	if c.lineOf != c.cur.text || c.line == "" {
		c.line, c.lineOf = indexLine(c.cur.text), c.cur.text
	}
	return c.line
}

// currentClaims counts the current claims the indexes list.
func (m *memory) currentClaims() int {
	n := 0
	for _, c := range m.claims {
		if c.current() && c.page != nil {
			n++
		}
	}
	for _, p := range m.pages {
		if p.loaded {
			continue
		}
		for _, s := range p.stubs {
			if s.current {
				n++
			}
		}
	}
	return n
}

// listing is the current claims by rank (rankKey): most durable first,
// then the changes, most recently confirmed first within. The claim lines of pages only scanned carry
// their index line and rank from the scan (which the page memo keeps
// across runs), as the claims of pages parsed from the memo do, so only
// claims the run changed are made into index lines here. The claims of
// pages the last run ranked (the page memo's ranking) whose path and
// content are the same and which the run leaves as they are keep the
// last run's order: only the claims of the other pages are sorted, and
// merged in.
func (m *memory) listing() []entry {
	prev := m.reader.lastRanking()
	// same[i] is the page prev.pages[i] is now, when unchanged.
	var same []*page
	unchanged := map[*page]bool{}
	if prev != nil {
		same = make([]*page, len(prev.pages))
		for i, rp := range prev.pages {
			if p, ok := m.pages[rp.path]; ok && !p.dirty && p.id == rp.id && p.id != (gitstore.ID{}) {
				same[i], unchanged[p] = p, true
			}
		}
		// A page whose claims the last run ranked otherwise (it never
		// should) is ranked afresh.
		n := make([]int, len(prev.pages))
		for i := range prev.entries {
			n[prev.entries[i].slot]++
		}
		for i, p := range same {
			if p != nil && n[i] != p.currentClaims() {
				same[i] = nil
				delete(unchanged, p)
			}
		}
	}
	var fresh []entry
	if prev == nil {
		fresh = make([]entry, 0, m.currentClaims())
	}
	for _, p := range m.pages {
		if !unchanged[p] {
			fresh = p.appendEntries(fresh)
		}
	}
	permute(fresh, rankOrder(fresh))
	if prev == nil {
		m.ranked = fresh
		return fresh
	}
	es := prev.spare
	prev.spare = nil // one listing may fill it: the others allocate
	if cap(es) < len(prev.entries)+len(fresh) {
		es = make([]entry, 0, len(prev.entries)+len(fresh))
	}
	i := 0
	for _, e := range prev.entries {
		p := same[e.slot]
		if p == nil {
			continue
		}
		e.page = p
		for i < len(fresh) && compareEntries(&fresh[i], &e) < 0 {
			es = append(es, fresh[i])
			i++
		}
		es = append(es, e)
	}
	es = append(es, fresh[i:]...)
	m.ranked = es
	return es
}

// currentClaims counts the current claims the page lists.
func (p *page) currentClaims() int {
	n := 0
	if p.loaded {
		for _, c := range p.claims {
			if c.current() {
				n++
			}
		}
		return n
	}
	for i := range p.stubs {
		if p.stubs[i].current {
			n++
		}
	}
	return n
}

// appendEntries appends the page's current claims to es.
func (p *page) appendEntries(es []entry) []entry {
	if p.loaded {
		for i, c := range p.claims {
			if c.current() {
				es = append(es, entry{text: c.cur.text, line: c.indexLine(), key: rankKey(c.area, c.cur.kind, c.cur.toldKind()),
					seen: c.seen, since: c.since, page: p, cites: c.cur.cites, pos: int32(i)})
			}
		}
		return es
	}
	for i := range p.stubs {
		s := &p.stubs[i]
		if s.current {
			es = append(es, entry{text: s.text, line: s.line, key: s.key, seen: s.seen, since: s.since, page: p, stubSources: s.sources, scanned: true, pos: int32(i)})
		}
	}
	return es
}

// compareEntries orders entries as rankOrder does.
func compareEntries(a, b *entry) int {
	switch {
	case a.key != b.key:
		return a.key - b.key
	case a.seen != b.seen:
		return b.seen - a.seen
	case a.since != b.since:
		return b.since - a.since
	}
	return cmp.Or(strings.Compare(a.page.path, b.page.path), strings.Compare(a.text, b.text), cmp.Compare(a.pos, b.pos))
}

// sameArray reports whether a and b share their first element.
func sameArray(a, b []entry) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:1][0] == &b[:1][0]
}

// ranking is a run's listing as the next run reads it: the claims of the
// pages the run left as they were, in order, each naming its page by its
// index in pages (slot) rather than by the run's page.
type ranking struct {
	entries []entry
	pages   []rankedPage
	// spare is room for the next listing: an earlier ranking's entries,
	// cleared, which no one reads any more.
	spare []entry
}

// rankedPage is a page of a ranking: its path and its content's blob id.
type rankedPage struct {
	path string
	id   gitstore.ID
}

// keepRanking makes the run's last listing into the ranking the next
// run reads, in place; prev is the ranking the run read (nil if none),
// whose entries the next run's listing may then fill.
func (m *memory) keepRanking(prev *ranking) *ranking {
	if m.ranked == nil {
		return nil
	}
	rk := &ranking{entries: m.ranked[:0]}
	slot := map[*page]int32{}
	for _, e := range m.ranked {
		p := e.page
		if p.dirty || p.id == (gitstore.ID{}) {
			continue
		}
		s, ok := slot[p]
		if !ok {
			s = int32(len(rk.pages))
			slot[p] = s
			rk.pages = append(rk.pages, rankedPage{path: p.path, id: p.id})
		}
		e.page, e.slot = nil, s
		rk.entries = append(rk.entries, e)
	}
	// What follows holds this run's pages: let them go.
	clear(rk.entries[len(rk.entries):cap(rk.entries)])
	if prev != nil && !sameArray(prev.entries, rk.entries) {
		rk.spare = prev.entries[:0]
		clear(rk.spare[:cap(rk.spare)])
	}
	return rk
}

// rankOrder is the order of es by rank (rankKey), most recently
// confirmed, then first stated, first within; then by page,
// text and place on the page: no two entries are equal, so the order
// does not depend on the order of es (the pages map's).
func rankOrder(es []entry) []int32 {
	// Rank, confirmation and age make one number when they fit in it,
	// so that most comparisons compare two numbers.
	ranks := make([]uint64, len(es))
	for i := range es {
		e := &es[i]
		if e.key < 0 || e.key >= 1<<5 || e.seen < 0 || e.seen >= 1<<29 || e.since < 0 || e.since >= 1<<29 {
			clear(ranks)
			break
		}
		ranks[i] = uint64(e.key)<<58 | uint64(1<<29-1-e.seen)<<29 | uint64(1<<29-1-e.since)
	}
	order := make([]int32, len(es))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int {
		if ranks[x] != ranks[y] {
			return cmp.Compare(ranks[x], ranks[y])
		}
		return compareEntries(&es[x], &es[y])
	})
	return order
}

// permute puts es in order (es[i] becomes the entry at order[i]) in
// place, following each cycle of the permutation; it consumes order.
func permute(es []entry, order []int32) {
	for i := range order {
		if order[i] < 0 {
			continue
		}
		// Walk the cycle through i: the slot j takes the entry at order[j].
		first := es[i]
		j := i
		for {
			k := int(order[j])
			order[j] = -1
			if k == i {
				es[j] = first
				break
			}
			es[j] = es[k]
			j = k
		}
	}
}

func citeSessions(cs []cite) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.session)
	}
	return out
}

// areas are the areas with pages, in listing order, and each one's pages
// (the builtin's and the others), by path.
func (m *memory) areas() ([]string, map[string][]string) {
	by := map[string][]string{}
	for p := range m.pages {
		a := path.Base(path.Dir(p))
		by[a] = append(by[a], p)
	}
	for p := range m.foreign {
		a := path.Base(path.Dir(p))
		by[a] = append(by[a], p)
	}
	var names []string
	for a, ps := range by {
		slices.Sort(ps)
		names = append(names, a)
	}
	slices.SortFunc(names, func(x, y string) int { return cmp.Or(areaRank(x)-areaRank(y), strings.Compare(x, y)) })
	return names, by
}

// renderIndexes renders index.md, the area indexes and summary.md; the
// last rendering is kept until a claim changes (m.rendered).
func (m *memory) renderIndexes() indexSet {
	if m.rendered != nil {
		return *m.rendered
	}
	set := m.renderIndexesNow()
	m.rendered = &set
	return set
}

func (m *memory) renderIndexesNow() indexSet {
	names, byArea := m.areas()
	set := indexSet{files: map[string][]byte{}}
	ranked := m.listing()

	var idx bytes.Buffer
	idx.WriteString("# Memory index\n\n")
	idx.WriteString("One line per current claim: most durable first, then changes, then newest; quotes are the user's words.\n\n## Areas\n\n")
	if len(names) == 0 {
		idx.WriteString(wiki.NoPagesLine + "\n")
	}
	for _, a := range names {
		idx.WriteString(wiki.AreaCountLine(a, len(byArea[a])) + "\n")
	}

	// The claim lines that fit, most durable and recent first.
	lines := map[string][]indexItem{}
	room := indexBudget - idx.Len() - 512
	for _, a := range names {
		room -= len(a) + 8
		for _, p := range byArea[a] {
			if f, ok := m.foreign[p]; ok {
				it := indexItem{text: escapeLink(gist(f.title)), dest: p}
				lines[a] = append(lines[a], it)
				room -= it.size()
			}
		}
	}
	more := map[string]bool{}
	for i := range ranked {
		c := &ranked[i]
		a := c.page.area
		it := indexItem{text: c.line, dest: c.page.path}
		if it.size() > room {
			more[a] = true
			continue
		}
		room -= it.size()
		lines[a] = append(lines[a], it)
	}
	if len(names) > 0 {
		idx.Grow(linesSize(lines, len(names)))
		idx.WriteString("\n## Pages\n")
		for _, a := range names {
			if len(lines[a]) == 0 && !more[a] {
				// An area whose pages hold only earlier values has no
				// claim to list: no heading over nothing.
				continue
			}
			fmt.Fprintf(&idx, "\n### %s\n\n", a)
			for _, it := range lines[a] {
				it.writeTo(&idx)
			}
			if more[a] {
				fmt.Fprintf(&idx, "\nMore claims of this area are on its pages: pages/%s/index.md lists them.\n", a)
			}
		}
	}
	set.files[wiki.IndexFile] = idx.Bytes()

	for _, a := range names {
		var ai bytes.Buffer
		fmt.Fprintf(&ai, "# %s\n\n", capitalize(a))
		for _, p := range byArea[a] {
			title := ""
			if pg, ok := m.pages[p]; ok {
				title = capitalize(pg.topic)
			} else {
				title = m.foreign[p].title
			}
			fmt.Fprintf(&ai, "- [%s](%s)\n", escapeLink(gist(title)), path.Base(p))
		}
		set.files[path.Join("pages", a, wiki.IndexFile)] = ai.Bytes()
	}

	if m.summaryForeign == nil {
		set.summary = m.renderSummary(ranked, names, byArea)
	}
	return set
}

// indexItem is a line of index.md's pages section, "- [text](dest)".
type indexItem struct{ text, dest string }

// size is the line's length.
func (it indexItem) size() int { return len("- [](") + len(it.text) + len(it.dest) + len(")\n") }

// writeTo writes the line to b.
func (it indexItem) writeTo(b *bytes.Buffer) {
	b.WriteString("- [")
	b.WriteString(it.text)
	b.WriteString("](")
	b.WriteString(it.dest)
	b.WriteString(")\n")
}

// linesSize is about what the pages section of index.md takes: its
// lines, and per area a heading and a "more" line.
func linesSize(lines map[string][]indexItem, areas int) int {
	n := 0
	for _, ls := range lines {
		for _, it := range ls {
			n += it.size()
		}
	}
	return n + areas*160
}

// renderSummary states the most durable claims, one a page, each with its
// page and the sessions it rests on (so forgetting a session takes the
// line with it), and counts the pages of each area.
func (m *memory) renderSummary(ranked []entry, names []string, byArea map[string][]string) []byte {
	var sum bytes.Buffer
	sum.WriteString(summaryMarker + "\n# Summary\n\n")
	if len(names) == 0 {
		sum.WriteString(wiki.NothingKeptLine + "\n")
		return sum.Bytes()
	}
	var pick []entry
	onPage := map[*page]bool{}
	for _, c := range ranked {
		if len(pick) == summaryLines {
			break
		}
		if !onPage[c.page] {
			onPage[c.page] = true
			pick = append(pick, c)
		}
	}
	if len(pick) > 0 {
		sum.WriteString("What memory holds, most durable first (the pages hold the user's words and sources):\n\n")
	}
	for i := range pick {
		c := &pick[i]
		var ids []string
		for _, s := range c.sessions() {
			ids = append(ids, wiki.SessionPrefix+s)
		}
		if len(ids) > summarySessions {
			ids = ids[len(ids)-summarySessions:]
		}
		fmt.Fprintf(&sum, "- %s ([page](%s); %s)\n", escape(gist(c.text)), c.page.path, strings.Join(ids, ", "))
	}
	var counts []wiki.AreaCount
	total := 0
	for _, a := range slices.Sorted(maps.Keys(byArea)) {
		counts = append(counts, wiki.AreaCount{Area: a, N: len(byArea[a])})
		total += len(byArea[a])
	}
	if more := total - len(pick); more > 0 {
		fmt.Fprintf(&sum, "\n%s\n", wiki.MoreLine(more))
	}
	fmt.Fprintf(&sum, "\n%s\n", wiki.SummaryCountsLine(counts))
	return sum.Bytes()
}

// summarySessions bounds the sessions a summary line names (the newest).
const summarySessions = 6

// writeIndexes writes index.md, the area indexes and (when it is the
// builtin's) summary.md, and removes the index and folder of each area
// left without pages.
func (m *memory) writeIndexes(root *os.Root) error {
	set := m.renderIndexes()
	ents, err := fs.ReadDir(root.FS(), "pages")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, e := range ents {
		ai := path.Join("pages", e.Name(), wiki.IndexFile)
		if _, ok := set.files[ai]; ok || !e.IsDir() {
			continue
		}
		if err := root.Remove(ai); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		_ = root.Remove(path.Join("pages", e.Name())) // only when empty
	}
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range set.files {
			if !yield(p) {
				return
			}
		}
	}) {
		if err := root.MkdirAll(path.Dir(p), 0o700); err != nil {
			return err
		}
		if err := root.WriteFile(p, set.files[p], 0o600); err != nil {
			return err
		}
	}
	if set.summary != nil {
		return root.WriteFile(wiki.SummaryFile, set.summary, 0o600)
	}
	return nil
}

// indexClaim is a claim as an index line gives it: the frame memfs puts
// around the user's quoted words shortened ("The user said: “…”" is the
// quote alone), so that more claims fit where index.md is read in part.
// The page keeps the claim as written.
func indexClaim(s string) string {
	if rest, ok := strings.CutPrefix(s, "The user said: “"); ok {
		return "“" + rest
	}
	if rest, ok := strings.CutPrefix(s, "The user agreed to the assistant's proposal: “"); ok {
		return "Agreed: “" + rest
	}
	if rest, ok := strings.CutPrefix(s, "The user ("); ok {
		if name, quote, ok := strings.Cut(rest, ") said: “"); ok && !strings.ContainsAny(name, "()“”") {
			return name + ": “" + quote
		}
	}
	for _, f := range [][2]string{{hear.AnswerLead, hear.AnswerMid}, {hear.FollowUpLead, hear.FollowUpMid}} {
		if rest, ok := strings.CutPrefix(s, f[0]); ok {
			if q, a, ok := strings.Cut(rest, f[1]); ok {
				// The answer is the claim: a long question gives way (its
				// page has it whole).
				n, room := utf8.RuneCountInString(a), gistRunes-20
				if n >= 40 {
					// A long answer says it: its question need only name
					// the subject.
					room = min(room, questionRunes+n)
				}
				return "Asked “" + clip(q, max(40, room-n)) + "”: “" + a
			}
		}
	}
	return s
}

// gistRunes bounds a claim on one index line, questionRunes the question
// an answer on it answers.
const (
	gistRunes     = 200
	questionRunes = 72
)

// gist is a claim on one index line.
func gist(s string) string {
	if !spacedOut(s) {
		return clip(s, gistRunes) // most claims: nothing to join
	}
	return clip(strings.Join(strings.Fields(s), " "), gistRunes)
}

// spacedOut reports whether s has space that strings.Fields drops or
// joins: at either end, two in a row, or any but an ASCII space.
func spacedOut(s string) bool {
	prev := true // as if a space were before the start
	for _, r := range s {
		sp := r == ' '
		if sp && prev || !sp && unicode.IsSpace(r) {
			return true
		}
		prev = sp
	}
	return prev && s != ""
}

// clip shortens s to at most n runes, at a space when one is near the
// end, marking the cut with "…".
func clip(s string, n int) string {
	if len(s) <= n {
		return s // no more runes than bytes
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n
	for i := n; i > n*3/4; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimSpace(string(r[:cut])) + "…"
}

func escapeLink(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "[", "\\["), "]", "\\]")
}
