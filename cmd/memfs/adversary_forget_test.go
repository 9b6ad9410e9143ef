package main

// Adversarial end-to-end checks of forget's channels (issue 12): each
// test drives the real CLI in-process and inspects the store with stock
// git, the ledger file's bytes and the materialized trees, the way a user
// or an attacker would look for what was forgotten.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
)

// advTranscript writes a Claude Code transcript of session in which the
// user says each message and the assistant answers "Noted.".
func advTranscript(t *testing.T, session string, msgs ...string) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.Encode(map[string]any{"type": "permission-mode", "permissionMode": "default", "sessionId": session})
	var parent any
	n := 0
	entry := func(role string, content any) {
		n++
		id := fmt.Sprintf("aaaaaaaa-0000-4000-8000-%012d", n)
		e := map[string]any{"parentUuid": parent, "isSidechain": false, "userType": "external", "cwd": "/nonexistent-memfs-test/adv",
			"sessionId": session, "version": "2.1.197", "gitBranch": "main", "type": role, "uuid": id,
			"timestamp": fmt.Sprintf("2026-04-02T08:%02d:%02d.000Z", n/60, n%60)}
		if role == "user" {
			e["message"] = map[string]any{"role": "user", "content": content}
		} else {
			e["requestId"] = fmt.Sprintf("req_%d", n)
			e["message"] = map[string]any{"model": "claude-sonnet-4-5", "id": fmt.Sprintf("msg_%d", n), "type": "message", "role": "assistant",
				"content": []any{map[string]any{"type": "text", "text": content}}, "stop_reason": "end_turn", "stop_sequence": nil,
				"usage": map[string]any{"input_tokens": 9, "output_tokens": 4}}
		}
		enc.Encode(e)
		parent = id
	}
	for _, m := range msgs {
		entry("user", m)
		entry("assistant", "Noted.")
	}
	enc.Encode(map[string]any{"type": "last-prompt", "lastPrompt": msgs[len(msgs)-1], "sessionId": session, "leafUuid": parent})
	p := filepath.Join(t.TempDir(), session+".jsonl")
	if err := os.WriteFile(p, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// advPreview is the part of a forget preview the tests read.
type advPreview struct {
	Scope     string `json:"forget_scope"`
	Revisions []struct {
		Commit  string
		Paths   []string
		Renamed []string
	}
	Pages          []string
	Renamed        []string
	CommitMessages int `json:"commit_messages"`
	Authors        int
}

// advForget previews and applies a forget of the targets and returns the
// preview and the receipt's raw JSON.
func (c *cli) advForget(targets ...string) (advPreview, string) {
	c.t.Helper()
	var args []string
	for _, t := range targets {
		args = append(args, "--target", t)
	}
	out := c.mustRun(append([]string{"--json", "forget", "preview"}, args...)...)
	var p advPreview
	if err := json.Unmarshal([]byte(out), &p); err != nil || p.Scope == "" {
		c.t.Fatalf("preview: %v\n%s", err, out)
	}
	receipt := c.mustRun(append([]string{"--json", "forget", "apply", "--token", p.Scope}, args...)...)
	if _, err := os.Stat(filepath.Join(c.repo(), "forget-pending.json")); err == nil {
		c.t.Errorf("forget of %v left forget-pending.json", targets)
	}
	return p, receipt
}

// advStoreDump is everything stock git shows of the store: every
// revision's patch and message, the names in every revision's tree, and
// every object on disk.
func advStoreDump(t *testing.T, repo string) (logs, names, objects string) {
	t.Helper()
	logs = gitOut(t, "-C", repo, "log", "--all", "-p", "--format=%H %an <%ae> %cn <%ce>%n%B")
	var nb strings.Builder
	for _, rev := range strings.Fields(gitOut(t, "-C", repo, "rev-list", "--all")) {
		nb.WriteString(gitOut(t, "-C", repo, "ls-tree", "-r", "-t", "--name-only", rev))
	}
	return logs, nb.String(), allObjects(t, repo)
}

// advAssertGone fails unless no channel of the home holds re (stock git's
// views of the store, the ledger file's bytes, any file under the home).
func advAssertGone(t *testing.T, c *cli, what string, re *regexp.Regexp) {
	t.Helper()
	logs, names, objects := advStoreDump(t, c.repo())
	for ch, s := range map[string]string{"git log --all -p": logs, "ls-tree of every revision": names, "cat-file --batch-all-objects": objects} {
		if re.MatchString(s) {
			t.Errorf("%s: %s still shows %s", ch, what, re.FindString(s))
		}
	}
	filepath.WalkDir(c.home, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if re.MatchString(d.Name()) {
			t.Errorf("%s: a file name under the home holds it: %s", what, p)
		}
		// Objects are compressed (cat-file reads them); config.toml is
		// the user's own setting.
		if d.Type().IsRegular() && !strings.Contains(p, string(filepath.Separator)+"objects"+string(filepath.Separator)) && d.Name() != "config.toml" {
			if b, err := os.ReadFile(p); err == nil && re.Match(b) {
				t.Errorf("%s: %s holds it", what, p)
			}
		}
		return nil
	})
	fsckClean(t, c.repo())
}

