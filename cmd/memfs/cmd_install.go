package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// agentHooks says where an agent keeps its hooks and which events memfs
// answers.
type agentHooks struct {
	name     string // as on the command line
	title    string
	events   []string
	settings func() (string, error)
	note     string // printed after an install
}

var agents = map[string]agentHooks{
	"claude-code": {
		name:  "claude-code",
		title: "Claude Code",
		// SessionStart without a matcher also fires after /clear, resume
		// and compaction, so memory is offered again; SessionEnd catches a
		// session that ends without a final Stop.
		events: []string{"SessionStart", "Stop", "SessionEnd"},
		settings: func() (string, error) {
			if d := os.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
				return filepath.Join(d, "settings.json"), nil
			}
			home, err := os.UserHomeDir()
			return filepath.Join(home, ".claude", "settings.json"), err
		},
	},
	"codex": {
		name:   "codex",
		title:  "Codex CLI",
		events: []string{"SessionStart", "Stop"},
		settings: func() (string, error) {
			if d := os.Getenv("CODEX_HOME"); d != "" {
				return filepath.Join(d, "hooks.json"), nil
			}
			home, err := os.UserHomeDir()
			return filepath.Join(home, ".codex", "hooks.json"), err
		},
		note: "Codex runs only hooks you trust: start codex, open /hooks and trust the memfs hooks " +
			"(they are skipped silently until then). Codex versions before hooks were on by default also need\n" +
			"  [features]\n  codex_hooks = true\nin ~/.codex/config.toml.",
	},
}

// hookTimeout is the seconds an agent gives one memfs hook call.
const hookTimeout = 30

func agentArg(cmd *cobra.Command, args []string) (agentHooks, error) {
	if len(args) != 1 {
		return agentHooks{}, usagef("%s takes one agent: claude-code or codex", cmd.CommandPath())
	}
	a, ok := agents[args[0]]
	if !ok {
		return agentHooks{}, usagef("unknown agent %q (want claude-code or codex)", args[0])
	}
	return a, nil
}

type installOptions struct {
	Settings string
	DryRun   bool
	Command  string
	Mount    string
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
--dry-run prints the change and writes nothing. --home, --scope and
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
	f.StringVar(&o.Mount, "mount", "", "`dir` where memfs serve mounts scopes, passed on to the hook (default ~/memfs)")
	return cmd
}

