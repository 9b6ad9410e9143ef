package builtin

import "testing"

// Ensure that a numbered thing a clause is about ("court 3 is back to
// normal online") replaces nothing said of another one of its kind: the
// claim about court 7, said in the same session, stays whole.
func TestNumberedThingIsNoVersion(t *testing.T) {
	tests := []struct {
		name, first, second, kept string
	}{
		{"same session", "court 7's open from monday — indoor, same as 1-4 — so that's seven courts now.", "the glazier fitted the panel on friday, court 3 is back to normal online", "seven courts now"},
		{"bay", "Bay 4 is always kept free for the travel lift.", "bay 2 is back to normal now, the new crane is in.", "travel lift"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			m := run(t, dir, said("s1", tc.first, tc.second))
			checkCurrent(t, m, nil, []string{tc.kept})
		})
	}
}

// Ensure that withdrawals said the ordinary ways end the claims they
// name in a later session: a reply dropping what the agent's question
// named by its code or object, a person who left a project, a thing
// taken down, a duty the speaker gives up, a rule let go.
func TestWithdrawnAcrossSessions(t *testing.T) {
	tests := []struct {
		name   string
		first  []string
		second []string
		gone   string
	}{
		{"a job the question names by its code", []string{"CI tiene también un job que compila para wasm32-unknown-unknown en cada PR."},
			[]string{"A:The wasm job builds `wasm32-unknown-unknown` on every PR and takes 6 minutes; should it stay?", "drop it from PRs."}, "wasm32"},
		{"a rule the question names by its object", []string{"マイグレーションがある PR には必ず `migrate --plan` の出力を貼ってください。"},
			[]string{"A:上限を 50 万行にしました。PR にマイグレーションの `--plan` も貼りますか？", "いや、あのルールはもうやめました。"}, "migrate --plan"},
		{"a person who left a project", []string{"El parser lo revisa siempre Olek Nowak, es co-maintainer."},
			[]string{"Novedades del equipo: Olek dejó el proyecto en agosto, el parser ahora lo revisamos entre todos."}, "Olek"},
		{"a bench taken down", []string{"C'est Priya qui gère le banc HIL au labo."},
			[]string{"Et le banc HIL est démonté depuis septembre."}, "Priya"},
		{"a duty given up", []string{"Las issues con la etiqueta good first issue las reviso yo."},
			[]string{"Ah, y las good first issue ya no las reviso yo, que no doy abasto."}, "good first issue"},
		{"a rule let go", []string{"Et pas de default export dans nos packages, jamais."},
			[]string{"Et on lâche la règle sur les default export, Next 15 en veut partout."}, "default export"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			run(t, dir, said("s1", tc.first...))
			m := run(t, dir, said("s2", tc.second...))
			checkCurrent(t, m, []string{tc.gone}, nil)
		})
	}
}

// Ensure that a change said one of this stop's ways in a later session
// replaces or withdraws what it names and leaves the rest, each case
// with its shape below.
func TestLaterSessionChanges(t *testing.T) {
	tests := []struct {
		name          string
		first, second []string
		gone, kept    []string
	}{
		// a version said with a product's short name and a space
		// ("pg 17") replaces the one said before ("pg 16").
		{"SpacedShortVersion", []string{"The ledger database is postgres, pg 16, on the same cluster as payments."}, []string{"we're on pg 17 since the upgrade last weekend."}, []string{"pg 16"}, []string{"pg 17"}},
		// a count said in words ("one approval is enough now")
		// replaces the count of the same thing said before ("two approvals"),
		// though the earlier claim also holds a bare "one" ("as one of them").
		{"CountOfAThingInWords", []string{"PRs need two approvals, and anything that touches migrations/ also needs Maya (me) as one of them."}, []string{"one approval is enough now, two was slowing everyone down."}, []string{"two approvals"}, []string{"one approval"}},
		// a tool denied of one thing ("HSTS is handled by the
		// ingress, not Django") stays in what memory says of it elsewhere.
		{"DeniedOfOneThingOnly", []string{"Django 5.2 に上げました（先週マージ済み）。"}, []string{"HSTS is handled by the ingress, not Django, so ignore W004."}, nil, []string{"Django 5.2", "HSTS"}},
		// an item of a list written in capitals ("CHF") is taken
		// from the list when withdrawn, the rest staying: a code, not a person.
		{"AcronymOffAList", []string{"A:¿las monedas soportadas siguen siendo las del enum de ledger?", "sí: EUR, GBP, USD y CHF. nada más."}, []string{"nice. also we dropped CHF last month, the rest stays: EUR, GBP, USD. clean up the enum"}, []string{"CHF"}, []string{"EUR, GBP, USD"}},
		// a move said with what it left ("migrated to Jazzy, not
		// Humble anymore") still replaces the release left.
		{"MovedNotAnymore", []string{"We're on ROS 2 Humble for the picking arm stack."}, []string{"Arm stack again. We finally migrated to Jazzy, not Humble anymore, so use the Jazzy docs for the controller manager API."}, []string{"ROS 2 Humble"}, []string{"Jazzy"}},
		// a release withdrawn from a list by its name and version
		// ("drop Safari 15 from browserslist") leaves the rest of the list.
		{"ReleaseOffAList", []string{"maybe, dunno. browserslist is: last 2 versions, Safari 15, Samsung Internet. check the config matches"}, []string{"drop Safari 15 from browserslist, analytics says nobody uses it. keep the rest as is"}, []string{"Safari 15"}, []string{"last 2 versions", "Samsung Internet"}},
		// an item withdrawn with the word for its kind ("needs-repro
		// ラベルはやめる") is taken from the list, the rest staying.
		{"ItemWithItsKindOffAList", []string{"Our GitHub labels are bug, perf, needs-repro and good-first-issue."}, []string{"needs-repro ラベルはやめる。誰も外さないので。"}, []string{"needs-repro"}, []string{"bug, perf and good-first-issue"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			run(t, dir, said("s1", tc.first...))
			m := run(t, dir, said("s2", tc.second...))
			checkCurrent(t, m, tc.gone, tc.kept)
		})
	}
}
