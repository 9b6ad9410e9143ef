package hear

import (
	"regexp"
	"slices"
	"strings"
)

// Session reads one session's records in order and returns what the user
// durably said in it: statements said outright, answers to the agent's
// questions (in prose or through a question tool), agreed proposals,
// memory notes the user's words support, retractions and forget requests.
// A statement the session itself later asks to forget is left out.
func Session(recs []Record) Heard {
	var h Heard
	var (
		cur, prev Record   // the user's last two typed messages
		said      []Record // the assistant's text since the user's last message
		lastSaid  []Record // the assistant's text before that message
		askCall   *Record  // a question tool's call awaiting its result
	)
	add := func(st Statement) {
		if emptyAfterRedaction(st.Claim) || emptyAfterRedaction(st.Quote) && st.Via == "" {
			return
		}
		h.Statements = append(h.Statements, st)
	}
	for i := range recs {
		r := recs[i]
		switch {
		case r.typed():
			prev, cur = cur, r
			lastSaid, said = said, nil
			q := question(lastSaid)
			_, _, proposed := proposal(lastSaid)
			m := hearMessage(r.Text, q != "", q != "" || proposed || endsAsking(lastSaid))
			for _, t := range m.forgets {
				// What this session said before and now forgets goes.
				h.Statements = slices.DeleteFunc(h.Statements, func(st Statement) bool {
					return Mentions(t, st.Claim, st.Quote)
				})
				h.Forgets = append(h.Forgets, t)
			}
			for _, rt := range m.retracts {
				rt.Entries = entries(r)
				h.Retractions = append(h.Retractions, rt)
			}
			if m.answer != nil && q != "" {
				st := *m.answer
				st.Kind, st.Area, st.Via = Answer, areaFor(Fact, st.Quote+" "+q), "answer"
				st.Question, st.Pointer = q, q
				st.Subject = questionSubject(q, st.Lang)
				st.Claim = answerClaim(q, st.Quote)
				st.Entries = entries(r, lastRecord(lastSaid))
				add(st)
			}
			for _, st := range m.statements {
				st.Entries = entries(r)
				add(st)
			}
			// A "yes" to the one durable proposal of the assistant's text
			// just before.
			if affirmative(r.Text) {
				if vp, from, ok := proposal(lastSaid); ok {
					st := confirmed(vp)
					st.Quote = strings.TrimSpace(r.Text)
					st.Via, st.Pointer = "confirm", proposalSentence(from.Text, vp)
					st.Entries = entries(r, from)
					add(st)
				}
			}
		case r.Role == "assistant":
			said = append(said, r)
			// Memory notes point to the user's words in the last two
			// messages.
			for _, n := range notes(r.Text) {
				var support []Record
				for _, u := range []Record{cur, prev} {
					if u.Text != "" {
						support = append(support, u)
					}
				}
				sent, from := supportingSentence(n, support)
				if sent == "" || len(hearMessage(from.Text, false, false).forgets) > 0 {
					continue // a note alone is never evidence
				}
				st := noteStatement(n, sent)
				st.Via, st.Pointer = "note", n
				st.Entries = entries(from, r)
				add(st)
			}
		case r.Role == "tool_call" && questionTool(r.Name):
			askCall = &recs[i]
		case r.Role == "tool_result" && askCall != nil:
			for _, qa := range toolAnswers(askCall.Text, r.Text) {
				lang := detect(qa.a + " " + qa.q)
				st := Statement{Kind: Answer, Lang: lang, Via: "answer", Question: qa.q, Pointer: qa.q, Quote: qa.a}
				st.Area = areaFor(Fact, qa.a+" "+qa.q)
				st.Subject = questionSubject(qa.q, detect(qa.q))
				st.Claim = answerClaim(qa.q, qa.a)
				st.Entries = entries(r, *askCall)
				add(st)
			}
			askCall = nil
		}
	}
	return h
}

func lastRecord(rs []Record) Record {
	if len(rs) == 0 {
		return Record{}
	}
	return rs[len(rs)-1]
}

