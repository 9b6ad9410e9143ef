package hear

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Ensure that withdrawals are heard in the many ways users say them, in
// every language, and that what they withdraw is named; and that a rule
// that only sounds like one ("you don't have to run tests for docs
// changes") withdraws nothing.
func TestRetractionPhrasings(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"Scratch that rule about squashing fixups.", "squashing fixups"},
		// A contract that ended is a person gone.
		{"Kemal's contract ended in May, so the backups need a new owner.", "Kemal"},
		{"Hannas Vertrag ist leider ausgelaufen.", "Hanna"},
		{"a Yusuf se le acabó el contrato.", "Yusuf"},
		{"Le contrat de Paul est terminé.", "Paul"}, // guard: heard before the rule
		{"小林的合同到期了。", "小林"},
		{"木下さんは契約終了です。", "木下"},
		// German with the verb first, a single name before the time.
		{"Viertens hat Frau Albers in die Revision gewechselt.", "Albers"},
		{"Leider ist Herr Brandt Ende Mai ausgeschieden.", "Brandt"},
		{"On a arrêté Matomo le mois dernier.", "Matomo"},
		{"moved uploads to tusd (resumable-lite is deprecated now) and the limit is 2 GB.", "resumable-lite"},
		{"Le module legacy-sync est désormais obsolète.", "module legacy-sync"},
		{"Das alte Theme ist inzwischen veraltet.", "alte Theme"},
		{"El cliente SOAP está obsoleto.", "cliente SOAP"},
		{"旧的 v1 接口已经废弃了。", "旧的 v1 接口"},
		{"旧ログインAPIは非推奨になりました。", "旧ログインAPI"},
		{"Nagios 上个月已经停掉了。", "Nagios"},
		{"还有：PGO 的硬性要求也取消了，构建时间要紧，发布用普通 O2。", "PGO"},
		{"we dropped hadolint from the pipeline, nobody looked at it.", "hadolint"},
		{"前回 Gradle 8.5 と書きましたが、実際は 8.10 です。", "Gradle 8.5"},
		{"On a arrêté Hotjar sur tout le site, plus de heatmaps.", "Hotjar"},
		{"Non, on a laissé tomber Stylelint, trop de bruit.", "Stylelint"},
		{"le hackathon de mars c'est annulé, on se voit en ligne.", "hackathon de mars"},
		// A rule named and stopped for now; a review no longer needed,
		// who did it named; a period said to be through.
		{"延误提醒那个规矩先停掉吧，到明年再说。", "延误提醒"},
		{"她的报关单直接发，不用我复核了。", "复核"},
		{"Der Umbau der Darre ist fertig, gestern war der Kran weg.", "Umbau der Darre"},
		{"we dropped the changelog requirement when we moved to release-please.", "changelog requirement"},
		{"Au passage : on a quitté heroku.com, tout est sur Scalingo maintenant.", "heroku.com"},
		{"旧的 Jenkins 那套已经删掉了。", "旧的 Jenkins 那套"},
		{"dimos de baja Sentry el mes pasado y no lo reemplazamos.", "Sentry"},
		{"上次说的连接池是20，是我记错了，其实是50。", "连接池是20"},
		{"the vendored client can go, delete it if anything still imports it.", "vendored client"},
		{"btw the staging smoke tests aren't required anymore, the canary covers it.", "staging smoke tests"},
		{"the jitter workaround can go now, the driver bug is fixed.", "jitter workaround"},
		{"Der Timeout-Hack im Exporter kann jetzt weg, das Backend ist schneller.", "Timeout-Hack im Exporter"},
		{"Die doppelte Prüfung ist nicht mehr erforderlich.", "doppelte Prüfung"},
		{"新しい電源ユニットが届いたので、充電電流の制限は外していいです。", "充電電流の制限"},
		{"对了预发环境不再每周一重建了，数据自己备份。", "预发环境不再每周一重建"},
		{"Le bandeau cookies sur la page d'accueil, oublie, on l'a retiré.", "bandeau cookies sur la page d'accueil"},
		{"otra cosa: la columna legacy_id ya se puede borrar, nadie la usa.", "columna legacy_id"},
		{"moment.js is ok again, the bundle budget problem is gone.", "moment.js"},
		{"ok no more nightly snapshots, the backup job covers it.", "nightly snapshots"},
		{"lo del proxy de desarrollo olvídalo, ahora usamos el de Vite.", "proxy de desarrollo"},
		{"die Sache mit dem Kunden-Präfix bei Tabellennamen lassen wir ab jetzt fallen.", "Sache mit dem Kunden-Präfix bei Tabellennamen"},
		{"die Sache mit den Dateiendungen (.tmp, .bak) lassen wir fallen, dafür gibt es jetzt einen Cleanup-Job.", "Sache mit den Dateiendungen (.tmp, .bak)"},
		{"le vieux NAS est HS, on sauvegarde sur le S3 maintenant.", "vieux NAS"},
		{"Der Build-Server build-07 ist tot, wir nehmen jetzt build-09.", "Build-Server build-07"},
		{"バックアップの件、週次のフル取得は時間がかかるのでやめた。", "週次のフル取得"},
		{"legacy_login フラグは削除済みです。", "legacy_login フラグ"},
		{"Das Python-SDK ist archiviert, niemand hat es benutzt.", "Python-SDK"},
		{"the screenshot-per-PR thing is over btw, nobody looked at them.", "screenshot-per-PR thing"},
		{"on n'a plus de fenêtre de gel pour les déploiements.", "fenêtre de gel"},
		{"den Export nach Lexware kannst du komplett rauswerfen, inklusive der Vorlagen.", "Export nach Lexware"},
		{"Den Hack mit der Zeitzone bitte wieder ausbauen.", "Hack mit der Zeitzone"},
		{"we're moving off Netlify this month, the bills got silly.", "Netlify"},
		{"fyi we're leaving Confluence, everything goes to the repo wiki now.", "Confluence"},
		{"dejamos Heroku, ahora todo corre en Fly.", "Heroku"},
		{"Bon, on lâche Travis, tout passe par Woodpecker.", "Travis"},
		{"la consigne « pas de cookies tiers » ne tient plus, le juriste a validé.", "« pas de cookies tiers »"},
		{"et notre wrapper maison pour les logs, on laisse tomber, on passe par slog.", "wrapper maison pour les logs"},
		{"the weekly perf report, we're dropping it, nobody reads it.", "weekly perf report"},
		{"la sala 2 vuelve a estar disponible desde el lunes.", "sala 2"},
		{"Der Testraum ist wieder verfügbar, der Umbau ist fertig.", "Testraum"},
		{"le bac à sable est de nouveau disponible.", "bac à sable"},
		{"the old build farm is available again, IT fixed the disks.", "old build farm"},
		{"Entscheidung von gestern: Redis fliegt raus, wir cachen in Postgres.", "Redis"},
		{"das manuelle Changelog ist raus, release-please schreibt es jetzt.", "manuelle Changelog"},
		{"Stylelint lassen wir ab jetzt weg, das hat keiner gepflegt.", "Stylelint"},
		{"Die Regel mit den Screenshots im PR gilt übrigens nicht mehr.", "Screenshots im PR"},
		{"the leads agreed at planning to drop the weekly demo step, nobody came.", "weekly demo"},
		{"Drop the policy on signed tags.", "signed tags"},
		{"No need to attach benchmark numbers anymore.", "benchmark numbers"},
		{"You don't have to update the ADR index any more.", "ADR index"},
		{"We no longer need to tag images by hand.", "tag images"},
		{"以后不用再写周报了。", "写周报"},
		{"もう英語でコメントを書かなくていいです。", "英語でコメント"},
		{"Ya no hace falta usar Postman.", "Postman"},
		{"lo de los martes, ya no es así.", "martes"},
		{"Ce n'est plus le cas pour les revues de sécurité.", "revues de sécurité"},
		{"On n'a plus besoin de Storybook.", "Storybook"},
		{"以后部署不用找老周了。", "老周"},
		{"We're not doing the hotfix window anymore.", "hotfix window"},
		{"The Monday deploy freeze is over.", "Monday deploy freeze"},
		{"We got rid of the two-reviewer rule.", "two-reviewer"},
		{"Feel free to ignore the ticket-prefix rule from now on.", "ticket-prefix"},
		{"Ilse isn't on the team anymore.", "Ilse"},
		{"Die Regel mit den Tickets entfällt.", "Tickets"},
		{"以后不需要写日报了。", "写日报"},
		{"ドキュメントはもう要りません。", "ドキュメント"},
		{"Le gel du lundi, c'est fini.", "gel du lundi"},
		{"La norma del ticket queda anulada.", "ticket"},
		{"Bastien est passé sur l'équipe data.", "Bastien"},
		{"鈴木さんはもう インフラ担当ではないので、確認は要りません。", "鈴木"},
		{"コミットメッセージの件ですが、もう絵文字じゃなくても大丈夫です。", "コミットメッセージ"},
		{"リリースノートについては、もう書かなくてもいいです。", "リリースノート"},
		{"The changelog-per-PR thing, you can forget it.", "changelog-per-PR"},
		{"Die Regel mit dem Pairing, die kannst du vergessen.", "Pairing"},
		{"Lo de los tests de humo, puedes olvidarlo, ya no aplica.", "tests de humo"},
		{"La consigne sur les captures d'écran, tu peux l'oublier.", "captures d'écran"},
		{"The staging-old cluster was decommissioned last month.", "staging-old cluster"},
		{"Deploys don't need Priya's sign-off anymore.", "Priya"},
		{"Das Grafana-Board perf-alt wurde abgeschaltet.", "perf-alt"},
		{"Die Nightly-Benchmarks haben wir rausgenommen, zu langsam.", "Nightly-Benchmarks"},
		{"El bucket de backups-viejos ya no existe.", "backups-viejos"},
		{"Le runner ci-runner-07 a été décommissionné.", "ci-runner-07"},
		{"旧的 Jenkins 已经下线了。", "Jenkins"},
		{"検証機の rig-9 は廃棄されました。", "rig-9"},
		{"以后不要再用 Moment.js 了。", "Moment.js"},
		{"山田さんはインフラチームに異動しました。", "山田"},
		{"Oh and ignore what I said about branch naming in PR titles, the bot reads the branch now.", "branch naming in PR titles"},
		{"The nightly export job no longer runs, we replaced it with a stream.", "nightly export job"},
		{"We turned the legacy webhook relay off last week.", "legacy webhook relay"},
		{"Vergiss, was ich über die Commit-Präfixe gesagt habe.", "Commit-Präfixe"},
		{"Olvida lo que te dije sobre los tags de versión.", "tags de versión"},
		{"Oublie ce que j'ai dit sur les hooks de pré-commit.", "hooks de pré-commit"},
		{"发布说明那条不用了。", "发布说明"},
		{"Non, on n'utilise plus Jenkins, c'est GitLab CI maintenant.", "Jenkins"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.target) {
			t.Errorf("%q: retractions %+v, want one naming %q", tc.text, h.Retractions, tc.target)
		}
	}
	// "That", "das", "这条" point back: at the lead-in, the clause or the
	// sentence before, which then states nothing.
	for _, tc := range []struct{ text, target string }{
		{"The nightly VACUUM job: that no longer applies.", "The nightly VACUUM job"},
		{"About the code owners file, that's no longer the case.", "the code owners file"},
		{"Die Sperre für Hotfixes am Montag, das gilt nicht mehr.", "Die Sperre für Hotfixes am Montag"},
		{"每周一的例会纪要，不再适用了。", "每周一的例会纪要"},
		{"We always pair on migrations. That no longer applies.", "We always pair on migrations"},
		{"Remember the sign-off from legal? Scratch that rule.", "the sign-off from legal"},
		{"And earlier I told you the smoke suite needs the proxy — that's no longer true.", "the smoke suite needs the proxy"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || h.Retractions[0].Target != tc.target {
			t.Errorf("%q: retractions %+v, want one naming %q", tc.text, h.Retractions, tc.target)
		}
		if len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", tc.text, h.Statements)
		}
	}
	for _, text := range []string{
		"You don't have to run the linter for docs changes.",
		"No need to ask before running the tests.",
		"We dropped to one reviewer per PR.",
		"You can drop the debug logging now.",
		"No more than two reviewers per PR, it slows things down.",
		"we're leaving the office early today, ping me on slack.",
		"dejamos la reunión para el martes.",
	} {
		if h := Session(conv(text)); len(h.Retractions) != 0 {
			t.Errorf("%q: retractions %+v, want none", text, h.Retractions)
		}
	}
}

