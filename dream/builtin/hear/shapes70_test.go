package hear

import (
	"slices"
	"strings"
	"testing"
)

// heardOne hears text as one user message.
func heardOne(text string) Heard {
	return Session([]Record{{Role: "user", Text: text, ID: "e1"}})
}

// replacing reports a statement of h that replaces old.
func replacing(h Heard, old string) bool {
	for _, st := range h.Statements {
		if slices.Contains(st.Replaces, old) {
			return true
		}
	}
	return false
}

// stating returns the statement of h whose quote holds want, if any.
func stating(h Heard, want string) (Statement, bool) {
	for _, st := range h.Statements {
		if strings.Contains(st.Quote, want) {
			return st, true
		}
	}
	return Statement{}, false
}

// withdrawing reports a withdrawal of h whose target is t.
func withdrawing(h Heard, t string) bool {
	for _, rt := range h.Retractions {
		if strings.EqualFold(rt.Target, t) {
			return true
		}
	}
	return false
}

// Ensure that a thing said to be there no more is withdrawn ("there's no
// lottery anymore", "ya no hay sorteo", "es gibt keine Verlosung mehr"),
// and that what the sentence says holds now replaces it, the new word
// first or last.
func TestNoMoreThereIs(t *testing.T) {
	tests := []struct {
		text, gone string
		replaced   bool
	}{
		{"there's no lottery anymore, it's a waiting list by signup order now.", "lottery", true},
		{"there are no more paper forms.", "paper forms", false},
		{"there is no longer any need for the VPN.", "the VPN", false},
		{"there won't be a standup on Fridays anymore.", "standup on Fridays", false},
		{"Cambios de la asamblea: ya no hay sorteo, ahora es lista de espera por orden de inscripción.", "sorteo", true},
		{"es gibt keine Verlosung mehr, jetzt gilt eine Warteliste nach Anmeldung.", "Verlosung", true},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			h := heardOne(tc.text)
			if !withdrawing(h, tc.gone) {
				t.Errorf("no withdrawal of %q: %+v", tc.gone, h.Retractions)
			}
			if got := replacing(h, tc.gone); got != tc.replaced {
				t.Errorf("a statement replaces %q: %v, want %v (%+v)", tc.gone, got, tc.replaced, h.Statements)
			}
		})
	}
	// "there's no X" without "anymore" says only what is missing.
	if h := heardOne("there's no test for the parser."); len(h.Retractions) > 0 {
		t.Errorf("a missing test withdrew %+v", h.Retractions)
	}
}

// Ensure that a person said to move to another desk or department
// ("passe au desk international", "part au service juridique") is gone
// from what they held, and that the new holder named after them replaces
// them.
func TestDepartedToLeaveOrDesk(t *testing.T) {
	tests := []struct{ text, who string }{
		{"Sophie passe au desk international, la blocklist c'est Karim maintenant", "Sophie"},
		{"Marc part au service juridique, c'est Léa qui valide maintenant.", "Marc"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			h := heardOne(tc.text)
			if !withdrawing(h, tc.who) {
				t.Errorf("no withdrawal of %q: %+v", tc.who, h.Retractions)
			}
			if !replacing(h, tc.who) {
				t.Errorf("no statement replaces %q: %+v", tc.who, h.Statements)
			}
		})
	}
	if h := heardOne("Le build passe au vert maintenant."); len(h.Retractions) > 0 {
		t.Errorf("a build turning green withdrew %+v", h.Retractions)
	}
}

// Ensure that a lead-in saying something changed ("we changed the
// conflict rule:", "Change of plan:", "wir haben … geändert:") makes what
// it introduces a statement, quoted with the lead-in that names what
// changed, and that a question or a report after it stays unheard.
func TestChangeLeadIntroducesValue(t *testing.T) {
	for _, text := range []string{
		"Also, after the audit we have changed the conflict rule: the server wins, and the device copy goes into a local conflicts table.",
		"we changed the conflict rule: the server wins.",
		"Change of plan: the server wins now.",
		"wir haben die Konfliktregel geändert: der Server gewinnt.",
	} {
		h := heardOne(text)
		_, en := stating(h, "server wins")
		_, de := stating(h, "Server gewinnt")
		if !en && !de {
			t.Errorf("%q: nothing heard of the server (%+v)", text, h.Statements)
		}
	}
	h := heardOne("we changed the conflict rule: the server wins.")
	if len(h.Statements) == 0 || !strings.Contains(h.Statements[0].Quote, "conflict rule") {
		t.Errorf("the quote leaves out what changed: %+v", h.Statements)
	}
	for _, text := range []string{
		"we changed the config: can you rerun the tests?",
		"we changed the config: the build fails now with a weird error.",
		"Update: tests pass now.",
	} {
		if h := heardOne(text); len(h.Statements) > 0 {
			t.Errorf("%q: heard %+v", text, h.Statements)
		}
	}
}

