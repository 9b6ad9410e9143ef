package builtin

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/validate"
)

func fact(subject, claim string, entries ...string) hear.Statement {
	return hear.Statement{Kind: hear.Fact, Lang: "en", Area: "project", Subject: subject, Claim: claim, Quote: strings.ToLower(claim), Entries: entries}
}

// run applies sessions in order, one generation each, writing and
// reloading memory between them as separate runs do; it returns the
// memory after the last.
func run(t *testing.T, dir string, sessions ...map[string]hear.Heard) *memory {
	t.Helper()
	var m *memory
	for _, s := range sessions {
		root, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		m = newMemory(validate.Limits{}, nil)
		if _, err := m.load(root); err != nil {
			t.Fatal(err)
		}
		for _, id := range slices.Sorted(func(yield func(string) bool) {
			for k := range s {
				if !yield(k) {
					return
				}
			}
		}) {
			m.apply(id, s[id])
		}
		if _, err := m.write(root); err != nil {
			t.Fatal(err)
		}
		root.Close()
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	m = newMemory(validate.Limits{}, nil)
	if _, err := m.load(root); err != nil {
		t.Fatal(err)
	}
	m.openAll()
	return m
}

func currentTexts(m *memory) []string {
	var out []string
	for _, c := range m.claims {
		if c.current() {
			out = append(out, c.cur.text)
		}
	}
	slices.Sort(out)
	return out
}

func heard(sts ...hear.Statement) hear.Heard { return hear.Heard{Statements: sts} }

func TestModelUpdates(t *testing.T) {
	tests := []struct {
		name    string
		first   hear.Statement
		second  hear.Statement
		current []string
		past    int
	}{
		{"new value replaces", fact("build image", "The build image is node:20."), fact("build image", "The build image is node:22 now."),
			[]string{"The build image is node:22 now."}, 1},
		{"subject in other words", fact("build image", "The build image is node:20."), fact("build images", "The build images are node:22."),
			[]string{"The build images are node:22."}, 1},
		{"same fact again is a citation", fact("prod region", "Prod runs in us-east-2."), fact("prod region", "The prod region is us-east-2."),
			[]string{"Prod runs in us-east-2."}, 0},
		{"other subjects stay apart", fact("prod region", "Prod runs in us-east-2."), fact("dr region", "DR runs in us-west-1."),
			[]string{"DR runs in us-west-1.", "Prod runs in us-east-2."}, 0},
		{"cjk subjects match by bigrams", hear.Statement{Lang: "zh", Area: "project", Subject: "构建镜像", Claim: "构建镜像是 node:20。"},
			hear.Statement{Lang: "zh", Area: "project", Subject: "构建镜像", Claim: "构建镜像现在是 node:22。"},
			[]string{"构建镜像现在是 node:22。"}, 1},
		{"replaces words end an old claim", fact("message broker", "The message broker is RabbitMQ."),
			func() hear.Statement {
				s := fact("queue", "The queue runs on SQS.")
				s.Replaces = []string{"RabbitMQ"}
				return s
			}(),
			[]string{"The queue runs on SQS."}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			m := run(t, dir, map[string]hear.Heard{"s1": heard(tt.first)}, map[string]hear.Heard{"s2": heard(tt.second)})
			if got := currentTexts(m); !slices.Equal(got, tt.current) {
				t.Fatalf("current = %q, want %q", got, tt.current)
			}
			past := 0
			for _, c := range m.claims {
				past += len(c.past)
				for _, v := range c.past {
					if v.end != endReplaced || v.by.session != "s2" {
						t.Errorf("earlier value %q: end %q by %q, want replaced by s2", v.text, v.end, v.by.session)
					}
				}
			}
			if past != tt.past {
				t.Errorf("earlier values = %d, want %d", past, tt.past)
			}
			if tt.past == 0 && len(tt.current) == 1 {
				if n := len(m.claims[0].cur.cites); n != 2 {
					t.Errorf("citations = %d, want 2", n)
				}
			}
		})
	}
}

