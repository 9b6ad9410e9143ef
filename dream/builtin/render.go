package builtin

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"os"

	"github.com/memfs/memfs/wiki"
)

// areaOrder is the order areas are listed in: who the user is and how they
// want to work first.
var areaOrder = []string{"people", "team", "preferences", "conventions", "decisions", "project", "environments", "tools"}

func areaRank(a string) int {
	if i := slices.Index(areaOrder, a); i >= 0 {
		return i
	}
	return len(areaOrder)
}

// summaryLines bounds the facts summary.md states.
const summaryLines = 12

// listed is a page as the indexes list it.
type listed struct {
	path, gist string
	seen       int
	corrected  bool
	builtin    bool
}

// writeIndexes rebuilds every area index and index.md from the pages on
// disk (the claims' and any other page), and summary.md when it is empty
// or the builtin's own. Within an area, the most recently stated or
// confirmed claims come first, corrected ones first among equals, so a
// reader that stops early (the context's budget) still has them.
func writeIndexes(root *os.Root, claims []claim) error {
	byPath := map[string]claim{}
	for _, c := range claims {
		if c.Path != "" {
			byPath[c.Path] = c
		}
	}
	areas, err := fs.ReadDir(root.FS(), "pages")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	parser := wiki.NewParser()
	pages := map[string][]listed{}
	var names []string
	for _, a := range areas {
		if !a.IsDir() || !wiki.ValidSegment(a.Name()) {
			continue
		}
		dir := path.Join("pages", a.Name())
		ents, err := fs.ReadDir(root.FS(), dir)
		if err != nil {
			return err
		}
		var ls []listed
		for _, e := range ents {
			if !e.Type().IsRegular() || e.Name() == "index.md" || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			p := path.Join(dir, e.Name())
			if c, ok := byPath[p]; ok {
				ls = append(ls, listed{path: p, gist: gistText(c.text()), seen: c.Seen, corrected: c.Corrected, builtin: true})
				continue
			}
			b, err := root.ReadFile(p)
			if err != nil {
				return err
			}
			t := parser.Parse(b).Title
			if t == "" {
				t = strings.TrimSuffix(e.Name(), ".md")
			}
			ls = append(ls, listed{path: p, gist: gistText(t)})
		}
		if len(ls) == 0 {
			// Nothing left in the area: drop its index and folder.
			_ = root.Remove(path.Join(dir, "index.md"))
			_ = root.Remove(dir)
			continue
		}
		slices.SortFunc(ls, func(x, y listed) int {
			switch {
			case x.builtin != y.builtin:
				return boolRank(y.builtin) - boolRank(x.builtin)
			case x.seen != y.seen:
				return y.seen - x.seen
			case x.corrected != y.corrected:
				return boolRank(y.corrected) - boolRank(x.corrected)
			}
			return strings.Compare(x.path, y.path)
		})
		pages[a.Name()] = ls
		names = append(names, a.Name())
	}
	slices.SortFunc(names, func(x, y string) int {
		return cmp.Or(areaRank(x)-areaRank(y), strings.Compare(x, y))
	})

	var idx bytes.Buffer
	idx.WriteString("# Memory index\n\n")
	idx.WriteString("Each line under Pages is one page's claim, grouped by area, most recently confirmed first. " +
		"Open a page for the user's own words and the sessions (and transcript entries) it rests on.\n\n## Areas\n\n")
	for _, a := range names {
		ls := pages[a]
		var ai bytes.Buffer
		fmt.Fprintf(&ai, "# %s\n\n", capitalize(a))
		for _, l := range ls {
			fmt.Fprintf(&ai, "- [%s](%s)%s\n", escapeLink(l.gist), path.Base(l.path), correctedMark(l))
		}
		if err := root.WriteFile(path.Join("pages", a, "index.md"), ai.Bytes(), 0o600); err != nil {
			return err
		}
		fmt.Fprintf(&idx, "- [%s](pages/%s/index.md): %d page(s)\n", a, a, len(ls))
	}
	if len(names) == 0 {
		idx.WriteString("No pages yet.\n")
	} else {
		idx.WriteString("\n## Pages\n")
		for _, a := range names {
			fmt.Fprintf(&idx, "\n### %s\n\n", a)
			for _, l := range pages[a] {
				fmt.Fprintf(&idx, "- [%s](%s)%s\n", escapeLink(l.gist), l.path, correctedMark(l))
			}
		}
	}
	if err := root.WriteFile(wiki.IndexFile, idx.Bytes(), 0o600); err != nil {
		return err
	}
	return writeSummary(root, claims)
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

func correctedMark(l listed) string {
	if l.corrected {
		return " (corrected)"
	}
	return ""
}

// writeSummary states the most durable claims, a few lines, each with its
// page and the sessions it rests on (so forgetting a session takes the
// line with it), when summary.md is empty or the builtin's own.
func writeSummary(root *os.Root, claims []claim) error {
	old, err := root.ReadFile(wiki.SummaryFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if len(bytes.TrimSpace(old)) > 0 && !bytes.HasPrefix(old, []byte(summaryMarker)) {
		return nil
	}
	var sum bytes.Buffer
	sum.WriteString(summaryMarker + "\n# Summary\n\n")
	kept := slices.DeleteFunc(slices.Clone(claims), func(c claim) bool { return c.Path == "" })
	if len(kept) == 0 {
		sum.WriteString("Nothing durable has been remembered yet.\n")
		return root.WriteFile(wiki.SummaryFile, sum.Bytes(), 0o600)
	}
	ranked := slices.Clone(kept)
	slices.SortStableFunc(ranked, func(x, y claim) int {
		return cmp.Or(areaRank(x.Area)-areaRank(y.Area), y.Seen-x.Seen, strings.Compare(x.Path, y.Path))
	})
	// Round-robin over areas, so each kind of fact gets a line before any
	// gets a second.
	var pick []claim
	byArea := map[string][]claim{}
	var order []string
	for _, c := range ranked {
		if _, ok := byArea[c.Area]; !ok {
			order = append(order, c.Area)
		}
		byArea[c.Area] = append(byArea[c.Area], c)
	}
	for len(pick) < min(summaryLines, len(ranked)) {
		for _, a := range order {
			if len(byArea[a]) > 0 && len(pick) < summaryLines {
				pick = append(pick, byArea[a][0])
				byArea[a] = byArea[a][1:]
			}
		}
	}
	slices.SortStableFunc(pick, func(x, y claim) int { return areaRank(x.Area) - areaRank(y.Area) })
	sum.WriteString("What memory holds, most durable first (the pages hold the user's words and sources):\n\n")
	for _, c := range pick {
		var ids []string
		for _, s := range c.sources {
			ids = append(ids, wiki.SessionPrefix+s.session)
		}
		fmt.Fprintf(&sum, "- %s ([page](%s); %s)\n", escape(gistText(c.text())), c.Path, strings.Join(ids, ", "))
	}
	counts := map[string]int{}
	for _, c := range kept {
		counts[c.Area]++
	}
	var parts []string
	for _, a := range slices.Sorted(func(yield func(string) bool) {
		for k := range counts {
			if !yield(k) {
				return
			}
		}
	}) {
		parts = append(parts, fmt.Sprintf("%s %d", a, counts[a]))
	}
	if more := len(kept) - len(pick); more > 0 {
		fmt.Fprintf(&sum, "\n%d more in index.md.\n", more)
	}
	fmt.Fprintf(&sum, "\nStatements the user asked to keep or stated as durable: %s. Start at index.md.\n", strings.Join(parts, ", "))
	return root.WriteFile(wiki.SummaryFile, sum.Bytes(), 0o600)
}
