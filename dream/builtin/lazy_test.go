package builtin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/internal/synthmem"
	"github.com/memfs/memfs/validate"
)

// Ensure that parsing a page in full (which a run does to every page a
// statement's terms may touch) does not write it again: only pages whose
// claims changed are written, so a run's cost follows what it changed.
func TestOpen_DoesNotRewritePage(t *testing.T) {
	r := newBatchRun(t)
	r.stage(t, synthmem.Generate(20, 60, 1))
	r.dream(t, t.Context())
	mem := filepath.Join(r.dir, dream.MemoryDir)
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	pages := 0
	for p := range r.files(t) {
		if strings.HasPrefix(p, "pages/") && filepath.Base(p) != "index.md" {
			pages++
			if err := os.Chtimes(filepath.Join(mem, filepath.FromSlash(p)), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if pages == 0 {
		t.Fatal("no page to open")
	}
	m, root := openMemory(t, mem)
	if _, err := m.write(root); err != nil {
		t.Fatal(err)
	}
	for p := range r.files(t) {
		if !strings.HasPrefix(p, "pages/") || filepath.Base(p) == "index.md" {
			continue
		}
		info, err := os.Stat(filepath.Join(mem, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		if !info.ModTime().Equal(old) {
			t.Errorf("%s was written again though none of its claims changed", p)
		}
	}
}

// openMemory loads the memory folder dir with every page parsed in full,
// and the root it was read from (closed at the test's end).
func openMemory(t *testing.T, dir string) (*memory, *os.Root) {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	m := newMemory(validate.Limits{}, nil)
	if _, err := m.load(root); err != nil {
		t.Fatal(err)
	}
	m.openAll()
	return m, root
}
