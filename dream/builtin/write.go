package builtin

import (
	"cmp"
	"errors"

	"fmt"
	"github.com/memfs/memfs/internal/errcode"
	"io/fs"
	"os"
	"path"
	"slices"
)

// ErrMemoryFull means memory cannot hold what it keeps within the store's
// limits even after consolidating (history trimmed, old claims folded to
// their claim and sources). The run fails with reason
// "dreamer_failed:memory_full"; its sessions stay pending.
var ErrMemoryFull = errcode.New("memory_full", "memory does not fit the store's limits after consolidation: raise max_total_bytes or max_files in config.toml, or forget what is no longer needed")

// Headroom: consolidation shrinks to this share of a limit, so that the
// next runs have room before consolidating again.
const (
	fillNum, fillDen = 17, 20 // 85%
)

// write brings .memory in line with the claims: pages left with no claim
// and migrated old pages removed, changed pages written, the indexes and
// summary.md rebuilt. What does not fit the limits is consolidated first.
// It returns how many consolidation steps it took.
func (m *memory) write(root *os.Root) (int, error) {
	for p, pg := range m.pages {
		if pg.loaded && len(pg.claims) == 0 {
			delete(m.pages, p)
			m.gone = append(m.gone, p)
		}
	}
	steps, err := m.fit()
	if err != nil {
		return steps, err
	}
	if m.readErr != nil {
		// A page that could not be read counts no claim: nothing is
		// written on that count.
		return steps, m.readErr
	}
	for _, pg := range m.sortedPages() {
		if !pg.dirty {
			continue
		}
		if err := root.MkdirAll(path.Dir(pg.path), 0o700); err != nil {
			return steps, err
		}
		b := pg.out
		if b == nil {
			b = renderPage(pg)
		}
		pg.size = int64(len(b))
		if err := root.WriteFile(pg.path, b, 0o600); err != nil {
			return steps, err
		}
	}
	for _, p := range m.gone {
		if _, ok := m.pages[p]; ok {
			continue // a migrated page's path taken by a topic page
		}
		if err := root.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return steps, err
		}
	}
	return steps, m.writeIndexes(root)
}

// fit consolidates until every page fits the file limit and memory the
// total: first the history of the oldest, least confirmed claims loses
// the words it quotes, then all but its newest value, then all of it;
// then those claims are folded to their claim and sources. Each step
// works through the claims in that order until the target is reached.
func (m *memory) fit() (int, error) {
	steps := 0
	fileRoom := m.limits.MaxFileBytes * fillNum / fillDen
	for _, pg := range m.sortedPages() {
		if !pg.dirty {
			continue
		}
		pg.render()
		for level := 1; pg.size > m.limits.MaxFileBytes-pageSlack; level++ {
			if level > maxLevel {
				return steps, fmt.Errorf("%w (page %s)", ErrMemoryFull, pg.path)
			}
			steps++
			m.shrink(pg.claims, level, pg.size-fileRoom)
			pg.render()
		}
	}
	for level := 1; ; level++ {
		over := m.totalBytes() - m.limits.MaxTotalBytes
		if over <= 0 {
			return steps, nil
		}
		if level > maxLevel {
			return steps, ErrMemoryFull
		}
		steps++
		m.openAll()
		m.shrink(m.claims, level, over+m.limits.MaxTotalBytes*(fillDen-fillNum)/fillDen)
		for _, pg := range m.pages {
			if pg.dirty {
				pg.render()
			}
		}
	}
}

// render renders a page to write, keeping its bytes and size.
func (p *page) render() {
	p.out = renderPage(p)
	p.size = int64(len(p.out))
}

// pageSlack keeps a page this far below the file limit, for the claims
// the next run adds before it consolidates.
const pageSlack = 4 << 10

// maxLevel is the last consolidation level (see shrink).
const maxLevel = 4

// shrink consolidates claims at a level, the oldest and least confirmed
// first, until about want bytes are saved:
//
//  1. earlier values lose the words they quote;
//  2. earlier values but the newest go;
//  3. all earlier values go (a withdrawn claim with them);
//  4. the current value is folded to its claim and sources.
func (m *memory) shrink(cs []*claim, level int, want int64) {
	order := slices.Clone(cs)
	slices.SortStableFunc(order, func(a, b *claim) int {
		return cmp.Or(a.seen-b.seen, citations(a)-citations(b), -cmp.Compare(a.durability(), b.durability()))
	})
	saved := int64(0)
	for _, c := range order {
		if saved >= want {
			return
		}
		before := claimSize(c)
		switch level {
		case 1:
			for i := range c.past {
				c.past[i].quote, c.past[i].pointer, c.past[i].endQuote = "", "", ""
			}
		case 2:
			if len(c.past) > 1 {
				c.past = c.past[:1]
			}
		case 3:
			if c.cur == nil {
				m.remove(c)
				saved += before
				continue
			}
			c.past = nil
		case 4:
			if c.cur != nil {
				c.cur.quote, c.cur.pointer = "", ""
			}
		}
		if after := claimSize(c); after < before {
			saved += before - after
			m.rendered = nil
			if c.page != nil {
				c.page.dirty, c.page.out = true, nil
			}
		}
	}
}

func citations(c *claim) int {
	if c.cur == nil {
		return 0
	}
	return len(c.cur.cites)
}

// claimSize is the bytes a claim takes on its page.
func claimSize(c *claim) int64 {
	n := 0
	for _, v := range c.values() {
		n += len(v.text) + len(v.quote) + len(v.pointer) + len(v.endQuote) + 60
		for _, ct := range v.cites {
			n += len(ct.session) + 10
			for _, e := range ct.entries {
				n += len(e) + 7
			}
		}
	}
	return int64(n + 120 + len(c.subject))
}

// totalBytes is what memory will take: its pages (the builtin's as they
// will be written, the others as they are) and its indexes and summary.
func (m *memory) totalBytes() int64 {
	var n int64
	for _, pg := range m.pages {
		n += pg.size
	}
	for _, f := range m.foreign {
		n += f.size
	}
	idx := m.renderIndexes()
	for _, b := range idx.files {
		n += int64(len(b))
	}
	return n + int64(len(idx.summary)) + int64(len(m.summaryForeign))
}