// advPublish publishes files in scope default and returns the exit code
// and stderr.
func (c *cli) advPublish(files map[string]string, args ...string) (int, string) {
	c.t.Helper()
	code, _, errs := c.run(append([]string{"--scope", "default", "publish", writeTemp(c.t, files)}, args...)...)
	return code, errs
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader in two
// goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// advMountNames mounts the scope's history in-process (memfs mount
// --history), runs fn while it is mounted, and unmounts.
func (c *cli) advMount(scope string, fn func(mnt string)) {
	c.t.Helper()
	storetest.RequireFUSE(c.t)
	mnt := filepath.Join(c.t.TempDir(), "mnt")
	if err := os.Mkdir(mnt, 0o700); err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(c.t.Context())
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"--home", c.home, "--scope", scope, "--json", "mount", "--history", "--prefetch=false", mnt}, strings.NewReader(""), &out, &errb)
	}()
	defer func() {
		cancel()
		if code := <-done; code != 0 {
			c.t.Errorf("mount exit %d: %s", code, errb.String())
		}
	}()
	storetest.Eventually(c.t, "the mount is ready", func() bool {
		select {
		case code := <-done:
			c.t.Fatalf("mount exited %d: %s", code, errb.String())
		default:
		}
		return strings.Contains(out.String(), `"ok"`) && isMounted(c.t, mnt)
	})
	fn(mnt)
}

// advListing lists every name under dir (relative paths).
func advListing(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		names = append(names, rel)
		return nil
	})
	if err != nil {
		t.Fatalf("walk %s: %v", dir, err)
	}
	return names
}

var hunter2RE = regexp.MustCompile(`(?i)hunter2`)

