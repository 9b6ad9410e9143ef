package hear

import "testing"

// Ensure that a guess at how long a rule lasts, closing it, leaves the
// rule a rule: the hedge is on its end, not on what holds. Guards: a
// hedge on the rule itself keeps nothing.
func TestHedgedEndKeepsRule(t *testing.T) {
	kept := []string{
		"Don't deploy the billing service on Fridays, probably until the audit ends.",
		"周三下午冷库除霜，那段时间别跑搬运脚本，大概到年底都这样",
		"Keine Deployments am Freitag, vermutlich bis Ende März.",
		"No despliegues los viernes, probablemente hasta que acabe la auditoría.",
		"Pas de mise en prod le vendredi, sans doute jusqu'à la fin de l'audit.", // guard
	}
	for _, text := range kept {
		if h := Session(conv(text)); len(h.Statements) == 0 {
			t.Errorf("%q: no statement, want the rule", text)
		}
	}
	out := []string{
		"Maybe we should not deploy on Fridays until the audit ends.", // guard
		"周三可能要停机，大概到年底",                                               // guard: a guess, no rule
	}
	for _, text := range out {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
}

// Ensure that what holds from a date on is heard, the date leading, in
// the languages heard, and that a question or a guess after the date
// stays out.
func TestFromDateValue(t *testing.T) {
	kept := []string{
		"From 1 March every late return costs 40p per book.",
		"ab 1. März kostet jeder Tag Verspätung 0,40 € pro Buch.",
		"À partir du 1er mars, chaque jour de retard coûte 0,40 € par livre.",
	}
	for _, text := range kept {
		if h := Session(conv(text)); len(h.Statements) != 1 {
			t.Errorf("%q: statements %+v, want one", text, h.Statements)
		}
	}
	out := []string{
		"From Monday can you check the logs?",                  // guard
		"ab 1. März kostet es vielleicht 0,60 € pro Buch.",     // a guess
		"À partir du 1er mars, ça coûterait peut-être 0,60 €.", // guard: a guess
	}
	for _, text := range out {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
}
