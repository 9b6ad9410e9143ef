package hear

import (
	"slices"
	"strings"
	"testing"
)

// Ensure that a value the agent works out from the one that holds and a
// change asked for ("it is 07:00 now, so an hour earlier makes it
// 06:00"), agreed to by the user saying the new value, replaces the value
// it was worked out from.
func TestComputedCheckBack(t *testing.T) {
	for _, tc := range []struct {
		said, reply, old string
	}{
		{"Right now the first feed is 07:00, so an hour earlier makes it 06:00. I'd set FIRST_FEED to 06:00 and leave the rest. OK?", "yes 06:00", "07:00"},
		{"The list job runs at 20:00 Lisbon time, so two hours earlier is 18:00. Shall I move the cron to 18:00?", "yes, 18:00", "20:00"},
		{"Aktuell kostet die Tour 85 €, zehn Euro mehr wären also 95 €. Passt das?", "Ja, 95 €", "85 €"},
		{"Ahora la salida es a las 9:30; media hora antes serían las 9:00, ¿vale?", "Sí, 9:00", "9:30"},
		{"今は 08:00 なので、30分早めると 7:30 ですね。", "はい、7:30で", "08:00"},
		{"5,800円 → 6,600円ですね。10月発送分からでいいですか？", "はい、6,600円で、10月から。", "5,800円"},
		{"So the fee goes €1,250 → €1,400 from March?", "yes", "€1,250"},
		{"现在每天 20:00 推送，提前两小时就是 18:00，对吗？", "对，18:00", "20:00"},
		{"La cotisation est de 40 €, donc 10 € de plus font 50 €. C'est bien ça ?", "oui, 50 €", "40 €"},
	} {
		sts := Session(conv("A:"+tc.said, tc.reply)).Statements
		i := slices.IndexFunc(sts, func(st Statement) bool {
			return (st.Via == "confirm" || st.Via == "answer") && slices.Contains(st.Replaces, tc.old)
		})
		if i < 0 {
			t.Errorf("%q / %q: %+v, want a confirmation replacing %q", tc.said, tc.reply, sts, tc.old)
		}
	}
	// A value the sentence keeps beside the one worked out is not the old
	// one: "the 14:30 stop stays" names no change.
	sts := Session(conv("A:The winter stop stays at 14:30 and the first feed goes to 06:00. OK?", "yes 06:00")).Statements
	for _, st := range sts {
		if slices.Contains(st.Replaces, "14:30") {
			t.Errorf("a value kept heard as replaced: %+v", st)
		}
	}
}

// Ensure that an aside in brackets inside a sentence does not cut the
// sentence in two: the sentence is read whole without it.
func TestAsideInBrackets(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"basic kit (3 lights + phone charging) is KES 50 a day, the TV kit KES 85.", "basic kit is KES 50 a day"},
		{"Der Grundpreis (ohne Anfahrt, die rechnen wir extra) liegt bei 95 Euro.", "Der Grundpreis liegt bei 95 Euro"},
	} {
		sts := Session(conv(tc.text)).Statements
		if !slices.ContainsFunc(sts, func(st Statement) bool { return strings.Contains(st.Claim, tc.want) }) {
			t.Errorf("%q: %+v, want a claim saying %q", tc.text, sts, tc.want)
		}
	}
	// An aside inside a quoted passage leaves the passage as it was: what
	// the user says after it is theirs, the passage is not.
	sts := Session(conv(`I had the Django docs open on squashing ("Squashing is the act of reducing an existing set of many migrations down to one (or sometimes a few) migrations which still represent the same changes") - we don't squash here, so ignore that page.`)).Statements
	if len(sts) != 1 || strings.Contains(sts[0].Claim, "act of reducing") {
		t.Errorf("an aside inside a quote: %+v, want the user's rule alone", sts)
	}
	// An aside does not make a question or a task a statement.
	for _, text := range []string{
		"can you fix the export (the one for the accountant) please?",
	} {
		if sts := Session(conv(text)).Statements; len(sts) != 0 {
			t.Errorf("%q: heard %+v", text, sts)
		}
	}
}

// Ensure that a change said as where everything stands now replaces
// the version before: "现在所有设备都统一到 LM-FW 4.0 了", and that an
// agreed check-back "goes from 3 to 5 days" replaces "3 days".
func TestMovedToAndGoesFrom(t *testing.T) {
	sts := Session(conv("现在所有设备都统一到 LM-FW 4.0 了，旧机器也刷完了。")).Statements
	if len(sts) != 1 || !slices.Contains(sts[0].Replaces, "LM-FW ") {
		t.Errorf("unified onto a version: %+v, want one statement replacing the LM-FW version", sts)
	}
	sts = Session(conv("A:So the grace period goes from 3 to 5 days. Apply it from today?", "yes, from today")).Statements
	if len(sts) != 1 || !slices.Contains(sts[0].Replaces, "3 days") {
		t.Errorf("goes from 3 to 5 days: %+v, want a confirmation replacing 3 days", sts)
	}
}

