package agent

import "testing"

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
