package dream

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"syscall"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// A dream must not wedge its scope by re-creating what was forgotten: a
// dreamer that writes an erased page again, repeats a forgotten literal,
// or cites a forgotten session would otherwise fail every run of the scope
// with invalid_output:erased_content, and every pending session of the
// scope, unrelated ones included, would stay pending forever. So the run
// drops those parts of the staged memory, as a forget would have removed
// them, and publishes the rest; the store's guard still refuses anything
// that slipped through, and the run then drops the files it names.

// Guard is what a run needs of the store's erasure guard: its checks, and
// the matcher that strips forgotten text (*erasure.Guard is both).
type Guard interface {
	validate.Guard
	wiki.Matcher
}

// Dropped counts what a run left out because it would have brought
// forgotten content back. It never names a path, an id or any text.
type Dropped struct {
	// Sessions of the batch that had been forgotten: left out of the run
	// and out of the ledger.
	Sessions int `json:"sessions,omitempty"`
	// Pages removed from the dreamed memory: at a forgotten path, named
	// with forgotten text, citing a forgotten session, left without
	// Sources once stripped, or refused by the store.
	Pages int `json:"pages,omitempty"`
	// Blocks (Markdown blocks) stripped for holding forgotten text.
	Blocks int `json:"blocks,omitempty"`
	// Links are index lines removed because they linked a dropped page.
	Links int `json:"links,omitempty"`
	// Reset counts required files the store still refused, replaced by
	// their defaults.
	Reset int `json:"reset,omitempty"`
	// SummaryLines dropped from the dreamer's summary, the commit message.
	SummaryLines int `json:"summary_lines,omitempty"`
}

// Any reports whether anything was dropped.
func (d Dropped) Any() bool { return d != Dropped{} }

func (d *Dropped) add(o Dropped) {
	d.Sessions += o.Sessions
	d.Pages += o.Pages
	d.Blocks += o.Blocks
	d.Links += o.Links
	d.Reset += o.Reset
	d.SummaryLines += o.SummaryLines
}

// GuardAware is implemented by a dreamer that consults the erasure guard
// while it dreams (the builtin names pages after what was said, and must
// not name one after forgotten text). Run dreams with WithGuard's dreamer
// when the store has a guard.
type GuardAware interface {
	WithGuard(g Guard) Dreamer
}

// dropErased removes from the staged memory mem what the guard says was
// forgotten: pages at a forgotten path or with forgotten text in their
// path, pages citing a forgotten session, and every Markdown block holding
// forgotten text (a page left without Sources goes too); then the index
// lines linking a dropped page, the index of an area left without pages,
// and the generated counts of the areas that lost pages are recounted.
// Files are replaced, never rewritten in place, and only regular files
// with a single link are touched: anything else is the validator's to
// refuse.
//
// A file a guard of the current epoch found clean (known) is looked at
// no further unless it cites a forgotten session, so a run's cost does
// not grow with the files it left as they were. A marker added since
// changes the epoch, and the file is read through again.
//
// It returns the files it left with their Lstat, as the citation check
// takes them, when it changed none (else nil: they are listed again).
func dropErased(mem string, g Guard, known knownFiles) (Dropped, []memFile, error) {
	var d Dropped
	if fi, err := os.Lstat(mem); err != nil || !fi.IsDir() {
		return d, nil, nil // publish refuses it
	}
	root, err := os.OpenRoot(mem)
	if err != nil {
		return d, nil, err
	}
	defer root.Close()
	listed, dirs, err := memoryFiles(root)
	if err != nil {
		return d, nil, err
	}
	files := filePaths(listed)
	if e, ok := g.(interface{ Empty() bool }); ok && e.Empty() {
		// A guard built from no marker matches nothing: only the
		// folders the dreamer left empty go.
		removeDirs(root, dirs)
		return d, listed, nil
	}
	parser := wiki.NewParser()
	gone := map[string]bool{}
	replaced := false
	for i, p := range files {
		kind, _ := wiki.ClassifyPath(p, false)
		required := kind == wiki.KindSummary || kind == wiki.KindIndex
		if !required && ((kind == wiki.KindPage && g.ErasedPage(p)) || g.ErasedContent([]byte(p))) {
			gone[p] = true
			continue
		}
		var b []byte
		read := func() (bool, error) {
			var ok bool
			b, ok, err = readSingle(root, p)
			return ok, err
		}
		sources, clean := known.clean(g, p, listed[i].info, kind, nil)
		if !clean {
			if ok, err := read(); err != nil || !ok {
				if err != nil {
					return d, nil, err
				}
				continue
			}
			sources, clean = known.clean(g, p, nil, kind, b)
		}
		if clean {
			if !slices.ContainsFunc(sources, g.ErasedSession) {
				continue
			}
			if kind == wiki.KindPage {
				gone[p] = true
				continue
			}
		}
		if b == nil {
			if ok, err := read(); err != nil || !ok {
				if err != nil {
					return d, nil, err
				}
				continue
			}
		}
		if kind == wiki.KindPage && slices.ContainsFunc(parser.Parse(b).Sources, func(s wiki.Source) bool { return g.ErasedSession(s.ID) }) {
			gone[p] = true
			continue
		}
		if !g.ErasedContent(b) && !wiki.MentionsSession(string(b), g.ErasedSession) {
			continue
		}
		out, n := wiki.StripMatches(b, g)
		out, m := stripSessionLines(out, g)
		d.Blocks += n + m
		if kind == wiki.KindPage && len(parser.Parse(out).Sources) == 0 {
			gone[p] = true
			continue
		}
		replaced = true
		if err := replaceFile(root, p, out); err != nil {
			return d, nil, err
		}
	}
	for p := range gone {
		if err := root.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return d, nil, err
		}
		if k, _ := wiki.ClassifyPath(p, false); k == wiki.KindPage {
			d.Pages++
		}
	}
	counts := dropEmptiedAreas(root, files, gone)
	n, err := unlinkDropped(root, parser, files, gone)
	d.Links += n
	if err != nil {
		return d, nil, err
	}
	if err := recount(root, counts); err != nil {
		return d, nil, err
	}
	removeDirs(root, dirs)
	if replaced || len(gone) > 0 {
		return d, nil, nil
	}
	return d, listed, nil
}

