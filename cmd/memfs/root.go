package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ingest"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/progress"
	"github.com/memfs/memfs/internal/scope"
	"github.com/memfs/memfs/internal/termsafe"
	"github.com/memfs/memfs/internal/version"
	"github.com/memfs/memfs/validate"
)

// Exit codes, docs/design.md §4.
const (
	exitOK           = 0
	exitFailure      = 1
	exitUsage        = 2
	exitRejected     = 3
	exitForgetScope  = 4
	exitErasedSource = 5
	// exitCancelled: SIGINT or SIGTERM stopped the command (128 + SIGINT,
	// as shells report an interrupted command).
	exitCancelled = 130
)

// globalOptions hold the flags every command shares and the streams it
// writes to.
type globalOptions struct {
	Home  string
	Scope string
	// Scopes lists every --scope given, in order (export takes several).
	Scopes  []string
	JSON    bool
	Verbose bool

	MaxFiles      int
	MaxFileBytes  int64
	MaxTotalBytes int64

	stdin  io.Reader
	stdout io.Writer
	// stderr escapes terminal controls (termsafe); rawStderr is the
	// stream itself, for progress lines, which redraw with \r.
	stderr, rawStderr io.Writer
	flags             *cobra.Command // the root, to ask which flags were set
}

// usageError marks errors in how memfs was called (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// Code is the code of the error it wraps, else errcode.Usage.
func (e usageError) Code() string {
	if c := errcode.Of(e.err); c != "" {
		return c
	}
	return errcode.Usage
}

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// reportedError means the command already printed what went wrong; only the
// exit code remains to be set.
type reportedError struct{ code int }

func (e reportedError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// cancelledError is a command's failure once a signal cancelled it:
// whatever step failed then failed because of the signal (a check that
// stopped half way may say "invalid bundle"), so the code is cancelled
// and the exit status exitCancelled.
type cancelledError struct{ err error }

func (e cancelledError) Error() string { return "cancelled by SIGINT or SIGTERM: " + e.err.Error() }
func (e cancelledError) Unwrap() error { return e.err }

// Code is errcode.Cancelled.
func (e cancelledError) Code() string { return errcode.Cancelled }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	g := &globalOptions{stdin: stdin, stdout: stdout, stderr: termsafe.NewWriter(stderr), rawStderr: stderr}
	root := newRootCommand(g)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := unknownBeforeHelp(root, args)
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	if err == nil {
		return exitOK
	}
	var rep reportedError
	if ctx.Err() != nil && !errors.As(err, &rep) {
		err = cancelledError{err}
	}
	code := exitCode(err)
	if !errors.As(err, &rep) {
		if g.JSON {
			writeJSON(stdout, failureOut{Error: errJSON(err)})
		}
		fmt.Fprintf(g.stderr, "memfs: %v\n", err)
		if code == exitUsage {
			fmt.Fprintln(stderr, "Run 'memfs --help' for usage.")
		}
	}
	return code
}

// exitCode maps an error to the exit status of docs/design.md §4.
func exitCode(err error) int {
	var rep reportedError
	var ue usageError
	var ce cancelledError
	switch {
	case errors.As(err, &ce):
		return exitCancelled
	case errors.As(err, &rep):
		return rep.code
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, validate.ErrRejected):
		return exitRejected
	case forget.ScopeRejected(err):
		return exitForgetScope
	case errors.Is(err, ingest.ErrErasedSource):
		return exitErasedSource
	case errors.Is(err, context.Canceled):
		return exitCancelled
	}
	return exitFailure
}

// errorCode gives a stable machine-readable code for a failure: the code
// of the package that made the error, else the CLI's own.
func errorCode(err error) string { return errcode.Code(err) }

