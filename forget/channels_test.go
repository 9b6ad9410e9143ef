package forget

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/validate"
)

// everything returns what stock git shows of every revision, message and
// object of the store: log -p of every ref, the file names of every
// revision, and every object's content.
func everything(t *testing.T, repo string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(git(t, repo, "log", "--all", "-p", "--format=%an %ae %cn %ce%n%B"))
	for _, rev := range strings.Fields(git(t, repo, "rev-list", "--all")) {
		b.WriteString(git(t, repo, "ls-tree", "-r", "-t", "--name-only", rev))
	}
	b.WriteString(git(t, repo, "cat-file", "--batch-all-objects", "--batch"))
	return b.String()
}

// TestForgetSessionInEveryForm forgets a session named in commit messages
// in forms other than a bare word: each form leaves every message.
func TestForgetSessionInEveryForm(t *testing.T) {
	e := newEnv(t)
	forms := []string{
		"from session:sess-x1.",
		"from 'sess-x1'",
		`from "sess-x1"`,
		"from <sess-x1>",
		"from `sess-x1`",
		"see https://example.org/t?id=sess-x1&v=2",
		"sess-x1: the planning call",
	}
	for i, form := range forms {
		e.files["pages/people/base.md"] = page("Base", "The team meets on Mondays, week "+string(rune('a'+i))+".", "s1")
		e.publish(t, "revision "+string(rune('a'+i))+"\n\n"+form+"\nkept line")
	}
	rc := e.forget(t, "session:sess-x1")
	repo := e.store.Path()
	if all := everything(t, repo); strings.Contains(all, "sess-x1") {
		t.Errorf("the session id survived:\n%s", grepLines(all, "sess-x1"))
	}
	if msgs := git(t, repo, "log", "--all", "--format=%B"); strings.Count(msgs, "kept line") != len(forms) {
		t.Errorf("lines not naming the session went too:\n%s", msgs)
	}
	if !rc.StorageCleanup.Verified || rc.Affected.CommitMessages != len(forms) {
		t.Errorf("receipt: %+v", rc.Affected)
	}
}

// TestForgetSessionCitedBySummaryAndIndex forgets a session that
// summary.md and an area index cite: apply completes and leaves no
// journal, and no revision names the session.
func TestForgetSessionCitedBySummaryAndIndex(t *testing.T) {
	e := newEnv(t)
	e.files["summary.md"] = "# Summary\n\nOrientation.\n\n## Sources\n\n- session:sess-x1\n- session:s1\n"
	e.files["pages/people/index.md"] = "# People\n\n- [Base](base.md) (from sess-x1)\n\n## Sources\n\n- session:sess-x1\n"
	e.files["pages/people/other.md"] = page("Other", "Said in sess-x1, cited elsewhere.", "s1")
	e.publish(t, "cite")
	rc := e.forget(t, "session:sess-x1")
	if !rc.StorageCleanup.Verified {
		t.Errorf("receipt: %+v", rc)
	}
	if _, err := os.Stat(e.f.pendingPath()); !os.IsNotExist(err) {
		t.Errorf("forget-pending.json stayed: %v", err)
	}
	repo := e.store.Path()
	if all := everything(t, repo); strings.Contains(all, "sess-x1") {
		t.Errorf("the session id survived:\n%s", grepLines(all, "sess-x1"))
	}
	if idx := git(t, repo, "show", "default:pages/people/index.md"); strings.Contains(idx, "Base") {
		// The line naming the session goes whole.
		t.Errorf("index after forget:\n%s", idx)
	}
	if sum := git(t, repo, "show", "default:summary.md"); !strings.Contains(sum, "session:s1") {
		t.Errorf("summary lost its other source:\n%s", sum)
	}
}

