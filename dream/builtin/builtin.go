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
	"strconv"
	"strings"
	"unicode"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/wiki"
)

// Name is the dreamer's name on the command line.
const Name = "builtin"

// metaPrefix opens the comment that marks a page the builtin dreamer owns.
const metaPrefix = "<!-- memfs-builtin "

// summaryMarker opens a summary.md the builtin dreamer wrote.
const summaryMarker = "<!-- memfs-builtin summary -->"

// Dreamer is the deterministic builtin dreamer.
type Dreamer struct {
	// Erased reports whether text holds forgotten content: no page is
	// named after such text. A run sets it from the store's erasure guard
	// (WithGuard); nil means nothing was forgotten.
	Erased func(text []byte) bool
}

var (
	_ dream.Dreamer    = Dreamer{}
	_ dream.GuardAware = Dreamer{}
)

// WithGuard returns the dreamer naming new pages clear of what g says
// was forgotten.
func (d Dreamer) WithGuard(g dream.Guard) dream.Dreamer {
	d.Erased = g.ErasedContent
	return d
}

// claim is a statement kept as a page: what it says, the evidence under
// it, and where it came from.
type claim struct {
	hear.Statement
	// Path is the page's path, fixed once the page exists.
	Path string
	// Seen is the run generation that last stated or confirmed the claim.
	Seen int
	// Corrected is set when the claim replaced another about the same
	// subject.
	Corrected bool
	sources   []source
}

// source is a session a claim rests on and the transcript entries in it.
type source struct {
	session string
	entries []string
}

// text is the claim as memory states it.
func (c claim) text() string { return c.Claim }

// key identifies what the claim is about (see identity).
func (c claim) key() string {
	k, _ := identity(c.Statement)
	return k
}

func (c *claim) cite(session string, entries ...string) {
	for i := range c.sources {
		if c.sources[i].session == session {
			for _, e := range entries {
				if wiki.ValidSessionID(e) && !slices.Contains(c.sources[i].entries, e) {
					c.sources[i].entries = append(c.sources[i].entries, e)
				}
			}
			return
		}
	}
	s := source{session: session}
	for _, e := range entries {
		if wiki.ValidSessionID(e) && !slices.Contains(s.entries, e) {
			s.entries = append(s.entries, e)
		}
	}
	c.sources = append(c.sources, s)
}

// Dream extracts the batch's durable statements into .memory.
func (d Dreamer) Dream(ctx context.Context, runDir string) (string, error) {
	m, err := dream.ReadManifest(runDir)
	if err != nil {
		return "", err
	}
	mem := filepath.Join(runDir, dream.MemoryDir)
	root, err := os.OpenRoot(mem)
	if err != nil {
		return "", err
	}
	defer root.Close()

	claims, err := loadClaims(root)
	if err != nil {
		return "", err
	}
	set := claimSet{}
	for _, c := range claims {
		set.gen = max(set.gen, c.Seen)
	}
	set.gen++
	kept := 0
	for _, c := range claims {
		// Audit: what the rules no longer accept goes.
		if c, ok := audit(c); ok {
			set.claims = append(set.claims, c)
			kept++
		}
	}
	audited := len(claims) - kept
	added, forgotten := 0, 0
	for _, s := range m.Sessions {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		recs, err := readRecords(filepath.Join(runDir, filepath.FromSlash(s.Dir), dream.TranscriptName))
		if err != nil {
			return "", fmt.Errorf("session %s: %w", s.SessionID, err)
		}
		a, f := set.session(s.SessionID, recs)
		added, forgotten = added+a, forgotten+f
	}
	if err := writeMemory(root, set.claims, d.Erased); err != nil {
		return "", err
	}
	return fmt.Sprintf("builtin: %d statements kept (%d new, %d forgotten, %d dropped by audit) from %d sessions",
		len(set.claims), added, forgotten, audited, len(m.Sessions)), nil
}

