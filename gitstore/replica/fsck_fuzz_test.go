package replica

import (
	"bytes"
	"io"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/gitstore"
)

// fsckSeed is a raw object the fuzz targets start from and that
// TestFsckAgreesWithGit hands to stock git. stricter marks the objects
// fsck.go refuses on purpose that stock git accepts, or that some of its
// versions do (refusing more is safe).
type fsckSeed struct {
	name     string
	raw      []byte
	stricter bool
}

// seedTree encodes "mode name" entries as given, in the given order, each
// pointing at its own non-zero id (distinct ids keep stock git from
// seeing one object used as both a blob and a tree).
func seedTree(entries ...string) []byte {
	var b bytes.Buffer
	for i, e := range entries {
		mode, name, _ := strings.Cut(e, " ")
		b.WriteString(mode + " " + name + "\x00")
		b.Write(bytes.Repeat([]byte{byte(i + 1)}, 20))
	}
	return b.Bytes()
}

func fsckTreeSeeds() []fsckSeed {
	canonical := seedTree("100644 index.md", "40000 pages", "100644 summary.md")
	return []fsckSeed{
		{name: "canonical", raw: canonical},
		{name: "empty tree", raw: nil},
		{name: "every mode", raw: seedTree("100644 a", "100755 b", "120000 c", "40000 d", "160000 e")},
		{name: "folder sorts with a slash", raw: seedTree("100644 a.c", "40000 a")},
		{name: "truncated", raw: canonical[:len(canonical)-1]},
		{name: "unsorted", raw: seedTree("100644 b", "100644 a")},
		{name: "adjacent duplicate", raw: seedTree("100644 a", "100644 a")},
		{name: "file and folder of one name apart", raw: seedTree("100644 a", "100644 a.c", "40000 a")},
		{name: "zero-padded mode", raw: seedTree("040000 pages")},
		{name: "group-writable mode", raw: seedTree("100664 a"), stricter: true},
		{name: "bad mode", raw: seedTree("100600 a"), stricter: true}, // git 2.39 accepts it
		{name: "empty name", raw: seedTree("100644 ")},
		{name: "full path", raw: seedTree("100644 a/b")},
		{name: "dot", raw: seedTree("40000 .")},
		{name: "dot dot", raw: seedTree("40000 ..")},
		{name: "dot git", raw: seedTree("40000 .git")},
		{name: "dot git upper case", raw: seedTree("100644 .GIT")},
		{name: "dot git HFS+ ignorable", raw: seedTree("100644 .g\u200cit")},
		{name: "dot git NTFS trailing", raw: seedTree("100644 .git. ")},
		{name: "dot git NTFS short name", raw: seedTree("100644 GIT~1")},
		{name: "dot git NTFS stream", raw: seedTree("100644 .git:x")},
		{name: "dot git NTFS backslash", raw: seedTree("100644 .git\\x")},
		{name: "dot git NTFS short name stream", raw: seedTree("100644 git~1 .:y")},
		{name: "dot git prefix", raw: seedTree("100644 .gitx")},
		{name: "dotted capital I", raw: seedTree("100644 .g\u0130t"), stricter: true},
		{name: "newline in name", raw: seedTree("100644 a\nb")},
		{name: "null id", raw: append([]byte("100644 a\x00"), make([]byte, 20)...)},
	}
}

const fsckSeedTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

