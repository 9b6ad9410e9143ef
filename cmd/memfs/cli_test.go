package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// cli runs memfs in-process against a home directory.
type cli struct {
	t    *testing.T
	home string
}

func newCLI(t *testing.T) *cli {
	t.Helper()
	return &cli{t: t, home: filepath.Join(t.TempDir(), "home")}
}

func (c *cli) run(args ...string) (code int, stdout, stderr string) {
	c.t.Helper()
	var out, errb bytes.Buffer
	code = run(c.t.Context(), append([]string{"--home", c.home}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func (c *cli) mustRun(args ...string) string {
	c.t.Helper()
	code, out, errs := c.run(args...)
	if code != 0 {
		c.t.Fatalf("memfs %s: exit %d\n%s", strings.Join(args, " "), code, errs)
	}
	return out
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func goodArtifact() map[string]string {
	return map[string]string{
		"summary.md":            "# Summary\n",
		"index.md":              "# Index\n\n- [Prefs](pages/prefs/index.md)\n",
		"pages/prefs/index.md":  "# Preferences\n\n- [Editor](editor.md)\n",
		"pages/prefs/editor.md": "# Editor\n\nThe user edits in vim.\n\n## Sources\n\n- session:sess-1 stated in chat\n",
	}
}

var commitRE = regexp.MustCompile(`^[0-9a-f]{40}\n$`)

// Ensure that the new-user path works: init twice, publish, read back.
func TestCLI_InitPublishRead(t *testing.T) {
	c := newCLI(t)
	if out := c.mustRun("init"); !strings.Contains(out, "initialized") {
		t.Fatalf("init said %q", out)
	}
	if out := c.mustRun("init"); !strings.Contains(out, "already initialized") {
		t.Fatalf("second init said %q", out)
	}
	fi, err := os.Stat(c.home)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("home mode %v, %v; want 0700", fi.Mode(), err)
	}
	dir := t.TempDir()
	writeTree(t, dir, goodArtifact())
	out := c.mustRun("publish", dir, "-m", "remember the editor", "--source-sessions", "sess-1")
	if !commitRE.MatchString(out) {
		t.Fatalf("publish printed %q, want a commit id", out)
	}
	commit := strings.TrimSpace(out)
	if got := c.mustRun("cat", "pages/prefs/editor.md"); got != goodArtifact()["pages/prefs/editor.md"] {
		t.Fatalf("cat printed %q", got)
	}
	if got := c.mustRun("show", "HEAD:index.md"); got != goodArtifact()["index.md"] {
		t.Fatalf("show HEAD:index.md printed %q", got)
	}
	logOut := c.mustRun("log")
	for _, want := range []string{commit, "remember the editor", "Memfs-Artifact: 1", "Memfs-Sources: sess-1"} {
		if !strings.Contains(logOut, want) {
			t.Errorf("log lacks %q:\n%s", want, logOut)
		}
	}
	var status struct {
		OK     bool `json:"ok"`
		Scopes []struct {
			Name, Head string
		} `json:"scopes"`
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &status); err != nil {
		t.Fatal(err)
	}
	if len(status.Scopes) != 1 || status.Scopes[0].Head != commit {
		t.Fatalf("status scopes %+v", status.Scopes)
	}
	showOut := c.mustRun("show", commit)
	if !strings.Contains(showOut, "A\tpages/prefs/editor.md") {
		t.Fatalf("show lacks the added page:\n%s", showOut)
	}
}

// Ensure that every rejected artifact exits 3, lists each problem as
// "path: code: message" (or JSON errors[].code), and changes nothing.
func TestCLI_PublishRejected(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	good := t.TempDir()
	writeTree(t, good, goodArtifact())
	head := strings.TrimSpace(c.mustRun("publish", good))

	bad := t.TempDir()
	files := goodArtifact()
	files["notes.md"] = "stray\n"
	files["pages/prefs/vim.md"] = "# Vim\n\n### Sources\n\n- session:sess-1\n"
	files["pages/Prefs/x.md"] = "# X\n\n## Sources\n\n- session:sess-1\n"
	writeTree(t, bad, files)
	code, _, errs := c.run("publish", bad)
	if code != exitRejected {
		t.Fatalf("exit %d, want 3\n%s", code, errs)
	}
	for _, want := range []string{
		"notes.md: invalid_path: ",
		"pages/prefs/vim.md: missing_sources: ",
		"pages/Prefs: invalid_path: ",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	code, out, _ := c.run("--json", "publish", bad)
	if code != exitRejected {
		t.Fatalf("--json exit %d", code)
	}
	var rep struct {
		OK     bool `json:"ok"`
		Errors []struct{ Path, Code string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output: %v\n%s", err, out)
	}
	if rep.OK || len(rep.Errors) != 3 {
		t.Fatalf("--json errors %+v", rep.Errors)
	}
	if got := strings.TrimSpace(c.mustRun("--json", "log", "-n", "1")); !strings.Contains(got, head) {
		t.Fatalf("head moved after a rejection")
	}
	// validate reports the same problems without a store.
	if code, _, errs := c.run("validate", bad); code != exitRejected || !strings.Contains(errs, "notes.md: invalid_path") {
		t.Fatalf("validate exit %d\n%s", code, errs)
	}
	if code, out, _ := c.run("validate", "--mode", "read", good); code != 0 || !strings.Contains(out, "ok:") {
		t.Fatalf("validate --mode read of a good artifact: exit %d %q", code, out)
	}
}

// Ensure that usage errors exit 2 and other failures exit 1 with a message
// that names the problem.
func TestCLI_ExitCodes(t *testing.T) {
	c := newCLI(t)
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"publish"}, exitUsage, "takes 1 argument"},
		{[]string{"frobnicate"}, exitUsage, `unknown command "frobnicate"`},
		{[]string{"frobnicate", "--help"}, exitUsage, `unknown command "frobnicate"`},
		{[]string{"--home", "x", "frobnicate", "-h"}, exitUsage, `unknown command "frobnicate"`},
		{[]string{"forget", "frob", "--help"}, exitUsage, `unknown command "frob" for memfs forget`},
		{[]string{"log", "--help"}, exitOK, ""},
		{[]string{"forget"}, exitUsage, "needs a command: apply, preview"},
		{[]string{"forget", "frob"}, exitUsage, `unknown command "frob" for memfs forget`},
		{[]string{"remote", "x"}, exitUsage, "unknown command"},
		{[]string{"review"}, exitUsage, "needs a command"},
		{[]string{"--no-such-flag"}, exitUsage, "unknown flag"},
		{[]string{"validate", "--mode", "sideways", "."}, exitUsage, "unknown validation mode"},
		{[]string{"log"}, exitFailure, "not initialized"},
		{[]string{"status"}, exitOK, ""},
		{[]string{"--scope", "Bad/Scope", "init"}, exitOK, ""},
		{[]string{"--scope", "Bad/Scope", "log"}, exitUsage, "invalid scope"},
		{[]string{"log"}, exitFailure, "no publications"},
		{[]string{"cat", "index.md"}, exitFailure, "no publications"},
		{[]string{"publish", "/does/not/exist"}, exitFailure, "no such directory"},
	}
	for _, tc := range cases {
		code, _, errs := c.run(tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("memfs %v: exit %d stderr %q; want exit %d containing %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	// Commands that only read leave no scope behind, even where they fail.
	if ents, err := os.ReadDir(filepath.Join(c.home, "scopes")); err == nil && len(ents) > 0 {
		t.Errorf("read-only commands recorded %d scope(s)", len(ents))
	}
	dir := t.TempDir()
	writeTree(t, dir, goodArtifact())
	c.mustRun("publish", dir)
	if code, _, errs := c.run("cat", "pages/prefs/missing.md"); code != exitFailure || !strings.Contains(errs, "not found") {
		t.Errorf("cat of a missing path: exit %d %q", code, errs)
	}
	if code, _, errs := c.run("show", "HEAD~5"); code != exitFailure || !strings.Contains(errs, "unknown revision") {
		t.Errorf("show HEAD~5: exit %d %q", code, errs)
	}
}

// Ensure that limits come from config.toml and flags override them.
func TestCLI_Limits(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	if err := os.WriteFile(filepath.Join(c.home, "config.toml"), []byte("[limits]\nmax_files = 3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeTree(t, dir, goodArtifact())
	code, _, errs := c.run("publish", dir)
	if code != exitRejected || !strings.Contains(errs, ".: too_many_files: 4 files, limit 3") {
		t.Fatalf("config limit: exit %d\n%s", code, errs)
	}
	c.mustRun("--max-files", "10", "publish", dir)
	if err := os.WriteFile(filepath.Join(c.home, "config.toml"), []byte("[limits]\nmax_filez = 3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := c.run("status"); code != exitFailure || !strings.Contains(errs, "unknown key") {
		t.Fatalf("unknown config key: exit %d %q", code, errs)
	}
}

// Ensure that --version prints the build's version, in text and JSON.
func TestCLI_Version(t *testing.T) {
	c := newCLI(t)
	if out := c.mustRun("--version"); !strings.HasPrefix(out, "memfs ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version: %q", out)
	}
	var v struct{ Version, Go string }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "--version")), &v); err != nil || v.Version == "" || v.Go == "" {
		t.Errorf("--json --version: %+v %v", v, err)
	}
}