func runInstall(g *globalOptions, a agentHooks, o installOptions) error {
	path := o.Settings
	if path == "" {
		var err error
		if path, err = a.settings(); err != nil {
			return fmt.Errorf("locate %s settings: %w", a.title, err)
		}
	}
	path, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	// Write through a symlink (dotfile managers link settings files).
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	command, err := g.hookCommand(o.Command, a.name, o.Mount)
	if err != nil {
		return err
	}
	if o.Command == "" && strings.Contains(command, "go-build") {
		fmt.Fprintln(g.stderr, "memfs: warning: this memfs is a temporary `go run` build that will disappear; "+
			"install it (go install ./cmd/memfs) or pass --command")
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	existed := err == nil
	merged, changes, err := mergeHooks(old, a.events, a.name, command)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	changed := len(changes) > 0
	backup := ""
	if changed && !o.DryRun {
		if existed {
			if backup, err = writeBackup(path, old); err != nil {
				return err
			}
		}
		if err := writeFileAtomic(path, merged, 0o600); err != nil {
			return err
		}
	}
	if g.JSON {
		writeJSON(g.stdout, map[string]any{"ok": true, "agent": a.name, "settings": path, "changed": changed,
			"dry_run": o.DryRun, "backup": backup, "events": nonNil(changes), "command": command})
		return nil
	}
	w := g.stdout
	switch {
	case !changed:
		fmt.Fprintf(w, "memfs hooks for %s are already in %s; nothing changed\n", a.title, path)
		return nil
	case o.DryRun:
		fmt.Fprintf(w, "would add memfs hooks for %s (%s) to %s:\n", a.title, strings.Join(changes, ", "), path)
		writeLineDiff(w, old, merged)
		return nil
	}
	fmt.Fprintf(w, "added memfs hooks for %s (%s) to %s\n", a.title, strings.Join(changes, ", "), path)
	if backup != "" {
		fmt.Fprintf(w, "backup of the previous file: %s\n", backup)
	}
	if a.note != "" {
		fmt.Fprintln(w, a.note)
	}
	return nil
}

// hookCommand is the shell command an agent runs for a memfs hook.
func (g *globalOptions) hookCommand(base, agent, mount string) (string, error) {
	if base == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("locate the memfs binary (use --command): %w", err)
		}
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		base = shellQuote(exe)
	}
	parts := []string{base}
	pf := g.flags.PersistentFlags()
	if pf.Changed("home") {
		home, err := g.home()
		if err != nil {
			return "", err
		}
		parts = append(parts, "--home", shellQuote(home))
	}
	if pf.Changed("scope") {
		parts = append(parts, "--scope", shellQuote(g.Scope))
	}
	parts = append(parts, "hook", agent)
	if mount != "" {
		abs, err := filepath.Abs(mount)
		if err != nil {
			return "", err
		}
		parts = append(parts, "--mount", shellQuote(abs))
	}
	return strings.Join(parts, " "), nil
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-=:@+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// isMemfsHook reports whether a hook command runs memfs's hook for agent.
func isMemfsHook(command, agent string) bool {
	f := strings.Fields(command)
	for i, w := range f {
		name := filepath.Base(strings.Trim(w, `'"`))
		if name != "memfs" && name != "memfs.exe" {
			continue
		}
		for j := i + 1; j+1 < len(f); j++ {
			if f[j] == "hook" && f[j+1] == agent {
				return true
			}
		}
	}
	return false
}

// mergeHooks adds memfs's hook for each event to a settings document (an
// empty one when old is empty), keeping every other key and hook in place
// and in order. A memfs hook already there with another command is
// updated. It returns the events it added or changed; none means the
// document is already right and the result must not be written.
func mergeHooks(old []byte, events []string, agent, command string) ([]byte, []string, error) {
	root := &jsonObject{}
	if len(bytes.TrimSpace(old)) > 0 {
		if err := root.UnmarshalJSON(old); err != nil {
			return nil, nil, fmt.Errorf("not a JSON object: %w", err)
		}
	}
	hooks := &jsonObject{}
	if raw, ok := root.get("hooks"); ok {
		if err := hooks.UnmarshalJSON(raw); err != nil {
			return nil, nil, fmt.Errorf(`"hooks" is not an object: %w`, err)
		}
	}
	entry := &jsonObject{}
	entry.set("type", mustJSON("command"))
	entry.set("command", mustJSON(command))
	entry.set("timeout", mustJSON(hookTimeout))
	var changes []string
	for _, event := range events {
		var groups []json.RawMessage
		if raw, ok := hooks.get(event); ok {
			if err := json.Unmarshal(raw, &groups); err != nil {
				return nil, nil, fmt.Errorf("hooks.%s is not an array: %w", event, err)
			}
		}
		found, updated, err := updateMemfsHook(groups, agent, command)
		if err != nil {
			return nil, nil, fmt.Errorf("hooks.%s: %w", event, err)
		}
		if found && !updated {
			continue
		}
		if !found {
			group := &jsonObject{}
			group.set("hooks", mustJSON([]*jsonObject{entry}))
			groups = append(groups, mustJSON(group))
		}
		hooks.set(event, mustJSON(groups))
		changes = append(changes, event)
	}
	if len(changes) == 0 {
		return old, nil, nil
	}
	root.set("hooks", mustJSON(hooks))
	var out bytes.Buffer
	if err := json.Indent(&out, mustJSON(root), "", "  "); err != nil {
		return nil, nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), changes, nil
}

