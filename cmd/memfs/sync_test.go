package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

const syncPhone = "555-301-7788"

func (c *cli) publishFiles(files map[string]string, msg string) {
	c.t.Helper()
	dir := c.t.TempDir()
	writeTree(c.t, dir, files)
	c.mustRun("--scope", "default", "publish", dir, "-m", msg, "--no-require-sources")
}

func (c *cli) repo() string { return filepath.Join(c.home, "store.git") }

func gitOut(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func allObjects(t *testing.T, repo string) string {
	t.Helper()
	return gitOut(t, "-C", repo, "cat-file", "--batch-all-objects", "--batch")
}

func fsckClean(t *testing.T, repo string) {
	t.Helper()
	gitOut(t, "-C", repo, "fsck", "--strict", "--no-dangling")
}

func phoneArtifact() map[string]string {
	files := goodArtifact()
	files["pages/prefs/contact.md"] = "# Contact\n\n- Desk on floor 2.\n- Phone " + syncPhone + " for urgent things.\n\n## Sources\n\n- session:sess-1\n"
	files["pages/prefs/index.md"] += "- [Contact](contact.md)\n"
	return files
}

// Ensure that an export is a bundle stock git verifies and clones, and
// that another store imports it with identical trees.
func TestBundleExportImport(t *testing.T) {
	a, b := newCLI(t), newCLI(t)
	a.mustRun("init")
	a.publishFiles(phoneArtifact(), "first")
	a.mustRun("--scope", "work", "publish", writeTemp(t, goodArtifact()), "-m", "work scope")
	bundle := filepath.Join(t.TempDir(), "memory.bundle")
	a.mustRun("export", bundle)
	gitOut(t, "bundle", "verify", bundle)
	clone := filepath.Join(t.TempDir(), "clone")
	gitOut(t, "clone", "-q", "-b", "default", bundle, clone)
	got, err := os.ReadFile(filepath.Join(clone, "pages/prefs/contact.md"))
	if err != nil || string(got) != phoneArtifact()["pages/prefs/contact.md"] {
		t.Fatalf("git clone of the bundle: %q, %v", got, err)
	}

	b.mustRun("init")
	var res struct {
		Result struct {
			Branches []struct{ Scope, Outcome string }
		}
	}
	if err := json.Unmarshal([]byte(b.mustRun("--json", "import", bundle)), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Result.Branches) != 2 || res.Result.Branches[0].Outcome != "created" {
		t.Errorf("import: %+v", res.Result.Branches)
	}
	for _, scope := range []string{"default", "work"} {
		if ta, tb := gitOut(t, "-C", a.repo(), "rev-parse", scope+"^{tree}"), gitOut(t, "-C", b.repo(), "rev-parse", scope+"^{tree}"); ta != tb {
			t.Errorf("scope %s: trees differ after import", scope)
		}
	}
	// Importing again changes nothing.
	if out := b.mustRun("import", bundle); !strings.Contains(out, "unchanged") {
		t.Errorf("second import:\n%s", out)
	}
	// Only one scope.
	one := filepath.Join(t.TempDir(), "one.bundle")
	a.mustRun("export", one, "--scope", "work")
	if heads := gitOut(t, "bundle", "list-heads", one); strings.Contains(heads, "refs/heads/default") || !strings.Contains(heads, "refs/heads/work") {
		t.Errorf("export --scope work carries:\n%s", heads)
	}
	fsckClean(t, a.repo())
	fsckClean(t, b.repo())
}

func writeTemp(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, files)
	return dir
}

