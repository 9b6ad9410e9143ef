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
