package main

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// demoSessions are two synthetic Claude Code sessions written for the demo.
//
//go:embed demo/*.jsonl
var demoSessions embed.FS

const demoScope = "demo"

func newDemoCommand(g *globalOptions) *cobra.Command {
	var keep bool
	cmd := &cobra.Command{
		Use:   "demo [--keep]",
		Short: "Run the whole pipeline on embedded sample sessions in a temporary home",
		Long: `Create a temporary home, checkpoint two embedded sample sessions, show
the evidence a dreamer gets, dream with the builtin dreamer, and print the
resulting history and wiki. Nothing outside the temporary home is touched;
--keep leaves it in place to explore (its path is printed).`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error { return runDemo(cmd.Context(), g, keep) },
	}
	cmd.Flags().BoolVar(&keep, "keep", false, "keep the temporary home")
	return cmd
}

func runDemo(ctx context.Context, g *globalOptions, keep bool) error {
	home, err := os.MkdirTemp("", "memfs-demo-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(home)
	}
	w := g.stdout
	// Without --keep the home is gone when the demo ends: its paths are
	// not printed.
	shown := func(b []byte) []byte {
		if keep {
			return b
		}
		return bytes.ReplaceAll(b, []byte(home), []byte("<temporary home>"))
	}
	step := func(title string, args ...string) error {
		fmt.Fprintf(w, "\n== %s\n$ memfs %s\n", title, shown([]byte(strings.Join(args, " "))))
		var out, errb bytes.Buffer
		code := run(ctx, append([]string{"--home", home, "--scope", demoScope}, args...), strings.NewReader(""), &out, &errb)
		w.Write(shown(out.Bytes()))
		if errb.Len() > 0 {
			fmt.Fprint(w, indent(string(shown(errb.Bytes()))))
		}
		if code != exitOK {
			return fmt.Errorf("demo step %q failed (exit %d)", title, code)
		}
		return nil
	}
	if keep {
		fmt.Fprintf(w, "memfs demo in %s\n", home)
	} else {
		fmt.Fprintln(w, "memfs demo in a temporary home, removed at the end (--keep keeps it)")
	}
	if err := step("create the store", "init"); err != nil {
		return err
	}
	sessions, err := fs.Glob(demoSessions, "demo/*.jsonl")
	if err != nil {
		return err
	}
	dir := filepath.Join(home, "sessions")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, s := range sessions {
		b, err := demoSessions.ReadFile(s)
		if err != nil {
			return err
		}
		p := filepath.Join(dir, filepath.Base(s))
		if err := os.WriteFile(p, b, 0o600); err != nil {
			return err
		}
		if err := step("checkpoint a settled session", "checkpoint", "--transcript", p); err != nil {
			return err
		}
	}
	if err := step("what a dreamer is given for the first session (projected, redacted, capped)",
		"evidence", "d1a2b3c4-1111-4111-8111-111111111111"); err != nil {
		return err
	}
	if err := step("dream: turn the evidence into wiki edits, validate, publish", "dream"); err != nil {
		return err
	}
	if err := step("the history, as git sees it", "log"); err != nil {
		return err
	}
	if err := step("the memory map", "cat", "index.md"); err != nil {
		return err
	}
	ls, err := lsTree(ctx, home)
	if err != nil {
		return err
	}
	for _, p := range ls {
		if strings.HasPrefix(p, "pages/") {
			if err := step("a page", "cat", p); err != nil {
				return err
			}
		}
	}
	if keep {
		fmt.Fprintf(w, "\nRead it with git: git -C %s log -p %s\n", filepath.Join(home, "store.git"), demoScope)
		fmt.Fprintf(w, "Kept %s; mount it with: memfs --home %s --scope %s mount DIR\n", home, home, demoScope)
	}
	return nil
}

// lsTree lists the files of the demo scope's head.
func lsTree(ctx context.Context, home string) ([]string, error) {
	g := &globalOptions{}
	g.flags = newRootCommand(g) // binds the flag defaults into g
	if err := g.flags.ParseFlags([]string{"--home", home, "--scope", demoScope}); err != nil {
		return nil, err
	}
	s, h, err := g.openAt(ctx, "")
	if err != nil {
		return nil, err
	}
	defer s.Close()
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return nil, err
	}
	var out []string
	err = fs.WalkDir(snap, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	})
	return out, err
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n") + "\n"
}