// Ensure that a bundle whose history leaves the artifact layout, or whose
// pack is damaged, is refused whole and changes nothing.
func TestBundleRefusedWhole(t *testing.T) {
	// A repository made with stock git: a good first commit, then a file
	// outside the layout.
	work := t.TempDir()
	gitOut(t, "init", "-q", "-b", "default", work)
	writeTree(t, work, goodArtifact())
	gitOut(t, "-C", work, "add", "-A")
	gitOut(t, "-C", work, "-c", "user.name=t", "-c", "user.email=t@x", "commit", "-q", "-m", "good")
	// A good bundle from stock git imports; damaged, it does not.
	good := filepath.Join(t.TempDir(), "good.bundle")
	gitOut(t, "-C", work, "bundle", "create", "-q", good, "default")
	writeTree(t, work, map[string]string{"notes.txt": "stray\n"})
	gitOut(t, "-C", work, "add", "-A")
	gitOut(t, "-C", work, "-c", "user.name=t", "-c", "user.email=t@x", "commit", "-q", "-m", "stray")
	bad := filepath.Join(t.TempDir(), "bad.bundle")
	gitOut(t, "-C", work, "bundle", "create", "-q", bad, "default")

	b := newCLI(t)
	b.mustRun("init")
	code, out, _ := b.run("--json", "import", bad)
	if code != exitFailure || !strings.Contains(out, "invalid_bundle") {
		t.Errorf("stray path: exit %d\n%s", code, out)
	}
	if refs := gitOut(t, "-C", b.repo(), "for-each-ref", "refs/heads"); refs != "" {
		t.Errorf("a refused import left refs:\n%s", refs)
	}

	raw, _ := os.ReadFile(good)
	damaged := filepath.Join(t.TempDir(), "damaged.bundle")
	bytesCopy := append([]byte(nil), raw...)
	for i := len(bytesCopy) - 60; i < len(bytesCopy)-30; i++ {
		bytesCopy[i] ^= 0x5a
	}
	os.WriteFile(damaged, bytesCopy, 0o600)
	if code, out, _ := b.run("--json", "import", damaged); code != exitFailure || !strings.Contains(out, "invalid_bundle") {
		t.Errorf("damaged pack: exit %d\n%s", code, out)
	}
	if refs := gitOut(t, "-C", b.repo(), "for-each-ref", "refs/heads"); refs != "" {
		t.Errorf("a refused import left refs:\n%s", refs)
	}
	b.mustRun("import", good)
	if got := b.mustRun("--scope", "default", "cat", "pages/prefs/editor.md"); got != goodArtifact()["pages/prefs/editor.md"] {
		t.Errorf("imported page = %q", got)
	}
	fsckClean(t, b.repo())
}

// Ensure that what one replica forgets is gone from the other after a
// push and a pull through a file remote, and that no old copy brings it
// back: an old bundle imported later stays erased, and a new bundle
// purges a replica that still holds the content.
func TestForgetTravels(t *testing.T) {
	server := filepath.Join(t.TempDir(), "server.git")
	gitOut(t, "init", "-q", "--bare", server)
	a, b, c := newCLI(t), newCLI(t), newCLI(t)
	for _, x := range []*cli{a, b, c} {
		x.mustRun("init")
	}
	b.replicaOf(a)
	c.replicaOf(a)
	a.mustRun("remote", "add", "origin", server)
	b.mustRun("remote", "add", "origin", server, "--trust-erasures")
	c.mustRun("remote", "add", "origin", server)
	if got := b.mustRun("remote", "list"); !strings.Contains(got, "trust-erasures") {
		t.Errorf("remote list does not show the trust: %q", got)
	}
	a.publishFiles(phoneArtifact(), "with the phone")
	a.mustRun("push")
	b.mustRun("pull")
	if !strings.Contains(b.mustRun("--scope", "default", "cat", "pages/prefs/contact.md"), syncPhone) {
		t.Fatal("setup: the pull did not bring the page")
	}
	old := filepath.Join(t.TempDir(), "old.bundle")
	b.mustRun("export", old)
	c.mustRun("import", old) // c holds the old copy

	a.advForget("text:555 301 7788")
	if out := a.mustRun("push"); !strings.Contains(out, "replaced") || !strings.Contains(out, "next pull") || strings.Contains(out, "refused") {
		t.Errorf("push after forget:\n%s", out)
	}
	b.mustRun("pull")
	for name, x := range map[string]*cli{"a": a, "b": b} {
		if strings.Contains(allObjects(t, x.repo()), "301-7788") {
			t.Errorf("replica %s still stores the number", name)
		}
		if got := x.mustRun("--scope", "default", "cat", "pages/prefs/contact.md"); strings.Contains(got, "7788") || !strings.Contains(got, "floor 2") {
			t.Errorf("replica %s page: %q", name, got)
		}
	}
	// The old bundle cannot bring it back.
	b.mustRun("import", old)
	if strings.Contains(allObjects(t, b.repo()), "301-7788") {
		t.Error("an old bundle brought the number back")
	}
	if ta, tb := gitOut(t, "-C", a.repo(), "rev-parse", "default"), gitOut(t, "-C", b.repo(), "rev-parse", "default"); ta != tb {
		t.Errorf("replicas disagree after the forget: %s vs %s", ta, tb)
	}
	// A new bundle purges a replica holding the old copy, once that
	// replica consents to what the markers erase there.
	fresh := filepath.Join(t.TempDir(), "new.bundle")
	a.mustRun("export", fresh)
	token := c.erasureConsent("import", fresh)
	if code, out, _ := c.run("--json", "import", fresh, "--token", "ec1-stale"); code != exitForgetScope || !strings.Contains(out, "erasure_consent_changed") {
		t.Errorf("import with a stale token: exit %d\n%s", code, out)
	}
	c.mustRun("import", fresh, "--token", token)
	if strings.Contains(allObjects(t, c.repo()), "301-7788") {
		t.Error("the replica holding the old copy kept it after importing the new bundle")
	}
	// And the guard of every replica refuses it now.
	files := phoneArtifact()
	if code, _, _ := c.run("--scope", "default", "publish", writeTemp(t, files), "--no-require-sources"); code != exitRejected {
		t.Errorf("republishing the number on c: exit %d, want %d", code, exitRejected)
	}
	for _, x := range []*cli{a, b, c} {
		fsckClean(t, x.repo())
	}
}

