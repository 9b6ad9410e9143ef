package hear

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// conv builds records from lines: "A:" opens an assistant line, "U:" (or
// nothing) a user line, "C:Name:" a tool call, "R:" a tool result.
func conv(lines ...string) []Record {
	var out []Record
	for i, l := range lines {
		r := Record{Role: "user", Text: l, ID: "e" + string(rune('a'+i))}
		switch {
		case strings.HasPrefix(l, "A:"):
			r.Role, r.Text = "assistant", l[2:]
		case strings.HasPrefix(l, "U:"):
			r.Text = l[2:]
		case strings.HasPrefix(l, "C:"):
			name, text, _ := strings.Cut(l[2:], ":")
			r.Role, r.Name, r.Text = "tool_call", name, text
		case strings.HasPrefix(l, "R:"):
			r.Role, r.Text = "tool_result", l[2:]
		}
		out = append(out, r)
	}
	return out
}

// Ensure that an answer to the agent's question is kept with the
// question, in prose and through the question tools of Claude Code and
// Codex, and that a reply to a task question or a bare "yes" is not.
func TestAnswers(t *testing.T) {
	for _, tc := range []struct {
		name    string
		recs    []Record
		want    []string // strings the answer's claim holds; nil for no answer
		subject string
	}{
		{"prose", conv("A:Before I deploy: which region is prod in?", "us-east-2, DR in us-west-1."), []string{"which region is prod in?", "us-east-2, DR in us-west-1"}, "prod region"},
		{"prose de", conv("A:Welche Datenbank nutzt ihr in Produktion?", "Postgres 16, gehostet bei Hetzner."), []string{"Postgres 16"}, ""},
		{"prose zh", conv("A:测试账号在哪里？", "在 1Password 的 QA 保险库里。"), []string{"1Password"}, ""},
		{"claude tool", conv(`C:AskUserQuestion:{"questions":[{"question":"Which database should the integration tests use?","header":"DB","options":[{"label":"Testcontainers Postgres"},{"label":"SQLite"}],"multiSelect":false}]}`,
			`R:User has answered your questions: "Which database should the integration tests use?"="Testcontainers Postgres". You can now continue with the user's answers in mind.`), []string{"integration tests", "Testcontainers Postgres"}, ""},
		{"codex tool", conv(`C:request_user_input:{"questions":[{"id":"go","header":"Go","question":"Which Go version should the module target?","options":[{"label":"Go 1.23"}]}]}`,
			`R:{"answers":{"go":{"answers":["Go 1.23"]}}}`), []string{"Go version", "Go 1.23"}, ""},
		{"tool declined", conv(`C:AskUserQuestion:{"questions":[{"question":"Which region?"}]}`, `R:The user declined to answer questions.`), nil, ""},
		{"task question", conv("A:Which file should I start with?", "the parser one"), nil, ""},
		{"offer is no question", conv("A:Shall I run the tests?", "yes"), nil, ""},
		{"bare yes", conv("A:Is prod in us-east-2?", "yes"), nil, ""},
		{"hedged", conv("A:Which queue do you use?", "maybe SQS, not sure?"), nil, ""},
		{"one-off", conv("A:What timeout should I use?", "30s for now"), nil, ""},
		{"asked through the tool after asking in prose", conv("A:Where should the exports go? Let me ask.",
			`C:AskUserQuestion:{"questions":[{"question":"Where should the exports go?","header":"Exports","options":[{"label":"S3"},{"label":"GCS"}],"multiSelect":false}]}`,
			`R:User has answered your questions: "Where should the exports go?"="S3". You can now continue with the user's answers in mind.`,
			"also the staging cluster runs Kubernetes 1.31."), []string{"exports", "S3"}, ""},
		{"task question of the day", conv("A:What are we working on today?", "the invoice PDF is cut off at the bottom"), nil, ""},
		{"own hypothetical", conv("what if we dropped the cache entirely?", "A:It would double the database load.", "hm ok, no then"), nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Statement
			for _, st := range Session(tc.recs).Statements {
				if st.Kind == Answer {
					got = append(got, st)
				}
			}
			if tc.want == nil {
				if len(got) > 0 {
					t.Fatalf("kept an answer: %q", got[0].Claim)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("%d answers, want 1", len(got))
			}
			for _, w := range tc.want {
				if !strings.Contains(strings.ToLower(got[0].Claim), strings.ToLower(w)) {
					t.Errorf("claim %q lacks %q", got[0].Claim, w)
				}
			}
			if got[0].Question == "" || got[0].Via != "answer" || len(got[0].Entries) != 2 {
				t.Errorf("answer %+v: want its question, via answer, two entries", got[0])
			}
			if tc.subject != "" && got[0].Subject != tc.subject {
				t.Errorf("subject %q, want %q", got[0].Subject, tc.subject)
			}
		})
	}
}

