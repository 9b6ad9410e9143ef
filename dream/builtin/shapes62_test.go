package builtin

import "testing"

// Ensure that a change of one thing's release, said in a claim with no
// subject, leaves the claim of another product's release it shares one
// word with ("Tomasz", "à"), and that a release said since a past period
// replaces the claim of the same product's earlier one.
func TestReleaseOfAnotherThingKeepsTheClaim(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"another product, one person in common",
			[]string{"we're on Deno 1.46 now, Tomasz upgraded the runners yesterday, so the lockfile should say 1.46"},
			[]string{"biome is on v1.9 now, v1.9.4, Tomasz moved the config to the new format last month."},
			nil, []string{"Deno 1.46", "v1.9.4"}},
		{"French, only à in common",
			[]string{"On est passés à Vite 5.4 la semaine dernière (le lockfile est à jour)."},
			[]string{"Autre chose, le budget mémoire est passé à 40 Mo en veille avec la v2, vérifie qu'on tient."},
			nil, []string{"Vite 5.4", "40 Mo"}},
		{"the same product, since last week",
			[]string{"we're on Rust 1.79 now, the CI image was rebuilt, so rust-toolchain should say 1.79"},
			[]string{"and the Rust version, we're on 1.81 since last week, update the toolchain file too"},
			[]string{"1.79"}, []string{"1.81"}},
	})
}
