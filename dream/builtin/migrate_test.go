package builtin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
)

// oldPages are pages as the one-claim-a-page builtin wrote them, and a
// page a person wrote.
var oldPages = map[string]string{
	"pages/preferences/indentation.md": `# The user prefers tabs over spaces

The user prefers tabs over spaces.

The user's words (preference):

> I prefer tabs over spaces.

<!-- memfs-builtin kind=preference area=preferences subject=indentation seen=1 -->

## Sources

- session:s1 entry:u-1
`,
	"pages/preferences/indentation-3f2a9c1d.md": `# The user prefers tabs over spaces

The user prefers tabs over spaces.

The user's words (remember):

> Remember that I prefer tabs over spaces.

<!-- memfs-builtin kind=remember area=preferences subject=indentation seen=2 -->

## Sources

- session:s2 entry:u-4
`,
	"pages/tools/package-manager.md": `# The user agreed to make pnpm the package manager

The user agreed to make pnpm the package manager.

The assistant proposed it and the user agreed. The user's reply:

> yes please

The assistant's proposal:

> Shall I make pnpm the package manager from now on?

<!-- memfs-builtin kind=remember area=tools subject=package-manager via=confirm seen=2 -->

## Sources

- session:s2 entry:a-7 entry:u-8
`,
	"pages/notes/handbook.md": "# Team handbook\n\nWritten by hand.\n\n## Sources\n\n- session:s0\n",
}

// Ensure that a memory written by the earlier builtin keeps its claims:
// the next run files them in the current layout (the same fact said twice
// becomes one claim citing both sessions), removes the old pages, and
// keeps a page it did not write as it is.
func TestDream_MigratesOldPages(t *testing.T) {
	prev := t.TempDir()
	for p, c := range oldPages {
		if err := os.MkdirAll(filepath.Join(prev, filepath.Dir(p)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(prev, p), []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"index.md", "summary.md"} {
		if err := os.WriteFile(filepath.Join(prev, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	dir := stage(t, prev, map[string][]string{"s3": {"Remember that the staging host is stg-7."}})
	files := dreamOK(t, dir, "s0", "s1", "s2", "s3")
	if _, ok := files["pages/preferences/indentation-3f2a9c1d.md"]; ok {
		t.Errorf("the old duplicate page is left")
	}
	if files["pages/notes/handbook.md"] != oldPages["pages/notes/handbook.md"] {
		t.Errorf("a page the builtin did not write changed:\n%s", files["pages/notes/handbook.md"])
	}
	tabs := currentSaying(t, files, "tabs over spaces")
	if len(tabs) != 1 || len(tabs[0].cur.cites) != 2 {
		t.Fatalf("tabs: %d claims, want one citing s1 and s2", len(tabs))
	}
	if c := tabs[0].cur.cites; c[0].session != "s1" || c[0].entries[0] != "u-1" || c[1].session != "s2" {
		t.Errorf("tabs citations %+v", c)
	}
	pnpm := currentSaying(t, files, "pnpm")
	if len(pnpm) != 1 || pnpm[0].cur.via != "confirm" || !strings.Contains(pnpm[0].cur.pointer, "Shall I make pnpm") {
		t.Errorf("pnpm confirmation not migrated: %+v", pnpm)
	}
	if len(currentSaying(t, files, "stg-7")) != 1 {
		t.Errorf("the new session's claim is missing")
	}
	if !strings.Contains(files["index.md"], "Team handbook") {
		t.Errorf("index does not list the hand-written page:\n%s", files["index.md"])
	}
	// A second run changes nothing it migrated.
	dir2 := stage(t, filepath.Join(dir, dream.MemoryDir), nil)
	again := dreamOK(t, dir2, "s0", "s1", "s2", "s3")
	for p, c := range files {
		if again[p] != c {
			t.Errorf("%s changed on a run with nothing new:\n%s\n---\n%s", p, c, again[p])
		}
	}
}
