package dreamers

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/execdreamer"
)

// Agent CLI presets: the user's own coding agent, run headless in the run
// folder as an exec dreamer, so the exec dreamer's process containment
// and file confinement apply to it as to any command. Each preset names
// the CLI's cheapest model (Spec.Model overrides it), lets the agent use
// only its file tools, and keeps the agent's own hooks, plugins and
// session history out of the run: memfs's hooks would ignore a dream's
// session anyway (MEMFS_RUN_DIR), but the user's other hooks would run
// commands in the run folder.
const (
	// NameClaude is Claude Code in print mode (claude -p).
	NameClaude = "claude"
	// NameCodex is Codex CLI's non-interactive mode (codex exec).
	NameCodex = "codex"
)

// AgentCLI is one agent CLI preset.
type AgentCLI struct {
	// Name is the dreamer's name (--dreamer, config.toml [dreamer] use).
	Name string
	// Agent is the agent's name for memfs install (claude-code, codex).
	Agent string
	// Binary is the CLI's executable, looked up in $PATH.
	Binary string
	// Model is the CLI's cheapest model, used unless one is given.
	Model string
	// State are the files and folders, relative to the user's home, the
	// CLI writes even in its headless mode (its settings, credentials
	// refresh, caches): a confined run must be allowed to write them or
	// the CLI fails before it dreams.
	State []string
	// args are the CLI's arguments after the binary and before the
	// prompt, %s being the model.
	args string
}

// PromptEnv carries the task into the preset's command, so no shell
// quoting of the prompt is needed.
const PromptEnv = "MEMFS_DREAM_PROMPT"

// Task is what an agent CLI is asked to do; the run folder's path is
// appended by the command.
const Task = "You are memfs's dreamer: update the project's memory from new session evidence. " +
	"Read .dreaming/instructions.md and follow it exactly. Read .dreaming/input/manifest.json, " +
	"the evidence it lists and the whole of .memory/, then edit files under .memory/ only, with " +
	"the file tools. Do not run commands. When done, reply with one short paragraph saying what " +
	"you changed.\n\n" + dream.Checklist

// agentCLIs are the presets, by dreamer name.
var agentCLIs = []AgentCLI{
	{Name: NameClaude, Agent: "claude-code", Binary: "claude", Model: "haiku",
		State: []string{".claude.json", ".claude"},
		args: `-p --model %s --permission-mode acceptEdits --allowedTools Read,Write,Edit,Glob,Grep ` +
			`--disallowedTools Bash,WebFetch,WebSearch,Task,NotebookEdit --strict-mcp-config ` +
			`--settings '{"disableAllHooks":true}' --no-session-persistence --output-format text`},
	// Codex's own sandbox (bubblewrap) cannot start inside the exec
	// dreamer's Landlock domain, which hides the run folder's parents
	// (every command then fails with "error building bubblewrap command:
	// Permission denied"), so the preset turns it off: the exec
	// dreamer's confinement and containment are its sandbox, as for any
	// command (cmd/memfs/agentcli_codex_test.go checks both).
	{Name: NameCodex, Agent: "codex", Binary: "codex", Model: "gpt-5.4-mini",
		State: []string{".codex"},
		args:  `exec --model %s --sandbox danger-full-access --skip-git-repo-check --color never`},
}

// LookupAgentCLI returns the preset a dreamer name or an agent name
// (claude-code, codex) names.
func LookupAgentCLI(name string) (AgentCLI, bool) {
	for _, a := range agentCLIs {
		if a.Name == name || a.Agent == name {
			return a, true
		}
	}
	return AgentCLI{}, false
}

// Command is the shell command the exec dreamer runs for the preset with
// model ("" : the preset's). The prompt comes from $MEMFS_DREAM_PROMPT,
// followed by the run folder's path.
func (a AgentCLI) Command(model string) (string, error) {
	if model == "" {
		model = a.Model
	}
	if strings.ContainsAny(model, " \t\n'\"\\$`;&|<>()*?[]{}!#~") {
		return "", fmt.Errorf("%w: model name %q is not a plain name", ErrSpec, model)
	}
	return a.Binary + " " + fmt.Sprintf(a.args, model) + ` "$` + PromptEnv + ` The run folder, your working directory, is $MEMFS_RUN_DIR."`, nil
}

// WritePaths are the confined command's writable paths: write (the
// user's [dreamer] write) and the CLI's State under home, each once.
// Paths beneath the memfs home are never granted, whatever is listed:
// the exec dreamer's confinement skips them.
func (a AgentCLI) WritePaths(home string, write []string) []string {
	out := slices.Clone(write)
	if home == "" || !filepath.IsAbs(home) {
		return out
	}
	for _, s := range a.State {
		p := filepath.Join(home, s)
		if !slices.ContainsFunc(out, func(w string) bool { return filepath.Clean(w) == p }) {
			out = append(out, p)
		}
	}
	return out
}

// Dreamer returns the exec dreamer that runs the preset.
func (a AgentCLI) Dreamer(model string) (execdreamer.Dreamer, error) {
	cmd, err := a.Command(model)
	if err != nil {
		return execdreamer.Dreamer{}, err
	}
	return execdreamer.Dreamer{Command: cmd, Env: []string{PromptEnv + "=" + Task}}, nil
}
