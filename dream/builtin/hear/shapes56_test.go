package hear

import (
	"slices"
	"strings"
	"testing"
)

// Ensure that the withdrawals read from this stop's blind halves are
// heard with what they withdraw: a thing no longer needed in Bavarian
// German ("braucht's auch nimmer", whose "'s" is no English "is"); a
// Chinese line of text deleted ("…那行提示也删了吧") though the clause
// after it says a season is over; two things built for a rule no longer
// wanted ("那个…和…都不要了"); a volunteer who graduated and went home;
// a customer gone "anyway"; a closure until a day said long over ("lo
// del cierre hasta el 31 de julio ya pasó"); a thing to forget, what
// follows the comma saying what holds instead.
func TestStopWithdrawals56(t *testing.T) {
	for _, tc := range []struct {
		text, target string
	}{
		{"Das USB-Stick-Backup vom Jakob braucht's auch nimmer, Uberspace macht eh tägliche Backups.", "USB-Stick-Backup vom Jakob"},
		{"Die Papierliste braucht es jetzt nicht mehr.", "Papierliste"},
		{"绿豆汤那行提示也删了吧，夏天早过了。", "绿豆汤"},
		{"那个节假日表和自动退款都不要了。", "节假日表和自动退款"},
		{"Kelvin 毕业回香港了，不再帮我们测试。", "Kelvin"},
		{"And Kerr's gone anyway, they got bought by a crowd from Dublin.", "Kerr"},
		{"Lo del cierre de encargos hasta el 31 de julio ya pasó hace mucho, quita el aviso del formulario.", "cierre de encargos hasta el 31 de julio"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			h := Session(conv(tc.text))
			var got []string
			for _, r := range h.Retractions {
				got = append(got, r.Target)
			}
			if !slices.Contains(got, tc.target) {
				t.Errorf("withdrawn %q, want %q among them", got, tc.target)
			}
		})
	}
	h := Session(conv("So forget DHL, only SEUR inside the EU; the form must say we don't ship outside."))
	if !slices.Equal(h.Forgets, []string{"DHL"}) {
		t.Errorf("forgets %q, want [DHL]", h.Forgets)
	}
}

// Ensure that the updates read from this stop's blind halves are heard
// with their subject and the old value they replace: an instruction
// naming the old value as too late; a Chinese switch whose old carrier
// was too dear, its subject before 现在; a Chinese move of CI; a
// Japanese correction of a value said before; a Spanish one said with
// "pero"; a Spanish "ya no pasa por" naming what the thing went through;
// a present waiting time said with "right now" or "ahora mismo"; and a
// person who does a job "for us".
func TestStopUpdates56(t *testing.T) {
	for _, tc := range []struct {
		text     string
		kind     Kind
		subject  string // "" for any
		replaces []string
	}{
		{"Review texts: send them the next morning at 10, two days was too late, people had forgotten us by then.", Fact, "", []string{"two days"}},
		{"样品现在改用顺丰国际寄，DHL 太贵了，上个月一个样品运费三百多。", Fact, "样品", []string{"DHL"}},
		{"CI 也搬到我们自己的 Gitea 上了，用 Gitea Actions。", Fact, "ci", nil},
		{"前に縁付の納期を12日と言いましたが、正しくは10日でした、すみません。", Fact, "縁付の納期", []string{"12日"}},
		{"Y una corrección: te dije 450 litros por pipa pero son 500 litros, me confundí.", Fact, "", []string{"450 litros"}},
		{"Cambiamos el Aqara por un Shelly H&T, ya no pasa por Home Assistant, lo leemos por MQTT directamente.", Fact, "", []string{"Home Assistant", "Aqara"}},
		{"Ahora mismo la lista de espera es de unos 14 meses.", Fact, "lista de espera", nil},
		{"Right now the waiting list is about 14 months.", Fact, "waiting list", nil},
		{"Kelvin does our accessibility testing, remote, Tuesday evenings.", Team, "", nil},
	} {
		t.Run(tc.text, func(t *testing.T) {
			sts := Session(conv(tc.text)).Statements
			if len(sts) == 0 {
				t.Fatal("nothing heard")
			}
			st := sts[0]
			if st.Kind != tc.kind || tc.subject != "" && st.Subject != tc.subject {
				t.Errorf("heard %s of %q, want %s of %q", st.Kind, st.Subject, tc.kind, tc.subject)
			}
			for _, r := range tc.replaces {
				if !slices.Contains(st.Replaces, r) {
					t.Errorf("replaces %q, want %q among them", st.Replaces, r)
				}
			}
		})
	}
	// Waiting on a build right now is no fact.
	if sts := Session(conv("Right now I'm waiting 10 minutes for the build.")).Statements; len(sts) > 0 {
		t.Errorf("a wait heard as %q", sts[0].Claim)
	}
}

