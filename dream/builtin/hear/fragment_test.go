package hear

import (
	"strings"
	"testing"
)

// Ensure that what only points at the sentence before or after it is not
// kept as a claim of its own: a bare "don't change it" joins the sentence
// that says what ("Pillow は 10.4 に固定しています。上げないでください。"), and a
// request to remember that only announces something ("还有个情况要记一下：")
// leaves nothing. Guards: a standing rule that names its object stays a
// claim of its own.
func TestPointersAreNotClaims(t *testing.T) {
	for _, tc := range []struct {
		text  string
		quote []string // the statements' quotes hold these, in order
	}{
		{"Pillow は 10.4 に固定しています。上げないでください。", []string{"10.4 に固定しています。 上げないでください"}},
		{"We pin Pillow to 10.4. Don't change it.", []string{"Pillow to 10.4. Don't change it"}},
		{"Der Staging-Server läuft auf Debian 12. Bitte nicht upgraden.", []string{"Debian 12. Bitte nicht upgraden"}},
		{"好。还有个情况要记一下：槟城厂的 Kafka 还没接上。", nil},
		{"One more thing to remember: the staging DB is on port 5433.", []string{"5433"}},                       // guard
		{"We pin Pillow to 10.4. Never upgrade Pillow without a visual diff.", []string{"10.4", "visual diff"}}, // guard
	} {
		h := Session(conv(tc.text))
		var got []string
		for _, st := range h.Statements {
			got = append(got, st.Quote)
		}
		if len(got) != len(tc.quote) {
			t.Errorf("%q: statements %q, want %d", tc.text, got, len(tc.quote))
			continue
		}
		for i, q := range tc.quote {
			if !strings.Contains(got[i], q) {
				t.Errorf("%q: statement %q, want it to hold %q", tc.text, got[i], q)
			}
		}
	}
}

// Ensure that a short clause said outright that only points at what was
// said around it ("the old PT100 too", "CSVはこれ。") or was cut from a longer
// sentence is no claim, while a short clause that names its thing, holds a
// number or a name, or says a part stays is.
func TestFragmentsAreNotClaims(t *testing.T) {
	for _, tc := range []struct {
		text string
		kept bool
	}{
		{"the old sensor too.", false},
		{"we don't need that either.", false},
		{"The others need to see them too.", false},
		{"… der Import holt die ab.", false},
		{"we always use tabs in Go files", true},
		{"Le PDF du soir, lui, reste.", true},
		{"会員はそのままです。", true},
		{"one cent tolerance from now on.", true},
		{"Tests run on Node 22 here too.", true},
	} {
		h := Session(conv(tc.text))
		if got := len(h.Statements) > 0; got != tc.kept {
			t.Errorf("%q: statements %+v, want kept %v", tc.text, h.Statements, tc.kept)
		}
		if !tc.kept && !fragment(tc.text, detect(tc.text)) {
			t.Errorf("%q: not read as a fragment", tc.text)
		}
	}
}

// Ensure that a rule said to start in a named month or the next week is
// heard as holding from then on, that a duty said taken over "from this
// month" hands it to the one named, and that a new colleague introduced
// by name is a claim about the team.
func TestStartsAndJoins(t *testing.T) {
	for _, tc := range []struct {
		text, kind, holder string
	}{
		{"So from August new refs look like PD-CM-2025-0201 or PD-LL-2025-0202: branch code after the PD.", "fact", ""},
		{"Ab Oktober kommt die Liste an Jana Keller, nicht mehr an mich.", "", ""},
		{"And Bethan's taking over the on-call rota from this month, she's better with the spreadsheet than any of us.", "team", "Bethan"},
		{"Another thing, we've got a new apprentice, Gethin, starts in July.", "team", ""},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) == 0 {
			t.Errorf("%q: no statement", tc.text)
			continue
		}
		st := h.Statements[0]
		if tc.kind != "" && string(st.Kind) != tc.kind || st.Holder != tc.holder {
			t.Errorf("%q: kind %s holder %q, want %s %q", tc.text, st.Kind, st.Holder, tc.kind, tc.holder)
		}
	}
}

// Ensure that hearsay ("ich hab gehört …", "噂だけど", "paraît-il") is kept
// out of memory in each language, and that the same sentence said as the
// user's own fact is heard.
func TestHearsayKeptOut(t *testing.T) {
	for _, tc := range []struct {
		text string
		kept bool
	}{
		{"ich hab gehört der Strobl stellt nächstes Jahr auf Hackschnitzel um, aber das ist nur Gerede.", false},
		{"噂だけど、恩納村が来年からビーチ利用料を取るらしい。", false},
		{"La savonnerie Fer à Cheval fait des cures de huit semaines paraît-il.", false},
		{"听说隔壁那家集运公司现在都用45尺柜了。", false},
		{"I heard the council wants to move the bin collection to Mondays.", false},
		{"Unsere Darren heizen wir mit Hackschnitzeln, seit letztem Jahr.", true},
	} {
		h := Session(conv(tc.text))
		if got := len(h.Statements) > 0; got != tc.kept {
			t.Errorf("%q: statements %+v, want kept %v", tc.text, h.Statements, tc.kept)
		}
	}
}

// Ensure that a rule said after the period it holds in, with an
// apposition between ("während der Ernte, also ab ca. 25. August bis …,
// keine Updates"), keeps the period, and that a part narrowing it ("nur
// wenn's brennt") stays in its claim rather than making one of its own.
func TestPeriodAcrossApposition(t *testing.T) {
	h := Session(conv("Und ganz wichtig: während der Ernte, also ab ca. 25. August bis die letzte Partie gepresst ist, keine Updates am darre-log, nur wenn's brennt."))
	if len(h.Statements) != 1 {
		t.Fatalf("statements %+v, want one", h.Statements)
	}
	for _, w := range []string{"während der Ernte", "keine Updates am darre-log", "nur wenn's brennt"} {
		if !strings.Contains(h.Statements[0].Claim, w) {
			t.Errorf("claim %q lacks %q", h.Statements[0].Claim, w)
		}
	}
}