// Ensure that when both sides changed the same page differently, the pull
// takes the remote head, keeps the local commits under
// refs/memfs/diverged/ and puts their sessions back to pending; and that
// the diverged ref goes once the session is published again, with status
// counting it meanwhile.
func TestPullDiverged(t *testing.T) {
	server := filepath.Join(t.TempDir(), "server.git")
	gitOut(t, "init", "-q", "--bare", server)
	a, b := newCLI(t), newCLI(t)
	for _, x := range []*cli{a, b} {
		x.mustRun("init")
		x.mustRun("remote", "add", "origin", server)
	}
	a.publishFiles(goodArtifact(), "base")
	a.mustRun("push")
	b.mustRun("pull")
	// b dreams from a session it checkpointed; a publishes something else.
	b.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"), "--scope", "default")
	mine := maps.Clone(goodArtifact())
	mine["pages/prefs/shell.md"] = "# Shell\n\nUses zsh.\n\n## Sources\n\n- session:" + testSession + "\n"
	dir := writeTemp(t, mine)
	b.mustRun("--scope", "default", "publish", dir, "-m", "from b", "--source-sessions", testSession)
	b.ledger() // exists
	// Mark it processed, as a dream would have.
	if _, err := b.ledger().Acknowledge(t.Context(), mustSession(t, b, testSession), processedOf(t, b, testSession)); err != nil {
		t.Fatal(err)
	}
	if b.pending() != 0 {
		t.Fatal("setup: the session is still pending")
	}
	theirs := maps.Clone(goodArtifact())
	theirs["pages/prefs/tabs.md"] = "# Tabs\n\nTabs over spaces.\n\n## Sources\n\n- session:sess-1\n"
	theirs["pages/prefs/shell.md"] = "# Shell\n\nUses fish.\n\n## Sources\n\n- session:sess-1\n"
	a.publishFiles(theirs, "from a")
	a.mustRun("push")

	var res struct {
		Result struct {
			Branches []struct {
				Outcome, Kept string
				Sessions      []string
			}
		}
		Requeued int
	}
	if err := json.Unmarshal([]byte(b.mustRun("--json", "pull")), &res); err != nil {
		t.Fatal(err)
	}
	br := res.Result.Branches
	if len(br) != 1 || br[0].Outcome != "diverged" || !strings.HasPrefix(br[0].Kept, "refs/memfs/diverged/default/") ||
		len(br[0].Sessions) != 1 || br[0].Sessions[0] != testSession || res.Requeued != 1 {
		t.Fatalf("diverged pull: %+v", res)
	}
	if gitOut(t, "-C", a.repo(), "rev-parse", "default") != gitOut(t, "-C", b.repo(), "rev-parse", "default") {
		t.Error("b did not take the remote head")
	}
	if got := gitOut(t, "-C", b.repo(), "show", br[0].Kept+":pages/prefs/shell.md"); !strings.Contains(got, "zsh") {
		t.Errorf("the local commit was not kept: %q", got)
	}
	if b.pending() != 1 {
		t.Error("the session of the set-aside commit is not pending again")
	}
	if out := b.mustRun("status"); !strings.Contains(out, "diverged: 1") {
		t.Errorf("status does not count the diverged ref:\n%s", out)
	}
	// The session is dreamed again on the new head; the next push removes
	// the diverged ref.
	again := maps.Clone(theirs)
	again["pages/prefs/shell.md"] = "# Shell\n\nUses fish, and zsh at work.\n\n## Sources\n\n- session:sess-1\n- session:" + testSession + "\n"
	b.mustRun("--scope", "default", "publish", writeTemp(t, again), "-m", "again", "--source-sessions", testSession)
	if out := b.mustRun("push"); !strings.Contains(out, "sent: refs/heads/default") || strings.Contains(out, "refused") {
		t.Errorf("push after dreaming again:\n%s", out)
	}
	if refs := gitOut(t, "-C", b.repo(), "for-each-ref", "refs/memfs/diverged/"); refs != "" {
		t.Errorf("diverged refs left:\n%s", refs)
	}
	if out := b.mustRun("status"); strings.Contains(out, "diverged: 1") {
		t.Errorf("status after the prune:\n%s", out)
	}
	fsckClean(t, b.repo())
}

