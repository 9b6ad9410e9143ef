package agent

import (
	"os"
	"path/filepath"

	"github.com/memfs/memfs/wiki"
)

// Agent says where an agent keeps its hooks and which events memfs
// answers.
type Agent struct {
	// Name is the agent as on the command line: claude-code or codex.
	Name  string
	Title string
	// Events are the hook events memfs installs itself for.
	Events []string
	// Fields are handler fields, beyond type, command and timeout, that
	// memfs's hook for an event carries, as JSON values by name.
	Fields map[string]map[string]any
	// Settings locates the agent's user settings file.
	Settings func() (string, error)
	// Note is printed after an install.
	Note string
}

// HookTimeout is the seconds an agent gives one memfs hook call.
const HookTimeout = 30

// Lookup returns the agent of a command-line name.
func Lookup(name string) (Agent, bool) {
	switch name {
	case "claude-code":
		return Agent{
			Name:  "claude-code",
			Title: "Claude Code",
			// SessionStart without a matcher also fires after /clear,
			// resume and compaction, so memory is offered again;
			// SessionEnd catches a session that ends without a final Stop.
			Events: []string{"SessionStart", "Stop", "SessionEnd"},
			Settings: func() (string, error) {
				if d := os.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
					return filepath.Join(d, "settings.json"), nil
				}
				home, err := os.UserHomeDir()
				return filepath.Join(home, ".claude", "settings.json"), err
			},
		}, true
	case "codex":
		return Agent{
			Name:   "codex",
			Title:  "Codex CLI",
			Events: []string{"SessionStart", "Stop"},
			// Codex spills a hook's additionalContext over the handler's
			// additionalContextLimit tokens (2,500 when unset) to a file
			// and shows the model a preview. The memory-context message
			// is at most wiki.InlineLimit bytes, and however Codex counts
			// (four bytes a token, or a token a word or punctuation mark)
			// it has no more tokens than bytes: within this limit it is
			// never spilled.
			Fields: map[string]map[string]any{"SessionStart": {"additionalContextLimit": wiki.InlineLimit}},
			Settings: func() (string, error) {
				if d := os.Getenv("CODEX_HOME"); d != "" {
					return filepath.Join(d, "hooks.json"), nil
				}
				home, err := os.UserHomeDir()
				return filepath.Join(home, ".codex", "hooks.json"), err
			},
			Note: "Codex runs only hooks you trust: start codex, open /hooks and trust the memfs hooks " +
				"(they are skipped silently until then). Codex versions before hooks were on by default also need\n" +
				"  [features]\n  codex_hooks = true\nin ~/.codex/config.toml.",
		}, true
	}
	return Agent{}, false
}