// Ensure that what the user did not say in their own words stays out:
// assistant prose, tool output, pasted code and logs, block quotes, a
// colleague's message, and everything a no-notes request covers.
func TestNotTheUsersWords(t *testing.T) {
	for _, tc := range []struct {
		name  string
		recs  []Record
		never string
	}{
		{"assistant", conv("fix the build please", "A:The deploy target is always Fargate in this repo."), "Fargate"},
		{"tool output", conv("run the tests", "C:Bash:{\"command\":\"make test\"}", "R:Our queue lives in RabbitMQ 3.12 and every job must be idempotent."), "RabbitMQ"},
		{"fenced code", conv("here's the config:\n```\n# we always use port 9443 for the admin api\nport = 9443\n```\ncan you check it?"), "9443"},
		{"log", conv("it crashes:\n2026-05-01 10:00:01 ERROR the cache lives in /var/lib/zeta\npanic: boom"), "zeta"},
		{"block quote", conv("what do you think of this?\n> We always deploy through Spinnaker now.\nanyway, fix the test"), "Spinnaker"},
		{"colleague", conv("here's what Dana wrote in #platform:\n\nDana: honestly we should move billing to Temporal, our retries live in Celery.\n\nanyway, can you add the counters?"), "Temporal"},
		{"email", conv("From: ops@acme.example\nSubject: maintenance\nThe primary database is PlanetScale from Monday on.\n\nanyway, let's continue"), "PlanetScale"},
		{"no notes", conv("Don't put this in the notes: the vendor contract with Initech ends in March."), "Initech"},
		{"off the record de", conv("Unter uns, nicht notieren: der Kunde Brandt kündigt wahrscheinlich."), "Brandt"},
		{"joke", conv("Sure, because rewriting it in COBOL is a great idea lol."), "COBOL"},
		{"sarcasm", conv("oh great, another YAML templating layer in the pipeline, just what we needed."), "YAML"},
		{"hypothetical", conv("What if we sharded the users table by Citus?"), "Citus"},
		{"one-off", conv("Just for this PR, skip the Cypress tests."), "Cypress"},
		{"unconfirmed proposal", conv("A:Shall I always use Deno for scripts from now on?", "hmm, let me think about it"), "Deno"},
		{"declined proposal", conv("A:Should I switch the test runner to vitest by default?", "No, keep jest."), "vitest"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, st := range Session(tc.recs).Statements {
				if strings.Contains(st.Claim+st.Quote, tc.never) {
					t.Errorf("kept %q", st.Claim)
				}
			}
		})
	}
}

// Ensure that an agreed offer becomes the user's claim in every language,
// with the offer as pointer, and that agreement with a change does not.
func TestConfirmationsAcrossLanguages(t *testing.T) {
	for _, tc := range []struct {
		name, offer, reply string
		want               string // claim substring; "" for none
	}{
		{"en", "Should I always run `make lint` before proposing a commit?", "yes, do that from now on, CI fails on lint anyway.", "The user agreed to always run `make lint` before proposing a commit."},
		{"en back-pointing", "I could keep a CHANGELOG.md with an Unreleased section for every user-facing change. Want me to do that going forward?", "yes please, always.", "CHANGELOG.md"},
		{"de", "Soll ich Reports künftig immer mit einem Zeitzonen-Suffix benennen?", "Ja, genau so machen wir das ab jetzt.", "Zeitzonen-Suffix"},
		{"es", "¿Quieres que a partir de ahora etiquete todos los recursos con owner?", "Sí, siempre.", "etiquete todos los recursos"},
		{"fr", "Est-ce que je marque désormais les tests instables avec @flaky ?", "Oui, parfait, fais comme ça.", "@flaky"},
		{"zh", "要不要我以后每次提交前都跑一下 pnpm typecheck？", "对，以后都这样。", "pnpm typecheck"},
		{"ja", "今後、依存を追加するときは理由を PR 本文に書くようにしましょうか？", "はい、それでお願いします。", "理由"},
		{"changed", "Shall I make pnpm the package manager here?", "Yes, but use yarn for the docs.", ""},
		{"denied de", "Soll ich künftig immer Zeitzonen anhängen?", "Nein, lieber nicht.", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Statement
			for _, st := range Session(conv("A:"+tc.offer, tc.reply)).Statements {
				if st.Via == "confirm" {
					got = append(got, st)
				}
			}
			if tc.want == "" {
				if len(got) > 0 {
					t.Fatalf("kept %q", got[0].Claim)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Claim, tc.want) {
				t.Fatalf("confirmations %+v, want one holding %q", got, tc.want)
			}
			if got[0].Pointer == "" || len(got[0].Entries) != 2 || got[0].Entries[0] != "eb" {
				t.Errorf("confirmation %+v: want the offer as pointer and the reply's entry first", got[0])
			}
		})
	}
}

// Ensure that withdrawals are heard in every language, with what they
// withdraw.
func TestRetractions(t *testing.T) {
	for _, tc := range []struct{ text, target string }{
		{"Scratch the rebase-before-merge rule.", "rebase-before-merge"},
		{"Tom moved teams, stop asking him for reviews.", "Tom"},
		{"We don't squash commits anymore.", "squash commits"},
		{"The code freeze rule no longer applies.", "code freeze"},
		{"Die Regel mit dem Rebase vor dem Merge gilt nicht mehr.", "Rebase"},
		{"Frag Tom nicht mehr nach Reviews.", "Tom"},
		{"Olvida la regla de hacer rebase antes del merge.", "rebase"},
		{"Ya no hacemos squash de los commits.", "squash"},
		{"Oublie la règle du rebase avant le merge.", "rebase"},
		{"On ne fait plus de squash des commits.", "squash"},
		{"rebase 之后再合并的规则不再适用了。", "rebase"},
		{"别再找老王做代码评审了。", "老王"},
		{"rebaseしてからマージするルールは廃止です。", "rebase"},
		{"山本さんにはもうレビューを頼まないで。", "山本"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.target) {
			t.Errorf("%q: retractions %+v, want one naming %q", tc.text, h.Retractions, tc.target)
			continue
		}
		if len(h.Statements) > 0 {
			t.Errorf("%q: also a statement %q", tc.text, h.Statements[0].Claim)
		}
	}
}