// audit checks a page it wrote before against the current rules and
// returns it restated by them; its path, sources and history stay.
func audit(c claim) (claim, bool) {
	var recs []hear.Record
	switch c.Via {
	case "confirm":
		recs = []hear.Record{{Role: "assistant", Text: c.Pointer}, {Role: "user", Text: c.Quote}}
	case "note":
		recs = []hear.Record{{Role: "user", Text: c.Quote}, {Role: "assistant", Text: "Memory note (direct user request): " + c.Pointer}}
	default:
		recs = []hear.Record{{Role: "user", Text: c.Quote}}
	}
	var same []hear.Statement
	for _, st := range hear.Session(recs).Statements {
		if st.Via == c.Via {
			same = append(same, st)
		}
	}
	restate := func(st hear.Statement) claim {
		st.Entries = nil
		c.Statement = st
		return c
	}
	for _, st := range same {
		if k, _ := identity(st); k == c.key() || st.Claim == c.Claim {
			return restate(st), true
		}
	}
	if len(same) == 1 {
		return restate(same[0]), true
	}
	return c, false
}

// claimSet is the ordered set of statements being kept.
type claimSet struct {
	claims []claim
	// gen is this run's generation (one more than any page's Seen).
	gen int
}

// session adds what one session's records say: the user's statements,
// agreed proposals and supported memory notes, after its forget requests.
func (s *claimSet) session(id string, recs []hear.Record) (added, forgotten int) {
	h := hear.Session(recs)
	for _, target := range h.Forgets {
		forgotten += s.forget(target)
	}
	for _, st := range h.Statements {
		if s.add(claim{Statement: st}, id, st.Entries...) {
			added++
		}
	}
	return added, forgotten
}

// add merges c into the set with a citation of session and entries. A
// claim saying the same thing adds the citation; one about the same
// subject with another value replaces the old claim on the old claim's
// page. It reports whether c was new.
func (s *claimSet) add(c claim, session string, entries ...string) bool {
	c.cite(session, entries...)
	c.Seen = s.gen
	text, key := sameValue(c.text()), c.key()
	for i := range s.claims {
		old := &s.claims[i]
		if sameValue(old.text()) == text {
			old.cite(session, entries...)
			old.Seen = s.gen
			return false
		}
	}
	for i := range s.claims {
		old := &s.claims[i]
		if old.key() != key {
			continue
		}
		if old.Via != "" && c.Via == "" {
			// The user's own words win over an agreed proposal or a note.
			c.Via, c.Pointer = "", ""
		}
		c.Path, c.Corrected = old.Path, true
		*old = c
		// Anything else on the same subject goes.
		rest := s.claims[i+1:]
		rest = slices.DeleteFunc(rest, func(o claim) bool { return o.key() == key })
		s.claims = append(s.claims[:i+1], rest...)
		return true
	}
	s.claims = append(s.claims, c)
	return true
}

// sameValue is what two claims share when they say the same thing, up to
// case and punctuation ("#ops-oncall" and "ops-oncall").
func sameValue(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(reRedacted.ReplaceAllString(s, "[r]")) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '[' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// forget removes the statements a forget target names.
func (s *claimSet) forget(target string) int {
	n := len(s.claims)
	s.claims = slices.DeleteFunc(s.claims, func(c claim) bool {
		return hear.Mentions(target, c.Claim, c.Quote) || hear.Mentions(target, c.Claim, c.Pointer)
	})
	return n - len(s.claims)
}

// loadClaims reads the pages the builtin dreamer wrote and removes them;
// they are written again from the claim set, at the same paths.
func loadClaims(root *os.Root) ([]claim, error) {
	var out []claim
	err := fs.WalkDir(root.FS(), "pages", func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == "pages" {
			return fs.SkipDir
		}
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() || path.Base(p) == "index.md" || !strings.HasSuffix(p, ".md") {
			return nil
		}
		b, err := root.ReadFile(p)
		if err != nil {
			return err
		}
		c, ok := parsePage(b)
		if !ok {
			return nil
		}
		c.Path = p
		out = append(out, c)
		return root.Remove(p)
	})
	return out, err
}

