package hear

import (
	"slices"
	"strings"
	"testing"
)

func recs(msgs ...string) []Record {
	var out []Record
	for i, m := range msgs {
		r := Record{Role: "user", Text: m, ID: "e" + string(rune('a'+i))}
		if t, ok := strings.CutPrefix(m, "A:"); ok {
			r.Role, r.Text = "assistant", t
		}
		out = append(out, r)
	}
	return out
}

// Ensure that a confirmed proposal names a tool's group as its subject
// only when it picks the tool, so that two rules that run scripts of one
// tool do not replace each other.
func TestConfirmationToolSubject(t *testing.T) {
	for _, tc := range []struct {
		offer, subject string
	}{
		{"Shall I make pnpm the package manager here?", "package manager"},
		{"Should I make it a rule to run `pnpm test:e2e` before every release?", ""},
		{"Je propose qu'on lance toujours `pnpm format` avant chaque commit, ça vous va ?", ""},
	} {
		sts := Session(recs("A:"+tc.offer, "Yes, always.")).Statements
		if len(sts) != 1 || sts[0].Subject != tc.subject {
			t.Errorf("%q: statements %+v, want one with subject %q", tc.offer, sts, tc.subject)
		}
	}
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
			var got []string
			for _, st := range Session(recs(tc.msgs...)).Statements {
				if st.Via == "confirm" {
					got = append(got, st.Claim)
					if len(st.Entries) != 2 {
						t.Errorf("confirmation cites %v, want the reply and the proposal", st.Entries)
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
			var got []string
			for _, st := range Session(recs(tc.msgs...)).Statements {
				if st.Via == "note" && !slices.Contains(got, st.Claim) {
					got = append(got, st.Claim)
				}
			}
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
				t.Errorf("claims %q, want %q", got, tc.want)
			}
		})
	}
}
