package builtin

import (
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/wiki"
)

// Ensure that a claim's entry references sit on its session's Sources line,
// so that every channel that removes a forgotten session's lines (and every
// page citing it) removes them with it.
func TestEntriesRideOnTheSessionLine(t *testing.T) {
	c := claim{Statement: hear.Statement{Kind: hear.Preference, Area: "preferences", Claim: "The user prefers tabs over spaces.", Quote: "I prefer tabs over spaces."}}
	c.cite("s1", "u-1", "u-2")
	c.cite("s2", "line:7")
	page := renderPage(c)
	p := wiki.NewParser().Parse(page)
	if ids := p.SessionIDs(); strings.Join(ids, ",") != "s1,s2" {
		t.Fatalf("sessions %v", ids)
	}
	for _, l := range strings.Split(string(page), "\n") {
		if strings.Contains(l, "entry:u-") && !(strings.HasPrefix(l, "- session:s1 ") && wiki.MentionsSession(l, func(id string) bool { return id == "s1" })) {
			t.Errorf("entry reference outside s1's line: %q", l)
		}
		if strings.Contains(l, "entry:line:7") && !wiki.MentionsSession(l, func(id string) bool { return id == "s2" }) {
			t.Errorf("entry reference outside s2's line: %q", l)
		}
	}
	back, ok := parsePage(page)
	if !ok || len(back.sources) != 2 || strings.Join(back.sources[0].entries, ",") != "u-1,u-2" {
		t.Errorf("read back %+v", back.sources)
	}
}
