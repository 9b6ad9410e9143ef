package builtin

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/wiki"
)

// Name is the dreamer's name on the command line.
const Name = "builtin"

// metaPrefix opens the comment that marks a page the builtin dreamer owns.
const metaPrefix = "<!-- memfs-builtin "

// summaryMarker opens a summary.md the builtin dreamer wrote.
const summaryMarker = "<!-- memfs-builtin summary -->"

// Dreamer is the deterministic builtin dreamer.
type Dreamer struct{}

var _ dream.Dreamer = Dreamer{}

// claim is a statement with the sessions that support it.
type claim struct {
	Statement
	sessions []string
}

// record is one line of a staged transcript.
type record struct {
	Role   string `json:"role"`
	Origin string `json:"origin"`
	Text   string `json:"text"`
}

// Dream extracts the batch's durable statements into .memory.
func (Dreamer) Dream(ctx context.Context, runDir string) (string, error) {
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
	var set claimSet
	kept := 0
	for _, c := range claims {
		// Audit: what the rules no longer accept goes.
		if st, ok := Classify(c.Quote); ok {
			set.add(claim{Statement: st, sessions: c.sessions})
			kept++
		}
	}
	audited := len(claims) - kept
	added, forgotten := 0, 0
	for _, s := range m.Sessions {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		err := eachUserText(filepath.Join(runDir, filepath.FromSlash(s.Dir), dream.TranscriptName), func(text string) {
			ex := Extract(text)
			for _, target := range ex.Forgets {
				forgotten += set.forget(target)
			}
			for _, st := range ex.Statements {
				if set.add(claim{Statement: st, sessions: []string{s.SessionID}}) {
					added++
				}
			}
		})
		if err != nil {
			return "", fmt.Errorf("session %s: %w", s.SessionID, err)
		}
	}
	if err := writeMemory(root, set.claims); err != nil {
		return "", err
	}
	return fmt.Sprintf("builtin: %d statements kept (%d new, %d forgotten, %d dropped by audit) from %d sessions",
		len(set.claims), added, forgotten, audited, len(m.Sessions)), nil
}

// eachUserText calls fn with the text of every record the user typed.
func eachUserText(name string, fn func(string)) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var r record
		if json.Unmarshal(sc.Bytes(), &r) != nil {
			continue
		}
		if r.Role == "user" && r.Origin == "" {
			fn(r.Text)
		}
	}
	return sc.Err()
}

// claimSet is the ordered set of statements being kept.
type claimSet struct {
	claims []claim
}

// add merges c into the set: a duplicate adds its sessions, a statement on
// the same subject replaces the old one. It reports whether c was new.
func (s *claimSet) add(c claim) bool {
	key := normalize(c.Text)
	for i := range s.claims {
		old := &s.claims[i]
		if normalize(old.Text) == key {
			for _, id := range c.sessions {
				if !slices.Contains(old.sessions, id) {
					old.sessions = append(old.sessions, id)
				}
			}
			return false
		}
	}
	if c.Subject != "" {
		s.claims = slices.DeleteFunc(s.claims, func(o claim) bool { return o.Subject == c.Subject })
	}
	s.claims = append(s.claims, c)
	return true
}

// forget removes the statements a forget target names.
func (s *claimSet) forget(target string) int {
	n := len(s.claims)
	s.claims = slices.DeleteFunc(s.claims, func(c claim) bool { return matchesForget(target, c.Statement) })
	return n - len(s.claims)
}

// loadClaims reads the pages the builtin dreamer wrote and removes them;
// they are written again from the claim set.
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
		out = append(out, c)
		return root.Remove(p)
	})
	return out, err
}

// parsePage reads back a page the builtin dreamer wrote.
func parsePage(b []byte) (claim, bool) {
	var c claim
	var meta string
	inSources := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "# ") && c.Text == "":
			c.Text = strings.TrimSpace(line[2:])
		case strings.HasPrefix(line, "> ") && c.Quote == "":
			c.Quote = unescape(strings.TrimSpace(line[2:]))
		case strings.HasPrefix(line, metaPrefix):
			meta = strings.TrimSuffix(strings.TrimPrefix(line, metaPrefix), " -->")
		case line == "## "+wiki.SourcesHeading:
			inSources = true
		case inSources && strings.HasPrefix(line, "- "+wiki.SessionPrefix):
			id, _, _ := strings.Cut(strings.TrimPrefix(line, "- "+wiki.SessionPrefix), " ")
			if wiki.ValidSessionID(id) {
				c.sessions = append(c.sessions, id)
			}
		}
	}
	if meta == "" || c.Quote == "" {
		return claim{}, false
	}
	for _, kv := range strings.Fields(meta) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "kind":
			c.Kind = v
		case "area":
			c.Area = v
		case "subject":
			c.Subject = v
		}
	}
	c.Text = unescape(c.Text)
	return c, true
}

