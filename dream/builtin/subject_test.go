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
