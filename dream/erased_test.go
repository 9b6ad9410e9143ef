package dream_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
	"github.com/memfs/memfs/dream/execdreamer"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

// markFn makes one erasure marker under a store key.
type markFn func(keyID string, key []byte) erasure.Marker

var markTime = time.Date(2026, 4, 2, 8, 30, 0, 0, time.UTC)

func markPage(p string) markFn {
	return func(id string, k []byte) erasure.Marker { return erasure.MarkPage(id, k, p, markTime) }
}

func markSession(s string) markFn {
	return func(id string, k []byte) erasure.Marker { return erasure.MarkSession(id, k, s, markTime) }
}

func markText(t *testing.T, lit string) markFn {
	return func(id string, k []byte) erasure.Marker {
		m, err := erasure.MarkText(id, k, lit, markTime)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
}

// mark appends erasure markers to the store, as forget apply does after
// its rewrite.
func (e *env) mark(ms ...markFn) {
	e.t.Helper()
	keys, keyID, err := e.store.Keyring(e.t.Context())
	if err != nil {
		e.t.Fatal(err)
	}
	var out []erasure.Marker
	for _, m := range ms {
		out = append(out, m(keyID, keys[keyID]))
	}
	if err := e.store.AppendMarkers(e.t.Context(), out); err != nil {
		e.t.Fatal(err)
	}
}

// rewriteHead publishes the scope head again with edit applied to a copy
// of it: what a forget's rewrite leaves at the head.
func (e *env) rewriteHead(edit func(dir string)) {
	e.t.Helper()
	dir := e.t.TempDir()
	for p, c := range e.pages() {
		writeFile(e.t, filepath.Join(dir, filepath.FromSlash(p)), c)
	}
	edit(dir)
	if _, err := e.store.Publish(e.t.Context(), dir, gitstore.PublishOptions{Scope: scope, Message: "forget"}); err != nil {
		e.t.Fatal(err)
	}
}

// appendUser appends a user turn to a Claude Code transcript, continuing
// its last record, and records the new checkpoint.
func (e *env) appendUser(p, uuid, text string) {
	e.t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		e.t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	last := string(lines[len(lines)-1])
	i := strings.Index(last, `"uuid": "`)
	parent := last[i+len(`"uuid": "`):]
	parent = parent[:strings.IndexByte(parent, '"')]
	sess := last[strings.Index(last, `"sessionId": "`)+len(`"sessionId": "`):]
	sess = sess[:strings.IndexByte(sess, '"')]
	rec := `{"parentUuid": "` + parent + `", "isSidechain": false, "userType": "external", "cwd": "/nonexistent-memfs-test/dream", "sessionId": "` + sess +
		`", "version": "2.1.197", "gitBranch": "main", "type": "user", "message": {"role": "user", "content": "` + text +
		`"}, "uuid": "` + uuid + `", "timestamp": "2026-04-02T09:00:01.000Z"}` + "\n"
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := f.WriteString(rec); err != nil {
		e.t.Fatal(err)
	}
	f.Close()
	cp, err := transcript.Scan(e.t.Context(), p, "", "", "")
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.ledger.RecordCheckpoint(e.t.Context(), ledger.Checkpoint{Scope: scope, Checkpoint: *cp}); err != nil {
		e.t.Fatal(err)
	}
}

// Ensure that a forgotten page does not wedge its scope (issue 12.8):
// when the page's session goes on and the builtin dreamer would write the
// page again, the run leaves that page out and publishes the rest, and
// every pending session of the scope, an unrelated one included, is
// acknowledged.
func TestRun_ForgottenPageDoesNotWedge(t *testing.T) {
	e := newEnv(t)
	deploy := e.checkpoint("deploy.jsonl")
	if _, err := e.run(builtin.Dreamer{}); err != nil {
		t.Fatal(err)
	}
	page, ok := find(e.pages(), "deploy on Fridays")
	if !ok {
		t.Fatalf("no deploy page: %v", keys(e.pages()))
	}
	e.rewriteHead(func(dir string) {
		os.Remove(filepath.Join(dir, filepath.FromSlash(page)))
		for _, idx := range []string{"index.md", filepath.Join(filepath.Dir(page), "index.md")} {
			name := filepath.Join(dir, filepath.FromSlash(idx))
			b, _ := os.ReadFile(name)
			var keep []string
			for _, l := range strings.SplitAfter(string(b), "\n") {
				if !strings.Contains(l, filepath.Base(page)) {
					keep = append(keep, l)
				}
			}
			os.WriteFile(name, []byte(strings.Join(keep, "")), 0o600)
		}
	})
	e.mark(markPage(page))

	// The session goes on and says it again; an unrelated session waits too.
	e.appendUser(deploy, "aaaaaaaa-0000-4000-8000-000000000005", "Remember that we deploy on Fridays only.")
	e.checkpoint("tabs.jsonl")
	var log bytes.Buffer
	res, err := e.run(builtin.Dreamer{}, func(o *dream.Options) { o.Log = slog.New(slog.NewTextHandler(&log, nil)) })
	if err != nil {
		t.Fatalf("run: %v (reason %s)", err, res.Reason)
	}
	if !res.Published || res.Dropped.Pages != 1 {
		t.Errorf("published %v, dropped %+v; want published with one page dropped", res.Published, res.Dropped)
	}
	pages := e.pages()
	if _, ok := pages[page]; ok {
		t.Errorf("the forgotten page came back")
	}
	for p, c := range pages {
		if strings.Contains(c, filepath.Base(page)) {
			t.Errorf("%s still links the forgotten page", p)
		}
	}
	if _, ok := find(pages, "I prefer tabs over spaces"); !ok {
		t.Errorf("the unrelated session was not published: %v", keys(pages))
	}
	if got := e.pending(); len(got) != 0 {
		t.Errorf("pending %v: the scope is wedged", got)
	}
	if !strings.Contains(log.String(), "pages=1") || strings.Contains(log.String(), "Fridays") || strings.Contains(log.String(), page) {
		t.Errorf("log does not count the drop without content: %s", log.String())
	}
	checkCounts(t, pages)
	if msg := e.git("log", "-1", "--format=%B", scope); !strings.Contains(msg, "; memfs: 1 page(s) removed by forget") {
		t.Errorf("the commit message does not say a page was left out:\n%s", msg)
	}
	e.git("fsck", "--strict")
}

var (
	areaCountRE = regexp.MustCompile(`(?m)^- \[([a-z0-9_-]+)\]\(pages/([a-z0-9_-]+)/index\.md\): ([0-9]+) page\(s\)$`)
	summaryRE   = regexp.MustCompile(`(?m)^Statements the user asked to keep or stated as durable: (.+)\. Start at index\.md\.$`)
	headingRE   = regexp.MustCompile(`(?m)^### ([a-z0-9_-]+)$`)
)

// checkCounts checks the builtin's generated lines against the pages of
// a tree: every area's count in index.md and summary.md is its pages, no
// empty area keeps a line, a heading or an index.
func checkCounts(t *testing.T, files map[string]string) {
	t.Helper()
	pages, indexes := map[string]int{}, map[string]bool{}
	for p := range files {
		if parts := strings.Split(p, "/"); len(parts) == 3 && parts[0] == "pages" {
			if parts[2] == "index.md" {
				indexes[parts[1]] = true
			} else {
				pages[parts[1]]++
			}
		}
	}
	for area := range indexes {
		if pages[area] == 0 {
			t.Errorf("the empty area %s keeps its index", area)
		}
	}
	for _, m := range areaCountRE.FindAllStringSubmatch(files["index.md"], -1) {
		if fmt.Sprint(pages[m[1]]) != m[3] {
			t.Errorf("index.md counts %s page(s) in %s; the tree holds %d", m[3], m[1], pages[m[1]])
		}
	}
	for _, m := range headingRE.FindAllStringSubmatch(files["index.md"], -1) {
		if pages[m[1]] == 0 {
			t.Errorf("index.md keeps a heading for the empty area %s", m[1])
		}
	}
	if m := summaryRE.FindStringSubmatch(files["summary.md"]); m != nil {
		for _, part := range strings.Split(m[1], ", ") {
			if area, n, _ := strings.Cut(part, " "); fmt.Sprint(pages[area]) != n {
				t.Errorf("summary.md counts %s in %s; the tree holds %d page(s)", n, area, pages[area])
			}
		}
	}
}

// Ensure that a dreamer (an exec script) whose output would re-create
// erased content has that part dropped, whatever the channel, and the rest
// published; and that a forgotten session still pending leaves the batch
// and the ledger.
func TestRun_DropsErasedOutput(t *testing.T) {
	const (
		page   = "pages/notes/gone.md"
		lit    = "purple elephant"
		erased = "dddddddd-4444-4444-8444-444444444444"
		cite   = "\n\n## Sources\n\n- session:" + sessTabs + " entry:" + entryTabs + "\n"
	)
	keep := "# Kept\n\nKeep this." + cite
	tests := []struct {
		name     string
		script   string
		want     map[string]string // path → a substring it must hold ("" : absent)
		dropped  dream.Dropped
		unwanted string
	}{
		{"erased page path", `printf '# Gone\n\nIt is back.` + cite + `' > pages/notes/gone.md`,
			map[string]string{page: ""}, dream.Dropped{Pages: 1}, "It is back"},
		{"forgotten literal in a block", `printf '# Kept\n\nThe Purple  Elephant is here.\n\nKeep this.` + cite + `' > pages/notes/kept.md`,
			map[string]string{"pages/notes/kept.md": "Keep this."}, dream.Dropped{Blocks: 1}, "lephant"},
		{"forgotten literal in the summary", `printf 'Project notes.\n\nThe purple-elephant again.\n' > summary.md`,
			map[string]string{"summary.md": "Project notes."}, dream.Dropped{Blocks: 1}, "lephant"},
		{"forgotten literal in a page name", `printf '# Animal\n\nAn animal.` + cite + `' > pages/notes/purpleelephant.md && printf -- '- [Animal](purpleelephant.md)\n' > pages/notes/index.md`,
			map[string]string{"pages/notes/purpleelephant.md": ""}, dream.Dropped{Pages: 1, Blocks: 1}, "purpleelephant"},
		{"erased session cited", `printf '# Stolen\n\nFrom a forgotten session.\n\n## Sources\n\n- session:` + erased + `\n- session:` + sessTabs + ` entry:` + entryTabs + `\n' > pages/notes/stolen.md`,
			map[string]string{"pages/notes/stolen.md": ""}, dream.Dropped{Pages: 1}, erased},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			p := e.checkpoint("tabs.jsonl")
			// A forgotten session whose checkpoint a forget raced.
			cp, err := transcript.Scan(t.Context(), p, "", erased, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.ledger.RecordCheckpoint(t.Context(), ledger.Checkpoint{Scope: scope, Checkpoint: *cp}); err != nil {
				t.Fatal(err)
			}
			e.mark(markPage(page), markText(t, lit), markSession(erased))
			d := execdreamer.Dreamer{Command: `cd "$MEMFS_MEMORY" && mkdir -p pages/notes && printf '` + strings.ReplaceAll(keep, "\n", `\n`) + `' > pages/notes/keep.md && ` + tt.script}
			res, err := e.run(d)
			if err != nil {
				t.Fatalf("run: %v (reason %s, problems %v)", err, res.Reason, res.Problems)
			}
			tt.dropped.Sessions = 1 // the forgotten session left pending
			if res.Dropped != tt.dropped {
				t.Errorf("dropped %+v, want %+v", res.Dropped, tt.dropped)
			}
			pages := e.pages()
			if !strings.Contains(pages["pages/notes/keep.md"], "Keep this.") {
				t.Errorf("the rest was not published: %v", keys(pages))
			}
			for p, want := range tt.want {
				got, ok := pages[p]
				if want == "" && ok || want != "" && !strings.Contains(got, want) {
					t.Errorf("%s = %q (present %v), want %q", p, got, ok, want)
				}
			}
			for p, c := range pages {
				if strings.Contains(strings.ToLower(p+c), tt.unwanted) {
					t.Errorf("%s holds what was forgotten", p)
				}
			}
			if got := e.pending(); len(got) != 0 {
				t.Errorf("pending %v", got)
			}
			if slices.Contains(res.Sessions, erased) || slices.Contains(res.Acknowledged, erased) {
				t.Errorf("the forgotten session was dreamed: %v %v", res.Sessions, res.Acknowledged)
			}
			if st, err := e.ledger.Session(t.Context(), erased); err != nil || st.Checkpoint != nil || st.Processed != nil {
				t.Errorf("the ledger still knows the forgotten session: %+v %v", st, err)
			}
			if msg := e.git("log", "--format=%B", "refs/heads/"+scope); strings.Contains(msg, erased) {
				t.Errorf("a commit message names the forgotten session:\n%s", msg)
			}
			e.git("fsck", "--strict")
		})
	}
}

