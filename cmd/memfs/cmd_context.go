package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/agent"
	"github.com/memfs/memfs/internal/home"
)

type contextOptions struct {
	CWD   string
	Mount string
}

func (o *contextOptions) addFlags(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.Mount, "mount", "", "`dir` where memfs serve mounts every scope (default ~/memfs)")
}

func newContextCommand(g *globalOptions) *cobra.Command {
	var o contextOptions
	cmd := &cobra.Command{
		Use:   "context",
		Short: "Print the memory-context message for a new agent session",
		Long: `Print the message an agent session starts with: how to treat memory, where
this scope's memory can be read, and its summary.md and index.md (cut to a
16 KiB budget, with a note where cut).

The scope is --scope when given, else derived from --cwd (default: the
current directory) as for a transcript; config scopes = "single" uses
"default".`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			msg, err := memoryContext(cmd.Context(), g, o)
			if err != nil {
				return err
			}
			return g.raw(map[string]any{"ok": true, "scope": msg.Scope, "folder": msg.Folder,
				"commit": msg.Commit, "truncated": nonNil(msg.Truncated), "context": msg.Text}, []byte(msg.Text))
		},
	}
	cmd.Flags().StringVar(&o.CWD, "cwd", "", "the session's working `dir` (default: the current directory)")
	o.addFlags(cmd)
	return cmd
}

// memoryContext builds the memory-context message for a session working in
// o.CWD.
func memoryContext(ctx context.Context, g *globalOptions, o contextOptions) (*agent.Context, error) {
	h, err := g.openHome()
	if err != nil {
		return nil, err
	}
	cwd := o.CWD
	if cwd == "" {
		if cwd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("current directory: %w", err)
		}
	}
	sc, err := g.sessionScope(h, cwd)
	if err != nil {
		return nil, err
	}
	return agent.MemoryContext(ctx, agent.ContextOptions{Store: h.StoreOptions(), Scope: sc, Command: g.memfsCommand(h), Mount: o.Mount})
}

// memfsCommand is how an agent should call memfs to reach this home.
func (g *globalOptions) memfsCommand(h *home.Home) string {
	if !g.changed("home") {
		return "memfs"
	}
	return "memfs --home " + agent.ShellQuote(h.Dir)
}
