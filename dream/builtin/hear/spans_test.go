package hear

import (
	"strings"
	"testing"
)

// Ensure that a span of time with its count spelled out is a value as
// its digits are (a retention in five languages), that a weekday's number
// is no span, that a standing wish relayed from someone is heard as a
// rule of the thing wished for, and that an hour something kicks off or
// opens at is a fact; and that a wait, an absence and a one-off wish stay
// out.
func TestSpelledSpansAndRelayedWishes(t *testing.T) {
	for _, tc := range []struct {
		text    string
		heard   bool
		subject string // of the one statement, when heard and set
	}{
		{"Signed delivery notes are kept for six years.", true, "signed delivery notes"},
		{"Die Lieferscheine werden zehn Jahre aufbewahrt.", true, "lieferscheine"},
		{"Les bons de livraison sont conservés trois ans.", true, ""},
		{"Los albaranes se guardan cinco años.", true, "albaranes"},
		{"温度记录保存三年。", true, "温度记录"},
		{"Our courier wants the parcels labelled twice a week from now on.", true, ""},
		{"Amira wants the backups tested every quarter, the auditor asked.", true, "backups"},
		{"The Saturday market kicks off at 7:30.", true, "saturday market"},
		{"Let's wait three days and see what the supplier says.", false, ""},
		{"I was away for two weeks in August.", false, ""},
		{"She wants it done by Thursday.", false, ""},
		{"数学课在周二周四晚上上吗？", false, ""},
	} {
		t.Run(tc.text, func(t *testing.T) {
			sts := Session(conv(tc.text)).Statements
			var claims []string
			for _, st := range sts {
				claims = append(claims, st.Claim)
			}
			if got := len(sts) > 0; got != tc.heard {
				t.Fatalf("heard %v (%q), want %v", got, strings.Join(claims, " | "), tc.heard)
			}
			if tc.subject != "" && (len(sts) != 1 || sts[0].Subject != tc.subject) {
				t.Errorf("statements %+v, want one of %q", sts, tc.subject)
			}
		})
	}
}

// Ensure that only a span's count spelled out reads as one: a weekday's
// number ("周二周四", "星期三天气") does not.
func TestSpelledSpanIn(t *testing.T) {
	for s, want := range map[string]bool{
		"kept for thirty days": true, "zwei Jahre": true, "deux ans": true, "dos años": true,
		"保存两年": true, "三个月": true, "二年間": true,
		"周二周四晚上": false, "星期三天气不好": false, "one day": false, "two of them": false,
	} {
		if got := spelledSpanIn(s); got != want {
			t.Errorf("spelledSpanIn(%q) = %v, want %v", s, got, want)
		}
	}
}

// Ensure that the withdrawals read from this stop's blind halves are heard
// and name what they withdraw: an access road free again, a posting
// stopped with its reason after a comma, a thing said before pointed back
// at and dropped in Chinese, an intern back at school, an account
// dissolved.
func TestStopRetractions(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"Die Zufahrt zum Lager ist wieder frei, den Hinweis bitte raus.", "Zufahrt zum Lager"},
		{"stop emailing the weekly totals to Sam, he reads the dashboard now.", "emailing the weekly totals to Sam"},
		{"之前说的周五下午不发版那个，忘了吧，现在有预发环境了。", "周五下午不发版"},
		{"小周实习结束回学校了。", "小周"},
		{"Das Postfach bei der Volksbank ist aufgelöst, alles geht jetzt über die Sparkasse.", "Postfach bei der Volksbank"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || h.Retractions[0].Target != tc.target {
			t.Errorf("%q: retractions %+v, want one naming %q", tc.text, h.Retractions, tc.target)
		}
	}
	// The speaker going back to school is no one who left the team.
	for _, text := range []string{"我下周回学校了。", "我们下个月调去北京了。"} {
		if h := Session(conv(text)); len(h.Retractions) != 0 {
			t.Errorf("%q: retractions %+v, want none", text, h.Retractions)
		}
	}
}

// Ensure that what only sounds like a change or a maybe is read for what
// it is: "se queda igual" is the same, not a maybe; a delivery day said
// by a German noun and its verb is a fact; a price said with "costs" is a
// fact of its thing; a thing tried and stopped is no fact; how things
// stand, said with a request to change it (", move it"), is a task; what
// someone asked for ("hat gefragt, ob …") is no fact.
func TestStopHearShapes(t *testing.T) {
	for _, tc := range []struct {
		text    string
		heard   bool
		subject string
	}{
		{"Desde abril el menú del día pasa a 14 €, el de fin de semana se queda igual.", true, ""},
		{"Igual subimos el menú del día en abril.", false, ""},
		{"Frischmilch kommt donnerstags von Hansen aus Husum.", true, ""},
		{"The large hamper costs £45 including delivery.", true, "large hamper"},
		{"El menú degustación cuesta 60 €, bebidas aparte.", true, "menú degustación"},
		{"On a essayé les livraisons le samedi trois semaines en mai, on a arrêté.", false, ""},
		{"We tried Sunday openings for two weeks and stopped.", false, ""},
		{"The refund permission is still on Ines's account, move it.", false, ""},
		{"Frau Kühn hat gefragt, ob wir die Kaution auf zwei Monatsmieten senken – der Chef hat abgelehnt.", false, ""},
		{"Léa a demandé si on pouvait passer le préavis à deux semaines, le patron a dit non.", false, ""},
		{"The web shop runs Shopware 6, fix it in the docs too.", true, ""},
	} {
		t.Run(tc.text, func(t *testing.T) {
			sts := Session(conv(tc.text)).Statements
			if got := len(sts) > 0; got != tc.heard {
				t.Fatalf("heard %v (%+v), want %v", got, sts, tc.heard)
			}
			if tc.subject != "" && sts[0].Subject != tc.subject {
				t.Errorf("subject %q, want %q", sts[0].Subject, tc.subject)
			}
		})
	}
}

// Ensure that a value agreed to names, of the changes the user asked for
// before, the one it shares words with, not the first one said with a
// word of change.
func TestAgreedValueNamesItsChange(t *testing.T) {
	recs := conv("Ab Juni nehmen wir die Hälfte als Anzahlung. Und der Marmor kommt jetzt aus Carrara, die liefern in drei Wochen.",
		"A:Also 50 % Anzahlung ab 1. Juni, für neue Aufträge; ältere behalten ihre Anzahlung. Passt das?",
		"Ja, 50 % Anzahlung, nur für neue Aufträge.")
	var topics []string
	for _, st := range Session(recs).Statements {
		if strings.Contains(st.Claim, "50 %") {
			topics = append(topics, st.Topic)
		}
	}
	if len(topics) == 0 {
		t.Fatal("no statement holds the value agreed to")
	}
	for _, tp := range topics {
		if strings.Contains(tp, "Marmor") {
			t.Errorf("the value agreed to names the marble's change: topic %q", tp)
		}
	}
}
