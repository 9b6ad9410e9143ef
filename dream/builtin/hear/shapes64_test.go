package hear

import (
	"slices"
	"strings"
	"testing"
)

// Ensure that what may be used again is heard with who may use it ("you
// can use Storybook again") or with the verb first ("Ya se puede usar
// Storybook otra vez"), that a short sentence of Spanish or German with
// few small words is read in its language, and that the same words
// naming no thing withdraw nothing.
func TestUsableAgain(t *testing.T) {
	tests := []struct{ text, want string }{
		{"you can use Storybook again, design needs it.", "Storybook"},
		{"We can use Redis again for the session cache.", "Redis"},
		{"Storybook can be used again.", "Storybook"},
		{"Ya se puede usar Storybook otra vez.", "Storybook"},
		{"Ya podemos usar Redis otra vez.", "Redis"},
		{"Storybook vuelve a estar permitido.", "Storybook"},
		{"Storybook darf wieder benutzt werden.", "Storybook"},
		// Near misses: nothing named may be used again.
		{"you can run it again.", ""},
		{"Ya se puede usar.", ""},
	}
	for _, tc := range tests {
		var got []string
		for _, r := range Session([]Record{{Role: "user", Text: tc.text, ID: "e1"}}).Retractions {
			got = append(got, r.Target)
		}
		if tc.want == "" {
			if len(got) > 0 {
				t.Errorf("%q: withdrew %q, want nothing", tc.text, got)
			}
			continue
		}
		if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, tc.want) }) {
			t.Errorf("%q: withdrew %q, want one naming %q", tc.text, got, tc.want)
		}
	}
}

// Ensure that a date or a value denied after a preposition ("…, nicht im
// Mai", "…, not on Tuesday") is heard as the value a statement replaces,
// and that a place denied so is not.
func TestDeniedAfterPreposition(t *testing.T) {
	tests := []struct {
		text, value string
		replaces    bool
	}{
		{"der Dachdecker verschiebt, Kessler fängt erst am 2. Juni an, nicht im Mai", "Mai", true},
		{"the standup is on Wednesdays now, not on Tuesdays.", "Tuesdays", true},
		{"la réunion passe à 10h, pas à 9h30.", "9h30", true},
		// Near miss: where, not what it was.
		{"die Besprechung ist jetzt in Raum 3, nicht im Büro", "Büro", false},
	}
	for _, tc := range tests {
		got := false
		for _, st := range Session([]Record{{Role: "user", Text: tc.text, ID: "e1"}}).Statements {
			got = got || slices.Contains(st.Replaces, tc.value)
		}
		if got != tc.replaces {
			t.Errorf("%q: replaces %q = %v, want %v", tc.text, tc.value, got, tc.replaces)
		}
	}
}

// Ensure that a requirement lifted by saying a thing may now go without
// it ("PRs can be merged without Anna's review now") and a Japanese
// restriction said to be no more ("UTC 縛りはもうなし") are heard as
// withdrawals naming the thing and what it needed.
func TestRequirementLifted(t *testing.T) {
	tests := []struct{ text, want string }{
		{"finance dashboards can go out without a finance review now, hugo's fine with that.", "finance review"},
		{"PRs can be merged without Anna's review now.", "Anna's review"},
		{"あと UTC 縛りはもうなしで、ダッシュボードは各自のタイムゾーン表示でOKになりました。", "UTC"},
	}
	for _, tc := range tests {
		var got []string
		for _, r := range Session([]Record{{Role: "user", Text: tc.text, ID: "e1"}}).Retractions {
			got = append(got, r.Target)
		}
		if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, tc.want) }) {
			t.Errorf("%q: withdrew %q, want one naming %q", tc.text, got, tc.want)
		}
	}
}

// Ensure that a practice the agent kept up is heard stopped when the
// user says "stop" in French, German or Spanish with what was done ("arrête
// l'envoi par mail des feuilles", "hör auf, … zu schicken", "deja de
// mandar …"), and that stopping what the agent does to the user is not a
// withdrawal of a practice.
func TestPracticeStopped(t *testing.T) {
	tests := []struct{ text, want string }{
		{"arrête l'envoi par mail des feuilles de présence, les directrices les consultent directement dans l'appli maintenant.", "envoi par mail"},
		{"hör auf, die Anwesenheitslisten per Mail zu schicken, die Leitungen schauen jetzt direkt in der App.", "Anwesenheitslisten"},
		{"deja de mandar las hojas de asistencia por correo, las directoras las ven en la app ahora.", "hojas de asistencia"},
		{"arrête de t'excuser à chaque message.", ""},
	}
	for _, tc := range tests {
		var got []string
		for _, r := range Session([]Record{{Role: "user", Text: tc.text, ID: "e1"}}).Retractions {
			got = append(got, r.Target)
		}
		if tc.want == "" {
			if len(got) > 0 {
				t.Errorf("%q: withdrew %q, want nothing", tc.text, got)
			}
			continue
		}
		if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, tc.want) }) {
			t.Errorf("%q: withdrew %q, want one naming %q", tc.text, got, tc.want)
		}
	}
}

// Ensure that a task dropping or bringing a setting to a value is heard
// as the value it sets, if memory holds one ("drop the feed mp3 to 96k"),
// and that a Spanish "hemos subido a tres" is heard as a change; a task
// naming no value sets nothing.
func TestSetByDropAndRaisedTo(t *testing.T) {
	tests := []struct {
		text, value string
		heard       bool
	}{
		{"and drop the feed mp3 to 96k, it's just talking in mono so 96 is plenty", "96k", true},
		{"bring the retry budget down to 3, the queue backs up otherwise", "3", true},
		{"Faltan árbitros, así que hemos subido a tres por sábado.", "tres por sábado", true},
		// Near miss: nothing set.
		{"push the release branch to origin when the tests pass", "origin", false},
	}
	for _, tc := range tests {
		if got := heardSaying(tc.text, tc.value); got != tc.heard {
			t.Errorf("%q: heard %q = %v, want %v", tc.text, tc.value, got, tc.heard)
		}
	}
}