// Ensure that claims read right: a rewrite only where the shape is sure,
// else the user's clause whole and verbatim; never a cut or dangling
// claim; subjects name the thing, stable across phrasings; an update
// names the value it replaces.
func TestClaimsAndSubjects(t *testing.T) {
	for _, tc := range []struct {
		text, claim, subject string
		replaces             string
	}{
		{"I'm Dana, I maintain the billing service.", "The user, Dana, maintains the billing service.", "user dana", ""},
		{"btw our read model lives in Elasticsearch 8.", "The team's read model lives in Elasticsearch 8.", "read model", ""},
		{"The build image is node:20.", "The build image is node:20.", "build image", ""},
		{"the build image is node:22 now", "The build image is node:22 now.", "build image", "node:"},
		{"Don't call cargo yourself, everything builds through the Makefile.", "The user said: “Don't call cargo yourself, everything builds through the Makefile.”", "", ""},
		{"Keiko signs off on anything touching the auth middleware.", "Keiko signs off on anything touching the auth middleware.", "auth middleware approval", ""},
		{"We moved the queue from RabbitMQ to SQS.", "The team moved the queue from RabbitMQ to SQS.", "queue", "RabbitMQ"},
		{"Always run gofmt before committing.", "The user wants agents to always run gofmt before committing.", "", ""},
		{"Unsere Datenbank läuft auf Postgres 15.", "The user said: “Unsere Datenbank läuft auf Postgres 15.”", "datenbank", ""},
		{"ステージング環境はeu-west-1にあります。", "The user said: “ステージング環境はeu-west-1にあります。”", "ステージング環境", ""},
		{"我们的数据库跑在 Postgres 15 上。", "The user said: “我们的数据库跑在 Postgres 15 上。”", "数据库", ""},
		{"the reporting postgres sits on db-rep-03.", "The reporting postgres sits on db-rep-03.", "reporting database", ""},
		{"Der Deploy-Freeze beginnt jetzt dienstags um 15 Uhr.", "The user said: “Der Deploy-Freeze beginnt jetzt dienstags um 15 Uhr.”", "deploy-freeze", "donnerstag deploy-freeze"},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 {
			t.Errorf("%q: %d statements", tc.text, len(h.Statements))
			continue
		}
		st := h.Statements[0]
		if st.Claim != tc.claim {
			t.Errorf("%q: claim %q, want %q", tc.text, st.Claim, tc.claim)
		}
		if st.Subject != tc.subject {
			t.Errorf("%q: subject %q, want %q", tc.text, st.Subject, tc.subject)
		}
		if tc.replaces != "" && !containsFold(st.Replaces, tc.replaces) {
			t.Errorf("%q: replaces %v, want %q", tc.text, st.Replaces, tc.replaces)
		}
	}
	// No claim of the tuning table ends cut or dangling.
	for _, r := range readTable(t) {
		for _, st := range hearMessage(r.text, false, false, false).statements {
			c := strings.TrimRight(st.Claim, "”")
			if strings.HasSuffix(c, "…") || reEndsBadly.MatchString(strings.TrimRight(c, ".!。 ")) && !strings.HasPrefix(st.Claim, "The user said") {
				t.Errorf("claim %q ends cut", st.Claim)
			}
			if !strings.HasPrefix(st.Claim, "The user said: “") && !utf8.ValidString(st.Claim) {
				t.Errorf("claim %q", st.Claim)
			}
		}
	}
}

// Ensure that the language is told by script and function words.
func TestDetect(t *testing.T) {
	for text, want := range map[string]string{
		"Going forward, every public function needs a doc comment.": En,
		"On a décidé d'utiliser Terraform plutôt que Pulumi.":       Fr,
		"Wir committen nie direkt auf main.":                        De,
		"Siempre usamos pnpm, nunca npm.":                           Es,
		"我们的数据库跑在 Postgres 15 上。":                                   Zh,
		"うちのデータベースはPostgres 15で動いています。":                             Ja,
		"认证中间件的改动需要李娜审批。":                                           Zh,
		"Retiens : chaque PR doit avoir deux relectures.":           Fr,
		// An address's parts are no words; French spacing is French.
		"Neuer Hallenwart: Jonas Weber, jonas.weber@sporthalle-nord.de.": De,
		"Nouvelle cheffe de bassin : Nadia Benali.":                      Fr,
	} {
		if got := detect(text); got != want {
			t.Errorf("detect(%q) = %s, want %s", text, got, want)
		}
	}
}

// Ensure that a sentence of a message that says too little to tell its
// language is read in the message's, and one that says enough in its own.
func TestDetectInMessage(t *testing.T) {
	for _, tc := range []struct{ sent, message, want string }{
		{"mix format reste obligatoire par contre.", Fr, Fr},
		{"cargo clippy bleibt Pflicht übrigens.", De, De},
		{"rubocop sigue siendo obligatorio.", Es, Es},
		{"The staging database is read-only now.", Fr, En},
		{"Wir committen nie direkt auf main.", Fr, De},
	} {
		if got := detectOr(tc.sent, tc.message); got != tc.want {
			t.Errorf("detectOr(%q, %s) = %s, want %s", tc.sent, tc.message, got, tc.want)
		}
	}
}

// Ensure that sentences split after CJK marks and not after abbreviations.
func TestSentences(t *testing.T) {
	for line, want := range map[string]int{
		"构建镜像是 node:22。以后都用 pnpm！对吗？":                      3,
		"ビルドは Makefile 経由です。直接 go build しないでください。":         2,
		"Use z. B. the suffix _UTC. Always.":               2,
		"Use e.g. pnpm. Never npm!":                        2,
		"(Everything builds through the Makefile btw.) ok": 2,
		// A German ordinal day is no sentence end.
		"Er will die CSV bis zum 15. des Folgemonats. Mit Semikolon.": 2,
		"Genau, bis zum 12. muss es beim Hopfenring sein.":            1,
		"Die Miete kommt am 3. jeden Monats. Danke.":                  2,
	} {
		if got := sentences(line); len(got) != want {
			t.Errorf("sentences(%q) = %q, want %d", line, got, want)
		}
	}
}

// Ensure that a self-introduction names the user in claims that speak of
// them.
func TestAttribution(t *testing.T) {
	h := Session(conv("Omar here, data eng.", "I mostly live in the warehouse side, so ping me for anything about the dbt models."))
	found := false
	for _, st := range h.Statements {
		if strings.Contains(st.Claim, "dbt") {
			found = strings.Contains(st.Claim, "Omar")
		}
	}
	if !found {
		t.Errorf("no claim names Omar with the dbt models: %+v", h.Statements)
	}
}

