package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/memfs/memfs/internal/fsutil"
)

// InstallOptions say where and how Install merges the hooks.
type InstallOptions struct {
	// Settings is the file to change; empty: the agent's user settings.
	Settings string
	// DryRun computes the change and writes nothing.
	DryRun bool
	// Command is the shell command the hooks run (see HookCommand).
	Command string
}

// InstallResult says what Install did.
type InstallResult struct {
	// Path is the settings file, symlinks resolved.
	Path string
	// Events are the events whose hook was added or changed; none means
	// the file already had them and was left alone.
	Events []string
	// Backup is the copy of the previous file, when one was written.
	Backup string
	// Old and New are the file before and after the merge.
	Old, New []byte
}

// Changed reports whether the settings needed a change.
func (r *InstallResult) Changed() bool { return len(r.Events) > 0 }

// Install merges memfs's hook for each of a's events into its settings
// file, keeping every other key and hook. A file that changes is backed up
// beside itself first (<file>.memfs-backup-<time>) and replaced
// atomically; a file already right is not touched.
func Install(a Agent, o InstallOptions) (*InstallResult, error) {
	return editSettings(a, o, true, func(old []byte) ([]byte, []string, error) {
		return mergeHooks(old, a.Events, a.Fields, a.Name, o.Command)
	})
}

// editSettings changes a's settings file (o.Settings, else the agent's):
// edit gives the new content and the events it changed. The path is made
// absolute and a symlink to it resolved, so that a dotfile manager's link
// stays a link. A missing file is edited as empty when create is set and
// left alone otherwise. A file that changes is backed up, then replaced
// atomically; with o.DryRun nothing is written.
func editSettings(a Agent, o InstallOptions, create bool, edit func(old []byte) ([]byte, []string, error)) (*InstallResult, error) {
	path := o.Settings
	if path == "" {
		var err error
		if path, err = a.Settings(); err != nil {
			return nil, fmt.Errorf("locate %s settings: %w", a.Title, err)
		}
	}
	path, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	old, err := os.ReadFile(path)
	existed := err == nil
	switch {
	case errors.Is(err, fs.ErrNotExist) && !create:
		return &InstallResult{Path: path}, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	changed, events, err := edit(old)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	res := &InstallResult{Path: path, Events: events, Old: old, New: changed}
	if !res.Changed() || o.DryRun {
		return res, nil
	}
	if existed {
		if res.Backup, err = writeBackup(path, old); err != nil {
			return nil, err
		}
	}
	if err := fsutil.WriteFileAtomic(path, changed, 0o600); err != nil {
		return nil, err
	}
	return res, nil
}

// HookOptions are the global options a hook command passes on; empty
// fields are left out.
type HookOptions struct {
	Home  string // an absolute memfs home
	Scope string
	Mount string // where memfs serve mounts scopes
	// AllowTemporary lets the hooks run a temporary go build (see
	// TemporaryBinary).
	AllowTemporary bool
}

// ErrTemporaryBinary refuses to write hooks that run a temporary go build
// (go run, go test), which disappears and leaves the agent's hooks broken.
var ErrTemporaryBinary = errors.New("this memfs is a temporary go build")

// TemporaryBinary reports whether path is a temporary executable of the go
// tool: one under a go-build folder, as go run and go test leave them in
// the temporary folder or in Go's build cache.
func TemporaryBinary(path string) bool {
	for _, el := range strings.Split(filepath.ToSlash(path), "/") {
		if rest, ok := strings.CutPrefix(el, "go-build"); ok && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

// HookCommand is the shell command an agent runs for a memfs hook: base
// (default: this binary's real path) with o and "hook <agent>".
func HookCommand(base, agent string, o HookOptions) (string, error) {
	if base == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("locate the memfs binary (use --command): %w", err)
		}
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		if TemporaryBinary(exe) && !o.AllowTemporary {
			return "", fmt.Errorf("%w (%s) that disappears once it exits; install memfs first (go install ./cmd/memfs), "+
				"or name the binary the hooks run with --command (--force writes this one anyway)", ErrTemporaryBinary, exe)
		}
		base = ShellQuote(exe)
	}
	parts := []string{base}
	if o.Home != "" {
		parts = append(parts, "--home", ShellQuote(o.Home))
	}
	if o.Scope != "" {
		parts = append(parts, "--scope", ShellQuote(o.Scope))
	}
	parts = append(parts, "hook", agent)
	if o.Mount != "" {
		abs, err := filepath.Abs(o.Mount)
		if err != nil {
			return "", err
		}
		parts = append(parts, "--mount", ShellQuote(abs))
	}
	return strings.Join(parts, " "), nil
}

// ShellQuote quotes s for a POSIX shell when it needs it.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-=:@+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// IsMemfsHook reports whether a hook command runs memfs's hook for agent.
func IsMemfsHook(command, agent string) bool {
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
// updated, and so is one without the fields memfs's hook for its event
// carries (fields, by event). It returns the events it added or changed;
// none means the document is already right and the result must not be
// written.
func mergeHooks(old []byte, events []string, fields map[string]map[string]any, agent, command string) ([]byte, []string, error) {
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
	var changes []string
	for _, event := range events {
		extra := sortedObject(fields[event])
		entry := &jsonObject{}
		entry.set("type", mustJSON("command"))
		entry.set("command", mustJSON(command))
		entry.set("timeout", mustJSON(HookTimeout))
		for _, k := range extra.keys {
			entry.set(k, extra.vals[k])
		}
		var groups []json.RawMessage
		if raw, ok := hooks.get(event); ok {
			if err := json.Unmarshal(raw, &groups); err != nil {
				return nil, nil, fmt.Errorf("hooks.%s is not an array: %w", event, err)
			}
		}
		found, updated, err := updateMemfsHook(groups, agent, command, extra)
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

// sortedObject is fields as a JSON object, its keys in order.
func sortedObject(fields map[string]any) *jsonObject {
	o := &jsonObject{}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		o.set(k, mustJSON(fields[k]))
	}
	return o
}

// updateMemfsHook looks for memfs's hook among an event's matcher groups
// and points it at command, with the fields extra gives. It reports
// whether one was found and whether it had to change.
func updateMemfsHook(groups []json.RawMessage, agent, command string, extra *jsonObject) (found, updated bool, err error) {
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
			if json.Unmarshal(eraw, &e) != nil || !IsMemfsHook(e.Command, agent) {
				continue
			}
			var entry jsonObject
			if err := entry.UnmarshalJSON(eraw); err != nil {
				return false, false, err
			}
			same := e.Command == command
			for _, k := range extra.keys {
				v, ok := entry.get(k)
				same = same && ok && jsonEqual(v, extra.vals[k])
			}
			if same {
				return true, false, nil
			}
			entry.set("command", mustJSON(command))
			for _, k := range extra.keys {
				entry.set(k, extra.vals[k])
			}
			entries[ei] = mustJSON(&entry)
			group.set("hooks", mustJSON(entries))
			groups[gi] = mustJSON(&group)
			return true, true, nil
		}
	}
	return false, false, nil
}

// jsonEqual reports whether two JSON values are the same value.
func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
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

// WriteLineDiff prints old → new line by line ("-", "+", or two spaces),
// from a longest common subsequence; settings files are small.
func WriteLineDiff(w io.Writer, old, new []byte) {
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