// knownFiles is what a run knows of its staged files without judging
// them again: the store's stat cache of the scope's kept folder, for
// files left as they were published, and the facts the store remembers
// by content (gitstore.Store.KnownFacts).
type knownFiles struct {
	folder folderCache
	facts  validate.KnownFacts
}

// folderCache is what a run asks of the stat cache of the scope's kept
// folder (*gitstore.FolderCache; nil knows nothing).
type folderCache interface {
	Holds(p string, info fs.FileInfo) (gitstore.ID, validate.Facts, bool)
}

// clean returns the sessions file p of kind cites, and ok when a guard of
// g's epoch found its content clean (no forgotten text, no forgotten
// session named outside those it cites): as the folder's stat cache says
// of info, p's Lstat, when b is nil, else as the facts remembered for
// content b say.
func (k knownFiles) clean(g Guard, p string, info fs.FileInfo, kind wiki.Kind, b []byte) (sources []string, ok bool) {
	var f validate.Facts
	switch {
	case b == nil:
		if info == nil {
			return nil, false
		}
		if k.folder != nil {
			_, f, ok = k.folder.Holds(p, info)
		}
	case k.facts != nil:
		f, ok = k.facts.KnownFacts(kind, b)
	}
	if !ok || f.GuardEpoch == "" || f.GuardEpoch != g.Epoch() || !f.ValidUTF8 || f.HasNUL {
		return nil, false
	}
	return f.Sources, true
}

// dropEmptiedAreas counts the pages each area that lost a page keeps, and
// removes the index of an area left with none (adding it to gone), as a
// forget does. A failed removal leaves the index for the validator.
func dropEmptiedAreas(root *os.Root, files []string, gone map[string]bool) map[string]int {
	counts := map[string]int{}
	for p := range gone {
		if k, _ := wiki.ClassifyPath(p, false); k == wiki.KindPage {
			counts[areaOf(p)] = 0
		}
	}
	if len(counts) == 0 {
		return nil
	}
	for _, p := range files {
		if k, _ := wiki.ClassifyPath(p, false); k == wiki.KindPage && !gone[p] {
			if _, ok := counts[areaOf(p)]; ok {
				counts[areaOf(p)]++
			}
		}
	}
	for area, n := range counts {
		idx := path.Join("pages", area, "index.md")
		if n == 0 && slices.Contains(files, idx) && root.Remove(idx) == nil {
			gone[idx] = true
		}
	}
	return counts
}

// areaOf returns the area of a page path (pages/<area>/<slug>.md).
func areaOf(p string) string {
	area, _, _ := strings.Cut(strings.TrimPrefix(p, "pages/"), "/")
	return area
}