// BenchmarkSession reads a session of 256 KiB, the evidence cap.
func BenchmarkSession(b *testing.B) {
	var recs []Record
	size := 0
	for i := 0; size < 256<<10; i++ {
		for _, l := range []string{
			"btw our read model lives in Elasticsearch 8, the Postgres tables are only the write side, so don't try to optimise the SQL.",
			"A:Looking at it now. Which region is prod in?",
			"us-east-2, DR in us-west-1. Can you look at why `services/ingest` drops events when the batch flush and the shutdown signal race?",
			"A:Done. Shall I always run `make lint` before proposing a commit?",
			"yes, do that from now on. 我们一律用 pnpm，不要用 npm。 Wir committen nie direkt auf main.",
		} {
			r := Record{Role: "user", Text: l}
			if t, ok := strings.CutPrefix(l, "A:"); ok {
				r = Record{Role: "assistant", Text: t}
			}
			recs = append(recs, r)
			size += len(l)
		}
	}
	b.ResetTimer()
	for range b.N {
		Session(recs)
	}
}

// A parenthetical in fullwidth brackets is set apart by runes, not bytes:
// cutting one byte off each side of "（…）" used to leave broken UTF-8 in
// the claim (as U+FFFD once the line became runes).
func TestSentencesFullwidthParenthetical(t *testing.T) {
	for _, line := range []string{
		"ブランチ名は必ずチケット番号から始めてください（HBR-530-upload-freeze みたいな形）。",
		"部署流程很简单（先跑 make check 然后再合并到主干分支）。",
		"Everything builds through make (we never call cargo directly here ok).",
	} {
		for _, s := range sentences(line) {
			if !utf8.ValidString(s) || strings.ContainsRune(s, utf8.RuneError) {
				t.Fatalf("sentences(%q) gave broken UTF-8 %q", line, s)
			}
		}
	}
}

// Ensure that a sentence withdrawing something and stating something else
// keeps the statement alone: its claim does not carry the withdrawn words.
func TestRetractionBesideStatement(t *testing.T) {
	for _, tc := range []struct{ text, target, keep string }{
		{"Tom moved over to the data team, so stop asking him about deploys — Ines handles deploys now.", "Tom", "Ines"},
		{"Jonas ist in Elternzeit, Reviews laufen bis auf Weiteres über review@example.org.", "Jonas", "review@example.org"},
		{"MR 不用再写变更日志了，我们已经迁到 GitLab 了。", "变更日志", "GitLab"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.target) {
			t.Errorf("%q: retractions %+v, want one naming %q", tc.text, h.Retractions, tc.target)
		}
		kept := false
		for _, st := range h.Statements {
			if strings.Contains(st.Claim, tc.target) {
				t.Errorf("%q: claim %q keeps the withdrawn %q", tc.text, st.Claim, tc.target)
			}
			kept = kept || strings.Contains(st.Claim, tc.keep)
		}
		if !kept {
			t.Errorf("%q: no claim holds %q: %+v", tc.text, tc.keep, h.Statements)
		}
	}
}

// Ensure that a change of owner is a team statement that replaces what an
// earlier claim said of the object's owner or reviewer.
func TestNewOwner(t *testing.T) {
	for _, tc := range []struct{ text, replaces string }{
		{"btw the ledger has a new owner, Ana Ruiz.", "ledger owns"},
		{"Ana is the new lead for the ledger.", ""},
	} {
		h := Session(conv(tc.text))
		if len(h.Statements) != 1 || h.Statements[0].Kind != Team {
			t.Fatalf("%q: statements %+v, want one team statement", tc.text, h.Statements)
		}
		if tc.replaces != "" && !containsFold(h.Statements[0].Replaces, tc.replaces) {
			t.Errorf("%q: replaces %v, want %q", tc.text, h.Statements[0].Replaces, tc.replaces)
		}
	}
}

// Ensure that what an answer withdraws is a withdrawal, not part of the
// answer; that a reply that only withdraws answers nothing; and that an
// answer or an agreed proposal quoting an earlier value says it replaces
// it.
func TestAnswersThatChange(t *testing.T) {
	ask := `C:AskUserQuestion:{"questions":[{"question":"Which bucket should the exports go to?"}]}`
	h := Session(conv(ask, `R:"Which bucket should the exports go to?"="exports-eu-2 — exports-old got archived"`))
	if len(h.Retractions) != 1 || h.Retractions[0].Target != "exports-old" {
		t.Errorf("tool answer: retractions %+v, want one of exports-old", h.Retractions)
	}
	if len(h.Statements) != 1 || strings.Contains(h.Statements[0].Claim, "exports-old") || !strings.Contains(h.Statements[0].Claim, "exports-eu-2") {
		t.Errorf("tool answer: statements %+v, want the answer without what it withdraws", h.Statements)
	}

	h = Session(conv("A:Should I deploy it with the Makefile target as before?", "U:forget the rule about the Makefile target. everyone uses the deploy CLI now"))
	if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, "Makefile target") {
		t.Errorf("withdrawing reply: retractions %+v, want one of the Makefile target", h.Retractions)
	}
	for _, st := range h.Statements {
		if st.Via == "answer" {
			t.Errorf("withdrawing reply heard as an answer: %+v", st)
		}
	}

	h = Session(conv("A:Which broker does the billing worker publish to?", "U:NATS, we migrated off RabbitMQ in March."))
	if len(h.Statements) != 1 || !slices.Contains(h.Statements[0].Replaces, "RabbitMQ") {
		t.Errorf("answer quoting the old value: statements %+v, want it to replace RabbitMQ", h.Statements)
	}

	h = Session(conv("A:Should I switch the state backend from tf-state-old to tf-state-eu for every module from now on?", "U:yes, that's the bucket from now on"))
	if len(h.Statements) != 1 || !slices.Contains(h.Statements[0].Replaces, "tf-state-old") {
		t.Errorf("agreed proposal quoting the old value: statements %+v, want it to replace tf-state-old", h.Statements)
	}

	h = Session(conv("we're on Buildkite for CI since Monday, the old Jenkins box is switched off."))
	if len(h.Statements) != 1 || len(h.Statements[0].Replaces) == 0 {
		t.Errorf("statement beside a withdrawal: statements %+v, want it to say it replaces", h.Statements)
	}
}

