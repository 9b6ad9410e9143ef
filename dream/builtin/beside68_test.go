package builtin

import (
	"fmt"
	"strings"
	"testing"
)

// Ensure that a change naming the value it replaces only in passing, in a
// clause of its own, replaces the claim holding that value, and that the
// claim stating the change leaves that clause out; and that a name said
// beside a change for another reason (who set it up, what stays as it
// was, who said so) changes nothing.
func TestChangeNamesTheOldInPassing(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"english, why the old one went",
			[]string{"Our invoice emails go through Mailgun, sender name BILLING."},
			[]string{"we moved the invoice emails over to Postmark last month, Mailgun kept bouncing — same sender name."},
			[]string{"Mailgun"}, []string{"Postmark"}},
		{"french, the old one switched off",
			[]string{"Le site tourne sur un droplet DigitalOcean, géré avec Forge."},
			[]string{"On a migré chez Scaleway la semaine dernière, le droplet DigitalOcean est éteint."},
			[]string{"DigitalOcean"}, []string{"Scaleway"}},
		{"a host left, the new one after a dash",
			[]string{"the docs preview is on surge.sh, the API runs on fly.io, deployed with flyctl"},
			[]string{"also the docs preview isn't on surge.sh anymore — Maya moved it to the second fly.io box, `preview-03`, deploys with flyctl same as the API"},
			[]string{"surge.sh"}, []string{"preview-03"}},
		{"spanish, the old one dropped",
			[]string{"Los pagos de las reservas van por Redsys."},
			[]string{"los pagos ya van por Stripe, Redsys daba demasiados errores."},
			[]string{"Redsys"}, []string{"Stripe"}},
	})
	runTwoSessions(t, []twoSessions{
		{"who set the new one up",
			[]string{"Priya owns the deploy pipeline."},
			[]string{"we moved the deploys over to Netlify, Priya set it up."},
			nil, []string{"Priya owns the deploy pipeline"}},
		{"what stays as it was",
			[]string{"Refunds are booked in Xero by the bookkeeper."},
			[]string{"card payments go through Paddle now, refunds are still booked in Xero."},
			nil, []string{"Refunds are booked in Xero"}},
		{"one word shared",
			[]string{"the weekly report mail goes out through Postmark."},
			[]string{"the newsletter mail is on Buttondown now, Postmark got too pricey for it."},
			nil, []string{"Postmark."}},
		{"who said so",
			[]string{"the student discount covers anyone up to 26 at the Casa Verde desk."},
			[]string{"the student discount is now a third off, Casa Verde says the old rate did not pay."},
			nil, []string{"Casa Verde desk"}},
	})
}

// Ensure that the clause a change's claim leaves out is the one naming
// the old value alone: a clause naming it beside a new value stays, and a
// claim naming it in every clause stays whole.
func TestWithoutNamedClauses(t *testing.T) {
	fresh := valueOf("Postmark Scaleway preview-03")
	tests := []struct{ text, old, want string }{
		{"The user said: “we moved invoice mail over to Postmark last month, Mailgun kept bouncing.”", "Mailgun",
			"The user said: “we moved invoice mail over to Postmark last month …”"},
		{"The user said: “Mailgun kept bouncing, so invoice mail goes out by Postmark now.”", "Mailgun",
			"The user said: “… so invoice mail goes out by Postmark now.”"},
		{"we left Mailgun for Postmark", "Mailgun", "we left Mailgun for Postmark"},
		{"Mailgun is gone; Mailgun is off", "Mailgun", "Mailgun is gone; Mailgun is off"},
		{"Mailgunner kept bouncing, Postmark now", "Mailgun", "Mailgunner kept bouncing, Postmark now"},
	}
	for _, tc := range tests {
		if got := withoutNamedClauses(tc.text, tc.old, fresh); got != tc.want {
			t.Errorf("withoutNamedClauses(%q, %q) = %q, want %q", tc.text, tc.old, got, tc.want)
		}
	}
}

// Ensure that a change statement naming more values than maxBeside is not
// read for a value named in passing: each would be looked up in memory.
func TestNamedBeside_Bounded(t *testing.T) {
	m := run(t, t.TempDir(), said("s1", "Los pagos de las reservas van por Redsys."))
	h := said("s2", "los pagos ya van por Stripe, Redsys daba demasiados errores.")["s2"]
	if len(h.Statements) == 0 {
		t.Fatal("the change is not heard")
	}
	st := h.Statements[0]
	if m.namedBeside(st, "s2") == nil {
		t.Fatalf("the old value named in passing is not found in %q", st.Quote)
	}
	var long strings.Builder
	long.WriteString(st.Quote)
	for i := range maxBeside {
		fmt.Fprintf(&long, ", Tool%c%c", 'A'+i%26, 'a'+i/26)
	}
	st.Quote = long.String()
	if n := len(valueOf(st.Quote)); n <= maxBeside {
		t.Fatalf("the long quote names %d values, want more than %d", n, maxBeside)
	}
	if p := m.namedBeside(st, "s2"); p != nil {
		t.Errorf("a statement naming more than %d values read a value in passing: %q", maxBeside, p.old)
	}
}