// Ensure that when two or three replicas each publish a page of their own
// without pulling first, every pull merges (no session goes back to
// pending, no diverged ref), every push is sent, a push that only merges
// metadata says so and never claims rewritten history, and all replicas
// end on one head holding every page.
func TestPullMergesThroughDaemon(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprintf("%d replicas", n), func(t *testing.T) {
			url := daemonURL(t)
			reps := make([]*cli, n)
			for i := range reps {
				reps[i] = newCLI(t)
				reps[i].mustRun("init")
				reps[i].mustRun("remote", "add", "origin", url, "--trust-erasures")
			}
			reps[0].publishFiles(goodArtifact(), "base")
			reps[0].mustRun("push")
			for _, x := range reps[1:] {
				x.mustRun("pull")
				if out := x.mustRun("push"); strings.Contains(out, "rewritten history") || strings.Contains(out, "refused") {
					t.Errorf("a push of nothing new:\n%s", out)
				}
			}
			for i, x := range reps {
				files := maps.Clone(goodArtifact())
				files[fmt.Sprintf("pages/prefs/p%d.md", i)] = fmt.Sprintf("# P%d\n\nFact %d.\n\n## Sources\n\n- session:sess-1\n", i, i)
				files["pages/prefs/index.md"] += fmt.Sprintf("- [P%d](p%d.md)\n", i, i)
				x.publishFiles(files, fmt.Sprintf("p%d", i))
				var res struct {
					Result struct {
						Branches []struct{ Outcome string }
					}
					Requeued int
				}
				if err := json.Unmarshal([]byte(x.mustRun("--json", "pull")), &res); err != nil {
					t.Fatal(err)
				}
				if want := map[bool]string{true: "merged", false: "local-ahead"}[i > 0]; len(res.Result.Branches) != 1 || res.Result.Branches[0].Outcome != want || res.Requeued != 0 {
					t.Errorf("replica %d pull: %+v, want %s", i, res, want)
				}
				if out := x.mustRun("push"); !strings.Contains(out, "sent: refs/heads/default") || strings.Contains(out, "rewritten history") {
					t.Errorf("replica %d push:\n%s", i, out)
				}
			}
			for _, x := range reps {
				x.mustRun("pull")
			}
			for i, x := range reps {
				if h0, h := gitOut(t, "-C", reps[0].repo(), "rev-parse", "default"), gitOut(t, "-C", x.repo(), "rev-parse", "default"); h != h0 {
					t.Errorf("replica %d head differs", i)
				}
				idx := x.mustRun("--scope", "default", "cat", "pages/prefs/index.md")
				for j := range n {
					if strings.Count(idx, fmt.Sprintf("(p%d.md)", j)) != 1 {
						t.Errorf("replica %d area index lacks p%d:\n%s", i, j, idx)
					}
				}
				if refs := gitOut(t, "-C", x.repo(), "for-each-ref", "refs/memfs/diverged/"); refs != "" {
					t.Errorf("replica %d diverged refs:\n%s", i, refs)
				}
				fsckClean(t, x.repo())
			}
		})
	}
}

