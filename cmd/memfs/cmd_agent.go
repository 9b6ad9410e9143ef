package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/agent"
	"github.com/memfs/memfs/dream/dreamers"
	"github.com/memfs/memfs/ingest"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/config"
)

// mountFlag is --mount of context and hook: where serve mounts scopes, for
// the memory-context message.
func mountFlag(cmd *cobra.Command, mount *string) {
	cmd.Flags().StringVar(mount, "mount", "", "`dir` where memfs serve mounts every scope (default ~/memfs)")
}

func newContextCommand(g *globalOptions) *cobra.Command {
	var cwd, mount string
	cmd := &cobra.Command{
		Use:   "context",
		Short: "Print the memory-context message for a new agent session",
		Long: `Print the message an agent session starts with: how to treat memory, where
this scope's memory can be read, and its summary.md and index.md (cut to a
budget of 9,400 bytes, with a note where cut: Claude Code and Codex show a
hook's text whole only up to about 10,000).

The scope is --scope when given, else derived from --cwd (default: the
current directory) as for a transcript; config scopes = "single" uses
"default".`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			msg, err := memoryContext(cmd.Context(), g, cwd, mount)
			if err != nil {
				return err
			}
			return g.raw(contextOut{OK: true, Scope: msg.Scope, Folder: msg.Folder,
				Commit: msg.Commit, Truncated: nonNil(msg.Truncated), Context: msg.Text}, []byte(msg.Text))
		},
	}
	cmd.Flags().StringVar(&cwd, "cwd", "", "the session's working `dir` (default: the current directory)")
	mountFlag(cmd, &mount)
	return cmd
}

// memoryContext builds the memory-context message for a session working in
// cwd (empty: the current directory).
func memoryContext(ctx context.Context, g *globalOptions, cwd, mount string) (*agent.Context, error) {
	h, err := g.openHome()
	if err != nil {
		return nil, err
	}
	if cwd == "" {
		if cwd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("current directory: %w", err)
		}
	}
	sc, err := g.sessionScope(ctx, h, cwd)
	if err != nil {
		return nil, err
	}
	command := "memfs" // how an agent calls memfs to reach this home
	if g.changed("home") {
		command += " --home " + agent.ShellQuote(h.Dir)
	}
	return agent.MemoryContext(ctx, agent.ContextOptions{Store: h.StoreOptions(), Scope: sc, Command: command, Mount: mount})
}

func newHookCommand(g *globalOptions) *cobra.Command {
	var mount string
	cmd := &cobra.Command{
		Use:   "hook claude-code|codex",
		Short: "Answer an agent's hook event (JSON on stdin)",
		Long: `Run by Claude Code or Codex CLI as a command hook (see memfs install).

  SessionStart       prints the memory context as the session's additional
                     context (hookSpecificOutput.additionalContext)
  Stop, SessionEnd   checkpoints the session's transcript_path
  subagent events    ignored: subagent transcripts are never checkpointed
  dream run sessions ignored: an agent a dreamer runs (MEMFS_RUN_DIR set, or
                     working under $MEMFS_HOME/runs/) is never memory's evidence

Other events are ignored. A failure exits 1 (the agent goes on and shows
the error), never 2, which agents read as "block".`,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := runHook(cmd, g, mount, args)
			var ue usageError
			if errors.As(err, &ue) {
				return errors.New(ue.Error()) // exit 1, not 2
			}
			return err
		},
	}
	mountFlag(cmd, &mount)
	return cmd
}

func runHook(cmd *cobra.Command, g *globalOptions, mount string, args []string) error {
	a, err := agentArg(cmd, args)
	if err != nil {
		return err
	}
	h, err := g.openHome()
	if err != nil {
		return err
	}
	return agent.HandleHook(cmd.Context(), a, g.stdin, g.stdout, agent.Handlers{
		Ignore: func(p *agent.Payload) bool {
			ignore := h.DreamerSession(os.Getenv, p.CWD, p.TranscriptPath)
			if ignore {
				g.logger().Debug("hook ignored: a dream run's own session", "event", p.HookEventName, "session", p.SessionID)
			}
			return ignore
		},
		Context: func(ctx context.Context, cwd string) (string, error) {
			msg, err := memoryContext(ctx, g, cwd, mount)
			if err != nil {
				return "", err
			}
			return msg.Text, nil
		},
		Checkpoint: func(ctx context.Context, p *agent.Payload) error {
			res, err := checkpointTranscript(ctx, g, ingest.Request{Transcript: p.TranscriptPath, CWDHint: p.CWD})
			if err != nil {
				return err
			}
			g.logger().Debug("hook checkpoint", "event", p.HookEventName, "session", res.Session,
				"scope", res.Scope, "recorded", res.Recorded, "changed", res.Changed)
			return nil
		},
	})
}

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