// Ensure that a change said with its earlier value is heard as a
// statement that replaces it.
func TestChangeHeard(t *testing.T) {
	for _, tc := range []struct{ text, replaces string }{
		{"缓存已经从 Memcached 迁到 Valkey 了。", "Memcached"},
		{"承認は田中さんから山田さんに変わりました。", "田中さん"},
		{"We replaced Jenkins with Buildkite.", "Jenkins"},
		{"fyi renamed the queue from jobs-main to jobs-core, the binding is the same.", "jobs-main"},
		{"we finished moving off Heroku — everything runs on Fly now, apps are defined in fly.toml.", "Heroku"},
		{"We used to use Trello, now everything is in Linear.", "Trello"},
		{"Lena handed the design review over to Omar.", "Lena"},
		{"Karin Vogt hat die Releases an Deniz Aydın übergeben.", "Karin Vogt"},
		{"Lucía le pasó la cuenta de Vinos Sur a Pedro Gil.", "Lucía"},
		{"Ya no es Node 18: migramos todos los servicios a Node 22 el mes pasado.", "Node 18"},
		{"我们已经升级到 Vite 6 了，别再按 Webpack 的配置来写。", "Webpack"},
		{"書き込みは J-Link はやめて probe-rs に移行しました。", "J-Link"},
		{"we're on Grafana Cloud for dashboards now, the old Kibana box got archived.", "old Kibana box"},
		{"on est passés sur les nœuds H200, la partition s'appelle gpu-h200 maintenant et gpu-v100 a été fermée.", "gpu-v100"},
		{"Die Abnahme macht nicht mehr Prof. Lindqvist, sondern ab jetzt Herr Okafor.", "Lindqvist"},
		{"ログ基盤は Fluentd やめて Vector に移行済みです。", "Fluentd"},
		{"the preview db is not on Neon, it is a plain RDS postgres 16 box.", "Neon"},
		{"Die Integrationstests laufen nicht auf CircleCI, sondern auf GitHub Actions.", "CircleCI"},
		{"las facturas no van en portugués, era inglés, me confundí.", "portugués"},
		{"Les exports ne tournent pas sous Luigi, c'est Dagster maintenant.", "Luigi"},
		// A value said with the one it corrects.
		{"the gateway timeout is 45s now, not 30s, I mixed up the services.", "30s"},
		{"le plafond c'est 12 requêtes par seconde, pas 10.", "10"},
		{"Die Aufbewahrung liegt bei 14 Tagen, nicht 7.", "7"},
		{"el límite de subida es 50 MB, no 20.", "20"},
		{"重试次数是 5 次，不是 3。", "3"},
		// A thing left for another.
		{"we ditched circleci for buildkite last quarter.", "circleci"},
		{"On a lâché Matomo pour Plausible le mois dernier.", "Matomo"},
		{"abandonamos Trello por Linear en enero.", "Trello"},
		{"Wir haben Nagios durch Prometheus ersetzt.", "Nagios"},
		{"我们弃用了 Sentry，改用 GlitchTip。", "Sentry"},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || !containsFold(h.Statements[0].Replaces, tc.replaces) {
			t.Errorf("%q: statements %+v, want one replacing %q", tc.text, h.Statements, tc.replaces)
		}
	}
}

// Ensure that changes said with the thing first or the value after "to"
// are heard as facts about the thing.
func TestChangeShapes(t *testing.T) {
	for _, tc := range []struct{ text, subject string }{
		{"We raised the upload limit to 50 MB.", "upload limit"},
		{"Standup moved to 9:30.", "standup"},
		{"deploy window moved to thursday because of the freeze.", "deploy window"},
		{"Priya bumped the Go toolchain to 1.23 last week.", "go toolchain"},
		{"ちなみに先週 Kotlin 2.1 に上げました。", "kotlin"},
		{"the platform team moved the registry to ghcr.io.", "registry"},
		{"Preview builds now point at cdn-edge-2.", "preview builds"},
		{"Bugsnag replaced Airbrake for crash reports.", "crash reports"},
		{"Lena handed the design review over to Omar.", "design review"},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Subject, tc.subject) {
			t.Errorf("%q: statements %+v, want one about %q", tc.text, h.Statements, tc.subject)
		}
	}
}

// Ensure that a memory note recording a withdrawal the user's words
// support withdraws, and never states the withdrawn rule as current.
func TestWithdrawalNote(t *testing.T) {
	for _, tc := range []struct {
		name   string
		recs   []Record
		target string
	}{
		{"note of words the rules do not read",
			conv("honestly the changelog entry rule is just noise now, we're done with it.", "A:Memory note (direct user request): the changelog entry rule no longer applies."),
			"changelog entry"},
		{"note of a withdrawal already heard",
			conv("scratch the changelog entry rule.", "A:Memory note (direct user request): the changelog entry rule no longer applies."),
			"changelog entry"},
	} {
		h := Session(tc.recs)
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.target) {
			t.Errorf("%s: retractions %+v, want one naming %q", tc.name, h.Retractions, tc.target)
		}
		for _, st := range h.Statements {
			if strings.Contains(st.Claim, tc.target) {
				t.Errorf("%s: statement %q states the withdrawn rule", tc.name, st.Claim)
			}
		}
	}
}

// Ensure that facts said in passing in the shapes people report a change
// with are heard: a setting given its value, "we're at N now", "ya
// estamos en X", and that a thing that "runs as" another is no team fact.
func TestChangedValuesHeard(t *testing.T) {
	for _, tc := range []struct{ text, claim string }{
		{"ok so bump it, BILLING_TIMEOUT=90s now for every worker, 60 was too tight", "BILLING_TIMEOUT=90s"},
		{"good news, finance raised the cap, we're at 2400 credits a month now", "2400 credits"},
		{"dos novedades antes de seguir: ya estamos en Rails 8.0, actualizamos el martes", "Rails 8.0"},
		{"Pre-prod Redis now runs as the ElastiCache cluster cache-stg-2.", "cache-stg-2"},
		{"Context changed: the new build cluster is ci-pool-fra-b, the old one is being drained.", "ci-pool-fra-b"},
		{"Die Artefakte liegen jetzt in eu-west-3", "eu-west-3"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Claim, tc.claim) && st.Kind != Team }) {
			t.Errorf("%q: statements %+v, want one stating %q", tc.text, h.Statements, tc.claim)
		}
	}
}

// Ensure that a period or condition said to be over is a withdrawal of
// its own kind, and that one which says where things are now stays a
// statement.
func TestPeriodEnded(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"The migration is over, thanks.", "migration"},
		{"No, the onboarding period is over, merge to release/2.x like any other branch.", "onboarding period"},
		{"微信支付审核过了，payments 那块随便改吧。", "微信支付审核"},
		{"Der Umzug ins neue Rechenzentrum ist abgeschlossen.", "Umzug ins neue Rechenzentrum"},
		{"Der Pen-Test ist durch, der Merge-Stopp ist also vorbei.", "Merge-Stopp"},
		{"El periodo de auditoría ya terminó.", "periodo de auditoría"},
		{"La période de gel est terminée.", "période de gel"},
		{"監査期間が終わりました。", "監査期間"},
		{"移行期間は終わったので、旧APIへのリクエストは全部エラーにしてください。", "移行期間"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.target) {
			t.Errorf("%q: retractions %+v, want one naming %q", tc.text, h.Retractions, tc.target)
			continue
		}
		if !EndsPeriod(h.Retractions[0]) {
			t.Errorf("%q: EndsPeriod false, want true", tc.text)
		}
	}
	// Saying where things are now, it also says what it states.
	for _, text := range []string{
		"Die Migration auf Java 21 ist abgeschlossen.",
		"The migration to Aurora is finished, staging points at stg-aurora-1.",
	} {
		h := Session(conv(text))
		if len(h.Statements) == 0 {
			t.Errorf("%q: no statement, want the value it states", text)
		}
		for _, r := range h.Retractions {
			if !EndsPeriod(r) {
				t.Errorf("%q: retraction %+v ends no period, want only one that does", text, r)
			}
		}
	}
	// Naming the period only, it states nothing.
	for _, text := range []string{
		"Die Zertifizierung ist durch, der Release-Freeze ist also vorbei.",
		"la auditoría de la CNMV terminó.",
	} {
		if h := Session(conv(text)); len(h.Statements) != 0 || len(h.Retractions) != 1 {
			t.Errorf("%q: statements %+v, retractions %+v; want the end of the period only", text, h.Statements, h.Retractions)
		}
	}
	if h := Session(conv("Please drop the changelog rule.")); len(h.Retractions) != 1 || EndsPeriod(h.Retractions[0]) {
		t.Errorf("a plain withdrawal: %+v, want one that ends no period", h.Retractions)
	}
}

// Ensure that changes told as news are heard: a state since a moment, a
// change said with when it was made, a move said done, a choice of the
// new one, and a product named with another version.
func TestChangeToldAsNews(t *testing.T) {
	for _, tc := range []struct{ text, value string }{
		{"Salut. La prod tourne sous PostgreSQL 16 depuis ce matin, la bascule s'est bien passée.", "PostgreSQL 16"},
		{"Novedades: desde anoche estamos en Quarkus 3.15, el upgrade ya está en main.", "Quarkus 3.15"},
		{"buenas. ayer subimos el runtime de las lambdas a python 3.12, por si te hace falta algo nuevo.", "python 3.12"},
		{"HAPI FHIR 7.2 へのアップグレードが昨夜終わりました。", "HAPI FHIR 7.2"},
		{"next: marketing picked storyblok as the new cms, so new sections pull from there.", "storyblok"},
		{"上周 DBA 已经把 RDS 升到 MySQL 8.0 了，json 字段可以直接用。", "MySQL 8.0"},
		{"Jörg hat gestern entschieden, dass wir auf Flutter 3.24 gehen.", "Flutter 3.24"},
		{"Quelques nouvelles : on est passés en Symfony 7 la semaine dernière (7.2), donc attention aux dépréciations.", "Symfony 7"},
		{"先週 Godot 4.3（4.3.stable）に上げました。", "Godot 4.3"},
		{"GPS を u-blox M10 に載せ替えた。", "u-blox M10"},
		{"几个变化：老王上个月转岗了，payment-service 现在归张敏（Min）管，接口问题找她。", "张敏"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Quote, tc.value) }) {
			t.Errorf("%q: statements %+v, want one stating %q", tc.text, h.Statements, tc.value)
		}
	}
	// When a change was made is not what changed.
	if h := Session(conv("We bumped the Admin API to 2025-01 last Thursday.")); len(h.Statements) != 1 || h.Statements[0].Subject != "admin api" {
		t.Errorf("bumped last Thursday: %+v, want one statement about the admin api", h.Statements)
	}
	// A product's other version is what it replaces, without a word of
	// change; a host or a count is not.
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Gebaut wird mit Flutter 3.24.", []string{"Flutter "}},
		{"The staging db sits on db-stg-01.", nil},
		{"We connect to the sim on port 9878.", nil},
	} {
		h := Session(conv(tc.text))
		var got []string
		for _, st := range h.Statements {
			got = append(got, st.Versions...)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: versions %q, want %q", tc.text, got, tc.want)
		}
	}
}

