package gitstore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/validate"
)

// BenchmarkPublish10Of4000 publishes 10 changed pages of a 4,000-page
// artifact. scripts/bench/publishbench compares the same work, as a
// process, with git add -A && git commit.
func BenchmarkPublish10Of4000(b *testing.B) {
	home := b.TempDir()
	s, _, err := Init(b.Context(), Options{Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache"),
		Limits: validate.Limits{MaxFiles: 100000, MaxFileBytes: 1 << 20, MaxTotalBytes: 1 << 30}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	dir := b.TempDir()
	var pages []string
	for a := range 20 {
		area := fmt.Sprintf("pages/area-%02d", a)
		if err := os.MkdirAll(filepath.Join(dir, area), 0o755); err != nil {
			b.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, area, "index.md"), []byte("# Area\n"), 0o644)
		for p := range 200 {
			path := filepath.Join(dir, area, fmt.Sprintf("page-%03d.md", p))
			body := fmt.Sprintf("# Topic %d\n\n%s\n## Sources\n\n- session:s%d\n", p, strings.Repeat("A durable fact.\n", 60), a)
			os.WriteFile(path, []byte(body), 0o644)
			pages = append(pages, path)
		}
	}
	os.WriteFile(filepath.Join(dir, "summary.md"), []byte("# S\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "index.md"), []byte("# I\n"), 0o644)
	if _, err := s.Publish(b.Context(), dir, PublishOptions{Scope: "default"}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		for j := range 10 {
			f, _ := os.OpenFile(pages[(i*37+j*401)%len(pages)], os.O_APPEND|os.O_WRONLY, 0)
			fmt.Fprintf(f, "edit %d\n", i)
			f.Close()
		}
		b.StartTimer()
		if _, err := s.Publish(b.Context(), dir, PublishOptions{Scope: "default"}); err != nil {
			b.Fatal(err)
		}
	}
}
