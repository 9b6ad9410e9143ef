package forget

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/validate"
)

const phone = "+1 (555) 010-9999"

type env struct {
	home   string
	store  *gitstore.Store
	ledger *ledger.Ledger
	f      *Forgetter
	files  map[string]string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	home := t.TempDir()
	var tick atomic.Int64
	s, _, err := gitstore.Init(t.Context(), gitstore.Options{
		Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache"), Limits: storetest.Limits,
		Now: func() time.Time { return storetest.Epoch.Add(time.Duration(tick.Add(1)) * time.Minute) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	t.Cleanup(func() { fsck(t, s.Path()) })
	l, err := ledger.New(filepath.Join(home, "ledger.db"), ledger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{home: home, store: s, ledger: l, files: map[string]string{
		"summary.md":            "# Summary\n\nOrientation.\n",
		"index.md":              "# Index\n\n- [People](pages/people/index.md)\n",
		"pages/people/index.md": "# People\n\n- [Base](base.md)\n",
		"pages/people/base.md":  page("Base", "The team meets on Mondays.", "s1"),
	}}
	e.f = New(Options{Home: home, Store: s, Ledger: l})
	return e
}

func page(title, body string, sessions ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n\n## Sources\n\n", title, body)
	for _, s := range sessions {
		fmt.Fprintf(&b, "- session:%s\n", s)
	}
	return b.String()
}

func fsck(t *testing.T, repo string) {
	t.Helper()
	out, err := exec.Command("git", "-C", repo, "fsck", "--strict", "--no-dangling").CombinedOutput()
	if err != nil {
		t.Errorf("git fsck --strict: %v\n%s", err, out)
	}
}

func git(t *testing.T, repo string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// publish commits the env's files with a message.
func (e *env) publish(t *testing.T, msg string) gitstore.ID {
	t.Helper()
	dir := t.TempDir()
	storetest.WriteTree(t, dir, e.files)
	res, err := e.store.Publish(t.Context(), dir, gitstore.PublishOptions{Scope: "default", Message: msg})
	if err != nil {
		if res != nil && res.Report != nil {
			t.Fatalf("publish: %v %v", err, res.Report.Problems)
		}
		t.Fatalf("publish: %v", err)
	}
	return res.Commit
}

// history publishes 30 revisions: revision 5 puts the phone number in a
// page, where it stays; revision 12's message mentions it too.
func (e *env) history(t *testing.T) {
	t.Helper()
	for i := 1; i <= 30; i++ {
		e.files[fmt.Sprintf("pages/people/p%02d.md", i)] = page(fmt.Sprintf("P%d", i), fmt.Sprintf("Fact number %d.", i), "s1")
		if i == 5 {
			e.files["pages/people/bob.md"] = page("Bob", "Bob leads the storage team.\n\n- Call Bob at "+phone+" after 6pm.\n- Bob prefers email.", "s2")
			e.files["pages/people/index.md"] += "- [Bob](bob.md)\n"
		}
		msg := fmt.Sprintf("revision %d", i)
		if i == 12 {
			msg += "\n\nnoted that bob's number is " + phone
		}
		e.publish(t, msg)
	}
}

func mustTargets(t *testing.T, ss ...string) []Target {
	t.Helper()
	ts, err := ParseTargets(ss)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func (e *env) forget(t *testing.T, ss ...string) *Receipt {
	t.Helper()
	ts := mustTargets(t, ss...)
	p, err := e.f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
	if err != nil {
		t.Fatal(err)
	}
	return rc
}

// holdsPhone reports whether s holds the phone number as the tests spell it.
func holdsPhone(s string) bool {
	return strings.Contains(s, "555) 010-9999") || strings.Contains(s, "010-9999")
}

func TestForgetTextRewritesHistoryAndPurges(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	repo := e.store.Path()
	if !holdsPhone(git(t, repo, "cat-file", "--batch-all-objects", "--batch")) {
		t.Fatal("setup: the number is not in the store")
	}
	before := git(t, repo, "log", "--format=%an %ae %at %s", "default")

	ts := mustTargets(t, "text:555 010 9999")
	p, err := e.f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Revisions) != 26 || p.CommitMessages != 1 || len(p.Refs) != 1 {
		t.Errorf("preview: %d revisions, %d messages, refs %v; want 26, 1, [default]", len(p.Revisions), p.CommitMessages, p.Refs)
	}
	if len(p.Pages) != 1 || p.Pages[0] != "pages/people/bob.md" {
		t.Errorf("preview pages = %v", p.Pages)
	}
	if !holdsPhone(git(t, repo, "cat-file", "--batch-all-objects", "--batch")) {
		t.Fatal("preview changed the store")
	}
	// The folder a run published, kept for the scope's next run.
	kept := filepath.Join(e.home, dream.KeptDir, "scope", "pages", "people")
	if err := os.MkdirAll(kept, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(kept, "bob.md"), []byte("Call Bob at (555) 010-9999.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// And the memo file beside it, which keeps what a run read of pages.
	if err := os.WriteFile(filepath.Join(e.home, dream.KeptDir, "scope.memo"), []byte("Call Bob at (555) 010-9999.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	rc, err := e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
	if err != nil {
		t.Fatal(err)
	}
	if all := git(t, repo, "cat-file", "--batch-all-objects", "--batch"); holdsPhone(all) {
		t.Error("an object still holds the number")
	}
	if msgs := git(t, repo, "log", "--all", "--format=%B"); holdsPhone(msgs) || !strings.Contains(msgs, "revision 12") {
		t.Errorf("messages after forget:\n%s", msgs)
	}
	if n := len(strings.Fields(git(t, repo, "rev-list", "default"))); n != 30 {
		t.Errorf("history has %d commits, want 30", n)
	}
	if after := git(t, repo, "log", "--format=%an %ae %at %s", "default"); after != before {
		t.Errorf("authors, dates or subjects changed")
	}
	bob := git(t, repo, "show", "default:pages/people/bob.md")
	if !strings.Contains(bob, "Bob prefers email.") || !strings.Contains(bob, "leads the storage team") || strings.Contains(bob, "Call Bob") {
		t.Errorf("bob.md after forget:\n%s", bob)
	}
	if rc.RewrittenCommits != 26 || !rc.StorageCleanup.Verified || len(rc.Markers) != 1 || rc.Targets[0].Marker == "" || rc.Targets[0].Value != "" {
		t.Errorf("receipt: %+v", rc)
	}
	if rc.Before["refs/heads/default"].Commits != 30 || rc.After["refs/heads/default"].Commits != 30 {
		t.Errorf("receipt before/after: %+v %+v", rc.Before, rc.After)
	}
	// Nothing under the home quotes the number.
	filepath.Walk(e.home, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			if b, _ := os.ReadFile(p); holdsPhone(string(b)) {
				t.Errorf("%s holds the number", p)
			}
		}
		return nil
	})
}

func TestReintroductionRefused(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	e.forget(t, "text:555 010 9999", "session:s2")
	cases := []struct {
		name string
		file string
		body string
		code string
	}{
		{"case and punctuation", "pages/people/carol.md", page("Carol", "carol: 1-555-010-9999 (cell)", "s1"), validate.CodeErasedContent},
		{"spacing inside prose", "pages/people/dan.md", page("Dan", "Dan said the number was 555   010\n9999 yesterday", "s1"), validate.CodeErasedContent},
		{"in the summary", "summary.md", "# Summary\n\nReach +1.555.010.9999.\n", validate.CodeErasedContent},
		{"forgotten session cited", "pages/people/erin.md", page("Erin", "Erin joined.", "s2"), validate.CodeErasedSource},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := maps.Clone(e.files)
			delete(files, "pages/people/bob.md")
			files[tc.file] = tc.body
			dir := t.TempDir()
			storetest.WriteTree(t, dir, files)
			h, _ := e.store.Head(t.Context(), "default")
			res, err := e.store.Publish(t.Context(), dir, gitstore.PublishOptions{Scope: "default", Message: "again"})
			if err == nil {
				t.Fatal("publish accepted forgotten content")
			}
			found := false
			for _, p := range res.Report.Problems {
				found = found || p.Code == tc.code
			}
			if !found {
				t.Errorf("problems %v, want %s", res.Report.Problems, tc.code)
			}
			if now, _ := e.store.Head(t.Context(), "default"); now != h {
				t.Error("a refused publish moved the head")
			}
		})
	}
	// A near miss is not refused.
	files := maps.Clone(e.files)
	delete(files, "pages/people/bob.md")
	files["pages/people/fay.md"] = page("Fay", "Fay's extension is 555 010 9998.", "s1")
	e.files = files
	e.publish(t, "near miss")
}

func TestForgetSessionAndPageInOneReceipt(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	e.files["pages/people/notes.md"] = page("Notes", "Standup at ten.", "s3")
	e.files["pages/people/index.md"] += "- [Notes](notes.md)\n"
	e.publish(t, "notes from s3 (session:s3)")
	if _, err := e.ledger.RecordCheckpoint(t.Context(), ledger.Checkpoint{Scope: "default", Checkpoint: transcript.Checkpoint{SessionID: "s2", Path: "/tmp/x.jsonl", Format: "claude", Cursor: "c1", Digest: "d1"}}); err != nil {
		t.Fatal(err)
	}
	rc := e.forget(t, "session:s2", "page:pages/people/notes.md")
	repo := e.store.Path()
	for _, rev := range strings.Fields(git(t, repo, "rev-list", "default")) {
		ls := git(t, repo, "ls-tree", "-r", "--name-only", rev)
		if strings.Contains(ls, "bob.md") || strings.Contains(ls, "notes.md") {
			t.Fatalf("revision %s still has a forgotten page:\n%s", rev, ls)
		}
		idx := git(t, repo, "show", rev+":pages/people/index.md")
		if strings.Contains(idx, "bob.md") || strings.Contains(idx, "notes.md") || !strings.Contains(idx, "base.md") {
			t.Fatalf("revision %s index:\n%s", rev, idx)
		}
	}
	if msgs := git(t, repo, "log", "--all", "--format=%B"); strings.Contains(msgs, "s3)") {
		t.Errorf("a message still names the page's session line:\n%s", msgs)
	}
	if len(rc.Targets) != 2 || rc.Affected.Checkpoints != 1 || rc.Targets[0].Marker == "" || rc.Targets[1].Marker == "" || len(rc.Markers) != 2 {
		t.Errorf("receipt targets %+v affected %+v", rc.Targets, rc.Affected)
	}
	if st, err := e.ledger.Session(t.Context(), "s2"); err != nil || st.Checkpoint != nil {
		t.Errorf("ledger still knows s2: %+v %v", st, err)
	}
	if b, err := os.ReadFile(e.ledger.Path()); err != nil || strings.Contains(string(b), `"s2"`) {
		t.Errorf("ledger file still holds the session id (err %v)", err)
	}
}

func TestApplyRefusals(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	ts := mustTargets(t, "text:555 010 9999")
	p, err := e.f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.f.Apply(t.Context(), ApplyOptions{Targets: ts}); errcode.Of(err) != CodeScopeRequired || !ScopeRejected(err) {
		t.Errorf("no token: %v", err)
	}
	// The store moves: the token goes stale and is never refreshed.
	e.files["pages/people/zed.md"] = page("Zed", "Zed again.", "s1")
	e.publish(t, "one more")
	if _, err := e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts}); errcode.Of(err) != CodeScopeChanged {
		t.Errorf("stale token: %v", err)
	}
	// Different targets under an old token.
	p2, _ := e.f.Preview(t.Context(), ts)
	if _, err := e.f.Apply(t.Context(), ApplyOptions{Token: p2.Scope, Targets: mustTargets(t, "text:555 010 9998")}); errcode.Of(err) != CodeScopeChanged {
		t.Errorf("token of other targets: %v", err)
	}
	if !holdsPhone(git(t, e.store.Path(), "cat-file", "--batch-all-objects", "--batch")) {
		t.Error("a refused apply changed the store")
	}
	if msg := fmt.Sprint(err); holdsPhone(msg) {
		t.Error("error quotes the target")
	}
}

func TestFormationInProgress(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	runs := filepath.Join(e.home, dream.RunsDir)
	os.MkdirAll(filepath.Join(runs, "r1"), 0o700)
	lock, err := os.OpenFile(filepath.Join(runs, "r1.lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	if err := e.ledger.PutRun(t.Context(), ledger.Run{ID: "r1", Scope: "default", State: dream.StateRunning, Sessions: []string{"s2"}, Started: time.Now()}); err != nil {
		t.Fatal(err)
	}
	ts := mustTargets(t, "session:s2")
	p, err := e.f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Forming) != 1 {
		t.Errorf("preview forming = %v", p.Forming)
	}
	_, err = e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
	if errcode.Of(err) != CodeFormationInProgress || !ScopeRejected(err) {
		t.Fatalf("apply during formation: %v", err)
	}
	// A run over other sessions does not block.
	if _, err := e.f.Preview(t.Context(), mustTargets(t, "session:s9")); err != nil {
		t.Fatal(err)
	}
	rc, err := e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts, CancelRuns: true})
	if err != nil {
		t.Fatalf("apply --cancel-runs: %v", err)
	}
	if _, err := os.Stat(filepath.Join(runs, "r1")); !errors.Is(err, os.ErrNotExist) {
		t.Error("the cancelled run's staged directory survived")
	}
	if r, _, _ := e.ledger.Run(t.Context(), "r1"); r.State != dream.StateCancelled || len(r.Sessions) != 0 {
		t.Errorf("run after cancel: %+v", r)
	}
	if rc.Affected.StagedRuns != 1 {
		t.Errorf("receipt counts %d staged runs, want the cancelled one", rc.Affected.StagedRuns)
	}
}

func TestCommandIDReplayAndConflict(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	ts := mustTargets(t, "text:555 010 9999")
	p, _ := e.f.Preview(t.Context(), ts)
	rc, err := e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts, CommandID: "cmd-1"})
	if err != nil {
		t.Fatal(err)
	}
	again, err := e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts, CommandID: "cmd-1"})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if again.ReceiptID != rc.ReceiptID || !again.Replayed || !again.CompletedAt.Equal(rc.CompletedAt) {
		t.Errorf("replay gave receipt %s (replayed %v), want %s", again.ReceiptID, again.Replayed, rc.ReceiptID)
	}
	// The same id with another request.
	_, err = e.f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: mustTargets(t, "text:bob prefers email"), CommandID: "cmd-1"})
	if errcode.Of(err) != CodeCommandIDConflict {
		t.Errorf("conflicting command id: %v", err)
	}
}

func TestParseTargets(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ok   bool
		want Target
	}{
		{"session:abc-123", true, Target{KindSession, "abc-123"}},
		{"session:../x", false, Target{}},
		{"page:pages/people/bob.md", true, Target{KindPage, "pages/people/bob.md"}},
		{"page:/pages/people/bob.md", true, Target{KindPage, "pages/people/bob.md"}},
		{"page:index.md", false, Target{}},
		{"page:pages/people/index.md", false, Target{}},
		{"text:call me: 555", true, Target{KindText, "call me: 555"}},
		{"text: -- ", false, Target{}},
		{"blob:x", false, Target{}},
		{"nocolon", false, Target{}},
	} {
		got, err := ParseTarget(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseTarget(%q) = %v, %v", tc.in, got, err)
		}
		if err != nil && errcode.Of(err) != CodeInvalidTarget {
			t.Errorf("ParseTarget(%q) code %q", tc.in, errcode.Of(err))
		}
	}
	many := make([]string, MaxTargets+1)
	for i := range many {
		many[i] = fmt.Sprintf("session:s%d", i)
	}
	if _, err := ParseTargets(many); errcode.Of(err) != CodeInvalidTarget {
		t.Errorf("33 targets: %v", err)
	}
}