// parsePage reads back a page the builtin dreamer wrote.
func parsePage(b []byte) (claim, bool) {
	var c claim
	var meta string
	var quotes []string
	inSources, heading := false, false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "# ") && c.Claim == "":
			c.Claim = strings.TrimSpace(line[2:])
			heading = true
		case heading && strings.TrimSpace(line) != "":
			// The paragraph under the heading is the claim in full.
			c.Claim, heading = strings.TrimSpace(line), false
		case strings.HasPrefix(line, "> ") && !inSources:
			quotes = append(quotes, unescape(strings.TrimSpace(line[2:])))
		case strings.HasPrefix(line, metaPrefix):
			meta = strings.TrimSuffix(strings.TrimPrefix(line, metaPrefix), " -->")
		case line == "## "+wiki.SourcesHeading:
			inSources = true
		case inSources && strings.HasPrefix(line, "- "+wiki.SessionPrefix):
			f := strings.Fields(strings.TrimPrefix(line, "- "+wiki.SessionPrefix))
			if len(f) == 0 || !wiki.ValidSessionID(f[0]) {
				continue
			}
			var entries []string
			for _, w := range f[1:] {
				if e, ok := strings.CutPrefix(w, entryPrefix); ok && wiki.ValidSessionID(e) {
					entries = append(entries, e)
				}
			}
			c.cite(f[0], entries...)
		}
	}
	if meta == "" || len(quotes) == 0 {
		return claim{}, false
	}
	c.Quote = quotes[0]
	for _, kv := range strings.Fields(meta) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "kind":
			c.Kind = hear.Kind(v)
		case "area":
			c.Area = v
		case "subject":
			c.Subject = v
		case "via":
			c.Via = v
		case "seen":
			c.Seen, _ = strconv.Atoi(v)
		case "corrected":
			c.Corrected = v == "1"
		}
	}
	if c.Via != "" {
		if len(quotes) < 2 {
			return claim{}, false
		}
		c.Pointer = quotes[1]
	}
	c.Claim = unescape(c.Claim)
	return c, true
}

// entryPrefix opens a transcript entry reference on a Sources line.
const entryPrefix = "entry:"

// writeMemory writes one page per claim at its path (a new claim gets a
// path of its own), the area indexes, index.md and (when it is the
// builtin's own) summary.md.
func writeMemory(root *os.Root, claims []claim, erased func([]byte) bool) error {
	used := map[string]bool{}
	for _, c := range claims {
		if c.Path != "" {
			used[c.Path] = true
		}
	}
	for i := range claims {
		c := &claims[i]
		if c.Path == "" {
			if !wiki.ValidSegment(c.Area) {
				continue
			}
			c.Path = newPath(root, *c, used, erased)
		}
		used[c.Path] = true
		if err := root.MkdirAll(path.Dir(c.Path), 0o700); err != nil {
			return err
		}
		if err := root.WriteFile(c.Path, renderPage(*c), 0o600); err != nil {
			return err
		}
	}
	return writeIndexes(root, claims)
}

