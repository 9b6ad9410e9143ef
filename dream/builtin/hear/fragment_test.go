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