func fsckCommitSeeds() []fsckSeed {
	const (
		tree  = "tree " + fsckSeedTree + "\n"
		ident = "A U Thor <a@example.com> 1700000000 +0100\n"
		who   = "author " + ident + "committer " + ident
		// Commits stock git never saw: their links are not followed.
		parent1 = "0123456789abcdef0123456789abcdef01234567"
		parent2 = "89abcdef0123456789abcdef0123456789abcdef"
	)
	return []fsckSeed{
		{name: "canonical", raw: []byte(tree + who + "\nmessage\n")},
		{name: "two parents", raw: []byte(tree + "parent " + parent1 + "\nparent " + parent2 + "\n" + who + "\nmerge\n")},
		{name: "extra headers", raw: []byte(tree + who + "encoding ISO-8859-1\ngpgsig x\n y\n\nmessage\n")},
		{name: "header only", raw: []byte(tree + who)},
		{name: "unterminated header", raw: []byte(tree + who[:len(who)-1])},
		{name: "no tree", raw: []byte(who + "\nmessage\n")},
		{name: "short tree", raw: []byte("tree 4b825dc6\n" + who + "\n")},
		{name: "upper-case tree", raw: []byte("tree " + strings.ToUpper(fsckSeedTree) + "\n" + who + "\n"), stricter: true},
		{name: "no author", raw: []byte(tree + "committer " + ident + "\n")},
		{name: "two authors", raw: []byte(tree + "author " + ident + who + "\n")},
		{name: "no committer", raw: []byte(tree + "author " + ident + "\n")},
		{name: "NUL in body", raw: []byte(tree + who + "\nmes\x00sage\n")},
		{name: "NUL in header", raw: []byte(tree + who + "encoding a\x00b\n\n")},
		{name: "no name", raw: []byte(tree + "author <a@b> 1 +0000\ncommitter " + ident + "\n")},
		{name: "no space before email", raw: []byte(tree + "author A<a@b> 1 +0000\ncommitter " + ident + "\n")},
		{name: "bad name", raw: []byte(tree + "author A> <a@b> 1 +0000\ncommitter " + ident + "\n")},
		{name: "bad email", raw: []byte(tree + "author A <a<b> 1 +0000\ncommitter " + ident + "\n")},
		{name: "no date", raw: []byte(tree + "author A <a@b> +0000\ncommitter " + ident + "\n")},
		{name: "date zero", raw: []byte(tree + "author A <a@b> 0 +0000\ncommitter " + ident + "\n")},
		{name: "zero-padded date", raw: []byte(tree + "author A <a@b> 01 +0000\ncommitter " + ident + "\n")},
		{name: "largest date", raw: []byte(tree + "author A <a@b> 9223372036854775807 +0000\ncommitter " + ident + "\n")},
		{name: "date overflow", raw: []byte(tree + "author A <a@b> 9223372036854775808 +0000\ncommitter " + ident + "\n")},
		{name: "date far overflow", raw: []byte(tree + "author A <a@b> 99999999999999999999 +0000\ncommitter " + ident + "\n")},
		{name: "two spaces before date", raw: []byte(tree + "author A <a@b>  1 +0000\ncommitter " + ident + "\n"), stricter: true},
		{name: "signed date", raw: []byte(tree + "author A <a@b> +1 +0000\ncommitter " + ident + "\n"), stricter: true},
		{name: "short time zone", raw: []byte(tree + "author A <a@b> 1 +000\ncommitter " + ident + "\n")},
		{name: "time zone and more", raw: []byte(tree + "author A <a@b> 1 +0000 x\ncommitter " + ident + "\n")},
	}
}

// Ensure that fsck.go agrees with stock `git fsck --strict` on every seed
// of the fuzz targets, except where it is stricter on purpose.
func TestFsckAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	type check struct {
		typ  string
		fsck func([]byte) error
		seed fsckSeed
	}
	var cases []check
	for _, s := range fsckTreeSeeds() {
		cases = append(cases, check{"tree", fsckTree, s})
	}
	for _, s := range fsckCommitSeeds() {
		cases = append(cases, check{"commit", fsckCommit, s})
	}
	for _, c := range cases {
		t.Run(c.typ+"/"+c.seed.name, func(t *testing.T) {
			repo := filepath.Join(t.TempDir(), "r.git")
			gitIn(t, "", "", "init", "-q", "--bare", repo)
			gitIn(t, repo, string(c.seed.raw), "hash-object", "--literally", "-t", c.typ, "-w", "--stdin")
			// An unreachable object is still checked, and its links are not
			// followed.
			out, err := exec.Command("git", "-C", repo, "fsck", "--strict", "--no-dangling").CombinedOutput()
			gitOK := err == nil
			ours := c.fsck(c.seed.raw)
			switch {
			case ours == nil && !gitOK:
				t.Errorf("accepted; stock git refuses it:\n%s", out)
			case ours != nil && gitOK && !c.seed.stricter:
				t.Errorf("refused (%v); stock git accepts it", ours)
			}
		})
	}
}

