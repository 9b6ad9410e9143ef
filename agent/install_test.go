package agent

import (
	"errors"
	"strings"
	"testing"
)

// Ensure that shell quoting keeps odd paths one word.
func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/usr/bin/memfs":         "/usr/bin/memfs",
		"/Users/a b/memfs":       `'/Users/a b/memfs'`,
		"/tmp/it's/memfs":        `'/tmp/it'\''s/memfs'`,
		"":                       "''",
		"/home/x/.local/bin/m-1": "/home/x/.local/bin/m-1",
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// Ensure that memfs's own hook commands are told apart from others.
func TestIsMemfsHook(t *testing.T) {
	for _, tc := range []struct {
		cmd, agent string
		want       bool
	}{
		{"/opt/bin/memfs hook claude-code", "claude-code", true},
		{"/opt/bin/memfs hook claude-code", "codex", false},
		{"memfs --home /h --scope team hook codex", "codex", true},
		{`'/Users/a b/memfs' --home '/x y' hook codex`, "codex", true},
		{"notify-send done", "codex", false},
		{"memfs-notify hook codex", "codex", false},
		{"memfs status", "codex", false},
	} {
		if got := IsMemfsHook(tc.cmd, tc.agent); got != tc.want {
			t.Errorf("IsMemfsHook(%q, %q) = %v", tc.cmd, tc.agent, got)
		}
	}
}

// Ensure that the go tool's temporary executables are told apart from
// installed binaries.
func TestTemporaryBinary(t *testing.T) {
	for path, want := range map[string]bool{
		"/tmp/go-build3265/b001/exe/memfs":        true,
		"/root/.cache/go-build/ab/abcdef-d/memfs": true,
		"/tmp/go-build1/b001/memfs.test":          true,
		"/root/go/bin/memfs":                      false,
		"/usr/local/bin/memfs":                    false,
		"/home/a/src/go-builder/memfs":            false,
		"/home/a/src/my-go-build-notes/memfs":     false,
	} {
		if got := TemporaryBinary(path); got != want {
			t.Errorf("TemporaryBinary(%q) = %v, want %v", path, got, want)
		}
	}
}

// Ensure that hooks never name a temporary build unless allowed, and that
// an explicit command is taken as it is.
func TestHookCommandRefusesTemporaryBuild(t *testing.T) {
	// This test binary is itself a temporary build of go test.
	if _, err := HookCommand("", "codex", HookOptions{}); !errors.Is(err, ErrTemporaryBinary) {
		t.Errorf("HookCommand of a go test binary: %v, want ErrTemporaryBinary", err)
	}
	if c, err := HookCommand("", "codex", HookOptions{AllowTemporary: true}); err != nil || !strings.HasSuffix(c, " hook codex") {
		t.Errorf("allowed: %q, %v", c, err)
	}
	if c, err := HookCommand("/usr/bin/memfs", "codex", HookOptions{}); err != nil || c != "/usr/bin/memfs hook codex" {
		t.Errorf("explicit command: %q, %v", c, err)
	}
}
