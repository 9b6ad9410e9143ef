package hear

import (
	"regexp"
	"testing"
)

// TestBoundariesBesideOtherLetters: words ending or starting with a letter
// outside ASCII are read, where RE2's \b had left them unmatched ("dejó\b"
// never matches). Each row fails with the \b the pattern had.
func TestBoundariesBesideOtherLetters(t *testing.T) {
	tests := []struct {
		name string
		re   *regexp.Regexp
		text string
	}{
		{"required tail fr", reRequiredTail, "on signe chaque commit, c'est imposé"},
		{"moved on es", reMovedOn, "Marta dejó la empresa en octubre"},
		{"moved on fr", reMovedOn, "Claire a quitté l'équipe"},
		{"tried fr", reNotOrTried, "on a essayé 40 connexions"},
		{"bare lead es", reBareLead, "sí, el puerto es 8443"},
		{"value set de", reValueSet[De], "ändere bitte den Timeout auf 30 Sekunden"},
		{"from now on fr", reFromNowOn, "à partir de maintenant on livre le jeudi"},
		{"ahead es", reAhead[Es], "ojalá llegue el lector nuevo"},
		{"ahead de", reAhead[De], "das Gerät kommt übermorgen"},
		{"intro es", lexes[Es].intro, "tomé el soporte de facturación"},
		{"intro fr", lexes[Fr].intro, "je travaille à Lyon"},
		{"update fr", lexes[Fr].update, "on est revenus à Postgres 15"},
		{"update fr, verb then à", lexes[Fr].update, "on a passé le cache à 2 Go"},
		{"relative es", relativePatterns[Es][0].re, "el precio bajó 5 euros"},
		{"halved fr", relativePatterns[Fr][2].re, "on a réduit le lot de moitié"},
		{"question fr", reWhQuestion, "où tourne la base ?"},
		{"question es", reWhQuestion, "qué versión usamos?"},
		{"name es", reNameIn, "Lucía aquí"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.re.MatchString(tt.text) {
				t.Errorf("%s: no match", tt.name)
			}
		})
	}
}
