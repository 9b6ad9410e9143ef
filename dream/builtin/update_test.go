package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// rule is a standing rule said verbatim, without a subject the rules
// could tell.
func rule(lang, quote string) hear.Statement {
	return hear.Statement{Kind: hear.Rule, Lang: lang, Area: "conventions", Claim: "The user said: “" + quote + "”", Quote: quote}
}

func replacing(st hear.Statement, words ...string) hear.Statement {
	st.Replaces = words
	return st
}

// Ensure that a later statement replaces the claim it changes though the
// two name their subject in other words (synonyms, abbreviations, other
// languages, the kind of value), and that claims of other things stay.
func TestUpdateAcrossPhrasings(t *testing.T) {
	tests := []struct {
		name          string
		first, second []hear.Statement
		current       []string
	}{
		{"abbreviation and full word",
			[]hear.Statement{fact("prod", "Prod lives in Oregon.")},
			[]hear.Statement{fact("production", "The team migrated production to eu-central-1.")},
			[]string{"The team migrated production to eu-central-1."}},
		{"other language, same thing",
			[]hear.Statement{fact("database", "The database is MariaDB 10.")},
			[]hear.Statement{fact("datenbank", "Die Datenbank ist jetzt MariaDB 11.")},
			[]string{"Die Datenbank ist jetzt MariaDB 11."}},
		{"subject naming the value's kind",
			[]hear.Statement{fact("prod region", "The prod region is ap-south-1.")},
			[]hear.Statement{fact("production", "Production moved to Singapore.")},
			[]string{"Production moved to Singapore."}},
		{"version of the same thing, no subject before",
			[]hear.Statement{rule("en", "staging runs on Nomad 1.6, keep jobs compatible")},
			[]hear.Statement{fact("staging cluster", "The staging cluster is on 1.8 these days.")},
			// The rule said beside the version stays.
			[]string{"The staging cluster is on 1.8 these days.", "The user said: “… keep jobs compatible”"}},
		{"count of the same thing",
			[]hear.Statement{rule("en", "merge requests need three reviews before landing")},
			[]hear.Statement{fact("", "We went down to two reviews per merge request.")},
			[]string{"We went down to two reviews per merge request."}},
		{"machine replaced by another",
			[]hear.Statement{fact("render box gpu", "The render box GPU is an A4000 in rack 2.")},
			[]hear.Statement{fact("gpu", "We replaced the render box GPU, it is an A6000 now.")},
			[]string{"We replaced the render box GPU, it is an A6000 now."}},
		{"CJK subject held in the earlier one",
			[]hear.Statement{{Kind: hear.Fact, Lang: "ja", Area: "environments", Subject: "本番環境", Claim: "The user said: “本番環境は大阪にあります。”", Quote: "本番環境は大阪にあります。"}},
			[]hear.Statement{{Kind: hear.Fact, Lang: "ja", Area: "environments", Subject: "本番", Claim: "The user said: “本番はap-northeast-1に移行しました。”", Quote: "本番はap-northeast-1に移行しました。"}},
			[]string{"The user said: “本番はap-northeast-1に移行しました。”"}},
		{"an id of the same letters",
			[]hear.Statement{fact("staging database", "The staging DB is pg-stg-3.")},
			[]hear.Statement{fact("staging", "Staging now points at pg-stg-4.")},
			[]string{"Staging now points at pg-stg-4."}},
		{"pre-prod is staging, Postgres a database",
			[]hear.Statement{fact("staging database", "The staging DB is the host pgbox-7 for now.")},
			[]hear.Statement{fact("aurora cluster", "Pre-prod Postgres now runs as the Aurora cluster qa-aurora-2, the old VM is gone.")},
			[]string{"Pre-prod Postgres now runs as the Aurora cluster qa-aurora-2, the old VM is gone."}},
		{"a count of the same thing, its words inflected otherwise",
			[]hear.Statement{rule("en", "migrations are capped at 30 statements, so chunk them into batches")},
			[]hear.Statement{fact("", "We raised it to 50 statements since people were chunking everything.")},
			[]string{"We raised it to 50 statements since people were chunking everything."}},
		{"a tool named like a domain",
			[]hear.Statement{fact("status page", "Our status page is hosted on Statuspal.")},
			[]hear.Statement{fact("status page", "The status page moved to instatus.com last month.")},
			[]string{"The status page moved to instatus.com last month."}},
		{"two things said of one subject in one session stay two",
			[]hear.Statement{fact("logs", "Logs go to Papertrail."), rule("en", "x"), {Kind: hear.Rule, Lang: "en", Area: "conventions", Subject: "logs", Claim: "Logs are structured with zerolog.", Quote: "logs are structured with zerolog"}},
			nil,
			[]string{"Logs are structured with zerolog.", "Logs go to Papertrail.", "The user said: “x”"}},
		{"\"de\" saying \"of\" keeps what follows",
			[]hear.Statement{fact("timeout api", "Le timeout de l'API est de 30 secondes.")},
			[]hear.Statement{fact("timeout api", "On est passé à 60 secondes pour le timeout de l'API.")},
			[]string{"On est passé à 60 secondes pour le timeout de l'API."}},
		{"a change of something else keeps the claim",
			[]hear.Statement{fact("staging deploys", "Staging deploys need the VPN.")},
			[]hear.Statement{fact("staging", "We moved staging to Hetzner now.")},
			[]string{"Staging deploys need the VPN.", "We moved staging to Hetzner now."}},
		{"no change said keeps the claim",
			[]hear.Statement{rule("en", "the worker image is alpine:3.18")},
			[]hear.Statement{fact("lint image", "The lint image is alpine:3.20.")},
			[]string{"The lint image is alpine:3.20.", "The user said: “the worker image is alpine:3.18”"}},
		{"a proposal agreed from now on is no change",
			[]hear.Statement{rule("en", "keep a NOTES.md with a Pending section in every PR")},
			[]hear.Statement{{Kind: hear.Rule, Lang: "en", Area: "conventions", Via: "confirm",
				Claim: "The user agreed to the assistant's proposal: “Shall I name every Export with a UTC suffix from now on?”", Quote: "yes, from now on"}},
			[]string{"The user agreed to the assistant's proposal: “Shall I name every Export with a UTC suffix from now on?”", "The user said: “keep a NOTES.md with a Pending section in every PR”"}},
		{"a version stem quoting the earlier version after from",
			[]hear.Statement{rule("en", "the minimum is watchOS 9, keep the complications simple")},
			[]hear.Statement{replacing(rule("en", "the minimum goes from watchOS 9 to watchOS 10 with the next release"), "watchOS ")},
			[]string{"The user said: “the minimum goes … to watchOS 10 with the next release”", "The user said: “… keep the complications simple”"}},
		{"a tool swapped for one of its kind, nothing else shared",
			[]hear.Statement{rule("en", "unhandled exceptions are reported to Bugsnag with the release tag")},
			[]hear.Statement{rule("en", "we migrated to Honeybadger over the weekend")},
			[]string{"The user said: “we migrated to Honeybadger over the weekend”"}},
		{"a tool said to be the one now keeps the other clause",
			[]hear.Statement{rule("en", "our stacks deploy with Pulumi, and every stack lives in the infra folder of the monorepo")},
			[]hear.Statement{rule("en", "it's CloudFormation now, the templates get generated")},
			[]string{"The user said: “it's CloudFormation now, the templates get generated”", "The user said: “… every stack lives in the infra folder of the monorepo”"}},
		{"a tool swapped in other words and language",
			[]hear.Statement{{Kind: hear.Rule, Lang: "zh", Area: "conventions", Subject: "日志", Claim: "The user said: “日志都发到 Papertrail”", Quote: "日志都发到 Papertrail"}},
			[]hear.Statement{rule("zh", "我们上周已经换成 Loki 了")},
			[]string{"The user said: “我们上周已经换成 Loki 了”"}},
		{"a tool added beside another is no swap",
			[]hear.Statement{rule("en", "mobile crashes are reported to Crashlytics")},
			[]hear.Statement{rule("en", "we added Sentry for the web app now")},
			[]string{"The user said: “mobile crashes are reported to Crashlytics”", "The user said: “we added Sentry for the web app now”"}},
		{"an everyday word is no tool",
			[]hear.Statement{rule("en", "secrets come from Vault, never from env files")},
			[]hear.Statement{rule("en", "we moved the vault key rotation to the first Monday")},
			[]string{"The user said: “secrets come from Vault, never from env files”", "The user said: “we moved the vault key rotation to the first Monday”"}},
		{"a host of the same domain",
			[]hear.Statement{{Kind: hear.Fact, Lang: "zh", Area: "environments", Subject: "测试环境", Claim: "The user said: “测试环境是 api-test.lanting.cn”", Quote: "测试环境是 api-test.lanting.cn"}},
			[]hear.Statement{{Kind: hear.Fact, Lang: "zh", Area: "environments", Subject: "测试环境的域名", Claim: "The user said: “测试环境的域名换了，现在是 api-qa.lanting.dev”", Quote: "测试环境的域名换了，现在是 api-qa.lanting.dev"}},
			[]string{"The user said: “测试环境的域名换了，现在是 api-qa.lanting.dev”"}},
		{"a Chinese name after the verb that names whom to ask",
			[]hear.Statement{{Kind: hear.Team, Lang: "zh", Area: "team", Claim: "The user said: “合并前要找刘洋审批，他是 release 负责人”", Quote: "合并前要找刘洋审批，他是 release 负责人"}},
			[]hear.Statement{{Kind: hear.Team, Lang: "zh", Area: "team", Claim: "The user said: “流程改了：以后合并审批找周婷，她现在是 release 负责人。”", Quote: "流程改了：以后合并审批找周婷，她现在是 release 负责人。"}},
			[]string{"The user said: “流程改了：以后合并审批找周婷，她现在是 release 负责人。”"}},
		{"a part of the same family",
			[]hear.Statement{fact("gateway board", "The gateway board is an ESP32C3.")},
			[]hear.Statement{fact("", "The gateway moved to an ESP8266 now.")},
			[]string{"The gateway moved to an ESP8266 now."}},
		{"a rate in another scale of its unit",
			[]hear.Statement{{Kind: hear.Answer, Lang: "en", Area: "project", Via: "answer", Subject: "rate telemetry loop",
				Claim: "Asked “What rate does the telemetry loop run at?”, the user answered: “200 Hz on the telemetry loop.”", Quote: "200 Hz on the telemetry loop."}},
			[]hear.Statement{fact("telemetry loop", "The new radios arrived, so the telemetry loop is 2 kHz now.")},
			[]string{"The new radios arrived, so the telemetry loop is 2 kHz now."}},
		{"the thing named without the sort of thing it is",
			[]hear.Statement{fact("payments.v1 topic", "The payments.v1 topic has 12 partitions.")},
			[]hear.Statement{fact("payments.v1", "We repartitioned payments.v1, it's 24 partitions now.")},
			[]string{"We repartitioned payments.v1, it's 24 partitions now."}},
		{"a time of day for the job named short",
			[]hear.Statement{fact("nightly settlement job", "The nightly settlement job runs at 01:30 UTC in prod.")},
			[]hear.Statement{fact("settle", "settle got moved to 03:45 UTC because the import kept overrunning.")},
			[]string{"settle got moved to 03:45 UTC because the import kept overrunning."}},
		{"a time of day written the French way",
			[]hear.Statement{fact("export nocturne", "L'export nocturne tourne à 2h30 en prod.")},
			[]hear.Statement{fact("export", "L'export est décalé à 4h15, la sauvegarde finit plus tard.")},
			[]string{"L'export est décalé à 4h15, la sauvegarde finit plus tard."}},
		{"counts of other things stay apart",
			[]hear.Statement{rule("en", "deploys need two approvals")},
			[]hear.Statement{fact("", "Deploys now retry three times.")},
			[]string{"Deploys now retry three times.", "The user said: “deploys need two approvals”"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(tt.first...)}, map[string]hear.Heard{"s2": heard(tt.second...)})
			if got := currentTexts(m); !slices.Equal(got, tt.current) {
				t.Fatalf("current = %q, want %q", got, tt.current)
			}
		})
	}
}

// Ensure that the claim an update states names only the current value
// when the user's words quote the earlier one, and that the page keeps
// the earlier value and the user's full words.
func TestUpdateDropsEarlierValue(t *testing.T) {
	tests := []struct {
		name          string
		first, second hear.Statement
		current, gone string
	}{
		{"rewrite loses the from part",
			fact("broker", "The broker is ActiveMQ."),
			replacing(fact("queue", "The team moved the queue from ActiveMQ to NATS."), "ActiveMQ"),
			"The team moved the queue to NATS.", "ActiveMQ"},
		{"a rewrite of a replacement reads on",
			fact("deploys", "Deploys go through Jenkins."),
			replacing(fact("jenkins", "The team replaced Jenkins with Buildkite."), "Jenkins"),
			"The team switched to Buildkite.", "Jenkins"},
		{"quoted words mark what goes",
			hear.Statement{Kind: hear.Team, Lang: "en", Area: "team", Subject: "invoices approval", Claim: "The user said: “Ines approves invoices.”", Quote: "Ines approves invoices."},
			replacing(hear.Statement{Kind: hear.Team, Lang: "en", Area: "team", Subject: "invoices approval", Claim: "The user said: “no longer Ines, Bo approves invoices now.”", Quote: "no longer Ines, Bo approves invoices now."}, "Ines"),
			"The user said: “… Bo approves invoices now.”", "Ines"},
		{"a name said to leave",
			hear.Statement{Kind: hear.Team, Lang: "en", Area: "team", Subject: "invoices approval", Claim: "The user said: “Ines approves invoices.”", Quote: "Ines approves invoices."},
			hear.Statement{Kind: hear.Team, Lang: "en", Area: "team", Subject: "invoices approval", Claim: "The user said: “Ines no longer approves invoices, Bo does.”", Quote: "Ines no longer approves invoices, Bo does."},
			"The user said: “… no longer approves invoices, Bo does.”", "Ines"},
		{"CJK: the earlier value goes where it is written",
			hear.Statement{Kind: hear.Team, Lang: "ja", Area: "team", Subject: "承認", Claim: "The user said: “承認は田中さんです。”", Quote: "承認は田中さんです。"},
			replacing(hear.Statement{Kind: hear.Team, Lang: "ja", Area: "team", Subject: "承認", Claim: "The user said: “承認は田中さんから山田さんに変わりました。”", Quote: "承認は田中さんから山田さんに変わりました。"}, "田中さん"),
			"The user said: “承認は…山田さんに変わりました。”", "田中"},
		{"a Latin value in CJK text",
			hear.Statement{Kind: hear.Fact, Lang: "zh", Area: "project", Subject: "缓存", Claim: "The user said: “缓存用的是 Memcached。”", Quote: "缓存用的是 Memcached。"},
			replacing(hear.Statement{Kind: hear.Fact, Lang: "zh", Area: "project", Subject: "缓存", Claim: "The user said: “缓存已经从 Memcached 迁到 Valkey 了。”", Quote: "缓存已经从 Memcached 迁到 Valkey 了。"}, "Memcached"),
			"The user said: “缓存已经从 … 迁到 Valkey 了。”", "Memcached"},
		{"the thing said to leave is the value, not the subject",
			fact("ci", "CI runs on Drone."),
			fact("ci", "CI is not on Drone anymore, it's Woodpecker now."),
			"CI is not on … anymore, it's Woodpecker now.", "Drone"},
		{"other language, version stem kept",
			fact("datenbank", "Die Datenbank ist MariaDB 10."),
			fact("datenbank", "Wir sind von MariaDB 10 auf MariaDB 11 umgestiegen."),
			"Wir sind auf MariaDB 11 umgestiegen.", "MariaDB 10"},
		{"the quoted value goes though memory spelled it longer",
			rule("en", "every service builds on python:3.11-slim, keep it consistent"),
			replacing(rule("en", "we moved from python:3.11 to python:3.13-slim as the base image"), "python:3.11"),
			"The user said: “we moved … to python:3.13-slim as the base image”", "python:3.11"},
		{"a value that opens a host name",
			fact("metrics", "Metrics are scraped from prom-01.ops.internal every 30 seconds."),
			replacing(fact("metrics", "We moved metrics off prom-01 to vm-metrics.ops.internal."), "prom-01"),
			"We moved metrics to vm-metrics.ops.internal.", "prom-01"},
		{"a full name handed over",
			hear.Statement{Kind: hear.Team, Lang: "de", Area: "team", Claim: "The user said: “Für Releases ist Petra Lang zuständig.”", Quote: "Für Releases ist Petra Lang zuständig."},
			replacing(hear.Statement{Kind: hear.Team, Lang: "de", Area: "team", Claim: "The user said: “Petra Lang hat die Releases an Omar Haddad übergeben.”", Quote: "Petra Lang hat die Releases an Omar Haddad übergeben."}, "Petra Lang"),
			"The user said: “… hat die Releases an Omar Haddad übergeben.”", "Petra"},
		{"a bucket name goes",
			fact("state bucket", "State lives in the bucket tf-state-old, one key per module."),
			replacing(hear.Statement{Kind: hear.Rule, Lang: "en", Area: "conventions", Via: "confirm", Subject: "state bucket",
				Claim: "The user agreed to switch the state bucket from tf-state-old to tf-state-eu for every module."}, "tf-state-old"),
			"The user agreed to switch the state bucket to tf-state-eu for every module.", "tf-state-old"},
		{"an answer asked again now",
			hear.Statement{Kind: hear.Answer, Lang: "es", Area: "project", Via: "answer", Subject: "pasarela pago checkout ahora",
				Claim: "Asked “¿Qué pasarela de pago usa el checkout ahora?”, the user answered: “usamos Adyen, con el TPV de la caja.”", Quote: "usamos Adyen, con el TPV de la caja."},
			hear.Statement{Kind: hear.Answer, Lang: "es", Area: "project", Via: "answer", Subject: "pasarela pago checkout nuevo",
				Claim: "Asked “¿Qué pasarela de pago usa el checkout nuevo?”, the user answered: “Mollie.”", Quote: "Mollie."},
			"Asked “¿Qué pasarela de pago usa el checkout nuevo?”, the user answered: “Mollie.”", "Adyen"},
		{"a count said again goes",
			rule("en", "merge requests need three reviews before landing"),
			fact("", "We went from three reviews to two reviews per merge request."),
			"We went to two reviews per merge request.", "three"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(tt.first)}, map[string]hear.Heard{"s2": heard(tt.second)})
			if got := currentTexts(m); !slices.Equal(got, []string{tt.current}) {
				t.Fatalf("current = %q, want %q", got, tt.current)
			}
			c := m.claims[0]
			if len(c.past) != 1 || !strings.Contains(c.past[0].text, tt.gone) {
				t.Errorf("history = %+v, want the earlier value", c.past)
			}
			if c.cur.quote != tt.second.Quote {
				t.Errorf("quote = %q, want the user's words %q", c.cur.quote, tt.second.Quote)
			}
			for _, e := range m.listing() {
				if strings.Contains(e.text, tt.gone) {
					t.Errorf("index line %q names the earlier value", e.text)
				}
			}
		})
	}
}

