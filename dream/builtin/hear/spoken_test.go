package hear

import "testing"

// Ensure that French facts said the spoken way are heard: what something
// runs on ("tourne en", "tourne sous") and what a thing is by its name or
// its day after "c'est", its subject led by a determiner or "pour"; and
// that a fault, an opinion and a task said the same way stay out.
func TestFrenchSpokenFacts(t *testing.T) {
	kept := []string{
		"Sésame tourne en PHP 8.3 avec Symfony 7.1.",
		"L'intranet tourne sous Debian 12.",
		"Pour la serrurerie c'est Clés Martin sur tout le parc.",
		"La réunion des gardiens c'est le dernier jeudi du mois.",
		"Le staging, c'est sur OVH.", // guard
	}
	for _, text := range kept {
		if h := Session(conv(text)); len(h.Statements) != 1 {
			t.Errorf("%q: statements %+v, want one", text, h.Statements)
		}
	}
	out := []string{
		"Le serveur tourne en boucle depuis ce matin.",                    // guard
		"Le mieux c'est de relancer le build.",                            // guard
		"Pour la serrurerie c'est Clés Martin ? Vérifie dans le contrat.", // guard
	}
	for _, text := range out {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
}