// daemonURL starts git daemon (push enabled) on 127.0.0.1 serving one
// empty bare repository and returns its url.
func daemonURL(t *testing.T) string {
	t.Helper()
	base := t.TempDir()
	gitOut(t, "init", "-q", "--bare", filepath.Join(base, "memory.git"))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	daemon := exec.Command("git", "daemon", "--reuseaddr", "--export-all", "--enable=receive-pack",
		"--base-path="+base, "--listen=127.0.0.1", fmt.Sprintf("--port=%d", port), base)
	// Its own process group: git runs git-daemon as a child, which a
	// kill of git alone would leave serving after the test.
	daemon.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(-daemon.Process.Pid, syscall.SIGKILL); daemon.Wait() })
	storetest.Eventually(t, "git daemon listening", func() bool {
		conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			conn.Close()
		}
		return err == nil
	})
	t.Cleanup(func() { fsckClean(t, filepath.Join(base, "memory.git")) })
	return fmt.Sprintf("git://127.0.0.1:%d/memory.git", port)
}

// Ensure push and pull work against a real git server on 127.0.0.1.
func TestSyncThroughGitDaemon(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git not found")
	}
	url := daemonURL(t)
	a, b := newCLI(t), newCLI(t)
	for _, x := range []*cli{a, b} {
		x.mustRun("init")
		x.mustRun("remote", "add", "origin", url)
	}
	b.replicaOf(a)
	if got := a.mustRun("remote", "list"); !strings.Contains(got, url) {
		t.Errorf("remote list: %q", got)
	}
	a.publishFiles(phoneArtifact(), "first")
	a.mustRun("push", "origin")
	b.mustRun("pull", "origin")
	if gitOut(t, "-C", a.repo(), "rev-parse", "default^{tree}") != gitOut(t, "-C", b.repo(), "rev-parse", "default^{tree}") {
		t.Error("trees differ after push and pull")
	}
	// And back, after a change on b.
	more := phoneArtifact()
	more["pages/prefs/tea.md"] = "# Tea\n\nGreen.\n\n## Sources\n\n- session:sess-1\n"
	b.publishFiles(more, "tea")
	b.mustRun("push")
	a.mustRun("pull")
	if got := a.mustRun("--scope", "default", "cat", "pages/prefs/tea.md"); !strings.Contains(got, "Green") {
		t.Errorf("a after pulling b's change: %q", got)
	}
	// A forget on a reaches b through the server, once b consents.
	a.advForget("text:555 301 7788")
	a.mustRun("push")
	token := b.erasureConsent("pull")
	b.mustRun("pull", "--token", token)
	if strings.Contains(allObjects(t, b.repo()), "301-7788") {
		t.Error("b still stores the forgotten number after pulling")
	}
	fsckClean(t, a.repo())
	fsckClean(t, b.repo())
}

// replicaOf makes c a replica of the same user as from: it imports the
// key file from exports (memfs key export, memfs key import), so each
// checks the other's markers.
func (c *cli) replicaOf(from *cli) {
	c.t.Helper()
	keyFile := filepath.Join(c.t.TempDir(), "keys")
	from.mustRun("key", "export", keyFile)
	c.mustRun("key", "import", keyFile)
}