// writeMemory writes one page per claim, the area indexes, index.md and
// (when it is the builtin's own) summary.md.
func writeMemory(root *os.Root, claims []claim) error {
	used := map[string]bool{}
	counts := map[string]int{}
	for _, c := range claims {
		if !wiki.ValidSegment(c.Area) {
			continue
		}
		if err := root.MkdirAll(path.Join("pages", c.Area), 0o700); err != nil {
			return err
		}
		// A name is taken by an earlier claim or by a page someone else
		// wrote (still on disk: only builtin pages were removed).
		base := slugOf(c.Text)
		slug := base
		for i := 2; ; i++ {
			_, err := root.Lstat(path.Join("pages", c.Area, slug+".md"))
			if !used[c.Area+"/"+slug] && errors.Is(err, fs.ErrNotExist) {
				break
			}
			slug = fmt.Sprintf("%s-%d", base, i)
		}
		used[c.Area+"/"+slug] = true
		p := path.Join("pages", c.Area, slug+".md")
		if err := root.WriteFile(p, renderPage(c), 0o600); err != nil {
			return err
		}
		counts[c.Area]++
	}
	return writeIndexes(root, len(claims), counts)
}

func renderPage(c claim) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n", escape(title(c.Text)))
	fmt.Fprintf(&b, "> %s\n\n", escape(c.Quote))
	fmt.Fprintf(&b, "The user said this in their own words (%s).\n\n", c.Kind)
	fmt.Fprintf(&b, "%skind=%s area=%s subject=%s -->\n\n", metaPrefix, c.Kind, c.Area, c.Subject)
	fmt.Fprintf(&b, "## %s\n\n", wiki.SourcesHeading)
	for _, id := range c.sessions {
		fmt.Fprintf(&b, "- %s%s\n", wiki.SessionPrefix, id)
	}
	return b.Bytes()
}

// writeIndexes rebuilds every area index and index.md from the pages on
// disk, and summary.md when it is empty or the builtin's own.
func writeIndexes(root *os.Root, kept int, counts map[string]int) error {
	areas, err := fs.ReadDir(root.FS(), "pages")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	parser := wiki.NewParser()
	var idx bytes.Buffer
	idx.WriteString("# Memory index\n\nRead this map first, then the area index, then the pages it links.\n")
	idx.WriteString("Each page cites the sessions it rests on in its Sources section.\n\n## Areas\n\n")
	nAreas := 0
	for _, a := range areas {
		if !a.IsDir() || !wiki.ValidSegment(a.Name()) {
			continue
		}
		dir := path.Join("pages", a.Name())
		ents, err := fs.ReadDir(root.FS(), dir)
		if err != nil {
			return err
		}
		var lines []string
		for _, e := range ents {
			if !e.Type().IsRegular() || e.Name() == "index.md" || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			b, err := root.ReadFile(path.Join(dir, e.Name()))
			if err != nil {
				return err
			}
			t := parser.Parse(b).Title
			if t == "" {
				t = strings.TrimSuffix(e.Name(), ".md")
			}
			lines = append(lines, fmt.Sprintf("- [%s](%s)\n", escapeLink(t), e.Name()))
		}
		if len(lines) == 0 {
			// Nothing left in the area: drop its index and folder.
			_ = root.Remove(path.Join(dir, "index.md"))
			_ = root.Remove(dir)
			continue
		}
		var ai bytes.Buffer
		fmt.Fprintf(&ai, "# %s\n\n", capitalize(a.Name()))
		for _, l := range lines {
			ai.WriteString(l)
		}
		if err := root.WriteFile(path.Join(dir, "index.md"), ai.Bytes(), 0o600); err != nil {
			return err
		}
		fmt.Fprintf(&idx, "- [%s](pages/%s/index.md): %d page(s)\n", a.Name(), a.Name(), len(lines))
		nAreas++
	}
	if nAreas == 0 {
		idx.WriteString("No pages yet.\n")
	}
	if err := root.WriteFile("index.md", idx.Bytes(), 0o600); err != nil {
		return err
	}
	old, err := root.ReadFile("summary.md")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if len(bytes.TrimSpace(old)) > 0 && !bytes.HasPrefix(old, []byte(summaryMarker)) {
		return nil
	}
	var sum bytes.Buffer
	sum.WriteString(summaryMarker + "\n# Summary\n\n")
	if kept == 0 {
		sum.WriteString("Nothing durable has been remembered yet.\n")
	} else {
		var parts []string
		for _, a := range slices.Sorted(mapsKeys(counts)) {
			parts = append(parts, fmt.Sprintf("%s %d", a, counts[a]))
		}
		fmt.Fprintf(&sum, "Statements the user asked to keep or stated as durable: %s. Start at index.md.\n", strings.Join(parts, ", "))
	}
	return root.WriteFile("summary.md", sum.Bytes(), 0o600)
}

func mapsKeys(m map[string]int) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// title shortens a statement to a heading.
func title(s string) string {
	s = strings.TrimRight(strings.TrimSpace(s), ".!")
	if r := []rune(s); len(r) > 80 {
		s = strings.TrimSpace(string(r[:80])) + "…"
	}
	return s
}

// slugOf derives a page name from a statement.
func slugOf(s string) string {
	var b strings.Builder
	for _, w := range contentWords(s) {
		var seg strings.Builder
		for _, r := range w {
			if r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
				seg.WriteRune(r)
			}
		}
		if seg.Len() == 0 {
			continue
		}
		if b.Len()+seg.Len()+1 > 48 {
			break
		}
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(seg.String())
	}
	if b.Len() == 0 {
		return "statement"
	}
	return b.String()
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
