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

// Ensure that a value the agent checks back through a question tool
// ("…, is that right?", "…，确认吗？") and the user says again is read as
// agreed to, as a reply typed out is, and that a tool answer to a
// question that checks nothing back stays an answer.
func TestToolCheckBack(t *testing.T) {
	for _, tc := range []struct {
		name, question, answer, via string
	}{
		{"English", "So the free-shipping threshold goes up to 120 euros, is that right?", "Yes, 120.", "confirm"},
		{"Chinese", "起订量改成 300 件，确认吗？", "确认，300", "confirm"},
		{"Japanese", "締め日を 25 日に変更します。これで合ってますか？", "はい、25日です", "confirm"},
		{"no check back", "What is the free-shipping threshold?", "120 euros.", "answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ask := `C:AskUserQuestion:{"questions":[{"question":"` + tc.question + `"}]}`
			res := `R:User has answered your questions: "` + tc.question + `"="` + tc.answer + `". You can now continue with the user's answers in mind.`
			sts := Session(conv("Raise the free-shipping threshold by twenty euros.", ask, res)).Statements
			var vias []string
			for _, st := range sts {
				if strings.Contains(st.Claim, tc.answer) || strings.Contains(st.Claim, strings.TrimSuffix(tc.answer, ".")) {
					vias = append(vias, st.Via)
				}
			}
			if len(vias) != 1 || vias[0] != tc.via {
				t.Errorf("statements %+v: via %q, want one via %q", sts, vias, tc.via)
			}
		})
	}
}

// Ensure that a reply that opens by not knowing answers nothing, and what
// it goes on to say is heard as said.
func TestNoIdeaAnswersNothing(t *testing.T) {
	for _, reply := range []string{
		"No idea, I'll ask Priya. The nightly export goes to reports@example.org from now on.",
		"Keine Ahnung, frag ich nach. Die Rechnungen gehen ab sofort an buchhaltung@example.de.",
	} {
		sts := Session(conv("A:Which TLS version does the vendor's SFTP server use?", reply)).Statements
		if len(sts) != 1 || sts[0].Kind == Answer || !strings.Contains(sts[0].Claim, "@example.") {
			t.Errorf("%q: statements %+v, want the rule alone, no answer", reply, sts)
		}
	}
}

// Ensure that where a kind of message goes, to an e-mail address, is a
// rule, and a request to send one thing is not; and that a value said to
// hold from a day of a month on is heard as where things stand, and a
// quotation saying so is not.
func TestRoutedAndFromDayOfMonth(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Mahnungen bitte direkt an forderungen@example.de.", true},
		{"The stock warnings to purchasing@example.com, please.", true},
		{"Send the report to jo@example.com.", false},
		{"Can you mail it to jo@example.com?", false},
		{"Plein tarif à 11 € à partir du 1er mars.", true},
		{"Tarif senior à 8 € dès le 15 septembre.", true},
		{"„Preisliste, gültig ab 1.3.: Rindsleder 3,20 €/dm².“", false},
		{"„Preisliste, gültig ab 1.3.: Rindsleder 3,20 €/dm². Versand wie bisher.“", false},
	} {
		sts := Session(conv(tc.text)).Statements
		if got := len(sts) == 1; got != tc.want {
			t.Errorf("%q: statements %+v, want a claim %v", tc.text, sts, tc.want)
		}
	}
}
