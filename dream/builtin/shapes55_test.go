package builtin

import "testing"

// Ensure that the shapes read from this stop's blind halves take effect:
// the last item of a list withdrawn by a word of two ("the strong roast"
// of "light, medium and strong"); a way of paying no longer taken ("we
// don't take cheques any more"); an answer replaced whole, so that the
// question quoting the old value goes with it while what the user added
// after the answer stays; an hour said in a zone that the change says in
// the same zone; a thing withdrawn as the old one in Chinese ("旧接口");
// a thing named by a part of its name ("the nightly dump" of "the nightly
// pg_dump"); a clause saying why the old product went, which goes with
// it; a price changed while the one beside it "se queda igual"; a weight
// said in tonnes that was said in kilograms; a weekday said with "jetzt";
// a German deadline said after when it holds from ("nächstes Jahr ist
// Anmeldeschluss …"); a price made official after a colon, the old one
// said of "this year"; an answer the agent asks about again by quoting
// its value, the question's copy of the old value cut; a name taken off a
// list of names, the others staying; where a German thing comes from,
// said with "übrigens" and "jetzt"; a question led by its context ("With
// monthly invoicing, when …") answered with another value.
func TestStopShapes(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"the last item of a list, named with another word",
			[]string{"Nos torréfactions sont claire, moyenne et corsée, depuis toujours.", "Le site tourne sous Django."},
			[]string{"On arrête la torréfaction corsée, plus personne n'en prend ; la claire et la moyenne restent."},
			[]string{"et corsée"}, []string{"claire, moyenne", "Django"}},
		{"a way of paying no longer taken",
			[]string{"A:Which payments should the booking page list?", "Card and cheque.", "The shop till runs Square."},
			[]string{"From January we don't take cheques any more, so the booking page should say card only."},
			[]string{"Card and cheque"}, []string{"card only", "Square"}},
		{"an answer replaced, the question quoting the old value",
			[]string{"A:The reminder is hard-coded as 48 hours before the lesson — is that right?", "Yes, 48 hours before the lesson, and please don't introduce floats in the money code.", "The shop till runs Square."},
			[]string{"I told you 48 hours in the spring — it's 24 hours, I was thinking of the exam bookings."},
			[]string{"48 hours"}, []string{"24 hours", "floats in the money code", "Square"}},
		{"an hour in a zone, moved in the same zone",
			[]string{"The nightly export kicks off at 01:00 UTC on the old runner.", "The shop till runs Square."},
			[]string{"nightly export moved to 22:00 UTC by the way, so Lisbon has the file in the morning."},
			[]string{"01:00"}, []string{"22:00 UTC", "Square"}},
		{"a thing named by a part of its name",
			[]string{"The nightly pg_dump goes to Wasabi, bucket shop-backups, and we keep 14 days.", "The shop till runs Square."},
			[]string{"Heads up, the nightly dump goes to our Hetzner Storage Box now, over sftp."},
			[]string{"Wasabi"}, []string{"Storage Box", "Square"}},
		{"why the old product went goes with it",
			[]string{"The shop site is on Vercel, it builds from main.", "The till runs Square."},
			[]string{"We moved the shop site to Cloudflare Pages last week, Vercel charged us for the image bandwidth."},
			[]string{"Vercel"}, []string{"Cloudflare Pages", "Square"}},
		{"Spanish, one price changed, the other the same",
			[]string{"El modelo grande cuesta 1.400 €, IVA incluido. El pequeño cuesta 900 €.", "La web está hecha con Laravel."},
			[]string{"A partir de marzo el modelo grande pasa a 1.550 €, el pequeño se queda igual."},
			[]string{"1.400 €"}, []string{"1.550 €", "900 €", "Laravel"}},
		{"German, a weight in tonnes and a weekday with jetzt",
			[]string{"Rohware kommt dienstags von Behrens aus Kiel, der Mindestbestand sind 600 kg — darunter wird die Ansicht rot.", "Die Kasse läuft auf Debian 12."},
			[]string{"Behrens liefert jetzt freitags, und der Mindestbestand Rohware ist ab sofort 1,5 Tonnen."},
			[]string{"dienstags", "600 kg"}, []string{"freitags", "1,5 Tonnen", "Debian 12"}},
		{"German, a deadline said after when it holds from",
			[]string{"Anmeldeschluss ist der 30. April, bis dahin muss der Import laufen.", "Die Kasse läuft auf Debian 12."},
			[]string{"Nächstes Jahr ist Anmeldeschluss schon der 15. April, damit wir früher planen können."},
			[]string{"30. April"}, []string{"15. April", "Debian 12"}},
		{"French, a price made official, the old one said of this year",
			[]string{"Le tarif de base cette année c'est 12 € l'heure.", "Le site tourne sous Django."},
			[]string{"C'est officiel depuis le conseil d'administration : le tarif de base est à 13,50 € l'heure pour 2026."},
			[]string{"12 €"}, []string{"13,50 €", "Django"}},
		{"an answer replaced through a question quoting it",
			[]string{"A:When should the nightly backup run?", "At 01:15, the stock email at 7am.", "The shop till runs Square."},
			[]string{"A:The backup and the import both start at 01:15, so where should the backup go?", "At 02:15."},
			[]string{"01:15"}, []string{"02:15", "Square"}},
		{"Chinese, the old thing gone, named as old",
			[]string{"/v1/ 的接口要保留到年底，几个老客户还在用。", "系统用的是 Go。"},
			[]string{"旧接口已经下线了，客户都迁到 v2 了。"},
			[]string{"保留到年底"}, []string{"Go"}},
		{"German, where a thing comes from, said with an adverb",
			[]string{"Der Sandstein kommt übrigens von Posta aus Pirna, die Lieferzeit ist etwa vier Wochen.", "Die Kasse läuft auf Debian 12."},
			[]string{"Und der Sandstein kommt jetzt aus Reinhardtsdorf, die liefern in zehn Tagen."},
			[]string{"Posta"}, []string{"Reinhardtsdorf", "Debian 12"}},
		{"a question led by its context, answered otherwise",
			[]string{"The reminder email should go when they're 5 days late.", "The shop till runs Square."},
			[]string{"A:With monthly invoicing, when should the reminder email go out?", "3 days late, and a second one at 10."},
			[]string{"5 days late"}, []string{"3 days late", "Square"}},
		{"a name off a list, the others staying",
			[]string{"Our four market stalls are Ludlow, Bishop's Castle, Clun and Knighton.", "The shop till runs Square."},
			[]string{"market stalls, Clun is off the list, the council put the pitch fee up."},
			[]string{"Clun"}, []string{"Ludlow, Bishop's Castle", "Knighton", "Square"}},
	})
}

