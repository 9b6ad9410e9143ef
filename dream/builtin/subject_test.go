package builtin

import "testing"

// Ensure that no spelling, nor its stem, stands for two terms: a word in
// two groups would merge two subjects ("cliente" stems to "client").
func TestTermSynonymsDisjoint(t *testing.T) {
	seen := map[string]string{}
	for _, g := range termSynonyms {
		for _, w := range g {
			for _, sp := range []string{w, stemTerm(w)} {
				if prev, ok := seen[sp]; ok && prev != g[0] {
					t.Errorf("%q stands for both %q and %q", sp, prev, g[0])
				}
				seen[sp] = g[0]
			}
		}
	}
}

// Ensure that a German past participle is akin to its verb's infinitive
// and its noun ("gesperrt" and "Sperre", "ausgedruckt" and "Ausdrucken"),
// and that words that merely start alike are not.
func TestParticipleAkin(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"gesperrt", "sperr", true},
		{"ausgedruckt", "ausdrucken", true},
		{"gepoltert", "polter", true},
		{"abgeschaltet", "abschaltung", true},
		{"gesperrt", "gespräch", false},
		{"getestet", "gestern", false},
	} {
		if got := akin(tc.a, tc.b); got != tc.want {
			t.Errorf("akin(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