// Ensure that a question asking to keep a thing as it is names the thing
// alone ("¿Mantengo el rate limit del API tal cual?").
func TestQuestionKeptAsIs(t *testing.T) {
	for q, want := range map[string]string{
		"¿Mantengo el rate limit del API tal cual?":          "rate limit api",
		"Should I keep the retry budget as it is?":           "retry budget",
		"Soll ich den Export-Zeitplan so lassen wie er ist?": "",
	} {
		got := questionSubject(q, detect(q))
		if want != "" && got != want {
			t.Errorf("questionSubject(%q) = %q, want %q", q, got, want)
		}
		if strings.Contains(got, "cual") || strings.Contains(got, "keep") || strings.Contains(got, "¿") {
			t.Errorf("questionSubject(%q) = %q keeps the words for keeping", q, got)
		}
	}
}

// Ensure that a change from one value to another the agent offers in the
// first person and the user agrees to ("Subo el máximo de 22 a 26
// pasajeros, ¿sí?" — "Sí, súbelo.", "… de 48 a 24 horas, ¿vale?" —
// "eso") replaces the old count, in its unit; and so does a value the
// agent checks back as it moves ("火曜 23:59 → 月曜 23:59 ですね", "So
// Tuesday becomes Wednesday"), though a plan of the agent's follows it.
func TestOfferedChangeAgreed(t *testing.T) {
	for _, tc := range []struct {
		offer, reply, old string
	}{
		{"Subo el máximo de 22 a 26 pasajeros por tranvía, ¿sí?", "Sí, súbelo.", "22 pasajeros"},
		{"Cambio REFUND_WINDOW de 48 a 24 horas, ¿vale?", "eso", "48 horas"},
		{"Ich setze das Limit von 60 auf 120 Anfragen pro Minute?", "Ja, passt.", "60 Anfragen"},
		{"Shall I move the reminder from 18 to 17 hours before the lesson?", "yes", "18 hours"},
		{"火曜 23:59 → 月曜 23:59 ですね。", "はい", "火曜 23:59"},
		{"年2回 → 年3回に変更します（1回最大1か月はそのまま）。", "それで", "年2回"},
		{"So Tuesday becomes Wednesday for sampling. I'll change SAMPLE_DAY and the reminder cron.", "yep", "Tuesday"},
	} {
		sts := Session(conv("A:"+tc.offer, tc.reply)).Statements
		if len(sts) != 1 || sts[0].Via != "confirm" || !slices.Contains(sts[0].Replaces, tc.old) {
			t.Errorf("%q / %q: %+v, want one confirmation replacing %q", tc.offer, tc.reply, sts, tc.old)
		}
	}
	if sts := Session(conv("A:Subo el máximo de 22 a 26 pasajeros por tranvía, ¿sí?", "No, déjalo en 22.")).Statements; slices.ContainsFunc(sts, func(st Statement) bool { return st.Via == "confirm" }) {
		t.Errorf("a refusal heard as agreeing: %+v", sts)
	}
}