// recount brings the generated count lines of index.md and summary.md
// (the builtin's, wiki.RegenerateCounts)
// in line with the pages each area that lost some keeps; every other line
// stays.
func recount(root *os.Root, counts map[string]int) error {
	if len(counts) == 0 {
		return nil
	}
	for _, p := range []string{wiki.IndexFile, wiki.SummaryFile} {
		b, ok, err := readSingle(root, p)
		if err != nil || !ok {
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			continue
		}
		k, _ := wiki.ClassifyPath(p, false)
		out, changed := wiki.RegenerateCounts(k, b, func(area string) (string, int, bool) {
			n, ok := counts[area]
			return area, n, ok
		})
		if !changed {
			continue
		}
		if err := replaceFile(root, p, out); err != nil {
			return err
		}
	}
	return nil
}

// memFile is a regular file of the staged memory and its Lstat as a walk
// found it.
type memFile struct {
	path string
	info fs.FileInfo
}

// memoryFiles lists the regular files of the staged memory (slash paths,
// in path order) with their Lstat, and the folders under pages/ (parents
// first). Listing a folder of an os.Root lstats each entry, so the
// files' Lstat costs nothing more.
func memoryFiles(root *os.Root) ([]memFile, []string, error) {
	var out []memFile
	var dirs []string
	err := fs.WalkDir(root.FS(), ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch {
		case e.IsDir() && (p == "pages" || strings.HasPrefix(p, "pages/")):
			dirs = append(dirs, p)
		case e.Type().IsRegular():
			info, err := e.Info()
			if err != nil {
				return err
			}
			out = append(out, memFile{p, info})
		}
		return nil
	})
	return out, dirs, err
}

// filePaths returns the paths of files.
func filePaths(files []memFile) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.path
	}
	return out
}

// readSingle reads a regular file that has no other link; ok is false for
// anything else.
func readSingle(root *os.Root, p string) (b []byte, ok bool, err error) {
	fi, err := root.Lstat(p)
	if err != nil {
		return nil, false, err
	}
	if st, isSys := fi.Sys().(*syscall.Stat_t); !fi.Mode().IsRegular() || (isSys && st.Nlink != 1) {
		return nil, false, nil
	}
	b, err = root.ReadFile(p)
	return b, err == nil, err
}

// replaceFile writes b to a new file and renames it over p.
func replaceFile(root *os.Root, p string, b []byte) error {
	tmp := path.Join(path.Dir(p), ".memfs-drop-"+path.Base(p))
	_ = root.Remove(tmp)
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err = errors.Join(err, f.Close()); err != nil {
		_ = root.Remove(tmp)
		return err
	}
	return root.Rename(tmp, p)
}

// unlinkDropped removes from every file left the lines linking a dropped
// page, as a forget of the page does in indexes (a builtin summary links
// pages too).
func unlinkDropped(root *os.Root, parser *wiki.Parser, files []string, gone map[string]bool) (int, error) {
	if len(gone) == 0 {
		return 0, nil
	}
	total := 0
	for _, p := range files {
		if gone[p] || !strings.HasSuffix(p, ".md") {
			continue
		}
		b, ok, err := readSingle(root, p)
		if err != nil || !ok {
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return total, err
			}
			continue
		}
		lines := map[int]bool{}
		for _, l := range parser.Parse(b).Links {
			if t, ext := wiki.LinkTarget(p, l.Dest); !ext && gone[t] && l.Line > 0 {
				lines[l.Line] = true
			}
		}
		if len(lines) == 0 {
			continue
		}
		var out []byte
		for i, l := range bytes.SplitAfter(b, []byte("\n")) {
			if !lines[i+1] {
				out = append(out, l...)
			}
		}
		if err := replaceFile(root, p, out); err != nil {
			return total, err
		}
		total += len(lines)
	}
	return total, nil
}

// removeEmptyDirs removes the folders under pages/ that dropping left
// empty (deepest first).
func removeEmptyDirs(root *os.Root) error {
	_, dirs, err := memoryFiles(root)
	removeDirs(root, dirs)
	return err
}

// removeDirs removes those of dirs (parents first) that are empty, the
// deepest first; removing a folder that holds anything fails, and the
// folder stays.
func removeDirs(root *os.Root, dirs []string) {
	for i := len(dirs) - 1; i >= 0; i-- {
		_ = root.Remove(dirs[i])
	}
}