// Ensure that a short sentence adding one more thing to the rule before
// it ("… natürlich auch") is part of that rule, and that a process said
// in the present ("closed PRs are archived after 30 days") withdraws
// nothing while an event does.
func TestAlsoAndRetiredTense(t *testing.T) {
	h := Session(conv("Ruff läuft bei uns im Pre-commit, alles muss sauber sein. Und mypy --strict natürlich auch"))
	if len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Claim, "mypy --strict") {
		t.Errorf("also-sentence: statements %+v, want one rule holding both", h.Statements)
	}
	for _, tc := range []struct {
		text     string
		withdraw bool
	}{
		{"Closed PRs are archived after 30 days.", false},
		{"Les anciens builds sont supprimés chaque nuit.", false},
		{"The legacy-search cluster was archived last week.", true},
		{"Le serveur build-02 a été supprimé.", true},
		{"the old Jenkins box is switched off.", true},
	} {
		if got := len(Session(conv(tc.text)).Retractions) > 0; got != tc.withdraw {
			t.Errorf("%q: withdraws = %v, want %v", tc.text, got, tc.withdraw)
		}
	}
}

// Ensure that a reply withdrawing "it" withdraws what the agent's question
// named.
func TestReplyWithdrawsWhatWasAsked(t *testing.T) {
	for _, tc := range []struct{ ask, reply, target string }{
		{"A:Tests pass. And the release freeze — still on?", "No, forget it, merge as usual.", "release freeze"},
		{"A:¿Sigo añadiendo el enlace de Jira en cada commit?", "No, olvídalo, eso ya no se pide, ahora enlazamos las tareas desde el PR.", "enlace jira"},
		{"A:デザインのレビューは引き続き必要ですか？", "いや、それはもういいです。", "デザインのレビュー"},
		{"A:Le lint Credo échoue sur trois modules. Je corrige ?", "laisse. Credo strict c'est fini, trop de bruit, enlève-le de la CI.", "Credo strict"},
		{"A:Der Linter meckert in zwei Dateien. Korrigiere ich das?", "Nein. Die Pflicht mit dem Linter gilt übrigens nicht mehr, nimm ihn aus der CI.", "Linter"},
	} {
		h := Session(conv(tc.ask, "U:"+tc.reply))
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.target) {
			t.Errorf("%q after %q: retractions %+v, want one naming %q", tc.reply, tc.ask, h.Retractions, tc.target)
		}
		for _, st := range h.Statements {
			if len(st.Replaces) > 0 {
				t.Errorf("%q: statement %+v replaces words of the reply, not values", tc.reply, st)
			}
		}
	}
}

// Ensure that a sentence withdrawing something and saying what is so
// instead ("we don't use X anymore, it's Y now") keeps the new value.
func TestWithdrawnThenNow(t *testing.T) {
	for _, tc := range []struct{ text, target, value string }{
		{"Non, on n'utilise plus Jenkins, c'est GitLab CI maintenant.", "Jenkins", "GitLab CI"},
		{"We don't use the Makefile target anymore, it's the deploy CLI now.", "Makefile target", "deploy CLI"},
	} {
		h := Session(conv(tc.text))
		if len(h.Retractions) != 1 || !strings.Contains(h.Retractions[0].Target, tc.target) {
			t.Errorf("%q: retractions %+v, want one naming %q", tc.text, h.Retractions, tc.target)
		}
		if !slices.ContainsFunc(h.Statements, func(st Statement) bool {
			return strings.Contains(st.Claim, tc.value) && slices.Contains(st.Replaces, h.Retractions[0].Target)
		}) {
			t.Errorf("%q: statements %+v, want one stating %q that replaces the withdrawn", tc.text, h.Statements, tc.value)
		}
	}
}

// Ensure that a rule about ticket numbers is a rule, not a task about a
// ticket.
func TestTicketNumberRule(t *testing.T) {
	h := Session(conv("コミットメッセージの先頭には必ずチケット番号を書いてください。"))
	if len(h.Statements) != 1 {
		t.Errorf("statements %+v, want the rule", h.Statements)
	}
	if h := Session(conv("このチケットの再現手順を書いてください。")); len(h.Statements) != 0 {
		t.Errorf("a task on a ticket: %+v, want nothing", h.Statements)
	}
}