// Ensure that a retraction withdraws the claim it names by subject across
// phrasings, and nothing else.
func TestRetractionAcrossPhrasings(t *testing.T) {
	tests := []struct {
		name    string
		claims  []hear.Statement
		target  string
		current []string
	}{
		{"inflected words, other claim on the same thing stays",
			[]hear.Statement{rule("de", "wir deployen nie samstags"), rule("de", "Produktions-Deployments gibt nur Ute frei")},
			"Deployments am Samstag",
			[]string{"The user said: “Produktions-Deployments gibt nur Ute frei”"}},
		{"abbreviations",
			[]hear.Statement{rule("en", "the production database is snapshotted hourly"), rule("en", "staging resets nightly")},
			"the prod DB snapshot rule",
			[]string{"The user said: “staging resets nightly”"}},
		{"the verb before what is withdrawn",
			[]hear.Statement{rule("en", "always put benchmark numbers in the PR description"), rule("en", "PR titles follow conventional commits")},
			"attach benchmark numbers",
			[]string{"The user said: “PR titles follow conventional commits”"}},
		{"a verb inflected otherwise",
			[]hear.Statement{rule("es", "nunca migramos los lunes"), rule("es", "los lunes hay demo")},
			"no migrar los lunes",
			[]string{"The user said: “los lunes hay demo”"}},
		{"a person who left takes all said of them",
			[]hear.Statement{rule("en", "Oskar reviews infra changes"), rule("en", "ask Oskar about Terraform state"), rule("en", "Mia owns billing")},
			"Oskar",
			[]string{"The user said: “Mia owns billing”"}},
		{"one claim said twice in other words",
			[]hear.Statement{rule("en", "always squash fixup commits before merging"), rule("en", "fixup commits get squashed before merge"), rule("en", "Mia owns billing")},
			"squash fixup commits",
			[]string{"The user said: “Mia owns billing”"}},
		{"two claims naming the target withdraw neither",
			[]hear.Statement{rule("en", "screenshots go in docs/img"), rule("en", "attach screenshots to every UI PR")},
			"screenshots",
			[]string{"The user said: “attach screenshots to every UI PR”", "The user said: “screenshots go in docs/img”"}},
		{"half the words, one said of no other claim",
			[]hear.Statement{rule("en", "the smoke suite needs the office proxy because it hits the sandbox API"), rule("en", "unit tests run offline")},
			"the browser tests need the proxy",
			[]string{"The user said: “unit tests run offline”"}},
		{"a claim saying two things keeps the other",
			[]hear.Statement{rule("en", "no asset bigger than 8 MB goes into the repo, and all fonts go through the CDN bucket")},
			"the 8 MB limit for assets",
			[]string{"The user said: “… all fonts go through the CDN bucket”"}},
		{"how far it goes is not what",
			[]hear.Statement{rule("en", "every eval posts its scores to the grafana board evals-main so runs compare"), rule("en", "unit tests run offline")},
			"grafana altogether",
			[]string{"The user said: “unit tests run offline”"}},
		{"a model number said short",
			[]hear.Statement{rule("en", "the sensor board uses the BME680 for humidity"), rule("en", "unit tests run offline")},
			"the 680",
			[]string{"The user said: “the sensor board uses the BME680 for humidity”", "The user said: “unit tests run offline”"}},
		{"a part number said without its family",
			[]hear.Statement{fact("mcu", "The MCU is an STM32F411."), rule("en", "unit tests run offline")},
			"F411",
			[]string{"The user said: “unit tests run offline”"}},
		{"a setting named in words",
			[]hear.Statement{rule("en", "every job sets on_failure_callback to page the on-call"), rule("en", "unit tests run offline")},
			"the failure callback thing",
			[]string{"The user said: “unit tests run offline”"}},
		{"a short word and its inflection",
			[]hear.Statement{rule("en", "before tagging a release always run the licence audit"), rule("en", "unit tests run offline")},
			"the pre-tag audit step",
			[]string{"The user said: “unit tests run offline”"}},
		{"a word is no inflection of a compound it opens",
			[]hear.Statement{rule("en", "the nightly build posts its report to the ci channel")},
			"NightlyLeadScoring",
			[]string{"The user said: “the nightly build posts its report to the ci channel”"}},
		{"a long description of what is withdrawn",
			[]hear.Statement{rule("en", "after you change anything under api/handlers you have to regenerate the TS client with make oapi"), rule("en", "unit tests run offline")},
			"the OpenAPI client thing Mia told agents about, regenerating it by hand after handler changes",
			[]string{"The user said: “unit tests run offline”"}},
		{"an answer keeps the sentence a withdrawal leaves",
			[]hear.Statement{{Kind: hear.Answer, Lang: "fr", Area: "tools", Via: "answer", Subject: "version api",
				Claim: "Asked “Quelle version d'API utilisez-vous ?”, the user answered: “On est en API 59.0 partout. on déploie avec ant-migration depuis la CI.”",
				Quote: "On est en API 59.0 partout. on déploie avec ant-migration depuis la CI."}},
			"ant-migration",
			[]string{"Asked “Quelle version d'API utilisez-vous ?”, the user answered: “On est en API 59.0 partout …”"}},
		{"which one it was is not what",
			[]hear.Statement{rule("de", "die Playbooks liegen in infra/ansible"), rule("de", "Tests laufen offline")},
			"die alten Playbooks",
			[]string{"The user said: “Tests laufen offline”"}},
		{"one item of a list goes, the others stay",
			[]hear.Statement{rule("en", "run tflint and checkov before every PR"), rule("en", "unit tests run offline")},
			"checkov",
			[]string{"The user said: “run tflint before every PR”", "The user said: “unit tests run offline”"}},
		{"a German compound's last word",
			[]hear.Statement{rule("de", "Epson TM-T88VI an allen Kassen als Bondrucker"), rule("de", "Tests laufen offline")},
			"die Epson-Drucker",
			[]string{"The user said: “Tests laufen offline”"}},
		{"a Japanese withdrawal's particles are not what it names",
			[]hear.Statement{rule("ja", "金曜日はリリース禁止です"), rule("ja", "テストは毎回シードし直してください")},
			"曜日によるリリース制限",
			[]string{"The user said: “テストは毎回シードし直してください”"}},
		{"too few words in common withdraw nothing",
			[]hear.Statement{rule("en", "the production database is snapshotted hourly")},
			"the prod logging rule",
			[]string{"The user said: “the production database is snapshotted hourly”"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(tt.claims...)},
				map[string]hear.Heard{"s2": {Retractions: []hear.Retraction{{Target: tt.target, Quote: tt.target}}}})
			if got := currentTexts(m); !slices.Equal(got, tt.current) {
				t.Fatalf("current = %q, want %q", got, tt.current)
			}
		})
	}
}

// Ensure that a version's stem finds the claim it opens a word of, and a
// setting said again with another value replaces it.
func TestStemAndSettingReplace(t *testing.T) {
	for _, tc := range []struct{ before, after, gone, kept string }{
		{"we pin nixpkgs to nixos-24.05 in flake.nix", "bumped the pin to nixos-24.11 over the weekend", "nixos-24.05", "nixos-24.11"},
		{"all dags need retries=2 in default_args", "also default_args retries=3 from now on", "retries=2", "retries=3"},
		{"we're on postgres 14 on RDS", "fyi prod db is on pg16 since tuesday", "postgres 14", "pg16"},
	} {
		m := run(t, t.TempDir(), map[string]hear.Heard{"s1": hear.Session([]hear.Record{{Role: "user", ID: "u1", Text: tc.before}})},
			map[string]hear.Heard{"s2": hear.Session([]hear.Record{{Role: "user", ID: "u2", Text: tc.after}})})
		got := strings.Join(currentTexts(m), "\n")
		if strings.Contains(got, tc.gone) || !strings.Contains(got, tc.kept) {
			t.Errorf("%q then %q: current %q, want %q and not %q", tc.before, tc.after, got, tc.kept, tc.gone)
		}
	}
}

// Ensure that an amount changed for one subject replaces that subject's
// claim only, not every claim of the same service in the same unit.
func TestAmountChangeKeepsOtherSubjects(t *testing.T) {
	said := func(id, text string) map[string]hear.Heard {
		return map[string]hear.Heard{id: hear.Session([]hear.Record{{Role: "user", ID: id, Text: text}})}
	}
	m := run(t, t.TempDir(),
		said("s1", "Remember that the kakakax session timeout is 300 seconds."),
		said("s2", "Remember that the kakakax drain timeout is 30 seconds."),
		said("s3", "Remember that the kakakax cache ttl is 600 seconds."),
		said("s4", "Actually, the kakakax session timeout is 777 seconds now."))
	got := strings.Join(currentTexts(m), "\n")
	for _, want := range []string{"777 seconds", "30 seconds", "600 seconds"} {
		if !strings.Contains(got, want) {
			t.Errorf("current %q, want %q kept", got, want)
		}
	}
	if strings.Contains(got, "300 seconds") {
		t.Errorf("current %q, want the 300 seconds replaced", got)
	}
}

// Ensure that a thing gone for good takes every claim naming it, where
// a plain withdrawal naming two claims withdraws neither.
func TestRetiredThingTakesAllSaidOfIt(t *testing.T) {
	claims := heard(rule("en", "don't touch the Happy grammar without pinging Sven"), fact("parser", "The parser comes from a Happy grammar in Parser.y."), rule("en", "unit tests run offline"))
	for _, tc := range []struct {
		quote string
		want  []string
	}{
		{"the megaparsec rewrite landed and the Happy grammar is deleted", []string{"The user said: “unit tests run offline”"}},
		{"forget the Happy grammar", []string{"The parser comes from a Happy grammar in Parser.y.", "The user said: “don't touch the Happy grammar without pinging Sven”", "The user said: “unit tests run offline”"}},
	} {
		m := run(t, t.TempDir(), map[string]hear.Heard{"s1": claims},
			map[string]hear.Heard{"s2": {Retractions: []hear.Retraction{{Lang: "en", Target: "Happy grammar", Quote: tc.quote}}}})
		if got := currentTexts(m); !slices.Equal(got, tc.want) {
			t.Errorf("%q: current = %q, want %q", tc.quote, got, tc.want)
		}
	}
}

// Ensure that a period said to be over withdraws what was to hold until
// then, whole, and nothing else said of it.
func TestPeriodEndWithdrawsWhatHeldUntilThen(t *testing.T) {
	m := run(t, t.TempDir(),
		map[string]hear.Heard{"s1": heard(
			rule("en", "during the warehouse migration, never write to the orders table directly"),
			rule("en", "the warehouse migration uses pgloader"),
			rule("zh", "在微信支付审核通过之前，不要改 payments/ 目录下的任何东西"),
			rule("en", "unit tests run offline"))},
		map[string]hear.Heard{"s2": hear.Session([]hear.Record{
			{Role: "user", ID: "u1", Text: "The warehouse migration is finished."},
			{Role: "user", ID: "u2", Text: "微信支付审核过了，payments 那块随便改吧。"},
		})})
	want := []string{"The user said: “the warehouse migration uses pgloader”", "The user said: “unit tests run offline”"}
	if got := currentTexts(m); !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q", got, want)
	}
}

// Ensure that an update of one of two things a claim says keeps the
// other current.
func TestUpdateKeepsOtherClause(t *testing.T) {
	first := rule("fr", "Tous nos sites sont chez Hostinger, et les mises à jour de thèmes se font le lundi matin")
	first.Subject = "site hosting"
	second := fact("site hosting", "We moved all site hosting to Pantheon.")
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(first)}, map[string]hear.Heard{"s2": heard(second)})
	want := []string{"The user said: “… les mises à jour de thèmes se font le lundi matin”", "We moved all site hosting to Pantheon."}
	if got := currentTexts(m); !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q", got, want)
	}
}

// Ensure that a changed value names the part of a two-part claim it
// changes, in CJK text with narrow commas too.
func TestUpdateKeepsPartNamedByValue(t *testing.T) {
	first := hear.Statement{Kind: hear.Fact, Lang: "zh", Area: "environments", Subject: "测试环境",
		Claim: "The user said: “测试环境是 api-test.lanting.cn,测试账号用 qa_user_07”", Quote: "测试环境是 api-test.lanting.cn,测试账号用 qa_user_07"}
	second := hear.Statement{Kind: hear.Fact, Lang: "zh", Area: "environments", Subject: "测试环境的域名",
		Claim: "The user said: “测试环境的域名换了,现在是 api-qa.lanting.dev”", Quote: "测试环境的域名换了,现在是 api-qa.lanting.dev"}
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(first)}, map[string]hear.Heard{"s2": heard(second)})
	want := []string{"The user said: “… 测试账号用 qa_user_07”", "The user said: “测试环境的域名换了,现在是 api-qa.lanting.dev”"}
	if got := currentTexts(m); !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q", got, want)
	}
}

// Ensure that an update moves its claim off a page named after the value
// it replaces, so that no page name states it.
func TestUpdateLeavesPageNamedAfterOldValue(t *testing.T) {
	first := rule("en", "all our async jobs go through Beanstalkd with the `jobs.` prefix")
	second := replacing(fact("job queue", "We moved the job queue from Beanstalkd to Redis Streams last sprint."), "Beanstalkd")
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(first)}, map[string]hear.Heard{"s2": heard(second)})
	for _, e := range m.listing() {
		if strings.Contains(strings.ToLower(e.page.path), "beanstalkd") || strings.Contains(e.text, "Beanstalkd") {
			t.Errorf("current claim %q on %s names the earlier value", e.text, e.page.path)
		}
	}
	if got := currentTexts(m); len(got) != 1 {
		t.Fatalf("current = %q, want the update alone", got)
	}
}

// Ensure that a page named after the part of a claim that was withdrawn
// does not keep the name once the rest of the claim stays current.
func TestWithdrawalRenamesOutgrownPage(t *testing.T) {
	first := rule("en", "we benchmark on the shared box in the lab, and every run must upload to the grafana board perf-main")
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(first)},
		map[string]hear.Heard{"s2": {Retractions: []hear.Retraction{{Target: "the perf-main upload", Quote: "drop the perf-main upload"}}}})
	want := []string{"The user said: “we benchmark on the shared box in the lab …”"}
	if got := currentTexts(m); !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q", got, want)
	}
	for _, e := range m.listing() {
		if strings.Contains(e.page.path, "perf") {
			t.Errorf("current claim %q stays on %s, named after what was withdrawn", e.text, e.page.path)
		}
	}
}

// Ensure that a colleague named in CJK who left takes all said of them,
// and that a short CJK target that names no person withdraws only the
// claim that holds it.
func TestWithdrawalOfCJKName(t *testing.T) {
	claims := heard(rule("ja", "ファームのレビューは全部高橋さんです"), rule("ja", "PR のレビューは高橋さんにお願いしてください。"), rule("ja", "テストは HIL で回す"))
	gone := hear.Retraction{Lang: "ja", Target: "高橋", Subject: "高橋", Quote: "高橋さんは量産チームに異動しました"}
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": claims}, map[string]hear.Heard{"s2": {Retractions: []hear.Retraction{gone}}})
	if got, want := currentTexts(m), []string{"The user said: “テストは HIL で回す”"}; !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q", got, want)
	}
	two := heard(rule("zh", "每周五写周报发到群里"), rule("zh", "周报模板在 wiki 上"))
	stop := hear.Retraction{Lang: "zh", Target: "写周报", Quote: "以后不用再写周报了"}
	m = run(t, t.TempDir(), map[string]hear.Heard{"s1": two}, map[string]hear.Heard{"s2": {Retractions: []hear.Retraction{stop}}})
	if got, want := currentTexts(m), []string{"The user said: “周报模板在 wiki 上”"}; !slices.Equal(got, want) {
		t.Fatalf("current = %q, want %q: a task is no person, its mention elsewhere stays", got, want)
	}
}

// said is what one session's user messages say, heard by package hear.
func said(id string, texts ...string) map[string]hear.Heard {
	return saidAt(id, "", texts...)
}

// Ensure that a tool chosen for a job it does besides its kind replaces
// the tool that did the job (Redis as a broker, Cloudflare as a host),
// that a tool named on both sides is not swapped in, and that a version
// changes the claim naming the old one rather than another claim of the
// statement's subject.
func TestToolsOfAnotherJobAndVersionTargets(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a host that is also a CDN",
			[]string{"Remember: the site is built with Astro and hosted on Vercel."},
			[]string{"heads up, we moved hosting last week, it's cloudflare pages now"},
			[]string{"Vercel"}, []string{"cloudflare pages"}},
		{"a cache that is also a broker, a hedge on the link",
			[]string{"Route optimizer calls always go through the Oban queue named routing.", "Pour info : les tâches de fond tournent sur Celery avec Redis comme broker."},
			[]string{"Pour info, on a remplacé le broker la semaine dernière : Celery passe par RabbitMQ maintenant, c'est peut-être lié."},
			[]string{"Redis"}, []string{"RabbitMQ", "Oban queue named routing"}},
		{"a new one chosen, said without a word of change",
			[]string{"Remember: the site is sveltekit 2, tailwind for styling, content comes from Sanity."},
			[]string{"next: marketing picked storyblok as the new cms, so new sections pull from there."},
			[]string{"Sanity"}, []string{"storyblok", "tailwind for styling"}},
		{"a rate in its own unit, said of the thing in other words",
			[]string{"Remember: counters go in KV (binding RL), 100 req/min per api key.", "Remember: uploads are capped at 50 per day."},
			[]string{"bumped the rl to 300 req/min last week btw, the biggest customer kept hitting 429s"},
			[]string{"100 req/min"}, []string{"300 req/min", "50 per day"}},
		{"a version changes the claim naming it",
			[]string{"Production runs go on the Kestrel cluster with 64 ranks.", "L'appli cave-coop est en Django, PostgreSQL 13 en prod, et les tâches de fond tournent sur Celery."},
			[]string{"La prod tourne sous PostgreSQL 16 depuis ce matin, la bascule s'est bien passée."},
			[]string{"PostgreSQL 13"}, []string{"PostgreSQL 16", "Kestrel cluster with 64 ranks", "Celery"}},
	})
}

// Ensure that withdrawals find the claims they name in looser words:
// support for a thing no longer needed, a thing dropped from where it
// ran, a rule's kind word inside a compound ("die SWO-Vorgabe"), "the
// weekly round" for a weekday meeting, a prohibition lifted once the
// thing it forbade may be done normally again, a person who "ist raus", a
// ban lifted, a file named in another language than the rule, and what
// "can go" now.
func TestWithdrawalsInLooserWords(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"support, place, a rule's kind word",
			[]string{"窓口の端末がまだ IE11 なので、画面側のJSは IE11 で動く書き方でお願いします。",
				"Remember: lint is hadolint (strict mode), `hadolint Dockerfile` has to pass.",
				"Remember: unit tests run offline.",
				"Logging läuft über SWO, nicht UART, das gilt für alle Boards."},
			[]string{"窓口端末が全部 Edge に入れ替わったので、IE11 対応はもう不要です。",
				"Die SWO-Vorgabe entfällt also, nimm was praktisch ist.",
				"also we dropped hadolint from the pipeline, it was slow."},
			[]string{"IE11", "hadolint", "SWO"}, []string{"unit tests run offline"}},
		{"which days, a restriction",
			[]string{"本番へのデプロイは月曜と水曜だけです。", "ステージング環境は stg-3 です。",
				"Les livraisons en production se font uniquement le mardi.", "La recette se fait sur l'environnement preprod-2."},
			[]string{"それから、デプロイ曜日の制限はなくなりました。",
				"Autre chose : il n'y a plus de restriction sur les jours de livraison en production."},
			[]string{"月曜と水曜", "le mardi"}, []string{"stg-3", "preprod-2"}},
		{"a count joined to what it counts, a rule suspended for now",
			[]string{"Remember: keep handler files under 300 lines each.", "Remember: handlers live in src/handlers.",
				"Credo muss ohne Warnungen durchlaufen, bevor etwas gemergt wird.", "Die CI läuft auf GitLab."},
			[]string{"also drop the 300-line rule for handlers, nobody follows it.",
				"Die Credo-Pflicht entfällt vorerst, der Lauf dauert zu lange."},
			[]string{"300 lines", "Credo", "gemergt"}, []string{"src/handlers", "GitLab"}},
		{"weekly, lifted",
			[]string{"Jeden Dienstag um 9 Uhr stimmen wir uns mit dem Betriebs-Team ab.",
				"Das Betriebs-Team betreut die Altsysteme.",
				"这两周测试库在迁移，先别往 staging 跑 migration，只在本地跑。",
				"migration 脚本都放在 db/migrations 目录。"},
			[]string{"Die wöchentliche Runde mit dem Betriebs-Team entfällt künftig ersatzlos.",
				"测试库迁移做完了，migration 可以正常往 staging 跑了。"},
			[]string{"Dienstag um 9 Uhr", "先别往 staging"}, []string{"betreut die Altsysteme", "db/migrations"}},
		{"ist raus",
			[]string{"Code-Reviews fürs Backend macht nur Svenja."},
			[]string{"Svenja ist raus, die ist in ein anderes Projekt. Die Reviews macht jetzt das Plattform-Team."},
			[]string{"Svenja"}, []string{"Plattform-Team"}},
		{"a ban lifted",
			[]string{"覚えておいて：リリースは土曜日禁止です。", "Remember: the maintenance window is Sunday 02:00."},
			[]string{"土曜日のリリース禁止はもう解除されました。"},
			[]string{"土曜日禁止"}, []string{"Sunday 02:00"}},
		{"a file named in another language",
			[]string{"Bis der neue Motor live ist, prüf vor jedem Release alle Preise zusätzlich gegen die alte Preisliste (tarife_2022.csv), Abweichung max. 1 Cent.",
				"Die Preise kommen aus dem Tarifdienst."},
			[]string{"Et le contrôle avec tarife_2022.csv, on peut l'oublier, le nouveau moteur est validé."},
			[]string{"tarife_2022.csv"}, []string{"Tarifdienst"}},
		{"may go now",
			[]string{"Remember: every build has to pin the GPU driver workaround in ci/gpu.sh.",
				"Remember: builds run on the self-hosted runners.",
				"Jeder Export muss zusätzlich ins alte FTP-Archiv kopiert werden.",
				"Exporte laufen nachts um 2 Uhr."},
			[]string{"and the GPU driver workaround can go too, fixed upstream in 550.54.",
				"Und das Kopieren ins alte FTP-Archiv kann jetzt komplett weg, der Server wird abgebaut."},
			[]string{"ci/gpu.sh", "FTP-Archiv"}, []string{"self-hosted runners", "nachts um 2 Uhr"}},
		{"an identifier, not the word it opens",
			[]string{"Remember: every change to the timetable writes a row to audit_logs.",
				"Remember: the SOC2 audit window closes in May."},
			[]string{"the audit_logs rule is gone, the school runs its own system for that."},
			[]string{"audit_logs"}, []string{"SOC2 audit window"}},
		{"a ban lifted by its kind word",
			[]string{"Remember: no new GPU node pools until billing alerts exist.",
				"Remember: the preview stack uses kumo-preview."},
			[]string{"billing alerts are live now, so the GPU ban is over."},
			[]string{"GPU node pools"}, []string{"kumo-preview"}},
		{"who left goes, a rule said beside them stays",
			[]string{"pour info c'est Karim qui relit tout le backend, et pas de force-push sur main, jamais, même le vendredi."},
			[]string{"Karim passe sur le projet mobile, c'est Léa qui relit le backend maintenant."},
			[]string{"Karim"}, []string{"force-push"}},
		{"a file named for a tool is the tool's",
			[]string{"Remember: formatting needs nightly, cargo +nightly fmt, because of a setting in rustfmt.toml.",
				"Remember: clippy runs with -D warnings."},
			[]string{"don't bother with the nightly rustfmt thing anymore, stable cargo fmt is fine."},
			[]string{"+nightly"}, []string{"-D warnings"}},
	})
}