// Ensure that a request to keep words out of notes after "but" is of the
// words before it in its own sentence: the sentence before stays heard.
func TestButDontWriteItDownOwnsItsWords(t *testing.T) {
	for _, tc := range []struct{ text, kept, hushed string }{
		{"Ahora el backend lo lleva Andrés. Para probar usa el usuario demo3@example.test, pero no lo dejes escrito en ningún sitio.", "Andrés", "demo3"},
		{"We deploy with Argo now. The staging password is hunter2, but don't write it down.", "Argo", "hunter2"},
	} {
		h := heardOne(tc.text)
		kept := false
		for _, st := range h.Statements {
			kept = kept || strings.Contains(st.Claim, tc.kept)
			if strings.Contains(st.Claim, tc.hushed) {
				t.Errorf("%q: kept what was to stay out: %q", tc.text, st.Claim)
			}
		}
		if !kept {
			t.Errorf("%q: lost the sentence before the request (%+v)", tc.text, h.Statements)
		}
	}
}

// Ensure that a part saying what is used now, after a part withdrawing a
// thing, replaces it ("dejamos micrate, las migraciones nuevas van con
// jennifer"), and that a reason or how things went after it does not.
func TestInsteadPartReplaces(t *testing.T) {
	tests := []struct {
		text, gone string
		replaced   bool
	}{
		{"y dejamos micrate, las migraciones nuevas van con jennifer, ya esta configurado en src/db.cr", "micrate", true},
		{"we dropped mocha, it was too slow.", "mocha", false},
		{"we dropped mocha, the tests pass now.", "mocha", false},
	}
	for _, tc := range tests {
		h := heardOne(tc.text)
		if got := replacing(h, tc.gone); got != tc.replaced {
			t.Errorf("%q: a statement replaces %q: %v, want %v (%+v)", tc.text, tc.gone, got, tc.replaced, h.Statements)
		}
	}
}

// Ensure that a German change told with a separable verb ("Wir ziehen
// alle SDKs auf … hoch", "stellen … auf … um") is a fact that changed or
// a value set,
// and that such a verb for a moment's task is not.
func TestGermanSeparableChange(t *testing.T) {
	for _, text := range []string{
		"Wir ziehen alle SDKs auf die API-Version 2025-01-15 hoch, bitte überall den Header anpassen.",
		"Wir stellen den Nachtlauf auf 04:30 um.",
		"Wir heben alle Runner auf Ubuntu 24.04 an.",
	} {
		h := heardOne(text)
		if len(h.Statements) == 0 || h.Statements[0].Kind != Fact || !(strings.HasPrefix(h.Statements[0].why, "d19") || h.Statements[0].why == "d21s") {
			t.Errorf("%q: heard %+v, want a fact that changed", text, h.Statements)
		}
	}
	if h := heardOne("ich stelle das kurz auf Debug um und teste."); len(h.Statements) > 0 {
		t.Errorf("a moment's task heard: %+v", h.Statements)
	}
}

// Ensure that someone named raising or lowering a thing to a value, in
// French and Spanish, is a fact that changed, however long ago it was
// done ("Nadia a remonté le seuil d'alerte à 200 …", "Nadia subió el
// umbral a 200 …"), and that a part saying what is used now before the
// part withdrawing the old one replaces it ("wir flashen inzwischen mit
// nrfutil, das alte Tool ist raus").
func TestNamedChangeAndUsedNowFirst(t *testing.T) {
	for _, text := range []string{
		"Nadia a remonté le seuil d'alerte à 200 pour 100 000 après le comité de la semaine dernière.",
		"Nadia subió el umbral de alerta a 200 por 100 000 después del comité.",
	} {
		h := heardOne(text)
		if len(h.Statements) == 0 || !strings.HasPrefix(h.Statements[0].why, "d19") {
			t.Errorf("%q: heard %+v, want a fact that changed", text, h.Statements)
		}
	}
	for _, tc := range []struct{ text, gone string }{
		{"wir flashen inzwischen mit nrfutil (device program), das alte tool ist raus.", "alte tool"},
	} {
		if h := heardOne(tc.text); !replacing(h, tc.gone) {
			t.Errorf("%q: no statement replaces %q: %+v", tc.text, tc.gone, h.Statements)
		}
	}
}

// Ensure that a value named as the default from now on is a fact ("people
// want 16-bit TIFF as the default output", "the worker uses sqlite by
// default"), and that a question about a default is not.
func TestDefaultIsAFact(t *testing.T) {
	for _, text := range []string{
		"also turns out people want 16-bit TIFF as the default output, the GUI folks kept complaining about the float files being huge.",
		"el informe sale en PDF por defecto.",
	} {
		h := heardOne(text)
		_, en := stating(h, "default")
		_, es := stating(h, "defecto")
		if !en && !es {
			t.Errorf("%q: heard %+v", text, h.Statements)
		}
	}
	if h := heardOne("can you set sqlite as the default for this test?"); len(h.Statements) > 0 {
		t.Errorf("a question heard: %+v", h.Statements)
	}
}