// Ensure that a withdrawal's quote, kept as the page's history, leaves
// out a document the sentence pastes.
func TestWithdrawalQuoteLeavesPastedTextOut(t *testing.T) {
	h := Session(conv("仕様はこう書いてあります：「Each message MUST carry exactly one idempotency key per request」それから、木曜リリースの制限はなくなりました。"))
	if len(h.Retractions) != 1 {
		t.Fatalf("retractions %+v, want one", h.Retractions)
	}
	if q := h.Retractions[0].Quote; strings.Contains(q, "idempotency key") || !strings.Contains(q, "制限はなくなりました") {
		t.Errorf("quote %q, want the user's words without the pasted text", q)
	}
}

// Ensure that who left is withdrawn and who does it now is stated, and
// that another team's news states nothing.
func TestLeavingAndHandover(t *testing.T) {
	for _, tc := range []struct{ text, gone, now string }{
		{"Lucía se fue a otra empresa a fin de mes y los cambios de esquema ahora los revisa Mateo.", "Lucía", "Mateo"},
		{"ok. also tomasz left last week so anything gradebook goes to Ingrid now, she took over the module.", "tomasz", "Ingrid"},
		{"Frau Berger ist seit 1.12. in Rente, tarifliche Fragen bitte ab jetzt an Herrn Yilmaz.", "Berger", "Yilmaz"},
		{"田中さんが先月で退職されたので、デザインの確認は外注の mocha design さんにお願いしています。", "田中", "mocha design"},
		{"佐藤さんは病棟システムのチームに異動したので、予約ロジックは高橋さんに見てもらっています。", "佐藤", "高橋"},
		{"btw Kenji moved over to payments risk; the pricing contact is Maren now.", "Kenji", "Maren"},
		{"Et Lucas est parti, c'est Inès qui reprend les tests de charge.", "Lucas", "Inès"},
		{"另外小王不做这个项目了，前端现在找阿明。", "小王", "阿明"},
		{"あと、帳票のレビューは木村さんが別の部署に異動したので、来月からは山本さんに頼んでいます。", "木村", "山本"},
		{"Kurz zur Info: Prof. Brandner ist seit 15. Mai im Ruhestand, die Abnahmen macht jetzt Dr. Okonkwo.", "Brandner", "Okonkwo"},
		{"それと、石田さんは10月から異動で、後任は経理課の本田さんです。", "石田", "本田"},
		{"Jonas ist ab Montag in Elternzeit, die Releases macht dann Mira.", "Jonas", "Mira"},
		{"Okafor retired at the end of March, pricing questions go to Lena now.", "Okafor", "Lena"},
		{"et Karim passe sur le projet mobile, c'est Léa qui relit le backend maintenant.", "Karim", "Léa"},
		// A title before the name, a joining word before the title.
		{"quick staffing note: Dr. Mensah retired in June, Dr. Ilse Brandt signs off the dosing tables now.", "Mensah", "Ilse Brandt"},
		{"Et Mme Fontaine part à la retraite fin mars ; à partir d'avril, c'est M. Diallo qui valide les plans.", "Fontaine", "Diallo"},
		{"pis Gaëlle est partie en congé parental, c'est Yannick qui tranche sur les maquettes jusqu'en mai", "Gaëlle", "Yannick"},
		// A task after the handover is read apart from it.
		{"and Priya moved to the billing team last week, triage is Omar Haddad now, send him the new on-call guidelines", "Priya", "Omar Haddad"},
		// A label with a wide colon, and a move said with 移った.
		{"監視の件も：小松さんは先月別の会社に移ったので、アラートの一次対応は森さんにお願いしています。", "小松", "森"},
		// A two-character name before a verb that starts like a third.
		{"还有，李姐调去总部那边了，采购对接以后都找小吴。", "李姐", "小吴"},
		// Left in other words: stepped down, retired after a time,
		// graduated.
		{"Hamid stepped down as release manager, Ines Costa runs the releases now.", "Hamid", "Ines Costa"},
		{"Frau Keller ist Ende März in Rente gegangen, die Abnahmen macht jetzt Herr Aydin.", "Keller", "Aydin"},
		{"大野さんは3月で卒業して、データ整理は今後 Lin さんが見ます。", "大野", "Lin"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || h.Retractions[0].Target != tc.gone {
			t.Errorf("%q: retractions %+v, want one of %q", tc.text, h.Retractions, tc.gone)
		}
		if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Quote, tc.now) || strings.Contains(h.Statements[0].Quote, tc.gone) {
			t.Errorf("%q: statements %+v, want one naming %q and not %q", tc.text, h.Statements, tc.now, tc.gone)
		}
	}
	// The topic said once before the departure is what the new person
	// does; a reason that is not a departure stays with what it explains.
	if h := Session(conv("あと、帳票のレビューは木村さんが別の部署に異動したので、来月からは山本さんに頼んでいます。")); len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Quote, "帳票のレビュー") {
		t.Errorf("topic before a departure: %+v, want it in the statement", h.Statements)
	}
	if h := Session(conv("センサーの精度が上がったので、サンプリングも 500Hz に上げました。")); len(h.Statements) != 1 || len(h.Retractions) != 0 || !strings.Contains(h.Statements[0].Quote, "精度が上がったので") {
		t.Errorf("a reason: %+v, want one statement with its reason", h)
	}
	h := Session(conv("and lucia moved over to the risk team this sprint."))
	if len(h.Retractions) != 1 || !Departed(h.Retractions[0]) {
		t.Errorf("moved on this sprint: %+v, want a departure", h.Retractions)
	}
	if h := Session(conv("Tom is out this week.")); len(h.Retractions) != 0 {
		t.Errorf("away this week: %+v, want no withdrawal", h.Retractions)
	}
	for _, text := range []string{
		"the fx desk moved their gateway to gcc 15 last week, their repo not ours, we stay where we are",
		"隣の放射線科のチームは HAPI をやめて Firely Server に移るらしいです。",
	} {
		if h := Session(conv(text)); len(h.Statements)+len(h.Retractions) != 0 {
			t.Errorf("%q, another team's news: %+v", text, h)
		}
	}
	// "それと" opens a new thing; it does not point back.
	if h := Session(conv("予約ロジックの変更は佐藤さんにレビューをお願いしてください。それと、金曜日はリリース禁止です。")); len(h.Statements) != 2 {
		t.Errorf("それと: statements %+v, want two", h.Statements)
	}
}

// Ensure that a "still X?" question answered "no, Y" replaces X, and that
// a bare "no" or a yes replaces nothing.
func TestDeniedValues(t *testing.T) {
	for _, tc := range []struct {
		q, a string
		want []string
	}{
		{"¿Seguimos con Redis y Horizon para las colas de correo?", "No, Amazon SQS: el cliente ya lo paga", []string{"Redis", "Horizon"}},
		{"Are we still on Jenkins for CI?", "No, GitHub Actions since March.", []string{"Jenkins"}},
		{"Are we still on Jenkins for CI?", "No.", nil},
		{"Are we still on Jenkins for CI?", "Yes, Jenkins.", nil},
		{"Which CI do you use?", "No idea, ask Priya.", nil},
	} {
		if got := deniedValues(tc.q, tc.a); !slices.Equal(got, tc.want) {
			t.Errorf("%q / %q: %q, want %q", tc.q, tc.a, got, tc.want)
		}
	}
}

// Ensure that an answer taking the value a question proposes in place of
// another ("16 % statt 18 %?" — "16 Prozent.", "de 18 € a 21 €, ¿así?")
// replaces the other, a bare old count in the new one's unit, in the
// languages memfs hears, and that an answer naming the old value, a no,
// an answer naming neither and a negation of no value replace nothing.
func TestInsteadValues(t *testing.T) {
	for _, tc := range []struct {
		q, a string
		want []string
	}{
		{"Also Zielfeuchte Fichte-Bauholz 16 % statt 18 %?", "16 Prozent.", []string{"18 %"}},
		{"So the cutoff moves to 16:00 instead of 17:00?", "Yes, from Monday.", []string{"17:00"}},
		{"Entonces, ¿la depuración son 48 horas en lugar de 42?", "Sí, 48.", []string{"42 horas"}},
		{"Also 10 g pro kg Biomasse statt 12, d.h. RATION_CAP = 0.010?", "Ja, genau.", []string{"12 g"}},
		{"Adultos pasan de 18 € a 21 € desde el 1/9 y los niños se quedan en 9 €, ¿así?", "Sí, así", []string{"18 €"}},
		{"On envoie le relevé le 3 au lieu du 5 ?", "Oui c'est ça", []string{"5"}},
		{"Ship on Tuesdays, not Thursdays?", "Correct.", []string{"Thursdays"}},
		{"是16%而不是18%吗？", "对，16%。", []string{"18%"}},
		{"Also Zielfeuchte 16 % statt 18 %?", "Nein, bleibt bei 18.", nil},
		{"Also Zielfeuchte 16 % statt 18 %?", "Lass es bei 18 Prozent.", nil},
		{"Also Zielfeuchte 16 % statt 18 %?", "Muss ich Anton fragen.", nil},
		{"Is that flag not used anywhere?", "Yes.", nil},
	} {
		if got := insteadValues(tc.q, tc.a); !slices.Equal(got, tc.want) {
			t.Errorf("%q / %q: %q, want %q", tc.q, tc.a, got, tc.want)
		}
	}
	if got := questionSubject("Also Zielfeuchte Fichte-Bauholz 16 % statt 18 %?", "de"); got != "zielfeuchte fichte-bauholz" {
		t.Errorf("subject %q, want the words before the values", got)
	}
}

// Ensure that a reply withdrawing a thing that is no longer used and
// saying what is done instead withdraws the one and states the other,
// while a reply saying a value changed stays one answer.
func TestReplyWithdrawsAndStates(t *testing.T) {
	for _, tc := range []struct{ q, a, gone, kept string }{
		{"ところで、モックはまだ msw を使いますか？", "いえ、msw はもう外しました、テストはステージングの API に直接つなぎます。", "msw", "ステージング"},
		{"Muss ich den neuen Endpoint noch im Confluence dokumentieren?", "nee, die Confluence-Seiten pflegt keiner mehr, das OpenAPI-Schema reicht.", "Confluence", "OpenAPI-Schema"},
	} {
		h := Session(conv("A:"+tc.q, tc.a))
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.gone) {
			t.Errorf("%q: retractions %+v, want one of %q", tc.a, h.Retractions, tc.gone)
		}
		if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Quote, tc.kept) || strings.Contains(h.Statements[0].Claim, tc.gone) {
			t.Errorf("%q: statements %+v, want one stating %q without %q", tc.a, h.Statements, tc.kept, tc.gone)
		}
	}
}

