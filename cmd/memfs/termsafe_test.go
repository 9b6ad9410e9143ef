package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/termsafe"
)

// hostile holds what a stranger's bundle or a dreamer could put in a page
// and a commit message: an OSC title change, a clear screen, a C1 CSI, a
// carriage return that hides what precedes it, a bidi override, and a
// byte that is not UTF-8.
const hostile = "evil\x1b]0;pwned\x07\x1b[2J\u009b2J\rhidden\u202eesrever\xff"

// Ensure that memory and commit text reaching the CLI's human output
// (cat, show REV:PATH, log, show, status, error messages) never carries a
// terminal control: the hostile commit is planted with stock git, as an
// imported bundle would, since publish refuses it.
func TestTerminalControlsEscaped(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	dir := t.TempDir()
	writeTree(t, dir, goodArtifact())
	c.mustRun("publish", "--scope", "default", dir)

	repo := filepath.Join(c.home, "store.git")
	git := func(stdin string, env []string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=x", "-c", "user.email=x@example.com"}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Env = append(os.Environ(), env...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, errb.String())
		}
		return strings.TrimSpace(out.String())
	}
	page := "# Editor\n\n" + hostile + "\n\n## Sources\n\n- session:sess-1\n"
	blob := git(page, nil, "hash-object", "-w", "--stdin")
	index := []string{"GIT_INDEX_FILE=" + filepath.Join(t.TempDir(), "index")}
	git("", index, "read-tree", "refs/heads/default")
	git("", index, "update-index", "--add", "--cacheinfo", "100644,"+blob+",pages/prefs/editor.md")
	tree := git("", index, "write-tree")
	head := git("", nil, "rev-parse", "refs/heads/default")
	commit := git(hostile+"\n\nMemfs-Artifact: 1\n", nil, "commit-tree", "-p", head, tree)
	git("", nil, "update-ref", "refs/heads/default", commit)

	for _, args := range [][]string{
		{"cat", "pages/prefs/editor.md"},
		{"show", commit + ":pages/prefs/editor.md"},
		{"log"},
		{"show", commit},
		{"status"},
		{"cat", "pages/prefs/\x1b[2Jmissing.md"},
	} {
		code, out, errs := c.run(append([]string{"--scope", "default"}, args...)...)
		for name, s := range map[string]string{"stdout": out, "stderr": errs} {
			if termsafe.Escape(s) != s {
				t.Errorf("memfs %q (exit %d): %s carries a terminal control: %q", args, code, name, s)
			}
		}
		if args[0] == "cat" && code == 0 && !strings.Contains(out, `\x1b]0;pwned\x07\x1b[2J\u009b2J\x0dhidden\u202eesrever\xff`) {
			t.Errorf("memfs cat: the escaped text is missing: %q", out)
		}
	}
	// The JSON keeps the exact text for programs.
	if out := c.mustRun("--scope", "default", "--json", "cat", "pages/prefs/editor.md"); !strings.Contains(out, `\u001b]0;pwned`) {
		t.Errorf("--json cat lost the content: %s", out)
	}
}
