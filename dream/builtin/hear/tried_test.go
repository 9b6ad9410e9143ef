package hear

import (
	"strings"
	"testing"
)

// Ensure that a change tried and undone states nothing of its value,
// over one clause or several, in the languages heard, and that a rule
// said after it stays. Guard: a trial that names where things went back
// to is not read as undone.
func TestTriedAndUndone(t *testing.T) {
	for _, tc := range []struct {
		text, value, kept string
	}{
		{"we tried a 12 free article meter for a month in spring and went back, so don't change the meter settings", "12 free", "change the meter settings"},
		{"Wir haben kurz probiert, die Kasse 45 Minuten vorher zu schließen, gab Ärger am Schalter, sind wieder zurück.", "45 Minuten", ""},
		{"On a testé le tarif réduit à 6 € pendant l'été, retour à la normale après.", "6 €", ""},
		{"Estuvimos probando a envasar a 38% para abaratar, pero el sabor se perdía y volvimos a lo de siempre", "38%", ""},
	} {
		h := Session(conv(tc.text))
		var quotes []string
		for _, st := range h.Statements {
			quotes = append(quotes, st.Quote)
		}
		all := strings.Join(quotes, "\n")
		if strings.Contains(all, tc.value) {
			t.Errorf("%q: statements %q keep the value tried", tc.text, quotes)
		}
		if tc.kept != "" && !strings.Contains(all, tc.kept) {
			t.Errorf("%q: statements %q lost %q", tc.text, quotes, tc.kept)
		}
	}
	if reTriedReverted.MatchString("We tried Kafka for a month and went back to RabbitMQ.") {
		t.Error("a trial naming what things went back to read as undone") // guard
	}
}
