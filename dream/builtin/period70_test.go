package builtin

import (
	"slices"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Ensure that a period said to be over with a name it was not given
// before ("La migration Bunny est finie") withdraws what was to hold
// during it, and that a rule whose period has a name of its own, or a
// claim only naming such a period, stays.
func TestNamedPeriodEndWithdrawsGenericCondition(t *testing.T) {
	m := run(t, t.TempDir(),
		map[string]hear.Heard{"s1": heard(
			rule("fr", "Pendant la migration, ne touche pas aux images dans public/legacy/"),
			rule("fr", "Pendant la migration Postgres, pas de déploiement le vendredi"),
			rule("fr", "la migration prend les images une par une"))},
		map[string]hear.Heard{"s2": hear.Session([]hear.Record{
			{Role: "user", ID: "u1", Text: "La migration Bunny est finie, tu peux supprimer public/legacy/."},
		})})
	want := []string{
		"The user said: “Pendant la migration Postgres, pas de déploiement le vendredi”",
		"The user said: “la migration prend les images une par une”",
	}
	if got := currentTexts(m); !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q", got, want)
	}
}
