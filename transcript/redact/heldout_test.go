package redact_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript/redact"
)

// heldoutPath is the held-out corpus: written apart from the rules and never
// tuned against, so its counts say how the rules do on secrets they were not
// written for. Its header explains the format.
const heldoutPath = "testdata/heldout/secrets.tsv"

// heldoutCase is one parsed line of the held-out corpus.
type heldoutCase struct {
	group    string // kind up to its "/"
	lang     string
	positive bool
	text     string   // what Text receives
	secrets  []string // positives: the spans, in order
	parts    []string // positives: the text around the spans, len(secrets)+1
}

// heldoutLangs are the values the lang column may take.
var heldoutLangs = map[string]bool{"-": true, "en": true, "zh": true, "ja": true, "de": true, "es": true, "fr": true}

// TestHeldoutCorpus runs Text over the held-out corpus and logs how many
// secrets it hides and how many near misses it changes, by kind group and
// language. It asserts only that the corpus parses and is as large as it was
// written to be: which counts to require is the lead's decision. Output never
// names a case (no id, no text), so that the rules cannot be tuned against it.
func TestHeldoutCorpus(t *testing.T) {
	cases := readHeldout(t, heldoutPath)
	var npos, nneg int
	for _, c := range cases {
		if c.positive {
			npos++
		} else {
			nneg++
		}
	}
	if npos < 220 || nneg < 80 {
		t.Fatalf("%s: %d positives and %d negatives, want at least 220 and 80", heldoutPath, npos, nneg)
	}

	marker := `\[REDACTED[^\]\n]*\]`
	posGroup, posLang := map[string]*tally{}, map[string]*tally{}
	negGroup, negLang := map[string]*tally{}, map[string]*tally{}
	var posAll, negAll tally
	for _, c := range cases {
		out := redact.Text(c.text, nil)
		if !c.positive {
			changed := out != c.text
			for _, m := range []*tally{&negAll, tallyOf(negGroup, c.group), tallyOf(negLang, c.lang)} {
				m.total++
				if changed {
					m.changed++
				}
			}
			continue
		}
		exact := exactlyRedacted(out, c.parts, marker)
		hidden := !leaks(out, c.secrets, strings.Join(c.parts, "\n"))
		for _, m := range []*tally{&posAll, tallyOf(posGroup, c.group), tallyOf(posLang, c.lang)} {
			m.total++
			if exact {
				m.exact++
			}
			if hidden {
				m.hidden++
			}
		}
	}

	t.Logf("positives: exact %d/%d, hidden %d/%d (exact: every span replaced by one marker and nothing else changed; hidden: no half of a secret left)",
		posAll.exact, posAll.total, posAll.hidden, posAll.total)
	logTallies(t, "group", posGroup, true)
	logTallies(t, "lang", posLang, true)
	t.Logf("negatives: changed %d/%d", negAll.changed, negAll.total)
	logTallies(t, "group", negGroup, false)
	logTallies(t, "lang", negLang, false)

	// Floors measured when the rules were last tuned (on their own corpus,
	// never this one): 383 of 401 hidden, 9 of 139 near misses changed.
	// A change that loses ground here is a regression in breadth.
	if posAll.hidden*100 < posAll.total*90 {
		t.Errorf("held-out secrets hidden: %d of %d, below 90%%", posAll.hidden, posAll.total)
	}
	if negAll.changed*100 > negAll.total*8 {
		t.Errorf("held-out near misses changed: %d of %d, above 8%%", negAll.changed, negAll.total)
	}
}

// tally counts one slice of the corpus.
type tally struct {
	total, exact, hidden, changed int
}

func tallyOf(m map[string]*tally, key string) *tally {
	if m[key] == nil {
		m[key] = &tally{}
	}
	return m[key]
}

func logTallies(t *testing.T, by string, m map[string]*tally, positive bool) {
	t.Helper()
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		if positive {
			t.Logf("  %s %-8s exact %3d/%-3d hidden %3d/%d", by, k, v.exact, v.total, v.hidden, v.total)
		} else {
			t.Logf("  %s %-8s changed %3d/%d", by, k, v.changed, v.total)
		}
	}
}

