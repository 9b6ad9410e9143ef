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

// Ensure that a version said with a product's short name and a space
// ("pg 17") replaces the one said before ("pg 16").
func TestSpacedShortVersion(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "The ledger database is postgres, pg 16, on the same cluster as payments."))
	m := run(t, dir, said("s2", "we're on pg 17 since the upgrade last weekend."))
	checkCurrent(t, m, []string{"pg 16"}, []string{"pg 17"})
}

// Ensure that a count said in words ("one approval is enough now")
// replaces the count of the same thing said before ("two approvals"),
// though the earlier claim also holds a bare "one" ("as one of them").
func TestCountOfAThingInWords(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "PRs need two approvals, and anything that touches migrations/ also needs Maya (me) as one of them."))
	m := run(t, dir, said("s2", "one approval is enough now, two was slowing everyone down."))
	checkCurrent(t, m, []string{"two approvals"}, []string{"one approval"})
}

// Ensure that a tool denied of one thing ("HSTS is handled by the
// ingress, not Django") stays in what memory says of it elsewhere.
func TestDeniedOfOneThingOnly(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "Django 5.2 に上げました（先週マージ済み）。"))
	m := run(t, dir, said("s2", "HSTS is handled by the ingress, not Django, so ignore W004."))
	checkCurrent(t, m, nil, []string{"Django 5.2", "HSTS"})
}

// Ensure that an item of a list written in capitals ("CHF") is taken
// from the list when withdrawn, the rest staying: a code, not a person.
func TestAcronymOffAList(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "A:¿las monedas soportadas siguen siendo las del enum de ledger?", "sí: EUR, GBP, USD y CHF. nada más."))
	m := run(t, dir, said("s2", "nice. also we dropped CHF last month, the rest stays: EUR, GBP, USD. clean up the enum"))
	checkCurrent(t, m, []string{"CHF"}, []string{"EUR, GBP, USD"})
}

// Ensure that a move said with what it left ("migrated to Jazzy, not
// Humble anymore") still replaces the release left.
func TestMovedNotAnymore(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "We're on ROS 2 Humble for the picking arm stack."))
	m := run(t, dir, said("s2", "Arm stack again. We finally migrated to Jazzy, not Humble anymore, so use the Jazzy docs for the controller manager API."))
	checkCurrent(t, m, []string{"ROS 2 Humble"}, []string{"Jazzy"})
}

// Ensure that a release withdrawn from a list by its name and version
// ("drop Safari 15 from browserslist") leaves the rest of the list.
func TestReleaseOffAList(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "maybe, dunno. browserslist is: last 2 versions, Safari 15, Samsung Internet. check the config matches"))
	m := run(t, dir, said("s2", "drop Safari 15 from browserslist, analytics says nobody uses it. keep the rest as is"))
	checkCurrent(t, m, []string{"Safari 15"}, []string{"last 2 versions", "Samsung Internet"})
}

// Ensure that an item withdrawn with the word for its kind ("needs-repro
// ラベルはやめる") is taken from the list, the rest staying.
func TestItemWithItsKindOffAList(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "Our GitHub labels are bug, perf, needs-repro and good-first-issue."))
	m := run(t, dir, said("s2", "needs-repro ラベルはやめる。誰も外さないので。"))
	checkCurrent(t, m, []string{"needs-repro"}, []string{"bug, perf and good-first-issue"})
}
