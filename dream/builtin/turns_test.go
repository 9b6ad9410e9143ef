package builtin

import (
	"strings"
	"testing"

	"github.com/memfs/memfs/wiki"
)

func recs(msgs ...string) []record {
	var out []record
	for i, m := range msgs {
		r := record{Role: "user", Text: m, ID: "e" + string(rune('a'+i))}
		if t, ok := strings.CutPrefix(m, "A:"); ok {
			r.Role, r.Text = "assistant", t
		}
		out = append(out, r)
	}
	return out
}

// Ensure that only an unconditional yes to the one durable proposal of the
// turn just before makes it a claim, cited to both entries.
func TestConfirmations(t *testing.T) {
	for _, tc := range []struct {
		name string
		msgs []string
		want string // claim text, "" for none
	}{
		{"yes", []string{"A:Shall I make pnpm the package manager here?", "Yes, do that."}, "The user agreed to make pnpm the package manager here."},
		{"go ahead", []string{"A:Should we always squash merge from now on?", "Sounds good, go ahead."}, "The user agreed to always squash merge from now on."},
		{"denial", []string{"A:Shall I make pnpm the package manager here?", "No, don't."}, ""},
		{"partial", []string{"A:Shall I make pnpm the package manager here?", "Yes, but use yarn for the docs."}, ""},
		{"older proposal", []string{"A:Shall I make pnpm the package manager here?", "Let me think.", "A:Ok.", "Yes."}, ""},
		{"question proposing nothing", []string{"A:Did the tests pass on your machine?", "Yes."}, ""},
		{"one-off task", []string{"A:Shall I run the tests?", "Yes."}, ""},
		{"two proposals", []string{"A:Shall I use pnpm by default? Or should I switch to yarn?", "Yes."}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s claimSet
			s.session("s1", recs(tc.msgs...))
			var got []string
			for _, c := range s.claims {
				if c.Via == "confirm" {
					got = append(got, c.text())
					if len(c.sources) != 1 || len(c.sources[0].entries) != 2 {
						t.Errorf("confirmation cites %+v, want the proposal and the reply", c.sources)
					}
				}
			}
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
				t.Errorf("claims %q, want %q", got, tc.want)
			}
		})
	}
}

// Ensure that an assistant's memory note is kept only when the user's words
// in its turn or the turn before support it.
func TestMemoryNotes(t *testing.T) {
	for _, tc := range []struct {
		name string
		msgs []string
		want string
	}{
		{"supported", []string{"btw the release manager is Priya, keep that in mind.", "A:Memory note (direct user request): remember that the release manager is Priya."}, "The release manager is Priya."},
		{"turn before", []string{"the release manager is Priya, keep that in mind.", "A:Ok.", "Thanks!", "A:Memory note (direct user request): remember that the release manager is Priya."}, "The release manager is Priya."},
		{"unsupported", []string{"Please fix the lint errors.", "A:Memory note (direct user request): the user prefers the Fish shell."}, ""},
		{"other value", []string{"the release manager is Priya.", "A:Memory note (direct user request): remember that the release manager is Omar."}, ""},
		{"too old", []string{"the release manager is Priya.", "A:Ok.", "Fix it.", "A:Done.", "Thanks.", "A:Memory note (direct user request): remember that the release manager is Priya."}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s claimSet
			s.session("s1", recs(tc.msgs...))
			var got []string
			for _, c := range s.claims {
				got = append(got, c.text())
			}
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
				t.Errorf("claims %q, want %q", got, tc.want)
			}
		})
	}
}

// Ensure that a claim's entry references sit on its session's Sources line,
// so that every channel that removes a forgotten session's lines (and every
// page citing it) removes them with it.
func TestEntriesRideOnTheSessionLine(t *testing.T) {
	c := claim{Statement: Statement{Kind: KindPreference, Area: AreaPreferences, Text: "I prefer tabs over spaces", Quote: "I prefer tabs over spaces."}}
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