// Ensure that a summary repeating a forgotten literal (an exec dreamer's
// output, an openai dreamer's final answer) publishes with those lines
// dropped from the commit message, and that the log counts them without
// quoting them (issue 12.2).
func TestRun_SummaryDropsForgottenLines(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("tabs.jsonl")
	e.mark(markText(t, "purple elephant"), markSession("dddddddd-4444-4444-8444-444444444444"))
	var log bytes.Buffer
	d := execdreamer.Dreamer{Command: `mkdir -p "$MEMFS_MEMORY/pages/prefs" && printf '# Tabs\n\nTabs.\n\n## Sources\n\n- session:` + sessTabs + ` entry:` + entryTabs + `\n' > "$MEMFS_MEMORY/pages/prefs/tabs.md"
		echo "Wrote the Purple Elephant page"; echo "from session:dddddddd-4444-4444-8444-444444444444"; echo "noted a tabs preference"`}
	res, err := e.run(d, func(o *dream.Options) { o.Log = slog.New(slog.NewTextHandler(&log, nil)) })
	if err != nil {
		t.Fatalf("run: %v (reason %s, problems %v)", err, res.Reason, res.Problems)
	}
	if !res.Published || res.Dropped.SummaryLines != 2 {
		t.Fatalf("published %v, dropped %+v; want published with 2 summary lines dropped", res.Published, res.Dropped)
	}
	msg := e.git("log", "-1", "--format=%B", "refs/heads/"+scope)
	if strings.Contains(strings.ToLower(msg), "elephant") || strings.Contains(msg, "dddddddd") || !strings.Contains(msg, "noted a tabs preference") {
		t.Errorf("commit message:\n%s", msg)
	}
	if strings.Contains(strings.ToLower(res.Summary), "elephant") {
		t.Errorf("result summary keeps the forgotten line")
	}
	if !strings.Contains(log.String(), "summary_lines=2") || strings.Contains(strings.ToLower(log.String()), "elephant") {
		t.Errorf("log: %s", log.String())
	}
}