// Ensure that the claim stating a new value does not name the old one
// again: an aside closing the sentence says why the old value went, a
// correction says what it is not ("no X, era Y", "nicht mehr X, sondern"),
// and a
// Japanese departure said inside the sentence ("…は木村さんが異動したので、
// …") gives its topic to who does it now.
func TestNewClaimLeavesOldValueOut(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"an aside on why",
			[]string{"Remember: invoices are generated nightly."},
			[]string{"FYI the billing services moved to Java 21 last month (Java 17 support is ending for us)."},
			[]string{"Java 17"}, []string{"Java 21", "generated nightly"}},
		{"an aside in Japanese",
			[]string{"請求書は毎晩 2 時に作られます。"},
			[]string{"ちなみに集計バッチは先週 Python 3.12 に上げました（Python 3.9 がサポート切れなので）。"},
			[]string{"3.9"}, []string{"3.12", "2 時"}},
		{"a correction says what it is not",
			[]string{"las facturas van siempre en castellano y portugués."},
			[]string{"una corrección: las facturas NO van en portugués, era inglés, me confundí."},
			[]string{"portugués"}, []string{"inglés"}},
		{"no longer a titled person, but a team",
			[]string{"Sicherheitsreviews macht übrigens Dr. Hartmann, das ist Pflicht."},
			[]string{"Sicherheitsreviews macht nicht mehr Dr. Hartmann, sondern jetzt das Team von CryptoAudit — Ansprechpartner ist Herr Brandt."},
			[]string{"Hartmann"}, []string{"Brandt"}},
		{"quit one, moved to another",
			[]string{"ログ基盤は Fluentd です。"},
			[]string{"ログ基盤は Fluentd やめて Vector に移行済みです。"},
			[]string{"Fluentd"}, []string{"Vector"}},
		{"a count withdrawn, then given again",
			[]string{"Remember: session tokens live 12h in redis."},
			[]string{"ignore what i said about 12h — security capped it at 4h. change the config."},
			[]string{"12h"}, []string{"4h"}},
		{"a departure inside the sentence",
			[]string{"帳票のレビューは木村さんにお願いしています。"},
			[]string{"あと、帳票のレビューは木村さんが別の部署に異動したので、来月からは山本さんに頼んでいます。"},
			[]string{"木村"}, []string{"帳票のレビュー", "山本"}},
		{"handed from one person to another, in Japanese",
			[]string{"デプロイ作業は佐々木さんがやっています。"},
			[]string{"それとデプロイ担当は佐々木さんから大野さんに交代しました。"},
			[]string{"佐々木"}, []string{"大野"}},
		{"a move under way, a name of several words",
			[]string{"on héberge les images sur Docker Hub."},
			[]string{"on migre de Docker Hub vers GitHub Packages, le token est dans le coffre."},
			[]string{"Docker Hub"}, []string{"GitHub Packages"}},
	})
}

// Ensure that what follows from the part of a claim that went goes with
// it, and that a part of its own stays.
func TestConsequenceGoesWithItsCause(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"donc, withdrawn",
			[]string{"Les exports passent par Airflow, donc les DAG vivent dans dags/."},
			[]string{"On a arrêté Airflow le mois dernier."},
			[]string{"dags/"}, nil},
		{"所以, withdrawn",
			[]string{"我们的定时任务都跑在 Airflow 上，所以 DAG 文件都放在 dags 目录。"},
			[]string{"Airflow 上个月已经停掉了。"},
			[]string{"dags 目录"}, nil},
		{"donc, changed",
			[]string{"Les exports passent par Airflow, donc les DAG vivent dans dags/."},
			[]string{"Pour info, les exports passent par Dagster maintenant."},
			[]string{"dags/"}, []string{"Dagster"}},
		{"a part of its own",
			[]string{"Remember: the nightly export runs on Airflow, and the weekly reports are written in German."},
			[]string{"we dropped Airflow last month, nobody maintained it."},
			[]string{"Airflow"}, []string{"reports are written in German"}},
	})
}

// Ensure that a change finds the claim it changes when the two name the
// thing in other ways: the claim's subject a pronoun, a CJK phrase said
// again around other words, an address whose version moved, a change
// said "passe à" or "改一下".
func TestChangeFindsClaimSaidOtherwise(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a pronoun for a subject",
			[]string{"On garde les journaux d'audit : ils partent dans S3, avec une rétention de 2 ans."},
			[]string{"La rétention des journaux passe à 7 ans, c'est une exigence de la banque."},
			[]string{"2 ans"}, []string{"7 ans", "S3"}},
		{"a CJK phrase said around other words",
			[]string{"网关默认并发连接数 8。"},
			[]string{"默认值也调一下，并发连接数 16，机器够用。"},
			[]string{"连接数 8"}, []string{"连接数 16"}},
		{"a span of time in other units",
			[]string{"Remember: the standup reminder pings the channel 20 minutes before we start."},
			[]string{"the standup reminder is 5 min before now, people kept forgetting."},
			[]string{"20 minutes"}, []string{"5 min"}},
		{"a versioned name",
			[]string{"fyi the consumer reads from orders.created.v1, alerts go to ops.alerts."},
			[]string{"we cut over to orders.created.v2 on tuesday, point the consumer at it."},
			[]string{"orders.created.v1"}, []string{"orders.created.v2", "ops.alerts"}},
		{"an answer's own value, not the question's",
			[]string{"A:Should the importer follow symlinks: follow_symlinks=true or follow_symlinks=false?", "follow_symlinks=false, we had loops"},
			[]string{"we went with follow_symlinks=true in the end, the loops are fixed."},
			[]string{"we had loops"}, []string{"follow_symlinks=true"}},
		{"a threshold in a currency",
			[]string{"A:What should the refund approval limit be?", "Keep 2,000 EUR"},
			[]string{"the refund approval limit drops to 1,500 EUR."},
			[]string{"2,000 EUR"}, []string{"1,500 EUR"}},
		{"set to another span, in Japanese",
			[]string{"同期間隔は30分で、バッテリーを節約しています。"},
			[]string{"同期間隔を15分にしました。"},
			[]string{"30分"}, []string{"15分"}},
		{"a count of a thing said without its subject",
			[]string{"Remember: every contract change needs three signatures."},
			[]string{"two signatures are enough now, legal agreed."},
			[]string{"three signatures"}, []string{"two signatures"}},
		{"a new weekday, in German",
			[]string{"Merk dir: wir releasen immer montags."},
			[]string{"Wir releasen jetzt mittwochs."},
			[]string{"montags"}, []string{"mittwochs"}},
		{"replaced, said passively",
			[]string{"Remember: the build cache lives on cache-box-3."},
			[]string{"the build cache got replaced with cache-box-5 last night."},
			[]string{"cache-box-3"}, []string{"cache-box-5"}},
		{"a size in two dimensions",
			[]string{"Remember: el lienzo máximo es 16x16 y los sprites van en assets/sprites."},
			[]string{"el lienzo máximo sube a 32x32, los artistas ya tienen sprites grandes."},
			[]string{"16x16"}, []string{"32x32", "assets/sprites"}},
		{"an address without its scheme",
			[]string{"Remember: the mobile app talks to api.shop-demo.io/v1 only."},
			[]string{"The new endpoint is api.shop-demo.io/v2, the old one is read-only."},
			[]string{"/v1"}, []string{"/v2"}},
		{"an address whose version moved",
			[]string{"The webhook target is https://hooks.acme-mail.net/v1/notify."},
			[]string{"The new target is https://hooks.acme-mail.net/v2/notify and it signs every payload."},
			[]string{"/v1/notify"}, []string{"/v2/notify"}},
	})
}

// Ensure that a value set inside a task changes the claim of the same
// thing, and that one nothing in memory speaks of states nothing.
func TestValueSetInTask(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"changes what memory holds",
			[]string{"A:Should the nightly build have a timeout?", "yes, 30 minutes, then it pages on-call"},
			[]string{"while you're at it bump the nightly build timeout to 45 minutes, 30 keeps failing on the big repo"},
			[]string{"30 minutes"}, []string{"45 minutes"}},
		{"in German",
			[]string{"Das Upload-Limit liegt bei 20 MB."},
			[]string{"Und setz bitte das Upload-Limit auf 50 MB, die Scans sind größer geworden."},
			[]string{"20 MB"}, []string{"50 MB"}},
		{"nothing to change",
			[]string{"Remember: logs go to Loki."},
			[]string{"set the page size to 50 in that test and rerun it"},
			[]string{"page size"}, []string{"Loki"}},
	})
}

// twoSessions is a case of two sessions, one after the other: after them
// memory's current claims name none of gone and all of kept.
type twoSessions struct {
	name          string
	before, after []string
	gone, kept    []string
}

// runTwoSessions runs each case in a memory of its own.
func runTwoSessions(t *testing.T, tests []twoSessions) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := run(t, t.TempDir(), said("s1", tc.before...), said("s2", tc.after...))
			checkCurrent(t, m, tc.gone, tc.kept)
		})
	}
}

// runTwoSessionsHeld is runTwoSessions that first checks each case's gone
// words are current after the first session alone: what the second
// withdraws was held.
func runTwoSessionsHeld(t *testing.T, tests []twoSessions) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first := strings.Join(currentTexts(run(t, t.TempDir(), said("s1", tc.before...))), "\n")
			for _, g := range tc.gone {
				if !strings.Contains(first, g) {
					t.Fatalf("after the first session alone, current %q does not name %q", first, g)
				}
			}
			m := run(t, t.TempDir(), said("s1", tc.before...), said("s2", tc.after...))
			checkCurrent(t, m, tc.gone, tc.kept)
		})
	}
}

// checkCurrent fails t unless memory's current claims name none of gone
// and all of kept.
func checkCurrent(t *testing.T, m *memory, gone, kept []string) {
	t.Helper()
	got := strings.Join(currentTexts(m), "\n")
	for _, g := range gone {
		if strings.Contains(got, g) {
			t.Errorf("current %q still names %q", got, g)
		}
	}
	for _, k := range kept {
		if !strings.Contains(got, k) {
			t.Errorf("current %q lost %q", got, k)
		}
	}
}

// Ensure that a release of a named product replaces the claim naming an
// earlier release of it, however each is spelled (a dotted version, a
// major alone, a release id) and whatever words come between the name
// and the release, and that a Japanese claim saying more keeps the rest.
func TestReleaseOfNamedProduct(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"Japanese, clauses joined by 、",
			[]string{"前提として、ランタイムは Bun 1.1、テストは Vitest で書いています。"},
			[]string{"先月 Bun 1.2 に上げました。"},
			[]string{"1.1"}, []string{"Bun 1.2", "Vitest"}},
		{"name, topic mark, release",
			[]string{"CI のビルドは Xcode 15.4 でやっています。"},
			[]string{"Xcode は 16.1 に上がりました。"},
			[]string{"15.4"}, []string{"16.1"}},
		{"release id after a link",
			[]string{"The lab machines run MATLAB R2022a for the filters."},
			[]string{"MATLAB is on R2023b now."},
			[]string{"R2022a"}, []string{"R2023b"}},
		{"the product stays in the claim that gives its release",
			[]string{"the service runs on Deno 1.46, tests are written with Vitest."},
			[]string{"bumped Deno to 2.1 over the weekend."},
			[]string{"1.46"}, []string{"bumped Deno to 2.1", "Vitest"}},
		{"two parts cut leave one mark",
			[]string{"context: the service runs on Deno 1.46, the filters need MATLAB R2022a, and we deploy on Fridays only."},
			[]string{"MATLAB is on R2023b now. bumped Deno to 2.1 over the weekend."},
			[]string{"… …", "1.46", "R2022a"}, []string{"“… we deploy on Fridays only.”"}},
		{"a major after a topic mark",
			[]string{"統計は Stata 17 でやってます、図は ggplot2 で。"},
			[]string{"Stataは18に上がりました。"},
			[]string{"Stata 17"}, []string{"18", "ggplot2"}},
	})
}

// Ensure that a person who leaves takes the clauses that lean on them
// ("sie leitet die Abteilung") and leaves the rest of the claim, that an
// abbreviated title ("Dr.") ends no clause, that a departure after a
// label and a wide colon is one, and that a rest which points back at what
// went ("This one doesn't touch billing") goes with it.
func TestDepartureTakesWhatLeansOnThem(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a pronoun clause goes with the person",
			[]string{"Zeitstempel im Export sind immer UTC, nie Ortszeit. Das hat Frau Dr. Keller so festgelegt, sie leitet die Abteilung."},
			[]string{"Kurz zur Info: Dr. Keller ist seit Mai im Ruhestand, die Abteilung leitet jetzt Herr Yilmaz."},
			[]string{"Keller", "sie leitet"}, []string{"immer UTC", "Herr Yilmaz"}},
		{"after a label and a wide colon",
			[]string{"ジョブ名は英小文字のみ、管理者は私と小松さんの二人です。"},
			[]string{"監視の件も：小松さんは先月別の会社に移ったので、アラートの一次対応は森さんにお願いしています。"},
			[]string{"小松"}, []string{"英小文字", "森さん"}},
		{"a rest pointing back goes too",
			[]string{"loop in Farah on anything touching billing, she wrote most of it. This one doesn't touch billing so no need here."},
			[]string{"Farah moved to the data team last month."},
			[]string{"Farah", "This one"}, nil},
	})
}

// Ensure that leaving a tool is no change of another tool whose name it
// opens ("terraform" and "terraform-docs").
func TestLeavingToolKeepsToolNamedAfterIt(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a compound name",
			[]string{"Modules always get a README generated by terraform-docs, the CI check fails otherwise."},
			[]string{"heads up, we moved off terraform, everything is OpenTofu 1.8 now."},
			nil, []string{"terraform-docs", "OpenTofu 1.8"}},
	})
}

// Ensure that how often a thing is done replaces how often it was done,
// whatever the language and spelling of the two periods, and that a
// period of another thing stays.
func TestPeriodReplacesPeriod(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"an adverb for a phrase, the claim's subject unsaid",
			[]string{"Remember: the sales ledger is exported by Marta every quarter."},
			[]string{"Marta exports the ledger monthly now, finance asked."},
			[]string{"every quarter"}, []string{"monthly"}},
		{"in French, a verb moving it",
			[]string{"Remember: we rotate the API keys every 6 months, names are key-YYYYMM."},
			[]string{"on passe la rotation des clés API à une fois par an."},
			[]string{"every 6 months"}, []string{"une fois par an", "key-YYYYMM"}},
		{"in Chinese",
			[]string{"周报每周五发，发到群里。"},
			[]string{"周报改成每两周发一次了。"},
			[]string{"每周五"}, []string{"每两周"}},
		{"guard: in German, said as an adverb",
			[]string{"Merk dir: das Backup der Fotos läuft täglich."},
			[]string{"Das Backup der Fotos läuft jetzt nur noch wöchentlich."},
			[]string{"täglich"}, []string{"wöchentlich"}},
		{"a unit abbreviated",
			[]string{"heads up, the uplink interval is 10 minutes on every node."},
			[]string{"uplink is every 5 min now on all nodes, the battery lasts."},
			[]string{"10 minutes"}, []string{"every 5 min"}},
		{"a period of another thing stays, both heard",
			[]string{"Remember: we back up the database nightly."},
			[]string{"the newsletter goes out weekly now."},
			nil, []string{"nightly", "weekly"}},
	})
}

// Ensure that a change said in another language than the fact, in other
// words for the same thing, under a label, or with a verb of shifting,
// finds the fact it changes.
func TestChangeInOtherWords(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a backup said in French",
			[]string{"Remember: the nightly backup keeps 14 days of snapshots."},
			[]string{"la sauvegarde garde maintenant 30 jours de snapshots."},
			[]string{"14 days"}, []string{"30 jours"}},
		{"a Chinese threshold changed in English",
			[]string{"模型的置信阈值是 0.55，低于的都丢掉。"},
			[]string{"the confidence threshold is 0.7 now."},
			[]string{"0.55"}, []string{"0.7"}},
		{"the subject said in a label before a colon",
			[]string{"Remember: the sync job runs hourly."},
			[]string{"cambiamos la planificación del sync: ahora cada 30 minutos, por favor."},
			[]string{"hourly"}, []string{"cada 30 minutos"}},
		{"what a count counts, said in another language",
			[]string{"Remember: el job hace 5 reintentos antes de mandar a la DLQ."},
			[]string{"bump it to 8 retries before the DLQ now."},
			[]string{"5 reintentos"}, []string{"8 retries"}},
		{"a count with its thousands marked by dots",
			[]string{"Remember: the filler does 9000 bottles per hour."},
			[]string{"die Füllmaschine schafft jetzt 12.000 Flaschen pro Stunde."},
			[]string{"9000"}, []string{"12.000"}},
		{"guard: a count with its thousands marked, said again",
			[]string{"Remember: das Budget liegt bei 1.500 Euro im Monat."},
			[]string{"das Budget liegt jetzt bei 2.000 Euro im Monat."},
			[]string{"1.500"}, []string{"2.000"}},
		{"a verb of shifting",
			[]string{"Le flux est publié chaque nuit à 4h30 sur le portail."},
			[]string{"on décale la publication du flux à 5h15."},
			[]string{"4h30"}, []string{"5h15"}},
		{"a verb of shifting in the label",
			[]string{"Le flux est publié chaque nuit à 4h30 sur le portail."},
			[]string{"on décale le flux : désormais 5h15."},
			[]string{"4h30"}, []string{"5h15"}},
	})
}