// entries are the ids of records that have one, in order.
func entries(rs ...Record) []string {
	var out []string
	for _, r := range rs {
		if r.ID != "" && !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	return out
}

// heard is what one user message says.
type heard struct {
	statements []Statement
	answer     *Statement
	retracts   []Retraction
	forgets    []string
}

// hearMessage reads one message the user typed. answering says the
// assistant just asked a question: the message's first sentence, unless
// it asks or jokes or hedges, is the answer.
// replying says it answers the assistant's question or proposal.
func hearMessage(text string, answering, replying bool) heard {
	var out heard
	lang := detect(text)
	lx := lexes[lang]
	if lx.noNotes.MatchString(text) || lexEn.noNotes.MatchString(text) {
		return out
	}
	type sent struct {
		text, lang string
		joke       bool
	}
	var sents []sent
	for _, line := range prose(text, lx) {
		for _, s := range sentences(line) {
			l := lang
			if len(strings.Fields(s)) >= 4 || cjkText(s) {
				l = detect(s)
			}
			sents = append(sents, sent{text: s, lang: l, joke: lexes[l].joke.MatchString(s)})
		}
	}
	for i, s := range sents {
		// A joke marker reaches back to the sentence before it ("Let's
		// delete the tests. Kidding.").
		if s.joke || i+1 < len(sents) && sents[i+1].joke && len([]rune(sents[i+1].text)) < 40 {
			continue
		}
		cls := clauses(s.text, s.lang)
		var found []finding
		excludedAny := false
		for _, c := range cls {
			f, v := classify(c, s.lang, replying && i == 0)
			switch {
			case v == excluded:
				excludedAny = true
			case f.forget != "":
				out.forgets = append(out.forgets, f.forget)
			case f.retract != "":
				t := resolve(f.retract, s.text)
				out.retracts = append(out.retracts, Retraction{Lang: s.lang, Target: t, Subject: nounPhrase(t, s.lang, lexes[s.lang]), Quote: s.text})
			case v == durable && emptyAfterRedaction(f.text):
				// A statement whose value is only a secret says nothing.
			case v == durable:
				f.text = strings.TrimSpace(f.text)
				found = append(found, f)
			}
		}
		if answering && i == 0 {
			answering = false
			if !excludedAny && len(out.retracts) == 0 && len(out.forgets) == 0 && !affirmative(s.text) && !isQuestion(s.text, s.lang, lexes[s.lang]) {
				q, _ := strip(s.text, lexes[s.lang])
				if q != "" {
					out.answer = &Statement{Lang: s.lang, Quote: q}
					continue
				}
			}
		}
		if len(found) == 0 {
			continue
		}
		if len(cls) > 1 && len(found) == len(cls) && oneSubject(found) {
			// The sentence says one thing: keep it whole.
			whole, _ := strip(s.text, lexes[s.lang])
			f := found[0]
			for _, g := range found[1:] {
				f.replaces = append(f.replaces, g.replaces...)
			}
			f.text = whole
			out.statements = append(out.statements, statementFrom(f))
			continue
		}
		for _, f := range found {
			out.statements = append(out.statements, statementFrom(f))
		}
	}
	return out
}

// oneSubject reports findings that say one thing: at most one of them
// names a subject, and they share a kind.
func oneSubject(fs []finding) bool {
	subj := ""
	for _, f := range fs {
		if f.subject != "" {
			if subj != "" && subj != f.subject {
				return false
			}
			subj = f.subject
		}
	}
	return true
}

// statementFrom states a finding.
func statementFrom(f finding) Statement {
	text := strings.TrimRight(f.text, " ,;:—–-")
	return Statement{
		Kind:     f.kind,
		Lang:     f.lang,
		Area:     areaFor(f.kind, text),
		Subject:  f.subject,
		Claim:    claimFor(f.kind, f.lang, text),
		Quote:    text,
		Replaces: f.replaces,
	}
}

// reEnvWords and reToolWords file facts under environments and tools.
var (
	reEnvWords  = regexp.MustCompile(`(?i)\b(?:prod|production|staging|stage|dev|preprod|pre-prod|qa|uat|sandbox|region|cluster|server|servers|host|hostname|url|port|vpn|k8s|kubernetes|aws|gcp|azure|env|environment|environments|bucket|domain|dns|ip|endpoint|namespace|vpc|datacenter|data center|dr|failover|umgebung|produktion|entorno|producción|environnement|serveur)\b|生产|测试环境|预发|环境|集群|服务器|本番|ステージング|環境|サーバ|クラスタ`)
	reToolWords = regexp.MustCompile(`(?i)\b(?:editor|ide|linter|formatter|package manager|ci|pipeline|make|makefile|docker|npm|pnpm|yarn|bun|cargo|cli|script|tool|tools|test runner|jest|vitest|pytest|gradle|maven|bazel|terraform|helm|command|werkzeug|herramienta|outil|vim|neovim|emacs|vscode|shell|zsh|bash|git|github actions|jenkins|ruff|eslint|prettier|black|gofmt|golangci-lint)\b|工具|命令|ツール|コマンド`)
)

// areaFor files a statement by its kind, and a fact by what it names.
func areaFor(k Kind, text string) string {
	switch k {
	case Person:
		return "people"
	case Team:
		return "team"
	case Rule:
		return "conventions"
	case Preference:
		return "preferences"
	case Decision:
		return "decisions"
	}
	switch {
	case reEnvWords.MatchString(text):
		return "environments"
	case reToolWords.MatchString(text):
		return "tools"
	}
	return "project"
}

// noteStatement is the statement of a supported memory note: the user's
// own sentence when the rules read it as one, else the note's words.
func noteStatement(note, sent string) Statement {
	if m := hearMessage(sent, false, false); len(m.statements) > 0 {
		st := m.statements[0]
		st.Quote = sent
		return st
	}
	lang := detect(sent)
	st := Statement{Kind: Fact, Lang: lang, Quote: sent}
	st.Area = areaFor(Fact, note)
	st.Subject = subjectOf(note, En, lexEn)
	st.Claim = claimFor(Fact, En, capitalize(note))
	if !strings.HasPrefix(st.Claim, "The user said") {
		return st
	}
	// The note's words are the agent's: state them as the agent noted.
	st.Claim = "The assistant noted, and the user's words support: “" + strings.TrimSpace(note) + "”"
	return st
}

// proposalSentence is the sentence of an assistant's text that holds a
// proposal.
func proposalSentence(text, vp string) string {
	for _, line := range strings.Split(text, "\n") {
		for _, sent := range sentences(line) {
			if strings.Contains(sent, vp) {
				return sent
			}
		}
	}
	return vp
}

// Mentions reports whether a target (of a forget request or a retraction)
// names what texts say: most of its content words occur in them.
func Mentions(target string, texts ...string) bool {
	return matchesForget(target, texts...)
}

var (
	reObjPronoun = regexp.MustCompile(`(?i)\b(?:him|her|them)\b`)
	reFirstName  = regexp.MustCompile(`(?:^|\s)(\p{Lu}\p{Ll}+)\b`)
)

// resolve replaces "him", "her" or "them" in a retraction's target with
// the name its sentence gives ("Tom moved teams, stop asking him").
func resolve(target, sentence string) string {
	if !reObjPronoun.MatchString(target) {
		return target
	}
	for _, m := range reFirstName.FindAllStringSubmatch(sentence, -1) {
		if !lexEn.properStop[m[1]] && !strings.Contains(target, m[1]) {
			return reObjPronoun.ReplaceAllString(target, m[1])
		}
	}
	return target
}

// endsAsking reports assistant text that ends on a question.
func endsAsking(said []Record) bool {
	if len(said) == 0 {
		return false
	}
	t := strings.TrimSpace(said[len(said)-1].Text)
	return strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")
}
