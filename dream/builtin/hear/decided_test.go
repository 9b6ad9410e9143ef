package hear

import "testing"

// Ensure that a value a meeting or a body settled, relayed, is kept as a
// fact, however the telling opens (a past meeting, a label, the decision
// after the subject), and that a count spelled out with a word of change
// is a value. Guards: a decision not taken, asked about or only tried
// keeps nothing.
func TestDecidedValueAndSpelledCount(t *testing.T) {
	kept := []string{
		"also the meter: board met yesterday, it's eight free articles a month going forward.",
		"另外 RIN 阈值委员会开会定了，6.8",
		"あと予約受付、営業会議で 60 日前からに決まった",
		"Y los logs de auditoría se guardan ahora seis años, nueva normativa",
		"Sommerfahrplan: Langeness jetzt fünfmal am Tag, eine Abfahrt mehr.",
		"le comité a tranché : la caution passe à 150 €",
	}
	for _, text := range kept {
		h := Session(conv(text))
		if len(h.Statements) != 1 || h.Statements[0].Kind != Fact {
			t.Errorf("%q: statements %+v, want one fact", text, h.Statements)
		}
	}
	out := []string{
		"the board hasn't decided yet whether it's 8 or 10 free articles", // guard
		"did the committee decide on 6.8?",                                // guard
		"还没定，可能 6.5 也可能 6.8",                                              // guard
		"we tried eight free articles for a week and went back",           // guard
		"two of them said the export was slow",                            // guard: no word of change
		"la junta decidió algo sobre la comisión, ya te contaré",          // guard: no value
	}
	for _, text := range out {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
}

// Ensure that a proposal someone floated is no fact unless it was taken
// up; the assistant's own proposal confirmed, and one the team agreed to,
// are kept (guards).
func TestProposalNotTaken(t *testing.T) {
	for _, text := range []string{
		"Callum floated moving the docs to Docusaurus at standup, nobody went for it.",
		"Sven suggested switching to Renovate, we said no.",  // guard: kept out before
		"Ana propuso pasar el front a Vite, nadie se animó.", // guard: kept out before
		"Léa a proposé de passer à pnpm, personne n'a suivi.",
		"Jonas hat vorgeschlagen, auf Gitea umzuziehen, aber das war nichts.", // guard: kept out before
	} {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
	for _, text := range []string{
		"Priya suggested squash merges and we agreed, squash only from now on.",
		"yes, as you suggested, three retries with backoff from now on.",
	} {
		if h := Session(conv(text)); len(h.Statements) != 1 {
			t.Errorf("guard %q: statements %+v, want one", text, h.Statements)
		}
	}
}