// Issue 12.1: a page the builtin names after forgotten text. After the
// forget, no name in any revision, checkout or mount listing, no receipt,
// no ledger byte holds the literal; the guard refuses a new page named
// after it.
func TestAdversaryForgetPathNames(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-w1", "Remember that hunter2 is my wifi network."))
	c.mustRun("dream")
	if _, names, _ := advStoreDump(t, c.repo()); !hunter2RE.MatchString(names) {
		t.Fatalf("setup: the builtin named no page after the literal:\n%s", names)
	}
	p, receipt := c.advForget("text:hunter2")
	// The page said only the literal: left hollow, it goes (a page with
	// other text left would be renamed).
	if len(p.Renamed) == 0 && len(p.Pages) == 0 {
		t.Errorf("preview reports no renamed or dropped file: %+v", p)
	}
	if pj, _ := json.Marshal(struct{ A, B, C any }{p.Revisions, p.Pages, p.Renamed}); hunter2RE.Match(pj) {
		t.Errorf("preview names the old path: %s", pj)
	}
	if hunter2RE.MatchString(receipt) {
		t.Errorf("receipt holds the literal:\n%s", receipt)
	}
	advAssertGone(t, c, "hunter2", hunter2RE)
	b, err := os.ReadFile(filepath.Join(c.home, ledger.FileName))
	if err != nil || hunter2RE.Match(b) {
		t.Errorf("ledger.db holds the literal (err %v)", err)
	}

	// A checkout and a mount list no name holding it.
	co := filepath.Join(t.TempDir(), "co")
	c.mustRun("--scope", "default", "checkout", co)
	for _, n := range advListing(t, filepath.Dir(co)) {
		if hunter2RE.MatchString(n) {
			t.Errorf("checkout lists %s", n)
		}
	}

	// The guard refuses a new page or area named after it, naming the
	// position, never the text.
	for _, path := range []string{"pages/hunter2/hunter2.md", "pages/facts/wifi-hunter-2.md", "pages/hunter-2/notes.md"} {
		files := goodArtifact()
		files[path] = "# Notes\n\nNothing secret.\n\n## Sources\n\n- session:sess-1\n"
		code, errs := c.advPublish(files)
		if code != exitRejected || !strings.Contains(errs, "path segment") || hunter2RE.MatchString(errs) {
			t.Errorf("publish of %s: exit %d\n%s", path, code, errs)
		}
	}
	files := goodArtifact()
	files["pages/facts/hunter3.md"] = "# Near miss\n\nNot the literal.\n\n## Sources\n\n- session:sess-1\n"
	if code, errs := c.advPublish(files); code != 0 {
		t.Errorf("a near miss (hunter3) was refused: exit %d\n%s", code, errs)
	}

	if os.Getenv("MEMFS_REQUIRE_FUSE") == "1" || fuseUsable() {
		c.advMount("default", func(mnt string) {
			names := advListing(t, mnt)
			if len(names) < 4 {
				t.Errorf("the mount lists only %v", names)
			}
			for _, n := range names {
				if hunter2RE.MatchString(n) {
					t.Errorf("mount lists %s", n)
				}
			}
		})
	}
}

// fuseUsable reports whether a FUSE mount can be made here (as
// storetest.RequireFUSE decides), so the mount part of a test runs where
// it can and the rest runs everywhere.
func fuseUsable() bool {
	if _, err := os.Stat("/dev/fuse"); err != nil {
		return false
	}
	if os.Geteuid() == 0 {
		return true
	}
	_, err := exec.LookPath("fusermount3")
	return err == nil
}

// Issue 12.1: a literal that appears only in a file name, in either
// joined form (zebra-4491-quartz / zebra4491quartz). Preview reports the
// rename; after apply no revision names it; the guard refuses it back.
func TestAdversaryForgetJoinedSlug(t *testing.T) {
	zebra := regexp.MustCompile(`(?i)zebra`)
	for _, tc := range []struct{ slug, target string }{
		{"zebra4491quartz", "text:zebra-4491-quartz"},
		{"zebra-4491-quartz", "text:zebra4491quartz"},
		{"zebra_4491_quartz", "text:Zebra 4491 Quartz"},
	} {
		t.Run(tc.slug, func(t *testing.T) {
			c := newCLI(t)
			c.mustRun("init")
			files := goodArtifact()
			files["pages/hosts/index.md"] = "# Hosts\n\n- [Staging host](" + tc.slug + ".md)\n"
			files["pages/hosts/"+tc.slug+".md"] = "# Staging host\n\nThe staging host runs Debian.\n\n## Sources\n\n- session:sess-1\n"
			files["index.md"] += "- [Hosts](pages/hosts/index.md)\n"
			if code, errs := c.advPublish(files, "-m", "add the staging host"); code != 0 {
				t.Fatalf("setup publish: exit %d\n%s", code, errs)
			}
			p, receipt := c.advForget(tc.target)
			if len(p.Revisions) != 1 || len(p.Renamed) != 1 || !strings.HasPrefix(filepath.Base(p.Renamed[0]), "erased-") {
				t.Errorf("preview of a literal only in a file name: %+v", p)
			}
			if zebra.MatchString(receipt) {
				t.Errorf("receipt holds the literal:\n%s", receipt)
			}
			advAssertGone(t, c, tc.slug, zebra)
			if got := c.mustRun("--scope", "default", "cat", "pages/hosts/index.md"); !strings.Contains(got, "(erased-") {
				t.Errorf("the link did not follow the rename:\n%s", got)
			}
			for _, slug := range []string{"zebra4491quartz", "zebra-4491-quartz", "zebra-4491quartz"} {
				files := goodArtifact()
				files["pages/"+slug+"/x.md"] = "# X\n\nx.\n\n## Sources\n\n- session:sess-1\n"
				if code, errs := c.advPublish(files); code != exitRejected || !strings.Contains(errs, "path segment 2") || zebra.MatchString(errs) {
					t.Errorf("publish of area %s: exit %d\n%s", slug, code, errs)
				}
			}
		})
	}
}