// Ensure that a removal the agent checks back in the first person ("Quito
// la de las 17:20. Quedan 10:15 y 13:45, ¿correcto?"), agreed to, is a
// withdrawal of what it removes; one the user refuses, or one the agent
// reports as done without asking, is none.
func TestRemovalCheckedBack(t *testing.T) {
	for _, tc := range []struct {
		said, reply, target string
	}{
		{"Quito la de las 17:20. Quedan 10:15 y 13:45, ¿correcto?", "correcto", "17:20"},
		{"So I'll drop the 17:20 departure and keep the other two, right?", "yes", "17:20 departure"},
		{"Ich streiche den Samstagsdienst aus dem Plan, passt das?", "Ja, passt.", "Samstagsdienst"},
		{"Je retire la remise étudiante du formulaire ? C'est bien ça ?", "oui", "remise étudiante"},
		{"那我把周三的例会提醒删掉，对吗？", "对", "周三的例会提醒"},
	} {
		h := Session(conv("A:"+tc.said, tc.reply))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) }) {
			t.Errorf("%q / %q: %+v, want a withdrawal of %q", tc.said, tc.reply, h.Retractions, tc.target)
		}
	}
	for _, tc := range []struct{ said, reply string }{
		{"Quito la de las 17:20. Quedan 10:15 y 13:45, ¿correcto?", "No, la de las 17:20 se queda."},
		{"Quito el contador diario. Los tests pasan.", "ok"},
		{"So I'll drop the 17:20 departure, right?", "what? no"},
	} {
		if h := Session(conv("A:"+tc.said, tc.reply)); len(h.Retractions) != 0 {
			t.Errorf("%q / %q: withdrew %+v", tc.said, tc.reply, h.Retractions)
		}
	}
}

// Ensure that "oh and", "ah y", "ach und" turn back to the work after a
// request to keep something out of the notes, and end a short answer
// that is no value: what follows is heard on its own.
func TestTurnBackWithAnd(t *testing.T) {
	for _, tc := range []struct {
		texts []string
		want  string
	}{
		{[]string{"No lo apuntes, pero Efraín todavía no sabe calibrar la tinta. Ah y la lona ya está en 135 el metro."}, "135 el metro"},
		{[]string{"Don't write this down, but Tom might quit. Oh and the staging DB is on Postgres 16 now."}, "Postgres 16"},
		{[]string{"Nicht notieren, aber Jonas überlegt zu kündigen. Ach und der Export läuft jetzt um 6 Uhr."}, "6 Uhr"},
		{[]string{"A:¿Los paso a Efraín?", "Sí, pásalos. Ah y la lona ya está en 135 el metro, nos subió el proveedor."}, "135 el metro"},
	} {
		sts := Session(conv(tc.texts...)).Statements
		if !slices.ContainsFunc(sts, func(st Statement) bool {
			return strings.Contains(st.Claim, tc.want) && st.Via != "answer"
		}) {
			t.Errorf("%q: %+v, want a statement of its own saying %q", tc.texts, sts, tc.want)
		}
	}
	// What the request covers stays out.
	for _, st := range Session(conv("Don't write this down, but Tom might quit. Oh and the staging DB is on Postgres 16 now.")).Statements {
		if strings.Contains(st.Claim, "Tom") {
			t.Errorf("kept out of the notes, heard: %q", st.Claim)
		}
	}
}

// Ensure that a questionnaire's answer written below the question again
// (Pi's "User answered:\n<question>\n→ <answer>", "- <question>\n
// <answer>") is the answer alone.
func TestAnswerBelowQuestion(t *testing.T) {
	const q = "¿Cómo redondeo las cotizaciones que ve el cliente?"
	call := `{"questions":[{"id":"r","prompt":"` + q + `"}]}`
	for _, result := range []string{
		"User answered:\n" + q + "\n→ a múltiplos de 5, más fácil para el cambio",
		"User answered:\n- " + q + "\n  a múltiplos de 5, más fácil para el cambio",
		"User answered: a múltiplos de 5, más fácil para el cambio",
	} {
		h := Session([]Record{
			{Role: "tool_call", Name: "questionnaire", ID: "c1", Text: call},
			{Role: "tool_result", ID: "r1", Text: result},
		})
		if len(h.Statements) != 1 || h.Statements[0].Quote != "a múltiplos de 5, más fácil para el cambio" {
			t.Errorf("%q: %+v, want the answer alone", result, h.Statements)
		}
	}
}

// Ensure that "ya no cobramos …", "ya no aceptamos …" withdraw what they
// name.
func TestYaNoWeVerb(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"Ya no cobramos el recargo de urgencia.", "recargo de urgencia"},
		{"Ya no aceptamos pagos con cheque.", "pagos con cheque"},
		{"Ya no mandamos el resumen por fax.", "resumen por fax"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) }) {
			t.Errorf("%q: %+v, want %q withdrawn", tc.text, h.Retractions, tc.target)
		}
	}
}

