package home

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/storetest"
)

// manyScopes returns a home whose store has n scope branches (as an
// import of a bundle leaves them: in packed-refs), all at one commit, and
// the store opened.
func manyScopes(tb testing.TB, n int) (*Home, *gitstore.Store) {
	tb.Helper()
	h, err := Open(filepath.Join(tb.TempDir(), "home"), Limits{}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	s, _, err := gitstore.Init(tb.Context(), h.StoreOptions())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	dir := tb.TempDir()
	storetest.WriteTree(tb, dir, map[string]string{
		"summary.md": "# Summary\n\nNothing yet.\n",
		"index.md":   "# Index\n",
	})
	res, err := s.Publish(tb.Context(), dir, gitstore.PublishOptions{Scope: "s00000", Message: "first"})
	if err != nil {
		tb.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# pack-refs with: sorted \n")
	refs, err := s.Refs(tb.Context())
	if err != nil {
		tb.Fatal(err)
	}
	for name, id := range refs {
		if !strings.HasPrefix(name, "refs/heads/") {
			fmt.Fprintf(&b, "%s %s\n", id, name)
		}
	}
	for i := range n {
		fmt.Fprintf(&b, "%s refs/heads/s%05d\n", res.Commit, i)
	}
	// Sorted by name, as git keeps it: refs/heads/ sorts before refs/memfs/.
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	body := lines[1:]
	sortByRef(body)
	packed := lines[0] + "\n" + strings.Join(body, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(s.Path(), "packed-refs"), []byte(packed), 0o600); err != nil {
		tb.Fatal(err)
	}
	for name := range refs {
		os.Remove(filepath.Join(s.Path(), filepath.FromSlash(name)))
	}
	if out, err := exec.Command("git", "-C", s.Path(), "for-each-ref", "--count=1").CombinedOutput(); err != nil {
		tb.Fatalf("git for-each-ref: %v\n%s", err, out)
	}
	return h, s
}

func sortByRef(lines []string) {
	ref := func(l string) string { _, r, _ := strings.Cut(l, " "); return r }
	slices.SortFunc(lines, func(a, b string) int { return strings.Compare(ref(a), ref(b)) })
}

// Ensure that status reports every one of many scopes with its head.
func TestStatusManyScopes(t *testing.T) {
	const n = 5000
	h, s := manyScopes(t, n)
	l, err := h.Ledger()
	if err != nil {
		t.Fatal(err)
	}
	st, err := h.Status(t.Context(), s, l)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Scopes) != n {
		t.Fatalf("status lists %d scopes, want %d", len(st.Scopes), n)
	}
	head, _ := s.Head(t.Context(), "s04999")
	for _, sc := range st.Scopes {
		if !sc.Published || sc.Head != head.String() || sc.Subject != "first" {
			t.Fatalf("scope %s: %+v", sc.Name, sc)
		}
	}
}

// BenchmarkStatus measures status over 500 and 5,000 scopes: linear in
// the number of scopes, the second costs about ten times the first
// (compare ns/op; sub-benchmarks report ns per scope too).
func BenchmarkStatus(b *testing.B) {
	for _, n := range []int{500, 5000} {
		b.Run(fmt.Sprintf("scopes=%d", n), func(b *testing.B) {
			h, s := manyScopes(b, n)
			l, err := h.Ledger()
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := h.Status(b.Context(), s, l); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/scope")
		})
	}
}
