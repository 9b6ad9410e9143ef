package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/agent"
	"github.com/memfs/memfs/internal/home"
)

func agentArg(cmd *cobra.Command, args []string) (agent.Agent, error) {
	if len(args) != 1 {
		return agent.Agent{}, usagef("%s takes one agent: claude-code or codex", cmd.CommandPath())
	}
	a, ok := agent.Lookup(args[0])
	if !ok {
		return agent.Agent{}, usagef("unknown agent %q (want claude-code or codex)", args[0])
	}
	return a, nil
}

type installOptions struct {
	Settings string
	DryRun   bool
	Command  string
	Mount    string
	Force    bool
}

func newInstallCommand(g *globalOptions) *cobra.Command {
	var o installOptions
	cmd := &cobra.Command{
		Use:   "install claude-code|codex",
		Short: "Add memfs's hooks to an agent's settings",
		Long: `Merge memfs's hooks into an agent's settings file:

  claude-code  ~/.claude/settings.json ($CLAUDE_CONFIG_DIR): SessionStart gives
               the memory context, Stop and SessionEnd checkpoint the transcript
  codex        ~/.codex/hooks.json ($CODEX_HOME): SessionStart and Stop

Other keys and hooks are kept. A file that changes is backed up first
(<file>.memfs-backup-<time>); running install again changes nothing.
--dry-run prints the change and writes nothing. A temporary go build (go
run) is refused: install memfs first, or pass --command. --home, --scope and
--mount, when given, are passed on to the hook command.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := agentArg(cmd, args)
			if err != nil {
				return err
			}
			return runInstall(g, a, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Settings, "settings", "", "settings `file` to change (default: the agent's user settings)")
	f.BoolVarP(&o.DryRun, "dry-run", "n", false, "print the change, write nothing")
	f.StringVar(&o.Command, "command", "", "the memfs `command` hooks run (default: this binary's absolute path)")
	f.BoolVar(&o.Force, "force", false, "write the hooks even when this memfs is a temporary go build (go run)")
	f.StringVar(&o.Mount, "mount", "", "`dir` where memfs serve mounts scopes, passed on to the hook (default ~/memfs)")
	return cmd
}

func runInstall(g *globalOptions, a agent.Agent, o installOptions) error {
	command, err := g.hookCommand(o.Command, a.Name, o.Mount, o.Force)
	if errors.Is(err, agent.ErrTemporaryBinary) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	res, err := agent.Install(a, agent.InstallOptions{Settings: o.Settings, DryRun: o.DryRun, Command: command})
	if err != nil {
		return err
	}
	path, events := res.Path, strings.Join(res.Events, ", ")
	return g.output(map[string]any{"ok": true, "agent": a.Name, "settings": path, "changed": res.Changed(),
		"dry_run": o.DryRun, "backup": res.Backup, "events": nonNil(res.Events), "command": command}, func(w io.Writer) {
		switch {
		case !res.Changed():
			fmt.Fprintf(w, "memfs hooks for %s are already in %s; nothing changed\n", a.Title, path)
		case o.DryRun:
			fmt.Fprintf(w, "would add memfs hooks for %s (%s) to %s:\n", a.Title, events, path)
			agent.WriteLineDiff(w, res.Old, res.New)
		default:
			fmt.Fprintf(w, "added memfs hooks for %s (%s) to %s\n", a.Title, events, path)
			if res.Backup != "" {
				fmt.Fprintf(w, "backup of the previous file: %s\n", res.Backup)
			}
			if a.Note != "" {
				fmt.Fprintln(w, a.Note)
			}
		}
	})
}

// hookCommand is the shell command an agent runs for a memfs hook; the
// --home and --scope given to this command are passed on.
func (g *globalOptions) hookCommand(base, name, mount string, force bool) (string, error) {
	o := agent.HookOptions{AllowTemporary: force, Scope: g.explicitScope(), Mount: mount}
	if g.changed("home") {
		h, err := home.Resolve(g.Home)
		if err != nil {
			return "", err
		}
		o.Home = h
	}
	return agent.HookCommand(base, name, o)
}
