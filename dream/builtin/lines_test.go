package builtin

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/wiki"
)

// Ensure that the generated lines the builtin writes are the ones wiki
// reads back: index.md's area counts and summary.md's page counts and
// "more" line agree with the pages written, and rewriting them from the
// same counts changes nothing (one spelling, builtin output → wiki
// parser).
func TestGeneratedLinesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	var sts []hear.Statement
	for _, s := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima", "mike", "november"} {
		sts = append(sts, fact(s+" port", "The "+s+" port is 8080."))
	}
	sts = append(sts, hear.Statement{Kind: hear.Rule, Area: "conventions", Subject: "commit style", Claim: "Commits use the imperative mood.", Quote: "commits in imperative mood"})
	run(t, dir, map[string]hear.Heard{"s1": heard(sts...)})
	files := readTree(t, dir)

	pages := map[string]int{}
	for p := range files {
		if strings.HasPrefix(p, "pages/") && path.Base(p) != "index.md" {
			pages[path.Base(path.Dir(p))]++
		}
	}
	areas := 0
	for _, l := range strings.Split(files["index.md"], "\n") {
		if a, n, ok := wiki.ParseAreaCountLine(l); ok {
			areas++
			if n != pages[a] {
				t.Errorf("index.md counts %d pages in %s, the tree holds %d", n, a, pages[a])
			}
		}
	}
	if areas != len(pages) {
		t.Errorf("index.md has %d area lines, the tree %d areas", areas, len(pages))
	}
	counts := map[string]int{}
	more, listed := -1, 0
	for _, l := range strings.Split(files["summary.md"], "\n") {
		if cs, ok := wiki.ParseSummaryCounts(l); ok {
			for _, c := range cs {
				counts[c.Area] = c.N
			}
		}
		if wiki.IsMoreLine(l) {
			more, _ = strconv.Atoi(strings.Fields(l)[0])
		}
		if strings.HasPrefix(l, "- ") && strings.Contains(l, "([page](") {
			listed++
		}
	}
	total := 0
	for a, n := range pages {
		total += n
		if counts[a] != n {
			t.Errorf("summary.md counts %d pages in %s, the tree holds %d", counts[a], a, n)
		}
	}
	if more != total-listed {
		t.Errorf("summary.md says %d more, want %d (pages %d, listed %d)", more, total-listed, total, listed)
	}
	same := func(a string) (string, int, bool) { return a, pages[a], true }
	if _, changed := wiki.RegenerateAreaCounts([]byte(files["index.md"]), same); changed {
		t.Errorf("wiki rewrites the builtin's index.md from the same counts")
	}
	if _, changed := wiki.RegenerateSummaryCounts([]byte(files["summary.md"]), same); changed {
		t.Errorf("wiki rewrites the builtin's summary.md from the same counts")
	}
}

// readTree reads every file under dir, by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