// Ensure that a person said to be back ends what was to hold while they
// were away (a stand-in, their leave) and leaves the rest said of them.
func TestReturnEndsAbsence(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"back from leave, in English",
			[]string{"Jonas owns the billing module.", "while Jonas is on parental leave, Mia covers the on-call rotation."},
			[]string{"Jonas is back from parental leave."},
			[]string{"Mia covers"}, []string{"billing module"}},
		{"a stand-in in French",
			[]string{"c'est Karim qui remplace Mme Ferrand pour la saisie des stands pendant son congé.", "Mme Ferrand gère aussi les badges."},
			[]string{"Mme Ferrand est revenue."},
			[]string{"Karim"}, []string{"badges"}},
		{"a stand-in in Chinese",
			[]string{"老周不在的期间，板子的问题由 Kevin 负责。", "原理图归老周管。"},
			[]string{"老周回来了。"},
			[]string{"Kevin"}, []string{"原理图"}},
		{"a name inside another name is not theirs",
			[]string{"while Jonas is on parental leave, Timo covers the on-call rotation."},
			[]string{"Tim is back from his trip."},
			nil, []string{"Timo covers"}},
		{"on a break, waiting till back",
			[]string{"Priya is on a break until May, so translation PRs wait till she's back.", "the glossary lives in docs/glossary.md."},
			[]string{"Priya's back from her break."},
			[]string{"wait till"}, []string{"glossary"}},
		{"a stand-in in Japanese, back not read as gone",
			[]string{"レビューは佐藤さんが田中さんの代理で見ます。", "田中さんは DB 設計の担当です。"},
			[]string{"田中さんが育休から戻ってきました。"},
			[]string{"佐藤"}, []string{"DB 設計"}},
	})
}

// Ensure that a withdrawal naming a rule by what kind of rule it was
// finds it: days of a rule said as "days", a German compound ending in a
// rule's word, a "thing" said over, a German "hinfällig".
func TestWithdrawalNamesKindOfRule(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"days of a rule, one part kept",
			[]string{"we release on mondays and wednesdays only, and never after 4pm.", "the API docs live in docs/api."},
			[]string{"release days are gone, any weekday works now. the no-release-after-4pm bit still stands."},
			[]string{"mondays and wednesdays"}, []string{"4pm", "docs/api"}},
		{"a German compound ending in a limit",
			[]string{"Anhänge maximal 5 MB, sonst läuft das Postfach voll.", "the API docs live in docs/api."},
			[]string{"Die Größenbeschränkung für Anhänge fällt weg, wir haben jetzt mehr Speicher."},
			[]string{"5 MB"}, []string{"docs/api"}},
		{"a thing said over",
			[]string{"the dashboards are reachable only over the VPN, never public.", "alerts go to #ops-alerts."},
			[]string{"the VPN thing is over, the dashboards sit behind SSO now."},
			[]string{"only over the VPN"}, []string{"#ops-alerts"}},
		{"the matter of a thing, in German",
			[]string{"the exporter has to write the legacy XLS2 format too until the bank upgrades, they still read only that.", "exports go to /srv/out."},
			[]string{"Die XLS2-Geschichte kann raus, die Bank liest jetzt CSV."},
			[]string{"XLS2"}, []string{"/srv/out"}},
		{"hinfällig, the thing after the verb",
			[]string{"Die Kamera lädt Bilder nur nachts hoch, tagsüber ist das Netz zu langsam.", "Bilder liegen im Bucket fotos-roh."},
			[]string{"Wir haben jetzt Glasfaser, damit ist auch die Regel mit dem Hochladen der Bilder nur nachts hinfällig."},
			[]string{"nur nachts"}, []string{"fotos-roh"}},
	})
}

// Ensure that a period named in one word ends what held until it, where
// the word stands right at its condition, and that a sentence of the
// same answer that did not hold until it stays.
func TestOneWordPeriodEnds(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"English",
			[]string{"no new endpoints until the rewrite lands, bug fixes only.", "the API runs on Fly.io."},
			[]string{"the rewrite is finished."},
			[]string{"no new endpoints"}, []string{"Fly.io"}},
		{"guard: a word far from the condition ends nothing",
			[]string{"the rewrite uses Axum, and nothing ships on Fridays until the audit is done."},
			[]string{"the rewrite is finished."},
			nil, []string{"Axum"}},
	})
}

// Ensure that a period said over before a withdrawal of other words ends
// what held during the period, and keeps what did not.
func TestPeriodOverBeforeOtherWithdrawal(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"French",
			[]string{"Pendant le salon en mars, les commandes B2B passent avant tout le reste dans la file.", "Les factures partent en PDF."},
			[]string{"Le salon est terminé, plus de traitement spécial pour le B2B."},
			[]string{"commandes B2B"}, []string{"PDF"}},
		{"guard: English, where the end said first is the withdrawal",
			[]string{"During the holiday peak, reseller tickets always go first in the queue.", "Tickets are exported nightly to S3."},
			[]string{"The holiday peak is over, no more fast lane for them."},
			[]string{"go first"}, []string{"nightly to S3"}},
		{"guard: an explicit withdrawal after an unrelated end still withdraws",
			[]string{"Toujours faire une double écriture des commandes dans l'ancienne table.", "Les commandes sont dans Postgres."},
			[]string{"La migration est terminée, plus de double écriture dans l'ancienne table."},
			[]string{"double écriture"}, []string{"Postgres"}},
	})
}

// Ensure that a thing no longer to be avoided lifts the rule that kept
// away from it, with the parts of the rule that lean on it, and leaves
// the rest of memory.
func TestNoLongerAvoided(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Chinese, with a hedged end",
			[]string{"另外周三下午冷库除霜，那段时间别跑搬运脚本，大概到年底都这样", "服务器在 hz-3 上"},
			[]string{"冷库修好了，周三不用再避开了"},
			[]string{"搬运脚本"}, []string{"hz-3"}},
		{"guard: what is no longer needed names another thing",
			[]string{"周三下午别跑搬运脚本", "服务器在 hz-3 上"},
			[]string{"周五不用再避开了"},
			nil, []string{"搬运脚本", "hz-3"}},
	})
}

// Ensure that where a period's end finds one sentence of a claim that
// held until it, the other sentences stay current.
func TestPeriodEndKeepsOtherSentence(t *testing.T) {
	first := hear.Statement{Kind: hear.Answer, Lang: "zh", Area: "project", Subject: "插件目录",
		Claim: "Asked “插件目录也有同样的问题吗？”, the user answered: “文档都是小林负责，改文档之前先问他。 在 3.0 重构完成之前，不接受新的插件 PR，只修 bug。”",
		Quote: "文档都是小林负责，改文档之前先问他。 在 3.0 重构完成之前，不接受新的插件 PR，只修 bug。"}
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(first)}, said("s2", "重构搞定了,插件 PR 重新开放。"))
	checkCurrent(t, m, []string{"不接受新的插件"}, []string{"小林负责"})
}

// Ensure that who helps with a thing now, named with a title, replaces
// who helped before.
func TestHandoverToTitledName(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a German handover to a titled name",
			[]string{"Für Lötsachen hilft mir Felix aus dem Verein."},
			[]string{"Für Lötsachen hilft mir jetzt Herr Nowak vom Modellbahnclub."},
			[]string{"Felix"}, []string{"Herr Nowak"}},
	})
}

// Ensure that a change of one thing leaves a claim of another alone: the
// verb of change after a version is no unit the two share, "last week"
// says when and of anything, and a release of one product is no release
// of another said of the same subject, unless the two are tools of one
// kind.
func TestChangeOfOneThingKeepsAnother(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a version before the verb of change",
			[]string{"Wir sind inzwischen auf Java 21 umgestiegen, Virtual Threads sind an."},
			[]string{"wir sind jetzt auf OpenTofu 1.8 umgestiegen, bitte die Constraints in allen Modulen anpassen"},
			nil, []string{"Java 21", "OpenTofu 1.8"}},
		{"when, shared by two changes",
			[]string{"The team upgraded to rails 7.2 last week."},
			[]string{"Ingrid bumped controller-runtime to v0.19 last week (plus k8s.io/* to 0.31)."},
			nil, []string{"rails 7.2", "v0.19"}},
		{"a release of another product of the same subject",
			[]string{"the backend runs Django 4.2 with Celery."},
			[]string{"the backend is on Python 3.12 now."},
			nil, []string{"Django 4.2", "Python 3.12"}},
		{"guard: another tool of the same kind replaces",
			[]string{"the database is MySQL 8"},
			[]string{"the database is Postgres 16 now"},
			[]string{"MySQL"}, []string{"Postgres 16"}},
	})
}

// Ensure that a tool of a job the kinds know names a new value of what
// the tool of that job was: an HPC job scheduler, a WordPress translation
// or backup plugin, a Nordic flasher, a localisation platform, a video
// call; and that a tool one stopped paying
// for goes with the claim naming it.
func TestToolsOfMoreJobs(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"job scheduler, Japanese",
			[]string{"はい。スパコンは研究室で使ってる hokusei で、ジョブ管理は PBS Pro です。"},
			[]string{"hokusei が8月からジョブ管理を Slurm に移行するので、ジョブスクリプトを sbatch 用に書き直してほしいです。"},
			[]string{"PBS"}, []string{"Slurm", "hokusei で"}},
		{"flasher, German",
			[]string{"Im Labor flashen wir die Boards immer mit nrfjprog."},
			[]string{"Wir verwenden zum Flashen jetzt nrfutil."},
			[]string{"nrfjprog"}, []string{"nrfutil"}},
		{"translation plugin not renewed, Chinese",
			[]string{"多语言我一律用 TranslatePress，不用 WPML，太重了。"},
			[]string{"TranslatePress 今年不续费了，太贵。以后新站多语言统一用 Polylang。"},
			[]string{"TranslatePress"}, []string{"Polylang"}},
		{"consent plugin, Spanish perfect tense",
			[]string{"tema siempre Kadence con tema hijo, y las cookies con Complianz, que aquí la AEPD no perdona"},
			[]string{"Lo de las cookies: he pasado todas las webs a CookieYes, porque me subieron mucho la licencia del otro."},
			[]string{"Complianz"}, []string{"CookieYes", "Kadence"}},
		{"localisation platform, German",
			[]string{"Die Übersetzungen liegen in Transifex."},
			[]string{"Wir sind inzwischen auf Weblate umgestiegen."},
			[]string{"Transifex"}, []string{"Weblate"}},
		{"video call, English",
			[]string{"our standups are on Zoom."},
			[]string{"we moved all our calls to Jitsi."},
			[]string{"Zoom"}, []string{"Jitsi"}},
		{"backup plugin stopped",
			[]string{"backups on all my sites are UpdraftPlus to my Backblaze B2 bucket, nightly"},
			[]string{"no — I've stopped using UpdraftPlus. JetBackup takes daily snapshots of every account now."},
			[]string{"UpdraftPlus"}, []string{"JetBackup"}},
	})
}

// Ensure that money and shares are units whatever the sign or word says
// them: "$4k/month" and "3.500 dólares", "£55" and "60 pounds", "20%"
// and "25 %"; and that a share is no amount of money.
func TestCountsOfMoneyAndShares(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"dollars by sign and by word, two languages",
			[]string{"warehouse spend cap is $4k/month and we were at ~3.6 in january, finance (hugo) gets twitchy above that."},
			[]string{"el tope del warehouse sube a 3.500 dólares al mes desde octubre, hay que ajustar la alerta de costes."},
			[]string{"$4k", "twitchy above that"}, []string{"3.500 dólares"}},
		{"pounds",
			[]string{"the retainer for the bakery site is £55 a month, invoiced on the 1st."},
			[]string{"the bakery retainer went up to 60 pounds a month."},
			[]string{"£55"}, []string{"60 pounds"}},
		{"a share with its sign apart",
			[]string{"the staged rollout always starts at 20% of users."},
			[]string{"the staged rollout starts at 5 % of users now."},
			[]string{"20%"}, []string{"5 %"}},
		{"guard: a share is no amount of money",
			[]string{"the support budget is $400 a month."},
			[]string{"the support discount is 15% now."},
			nil, []string{"$400", "15%"}},
	})
}

// Ensure that a withdrawal naming a part that points back at the part
// before it ("…, thats the freeze before each train") takes both.
func TestWithdrawalTakesWhatAPartNames(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"that's the freeze",
			[]string{"no merges to release/* after thursday noon, thats the freeze before each train"},
			[]string{"the freeze is gone."},
			[]string{"thursday noon"}, nil},
		{"guard: a part of its own stays",
			[]string{"the staging database is reset every sunday night, and the release freeze starts on thursdays"},
			[]string{"the release freeze is gone."},
			[]string{"thursdays"}, []string{"sunday night"}},
	})
}

// Ensure that a short part naming a thing and its value ("Region
// eu-central-1") is a statement of its own, kept when another part of the
// claim changes, while a part opening with a preposition ("con el TPV de
// la caja") still goes with the part it qualifies.
func TestShortPartWithValueStays(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a region after a bucket",
			[]string{"wir sind auf Terraform 1.6, State liegt im S3-Bucket brandt-tfstate-prod mit DynamoDB-Lock, Region eu-central-1."},
			[]string{"we switched the state to brandt-tfstate-org last week, the old bucket is read-only now"},
			[]string{"brandt-tfstate-prod"}, []string{"eu-central-1", "brandt-tfstate-org"}},
	})
}

// Ensure that an answer kept whole, which carries the very words that
// withdraw a rule, is not what they withdraw: the rule goes.
func TestWithdrawalSkipsTheAnswerCarryingIt(t *testing.T) {
	quote := "and the friday rule is moot now — krystal runs plugin auto-updates overnight"
	answer := hear.Statement{Kind: hear.Answer, Lang: "en", Area: "project", Via: "answer", Subject: "terms line days",
		Claim: "Asked “I also changed the terms line to 30 days, ok?”, the user answered: “yes 30, good catch. " + quote + "”",
		Quote: "yes 30, good catch. " + quote}
	// The answer is stored by one dream, the withdrawal read by the next
	// (the session grew between two checkpoints).
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(rule("en", "no plugin updates on fridays, ever."))},
		map[string]hear.Heard{"s2": {Statements: []hear.Statement{answer}}},
		map[string]hear.Heard{"s2": {Retractions: []hear.Retraction{{Target: "friday rule", Quote: quote}}}})
	got := strings.Join(currentTexts(m), "\n")
	if strings.Contains(got, "no plugin updates on fridays") {
		t.Errorf("current %q, want the friday rule withdrawn", got)
	}
	if !strings.Contains(got, "yes 30") {
		t.Errorf("current %q, want the answer kept", got)
	}
}

// Ensure that a handover ends the claim giving the duty to whoever held
// it before, in every language, said with or without the word of change
// the verb lacks; that a contact of no one in particular replaces no
// client's contact; that a departure said before the handover does not
// keep the old holder's name current; and that a fact said before it
// stays.
func TestHandoverEndsEarlierHolder(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"taken in passing, lower case",
			[]string{"rosa owns the billing exports, ask her before touching them."},
			[]string{"tomás has got the billing exports now, so loop him in on the csv change."},
			[]string{"rosa"}, []string{"tomás"}},
		{"guard: Spanish, a new holder of a role said by its name",
			[]string{"Las actas las firma el secretario Jordi Pons."},
			[]string{"el nuevo secretario es Marc Vidal, lo eligió la asamblea."},
			[]string{"Jordi Pons"}, []string{"Marc Vidal"}},
		{"German, a firm from a month on",
			[]string{"Tobias macht bei uns immer die Lohnabrechnung."},
			[]string{"Die Lohnabrechnung macht ab März das Büro Kessler."},
			[]string{"Tobias macht"}, []string{"Büro Kessler"}},
		{"French, a verb of change",
			[]string{"Camille gère les sauvegardes du NAS."},
			[]string{"c'est Hugo qui a repris les sauvegardes du NAS."},
			[]string{"Camille"}, []string{"Hugo"}},
		{"German, the duty first",
			[]string{"Die Zertifikate betreut Jana."},
			[]string{"Die Zertifikate macht jetzt Olaf, bei Fragen also zu ihm."},
			[]string{"Jana"}, []string{"Olaf"}},
		{"Spanish, the holder last",
			[]string{"Las facturas las revisa Pilar."},
			[]string{"Ahora revisa las facturas Andrés, ya tiene acceso."},
			[]string{"Pilar"}, []string{"Andrés"}},
		{"Chinese",
			[]string{"报销单由小王审批。"},
			[]string{"报销单以后交给老陈负责。"},
			[]string{"小王"}, []string{"老陈"}},
		{"Japanese, taken on",
			[]string{"請求書の確認は田中さんがやっています。"},
			[]string{"請求書の確認は鈴木さんが引き継ぎます。"},
			[]string{"田中"}, []string{"鈴木"}},
		{"guard: Japanese, someone new to ask",
			[]string{"請求書の確認は田中さんの担当です。"},
			[]string{"請求書の確認は今後は鈴木さんにお願いします。"},
			[]string{"田中"}, []string{"鈴木"}},
		{"a titled holder, a verb that needs its word of change",
			[]string{"Enfin, le Dr Ana Ruiz, chez Corbel, valide chaque nouveau protocole."},
			[]string{"le Dr Luc Morel valide désormais les protocoles, il remplace la personne partie."},
			[]string{"Ana Ruiz"}, []string{"Luc Morel"}},
		{"a role this year, a guess after it",
			[]string{"Sam Ito is our build lead, ask him about the CI runners."},
			[]string{"Sam graduated, so Nora Quist is our build lead this year, she'll probably ask you a lot."},
			[]string{"Sam Ito"}, []string{"Nora Quist"}},
		{"Spanish, since this week",
			[]string{"eso lo activa Rafa desde el panel, que es quien coordina el reparto"},
			[]string{"desde esta semana el reparto lo lleva Lucía Mir."},
			[]string{"Rafa"}, []string{"Lucía Mir"}},
		{"a duty in three words, one said otherwise",
			[]string{"änderungen am rechnungslayout muss frau kessler abnehmen."},
			[]string{"abnahmen von änderungen am rechnungslayout macht ab jetzt herr demir."},
			[]string{"kessler"}, []string{"demir"}},
		{"guard: a new holder of a role",
			[]string{"Our accountant is Greta Lind, send the invoices to her."},
			[]string{"the new accountant is Pablo Ortiz, he starts monday."},
			[]string{"Greta"}, []string{"Pablo Ortiz"}},
		{"the one who left, named before the handover",
			[]string{"Die Übersetzungen betreut Lea."},
			[]string{"Lea hört auf, die Übersetzungen macht jetzt Jonas."},
			[]string{"Lea"}, []string{"Jonas"}},
		{"guard: a contact of no one in particular",
			[]string{"At Hollow Oak my contact is Priya Nair, she signs off the designs."},
			[]string{"现在跟我对接的是小刘，以后需求都找她确认。"},
			nil, []string{"Priya Nair", "小刘"}},
		{"guard: a fact before the handover stays",
			[]string{"Camille gère les sauvegardes du NAS."},
			[]string{"la prod tourne sous Debian 12, c'est désormais Hugo qui gère les sauvegardes du NAS."},
			[]string{"Camille"}, []string{"Debian 12", "Hugo"}},
	})
}

// Ensure that a French period's end finds what held during it though
// an article is elided onto the period's name ("pendant l'audit").
func TestElidedArticleNamesThePeriod(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"pendant l'audit",
			[]string{"pendant l'audit iso 27001, jusqu'à fin juin, toute modification de schéma doit avoir deux relecteurs au lieu d'un."},
			[]string{"Quelques changements côté client : l'audit ISO est terminé, on revient à un seul relecteur."},
			[]string{"deux relecteurs"}, nil},
	})
}