// Ensure that what is kept out stays out in the shapes this stop's blind
// halves showed: a passage pasted after a question and running on past
// the sentence, or quoted whole; a passage someone's website or letter
// says; a lead-in limiting what follows to today; someone who "keeps
// saying we should"; hearsay ("on m'a dit que", "man hört, dass");
// "don't tell anyone but"; and what the user says after a pasted
// passage ends is theirs again.
func TestStopKeptOut56(t *testing.T) {
	for _, tc := range []struct {
		text, never string
	}{
		{`the lake association sent this, do we need to show it? "Dear members, from 1 July motorboats must keep to 5 knots within 50 m of the shore. Swimming areas are marked with yellow buoys."`, "5 knots"},
		{`someone sent me this about rosewood, do we care? "Dalbergia species remain listed in CITES Appendix II; finished instruments are exempt"`, "Dalbergia"},
		{`the gemeente sent a letter about our subsidy, I paste a piece: "De subsidie wordt verleend onder voorwaarde van minimaal 40 vrijwilligersuren per maand." can the app count hours?`, "vrijwilligersuren"},
		{`Lustig, der Nachbarhof schreibt auf seiner Webseite "Reiter bis 110 kg willkommen". Deren Sache.`, "110 kg"},
		{"国税庁のページにこう書いてありました：「適格簡易請求書には、税率ごとに区分した消費税額等を記載する」。", "国税庁"},
		{"Heute nur: die Gruppe aus Bremen darf mit 6 statt 5 Reitern, Sigrún hat's erlaubt.", "Bremen"},
		{"For today only: the Leeds group may bring 6 riders.", "Leeds"},
		{"Eero keeps saying we should take MobilePay too, maybe one day, not now.", "MobilePay"},
		{"Et je ne sais pas si c'est vrai, mais on m'a dit que Bow & Gut allait être racheté.", "racheté"},
		{"Man hört, dass ab nächstem Jahr eine Übernachtungssteuer auch für Reittouren kommt, weiß aber keiner genau.", "genau"},
		{"yes do that. don't tell anyone but I think Mireille wants to be coordinator after me.", "Mireille"},
	} {
		for _, st := range Session(conv(tc.text)).Statements {
			if strings.Contains(st.Claim, tc.never) {
				t.Errorf("%q: heard %q", tc.text, st.Claim)
			}
		}
	}
	sts := Session(conv(`the lake association sent this, do we show it? "Dear members, boats must keep to 5 knots near the shore. Board of the association" Also the sauna opens at 16:00 on Sundays.`)).Statements
	if len(sts) != 1 || !strings.Contains(sts[0].Claim, "16:00") {
		t.Errorf("after the passage: %+v, want the sauna's hours alone", sts)
	}
	for _, text := range []string{
		"Ab heute: Deploys müssen von zwei Leuten freigegeben werden.",
		// A day that says when the news came limits nothing.
		"risk team call this morning: velocity window goes to 90s, threshold stays at 5 txns.",
	} {
		if sts := Session(conv(text)).Statements; len(sts) == 0 {
			t.Errorf("%q kept out", text)
		}
	}
}

// Ensure that Chinese written in traditional characters is heard as its
// simplified spelling is, and that what is heard keeps the user's own
// characters; Japanese, which writes many of the same characters, is
// read as it is.
func TestTraditionalChinese(t *testing.T) {
	for _, tc := range []struct{ hant, hans string }{
		{"測試店改成公館店，信義店現在太忙了。", "测试店改成公馆店，信义店现在太忙了。"},
		{"還有：阿凱離職了，去竹科上班了，恭喜他。", "还有：阿凯离职了，去竹科上班了，恭喜他。"},
		{"同步再改快一點，改成每兩分鐘，總部要即時看業績。", "同步再改快一点，改成每两分钟，总部要即时看业绩。"},
	} {
		ht, hs := Session(conv(tc.hant)), Session(conv(tc.hans))
		if len(ht.Statements) != len(hs.Statements) || len(ht.Retractions) != len(hs.Retractions) || len(hs.Statements)+len(hs.Retractions) == 0 {
			t.Errorf("%q heard %d statements, %d withdrawals; in simplified %d, %d", tc.hant, len(ht.Statements), len(ht.Retractions), len(hs.Statements), len(hs.Retractions))
			continue
		}
		for _, st := range ht.Statements {
			if !strings.Contains(tc.hant, st.Quote) || !strings.Contains(st.Claim, st.Quote) {
				t.Errorf("quote %q is not the user's words %q", st.Quote, tc.hant)
			}
		}
		for _, r := range ht.Retractions {
			if !strings.Contains(tc.hant, r.Target) {
				t.Errorf("target %q is not in the user's words %q", r.Target, tc.hant)
			}
		}
	}
	// In one session, a simplified message's words stay simplified.
	h := Session(conv("测试店改成公馆店，信义店现在太忙了。", "測試店改成公館店，信義店現在太忙了。"))
	if len(h.Statements) != 2 || h.Statements[0].Quote == h.Statements[1].Quote {
		t.Errorf("the two scripts heard as %+v", h.Statements)
	}
	ja := "締めは毎週水曜 23:59、発送は金曜です。"
	if sts := Session(conv(ja)).Statements; len(sts) == 0 || !strings.Contains(sts[0].Claim, "締め") || !strings.Contains(sts[0].Claim, "発送") {
		t.Errorf("Japanese %q heard as %+v", ja, sts)
	}
}