// Issue 12.2: after the forget, a hand publication whose message holds
// the literal is refused (exit 3), and an exec dreamer whose stdout (the
// commit message) repeats it publishes without it.
func TestAdversaryForgetCommitMessages(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["pages/prefs/wifi.md"] = "# Wifi\n\nThe wifi password is hunter2.\n\n## Sources\n\n- session:sess-1\n"
	c.advPublish(files, "-m", "add the wifi\n\nwifi is hunter2")
	c.advForget("text:hunter2")
	delete(files, "pages/prefs/wifi.md")
	for _, msg := range []string{"the wifi password is hunter2", "subject\n\nbody says HUNTER-2", "ok\n\nMemfs-Note: ｈｕｎｔｅｒ２"} {
		if code, errs := c.advPublish(files, "-m", msg); code != exitRejected || !strings.Contains(errs, "commit message line") || hunter2RE.MatchString(errs) {
			t.Errorf("publish -m %q: exit %d\n%s", msg, code, errs)
		}
	}

	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-e1", "Remember that deploys happen on Fridays."))
	dreamer := `id=$(sed -n 's/.*"session_id": *"\([^"]*\)".*/\1/p' "$MEMFS_INPUT/manifest.json" | head -n 1)
mkdir -p "$MEMFS_MEMORY/pages/notes"
printf '# Notes\n\n- [Deploys](deploys.md)\n' > "$MEMFS_MEMORY/pages/notes/index.md"
entry=$(sed -n 's/.*"id": *"\([^"]*\)".*/\1/p' "$MEMFS_INPUT"/sessions/*/transcript.jsonl | head -n 1)
printf '# Deploys\n\nDeploy on Fridays only.\n\n## Sources\n\n- session:%s entry:%s\n' "$id" "$entry" > "$MEMFS_MEMORY/pages/notes/deploys.md"
echo "wrote the deploy page; the wifi password is hunter2"
echo "and again: hunter 2"
echo "a clean line"`
	out := c.mustRun("dream", "--dreamer", "exec", "--dreamer-cmd", dreamer)
	if !strings.Contains(out, " published ") {
		t.Fatalf("exec dream did not publish:\n%s", out)
	}
	msg := gitOut(t, "-C", c.repo(), "log", "-1", "--format=%B", "default")
	if !strings.Contains(msg, "a clean line") {
		t.Errorf("the clean line of the dreamer's summary is gone:\n%s", msg)
	}
	advAssertGone(t, c, "hunter2", regexp.MustCompile(`(?i)hunter[ _-]?2`))

	// A literal in a one-line message: stripping the subject leaves the
	// trailers without the blank line that makes them trailers.
	t.Run("subject-only", func(t *testing.T) {
		c := newCLI(t)
		c.mustRun("init")
		c.advPublish(goodArtifact(), "-m", "wifi is hunter2")
		c.advForget("text:hunter2")
		advAssertGone(t, c, "hunter2", hunter2RE)
		c2 := newCLI(t)
		c2.mustRun("init")
		c2.advPublish(goodArtifact(), "-m", "learned from session:sess-q", "--source-sessions", "sess-1,sess-q")
		c2.advForget("session:sess-q")
	})
}