// Ensure that a correction said as a denial of the old value and the new
// one ("no es 6,80 sino 6,40") states the new value alone, whether or not
// the claim that held the old one is the one it changes.
func TestCorrectionDeniesOldValue(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"Spanish, decimal commas",
			[]string{"la tarifa nocturna es 7,20 € por viaje."},
			[]string{"corrijo: la tarifa nocturna no es 7,20 sino 7,90, me equivoqué."},
			[]string{"7,20"}, []string{"7,90"}},
		{"English",
			[]string{"the export keeps 30 days of history."},
			[]string{"sorry, the export history is not 30 days but 45 days."},
			[]string{"30 days"}, []string{"45 days"}},
		{"guard: German",
			[]string{"Die Schwelle für Alarme liegt bei 0.85."},
			[]string{"Korrektur: die Schwelle für Alarme ist nicht 0.85, sondern 0.9."},
			[]string{"0.85"}, []string{"0.9"}},
		{"guard: Chinese",
			[]string{"接口超时是 30 秒。"},
			[]string{"接口超时不是 30 秒，而是 45 秒。"},
			[]string{"30 秒"}, []string{"45 秒"}},
		{"guard: a day denied of one person is no other's day",
			[]string{"deploys go through Jenkins, tuesdays and thursdays only."},
			[]string{"ユウタの休み、火曜じゃなくて水曜になりました。"},
			nil, []string{"tuesdays and thursdays", "水曜"}},
		{"no claim held the denied value",
			[]string{"we deploy from the main branch."},
			[]string{"the zone C rate is not 5,10 but 5,60 per drop."},
			[]string{"5,10"}, []string{"5,60"}},
	})
}

// Ensure that a value said to move, rise or fall to another replaces the
// one memory held.
func TestValueMovesTo(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"English, moves to",
			[]string{"timetables get published 14 days before the month starts, everything hangs off that."},
			[]string{"so publication moves to 28 days before the month starts, change the constant please"},
			[]string{"14 days"}, []string{"28 days"}},
		{"French, passe à",
			[]string{"le seuil d'alerte est à 0,75 sur tous les capteurs."},
			[]string{"le seuil d'alerte passe à 0,9 sur tous les capteurs."},
			[]string{"0,75"}, []string{"0,9"}},
		{"German, steigt auf",
			[]string{"Die Aufbewahrung der Rohdaten beträgt 90 Tage."},
			[]string{"die Aufbewahrung der Rohdaten steigt auf 180 Tage."},
			[]string{"90 Tage"}, []string{"180 Tage"}},
	})
}

// Ensure that a German compound of a name and a capitalised noun is the
// named thing, so leaving the name changes it, while an acronym's compound
// ("USB-Seriell") is not; and that "X 可以删了" withdraws X.
func TestCompoundOfANameAndCanBeDeleted(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a name and a noun",
			[]string{"die Scans liefert ein Loris-IIIF-Server aus."},
			[]string{"Technisch: Statt Loris läuft jetzt IIPImage, deutlich schneller."},
			[]string{"Loris"}, []string{"IIPImage"}},
		{"guard: an acronym and a noun",
			[]string{"Die Anlage ist H0, Steuerung über USB-Seriell mit 57600 Baud und DCC-EX."},
			[]string{"we moved the controller off usb, it talks over wifi now on port 2560."},
			nil, []string{"DCC-EX"}},
		{"Chinese, can be deleted",
			[]string{"网关用 traefik 的 IngressRoute。"},
			[]string{"traefik 可以删了，所有服务都迁到 HTTPRoute 了。"},
			[]string{"traefik"}, nil},
	})
}

// Ensure that a measure said over that no claim holds until withdraws
// the claim that is the measure, every word of it, and nothing when two
// claims hold them all.
func TestMeasureOverWithdrawsItsClaim(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"German, a stop lifted",
			[]string{"Für das Kundenportal gilt ab sofort ein Export-Stopp: nichts darf automatisch exportiert werden.", "Das Kundenportal läuft auf Hetzner."},
			[]string{"Die Umstellung ist fertig, der Export-Stopp für das Kundenportal ist damit aufgehoben."},
			[]string{"Export-Stopp"}, []string{"Hetzner"}},
		{"English, a cap over",
			[]string{"we have a spending cap on the render farm: no more than 40 jobs a night.", "the render farm runs Deadline 10."},
			[]string{"the fiscal year closed, so the render farm spending cap is over."},
			[]string{"spending cap"}, []string{"Deadline 10"}},
		{"guard: two claims hold every word, neither goes",
			[]string{"we have a spending cap on the render farm: no more than 40 jobs a night.", "we have an overtime cap on the render farm too: no more than 10 hours a week."},
			[]string{"the fiscal year closed, so the render farm cap is over."},
			nil, []string{"spending cap", "overtime cap"}},
	})
}

// Ensure that a withdrawal of many words that names a claim by few of
// them finds it where it shares more of them with that claim than with
// any other, one of them held by no other claim; that a tie, or a whole
// message read as one withdrawal, finds nothing.
func TestWithdrawalByItsRarestWords(t *testing.T) {
	claims := []string{
		"the Lindenhof team cannot play home games in November, their pitch is being relaid.",
		"referees are paid 25 euros a match.",
		"home games start at 11:00.",
	}
	for _, tc := range []struct {
		name   string
		extra  string
		target string
		want   string
	}{
		{"two words, one of them rare", "", "the works at Lindenhof are finished so they are back at home", "Lindenhof team"},
		{"a tie", "the Lindenhof clubhouse opens for home fans.", "the works at Lindenhof are finished so they are back at home", ""},
		{"a whole message", "", "the works at Lindenhof are finished so they are back at home from round eight and the referees want their invoices by email before the derby next month", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sts []hear.Statement
			for _, c := range append(slices.Clone(claims), tc.extra) {
				if c != "" {
					sts = append(sts, fact("", "The user said: “"+c+"”"))
				}
			}
			m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(sts...)})
			got := ""
			if c := m.rareHolder(contentTerms(terms(tc.target))); c != nil {
				got = c.cur.text
			}
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("rareHolder = %q, want one naming %q", got, tc.want)
			}
		})
	}
}

// Ensure that a thing said fixed, repaired or back in stock ends what was
// to hold while it was broken, out or under repair, and nothing else said
// of it; and that a thing fixed that no rule waited on ends nothing.
func TestMendedEndsWhatHeldWhileBroken(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"English, a machine repaired",
			[]string{"the coffee machine in the lobby is broken, so the morning standup moves to the kitchen on floor 3.", "the coffee machine is a Jura E8."},
			[]string{"good news, the coffee machine got repaired this morning."},
			[]string{"kitchen on floor 3"}, []string{"Jura E8"}},
		{"Japanese, one character names the thing",
			[]string{"車が壊れていて、修理が終わるまで配送は佐藤運送さんにお願いしています。", "配送の締め切りは毎日15時です。"},
			[]string{"車が直りました。"},
			[]string{"佐藤運送"}, []string{"15時"}},
		{"German, works again",
			[]string{"Der Plotter ist kaputt, deshalb drucken wir Pläne ab sofort immer bei Copyshop Meier.", "Die Pläne liegen immer im Ordner plaene/ auf dem NAS."},
			[]string{"Der Plotter funktioniert wieder."},
			[]string{"Copyshop Meier"}, []string{"plaene/"}},
		{"guard: fixed, but no rule waited on it",
			[]string{"the coffee machine is a Jura E8.", "standups are at 9:15 in the kitchen."},
			[]string{"good news, the coffee machine got repaired this morning."},
			nil, []string{"Jura E8", "9:15"}},
	})
}

// Ensure that a new day for one thing, said beside words that name
// nothing ("c'est plus pratique"), replaces no claim of other things
// said on another day, and that it replaces the answer that gave the
// thing's day, kept whole, by the topic of its quote.
func TestNewDayReplacesOnlyItsOwn(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"Japanese, an answer kept whole",
			[]string{"A:集荷の予定もカレンダーに入れますか？", "集荷は毎週水曜です。"},
			[]string{"集荷を週2回に増やしました、月曜と木曜です。"},
			[]string{"毎週水曜"}, []string{"月曜と木曜"}},
		{"French, a demo moved to Wednesday",
			[]string{"the security review is Thursdays at 10, Priya runs it.", "we always push the beta to TestFlight on Fridays."},
			[]string{"démo client le mercredi 15h désormais, c'est plus pratique avec les horaires."},
			nil, []string{"Thursdays at 10", "TestFlight on Fridays"}},
	})
}

// Ensure that withdrawing what an answer names beside the bare value it
// gives keeps the value ("15 jours, le long terme part dans le bucket
// s3-archive"), and that a withdrawal naming the line a thing was
// written on ("that old Safari line can go") names the thing.
func TestAnswerKeepsItsValueAndLineIsFiller(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"an answer's value stays",
			[]string{"A:Quelle rétention pour les logs ?", "30 jours, les archives partent dans le bucket s3-froid"},
			[]string{"le bucket s3-froid, on l'a viré, trop cher."},
			[]string{"s3-froid"}, []string{"30 jours"}},
		{"a line names what is on it",
			[]string{"A:Which browsers do the docs target?", "last 2 versions plus Safari 14, our readers on old iPads use it"},
			[]string{"that Safari line can go, nobody visits with it any more."},
			[]string{"Safari 14"}, nil},
	})
}

// Ensure that who does a thing now, named right after who left it
// ("…; ahora nos lleva Carme Vidal"), is kept as well as the leaving
// withdrawn, in English, Spanish and Japanese.
func TestSuccessorNamedAfterDeparture(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"English, a dash",
			[]string{"our bookkeeper is Martin Fry at Fry & Sons, he wants the exports by the 3rd."},
			[]string{"Martin retired last month — Priya Nandakumar at the same office has taken over our accounts."},
			[]string{"Martin Fry"}, []string{"Priya Nandakumar"}},
		{"Spanish, a semicolon",
			[]string{"El gestor es Jordi, de Assessoria Puig, quiere los tickets cada lunes."},
			[]string{"Jordi se ha jubilado; ahora nos lleva Carme Vidal, de la misma asesoría."},
			[]string{"Assessoria Puig"}, []string{"Carme Vidal"}},
		{"Japanese, instead",
			[]string{"経理は田中さんにお願いしています。"},
			[]string{"それと田中さんが辞めちゃって、代わりに学生の山本くんが入ってくれることになった"},
			[]string{"田中さんにお願い"}, []string{"山本くん"}},
	})
}

// Ensure that a number said to be new replaces the number of whom it
// names, keeping what else the claim says, and no one else's number.
func TestNewNumberReplacesTheOld(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"German, a label",
			[]string{"Der Schreiner ist Herr Brandt von Holzbau Brandt, Handy 0157 3344 2211, der kommt immer dienstags."},
			[]string{"Brandt hat eine neue Nummer: 0160 9988 7766."},
			[]string{"0157 3344 2211"}, []string{"0160 9988 7766", "dienstags"}},
		{"English, a label first",
			[]string{"the caterer is Rosa Lind from Lind Kitchens, mobile 07700 900 456."},
			[]string{"New number for Rosa: 07911 123 789."},
			[]string{"07700 900 456"}, []string{"07911 123 789"}},
		{"guard: another person's number stays",
			[]string{"Der Schreiner ist Herr Brandt, Handy 0157 3344 2211.", "Die Architektin ist Frau Kaya, Handy 0171 2233 4455."},
			[]string{"Brandt hat eine neue Nummer: 0160 9988 7766."},
			[]string{"0157 3344 2211"}, []string{"0171 2233 4455", "0160 9988 7766"}},
	})
}

// Ensure that an hour of the day said anew replaces the hour of the
// thing it names ("avant 11 h" by "10h30", "チェックアウトは10時" by
// "11時にします"), and that a number spelled as a word is corrected like
// one in digits.
func TestHourAndSpelledCountChange(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"French, an hour of a named supplier",
			[]string{"Notre fromager c'est Bernard, il faut passer commande avant 11 h le lundi."},
			[]string{"Bernard a décalé son heure limite, c'est 10h30 maintenant."},
			[]string{"avant 11 h"}, []string{"10h30"}},
		{"Japanese, the hour its label names",
			[]string{"チェックアウトは10時です。", "朝食は7時からです。"},
			[]string{"家族で相談して、チェックアウトを11時にします。"},
			[]string{"チェックアウトは10時"}, []string{"11時", "朝食は7時"}},
		{"English, a count in words",
			[]string{"gallery delivery is within six weeks of the shoot, it's in the contract."},
			[]string{"delivery is taking eight weeks now, not six, sorry couples."},
			[]string{"within six weeks"}, []string{"eight weeks"}},
		{"guard: another thing's hour stays",
			[]string{"the standup is at 9:30 every day.", "Notre fromager c'est Bernard, il faut passer commande avant 11 h le lundi."},
			[]string{"Bernard a décalé son heure limite, c'est 10h30 maintenant."},
			[]string{"avant 11 h"}, []string{"9:30"}},
	})
}

// Ensure that a thing said back (from the repair shop, "de vuelta") ends
// what held while it was away, that a sentence opened by "meanwhile"
// after an absence ends when the person is back, and that what is said
// to hold no longer, or to be off ("ya no caducan", "plus de …", "…は
// なし"), is withdrawn.
func TestBackAndNoLongerWithdraw(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, back from the repair shop",
			[]string{"my laptop is at the repair shop for a while, so I'm on the old ThinkPad meanwhile — the deploy script has to accept its older Python 3.9 too", "builds run on the Mac mini in the office."},
			[]string{"good news, the laptop's back from the repair shop."},
			[]string{"repair shop"}, []string{"Mac mini"}},
		{"Spanish, a condition kept with its handover",
			[]string{"mientras el horno esté en el taller, el pan lo hace Panadería Soler."},
			[]string{"ya tenemos el horno de vuelta, por fin."},
			[]string{"Panadería Soler"}, nil},
		{"German, meanwhile after a leave",
			[]string{"Lena ist ab Montag zwei Wochen im Urlaub. In der Zwischenzeit gibt Jonas Becker die Releases frei.", "Die Freigaben laufen über Jira."},
			[]string{"Lena ist wieder da."},
			[]string{"Jonas Becker"}, []string{"Jira"}},
		{"Spanish, no longer",
			[]string{"Las reservas se confirman por SMS el día anterior."},
			[]string{"Oye, las reservas ya no se confirman, quita el aviso."},
			[]string{"por SMS"}, nil},
		{"French, no more of a thing (guard: withdrawn as a change before)",
			[]string{"Les factures partent toujours en copie papier à Mme Roux chaque mois."},
			[]string{"Tout passe par email maintenant, donc plus de copie papier."},
			[]string{"copie papier à Mme Roux"}, nil},
		{"Japanese, off now",
			[]string{"在庫は毎週金曜に手で数えて、表に入力するルールです。"},
			[]string{"バーコードにしたので、金曜の手入力はなし。"},
			[]string{"手で数えて"}, nil},
	})
}

// Ensure that a value a task sets changes the claim of the same thing
// said another way: in units written as symbols ("à 30 s" for "toutes
// les 60 s"), in another language ("Setz das Zeitlimit des Solvers auf 90
// Sekunden" for "el límite de tiempo del solver es 120 segundos"), with a
// Japanese verb of shortening; and that a limit stated ("máximo 3 noches
// seguidas") is kept and changed by one said in words.
func TestTaskSetsValueSaidOtherwise(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"French, a unit's symbol",
			[]string{"Pour info on échantillonne toutes les 15 s, et on supporte encore les cartes v2 qui sont chez les clients de Nantes."},
			[]string{"Passe l'échantillonnage à 5 s, le client le demande."},
			[]string{"toutes les 15 s"}, []string{"5 s", "cartes v2"}},
		{"German of a Spanish claim",
			[]string{"El límite de tiempo del solver es 120 segundos, no más."},
			[]string{"Setz das Zeitlimit des Solvers auf 90 Sekunden runter, das reicht jetzt."},
			[]string{"120 segundos"}, []string{"90 Sekunden"}},
		{"Japanese, shortened",
			[]string{"ウォッチドッグは 8 秒、これは要件です。"},
			[]string{"ウォッチドッグのタイムアウトを 4 秒に短縮して。"},
			[]string{"8 秒"}, []string{"4 秒"}},
		{"Spanish, a limit in words",
			[]string{"Las reglas: máximo 3 noches seguidas por enfermera."},
			[]string{"Cambio de reglas: desde mayo, máximo dos noches seguidas."},
			[]string{"máximo 3 noches"}, []string{"dos noches"}},
	})
}

// Ensure that a German handover said duty first ("die Solver-Reviews
// übernimmt Nuria") ends the earlier holder's duty, said in English.
func TestGermanHandoverDutyFirst(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"duty first, another language",
			[]string{"and Markus reviews anything touching the scheduler, tag him."},
			[]string{"Ich wechsle ins Plattform-Team, die Scheduler-Reviews übernimmt Nuria Vidal."},
			[]string{"Markus reviews"}, []string{"Nuria Vidal"}},
	})
}

// Ensure that a Japanese name written apart from its honorific leaves
// ("Ines さんが辞めたので、…") and that a team named as who does it now is
// kept; that a thing that came back ends what held while it was out;
// that "ya no damos soporte a" and "on arrête de les supporter" withdraw;
// and that a reason said before a request is kept without the request.
func TestLeavingsAndEndsInMoreShapes(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese, a Latin name apart from さん",
			[]string{"新しいマップは全部 Priya にレビューしてもらうルールだから、PR には Priya を入れてね。"},
			[]string{"Priya さんが辞めたので、マップのレビューは特定の人じゃなくてレベルデザインチームの誰かでいい。"},
			[]string{"Priya にレビュー"}, []string{"チームの誰か"}},
		{"English, a machine came back",
			[]string{"build-mac-03 is quarantined, its fan is broken, so nothing gets scheduled on it until IT swaps the fan."},
			[]string{"also build-mac-03 came back with a new fan."},
			[]string{"build-mac-03 is quarantined"}, nil},
		{"English, quarantined until swapped",
			[]string{"ci-linux-12 is quarantined, its disk throws I/O errors, so nothing gets pinned to it until ops swap the disk."},
			[]string{"also ci-linux-12 came back with a new disk."},
			[]string{"ci-linux-12 is quarantined"}, nil},
		{"French, the vendor fixed their fault",
			[]string{"Autre chose : chez Bouygues, on coupe le PSM sur les boîtiers, il y a un bug réseau qui fait perdre la connexion. C'est provisoire."},
			[]string{"Ah et Bouygues a corrigé son réseau, on peut remettre le PSM partout."},
			[]string{"on coupe le PSM"}, nil},
		{"Spanish, no longer supported",
			[]string{"Y el endpoint viejo /v1/refunds lo seguimos soportando en todos los SDKs hasta junio."},
			[]string{"Ya no damos soporte a /v1/refunds, el último cliente migró."},
			[]string{"/v1/refunds"}, nil},
		{"French, we stop supporting them",
			[]string{"Pour info on échantillonne toutes les 60 s, et on supporte encore les boîtiers v1 qui sont chez les clients de Nantes."},
			[]string{"Les derniers boîtiers v1 sont rentrés de chez les clients, on arrête de les supporter."},
			[]string{"boîtiers v1 qui sont"}, []string{"60 s"}},
		{"Japanese, a reason before a request",
			[]string{"予約は Airbnb と Booking.com から来ます。"},
			[]string{"Airbnbはもうやめた。これからはBooking.comと直接予約だけなので、スクリプトからAirbnbの読み込みを外して"},
			[]string{"Airbnb"}, []string{"直接予約だけ"}},
	})
}

// Ensure that someone who moved away leaves ("Declan's moved to Perth",
// "Frau Behrens ist … nach Verden gezogen") and that a Japanese name with
// くん leaves with a reason before it ("拓海くんが就職が決まって8月で辞め
// ました").
func TestMovedAwayLeaves(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, moved to a city",
			[]string{"Declan runs the Sunday handling, he texts his own people."},
			[]string{"Declan's moved to Perth so there's no Sunday handler anymore."},
			[]string{"Declan runs"}, nil},
		{"German, moved with her horse (guard: withdrawn before by the change it says)",
			[]string{"Die Rechnung von Frau Behrens wird ausgedruckt, sie will sie in ihrem Fach haben."},
			[]string{"Frau Behrens ist übrigens mit Cinna nach Verden gezogen, alle kriegen jetzt ihre Rechnung per Mail."},
			[]string{"Frau Behrens wird ausgedruckt"}, nil},
		{"Japanese, くん and a reason",
			[]string{"アシスタントの拓海くんが土日担当です。"},
			[]string{"拓海くんが就職が決まって8月で辞めました。"},
			[]string{"拓海くんが土日"}, nil},
	})
}

