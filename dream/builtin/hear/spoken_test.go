package hear

import "testing"

// Ensure that French facts said the spoken way are heard: what something
// runs on ("tourne en", "tourne sous") and what a thing is by its name,
// file, number or day after "c'est", its subject led by a determiner or
// "pour"; that a version moved to last week holds now; and that a fault,
// an opinion, a task and a trip said the same way stay out.
func TestFrenchSpokenFacts(t *testing.T) {
	kept := []string{
		"Sésame tourne en PHP 8.3 avec Symfony 7.1.",
		"L'intranet tourne sous Debian 12.",
		"Pour la serrurerie c'est Clés Martin sur tout le parc.",
		"La réunion des gardiens c'est le dernier jeudi du mois.",
		"Le staging, c'est sur OVH.", // guard
		"Le fichier des stocks c'est stock_2025.ods, tenu par la comptable.",
		"Le comité technique c'est tous les mardis à 10h.",
		"Le seuil de pluie c'est 12 mm par heure.",
		"Außerdem sind wir letzte Woche auf Gradle 8.10 gegangen.",
		"On est passés à PHP 8.4 la semaine dernière.",
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
		"Les réunions c'est des pertes de temps de toute façon.",
		"Ce script c'est du bricolage.",
		"Wir sind letzte Woche nach Hamburg gefahren.",
	}
	for _, text := range out {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
}
