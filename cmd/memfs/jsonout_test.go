package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Ensure that the --json documents keep their keys: scripts rely on them
// (docs/reference.md: status's scopes, pending and serve; the rejection's errors;
// a failure's error object), and output only ever gains fields.
func TestJSONShapes(t *testing.T) {
	c := newCLI(t)
	good := t.TempDir()
	writeTree(t, good, goodArtifact())
	bad := t.TempDir()
	files := goodArtifact()
	files["notes.md"] = "stray\n"
	writeTree(t, bad, files)
	bundle := filepath.Join(t.TempDir(), "out.bundle")

	commit := []string{"author", "commit", "message", "parents", "time", "trailers", "tree"}
	steps := []struct {
		args []string
		code int
		// keys maps a path into the document ("" its top level, "a.0" the
		// first element of a) to the keys of the object found there.
		keys map[string][]string
	}{
		{[]string{"status"}, exitOK, map[string][]string{
			"":      {"diverged", "failed", "here", "initialized", "limits", "ok", "pending", "scopes", "serve", "settling", "store", "store_id", "unchecked_markers", "waiting"},
			"serve": {"running"},
		}},
		{[]string{"init"}, exitOK, map[string][]string{
			"": {"created", "home", "ok", "store", "store_id"},
		}},
		{[]string{"publish", good, "-m", "remember the editor", "--source-sessions", "sess-1"}, exitOK, map[string][]string{
			"":          {"changes", "commit", "ok", "parent", "scope", "unchanged", "warnings"},
			"changes.0": {"kind", "path"},
		}},
		{[]string{"status"}, exitOK, map[string][]string{
			"":      {"diverged", "failed", "here", "initialized", "limits", "ok", "pending", "scopes", "serve", "settling", "store", "store_id", "unchecked_markers", "waiting"},
			"serve": {"running"},
		}},
		{[]string{"log"}, exitOK, map[string][]string{
			"":          {"commits", "ok", "scope"},
			"commits.0": commit,
		}},
		{[]string{"show", "HEAD"}, exitOK, map[string][]string{
			"":          append([]string{"changes", "ok"}, commit...),
			"changes.0": {"kind", "path"},
		}},
		{[]string{"cat", "index.md"}, exitOK, map[string][]string{
			"": {"commit", "content", "ok", "path"},
		}},
		{[]string{"context"}, exitOK, map[string][]string{
			"": {"commit", "context", "folder", "ok", "scope", "truncated"},
		}},
		{[]string{"validate", good}, exitOK, map[string][]string{
			"": {"errors", "files", "mode", "ok", "warnings"},
		}},
		{[]string{"publish", bad}, exitRejected, map[string][]string{
			"":         {"errors", "ok", "warnings"},
			"errors.0": {"code", "message", "path", "severity"},
		}},
		{[]string{"show", "no-such-revision"}, exitFailure, map[string][]string{
			"":      {"error", "ok"},
			"error": {"code", "message"},
		}},
		{[]string{"review", "list"}, exitOK, map[string][]string{
			"": {"ok", "proposals"},
		}},
		{[]string{"export", bundle}, exitOK, map[string][]string{
			"": {"file", "objects", "ok", "refs"},
		}},
	}
	for _, s := range steps {
		name := strings.Join(s.args[:1], " ")
		code, out, errs := c.run(append([]string{"--json"}, s.args...)...)
		if code != s.code {
			t.Fatalf("%s: exit %d, want %d\n%s", name, code, s.code, errs)
		}
		var doc any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		for path, want := range s.keys {
			got := objectKeys(doc, path)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: keys at %q are %v, want %v\n%s", name, path, got, want, out)
			}
		}
	}
}

// objectKeys returns the sorted keys of the object at a dotted path of
// doc (numbers index arrays), or nil when there is none.
func objectKeys(doc any, path string) []string {
	for _, step := range strings.FieldsFunc(path, func(r rune) bool { return r == '.' }) {
		switch v := doc.(type) {
		case map[string]any:
			doc = v[step]
		case []any:
			i, err := strconv.Atoi(step)
			if err != nil || i >= len(v) {
				return nil
			}
			doc = v[i]
		default:
			return nil
		}
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