// Ensure that a correction of what was said before withdraws the value it
// names and makes what follows replace it.
func TestCorrectionOfEarlierValue(t *testing.T) {
	h := Session(conv("Also, sorry — I told you Elixir 1.16 last time, that was wrong: the Dockerfile and .tool-versions both say 1.17.3."))
	if len(h.Retractions) != 1 || h.Retractions[0].Target != "Elixir 1.16" {
		t.Errorf("retractions %+v, want one of Elixir 1.16", h.Retractions)
	}
	if len(h.Statements) != 1 || !slices.Contains(h.Statements[0].Replaces, "Elixir 1.16") {
		t.Errorf("statements %+v, want one replacing Elixir 1.16", h.Statements)
	}
	if got := questionSubject("What should the VPC module's default region be for 1.0?", "en"); got != "vpc module default region" {
		t.Errorf("question subject %q, want %q", got, "vpc module default region")
	}
}

// Ensure that a reply pointing back at what the agent asks about ("still
// on?" … "no, that's over") withdraws it, and that being able to do a
// thing properly ("都能正常识别 UTF-8") withdraws nothing.
func TestReplyPointsBack(t *testing.T) {
	for _, a := range []string{"No, that's over, ship whenever.", "No, that rule was cancelled, ship whenever.", "that was lifted last week"} {
		h := Session([]Record{
			{Role: "user", ID: "u0", Text: "Please add the export button."},
			{Role: "assistant", ID: "a1", Text: "Done. And the release freeze — still on?"},
			{Role: "user", ID: "u1", Text: a},
		})
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, "release freeze") {
			t.Errorf("%q: retractions %+v, want the release freeze", a, h.Retractions)
		}
	}
	if h := Session(conv("市里统一换了新版办公软件，都能正常识别 UTF-8。")); len(h.Retractions) != 0 {
		t.Errorf("able to do it properly: retractions %+v, want none", h.Retractions)
	}
}

// Ensure that the version things moved to, said in passing inside a task,
// is heard, and quoted without the task around it when a comma sets it
// apart.
func TestVersionMovedInsideTask(t *testing.T) {
	for _, tc := range []struct{ text, want, not string }{
		{"升级到 Django 5.1 了，有几个警告要处理。", "Django 5.1", "警告"},
		{"dos cosas: pasamos a Java 21 el fin de semana, así que ya podemos usar records", "Java 21", ""},
		{"since we're on redis 7.4 now you can drop the lua workaround if it helps", "redis 7.4", ""},
		{"インフラ側で Kafka 3.8 に上がりました。", "Kafka 3.8", ""},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Quote, tc.want) || tc.not != "" && strings.Contains(h.Statements[0].Quote, tc.not) {
			t.Errorf("%q: statements %+v, want one naming %q without %q", tc.text, h.Statements, tc.want, tc.not)
		}
	}
	if h := Session(conv("should we move to Django 5.1 at some point?")); len(h.Statements) != 0 {
		t.Errorf("a question: %+v, want nothing", h.Statements)
	}
}

// Ensure that a decision the team took, said without "we", is heard.
// Ensure that a sentence withdrawing a great many things marks its
// statements as replacing a bounded few: each statement once carried
// every withdrawal of the sentence, and a pasted run of them took
// minutes.
func TestManyWithdrawalsMarkFew(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "ignore what i said about %dh — capped it at %dh, ", 100+i, 10+i)
	}
	h := Session(conv(b.String()))
	if len(h.Retractions) < 100 {
		t.Fatalf("%d retractions, want one per withdrawal", len(h.Retractions))
	}
	for _, st := range h.Statements {
		// Its own earlier count ("capped it at 11h" replaces "101h"), and
		// the marked ones.
		if len(st.Replaces) > maxMarked+1 {
			t.Errorf("statement replaces %d things, want at most %d", len(st.Replaces), maxMarked+1)
			break
		}
	}
}

// Ensure that a value set inside a task is heard as a value set, and not
// one set to try or for now.
func TestValueSetHeard(t *testing.T) {
	for _, tc := range []struct {
		text, value string // value "" when nothing is stated
	}{
		{"ok and while you're at it bump the sandbox budget alarm to 500 USD, 200 was firing every week", "500 USD"},
		{"Und setz bitte das Upload-Limit auf 50 MB, die Scans sind größer geworden.", "50 MB"},
		{"passe le seuil d'alerte à 25 °C, les serres chauffent trop.", "25 °C"},
		{"la revue de code passe au mardi à 11h, adapte le calendrier.", ""},
		{"要不先把超时调到 90 秒试试看。", ""},
		{"set the retries to 5 for now, we'll see.", ""},
		{"page size → 50, 20 was too few for the reviewers", "50"},
		{"the 5.3 → 5.4 upgrade landed monday", ""},
		{"Priya asked us to move the release cut to Wednesdays, starting next sprint.", "Wednesdays"},
	} {
		h := Session([]Record{{Role: "user", ID: "u1", Text: tc.text}})
		var got []Statement
		for _, st := range h.Statements {
			if st.IfChanging {
				got = append(got, st)
			}
		}
		switch {
		case tc.value == "" && len(got) > 0:
			t.Errorf("%q: states %+v, want nothing set", tc.text, got)
		case tc.value != "" && (len(got) != 1 || !strings.Contains(got[0].Claim, tc.value)):
			t.Errorf("%q: states %+v, want one value set naming %q", tc.text, got, tc.value)
		}
	}
}

func TestTeamDecision(t *testing.T) {
	for _, text := range []string{
		"team decided on monday to go with gRPC for the internal APIs.",
		"the leads agreed to keep one release branch per quarter.",
	} {
		if h := Session(conv(text)); len(h.Statements) != 1 || h.Statements[0].Kind != Decision {
			t.Errorf("%q: statements %+v, want one decision", text, h.Statements)
		}
	}
}

// Ensure that a return to an earlier value, a value said where a task
// question follows it, and a change said with "actually" or "after all"
// are heard as what holds now, and that a place corrected is no value
// corrected.
func TestChangeSaidInPassing(t *testing.T) {
	for _, tc := range []struct{ text, value string }{
		{"we're back to three replicas per service, the autoscaler experiment is over.", "three replicas"},
		{"Wir sind wieder zurück auf Node 20.", "Node 20"},
		{"finalement on repasse sur Yarn 1, Berry posait trop de soucis.", "Yarn 1"},
		{"al final volvimos a Jest, Vitest no soportaba los mocks.", "Jest"},
		{"重试间隔又改回 5 秒了，10 秒太慢。", "5 秒"},
		{"ポーリング間隔を 5 分に戻した。", "5 分"},
		{"we moved to pnpm 9 last week, can you regenerate the lockfile?", "pnpm 9"},
		{"on est sur Postgres 16 maintenant, tu peux vérifier les migrations ?", "Postgres 16"},
		{"we're actually on the eu-west-2 cluster now.", "eu-west-2"},
		{"レビュー期限も変わって、毎週木曜までです。", "木曜"},
		{"キャッシュの有効期限の件、やっぱり 10 分にします。", "10 分"},
		{"las franjas pasan a ser de dos horas.", "dos horas"},
		{"オンコール担当は佐々木さんから大野さんに交代しました。", "大野"},
		{"保留期放宽到 60 天了。", "60 天"},
		{"On a bumpé Node à 22.4 la semaine dernière.", "22.4"},
		{"we finished the django 5 upgrade last sprint.", "django 5"},
		{"Polling geht auf zehn Sekunden runter, das war zu träge.", "zehn Sekunden"},
		{"先月 Heroku から Render に引っ越しました。", "Render"},
		// Relayed from someone else.
		{"heads up: the auditor said one sign-off is enough now for config changes.", "one sign-off"},
		{"el jefe de sistemas dijo que los despliegues ahora son los martes.", "martes"},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Quote, tc.value) {
			t.Errorf("%q: statements %+v, want one naming %q", tc.text, h.Statements, tc.value)
		}
	}
	for _, text := range []string{"I said the node pool is e2-standard-4.", "you said the limit is 50",
		"Tom said Ana said the upload limit is 50 MB now."} {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: %+v, the user's or the agent's own words relayed, or hearsay, are no statement", text, h.Statements)
		}
	}
	// "ya no revisa": a verb after "ya no" is nothing replaced.
	if h := Session(conv("Y Marta ya no revisa los PR, ahora los revisa Pablo.")); len(h.Statements) != 1 || containsFold(h.Statements[0].Replaces, "revisa") {
		t.Errorf("ya no and a verb: %+v, want one statement that does not replace the verb", h.Statements)
	}
	if h := Session(conv("the DAG lives in the orchestration repo, not here.")); len(h.Statements) != 1 || len(h.Statements[0].Replaces) != 0 {
		t.Errorf("a place corrected: %+v, want one statement replacing nothing", h.Statements)
	}
}

// Ensure that a value the user takes back as wrong in one sentence and
// gives in the next replaces the old one, and that what was taken back is
// not stated again.
func TestCorrectionAcrossSentences(t *testing.T) {
	for _, tc := range []struct{ text, now, old string }{
		{"small correction: I said the build runners are c5.large, I was wrong. it's c6i.xlarge since the spring.", "c6i.xlarge", "c5.large"},
		{"ich hab gesagt, die Queue läuft auf Redis 6, das war falsch. Es ist Redis 7.", "Redis 7", "Redis 6"},
		{"j'ai dit que le cluster tourne sous Debian 11, je me suis trompé. C'est Debian 12.", "Debian 12", "Debian 11"},
		{"te dije que el bucket es media-old, me equivoqué. Es media-prod-2.", "media-prod-2", "media-old"},
		// In one sentence, what was told and what holds.
		{"I told you the queue was on Redis 6: it's Redis 7 since the upgrade.", "Redis 7", "Redis 6"},
		{"el otro día te dije que el límite era 20 MB: es 50 MB, lo subimos.", "50 MB", "20 MB"},
		{"je t'ai dit que la base était sur PG 14 : c'est PG 16 depuis lundi.", "PG 16", "PG 14"},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Quote, tc.now) || strings.Contains(h.Statements[0].Quote, tc.old) ||
			!containsFold(h.Statements[0].Replaces, tc.old) {
			t.Errorf("%q: statements %+v, want one naming %q and replacing %q", tc.text, h.Statements, tc.now, tc.old)
		}
	}
}