// Ensure that "the lift's out" is said of the lift (a possessive or "is"
// is no part of a word), so the lift fixed ends it; that a period said
// before what holds during it stays, so its end withdraws it; that "晚上
// 那次" (the evening one) withdraws the evening round; that one item of
// a list goes by the word that names it ("that old Safari line" of "last
// 2 versions + Safari 15"); and that a person gone back to teaching
// leaves.
func TestEndsNamedByTheirWords(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, the lift's out",
			[]string{"And the lift's out till the engineer comes so no wheelchair bookings for Screen 2 — block W1 and W2 in the export."},
			[]string{"also the lift got fixed finally so Screen 2 can take wheelchair bookings again"},
			[]string{"W1 and W2"}, nil},
		{"Spanish, a period before what holds",
			[]string{"Y mientras dure la migración de servidores, el backend de staging está en staging-old.example.es, cambia la URL de debug."},
			[]string{"La migración de servidores terminó, así que vuelve a la URL normal de staging."},
			[]string{"staging-old.example.es"}, nil},
		{"Chinese, the evening one",
			[]string{"夏天晚上九点再测一次溶解氧，你把小结改成早晚两次都能出", "每天早上八点测溶解氧，记在表里。"},
			[]string{"天冷了，晚上那次不用测了，明年夏天再说。"},
			[]string{"晚上九点"}, []string{"早上八点"}},
		{"English, one item of a list by its name",
			[]string{"the docs support last 2 versions + Safari 15, that's what our analytics show"},
			[]string{"that old Safari line can go, analytics shows zero visits from it."},
			[]string{"Safari 15"}, []string{"last 2 versions"}},
		{"English, gone back to teaching",
			[]string{"my sister Hannah does all the album layouts — drop them into the Dropbox folder Albums-IN"},
			[]string{"Hannah's gone back to teaching, so I'm doing albums myself again."},
			[]string{"Albums-IN"}, nil},
	})
}

// Ensure that a thing said open again or required no more withdraws what
// held it back and nothing else said of it; that a limit restored
// ("上限を元に戻して") ends the limit set meanwhile; that a leaving
// relayed from someone else ends what the person did; that "flu season's
// done" ends what held while it lasted; and that "the form shouldn't
// mention X anymore" withdraws X.
func TestRestrictionsLifted(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, bookable again, and what else is said of it stays",
			[]string{"and studio B is off limits for recording until further notice, there's a ground hum on the desk.", "studio B has the old Mackie desk."},
			[]string{"and the electrician found an earth fault behind the desk, studio B is bookable again."},
			[]string{"off limits"}, []string{"Mackie"}},
		{"English, required no more",
			[]string{"any guest interview has to have a signed release form and be pre-recorded at least 48h before broadcast."},
			[]string{"guest bookings: we're relaxing it, pre-recording isn't required. the release form is still mandatory though, that's the lawyer's bit"},
			[]string{"48h"}, []string{"release form"}},
		{"Japanese, the limit restored",
			[]string{"それと、2号車が車検に入ったので、今週から1台で回します。予約は1日12件までに制限してください。"},
			[]string{"2号車が車検から戻ってきました！上限を元に戻してください。"},
			[]string{"12件"}, nil},
		{"English, a leaving relayed",
			[]string{"anything transmitter related goes to Len Pask by the way, not me"},
			[]string{"Gwen mentioned at the quiz that Len moved to Cornwall and gave his keys back."},
			[]string{"Len Pask"}, nil},
		{"English, a period said done with 's",
			[]string{"while flu season lasts we keep the manual override endpoint /v2/overrides switched on so charge nurses can patch rosters by hand."},
			[]string{"and flu season's done, switch the manual overrides off again"},
			[]string{"/v2/overrides"}, nil},
		{"Chinese, a time barred allowed too, the rest of the rule kept",
			[]string{"还有，周五下午不要部署，仓库周末没人盯。", "节假日前一天不要部署。"},
			[]string{"部署方面：现在周末有人值班了，周五下午也可以部署。"},
			[]string{"周五下午不要部署"}, []string{"节假日前一天"}},
		{"Japanese, back from repair",
			[]string{"それと、テスト用の3号機は画面が割れているので使わないでください。実機テストは5号機で。"},
			[]string{"3号機は修理から戻ってきたので、またテストに使って大丈夫です。"},
			[]string{"画面が割れている"}, nil},
		{"Japanese, a clinic closed takes what was said of it",
			[]string{"ありがとう。あと、高橋クリニック行きの便は、クリニック前で必ず10分待つ決まりです。"},
			[]string{"役場の人から聞いたんですが、高橋クリニックが閉院したそうです。"},
			[]string{"10分待つ"}, nil},
		{"German, done with a supplier, the rest stays",
			[]string{"Leitern werden alle 12 Monate geprüft, Schläuche lassen wir bei Schlauchtechnik Meyer in Fulda prüfen und waschen."},
			[]string{"Mit Meyer in Fulda sind wir durch, der Vertrag ist ausgelaufen und wird nicht verlängert."},
			[]string{"Schlauchtechnik Meyer"}, []string{"12 Monate"}},
		{"French, an obligation dropped (guard: matched before by its rarer word)",
			[]string{"La distribution c'est le jeudi de 18h à 19h30, et chaque adhérent doit faire au moins 2 permanences par saison."},
			[]string{"Bonne nouvelle. L'obligation des permanences, on la fait sauter : chacun vient quand il peut."},
			[]string{"2 permanences"}, []string{"18h à 19h30"}},
		{"English, a property reopened, and what else is said of it stays",
			[]string{"Context: Bergen is in an availability freeze while the renovation is going on, so no availability pushes for Bergen until I say otherwise.", "Bergen has 48 rooms."},
			[]string{"and Bergen reopened last week — it's a normal property again, rip the special case out."},
			[]string{"availability freeze"}, []string{"48 rooms"}},
		{"Spanish, the fair passed",
			[]string{"Mientras dure la feria de agosto, la zona centro tiene recogida diaria, también domingos. Añádelo como excepción temporal."},
			[]string{"La feria pasó, quita la excepción del centro."},
			[]string{"recogida diaria"}, nil},
		{"English, not to be mentioned anymore",
			[]string{"the hall's being repainted so March and April are at the library annexe on Kell Street."},
			[]string{"paint's dry, so the venue on the form shouldn't mention the annexe anymore"},
			[]string{"annexe"}, nil},
	})
}

// Ensure that more updates said the way people say them replace the old
// value: a Spanish duty said object first ("los textos … ahora los aprueba
// la nueva jefa de prensa, Marisa Ortega"); a product raised to a version
// with the verb between ("TimescaleDB 已经升到 2.15 了", "MATLABはR2024bに
// 上がりました"); degrees in another spelling ("零下20度" of "-18°C"), of
// a subject said with a word left out ("冷冻库阈值" of "冷冻库报警阈值");
// an hour said "17 Uhr" of a subject after a German verb ("ab Montag muss
// der Export …"); an hour of what a Japanese claim does ("一括送信は午前1
// 時に変更" of "毎晩 23:00 に…一括送信"); and that another store's
// threshold and another thing's hour stay; and that a duty handed on by
// its holder's name in French and Spanish ("Claire a passé le relais à
// Karim pour les légumes", "Javier ha pasado la tesorería a Nuria") or
// said held from this month in Japanese ("端末管理は今月から小林さんです")
// replaces who held it.
func TestUpdatesInMoreShapes(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Spanish, a duty said object first",
			[]string{"Los textos de las notificaciones los aprueba Andrés Pineda, el concejal de medio ambiente."},
			[]string{"Vuelta de vacaciones. Los textos de las notificaciones ahora los aprueba la nueva jefa de prensa, Marisa Ortega."},
			[]string{"Andrés Pineda"}, []string{"Marisa Ortega"}},
		{"Chinese, a product raised to a version",
			[]string{"背景：服务是 Node 20，数据库 TimescaleDB 2.14，MQTT broker 用的是 EMQX。"},
			[]string{"另外 TimescaleDB 已经升到 2.15 了，依赖里的版本检查也改一下。"},
			[]string{"TimescaleDB 2.14"}, []string{"2.15", "Node 20"}},
		{"Japanese, a product raised to a release (guard: read before as a release)",
			[]string{"セルの公称容量は 52 Ah です。それと、MATLAB R2023b を使っています。"},
			[]string{"MATLABはR2024bに上がりました。"},
			[]string{"R2023b"}, []string{"R2024b", "52 Ah"}},
		{"Chinese, degrees spelled otherwise, a word left out of the subject",
			[]string{"冷冻库报警阈值是 -18°C，高于就报警。", "冷藏库报警阈值是 8°C。"},
			[]string{"质量部开会定了：冷冻库阈值改成零下20度。"},
			[]string{"-18°C"}, []string{"零下20度", "8°C"}},
		{"Japanese, an hour of what the claim does, after a reason",
			[]string{"検針データは毎晩 23:00 に基幹システムへ一括送信しています。", "バックアップは毎晩 23:00 に取っています。"},
			[]string{"基幹側のバッチ時間がずれたので、一括送信は深夜の午前1時に変更です。スケジュールを直してください。"},
			[]string{"一括送信しています"}, []string{"午前1時", "バックアップは毎晩 23:00"}},
		{"French, the relay passed for a duty",
			[]string{"Claire Dumas est référente légumes, c'est elle qui fait le lien avec le maraîcher, mets-la en copie des mails de planning."},
			[]string{"Claire a passé le relais à Karim Benali pour les légumes, elle déménage à Nantes. Change la copie."},
			[]string{"Claire Dumas est référente"}, []string{"Karim Benali"}},
		{"Spanish, a duty passed on by name",
			[]string{"Javier Gil lleva la tesorería, los justificantes de pago van a él."},
			[]string{"Javier ha pasado la tesorería a Nuria Blasco, que se jubila y tiene más tiempo."},
			[]string{"Javier Gil lleva"}, []string{"Nuria Blasco"}},
		{"Japanese, a duty from this month (guard: replaced before as a name of the same duty)",
			[]string{"端末は Zebra TC21 で全部で46台、管理担当は山本美咲さんです。"},
			[]string{"あと端末管理は今月から小林拓海さんです。"},
			[]string{"山本美咲"}, []string{"小林拓海"}},
		{"German, an hour after the verb's subject",
			[]string{"Die Touren-CSV: der Export muss bis 17:30 fertig sein, sonst schafft Renate es nicht."},
			[]string{"Renate will mehr Puffer: ab Montag muss der Export eine halbe Stunde früher da sein, also 17 Uhr. Kannst du den Cron anpassen?"},
			[]string{"17:30"}, []string{"17 Uhr"}},
	})
}

// Ensure that an hour followed by a clock's word is an hour of the day
// with no word before it ("also 17 Uhr", "5 o'clock"), that a clock time
// with am or pm is one on a 24-hour clock, and that a count of hours is
// not.
func TestClockWordHour(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"ab Montag muss der Export früher da sein, also 17 Uhr", "17:00"},
		{"the shuttle leaves 5 o'clock sharp", "5:00"},
		{"der Lauf dauert 17 Stunden", ""},
		{"the edition has to be with the printer by 9:40pm", "21:40"},
		{"doors open at 7:15am", "7:15"},
		{"Einlass ab 19h30", "19:30"},
	} {
		got := ""
		for _, v := range valueOf(tc.text) {
			if v.kind == vkTime {
				got = v.text
			}
		}
		if got != tc.want {
			t.Errorf("%q: hour %q, want %q", tc.text, got, tc.want)
		}
	}
}

// Ensure that a time of day the statement says no longer holds, spelled
// otherwise than the claim holding it ("nicht mehr 18 Uhr" of "à 18h",
// "not 6pm any more" of "18:00"), replaces the one current claim holding
// that time, across languages; and that where two claims hold it, the
// time alone replaces neither.
func TestOldTimeSpelledOtherwise(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"French claim, German update",
			[]string{"Les inscriptions ferment la veille à 18h, il faut griser le bouton après."},
			[]string{"Der Anmeldeschluss ist neu am Vortag um 16 Uhr, nicht mehr 18 Uhr."},
			[]string{"18h"}, []string{"16 Uhr"}},
		{"English, am/pm against a clock",
			[]string{"Die Abholung der Pakete ist um 18:00 am Tor 3."},
			[]string{"Pickup moved to 5pm, it's not 6pm any more."},
			[]string{"18:00"}, []string{"5pm"}},
		{"two claims at that time",
			[]string{"Die Abholung der Pakete ist um 18:00 am Tor 3.", "Das Team-Meeting ist immer um 18:00 im Raum B."},
			[]string{"Der Schluss ist neu um 16 Uhr, nicht mehr 18 Uhr."},
			nil, []string{"Tor 3", "Raum B"}},
	})
}

// Ensure that a value said to hold from a date ("from March", "a partir de
// julio", "来月から") or "only … now" ("nur noch") replaces the value of
// the claim it changes, where "from now on" alone only says a rule is
// standing, unless it gives a value of the kind a claim of its subject
// holds; and that a date said of another thing replaces nothing.
// ("guard" rows pass without the cue: their subjects already match.)
func TestChangeSaidByWhenItHolds(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"German, nur noch",
			[]string{"Gutscheine gelten bei uns 12 Monate, das soll auch auf der Karte stehen."},
			[]string{"Gutscheine gelten ab sofort nur noch 6 Monate, wegen der Buchhaltung."},
			[]string{"12 Monate"}, []string{"6 Monate"}},
		{"guard: German, nur noch of a subject said",
			[]string{"Rechnungen sind bei uns 30 Tage zahlbar, das steht im Footer."},
			[]string{"Rechnungen sind ab sofort nur noch 10 Tage zahlbar."},
			[]string{"30 Tage"}, []string{"10 Tage"}},
		{"guard: English, from a month",
			[]string{"the late fee is £2 per day per book."},
			[]string{"from March the late fee is £3 per day per book."},
			[]string{"£2"}, []string{"£3"}},
		{"German, from a date",
			[]string{"Die Mahngebühr beträgt 5 € pro Mahnung."},
			[]string{"ab 1. April kostet jede Mahnung 7 €."},
			[]string{"5 €"}, []string{"7 €"}},
		{"Spanish, a bare month it holds from",
			[]string{"la cuota mensual es de 40 euros por socio."},
			[]string{"a partir de julio la cuota mensual es de 45 euros por socio."},
			[]string{"40 euros"}, []string{"45 euros"}},
		{"German, ab sofort with a day of the claim's person",
			[]string{"Unser Steuerberater, Herr Kaya, will jede Woche die Belege, und zwar dienstags."},
			[]string{"Herr Kaya will die Belege ab sofort lieber freitags haben."},
			[]string{"dienstags"}, []string{"freitags"}},
		{"from now on replaces no claim holding an hour it does not say",
			[]string{"Need it merged by friday since the newsletter goes out every other week and the cut-off is monday 09:00 CET."},
			[]string{"der Newsletter geht ab sofort wöchentlich raus, der Cut-off bleibt montags."},
			nil, []string{"09:00 CET"}},
		{"guard: a date said of another thing",
			[]string{"the late fee is £2 per day per book."},
			[]string{"from March the reading room opens at 9 on Saturdays."},
			nil, []string{"£2", "opens at 9"}},
	})
}

// Ensure that what was held back and is allowed or running again ends the
// claim that held it back: a thing usable now ("…も使ってOKです") withdraws
// the part of a claim that said not to use it, and the rest stays; works
// said to be over verb first ("Ya terminaron la reforma…") withdraw what
// held during them; a thing switched back on withdraws what said it was
// paused.
func TestHeldBackThenAllowedAgain(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese, ないで",
			[]string{"テストは pytest で書いて、Polyspaceは使わないでください。"},
			[]string{"ライセンスを買ったので、今月からはPolyspaceも使ってOKです。"},
			[]string{"Polyspace"}, []string{"pytest"}},
		{"Spanish, works over said verb first",
			[]string{"El Racing Benimar no puede jugar en casa en noviembre, su campo está en obras, que jueguen fuera todo el mes."},
			[]string{"Ya terminaron la reforma del campo del Benimar, así que en casa otra vez, quita esa restricción"},
			[]string{"en obras"}, nil},
		{"Spanish, a spell over said verb first",
			[]string{"A:¿Añado una alarma de temperatura para la cámara?", "Sí, mete alarma de temperatura: el umbral normal es 16 °C en la cámara. Mientras dure la ola de frío, súbelo a 17 °C, que las máquinas no dan más."},
			[]string{"Ya pasó el frío, el umbral de temperatura vuelve a lo de siempre."},
			[]string{"17 °C"}, []string{"16 °C"}},
		{"Japanese, while in training, then allowed to touch",
			[]string{"新人の佐藤くんはまだ研修中なので、本番DBには触らせないで。ステージングだけ。"},
			[]string{"あと佐藤くん、研修終わったので本番も触ってOKです。"},
			[]string{"触らせない"}, nil},
		{"English, paused and switched back on",
			[]string{"the hourly sync is paused while we migrate the warehouse, don't re-enable it."},
			[]string{"the migration is done, so switch the hourly sync back on."},
			[]string{"paused"}, nil},
		{"English, paused and switched back on, no ban said",
			[]string{"the nightly export is paused while we move the warehouse."},
			[]string{"the move is done, so switch the nightly export back on."},
			[]string{"paused"}, nil},
	})
}

// Ensure that a withdrawal naming a rule by what it is of and a CJK word
// for "rule" ("画像のルール", "截图那条规矩") finds the rule by what it is
// of.
func TestWithdrawalOfRuleNamedByCJKRuleWord(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese, のルール",
			[]string{"SQL は ORM は使わないで、素の SQL で書いてください。"},
			[]string{"SQL のルールはもう気にしなくていいです。"},
			[]string{"素の SQL"}, nil},
		{"Japanese, 縛り",
			[]string{"ログの時刻は全部 UTC 基準で出してください。", "ログのファイル名には日付を付けてください。"},
			[]string{"UTC 縛りはもうなしで大丈夫です。"},
			[]string{"UTC 基準"}, []string{"日付"}},
		{"Japanese, 制限",
			[]string{"倉庫の棚卸しは木曜日しかできないので、在庫の一括更新はそれ以外の日にしてください。", "在庫の数は整数で持ってください。"},
			[]string{"棚卸しのやり方が変わったので、曜日の制限はもう気にしなくていいです。"},
			[]string{"木曜日"}, []string{"整数"}},
	})
}

// Ensure that a span of time said in another unit ("60 秒" then "3 分钟",
// "45 Sekunden" then "two minutes") replaces the span it changes, and that
// a span of something else replaces nothing.
func TestSpanInAnotherUnit(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Chinese, seconds then minutes",
			[]string{"同步任务存在 /srv/sync 下面，间隔 30 秒。"},
			[]string{"同步任务的间隔我调成 2 分钟了，之前太频繁。"},
			[]string{"30 秒"}, []string{"2 分钟"}},
		{"German then English, seconds then minutes",
			[]string{"Das Heartbeat-Intervall ist 20 Sekunden, so mit dem Hersteller vereinbart."},
			[]string{"the vendor changed it, the heartbeat interval is two minutes now."},
			[]string{"20 Sekunden"}, []string{"two minutes"}},
		{"guard: a span of another thing",
			[]string{"Backups müssen 30 Tage aufbewahrt werden."},
			[]string{"the build timeout is 20 minutes now."},
			nil, []string{"30 Tage", "20 minutes"}},
	})
}

