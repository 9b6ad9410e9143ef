package gitstore

import (
	"bytes"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Ensure that the fast tree encoder writes exactly what go-git's does, in
// git's tree order (a folder sorts as if its name ended in "/").
func TestEncodeTreeContent_MatchesGoGit(t *testing.T) {
	cases := []struct {
		name    string
		entries []object.TreeEntry
	}{
		{"empty", nil},
		{"files", []object.TreeEntry{
			{Name: "b.md", Mode: filemode.Regular, Hash: plumbing.Hash{2}},
			{Name: "a.md", Mode: filemode.Regular, Hash: plumbing.Hash{1}},
		}},
		{"folders sort with a slash", []object.TreeEntry{
			{Name: "a", Mode: filemode.Dir, Hash: plumbing.Hash{3}},
			{Name: "a-b", Mode: filemode.Dir, Hash: plumbing.Hash{4}},
			{Name: "a.md", Mode: filemode.Regular, Hash: plumbing.Hash{5}},
			{Name: "a0", Mode: filemode.Regular, Hash: plumbing.Hash{6}},
			{Name: "é.md", Mode: filemode.Regular, Hash: plumbing.Hash{7, 0xff}},
		}},
		{"other modes", []object.TreeEntry{
			{Name: "x", Mode: filemode.Executable, Hash: plumbing.Hash{8}},
			{Name: "y", Mode: filemode.Symlink, Hash: plumbing.Hash{9}},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, id, err := encodeTreeContent(append([]object.TreeEntry(nil), tc.entries...))
			if err != nil {
				t.Fatal(err)
			}
			want := append([]object.TreeEntry(nil), tc.entries...)
			sortTreeEntries(want)
			obj := &plumbing.MemoryObject{}
			if err := (&object.Tree{Entries: want}).Encode(obj); err != nil {
				t.Fatal(err)
			}
			wantBytes, err := encodedBytes(obj)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, wantBytes) || id != ID(obj.Hash()) {
				t.Fatalf("encoded %q (%s), go-git %q (%s)", got, id, wantBytes, obj.Hash())
			}
		})
	}
	if _, _, err := encodeTreeContent([]object.TreeEntry{{Name: "a\x00b", Mode: filemode.Regular}}); err == nil {
		t.Fatal("a name holding NUL was encoded")
	}
}
