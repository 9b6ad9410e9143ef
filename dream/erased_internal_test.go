package dream

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/validate"
)

// staleFolder is a stat cache that vouches for every file with facts a
// guard of epoch found clean.
type staleFolder struct{ epoch string }

func (f staleFolder) Holds(string, fs.FileInfo) (gitstore.ID, validate.Facts, bool) {
	return gitstore.ID{}, validate.Facts{ValidUTF8: true, Sources: []string{"s1"}, GuardEpoch: f.epoch}, true
}

// Ensure that facts a stat cache vouches for spare a file the guard only
// under the epoch they were found clean in: a marker added since (a new
// epoch) strips the file all the same.
func TestDropErased_StatCacheOnlyUnderItsEpoch(t *testing.T) {
	key := make([]byte, 32)
	m, err := erasure.MarkText("k", key, "purple elephant", time.Date(2026, 4, 2, 8, 30, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	g := erasure.NewGuard(map[string][]byte{"k": key}, []erasure.Marker{m})
	for _, tc := range []struct {
		name   string
		epoch  string
		blocks int
	}{
		{"found clean before the marker", "an earlier epoch", 1},
		{"no guard found it clean", "", 1},
		{"found clean under this guard", g.Epoch(), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mem := t.TempDir()
			page := filepath.Join(mem, "pages", "notes", "kept.md")
			if err := os.MkdirAll(filepath.Dir(page), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(page, []byte("# Kept\n\nThe purple elephant.\n\nKeep this.\n\n## Sources\n\n- session:s1\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			d, _, err := dropErased(mem, g, knownFiles{folder: staleFolder{tc.epoch}})
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			if d.Blocks != tc.blocks || strings.Contains(string(b), "elephant") != (tc.blocks == 0) {
				t.Errorf("dropped %+v, page now %q", d, b)
			}
		})
	}
}
