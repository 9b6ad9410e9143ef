package dreamers

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/execdreamer"
)

// Ensure that the agent CLI presets run the CLI headless with its cheapest
// model (or the one given), its file tools only, the user's hooks off, and
// the task from the environment; and that a model name cannot inject
// shell syntax.
func TestAgentCLIPresets(t *testing.T) {
	tests := []struct {
		name, model string
		want        []string
		err         bool
	}{
		{NameClaude, "", []string{"claude -p ", "--model haiku ", "--permission-mode acceptEdits", "--allowedTools Read,Write,Edit,Glob,Grep",
			"--disallowedTools Bash,", `'{"disableAllHooks":true}'`, "--no-session-persistence", `"$MEMFS_DREAM_PROMPT `, "$MEMFS_RUN_DIR"}, false},
		{NameClaude, "sonnet", []string{"--model sonnet "}, false},
		{NameCodex, "", []string{"codex exec ", "--model gpt-5.4-mini ", "--sandbox danger-full-access", "--skip-git-repo-check", `"$MEMFS_DREAM_PROMPT `}, false},
		{NameClaude, "haiku; rm -rf ~", nil, true},
		{NameCodex, "$(id)", nil, true},
	}
	for _, tt := range tests {
		d, err := New(Spec{Name: tt.name, Model: tt.model})
		if tt.err {
			if !errors.Is(err, ErrSpec) {
				t.Errorf("%s --model %q: err %v, want ErrSpec", tt.name, tt.model, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		x, ok := d.(execdreamer.Dreamer)
		if !ok {
			t.Fatalf("%s is a %T, want the exec dreamer (its containment)", tt.name, d)
		}
		for _, w := range tt.want {
			if !strings.Contains(x.Command, w) {
				t.Errorf("%s command lacks %q:\n%s", tt.name, w, x.Command)
			}
		}
		if !slices.Contains(x.Env, PromptEnv+"="+Task) || !strings.Contains(Task, dream.Checklist) {
			t.Errorf("%s: the task is not passed in $%s with the rules", tt.name, PromptEnv)
		}
	}
	for _, agent := range []string{"claude-code", "codex"} {
		if _, ok := LookupAgentCLI(agent); !ok {
			t.Errorf("no preset for agent %s", agent)
		}
	}
}

// Ensure that a confined agent CLI may write the state it keeps in the
// user's home (Claude Code's ~/.claude.json and ~/.claude/, Codex's
// ~/.codex/) besides the user's [dreamer] write, each path once, and that
// the user's confinement settings reach the exec dreamer.
func TestAgentCLIConfinement(t *testing.T) {
	const home = "/home/u"
	cases := []struct {
		name  string
		write []string
		home  string
		want  []string
	}{
		{"claude", nil, home, []string{"/home/u/.claude.json", "/home/u/.claude"}},
		{"claude", []string{"/opt/cache", "/home/u/.claude/"}, home, []string{"/opt/cache", "/home/u/.claude/", "/home/u/.claude.json"}},
		{"codex", []string{"/opt/cache"}, home, []string{"/opt/cache", "/home/u/.codex"}},
		{"claude", []string{"/opt/cache"}, "", []string{"/opt/cache"}},
	}
	for _, c := range cases {
		d, err := New(Spec{Name: c.name, Confine: execdreamer.ConfineLandlock, Read: []string{"/srv/ro"}, Write: c.write,
			UserHome: func() string { return c.home }})
		if err != nil {
			t.Fatalf("New(%s): %v", c.name, err)
		}
		x, ok := d.(execdreamer.Dreamer)
		if !ok {
			t.Fatalf("New(%s) = %T, want an exec dreamer", c.name, d)
		}
		if x.Confine != execdreamer.ConfineLandlock || !slices.Equal(x.Read, []string{"/srv/ro"}) {
			t.Errorf("%s: confine %q read %v, want the user's", c.name, x.Confine, x.Read)
		}
		if !slices.Equal(x.Write, c.want) {
			t.Errorf("%s with write %v, home %q: write %v, want %v", c.name, c.write, c.home, x.Write, c.want)
		}
	}
}
