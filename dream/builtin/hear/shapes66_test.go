package hear

import (
	"slices"
	"testing"
)

// Ensure that a thing said to be sent, to go or to land somewhere is what
// the statement is about, in English, French, Spanish and German: the
// subject is the thing, not the thing with its verb and place.
func TestSubjectOfWhereThingsGo(t *testing.T) {
	tests := []struct{ text, subject string }{
		{"backups land in B2", "backups"},
		{"invoices are sent through Xero", "invoices"},
		{"les factures partent par Pennylane", "factures"},
		{"les alertes vont sur Slack", "alertes"},
		{"les mails arrivent dans Zendesk", "mails"},
		{"las alertas salen por Slack", "alertas"},
		{"Backups landen auf Hetzner", "backups"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			h := Session([]Record{{Role: "user", Text: tc.text, ID: "e1"}})
			var got []string
			for _, st := range h.Statements {
				got = append(got, st.Subject)
			}
			if !slices.Contains(got, tc.subject) {
				t.Errorf("subjects %q, want %q among them", got, tc.subject)
			}
		})
	}
}

// Ensure that "X isn't on V anymore" names V as the value the statement
// replaces.
func TestPlaceLeftIsReplaced(t *testing.T) {
	for _, text := range []string{
		"staging isn't on render.com anymore, it's on staging-02 now.",
		"the docs site isn't on render.com anymore, we moved it to netlify.",
	} {
		h := Session([]Record{{Role: "user", Text: text, ID: "e1"}})
		found := false
		for _, st := range h.Statements {
			found = found || slices.Contains(st.Replaces, "render.com")
		}
		if !found {
			t.Errorf("%q: no statement replaces render.com", text)
		}
	}
}

// Ensure that an answer asking for a change to what a "still …?"
// question named replaces it, in the languages whose change verbs open
// such an answer, and that an answer agreeing replaces nothing.
func TestStillQuestionChangeAnswer(t *testing.T) {
	tests := []struct {
		q, a, old string
	}{
		{"Do the waitlist emails still go out at 07:00?", "switch them to 18:00", "07:00"},
		{"Does the digest still go out at 7am?", "make it 6pm", "7am"},
		{"¿El informe sigue saliendo a las 07:30?", "cámbialo a las 09:00", "07:30"},
		{"Läuft der Export noch um 02:00?", "stell ihn auf 04:00", "02:00"},
		{"Do the waitlist emails still go out at 07:00?", "yes, keep it", ""},
	}
	for _, tc := range tests {
		got := deniedValues(tc.q, tc.a)
		if tc.old == "" && len(got) > 0 || tc.old != "" && !slices.Contains(got, tc.old) {
			t.Errorf("deniedValues(%q, %q) = %q, want %q", tc.q, tc.a, got, tc.old)
		}
	}
}