// Ensure that a value said with a word of change is heard as where things
// are now whatever its shape, and that a negation, a trial, a condition, a
// plan or a hedge keeps such a sentence out (the negation and the trial
// fail without reNotOrTried; the condition and the hedge are guards that
// other rules keep out too).
func TestChangeWithValueInAnyShape(t *testing.T) {
	for _, text := range []string{
		"bumped R to 4.4.1 over the weekend and refreshed renv.",
		"ログも S3 から自前の Loki に移しました",
		"ビルドの並列数、会議で決まって、4から6までOKになった",
	} {
		if h := Session(conv(text)); len(h.Statements) != 1 {
			t.Errorf("%q: statements %+v, want one", text, h.Statements)
		}
	}
	for _, text := range []string{
		"nah, not adding playwright now.",
		"once we move to Postgres 17 we can drop the shim",
		"一回 30秒 も試したけどタイムアウトしたので戻しました",
		"本番は今は Aurora 3 のはず",
	} {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
}

// Ensure that a person said to be back is heard as ending their absence
// (Returned), in each language, and that a thing "back" is not a person
// back.
func TestReturnHeard(t *testing.T) {
	for _, tc := range []struct {
		text, back string
	}{
		{"Jonas is back from parental leave, so the on-call goes back to normal.", "Jonas"},
		{"btw Priya's back, she takes the billing reviews again.", "Priya"},
		{"Lena ist seit Montag wieder da.", "Lena"},
		{"Nerea ya volvió de la baja, ella sube las versiones otra vez.", "Nerea"},
		{"Mme Ferrand est revenue de congé, c'est de nouveau elle pour les stands.", "Ferrand"},
		{"老周回来了，板子的事照旧找他。", "老周"},
		{"田中さんが育休から戻ってきました。", "田中"},
		{"The staging cluster is back up after the outage.", ""},
	} {
		h := Session(conv(tc.text))
		got := ""
		for _, r := range h.Retractions {
			if Returned(r) {
				got = r.Target
			}
		}
		if got != tc.back {
			t.Errorf("%q: back %q, want %q (retractions %+v)", tc.text, got, tc.back, h.Retractions)
		}
	}
}

// Ensure that a limit said allowed ("up to 500 lines is fine") is heard
// with its value, and that a thing said fine for now is not.
func TestLimitSaidFine(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"PRs can be bigger now, up to 500 lines is fine.", "500 lines"},
		// Guards: heard before the rule, and a state of the moment.
		{"uploads up to 20 MB are ok now, the proxy was raised.", "20 MB"},
		{"the staging build is fine now.", ""},
	} {
		h := Session(conv(tc.text))
		got := ""
		for _, st := range h.Statements {
			if tc.want != "" && strings.Contains(st.Claim, tc.want) {
				got = tc.want
			}
		}
		if got != tc.want || tc.want == "" && len(h.Statements) > 0 {
			t.Errorf("%q: statements %+v, want one naming %q", tc.text, h.Statements, tc.want)
		}
	}
}

// Ensure that who does a thing now, named with a title, is heard where a
// capital alone says nothing (German nouns, a sentence's first word).
func TestTitledNameHeard(t *testing.T) {
	for _, tc := range []struct{ text, name string }{
		{"Herr Aydin prüft jetzt die Statik.", "Aydin"},
		{"Für Lötsachen hilft mir jetzt Herr Nowak vom Verein.", "Nowak"},
		{"Die Bauleitung liegt seit März bei Frau Demir.", "Demir"},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Claim, tc.name) {
			t.Errorf("%q: statements %+v, want one naming %q", tc.text, h.Statements, tc.name)
		}
	}
}

// Ensure that a tool one stopped using or stopped paying for is withdrawn
// by its name alone: "I've stopped using" with the contraction, and a
// Chinese subscription not renewed, its time word left out.
func TestStoppedUsingAndNotRenewed(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"no — I've stopped using UpdraftPlus.", "UpdraftPlus"},
		{"we've stopped using Jira, everything is in Linear.", "Jira"},
		{"TranslatePress 今年不续费了，太贵。", "TranslatePress"},
		{"Figma 明年不续订了。", "Figma"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) == 0 || !strings.Contains(h.Retractions[0].Target, tc.target) || strings.ContainsAny(h.Retractions[0].Target, "今明年") {
			t.Errorf("%q: retractions %+v, want %q", tc.text, h.Retractions, tc.target)
		}
	}
}

// Ensure that withdrawals said in passing, in the shapes busy people use,
// are heard with what they withdraw: nobody does it any more, a rule made
// moot, a client no longer one, a plan someone else dropped, "no more"
// after a reason, "gibt's nicht mehr", "nicht mehr
// zuständig", "on arrête les …", "…, on laisse tomber :", "不用…了",
// "卸掉吧", "…はもうなくなった", "那条规定取消吧", "やめることになりました",
// "もう無しで", "の件は撤回", "on supprime le …", "stepped away"; that what
// is allowed now beside a withdrawal is kept; and that a stop said with the day that
// replaces it keeps the new day.
func TestWithdrawalsSaidInPassing(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"also nobody has to upload board photos anymore, the PLM pulls them now", "board photos"},
		{"signing's all on CI now, nobody signs on the rack machine anymore.", "rack machine"},
		{"the friday rule is moot now.", "friday rule"},
		{"fenwick isn't a client anymore, we parted ways in october.", "fenwick"},
		{"greenway dropped the care plan, they're pay-as-you-go now.", "care plan"},
		{"grad school dropped the one-and-a-half spacing requirement with the new regs in october", "spacing requirement"},
		{"she's more of a reader than a watcher so no more looms, she wants a changelog.", "loom"},
		{"kurzes update: der release-train fährt wöchentlich. den freeze ignorieren, den gibt's nicht mehr.", "freeze"},
		{"Signing läuft über Play. Einen lokalen upload-key im vault gibt's nicht mehr.", "upload-key"},
		{"Und Toner: Frau Lang ist bei Huber nicht mehr zuständig.", "Frau Lang"},
		{"autre changement : on arrête les pré-releases GitHub, personne ne les installait.", "pré-releases"},
		{"oui. et la semaine de test obligatoire, on laisse tomber : les testeurs ont tout en continu, ça suffit", "semaine de test"},
		{"还有周报那个不用发了，客户基本都不看。", "周报"},
		{"Wordfence 全部卸掉吧，太吃内存了。", "Wordfence"},
		{"ストア申請の曜日制限はもうなくなった。", "曜日制限"},
		{"还有 PR 要附波形截图那条规定取消吧，Kevin 说根本没人看。", "波形截图"},
		{"いくつか変更です。広告はやめることになりました、買い切りにします。", "広告"},
		{"ひらがな縛りももう無しで、漢字にふりがなを振ります。", "ひらがな縛り"},
		{"それと、ペットの件は撤回で、小型犬ならOKになりました。", "ペット"},
		{"et le correctif SAE est en prod, donc on supprime le hack de la ligne C", "hack de la ligne C"},
		{"Kobayashi-san stepped away from the project, so no fixed reviewer for now", "Kobayashi"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) }) {
			t.Errorf("%q: retractions %+v, want one of %q", tc.text, h.Retractions, tc.target)
		}
	}
	// guard: what is allowed now, beside the withdrawal, is kept.
	h0 := Session(conv("それと、ペットの件は撤回で、小型犬ならOKになりました。"))
	if !slices.ContainsFunc(h0.Statements, func(st Statement) bool { return strings.Contains(st.Claim, "小型犬") }) {
		t.Errorf("guard: allowed now: statements %+v, want the small dogs kept", h0.Statements)
	}
	// guard: "on arrête de publier le lundi, … maintenant le mercredi
	// soir" is a change of day, kept as a statement.
	h := Session(conv("Réunion du bureau hier : on arrête de publier le lundi, les mises à jour partent maintenant le mercredi soir."))
	if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Claim, "mercredi soir") }) {
		t.Errorf("guard: statements %+v, want the Wednesday evening kept", h.Statements)
	}
}

// Ensure that a joke in an aside of some words is the aside's, so the
// sentence still withdraws, while a bare "(lol)" still makes the whole
// sentence a joke; and that a stand-in's role said done after "and" is
// heard with their name.
func TestAsideJokeAndRoleDone(t *testing.T) {
	h := Session(conv("and one more: grad school dropped the one-and-a-half spacing requirement in october, single spacing is fine now (saves like 40 pages lol)."))
	if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, "spacing requirement") }) {
		t.Errorf("aside: retractions %+v, want the spacing requirement", h.Retractions)
	}
	if h := Session(conv("grad school dropped the spacing requirement (lol).")); len(h.Retractions) != 0 {
		t.Errorf("guard: retractions %+v, want none from a joke", h.Retractions)
	}
	h = Session(conv("Dr Marsh is back from sabbatical so supervision is all with her again and Kwame's role is done, no need to cc him anymore."))
	if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, "Kwame") }) {
		t.Errorf("role done: retractions %+v, want Kwame", h.Retractions)
	}
}

// Ensure that "forget it" after a dash names what the words before it
// point at, without their pointing ("also that … from before").
func TestForgetItAfterPointer(t *testing.T) {
	h := Session(conv("also that sunday rule from before — forget it. scratch isn't purged weekly anymore"))
	if len(h.Retractions) != 1 || h.Retractions[0].Target != "sunday rule" {
		t.Errorf("retractions %+v, want the sunday rule", h.Retractions)
	}
}

// Ensure that withdrawals said as a decision, as something long over, as
// leave to remove it, as a place that closed for good, as no longer
// needed or in a list's numbered item are heard, and that a version
// opening a clause is no list number.
func TestWithdrawalsSaidAsDecisionsAndLeave(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"at the board call we agreed the late-night deploy ban is dropped, it only made sense in peak season.", "late-night deploy ban"},
		{"the launch freeze is long over, merge whatever you like.", "launch freeze"},
		{"The Lantern Café closed for good in March, so take it off the delivery list.", "Lantern Café"},
		{"La Boulange a fermé définitivement, donc plus de livraison là-bas.", "Boulange"},
		{"tu peux retirer la contrainte du samedi matin.", "contrainte du samedi matin"},
		{"Y en la reunión: se quitó el turno de guardia del domingo, nadie lo cubría.", "turno de guardia del domingo"},
		{"El Bar Tano cerró para siempre, ya no hay entregas allí.", "Bar Tano"},
		{"あと、ビルドのたびに毎回 staging サーバーにアップロードするのはもういいです。", "staging サーバーにアップロードする"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) }) {
			t.Errorf("%q: retractions %+v, want one of %q", tc.text, h.Retractions, tc.target)
		}
	}
	// A list's number is no part of what goes.
	if h := Session(conv("2）Sentry 不用了，自带的日志够用。")); len(h.Retractions) != 1 || h.Retractions[0].Target != "Sentry" {
		t.Errorf("numbered item: retractions %+v, want one of Sentry alone", h.Retractions)
	}
	// guard: "1.2 ist raus" withdraws release 1.2, not "2".
	h := Session(conv("Noch was: 1.2 ist raus, also dürfen wieder Parameter dazukommen."))
	for _, r := range h.Retractions {
		if r.Target == "2" {
			t.Errorf("guard: retractions %+v, want no bare 2", h.Retractions)
		}
	}
}

// Ensure that an exception said over ("counts again", "can go back into
// the rotation", "est rouvert"), a thing that "can finally go" and "plus
// besoin que …" are heard as withdrawals of what they name.
func TestExceptionOverAndNoMoreNeed(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"the Harbour Lane sensor counts again, its mast was repaired.", "Harbour Lane sensor"},
		{"the night bus routes can go back into the timetable export.", "night bus routes"},
		{"the chapel car park is back in the rotation from next week.", "chapel car park"},
		{"La piscine de Ribeauvillé est rouverte, tu peux la remettre dans le planning.", "piscine de Ribeauvillé"},
		{"the python 2 compatibility layer can finally go.", "python 2 compatibility layer"},
		{"Et plus besoin que Mme Klein relise les communiqués courts ; les longs, oui.", "Mme Klein relise les communiqués courts"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) }) {
			t.Errorf("%q: retractions %+v, want one of %q", tc.text, h.Retractions, tc.target)
		}
	}
	// guard: a count said again is no exception over.
	if h := Session(conv("the nightly job counts again all rows, that's why it is slow.")); len(h.Retractions) > 0 {
		t.Errorf("guard: retractions %+v, want none", h.Retractions)
	}
}