// grepLines returns the lines of s holding sub.
func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestForgetTextRenamesPaths forgets literals that name pages and a
// folder: no revision, listing, message, object or receipt keeps them,
// the renamed page keeps its other text and its index line, preview
// lists the new names, and the guard refuses the literal in a new path.
func TestForgetTextRenamesPaths(t *testing.T) {
	e := newEnv(t)
	e.files["index.md"] = "# Index\n\n- [people](pages/people/index.md): 1 page(s)\n- [facts](pages/facts/index.md): 3 page(s)\n"
	e.files["pages/facts/index.md"] = "# Facts\n\n- [Wifi](wifi-password-hunter2.md)\n- [Staging](staging-database-called-stagedb7.md)\n- [Zebra](zebra4491quartz.md)\n"
	e.files["pages/facts/wifi-password-hunter2.md"] = page("Wifi", "Remember that my wifi password is hunter2.\n\nThe router is in the hall.", "s1")
	e.files["pages/facts/staging-database-called-stagedb7.md"] = page("Staging", "The staging database is called stagedb7.\n\nIt runs Postgres.", "s1")
	e.files["pages/facts/zebra4491quartz.md"] = page("Zebra", "Code zebra 4491 quartz.\n\nAsk Ann.", "s1")
	e.publish(t, "facts")
	e.files["pages/facts/more.md"] = page("More", "Unrelated.", "s1")
	e.publish(t, "more")

	p, err := e.f.Preview(t.Context(), mustTargets(t, "text:stagedb7"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Revisions) == 0 || len(p.Renamed) != 1 || strings.Contains(p.Renamed[0], "stagedb7") {
		t.Errorf("preview of a literal in a page name: %d revisions, renamed %v", len(p.Revisions), p.Renamed)
	}

	rc := e.forget(t, "text:hunter2", "text:stagedb7", "text:zebra 4491 quartz")
	repo := e.store.Path()
	all := strings.ToLower(everything(t, repo))
	for _, lit := range []string{"hunter2", "stagedb7", "zebra4491quartz", "zebra 4491"} {
		if strings.Contains(all, lit) {
			t.Errorf("%s survived:\n%s", lit, grepLines(all, lit))
		}
	}
	b, _ := json.Marshal(rc)
	if s := string(b); strings.Contains(s, "hunter2") || strings.Contains(s, "stagedb7") || strings.Contains(s, "zebra4491") {
		t.Errorf("the receipt names a forgotten name: %s", s)
	}
	if rc.Affected.Renamed != 3 {
		t.Errorf("receipt counts %d renamed files, want 3", rc.Affected.Renamed)
	}
	ls := git(t, repo, "ls-tree", "-r", "--name-only", "default")
	var wifi string
	for _, l := range strings.Split(ls, "\n") {
		if strings.HasPrefix(l, "pages/facts/erased-") {
			if b := git(t, repo, "show", "default:"+l); strings.Contains(b, "router is in the hall") {
				wifi = l
			}
		}
	}
	if wifi == "" {
		t.Fatalf("the renamed wifi page is missing:\n%s", ls)
	}
	if idx := git(t, repo, "show", "default:pages/facts/index.md"); !strings.Contains(idx, "]("+strings.TrimPrefix(wifi, "pages/facts/")+")") {
		t.Errorf("the area index lost the renamed page:\n%s", idx)
	}
	filepath.Walk(e.home, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), "hunter2") {
				t.Errorf("%s holds the literal", p)
			}
		}
		return nil
	})

	files := maps.Clone(e.files)
	for k := range files {
		if strings.Contains(k, "hunter2") || strings.Contains(k, "stagedb7") || strings.Contains(k, "zebra") {
			delete(files, k)
		}
	}
	files["pages/facts/index.md"] = "# Facts\n"
	files["pages/hunter2/hunter2.md"] = page("Hello", "Nothing secret.", "s1")
	dir := t.TempDir()
	storetest.WriteTree(t, dir, files)
	res, err := e.store.Publish(t.Context(), dir, gitstore.PublishOptions{Scope: "default"})
	if err == nil {
		t.Fatal("the guard accepted the literal in a new path")
	}
	found := false
	for _, pr := range res.Report.Errors() {
		if pr.Code == validate.CodeErasedContent && strings.Contains(pr.Message, "path segment 2 of a new page") {
			found = true
		}
		if strings.Contains(pr.String(), "hunter2") {
			t.Errorf("a problem quotes the path: %s", pr)
		}
	}
	if !found {
		t.Errorf("problems: %v", res.Report.Errors())
	}
}