// Issue 12.3: every form a session id takes in a commit message or a
// file line goes with forget session:ID; other lines stay.
func TestAdversaryForgetSessionForms(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["summary.md"] = "# Summary\n\nFrom session:sess-x1.\nSee <sess-x1> and `sess-x1`.\nKeep this line.\n"
	files["pages/prefs/index.md"] += "- [Tea](tea.md)\n"
	files["pages/prefs/editor.md"] = "# Editor\n\nvim.\n\n## Sources\n\n- session:sess-x1\n"
	files["pages/prefs/tea.md"] = "# Tea\n\nGreen tea.\n\n## Sources\n\n- session:sess-ok\n"
	msg := strings.Join([]string{
		"learned from session:sess-x1.", "",
		"quoted 'sess-x1' here",
		`double "sess-x1" here`,
		"angle <sess-x1> here",
		"code `sess-x1` here",
		"url https://example.com/s/sess-x1?x=1 here",
		"sess-x1: colon form",
		"clean body line", "",
		"Memfs-Note: sess-x1,sess-ok",
	}, "\n")
	if code, errs := c.advPublish(files, "-m", msg, "--source-sessions", "sess-x1,sess-ok"); code != 0 {
		t.Fatalf("setup: exit %d\n%s", code, errs)
	}
	c.advForget("session:sess-x1")
	advAssertGone(t, c, "sess-x1", regexp.MustCompile(`sess-x1`))
	logMsg := gitOut(t, "-C", c.repo(), "log", "--format=%B", "default")
	for _, want := range []string{"clean body line", "Memfs-Sources: sess-ok"} {
		if !strings.Contains(logMsg, want) {
			t.Errorf("message lost %q:\n%s", want, logMsg)
		}
	}
	if got := c.mustRun("--scope", "default", "cat", "summary.md"); !strings.Contains(got, "Keep this line.") {
		t.Errorf("summary lost an unrelated line:\n%s", got)
	}
	if got := c.mustRun("--scope", "default", "cat", "pages/prefs/tea.md"); !strings.Contains(got, "Green tea") {
		t.Errorf("a page of another session went:\n%s", got)
	}
}

// Issue 12.4: look-alike spellings of forgotten literals are refused in
// files and messages; near misses are accepted.
func TestAdversaryForgetLookAlikes(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["pages/prefs/editor.md"] = "# Editor\n\nThe passphrase is correct horse battery staple.\n\nThe other is hunter2.\n\nThe user edits in vim.\n\n## Sources\n\n- session:sess-1\n"
	c.advPublish(files)
	c.advForget("text:correct horse battery staple")
	c.advForget("text:hunter2")
	math := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			b.WriteRune(0x1D41A + r - 'a') // MATHEMATICAL BOLD SMALL
		}
		return b.String()
	}
	refused := []string{
		"cor\u200brect horse battery staple",
		"cor\u00adrect horse battery staple",
		"\uff43\uff4f\uff52\uff52\uff45\uff43\uff54 horse battery staple",
		math("correct") + " horse battery staple",
		"c\u043errect horse battery staple", // Cyrillic о
		"&#99;orrect horse battery staple",
		"cor**rect** horse battery staple",
		"cor-rect horse-battery staple",
		"CORRECT HORSE BATTERY STAPLE",
		"hunter-2", "hunter 2", "hunter_2", "hunter\u00b2", "\uff48\uff55\uff4e\uff54\uff45\uff52\uff12", "h\u200bunter2",
	}
	for _, v := range refused {
		f := goodArtifact()
		f["pages/prefs/editor.md"] = "# Editor\n\nThe value is " + v + " here.\n\n## Sources\n\n- session:sess-1\n"
		if code, errs := c.advPublish(f); code != exitRejected || !strings.Contains(errs, "erased_content") {
			t.Errorf("file holding %q: exit %d\n%s", v, code, errs)
		}
		if code, errs := c.advPublish(goodArtifact(), "-m", "note: "+v); code != exitRejected || !strings.Contains(errs, "commit message line 1") {
			t.Errorf("message holding %q: exit %d\n%s", v, code, errs)
		}
	}
	for _, v := range []string{"hunter3", "hunter22", "correct horse battery stable", "horse battery staple"} {
		f := goodArtifact()
		f["pages/prefs/editor.md"] = "# Editor\n\nThe value is " + v + " here.\n\n## Sources\n\n- session:sess-1\n"
		if code, errs := c.advPublish(f, "-m", "near miss "+v); code != 0 {
			t.Errorf("near miss %q refused: exit %d\n%s", v, code, errs)
		}
	}
}

