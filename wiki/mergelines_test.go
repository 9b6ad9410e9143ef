package wiki

import (
	"strings"
	"testing"
)

// Ensure that index files merge line-wise: each side's added lines are
// kept (hand-written ones too), lines either side removed go, the
// generated counts follow the merged pages, and link lines to pages the
// merge does not hold are dropped.
func TestMergeIndexFile(t *testing.T) {
	pages := map[string]bool{"pages/facts/a.md": true, "pages/facts/b.md": true, "pages/facts/c.md": true}
	cases := []struct {
		name, path, base, local, remote string
		localPages                      []string
		want                            string
	}{
		{"area index, both added a line", "pages/facts/index.md",
			"# Facts\n\n- [A](a.md)\n", "# Facts\n\n- [B](b.md)\n- [A](a.md)\n", "# Facts\n\n- [C](c.md)\n- [A](a.md)\n",
			nil, "# Facts\n\n- [B](b.md)\n- [C](c.md)\n- [A](a.md)\n"},
		{"hand-written lines: union, a removal holds", "index.md",
			"# Index\n\nOld note.\n\n- [facts](pages/facts/index.md): 1 page(s)\n",
			"# Index\n\nLocal note.\n\n- [facts](pages/facts/index.md): 2 page(s)\n",
			"# Index\n\nOld note.\nRemote note.\n\n- [facts](pages/facts/index.md): 2 page(s)\n",
			nil, "# Index\n\nLocal note.\nRemote note.\n\n- [facts](pages/facts/index.md): 3 page(s)\n"},
		{"summary count line", "summary.md",
			"# Summary\n\nStatements the user asked to keep or stated as durable: facts 1. Start at index.md.\n",
			"# Summary\n\n- b ([page](pages/facts/b.md); session:s2)\n\nStatements the user asked to keep or stated as durable: facts 2. Start at index.md.\n",
			"# Summary\n\n- c ([page](pages/facts/c.md); session:s3)\n\nStatements the user asked to keep or stated as durable: facts 2. Start at index.md.\n",
			[]string{"pages/facts/a.md", "pages/facts/b.md"},
			"# Summary\n\n- b ([page](pages/facts/b.md); session:s2)\n- c ([page](pages/facts/c.md); session:s3)\n\nStatements the user asked to keep or stated as durable: facts 3. Start at index.md.\n"},
		{"a link to a page the merge lacks goes", "pages/facts/index.md",
			"# Facts\n", "# Facts\n- [A](a.md)\n", "# Facts\n- [Gone](gone.md)\n",
			nil, "# Facts\n- [A](a.md)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lp := map[string]bool{}
			for _, p := range tc.localPages {
				lp[p] = true
			}
			got := string(FixIndexFile(tc.path, MergeIndexFile(tc.path, []byte(tc.base), []byte(tc.local), []byte(tc.remote), pages, lp), pages))
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, strings.ReplaceAll(tc.want, "\n", "⏎\n"))
			}
		})
	}
}
