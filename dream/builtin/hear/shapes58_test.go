package hear

import (
	"slices"
	"strings"
	"testing"
)

// Ensure that withdrawals said the ordinary ways in a working session are
// heard with what they withdraw: a thing taken down or allowed to go, a
// person who left a project, a practice "we" no longer keep, a duty the
// speaker gives up, a measure stopped after a reason, a reply that drops
// what the agent's question named, by its code or its object; a ban
// lifted, a rule dropped, things closed, archived or cancelled.
func TestWithdrawalsInPassing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		said   []string // "A:" opens the assistant's
		target string
	}{
		{"taken down", []string{"Et le banc HIL est démonté depuis septembre."}, "banc HIL"},
		{"unplugged", []string{"L'ancien serveur a été débranché la semaine dernière."}, "ancien serveur"},
		{"may go", []string{"Les jobs HIL dans le CI peuvent partir."}, "jobs HIL dans le CI"},
		{"left the project", []string{"Novedades del equipo: Olek dejó el proyecto en agosto, ya no es co-maintainer."}, "Olek"},
		{"the first of two withdrawals", []string{"Más cosas: ya no pedimos DCO, quitamos el bot porque espantaba a contribuidores nuevos."}, "DCO"},
		{"a duty given up", []string{"Ah, y las good first issue ya no las reviso yo, que no doy abasto."}, "good first issue"},
		{"not at all now", []string{"we don't build wasm in CI at all now, delete wasm.yml."}, "build wasm in CI"},
		{"stopped after a reason", []string{"監査対応が終わったので、監査ログの S3 への二重書き込みはやめます。"}, "監査ログの S3 への二重書き込み"},
		{"the code the question names", []string{"A:The wasm job builds `wasm32-unknown-unknown` on every PR and takes 6 minutes; should it stay?", "drop it from PRs."}, "wasm32-unknown-unknown"},
		{"the object the question names", []string{"A:上限を 50 万行にしました。PR にマイグレーションの `--plan` も貼りますか？", "いや、あのルールはもうやめました。"}, "マイグレーションの `--plan`"},
		{"a temporary measure removed", []string{"还有那个 6 小时的 freshness 检查先删掉吧，周末上游不导数据。"}, "6 小时的 freshness 检查"},
		{"dropped once the real one works", []string{"oh and the psp sandbox has been stable for weeks, drop pspfake, integration tests hit the PSP sandbox directly now"}, "pspfake"},
		{"cancelled", []string{"InfluxCloud haben wir gekündigt, gibt's nicht mehr. raus damit"}, "InfluxCloud"},
		{"stopped, plain form", []string{"needs-repro ラベルはやめる。誰も外さないので。"}, "needs-repro ラベル"},
		{"may be taken off, after a lead", []string{"なので forbid(unsafe_code) は外していい、unsafe は src/mmap.rs だけに閉じ込めて"}, "forbid(unsafe_code)"},
		{"a rule no longer wanted", []string{"RESULTS.md に追記するルール、もういいです。誰も読んでない"}, "RESULTS.md に追記する"},
		{"off a list", []string{"zoom ya no en la allowlist, la empresa dejó zoom. meet.google.com sigue"}, "zoom"},
		{"ripped out", []string{"cleanup day. we ripped out Sentry after the privacy review, remove what's left"}, "Sentry"},
		{"no longer looked at", []string{"top-5 不看了，删掉，mAP 和 F1 照旧"}, "top-5"},
		{"a contract over", []string{"le contrat de Tomasz est fini fin septembre, c'est moi qui reprends packages/ui."}, "Tomasz"},
		{"a rule let go", []string{"et on lâche la règle sur les default export, Next 15 en veut partout, c'est pénible"}, "les default export"},
		{"thrown out", []string{"co2 fliegt aus dem payload raus, der sensor ist nie verbaut worden."}, "co2"},
		// Said as a ban lifted, a rule dropped in the volitional, a need
		// a reason removed, things closed, stopped, archived or
		// cancelled, and a coordinated thing withdrawn whole.
		{"allowed now", []string{"lodash is allowed now, the bundle shrank."}, "lodash"},
		{"zh allowed now, a laugh in brackets", []string{"对了，plotly 现在可以用了，老板改主意了（笑），交互图也行。"}, "plotly"},
		{"ja allowed to use", []string{"Tailwind はもう使っていいです。"}, "Tailwind"},
		{"ja freeze lifted", []string{"ギャラリーの凍結は解除です。"}, "ギャラリー"},
		{"ja volitional", []string{"CHANGELOG の手書きルールもやめよう、誰も守らないし。"}, "CHANGELOG の手書きルール"},
		{"fr no more need after a reason", []string{"le client a signé, donc plus besoin du jeu de test anonymisé ; on prend la prod."}, "jeu de test anonymisé"},
		{"fr stopped by someone", []string{"Le Dr Perrin a arrêté les visites à domicile, vire le module."}, "visites à domicile"},
		{"fr closed since", []string{"la boutique Magento est fermée depuis mars."}, "boutique Magento"},
		{"fr cancelled", []string{"On a résilié le compte OVH, donc plus de secours."}, "compte OVH"},
		{"zh archived", []string{"#ops-alerts 频道已经归档了，告警不用再发了。"}, "#ops-alerts"},
		{"zh also offline", []string{"gpu2 也下线了，现在用学校的集群。"}, "gpu2"},
		{"de two things, one withdrawal", []string{"Die Warnung mit den 10 Tagen Vorlauf und dem Firmennamen kann raus."}, "Warnung mit den 10 Tagen Vorlauf und dem Firmennamen"},
		{"de forget what was said then", []string{"Und das mit dem Linter von damals kannst du vergessen."}, "Linter von damals"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := Session(conv(tc.said...))
			if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return r.Target == tc.target }) {
				t.Errorf("%q: %+v, want a withdrawal of %q", tc.said, h.Retractions, tc.target)
			}
		})
	}
}