// erasureConsent runs an import or a pull that incoming erasure markers
// stop (exit 4), checks what it reports and changes nothing, and returns
// the token that applies them.
func (c *cli) erasureConsent(args ...string) string {
	c.t.Helper()
	before := gitOut(c.t, "-C", c.repo(), "for-each-ref")
	code, out, _ := c.run(append([]string{"--json"}, args...)...)
	var res struct {
		OK    bool
		Error struct{ Code string }
		// The counts of what the markers would erase here.
		Consent struct {
			Token   string `json:"erasure_consent"`
			Markers int
			Kinds   map[string]int
			Refs    []struct {
				Ref     string
				Commits int
				Pages   int
			}
			Rewritten int `json:"rewritten_commits"`
		} `json:"erasure_consent"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		c.t.Fatalf("%v: %v\n%s", args, err, out)
	}
	cs := res.Consent
	if code != exitForgetScope || res.OK || res.Error.Code != "erasure_consent_required" || !strings.HasPrefix(cs.Token, "ec1-") ||
		cs.Markers == 0 || cs.Kinds["text"] == 0 || len(cs.Refs) == 0 || cs.Refs[0].Commits == 0 || cs.Rewritten == 0 {
		c.t.Fatalf("%v: exit %d\n%s", args, code, out)
	}
	if after := gitOut(c.t, "-C", c.repo(), "for-each-ref"); after != before {
		c.t.Errorf("%v stopped for consent but moved refs:\n%s\n→\n%s", args, before, after)
	}
	return cs.Token
}

func mustSession(t *testing.T, c *cli, id string) ledger.Checkpoint {
	t.Helper()
	st, err := c.ledger().Session(t.Context(), id)
	if err != nil || st.Checkpoint == nil {
		t.Fatalf("session %s: %+v %v", id, st, err)
	}
	return *st.Checkpoint
}

// processedOf is the processed state a dream of the session's checkpoint
// reaches.
func processedOf(t *testing.T, c *cli, id string) transcript.Processed {
	cp := mustSession(t, c, id)
	return cp.Processed()
}

// Ensure push and pull work over smart HTTP (git http-backend behind
// net/http/cgi) with basic authentication taken from the environment.
func TestSyncThroughHTTP(t *testing.T) {
	execPath := strings.TrimSpace(gitOut(t, "--exec-path"))
	backend := filepath.Join(execPath, "git-http-backend")
	if _, err := os.Stat(backend); err != nil {
		t.Fatalf("git-http-backend not found at %s: %v", backend, err)
	}
	base := t.TempDir()
	gitOut(t, "init", "-q", "--bare", filepath.Join(base, "memory.git"))
	gitOut(t, "-C", filepath.Join(base, "memory.git"), "config", "http.receivepack", "true")
	cgiHandler := &cgi.Handler{Path: backend, Env: []string{"GIT_PROJECT_ROOT=" + base, "GIT_HTTP_EXPORT_ALL=1"}}
	var denied atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "memfs" || p != "s3cret" {
			denied.Add(1)
			w.Header().Set("WWW-Authenticate", `Basic realm="memory"`)
			http.Error(w, "authentication required", http.StatusUnauthorized)
			return
		}
		cgiHandler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Setenv("MEMFS_REMOTE_USERNAME", "memfs")
	t.Setenv("MEMFS_REMOTE_PASSWORD", "s3cret")

	url := srv.URL + "/memory.git"
	a, b := newCLI(t), newCLI(t)
	for _, x := range []*cli{a, b} {
		x.mustRun("init")
		x.mustRun("remote", "add", "origin", url)
	}
	a.publishFiles(phoneArtifact(), "first")
	a.mustRun("push")
	b.mustRun("pull")
	if gitOut(t, "-C", a.repo(), "rev-parse", "default^{tree}") != gitOut(t, "-C", b.repo(), "rev-parse", "default^{tree}") {
		t.Error("trees differ after push and pull over http")
	}
	// git asks without credentials first, then with the environment's.
	before := denied.Load()
	// Without credentials the server refuses, and memfs says so.
	t.Setenv("MEMFS_REMOTE_USERNAME", "")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(t.TempDir(), "none")) // no credential helper
	if code, _, _ := b.run("pull"); code == 0 {
		t.Error("a pull without credentials succeeded")
	}
	if denied.Load() == before {
		t.Error("the server never saw a request without credentials")
	}
	for _, l := range []string{a.repo(), b.repo()} {
		if b, err := os.ReadFile(filepath.Join(l, "config")); err != nil || strings.Contains(string(b), "s3cret") {
			t.Errorf("%s/config holds the password (err %v)", l, err)
		}
	}
}