// Ensure that what states nothing stays out: "keep this out of memory"
// said in passing and typed loosely, in every language, and a request
// for today's work said as a wish, a duty or a need, or a question said
// to be only a question.
func TestStatesNothingSaidLoosely(t *testing.T) {
	for _, text := range []string{
		// Not to be noted.
		"the staging admin pin is 4471, thats private, dont save it anywhere.",
		"use the sandbox merchant m-2231 for now but dont write it down anywhere",
		"Para las pruebas usa la tarjeta 4000-0027, pero no lo dejes apuntado.",
		"Le compte de recette c'est rec-12, ne l'écris nulle part.",
		"Der Testzugang ist qa-gamma, speicher das bitte nirgends.",
		"演示环境的密码是 demo-88，别写到任何地方。",
		"デモ環境のIDは d-12 です。どこにも残さないでください。",
		// Today's work.
		"請求メールの再送処理を直してほしいです。",
		"CSV 出力の列順も合わせて変えてください。",
		"导出的分页大小写死了，改成可配置。",
		"Nous devons corriger l'import des factures qui plante le lundi.",
		"The install section of the wiki needs updating.",
		"仕様を確認したかったので、聞いてみただけです。",
	} {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
}

// Ensure that a morning of routine is no "tomorrow" ("jeden Morgen",
// "cada mañana") and a word of change used as a noun before "from" moves
// nothing ("every schema change needs a nod from …"), while the words for
// tomorrow and a move from a value are read as before.
func TestRoutineAndSourceAreNoChange(t *testing.T) {
	for _, tc := range []struct {
		text     string
		heard    bool
		replaces string
	}{
		{"Die Lieferscheine schreibt Petra Lang jeden Morgen.", true, ""},
		{"La báscula se calibra cada mañana antes de la primera pesada.", true, ""},
		{"Mañana lo reviso.", false, ""},
		{"Every schema change needs a nod from Dr Mia Stone.", true, ""},
		{"Schema changes get approval from the DBA team, always.", true, ""},
		{"we switched the queue from RabbitMQ to NATS last month.", true, "RabbitMQ"},
	} {
		st := Session(conv(tc.text)).Statements
		if tc.heard != (len(st) > 0) {
			t.Errorf("%q: statements %+v, want heard %v", tc.text, st, tc.heard)
			continue
		}
		if len(st) == 0 {
			continue
		}
		if got := strings.Join(st[0].Replaces, "|"); got != tc.replaces {
			t.Errorf("%q: replaces %q, want %q", tc.text, got, tc.replaces)
		}
	}
}

// Ensure that a Japanese request to switch, add or reassign
// something is today's work, while a rule said with such a verb and a
// cue of durability ("必ず") stays a rule.
func TestJapaneseTaskVerbs(t *testing.T) {
	for _, tc := range []struct {
		text  string
		heard bool
	}{
		// "追加して" alone passed before the verbs were added (guard);
		// the others were heard as rules.
		{"出力を切り替えてください。", false},
		{"一覧に備考の列を追加してください。", false},
		{"担当ユーザーを山本さんに付け替えてください。", false},
		{"デプロイの前は必ずステージングに切り替えてください。", true},
	} {
		if st := Session(conv(tc.text)).Statements; tc.heard != (len(st) > 0) {
			t.Errorf("%q: statements %+v, want heard %v", tc.text, st, tc.heard)
		}
	}
}

// Ensure that a passage a sentence quotes from a document, after the
// words that say so, is not the user's words: no claim holds it, nor its
// frame alone ("El contrato dice “…”"), while a quote of the user's own
// without such words stays.
func TestDocumentQuoteIsNotTheUsers(t *testing.T) {
	for _, tc := range []struct {
		text, out, in string
	}{
		{"Our style guide says “every heading shall be numbered in the decimal scheme” - that's why the TOC looks busy, keep the numbering.", "decimal scheme", ""},
		{"Im Leitfaden steht dazu: „Proben sind spätestens zwei Stunden nach der Entnahme zu kühlen“ - das schaffen wir immer.", "nach der Entnahme zu kühlen", ""},
		{"规章第三条写的是“加班必须提前申请”，所以系统里一定要有申请按钮。", "加班必须提前申请", ""},
		{"guard: Here's how the guidance words it, for the docstring: 'Totals are reported per calendar year only' - we always follow that.", "per calendar year only", ""},
		{"guard: the subject line is always “[OPS] short summary of the change”.", "", "short summary of the change"},
		{"Ciara wants that too, ok elle dit : 'toujours #fleurslyon et jamais plus de 8 hashtags par post'", "", "jamais plus de 8 hashtags"},
		{"The service agreement literally says 'support tickets are answered within 4 business hours'.", "4 business hours", ""},
		{"The release notes for 2.3 also say 'improved pairing stability on older handsets', whatever that means for us.", "pairing stability", ""},
		{"El convenio pone 'las horas extra se compensan siempre en el mes siguiente'.", "horas extra se compensan", ""},
		{"El reglamento dice que 'las horas extra se compensan siempre en el mes siguiente'.", "horas extra se compensan", ""},
		{"guard: our naming convention says 'kebab-case for every file name', always.", "", "kebab-case for every file name"},
		{"El contrato de soporte dice 'las incidencias se atienden en 48 horas laborables', pero eso no cambia nada aquí.", "contrato de soporte dice", ""},
		{"A:Does the handbook say anything about retention, and does it matter here?||No. The handbook says 'records shall be kept for at least ten years', but that's archive policy, not ours. Our export keeps 90 days.", "at least ten years", "90 days"},
		{`C:request_user_input:{"questions":[{"id":"ret","header":"Retention","question":"How long should the export keep files?","options":[{"label":"90 days"}]}]}||R:{"answers":{"ret":{"selected":"90 days","other":"user_note: the handbook says 'records shall be kept for at least ten years', that's the archive's, not ours"}}}`, "at least ten years", "90 days"},
	} {
		var all []string
		for _, st := range Session(conv(strings.Split(strings.TrimPrefix(tc.text, "guard: "), "||")...)).Statements {
			all = append(all, st.Claim, st.Quote)
		}
		got := strings.Join(all, "\n")
		if tc.out != "" && strings.Contains(got, tc.out) {
			t.Errorf("%q: statements hold the document's %q: %q", tc.text, tc.out, got)
		}
		if tc.in != "" && !strings.Contains(got, tc.in) {
			t.Errorf("%q: statements lost %q: %q", tc.text, tc.in, got)
		}
	}
}

// Ensure that a "don't note" marker opening what follows with a colon or
// a "but" keeps out only what follows it, while one without reaches back
// to the sentence before it too.
func TestNoNotesMarkerWithColon(t *testing.T) {
	for _, tc := range []struct {
		text, kept, never string
	}{
		{"Our CI runs on Buildkite. Don't note this: my laptop is broken today.", "Buildkite", "laptop"},
		{"测试服那边以后交给老赵。这个别记：我今天用的是公司电脑，网有点慢。", "老赵", "公司电脑"},
		{"The release train leaves on Tuesdays. Don't write this down but I'm on leave next week.", "Tuesdays", "leave next week"},
		{"小林さんは先月退職しました。これはメモしなくていいけど、来週は在宅です。", "", "在宅"},
		// A guard: without a colon the marker reaches back.
		{"Our CI runs on Buildkite. Don't note this, it's a one-off.", "", "Buildkite"},
	} {
		var got []string
		for _, st := range Session(conv(tc.text)).Statements {
			got = append(got, st.Quote)
		}
		all := strings.Join(got, "\n")
		if strings.HasPrefix(tc.text, "小林") && len(Session(conv(tc.text)).Retractions) != 1 {
			t.Errorf("%q: the departure before the marker was not heard", tc.text)
		}
		if tc.kept != "" && !strings.Contains(all, tc.kept) || strings.Contains(all, tc.never) {
			t.Errorf("%q: statements %q, want %q kept and %q not", tc.text, got, tc.kept, tc.never)
		}
	}
}

// Ensure that Japanese "今は" states what holds now, not a limit to the
// moment.
func TestNowInJapaneseStates(t *testing.T) {
	for _, text := range []string{"本番DBは今は Aurora です。", "リリース担当は今は青木さんです。"} {
		if h := Session(conv(text)); len(h.Statements) != 1 {
			t.Errorf("%q: statements %+v, want one", text, h.Statements)
		}
	}
}

// Ensure that what would follow from a condition that may never come
// ("if … ever", "we'd need", "将来…なら", "先の話", "以后再说") is kept
// out, while a preference said with "I'd" is kept.
func TestWouldBeKeptOut(t *testing.T) {
	for _, text := range []string{
		"if Ellen's lab ever sends us 96 kHz recordings we'd need to rethink storage, but not now.",
		"if finance ever wants this in Looker it'd have to be modelled as an explore.",
		"将来ガバメントクラウドに移行するなら Oracle から PostgreSQL への移行も考えないといけないけど、それはまだ先の話です",
		"将来要支持俄语版的话，模板得重做，以后再说。",
	} {
		if h := Session(conv(text)); len(h.Statements) != 0 {
			t.Errorf("%q: statements %+v, want none", text, h.Statements)
		}
	}
	// guard: a preference said with "I'd".
	if h := Session(conv("I'd prefer short answers in English.")); len(h.Statements) != 1 {
		t.Errorf("preference: statements %+v, want one", h.Statements)
	}
}

// Ensure that a number said to be off ("off by ~2%") withdraws nothing,
// while a rule said to be off does.
func TestOffByWithdrawsNothing(t *testing.T) {
	if h := Session(conv("wk_active_sellers is off by ~2% vs what finance has for May.")); len(h.Retractions) != 0 {
		t.Errorf("off by: retractions %+v, want none", h.Retractions)
	}
	h := Session(conv("the friday freeze is off, ship whenever."))
	if len(h.Retractions) != 1 || h.Retractions[0].Target != "friday freeze" {
		t.Errorf("guard: retractions %+v, want the friday freeze", h.Retractions)
	}
}

// Ensure that a handover is heard as a team fact naming the duty and its
// new holder, whatever the language and whether the holder is typed in
// lower case, and that a change of a thing ("the new build cluster is
// ci-pool-fra-b", "板子换成 X 了") or of what something has is none.
func TestHandover(t *testing.T) {
	for _, tc := range []struct {
		text, lang, holder, duty string
	}{
		{"marco's got the release notes now", En, "marco", "release notes"},
		{"Invoice questions now go to the new bookkeeper, Dana Wu.", En, "Dana Wu", "Invoice"},
		{"the front desk has a new manager, ines", En, "ines", "front desk"},
		{"ok the new office manager is kofi mensah and he's who you ask now", En, "kofi mensah", "office manager"},
		{"she handed the newsletter over to her colleague, Bea Hart.", En, "Bea Hart", "newsletter"},
		{"die Abrechnung macht jetzt Herr Albrecht.", De, "Herr Albrecht", "Abrechnung"},
		{"Der Serverraum liegt seit März bei Frau Öztürk.", De, "Frau Öztürk", "Serverraum"},
		{"y ahora las nóminas las lleva su socia, Carmen.", Es, "Carmen", "las nóminas"},
		{"c'est désormais Noé qui relit les traductions.", Fr, "Noé", "traductions"},
		{"Inès a repris la comptabilité.", Fr, "Inès", "comptabilité"},
		{"服务器那边以后交给小陈负责。", Zh, "小陈", "服务器"},
		{"経理は山田さんが引き継ぎます。", Ja, "山田", "経理"},
		{"Dr Omar Reyes is safety officer now", En, "Dr Omar Reyes", "safety officer"},
		{"the pager rotated, Sven has it now", En, "Sven", "pager"},
		{"Die Lieferscheine schreibt ab sofort Jonas Berg.", De, "Jonas Berg", "Lieferscheine"},
		{"Danach gibt Herr Yildiz die Rabatte frei.", De, "Herr Yildiz", "Rabatte"},
		{"y las vacaciones las decide ahora Marta Gil.", Es, "Marta Gil", "las vacaciones"},
		{"releases go through Fastlane now", En, "", ""},
		{"der Export-Job wirft seit gestern Fehler.", De, "", ""},
		{"die Tabelle füllt ab sofort Excel.", De, "", ""},
		{"the new build cluster is ci-pool-fra-b", En, "", ""},
		{"板子换成 Nexys Video 了", Zh, "", ""},
		{"it's got caching now", En, "", ""},
		{"Camille gère les sauvegardes.", Fr, "", ""},
	} {
		h, ok := handoverOf(tc.text, tc.lang)
		if tc.holder == "" {
			if ok {
				t.Errorf("%q: handover %+v, want none", tc.text, h)
			}
			continue
		}
		if !ok || h.holder != tc.holder || h.duty != tc.duty {
			t.Errorf("%q: handover %+v (%v), want %q holding %q", tc.text, h, ok, tc.holder, tc.duty)
		}
		st := Session(conv(tc.text)).Statements
		if len(st) != 1 || st[0].Kind != Team || st[0].Holder != tc.holder {
			t.Errorf("%q: statements %+v, want one team statement of %q", tc.text, st, tc.holder)
		}
	}
}

// Ensure that what is heard as a fact includes a weekday things are done
// on every week in French and Spanish, and a thing named as a lead-in
// label before what it does ("los albaranes: salen en PDF …"); that a day
// tried, a lead-in that reports what someone wrote, and a label before a
// quote are not.
func TestHabitualDayAndLabelledSubject(t *testing.T) {
	for _, tc := range []struct {
		text string
		fact bool
	}{
		{"On publie les mises à jour de l'app le lundi, jour sans marché.", true},
		{"Publicamos las actualizaciones de la app los lunes.", true},
		{"Por último los albaranes: salen en PDF con copia a administración, a Carmen Rial.", true},
		{"Finally the delivery notes: they go out as PDF with a copy to Carmen Rial.", true},
		{"on a essayé les livraisons le dimanche deux semaines en août, on a arrêté.", false},
		{"le cabinet a écrit : « merci de nous transmettre le grand livre auxiliaire en PDF »", false},
		{"On se voit lundi.", false},
	} {
		h := Session(conv(tc.text))
		if got := len(h.Statements) > 0; got != tc.fact {
			t.Errorf("%q: statements %+v, want a fact %v", tc.text, h.Statements, tc.fact)
		}
	}
}

// Ensure that an answer stops before a withdrawal said after it ("删。还有，
// 限电早就结束了"), which is heard as one; and that a suggestion among the
// assistant's questions ("And maybe he'd like a week-over-week column?")
// is no part of the question an answer carries.
func TestAnswerStopsAtWithdrawalAndSuggestion(t *testing.T) {
	h := Session(conv("A:那个 `LEGACY_SHIFT_OFFSET` 没有用到，要删吗？", "删。还有，限电早就结束了，排产不用再避开下午那两个小时。"))
	if !slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return r.Target == "限电" }) {
		t.Errorf("the withdrawal after the answer was not heard: %+v", h.Retractions)
	}
	if slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Claim, "限电") }) {
		t.Errorf("the answer holds the withdrawal: %+v", h.Statements)
	}
	h = Session(conv("A:Two questions: should the report show fen or yuan? And maybe Lao Chen would like a week-over-week % change column?", "Yuan with two decimals in the report."))
	if slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Claim, "week-over-week") }) {
		t.Errorf("the suggestion is part of the answer's question: %+v", h.Statements)
	}
	if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Claim, "Yuan with two decimals") }) {
		t.Errorf("the answer was lost: %+v", h.Statements)
	}
}

