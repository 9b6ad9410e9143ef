package builtin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Name is the dreamer's name on the command line.
const Name = "builtin"

// rulesVersion stamps the pages a version of the rules wrote: a page
// stamped otherwise is audited (its claims heard again) on the next run.
// Raise it when package hear's rules change what they keep.
const rulesVersion = 53

// summaryMarker opens a summary.md the builtin dreamer wrote.
const summaryMarker = "<!-- memfs-builtin summary -->"

// Dreamer is the deterministic builtin dreamer.
type Dreamer struct {
	// Erased reports whether text holds forgotten content: no page is
	// named after such text. A run sets it from the store's erasure guard
	// (WithGuard); nil means nothing was forgotten.
	Erased func(text []byte) bool
	// Limits are the store's artifact limits the memory must fit
	// (WithLimits); zero fields mean the defaults.
	Limits validate.Limits
	// Memo, when set, keeps what runs read of pages for the next runs of
	// the process (New sets one); Known tells the blob id of a page the
	// run knows was left as published (WithKnown), which the memo then
	// answers for without reading the page. See PageMemo.
	Memo  *PageMemo
	Known func(path string, info fs.FileInfo) (gitstore.ID, bool)
	// MemoFile, when set, is the file the memo starts from and that
	// SaveMemo writes (WithMemoFile): it keeps the memo from one process
	// to the next (see memofile.go).
	MemoFile string
	// epoch is the erasure guard's epoch (WithGuard).
	epoch string
}

// New returns a builtin dreamer that remembers pages across its runs.
func New() Dreamer { return Dreamer{Memo: NewPageMemo()} }

var (
	_ dream.Dreamer     = Dreamer{}
	_ dream.GuardAware  = Dreamer{}
	_ dream.LimitsAware = Dreamer{}
	_ dream.KnownAware  = Dreamer{}
	_ dream.MemoAware   = Dreamer{}
)

// WithGuard returns the dreamer naming new pages clear of what g says
// was forgotten.
func (d Dreamer) WithGuard(g dream.Guard) dream.Dreamer {
	d.Erased, d.epoch = g.ErasedContent, g.Epoch()
	return d
}

// WithKnown returns the dreamer passing over the pages known says were
// left as published, when its memo holds them.
func (d Dreamer) WithKnown(known func(path string, info fs.FileInfo) (gitstore.ID, bool)) dream.Dreamer {
	d.Known = known
	return d
}

// WithMemoFile returns the dreamer whose memo starts from what file
// holds, when it is not the file the memo knows already.
func (d Dreamer) WithMemoFile(file string) dream.Dreamer {
	d.MemoFile = file
	return d
}

// SaveMemo writes to file what the memo holds of the pages the last run
// met (PageMemo.SaveFile); without a memo it does nothing.
func (d Dreamer) SaveMemo(file string) error { return d.Memo.SaveFile(file) }

// WithLimits returns the dreamer fitting memory within l.
func (d Dreamer) WithLimits(l validate.Limits) dream.Dreamer {
	d.Limits = l
	return d
}

// Dream takes the batch's durable statements into .memory.
func (d Dreamer) Dream(ctx context.Context, runDir string) (string, error) {
	m, err := dream.ReadManifest(runDir)
	if err != nil {
		return "", err
	}
	root, err := os.OpenRoot(filepath.Join(runDir, dream.MemoryDir))
	if err != nil {
		return "", err
	}
	defer root.Close()

	mem := newMemory(d.Limits, d.Erased)
	pages := d.Memo.begin(d.epoch, d.Known, d.MemoFile)
	ld, err := mem.loadFrom(root, pages)
	pages.end()
	if err != nil {
		return "", err
	}
	var total applied
	for _, s := range m.Sessions {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		recs, err := readRecords(filepath.Join(runDir, filepath.FromSlash(s.Dir), dream.TranscriptName))
		if err != nil {
			return "", fmt.Errorf("session %s: %w", s.SessionID, err)
		}
		a := mem.apply(s.SessionID, hear.Session(recs))
		total.add(a)
	}
	cons, err := mem.write(root)
	if err != nil {
		return "", err
	}
	current := mem.currentClaims()
	msg := fmt.Sprintf("builtin: %d current claims on %d pages (%d new, %d updated, %d confirmed, %d withdrawn, %d forgotten; %d migrated, %d dropped by audit) from %d sessions",
		current, len(mem.pages), total.added, total.updated, total.confirmed, total.withdrawn, total.forgotten, ld.migrated, ld.dropped, len(m.Sessions))
	if cons > 0 {
		msg += fmt.Sprintf("; %d consolidation steps to fit the limits", cons)
	}
	pages.keepParsed(mem)
	return msg, nil
}

