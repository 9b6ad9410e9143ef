package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Ensure that the README's quick start (scripts/start.sh) builds memfs,
// adds its hooks to the agent found in a fresh home, and hands over to
// serve (here asked for its help, so that it returns).
func TestQuickStartScript(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	env := map[string]string{}
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT"} {
		out, err := exec.Command(goBin, "env", k).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", k, err)
		}
		env[k] = strings.TrimSpace(string(out))
	}
	fresh := t.TempDir()
	if err := os.Mkdir(filepath.Join(fresh, ".claude"), 0o700); err != nil {
		t.Fatal(err)
	}
	gobin := filepath.Join(t.TempDir(), "bin")
	cmd := exec.Command("sh", filepath.Join("..", "..", "scripts", "start.sh"), "--help")
	cmd.Env = []string{"HOME=" + fresh, "GOBIN=" + gobin, "PATH=" + filepath.Dir(goBin) + ":" + pathWithout(t, "claude", "codex"),
		"GOCACHE=" + env["GOCACHE"], "GOMODCACHE=" + env["GOMODCACHE"], "GOPATH=" + env["GOPATH"], "GOROOT=" + env["GOROOT"],
		"GOFLAGS=-mod=mod", "GOTOOLCHAIN=local"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("start.sh: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(gobin, "memfs")); err != nil {
		t.Errorf("memfs was not installed in GOBIN: %v", err)
	}
	settings, err := os.ReadFile(filepath.Join(fresh, ".claude", "settings.json"))
	if err != nil {
		t.Fatalf("Claude Code settings: %v\n%s", err, out)
	}
	if !strings.Contains(string(settings), filepath.Join(gobin, "memfs")+" hook claude-code") {
		t.Errorf("settings hold no hook running the installed memfs:\n%s", settings)
	}
	if _, err := os.Stat(filepath.Join(fresh, ".codex")); err == nil {
		t.Errorf("codex hooks were written although no codex was found:\n%s", out)
	}
	for _, want := range []string{"is not on PATH", "memfs serve"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// pathWithout returns a folder that holds every program of /usr/bin and
// /bin (as links) but the named ones: a PATH on which those agents are
// not installed, whatever this machine has.
func pathWithout(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, from := range []string{"/usr/bin", "/bin"} {
		ents, err := os.ReadDir(from)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if slices.Contains(names, e.Name()) {
				continue
			}
			_ = os.Symlink(filepath.Join(from, e.Name()), filepath.Join(dir, e.Name())) // the first of a name wins
		}
	}
	return dir
}
