package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Ensure that status and the sync commands work in a fresh home, creating
// the store as serve does, instead of asking for memfs init.
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