// Ensure that a rule held until a period ends is a rule, not the period
// said over ("until the resurfacing is done, leave …"), and that a
// condition opening a sentence after a filler ("Also while …") stays in
// the rule it conditions.
func TestConditionIsNoPeriodOver(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Also until the bridge repair is done, route every delivery via Mill Lane.", "until the bridge repair is done"},
		{"we keep the old importer until the data cleanup is done, no schema changes meanwhile.", ""},
		{"Also while the bridge repair is on, route every delivery via Mill Lane.", "while the bridge repair is on"},
		{"And while the audit runs, every merge needs two approvals.", "while the audit runs"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) > 0 {
			t.Errorf("%q: retractions %+v, want none", tc.text, h.Retractions)
		}
		if tc.want != "" && !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Claim, tc.want) }) {
			t.Errorf("%q: statements %+v, want one holding %q", tc.text, h.Statements, tc.want)
		}
	}
	// guard: a period said over is still heard.
	if h := Session(conv("the bridge repair is done, route deliveries normally again.")); len(h.Retractions) == 0 {
		t.Errorf("guard: no retraction of the bridge repair")
	}
}

// Ensure that "'s" said for "is" or "has" is no part of what a
// withdrawal names.
func TestContractionOffTarget(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"Marek's stepped down as treasurer, Ana does the books now.", "Marek"},
		// guard: a period said over, read so before.
		{"the road closure's over, so deliveries can use Mill Lane again.", "road closure"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return r.Target == tc.target }) {
			t.Errorf("%q: retractions %+v, want one of exactly %q", tc.text, h.Retractions, tc.target)
		}
	}
}

// Ensure that a claim naming who holds a role by the role's word in
// Spanish, French, German or Chinese, or saying a named person does a
// thing, gives a duty a handover can take.
func TestGivesDutyByRoleOrDoing(t *testing.T) {
	for _, tc := range []struct {
		text, lang string
		want       bool
	}{
		{"las cuotas van al tesorero, Pol Mas, por correo.", "es", true},
		{"la trésorière, Mme Roux, reçoit les reçus.", "fr", true},
		{"Der Kassenwart Herr Baum sammelt die Beiträge.", "de", true},
		{"Tobias macht bei uns immer die Lohnabrechnung.", "de", true},
		{"报销单都交给会计老陈。", "zh", true},
		{"the invoices are PDFs in the shared drive.", "en", false},
	} {
		if got := GivesDuty(tc.text, tc.lang); got != tc.want {
			t.Errorf("GivesDuty(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// Ensure that a restriction or exception pointed at ("drop that
// exception", "quita esa restricción") is named by the clauses before it,
// that what is no longer done to a thing ("以后不用交给…了") names the
// doing too, that a person named by role ("…の方") who left is heard, and
// that undoing a substitution withdraws it.
func TestPointedMeasureAndNoLongerDone(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"Han abierto otra vez el puente de Alzira, así que por la nacional de nuevo, quita esa restricción.", "puente de Alzira"},
		{"le fournisseur a corrigé le bug du export, du coup on revient au format normal, enlève cette exception.", "bug du export"},
		{"发票以后不用寄给总部了。", "寄给总部"},
		{"月报以后不用抄送财务了。", "抄送财务"}, // guard: heard before
		{"事務の方は先月で辞めたので、請求書は私が作ります。", "事務"},
		{"the supplier delivered, undo the bypass substitution.", "bypass"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) }) {
			t.Errorf("%q: retractions %+v, want one holding %q", tc.text, h.Retractions, tc.target)
		}
	}
	// A time word is no part of what goes ("周报以后不用发了").
	if h := Session(conv("周报以后不用发了。")); len(h.Retractions) != 1 || strings.Contains(h.Retractions[0].Target, "以后") {
		t.Errorf("retractions %+v, want one without 以后", h.Retractions)
	}
}

// Ensure that a thing said fixed, repaired, restocked or working again
// is heard as a withdrawal that Mended reports, in the six languages,
// whenever it was fixed; and that "fixed" as an adjective is none.
func TestMendedHeard(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"good news, the freight elevator got fixed yesterday.", "freight elevator"},
		{"the label printer has been repaired, print from the office again.", "label printer"},
		{"Die Spülmaschine funktioniert wieder.", "Spülmaschine"},
		{"La impresora ya está arreglada.", "impresora"},
		{"Le four est enfin réparé.", "four"},
		{"冷库终于修好了。", "冷库"},
		{"エアコンが直りました。", "エアコン"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) && Mended(r) }) {
			t.Errorf("%q: retractions %+v, want one of %q, mended", tc.text, h.Retractions, tc.target)
		}
	}
	// "fixed" as an adjective, and the user's own fix told as news, say
	// nothing was mended that a rule waited on.
	for _, text := range []string{
		"same fixed header as the request, our 16-byte layout", // guard
		"我刚修好了登录页面的样式问题。",                                      // guard
	} {
		if h := Session(conv(text)); len(h.Retractions) > 0 {
			t.Errorf("%q: retractions %+v, want none", text, h.Retractions)
		}
	}
}

// Ensure that a practice stopped ("…するのはやめて"), a thing done away
// with in the French passive ("… est supprimée") and a period long over
// ("那个早就结束了") are heard as withdrawals of what they name, and that
// a deletion done every night is none.
func TestStoppedPracticeAndDoneAway(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"デプロイを金曜に限定するのはやめて、いつでも出せるようにしました。", "金曜に限定する"},
		{"la revue mensuelle des accès est supprimée, plus personne ne la lisait.", "revue mensuelle des accès"},
		{"试运营那个早就结束了。", "试运营"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool {
			return strings.Contains(r.Target, tc.target) && !strings.Contains(r.Target, "早就")
		}) {
			t.Errorf("%q: retractions %+v, want one of %q", tc.text, h.Retractions, tc.target)
		}
	}
	if h := Session(conv("Les exports temporaires sont supprimés tous les soirs à minuit.")); len(h.Retractions) > 0 {
		t.Errorf("a nightly deletion: retractions %+v, want none", h.Retractions)
	}
}

// Ensure that a value said to rise or fall to a new one is heard as a
// change however the language orders it ("Ab April steigt der Beitrag
// auf 30 Euro", "从下个月起调到200元", "4人に減らします"), and that an
// abbreviation's dot ("inkl.") ends no sentence.
func TestValueRisesOrFalls(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Ab April steigt der Mitgliedsbeitrag auf 30 Euro.", "30 Euro"},
		{"会员费从下个月起调到200元。", "200元"},
		{"予約枠を4人に減らします。", "4人"},
		{"Die Hallenmiete ist 90 € inkl. Licht und Heizung.", "Licht und Heizung"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Claim, tc.want) }) {
			t.Errorf("%q: statements %+v, want one holding %q", tc.text, h.Statements, tc.want)
		}
	}
}

// Ensure that a German handover with the verb first ("Übrigens hat Marek
// die Kasse an Jana Novak abgegeben") names who handed the duty on.
func TestHandoverVerbFirst(t *testing.T) {
	h := Session(conv("Übrigens hat Marek die Kasse an Jana Novak abgegeben."))
	if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return slices.Contains(st.Replaces, "Marek") }) {
		t.Errorf("statements %+v, want one replacing Marek", h.Statements)
	}
}

// Ensure that a thing taken back out ("we took the strict mode back
// out") and a thing done away with after a comma in French ("le proxy
// maison, on l'a viré") are heard as withdrawals of what they name.
func TestTakenOutAndDoneAway(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"we took the coverage gate back out, it blocked every hotfix.", "coverage gate"},
		{"Autre chose : le proxy maison, on l'a viré, trop fragile.", "proxy maison"},
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return strings.Contains(r.Target, tc.target) }) {
			t.Errorf("%q: retractions %+v, want one of %q", tc.text, h.Retractions, tc.target)
		}
	}
}

// Ensure that a statement said to hold from now on is kept whatever its
// shape ("Sundays are pickup only from now on"), as it was in German and
// French, and that a task said with it is still a task.
func TestHeldFromNowOn(t *testing.T) {
	for _, tc := range []struct {
		text string
		kept bool
	}{
		{"Sundays are pickup only from now on, no deliveries.", true},
		{"Mondays are admin days from now on.", true},
		{"Samstags nur noch Abholung ab sofort, keine Lieferungen.", true},      // guard: heard before
		{"les lundis, atelier fermé désormais, sauf pour les commandes.", true}, // guard: heard before
		{"fix the checkout bug from now on please", false},                      // guard
	} {
		checkKept(t, tc.text, tc.kept)
	}
}

// Ensure that who does a thing now, named right after who left it, is
// kept beside the withdrawal of the one who left, and that a clause
// after a leaving that names no one is not made a claim of who.
func TestSuccessorAfterDeparture(t *testing.T) {
	for _, tc := range []struct {
		text, gone, kept string
	}{
		{"Martin retired last month — Priya Nandakumar at the same office has taken over our accounts.", "Martin", "Priya Nandakumar"},
		{"Jordi se ha jubilado; ahora nos lleva Carme Vidal, de la misma asesoría.", "Jordi", "Carme Vidal"},
		{"それと田中さんが辞めちゃって、代わりに学生の山本くんが入ってくれることになった", "田中", "山本くん"},
		{"Martin retired last month — the exports still go out on the 3rd.", "Martin", ""}, // guard
	} {
		h := Session(conv(tc.text))
		if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return r.Target == tc.gone }) {
			t.Errorf("%q: retractions %+v, want %q", tc.text, h.Retractions, tc.gone)
		}
		team := slices.ContainsFunc(h.Statements, func(st Statement) bool { return st.Kind == Team })
		if tc.kept == "" {
			if team {
				t.Errorf("%q: statements %+v, want no claim of who", tc.text, h.Statements)
			}
			continue
		}
		if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return st.Kind == Team && strings.Contains(st.Claim, tc.kept) }) {
			t.Errorf("%q: statements %+v, want a team claim naming %q", tc.text, h.Statements, tc.kept)
		}
	}
}

// Ensure that a number or an address said to be new is kept with whom
// it is of, whether the label comes first or last, and that a task to
// add a field for one is not.
func TestNewContactHeard(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"Neue Nummer von Brandt: 0160 9988 7766.", "Neue Nummer von Brandt"},
		{"Brandt hat ne neue Nummer: 0160 9988 7766.", "Brandt hat ne neue Nummer"},
		{"New number for Rosa: 07911 123 789.", "New number for Rosa"},
		{"add a new phone number field to the booking form", ""}, // guard
	} {
		h := Session(conv(tc.text))
		got := slices.ContainsFunc(h.Statements, func(st Statement) bool { return tc.want != "" && strings.Contains(st.Claim, tc.want) })
		if got != (tc.want != "") || tc.want == "" && len(h.Statements) > 0 {
			t.Errorf("%q: statements %+v, want a claim with %q", tc.text, h.Statements, tc.want)
		}
	}
}