func newInstallCommand(g *globalOptions) *cobra.Command {
	var o agent.InstallOptions
	var hook agent.HookOptions
	var command string
	var uninstall bool
	cmd := &cobra.Command{
		Use:   "install claude-code|codex [--uninstall]",
		Short: "Add memfs's hooks to an agent's settings",
		Long: `Merge memfs's hooks into an agent's settings file:

  claude-code  ~/.claude/settings.json ($CLAUDE_CONFIG_DIR): SessionStart gives
               the memory context, Stop and SessionEnd checkpoint the transcript
  codex        ~/.codex/hooks.json ($CODEX_HOME): SessionStart and Stop

Other keys and hooks are kept. A file that changes is backed up first
(<file>.memfs-backup-<time>); running install again changes nothing.
--dry-run prints the change and writes nothing. A temporary go build (go
run) is refused: install memfs first, or pass --command. --home, --scope and
--mount, when given, are passed on to the hook command.

--uninstall removes what install added: memfs's hook of each event, the
matcher group install made for it, and an event or "hooks" key left empty;
every other hook and key stays. The file is backed up first.


Install also prints the one command that dreams with the agent's own CLI
(memfs dream --dreamer claude|codex) and the config table that makes it
the default; it never turns that on itself.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := agentArg(cmd, args)
			if err != nil {
				return err
			}
			if uninstall {
				res, err := agent.Uninstall(a, o)
				if err != nil {
					return err
				}
				return printUninstall(g, a, o, res)
			}
			hook.Scope = g.explicitScope()
			if g.changed("home") {
				if hook.Home, err = home.Resolve(g.Home); err != nil {
					return err
				}
			}
			o.Command, err = agent.HookCommand(command, a.Name, hook)
			if errors.Is(err, agent.ErrTemporaryBinary) {
				return usageError{err}
			}
			if err != nil {
				return err
			}
			res, err := agent.Install(a, o)
			if err != nil {
				return err
			}
			return printInstall(g, a, o, res)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Settings, "settings", "", "settings `file` to change (default: the agent's user settings)")
	f.BoolVarP(&o.DryRun, "dry-run", "n", false, "print the change, write nothing")
	f.StringVar(&command, "command", "", "the memfs `command` hooks run (default: this binary's absolute path)")
	f.BoolVar(&hook.AllowTemporary, "force", false, "write the hooks even when this memfs is a temporary go build (go run)")
	f.StringVar(&hook.Mount, "mount", "", "`dir` where memfs serve mounts scopes, passed on to the hook (default ~/memfs)")
	f.BoolVar(&uninstall, "uninstall", false, "remove memfs's hooks from the settings instead")
	return cmd
}

func printUninstall(g *globalOptions, a agent.Agent, o agent.InstallOptions, res *agent.InstallResult) error {
	path, events := res.Path, strings.Join(res.Events, ", ")
	return g.output(installOut{OK: true, Agent: a.Name, Settings: path, Changed: res.Changed(),
		DryRun: o.DryRun, Backup: res.Backup, Events: nonNil(res.Events), Uninstall: true}, func(w io.Writer) {
		switch {
		case !res.Changed():
			fmt.Fprintf(w, "no memfs hooks for %s in %s; nothing changed\n", a.Title, path)
		case o.DryRun:
			fmt.Fprintf(w, "would remove memfs hooks for %s (%s) from %s:\n", a.Title, events, path)
			agent.WriteLineDiff(w, res.Old, res.New)
		default:
			fmt.Fprintf(w, "removed memfs hooks for %s (%s) from %s\n", a.Title, events, path)
			fmt.Fprintf(w, "backup of the previous file: %s\n", res.Backup)
		}
	})
}

func printInstall(g *globalOptions, a agent.Agent, o agent.InstallOptions, res *agent.InstallResult) error {
	path, events := res.Path, strings.Join(res.Events, ", ")
	cli, offer := dreamers.LookupAgentCLI(a.Name)
	dreamWith, dreamConfig := "", ""
	if offer {
		dreamWith = "memfs dream --dreamer " + cli.Name
		dreamConfig = fmt.Sprintf("[dreamer]\nuse = %q\n", cli.Name)
	}
	return g.output(installOut{OK: true, Agent: a.Name, Settings: path, Changed: res.Changed(),
		DryRun: o.DryRun, Backup: res.Backup, Events: nonNil(res.Events), Command: o.Command,
		DreamWith: dreamWith, DreamConfig: dreamConfig}, func(w io.Writer) {
		if offer {
			// Offered, never turned on: the builtin stays the default.
			defer fmt.Fprintf(w, "\nmemfs dreams with its builtin rules. To dream with %s instead (headless, model %s, your own login, confined to the run folder):\n"+
				"  %s\nor, for every dream and memfs serve, add to %s:\n%s",
				a.Title, cli.Model, dreamWith, configPathHint(g), indent(dreamConfig, "  "))
		}
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

// configPathHint names the home's config.toml for a message.
func configPathHint(g *globalOptions) string {
	dir, err := home.Resolve(g.Home)
	if err != nil {
		return "$MEMFS_HOME/" + config.FileName
	}
	return filepath.Join(dir, config.FileName)
}

// indent puts prefix before every line of s (lines end in "\n").
func indent(s, prefix string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		b.WriteString(prefix + line)
	}
	return b.String()
}