// TestForgetTextInAuthor forgets a literal that the configured author
// holds: every commit, the marker commit included, gets the neutral
// signature, and a later publication by that author is refused.
func TestForgetTextInAuthor(t *testing.T) {
	e := newEnv(t)
	e.store.Close()
	s, err := gitstore.Open(t.Context(), gitstore.Options{Path: filepath.Join(e.home, "store.git"), CacheDir: filepath.Join(e.home, "cache"),
		Limits: storetest.Limits, AuthorName: "Ada Quux", AuthorEmail: "ada.quux@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	e.store = s
	e.f = New(Options{Home: e.home, Store: s, Ledger: e.ledger})
	e.publish(t, "one")
	e.files["pages/people/x.md"] = page("X", "More.", "s1")
	e.publish(t, "two")
	rc := e.forget(t, "text:quux")
	repo := e.store.Path()
	if all := strings.ToLower(git(t, repo, "log", "--all", "--format=%an %ae %cn %ce")); strings.Contains(all, "quux") {
		t.Errorf("an author or committer keeps the literal:\n%s", all)
	}
	if rc.Affected.Authors != 2 {
		t.Errorf("receipt counts %d authors, want 2", rc.Affected.Authors)
	}
	e.files["pages/people/y.md"] = page("Y", "Later.", "s1")
	dir := t.TempDir()
	storetest.WriteTree(t, dir, e.files)
	res, err := e.store.Publish(t.Context(), dir, gitstore.PublishOptions{Scope: "default", Message: "three"})
	if err == nil || !strings.Contains(fmt.Sprint(res.Report.Errors()), "commit author") {
		t.Errorf("a publication by the forgotten author: %v", err)
	}
}

// TestForgetRegeneratesGeneratedCounts forgets a session that the only
// page of an area cites: the area disappears, and the generated lines of
// index.md and summary.md count what remains; hand-written lines stay.
func TestForgetRegeneratesGeneratedCounts(t *testing.T) {
	e := newEnv(t)
	e.files["summary.md"] = "<!-- memfs-builtin summary -->\n# Summary\n\n- The user prefers vim ([page](pages/tools/vim.md); s8)\n\nStatements the user asked to keep or stated as durable: people 2, tools 1. Start at index.md.\n"
	e.files["index.md"] = "# Memory index\n\nA hand-written note.\n\n## Areas\n\n- [people](pages/people/index.md): 2 page(s)\n- [tools](pages/tools/index.md): 1 page(s)\n"
	e.files["pages/people/index.md"] = "# People\n\n- [Base](base.md)\n- [Ann](ann.md)\n"
	e.files["pages/people/ann.md"] = page("Ann", "Ann runs the release.", "s9")
	e.files["pages/tools/index.md"] = "# Tools\n\n- [Vim](vim.md)\n"
	e.files["pages/tools/vim.md"] = page("Vim", "The user prefers vim.", "s9")
	e.publish(t, "builtin dream")
	e.forget(t, "session:s9")
	repo := e.store.Path()
	idx := git(t, repo, "show", "default:index.md")
	want := "# Memory index\n\nA hand-written note.\n\n## Areas\n\n- [people](pages/people/index.md): 1 page(s)\n"
	if idx != want {
		t.Errorf("index.md:\n%s\nwant\n%s", idx, want)
	}
	sum := git(t, repo, "show", "default:summary.md")
	if !strings.Contains(sum, "durable: people 1. Start at index.md.") || strings.Contains(sum, "vim") {
		t.Errorf("summary.md:\n%s", sum)
	}
	if ls := git(t, repo, "ls-tree", "-r", "--name-only", "default"); strings.Contains(ls, "pages/tools") {
		t.Errorf("the emptied area stayed:\n%s", ls)
	}
}

// TestForgetSchemaWordRefused forgets words of the artifact's own
// syntax and of what memfs writes into every commit: every Sources item
// holds "session", every commit the Memfs-Sources trailer (a marker of it
// would refuse every later publication and dream). Preview and apply
// refuse them with forget_breaks_schema and nothing changes.
func TestForgetSchemaWordRefused(t *testing.T) {
	for _, target := range []string{"text:session", "text:Memfs-Sources", "text:memfs", "text:removed by forget"} {
		t.Run(target, func(t *testing.T) {
			e := newEnv(t)
			e.history(t)
			repo := e.store.Path()
			before := git(t, repo, "for-each-ref")
			ts := mustTargets(t, target)
			_, err := e.f.Preview(t.Context(), ts)
			if errcode.Of(err) != CodeBreaksSchema || !ScopeRejected(err) {
				t.Fatalf("preview: %v, want %s", err, CodeBreaksSchema)
			}
			if strings.Contains(err.Error(), target) {
				t.Errorf("the refusal quotes the target: %v", err)
			}
			if _, err := e.f.Apply(t.Context(), ApplyOptions{Token: "fs1-x", Targets: ts}); errcode.Of(err) != CodeBreaksSchema {
				t.Errorf("apply: %v", err)
			}
			if after := git(t, repo, "for-each-ref"); after != before {
				t.Errorf("a refused forget moved refs:\n%s\n%s", before, after)
			}
			// Publications still go through.
			e.files["pages/people/z.md"] = page("Z", "Later.", "s1")
			e.publish(t, "later")
		})
	}
}

// plantResidue makes, with stock git, a ref whose summary cites session
// id: content the forget's rewrite never saw.
func plantResidue(t *testing.T, repo, id string) {
	t.Helper()
	run := func(stdin string, args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
	sum := run("# Summary\n\n## Sources\n\n- session:"+id+"\n", "hash-object", "-w", "--stdin")
	idx := run("# Index\n", "hash-object", "-w", "--stdin")
	tree := run("100644 blob "+idx+"\tindex.md\n100644 blob "+sum+"\tsummary.md\n", "mktree")
	c := run("", "-c", "user.name=x", "-c", "user.email=x@example.org", "commit-tree", tree, "-m", "planted\n\nMemfs-Artifact: 1")
	run("", "update-ref", "refs/heads/planted", c)
}

// TestFailedVerificationIsFinished plants, after the switch, content the
// markers forbid: the purge's verification fails, and the apply (or, when
// the apply is cut short there, the next one) erases it by the markers
// and finishes, leaving no journal.
func TestFailedVerificationIsFinished(t *testing.T) {
	for _, crash := range []bool{false, true} {
		t.Run(fmt.Sprintf("crash=%v", crash), func(t *testing.T) {
			e := newEnv(t)
			e.files["pages/people/x.md"] = page("X", "From sess-x1.", "sess-x1")
			e.publish(t, "x")
			repo := e.store.Path()
			ts := mustTargets(t, "session:sess-x1")
			p, err := e.f.Preview(t.Context(), ts)
			if err != nil {
				t.Fatal(err)
			}
			e.f.opts.Stage = func(stage string) {
				if stage == "switched" {
					plantResidue(t, repo, "sess-x1")
					if crash {
						panic("crash")
					}
				}
			}
			var rc *Receipt
			func() {
				defer func() {
					if r := recover(); r != nil && !crash {
						panic(r)
					}
				}()
				rc, err = e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
			}()
			e.f.opts.Stage = nil
			if crash {
				if _, err := os.Stat(e.f.pendingPath()); err != nil {
					t.Fatalf("no journal after the crash: %v", err)
				}
				rc, err = e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
			}
			if err != nil || !rc.StorageCleanup.Verified {
				t.Fatalf("apply: %v", err)
			}
			if _, err := os.Stat(e.f.pendingPath()); !os.IsNotExist(err) {
				t.Errorf("the journal stayed: %v", err)
			}
			if all := everything(t, repo); strings.Contains(all, "sess-x1") {
				t.Errorf("the session survived:\n%s", grepLines(all, "sess-x1"))
			}
			// The store works on: another forget finishes too.
			e.forget(t, "text:Mondays")
		})
	}
}

// TestForgetTextDropsHollowPage forgets the only text of a page: the page
// goes with its index lines, the area's count follows, and a page with
// text left stays (issue 22: forget keeps the wiki whole).
func TestForgetTextDropsHollowPage(t *testing.T) {
	e := newEnv(t)
	e.files["index.md"] = "# Index\n\n## Areas\n\n- [facts](pages/facts/index.md): 2 page(s)\n\n## Pages\n\n### facts\n\n- [Staging host](pages/facts/staging.md)\n- [Prod](pages/facts/prod.md)\n"
	e.files["pages/facts/index.md"] = "# Facts\n\n- [Staging](staging.md)\n- [Prod](prod.md)\n"
	e.files["pages/facts/staging.md"] = page("Staging", "- The staging host is stg-7.", "s1")
	e.files["pages/facts/prod.md"] = page("Prod", "- Prod runs in us-east-2.\n- The prod host is stg-7-free.", "s1")
	e.publish(t, "facts")
	e.forget(t, "text:stg-7")
	repo := e.store.Path()
	ls := git(t, repo, "ls-tree", "-r", "--name-only", "default")
	if strings.Contains(ls, "staging.md") || !strings.Contains(ls, "prod.md") {
		t.Fatalf("tree after the forget:\n%s", ls)
	}
	idx := git(t, repo, "show", "default:index.md")
	if strings.Contains(idx, "staging.md") || !strings.Contains(idx, "): 1 page(s)") {
		t.Errorf("index after the forget:\n%s", idx)
	}
	if ai := git(t, repo, "show", "default:pages/facts/index.md"); strings.Contains(ai, "staging.md") {
		t.Errorf("area index after the forget:\n%s", ai)
	}
	if p := git(t, repo, "show", "default:pages/facts/prod.md"); !strings.Contains(p, "us-east-2") {
		t.Errorf("the page with text left lost it:\n%s", p)
	}
}
