package replica

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

type rawEntry struct{ mode, name, id string }

// rawTree encodes entries as given, in the given order.
func rawTree(t *testing.T, entries ...rawEntry) string {
	t.Helper()
	var b strings.Builder
	for _, e := range entries {
		id, err := hex.DecodeString(e.id)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %s\x00%s", e.mode, e.name, id)
	}
	return b.String()
}

const (
	goodIdent = "A U Thor <a@example.com> 1700000000 +0000"
)

// Ensure that a bundle whose trees or commits break git fsck --strict's
// rules is refused whole, for each rule, and that the same objects written
// canonically import. Stock git's own fsck agrees on every case but the
// old group-writable mode, which it only reports.
func TestImportRefusesNonCanonicalObjects(t *testing.T) {
	type parts struct {
		root   func(blobs map[string]string, notes string) []rawEntry
		notes  func(blobs map[string]string) []rawEntry
		commit func(tree string) string
	}
	canonicalNotes := func(blobs map[string]string) []rawEntry {
		return []rawEntry{{"100644", "base.md", blobs["base"]}, {"100644", "index.md", blobs["notesIndex"]}}
	}
	canonicalRoot := func(blobs map[string]string, notes string) []rawEntry {
		return []rawEntry{{"100644", "index.md", blobs["index"]}, {"40000", "pages", notes}, {"100644", "summary.md", blobs["summary"]}}
	}
	canonicalCommit := func(tree string) string {
		return "tree " + tree + "\nauthor " + goodIdent + "\ncommitter " + goodIdent + "\n\nimported\n"
	}
	cases := []struct {
		name string
		p    parts
		ok   bool
		// gitOK: stock git reports it at info level only; refused here.
		gitOK bool
	}{
		{name: "canonical", ok: true},
		{name: "unsorted entries", p: parts{root: func(b map[string]string, notes string) []rawEntry {
			return []rawEntry{{"100644", "summary.md", b["summary"]}, {"100644", "index.md", b["index"]}, {"40000", "pages", notes}}
		}}},
		{name: "zero-padded folder mode", p: parts{root: func(b map[string]string, notes string) []rawEntry {
			return []rawEntry{{"100644", "index.md", b["index"]}, {"040000", "pages", notes}, {"100644", "summary.md", b["summary"]}}
		}}},
		{name: "group-writable file mode", p: parts{root: func(b map[string]string, notes string) []rawEntry {
			return []rawEntry{{"100664", "index.md", b["index"]}, {"40000", "pages", notes}, {"100644", "summary.md", b["summary"]}}
		}}, gitOK: true},
		{name: "duplicate names", p: parts{notes: func(b map[string]string) []rawEntry {
			return []rawEntry{{"100644", "base.md", b["base"]}, {"100644", "base.md", b["base"]}, {"100644", "index.md", b["notesIndex"]}}
		}}},
		{name: "commit without author", p: parts{commit: func(tree string) string {
			return "tree " + tree + "\ncommitter " + goodIdent + "\n\nimported\n"
		}}},
		{name: "zero-padded date", p: parts{commit: func(tree string) string {
			return "tree " + tree + "\nauthor A U Thor <a@example.com> 01700000000 +0000\ncommitter " + goodIdent + "\n\nimported\n"
		}}},
		{name: "bad time zone", p: parts{commit: func(tree string) string {
			return "tree " + tree + "\nauthor " + goodIdent + "\ncommitter A U Thor <a@example.com> 1700000000 +00\n\nimported\n"
		}}},
		{name: "no space before email", p: parts{commit: func(tree string) string {
			return "tree " + tree + "\nauthor A U Thor<a@example.com> 1700000000 +0000\ncommitter " + goodIdent + "\n\nimported\n"
		}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			repo := filepath.Join(t.TempDir(), "crafted.git")
			gitIn(t, "", "", "init", "-q", "--bare", repo)
			blobs := map[string]string{}
			for name, content := range map[string]string{
				"summary":    "# Summary\n\nOrientation only.\n",
				"index":      "# Index\n\n- [Notes](pages/notes/index.md)\n",
				"notesIndex": "# Notes\n\n- [base](base.md)\n",
				"base":       "# base\n\nA fact about base.\n\n## Sources\n\n- session:s1\n",
			} {
				blobs[name] = gitIn(t, repo, content, "hash-object", "-w", "--stdin")
			}
			p := tc.p
			if p.notes == nil {
				p.notes = canonicalNotes
			}
			if p.root == nil {
				p.root = canonicalRoot
			}
			if p.commit == nil {
				p.commit = canonicalCommit
			}
			notes := gitIn(t, repo, rawTree(t, p.notes(blobs)...), "hash-object", "--literally", "-t", "tree", "-w", "--stdin")
			pages := gitIn(t, repo, rawTree(t, rawEntry{"40000", "notes", notes}), "hash-object", "--literally", "-t", "tree", "-w", "--stdin")
			root := gitIn(t, repo, rawTree(t, p.root(blobs, pages)...), "hash-object", "--literally", "-t", "tree", "-w", "--stdin")
			commit := gitIn(t, repo, p.commit(root), "hash-object", "--literally", "-t", "commit", "-w", "--stdin")
			gitIn(t, repo, "", "update-ref", "refs/heads/default", commit)
			fsckErr := exec.Command("git", "-C", repo, "fsck", "--strict", "--no-dangling").Run()
			if (fsckErr == nil) != (tc.ok || tc.gitOK) {
				t.Fatalf("setup: stock git fsck --strict: %v, want ok=%v", fsckErr, tc.ok)
			}
			bundle := filepath.Join(t.TempDir(), "crafted.bundle")
			gitIn(t, repo, "", "bundle", "create", "-q", bundle, "refs/heads/default")

			s := newTestStore(t, validate.DefaultLimits())
			_, err := importFile(t, s, bundle, ImportOptions{})
			if tc.ok {
				if err != nil {
					t.Fatalf("canonical bundle: %v", err)
				}
				return
			}
			if !errors.Is(err, gitstore.ErrInvalidBundle) || !errors.Is(err, errNotCanonical) || errcode.Of(err) != "invalid_bundle" {
				t.Fatalf("import: %v", err)
			}
			if refs := gittest.Git(t, s.Path(), "for-each-ref", "refs/heads"); refs != "" {
				t.Errorf("a refused import left refs:\n%s", refs)
			}
		})
	}
}

// Ensure that git's tree order is followed: a folder sorts as its name
// with a slash, so "a.c" comes before the folder "a".
func TestTreeOrder(t *testing.T) {
	cases := []struct {
		a    string
		aDir bool
		b    string
		bDir bool
		want order
	}{
		{"a.c", false, "a", true, orderOK},
		{"a", true, "a.c", false, orderWrong},
		{"a", false, "a.c", false, orderOK},
		{"a", false, "a", true, orderDuplicate},
		{"b", false, "a", false, orderWrong},
		{"a", false, "a-", false, orderOK},
	}
	for _, c := range cases {
		if got := treeOrder(c.a, c.aDir, c.b, c.bDir); got != c.want {
			t.Errorf("treeOrder(%q %v, %q %v) = %d, want %d", c.a, c.aDir, c.b, c.bDir, got, c.want)
		}
	}
	for _, name := range []string{".git", ".GIT", ".git.", ".git ", "git~1", ".g\u200cit", "..", ".", "", "a/b"} {
		if fsckName(name) == nil {
			t.Errorf("name %q accepted", name)
		}
	}
}
