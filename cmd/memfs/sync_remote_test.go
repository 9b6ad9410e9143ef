package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure that status, dream and the sync commands work in a fresh home,
// creating the store as serve does, instead of asking for memfs init.
func TestSyncCommandsCreateTheStore(t *testing.T) {
	server := filepath.Join(t.TempDir(), "server.git")
	gitOut(t, "init", "-q", "--bare", server)
	a := newCLI(t)
	a.mustRun("init")
	a.publishFiles(goodArtifact(), "first")
	a.mustRun("remote", "add", "origin", server)
	a.mustRun("push")
	bundle := filepath.Join(t.TempDir(), "m.bundle")
	a.mustRun("export", bundle)

	for name, args := range map[string][][]string{
		"status":           {{"status"}},
		"remote add":       {{"remote", "add", "origin", server}, {"pull"}},
		"remote add, push": {{"remote", "add", "backup", server}, {"push", "backup"}},
		"import":           {{"import", bundle}},
		"dream":            {{"dream", "--now"}},
	} {
		t.Run(name, func(t *testing.T) {
			c := newCLI(t)
			for _, a := range args {
				if code, out, errs := c.run(a...); code != 0 || strings.Contains(out+errs, "memfs init") {
					t.Fatalf("memfs %v in a fresh home: exit %d\n%s%s", a, code, out, errs)
				}
			}
			if out := c.mustRun("status"); !strings.Contains(out, "store: ") {
				t.Errorf("status after %s:\n%s", name, out)
			}
		})
	}
}

// Ensure that a forget travels with one push even when another replica
// pushed since the last pull: push pulls (rewriting what it brings by the
// markers), merges, and pushes; the other replica loses the content with
// one pull and keeps its own page; and that a remote named other than
// origin works.
func TestForgetTravelsWithOnePush(t *testing.T) {
	server := filepath.Join(t.TempDir(), "server.git")
	gitOut(t, "init", "-q", "--bare", server)
	a, b := newCLI(t), newCLI(t)
	a.mustRun("remote", "add", "Team.Server", server)
	b.mustRun("remote", "add", "Team.Server", server, "--trust-erasures")
	b.replicaOf(a)
	a.publishFiles(phoneArtifact(), "with the phone")
	a.mustRun("push", "Team.Server")
	b.mustRun("pull", "Team.Server")
	more := phoneArtifact()
	more["pages/prefs/tea.md"] = "# Tea\n\nGreen.\n\n## Sources\n\n- session:sess-1\n"
	more["pages/prefs/index.md"] += "- [Tea](tea.md)\n"
	b.publishFiles(more, "tea")
	b.mustRun("push", "Team.Server")

	a.advForget("text:555 301 7788")
	out := a.mustRun("push", "Team.Server")
	if !strings.Contains(out, "pulled Team.Server first") || strings.Contains(out, "refused") {
		t.Fatalf("push after a forget while the remote moved:\n%s", out)
	}
	if got := gitOut(t, "-C", server, "cat-file", "--batch-all-objects", "--batch"); strings.Contains(got, "301-7788") &&
		strings.Contains(gitOut(t, "-C", server, "show", "refs/memfs/scopes/default:pages/prefs/contact.md"), "7788") {
		t.Error("the server's scope head still holds the number")
	}
	b.mustRun("pull", "Team.Server")
	for name, x := range map[string]*cli{"a": a, "b": b} {
		if strings.Contains(allObjects(t, x.repo()), "301-7788") {
			t.Errorf("replica %s still stores the number", name)
		}
		if got := x.mustRun("--scope", "default", "cat", "pages/prefs/tea.md"); !strings.Contains(got, "Green") {
			t.Errorf("replica %s lost b's page: %q", name, got)
		}
	}
	if gitOut(t, "-C", a.repo(), "rev-parse", "default") != gitOut(t, "-C", b.repo(), "rev-parse", "default") {
		t.Error("the replicas disagree after one push and one pull")
	}
}

// hostingRepo is a bare repository as a hosting creates it "with a
// README": one commit on main holding README.md and LICENSE. It returns
// the repository's path and main's commit.
func hostingRepo(t *testing.T) (string, string) {
	t.Helper()
	work := t.TempDir()
	gitOut(t, "init", "-q", "-b", "main", work)
	writeTree(t, work, map[string]string{"README.md": "# widget\n", "LICENSE": "MIT\n"})
	gitOut(t, "-C", work, "add", "-A")
	gitOut(t, "-C", work, "-c", "user.name=t", "-c", "user.email=t@x", "commit", "-q", "-m", "Initial commit")
	bare := filepath.Join(t.TempDir(), "widget.git")
	gitOut(t, "clone", "-q", "--bare", work, bare)
	return bare, strings.TrimSpace(gitOut(t, "-C", bare, "rev-parse", "main"))
}