func TestModelRetraction(t *testing.T) {
	dir := t.TempDir()
	rule := hear.Statement{Kind: hear.Rule, Area: "conventions", Subject: "rebase before merge", Claim: "Always rebase before merging.", Quote: "always rebase before merge"}
	other := hear.Statement{Kind: hear.Rule, Area: "conventions", Subject: "commit messages", Claim: "Commit messages are in English.", Quote: "commit messages in english"}
	m := run(t, dir,
		map[string]hear.Heard{"s1": heard(rule, other)},
		map[string]hear.Heard{"s2": {Retractions: []hear.Retraction{{Target: "the rebase-before-merge rule", Quote: "scratch the rebase-before-merge rule", Entries: []string{"e9"}}}}},
	)
	if got := currentTexts(m); !slices.Equal(got, []string{"Commit messages are in English."}) {
		t.Fatalf("current = %q", got)
	}
	var w *claim
	for _, c := range m.claims {
		if !c.current() {
			w = c
		}
	}
	if w == nil || len(w.past) != 1 || w.past[0].end != endWithdrawn || w.past[0].by.session != "s2" || w.past[0].endQuote == "" {
		t.Fatalf("withdrawn claim not kept in history with its source: %+v", w)
	}
	// Stated again, the subject is current again.
	m = run(t, dir, map[string]hear.Heard{"s3": heard(rule)})
	if got := currentTexts(m); len(got) != 2 {
		t.Fatalf("after restating: current = %q", got)
	}
}

func TestPageRoundTrip(t *testing.T) {
	p := &page{path: "pages/project/build.md", area: "project", topic: "build"}
	c := &claim{area: "project", subject: "build image", lang: "en", seen: 4, since: 2,
		cur: &value{text: "The build image is node:22.", quote: "the build image is node:22 now", kind: "fact", via: "answer", pointer: "Which image?",
			cites: []cite{{session: "s2", entries: []string{"e5", "e6"}}}},
		past: []value{{text: "- The build image is node:20.", quote: "we build on <!-- node:20 -->", kind: "fact", end: endReplaced,
			by: cite{session: "s2", entries: []string{"e5"}}, cites: []cite{{session: "s1", entries: []string{"e2"}}}}}}
	w := &claim{area: "conventions", subject: "rebase", seen: 3, since: 1,
		past: []value{{text: "Always rebase.", quote: "always rebase", kind: "rule", end: endWithdrawn, by: cite{session: "s3"}, endQuote: "scratch that",
			cites: []cite{{session: "s1"}}}}}
	p.add(c)
	p.add(w)
	b := renderPage(p)
	pp, ok := parsePage(string(b))
	if !ok {
		t.Fatal("page not read back")
	}
	if len(pp.claims) != 2 {
		t.Fatalf("claims = %d\n%s", len(pp.claims), b)
	}
	got, want := pp.claims[0], c
	if got.subject != want.subject || got.seen != want.seen || got.since != want.since {
		t.Errorf("claim meta differs: %+v", got)
	}
	for i, pair := range [][2]*value{{got.cur, want.cur}, {&got.past[0], &want.past[0]}, {&pp.claims[1].past[0], &w.past[0]}} {
		g, x := pair[0], pair[1]
		if g.text != x.text || g.quote != x.quote || g.via != x.via || g.pointer != x.pointer || g.end != x.end || g.endQuote != x.endQuote ||
			!slices.EqualFunc(g.cites, x.cites, citeEq) || !citeEq(g.by, x.by) {
			t.Errorf("value %d: got %+v, want %+v\n%s", i, *g, *x, b)
		}
	}
	if !slices.Equal(pp.sources, []string{"s2", "s1", "s3"}) {
		t.Errorf("sources = %q", pp.sources)
	}
	if !bytesEqual(renderPage(pageOf(pp)), b) {
		t.Errorf("render(parse(page)) differs:\n%s\n---\n%s", renderPage(pageOf(pp)), b)
	}
}

func citeEq(a, b cite) bool { return a.session == b.session && slices.Equal(a.entries, b.entries) }

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