// Issue 12.5: forgetting a session that summary.md and an area index cite
// completes and leaves no forget-pending.json, by hand and after a
// builtin dream (whose summary cites sessions).
func TestAdversaryForgetCitedSession(t *testing.T) {
	t.Run("hand", func(t *testing.T) {
		c := newCLI(t)
		c.mustRun("init")
		files := goodArtifact()
		files["summary.md"] = "# Summary\n\nThe user prefers vim (session:sess-y).\n\n## Sources\n\n- session:sess-y\n"
		files["pages/prefs/index.md"] = "# Preferences\n\n- [Editor](editor.md) (session:sess-y)\n\n## Sources\n\n- session:sess-y\n"
		if code, errs := c.advPublish(files); code != 0 {
			t.Fatalf("setup: exit %d\n%s", code, errs)
		}
		c.advForget("session:sess-y")
		advAssertGone(t, c, "sess-y", regexp.MustCompile(`sess-y`))
		c.advForget("text:vim") // the next forget runs too
	})
	t.Run("builtin", func(t *testing.T) {
		c := newCLI(t)
		c.mustRun("init")
		c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-a", "Remember that deploys happen on Fridays."))
		c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-b", "Please remember that I prefer tabs over spaces."))
		c.mustRun("dream")
		if !strings.Contains(c.mustRun("--scope", "default", "cat", "summary.md"), "sess-a") {
			t.Fatal("setup: the builtin summary does not cite the session")
		}
		c.advForget("session:sess-a")
		advAssertGone(t, c, "sess-a", regexp.MustCompile(`sess-a`))
		if got := c.mustRun("--scope", "default", "cat", "summary.md"); !strings.Contains(got, "tabs") {
			t.Errorf("summary lost the other session's line:\n%s", got)
		}
	})
}

// Issue 12.7: forget text:session would break every page's Sources: it is
// refused with forget_breaks_schema (exit 4) and nothing changes.
func TestAdversaryForgetBreaksSchema(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.advPublish(goodArtifact())
	refs := gitOut(t, "-C", c.repo(), "for-each-ref")
	objs := allObjects(t, c.repo())
	for _, target := range []string{"text:session", "text:Sources", "text:Memfs-Artifact"} {
		code, out, _ := c.run("--json", "forget", "preview", "--target", target)
		if code != exitForgetScope || !strings.Contains(out, "forget_breaks_schema") {
			t.Errorf("preview %s: exit %d\n%s", target, code, out)
		}
		code, out, _ = c.run("--json", "forget", "apply", "--token", "fs1-"+strings.Repeat("0", 40), "--target", target)
		if code == 0 {
			t.Errorf("apply %s succeeded:\n%s", target, out)
		}
	}
	if after := gitOut(t, "-C", c.repo(), "for-each-ref"); after != refs {
		t.Errorf("refs changed:\n%s\n→\n%s", refs, after)
	}
	if allObjects(t, c.repo()) != objs {
		t.Error("objects changed")
	}
	// The store still takes publications (no marker of memfs's own words).
	files := goodArtifact()
	files["summary.md"] += "Later.\n"
	if code, errs := c.advPublish(files, "-m", "later", "--source-sessions", "sess-1"); code != 0 {
		t.Errorf("publish after the refused forgets: exit %d\n%s", code, errs)
	}
}