// Ensure that the builtin dreamer never names a page after forgotten text
// (issue 12.1): a page is named after one word of its topic, so the joined
// form of two words never names one, and the run drops nothing the
// builtin named (package builtin tests the neutral name a page gets when
// its topic word itself was forgotten).
func TestRun_BuiltinNamesNoPageAfterForgottenText(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	// The joined form only the slug has: the evidence passes the guard.
	e.mark(markText(t, "deployfridays"))
	res, err := e.run(builtin.Dreamer{})
	if err != nil {
		t.Fatalf("run: %v (reason %s, problems %v)", err, res.Reason, res.Problems)
	}
	pages := e.pages()
	p, ok := find(pages, "Fridays")
	if !ok {
		t.Fatalf("the statement was not kept: %v", keys(pages))
	}
	if strings.Contains(strings.NewReplacer("-", "", "_", "", "/", "", ".", "").Replace(p), "deployfridays") {
		t.Errorf("page named %s, after forgotten text", p)
	}
	if res.Dropped.Pages != 0 {
		t.Errorf("the run had to drop a page the builtin named: %+v", res.Dropped)
	}
}

// Ensure that what the store remembers of content it validated never
// spares a file the guard: a literal forgotten after the page holding it
// was published (markers that arrive before the head is rewritten, as an
// import's do) is stripped from the hydrated page by the next run, which
// leaves the page unchanged otherwise.
func TestRun_MarkerAfterPublicationStillStrips(t *testing.T) {
	const lit = "purple elephant"
	cite := "\n\n## Sources\n\n- session:" + sessTabs + " entry:" + entryTabs + "\n"
	e := newEnv(t)
	// A marker of something else: the first publication's facts carry a
	// guard epoch, which the next marker must make stale.
	e.mark(markText(t, "hunter2"))
	e.checkpoint("tabs.jsonl")
	page := "# Kept\n\nThe purple elephant is here.\n\nKeep this." + cite
	d := execdreamer.Dreamer{Command: `cd "$MEMFS_MEMORY" && mkdir -p pages/notes && printf '` + strings.ReplaceAll(page, "\n", `\n`) + `' > pages/notes/kept.md`}
	if res, err := e.run(d); err != nil || !res.Published {
		t.Fatalf("first run: %+v %v", res, err)
	}

	e.mark(markText(t, lit))
	e.checkpoint("deploy.jsonl")
	res, err := e.run(execdreamer.Dreamer{Command: "true"})
	if err != nil || !res.Published {
		t.Fatalf("second run: %+v %v", res, err)
	}
	if res.Dropped != (dream.Dropped{Blocks: 1}) {
		t.Errorf("dropped %+v, want one block", res.Dropped)
	}
	got := e.pages()["pages/notes/kept.md"]
	if strings.Contains(strings.ToLower(got), "elephant") || !strings.Contains(got, "Keep this.") {
		t.Errorf("kept.md = %q", got)
	}
}
