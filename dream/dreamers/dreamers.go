// Package dreamers builds the dreamer a command or config names: the
// builtin rules, an external command (exec), an OpenAI-compatible model
// (openai), or the user's own agent CLI (claude, codex: agentcli.go, run
// through the exec dreamer). It is the one place that knows every
// dreamer, so the CLI only passes its flags on.
package dreamers

import (
	"errors"
	"fmt"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
	"github.com/memfs/memfs/dream/execdreamer"
	"github.com/memfs/memfs/dream/openaidreamer"
)

// ErrSpec means the dreamer's name or settings are wrong: a usage error.
var ErrSpec = errors.New("invalid dreamer settings")

// Spec names a dreamer and its settings.
type Spec struct {
	// Name is builtin, exec, openai, claude or codex.
	Name string
	// Command is the exec dreamer's shell command.
	Command string
	// Confine, Read and Write confine the exec dreamer in files
	// (execdreamer.Dreamer; config.toml [dreamer]).
	Confine     string
	Read, Write []string
	// BaseURL and Model locate the openai dreamer's model; Model also
	// overrides an agent CLI's default (its cheapest model).
	BaseURL, Model string
	// UserHome returns the user's home folder, where an agent CLI keeps
	// its state (AgentCLI.State); nil or "" grants none of it.
	UserHome func() string
	// Getenv reads the API key ($MEMFS_API_KEY, else $OPENAI_API_KEY);
	// nil reads none.
	Getenv func(string) string
}

// New builds the dreamer s names.
func New(s Spec) (dream.Dreamer, error) {
	switch s.Name {
	case builtin.Name:
		return builtin.New(), nil
	case execdreamer.Name:
		if s.Command == "" {
			return nil, fmt.Errorf("%w: --dreamer exec needs --dreamer-cmd", ErrSpec)
		}
		return execdreamer.Dreamer{Command: s.Command, Confine: s.Confine, Read: s.Read, Write: s.Write}, nil
	case openaidreamer.Name:
		if s.BaseURL == "" || s.Model == "" {
			return nil, fmt.Errorf("%w: --dreamer openai needs --base-url and --model", ErrSpec)
		}
		key := ""
		if s.Getenv != nil {
			if key = s.Getenv("MEMFS_API_KEY"); key == "" {
				key = s.Getenv("OPENAI_API_KEY")
			}
		}
		return openaidreamer.Dreamer{BaseURL: s.BaseURL, Model: s.Model, APIKey: key}, nil
	case NameClaude, NameCodex:
		a, _ := LookupAgentCLI(s.Name)
		d, err := a.Dreamer(s.Model)
		if err != nil {
			return nil, err
		}
		home := ""
		if s.UserHome != nil {
			home = s.UserHome()
		}
		d.Confine, d.Read, d.Write = s.Confine, s.Read, a.WritePaths(home, s.Write)
		return d, nil
	}
	return nil, fmt.Errorf("%w: unknown dreamer %q (want builtin, claude, codex, exec or openai)", ErrSpec, s.Name)
}