// exactlyRedacted reports whether out is parts joined by one marker each:
// every span replaced, nothing outside the spans changed.
func exactlyRedacted(out string, parts []string, marker string) bool {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i, p := range parts {
		if i > 0 {
			b.WriteString(marker)
		}
		b.WriteString(regexp.QuoteMeta(p))
	}
	b.WriteString(`\z`)
	return regexp.MustCompile(b.String()).MatchString(out)
}

// leaks reports whether out still holds half of some secret (a run of at
// least half its bytes) that the text around the spans does not hold itself.
func leaks(out string, secrets []string, outside string) bool {
	for _, s := range secrets {
		h := (len(s) + 1) / 2
		for i := 0; i+h <= len(s); i++ {
			w := s[i : i+h]
			if strings.Contains(out, w) && !strings.Contains(outside, w) {
				return true
			}
		}
	}
	return false
}

// readHeldout parses the corpus. Errors name the line number, never its text.
func readHeldout(t *testing.T, path string) []heldoutCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open held-out corpus: %v", err)
	}
	t.Cleanup(func() { f.Close() })

	var cases []heldoutCase
	ids := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, id, err := parseHeldoutLine(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if ids[id] {
			t.Fatalf("%s:%d: duplicate id", path, n)
		}
		ids[id] = true
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return cases
}

func parseHeldoutLine(line string) (heldoutCase, string, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return heldoutCase{}, "", fmt.Errorf("want 5 tab-separated fields, got %d", len(f))
	}
	id, kind, lang, verdict, raw := f[0], f[1], f[2], f[3], f[4]
	group, _, ok := strings.Cut(kind, "/")
	switch {
	case id == "":
		return heldoutCase{}, "", fmt.Errorf("empty id")
	case !ok || group == "":
		return heldoutCase{}, "", fmt.Errorf("kind is not group/detail")
	case !heldoutLangs[lang]:
		return heldoutCase{}, "", fmt.Errorf("unknown lang")
	case verdict != "+" && verdict != "-":
		return heldoutCase{}, "", fmt.Errorf("verdict is neither + nor -")
	}
	c := heldoutCase{group: group, lang: lang, positive: verdict == "+"}
	if !c.positive {
		c.text = unescapeHeldout(strings.ReplaceAll(raw, "<>", ""))
		return c, id, nil
	}
	rest := raw
	for {
		open := strings.Index(rest, "[[")
		if open < 0 {
			break
		}
		end := strings.Index(rest[open+2:], "]]")
		if end < 0 {
			return heldoutCase{}, "", fmt.Errorf("unclosed [[")
		}
		span := rest[open+2 : open+2+end]
		if !strings.Contains(span, "<>") {
			return heldoutCase{}, "", fmt.Errorf("secret without <> inside")
		}
		c.parts = append(c.parts, unescapeHeldout(strings.ReplaceAll(rest[:open], "<>", "")))
		c.secrets = append(c.secrets, unescapeHeldout(strings.ReplaceAll(span, "<>", "")))
		rest = rest[open+2+end+2:]
	}
	if len(c.secrets) == 0 {
		return heldoutCase{}, "", fmt.Errorf("positive without a [[secret]]")
	}
	if strings.Contains(rest, "]]") {
		return heldoutCase{}, "", fmt.Errorf("]] without [[")
	}
	c.parts = append(c.parts, unescapeHeldout(strings.ReplaceAll(rest, "<>", "")))
	for _, s := range c.secrets {
		if s == "" {
			return heldoutCase{}, "", fmt.Errorf("empty secret")
		}
	}
	var b strings.Builder
	for i, p := range c.parts {
		if i > 0 {
			b.WriteString(c.secrets[i-1])
		}
		b.WriteString(p)
	}
	c.text = b.String()
	return c, id, nil
}

// unescapeHeldout turns \n, \t and \\ into a newline, a tab and a backslash;
// any other backslash stays.
func unescapeHeldout(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 't':
				b.WriteByte('\t')
				i++
				continue
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
