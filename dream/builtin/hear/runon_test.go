package hear

import (
	"strings"
	"testing"
)

// Ensure that a dictated message of one long unpunctuated "sentence" is
// split where the speaker moves on ("um", "oh and", "also", "keep in
// mind", "por cierto"), that each thing it says is heard as a claim of its
// own, and that a long written sentence with its commas is left whole.
func TestRunOnSentences(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		pieces     int
		holds      []string // each in a piece of its own
	}{
		{"English dictation",
			"ok so today it's the booking page and we charge a 5 percent card fee on every online booking um we're on Laravel 11 so new code goes under app not src oh and the courier is Speedline they pick up at four every weekday and keep in mind only managers ever see the refund screen",
			4, []string{"5 percent card fee", "Laravel 11", "Speedline", "only managers"}},
		{"Spanish dictation",
			"hola te lo dicto desde la furgoneta así que perdona la puntuación necesito que arregles el informe de rutas del lunes que sale vacío por cierto las rutas ahora salen del almacén de Getafe y no del de Coslada y además el informe se manda siempre a las siete a logística",
			3, []string{"Getafe", "a las siete"}},
		{"a long written sentence",
			"The nightly export, which the finance team reads first thing in the morning and which has to reach them before eight, runs on the old reporting box, so please don't move it, and also don't rename the folder it writes to, because their macro looks for it there.",
			1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := sentences(tc.text)
			if len(got) < tc.pieces || tc.pieces == 1 && len(got) != 1 {
				t.Fatalf("sentences = %q, want %d pieces", got, tc.pieces)
			}
			for _, h := range tc.holds {
				n := 0
				for _, p := range got {
					if strings.Contains(p, h) {
						n++
					}
				}
				if n != 1 {
					t.Errorf("%q in %d pieces of %q, want one", h, n, got)
				}
			}
		})
	}
}

// Ensure that things said in passing in a dictated message each become a
// claim, no claim holding two of them.
func TestRunOnClaims(t *testing.T) {
	text := "ok so today it's the booking page and we charge a 5 percent card fee on every online booking um we're on Laravel 11 so new code goes under app not src oh and the courier is Speedline they pick up at four every weekday and keep in mind only managers ever see the refund screen"
	sts := Session(conv(text)).Statements
	for _, w := range []string{"Laravel 11", "Speedline", "only managers"} {
		n := 0
		for _, st := range sts {
			if strings.Contains(st.Claim, w) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%q in %d claims of %+v, want one", w, n, sts)
		}
	}
}

// Ensure that news said to have nothing to do with us is not heard, in the
// languages memfs hears.
func TestNothingToDoWithUs(t *testing.T) {
	for _, text := range []string{
		"The library team moved their site to WordPress, nothing to do with us.",
		"L'équipe de la bibliothèque est passée sur WordPress, rien à voir avec nous.",
		"Die Bibliothek ist auf WordPress umgestiegen, das hat nichts mit uns zu tun.",
		"La biblioteca se pasó a WordPress, no tiene nada que ver con nosotros.",
		"図書館のチームは WordPress に移ったそうですが、うちには関係ないです。",
	} {
		if sts := Session(conv(text)).Statements; len(sts) != 0 {
			t.Errorf("%q: heard %+v, want nothing", text, sts)
		}
	}
}

// Ensure that a firm that shut, closed or went bankrupt is heard as gone,
// in five languages, but not a shop closed at an hour or a day closed.
func TestFirmClosed(t *testing.T) {
	for _, tc := range []struct {
		lang, text, want string
	}{
		{En, "Barrow Packaging closed down in March.", "Barrow Packaging"},
		{En, "Kirkland's shut in September, we print it ourselves now.", "Kirkland"},
		{En, "Monday's closed for the bank holiday.", ""},
		{En, "Barrow Packaging closed at five yesterday.", ""},
		{De, "Brenner Kurierdienst hat zum Ende Mai aufgehört.", "Brenner Kurierdienst"},
		{De, "Der alte Brenner ist in Rente.", "Brenner"},
		{De, "Jonas ist ja seit April weg.", "Jonas"},
		{Fr, "La maison Ferrandis a fermé en juin.", "Ferrandis"},
		{Fr, "La boulangerie Martin a fermé à 19h hier.", ""},
		{Es, "Transportes Ruiz cerró en marzo.", "Transportes Ruiz"},
		{Es, "Grafiprint cerró a las 8 ayer.", ""},
		{Zh, "恒达破产了。", "恒达"},
	} {
		lx := lexes[tc.lang]
		m, _, _ := departedIn(tc.text, lx)
		got := ""
		if m != nil {
			got = group(lx.departed, m, "t")
		}
		if !strings.Contains(got, tc.want) || tc.want == "" && got != "" {
			t.Errorf("%q: gone %q, want %q", tc.text, got, tc.want)
		}
	}
}
