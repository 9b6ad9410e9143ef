package builtin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// saidAt is said with the time each record was written ("" for none).
func saidAt(id, at string, texts ...string) map[string]hear.Heard {
	var recs []hear.Record
	for i, t := range texts {
		role := "user"
		if a, ok := strings.CutPrefix(t, "A:"); ok {
			role, t = "assistant", a
		}
		recs = append(recs, hear.Record{Role: role, ID: fmt.Sprintf("%s-%d", id, i), At: at, Text: t})
	}
	return map[string]hear.Heard{id: hear.Session(recs)}
}

// Ensure that a rule said to hold until a day stops being current in the
// first session written after that day, though nobody says so, in each of
// the six languages; that it holds on that day and before; that what
// else memory holds stays; and that the page keeps the day and the
// withdrawn rule as history, across runs.
func TestHeldUntilADay(t *testing.T) {
	tests := []struct {
		name, rule, gone string
	}{
		{"English", "Bird flu: no ducks, geese or swans admitted until 30 September.", "ducks, geese"},
		{"Spanish", "Hasta el 30 de septiembre no aceptamos encargos nuevos, Lucía está con la feria.", "encargos nuevos"},
		{"German", "Bis Ende September keine Updates am Server, außer es brennt.", "keine Updates"},
		{"French", "Jusqu'à fin septembre, l'alambic n°2 reste en révision, ne planifie rien dessus.", "alambic n°2"},
		{"Chinese", "到9月底每餐免费送一份绿豆汤。", "绿豆汤"},
		{"Japanese", "9月末までは本番デプロイは週1回、水曜だけにします。", "水曜だけ"},
	}
	const kept = "Django 5.0"
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first := saidAt("s1", "2025-06-17T09:00:00Z", tc.rule, "The ward app runs on Django 5.0.")
			dir := t.TempDir()
			m := run(t, dir, first, saidAt("s2", "2025-09-30T18:00:00Z", "The intake form needs a weight field."))
			checkCurrent(t, m, nil, []string{tc.gone, kept})
			m = run(t, dir, saidAt("s3", "2025-10-01T08:00:00Z", "The release sheet should list the site too."))
			checkCurrent(t, m, []string{tc.gone}, []string{kept, "release sheet"})
			var page string
			_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
					if b, _ := os.ReadFile(p); strings.Contains(string(b), tc.gone) && strings.Contains(string(b), lblUntil) {
						page = string(b)
					}
				}
				return nil
			})
			if !strings.Contains(page, lblUntil+"2025-09-30") || !strings.Contains(page, lblWithdrawn+"session:s3") {
				t.Errorf("no page keeps the rule with its day and the session that ended it:\n%s", page)
			}
		})
	}
	// Without the times of their records, sessions end nothing.
	m := run(t, t.TempDir(), said("s1", tests[0].rule), said("s2", "The intake form needs a weight field."))
	checkCurrent(t, m, nil, []string{tests[0].gone})
}

// Ensure that an area whose pages hold only withdrawn claims lists no
// heading over nothing in index.md, while its pages stay listed in its
// own index.
func TestNoHeadingOverNothing(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, saidAt("s1", "2025-06-17T09:00:00Z", "Bird flu: no ducks, geese or swans admitted until 30 September.", "The ward app runs on Django 5.0."))
	before, err := os.ReadFile(filepath.Join(dir, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	run(t, dir, saidAt("s2", "2025-10-01T08:00:00Z", "The ward app runs on Django 5.0."))
	after, err := os.ReadFile(filepath.Join(dir, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(before), "### conventions") {
		t.Fatalf("the rule was not listed under conventions:\n%s", before)
	}
	if strings.Contains(string(after), "### conventions") || strings.Contains(string(after), "ducks") {
		t.Errorf("index.md after the rule ended:\n%s", after)
	}
	area, err := os.ReadFile(filepath.Join(dir, "pages", "conventions", "index.md"))
	if err != nil || !strings.Contains(string(area), ".md)") {
		t.Errorf("conventions' own index lost its page: %q, %v", area, err)
	}
}