// FuzzFsckTree checks that the tree check never panics; that a tree it
// accepts parses, names each entry once and is exactly the canonical
// encoding of its entries (so a rewrite re-encodes it to the same id); and
// that the canonical encoding of any entries that are each valid and
// uniquely named is accepted.
func FuzzFsckTree(f *testing.F) {
	for _, s := range fsckTreeSeeds() {
		f.Add(s.raw)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ok := fsckTree(b) == nil
		entries, perr := gitstore.Plumbing{}.ParseTree(b)
		if ok {
			if perr != nil {
				t.Fatalf("accepted a tree parseTree refuses: %v", perr)
			}
			names := map[string]bool{}
			for _, e := range entries {
				if names[e.Name] {
					t.Fatalf("accepted a tree naming %q twice", e.Name)
				}
				names[e.Name] = true
			}
			if enc := canonicalTree(t, entries); !bytes.Equal(enc, b) {
				t.Fatalf("accepted a tree that is not canonical:\n got %q\nwant %q", b, enc)
			}
			return
		}
		if perr != nil || !validEntries(entries) {
			return
		}
		if enc := canonicalTree(t, entries); fsckTree(enc) != nil {
			t.Fatalf("refused the canonical encoding of valid entries: %v\n%q", fsckTree(enc), enc)
		}
	})
}

// validEntries reports whether each entry has a canonical mode, a name git
// accepts and a non-zero id, and no name is used twice.
func validEntries(entries []object.TreeEntry) bool {
	names := map[string]bool{}
	for _, e := range entries {
		switch e.Mode {
		case filemode.Regular, filemode.Executable, filemode.Symlink, filemode.Dir, filemode.Submodule:
		default:
			return false
		}
		if fsckName(e.Name) != nil || e.Hash.IsZero() || names[e.Name] {
			return false
		}
		names[e.Name] = true
	}
	return true
}

// canonicalTree encodes entries as the store writes trees.
func canonicalTree(t *testing.T, entries []object.TreeEntry) []byte {
	t.Helper()
	sorted := append([]object.TreeEntry(nil), entries...)
	sort.Sort(object.TreeEntrySorter(sorted))
	obj := &plumbing.MemoryObject{}
	if err := (&object.Tree{Entries: sorted}).Encode(obj); err != nil {
		t.Fatalf("encode: %v", err)
	}
	r, err := obj.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzFsckCommit checks that the commit check never panics, and that
// go-git reads a commit it accepts as its header says: the tree, one
// parent per parent line, and author and committer times that fit git's
// signed 64-bit timestamp.
func FuzzFsckCommit(f *testing.F) {
	for _, s := range fsckCommitSeeds() {
		f.Add(s.raw)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if fsckCommit(b) != nil {
			return
		}
		var c object.Commit
		obj := &plumbing.MemoryObject{}
		obj.SetType(plumbing.CommitObject)
		obj.Write(b)
		if err := c.Decode(obj); err != nil {
			t.Fatalf("accepted a commit go-git cannot decode: %v", err)
		}
		header, _, _ := bytes.Cut(b, []byte("\n\n"))
		lines := strings.Split(string(header), "\n")
		if got := c.TreeHash.String(); got != strings.TrimPrefix(lines[0], "tree ") {
			t.Fatalf("tree line %q decodes as %s", lines[0], got)
		}
		parents := 0
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "parent ") {
				parents++
			}
		}
		if len(c.ParentHashes) != parents {
			t.Fatalf("%d parent lines decode as %d parents", parents, len(c.ParentHashes))
		}
		for _, sig := range []struct {
			key  string
			when int64
		}{{"author ", c.Author.When.Unix()}, {"committer ", c.Committer.When.Unix()}} {
			for _, l := range lines[1:] {
				rest, ok := strings.CutPrefix(l, sig.key)
				if !ok {
					continue
				}
				fields := strings.Fields(rest[strings.LastIndexByte(rest, '>')+1:])
				secs, err := strconv.ParseInt(fields[0], 10, 64)
				if err != nil || secs != sig.when {
					t.Fatalf("accepted %q: its time %q reads as %d (%v)", l, fields[0], sig.when, err)
				}
				break
			}
		}
	})
}