// Issue 12.8: after forget page:P, P's session continues and says it
// again; the next dream publishes the other pending sessions and does not
// bring P back.
func TestAdversaryForgetPageSessionContinues(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-a", "Remember that hunter2 is my wifi network."))
	c.mustRun("dream")
	// The page is named after its subject, the literal.
	page := advPageNamed(t, c, "hunter2")
	if code, _, _ := c.run("--scope", "default", "cat", page); code != 0 {
		t.Fatalf("setup: no page %s", page)
	}
	c.advForget("page:" + page)
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-a",
		"Remember that hunter2 is my wifi network.", "Remember that hunter2 is my wifi network.", "Please remember that I prefer tabs over spaces."))
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-b", "Remember that deploys happen on Fridays."))
	out := c.mustRun("dream")
	if !strings.Contains(out, " published ") || !strings.Contains(out, "2 session(s)") {
		t.Errorf("dream after the forget:\n%s", out)
	}
	if n := c.pending(); n != 0 {
		t.Errorf("%d sessions still pending: the scope is wedged", n)
	}
	names := gitOut(t, "-C", c.repo(), "ls-tree", "-r", "--name-only", "default")
	if strings.Contains(names, page) || advPageSaying(t, c, "Fridays") == "" || !strings.Contains(names, "pages/preferences/") {
		t.Errorf("tree after the dream:\n%s", names)
	}
	t.Run("counts", func(t *testing.T) {
		advCheckCounts(t, c)
	})
}

// advPageNamed is the path of the default scope's page whose name holds
// s ("" when none does).
func advPageNamed(t *testing.T, c *cli, s string) string {
	t.Helper()
	for _, p := range strings.Fields(gitOut(t, "-C", c.repo(), "ls-tree", "-r", "--name-only", "default")) {
		if strings.HasPrefix(p, "pages/") && strings.Contains(path.Base(p), s) {
			return p
		}
	}
	return ""
}

// advPageSaying is the path of the default scope's page whose text holds
// s ("" when none does).
func advPageSaying(t *testing.T, c *cli, s string) string {
	t.Helper()
	for _, p := range strings.Fields(gitOut(t, "-C", c.repo(), "ls-tree", "-r", "--name-only", "default")) {
		if strings.HasPrefix(p, "pages/") && !strings.HasSuffix(p, "/index.md") && strings.Contains(c.mustRun("--scope", "default", "cat", p), s) {
			return p
		}
	}
	return ""
}

var (
	advAreaLine    = regexp.MustCompile(`(?m)^- \[([a-z0-9_-]+)\]\(pages/([a-z0-9_-]+)/index\.md\): ([0-9]+) page\(s\)$`)
	advSummaryLine = regexp.MustCompile(`(?m)^Statements the user asked to keep or stated as durable: (.+)\. Start at index\.md\.$`)
	advAreaHeading = regexp.MustCompile(`(?m)^### ([a-z0-9_-]+)$`)
)