func pageOf(pp parsedPage) *page {
	p := &page{area: pp.area, topic: pp.topic}
	for _, c := range pp.claims {
		p.add(c)
	}
	return p
}

func TestTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"the build images", []string{"build", "imag"}},
		{"merging merged merge", []string{"merg"}},
		{"rebase-before-merge", []string{"rebas", "befor", "merg"}},
		{"Prod region [REDACTED:aws]", []string{"prod", "region"}},
		{"构建镜像", []string{"构建", "建镜", "imag"}},
		// Spellings of one thing are one term, across languages.
		{"Production database", []string{"prod", "db"}},
		{"die Produktions-Datenbank", []string{"prod", "db"}},
		{"the CI pipelines", []string{"ci"}},
		{"Deployments am Freitag", []string{"deploy", "friday"}},
		{"周五不发布", []string{"friday", "五不", "不发", "releas"}},
		{"node:22", []string{"node", "22"}},
		{"us-east-2", []string{"us-east-2"}},
	}
	for _, tt := range tests {
		if got := terms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSubjectScoreConservative(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"build image", "build images", true},
		{"prod region", "dr region", false},
		{"prod database", "prod region", false},
		{"region", "prod region", false},
		{"ci", "cd", false},
		{"auth middleware", "auth middleware approval", false},
		{"auth middleware approval", "auth middleware", false},
		{"test shard count", "shard count", false},
		{"default branch", "branch", true},
		{"package manager", "package manager python", false},
		{"the default build image", "build images", true},
	}
	for _, tt := range tests {
		if got := subjectScore(terms(tt.a), terms(tt.b)) > 0; got != tt.same {
			t.Errorf("same(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

func TestPagesGroupByTopic(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, map[string]hear.Heard{"s1": heard(
		fact("prod region", "Prod runs in us-east-2."),
		fact("prod database", "The prod database is Postgres 16."),
		fact("build image", "The build image is node:22."),
	)})
	ents, err := os.ReadDir(filepath.Join(dir, "pages", "project"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if want := []string{"build.md", "index.md", "prod.md"}; !slices.Equal(names, want) {
		t.Fatalf("pages = %q, want %q", names, want)
	}
}

// Ensure that an upgrade ("Postgres 16 now", Replaces the stem
// "Postgres ") ends the claim holding another version only, not every
// claim that mentions the name.
func TestModelVersionUpdateReplacesOnlyOtherVersion(t *testing.T) {
	dir := t.TempDir()
	db := fact("database", "The database is Postgres 14.")
	read := fact("read model", "The read model is in Elasticsearch 8; Postgres is the write side.")
	tests := fact("integration tests", "Integration tests use Testcontainers Postgres.")
	up := fact("postgres", "We are on Postgres 16 since the weekend.")
	up.Replaces = []string{"Postgres "}
	m := run(t, dir, map[string]hear.Heard{"s1": heard(db, read, tests)}, map[string]hear.Heard{"s2": heard(up)})
	want := []string{"Integration tests use Testcontainers Postgres.", "The read model is in Elasticsearch 8; Postgres is the write side.", "We are on Postgres 16 since the weekend."}
	if got := currentTexts(m); !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q", got, want)
	}
}

func TestOtherVersion(t *testing.T) {
	tests := []struct {
		w, old, update string
		want           bool
	}{
		{"Postgres ", "The database is Postgres 14.", "Postgres 16 now", true},
		{"Postgres ", "Postgres is the write side.", "Postgres 16 now", false},
		{"Postgres ", "We run Postgres 16.", "Postgres 16 now", false},
		{"node:", "CI uses node:20 and node:22 for tests.", "node:22 only", true},
		{"RabbitMQ", "The broker is RabbitMQ.", "SQS now", true},
	}
	for _, tt := range tests {
		if got := otherVersion(tt.w, tt.old, tt.update); got != tt.want {
			t.Errorf("otherVersion(%q, %q, %q) = %v, want %v", tt.w, tt.old, tt.update, got, tt.want)
		}
	}
}