// updateMemfsHook looks for memfs's hook among an event's matcher groups
// and points it at command. It reports whether one was found and whether
// it had to change.
func updateMemfsHook(groups []json.RawMessage, agent, command string) (found, updated bool, err error) {
	for gi, raw := range groups {
		var group jsonObject
		if err := group.UnmarshalJSON(raw); err != nil {
			return false, false, fmt.Errorf("a matcher group is not an object: %w", err)
		}
		hooksRaw, ok := group.get("hooks")
		if !ok {
			continue
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(hooksRaw, &entries); err != nil {
			return false, false, fmt.Errorf("a group's hooks is not an array: %w", err)
		}
		for ei, eraw := range entries {
			var e struct {
				Command string `json:"command"`
			}
			if json.Unmarshal(eraw, &e) != nil || !isMemfsHook(e.Command, agent) {
				continue
			}
			if e.Command == command {
				return true, false, nil
			}
			var entry jsonObject
			if err := entry.UnmarshalJSON(eraw); err != nil {
				return false, false, err
			}
			entry.set("command", mustJSON(command))
			entries[ei] = mustJSON(&entry)
			group.set("hooks", mustJSON(entries))
			groups[gi] = mustJSON(&group)
			return true, true, nil
		}
	}
	return false, false, nil
}

// jsonObject is a JSON object that keeps its keys' order, so that a
// settings file changes only where memfs changes it.
type jsonObject struct {
	keys []string
	vals map[string]json.RawMessage
}

func (o *jsonObject) get(k string) (json.RawMessage, bool) {
	v, ok := o.vals[k]
	return v, ok
}

func (o *jsonObject) set(k string, v json.RawMessage) {
	if o.vals == nil {
		o.vals = map[string]json.RawMessage{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// UnmarshalJSON reads one object; a repeated key keeps its first place and
// its last value, as encoding/json does.
func (o *jsonObject) UnmarshalJSON(data []byte) error {
	*o = jsonObject{}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errors.New("want an object")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		k, ok := t.(string)
		if !ok {
			return errors.New("want an object key")
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		o.set(k, v)
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return errors.New("unterminated object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the object")
	}
	return nil
}

// MarshalJSON writes the object in key order.
func (o *jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(mustJSON(k))
		b.WriteByte(':')
		b.Write(o.vals[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// mustJSON encodes values that always encode (strings, numbers, raw JSON),
// without HTML escaping.
func mustJSON(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("encode %T: %v", v, err))
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// writeBackup copies a settings file beside itself before memfs changes it.
func writeBackup(path string, data []byte) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	stamp := path + ".memfs-backup-" + time.Now().UTC().Format("20060102T150405Z")
	for n := 1; ; n++ {
		name := stamp
		if n > 1 {
			name = fmt.Sprintf("%s-%d", stamp, n)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
		if errors.Is(err, fs.ErrExist) && n < 100 {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("back up %s: %w", path, err)
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", fmt.Errorf("back up %s: %w", path, err)
		}
		return name, nil
	}
}

// writeFileAtomic replaces path with data through a temporary file and a
// rename, keeping an existing file's mode (perm for a new one).
func writeFileAtomic(path string, data []byte, perm fs.FileMode) error {
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".memfs-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename there is nothing to remove
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeLineDiff prints old → new line by line ("-", "+", or two spaces),
// from a longest common subsequence; settings files are small.
func writeLineDiff(w io.Writer, old, new []byte) {
	a := strings.SplitAfter(string(old), "\n")
	b := strings.SplitAfter(string(new), "\n")
	if len(a) > 0 && a[len(a)-1] == "" {
		a = a[:len(a)-1]
	}
	if len(b) > 0 && b[len(b)-1] == "" {
		b = b[:len(b)-1]
	}
	if len(a)*len(b) > 4_000_000 {
		for _, l := range b {
			fmt.Fprint(w, "+ "+strings.TrimSuffix(l, "\n")+"\n")
		}
		return
	}
	// lcs[i][j] is the LCS length of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	line := func(prefix, l string) { fmt.Fprint(w, prefix+strings.TrimSuffix(l, "\n")+"\n") }
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			line("  ", a[i])
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			line("- ", a[i])
			i++
		default:
			line("+ ", b[j])
			j++
		}
	}
}