func (a *applied) add(b applied) {
	a.added += b.added
	a.updated += b.updated
	a.confirmed += b.confirmed
	a.withdrawn += b.withdrawn
	a.forgotten += b.forgotten
}

// loaded counts what loading did to pages of earlier versions.
type loaded struct{ migrated, dropped int }

// load reads the pages: the builtin's own (the current layout, or the
// earlier one-claim layout, migrated) and the sizes of the others.
func (m *memory) load(root *os.Root) (loaded, error) {
	return m.loadFrom(root, (*PageMemo)(nil).begin("", nil, ""))
}

// loadFrom is load reading pages through pages (lazy.go).
func (m *memory) loadFrom(root *os.Root, pages *pageReader) (loaded, error) {
	var ld loaded
	var old []oldPage
	m.reader, m.root = pages, root
	if byTerm, picks, run := pages.filing(); byTerm != nil {
		m.byTerm, m.picks, m.run = byTerm, picks, run
	}
	parser := wiki.NewParser()
	sum, err := root.ReadFile(wiki.SummaryFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return ld, err
	}
	if len(bytes.TrimSpace(sum)) > 0 && !bytes.HasPrefix(sum, []byte(summaryMarker)) {
		m.summaryForeign = sum
	}
	err = pageFiles(root, func(dir *areaDir, name, p string, info fs.FileInfo) error {
		pg, ok, b, err := pages.read(dir, name, p, info)
		if err != nil {
			return err
		}
		if ok {
			m.adopt(p, pg)
			return nil
		}
		if o, ok := parseOldPage(b); ok {
			old = append(old, o)
			m.gone = append(m.gone, p)
			return nil
		}
		if wiki.Hollow(b) {
			// A page a forget left with nothing but its heading and
			// sources goes, rather than stay listed.
			m.gone = append(m.gone, p)
			return nil
		}
		t := parser.Parse(b).Title
		if t == "" {
			t = strings.TrimSuffix(path.Base(p), ".md")
		}
		m.foreign[p] = foreignPage{size: int64(len(b)), title: t}
		return nil
	})
	if err != nil {
		return ld, err
	}
	for _, p := range m.pages {
		for _, s := range p.stubs {
			m.gen = max(m.gen, s.seen)
		}
	}
	for _, c := range m.claims {
		m.gen = max(m.gen, c.seen)
	}
	for _, o := range old {
		m.gen = max(m.gen, o.seen)
	}
	m.gen++
	// Older claims first, so a later one of the same subject replaces
	// an earlier one.
	slices.SortStableFunc(old, func(a, b oldPage) int { return a.seen - b.seen })
	for _, o := range old {
		c, ok := migrate(o)
		if !ok {
			ld.dropped++
			continue
		}
		ld.migrated++
		m.merge(c)
	}
	return ld, nil
}

// adopt takes in a page of the current layout read from disk: parsed in
// full when it must be written again anyway (other rules wrote it, a
// forget left its Sources stale, it holds no claim), else only scanned.
func (m *memory) adopt(p string, pg page) {
	pg.path, pg.area = p, path.Base(path.Dir(p))
	if pg.topic == "" {
		pg.topic = strings.TrimSuffix(path.Base(p), ".md")
	}
	ptr := &pg
	m.pages[p] = ptr
	if pg.rules != rulesVersion || pg.stale || len(pg.stubs) == 0 {
		m.open(ptr)
		return
	}
	m.unread = append(m.unread, ptr)
}

// merge takes in a migrated claim like a statement of its subject: the
// same value adds its citations, another value replaces the older one.
func (m *memory) merge(c *claim) {
	st := hear.Statement{Kind: hear.Kind(c.cur.kind), Lang: c.lang, Area: c.area, Subject: c.subject,
		Claim: c.cur.text, Quote: c.cur.quote, Via: c.cur.via, Pointer: c.cur.pointer}
	gen := m.gen
	m.gen = c.seen
	defer func() { m.gen = gen }()
	cites := c.cur.cites
	if len(cites) == 0 {
		return
	}
	m.take(st, cites)
}