// Ensure that a question someone relayed and left open ("Wei Jie also
// asks if we want dynamic pricing - I have to ask Takahashi-san first, so
// not now"), another team's practice the user says they do not follow
// ("…, but we're sticking with ours"), talk of a plan (…話も出た) and an
// answer to whether to delete a constant are kept out; and that a relayed
// question the user settles is not.
func TestOpenQuestionsAndOthersPractice(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		kept  bool
	}{
		{[]string{"Wei Jie also asks if we want dynamic pricing through TeeLink - I have to ask Takahashi-san first, so not now."}, false},
		{[]string{"He asks whether we want to try their bark model v3 - I don't know yet, I'll talk to Anton first."}, false},
		{[]string{"Somebody at the AGM said the North Yorkshire lot are on 10 hours rest between turns now, but we're sticking with ours, don't touch it."}, false},
		{[]string{"来年は乗用カートにGPSナビを入れる話も出たけど、予算次第なので今は何もしなくていいです。"}, false},
		{[]string{"A:那个 `LEGACY_SHIFT_OFFSET` 没有用到，要删吗？", "删。"}, false},
		{[]string{"Anton asks whether we can store the bark thickness too - yes, we keep it in the column bark_mm from now on."}, true},
	} {
		h := Session(conv(tc.lines...))
		if got := len(h.Statements) > 0; got != tc.kept {
			t.Errorf("%q: statements %+v, want kept %v", tc.lines, h.Statements, tc.kept)
		}
	}
}