// Ensure that the project's own repository, created with a README on
// main, carries its memory both ways while main is untouched; and that
// two teammates' clones at different paths, one with the origin written
// as scp-like ssh and one as a path, are one scope without --scope.
func TestSyncThroughProjectRepository(t *testing.T) {
	hosting, main := hostingRepo(t)
	one := filepath.Join(t.TempDir(), "alice", "widget")
	two := filepath.Join(t.TempDir(), "bob", "src", "widget-copy")
	gitOut(t, "clone", "-q", hosting, one)
	gitOut(t, "clone", "-q", "file://"+hosting, two)
	a, b := newCLI(t), newCLI(t)
	a.mustRun("remote", "add", "origin", hosting)
	b.mustRun("remote", "add", "origin", hosting)

	t.Chdir(one)
	dir := writeTemp(t, phoneArtifact())
	var pub struct{ Scope string }
	if err := json.Unmarshal([]byte(a.mustRun("--json", "publish", dir, "-m", "from alice", "--no-require-sources")), &pub); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(pub.Scope, "widget-") {
		t.Fatalf("scope of alice's clone: %q", pub.Scope)
	}
	a.mustRun("push")
	if got := strings.TrimSpace(gitOut(t, "-C", hosting, "rev-parse", "main")); got != main {
		t.Fatalf("push moved main: %s → %s", main, got)
	}
	if out := a.mustRun("status"); !strings.Contains(out, "here:   scope "+pub.Scope+" (from the repository's origin ") {
		t.Errorf("status in alice's clone:\n%s", out)
	}
	refs := gitOut(t, "-C", hosting, "for-each-ref", "--format=%(refname)")
	if !strings.Contains(refs, "refs/memfs/scopes/"+pub.Scope) || strings.Contains(refs, "refs/heads/"+pub.Scope) {
		t.Fatalf("refs on the hosting repository:\n%s", refs)
	}

	t.Chdir(two)
	b.mustRun("pull")
	if got := b.mustRun("cat", "pages/prefs/contact.md"); !strings.Contains(got, "floor 2") {
		t.Errorf("bob's clone does not read alice's memory: %q", got)
	}
	more := phoneArtifact()
	more["pages/prefs/tea.md"] = "# Tea\n\nGreen.\n\n## Sources\n\n- session:sess-1\n"
	b.mustRun("publish", writeTemp(t, more), "-m", "from bob", "--no-require-sources")
	b.mustRun("push")
	t.Chdir(one)
	a.mustRun("pull")
	if got := a.mustRun("cat", "pages/prefs/tea.md"); !strings.Contains(got, "Green") {
		t.Errorf("alice does not read bob's page: %q", got)
	}
	if got := strings.TrimSpace(gitOut(t, "-C", hosting, "rev-parse", "main")); got != main {
		t.Errorf("sync moved main: %s → %s", main, got)
	}
	// The project's clones still see only their own branches by default.
	gitOut(t, "-C", one, "fetch", "-q")
	if br := gitOut(t, "-C", one, "branch", "-r"); strings.Contains(br, pub.Scope) {
		t.Errorf("a plain fetch of the project brings memory branches:\n%s", br)
	}
}

// Ensure that a remote an earlier memfs wrote (scope branches at
// refs/heads/, beside a README's main) still pulls its memfs branches,
// leaves main alone, and that the next push writes the current layout
// without touching refs/heads/.
func TestSyncEarlierLayout(t *testing.T) {
	hosting, main := hostingRepo(t)
	a := newCLI(t)
	a.mustRun("init")
	a.publishFiles(phoneArtifact(), "first")
	// What an earlier memfs's push left there.
	gitOut(t, "-C", a.repo(), "push", "-q", hosting, "refs/heads/default:refs/heads/default", "refs/memfs/meta:refs/memfs/meta")
	old := strings.TrimSpace(gitOut(t, "-C", hosting, "rev-parse", "refs/heads/default"))

	b := newCLI(t)
	b.mustRun("remote", "add", "origin", hosting)
	out := b.mustRun("pull")
	if got := b.mustRun("--scope", "default", "cat", "pages/prefs/contact.md"); !strings.Contains(got, "floor 2") {
		t.Fatalf("pull from a remote of the earlier layout:\n%s\n%q", out, got)
	}
	if _, _, errs := b.run("--scope", "main", "log"); !strings.Contains(errs, "no publications") {
		t.Errorf("main became a scope: %s", errs)
	}
	b.mustRun("push")
	refs := gitOut(t, "-C", hosting, "for-each-ref", "--format=%(refname) %(objectname)")
	if !strings.Contains(refs, "refs/memfs/scopes/default ") || !strings.Contains(refs, "refs/heads/default "+old) || !strings.Contains(refs, "refs/heads/main "+main) {
		t.Errorf("refs after the first push of the current layout:\n%s", refs)
	}
}
