package builtin

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/wiki"
)

// stageTranscripts stages a run directory whose evidence is materialized
// from real transcript files (Claude Code, Codex, Pi) exactly as a run
// does it: projection, redaction, entry ids. prev is the memory of the run
// before ("" for an empty memory).
func stageTranscripts(t *testing.T, prev string, files ...string) string {
	t.Helper()
	dir := stage(t, prev, nil)
	m, err := dream.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		cp, err := transcript.Scan(t.Context(), filepath.Join("testdata", "sessions", f), "", "", "")
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ev, err := transcript.Materialize(t.Context(), *cp, nil)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		sd := filepath.Join(dream.SessionsDir, string(rune('a'+i)))
		if err := os.MkdirAll(filepath.Join(dir, sd), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, sd, dream.TranscriptName), ev.Transcript, 0o400); err != nil {
			t.Fatal(err)
		}
		m.Sessions = append(m.Sessions, dream.ManifestSession{Dir: filepath.ToSlash(sd), SessionID: ev.SessionID})
	}
	mb, _ := json.Marshal(m)
	p := filepath.Join(dir, dream.ManifestPath)
	_ = os.Chmod(p, 0o600)
	if err := os.WriteFile(p, mb, 0o400); err != nil {
		t.Fatal(err)
	}
	return dir
}

// plantedFacts are the durable facts the session files state, each as a
// pattern its claim must match; the sessions also hold what must not be
// kept (unsupported memory notes, a denial, a partial agreement, an
// agreement to two proposals, an agreement to a plain question, secrets).
var plantedFacts = []string{
	`on-call channel is #?ops-oncall`,
	`The user, Dana, maintains the billing service`,
	`prefers squash merges`,
	`agreed to make pnpm the package manager`,
	`[Ss]taging deploys need the VPN`,
	`always runs the linter before pushing`,
	`release manager is Priya`,
	`prefers table-driven tests`,
	`ships? on Tuesdays`,
	`staging server listens on port 8081`,
	`timezone is Europe/Berlin`,
	`write commit messages in the imperative mood`,
}

// run3Facts are stated by the third run only.
var run3Facts = []string{`prefers short commit subjects`, `agreed to always use conventional commit prefixes`}

// notKept must never reach memory.
var notKept = []string{"hunter2", "sk-ant", "Fish", "JSON", "vitest", "bun", "yarn", "coverage", "sign commits", "lint errors", "flaky"}

// Ensure that three successive runs over sessions in all three formats
// keep the planted facts as third-person claims citing their entries,
// leave out what is not the user's durable word, keep every page at its
// path, and that the memory context carries the facts within its budget.
func TestSessions_ThreeRuns(t *testing.T) {
	dir1 := stageTranscripts(t, "", "claude-run1.jsonl")
	f1 := dreamOK(t, dir1, "5e551001-aaaa-4bbb-8ccc-000000000001")
	dir2 := stageTranscripts(t, filepath.Join(dir1, dream.MemoryDir), "codex-run2.jsonl", "pi-run2.jsonl")
	f2 := dreamOK(t, dir2, "5e551001-aaaa-4bbb-8ccc-000000000001", "019e5e55-2222-7333-8444-000000000002", "5e551003-3333-7444-8555-000000000003")
	dir3 := stageTranscripts(t, filepath.Join(dir2, dream.MemoryDir), "claude-run3.jsonl")
	f3 := dreamOK(t, dir3, "5e551001-aaaa-4bbb-8ccc-000000000001", "019e5e55-2222-7333-8444-000000000002", "5e551003-3333-7444-8555-000000000003", "5e551004-aaaa-4bbb-8ccc-000000000004")

	// Stable paths: a page keeps its path, and a claim its page, over runs.
	for _, step := range []struct{ before, after map[string]string }{{f1, f2}, {f2, f3}} {
		for _, c := range claimsOf(t, step.before) {
			if _, ok := step.after[c.path]; !ok {
				t.Errorf("page %s moved or vanished", c.path)
			}
		}
	}
	oncall1, oncall3 := currentSaying(t, f1, "ops-oncall"), currentSaying(t, f3, "ops-oncall")
	if len(oncall3) != 1 || len(oncall1) != 1 || oncall1[0].path != oncall3[0].path {
		t.Errorf("on-call claims: run 1 %d, run 3 %d; want one, on the same page", len(oncall1), len(oncall3))
	}

	// Precision and recall of kept claims.
	want := append(slices.Clone(plantedFacts), run3Facts...)
	found := map[string]bool{}
	tp, fp, n := 0, 0, 0
	for _, c := range claimsOf(t, f3) {
		if !c.current() {
			continue
		}
		n++
		hit := false
		for _, w := range want {
			if regexp.MustCompile(w).MatchString(c.cur.text) {
				found[w], hit = true, true
			}
		}
		if hit {
			tp++
		} else {
			fp++
			t.Logf("unexpected claim %s: %s", c.path, c.cur.text)
		}
		if regexp.MustCompile(`^(?:I|I'm|My|We)\b`).MatchString(c.cur.text) {
			t.Errorf("%s states its claim in the first person: %s", c.path, c.cur.text)
		}
		if len(c.cur.cites) == 0 || len(c.cur.cites[0].entries) == 0 {
			t.Errorf("%s: claim %q cites no transcript entry", c.path, c.cur.text)
		}
	}
	for p, c := range f3 {
		for _, bad := range notKept {
			if strings.Contains(c, bad) {
				t.Errorf("%s holds %q:\n%s", p, bad, c)
			}
		}
		if strings.Contains(p, "redacted") || strings.Contains(p, "hunter") || strings.Contains(p, "password") {
			t.Errorf("page name %s holds redacted text", p)
		}
	}
	for _, w := range want {
		if !found[w] {
			t.Errorf("planted fact %q not kept", w)
		}
	}
	precision := float64(tp) / float64(max(tp+fp, 1))
	recall := float64(len(found)) / float64(len(want))
	t.Logf("sessions: %d claims kept, %d expected; precision %.2f, recall %.2f", n, len(want), precision, recall)

	// A confirmation cites both entries: the proposal and the "yes".
	pnpm := currentSaying(t, f3, "pnpm")
	if len(pnpm) != 1 || pnpm[0].cur.via != "confirm" || len(pnpm[0].cur.cites) != 1 || len(pnpm[0].cur.cites[0].entries) != 2 {
		t.Errorf("confirmation claims %+v", pnpm)
	}
	// The context carries the facts.
	msg := wiki.RenderContext(wiki.Context{Marker: "<!-- m -->", Scope: "s", Commit: "0123456789abcdef", Summary: []byte(f3["summary.md"]), Index: []byte(f3["index.md"])})
	in := 0
	for _, w := range plantedFacts {
		if regexp.MustCompile(w).MatchString(msg.Text) {
			in++
		} else {
			t.Logf("planted fact %q not in the context", w)
		}
	}
	if testing.Verbose() {
		t.Logf("summary.md:\n%s\nindex.md:\n%s", f3["summary.md"], f3["index.md"])
	}
	t.Logf("context: %d of %d planted facts, %d bytes (budget %d)", in, len(plantedFacts), len(msg.Text), wiki.DefaultContextBudget)
	if in < len(plantedFacts)-1 || len(msg.Text) > wiki.DefaultContextBudget {
		t.Errorf("context holds %d of %d planted facts in %d bytes", in, len(plantedFacts), len(msg.Text))
	}
}
