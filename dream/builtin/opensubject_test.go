package builtin

import (
	"fmt"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Ensure that a statement said without a word of change opens every page
// holding a claim its subject names (subjectScore above 0), whatever
// words differ: generic ones ("default branch" is "branch"), one word in
// more than four of five, a part of a name joined by "_" on either side;
// and that a page holding too few of its words stays unread, which
// is what keeps a run's cost from growing with memory.
func TestOpenOfSubject(t *testing.T) {
	subjects := []string{
		"nightly dump", "nightly pg_dump", "default branch", "release branch", "branch",
		"prod data region", "data region", "dr region", "cache ttl", "kalomix cache ttl",
		"kalomix queue depth limit", "kalomix queue depth limit for workers",
		"alpha beta gamma delta epsilon", "alpha beta gamma delta epsilon zeta",
		"api token lifetime", "session token lifetime", "deploy_job timeout", "deploy timeout",
		"dump schedule", "pg_dump schedule",
	}
	dir := t.TempDir()
	var sts []hear.Statement
	for i, s := range subjects {
		// One topic each: one page each.
		st := fact(s, fmt.Sprintf("The %s is %d.", s, 10+i))
		st.Topic = fmt.Sprintf("topic%02d", i)
		sts = append(sts, st)
	}
	run(t, dir, map[string]hear.Heard{"s1": heard(sts...)})
	probes := append(subjects, "current nightly dump", "main release branch", "token lifetime", "kalomix cache", "deploy_job", "alpha beta gamma delta")
	// Pages group claims by their subject's first word.
	unread := map[string][]string{
		"cache ttl":              {"pages/project/api.md", "pages/project/data.md"},
		"session token lifetime": {"pages/project/api.md"}, // two words of three
		"prod data region":       {"pages/project/dr.md", "pages/project/data.md"},
		"nightly dump":           {"pages/project/deploy.md"},
	}
	all := run(t, dir)
	for _, probe := range probes {
		st := untyped(terms(probe))
		m, _ := loadMemory(t, dir)
		m.openOfSubject(st)
		opened, pages := map[string]bool{}, map[string]bool{}
		for _, c := range m.claims {
			opened[c.subject], pages[c.page.path] = true, true
		}
		for _, c := range all.claims {
			if subjectScore(st, untyped(c.sterms)) > 0 && !opened[c.subject] {
				t.Errorf("%q: the page of %q was not opened, though its subject matches", probe, c.subject)
			}
		}
		for _, no := range unread[probe] {
			if pages[no] {
				t.Errorf("%q opened %s, which holds too few of its words", probe, no)
			}
		}
	}
}
