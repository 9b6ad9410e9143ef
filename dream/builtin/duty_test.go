package builtin

import "testing"

// Ensure that a person said to no longer do a duty withdraws the claim
// that they do it, in four languages, whatever else the sentence says.
// Guard: a rule saying what someone does not do ("Tom doesn't deploy on
// Fridays") withdraws nothing.
func TestPersonNoLongerDoesDuty(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English",
			[]string{"Ana reviews every SQL migration before merge."},
			[]string{"Ana doesn't review the SQL migrations anymore, ask Raj."},
			[]string{"Ana reviews"}, nil},
		{"Spanish",
			[]string{"Marta lleva la facturación de los proveedores."},
			[]string{"Marta ya no lleva la facturación, ahora la lleva Jorge."},
			[]string{"Marta lleva"}, []string{"Jorge"}},
		{"Spanish, a verb of the duty's noun",
			[]string{"las releases las despliega Nuria los jueves."},
			[]string{"Nuria ya no despliega, se pasó al equipo de datos."},
			[]string{"Nuria los jueves"}, nil},
		{"German",
			[]string{"Jonas macht die Releases, immer donnerstags."},
			[]string{"Jonas macht die Releases nicht mehr, das übernimmt Petra."},
			[]string{"immer donnerstags"}, []string{"Petra"}},
		{"French",
			[]string{"Chloé valide les factures fournisseurs."},
			[]string{"Chloé ne valide plus les factures, c'est Marc maintenant."},
			[]string{"Chloé valide les factures fournisseurs"}, nil},
	})
	runTwoSessions(t, []twoSessions{
		{"a rule of what is not done (guard)",
			[]string{"Tom owns the billing deploys."},
			[]string{"Tom doesn't deploy on Fridays."},
			nil, []string{"Tom owns the billing deploys"}},
	})
}
