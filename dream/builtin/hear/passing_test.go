package hear

import (
	"strings"
	"testing"
)

// Ensure that a request to keep something out of the notes, about a thing
// it names itself ("lo de que …, no lo apuntes"), leaves the sentence
// before it heard; that "I was thinking of" a thing (mixing it up) is no
// idea floated; and that a meeting that settled a value leaves the value
// said of its subject.
func TestPassingShapes(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // a claim holding each
		not        []string // in no claim
		subject    string   // of the one statement, when set
	}{
		{"a no-notes request about a thing it names",
			"Otra cosa: desde junio abrimos también los martes en Haro. Y que no se me olvide: lo de que igual compramos la bodega de al lado no lo apuntes en ningún sitio, que no está ni hablado.",
			[]string{"martes en Haro"}, []string{"bodega de al lado"}, ""},
		{"thinking of another account, a correction",
			"I told you thirty days last week — it's 45 days, I was thinking of the supplier account.",
			[]string{"45 days"}, nil, ""},
		{"a meeting settled a value",
			"The trustees met on Tuesday and the hall hire goes to 40 pounds an evening from April.",
			[]string{"40 pounds"}, nil, "hall hire"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sts := Session(conv(tc.text)).Statements
			all := ""
			for _, st := range sts {
				all += st.Claim + "\n"
			}
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("claims %q, want one holding %q", all, w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(all, w) {
					t.Errorf("claims %q hold %q", all, w)
				}
			}
			if tc.subject != "" && (len(sts) != 1 || sts[0].Subject != tc.subject) {
				t.Errorf("statements %+v, want one of %q", sts, tc.subject)
			}
		})
	}
}