func newRootCommand(g *globalOptions) *cobra.Command {
	root := &cobra.Command{
		Use:           "memfs",
		Short:         "Filesystem-native memory for AI agents",
		Long:          rootLong,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	g.flags = root
	pf := root.PersistentFlags()
	pf.StringVar(&g.Home, "home", "", "memfs home `dir` (default $MEMFS_HOME, $XDG_DATA_HOME/memfs or ~/.local/share/memfs)")
	pf.Var(scopeFlag{g}, "scope", "memory scope (branch) to act on (default: config.toml scopes = \"single\" gives default, else the working directory's project); export takes it several times")
	pf.BoolVar(&g.JSON, "json", false, "print machine-readable JSON on stdout")
	pf.BoolVarP(&g.Verbose, "verbose", "v", false, "log progress to stderr")
	pf.IntVar(&g.MaxFiles, "max-files", 0, "artifact file limit (config [limits] max_files, default 256)")
	pf.Int64Var(&g.MaxFileBytes, "max-file-bytes", 0, "per-file size limit in bytes (default 262144)")
	pf.Int64Var(&g.MaxTotalBytes, "max-total-bytes", 0, "artifact size limit in bytes (default 4194304)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	var showVersion bool
	root.Flags().BoolVar(&showVersion, "version", false, "print memfs's version and exit")
	root.Args = cobra.ArbitraryArgs
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if showVersion && len(args) == 0 {
			v := version.Read()
			return g.output(versionOut{OK: true, Info: v}, func(w io.Writer) { fmt.Fprintln(w, v) })
		}
		if len(args) == 0 {
			return cmd.Help()
		}
		return unknownCommand(cmd, args[0])
	}
	for _, newCommand := range []func(*globalOptions) *cobra.Command{
		newInitCommand, newPublishCommand, newValidateCommand, newLogCommand, newShowCommand, newCatCommand,
		newStatusCommand, newMountCommand, newCheckoutCommand, newDoctorCommand, newLedgerCommand,
		newCheckpointCommand, newEvidenceCommand, newDreamCommand, newContextCommand, newHookCommand,
		newInstallCommand, newDemoCommand, newServeCommand, newReviewCommand, newForgetCommand, newExportCommand,
		newImportCommand, newRemoteCommand, newPushCommand, newPullCommand, newKeyCommand, newScopeCommand,
	} {
		root.AddCommand(newCommand(g))
	}
	return root
}

const rootLong = `memfs keeps an AI agent's memory as a small Markdown wiki in a git store,
one branch per scope, and serves it as plain files.

EXIT STATUS
  0  success
  1  failure
  2  usage error
  3  validation rejected: every problem is printed as "path: code: message"
  4  forget scope rejected
  5  erased source refused
  130  cancelled by SIGINT or SIGTERM (within about a second; nothing half done
       becomes visible, and the next command finishes or discards it)`

// needCommand makes a command that only groups others fail with a usage
// error when called without one of them or with an unknown one.
func needCommand(cmd *cobra.Command) *cobra.Command {
	cmd.Args = cobra.ArbitraryArgs
	cmd.RunE = func(c *cobra.Command, args []string) error {
		if len(args) > 0 {
			return unknownCommand(c, args[0])
		}
		return usagef("%s needs a command: %s", c.CommandPath(), strings.Join(commandNames(c), ", "))
	}
	return cmd
}

// unknownBeforeHelp refuses "memfs frobnicate --help" as the unknown
// command it is: cobra would print the parent's help and succeed.
func unknownBeforeHelp(root *cobra.Command, args []string) error {
	if !slices.Contains(args, "--help") && !slices.Contains(args, "-h") {
		return nil
	}
	c, rest, err := root.Find(args)
	if err != nil || !c.HasSubCommands() {
		return nil
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !strings.HasPrefix(a, "-") {
			if a == "help" {
				return nil
			}
			return unknownCommand(c, a)
		}
		if f := c.Flags().Lookup(strings.TrimLeft(a, "-")); f != nil && f.Value.Type() != "bool" && !strings.Contains(a, "=") {
			i++ // the flag's value
		}
	}
	return nil
}

func unknownCommand(c *cobra.Command, name string) error {
	hint := ""
	if s := c.SuggestionsFor(name); len(s) > 0 {
		hint = "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return usagef("unknown command %q for %s%s (commands: %s)", name, c.CommandPath(), hint, strings.Join(commandNames(c), ", "))
}

func commandNames(c *cobra.Command) []string {
	var out []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			out = append(out, sub.Name())
		}
	}
	return out
}

// exactArgs is cobra.ExactArgs with a usage error.
func exactArgs(n int) cobra.PositionalArgs { return rangeArgs(n, n) }

func rangeArgs(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) >= lo && len(args) <= hi:
			return nil
		case lo == hi:
			return usagef("%s takes %d argument(s), got %d", cmd.CommandPath(), lo, len(args))
		}
		return usagef("%s takes %d to %d arguments, got %d", cmd.CommandPath(), lo, hi, len(args))
	}
}

func (g *globalOptions) logger() *slog.Logger { return g.loggerAt(slog.LevelWarn) }

// loggerAt logs to stderr from level up, everything with --verbose.
func (g *globalOptions) loggerAt(level slog.Level) *slog.Logger {
	if g.Verbose {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(g.stderr, &slog.HandlerOptions{Level: level}))
}

// openHome opens the home the flags name, with the limit flags applied.
func (g *globalOptions) openHome() (*home.Home, error) {
	pf := g.flags.PersistentFlags()
	for _, name := range []string{"max-files", "max-file-bytes", "max-total-bytes"} {
		if v := pf.Lookup(name).Value.String(); pf.Changed(name) && (v == "0" || strings.HasPrefix(v, "-")) {
			return nil, usagef("--%s must be positive", name)
		}
	}
	return home.Open(g.Home, home.Limits{MaxFiles: g.MaxFiles, MaxFileBytes: g.MaxFileBytes, MaxTotalBytes: g.MaxTotalBytes}, g.logger())
}

