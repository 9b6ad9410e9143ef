package builtin

import "testing"

// Ensure that a change said in a later session one of the ways the
// shapes below name replaces or withdraws what it is of, and leaves what
// it is not of: each case keeps the comment of its shape.
func TestChangesOfOneThingOnly(t *testing.T) {
	tests := []struct {
		name          string
		first, second []string
		gone, kept    []string
	}{
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

// Ensure that withdrawals said these ways end what they name in a later
// session: a ban lifted, a rule let go, a need a reason removed, a thing
// closed, archived, stopped or cancelled.
func TestWithdrawnThisStop(t *testing.T) {
	tests := []struct {
		name          string
		first, second []string
		gone          string
	}{
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

// Ensure that a long run-on message that changes a thing, then ends a
// rule after "and", is not read as one withdrawal of all it says.
func TestRunOnChangeThenWithdrawal(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "oh and transactional emails go through postmark we have the server token in the env already"))
	m := run(t, dir, said("s2", "ok a bunch of stuff changed first we switched from postmark to resend last sprint so receipts go through resend now and the ask me before adding dependencies rule is over too we launched"))
	checkCurrent(t, m, []string{"postmark"}, []string{"resend"})
}

// Ensure that a person who left is cut from a pair sharing a duty, the
// other kept and the cut marked, whatever letters the name opens with,
// and that a name said alone, or twice, is no pair.
func TestWithoutPartner(t *testing.T) {
	tests := []struct {
		text, name, want string
		ok               bool
	}{
		{"On-call is Hakon and me, weekly.", "Hakon", "On-call is … me, weekly.", true},
		{"Die Bereitschaft machen Malte und ich im Wechsel.", "Malte", "Die Bereitschaft machen … ich im Wechsel.", true},
		{"Las fotos las hacemos Álvaro y yo.", "Álvaro", "Las fotos las hacemos … yo.", true},
		{"Reviews are done by Priya and Émile.", "Émile", "Reviews are done by Priya ….", true},
		{"Álvaro does the photos.", "Álvaro", "", false},
		{"Tom and Ana review, and Tom and Ben deploy.", "Tom", "", false},
	}
	for _, tc := range tests {
		got, ok := withoutPartner(tc.text, tc.name)
		if ok != tc.ok || got != tc.want {
			t.Errorf("withoutPartner(%q, %q) = %q, %v; want %q, %v", tc.text, tc.name, got, ok, tc.want, tc.ok)
		}
	}
}
