package builtin

import "testing"

// Ensure that a role handed on as a label ("Neuer Hallenwart: …",
// "cambio de tesorera: …", "new content lead: …. website copy goes to him
// from now on") ends the earlier holder's claim and keeps the new one.
func TestHandoverSaidAsLabel(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"German, an address after the name",
			[]string{"Der Hallenwart ist Herr Kranz, er bekommt die Schadensmeldungen."},
			[]string{"Gut. Neuer Hallenwart: Jonas Weber, jonas.weber@sporthalle-nord.de."},
			[]string{"Herr Kranz"}, []string{"Jonas Weber"}},
		{"English, the duty given to him in the next sentence",
			[]string{"Copy changes on the website always go past Priya before we publish."},
			[]string{"ok. new content lead: Omar Haddad. website copy changes go to him from now on."},
			[]string{"past Priya"}, []string{"Omar Haddad"}},
		{"Spanish",
			[]string{"La tesorera del club es Marta Gil, las facturas pasan por ella."},
			[]string{"Cambio de tesorera: Nuria Blasco."},
			[]string{"Marta Gil"}, []string{"Nuria Blasco"}},
	})
}