// Ensure that "plus de" withdraws a thing only where it means "no more":
// not a count ("plus de 10 commandes") or a comparison ("il y a plus de
// monde"); and that a fault said before a part kept on its own stays in
// its claim ("洗濯機が壊れてて、修理が来るまでは…").
func TestNoMoreAndFaultPart(t *testing.T) {
	for _, tc := range []struct {
		text, target string
	}{
		{"Tout passe par email maintenant, donc plus de copie papier.", "copie papier"},
		{"plus de 10 commandes par jour en décembre", ""},   // guard
		{"il y a plus de monde le samedi matin", ""},        // guard
		{"On a plus de stock que prévu cette semaine.", ""}, // guard
	} {
		checkWithdraws(t, tc.text, tc.target, strings.Contains)
	}
	h := Session(conv("あと冷蔵庫が壊れてて、修理が来るまでは牛乳は隣のカフェに置かせてもらってる。"))
	if !slices.ContainsFunc(h.Statements, func(st Statement) bool {
		return strings.Contains(st.Claim, "冷蔵庫が壊れて") && strings.Contains(st.Claim, "隣のカフェ")
	}) {
		t.Errorf("statements %+v, want one with the fault and the arrangement", h.Statements)
	}
}

// Ensure that a limit stated ("máximo 3 noches seguidas", "höchstens
// zwei Nachtdienste") is kept, in digits or in words, and that a question
// about a limit is not.
func TestLimitStated(t *testing.T) {
	for _, tc := range []struct {
		text string
		kept bool
	}{
		{"Las reglas: máximo 3 noches seguidas por enfermera.", true},
		{"Neue Regel: höchstens zwei Nachtdienste am Stück.", true},
		{"¿como máximo cuántas noches seguidas?", false},                           // guard
		{"Aufgabe: Reservierungen mit Warteschlange, maximal 3 pro Nutzer", false}, // a task's spec
	} {
		checkKept(t, tc.text, tc.kept)
	}
}

// Ensure that "X's gone" withdraws X as "X is gone" does, also inside a
// sentence that says where things moved, and that "the lift's out" stays
// a fault, not a withdrawal.
func TestGoneContracted(t *testing.T) {
	for _, tc := range []struct {
		text, target string
	}{
		{"Mailchimp's gone.", "Mailchimp"},
		{"we moved the newsletter over to Buttondown, Mailchimp's gone, so the footer needs the new link", "Mailchimp"},
		{"the lift's out till Friday, so no wheelchair bookings", ""},                 // guard
		{"the panel should show C now, ellie's gone full celsius like her books", ""}, // guard: gone over to
	} {
		checkWithdraws(t, tc.text, tc.target, func(a, b string) bool { return a == b })
	}
}

// Ensure that more ways of saying a thing is gone withdraw it: closed,
// sold or cancelled, taken out of where it ran, relayed as "told me to
// stop", no longer counted as what it was, off a list; "we've" as "we
// have"; and that a person gone back to their old occupation left.
func TestGoneInMoreWords(t *testing.T) {
	for _, tc := range []struct {
		text, target string
	}{
		{"we closed the old Chinese announcement group, Discord only now.", "old Chinese announcement group"},
		{"we sold the second van in March.", "second van in March"},
		{"the Tuesday standup was cancelled, we do async updates now.", "Tuesday standup"},
		{"we've taken Vale out of CI — too many false positives — so remove .vale.ini", "Vale"},
		{"also Graham told me to stop claiming mileage per mile, I'm doing actual costs from now on.", "claiming mileage per mile"},
		{"pip-taz no longer counts as restricted.", "pip-taz"},
		{"AMS met: piperacillin comes off the restricted list, so stop chasing codes for it.", "piperacillin"},
		{"Hannah's gone back to teaching, so I'm doing albums myself again.", "Hannah"},
		{"the ticket was closed yesterday, can you check the logs?", ""}, // guard: a question
		{"Hannah's gone back to the old layout, see the diff.", ""},      // guard: no leaving
	} {
		checkWithdraws(t, tc.text, tc.target, func(a, b string) bool { return a == b })
	}
}

// Ensure that what a restriction held back said open again, or required
// no more, is withdrawn in each language, as "no X anymore", "the form
// shouldn't mention X anymore" and "冬季除外も外して" are; that a leaving
// relayed from someone else is heard; that "X's done" ends X; and that
// "you can … again" and a value moved are not withdrawals.
func TestReopenedAndRelayedLeavings(t *testing.T) {
	for _, tc := range []struct {
		text, target string
	}{
		{"and the electrician found an earth fault, studio B is bookable again. put it back in the form", "studio B"},
		{"guest bookings: we're relaxing it, guests can come in live now, pre-recording isn't required.", "pre-recording"},
		{"Die Prüfer haben das Zertifikat geschickt, am Crypto-Paket darf also wieder gearbeitet werden.", "Crypto-Paket"},
		{"ya cualquiera puede reservar el C14, el curso es recomendado.", "reservar el C14"},
		{"Bonne nouvelle. L'obligation des permanences, on la fait sauter : chacun vient quand il peut.", "obligation des permanences"},
		{"泵修好了，TSG 重新入库吧，上次那个开关改回来", "TSG"},
		{"2号車が戻ってきました！上限を元に戻してください。", "上限"},
		{"also the committee decided it. so no filtering in the pipeline anymore", "filtering in the pipeline"},
		{"paint's dry, so the venue on the form shouldn't mention the annexe anymore", "annexe"},
		{"冬でも峠経由の便を出せます。冬季除外も外してください。", "冬季除外"},
		{"Gwen mentioned at the quiz that Len moved to Cornwall and gave his keys back.", "Len"},
		{"还有，轮机长说王工调去向阳红了，已经不在我们船上。", "王工"},
		{"and sad news, Hannah says Deepak's stepped back from the café for health reasons.", "Deepak"},
		{"and flu season's done, switch the manual overrides off again", "flu season"},
		{"and Bergen reopened last week — it's a normal property again, rip the special case out.", "Bergen"},
		{"La feria pasó, quita la excepción del centro.", "feria"},
		{"Lucía le pasó la cuenta a Pedro.", ""}, // guard: handed on, not over
		{"3号機は修理から戻ってきたので、またテストに使って大丈夫です。", "3号機"},
		{"部署方面：现在周末有人值班了，周五下午也可以部署。", "周五下午"},
		{"门磁换了新的型号，门磁报警重新打开吧。", "门磁报警"},
		{"陈浩实习期满已经走了，Grafana 面板以后我自己维护。", "陈浩"},
		{"整理です。山間部の隔月検針は今年度で廃止、冬も毎月検針します。", "山間部の隔月検針"},
		{"料金表の移行期間も終わったので旧単価の表示は消してください。", "料金表の移行期間"},
		{"役場の人から聞いたんですが、高橋クリニックが閉院したそうです。", "高橋クリニック"},
		{"Mit Meyer in Fulda sind wir durch, der Vertrag ist ausgelaufen.", "Meyer in Fulda"},
		{"On arrête avec Brossard, ils ont vendu leurs poules.", "Brossard"},
		{"you can run the tests again now", ""},  // guard: no thing named
		{"the kid's over the moon about it", ""}, // guard: no clause end
		{"we moved the queue to SQS", ""},        // guard: a value moved
	} {
		checkWithdraws(t, tc.text, tc.target, func(a, b string) bool { return a == b })
	}
}

// Ensure that a German statement whose verb follows a time alone ("ab
// Montag muss der Export …") is of the noun after the verb, and a Japanese
// one with a reason before it ("…ずれたので、一括送信は…") of the main
// clause's topic.
func TestSubjectPastWhenAndReason(t *testing.T) {
	for _, tc := range []struct{ text, subject string }{
		{"Renate will mehr Puffer: ab Montag muss der Export eine halbe Stunde früher da sein, also 17 Uhr.", "export"},
		{"基幹側のバッチ時間がずれたので、一括送信は深夜の午前1時に変更です。", "一括送信"},
		{"検針データは毎晩 23:00 に基幹システムへ一括送信しています。", "検針データ"}, // guard: no reason
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || h.Statements[0].Subject != tc.subject {
			t.Errorf("%q: statements %+v, want one of subject %q", tc.text, h.Statements, tc.subject)
		}
	}
}

// Ensure that a Spanish duty held by a named person ("Javier Gil lleva
// la tesorería") is kept, and that "lleva" of a time or a state is not.
func TestSpanishDutyHeld(t *testing.T) {
	for _, tc := range []struct {
		text string
		kept bool
	}{
		{"Javier Gil lleva la tesorería, los justificantes de pago van a él.", true},
		{"Marta lleva tres días enferma.", false}, // guard
	} {
		checkKept(t, tc.text, tc.kept)
	}
}

// Ensure that talk said undecided, or another group's practice this one
// does not follow, is neither kept nor withdraws anything, in six
// languages (a French "é" ends a word too: "rien n'est décidé,"), and that
// a decision taken is kept.
func TestUndecidedTalk(t *testing.T) {
	for _, tc := range []struct {
		text string
		kept bool
	}{
		{"oh the Easton repair café dropped their booking system and just do walk-ins, Hannah keeps mentioning it but we're not doing that", false},
		{"l'AMAP de Vernouillet a supprimé les permanences obligatoires, ça fait jaser ici, mais chez nous on garde", false},
		{"le maraîcher parle de passer à une livraison le samedi matin, rien n'est décidé, ne change rien", false},
		{"Y la agrupación de Zaragoza ya no presta telescopios a socios nuevos, pero eso es cosa suya.", false},
		{"听说东方红那边已经不用 CTD 做定点了，跟我们没关系，我们照旧", false},
		{"役場で運賃無料化の話が出てるらしいけど、まだ何も決まってないので触らないでください", false},
		{"Die Kehrbezirke werden 2027 neu ausgeschrieben, aber es ist noch nichts entschieden.", false},
		{"l'équipe d'à côté est passée à PostgreSQL 17 la semaine dernière", false},
		{"El equipo de aguas usa Sentry para los errores, nosotros de momento no.", false},
		{"Et mon collègue de Nantes a essayé de passer sur Timefold Enterprise, ils sont revenus en arrière, on ne touche à rien.", false},
		{"それと、隣の下水道課が Flutter に乗り換えたそうですが、うちは Kotlin のままです。", false},
		{"the committee decided the yearly fee is 45 euros from June", true}, // guard
		{"Ne touche jamais à la config de prod sans moi.", true},             // guard
	} {
		h := Session(conv(tc.text))
		if got := len(h.Statements) > 0 || len(h.Retractions) > 0; got != tc.kept {
			t.Errorf("%q: statements %+v, retractions %+v, want heard = %v", tc.text, h.Statements, h.Retractions, tc.kept)
		}
	}
}

// Ensure that a period said before a part kept on its own stays with it:
// "Y mientras dure la migración, el backend está en …, cambia la URL"
// keeps the backend with its period, not the task.
func TestPeriodBeforeKeptPart(t *testing.T) {
	h := Session(conv("Y mientras dure la migración de servidores, el backend de staging está en staging-old.example.es, cambia la URL de debug."))
	if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Claim, "mientras dure la migración") || strings.Contains(h.Statements[0].Claim, "cambia") {
		t.Errorf("statements %+v, want the backend with its period alone", h.Statements)
	}
}

// checkKept fails t unless hearing text alone keeps a statement exactly
// when kept.
func checkKept(t *testing.T, text string, kept bool) {
	t.Helper()
	h := Session(conv(text))
	if got := len(h.Statements) > 0; got != kept {
		t.Errorf("%q: statements %+v, want kept = %v", text, h.Statements, kept)
	}
}

