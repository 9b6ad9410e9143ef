package hear

import (
	"slices"
	"strings"
	"testing"
)

// withdrawnTargets are the targets of the withdrawals heard in text, said
// alone by the user.
func withdrawnTargets(text string) []string {
	var got []string
	for _, r := range Session([]Record{{Role: "user", Text: text, ID: "e1"}}).Retractions {
		got = append(got, r.Target)
	}
	return got
}

// checkWithdrawn fails t unless each text withdraws a target naming its
// want, or nothing when want is "".
func checkWithdrawn(t *testing.T, tests []struct{ text, want string }) {
	t.Helper()
	for _, tc := range tests {
		got := withdrawnTargets(tc.text)
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%q: withdrew %q, want nothing", tc.text, got)
		case tc.want != "" && !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, tc.want) }):
			t.Errorf("%q: withdrew %q, want one naming %q", tc.text, got, tc.want)
		}
	}
}

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
	checkWithdrawn(t, tests)
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
	checkWithdrawn(t, tests)
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
	checkWithdrawn(t, tests)
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

// Ensure that a stand-in's part said done names the person ("Kwame's role
// is done" → Kwame), that "were dropping" typed for "we're dropping"
// withdraws what is dropped while "we were dropping" tells what happened,
// and that a Chinese duty handed over to be maintained (交给…维护) names
// the duty taken.
func TestRoleDoneTypoAndMaintainedBy(t *testing.T) {
	if got := withdrawnTargets("supervision is all with her again and Kwame's role is done, no need to cc him anymore."); !slices.Contains(got, "Kwame") {
		t.Errorf("role done: withdrew %q, want Kwame", got)
	}
	if got := withdrawnTargets("and were dropping the data/meta wrapper for new endpoints, partners hated it."); !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, "data/meta wrapper") }) {
		t.Errorf("typo: withdrew %q, want the data/meta wrapper", got)
	}
	if got := withdrawnTargets("we were dropping packets all morning until the switch was replaced."); len(got) != 0 {
		t.Errorf("past: withdrew %q, want nothing", got)
	}
	var takes []string
	for _, st := range Session([]Record{{Role: "user", Text: "好的。另外中文文档以后交给社区维护了，通过 Crowdin 协作，我不再负责这块。", ID: "e1"}}).Statements {
		takes = append(takes, st.Takes...)
	}
	if !slices.Contains(takes, "中文文档") {
		t.Errorf("handover: takes %q, want 中文文档", takes)
	}
}