// Ensure that a package named the way package managers spell it
// ("sphinx-rtd-theme 1.3") is the product its version is of, so that
// "bump to sphinx-rtd-theme 2.0" replaces that version and no other
// package's.
func TestPackageVersionBumped(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, bump to",
			[]string{"the docs use sphinx-rtd-theme 1.3, pinned in docs/requirements.txt"},
			[]string{"bump to sphinx-rtd-theme 2.0 in docs/requirements.txt, there's a fix for the sidebar we need."},
			[]string{"1.3"}, []string{"2.0"}},
		{"guard: another package",
			[]string{"the docs use sphinx-rtd-theme 1.3, pinned in docs/requirements.txt"},
			[]string{"bump to sphinx-copybutton 0.5 in docs/requirements.txt, there's a fix for the prompts we need."},
			nil, []string{"1.3", "0.5"}},
	})
}

// Ensure that spans of time said in different units are read as one
// setting only when their lengths are near each other.
func TestSimilarSpans(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"间隔 60 秒", "调成 3 分钟", true},
		{"Timeout ist 45 Sekunden", "the timeout is two minutes", true},
		{"PERFECT は ±45ms", "TTL 24h", false},
		{"30 Tage aufbewahren", "20 minutes timeout", false},
		{"every 12 months", "every six months", true},
	} {
		var got bool
		for _, x := range valueOf(tc.a) {
			for _, y := range valueOf(tc.b) {
				got = got || similarSpans(x, y)
			}
		}
		if got != tc.want {
			t.Errorf("similarSpans(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// Ensure that a time of day said in words is the value a time in digits
// replaces, and the other way round.
func TestSpokenTimeReplaced(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, words then digits",
			[]string{"Priya moved the nightly export to half past three btw, the db does its vacuum at 2 now"},
			[]string{"the export is at 04:15 now, the vacuum got longer again"},
			[]string{"half past three"}, []string{"04:15"}},
		{"Chinese, digits then numerals",
			[]string{"周报每天早上 8 点发到群里。"},
			[]string{"周报改成八点半发，张经理八点半才到。"},
			[]string{"8 点发"}, []string{"八点半"}},
	})
}

// Ensure that a withdrawal's target is read with the words around it: a
// Japanese word of kanji and kana ("並び") names what is withdrawn; "his"
// or "他的" points at the person named before it; a reason said in a
// clause of its own picks between claims the target names alike; the
// examples of a clause go with it; and a thing said dead ("… est mort, on
// utilise …") is replaced, the claim keeping what else it said ("On est
// sur …" opens a clause: French "on" is no preposition).
func TestWithdrawalReadInContext(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese, a word of kanji and kana",
			[]string{"一覧画面の並びは登録日の古い順にしてください。", "一覧画面の日付はいつも和暦で表示してください。"},
			[]string{"検索が付いたので、CSV の一覧画面の並びはもう気にしなくていいです。"},
			[]string{"古い順"}, []string{"和暦"}},
		{"Chinese, his account",
			[]string{"Mr. Osei gets read-only Kibana access, nothing more.", "Kibana log retention is 14 days, set by compliance."},
			[]string{"Osei 的审计上周结束了，他的 Kibana 账号可以删了。"},
			[]string{"read-only Kibana"}, []string{"14 days"}},
		{"English, his account",
			[]string{"Ms. Lindqvist gets a read-only Metabase login for the quarterly numbers.", "Metabase always runs on the reporting VM, never on prod."},
			[]string{"Lindqvist finished the audit, so her Metabase login can be removed."},
			[]string{"read-only Metabase"}, []string{"reporting VM"}},
		{"a reason picks the claim",
			[]string{"no database migrations on fridays, ever.", "no releases on fridays either, the support desk is closed at weekends."},
			[]string{"the support desk works weekends now, so the friday rule is moot."},
			[]string{"no releases"}, []string{"database migrations"}},
		{"guard: a reason that names both keeps both",
			[]string{"no database migrations on fridays, ever.", "no releases on fridays either, the support desk is closed at weekends."},
			[]string{"we have a new on-call rota, so the friday rule is moot."},
			nil, []string{"no releases", "database migrations"}},
		{"French, dead and replaced, the rest kept",
			[]string{"On est sur Woodpecker CI, pas Jenkins, et l'agent s'appelle `agent-par2`."},
			[]string{"L'agent CI a changé : agent-par2 est mort, on utilise agent-ams5 maintenant."},
			[]string{"agent-par2"}, []string{"Woodpecker", "agent-ams5"}},
		{"examples go with their clause",
			[]string{"Tabellen heißen immer im Plural, z.B. `orders` oder `invoices`, und Spalten schreiben wir in snake_case."},
			[]string{"Die Plural-Regel für Tabellen lassen wir fallen."},
			[]string{"invoices"}, []string{"snake_case"}},
	})
}

// Ensure that a French value said to fall or rise to another ("descend
// à", "monte à") or a thing said to move ("passe au mardi") replaces the
// value of its subject.
func TestFrenchValueFallsTo(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"descend à",
			[]string{"Le seuil de crue c'est 4,2 m à la station de Pont-Neuf."},
			[]string{"Le seuil de crue descend à 3,8 m, la DDT l'a demandé."},
			[]string{"4,2 m"}, []string{"3,8 m"}},
		{"passe au, a thing moved, not a value set in a task",
			[]string{"la revue de code c'est le jeudi à 14h."},
			[]string{"la revue de code passe au mardi à 11h, adapte le calendrier partagé."},
			[]string{"jeudi"}, []string{"mardi à 11h"}},
		{"guard: monte à",
			[]string{"Le délai de relance est de 10 jours pour les factures."},
			[]string{"Le délai de relance monte à 15 jours, la compta est débordée."},
			[]string{"10 jours"}, []string{"15 jours"}},
	})
}

// Ensure that a change finds the part or the holder it changes: a release
// of one product among several ("PHP 8.2" beside "Symfony 6.4") leaves the
// others, also when the new one is said again bare or after a word like
// "übrigens"; a duty said with the person last ("… macht immer der Karl
// Weber"), handed on with any verb and a word of change, with the verb
// first ("Ab Mai gibt Frau Keller … frei"), in Spanish after the duty with
// another verb ("… los fija ahora Lucía Vera", the earlier holder named
// in apposition before the verb and leaving with the clause), as a role
// without an article ("is safety officer now") or under a label
// ("releases: … does them now") ends the earlier holder; and a host named
// as the earlier one is ("mqtt3.fab.local", "dms.kanzlei-berg.de")
// replaces it, its port aside, where the statement names what it is.
func TestChangeFindsItsPartOrHolder(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"one release of two, the new one said again bare",
			[]string{"Wir sind auf Django 4.2 und Python 3.11, Celery für die Jobs."},
			[]string{"Korrektur: wir sind auf Python 3.12, nicht 3.11, die Images laufen schon länger auf 3.12."},
			[]string{"3.11"}, []string{"Django 4.2", "Python 3.12"}},
		{"a release of a two-word product said after übrigens, a past event beside it",
			[]string{"Wir laufen übrigens auf Java 17 und Spring Boot 3.1, bitte nicht hochziehen."},
			[]string{"Wir sind übrigens auf Spring Boot 3.3, hab ich letzte Woche gemacht."},
			[]string{"Boot 3.1"}, []string{"Java 17", "Spring Boot 3.3"}},
		{"a release said after übrigens",
			[]string{"Wir laufen übrigens auf Node 18 und Nest 9, bitte nicht hochziehen."},
			[]string{"Wir sind übrigens auf Nest 10, hab ich gestern gemacht."},
			[]string{"Nest 9"}, []string{"Node 18", "Nest 10"}},
		{"German, the holder last",
			[]string{"Die Freigaben macht immer der Karl Weber, sonst niemand."},
			[]string{"Die Freigaben macht ab jetzt Ina Roth."},
			[]string{"Karl Weber"}, []string{"Ina Roth"}},
		{"German, any verb and a word of change",
			[]string{"Die Lieferscheine schreibt Petra Lang jeden Morgen."},
			[]string{"Die Lieferscheine schreibt ab sofort Jonas Berg."},
			[]string{"Petra"}, []string{"Jonas Berg"}},
		{"German, the verb first",
			[]string{"Urlaubsanträge gibt Herr Brandt frei, sonst niemand."},
			[]string{"Ab Mai gibt Frau Keller die Urlaubsanträge frei."},
			[]string{"Brandt"}, []string{"Frau Keller"}},
		{"Spanish, a name before the verb and another verb after the duty",
			[]string{"Mi jefe, Tomás, decide los turnos de noche; no los cambies en el código."},
			[]string{"los turnos de noche los fija ahora Lucía Vera."},
			[]string{"Tomás"}, []string{"Lucía Vera"}},
		{"a role without an article",
			[]string{"Every schema change needs a nod from Dr Mia Stone, our safety officer, before it ships."},
			[]string{"Dr Omar Reyes is safety officer now, he signs the schema changes."},
			[]string{"Mia Stone"}, []string{"Omar Reyes"}},
		{"a duty under a label",
			[]string{"Priya Shah is the release manager, only she pushes tags."},
			[]string{"the flaky test is fixed. oh and releases: Tom Hale does them now, Priya handed them over."},
			[]string{"Priya Shah"}, []string{"Tom Hale"}},
		{"a host numbered on, its port aside",
			[]string{"Das Dashboard liest vom Broker mqtt.fab.local:1883."},
			[]string{"Der Broker ist auf mqtt3.fab.local umgezogen."},
			[]string{"mqtt.fab.local"}, []string{"mqtt3.fab.local"}},
		{"Japanese, a host moved to",
			[]string{"MQTTブローカーは mqtt.fab.local:1883 です。"},
			[]string{"ブローカーも mqtt3.fab.local に移ったので、接続先を更新して。"},
			[]string{"mqtt.fab.local"}, []string{"mqtt3.fab.local"}},
		{"Chinese, a host moved to",
			[]string{"消息队列用的是 amqp.fab.local:5672。"},
			[]string{"消息队列搬到 amqp2.fab.local 上了。"},
			[]string{"amqp.fab.local"}, []string{"amqp2.fab.local"}},
		{"a host of the same name in another domain, the thing named alike",
			[]string{"die Dokumente liegen im DMS von Docuware auf dms01.kanzlei.local."},
			[]string{"das DMS ist umgezogen: jetzt dms.kanzlei-berg.de."},
			[]string{"dms01.kanzlei.local"}, []string{"dms.kanzlei-berg.de"}},
		{"guard: a host of another name in the domain",
			[]string{"Das Dashboard liest vom Broker mqtt.fab.local:1883."},
			[]string{"Die Datenbank ist auf db.fab.local umgezogen."},
			nil, []string{"mqtt.fab.local", "db.fab.local"}},
	})
}

// Ensure that what a rule waited on, said to have happened, ends the rule:
// a thing said to be back ("the cold room is back — compressor swapped"), a
// release said shipped or out ("desktop 3.4 shipped yesterday", "… is
// out"), a thing rebuilt, a machine doing its job again ("der Drucker
// druckt wieder"); a person out this week withdraws nothing.
func TestWhatARuleWaitedOnHappened(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"back",
			[]string{"the cold-room compressor is being repaired, so until it's back, new deliveries go to cooler 2."},
			[]string{"the cold room is back — compressor swapped — so deliveries go there like before."},
			[]string{"cooler 2"}, nil},
		{"a release shipped",
			[]string{"keep the retry shim in sync.py until desktop 3.4 is out, the old clients need it."},
			[]string{"desktop 3.4 shipped yesterday, by the way."},
			[]string{"retry shim"}, nil},
		{"a release out",
			[]string{"keep the retry shim in sync.py until desktop 3.4 is out, the old clients need it."},
			[]string{"fyi desktop 3.4 is out."},
			[]string{"retry shim"}, nil},
		{"rebuilt",
			[]string{"while the search index is being rebuilt, the header should link the old search page."},
			[]string{"the search index's rebuilt."},
			[]string{"old search page"}, nil},
		{"German, it does its job again",
			[]string{"Der Etikettendrucker ist kaputt, bis er repariert ist drucken wir die Etiketten immer auf dem Bürodrucker."},
			[]string{"Der Etikettendrucker druckt wieder, der Techniker war gestern da."},
			[]string{"Bürodrucker"}, nil},
		{"guard: a person out this week",
			[]string{"Tom reviews the billing changes."},
			[]string{"Tom is out this week."},
			nil, []string{"Tom reviews"}},
	})
}

// Ensure that Spanish day names ending in s ("jueves", "miércoles") are
// days and "a las 9" an hour, so that a new day or hour replaces the one
// it changes ("9 de las 12" stays a count); and that a day said in a part
// of a sentence that changes nothing (", and Mia posts the notes on
// Thursdays") replaces no day, though another part says a change.
func TestDayAndHourChange(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"a day ending in s",
			[]string{"la reunión de turnos ahora es los jueves, a la misma hora."},
			[]string{"Ah, y la reunión de turnos vuelve a cambiar: ahora es los miércoles a las 9, con Rosa."},
			[]string{"jueves"}, []string{"miércoles a las 9"}},
		{"guard: a day in a part of its own, the change in another",
			[]string{"The stand-up is on Wednesdays at 9, in the small room."},
			[]string{"deploys go out via Argo now, and Mia posts the stand-up notes on Thursdays."},
			nil, []string{"Wednesdays at 9"}},
		{"an hour said a las",
			[]string{"El cierre de caja es a las 9 cada noche."},
			[]string{"El cierre de caja ahora es a las 10."},
			[]string{"a las 9"}, []string{"a las 10"}},
	})
	for _, tc := range []struct {
		text, kind, value string
	}{
		{"los jueves", vkDay, "jueves"},
		{"el miércoles", vkDay, "miércoles"},
		{"hasta las 14", vkTime, "14:00"},
		{"hay 9 de las 12", vkCount, "12"},
	} {
		if !slices.ContainsFunc(valueOf(tc.text), func(v valueTok) bool { return v.kind == tc.kind && v.text == tc.value }) {
			t.Errorf("valueOf(%q) = %+v, want %s %q", tc.text, valueOf(tc.text), tc.kind, tc.value)
		}
	}
}

// Ensure that fragments opening a quote are the subject of the clause
// after them ("Mi jefe, Tomás, decide …" leaves with its clause) when
// that clause is a predicate, not an apposition ("section 4, the soil
// samples one, has to go …" is one statement); that a reason said only
// for the part that goes ("…工事中なので、", "because …,") goes with it;
// and that a range ("between 8 and 6") is no two clauses.
func TestOpeningFragments(t *testing.T) {
	for _, tc := range []struct {
		name, text, words, rest string
		ok                      bool
	}{
		{"fragments before the clause the words name",
			"The user said: “Mi jefe, Tomás, decide los turnos de noche; no los cambies en el código.”", "los turnos de noche",
			"The user said: “… no los cambies en el código.”", true},
		{"fragments before an apposition",
			"The user said: “section 4, the soil samples one, has to go to Ruth by the end of March so I'm on that next.”", "one",
			"", false},
		{"a Japanese reason goes with the part it was said for",
			"The user said: “あと今、3番ゲートが工事中なので、3番ゲートは迂回扱いで配車してください。工事は6月までです。”", "迂回",
			"The user said: “… 工事は6月までです。”", true},
		{"an English reason goes with the part it was said for",
			"The user said: “deliveries come in through the yard, because the lift is out, pallets go to bay 2”", "bay 2",
			"The user said: “deliveries come in through the yard …”", true},
		{"a range is one clause",
			"The user said: “don't run the exports between 8 and 6 on the billing box, the reports go out after closing”", "exports",
			"The user said: “… the reports go out after closing”", true},
	} {
		rest, ok := otherClauses(tc.text, terms(tc.words))
		if ok != tc.ok || rest != tc.rest {
			t.Errorf("%s: otherClauses(%q, %q) = %q, %v; want %q, %v", tc.name, tc.text, tc.words, rest, ok, tc.rest, tc.ok)
		}
	}
}

// Ensure that a withdrawal naming a value with "-only" ("the O3-only
// thing") withdraws the claim of that value.
func TestOnlyCompoundNamesItsValue(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"-only",
			[]string{"Nightly builds always use -O3, the profiler team asked for it."},
			[]string{"profiling moved to the new boxes, so forget the O3-only thing, use the preset defaults."},
			[]string{"-O3"}, nil},
	})
}

// Ensure that the reason said before what a withdrawal names is no part
// of it ("…終わったので迂回は外して", "秋茶结束了，…的锁可以取消了") and a
// German copula left after it neither ("das Audit ist durch").
func TestWithdrawalAfterItsReason(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese, ので before the target",
			[]string{"GPSの時刻が3時間ずれて届くので、取り込み時に補正してください。"},
			[]string{"GPSの時刻ずれ、修正版のファームが出たので補正はもう要りません。"},
			[]string{"補正して"}, nil},
		{"Chinese, an ending before the target",
			[]string{"还有，秋茶期间晚上十点以后不许改出库记录，防止有人半夜改数。系统里直接锁住。"},
			[]string{"秋茶结束了，晚上改出库记录的锁可以取消了。"},
			[]string{"不许改出库记录"}, nil},
		{"German, a period through, said of an English rule",
			[]string{"we're in a freeze for the sensor firmware until the audit by the Kontrollstelle is through - don't push firmware updates until I say so."},
			[]string{"Ach so, die Kontrollstelle war da, Audit ist durch - Jonas darf die Sensoren wieder flashen."},
			[]string{"don't push firmware updates"}, nil},
	})
}

// Ensure that a withdrawal reaches the rule it ends when the words differ:
// a ban lifted by someone else ("the county lifted the weight
// restriction", "VNF a levé l'interdiction"); leave to lift a measure
// ("you can take out the night-time block on exports"), found by what the
// ban is on; a range ("between 8 and 6") is no two clauses; a person
// who left named with an article ("die Resi hat gekündigt") or a Chinese
// contract or retirement with its month ("上个月"), someone who "hat uns
// verlassen"; the rest of a Chinese claim cut
// after its person goes with them; a cover said in the sentence of an
// absence ("…; mientras tanto …") ends when the person is back, though
// "and" before them is "e", and what goes back to them by a pronoun
// ("… is hers again", "vuelven a ella") is kept with their name; a thing "finally back in service"; what
// someone said "can stop"; "audit's done btw"; "hebdo" is weekly.
func TestWithdrawalReachesItsRule(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English: a ban lifted by someone else",
			[]string{"The county put a weight restriction on the Mill Lane bridge, so no trucks over 7.5 t on Mill Lane routes."},
			[]string{"Good news, the county lifted the weight restriction on the Mill Lane bridge yesterday."},
			[]string{"7.5 t"}, nil},
		{"French: a ban lifted by someone else",
			[]string{"La préfecture interdit l'arrosage des terrains, donc pas d'arrosage automatique sur le planning du stade."},
			[]string{"La préfecture a levé l'interdiction d'arrosage hier, les pluies sont revenues."},
			[]string{"arrosage automatique"}, nil},
		{"German: a ban lifted by someone else",
			[]string{"Wegen der Brückensanierung in Au dürfen keine Tankwagen über die Innbrücke fahren, Tour Ost fährt über Wasserburg."},
			[]string{"Das Landratsamt hat die Sperrung der Innbrücke gestern aufgehoben."},
			[]string{"Tankwagen über die Innbrücke"}, nil},
		{"Spanish: a ban lifted by someone else",
			[]string{"Con la restricción de riego de la Confederación, no regamos el césped del estadio nunca los fines de semana."},
			[]string{"La Confederación levantó ayer la restricción de riego."},
			[]string{"no regamos el césped"}, nil},
		{"leave to take out a block, found by what it is on",
			[]string{"Never run the exports between 8 and 6 on the billing box, it slows the tills down, and the reports go out after closing."},
			[]string{"The vendor fixed the slowdown, so you can take out the daytime block on exports."},
			[]string{"between 8 and 6"}, nil},
		{"German: a person named with an article",
			[]string{"Bei Problemen mit den Waagen immer die Resi Maier fragen, sie hat die Schlüssel zum Lager."},
			[]string{"Übrigens: die Resi hat gekündigt, für die Waagen gibt es erstmal niemanden."},
			[]string{"Resi Maier"}, nil},
		{"Chinese: a contract ended in a month",
			[]string{"前端是 Kevin 负责的，他是外包。"},
			[]string{"Kevin 的合同十月底到期了，前端以后我们自己写。"},
			[]string{"Kevin 负责"}, nil},
		{"Chinese: a retirement, the clauses after the person go too",
			[]string{"仓库的钥匙在老刘那里，每周一来一次，电话 138 0013 4455。"},
			[]string{"老刘三月份退休了，钥匙放在前台。"},
			[]string{"138 0013 4455"}, nil},
		{"Spanish: a cover said in the absence's sentence ends with it",
			[]string{"Irene se ha ido de baja hasta marzo; mientras tanto las facturas las revisa Tomás Gil."},
			[]string{"Ya está todo el informe. E Irene ha vuelto, las facturas vuelven a ella."},
			[]string{"Tomás Gil"}, []string{"vuelven a [Irene]"}},
		{"who is back takes the duty back, named for the pronoun",
			[]string{"while Marta is on leave in May, Piotr signs off the rota, so send it to him."},
			[]string{"Marta is back, the rota sign-off is hers again."},
			[]string{"Piotr signs off"}, []string{"is [Marta's] again"}},
		{"Chinese: a contract that ended last month",
			[]string{"周报是 Ravi 在做，他是外包。"},
			[]string{"Ravi 的合同上个月到期，周报以后我们自己做。"},
			[]string{"Ravi 在做"}, nil},
		{"German: someone who left us",
			[]string{"Die Drucker im Lager betreut Jannik Ohlsen, der hat auch die Zugänge."},
			[]string{"Kurz noch: Jannik hat uns Ende Mai verlassen."},
			[]string{"Jannik Ohlsen"}, nil},
		{"a thing finally back in service",
			[]string{"Until the freight lift is replaced, deliveries go through the side door."},
			[]string{"Good news: the freight lift is finally back in service."},
			[]string{"side door"}, nil},
		{"what someone said can stop",
			[]string{"Every Monday the backlog email goes to Sanna at 9, keep that job working."},
			[]string{"Sanna said the backlog email can stop, she reads the board now."},
			[]string{"backlog email"}, nil},
		{"a contraction said over, a word after it",
			[]string{"Refunds are frozen until the PCI audit wraps, so nothing in internal/refunds this month."},
			[]string{"Quick one. audit's done btw so the refund work can start."},
			[]string{"Refunds are frozen"}, nil},
		{"French: hebdo is weekly",
			[]string{"Please send the shop a weekly CSV of stock every Monday."},
			[]string{"On arrête le CSV hebdo de Lemoine, leur API suffit maintenant."},
			[]string{"weekly CSV"}, nil},
	})
}