// Ensure that a retention said with its count spelled out is heard and
// that its kept part survives a withdrawal of the rest, in Chinese.
func TestSpelledRetention(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Chinese, paper copies dropped, the retention kept",
			[]string{"出库单现在是纸质和电子各存一份。出库单保存三年。", "系统用的是 Go。"},
			[]string{"出库单的纸质版以后不用存了，只留电子版。"},
			[]string{"纸质和电子各存一份"}, []string{"保存三年", "Go"}},
	})
}

// Ensure that a value cut from a question is cut where it stands whole,
// not inside a longer number or word.
func TestWithoutToken(t *testing.T) {
	for _, tc := range []struct{ s, tok, want string }{
		{"both start at 02:30. Where should it go?", "02:30", "both start at …. Where should it go?"},
		{"since 2014 the term is 14 days", "14", "since 2014 the term is … days"},
		{"v14 or 14", "14", "v14 or …"},
		{"nothing here", "14", "nothing here"},
		{"避難所データは今も月1回の CSV ですか？", "月1回", "避難所データは今も…の CSV ですか？"},
	} {
		if got := withoutToken(tc.s, tc.tok); got != tc.want {
			t.Errorf("withoutToken(%q, %q) = %q, want %q", tc.s, tc.tok, got, tc.want)
		}
	}
}