// Ensure that a correction of a count said in words ("I told you four
// pups, it's three pups") is heard, led by what the count is of when the
// sentence names it first.
func TestToldInWords(t *testing.T) {
	sts := Session(conv("and the seal pool, I told you four pups, it's three pups, the vet measured the water volume again. sorry")).Statements
	if len(sts) != 1 || sts[0].Subject != "seal pool" || !slices.Contains(sts[0].Replaces, "4 pups") || !strings.Contains(sts[0].Claim, "three pups") {
		t.Errorf("%+v, want the seal pool's three pups replacing four", sts)
	}
}

// Ensure that a question asking whether what its sentence before said
// still holds ("The lending code allows 2 costumes per member per season.
// Is that still the limit?"), answered with another count, even in words,
// replaces that count; one answered with the same count replaces nothing.
func TestStillOfTheSentenceBefore(t *testing.T) {
	const q = "The lending code allows 2 costumes per member per season. Is that still the limit?"
	for _, tc := range []struct {
		answer string
		want   []string
	}{
		{"three costumes now, the Lindenthal club gave us their old stock", []string{"2 costumes"}},
		{"3 now", []string{"2 costumes"}},
		{"yes, 2 is fine", nil},
	} {
		if got := keptValue(q, tc.answer); got != strings.Join(tc.want, "") {
			t.Errorf("keptValue(%q) = %q, want %q", tc.answer, got, tc.want)
		}
	}
	if got := insteadValues("Le poids max passager est à 110 kg dans la config. Toujours valable ?", "Non : 100 kg maximum, c'est l'assureur qui l'impose."); !slices.Equal(got, []string{"110 kg"}) {
		t.Errorf("answered no and another count: %q, want 110 kg", got)
	}
	if got := keptValue("Is that still the limit?", "three now"); got != "" {
		t.Errorf("a question naming no count: %q", got)
	}
}

// Ensure that a sentence saying only that the one before was a question
// ("Only asking.", "Nur so gefragt.") is no claim, and leaves what follows
// it heard.
func TestJustAsking(t *testing.T) {
	for _, text := range []string{"Only asking.", "Nur so gefragt.", "solo pregunto.", "juste pour savoir.", "只是问问。", "聞いてみただけです。"} {
		if sts := Session(conv("could we show the tram on a map? " + text + " The list job runs at 20:00.")).Statements; len(sts) != 1 || !strings.Contains(sts[0].Claim, "20:00") {
			t.Errorf("%q: %+v, want the list job alone", text, sts)
		}
	}
}

// Ensure that a thing named with its price and no verb ("Karten 39 Euro",
// "adultos 18 €") is what it costs, and that a price in a question or
// after "for" is not.
func TestPriceWithoutVerb(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Gut, das passt so. Für die Karten: Prunksitzung am 15. Februar, Karten 39 Euro, Mitglieder zahlen 34 Euro.", "Karten 39 Euro"},
		{"Precios: adultos 18 €, niños 9 €.", "adultos 18 €"},
	} {
		sts := Session(conv(tc.text)).Statements
		if !slices.ContainsFunc(sts, func(st Statement) bool { return strings.Contains(st.Claim, tc.want) }) {
			t.Errorf("%q: %+v, want a claim saying %q", tc.text, sts, tc.want)
		}
	}
	for _, text := range []string{"can you check the price, tickets 39 euro?", "Someone offered it to us for 39 euro once.", "« Tarif pro 39 € jusqu'à 1 kg, 5,90 € jusqu'à 3 kg »",
		// A bound is no price: the clause is the condition's.
		"Super. Noch was: Rechnungen über 39 € zahle ich erst, wenn Thomas sie freigegeben hat – kannst du die im Bericht markieren?"} {
		for _, st := range Session(conv(text)).Statements {
			if strings.Contains(st.Claim, "39") {
				t.Errorf("%q: heard %q", text, st.Claim)
			}
		}
	}
}

// Ensure that "we've got six courts" and "we have 3 vans" state what the
// team has, and "we've got a bug" does not.
func TestWeHaveCount(t *testing.T) {
	for _, text := range []string{"we've got six courts btw, 5 and 6 are the outdoor panoramic ones", "we have 3 vans for the Saturday round"} {
		if sts := Session(conv(text)).Statements; len(sts) != 1 {
			t.Errorf("%q: %+v, want one statement", text, sts)
		}
	}
	if sts := Session(conv("we've got a bug in the export")).Statements; len(sts) != 0 {
		t.Errorf("a bug heard as what the team has: %+v", sts)
	}
}

// Ensure that an aside saying a thing is not ours stays in its sentence,
// which is then kept out whole, and that "a nosotros no nos afecta" says
// the same of another team's news.
func TestNotOursAside(t *testing.T) {
	for _, text := range []string{
		"btw the city's parking API (not ours, other vendor) is at 120 req/min — don't confuse them if you see it in the gateway config",
		"ah y el equipo de facturación se pasa a Ash framework, a nosotros no nos afecta",
		"the billing team moves to Kafka next month, doesn't affect us",
	} {
		if sts := Session(conv(text)).Statements; len(sts) != 0 {
			t.Errorf("%q: heard %+v", text, sts)
		}
	}
}
