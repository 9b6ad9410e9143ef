package hear

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSession checks that whatever a user types, every string Session
// returns is valid UTF-8 when its input is: a claim cut inside a character
// would make the page invalid and fail the whole dream.
func FuzzSession(f *testing.F) {
	for _, s := range []string{
		"我们的规矩，不要直接推 main。",
		"顺便说一下，部署都在周五之前，记住。",
		"本番は us-east-2 です、DR は us-west-1。",
		"Ab jetzt, bitte immer pnpm nutzen; nie npm.",
		"Por cierto, la base de datos es Postgres 16.",
		"Au fait, c'est Keiko qui valide l'auth.",
		"btw — we always squash-merge, and Sam owns ingest.",
		"ブランチ名は必ずチケット番号から始めてください（HBR-530 みたいな形）。",
	} {
		f.Add("Which region is prod in?", s)
	}
	// Values checked back and said again, a fragment, a cut clause.
	f.Add("Sixty-five on top makes it £905.00. Is that right?", "Yes, £905, and yes 9 till 5.")
	f.Add("那 40HQ 就是 66 方，20GP 和 40GP 不变？", "对，66方，其他不变。")
	f.Add("Also Zielfeuchte 16 % statt 18 %?", "16 Prozent.")
	f.Add("Done.", "… the old one too.")
	// Traditional Chinese heard through its simplified spelling; a day a
	// rule holds until; a passage pasted past the sentence.
	f.Add("另外：之前同步失敗會通知店長 LINE 群組，LINE 通知還要保留嗎？", "不用了，LINE 通知關掉，測試店改成公館店。")
	f.Add("Cambio REFUND_WINDOW de 48 a 24 horas, ¿vale?", "Hasta el 31 de julio no aceptamos encargos, eso")
	f.Add("Do we show it?", `they sent this: "Dear members, boats keep to 5 knots. Board" Also the sauna opens at 16:00.`)
	// A value worked out and agreed; a removal checked back; an aside
	// inside a sentence; a rule held until an event's day.
	f.Add("Aktuell kostet die Tour 85 €, zehn Euro mehr wären also 95 €. Passt das?", "Ja, 95 €")
	f.Add("So I'll drop the 17:20 departure and keep 10:15 and 13:45, right?", "yes")
	f.Add("現在は？", "basic kit (3 lights + phone charging) is KES 50 a day, till the fire inspection on the 14th.")
	f.Fuzz(func(t *testing.T, question, reply string) {
		if !utf8.ValidString(question) || !utf8.ValidString(reply) {
			return
		}
		h := Session([]Record{
			{Role: "user", ID: "u0", Text: reply},
			{Role: "assistant", ID: "a1", Text: question},
			{Role: "user", ID: "u2", Text: reply},
		})
		// U+FFFD in a claim from input without one means bytes of a rune
		// were cut apart somewhere and papered over by a rune conversion.
		clean := !strings.ContainsRune(question+reply, utf8.RuneError)
		for _, st := range h.Statements {
			for _, s := range []string{st.Claim, st.Quote, st.Subject, st.Question, st.Pointer} {
				if !utf8.ValidString(s) || clean && strings.ContainsRune(s, utf8.RuneError) {
					t.Fatalf("broken UTF-8 in a statement")
				}
			}
			for _, s := range st.Replaces {
				if !utf8.ValidString(s) {
					t.Fatalf("invalid UTF-8 in Replaces")
				}
			}
		}
		for _, r := range h.Retractions {
			if !utf8.ValidString(r.Target) || !utf8.ValidString(r.Quote) || !utf8.ValidString(r.Subject) {
				t.Fatalf("invalid UTF-8 in a retraction")
			}
		}
		for _, s := range h.Forgets {
			if !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 in a forget target")
			}
		}
	})
}

// Ensure that a clause split at a full-width comma before a contrast word
// cuts after the whole comma, not inside it.
func TestClausesCutWholeRunes(t *testing.T) {
	for _, sent := range []string{
		"构建都走 Makefile，不过那是以后的事了。",
		"我们用 pnpm，但是别碰 lockfile。",
		"部署在周五，而且要先通知运维。",
	} {
		for _, c := range clauses(sent, Zh) {
			if !utf8.ValidString(c) {
				t.Fatalf("clause of a %d-byte sentence is not valid UTF-8", len(sent))
			}
		}
	}
}