// newPath names a new claim's page after its subject: the plain name when
// it is free, else the name with a digest of the subject, which no other
// subject shares.
//
// A name that holds forgotten text (erased, from the store's guard) is
// never used: then the page gets a neutral name, "claim" numbered, which
// derives from nothing that was said.
func newPath(root *os.Root, c claim, used map[string]bool, erased func([]byte) bool) string {
	key, ws := identity(c.Statement)
	base := slugWords(ws)
	free := func(slug string) bool {
		p := path.Join("pages", c.Area, slug+".md")
		_, err := root.Lstat(p)
		return !used[p] && errors.Is(err, fs.ErrNotExist)
	}
	if erased != nil && erased([]byte(path.Join("pages", c.Area, base))) {
		for i := 1; i <= 1000; i++ {
			s := neutralSlug
			if i > 1 {
				s = fmt.Sprintf("%s-%d", neutralSlug, i)
			}
			if free(s) && !erased([]byte(path.Join("pages", c.Area, s))) {
				return path.Join("pages", c.Area, s+".md")
			}
		}
	}
	cands := []string{}
	if base != "" {
		cands = append(cands, base)
	} else {
		base = "claim"
	}
	for _, n := range []int{8, 16, 32} {
		cands = append(cands, trimSlug(base, 63-n)+"-"+keyHash(key, n))
	}
	for _, s := range cands {
		if wiki.ValidSegment(s) && free(s) {
			return path.Join("pages", c.Area, s+".md")
		}
	}
	return path.Join("pages", c.Area, keyHash(key+"\x00"+c.text(), 40)+".md")
}

// neutralSlug names a page whose subject's own name holds forgotten text.
const neutralSlug = "claim"

func trimSlug(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimRight(s[:n], "-")
}

func renderPage(c claim) []byte {
	var b bytes.Buffer
	text := c.text()
	fmt.Fprintf(&b, "# %s\n\n", escape(title(text)))
	fmt.Fprintf(&b, "%s\n\n", escape(text))
	switch c.Via {
	case "confirm":
		b.WriteString("The assistant proposed it and the user agreed. The user's reply:\n\n")
	case "note":
		b.WriteString("An assistant's memory note pointed to it; the user's words:\n\n")
	default:
		fmt.Fprintf(&b, "The user's words (%s):\n\n", c.Kind)
	}
	fmt.Fprintf(&b, "> %s\n\n", escape(c.Quote))
	switch c.Via {
	case "confirm":
		b.WriteString("The assistant's proposal:\n\n")
		fmt.Fprintf(&b, "> %s\n\n", escape(c.Pointer))
	case "note":
		b.WriteString("The assistant's note:\n\n")
		fmt.Fprintf(&b, "> %s\n\n", escape(c.Pointer))
	}
	if c.Corrected {
		b.WriteString("This replaces an earlier statement about the same subject.\n\n")
	}
	fmt.Fprintf(&b, "%skind=%s area=%s subject=%s", metaPrefix, c.Kind, c.Area, c.Subject)
	if c.Via != "" {
		fmt.Fprintf(&b, " via=%s", c.Via)
	}
	fmt.Fprintf(&b, " seen=%d", c.Seen)
	if c.Corrected {
		b.WriteString(" corrected=1")
	}
	b.WriteString(" -->\n\n")
	fmt.Fprintf(&b, "## %s\n\n", wiki.SourcesHeading)
	for _, s := range c.sources {
		fmt.Fprintf(&b, "- %s%s", wiki.SessionPrefix, s.session)
		for _, e := range s.entries {
			fmt.Fprintf(&b, " %s%s", entryPrefix, e)
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// title shortens a statement to a heading.
func title(s string) string {
	s = strings.TrimRight(strings.TrimSpace(s), ".!")
	if r := []rune(s); len(r) > 80 {
		s = strings.TrimSpace(string(r[:80])) + "…"
	}
	return s
}

// escape keeps a statement from becoming Markdown structure (a heading, a
// list item, an HTML comment) when written on one line.
func escape(s string) string {
	s = strings.NewReplacer("\r", " ", "\n", " ", "<!--", "<\\!--", "-->", "--\\>").Replace(s)
	if s != "" && strings.ContainsRune("#-*+>|`=~[0123456789", rune(s[0])) {
		s = "\\" + s
	}
	return s
}

func unescape(s string) string {
	s = strings.NewReplacer("<\\!--", "<!--", "--\\>", "-->").Replace(s)
	if len(s) > 1 && s[0] == '\\' {
		s = s[1:]
	}
	return s
}

func escapeLink(s string) string {
	return strings.NewReplacer("[", "\\[", "]", "\\]").Replace(s)
}