// Ensure that a change said in other shapes replaces the value it changes:
// a move under way ("we're moving the CRM to Pipedrive"), keeping what it
// is of; a day moved with "same 23:00 start" after it (no release of
// "same"); a threshold in volts set with "now" ("swap at 2.7 V now"); a
// measure in a unit few counts have said without a word of change ("our
// new label printers run at 38400 baud"); a
// duty named around a list set off by dashes; Japanese "…に変えました" and
// Spanish "pasa a ser"; French "on a migré sur Deno 2.1" with a hedge
// after it ("en théorie …" hedges what follows, not the move); a release
// raised "heute", which is no one-off; a raise under way ("we're raising
// … to"); a German name after "Hr." read as one sentence; a
// Chinese duty handed bare ("收银交给李强管"); a Japanese period in
// seconds.
func TestChangeSaidOtherwise(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"a move under way",
			[]string{"CRM is HubSpot on the free plan, sales log every call there."},
			[]string{"We're moving the CRM to Pipedrive, HubSpot got too expensive."},
			[]string{"HubSpot on the free plan"}, []string{"moving the CRM to Pipedrive"}},
		{"Japanese: changed to",
			[]string{"センサーは15秒ごとに温度を送ってきます。"},
			[]string{"電池の持ちが悪いので、センサーの送信間隔を2分ごとに変えました。"},
			[]string{"15秒ごと"}, []string{"2分ごと"}},
		{"Japanese: a count changed to",
			[]string{"決済APIのタイムアウトは30秒です。"},
			[]string{"混雑時に落ちるので、決済APIのタイムアウトを45秒に変えました。"},
			[]string{"30秒"}, []string{"45秒"}},
		{"a day moved, the same hour said after it",
			[]string{"IT patches the build box on Tuesday nights from 23:00, so no deploys then."},
			[]string{"And IT moved the patching to Friday nights, same 23:00 start."},
			[]string{"Tuesday nights"}, []string{"Friday nights"}},
		{"a threshold in volts set with now",
			[]string{"Our rule: swap the sensor battery when it reports below 2.9 V."},
			[]string{"The new sensors read lower, so swap at 2.7 V now."},
			[]string{"2.9 V"}, []string{"2.7 V"}},
		{"guard: volts are no release",
			[]string{"The gateways run firmware 4.2, we swap the gateway battery below 2.9 V."},
			[]string{"The gateways moved to firmware 4.3 over the weekend."},
			[]string{"firmware 4.2"}, []string{"2.9 V"}},
		{"a duty named around a list set off by dashes",
			[]string{"The weekend checks are done by Ahmed Malik every Saturday."},
			[]string{"Ahmed has left us, so the weekend checks - fridges, freezers, ice machine - are Dana Price now."},
			[]string{"Ahmed Malik"}, []string{"Dana Price"}},
		{"a measure of a rare unit, said without a word of change",
			[]string{"The label printers hang off COM4 at 9600 baud."},
			[]string{"Our new label printers run at 38400 baud."},
			[]string{"9600 baud"}, []string{"38400 baud"}},
		{"guard: a length said of another town replaces no setting",
			[]string{"基準は降雪10cm以上で出動、出動指示は午前3時に確定します。"},
			[]string{"市議会で出動基準が見直されて、来シーズンから降雪15cm以上で出動になりました。隣の市は5cmで出動してるらしいけど、うちは予算が違うので。"},
			[]string{"10cm以上"}, []string{"15cm以上"}},
		{"a share by volume",
			[]string{"las barricas se numeran B-año-número, y el corazón se corta cuando baja de 80% vol."},
			[]string{"bájame el corte de corazón, ahora cortamos en 77% vol, lo pidió la bodega."},
			[]string{"80% vol"}, []string{"77% vol"}},
		{"Spanish: a setting's unit in its own word",
			[]string{"Los escáneres del almacén van a 9600 baudios por COM2."},
			[]string{"Nuestros escáneres nuevos van a 57600 baudios."},
			[]string{"9600 baudios"}, []string{"57600 baudios"}},
		{"guard: a measure of the unit said of another thing",
			[]string{"The scale talks to the till at 9600 baud."},
			[]string{"Our new label printers run at 38400 baud."},
			nil, []string{"9600 baud", "38400 baud"}},
		{"French: migrated onto a release, a hedge after it",
			[]string{"Le backend tourne sur Deno 1.46 avec Postgres 16."},
			[]string{"on a migré sur Deno 2.1 la semaine dernière, en théorie rien à changer."},
			[]string{"Deno 1.46"}, []string{"Deno 2.1"}},
		{"German: a release raised today",
			[]string{"Das Modul ist auf Go 1.22, die CI baut mit golang:1.22."},
			[]string{"Hab heute go.mod auf Go 1.23 gehoben, bitte einmal alles durchtesten."},
			[]string{"Go 1.22"}, []string{"Go 1.23"}},
		{"a raise under way",
			[]string{"The nightly batch size is 500 rows."},
			[]string{"we're raising the nightly batch size to 800 rows, the box can take it."},
			[]string{"500 rows"}, []string{"800 rows"}},
		{"Spanish: pasa a ser",
			[]string{"El bono Senior es del 20% a partir de 65 años."},
			[]string{"Por acuerdo con la Diputación el bono Senior pasa a ser a partir de 60 años."},
			[]string{"65 años"}, []string{"60 años"}},
		{"German: Hr. is no sentence end",
			[]string{"Die Rechnungen prüft Hr. Obermaier, der will sie immer als PDF."},
			[]string{"Die Rechnungen prüft jetzt die Kanzlei Brandl, Obermaier ist in Rente."},
			[]string{"prüft Hr"}, []string{"Kanzlei Brandl"}},
		{"Chinese: a duty handed bare",
			[]string{"收银的负责人是王芳，钱箱的钥匙在她那里。"},
			[]string{"收银交给李强管，钱箱钥匙也给他了。"},
			[]string{"王芳"}, []string{"李强"}},
	})
}

// Ensure that what a later session ends goes where earlier sessions said
// it in other shapes: a rule named as a rule by one word only it holds
// (and no rule on a tie), a cover said beside the absence in a claim of
// its own, what a condition governs once the condition is over, a list
// of days read as one, the value an agent worked out and the user
// confirmed by saying it again, a count written after a katakana long
// vowel, a Spanish "-ción" word said in French, a person's new employer,
// a day a practice stopped on, and the rest of a proposal that leans on
// the value replaced.
func TestEndedInOtherShapes(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a rule named by one word",
			[]string{"電池駆動なので WiFi は送信時だけ on にしてください。", "ログは毎晩 NAS に送ってください。"},
			[]string{"ソーラーパネルを付けたので、WiFi を毎回切る制約はもういらないです。"},
			[]string{"送信時だけ"}, []string{"NAS"}},
		{"a cover said beside the absence",
			[]string{"And Derek is off for his knee op until July: Tony Rudd signs off locos while he's away."},
			[]string{"Derek's back from his knee op as of Monday."},
			[]string{"Tony Rudd"}, nil},
		{"what a condition governs",
			[]string{"Und noch was: solange die Brücke an der L 128 gesperrt ist, kommen die LKW über Hinterzarten und müssen sich 30 Minuten vorher anmelden."},
			[]string{"Gute Nachricht: die Brücke an der L 128 ist seit Montag wieder offen, die Sonderregel mit der Voranmeldung kann komplett raus."},
			[]string{"Hinterzarten"}, nil},
		{"a list of days",
			[]string{"Deployments nur dienstags und donnerstags vor 10 Uhr, danach kommen die Filialbestellungen rein."},
			[]string{"Die Deploy-Tage-Regel gibt's nicht mehr, deployen geht jederzeit."},
			[]string{"donnerstags", "dienstags"}, nil},
		{"a value the agent worked out, confirmed",
			[]string{"The roster itself goes out Thursdays at 7pm via RosterPublishJob."},
			[]string{"Colin wants the roster out a day earlier from now on, same time.", "A:So Wednesday at 19:00 instead. I'll change the cron.", "Yes, Wednesday."},
			[]string{"Thursdays"}, []string{"Wednesday at 19:00"}},
		{"a count after a long vowel",
			[]string{"ジョブの上限は1ユーザーあたり GPU 4枚まで、これは教授会で決まったルール。"},
			[]string{"GPU の上限、教授会で見直しになって、1ユーザー8枚までOKになった。"},
			[]string{"4枚"}, []string{"8枚"}},
		{"a Spanish -ción word said in French",
			[]string{"from now on cada flag nuevo lleva fecha de expiración en la descripción"},
			[]string{"et les flags n'ont plus besoin de date d'expiration, on a un job qui détecte les dead flags."},
			[]string{"fecha de expiración"}, nil},
		{"where one who left went",
			[]string{"Gut. Lukas, unser Azubi, schaut jeden Morgen die Import-Fehler durch."},
			[]string{"Lukas ist nach der Ausbildung zu einem Holzbau-Betrieb in Kirchzarten gegangen."},
			[]string{"Lukas"}, nil},
		{"the day a practice stopped on",
			[]string{"On publie les mises à jour de l'app le lundi, jour sans marché."},
			[]string{"Réunion du bureau hier : on arrête de publier le lundi, les mises à jour partent maintenant le mercredi soir."},
			[]string{"lundi"}, []string{"mercredi soir"}},
		{"a count grouped in thousands, raised",
			[]string{"No, cada tanque admite como máximo 1.200 kg. Ponlo bien en los ocho."},
			[]string{"Tras la reforma de los tanques, admiten 300 kilos más cada uno."},
			[]string{"1.200 kg", "301"}, []string{"1.500 kg"}},
		{"a grouped count the agent worked out, confirmed",
			[]string{"No, cada tanque admite como máximo 1.200 kg."},
			[]string{"A:Entonces 1.500 kg por tanque. Actualizo los ocho.", "Sí, 1.500 kg. Y la báscula sigue igual."},
			[]string{"1.200 kg"}, []string{"1.500 kg"}},
		{"what leans on the value replaced",
			[]string{"A:Soll ich den Watchdog in der Firmware gleich mit auf 8 Sekunden setzen, wie im Ticket vorgeschlagen?", "Ja, 8 Sekunden passt, so lassen."},
			[]string{"Watchdog haben wir nach dem Feldtest auf 12 Sekunden hochgesetzt, bitte in prj.conf nachziehen."},
			[]string{"8 Sekunden", "vorgeschlagen"}, []string{"12 Sekunden"}},
	})
}

// Ensure that a value the agent proposed in place of another and the user
// took replaces the claim holding the other, and that of several claims
// holding a time, the one the change's words name is the one replaced.
func TestValueInPlaceOfAnother(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"an answer to a question proposing a value instead of another",
			[]string{"Die Zielfeuchte für Fichte-Bauholz ist übrigens 18 Prozent, die muss im Protokoll oben im Kopf stehen."},
			[]string{"A:Also Zielfeuchte Fichte-Bauholz 16 % statt 18 %?", "16 Prozent."},
			[]string{"18 Prozent", "statt 18"}, []string{"16 Prozent"}},
		{"a time held by two claims, the change naming one",
			[]string{"The yard takes trucks until 17:00 - Anton has more people there.", "Caddie bookings always close at 17:00 the day before."},
			[]string{"In winter the yard closes an hour earlier, from next week.", "A:Then the truck cutoff would be 16:00 instead of 17:00. Shall I change it for good?", "Yes, 16:00. For good."},
			[]string{"trucks until 17:00"}, []string{"Caddie bookings always close at 17:00", "Yes, 16:00"}},
		{"a value checked back, what stays left out, a code both name",
			[]string{"我们的规矩是 40HQ 最多排64方，理论上能装68方，但实际装不下，留余量。", "A:各留多少？", "20GP 排25方，40GP 排54方。"},
			[]string{"A:那 40HQ 就是 66 方，20GP 和 40GP 不变？", "对，66方，其他不变。"},
			[]string{"64方"}, []string{"66 方", "25方"}},
		{"a count in a unit written onto it, no word shared",
			[]string{"パフォーマンスは 72fps 死守で、Update() の中で GetComponent するのは禁止にしてます。"},
			[]string{"顧客の要望でリフレッシュレートを 90Hz にすることになったので、目標は 90fps に変更です。"},
			[]string{"72fps"}, []string{"90fps"}},
		{"a value a relative change worked out, then checked back",
			[]string{"Le Dr Masson est notre vétérinaire ; il veut une alerte si un animal perd plus de 10 % de son poids en un mois."},
			[]string{"Le Dr Masson veut l'alerte de poids plus tôt : deux points de moins que maintenant.", "A:Donc le seuil passe de 10 % à 8 % de perte sur 30 jours ?", "oui, 8 %, c'est ça, go ahead."},
			[]string{"plus de 10 %"}, []string{"à 8 %", "oui, 8 %"}},
		{"an amount worked out and confirmed, of what its sentence names",
			[]string{"Also, at arrangement we take a £500 deposit, card or bank transfer, that should show on the invoice as 'Deposit received'."},
			[]string{"A:So the deposit becomes £750 from January?", "Yes, £750 from the first of January."},
			[]string{"£500"}, []string{"£750"}},
		{"an amount raised by a sum in a currency",
			[]string{"Also, at arrangement we take a £500 deposit, card or bank transfer, that should show on the invoice as 'Deposit received'."},
			[]string{"And the deposit's going up by £250 from January, the Thursday meeting agreed."},
			[]string{"£500"}, []string{"£750"}},
		{"a thing named first, then how often it is done, in words",
			[]string{"La boutique en ligne est sur PrestaShop et l'appli synchronise le stock de pains finis toutes les 15 minutes."},
			[]string{"La synchro du stock, on a eu deux ventes en double la semaine dernière, il faut la faire toutes les cinq minutes maintenant."},
			[]string{"15 minutes"}, []string{"cinq minutes"}},
	})
}

// Ensure that a person who left is heard in more of the ways people say
// it: moved to another site of their firm, retired in a dictated,
// lower-case message after two joining words, in German with the verb
// first after a place, and in Japanese after "それから"; the one who does
// it now is what stays.
func TestDepartureSaidOtherwise(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"moved to another site of their firm",
			[]string{"Our contact at Halvorsen Marine is Priya Nair, send the monthly forecast to her."},
			[]string{"Priya Nair moved to their Bergen office, the new contact for the forecast is Tomasz Wrona."},
			[]string{"Priya Nair"}, []string{"Tomasz Wrona"}},
		{"dictated, lower case, after two joining words",
			[]string{"C'est Mathis qui imprime toujours les étiquettes de colis le matin."},
			[]string{"bon alors mathis a pris sa retraite hier grosse fête du coup c'est Noémie qui imprime les étiquettes le matin maintenant"},
			[]string{"Mathis"}, []string{"Noémie"}},
		{"German, the verb first after a place",
			[]string{"Die Rechnungen prüft bei uns Herr Brandl."},
			[]string{"Im Büro ist der Herr Brandl seit März in Rente, die Rechnungen prüft jetzt Frau Aigner."},
			[]string{"Brandl"}, []string{"Aigner"}},
		{"Japanese, after それから",
			[]string{"請求書の承認は石井さんの担当です。"},
			[]string{"それから石井さんが9月で退職されたので、請求書の承認は平野さんにお願いします。"},
			[]string{"石井"}, []string{"平野さん"}},
	})
}

// Ensure that the part of a claim telling of someone's absence and of who
// stands in goes when they are back, with the clause that turns to it,
// and what they do stays.
func TestReturnKeepsWhatTheyDo(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Spanish, a cover said in the same sentence",
			[]string{"Lola Ferrer lleva el almacén de Gandía, pero está de baja y mientras esté de baja lo lleva Quique Sanz."},
			[]string{"Lola ha vuelto al almacén desde el martes."},
			[]string{"Quique"}, []string{"Lola Ferrer lleva el almacén de Gandía"}},
		{"English",
			[]string{"Dana approves the refunds, but she's off sick and while she's away Omar approves them."},
			[]string{"Dana is back from sick leave."},
			[]string{"Omar"}, []string{"Dana approves the refunds"}},
	})
}

// Ensure that a firm that no longer does what it did for us, and a tool
// that gets switched off, take what was said of them, and that the rest
// of the sentence saying so is what stays.
func TestNoLongerForUs(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Spanish, a firm no longer doing it",
			[]string{"Las calibraciones de las básculas las hace Metrolab cada seis meses."},
			[]string{"Y Metrolab ya no nos calibra, hemos cambiado de empresa y todavía no sé cuál."},
			[]string{"Metrolab"}, nil},
		{"English, a firm no longer doing it",
			[]string{"Our payroll is run by Paysmith, they send the slips on the 25th."},
			[]string{"Paysmith no longer runs our payroll, we're moving it in-house."},
			[]string{"Paysmith"}, nil},
		{"a tool that gets switched off",
			[]string{"Build failures are posted to the #ci room in Zulip."},
			[]string{"Everyone moves to Slack next month, Zulip gets switched off, so build failures go to #builds in Slack instead."},
			[]string{"Zulip"}, []string{"#builds in Slack"}},
	})
}

// Ensure that a German change said with a verb whose particle closes the
// clause ("ziehen … vor", "stellen … um") is heard as a change of the
// value it names.
func TestGermanParticleChange(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"ziehen … vor, with a date",
			[]string{"Den Jahresabschluss machen wir immer am 28.12., das Büro ist danach zu."},
			[]string{"Den Jahresabschluss ziehen wir auf den 20.12. vor, das bleibt auch künftig so."},
			[]string{"28.12."}, []string{"20.12."}},
		{"lösen … auf, an address",
			[]string{"Die Störungsmeldungen sollen an technik@example.de gehen."},
			[]string{"Das Postfach technik@ lösen wir im Mai auf, Störungsmeldungen bitte direkt an jonas@example.de."},
			[]string{"technik@example.de"}, []string{"jonas@example.de"}},
	})
}
