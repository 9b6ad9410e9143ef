package openaidreamer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"
)

// maxToolOutput bounds what one tool call returns to the model.
const maxToolOutput = 64 << 10

// toolSpecs is the tools array sent with every request.
func toolSpecs() []map[string]any {
	fn := func(name, desc string, props map[string]any, required ...string) map[string]any {
		return map[string]any{"type": "function", "function": map[string]any{
			"name": name, "description": desc,
			"parameters": map[string]any{"type": "object", "properties": props, "required": required},
		}}
	}
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	return []map[string]any{
		fn("list_dir", "List a directory under .memory/ or .dreaming/input/.", map[string]any{"path": str("directory, relative to the run directory")}, "path"),
		fn("read_file", "Read a file under .memory/ or .dreaming/input/.", map[string]any{"path": str("file, relative to the run directory")}, "path"),
		fn("grep", "Search files under a directory for a regular expression; prints path:line: text.", map[string]any{
			"pattern": str("RE2 regular expression"), "path": str("directory or file under .memory/ or .dreaming/input/")}, "pattern", "path"),
		fn("write_file", "Create or replace a Markdown file under .memory/.", map[string]any{
			"path": str("file under .memory/, ending in .md"), "content": str("the whole new content")}, "path", "content"),
		fn("edit_file", "Replace the one occurrence of old with new in a Markdown file under .memory/.", map[string]any{
			"path": str("file under .memory/"), "old": str("text that occurs exactly once"), "new": str("replacement")}, "path", "old", "new"),
		fn("remove_page", "Remove a page (not an index) under .memory/pages/.", map[string]any{"path": str("page under .memory/pages/")}, "path"),
	}
}

// tools executes tool calls inside the run directory.
type tools struct {
	root *os.Root
}

var errRefused = errors.New("refused")

// clean checks a model-supplied path: relative, no "..", under one of the
// allowed prefixes. It returns the cleaned path.
func clean(p string, prefixes ...string) (string, error) {
	if p == "" || strings.HasPrefix(p, "/") || strings.ContainsRune(p, 0) {
		return "", fmt.Errorf("%w: path must be relative to the run directory", errRefused)
	}
	c := path.Clean(p)
	for _, seg := range strings.Split(c, "/") {
		if seg == ".." {
			return "", fmt.Errorf("%w: path leaves the run directory", errRefused)
		}
	}
	for _, pre := range prefixes {
		if c == strings.TrimSuffix(pre, "/") || strings.HasPrefix(c, pre) {
			return c, nil
		}
	}
	return "", fmt.Errorf("%w: path must be under %s", errRefused, strings.Join(prefixes, " or "))
}

var readable = []string{".memory/", ".dreaming/input/"}

func (t *tools) call(name, rawArgs string) (string, error) {
	var a struct{ Path, Content, Old, New, Pattern string }
	if err := json.Unmarshal([]byte(rawArgs), &a); err != nil {
		return "", fmt.Errorf("arguments are not a JSON object: %w", err)
	}
	switch name {
	case "list_dir":
		p, err := clean(a.Path, readable...)
		if err != nil {
			return "", err
		}
		entries, err := fs.ReadDir(t.root.FS(), p)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for _, e := range entries {
			b.WriteString(e.Name())
			if e.IsDir() {
				b.WriteString("/")
			}
			b.WriteString("\n")
		}
		return b.String(), nil
	case "read_file":
		p, err := clean(a.Path, readable...)
		if err != nil {
			return "", err
		}
		b, err := fs.ReadFile(t.root.FS(), p)
		if err != nil {
			return "", err
		}
		return truncate(string(b)), nil
	case "grep":
		p, err := clean(a.Path, readable...)
		if err != nil {
			return "", err
		}
		re, err := regexp.Compile(a.Pattern)
		if err != nil {
			return "", fmt.Errorf("bad pattern: %w", err)
		}
		return t.grep(re, p)
	case "write_file":
		p, err := clean(a.Path, ".memory/")
		if err != nil {
			return "", err
		}
		if !strings.HasSuffix(p, ".md") {
			return "", fmt.Errorf("%w: only .md files may be written", errRefused)
		}
		if err := t.root.MkdirAll(path.Dir(p), 0o700); err != nil {
			return "", err
		}
		if err := t.root.WriteFile(p, []byte(a.Content), 0o600); err != nil {
			return "", err
		}
		return fmt.Sprintf("wrote %s (%d bytes)", p, len(a.Content)), nil
	case "edit_file":
		p, err := clean(a.Path, ".memory/")
		if err != nil {
			return "", err
		}
		if !strings.HasSuffix(p, ".md") {
			return "", fmt.Errorf("%w: only .md files may be edited", errRefused)
		}
		b, err := fs.ReadFile(t.root.FS(), p)
		if err != nil {
			return "", err
		}
		if a.Old == "" {
			return "", errors.New("old must not be empty")
		}
		if n := bytes.Count(b, []byte(a.Old)); n != 1 {
			return "", fmt.Errorf("old occurs %d times; it must occur exactly once", n)
		}
		b = bytes.Replace(b, []byte(a.Old), []byte(a.New), 1)
		if err := t.root.WriteFile(p, b, 0o600); err != nil {
			return "", err
		}
		return "edited " + p, nil
	case "remove_page":
		p, err := clean(a.Path, ".memory/pages/")
		if err != nil {
			return "", err
		}
		if !strings.HasSuffix(p, ".md") || path.Base(p) == "index.md" || strings.Count(p, "/") != 3 {
			return "", fmt.Errorf("%w: only pages (.memory/pages/<area>/<page>.md, not index.md) may be removed", errRefused)
		}
		if err := t.root.Remove(p); err != nil {
			return "", err
		}
		return "removed " + p, nil
	}
	return "", fmt.Errorf("unknown tool %q", name)
}

func (t *tools) grep(re *regexp.Regexp, dir string) (string, error) {
	var out strings.Builder
	var files []string
	err := fs.WalkDir(t.root.FS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	for _, p := range files {
		f, err := t.root.Open(p)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for n := 1; sc.Scan(); n++ {
			if re.Match(sc.Bytes()) {
				fmt.Fprintf(&out, "%s:%d: %s\n", p, n, sc.Text())
				if out.Len() > maxToolOutput {
					f.Close()
					return truncate(out.String()), nil
				}
			}
		}
		f.Close()
	}
	return out.String(), nil
}

func truncate(s string) string {
	if len(s) <= maxToolOutput {
		return s
	}
	return s[:maxToolOutput] + fmt.Sprintf("\n[truncated: %d more bytes]", len(s)-maxToolOutput)
}