// Ensure that a numbered thing a clause opens with ("court 3 is back to
// normal") names no version: it replaces no claim of another one.
func TestNumberedThingNoVersion(t *testing.T) {
	for _, s := range []string{"court 3 is back to normal online now", "bay 2 is back in use now"} {
		if got := versionStems(s, En); len(got) > 0 {
			t.Errorf("%q: stems %q, want none", s, got)
		}
	}
	if got := versionStems("we're on python 3 now", En); !slices.Contains(got, "python ") {
		t.Errorf("python 3: stems %q, want python", got)
	}
	// A numbered thing said as the value a clause moves to is one.
	if got := versionStems("universe 7, because 5 is now the new LED wash", En); !slices.Contains(got, "universe ") {
		t.Errorf("universe 7: stems %q, want universe", got)
	}
}

// Ensure that "keep the rest as is", said beside a part withdrawn, is no
// rule of its own.
func TestKeepTheRestIsNoRule(t *testing.T) {
	for _, s := range []string{"drop Safari 15 from browserslist, analytics says nobody uses it. keep the rest as is", "残りはそのまま", "der Rest bleibt."} {
		for _, st := range Session(conv(s)).Statements {
			if st.Kind == Rule {
				t.Errorf("%q: heard a rule %q", s, st.Claim)
			}
		}
	}
}

// Ensure that a naming template is a value: "topic schema is
// silo/<site>/<id>/telemetry" is a fact.
func TestTemplateIsAValue(t *testing.T) {
	for _, s := range []string{"topic schema is silo/<site>/<id>/telemetry", "work-order numbers are WA-<year>-<nnnn>, restarting each year."} {
		if sts := Session(conv(s)).Statements; len(sts) == 0 {
			t.Errorf("%q: nothing heard", s)
		}
	}
}

// Ensure that agreeing to remove what the agent offers to remove ("Should
// I remove the /admin/approvals page too?" "Yes, remove it.") withdraws
// nothing: a task agreed to, where "should it stay?" asks of a rule.
func TestRemoveItAsATask(t *testing.T) {
	h := Session(conv("A:TeeLink bookings are now created as `confirmed`. Should I remove the `/admin/approvals` page too?", "Yes, remove it. Next: we're giving TeeLink four more slots a day from the 1st of October."))
	if len(h.Retractions) > 0 {
		t.Errorf("withdrawals %+v, want none", h.Retractions)
	}
}

// Ensure that a clause dropping something and one saying what holds now
// in its place ("we dropped pg_search last sprint, search is meilisearch
// now") are both heard: the withdrawal, and the fact.
func TestDroppedThenWhatHoldsNow(t *testing.T) {
	for _, s := range []string{
		"we dropped pg_search last sprint, search is meilisearch now via the meilisearch-rails gem",
		"we ripped out pg_search last sprint, search is Meilisearch now",
	} {
		h := Session(conv(s))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return r.Target == "pg_search" }) {
			t.Errorf("%q: withdrawals %+v, want pg_search", s, h.Retractions)
		}
		if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(strings.ToLower(st.Claim), "meilisearch now") }) {
			t.Errorf("%q: statements %+v, want what holds now", s, h.Statements)
		}
	}
}