// withStore runs fn with the home and its store open.
func (g *globalOptions) withStore(ctx context.Context, fn func(*home.Home, *gitstore.Store) error) error {
	return g.with(ctx, false, fn)
}

// withNewStore is withStore for the commands that create the store when
// the home has none yet, as serve does: status and the sync commands.
func (g *globalOptions) withNewStore(ctx context.Context, fn func(*home.Home, *gitstore.Store) error) error {
	h, err := g.openHome()
	if err != nil {
		return err
	}
	s, _, err := h.InitStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(h, s)
}

// withScope is withStore with g.Scope resolved first (resolveScope).
func (g *globalOptions) withScope(ctx context.Context, fn func(*home.Home, *gitstore.Store) error) error {
	return g.with(ctx, true, fn)
}

func (g *globalOptions) with(ctx context.Context, scope bool, fn func(*home.Home, *gitstore.Store) error) error {
	h, err := g.openHome()
	if err != nil {
		return err
	}
	if scope {
		if err := g.resolveScope(ctx, h); err != nil {
			return err
		}
	}
	s, err := h.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(h, s)
}

// withRev is withScope with a revision of the scope resolved (empty: the head).
func (g *globalOptions) withRev(ctx context.Context, rev string, fn func(*gitstore.Store, gitstore.ID) error) error {
	return g.withScope(ctx, func(h *home.Home, s *gitstore.Store) error {
		id, err := h.Resolve(ctx, s, g.Scope, rev, g.changed("scope"))
		if err != nil {
			return err
		}
		return fn(s, id)
	})
}

// resolveScope sets g.Scope to the scope the command acts on: --scope,
// then config.toml (scopes = "single"), then the working directory.
func (g *globalOptions) resolveScope(ctx context.Context, h *home.Home) error {
	cwd, _ := os.Getwd()
	var err error
	g.Scope, err = g.sessionScope(ctx, h, cwd)
	return err
}

// changed reports whether a global flag was given.
func (g *globalOptions) changed(flag string) bool { return g.flags.PersistentFlags().Changed(flag) }

// explicitScope is --scope when it was given, else "".
func (g *globalOptions) explicitScope() string {
	if g.changed("scope") {
		return g.Scope
	}
	return ""
}

// sessionScope resolves the scope of a session working in cwd (home.Scope).
func (g *globalOptions) sessionScope(ctx context.Context, h *home.Home, cwd string) (string, error) {
	sc, err := h.Scope(ctx, g.explicitScope(), cwd)
	if errors.Is(err, scope.ErrInvalid) {
		return "", usageError{err}
	}
	return sc, err
}

// progress is the status line of a long command: nil (silent) with
// --json or when stderr is not a terminal.
func (g *globalOptions) progress() *progress.Line { return progress.New(g.rawStderr, g.JSON) }

// output prints v as JSON with --json, else calls text with stdout,
// through termsafe: memory, commit and transcript text never drives the
// terminal.
func (g *globalOptions) output(v any, text func(w io.Writer)) error {
	if g.JSON {
		writeJSON(g.stdout, v)
	} else {
		text(termsafe.NewWriter(g.stdout))
	}
	return nil
}

// raw prints v as JSON with --json, else the bytes b as they are but for
// terminal controls, which termsafe escapes.
func (g *globalOptions) raw(v any, b []byte) error {
	if g.JSON {
		writeJSON(g.stdout, v)
		return nil
	}
	_, err := g.stdout.Write(termsafe.EscapeBytes(b))
	return err
}

// fail is output for a failure the command reports itself; it exits code.
func (g *globalOptions) fail(code int, v any, text func(w io.Writer)) error {
	g.output(v, text)
	return reportedError{code}
}

// failedIf is the exit status 1 when failed: the command printed why.
func failedIf(failed bool) error {
	if failed {
		return reportedError{exitFailure}
	}
	return nil
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

// printProblems prints problems as "path: code: message" lines.
func printProblems(w io.Writer, problems []validate.Problem, prefix string) {
	for _, p := range problems {
		fmt.Fprintf(w, "%s%s\n", prefix, p)
	}
}

// printLines prints each line of a result's summary.
func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// printCount prints a line only when n, the count it reports, is not zero.
func printCount(w io.Writer, n int, format string, args ...any) {
	if n > 0 {
		fmt.Fprintf(w, format, args...)
	}
}

// nonNil makes a nil slice marshal as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// scopeFlag is --scope: the last value is the scope commands act on; all
// values are kept for commands that take several.
type scopeFlag struct{ g *globalOptions }

func (f scopeFlag) String() string {
	if f.g == nil {
		return ""
	}
	return f.g.Scope
}

func (f scopeFlag) Set(v string) error {
	f.g.Scope = v
	f.g.Scopes = append(f.g.Scopes, v)
	return nil
}

func (scopeFlag) Type() string { return "string" }
