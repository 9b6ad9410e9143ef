package hear

import (
	"strings"
	"testing"
)

// heardValue reports whether some statement heard in text, said alone by
// the user, carries value.
func heardValue(text, value string) bool {
	h := Session([]Record{{Role: "user", Text: text, ID: "e1"}})
	for _, st := range h.Statements {
		if strings.Contains(strings.ToLower(st.Claim), strings.ToLower(value)) {
			return true
		}
	}
	return false
}

// Ensure that a change said in passing inside a longer message is heard
// with its new value, however it is told: from one value to another,
// instead of the old one, moved or postponed, with a number spelled out or
// a weekday for a value, beside a task or a withdrawal in the same clause,
// as holding from the next period on, or (in Chinese) as what holds "now";
// and that near misses stay unheard: a change tried and undone, a passage
// quoted whole, a plan.
func TestChangeToldBesideOtherWords(t *testing.T) {
	tests := []struct {
		name, text, value string
		heard             bool
	}{
		{"from one value to another",
			"second thing: the idle logout goes from 15 to 45 minutes, the night shift kept losing drafts.", "45 minutes", true},
		{"instead of the old one",
			"and the nightly export should land at 5am instead, the analysts start earlier in summer.", "5am", true},
		{"German, postponed",
			"Die Inventur haben wir auf den 14. Januar verschoben, vorher ist das Lager zu voll.", "14. Januar", true},
		{"German, moved house",
			"Übrigens: das Ticketsystem ist umgezogen, es läuft jetzt auf help.kranich-it.de und nicht mehr im alten Wiki.", "help.kranich-it.de", true},
		{"Spanish, moved by someone",
			"Lo segundo: Irene movió la revisión de turnos a las 8:15, antes no llegaba nadie.", "8:15", true},
		{"Spanish, in place of",
			"La poda del olivar se hace en marzo en vez de febrero, por las heladas de este año.", "marzo", true},
		{"French, rather than",
			"Les relevés partent maintenant le 3 du mois au lieu du 1er, la banque a changé son calendrier.", "le 3 du mois", true},
		{"a number spelled out",
			"club meeting last night: the junior age limit goes down to fourteen, with a parent's signature.", "fourteen", true},
		{"a weekday for a value",
			"quick one, the bread delivery comes on Tuesdays and Fridays now since the new bakery took over.", "Tuesdays and Fridays", true},
		{"beside a task",
			"der Timeout ist jetzt 90 Sekunden, pass bitte die Healthchecks an.", "90 Sekunden", true},
		{"beside a withdrawal",
			"we moved the docs to Docusaurus in march, the old mkdocs folder is dead.", "Docusaurus", true},
		{"from the next period on",
			"22 jars per crate from next month, the supplier changed the crates.", "22 jars", true},
		{"Chinese, now",
			"备份我们现在统一放在 minio-02 上，不再用旧的 NAS。", "minio-02", true},
		{"a value set by a label's task",
			"reminders: make it 3 days before instead of 7, people forget.", "3 days", true},
		// Near misses.
		{"tried and undone",
			"We tried moving to Vite 6 last week but reverted it, the plugin broke.", "Vite 6", false},
		{"French, tried",
			"J'avais testé de passer le cache à 10 minutes au lieu de 30 la semaine dernière, sans effet.", "10 minutes", false},
		{"a passage quoted whole",
			`"Ab dem 1. März gehen die Gebühren auf 45 Euro statt 40."`, "45 Euro", false},
		{"a plan",
			"We'll probably move the retro to Thursdays next quarter, nothing decided.", "Thursdays", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := heardValue(tc.text, tc.value); got != tc.heard {
				t.Errorf("%q: heard %q = %v, want %v", tc.text, tc.value, got, tc.heard)
			}
		})
	}
}