// dropRefused handles what the store refused as erased although the guard
// the run stripped with found nothing (markers that arrived since, or
// checks of the store's own): pages it names are removed, area indexes
// removed, and summary.md and index.md replaced by their defaults. It
// reports whether it changed anything, so a run retries only when it did.
func dropRefused(mem string, problems []validate.Problem) (Dropped, bool, error) {
	var d Dropped
	refused := map[string]bool{}
	for _, p := range problems {
		if p.Severity == validate.SevError && (p.Code == validate.CodeErasedContent || p.Code == validate.CodeErasedSource) {
			refused[p.Path] = true
		}
	}
	if len(refused) == 0 {
		return d, false, nil
	}
	if fi, err := os.Lstat(mem); err != nil || !fi.IsDir() {
		return d, false, nil
	}
	root, err := os.OpenRoot(mem)
	if err != nil {
		return d, false, err
	}
	defer root.Close()
	listed, _, err := memoryFiles(root)
	if err != nil {
		return d, false, err
	}
	files := filePaths(listed)
	gone := map[string]bool{}
	changed := false
	for _, p := range files {
		if !refused[p] {
			continue
		}
		switch k, _ := wiki.ClassifyPath(p, false); k {
		case wiki.KindSummary:
			err = replaceFile(root, p, nil)
			d.Reset++
		case wiki.KindIndex:
			continue // rebuilt below, from what is left
		default:
			err = root.Remove(p)
			gone[p] = true
			if k == wiki.KindPage {
				d.Pages++
			}
		}
		if err != nil {
			return d, changed, err
		}
		changed = true
	}
	if refused[wiki.IndexFile] {
		left := slices.DeleteFunc(slices.Clone(files), func(p string) bool { return gone[p] })
		if err := replaceFile(root, wiki.IndexFile, wiki.DefaultIndex(left)); err != nil {
			return d, changed, err
		}
		d.Reset++
		changed = true
	}
	counts := dropEmptiedAreas(root, files, gone)
	n, err := unlinkDropped(root, wiki.NewParser(), files, gone)
	d.Links += n
	if err != nil {
		return d, changed, err
	}
	if err := recount(root, counts); err != nil {
		return d, changed, err
	}
	return d, changed, removeEmptyDirs(root)
}

// cleanSummary drops from a dreamer's summary (untrusted text that
// becomes the commit message) every line holding forgotten text or naming
// a forgotten session, and returns how many lines it dropped.
func cleanSummary(summary string, g Guard) (string, int) {
	if summary == "" {
		return summary, 0
	}
	dropped := 0
	if g.ErasedContent([]byte(summary)) {
		out, n := wiki.StripMatchLines([]byte(summary), g)
		summary, dropped = string(out), n
	}
	lines := strings.SplitAfter(summary, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if namesErasedSession(l, g) {
			dropped++
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, ""), dropped
}

// noteDropped adds to the first line of a summary, the line the commit
// message keeps, how many pages the run left out: a dreamer's summary
// counts what it wrote ("builtin: 3 statements kept"), and without the
// note that count would be read as what was published. The note's words
// are memfs's own, which no marker may match (erasure.SchemaLiteral), so
// it never makes the message refused.
func noteDropped(summary string, pages int) string {
	if pages <= 0 {
		return summary
	}
	note := wiki.ForgetNote(pages)
	first, rest, _ := strings.Cut(strings.TrimLeft(summary, " \t\r\n"), "\n")
	if strings.TrimSpace(first) == "" {
		return note
	}
	if rest == "" {
		return first + "; " + note
	}
	return first + "; " + note + "\n" + rest
}

// stripSessionLines removes every line of b naming a forgotten session
// (in any form wiki.SessionMentions finds: outside Sources a forgotten id
// is refused too) and returns what is left and how many lines went.
func stripSessionLines(b []byte, g Guard) ([]byte, int) {
	if !wiki.MentionsSession(string(b), g.ErasedSession) {
		return b, 0
	}
	var out []byte
	n := 0
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		if wiki.MentionsSession(string(l), g.ErasedSession) {
			n++
			continue
		}
		out = append(out, l...)
	}
	return out, n
}

// namesErasedSession reports whether a line names a forgotten session id
// anywhere as a word.
func namesErasedSession(line string, g Guard) bool {
	for _, f := range strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ',' || r == ';' || r == '(' || r == ')' || r == '[' || r == ']' || r == '`' || r == '"' || r == '\''
	}) {
		f = strings.TrimRight(strings.TrimPrefix(f, wiki.SessionPrefix), ".:")
		if wiki.ValidSessionID(f) && g.ErasedSession(f) {
			return true
		}
	}
	return false
}
