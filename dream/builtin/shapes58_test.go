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
// taken down, a duty the speaker gives up, a rule let go; and, named
// in CamelCase, a ban lifted, a need a reason removed, things closed,
// stopped, archived or cancelled.
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
		{"BanLiftedGerman", []string{"bitte kein KDoc über jede Funktion, der Code soll für sich sprechen."},
			[]string{"Und das mit dem KDoc von damals kannst du vergessen, schreib ruhig welches."}, "KDoc"},
		{"BanLiftedChinese", []string{"画图统一用 matplotlib，不要 seaborn。"},
			[]string{"对了，seaborn 现在可以用了，老师换了口味（笑），默认主题也行。"}, "不要 seaborn"},
		{"BanLiftedEnglish", []string{"Don't use lodash in the frontend."},
			[]string{"lodash is allowed now, the bundle got small enough."}, "lodash"},
		{"JapaneseRuleDropped", []string{"outside PRs need a screenshot or GIF in the description"},
			[]string{"外部 PR のスクショ/GIF 必須のルールもやめよう、誰も守らないし。"}, "GIF"},
		{"WithdrawalBeforeColon", []string{"Usa pnpm, no npm."},
			[]string{"Olvida lo de pnpm: con Workers vamos con npm."}, "Usa pnpm"},
		{"FrenchNeedGoneAfterReason", []string{"en dev on travaille uniquement sur le dump anonymisé"},
			[]string{"la clinique a signé le DPA, donc plus besoin du dump anonymisé ; on restaure la prod chiffrée."}, "dump anonymisé"},
		{"FrenchStopped", []string{"la téléconsultation passe par Jitsi, sur meet.example.fr"},
			[]string{"Le Dr Roux a arrêté la téléconsultation, vire le module."}, "Jitsi"},
		{"JapaneseFreezeLifted", []string{"don't touch the product gallery until the new photos are signed off"},
			[]string{"product gallery の凍結は解除です。"}, "product gallery"},
		{"ChineseArchived", []string{"Deploy notifications go to #ops-deploys."},
			[]string{"#ops-deploys 频道已经归档了，部署通知不用再发了。"}, "#ops-deploys"},
		{"FrenchClosedSince", []string{"旧サイトの /shop/（WooCommerce）は移行中も残します"},
			[]string{"la boutique WooCommerce est fermée depuis juin, supprime le plugin."}, "WooCommerce"},
		{"FrenchCancelled", []string{"we keep the old Xserver account alive as a fallback"},
			[]string{"Et on a résilié le compte Xserver, donc plus de fallback."}, "Xserver"},
		{"FrenchDisabledSince", []string{"Cloudflare's Under Attack mode stays on until the bots calm down"},
			[]string{"le mode Under Attack de Cloudflare est désactivé depuis que le trafic est retombé."}, "Under Attack"},
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
		// A lead-in naming what the rest is of ("Der Dienst ist
		// kasse: …") keeps its name, and a release said of it leaves the
		// release another service was said to run.
		{"ReleaseOfAnotherService", []string{"ledgerly runs on django 4.2 and postgres 15."},
			[]string{"Der Dienst ist kasse: Go 1.23, chi, Postgres 17."}, nil, []string{"postgres 15", "kasse", "Postgres 17"}},
		// A release gone back to ("…, so we went back to 10.4") is where
		// things stand: it stays in the claim.
		{"ReleaseGoneBackTo", []string{"Pillow は 10.4 に固定です。"},
			[]string{"Pillow 11 に上げてみたら画像がずれたので、結局 10.4 に戻しました。"}, nil, []string{"10.4"}},
		// "Second, …" numbers what the user says; it is no day's
		// ordinal, and a day said of things done at night is of none of
		// them.
		{"EnumeratorAndPartOfDay", []string{"the meetup: it's the second Saturday of the month, 10 to 1, at the library hall.", "the rota export — Ines runs export_rota.py every Sunday night, don't change its columns"},
			[]string{"Second, choir night moves to Wednesday from May."}, nil, []string{"second Saturday", "Sunday night", "Wednesday"}},
		// A withdrawal naming a count ("the warning with the 10 days'
		// notice") is not of a claim counting the same unit otherwise
		// ("with three days' notice").
		{"CountOfAnotherThing", []string{"Die Gerüstbauer kommen auf Abruf, mit drei Tagen Vorlauf.", "Vor einem Kraneinsatz warnt das Tool 10 Tage vorher mit dem Firmennamen."},
			[]string{"Die Warnung mit den 10 Tagen Vorlauf und dem Firmennamen kann raus."}, []string{"10 Tage vorher"}, []string{"drei Tagen Vorlauf"}},
		// Who left goes from a duty two shared; the other stays.
		{"OneOfTwoLeft", []string{"On-call for the importer is Hakon and me, alternating weekly, handover Tuesdays at 9."},
			[]string{"Quick update: Hakon left us at the end of May."}, []string{"Hakon"}, []string{"On-call for the importer", "handover Tuesdays at 9"}},
		// A colleague's swap ("Wei swapped A for B") replaces A.
		{"ColleagueSwapped", []string{"地图用的是 Leaflet 加 OSM 瓦片。"},
			[]string{"Mia swapped Leaflet for MapLibre last month, so drop the tile proxy."}, []string{"Leaflet"}, []string{"MapLibre"}},
		// A change said before a guess ("…に載せ替えたので、…が原因だと思う")
		// is heard on its own.
		{"JapaneseChangeBeforeGuess", []string{"la tienda parte de Dawn 12.0.0 con cambios nuestros."},
			[]string{"先月 Dawn 15.0 ベースに載せ替えたので、古いパッチが原因だと思う。"}, []string{"Dawn 12"}, []string{"Dawn 15"}},
		// A host left, in Chinese ("已经离开 Heroku 了").
		{"ChineseLeftHost", []string{"The bot runs on Heroku, one basic dyno."},
			[]string{"我们已经离开 Heroku 了，机器人现在跑在 Fly.io 上。"}, []string{"Heroku"}, []string{"Fly.io"}},
		// "现在不用 X 了，改成 Y": what holds instead is heard too.
		{"ChineseNotUsedThen", []string{"Der Export läuft per cron auf ex-cron-2, das ist die kleine VM bei Hetzner."},
			[]string{"第二，现在不用 ex-cron-2 了，改成 GitHub Actions 的 schedule 来跑。"}, []string{"ex-cron-2"}, []string{"GitHub Actions"}},
		// A thing named in another language ("resumen semanal" and
		// "weekly digest") changes.
		{"DigestInAnotherLanguage", []string{"el resumen semanal sale los viernes a las 17:00"},
			[]string{"Weekly digest moves to Thursday 14:00, nobody reads it on Fridays."}, []string{"17:00"}, []string{"Thursday 14:00"}},
		// A tool left in Spanish ("dejé Toggl").
		{"SpanishLeftTool", []string{"My hours for the co-op go into the Toggl project Olivo."},
			[]string{"Las horas ahora van a Clockify, dejé Toggl en marzo."}, []string{"Toggl"}, []string{"Clockify"}},
		// A distribution's release ("Temurin 25") is the product's.
		{"DistributionRelease", []string{"alles läuft auf Java 21 (Temurin), also keine neueren Sprachfeatures."},
			[]string{"Wir sind seit Montag auf Temurin 25."}, []string{"Java 21"}, []string{"Temurin 25"}},
		// "moved the bot's secrets from Doppler": a possessive between
		// the verb and "from".
		{"MovedFromAfterPossessive", []string{"Die Slack-Tokens liegen in Doppler, Projekt bot, Config prd."},
			[]string{"We moved the bot's secrets from Doppler to 1Password, it runs with op run now."}, []string{"Doppler"}, []string{"1Password"}},
		// A Japanese reason naming the old day ("土曜は…ので") goes with it.
		{"JapaneseReasonNamesOldDay", []string{"Issue のトリアージは毎週土曜にやっています。"},
			[]string{"トリアージは日曜に変えたよ、土曜は都合がつかなくなったので。"}, []string{"土曜"}, []string{"日曜"}},
		// "Nos hemos mudado a X, lo de Y se acabó".
		{"SpanishMovedTo", []string{"La web está desplegada en Netlify."},
			[]string{"Nos hemos mudado a Cloudflare Pages, lo de Netlify se acabó el mes pasado."}, []string{"Netlify"}, []string{"Cloudflare Pages"}},
		// A postponement in Chinese ("推迟到明年3月").
		{"ChinesePostponed", []string{"中期答辩定在 10月下旬，在那之前要把第三章写完。"},
			[]string{"中期答辩推迟到明年4月了，老师那边排不开。"}, []string{"10月下旬"}, []string{"明年4月"}},
		// "现在用 X" after a withdrawal says what holds instead.
		{"ChineseNowUses", []string{"训练服务器是 gpu7.lab.example.cn。"},
			[]string{"gpu7 也下线了，现在用学校的 Slurm 集群，分区是 h100q。"}, []string{"gpu7.lab.example.cn"}, []string{"h100q"}},
		// "avec lui on passe sur le canal 15": a move to a value.
		{"FrenchMoveToValue", []string{"Zigbee2MQTT est sur le canal 25, ne le change pas."},
			[]string{"Avec le nouveau coordinateur on passe sur le canal 15, le 25 est pollué."}, []string{"canal 25"}, []string{"canal 15"}},
		// "from now on" says when and points at nothing: the instruction
		// around it stands.
		{"FromNowOnPointsAtNothing", []string{"Test with the save called Meadow, it has the greenhouse."},
			[]string{"Use the save Orchard for testing from now on, Meadow got corrupted."}, nil, []string{"Orchard"}},
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