// checkWithdraws fails t unless hearing text alone withdraws a target
// that match reports is target, or, for an empty target, withdraws
// nothing.
func checkWithdraws(t *testing.T, text, target string, match func(got, want string) bool) {
	t.Helper()
	h := Session(conv(text))
	got := slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return target != "" && match(r.Target, target) })
	if got != (target != "") || target == "" && len(h.Retractions) > 0 {
		t.Errorf("%q: retractions %+v, want %q", text, h.Retractions, target)
	}
}

// Ensure that withdrawals said in more idioms are heard, with what they
// name: a rule named before its withdrawal and a comma (Japanese), "那个…
// 规矩也不要了" and "那条…的要求算了", "n'a plus besoin de", "fuera el",
// "talked us out of", "killed the", and "…も使ってOK" of what was not to
// be used, "那个…去掉吧", "可以显示…了", "暂停的…恢复了"; that a thing
// dropped reaches no further than its clause; and that the words alone
// withdraw nothing.
func TestWithdrawalIdioms(t *testing.T) {
	for _, tc := range []struct {
		text, target string
	}{
		{"それと夜間アラートのルール、撤回します。", "夜間アラート"},
		{"合并前必须截图那个规矩也不要了，大家都嫌麻烦。", "合并前必须截图"},
		{"所以那条每周备份的要求算了", "每周备份"},
		{"et les commandes n'ont plus besoin de bon de livraison papier, tout est dans l'appli.", "bon de livraison papier"},
		{"on n'a plus besoin du badge visiteur.", "badge visiteur"},
		{"ya tenemos el servidor nuevo, así que fuera el límite de subidas.", "límite de subidas"},
		{"good news, the landlord talked us out of the quiet-hours rule, we can test at night.", "quiet-hours rule"},
		{"also the committee killed the early-bird discount at the last meeting.", "early-bird discount"},
		{"ライセンスを買ったので、今月からはPolyspaceも使ってOKです。", "Polyspace"},
		{"今月からはステージングも触ってOKです。", "ステージング"},
		{"还有，日志以后只要 JSON 就行，版本号那个前缀没人用，去掉吧。", "版本号那个前缀"},
		{"委员会同意了，周报里可以显示客户名称了。", "客户名称"},
		{"那个暂停的同步任务恢复了，照常跑。", "同步任务"},
		{"also drop the footer at the end of emails, the client shows it anyway. tone rule stays though", ""},
		{"Le gymnase a rouvert lundi, on y retourne.", "gymnase"},
		{"Les nouvelles vitres sont posées, les volets on s'en fiche maintenant.", "volets"},
		{"y las obras de la calle mayor terminaron, vuelve el horario normal.", "obras de la calle mayor"},
		{"夏期講習の特例と臨時便は全部外してください", "夏期講習の特例と臨時便"},
		{"the migration is done, so switch the hourly sync back on.", "hourly sync"},
		{"si fuera la última vez, vale.", ""},  // guard: "fuera" as "were"
		{"he talked me out of it, sadly.", ""}, // guard: nothing named
		{"明日の会議、撤回しますか？", ""},                  // guard: a question
	} {
		checkWithdraws(t, tc.text, tc.target, func(a, b string) bool { return a == b })
	}
}

// Ensure that withdrawals said in more ways are heard with what they name:
// a thing declared dead, a measure "we strike", "can spare ourselves", a
// display taken off a site, a ban lifted (解禁), a practice stopped
// (もやめます, "on arrête de", "dejamos de", "we're stopping", "wir hören
// auf"), a rig dismantled (拆了), "tampoco aplica ya", a season finished
// "at the end of" a month, what "can come out completely", a thing dropped
// "nobody reads", a rule named by its quoted words after "donc", and a
// morning practice ("cada mañana") no longer needed; and that a pronoun
// after "on arrête de", a morning said as tomorrow and a day tried
// withdraw nothing.
func TestWithdrawalsSaidOtherwise(t *testing.T) {
	for _, tc := range []struct {
		text, target string
	}{
		{"Die 32-Bit-Version ist endlich tot, die letzten Werkstatt-PCs wurden getauscht.", "32-Bit-Version"},
		{"Die wöchentliche SMS-Probe streichen wir, der Landkreis macht jetzt monatlich einen Probealarm.", "wöchentliche SMS-Probe"},
		{"Und das Ausdrucken der Kammerprotokolle können wir uns sparen, das Regal ist voll.", "Ausdrucken der Kammerprotokolle"},
		{"料金表示はサイトから外して、電話で案内することになりました。", "料金表示"},
		{"論文も通ったので、main への直接 push は解禁します。", "main への直接 push"},
		{"雨天のクーポンもやめます、使う人がほとんどいないので。", "雨天のクーポン"},
		{"on arrête de publier le lundi, les mises à jour partent maintenant le mercredi soir.", "publier le lundi"},
		{"dejamos de publicar los lunes, ahora salen los miércoles.", "publicar los lunes"},
		{"we're stopping the Monday releases, they clash with the market.", "Monday releases"},
		{"wir hören auf, montags zu veröffentlichen.", "montags"},
		{"HIL 台架上个月拆了，搬去新厂房了。", "HIL 台架"},
		{"lo de pasar siempre por staging tampoco aplica ya, Odoo.sh tiene previews por rama", "pasar siempre por staging"},
		{"Fire season finished at the end of September.", "Fire season"},
		{"that diesel-first logic in the diagram builder can come out completely.", "diesel-first logic in the diagram builder"},
		{"And the short-notice changes: drop the confirmation email, nobody reads it.", "confirmation email"},
		{"les mainteneurs ont accepté Plausible, donc la règle « pas d'analytics » ne tient plus.", "pas d'analytics"},
		{"ya no hace falta el reenvío manual de cada mañana, el redelivery funciona desde junio.", "el reenvío manual de cada mañana"},
		{"les dernières cartes rev B sont revenues des chantiers, on arrête de les supporter.", "dernières cartes rev B sont revenues des chantiers"},
		{"ya no hace falta el deploy hasta mañana.", ""},                      // guard: for today only
		{"on a essayé les livraisons le dimanche deux semaines en août.", ""}, // guard: a day tried
	} {
		checkWithdraws(t, tc.text, tc.target, func(a, b string) bool { return a == b })
	}
}

// Ensure that a request to keep something out of the notes said after
// words of its own keeps out those words, not the sentence before it;
// and that one said on its own still keeps out the sentence before.
func TestNoNotesOfItsOwnWords(t *testing.T) {
	h := Session(conv("HIL 台架上个月拆了，搬去新厂房了。probe-rs 那台 J-Link 是借的实验室的，这个不用记。"))
	if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return r.Target == "HIL 台架" }) {
		t.Errorf("the withdrawal before the request was kept out: %+v", h.Retractions)
	}
	if slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Quote, "J-Link") }) {
		t.Errorf("the words the request is of were kept: %+v", h.Statements)
	}
	h = Session(conv("The door code is 4711. Don't put that in the notes."))
	if len(h.Statements) > 0 {
		t.Errorf("the sentence before a request on its own was kept: %+v", h.Statements)
	}
}

// Ensure that a reply agreeing with a value the assistant worked out and
// saying it again ("Yes, Wednesday.", "Genau, 16 Uhr.", "はい、8分で。")
// states the assistant's sentence holding that value, with the change the
// user asked for before it as its topic; that a value the assistant did
// not say, a reply stating the value in its own words and a plain yes
// make no such statement.
func TestEchoedValue(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  string // the assistant's sentence agreed to; "" for none
		topic string
		said  string // the user's words the claim quotes beside it
	}{
		{"a day", []string{"Colin wants the roster out a day earlier from now on, same time.", "A:So Wednesday at 19:00 instead. I'll change the cron to `0 19 * * 3`.", "Yes, Wednesday. Also, mail goes out through Brevo now."},
			"So Wednesday at 19:00 instead.", "Colin wants the roster out a day earlier from now on, same time.", "“Yes, Wednesday”"},
		{"German hour", []string{"Im Winter ist der Platz eine Stunde früher zu.", "A:Dann wäre der Annahmeschluss 16:00 statt 17:00. Soll ich das fest umstellen?", "Genau, 16 Uhr. Fest umstellen."},
			"Dann wäre der Annahmeschluss 16:00 statt 17:00.", "Im Winter ist der Platz eine Stunde früher zu.", "“Genau, 16 Uhr”"},
		{"Japanese", []string{"A:8分間隔ですね。`TEESHEET_INTERVAL` を 8 にします。", "はい、8分で。"}, "8分間隔ですね。", "", "“はい、8分で”"},
		{"a number in words", []string{"A:So twelve per day from 1 October, up from the current limit.", "Yes, twelve."}, "So twelve per day from 1 October, up from the current limit.", "", "“Yes, twelve”"},
		{"a reply going on past what is read", []string{"A:Le DS18B20 est déclaré mais `USE_TEMP=0`.", "oui le DS18B20 reste désactivé pour l'instant, merci"}, "Le DS18B20 est déclaré mais `USE_TEMP=0`.", "", ""},
		// A check that the agent has it right is no question for a fact:
		// the reply saying the value again agrees to what it checks.
		{"a check after the value, two values said again", []string{"A:The default lives in invoices/defaults.py. Sixty-five on top makes it £905.00, and the chapel hours become 9 till 5 on weekdays. Is that right?", "Yes, £905, and yes 9 till 5."},
			"Sixty-five on top makes it £905.00, and the chapel hours become 9 till 5 on weekdays.", "", "“Yes, £905”"},
		{"a tag question, a value without spaces", []string{"A:那截货就是每周三下午五点，对吗？", "对，周三下午五点。"}, "那截货就是每周三下午五点，对吗？", "", "“对，周三下午五点”"},
		{"a Japanese check", []string{"A:第二比嘉丸はまだ12で登録されています。定員は16名で合っていますか？", "合ってます、16名。"},
			"定員は16名で合っていますか？", "", "“合ってます、16名”"},
		{"a value put back as a question, the reply the value alone", []string{"A:Also Zielfeuchte Fichte-Bauholz 16 % statt 18 %? Das ist ein Wert.", "16 Prozent."},
			"Also Zielfeuchte Fichte-Bauholz 16 % statt 18 %?", "", "“16 Prozent.”"},
		{"what stays as it is is no part of the value", []string{"A:那 40HQ 就是 66 方，20GP 和 40GP 不变？", "对，66方，其他不变。"}, "那 40HQ 就是 66 方？", "", "“对，66方”"},
		{"not said by the assistant", []string{"A:So Wednesday at 19:00 instead.", "Yes, Thursday."}, "", "", ""},
		{"said in the reply's words", []string{"A:Soll ich den Watchdog auf 8 Sekunden setzen?", "Ja, der Watchdog steht auf 8 Sekunden."}, "", "", ""},
		{"a plain yes", []string{"A:So Wednesday at 19:00 instead.", "Yes."}, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := Session(conv(tc.lines...))
			var got []Statement
			for _, st := range h.Statements {
				if st.Via == "confirm" && strings.HasPrefix(st.Claim, "The user agreed to the assistant's proposal: “") {
					got = append(got, st)
				}
			}
			if tc.want == "" {
				if len(got) > 0 {
					t.Fatalf("echo heard: %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Pointer != tc.want || got[0].Topic != tc.topic {
				t.Fatalf("echo %+v, want the sentence %q with topic %q", got, tc.want, tc.topic)
			}
			if _, says, _ := strings.Cut(got[0].Claim, "”, saying "); says != tc.said {
				t.Errorf("claim %q quotes the user as %q, want %q", got[0].Claim, says, tc.said)
			}
		})
	}
}
