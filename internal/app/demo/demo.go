// Package demo owns memfs demo's script: it creates a temporary home,
// checkpoints two embedded sample sessions, shows the evidence a dreamer
// gets, dreams with the builtin dreamer and prints the history and wiki,
// running each step as a memfs command line so the output is the CLI's own.
package demo

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/memfs/memfs/internal/app/home"
)

// sessions are two synthetic Claude Code sessions written for the demo.
//
//go:embed sessions/*.jsonl
var sessions embed.FS

// Scope is the scope the demo dreams into.
const Scope = "demo"

// firstSession is the session whose evidence the demo shows.
const firstSession = "d1a2b3c4-1111-4111-8111-111111111111"

// Runner runs one memfs command line (without the program name) and
// returns its exit status.
type Runner func(ctx context.Context, args []string, stdout, stderr io.Writer) int

// Options configure a demo.
type Options struct {
	// Keep leaves the temporary home in place and prints its path.
	Keep bool
	// Out receives the script's output.
	Out io.Writer
	// Run runs a step's command line.
	Run Runner
}

// script is one demo in progress.
type script struct {
	Options
	home string
}

// Run runs the demo. Without Keep the home is removed at the end and its
// path never printed, since it will not exist.
func Run(ctx context.Context, o Options) error {
	dir, err := os.MkdirTemp("", "memfs-demo-")
	if err != nil {
		return err
	}
	if !o.Keep {
		defer os.RemoveAll(dir)
	}
	s := &script{Options: o, home: dir}
	if o.Keep {
		fmt.Fprintf(o.Out, "memfs demo in %s\n", dir)
	} else {
		fmt.Fprintln(o.Out, "memfs demo in a temporary home, removed at the end (--keep keeps it)")
	}
	if err := s.steps(ctx); err != nil {
		return err
	}
	if o.Keep {
		fmt.Fprintf(o.Out, "\nRead it with git: git -C %s log -p %s\n", filepath.Join(dir, home.StoreDir), Scope)
		fmt.Fprintf(o.Out, "Kept %s; mount it with: memfs --home %s --scope %s mount DIR\n", dir, dir, Scope)
	}
	return nil
}

func (s *script) steps(ctx context.Context) error {
	if err := s.step(ctx, "create the store", "init"); err != nil {
		return err
	}
	names, err := fs.Glob(sessions, "sessions/*.jsonl")
	if err != nil {
		return err
	}
	dir := filepath.Join(s.home, "sessions")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, n := range names {
		b, err := sessions.ReadFile(n)
		if err != nil {
			return err
		}
		p := filepath.Join(dir, filepath.Base(n))
		if err := os.WriteFile(p, b, 0o600); err != nil {
			return err
		}
		if err := s.step(ctx, "checkpoint a settled session", "checkpoint", "--transcript", p); err != nil {
			return err
		}
	}
	for _, st := range [][]string{
		{"what a dreamer is given for the first session (projected, redacted, capped)", "evidence", firstSession},
		{"dream: turn the evidence into wiki edits, validate, publish", "dream"},
		{"the history, as git sees it", "log"},
		{"the memory map", "cat", "index.md"},
	} {
		if err := s.step(ctx, st[0], st[1:]...); err != nil {
			return err
		}
	}
	files, err := s.files(ctx)
	if err != nil {
		return err
	}
	for _, p := range files {
		if strings.HasPrefix(p, "pages/") {
			if err := s.step(ctx, "a page", "cat", p); err != nil {
				return err
			}
		}
	}
	return nil
}

// step runs one command line in the demo's home and scope and prints it
// with its output, stderr indented.
func (s *script) step(ctx context.Context, title string, args ...string) error {
	fmt.Fprintf(s.Out, "\n== %s\n$ memfs %s\n", title, s.shown([]byte(strings.Join(args, " "))))
	var out, errb bytes.Buffer
	code := s.Run(ctx, append([]string{"--home", s.home, "--scope", Scope}, args...), &out, &errb)
	s.Out.Write(s.shown(out.Bytes()))
	if errb.Len() > 0 {
		fmt.Fprint(s.Out, indent(string(s.shown(errb.Bytes()))))
	}
	if code != 0 {
		return fmt.Errorf("demo step %q failed (exit %d)", title, code)
	}
	return nil
}

// shown hides the home's path unless it is kept.
func (s *script) shown(b []byte) []byte {
	if s.Keep {
		return b
	}
	return bytes.ReplaceAll(b, []byte(s.home), []byte("<temporary home>"))
}

// files lists the files of the demo scope's head.
func (s *script) files(ctx context.Context) ([]string, error) {
	h, err := home.Open(s.home, home.Limits{}, nil)
	if err != nil {
		return nil, err
	}
	st, err := h.OpenStore(ctx)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	id, err := st.Resolve(ctx, Scope, "")
	if err != nil {
		return nil, err
	}
	snap, err := st.Snapshot(ctx, id)
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