// advCheckCounts checks the builtin's generated lines against the pages of
// the default scope's head: each area's count in index.md and summary.md
// equals its pages, no area without pages is named, and every area with
// pages is.
func advCheckCounts(t *testing.T, c *cli) {
	t.Helper()
	pages := map[string]int{}
	for _, p := range strings.Fields(gitOut(t, "-C", c.repo(), "ls-tree", "-r", "--name-only", "default")) {
		if parts := strings.Split(p, "/"); len(parts) == 3 && parts[0] == "pages" && parts[2] != "index.md" {
			pages[parts[1]]++
		}
	}
	index := c.mustRun("--scope", "default", "cat", "index.md")
	summary := c.mustRun("--scope", "default", "cat", "summary.md")
	seen := map[string]bool{}
	for _, m := range advAreaLine.FindAllStringSubmatch(index, -1) {
		seen[m[1]] = true
		if fmt.Sprint(pages[m[1]]) != m[3] {
			t.Errorf("index.md counts %s page(s) in %s; the tree holds %d", m[3], m[1], pages[m[1]])
		}
	}
	for _, m := range advAreaHeading.FindAllStringSubmatch(index, -1) {
		if pages[m[1]] == 0 {
			t.Errorf("index.md keeps a heading for the empty area %s:\n%s", m[1], index)
		}
	}
	if m := advSummaryLine.FindStringSubmatch(summary); m != nil {
		for _, part := range strings.Split(m[1], ", ") {
			area, n, _ := strings.Cut(part, " ")
			if fmt.Sprint(pages[area]) != n {
				t.Errorf("summary.md counts %s in %s; the tree holds %d page(s)", n, area, pages[area])
			}
		}
	} else if len(pages) > 0 {
		t.Errorf("summary.md has no count line:\n%s", summary)
	}
	for area, n := range pages {
		if !seen[area] {
			t.Errorf("index.md has no line for area %s (%d pages)", area, n)
		}
	}
}

// Issue 12.9: after forgets that drop pages, the generated counts of
// index.md and summary.md match the remaining pages, and an emptied area
// disappears (its index, its line, its heading).
func TestAdversaryForgetRecounts(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-a",
		"Remember that deploys happen on Fridays.", "Please remember that I prefer tabs over spaces."))
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-b", "Remember that the staging host runs Debian."))
	c.mustRun("dream")
	advCheckCounts(t, c)
	c.advForget("session:sess-b")
	advCheckCounts(t, c)
	c.advForget("page:pages/facts/deploys-happen-fridays.md")
	names := gitOut(t, "-C", c.repo(), "ls-tree", "-r", "--name-only", "default")
	if strings.Contains(names, "pages/facts/") {
		t.Errorf("the emptied area's files remain:\n%s", names)
	}
	index := c.mustRun("--scope", "default", "cat", "index.md")
	if strings.Contains(index, "(pages/facts/index.md)") {
		t.Errorf("index.md still links the emptied area:\n%s", index)
	}
	if strings.Contains(c.mustRun("--scope", "default", "cat", "summary.md"), "facts") {
		t.Error("summary.md still counts the emptied area")
	}
	t.Run("heading", func(t *testing.T) {
		advCheckCounts(t, c)
	})
}

// Issue 12.11: a forgotten literal in the configured author leaves every
// commit's author and committer, and the guard refuses the next
// publication signed with it.
func TestAdversaryForgetAuthor(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	if err := os.WriteFile(filepath.Join(c.home, "config.toml"), []byte("[author]\nname = \"Jane Zanzibar Quokka\"\nemail = \"jane@example.com\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c.advPublish(goodArtifact(), "-m", "first")
	files := goodArtifact()
	files["summary.md"] += "More.\n"
	c.advPublish(files, "-m", "second")
	if !strings.Contains(gitOut(t, "-C", c.repo(), "log", "--all", "--format=%an %cn"), "Zanzibar") {
		t.Fatal("setup: the configured author signs nothing")
	}
	p, _ := c.advForget("text:zanzibar")
	if p.Authors == 0 {
		t.Errorf("preview counts no author: %+v", p)
	}
	advAssertGone(t, c, "Zanzibar", regexp.MustCompile(`(?i)zanzibar`))
	if code, errs := c.advPublish(goodArtifact(), "-m", "third"); code != exitRejected || !strings.Contains(errs, "author") {
		t.Errorf("publish signed by the forgotten author: exit %d\n%s", code, errs)
	}
}