// Ensure that a passage quoted from a regulation named by its letters
// ("Im RVR steht: „…“") or standing in a rulebook (「…」とある), a
// Japanese aside said not to be remembered (覚えておかなくていい), and a
// sentence that only announces the next topics ("Two billing things
// now.", "次は予約のルールです。") make no statement; and that what follows
// an announcement is read.
func TestQuotedRulesAndAnnouncements(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // a word the one statement holds; "" for none
	}{
		{`Im RVR steht: "Die Länge ist in Metern mit zwei Dezimalstellen anzugeben."`, ""},
		{"JGAの規則に「プレーヤーは不当に遅延することなくプレーしなければならない」とある", ""},
		{"これは覚えておかなくていい話ですが、隣の妙高のコースはスタート間隔10分にしたらしいです。", ""},
		{"Two billing things now.", ""},
		{"次は予約のルールです。", ""},
		{"Two billing things now. The invoices go out on the 3rd of the month.", "3rd of the month"},
	} {
		h := Session(conv(tc.text))
		switch {
		case tc.want == "" && len(h.Statements) > 0:
			t.Errorf("%q: statements %+v, want none", tc.text, h.Statements)
		case tc.want != "" && (len(h.Statements) != 1 || !strings.Contains(h.Statements[0].Claim, tc.want)):
			t.Errorf("%q: statements %+v, want one holding %q", tc.text, h.Statements, tc.want)
		}
	}
}
