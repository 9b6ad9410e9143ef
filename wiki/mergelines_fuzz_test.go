package wiki

import (
	"slices"
	"testing"
)

// FuzzMergeLines checks the line-wise three-way merge of index files:
// it never panics; merging two equal sides gives that side, and a side
// that kept the base gives way to the other (merge(base, x, base) == x,
// merge(base, base, y) == y); every merged line comes from a side; and
// recomputing the generated lines of a merged summary or index never
// panics.
//
// It skips inputs with a side over maxFuzzMergeLines lines or
// maxFuzzMergeBytes bytes: the merge is quadratic in lines, and Go's
// minimizer does work that grows with the square of each argument's length
// for every new input it finds, running the whole target (seven merges)
// each time; with no byte bound the fuzzer grew long lines and stalled in
// minimization. A side of 256 bytes still holds a summary with its count
// line or several index lines, and any number of short lines.
func FuzzMergeLines(f *testing.F) {
	const (
		maxFuzzMergeLines = 48
		maxFuzzMergeBytes = 256
	)
	const (
		index   = "# Index\n\n- [notes](pages/notes/index.md): 2 page(s)\n- [misc](pages/misc/index.md): 1 page(s)\n"
		summary = "# Summary\n\nStatements the user asked to keep or stated as durable: notes 2. Start at index.md.\n\n- a fact ([page](pages/notes/a.md))\n1 more in index.md.\n"
	)
	for _, seed := range [][3]string{
		{index, index + "- [new](pages/new/index.md): 1 page(s)\n", "# Index\n\n- [notes](pages/notes/index.md): 3 page(s)\n"},
		{summary, "# Summary\n\n" + NothingKeptLine + "\n", summary + "- b ([page](pages/misc/b.md))\n"},
		{"a\nb\nc\n", "a\nx\nc\n", "a\nb\ny\nc\n"},
		{"a\na\nb\n", "a\nb\na\n", "b\na\na\n"},
		{"", "x\n", "y\n"},
		{"a\n", "", "a\nb"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	pages := map[string]bool{"pages/notes/a.md": true, "pages/misc/b.md": true}
	localPages := map[string]bool{"pages/notes/a.md": true, "pages/notes/c.md": true}
	f.Fuzz(func(t *testing.T, base, x, y string) {
		if max(len(base), len(x), len(y)) > maxFuzzMergeBytes {
			return
		}
		b, l, r := splitLines([]byte(base)), splitLines([]byte(x)), splitLines([]byte(y))
		if max(len(b), len(l), len(r)) > maxFuzzMergeLines {
			return
		}
		if got := mergeLines(b, l, l); !slices.Equal(got, l) {
			t.Fatalf("merge(%q, x, x) = %q, want x = %q", b, got, l)
		}
		if got := mergeLines(b, l, b); !slices.Equal(got, l) {
			t.Fatalf("merge(%q, x, base) = %q, want x = %q", b, got, l)
		}
		if got := mergeLines(b, b, r); !slices.Equal(got, r) {
			t.Fatalf("merge(%q, base, y) = %q, want y = %q", b, got, r)
		}
		merged := mergeLines(b, l, r)
		for _, line := range merged {
			if !slices.Contains(l, line) && !slices.Contains(r, line) {
				t.Fatalf("merge(%q, %q, %q) = %q: %q is on neither side", b, l, r, merged, line)
			}
		}
		for _, p := range []string{SummaryFile, IndexFile, "pages/notes/index.md"} {
			out := MergeIndexFile(p, []byte(base), []byte(x), []byte(y), pages, localPages)
			FixIndexFile(p, out, pages)
		}
	})
}
