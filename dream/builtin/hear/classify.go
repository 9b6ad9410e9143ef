package hear

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lexes are the lexicons of every language, built once; they are never
// written after.
var lexes = lexicons()

// finding is what the rules make of one clause.
type finding struct {
	kind     Kind
	lang     string
	subject  string
	text     string // the clause as the claim states it (framing stripped)
	replaces []string
	// retract or forget, instead of a statement.
	retract, forget string
	// ended is a period the clause says is over, beside what it states
	// ("the migration to Java 21 is done").
	ended string
	// versions are the stems of the products it names with a version,
	// said without a cue of change (Statement.Versions).
	versions []string
	// part says the clause states only text, a part of it: the sentence
	// is not quoted whole for it.
	part bool
	// ifChanging: a value set inside a task (Statement.IfChanging).
	ifChanging bool
	// topic is a lead-in label the clause was read past (Statement.Topic).
	topic string
	// takes and holder: a duty handed on and its new holder
	// (Statement.Takes, Statement.Holder).
	takes  []string
	holder string
	// why names the rule that decided (for tests and debugging).
	why string
}

// verdict is a clause's standing: nothing durable, kept out by an
// anti-cue, or durable.
type verdict int

const (
	neutral verdict = iota
	excluded
	// local: kept out by a cue that holds for its own words only
	// (narrative, a task, a transient state): a comma-separated part of
	// it may still say something durable.
	local
	durable
)

// looseFillers may open a clause without punctuation after them ("btw our
// read model …"); other fillers need it ("no, use pnpm").
var looseFillers = set("pls", "plz", "ahora", "y", "und", "et", "e", "from now on", "going forward", "in the future", "henceforth", "from here on", "from here on out", "ab jetzt", "ab sofort", "künftig", "zukünftig", "in zukunft", "von nun an", "de ahora en adelante", "a partir de ahora", "en adelante", "désormais", "dorénavant", "à partir de maintenant", "à l'avenir", "btw", "by the way", "also", "oh", "oh and", "and also", "actually", "fyi", "anyway", "anyways",
	"fwiw", "ps", "oh btw", "also btw", "and", "so", "übrigens", "ach ja", "nebenbei", "apropos", "por cierto", "además", "ojo que", "ojo, que",
	"también", "au fait", "d'ailleurs", "aussi", "du coup", "en fait", "eigentlich", "de hecho", "just so you know",
	"just fyi", "heads up", "for context", "worth knowing", "good to know", "also worth knowing", "to be clear", "as a reminder",
	"in general", "generally", "in our team", "on our team", "around here", "generell", "grundsätzlich", "bei uns", "in unserem team",
	"en general", "por lo general", "en nuestro equipo", "en général", "de manière générale", "chez nous", "dans notre équipe",
	"ah", "ach", "um", "umm", "uh", "uhh", "erm", "äh", "ähm")

// strip removes what opens a clause and says nothing (fillers, list
// marks) and reports whether the user framed it as something to remember.
func strip(s string, lx *lexicon) (string, bool) {
	s = strings.TrimSpace(strings.NewReplacer("’", "'", "‘", "'").Replace(s))
	remembered := false
	for range 6 {
		before := s
		s = strings.TrimLeft(s, " \t-*•>:,;.")
		if loc := lx.fillerLead.FindStringIndex(s); loc != nil && loc[1] > 0 {
			word := strings.ToLower(strings.TrimRightFunc(s[:loc[1]], func(r rune) bool { return !unicode.IsLetter(r) }))
			rest := s[loc[1]:]
			if end := loc[1]; end > 0 && end <= len(s) {
				// Latin fillers: the match ends one past the word.
				rest = s[len(strings.TrimRightFunc(s[:loc[1]], func(r rune) bool { return !unicode.IsLetter(r) && r != '.' })):]
			}
			trimmed := strings.TrimLeft(rest, " ")
			punct := len(trimmed) > 0 && strings.ContainsRune(",:;.!—–-，、：。！", firstRuneOf(trimmed))
			if cjkText(s) || punct || trimmed == "" || looseFillers[word] {
				s = strings.TrimLeft(trimmed, " ,:;.!—–-，、：。！")
			}
		}
		if loc := lx.rememberLead.FindStringIndex(s); loc != nil {
			rest := strings.TrimLeft(s[loc[1]-trailingNonLetter(s[:loc[1]]):], " ,:;-—–，、：")
			if rest != "" {
				s, remembered = rest, true
			}
		}
		if s == before {
			break
		}
	}
	if lx.rememberTail != nil {
		if loc := lx.rememberTail.FindStringIndex(s); loc != nil && loc[0] > 0 {
			s, remembered = strings.TrimSpace(s[:loc[0]]), true
		}
	}
	return strings.TrimRight(s, " ,;:-—–，、；"), remembered
}

func trailingNonLetter(s string) int {
	n := 0
	for i := len(s); i > 0; {
		r, size := lastRune(s[:i])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		n += size
		i -= size
	}
	return n
}

func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i]&0xC0 != 0x80 {
			r := []rune(s[i:])
			return r[0], len(s) - i
		}
	}
	return 0, 0
}

func firstRuneOf(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}

func cjkText(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

// classify reads one clause in a language: the decision list the package
// documentation describes.
//
// reply says the clause answers the assistant's question or proposal: an
// instruction in it then needs a cue of durability ("No, keep jest"
// declines a proposal; it sets no rule).
func classify(raw, lang string, reply bool) (finding, verdict) {
	if loc := reCourtesyTail.FindStringIndex(raw); loc != nil && loc[0] > 0 {
		// "we bumped to go 1.23 yesterday so range-over-func is fine now
		// if it helps": a courtesy, no condition.
		raw = raw[:loc[0]]
	}
	f, v := classifyClause(raw, lang, reply)
	if f.why == "d22m" && reTaskLabel.MatchString(raw) {
		// "Aufgabe: …, maximal 3 Vormerkungen pro Nutzer": a limit in a
		// task's description is the task's spec.
		return why(finding{lang: lang, text: f.text}, "n22m"), neutral
	}
	if f.ended != "" && (v != durable || !hasValue(f.ended, lang) || !reEndedWhere.MatchString(f.ended)) && f.retract == "" && f.forget == "" {
		// "the audit freeze is over" says nothing but that it ended;
		// "the cutover to Postgres 16 is done" says where things are.
		f.retract, f.ended = f.ended, ""
		return why(f, "d5e"), durable
	}
	return f, v
}

// reCourtesyTail ends a clause with a courtesy that makes nothing
// conditional: "… if it helps", "… falls das hilft", "… si ça aide".
var reCourtesyTail = regexp.MustCompile(`(?i),?\s+(?:if (?:it|that|this) helps|in case (?:it|that) helps|if you need (?:it|that|to know)|falls (?:das|es) hilft|wenn(?:'s| es| das) hilft|por si (?:te |les )?sirve|si (?:ça|cela) (?:aide|peut aider|t'aide))[.!]?\s*$`)

// reJustAsking is a sentence saying only that the one before was a
// question, not a decision.
var reJustAsking = regexp.MustCompile(`(?i)^(?:(?:i'm |i was |i am )?(?:only|just) (?:asking|wondering|curious)|nur (?:so )?gefragt|war nur (?:so )?eine frage|solo (?:pregunto|preguntaba|es una pregunta)|(?:je )?demande juste|juste pour savoir|c'est juste une question|只是问问|就是问问|随便问问|(?:ちょっと)?聞いてみただけ(?:です)?)[\s.!…。！]*$`)

// reEndedWhere is a period said to be over that says where things are
// now: a move to a value ("the cutover to Postgres 16", "die Migration
// auf Java 21", "HAPI FHIR 7.2 へのアップグレード") or a number. "The
// Feature-Freeze", "la auditoría de la AEPD" name a period only.
var reEndedWhere = regexp.MustCompile(`(?i)\d|(?:^|\s)(?:to|onto|into|auf|nach|zu|zum|zur|a|al|à|au|vers|hacia)\s+\S|到|へ|に`)

// classifyClause is classify but for a period said to be over, which it
// notes in the finding's ended and reads on: "the cutover to Postgres 16
// is done" may state a value too.
func classifyClause(raw, lang string, reply bool) (finding, verdict) {
	lx := lexes[lang]
	s, remembered := strip(raw, lx)
	if remembered && rePrefaceOnly.MatchString(s) {
		// "还有个情况要记一下：…", "one more thing to note: …": what to
		// remember follows; the preface says nothing itself.
		return finding{lang: lang, why: "n0p"}, neutral
	}
	if reJustAsking.MatchString(strings.TrimSpace(s)) {
		// "Only asking.", "Nur so gefragt.": says what the sentence
		// before was, and nothing itself.
		return finding{lang: lang, why: "n0a"}, neutral
	}
	if reElidedFrame.MatchString(s) {
		// "El contrato dice “…”": what a document says, elided, leaves
		// only the saying.
		return finding{lang: lang, why: "n0d"}, neutral
	}
	if loc := reOfficialLead.FindStringIndex(s); loc != nil && loc[1] < len(s) {
		// "C'est officiel depuis l'AGA : le prix de base est à 3,25 $":
		// what was made official is what is said.
		s = s[loc[1]:]
	}
	f := finding{lang: lang, text: s}
	// "the rotation's in PagerDuty": "'s" as "is" for reading only.
	if lang == En {
		s = reIsContraction.ReplaceAllString(s, "$1 is $2")
	}
	// "tourne sous PostgreSQL 16 depuis ce matin": a state since a
	// moment is no event of that moment.
	if l := reSinceMoment.ReplaceAllString(s, " "); l != s && strings.TrimSpace(l) != "" {
		s = strings.Join(strings.Fields(l), " ")
	}
	// "ayer subimos el runtime a python 3.12": when a change was made
	// does not make it an event of that day.
	lead := reBareLead.FindString(s)
	lead += reCJKLead.FindString(s[len(lead):])
	if lead != "" {
		// "ちなみに先月 .NET 8 に上げました", "btw last week we …": a
		// filler before the time is no part of it.
		if loc := reWhenLead.FindStringIndex(s[len(lead):]); loc != nil && len(lead)+loc[1] < len(s) && reUpdateCue[lang] != nil && reUpdateCue[lang].MatchString(s[len(lead)+loc[1]:]) {
			s = s[len(lead)+loc[1]:]
		}
	}
	if loc := reWhenLead.FindStringIndex(s); loc != nil && loc[1] < len(s) && reUpdateCue[lang] != nil && reUpdateCue[lang].MatchString(s[loc[1]:]) {
		s = s[loc[1]:]
	}
	if reUpdateCue[lang] != nil && reUpdateCue[lang].MatchString(s) {
		// "we bumped the Admin API to 2025-01 last Thursday": the day
		// is when, not what changed.
		if l := strings.Join(strings.Fields(reWhenInside.ReplaceAllString(s, " ")), " "); l != "" {
			s = l
		}
	}
	if len([]rune(s)) < 4 || len(contentWords(s)) == 0 && !cjkText(s) {
		if t := retraction(strings.TrimRight(strings.TrimSpace(raw), " .!"), lx); anaphor(t) {
			// "forget it": what it withdraws is named before it.
			f.retract = t
			return why(f, "d5a"), durable
		}
		return why(f, "n1"), neutral
	}
	// Anti-cues first: a question, a joke, a hypothetical, a limit to the
	// current task or day, a transient state, narrative.
	if loc := reAgreeTag.FindStringIndex(s); loc != nil && loc[0] > 0 {
		// "Prefiero que me expliques los cambios antes, ¿vale?": a tag
		// that asks to agree does not make the statement a question.
		s = s[:loc[0]]
	}
	if loc := reRelatedTag.FindStringIndex(s); loc != nil && loc[0] > 0 {
		s = s[:loc[0]]
	}
	if isQuestion(s, lang, lx) || curiousOrTag(s, lang) {
		// "puedes olvidarlo", "die kannst du vergessen": a modal lead
		// without a question mark may give leave to drop a rule.
		if t := retraction(s, lx); t == "" || strings.ContainsAny(s, "?？¿") {
			return why(f, "e2"), excluded
		}
	}
	if rest := afterLabel(s); rest != "" {
		if lead := strings.TrimSuffix(s, rest); lx.oneOff.MatchString(lead) && (reOnlyWord.MatchString(lead) || len(strings.Fields(lead)) <= 1) && !reFromLead.MatchString(lead) && !reFromNowOn.MatchString(lead) {
			// "Heute nur: die Gruppe aus Bremen darf mit 6 Reitern": a
			// lead-in limiting what follows to today limits all of it.
			return why(f, "e8l"), excluded
		}
		// "zwei Dinge vorweg: Der Freeze beginnt jetzt mittwochs": a short
		// lead-in before a colon says nothing; what it introduces is read.
		g, v := classify(rest, lang, reply)
		if v == durable {
			// "Ya no es PHP 8.1: migramos … a PHP 8.3": the lead-in may
			// name what the rest replaces.
			g.replaces = append(g.replaces, replaced(strings.TrimSuffix(s, rest), lx)...)
			if anaphor(g.retract) {
				// "the Friday freeze: that no longer applies": the
				// lead-in names what is withdrawn.
				g.retract = referent(strings.TrimSuffix(s, rest))
			}
			if lead := strings.TrimSuffix(s, rest); g.retract == "" && g.forget == "" && (reConditionLead.MatchString(lead) || namingLead(labelOf(lead))) {
				// "we're in the audit freeze: no merges …" holds while
				// the freeze lasts: the lead-in is part of the rule.
				// "Der Service ist einlass: Go 1.22, chi, sqlc" names
				// what the rest is of.
				g.text = s
			} else if g.topic == "" {
				g.topic = labelOf(lead)
			}
			return g, v
		}
		if label := reLabelLead.ReplaceAllString(labelOf(strings.TrimSuffix(s, rest)), ""); len(strings.Fields(label)) >= 1 && len(strings.Fields(label)) <= 4 &&
			reLabelNoun.MatchString(label) && !lx.report.MatchString(s) && startsWithLetter(rest) && len(rest) <= 400 {
			// "Por último los albaranes: salen en PDF con copia a
			// Carmen": the label is the subject the rest leaves out (a
			// statement's length, so that a long one is read once).
			if g, v := classify(label+" "+reSubjectPronoun.ReplaceAllString(rest, ""), lang, reply); v == durable && g.retract == "" && g.forget == "" {
				g.text = s
				return g, v
			}
		}
		if lead := strings.TrimSuffix(s, rest); v == neutral && changeLead(lead) && !isQuestion(rest, lang, lx) && !strings.ContainsAny(rest, "?？¿") && (len(contentWords(rest)) >= 2 || hasValue(rest, lang) || cjkText(rest) && utf8.RuneCountInString(rest) >= 4) && !lx.report.MatchString(rest) {
			// "we changed the conflict rule: the server wins": a lead-in
			// saying something changed makes what it introduces where
			// things are now.
			f.kind, f.subject = Fact, subjectOf(rest, lang, lx)
			return why(f, "d21l"), durable
		}
	}
	if re := reRelayLead[lang]; re != nil {
		if loc := re.FindStringIndex(s); loc != nil && loc[1] < len(s) && !relayedBySelf(s) && !re.MatchString(s[loc[1]:]) {
			// "the actuary said one review is enough now": what someone
			// said the team goes by is read as said; the statement keeps
			// who said it. One relay is read through: "X said Y said …"
			// is hearsay (and an attacker's way to make reading
			// quadratic).
			if g, v := classify(s[loc[1]:], lang, reply); v == durable {
				if g.retract == "" && g.forget == "" {
					g.text = s
				}
				return g, v
			}
		}
	}
	if lx.joke.MatchString(laughAsideOff(raw)) {
		return why(f, "e3"), excluded
	}
	if reTriedReverted.MatchString(s) {
		// "we tried a 10 free article meter for a week and went back":
		// a change tried and undone leaves things as they were, and its
		// value is none of theirs.
		return why(f, "e3t"), excluded
	}
	if loc := reSinceEvent.FindStringSubmatchIndex(s); loc != nil && loc[3] < len(s) {
		// "since the move we deploy any weekday except Friday": what
		// holds since an event is read as said, a change.
		if g, v := classify(s[loc[3]:], lang, reply); v == durable {
			if g.retract == "" && g.forget == "" {
				g.text = s
			}
			return g, v
		}
	}
	if loc := reFromDate.FindStringIndex(s); loc != nil && loc[1] < len(s) && !reFromDate.MatchString(s[loc[1]:]) {
		// "From 1 June every overdue day costs 50p", "ab 1. Juni kostet
		// jeder Tag 0,50 €": what holds from a date on is read as said,
		// and a value said with a verb of being or costing is a fact.
		// One date is read past, never a chain of them: that would make
		// reading a crafted message quadratic.
		rest := s[loc[1]:]
		if g, v := classify(rest, lang, reply); v == durable {
			if g.retract == "" && g.forget == "" {
				g.text = s
			}
			return g, v
		}
		if hasValue(rest, lang) && reValueVerb.MatchString(rest) && !strings.ContainsAny(rest, "?？¿") && !matches(lx.hypo, rest) && !reNotOrTried.MatchString(rest) {
			f.kind, f.subject, f.text = Fact, subjectOf(rest, lang, lx), s
			return why(f, "d14f"), durable
		}
	}
	if introducesPaste(raw) {
		return why(f, "n1b"), neutral
	}
	if lx.report.MatchString(s) {
		return why(f, "e4"), excluded
	}
	if re := reLeftFor[lang]; re != nil {
		if m := re.FindStringSubmatch(s); m != nil && !isImperativeLead(s, lang, lx) {
			// "on a quitté Netlify pour Cloudflare Pages", "we ditched
			// heroku for fly.io": what was left is replaced, not only
			// withdrawn.
			f.kind, f.subject = Fact, subjectOf(s, lang, lx)
			f.replaces = append(replaced(s, lx), strings.TrimSpace(group(re, m, "old")))
			return why(f, "d19l"), durable
		}
	}
	if reNewContact.MatchString(s) && reContactValue.MatchString(s) && !isImperativeLead(s, lang, lx) && !lx.forget.MatchString(s) {
		// "Neue Handynummer, die alte Karte ist weg: 0160 …": the number
		// said to be new is where to reach them now, whatever the words
		// beside it say went.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21k"), durable
	}
	// Withdrawals and forget requests (not for the task at hand only).
	if t := retraction(s, lx); t != "" && (!lx.oneOff.MatchString(retractionHead(s)) || movedOn(s, lx) || reRetiredWhen.MatchString(s) || reRuleKind.MatchString(t) || mendedIn(s, lx)) {
		if e := endedIn(strings.TrimRight(s, " .!。！"), lx); e == "" || !strings.Contains(e, t) {
			f.retract = t
			return why(f, "d5"), durable
		}
		// "die Migration auf Java 21 ist abgeschlossen" may state where
		// things are now: read on.
		f.ended = t
	}
	if m := lx.forget.FindStringSubmatch(s); m != nil {
		if t := group(lx.forget, m, "t"); t != "" {
			if i := strings.IndexAny(t, ",;，；"); i > 0 {
				// "forget DHL, only SEUR inside the EU": what follows
				// the comma says what holds instead.
				t = strings.TrimSpace(t[:i])
			}
			f.forget = t
			return why(f, "d6"), durable
		}
	}
	prefLoc := lx.pref.FindStringIndex(s)
	hypoText := s
	if prefLoc != nil {
		hypoText = s[prefLoc[1]:]
	}
	durableCue := lx.durable.MatchString(raw)
	modal := lx.modal.MatchString(s)
	if loc := reConcessive.FindStringIndex(hypoText); loc != nil {
		hypoText = hypoText[:loc[0]] // "…, même si ça en fait plus"
	}
	// "…, 大概到年底都这样", "…, probably until Easter": a guess at how
	// long it lasts hedges the end, not what holds.
	hypoText = reHedgedEnd.ReplaceAllString(hypoText, "")
	// "el de estudio se queda igual": the same, not a maybe.
	hypoText = reSameAsBefore.ReplaceAllString(hypoText, " ")
	if loc := lx.hypo.FindStringIndex(hypoText); loc != nil && !(prefLoc == nil && handoverBefore(s, lang, loc[0])) {
		return why(f, "e7"), excluded
	}
	if reProposed.MatchString(s) && !reTakenUp.MatchString(s) && !reYouProposed.MatchString(s) {
		// "Callum floated moving us to Wagtail at standup, nobody went
		// for it": a proposal, not what holds, unless it was taken up.
		return why(f, "e7p"), excluded
	}
	if lx.oneOff.MatchString(reEveryMorning.ReplaceAllString(s, " ")) && !standingForNow(s, lang, lx) && !(reMovedToVersion.MatchString(s) && reRaisedDone.MatchString(s)) {
		// "heute go.mod auf go 1.23 gehoben": a version raised today
		// holds from today on.
		return why(f, "e8"), excluded
	}
	imper := isImperativeLead(s, lang, lx)
	if rest, ok := temporalInstruction(s, lang, lx); !imper && ok {
		// "after touching any BUILD file run `bazel run //:gazelle`": an
		// instruction for whenever something happens.
		imper, s = true, rest
	}
	if loc := lx.cond.FindStringIndex(s); loc != nil && loc[0] <= 1 && !durableCue && !modal && !imper && !(lx.team.MatchString(s) && hasOwner(s, lang, lx)) {
		return why(f, "e9"), excluded
	}
	f.replaces = append(replaced(s, lx), versionStems(s, lang)...)
	f.versions = versionNames(s, lang)
	f.replaces = append(f.replaces, changeStems(s, lang, lx)...)
	return decideKind(f, cues{
		raw: raw, s: s, lang: lang, lx: lx, prefLoc: prefLoc, prefRest: hypoText,
		reply: reply, remembered: remembered, durableCue: durableCue, modal: modal, imper: imper,
		strong: lx.strongCue != nil && lx.strongCue.MatchString(raw),
	})
}

// cues is a clause that passed classify's anti-cues, as decideKind reads
// it: the clause as written (raw) and as read (s), its language, where a
// preference opens (prefLoc, or nil), and the cues found in it.
type cues struct {
	raw, s, lang string
	lx           *lexicon
	prefLoc      []int
	// prefRest: what follows the preference's opening, less a concessive
	// tail ("même si ça en fait plus").
	prefRest string
	// reply: it answers the assistant; remembered: the user framed it as
	// something to remember.
	reply, remembered bool
	// durableCue: a cue of durability; modal: a modal ("should", "must");
	// imper: it opens as an instruction; strong: a strong cue ("always").
	durableCue, modal, imper, strong bool
}

// decideKind reads what a clause says once nothing keeps it out: a
// person, a team, a decision, a preference, a rule, a fact (rules d10 to
// n25 of the decision list), or only narrative, a state or a task, local,
// or nothing durable.
func decideKind(f finding, c cues) (finding, verdict) {
	raw, s, lang, lx, prefLoc := c.raw, c.s, c.lang, c.lx, c.prefLoc
	reply, remembered := c.reply, c.remembered
	durableCue, modal, imper, strong := c.durableCue, c.modal, c.imper, c.strong
	set := valueSet(s, lang)
	switch {
	case reKeepRest.MatchString(s):
		// "keep the rest as is", beside a part withdrawn: what stays is
		// said where it was, not here.
		return why(f, "l17k"), local
	case reNewOwner.MatchString(s) && hasOwner(s, lang, lx):
		// "billing has a new owner, Marcus Hale": whoever owned or
		// reviewed billing before no longer does.
		f.kind, f.subject = Team, teamSubject(s, lang, lx)
		f.replaces = append(f.replaces, ownerStems(s)...)
		if h, ok := handoverOf(s, lang); ok && h.duty != "" {
			f.takes, f.holder = []string{h.duty}, h.holder
		}
		return why(f, "d13b"), durable
	case handedOver(&f, raw, s, lang, lx):
		// "priya's got the gps ingest now", "c'est Inès qui a repris
		// les annotations": whoever held the duty before no longer
		// does.
		return why(f, "d13h"), durable
	case (lx.intro.MatchString(s) || introAfterName(s, lx)) && !introNot(s, lang):
		f.kind, f.subject = Person, personSubject(s, lang)
		return why(f, "d10"), durable
	case lx.team.MatchString(s) && hasOwner(s, lang, lx):
		f.kind, f.subject = Team, teamSubject(s, lang, lx)
		return why(f, "d13"), durable
	case lang == En && reSettledValue.MatchString(s) && (hasValue(s, lang) || spelledCount(s)) && !reNotOrTried.MatchString(s) && !lx.decision.MatchString(s):
		// "Perfect, 20 per second it is.", "Let's go to every five
		// minutes.": a value the user settles on.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d14s"), durable
	case decidedValue(s, lang, lx) && !lx.decision.MatchString(s):
		// "RIN 阈值委员会开会定了，6.8", "営業会議で 60 日前からに決まった",
		// "board met yesterday, it's eight free articles a month going
		// forward": a value a meeting settled, relayed, is where things
		// are now, however the telling opens.
		f.kind, f.subject = Fact, subjectOf(afterMeeting(s), lang, lx)
		return why(f, "d14v"), durable
	case lx.narrative.MatchString(s):
		return why(f, "l11"), local
	case reWorkPreference[lang] != nil && reWorkPreference[lang].MatchString(s) && !reTodayOnly.MatchString(s) && !rePronounLead.MatchString(s):
		// "réponds-moi en français", "回答简短点", "Logs bitte mit
		// structlog", "nada de emojis en los commits", "必ず先にテストを
		// 書いて": how the user wants the work done, for good.
		f.kind, f.subject = Preference, subjectOf(s, lang, lx)
		return why(f, "d15w"), durable
	case (problemReport(s, lang) || lx.state.MatchString(s) && !durableCue && !reLimitFine.MatchString(s)) && versionMoved(s, f.replaces) == "" && !reFromNowOn.MatchString(s) &&
		!(reRaisedDone.MatchString(s) && reVersioned.MatchString(s) && !problemReport(s, lang)):
		// "prod got upgraded to Django 5.1 over the weekend and half
		// the tests are red": the version moved to is read on.
		return why(f, "l12"), local
	case pastEvent(s, lang) && len(f.replaces) == 0 && !lx.update.MatchString(s) && !reMovedToVersion.MatchString(s):
		// "上周重构把 SchedulingConfig 删了": what happened, not what holds;
		// a version moved to last week ("letzte Woche auf kraken 6.0
		// gegangen") holds now.
		return why(f, "l12b"), local
	case lx.decision.MatchString(s):
		f.kind, f.subject = Decision, strings.ReplaceAll(subjectGroup(s), "-", " ")
		return why(f, "d14"), durable
	case prefLoc != nil && !taskChatter(s, lang) && !(lang == En && reDeicticObject.MatchString(c.prefRest) || lang != En && deictic(c.prefRest, lang)):
		f.kind, f.subject = Preference, subjectOf(s, lang, lx)
		return why(f, "d15"), durable
	case set != "" && hasValue(set, lang):
		// "bump the sandbox budget alarm to 500 USD, 200 was firing":
		// a task that sets a value says what it is from now on, where
		// memory holds what it was.
		f.kind, f.subject, f.text, f.part, f.ifChanging = Fact, subjectOf(set, lang, lx), set, true, true
		return why(f, "d21s"), durable
	case imper && reTooOld.MatchString(s) && hasValue(s, lang):
		// "review texts: send them the next morning at 10, two days
		// was too late": an instruction that names the old value as
		// what went wrong sets the value from now on.
		f.kind, f.subject, f.ifChanging = Fact, subjectOf(s, lang, lx), true
		return why(f, "d21o"), durable
	case imper:
		// In a reply, only a strong cue or a modal makes an instruction
		// more than an answer to the offer ("aber nur als Entwurf").
		cue := durableCue || modal || remembered
		if reply {
			cue = strong || modal || remembered
		}
		if (!reply || cue) && standingImperative(s, lang, lx, cue) && !(reply && len(strings.Fields(s)) <= 2 && !cjk(lang)) {
			f.kind, f.subject = Rule, subjectOf(s, lang, lx)
			return why(f, "d16"), durable
		}
		if reRequiredTail.MatchString(s) {
			// "run tflint and checkov, that's required for every PR":
			// the tail makes a rule of the instruction.
			f.kind, f.subject = Rule, subjectOf(s, lang, lx)
			return why(f, "d16t"), durable
		}
		return why(f, "l17"), local
	}
	if lang == En && reFixItTail.MatchString(s) {
		// "The sign-off permission is still on Bethan's account, move
		// it": how things stand until the task is done.
		return why(f, "l18t"), local
	}
	if lx.taskLead != nil && lx.taskLead.MatchString(s) && !durableCue && !modal && !remembered && !(lang == En && reNounThenVerb.MatchString(s)) {
		// "rename the flag to --dry-run": a request, whatever follows.
		return why(f, "l18"), local
	}
	if m := lx.update.FindStringSubmatch(s); m != nil && !reTrialCJK.MatchString(s) && !departed(s, lang) && !reZhRequestLead.MatchString(s) {
		f.kind = Fact
		f.subject = nounPhrase(group(lx.update, m, "np"), lang, lx)
		return why(f, "d19"), durable
	}
	we := lx.we.MatchString(s)
	fact := factShape(s, lang, lx)
	switch {
	case (durableCue || modal) && (we || fact || lx.modal.MatchString(s)) && !taskish(s, lang, lx) &&
		(durableCue || we || fact || !weakModal(s, lang, lx)):
		f.kind, f.subject = Rule, subjectOf(s, lang, lx)
		if !modal && fact && weakCue(raw, lx) {
			// Only "our", "we use": a fact about the team, not a rule.
			f.kind = Fact
		}
		return why(f, "d20"), durable
	case (fact || we && (hasValue(s, lang) || lang == En && len(contentWords(s)) >= 3 && !taskish(s, lang, lx) || newDay(s, lang) || habitualDay(s, lang) && !taskish(s, lang, lx)) ||
		(newDay(s, lang) || lang == De && nounLed(s)) && habitualDay(s, lang) && (!taskish(s, lang, lx) || newDay(s, lang) && reHabitSelf.MatchString(s))) && !taskChatter(s, lang):
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		if m := reAssign.FindString(s); m != "" {
			f.subject = strings.ToLower(m[:strings.Index(m, "=")])
		}
		return why(f, "d21"), durable
	case remembered:
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d22"), durable
	case !cjk(lang) && !taskish(s, lang, lx) && !deicticThing(s, lang) && leadNounPhrase(s, lang, lx) != "" && !reSometimes.MatchString(s) && (hasValue(s, lang) || strong || durableCue):
		// "las copias de seguridad se guardan 7 días", "les logs partent
		// dans Sentry": a determiner-led subject, any verb, and a value
		// (or a cue of durability, then a rule: "los deploys solo los hace
		// el bot").
		f.kind, f.subject = Fact, leadNounPhrase(s, lang, lx)
		if !hasValue(s, lang) {
			f.kind = Rule
		}
		return why(f, "d22b"), durable
	case (strong || cjk(lang) && durableCue) && !deictic(s, lang) && (!reply || !imper) && (len([]rune(s)) >= 12 || cjk(lang) && len([]rune(s)) >= 6) &&
		!(problemReport(s, lang) && versionMoved(s, f.replaces) != ""):
		// ("升级到 vite 5 以后 build 出了几个 warning" reports a problem
		// after a move, read on below for the version moved to.)
		// "always", "never", "every time" make a standing rule of any
		// shape the rules above did not read.
		f.kind, f.subject = Rule, subjectOf(s, lang, lx)
		return why(f, "d23"), durable
	}
	if durableCue && reSetting.MatchString(s) {
		// "default_args retries=3 from now on": a setting said to hold.
		f.kind, f.subject = Rule, strings.ToLower(strings.SplitN(reSetting.FindString(s), "=", 2)[0])
		return why(f, "d20s"), durable
	}
	if reChoseNew.MatchString(s) {
		// "marketing picked storyblok as the new cms": a decision on
		// what is used from now on.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21n"), durable
	}
	if reDoneMove.MatchString(s) && hasValue(s, lang) && !taskChatter(s, lang) {
		// "HAPI FHIR 7.2 へのアップグレードが終わりました": where things
		// are now.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21m"), durable
	}
	if old := corrected(s, lx); old != "" && (hasValue(s, lang) || numberWords[strings.ToLower(old)]) {
		// "the new KIS wants HL7 2.6 now, not 2.5.1", "le seuil c'est
		// 25 °C, pas 28": a value said with the one it corrects states
		// what holds.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21c"), durable
	}
	if reInsteadOf.MatchString(s) && (hasValue(s, lang) || slices.ContainsFunc(words(strings.ToLower(s)), isWeekday)) && !reNotOrTried.MatchString(s) && !reTriedWord.MatchString(s) && !taskish(s, lang, lx) && !isImperativeLead(s, lang, lx) && !strings.ContainsAny(s, "?？¿") {
		// "les virements partent le dernier jeudi du mois au lieu de
		// l'ancienne date", "el vidrio empieza a las 23:00 en vez de
		// antes": a value said in place of another is where things are
		// now.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21i"), durable
	}
	if reFromNowOn.MatchString(s) && !wholeQuote(s) && !taskish(s, lang, lx) && (lx.taskLead == nil || !lx.taskLead.MatchString(s)) && !deictic(reFromNowOn.ReplaceAllString(s, " "), lang) && (len(contentWords(s)) >= 3 || cjk(lang) && len([]rune(s)) >= 8) {
		// "Saturdays are grooming only from now on": said to hold from
		// now on, whatever its shape.
		f.kind, f.subject = Rule, subjectOf(s, lang, lx)
		if hasValue(s, lang) {
			f.kind = Fact
		}
		return why(f, "d24n"), durable
	}
	if re := reStopHabit[lang]; re != nil && re.MatchString(s) {
		// "Stop apologizing in every message": a habit of the agent's
		// the user wants gone, for good.
		f.kind, f.subject = Preference, subjectOf(s, lang, lx)
		return why(f, "d15h"), durable
	}
	if lx.task.MatchString(taskWords(s)) {
		return why(f, "l24"), local
	}
	if part := versionMoved(s, f.replaces); part != "" {
		// "升级到 Flask 3.0 了，有几个 deprecation 要修", "since we're on
		// aurora postgres 16 now you can …": a task told with the version
		// things moved to; the part naming it states where things are.
		f.kind, f.subject, f.text, f.part = Fact, subjectOf(part, lang, lx), part, true
		return why(f, "d21v"), durable
	}
	if reUpdateCue[lang] != nil && reUpdateCue[lang].MatchString(s) && (hasValue(s, lang) || spelledCount(s)) && !taskChatter(s, lang) && !taskish(s, lang, lx) && !reNotOrTried.MatchString(reFromNextPeriod.ReplaceAllString(s, " ")) && !wholeQuote(s) {
		// "bumped R to 4.5.1", "it gives up after five failures now": a
		// value said with a word of change, in no shape the rules above
		// read, is where things are now.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21u"), durable
	}
	if limitRule(s) && !taskish(s, lang, lx) && !isImperativeLead(s, lang, lx) {
		// "máximo 3 noches seguidas por enfermera", "höchstens zwei
		// Nachtdienste am Stück": a limit stated is a standing rule.
		f.kind, f.subject = Rule, subjectOf(s, lang, lx)
		if hasValue(s, lang) {
			f.kind = Fact
		}
		return why(f, "d22m"), durable
	}
	if reNewContact.MatchString(s) && (reContactValue.MatchString(s) || hasValue(s, lang) && !taskish(s, lang, lx)) && !isImperativeLead(s, lang, lx) {
		// "Neue Nummer von Yilmaz: 0176 5512 0938": a number or an
		// address said to be new is where to reach them now.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21c"), durable
	}
	if lang == Fr && reCestNamed.MatchString(s) && !taskish(s, lang, lx) && !isImperativeLead(s, lang, lx) {
		// "Pour l'électricité c'est Elec'Rhône", "la réunion prestataires
		// c'est le premier lundi du mois": what a thing is, said the
		// spoken way, by its name or its day.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21n"), durable
	}
	if reRoutedTo.MatchString(s) && !isImperativeLead(s, lang, lx) && !taskChatter(s, lang) && len(contentWords(s)) >= 3 {
		// "Mahnungen bitte direkt an forderungen@…", "the invoices go to
		// ap@…": where a kind of message goes, to an address.
		f.kind, f.subject = Rule, subjectOf(s, lang, lx)
		return why(f, "d22r"), durable
	}
	if m := reWantsDone.FindStringSubmatch(s); m != nil && lang == En && (periodIn(s) || durableCue) && !deicticThing(m[1], lang) {
		// "Priya wants the tokens rotated every 14 days, their security
		// team asked": a standing wish relayed is a rule for the thing.
		f.kind, f.subject = Rule, nounPhrase(m[1], lang, lx)
		return why(f, "d22w"), durable
	}
	if loc := reUntilDay.FindStringIndex(s); loc != nil && f.ended == "" && (len(contentWords(s[:loc[0]]+s[loc[1]:])) >= 2 || cjkText(s) && utf8.RuneCountInString(s) >= 8) {
		// "Hasta el 30 de septiembre no aceptamos encargos nuevos",
		// "9月末までは…": what holds until a day is an arrangement of its
		// own, which memory ends when the day has passed.
		f.kind, f.subject = Rule, subjectOf(s[:loc[0]]+s[loc[1]:], lang, lx)
		return why(f, "d22u"), durable
	}
	if m := rePriceItem.FindStringSubmatch(s); m != nil && !priceStop[strings.ToLower(m[1])] && !taskish(s, lang, lx) && !isImperativeLead(s, lang, lx) && !strings.ContainsAny(s, "?？") && !hasQuoteMark(s) {
		// "Prunksitzung am 15. Februar, Karten 39 Euro, Mitglieder 34":
		// a thing and its price, said without a verb, is what it costs.
		// A price in quotation marks is a document's or a supplier's.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21p"), durable
	}
	if reDefaultIs.MatchString(s) && hasValue(s, lang) && !taskChatter(s, lang) && !taskish(s, lang, lx) && !strings.ContainsAny(s, "?？¿") {
		// "people want 16-bit TIFF as the default output", "auf dem
		// Abzug bitte standardmäßig Optima": what is the default from
		// now on.
		f.kind, f.subject = Fact, subjectOf(s, lang, lx)
		return why(f, "d21f"), durable
	}
	return why(f, "n25"), neutral
}

// reDefaultIs names a value as the default: "as the default",
// "standardmäßig", "por defecto", "par défaut", "默认", "デフォルト".
var reDefaultIs = regexp.MustCompile(`(?i)\bas (?:the |our )?default\b|\bby default\b|\bstandardmäßig\b|\bals standard\b|\bpor defecto\b|\bpar défaut\b|默认|デフォルト`)

// rePriceItem is a thing named with its price and no verb between ("Karten
// 39 Euro", "lona $120", "adultos 18 €"); group 1 is the word before the
// price.
var rePriceItem = regexp.MustCompile(`(?i)(?:^|[,:;]\s*|\s)(\pL[\pL-]{2,})\s+(?:[£$€]\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?(?:€|£|\$|euros?|eur|usd|chf|pesos?|yen|円|元|ドル|ユーロ))(?:$|[^\pL\pN])`)

// priceStop are words before an amount that name no thing priced: "for
// 39 Euro", "ab 39 €", "um 39 Euro".
var priceStop = set("for", "from", "about", "around", "under", "over", "above", "below", "über", "unter", "mehr", "weniger", "más", "menos", "encima", "debajo", "dessus", "dessous", "au-delà", "only", "just", "with", "and", "und", "für", "ab", "bis", "um", "mit", "von", "etwa", "nur", "por", "para", "desde", "hasta", "con", "unos", "pour", "dès", "avec", "environ", "moins", "plus", "than", "als", "que")

// reWantsDone is someone's standing wish for how a thing is done: "she
// also wants the tokens rotated …", "their security team wants all logs
// kept …"; the group is the thing.
var reWantsDone = regexp.MustCompile(`(?i)^(?:she|he|they|(?-i:\p{Lu})[\p{Ll}'-]+(?: (?-i:\p{Lu})[\p{Ll}'-]+)?|(?:the|their|our) [\w -]{2,30}?)(?: also| now| really)? wants? (?:the |all |our |their |every )?([\w -]{2,30}?) (?:\w+ed|done|kept|sent|made|run|built|written)\b`)

// quoteMarks are the quotation marks the rules read, each opening mark
// with its closing one: German „…“ before English “…”, whose opening
// mark closes the German.
var quoteMarks = [][2]string{{"„", "“"}, {"“", "”"}, {"«", "»"}, {"「", "」"}, {"『", "』"}, {`"`, `"`}}

// wholeQuote reports a sentence that is all one quotation („…“, "…",
// «…», 「…」), the start of one going on past it, or the end of one whose
// start a label before it took ("„Preisliste, gültig ab …“"): someone
// else's words, whatever they say holds from when.
func wholeQuote(s string) bool {
	s = strings.TrimRight(strings.TrimSpace(s), ".。!！ ")
	for _, q := range quoteMarks {
		if strings.HasPrefix(s, q[0]) && !strings.Contains(s[len(q[0]):], q[1]) {
			return true // a quotation going on past the sentence
		}
		if !strings.HasSuffix(s, q[1]) || len(s) <= len(q[0])+len(q[1]) {
			continue
		}
		if strings.HasPrefix(s, q[0]) || !strings.Contains(s[:len(s)-len(q[1])], q[0]) {
			return true
		}
	}
	return false
}

// reRoutedTo sends something to an e-mail address.
var reRoutedTo = regexp.MustCompile(`(?i)(?:\b(?:to|an|à|a|al|aux)|给|发到|发给|转给|に|へ)\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+`)

// rePrefaceOnly is what is left of a request to remember that only
// announces something: "个情况要", "一件事", "one more thing".
var rePrefaceOnly = regexp.MustCompile(`^(?:(?:还有|另外)?(?:一)?(?:个|件)?(?:情况|事|事情|东西|点)(?:要|需要)?|(?i:(?:one more|another|a|one) thing(?: to)?|something|eine sache|noch (?:eine sache|was)|una cosa|otra cosa|une chose|autre chose))$`)

// reCestNamed is a French subject led by a determiner (or "pour" and
// one), then "c'est" and a name or an ordinal day: "pour l'électricité
// c'est Elec'Rhône", "la réunion prestataires c'est le premier lundi du
// mois".
var reCestNamed = regexp.MustCompile(`(?i)^(?:pour\s+)?(?:le|la|les|l'|notre|nos|mon|ma)\s*[\pL'’ -]{2,40}?,?\s+c'est\s+(?:(?:(?:le|la|l'|chez)\s*)?(?-i:\p{Lu})|(?:le|la)\s+(?:premier|première|dernier|dernière|deuxième|troisième)\s)`)

// reNewContact says a number or an address is new ("hat ne neue Nummer",
// "new mobile:", "nuevo teléfono", "nouveau numéro", "换了新号码",
// "電話番号が変わり"): a change of the one said before.
var reNewContact = regexp.MustCompile(`(?i)\b(?:new|neuen?|neue[rs]?|nuev[oa]s?|nouve(?:au|l|lle)s?)\s+(?:[\pL-]+\s+){0,2}(?:number|phone|mobile|cell|address|e-?mail|contact|nummer|handynummer|telefonnummer|handy|telefon|adresse|anschrift|e-?mail-adresse|número|teléfono|móvil|whatsapp|dirección|correo|numéro|portable|téléphone|adresse|courriel|mail)\b|\bneue[rsn]?\s+\pL{2,}(?:nummer|adresse)\b|新(?:的)?(?:电话|手机|号码|地址|邮箱)|(?:电话|手机号|号码|地址|邮箱)(?:换了|改了|变了|换成)|新しい(?:電話|番号|携帯|アドレス|メール|住所)|(?:電話番号|番号|携帯|アドレス|メールアドレス|住所)が変わ`)

// reContactValue is a phone number or an e-mail address written out.
var reContactValue = regexp.MustCompile(`(?:\+|\b0)\d[\d ()-]{6,}\d|\b\d{2,5}(?:[ -]\d{2,5}){2,4}\b|[\w.+-]+@[\w-]+(?:\.[\w-]+)+`)

// reLimitWord says a count is a limit: at most, at least, in the six
// languages; the count follows.
var reLimitWord = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:max|maximum|min|minimum|at most|at least|no more than|not more than|máximo|mínimo|como máximo|como mucho|como mínimo|al menos|no más de|höchstens|mindestens|maximal|minimal|nicht mehr als|au maximum|au minimum|au moins|pas plus de|maximum de|minimum de)\s+(?:de\s+|d')?(\pL+|\d+)|(?:最多|至少|不超过|不少于|最大|最低|最小)\s*(\d+)`)

// reTaskLabel opens a task's description ("Aufgabe: …, maximal 3
// Vormerkungen pro Nutzer"): the limits in it are the task's spec.
var reTaskLabel = regexp.MustCompile(`(?i)^\s*(?:task|todo|ticket|story|feature|aufgabe|tarea|tâche|ticket|任务|需求|タスク|課題)\s*[:：]`)

// limitRule reports a clause stating a limit: a limit word before a
// count in digits or in words.
func limitRule(s string) bool {
	for _, m := range reLimitWord.FindAllStringSubmatch(s, 4) {
		if m[2] != "" || isDigits(m[1]) || numberWords[strings.ToLower(m[1])] {
			return true
		}
	}
	return false
}

// NewContact reports text saying a number or an address is new
// (reNewContact).
func NewContact(s string) bool { return reNewContact.MatchString(s) }

// isQuestion reports a clause that asks rather than states.
func isQuestion(s, lang string, lx *lexicon) bool {
	t := strings.TrimRight(s, " \"'”)")
	if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？") || strings.HasPrefix(t, "¿") {
		return true
	}
	if lx.questionAny != nil && lx.questionAny.MatchString(t) {
		return true
	}
	if lang == En {
		l := strings.ToLower(t)
		for _, p := range []string{"do not", "does not", "don't", "doesn't", "did not", "didn't", "is not allowed", "are not allowed", "can't", "cannot", "won't", "isn't allowed", "aren't allowed", "should never", "should always", "should be", "are always", "is always", "are never", "is never", "must"} {
			if strings.HasPrefix(l, p) {
				return false
			}
		}
	}
	if lang == En && reWereTypo.MatchString(t) {
		// "were off the cx22, moved prod to a cax31": "we're" typed
		// fast; a question opening with "were" asks of a subject.
		return false
	}
	if lang == En && reWhenYouRule.MatchString(t) {
		// "When you touch images always use <Image>": a rule for a
		// case, no question.
		return false
	}
	return lx.questionLead.MatchString(t)
}

// reWereTypo opens a clause with "were" where no subject follows: "we're"
// without its apostrophe.
var reWereTypo = regexp.MustCompile(`(?i)^were (?:off|on|now|back|using|moving|migrating|switching|running|going|gonna|still|all|done|live|finally|officially|no longer)\b`)

// reWhenYouRule opens a rule for a case: "when(ever) you …, always|never
// …".
var reWhenYouRule = regexp.MustCompile(`(?i)^when(?:ever)? (?:you|we|i)\b[^?]*\b(?:always|never|use|don't|do not)\b`)

// introAfterName reports a clause that names the user and then says their
// role: "felix hier, bin werkstudent im backend-team", "Dan here, SRE".
func introAfterName(s string, lx *lexicon) bool {
	i := strings.IndexAny(s, ",、，")
	if i <= 0 {
		return false
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	name, rest := s[:i], s[i+size:]
	if !bareName(name) {
		return false
	}
	rest, _ = strip(rest, lx)
	return lx.intro.MatchString(rest) || reRoleLead.MatchString(rest)
}

// introNot are shapes of "I'm …" that introduce nobody ("I'm a bit lost").
var reIntroNot = regexp.MustCompile(`(?i)^(?:i'm|i am) (?:a (?:bit|little|lot|tad|few)|an? (?:second|moment|minute|sec)|the one who|not |so |just |pretty |really |very |going|gonna|trying|about|afraid|sure|done|back|here|fine|ok|okay|sorry|happy|glad|confused|stuck|busy|tired|curious|wondering|looking|thinking|seeing|getting|running)`)

func introNot(s, lang string) bool {
	return lang == En && reIntroNot.MatchString(s)
}

// reZhTargetVerb are the verb before and the particle after what a
// Chinese withdrawal names ("不要再用 GetX 了"): not words of the claim.
var reZhTargetVerb = regexp.MustCompile(`^(?:再用|使用|用|走|按)\s*|\s*(?:了|啦|吧)$|\s*(?:这个|那个|这条|那条)(?:也|都)?$|\s*(?:今年|明年|下个月|这个月|本月|这周|下周|从下周|从下个月|以后|今后)(?:起|开始)?$|\s*(?:又|已经)?(?:可以|又能)(?:正常|照常|重新|继续)(?:往|在|去)?\s*`)

// reSaidAbout opens a withdrawal's words pointing back at what was said
// ("que j'ai dit sur les triggers", "what I told you about"), and
// reTargetTail closes them with when it was said or "no more": neither
// is part of what is withdrawn.
var reSaidAbout = regexp.MustCompile(`(?i)^(?:(?:ce |tout ce )?que |(?:todo )?lo que |what |everything |was |alles,? was )?(?:i |we |j'ai |je t'ai |on a |te |ich (?:dir )?)?(?:said|told you|wrote|mentioned|dit|écrit|dije|he dicho|comenté|gesagt)(?: earlier| before| last time| antes| la otra vez| l'autre fois)? (?:about|on|regarding|sur|à propos d(?:e |u |es |')|concernant|sobre|acerca de|de(?:l)? |über|zu|wegen) ?`)

// reTargetTail is "no more" after what a withdrawal names ("Redsys ya
// no, lo dimos de baja"): not part of its name.
var reTargetTail = regexp.MustCompile(`(?i)\s+(?:ya no|no more|not any ?more|any ?more|no longer|nicht mehr|plus maintenant|non plus|(?:from|since|of) (?:last|earlier|before) ?(?:week|month|time|sprint|quarter|year)?|(?:from|since) (?:before|earlier)|last time|the other day|earlier|before|yesterday|la última vez|l'autre jour|letztes mal|neulich|(?:can|may) go|can be (?:deleted|removed|dropped)|kann weg|puede irse|peut partir|(?:last|this) (?:week|month|sprint|quarter|year)|(?:le mois|la semaine) derni(?:er|ère)|l'(?:an|année) derni(?:er|ère)|hier|(?:el mes|la semana|el año) pasad[oa]|ayer|letzte Woche|letzten Monat|letztes Jahr|gestern)$|\s*(?:上个月|上周|上星期|上礼拜|昨天|去年|前几天|前阵子|先月|先週|昨日|昨年)$|\s+(?:at all|du tout|überhaupt|para nada|en absoluto|del todo)$|\s*的?(?:硬性|强制)?(?:要求|规定|限制|规则)也?$|也$|(?:先|暂时|就)$`)

// reTargetPlace is where a withdrawn thing was used, after it ("from
// CI", "aus der Pipeline", "del CI", "de la CI").
var reTargetPlace = regexp.MustCompile(`(?i)\s+(?:when|since|after|because|as) (?:we|i|they|the team) .*$|\s+(?:from|out of|off) (?:the |our )?(?:ci|pipeline|build|workflow|workflows|repo|codebase|project|requirements|deps|dependencies|stack|pre-commit|makefile|checklist|template|image|browserslist|allowlist|blocklist|denylist|whitelist|blacklist|list|config|matrix|enum|readme|docs|codeowners|dockerfile|rota|schedule|payload|menu)\b.*$|\s+(?:aus (?:der|dem|den) (?:ci|pipeline|build|workflow|repo|projekt|checkliste)|del (?:ci|pipeline|build|repo|proyecto)|de (?:la |notre )?(?:ci|pipeline|build|repo|projet))\b.*$`)

// reValueSet is a task setting something to a value, in each language
// ("bump the sandbox budget alarm to 500 USD", "setz den Timeout auf 30
// Sekunden", "pon el límite a 50", "passe le seuil à 25 °C", "把超时改成
// 30 秒", "タイムアウトを 30 秒にして").
var reValueSet = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)\b(?:bump|raise|lower|increase|decrease|reduce|change|set|switch|move|update|cut|drop|bring|push|knock)\s+(?:the\s+|our\s+)?[\pL\pN][\pL\pN\s./_-]{1,40}?\s+(?:from\s+\S+\s+)?(?:up\s+|down\s+)?to\s+(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)` +
		// "so replace at 3.0 V now", "alert above 85% now": a threshold.
		`|\b(?:replace|swap|alert|alarm|warn|flag|page|trigger|throttle|refill|reorder|top up)\s+(?:\S+\s+){0,3}?(?:at|above|below|over|under)\s+\d[\d.,]*\s*[\pL%°]*\s+now\b`),
	De: regexp.MustCompile(`(?i)` + OpensWord + `(?:setz|stell|änder|erhöh|senk|reduzier|heb)\pL*\s+(?:bitte\s+)?(?:den|die|das)?\s*[\pL\pN][\pL\pN\s./_-]{1,40}?\s+(?:von\s+\S+\s+)?auf\s+\d`),
	Es: regexp.MustCompile(`(?i)\b(?:cambia|sube|baja|pon|ajusta|actualiza|aumenta|reduce)\s+(?:el|la|los|las)?\s*[\pL\pN][\pL\pN\s./_-]{1,40}?\s+(?:de\s+\S+\s+)?a\s+\d`),
	// The French object opens with an article or a name: "le triage passe
	// au lundi à 9h30" moves a thing, it sets nothing.
	Fr: regexp.MustCompile(`(?i)\b(?:passe|mets|change|augmente|baisse|règle|monte|descends)\s+(?:(?:le|la|les)\s+|l'\s*|(?-i:[\p{Lu}\pN]))[\pL\pN][\pL\pN\s./_'-]{0,40}?\s+(?:de\s+\S+\s+)?à\s+\d`),
	Zh: regexp.MustCompile(`把[^，,。]{1,16}?(?:改成|改为|调成|调到|设为|设成|提高到|降到|降低到|增加到)\s*\d`),
	Ja: regexp.MustCompile(`[^、。]{1,16}?を\s*\d[^、。]{0,8}?に(?:して|変更して|上げて|下げて|変えて|短縮して|延長して|増やして|減らして|伸ばして|縮めて)`),
}

// leftOld is the thing left in reLeftFor: a name of one or two words.
const leftOld = `(?P<old>[\pL\pN.:/@#+_-]+(?:\s[\pL\pN.:/@#+_-]+)?)`

// reLeftFor is a thing left for another ("we ditched heroku for fly.io",
// "on a quitté Netlify pour Cloudflare Pages", "dejamos Heroku por
// Render", "我们放弃了 Jenkins，改用 GitHub Actions").
var reLeftFor = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)\b(?:we|we've|we have|the team|they)(?: just| finally| recently| already)? (?:left|ditched|dropped|abandoned|quit|traded) (?:the |our )?` + leftOld + `\s+for\s+\S|\b(?:we|we've|we have)(?: just| finally| recently| already)? (?:ditched|dropped|abandoned|ripped out|got rid of) (?:the |our )?` + leftOld + `\s*[,;:]\s*(?:and )?(?:now|we now)\s+\S`),
	Fr: regexp.MustCompile(`(?i)\b(?:on a|nous avons|l'équipe a)(?: enfin| déjà| finalement)? (?:quitté|lâché|abandonné|laissé tomber|troqué) (?:le |la |les |l'|notre |nos )?` + leftOld + `\s+pour\s+\S`),
	Es: regexp.MustCompile(`(?i)\b(?:dejamos|abandonamos|cambiamos|hemos dejado|hemos abandonado|hemos cambiado) (?:el |la |los |las |nuestro |nuestra )?` + leftOld + `\s+por\s+\S|\b(?:dejamos|abandonamos|quitamos|hemos dejado|hemos abandonado|hemos quitado) (?:el |la |los |las |nuestro |nuestra )?` + leftOld + `\s*[,;:]\s*(?:y )?ahora\s+\S`),
	De: regexp.MustCompile(`(?i)\b(?:wir haben|haben wir|das team hat)(?: jetzt| inzwischen| endlich)? (?:den |die |das |unser(?:en)? )?` + leftOld + `\s+(?:durch|gegen)\s+\S.{0,40}\s(?:ersetzt|getauscht|ausgetauscht|abgelöst)`),
	Zh: regexp.MustCompile(`(?:放弃|弃用|抛弃|不用)了\s*(?P<old>[^，,。\s]{1,20})\s*[，,]?\s*(?:改用|转用|换成|换用)`),
}

// reTrial is a value set to try it, or for a while ("要不先把超时调到 90
// 秒试试看", "set it to 5 for now"): no value memory keeps.
var reTrial = regexp.MustCompile(`(?i)\b(?:try|trying|maybe|perhaps|for now|for the test|to see|temporarily|probier\w*|versuch\w*|vielleicht|vorerst|erstmal|prueba|probar|quizás|por ahora|de momento|essaie|essayer|peut-être|pour l'instant|pour le moment)\b|` + trialCJK + `|暂时|とりあえず|一旦|一時的`)

// reFromNowOn says a statement holds from now on, in the six languages.
var reFromNowOn = regexp.MustCompile(`(?i)\b(?:from now on|going forward|henceforth|from here on(?: out)?|ab jetzt|ab sofort|künftig|zukünftig|von nun an|de ahora en adelante|a partir de ahora|en adelante|désormais|dorénavant)\b|à partir de maintenant\b|从现在开始|今后|今後|これからは` +
	// A start date said as a month or the next week or month ("from
	// August new refs look like …", "ab Oktober", "à partir de janvier",
	// "从九月起", "来月から").
	`|\b(?:from|starting(?: in)?|as of) (?:january|february|march|april|may|june|july|august|september|october|november|december|next (?:week|month|year|season))\b` +
	`|\bab (?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|nächste[nmr]? (?:woche|monat|jahr|saison))\b` +
	`|\ba partir de(?:l)? (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|la (?:próxima|semana que viene)|el (?:próximo|mes que viene))\b` +
	`|(?:^|\s)(?:à partir d[eu']\s*|dès )(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|la semaine prochaine|le mois prochain|l'an prochain)` +
	`|从(?:[0-9]+|[一二三四五六七八九十]+)月(?:份)?(?:起|开始)|(?:下个?月|下周|下星期|明年)(?:起|开始)|[0-9０-９]+月から|(?:来月|来週|来年)から` +
	// or as a day of a month ("from the 1st of November", "ab dem 1.
	// Oktober", "a partir del 1 de noviembre", "à partir du 1er novembre",
	// "从11月1日起", "11月1日から").
	`|\b(?:from|starting|as of|effective) (?:the )?\d{1,2}(?:st|nd|rd|th)?(?: of)? (?:january|february|march|april|may|june|july|august|september|october|november|december)\b` +
	`|\b(?:from|starting|as of|effective) (?:january|february|march|april|may|june|july|august|september|october|november|december) \d{1,2}(?:st|nd|rd|th)?\b` +
	`|\bab (?:dem |den )?\d{1,2}\. ?(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|\d{1,2}\.)` +
	`|\b(?:a partir del?|desde el) \d{1,2} de (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b` +
	`|(?:^|\s)(?:à partir du|dès le|au) (?:1er|\d{1,2}) (?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)` +
	`|从\d{1,2}月\d{1,2}[日号](?:起|开始)|\d{1,2}月\d{1,2}日から`)

// reTrialCJK is a change tried, in Chinese or Japanese ("要不先把超时调到
// 90 秒试试看"): no change memory keeps.
var reTrialCJK = regexp.MustCompile(trialCJK)

// trialCJK are the Chinese and Japanese words of a change tried, which
// reTrial holds too.
const trialCJK = `试试|试一下|看看|要不|試して|みて`

// reOwnVersion sets the project's own version, a release's number and no
// setting ("update the version to 1.4.2").
var reOwnVersion = regexp.MustCompile(`(?i)\b(?:bump|set|update|change|raise)\s+(?:the\s+|our\s+)?(?:app\s+|package\s+|release\s+)?version\s+to\b`)

// valueSet returns the comma part of a task that sets something to a
// value (reValueSet), or "".
func valueSet(s, lang string) string {
	re := reValueSet[lang]
	if re == nil || reTrial.MatchString(s) || reOwnVersion.MatchString(s) {
		return ""
	}
	for _, p := range commaParts(s) {
		if loc := re.FindStringIndex(p); loc != nil {
			// From the verb on: "while you're at it bump …" sets what
			// follows "bump".
			return strings.TrimRight(strings.TrimSpace(p[loc[0]:]), "。.")
		}
		if loc := reArrowSet.FindStringIndex(p); loc != nil {
			return strings.TrimRight(strings.TrimSpace(p[loc[0]:]), "。.")
		}
	}
	return ""
}

// reArrowSet sets a named thing to a value with an arrow, in any language
// ("default bake margin → 4 px", "Timeout -> 30s"). A number before the
// arrow ("the 5.3 → 5.4 upgrade") names no setting.
var reArrowSet = regexp.MustCompile(`(?:^|\s)\pL[\pL\pN\s./_-]{0,40}?\pL\s*(?:→|->|=>|⇒)\s*\d`)

// versionMoved returns the part of a clause (its comma-separated parts)
// naming the version of a product the clause says it moved to, when one of
// what it replaces is that product's stem ("Flask "); else "".
func versionMoved(s string, replaces []string) string {
	for _, r := range replaces {
		stem := strings.TrimSpace(r)
		if stem == "" || !strings.HasSuffix(r, " ") && !strings.HasSuffix(r, ":") {
			continue
		}
		// "same 22:00 start" names an hour, not a release of "same".
		re, err := regexp.Compile(`(?i)(?:^|[^\pL])` + regexp.QuoteMeta(stem) + `[ :]?v?\d+(?:\.\d+)*(?:$|[^:\d])`)
		if err != nil {
			continue
		}
		for _, p := range commaParts(s) {
			if !re.MatchString(p) || reTriedWord.MatchString(p) {
				continue
			}
			// "… to Django 5.1 over the weekend and half the tests are
			// red": the part joined on says something else, unless it
			// names a version too ("… and Python 3.12").
			qs := reJoined.Split(p, -1)
			at := slices.IndexFunc(qs, re.MatchString)
			if len(qs) > 1 && !slices.ContainsFunc(slices.Delete(slices.Clone(qs), at, at+1), hasDigit) {
				p = qs[at]
			}
			return strings.TrimRight(p, "。.")
		}
	}
	return ""
}

// reTriedWord says a change was only tried ("we tried moving to Kotlin
// 2.1"): no release things moved to.
var reTriedWord = regexp.MustCompile(`(?i)\b(?:tried|trying|tested|testé|essayé|tenté|probamos|probado|intentamos|probiert|versucht)` + EndsWord)

// reMovedToVersion names a version of a product moved to: "auf kraken
// 6.0", "to Node 22.4", "à PHP 8.3", "到 Go 1.23".
var reMovedToVersion = regexp.MustCompile(`(?i)(?:\b(?:auf|to|onto|à|a|vers|zu)\s+|到\s*)\pL[\pL\d.+_-]*\s*v?\d+\.\d+(?:\.\d+)*`)

// reRaisedDone is a change done, in the past tense: "gehoben",
// "upgraded", "migrado", "passé", "升级了".
var reRaisedDone = regexp.MustCompile(`(?i)\b(?:gehoben|hochgezogen|aktualisiert|umgestellt|migriert|upgraded|bumped|moved|migrated|updated|raised|switched|subido|subimos|actualizado|actualizamos|migrado|migramos|cambiado|passé|passés|migré|monté|mis à jour)` + EndsWord + `|升级了|升到了|上げました|上げた|アップデートしました`)

// hasDigit reports a digit in s.
func hasDigit(s string) bool { return strings.ContainsFunc(s, unicode.IsDigit) }

// reProposed tells of a proposal: what someone floated or suggested.
var reProposed = regexp.MustCompile(wordsRe(`floated`, `suggested`, `proposed`, `pitched`, `mooted`, `brought up`,
	`vorgeschlagen`, `schlug`, `ins Spiel gebracht`, `propuso`, `propusieron`, `sugirió`, `sugirieron`, `planteó`,
	`a proposé`, `ont proposé`, `a suggéré`, `a évoqué`).String() + `|提议|提出要|建议过|提案し|提案があ|言い出し`)

// reYouProposed is the assistant's own proposal, which the user may
// confirm ("as you suggested, three retries").
var reYouProposed = regexp.MustCompile(`(?i)\byou(?:'ve| have)? (?:just )?(?:suggested|proposed|floated|pitched)|\btu as (?:proposé|suggéré)|\bdu (?:hast|hattest)\b.{0,30}vorgeschlagen|\bwie (?:du )?vorgeschlagen|\bcomo (?:sugeriste|propusiste|propones)|\bcomme tu (?:l'as )?(?:proposé|suggéré)|你(?:提议|建议)|提案(?:して|通り|いただ)`)

// reTakenUp says a proposal was taken up.
var reTakenUp = regexp.MustCompile(wordsRe(`agreed`, `accepted`, `approved`, `adopted`, `went with`, `we did`, `we're doing`, `we are doing`,
	`it's decided`, `it's the rule`, `that's the rule`, `everyone liked`, `zugestimmt`, `angenommen`, `beschlossen`, `machen wir`,
	`aceptamos`, `aprobamos`, `aprobado`, `lo hacemos`, `accepté`, `acceptée`, `validé`, `adopté`, `on le fait`).String() +
	`|同意了|通过了|采纳|就这么定|採用|決まり|決定|それで行`)

// reJoined joins two statements in one clause ("… and half the tests are
// red").
var reJoined = regexp.MustCompile(`(?i)\s+(?:and|but|und|aber|pero|mais)\s+|\s*(?:以后|之后)\s+`)

// reBanKind names a ban or restriction, a rule of its own.
var reBanKind = regexp.MustCompile(`(?i)禁止|制限|限制|縛り|しばり|禁令|避开|回避|绕开|躲开|\bbans?\b|\bfreez(?:e|es)?\b|\bavoid(?:ing)?\b|\bmeiden\b|\bevitar\b|` + OpensWord + `éviter\b|verbot|interdiction|prohibici[oó]n|\bprohibition|\brestriction|\bblocks?\b|beschränkung|sperrung|\bsperre\b|restricci[oó]n`)

// reRuleKind names a standing rule: one suspended "for now" ("die
// Dialyzer-Pflicht entfällt vorerst") is withdrawn all the same.
var reRuleKind = regexp.MustCompile(`(?i)(?:pflicht|vorgabe|regel|\brule\b|requirement|policy|règle|exigence|regla|norma\b|规定|要求|ルール|義務)`)

// reRoleOf is a person's part named by their name ("Kwame's role",
// "Aoife's cover").
var reRoleOf = regexp.MustCompile(`^(\p{Lu}\p{Ll}+)['’]s (?:role|job|stint|cover|duty|duties|part|turn|watch)$`)

// retraction returns what a clause withdraws, or "".
func retraction(s string, lx *lexicon) string {
	t := reTargetTail.ReplaceAllString(reSaidAbout.ReplaceAllString(reTargetLead.ReplaceAllString(retractionOf(s, lx), ""), ""), "")
	if m := reQuotedRule.FindStringSubmatch(t); m != nil {
		// "la règle « pas d'analytics »": the rule is the words quoted.
		t = m[1]
	}
	// "3）Xbench 不用了": a list's number is no part of what goes.
	t = reEnumerator.ReplaceAllString(t, "")
	// "Kwame's role is done": the person whose part it was, whatever
	// memory called the part.
	if m := reRoleOf.FindStringSubmatch(t); m != nil {
		t = m[1]
	}
	// "Ollie's stepped down", "the resurfacing's finished": "'s" is
	// "has" or "is", no part of what goes.
	t = reTrailingIs.ReplaceAllString(t, "$1")
	// "presupuestos ya no caducan", "devis n'expirent plus": the
	// negation is no part of what goes.
	t = strings.TrimSpace(reNoLongerMid.ReplaceAllString(t, " "))
	if loc := reTargetPlace.FindStringIndex(t); loc != nil && loc[0] > 0 {
		// "we dropped sqlfluff from CI": what went is sqlfluff; CI is
		// where it ran.
		t = t[:loc[0]]
	}
	if cjkText(t) {
		if c := strings.Join(strings.Fields(reZhTargetVerb.ReplaceAllString(t, " ")), " "); c != "" {
			t = c
		}
		// "4月に終わったので迂回", "春茶结束了，晚上…的锁": the reason said
		// first is no part of what goes.
		if loc := reCJKReasonLead.FindStringIndex(t); loc != nil && loc[1] < len(t) {
			t = strings.TrimSpace(t[loc[1]:])
		}
	}
	if loc := reIsThroughTail.FindStringIndex(t); loc != nil && loc[0] > 0 {
		t = t[:loc[0]] // "Audit ist (durch)": the verb is no part of what ended
	}
	if reQuantifierTarget.MatchString(t) {
		// "so anything you seed there is gone by Monday": what follows
		// from a fact, no thing said before.
		return ""
	}
	return t
}

// reQuantifierTarget opens words that name no thing said before:
// "anything you seed there", "alles, was …", "todo lo que …".
var reQuantifierTarget = regexp.MustCompile(`(?i)^(?:anything|everything|whatever|something|nothing|anyone|everyone|alles|nichts|etwas|todo lo|cualquier cosa|nada|tout ce|n'importe quoi|rien)\b`)

// reCJKReasonLead is a reason or an ending said before what a withdrawal
// names: a Japanese clause ending in ので/から (not てから, "after"), a
// Chinese one ending in 了 and a comma.
var reCJKReasonLead = regexp.MustCompile(`^.{1,40}?(?:ので|[^てで]から)[、,，\s]*|^.{1,30}?了[，,、]\s*`)

// reTargetLead is a connective opening a withdrawal's target ("donc la
// règle …", "so the Friday rule"): no part of what goes.
var reTargetLead = regexp.MustCompile(`(?i)^(?:so|and so|hence|donc|alors|du coup|así que|entonces|por eso|also|daher|deshalb|somit)\s+`)

// reQuotedRule is a rule named by its words in quotes.
var reQuotedRule = regexp.MustCompile(`(?i)^(?:the |our |la |notre |die |unsere |la |nuestra |el )?(?:rule|règle|regel|regla|consigne|vorgabe|norma)\s*[«"“„‘']\s*(.+?)\s*[»"”“’']$`)

// reIsThroughTail is a German copula left at a target's end ("Audit ist").
var reIsThroughTail = regexp.MustCompile(`(?i)\s(?:ist|sind|war|waren)$`)

// reNoLongerMid is the negation inside a target said as what no longer
// holds ("… ya no caducan", "… n'expirent plus").
var reNoLongerMid = regexp.MustCompile(`(?i)\s(?:ya no(?: se)?\s|n'|ne\s)|\s+plus$`)

// reTrailingIs is "'s" said for "is" or "has" at a target's end.
var reTrailingIs = regexp.MustCompile(`(\pL)(?:'s|’s)$`)

// reEnumerator numbers an item of a list said inline ("1）", "2)", "3. "),
// never a version ("1.2 ist raus").
var reEnumerator = regexp.MustCompile(`^\s*(?:\d{1,2}(?:[）)]|[．.](?:\s|$))|[（(]\d{1,2}[）)]|[①-⑨])\s*`)

// retractionOf returns what a clause withdraws, or "".
func retractionOf(s string, lx *lexicon) string {
	if t := retractionIn(s, lx); t != "" {
		// "ya no pedimos DCO, quitamos el bot porque …": of two
		// withdrawals in one sentence, the first said is what goes; a
		// pattern reading the whole sentence may have found the second.
		parts := commaParts(s)
		switch {
		case len(parts) < 2:
		case reReasonPart.MatchString(parts[0]) && strings.Contains(parts[0], t):
			// "監査対応が終わったので、監査ログの S3 への二重書き込みはやめます":
			// what ended is the reason; what is stopped goes.
			for _, p := range parts[1:] {
				if f := retractionIn(p, lx); f != "" && !anaphor(f) {
					return f
				}
			}
		case !strings.Contains(parts[0], t) && !reReasonPart.MatchString(parts[0]):
			if f := retractionIn(parts[0], lx); f != "" && !anaphor(f) {
				return f
			}
		}
		return t
	}
	// "截图那条规矩取消了，大家都嫌麻烦": the withdrawal may be one part.
	if parts := commaParts(s); len(parts) > 1 {
		for _, p := range parts {
			if t := retractionIn(p, lx); t != "" {
				return t
			}
		}
	}
	// "the house rules we don't sign anymore", "La v2 on ne la build
	// plus", "la versión vieja ya no la compilamos": what is no longer
	// done, said first.
	if m := reTopicDropped.FindStringSubmatch(s); m != nil {
		return strings.TrimSpace(m[1])
	}
	// "drop the Changed / Tested block at the end of your answers": a
	// habit of the agent's asked for before goes.
	if m := reDropFromAnswers.FindStringSubmatch(s); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// reDropFromAnswers asks the agent to leave a part out of its answers,
// summaries or commits from now on; group 1 is the part.
var reDropFromAnswers = regexp.MustCompile(`(?i)^(?:and |also |please |oh and )?(?:drop|skip|leave out|lose|remove|stop adding|stop putting)\s+((?:the|that|your)\s+.{2,60}?)\s+(?:at the (?:end|top|bottom|start) of|in|from|under|below)\s+(?:your|every|each|all|the)\s+(?:answers?|replies|responses|messages|summaries|summary|commit messages?|commits|pull requests|PR descriptions?|reports?)\b`)

// reTopicDropped is a thing said first and then said to be no longer done
// by us, in English, French or Spanish (German puts it first anyway);
// group 1 is the thing.
var reTopicDropped = regexp.MustCompile(`(?i)^(?:(?:and|also|oh and|plus|et|y|además)[:,]?\s+)?((?:the|our|that|those|these|le|la|les|l'|el|los|las)\s*[^,;:]{2,40}?),?\s+(?:(?:we|i)\s+(?:don't|do not|won't|no longer)\s+\w+(?:\s+\w+)?\s+(?:any ?more|no more)` +
	`|(?:on|nous|je)\s+ne\s+(?:la|le|les|l')\s*\S+\s+plus|ya\s+no\s+(?:la|lo|las|los)\s+\S+)(?:$|[\s,.;!])`)

// reKeepRest is a clause saying that what else was said stays as it was.
var reKeepRest = regexp.MustCompile(`(?i)^(?:(?:and|but|just|please|oh)[,]? )*(?:keep|leave) (?:the rest|everything else|all the rest|the others)(?: (?:as is|as it is|as they are|the same|unchanged|untouched|alone))?[.!]?$|^(?:the rest|everything else) (?:stays?|remains?)(?: (?:as is|the same|unchanged))?[.!]?$|^(?:der rest|alles andere) bleibt(?: \pL+)?[.!]?$|^(?:el resto|lo demás) (?:igual|se queda(?: igual)?|sigue igual)[.!]?$|^(?:le reste|tout le reste) (?:ne change pas|reste (?:pareil|comme avant|tel quel))[.!]?$|^(?:残り|他|ほか)は(?:その)?まま(?:で)?[。]?$|^其他(?:的)?(?:不变|保持不变|照旧)[。]?$`)

// reReasonPart is a part of a sentence that gives the reason for the
// rest ("監査対応が終わったので", "since the audit is over", "weil …").
var reReasonPart = regexp.MustCompile(`(?i)(?:ので|んで|から|ため)[、,]?\s*$|^(?:因为|由于|既然)|^(?:(?:and|so|also|oh)[,]? )?(?:since|because|as|now that|weil|da|nachdem|como|ya que|puesto que|puisque|comme|vu que|étant donné que)\s`)

// reSometimes marks what happens now and then, a symptom rather than a
// standing fact ("el webhook a veces llega dos veces").
var reSometimes = regexp.MustCompile(`(?i)\b(?:sometimes|occasionally|randomly|now and then|again|a veces|de vez en cuando|otra vez|manchmal|ab und zu|gelegentlich|wieder|parfois|de temps en temps|encore une fois)\b`)

// reHedgedEnd is a guess at how long a rule lasts closing a clause ("…,
// probably until the end of March", "…, 大概到年底都这样").
var reHedgedEnd = regexp.MustCompile(`(?i)[,，、]\s*(?:(?:probably|maybe|likely|perhaps|most likely)\s+(?:until|till|through|for)\s|(?:vermutlich|wahrscheinlich|vielleicht)\s+(?:noch\s+)?bis\s|(?:probablemente|seguramente|quizás|quizá|tal vez)\s+hasta\s|(?:probablement|sans doute|peut-être)\s+jusqu|(?:大概|可能|估计|应该)(?:会)?(?:持续)?到)[^,，。.;；!?？]{1,40}[.。!！]?\s*$`)

// reSinceEvent opens a clause with the event what it says holds since,
// a thing named without a verb ("since the move", "seit dem Umzug",
// "desde la migración", "depuis le déménagement"), before a subject.
var reSinceEvent = regexp.MustCompile(`(?i)^((?:(?:and|also|so|und|y|et),? )?(?:(?:ever )?since the [\pL-]+(?: [\pL-]+)?|seit (?:dem|der) [\pL-]+|desde (?:la|el) [\pL-]+|depuis (?:le|la|l') ?[\pL-]+),?\s+)(?:we|the|our|i|it|they|everything|all|wir|der|die|das|alle|ya|nosotros|el|la|los|las|todo|on|nous|le|les|tout)\b`)

// WithoutSinceLead is s without an event it opens with, that what it says
// holds since ("since the move we deploy …" is "we deploy …").
func WithoutSinceLead(s string) string {
	if loc := reSinceEvent.FindStringSubmatchIndex(s); loc != nil {
		return s[loc[3]:]
	}
	return s
}

// reFromDate opens a clause with the date what it says holds from
// ("from 1 June", "starting next month", "ab 1. Juni", "à partir du 1er
// juin", "a partir del 1 de junio").
var reFromDate = regexp.MustCompile(`(?i)^(?:(?:and|also|so|und|y|et),? )?(?:(?:from|starting|as of|beginning|effective)(?: on)? (?:the )?(?:\d{1,2}(?:st|nd|rd|th)? [a-z]{3,9}|[a-z]{3,9} \d{1,2}(?:st|nd|rd|th)?|next (?:week|month|year|season|term|monday|tuesday|wednesday|thursday|friday)|(?:january|february|march|april|may|june|july|august|september|october|november|december)|tomorrow)|ab (?:dem |nächste[nmr] |kommende[nmr] )?(?:\d{1,2}\. ?\pL+|\pL+)|(?:à partir du|à partir de|dès le|dès|a partir du) (?:\d{1,2}(?:er)? \pL+|\pL+ prochain|la semaine prochaine|demain)|(?:a partir del?|desde el) (?:\d{1,2} de \pL+|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|\pL+ que viene|próximo \pL+|mes que viene|lunes|martes|miércoles|jueves|viernes|mañana))(?: \d{4})?,?\s+`)

// reValueVerb is a verb a value is said with: being, costing, lasting.
var reValueVerb = regexp.MustCompile(`(?i)\b(?:is|are|costs?|lasts?|takes|kostet|kosten|ist|sind|beträgt|dauert|liegt|cuesta|cuestan|es|son|dura|coûte|coûtent|est|sont|dure)\b`)

// reTriedReverted tells a change tried and then undone, with nothing
// named as what things went back to ("…and went back", "sind wieder
// zurück", "retour à la normale", "又改回去了"). "We tried Kafka and went
// back to RabbitMQ" names where things are and is not one.
var reTriedReverted = regexp.MustCompile(`(?i)\b(?:tried|tested|trialled|trialed|experimented with|piloted)\b.{0,120}?\b(?:went back|switched back|rolled (?:it |that )?back|reverted(?: it| that)?|undid it|dropped it again|stopped(?: it| that)?|gave (?:it |that )?up)\s*(?:$|[,.;!—–-]|\s(?:after|since|because|so|and)\b)|\b(?:probiert|getestet|versucht|ausprobiert)\b.{0,120}?(?:wieder zurück|zurückgerollt|zurückgedreht|rückgängig gemacht|wieder abgeschafft|wieder aufgehört|aufgegeben)` + EndsWord + `|\b(?:probamos|probado|probando|intentamos|ensayamos)\b.{0,120}?\b(?:volvimos a lo de siempre|volvimos atrás|dimos marcha atrás|lo revertimos|lo quitamos|lo dejamos)` + EndsWord + `|` + OpensWord + `(?:testé|essayé|tenté|expérimenté)` + EndsWord + `.{0,120}?(?:retour à la normale|on est revenus?|marche arrière|on a annulé|on a tout remis|on a arrêté|on a laissé tomber|on a abandonné)` + EndsWord + `|试(?:了|过)[^。]{0,60}?(?:又改回|改回去|恢复原样|回退了|撤回了)|試(?:し|験)[^。]{0,60}?(?:元に戻し|戻しました|戻した)`)

// reFixItTail ends a clause with a request to change what it just
// described: ", move it", "— please fix that", ", can you update them".
var reFixItTail = regexp.MustCompile(`(?i)[,;:—–-]\s*(?:(?:so |and )?(?:please |pls |can you |could you )?(?:move|fix|change|update|remove|delete|drop|rename|swap|switch|correct|sort) (?:it|that|this|them)(?: out| over| too| as well)?(?: please| pls)?)[.!?]*\s*$`)

// nounLed reports a German clause opened by a noun and its verb ("Rohware
// kommt dienstags von Behrens"): German capitalises nouns, so a capital
// word then a lower-case verb is a subject and what it does.
func nounLed(s string) bool { return reNounLedDe.MatchString(s) }

var reNounLedDe = regexp.MustCompile(`^(?:(?i:der|die|das|unser|unsere)\s+)?(?-i:\p{Lu}\p{Ll}+)\s+(?-i:\p{Ll}+t|\p{Ll}+en)\s`)

// reOfficialLead opens a statement with words saying it was made official
// or decided, before a colon: "C'est officiel depuis l'AGA :", "It's
// official as of the board meeting:", "Ist jetzt beschlossen:".
var reOfficialLead = regexp.MustCompile(`(?i)^(?:c'est (?:officiel|décidé|voté|acté)|it's (?:official|been decided|decided|final)|(?:es ist|ist jetzt|ist) (?:offiziell|beschlossen|entschieden)|(?:ya )?es oficial|(?:ya )?está decidido|正式(?:决定|通知))[^:：]{0,60}?\s*[:：]\s*`)

// reSameAsBefore says a thing stays as it was in Spanish, where "igual"
// alone is a maybe ("igual compramos la bodega").
var reSameAsBefore = regexp.MustCompile(`(?i)\b(?:se\s+)?(?:queda|quedan|sigue|siguen|es|son)\s+igual\b|\bigual que\b|\bda igual\b`)

// reConcessive opens a concessive clause ("even if", "même si"): it
// grants a cost, it does not make what comes before hypothetical.
var reConcessive = regexp.MustCompile(`(?i)\b(?:even if|even though|même si|aunque|auch wenn|selbst wenn|obwohl|anche se)\b|即使|哪怕|たとえ`)

// reRelayLead opens a clause relaying what someone else said or decided
// ("the actuary said", "Marta dijo que", "le PO a confirmé que"). The
// speaker is never "I" or "you": "I said X" is the user's own earlier
// word.
var reRelayLead = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)^(?:the |our )?(?:[\pL][\pL'-]*\s){0,2}?(?:said|says|decided|confirmed|told us|announced|mentioned)(?:(?: (?:at|in|on) [^,]{1,20}?)? that)?\s+`),
	Fr: regexp.MustCompile(`(?i)^(?:le |la |l'|notre )?(?:[\pL][\pL'-]*\s){0,2}?(?:a dit|dit|a confirmé|a décidé|nous a dit|a annoncé)\s+(?:que\s+|qu')`),
	Es: regexp.MustCompile(`(?i)^(?:el |la |nuestro |nuestra )?(?:[\pL][\pL'-]*\s){0,3}?(?:dijo|dice|confirmó|decidió|nos dijo|anunció)\s+que\s+`),
}

// relayedBySelf reports a relay whose speaker is the user or the agent
// ("I said", "you said", "dijiste que").
func relayedBySelf(s string) bool {
	w, _, _ := strings.Cut(strings.ToLower(s), " ")
	return selfSpeakers[w]
}

var selfSpeakers = set("i", "i've", "you", "u", "we", "je", "tu", "vous", "on", "yo", "tú", "usted")

// afterLabel is what follows a short lead-in and its colon ("novedades:
// …", "petite préférence pour la suite : …", "两件事：…"), or "".
func afterLabel(s string) string {
	for _, sep := range []string{": ", " : ", "："} {
		if i := strings.Index(s, sep); i > 0 {
			lead := s[:i]
			if len(strings.Fields(lead)) <= 6 && (!cjkText(lead) || len([]rune(lead)) <= 10) || changeLead(lead) {
				return strings.TrimSpace(s[i+len(sep):])
			}
		}
	}
	return ""
}

// reChangeLead ends a lead-in before a colon that says something changed:
// "we changed the conflict rule", "change of plan", "neue Regel", "on a
// changé l'ordre de passage", "规则改了", "ルール変更", or that a value given
// before was wrong ("the paybill I gave you was wrong, two digits
// swapped").
var reChangeLead = regexp.MustCompile(`(?i)(?:^|\s)(?:(?:we|i|they|the team)(?:'ve| have)?(?: just| recently| finally| now| also)? (?:changed|updated|revised|reworked|flipped|tweaked|adjusted) (?:the |our |my |how )?[\pL\pN][\pL\pN\s'-]{1,40}|changes? (?:of|to|in|on) (?:the |our )?[\pL\pN][\pL\pN\s'-]{1,40}|change of plans?|new rule|rule change|(?:wir haben|ich habe) [\pL\pN\s-]{2,40} (?:geändert|angepasst|umgestellt)|planänderung|neue regel|änderung (?:bei|an|der|des|im|in|zu) [\pL\pN\s-]{2,40}|changement de plan|nouvelle règle|changement (?:de|du|des|sur|pour|dans) [\pL\pN\s'-]{2,40}|on a (?:changé|modifié) [\pL\pN\s'-]{2,40}|cambio de planes?|nueva regla|cambio (?:de|en|del) [\pL\pN\s-]{2,40}|hemos cambiado [\pL\pN\s-]{2,40}|(?:the|my|our)\s[^:]{1,60}?\s(?:was|were|is) (?:wrong|incorrect|a typo|outdated)\b[^:]{0,40}|(?:we|the team|they)(?:'ve| have)?(?: finally| just)? (?:decided|agreed)|on a (?:décidé|tranché)|nous avons décidé|wir haben (?:entschieden|beschlossen)|(?:hemos )?(?:decidimos|decidido|acordamos|acordado)|(?:der|die|das|mein|meine|unser|unsere)\s[^:]{1,60}?\swar (?:falsch|ein tippfehler|veraltet)\b[^:]{0,40}|(?:el|la|los|las|mi|nuestr[oa])\s[^:]{1,60}?\s(?:estaba|era) (?:mal|incorrect[oa]|equivocad[oa]|una errata)\b[^:]{0,40}|(?:le|la|les|l'|mon|ma|notre)\s?[^:]{1,60}?\s(?:était|est) (?:faux|fausse|erroné|erronée|une coquille)\b[^:]{0,40})$|(?:规则|计划|流程|安排)(?:有变|改了|变了|调整了)$|新规则$|(?:ルール|方針|運用|予定)(?:変更|が変わりました|を変えました)$|変更点$`)

// changeLead reports a lead-in before a colon that says something
// changed (reChangeLead), of at most sixteen words.
func changeLead(lead string) bool {
	lead = strings.TrimRight(lead, " :：")
	return len(strings.Fields(lead)) <= 16 && utf8.RuneCountInString(lead) <= 160 && reChangeLead.MatchString(lead)
}

// startsWithLetter reports a text opening with a letter: no quote.
func startsWithLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(s))
	return unicode.IsLetter(r)
}

// reLabelLead opens a lead-in with words that order what is said
// ("finally", "por último", "und noch").
var reLabelLead = regexp.MustCompile(`(?i)^(?:(?:and |also |so )?(?:finally|lastly|last(?: one)?|next|then|also|one more thing)|por último|por cierto|además|y|luego|und noch|und|zuletzt|außerdem|noch was|ensuite|enfin|et|puis|dernière chose)[,\s]+`)

// reLabelNoun is a lead-in that names a thing: an article or a
// possessive and a noun.
var reLabelNoun = regexp.MustCompile(`(?i)^(?:the|our|el|la|los|las|nuestr[oa]s?|der|die|das|unsere?|le|la|les|l'|nos|notre)\s*\pL`)

// reSubjectPronoun is a pronoun standing for a lead-in's thing at the
// start of what follows it ("they go out as PDF").
var reSubjectPronoun = regexp.MustCompile(`(?i)^(?:they|it|sie|es|ils|elles|il|elle)\s+`)

// labelOf is a lead-in without its colon.
// namingLead reports whether a lead-in label is a clause naming what
// follows ("Der Service ist einlass", "the app is tidewater"): a copula
// with a name after it, not a filler ("the plan is", "lo que pasa es
// esto").
func namingLead(label string) bool {
	loc := reCopula.FindStringIndex(label)
	if loc == nil || loc[0] == 0 {
		return false
	}
	after := strings.Fields(label[loc[1]:])
	return len(after) == 1 && len(strings.Fields(label[:loc[0]])) <= 3 && !reFillerName.MatchString(after[0]) && utf8.RuneCountInString(after[0]) > 2
}

// reFillerName is a word after a copula that names nothing ("the gist is
// this:", "der Stand ist folgender:").
var reFillerName = regexp.MustCompile(`(?i)^(?:this|that|simple|easy|it|so|like|folgendes|folgender|folgende|das|dies|so|einfach|ceci|cela|ça|simple|esto|eso|así|lo|sencillo|clear|klar|claro|clair|done|fertig|listo|prêt|new|neu|nuevo|nouveau)$`)

// reWorkPreference says how the user wants the agent to answer or work,
// for good: the language or length of its replies, a tool to build a
// kind of thing with, a thing never to put in, a habit to keep always.
var reWorkPreference = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)^(?:please |and |also )?(?:always )?(?:reply|answer|respond|write|talk) (?:to me )?in (?:english|german|french|spanish|chinese|japanese)\b|^(?:please )?keep (?:your )?(?:answers|replies|summaries) (?:short|brief|under \w+)|^(?:and |also )?(?:you can|feel free to) (?:go|write|be) (?:a bit )?(?:longer|shorter|more detailed|briefer|terser)\b`),
	De: regexp.MustCompile(`(?i)^(?:und |also )?(?:antworte|schreib) (?:mir )?(?:bitte )?(?:immer )?(?:auf|in) (?:deutsch|englisch|französisch|spanisch)\b|^(?:die |alle )?(?-i:\p{Lu})[\p{L}-]+ bitte (?:immer )?(?:mit|über) (?-i:\p{Lu}|[a-z]+[A-Z0-9-]|[a-z][a-z0-9]{3,}\b)[\w.-]*`),
	Es: regexp.MustCompile(`(?i)^(?:y |pues )?(?:respóndeme|contéstame|escríbeme|háblame) (?:siempre )?en (?:español|castellano|inglés|catalán|francés)\b|^(?:ah,? )?(?:y )?nada de [\p{L}-]+ en (?:los|las|el|la) `),
	Fr: regexp.MustCompile(`(?i)^(?:par contre |et |aussi )?(?:réponds|écris|parle)(?:-moi)? (?:toujours )?en (?:français|anglais|allemand|espagnol)\b`),
	Zh: regexp.MustCompile(`^(?:以后)?(?:回答|回复)(?:都)?(?:简短|短一?点|简洁|用中文|用英文)|^(?:以后)?(?:都)?用(?:中文|英文)(?:回答|回复|写)`),
	Ja: regexp.MustCompile(`^(?:必ず|いつも|毎回)[^。]{2,40}?(?:書いて|して|つけて|入れて)(?:ください|ね)?[。！]?$|^(?:返事|回答|返信)は(?:日本語|英語|短め|簡潔)`),
}

// rePronounLead opens a clause with a pronoun, which points at the task
// at hand ("Das bitte mit Vorsicht machen").
var rePronounLead = regexp.MustCompile(`(?i)^(?:das|dies|es|sie|er|den|this|that|it|eso|esto|ça|cela)\b`)

// reTodayOnly limits what it is said with to today or this task.
var reTodayOnly = regexp.MustCompile(`(?i)\b(?:today|for now|this time|just this once|for this (?:task|pr|one)|heute|diesmal|hoy|esta vez|aujourd'hui|cette fois)\b|今日だけ|今回だけ|这次|今天`)

// reStopHabit asks the agent to stop a habit of every answer: "stop
// apologizing in every message", "deja de escribirme resúmenes tan
// largos", "arrête de t'excuser à chaque message".
var reStopHabit = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)^(?:please |and |also )?(?:stop|quit) \w+ing\b.*\b(?:every|each|all the time|always|constantly)\b`),
	Es: regexp.MustCompile(`(?i)^(?:por favor |y )?deja de (?:escribirme|ponerme|darme|mandarme|hacerme|pedirme|disculparte|añadir|poner|escribir)\b`),
	Fr: regexp.MustCompile(`(?i)^(?:s'il te plaît |et )?arrête de (?:t'excuser|me faire|m'écrire|mettre|ajouter|écrire)\b.*\b(?:chaque|toujours|tout le temps)\b`),
	De: regexp.MustCompile(`(?i)^(?:bitte |und )?hör (?:bitte )?auf,? (?:dich (?:ständig |immer )?zu entschuldigen|(?:jedes mal|ständig|immer)\b)`),
}

// reZhRequestLead opens a Chinese request for a task ("帮我把训练脚本改成
// …"): what it asks to change is the task, no change said.
var reZhRequestLead = regexp.MustCompile(`^(?:请|麻烦)?(?:你)?(?:帮我|帮忙|给我)`)

// laughAsideOff is s without a laugh in brackets said in passing, with
// more said after it ("周老师换了审美（笑），他说…也行"): it laughs at the
// words before it, and the rest is meant.
func laughAsideOff(s string) string {
	loc := reLaughAside.FindStringIndex(s)
	if loc == nil || utf8.RuneCountInString(strings.Trim(s[loc[1]:], " ，,、。.！!")) < 5 {
		return s
	}
	return s[:loc[0]] + s[loc[1]:]
}

var reLaughAside = regexp.MustCompile(`（笑）|\(笑\)|\[笑\]`)

func labelOf(lead string) string {
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(lead), ":："))
}

// reConditionLead opens a lead-in that says when what follows holds
// ("we're in the audit freeze: no merges without a CHG ticket"): it is
// part of the rule, not a label.
var reConditionLead = regexp.MustCompile(`(?i)^(?:(?:also|and|oh|btw|so|but|y|et|und|pero|mais|aber),? )?(?:(?:we're|we are|we'll be|wir sind|estamos|on est|nous sommes) (?:in|im|en|dans)\b|(?:while|during|until|till|as long as|solange|während|bis|mientras|durante|hasta|tant que|pendant|jusqu'))|期间|之前|までは|の間|中は`)

// retractionHead is the part of a clause a limit to the task or day must
// fall in to make a withdrawal one-off: after a lead-in colon, up to the
// first comma ("ignore the nightly-only thing, that was a temporary
// measure" withdraws for good; "skip the lint rule for today" does not).
func retractionHead(s string) string {
	if i := strings.LastIndexAny(s, ":："); i >= 0 {
		s = s[i:]
	}
	if i := strings.IndexAny(s, ",，;；—"); i > 0 {
		s = s[:i]
	}
	return s
}

func retractionIn(s string, lx *lexicon) string {
	s = strings.TrimRight(s, " .!。！")
	// "Pic-Time's gone": "'s" as "is", for the withdrawal.
	s = reGoneContraction.ReplaceAllString(s, "$1 is $2$3")
	// "two changes from the retro: forget the squash rule": what a lead-in
	// colon introduces is read on its own.
	// "the Friday freeze: that no longer applies": what the lead-in
	// names is what "that" withdraws.
	if i := strings.LastIndex(s, ": "); i > 0 && i+2 < len(s) {
		if t := retractionIn(s[i+2:], lx); t != "" {
			if anaphor(t) {
				return referent(s[:i])
			}
			return t
		}
	} else if i := strings.LastIndex(s, "："); i > 0 && i+len("：") < len(s) {
		if t := retractionIn(s[i+len("："):], lx); t != "" {
			if anaphor(t) {
				return referent(s[:i])
			}
			return t
		}
	}
	// "Mme Ferrand est revenue de congé", "老周回来了": a person back
	// ends what was to hold while they were away (Returned).
	if t := returnedIn(s, lx); t != "" {
		return t
	}
	// "Tom moved to the payments squad", "Katrin ist in Elternzeit": a
	// person gone from the team withdraws what was said of them.
	if m, _, _ := departedIn(s, lx); m != nil {
		if t := group(lx.departed, m, "t"); t != "" && !lx.properStop[t] {
			return t
		}
	}
	for _, re := range lx.retract {
		if m := re.FindStringSubmatch(s); m != nil {
			if p := group(re, m, "tp"); p != "" && reNoPerson.MatchString(p) {
				// "Die Abnahme macht nicht mehr …": a person's duty
				// needs a person, not an article or a pronoun.
				continue
			}
			// "we dropped to one approval" changes a value; it withdraws
			// nothing.
			if t := strings.TrimSpace(strings.Trim(group(re, m, "t"), " .!。！,，")); t != "" && !strings.HasPrefix(strings.ToLower(t), "to ") && !nowWords[strings.ToLower(t)] && !reBareArticle.MatchString(t) {
				if v := group(re, m, "v"); len([]rune(v)) >= 3 {
					// "周报以后不用交给会计了": what is no longer done
					// names the matter as much as the matter itself.
					t += " " + v
				}
				if rest := strings.TrimSpace(reSaidBeforeLead.ReplaceAllString(t, "")); rest != t && utf8.RuneCountInString(rest) >= 2 {
					// "前回言っていた Addressables 禁止", "之前说的周报":
					// that it was said before names nothing of the matter.
					t = rest
				}
				if rest := reZhPronounLead.ReplaceAllString(t, ""); rest != t && utf8.RuneCountInString(rest) >= 2 && !strings.HasPrefix(rest, "的") {
					// "不用我复核了": who did it names nothing of the matter
					// ("他的 Grafana 账号": whose it is does).
					t = rest
				}
				if l := strings.TrimSpace(group(re, m, "lead")); l != "" && !reZhLeadFiller.MatchString(l) {
					// "周三不用再避开了": what it is no longer needed
					// for names the matter too.
					t = l + " " + t
				}
				return t
			}
		}
	}
	if t := endedIn(s, lx); t != "" {
		return t
	}
	return reopenedIn(s, lx)
}

// nowWords are adverbs of time a withdrawal's pattern may take for what
// it names ("Ya se puede usar"): they name nothing.
var nowWords = map[string]bool{"ya": true, "ahora": true, "now": true, "jetzt": true, "nun": true, "maintenant": true, "désormais": true}

// reSaidBeforeLead opens what a Japanese or Chinese withdrawal names with
// when it was said: "前回言っていた", "先日お伝えした", "之前说的".
var reSaidBeforeLead = regexp.MustCompile(`^(?:前回|先日|以前|前に|この前|さっき)(?:私が|僕が)?(?:言って(?:い)?た|言った|話した|話して(?:い)?た|お伝えした|伝えた|書いた|お願いした)(?:の)?|^(?:之前|上次|以前|刚才)(?:我)?(?:说|讲|提|定|写)(?:过)?的`)

// reZhPronounLead is a Chinese pronoun opening what a withdrawal names.
var reZhPronounLead = regexp.MustCompile(`^(?:我们|你们|他们|她们|我|你|他|她)`)

// reZhLeadFiller is a Chinese lead-in that names no matter: a pronoun, a
// time from now on, a joining word.
var reZhLeadFiller = regexp.MustCompile(`^(?:以后|今后|现在|我们|大家|你们|你|都|也|就|那|这|还是|其实|对了|另外|还有|然后|所以)+$`)

// reBareArticle is an article alone: "kill the process" names a task's
// object, no rule ("the" before "process"). "that" and "this" point
// back, and are read so elsewhere.
var reBareArticle = regexp.MustCompile(`(?i)^(?:the|a|an|our|my|their)$`)

// reNoPerson opens words that name no person: an article, a pronoun.
var reNoPerson = regexp.MustCompile(`(?i)^(?:the|a|an|we|it|this|that|they|die|der|das|den|dem|des|ein|eine|einen|wir|es|sie|er|ich|man|el|la|los|las|un|una|nosotros|ellos|esto|eso|le|les|une|nous|on|ce|cela|ça|ils|elles)\b`)

// rePersonal are subjects that name no thing a restriction held back
// ("you can do it again", "anyone may review again").
var rePersonal = regexp.MustCompile(`(?i)^(?:you|we|i|they|he|she|it|people|anyone|everyone|everybody|somebody|someone|nobody|man|wir|ich|sie|er|es|jeder|nosotros|yo|ellos|ellas|todos|on|nous|je|ils|elles|tout le monde|我们|我|你|他|她|大家|私|僕|みんな)$`)

// reopenedIn is what a clause says may be done again (lx.reopened), or
// "".
func reopenedIn(s string, lx *lexicon) string {
	for _, re := range lx.reopened {
		if m := re.FindStringSubmatch(s); m != nil {
			if t := strings.TrimSpace(strings.Trim(group(re, m, "t"), " .!。！,，")); t != "" && !anaphor(t) && !rePersonal.MatchString(t) &&
				!(reLoneName.MatchString(t) && reDoingToo.MatchString(s)) {
				if v := strings.TrimSpace(group(re, m, "v")); v != "" {
					t += " " + v
				}
				return t
			}
		}
	}
	return ""
}

// reLoneName is one capitalised word: a person's name, as often as not.
var reLoneName = regexp.MustCompile(`^\p{Lu}\p{Ll}+$`)

// reDoingToo is a person taking on more ("Ana is doing Wednesdays too
// now"): what they do, not a restriction lifted.
var reDoingToo = regexp.MustCompile(`(?i)\b(?:is|'s|are) (?:doing|taking|covering|working|on)\b`)

// Reopens reports whether a withdrawal says what it names may be done
// again (lx.reopened): it lifts a restriction, and withdraws only a claim
// that restricts.
func Reopens(r Retraction) bool {
	lx := lexes[r.Lang]
	if lx == nil || r.Target == "" {
		return false
	}
	for _, p := range quoteParts(r.Quote) {
		if t := reopenedIn(strings.TrimRight(p, " .!。！"), lx); t != "" && (strings.Contains(r.Target, t) || strings.Contains(t, r.Target)) {
			return true
		}
	}
	return false
}

// endedIn is the period or condition a clause says is over ("the audit
// freeze is over"), or "".
func endedIn(s string, lx *lexicon) string {
	s = reGoneContraction.ReplaceAllString(s, "$1 is $2$3")
	for _, re := range slices.Concat(lx.ended, lx.mended) {
		if m := re.FindStringSubmatch(s); m != nil {
			if t := strings.TrimSpace(strings.Trim(group(re, m, "t"), " .!。！,，")); t != "" && !anaphor(t) && (!reUntilIn.MatchString(t) || reUntilDay.MatchString(t)) {
				// "lo del cierre hasta el 31 de julio ya pasó": a period
				// to a day, said over, is no condition.
				return t
			}
		}
	}
	return ""
}

// reUntilIn, in what a clause says is over, opens a period a rule holds
// until ("until the resurfacing is done, leave …", "we freeze the schema
// until the cleanup is done"): a condition, not a period said over.
var reUntilIn = regexp.MustCompile(`(?i)(?:^|\s)(?:until|till|unless|as long as|bis|solange|hasta que|hasta|mientras|jusqu'à ce que|jusqu'à|tant que)\s`)

// returnedIn is the name of the person clause s says is back (lx.returned),
// read past a joining word; "" when none.
func returnedIn(s string, lx *lexicon) string {
	if lx == nil || lx.returned == nil {
		return ""
	}
	s = strings.TrimSpace(s)
	s = s[len(reBareLead.FindString(s)):]
	if m := lx.returned.FindStringSubmatch(s); m != nil {
		// "Priya's back": the name without its "'s".
		t := withoutPossessive(group(lx.returned, m, "t"))
		if !lx.properStop[t] {
			return t
		}
	}
	return ""
}

// withoutPossessive is a word without the "'s" after it ("Priya's back",
// "Deepak's stepped back", "the VPC module's region").
func withoutPossessive(w string) string {
	return strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
}

// Returned reports a withdrawal saying its target, a person, is back: what
// was to hold while they were away (a stand-in, their leave) ends, and
// nothing else said of them.
func Returned(r Retraction) bool {
	lx := lexes[r.Lang]
	for _, p := range quoteParts(r.Quote) {
		if t := returnedIn(p, lx); t != "" && t == r.Target {
			return true
		}
	}
	return false
}

// movedOn reports a clause saying someone moved on for good, whatever
// moment it names ("lucia moved over to the risk team this sprint"), as
// against being away for a while ("Tom is out this week").
func movedOn(s string, lx *lexicon) bool {
	m, _, _ := departedIn(strings.TrimSpace(s), lx)
	return m != nil && reMovedOn.MatchString(m[0])
}

// departedIn finds where clause s says a person left (lx.departed), read
// past what may lead it: a joining word ("pis Nadia est partie …") or a
// short label and its colon ("Info am Rande: Dr. Albrecht ist …",
// "管理者の件も：佐藤さんは…"). It returns the submatches and where the
// match starts and ends in s; nil when s says no one left.
func departedIn(s string, lx *lexicon) (m []string, start, end int) {
	if lx == nil || lx.departed == nil {
		return nil, 0, 0
	}
	// Joining words may come in twos ("bon alors mathis a pris sa
	// retraite").
	leads := []int{len(reBareLead.FindString(s))}
	if n := leads[0]; n > 0 {
		if k := len(reBareLead.FindString(s[n:])); k > 0 {
			leads = append(leads, n+k)
		}
	}
	if lx.fillerLead != nil {
		// "それと大西さんが辞めちゃって": the language's own fillers too.
		if n := len(lx.fillerLead.FindString(s)); n > 0 && n != leads[0] {
			leads = append(leads, n)
		}
	}
	for _, colon := range []string{": ", "："} {
		if i := strings.Index(s, colon); i > 0 && i < 40 {
			leads = append(leads, i+len(colon))
		}
	}
	// "Gwen mentioned at the quiz that Len moved to Cornwall", "轮机长说
	// 王工调去向阳红了": the leaving relayed.
	if n := len(reHeardFrom.FindString(s)); n > 0 {
		leads = append(leads, n)
	}
	for _, lead := range leads {
		if ix := lx.departed.FindStringSubmatchIndex(s[lead:]); ix != nil {
			if k := lx.departed.SubexpIndex("t"); k > 0 && ix[2*k] >= 0 && isWeekday(strings.ToLower(withoutPossessive(s[lead+ix[2*k]:lead+ix[2*k+1]]))) {
				// "Monday's closed": a day, not a firm that shut.
				continue
			}
			m = make([]string, len(ix)/2)
			for k := range m {
				if ix[2*k] >= 0 {
					m[k] = s[lead+ix[2*k] : lead+ix[2*k+1]]
				}
			}
			return m, lead + ix[0], lead + ix[1]
		}
	}
	return nil, 0, 0
}

// reHeardFrom opens news heard from someone else, in every language
// ("Gwen mentioned at the quiz that", "Hannah says", "轮机长说", "役場の人
// から聞いたんですが、"); reRelayLead is narrower, for what a statement
// relays as decided.
var reHeardFrom = regexp.MustCompile(`(?i)^(?:(?:and|also|oh|so|btw|und|y|et)[,]? )?(?:\p{L}+ ){0,3}?(?:mentioned|said|says|told (?:me|us)|heard|wrote|meinte|sagt|sagte|hat erzählt|dice|dijo|comentó|dit|a dit|m'a dit)(?:(?: (?:at|in|on|bei|en|à) [^,]{1,20}?)? (?:that |dass |que |qu')|,? )|^[^，。]{1,8}?(?:说|讲|告诉我)，?|^[^、。]{1,16}?(?:から聞いたんですが|から聞いたけど|によると|が言うには)、?`)

// reRequiredTail closes an instruction with words making it a standing rule
// ("…, that's required for every PR", "…, das ist Pflicht").
var reRequiredTail = regexp.MustCompile(`(?i),\s*(?:that's|that is|this is|it's|it is)\s+(?:required|mandatory|the rule|our (?:rule|standard|policy|convention)|a must|policy|non-negotiable)\b|,\s*(?:das ist|ist)\s+(?:pflicht|vorgeschrieben|regel|bei uns standard)\b|,\s*(?:es|eso es)\s+(?:obligatorio|la regla|norma)\b|,\s*(?:c'est)\s+(?:obligatoire|la règle|notre règle|imposé)` + EndsWord + `|[，,]\s*(?:这是|这个是)?(?:规定|硬性要求|必须的)|[、,]\s*(?:必須|ルール|決まり)です`)

// reRetiredWhen says something was retired, with when ("checkov got
// pulled from the required checks this week"): the moment is the
// event's, not a limit on the withdrawal.
var reRetiredWhen = regexp.MustCompile(`(?i)\b(?:was|were|got|has been|have been)\s+(?:finally\s+|just\s+|officially\s+)?(?:decommissioned|archived|retired|shut down|turned off|switched off|sunset|scrapped|deprecated|discontinued|taken down|pulled|removed|dropped|deleted|abolished|lifted)\b`)

// reMovedOn are the verbs of leaving for good.
var reMovedOn = regexp.MustCompile(`(?i)\b(?:moved|left|quit|joined|transferred|switched|last day|gewechselt|gegangen|gekündigt|verlassen|se fue|se ha ido|dejó|a quitté|est partie?|est passée?)` + EndsWord + `|离职|调去|调到|转岗|异动|異動|退職|転籍`)

// Retired reports whether a withdrawal says the thing it names is gone
// for good ("the Happy grammar is deleted", "db-kranich-01 wurde
// abgeschaltet", "mm-build-07 已经下线了"): all that was said of it goes.
func Retired(r Retraction) bool {
	t := strings.TrimSpace(r.Target)
	i := strings.Index(r.Quote, t)
	if t == "" || i < 0 || anaphor(t) {
		return false
	}
	after := r.Quote[i+len(t):]
	return reRetiredAfter.MatchString(after)
}

// reRetiredAfter follows a thing that is gone for good.
var reRetiredAfter = regexp.MustCompile(`(?i)^\s*(?:(?:was|were|got|has been|have been|is|are)\s+(?:now\s+|finally\s+|just\s+|officially\s+|completely\s+|permanently\s+)?(?:decommissioned|archived|retired|shut down|turned off|switched off|sunset|scrapped|deprecated|discontinued|taken down|taken offline|pulled|removed|deleted|gone|dead|torn down)\b|(?:wurde|wurden|ist|sind)\s+(?:\S+\s+){0,3}?(?:abgeschaltet|stillgelegt|abgelöst|eingestellt|ausgemustert|gelöscht|archiviert|abgebaut)\b|(?:fue|fueron|está|ha sido)\s+(?:dad[oa] de baja|apagad[oa]|eliminad[oa]|archivad[oa]|retirad[oa])|(?:a été|est|sont|ont été)\s+(?:décommissionnée?s?|supprimée?s?|archivée?s?|arrêtée?s?|retirée?s?|démontée?s?|débranchée?s?|mise?s? hors service)|(?:已经|已)?(?:下线|停用|废弃|关停|退役|删掉|删除)了?|(?:は|が)?(?:廃棄|廃止|停止|削除)(?:されました|しました))`)

// Departed reports whether a withdrawal says a person left ("tomasz left
// last week").
func Departed(r Retraction) bool {
	lx := lexes[r.Lang]
	if lx == nil || lx.departed == nil {
		return false
	}
	for _, p := range quoteParts(r.Quote) {
		if m, _, _ := departedIn(p, lx); m != nil && withoutPossessive(group(lx.departed, m, "t")) == r.Target {
			return true
		}
	}
	return false
}

// quoteParts are the parts of a withdrawal's quote where a clause may
// start, without a reply's "no" or "and" before them.
func quoteParts(quote string) []string {
	var out []string
	for _, p := range reEndedParts.Split(quote, -1) {
		if p = strings.TrimSpace(reBareLead.ReplaceAllString(strings.TrimSpace(p), "")); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// LiftsBan reports a withdrawal of a ban or restriction by its kind ("the
// GPU ban is over", "金曜日のデプロイ禁止は解除されました").
func LiftsBan(r Retraction) bool { return BanWord(r.Target) }

// reBanOn is a ban and what it is on: "block on OCR", "restriction
// d'étiage", "Verbot für Lkw".
var reBanOn = regexp.MustCompile(`(?i)\b(?:bans?|blocks?|restrictions?|prohibitions?|interdictions?|verbot|beschränkung|restricci[oó]n|prohibici[oó]n)\s+(?:on|for|of|against|de la|des|du|de|d'|sur|für|auf|von|del|contra)\s*(?P<o>\pL.*)$`)

// BanObject returns what a withdrawn ban was on ("OCR" of "the
// office-hours block on OCR"), or "".
func BanObject(target string) string {
	if m := reBanOn.FindStringSubmatch(target); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// BanWord reports words that name a ban or restriction (see LiftsBan).
func BanWord(t string) bool { return reBanKind.MatchString(t) }

// EndsPeriod reports whether a withdrawal says a period or condition is
// over ("the audit freeze is over", "微信支付审核过了") rather than
// dropping what it names: it withdraws only what was to hold until then.
func EndsPeriod(r Retraction) bool {
	lx := lexes[r.Lang]
	if lx == nil || r.Target == "" || LiftsBan(r) {
		// "金曜日のデプロイ禁止は解除されました": a ban lifted is the rule
		// withdrawn, not a period over.
		return false
	}
	if reRuleWord.MatchString(r.Target) {
		// "the VPN thing is over", "das mit der Regel ist vorbei": a rule
		// or a thing said over is withdrawn, not a period.
		return false
	}
	for _, p := range quoteParts(r.Quote) {
		if t := endedIn(strings.TrimRight(p, " .!。！"), lx); t != "" && (strings.Contains(r.Target, t) || strings.Contains(t, r.Target)) {
			for _, re := range lx.retract {
				if re.MatchString(p) {
					return false // a withdrawal in its own right
				}
			}
			return true
		}
	}
	return false
}

// mendedIn reports a clause saying a thing was mended (lx.mended): "this
// morning" in "the lift got fixed this morning" says when, and limits
// nothing.
func mendedIn(s string, lx *lexicon) bool {
	s = strings.TrimRight(s, " .!。！")
	return slices.ContainsFunc(lx.mended, func(re *regexp.Regexp) bool { return re.MatchString(s) })
}

// Mended reports a withdrawal saying its target, a thing, was fixed,
// repaired, restocked or works again ("the lift got fixed", "窯が直った"):
// what ends is what was to hold while it was broken, out or under
// repair.
func Mended(r Retraction) bool {
	lx := lexes[r.Lang]
	if lx == nil || r.Target == "" {
		return false
	}
	for _, p := range quoteParts(r.Quote) {
		p = strings.TrimRight(p, " .!。！")
		for _, re := range lx.mended {
			if m := re.FindStringSubmatch(p); m != nil {
				if t := strings.TrimSpace(group(re, m, "t")); t != "" && (strings.Contains(r.Target, t) || strings.Contains(t, r.Target)) {
					return true
				}
			}
		}
	}
	return false
}

// reLimitFine is a limit said allowed ("up to 500 lines is fine"): a
// rule, not a state of the moment as "the build is fine" is.
var reLimitFine = regexp.MustCompile(`(?i)\b(?:up to|at most|max(?:imum)?|no more than|under|below)\s+~?\d[\d.,]*\s*[\pL%]*\s+(?:is|are)\s+(?:fine|ok|okay|allowed)\b`)

// reRuleWord names a rule or a thing rather than a period.
var reRuleWord = regexp.MustCompile(`(?i)\b(?:thing|things|rule|rules|policy|requirement|restriction|bit|stuff|regel|sache|règle|truc|regla|cosa|tema)\b|规定|规则|那条|ルール|の件`)

var (
	// reEndedParts cut a withdrawal's quote where a clause may start.
	reEndedParts = regexp.MustCompile(`[,，、。;；!！：]\s*|[.:]\s+`)
	// reBareLead is a reply's "no" or "yes", or a joining word, before
	// what a clause says ("also tomasz left", "btw last week we …");
	// reCJKLead a Chinese or Japanese joining word ("ちなみに", "对了").
	reCJKLead  = regexp.MustCompile(`^(?:(?:ちなみに|それと|なお)、?|(?:对了|另外|还有|顺便说一下)[，,]?)\s*`)
	reBareLead = regexp.MustCompile(`(?i)^(?:(?:no|nope|yes|yeah|yep|ja|nein|si|non|oui|ok|okay|ah|oh|and|also|btw|so|but|fyi|heads up|update|und|y|et|aussi|au fait|by the way|übrigens|außerdem|por cierto|d'ailleurs|pis|puis|bon|alors|sinon|pues|bueno|oye)\b[,.!]?\s*|(?:sí|además)(?:[,.!]\s*|\s+|$)|e\s+)+`)
)

// rePointBack is a withdrawal's target that only points back at what was
// said before it ("that no longer applies", "das gilt nicht mehr", "不再适
// 用了").
var rePointBack = regexp.MustCompile(`(?i)^(?:(?:that|this|it|those|these|them|they|en|il|elle|ils|elles|él|ella|ellos|ellas|er|sie|es|das|dies|die|den|diese|dieser|eso|esto|esa|ese|esta|este|la|lo|las|los|l'|le|les|ce|cette|cet|ça|cela|这|那|这个|那个|这条|那条|それ|これ|あれ|适用了?|有效了?|` + pointedMeasure + `)(?: (?:one|rule|step|check|requirement|part|bit|regel|regla|règle|thing|sache))?|(?:あの|その|この)?(?:ルール|決まり|やり方)|(?:这|那)?(?:条|个)?(?:规则|规矩|规定))$`)

// pointedMeasure is a restriction or exception pointed at by what it is
// ("quita esa restricción", "drop that exception"): its matter is named
// before it.
const pointedMeasure = `(?:(?:that|this|those|these|the|esa|ese|esas|esos|esta|este|la|las|cette|cet|ces|les|diese|dieser|dieses|jene|die) )?(?:restrictions?|restricci[oó]n|restricciones|exceptions?|excepci[oó]n|excepciones|ausnahme|einschränkung|beschränkung|dérogations?|contraintes?|workaround|arrangement|substitution|sustituci[oó]n|regelung)`

var rePointedMeasure = regexp.MustCompile(`(?i)^` + pointedMeasure + `$`)

// anaphor reports words that only point back at what was said before
// ("that", "la règle", the "-la" of "oublie-la").
func anaphor(t string) bool {
	return rePointBack.MatchString(strings.TrimLeft(strings.TrimSpace(t), "-"))
}

// reAboutLead opens words that name what is spoken of ("about the Friday
// freeze", "lo de los viernes", "关于").
var reAboutLead = regexp.MustCompile(`(?i)^(?:and |also |oh,? )?(?:(?:earlier |before |previously |last time )?(?:i|we) (?:told you|said|mentioned)(?: earlier| before)?(?: that)?\s+|(?:about|regarding|re:?|as for|as to|remember|wegen|bezüglich|sobre|lo de|en cuanto a|concernant|à propos d[eu']?|quant à)\s+|关于|至于)`)

// referent is what words a withdrawal points back at name: past a
// lead-in ("two things: …") and "about", without closing marks.
func referent(s string) string {
	if rest := afterLabel(s); rest != "" {
		s = rest
	}
	s = reAboutLead.ReplaceAllString(strings.TrimSpace(s), "")
	// "also that sunday rule from before — forget it": what it names is
	// the sunday rule.
	s = rePointerLead.ReplaceAllString(s, "")
	s = strings.TrimSpace(strings.TrimRight(s, " :：,，、。.?？!！"))
	if t := strings.TrimSpace(reTargetTail.ReplaceAllString(s, "")); t != "" {
		s = t
	}
	return s
}

// rePointerLead opens words pointing at something said before ("also
// that", "and the").
var rePointerLead = regexp.MustCompile(`(?i)^(?:(?:also|and|oh and|plus|btw),? )?(?:that|this|those|these) `)

// group returns a named group's text (or the first of its numbered
// variants: t, t2, t3).
func group(re *regexp.Regexp, m []string, name string) string {
	for i, n := range re.SubexpNames() {
		if (n == name || strings.HasPrefix(n, name) && len(n) == len(name)+1) && m[i] != "" {
			return m[i]
		}
	}
	return ""
}

// replaced are the earlier values a clause says are no longer current.
func replaced(s string, lx *lexicon) []string {
	var out []string
	if v := corrected(s, lx); v != "" {
		out = append(out, v)
	}
	for _, re := range lx.replaces {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			if reFromSource.MatchString(m[0]) {
				continue // "every schema change needs a nod from Mia": a noun, and whose nod
			}
			v := strings.Trim(group(re, m, "old"), " .,;:!。，")
			if v == "" || lx.determiners[strings.ToLower(v)] || stopwords[strings.ToLower(v)] {
				continue
			}
			if titles[strings.ToLower(v)] {
				// "nicht mehr Dr. Albrecht": the person, not the title.
				if n := reTitled.FindStringSubmatch(s[strings.Index(s, v):]); n != nil {
					v = n[1]
				} else {
					continue
				}
			}
			if !containsFold(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// reEveryMorning is a morning of routine, which the words for tomorrow
// spell too ("jeden Morgen", "cada mañana", "por las mañanas").
var reEveryMorning = regexp.MustCompile(`(?i)(?:^|\s)(?:jeden|am|jedem) morgen\b|(?:^|\s)(?:cada|todas las|por la|por las) mañanas?\b`)

// reFromSource is a verb between a word of change and "from" that makes
// the word a noun and "from" the source of something ("change needs a
// nod from", "changes get approval from"), no move from a value.
var reFromSource = regexp.MustCompile(`(?i)\b(?:needs?|requires?|must|should|gets?|has|have|is|are)\b.* from `)

// corrected returns the value a clause says it corrects ("HL7 2.6 now,
// not 2.5.1": "2.5.1"), or "". Only a value counts: "in the orchestration
// repo, not here" corrects no value.
func corrected(s string, lx *lexicon) string {
	if lx.corrects == nil {
		return ""
	}
	m := lx.corrects.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	v := strings.Trim(group(lx.corrects, m, "old"), " .,;:!。，")
	if group(lx.corrects, m, "prep") != "" {
		// "…, nicht im Mai", "…, not on Tuesday": after a preposition
		// only a date or a value is corrected ("…, not in the office"
		// says where, not what it was).
		if lw := strings.ToLower(v); !reValue.MatchString(v) && monthNumbers[lw] == 0 && !isWeekday(lw) && !isWeekday(strings.TrimSuffix(lw, "s")) {
			return ""
		}
		return v
	}
	r, _ := utf8.DecodeRuneInString(v)
	if reValue.MatchString(v) || unicode.IsUpper(r) || techWords[strings.ToLower(v)] || numberWords[strings.ToLower(v)] {
		return v
	}
	return ""
}

// reDecided says a meeting, a body or the team settled something
// ("management decided last week", "the board met yesterday",
// "委员会开会定了", "営業会議で…に決まった").
var reDecided = regexp.MustCompile(wordsRe(slices.Concat([]string{`decided`, `agreed`, `voted`, `approved`, `signed off`,
	`(?:board|committee|management|council|leadership|meeting|steering group|directors|partners|owners|trustees|shareholders|members|bosses) (?:met|decided|agreed|voted|approved)`,
	`(?:had|held) (?:a|the|our) (?:board |directors'? |partners'? |staff |team )?meeting`, `se reunió`},
	meetingHeld,
	[]string{`beschlossen`, `entschieden`, `festgelegt`, `abgestimmt`, `vereinbart`, `Beschluss`,
		`decidió`, `decidieron`, `decidimos`, `acordó`, `acordaron`, `acordamos`, `aprobó`, `aprobaron`,
		`décidé`, `décidée`, `tranché`, `voté`, `validé`, `acté`, `convenu`},
	// "finalement ce sera 17h30": what it comes to in the end.
	[]string{`(?:finalement|au final) (?:ce sera|ça sera|c'est)`, `al final (?:será|queda|va a ser)`,
		`in the end (?:it'll be|it will be|it's going to be|we go with|we're going with)`, `(?:am ende|letztlich|schlussendlich) wird es`})...).String() +
	`|定了|决定|拍板|通过了|定下来|決まった|決まりました|決定|決めた|決めました`)

// meetingHeld are the words of German, Spanish and French that say a
// meeting was held, which reDecided and reMeetingLead both read.
var meetingHeld = []string{`getagt`, `se reunieron`, `nos reunimos`, `s'est réunie?`, `se sont réunis`}

// reMeetingLead opens a sentence with a meeting that was held ("Directors
// met on Thursday and …", "Der Vorstand hat getagt, …").
var reMeetingLead = regexp.MustCompile(`(?i)^.{0,60}?\b(?:met|` + strings.Join(meetingHeld, "|") + `|(?:had|held) (?:a|the|our) [\w' ]{0,20}meeting)\b[^,;]{0,40}?(?:[,;]\s*|\s+(?:and|und|y|et)\s+)`)

// afterMeeting is s without the meeting it opens with (reMeetingLead): what
// the meeting settled.
func afterMeeting(s string) string {
	if loc := reMeetingLead.FindStringIndex(s); loc != nil && loc[1] < len(s) {
		return s[loc[1]:]
	}
	return s
}

// decidedValue reports a value relayed as settled by a meeting or a body
// (reDecided), said plainly: not negated, tried, planned or undecided,
// and no task.
func decidedValue(s, lang string, lx *lexicon) bool {
	return reDecided.MatchString(s) && (hasValue(s, lang) || spelledCount(s)) &&
		!reNotOrTried.MatchString(s) && !reUndecided.MatchString(s) && !taskish(s, lang, lx) && !isImperativeLead(s, lang, lx)
}

// reSettledValue is a value the user settles on, said the English way:
// "<value> it is", "let's go to <value>".
var reSettledValue = regexp.MustCompile(`(?i)^(?:(?:ok|okay|perfect|great|fine|alright|right|good|sure|yes|yeah|yep|so|then),?\s+)*(?:[^\s,;]+\s+){0,5}[^\s,;]+ it is[.!]?$|^(?:(?:ok|okay|so|then|alright),?\s+)*let'?s (?:go (?:to|with)|do|use|stick with|settle on|make it) `)

// spelledCount reports a count spelled out before what it counts ("eight
// free articles", "seis años", "trois jours"), after what sets or moves
// it ("goes down to fifteen") or as a number of times ("fünfmal").
func spelledCount(s string) bool {
	ws := words(strings.ToLower(s))
	for i, w := range ws {
		if numberWords[w] && i+1 < len(ws) && !stopwords[ws[i+1]] && !countJoiner[ws[i+1]] {
			return true
		}
		if numberWords[w] && i > 0 && toWord[ws[i-1]] && (i+1 == len(ws) || ws[i+1] != "of" && ws[i+1] != "de") {
			return true // "the minimum age goes down to fifteen"
		}
		if n, ok := strings.CutSuffix(w, "mal"); ok && numberWords[n] {
			return true
		}
	}
	return false
}

// countJoiner are the words after a number that count nothing ("one of
// them", "dos o tres").
var countJoiner = set("of", "or", "de", "del", "des", "du", "o", "y", "ou", "et", "von", "oder", "und")

// reInsteadOf says what a value is in place of: "instead of", "rather
// than", "statt", "en vez de", "au lieu de", "而不是", "ではなく".
var reInsteadOf = regexp.MustCompile(`(?i)\b(?:instead of|rather than|in place of|(?:an)?statt|en vez de|en lugar de|au lieu d[eu'])|` + OpensWord + `à la place d[eu']|而不是|代替了|ではなく|じゃなくて|の代わりに`)

// hourWords are the hours of the day spelled out.
const hourWords = `(?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`

// reSpelledHour is an hour of the day spelled out: "a las cinco", "halb
// fünf", "half seven"; German "um zehn" (reUmHour) only in German, where
// "um" is no filler.
var (
	reSpelledHour = regexp.MustCompile(`(?i)\b(?:a las|halb|half past|half)\s+` + hourWords + `\b`)
	reUmHour      = regexp.MustCompile(`(?i)\bum\s+` + hourWords + `\b`)
)

// toWord says what a value is set or moved to: "to fifteen", "auf zehn".
var toWord = set("to", "auf", "a", "à")

// numberWords are counts spelled out.
var numberWords = set("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve",
	"zwei", "drei", "vier", "fünf", "sechs", "zehn", "dos", "tres", "cuatro", "cinco", "seis", "diez",
	"deux", "trois", "quatre", "cinq", "dix", "single", "double",
	"eleven", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty",
	"fifty", "sixty", "ninety", "hundred", "sieben", "acht", "neun", "elf", "zwölf", "fünfzehn", "zwanzig", "dreißig",
	"siete", "ocho", "nueve", "once", "doce", "quince", "veinte", "treinta", "sept", "huit", "neuf", "onze", "douze",
	"quinze", "vingt", "trente")

// NumberWord reports a number spelled as a word (numberWords), in lower
// case.
func NumberWord(w string) bool { return numberWords[w] }

// titles stand before a person's name.
var titles = set("dr", "prof", "herr", "frau", "mr", "mrs", "ms", "mme", "sr", "sra", "dra")

// reTitled is a title and the name it stands before.
var reTitled = regexp.MustCompile(`^\p{L}+\.? ((?:\p{Lu}[\p{L}-]+)(?: \p{Lu}[\p{L}-]+)?)`)

func containsFold(list []string, v string) bool {
	for _, x := range list {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}

// reValue finds a token that carries a value: digits, code-ish tokens
// (node:20, us-east-2, db/migrations, #ops), backticks, URLs, e-mail
// addresses, handles and templates (silo/<site>/<id>/telemetry).
var reValue = regexp.MustCompile("[0-9]|`|[A-Za-z][\\w]*[-_:/.@#][A-Za-z0-9]|(?:^|\\s)[#@/~$][\\w-]|https?://|[\\w/.-]<[\\pL\\pN][\\pL\\pN _-]{0,30}>|<[\\pL\\pN][\\pL\\pN _-]{0,30}>[\\w/.-]")

// hasValue reports a clause that names something specific: a value token,
// a proper noun (a capitalised word inside a Latin-script sentence, or a
// Latin word inside CJK text), or a quoted name.
func hasValue(s, lang string) bool {
	if reValue.MatchString(s) || strings.ContainsAny(s, "\"“«「") || periodIn(s) || spelledSpanIn(s) || reTitledName.MatchString(s) || reSpelledHour.MatchString(s) || lang == De && reUmHour.MatchString(s) {
		return true
	}
	for _, w := range words(strings.ToLower(s)) {
		if _, ok := groups[w]; ok || techWords[w] {
			return true // a tool or technology named in lower case
		}
	}
	if cjk(lang) {
		for _, r := range s {
			if r < 0x80 && unicode.IsLetter(r) {
				return true
			}
		}
		return false
	}
	lx := lexes[lang]
	fs := strings.Fields(s)
	for i, w := range fs {
		w = strings.Trim(w, ",.;:!?()\"'")
		if w == "" {
			continue
		}
		r := []rune(w)
		if unicode.IsUpper(r[0]) && (i > 0 || len(r) > 1 && unicode.IsUpper(r[1])) && !lx.properStop[w] {
			if lang == De && i > 0 && !hasInnerUpper(w) && len(fs) > 2 {
				// German capitalises every noun: a capital says little.
				continue
			}
			return true
		}
		if hasInnerUpper(w) {
			return true
		}
	}
	return false
}

func hasInnerUpper(w string) bool {
	for i, r := range w {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// isImperativeLead reports a clause that opens as an instruction.
func isImperativeLead(s, lang string, lx *lexicon) bool {
	if lang == Ja {
		// Japanese instructions end the sentence: 〜してください, 〜しないで.
		return reJaInstruction.MatchString(s)
	}
	if lang == En && reNounThenVerb.MatchString(s) {
		return false // "release notes go in CHANGELOG.md": a noun, not a verb
	}
	if lang == En && reHowTo.MatchString(s) {
		return true // "flash with `west flash --runner jlink`"
	}
	if lang == Zh && reZhDoneByUs.MatchString(s) {
		return false // "部署我们换成腾讯云 COS 了": a topic, then what we did
	}
	return lx.imperLead.MatchString(s)
}

// reZhDoneByUs is a Chinese clause saying what we did, done ("了" closing
// it), after a topic that may open like an instruction ("部署", "都").
var reZhDoneByUs = regexp.MustCompile(`^[^，,。！？]{1,12}?我们(?:已经|都)?[^，,。！？]{2,40}?了[。！!]?$`)

// reHowTo says how a thing of the project is done, with its command:
// "build with `cargo build --profile profiling`".
var reHowTo = regexp.MustCompile("(?i)^(?:build|run|test|start|lint|format|deploy|install|generate|regenerate|release|publish|serve|debug|profile|bootstrap|seed|migrate|package|flash|compile|bundle|sign|upload|ship|provision|apply|plan)\\b[^.`]{0,30}\\b(?:with|using|via|through|by running)\\s+`")

// reTemporalLead opens a clause with when an instruction applies: "after
// touching any BUILD file", "before you push,".
var reTemporalLead = regexp.MustCompile(`(?i)^(?:after|before|whenever|every time|each time|once)\s`)

// temporalInstruction returns the instruction a clause gives after saying
// when it applies ("after touching any BUILD file run X"): the words from
// the first instruction verb within the clause's first 60 bytes on.
func temporalInstruction(s, lang string, lx *lexicon) (string, bool) {
	if lang != En || !reTemporalLead.MatchString(s) {
		return "", false
	}
	for i, r := range s {
		if i > 60 {
			break
		}
		if r != ' ' && r != ',' {
			continue
		}
		rest := strings.TrimLeft(s[i:], " ,")
		if reStanding[En].MatchString(rest) || reHowTo.MatchString(rest) || strings.HasPrefix(strings.ToLower(rest), "run ") {
			return rest, true
		}
	}
	return "", false
}

// reNounThenVerb opens with a word that is a verb or a noun, read as a
// noun when a noun and a verb follow it ("release notes go in …").
var reNounThenVerb = regexp.MustCompile(`(?i)^(?:release|build|test|deploy|commit|log|tag|review|merge|format|name|push|run|lint|store|call|sign)\s+[\w-]+\s+(?:go|goes|are|is|live|lives|get|gets|belong|belongs|stay|stays|need|needs|must|should|run|runs|sit|sits|moved|changed|switched|shifted|slipped|was|were|got|has)\b|^[\w-]+\s+(?:is|are|was|were)\s`)

var reJaTopic = regexp.MustCompile(`[^でにと](は)|(が)`)

var reJaInstruction = regexp.MustCompile(`(?:ください|しないで|ように|こと|禁止|厳禁|使って|通して|してね|しよう|すること)[。！!]*$`)

// standingVerbs are instructions that stand without a cue ("use pnpm",
// "ask Keiko"); other verbs ("run", "add") need one to be more than a
// task.
var reStanding = map[string]*regexp.Regexp{
	En: leadRe(`(?:please )?(?:use|prefer|avoid|name|prefix|suffix|keep|put|ask|ping|cc|stick to|stick with|default to|follow|target|pin|sign|tag|squash|rebase|treat|route|go through|talk to|check with|loop in|reach out to|never|always|don't|do not|dont|no|only|make sure|be sure|store|write (?:commit|tests|docs|comments|code|messages|errors|logs)|reply|respond|answer|document|format|lint|cite|mention)`),
	De: leadRe(`(?:bitte )?(?:nutz|nutze|benutz|benutze|verwende|vermeide|frag|frage|halte|halt|achte|nie|niemals|immer|keine|kein|nur|benenne|ping|pinge|sprich|antworte|schreib|schreibe|lass|lasse|squashe|rebase|merge|signiere|tagge)`),
	Es: leadRe(`(?:por favor,? )?(?:usa|utiliza|evita|pregunta|pregúntale|mantén|nombra|nunca|siempre|solo|sólo|no uses|no hagas|no subas|no pongas|no toques|no ejecutes|ni se te ocurra|habla con|consulta|responde|contesta|escribe|firma|etiqueta|no)`),
	Fr: leadRe(`(?:merci de |prière de )?(?:utilise|utilisez|sers-toi|évite|évitez|demande|demandez|garde|gardez|nomme|nommez|jamais|toujours|pas de|n'utilise|ne mets|ne pousse|ne fais|ne touche|ne lance|veille à|pense à|ne jamais|réponds|répondez|écris|écrivez|passe par|préfixe|signe)`),
	Zh: anyRe(`^(?:请|别|不要|一定|务必|千万|永远|总是|每次|所有|统一|都|用|使用|记得|始终|记住)`),
	Ja: anyRe(`.`),
}

// standingImperative tells a standing instruction from a task: a cue of
// durability, or a standing verb without words that point at the task at
// hand ("this", "now", "the failing test").
func standingImperative(s, lang string, lx *lexicon, cue bool) bool {
	s = reRuleTail.ReplaceAllString(s, "")
	// A pointer after the instruction's first comma is of its reason
	// ("…, it's easier to roll back"), not of what it asks.
	head := s
	if i := strings.Index(s, ", "); i > 0 {
		head = s[:i]
	}
	if cue {
		// "from now on" says when, and points at nothing.
		return !lx.oneOff.MatchString(s) && !deictic(reFromNowOn.ReplaceAllString(head, ""), lang) && !taskChatter(s, lang)
	}
	return (reStanding[lang].MatchString(s) || lang == En && reHowTo.MatchString(s)) && !taskish(s, lang, lx) && !deictic(head, lang) &&
		(cjk(lang) || len(strings.Fields(s)) > 2 || hasValue(s, lang) || subjectGroup(s) != "")
}

// reRuleTail says the words before it are a rule ("…, that's the rule
// there"): its pronoun points at them, not at the task.
var reRuleTail = regexp.MustCompile(`(?i),?\s*(?:that's|that is|this is|it's|das ist|esa es|eso es|c'est)\s+(?:the|our|a|die|unsere|la|nuestra|notre)\s+(?:rule|convention|policy|standard|regel|konvention|regla|norma|convención|règle|convention)(?:\s+(?:here|there|hier|aquí|ici))?\s*[.!]*$`)

// taskish reports words that tie a clause to the task at hand.
// taskWords is s as lexicon.task reads it: without a period from which
// something holds (reFromNextPeriod) and without French "ce" as the
// subject of être ("finalement ce sera 17h30"), which points at no thing
// of a task.
func taskWords(s string) string {
	return reFromNextPeriod.ReplaceAllString(reCeEtre.ReplaceAllString(s, " "), " ")
}

var reCeEtre = regexp.MustCompile(`(?i)(?:^|\s)ce (?:sera|serait|seront|sont|fut)(?:\s|$)`)

func taskish(s, lang string, lx *lexicon) bool {
	return (lx.task.MatchString(taskWords(s)) || taskChatter(s, lang)) && !lx.durable.MatchString(s)
}

// reDeictic points at something in the conversation, not a standing
// thing.
var reDeictic = map[string]*regexp.Regexp{
	En: wordsRe(`this`, `that`, `these`, `those`, `it`, `them`, `here`, `now`, `yet`, `again`),
	De: wordsRe(`das hier`, `dies`, `diese[snmr]?`, `jetzt`, `gerade`, `nochmal`, `es`),
	Es: wordsRe(`esto`, `eso`, `este`, `esta`, `estos`, `estas`, `ahora`, `otra vez`),
	Fr: wordsRe(`ça`, `ceci`, `cela`, `ce`, `cette`, `ces`, `maintenant`, `encore`),
	Zh: anyRe(`这个`, `那个`, `这些`, `现在`, `这里`),
	Ja: anyRe(`これ`, `それ`, `この`, `その`, `今`),
}

// reDeicticObject points at something in the conversation as an
// object ("I like this").
var reDeicticObject = wordsRe(`this`, `that`, `these`, `those`, `it`, `them`)

func deictic(s, lang string) bool {
	// "for this repo": the project the memory is of, no thing pointed
	// at in the conversation.
	return reDeictic[lang].MatchString(reThisProject.ReplaceAllString(s, " "))
}

// reThisProject names the project itself by a pointer.
var reThisProject = regexp.MustCompile(`(?i)\b(?:this|dieses|diesem|dieser|ce|cet|este|esta)\s+(?:repo|repository|project|codebase|projekt|repositorio|proyecto|projet|dépôt)\b`)

// factShape reports a declarative with a subject that names a thing and a
// verb that gives it a value: "our read model lives in Elasticsearch 8",
// "the build image is node:20". A weak verb ("is") needs a value token;
// a locative one ("lives in", "runs on") does not.
func factShape(s, lang string, lx *lexicon) bool {
	if reAssign.MatchString(s) {
		// "KESTREL_RPC_DEADLINE=45s for the whole fleet": a setting.
		return true
	}
	loc := lx.factVerb.FindStringIndex(s)
	if loc == nil {
		// "La base de datos de staging se borra cada noche a las 02:00":
		// a noun-phrase subject, a value and a cue of recurrence.
		return leadNounPhrase(s, lang, lx) != "" && hasValue(s, lang) && lx.durable.MatchString(s)
	}
	left := s[:loc[0]]
	if lang == De && loc[0] == 0 && hasValue(s[loc[1]:], lang) && len(strings.Fields(s)) >= 3 {
		// Verb second after an adverb dropped as filler: "(Übrigens)
		// läuft Staging auf Kubernetes 1.28".
		return true
	}
	if cjk(lang) {
		np := nounPhrase(left, lang, lx)
		if np == "" {
			return false
		}
		return hasValue(s, lang) || lx.strong.MatchString(s)
	}
	if np := nounPhrase(left, lang, lx); np == "" {
		if !lx.we.MatchString(s) && leadNounPhrase(s, lang, lx) == "" {
			return false
		}
	}
	return hasValue(s, lang) || lx.strong.MatchString(s) && len(contentWords(s[loc[1]:])) > 0
}

// reAssign opens a clause with a setting given its value.
// reSetting is a setting and its value anywhere in a clause
// ("retries=3").
var reSetting = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_.]{2,}=[^\s=,;]+`)

var reAssign = regexp.MustCompile(`^[A-Z][A-Z0-9_]{2,}=[^\s=]+`)

// reTooOld names an old value as what went wrong with it ("two days was
// too late", "20 min is too short").
var reTooOld = regexp.MustCompile(`(?i)(?:^|[,;:(]\s*|\b(?:the|but|and|since|because) )(?P<old>(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a|an|half an?) ?(?:minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?|%|percent|am|pm|quid|pounds?|euros?|dollars?|€|£|\$|kg|g|grams?)?) (?:was|were|is|are|'s) (?:way |far |much |a bit |just |a little |always |still )?too (?:late|early|long|short|much|little|slow|fast|expensive|cheap|high|low|many|few|tight|often|soon)\b`)

// reOnlyWord limits what it stands by to it ("heute nur", "for today
// only"): a lead-in with a day and no such word says when something was
// said ("risk team call this morning: …"), not how long it holds.
var reOnlyWord = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:only|just|nur|solo|sólo|seulement|uniquement|juste)(?:[^\pL]|$)|只|仅|だけ|のみ`)

// reFromLead says a time is when something starts ("ab heute", "from
// today", "a partir de hoy"), not the only time it holds.
var reFromLead = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:ab|from|starting|a partir de|desde|à partir d|dès|seit|since)(?:[^\pL]|$)`)

// reIsContraction is English "'s" for "is" before a word that shows it
// ("the rotation's in PagerDuty"); "braucht's auch" is German, and no
// word it opens ("auch") counts.
var reIsContraction = regexp.MustCompile(`(?i)(\w)'s (in|on|at|a|an|the|now|still|always|never|just|only|under|behind|over|\d+)\b`)

// reElidedFrame is a clause left with nothing but the frame of a
// document's passage elided (withoutDocQuote): a few words, then "“…”".
var reElidedFrame = regexp.MustCompile(`^(?:\S+\s+){0,10}?\S*\s*[:：,]?\s*“…”\s*[.!。]?$`)

// reGoneContraction is "'s" for "is" before gone, history, or done or
// over at a clause's end ("flu season's done, switch …").
var reGoneContraction = regexp.MustCompile(`(?i)(\S)['’]s (gone|history|done|over|finished|wrapped)(\s*(?:[,.;!—–]|\s-|$)|\s+(?:now|for good|completely|entirely|btw|by the way|so|and|already|finally|yesterday|today|last|this|anyway|too|as well)\b)`)

// subjectOf finds what a clause is about: the noun phrase before its verb,
// else (for "we use X for Y") the phrase after "for", else "".
func subjectOf(s, lang string, lx *lexicon) string {
	if re := reForNow[lang]; re != nil && !cjk(lang) {
		// "right now the waiting list": when is no part of what.
		s = strings.Join(strings.Fields(re.ReplaceAllString(s, " ")), " ")
	}
	if lang == Ja {
		// "バッチ時間がずれたので、一括送信は午前1時に変更です": past a
		// reason, the main clause's topic.
		if loc := reJaReasonEnd.FindStringIndex(s); loc != nil && reJaTopic.MatchString(s[loc[1]:]) {
			s = s[loc[1]:]
		}
		if m := reJaTopic.FindStringSubmatchIndex(s); m != nil {
			at := m[2]
			if at < 0 {
				at = m[4]
			}
			return nounPhrase(s[:at], lang, lx)
		}
		return ""
	}
	if m := lx.update.FindStringSubmatch(s); m != nil {
		if np := nounPhrase(group(lx.update, m, "np"), lang, lx); np != "" {
			return np
		}
	}
	verb := lx.factVerb
	sv := s // where the verb is looked for
	if lang == Zh {
		// "样品现在改用顺丰": 在 of 现在 is no verb. The words stay, as
		// many bytes of space, so that where the verb is in sv is where
		// it is in s.
		sv = reZhNotVerb.ReplaceAllStringFunc(s, func(w string) string { return strings.Repeat(" ", len(w)) })
	}
	if lx.modal != nil {
		if l2 := lx.modal.FindStringIndex(sv); l2 != nil {
			if l1 := verb.FindStringIndex(sv); l1 == nil || l2[0] < l1[0] {
				if lang == De && reDeWhenOnly.MatchString(strings.TrimSpace(s[:l2[0]])) {
					// "ab Montag muss der Export …": the verb second,
					// after when; what it says of follows the verb.
					if m := reDeArticleNoun.FindStringSubmatch(s[l2[1]:]); m != nil {
						return nounPhrase(m[1], lang, lx)
					}
				}
				return nounPhrase(s[:l2[0]], lang, lx)
			}
		}
	}
	if loc := verb.FindStringIndex(sv); loc != nil {
		if lead := strings.TrimSpace(s[:loc[0]]); lang == De && (lead == "" || reDeWhenOnly.MatchString(lead)) {
			// "nächstes Jahr ist Anmeldeschluss der 15. April": the verb
			// second, after when; what it says of follows the verb.
			if m := reDeNounAfterVerb.FindStringSubmatch(s[loc[1]:]); m != nil {
				return nounPhrase(m[1], lang, lx)
			}
		}
		if np := nounPhrase(s[:loc[0]], lang, lx); np != "" {
			return np
		}
		if np := leadNounPhrase(s, lang, lx); np != "" {
			return np
		}
	}
	if lx.forPrep != nil {
		if m := lx.forPrep.FindStringSubmatch(s); m != nil {
			if np := nounPhrase(group(lx.forPrep, m, "np"), lang, lx); np != "" {
				return np
			}
		}
	}
	for _, w := range words(strings.ToLower(s)) {
		if g, ok := groups[w]; ok {
			return strings.ReplaceAll(g, "-", " ")
		}
	}
	return ""
}

// reZhNotVerb holds a Chinese fact verb inside a word of another
// sense: 在 of 现在 ("now"), 正在, 实在, 所在, 存在 as "exists" is
// left alone.
var reZhNotVerb = regexp.MustCompile(`现在|正在|实在|所在|还在`)

// reJaReasonEnd ends a Japanese reason said before the main clause
// ("…がずれたので、").
var reJaReasonEnd = regexp.MustCompile(`(?:ので|から|ため)、`)

// reDeWhenOnly is a German lead saying only when ("ab Montag", "seit
// gestern", "ab sofort"); reDeArticleNoun the noun with its article that
// follows the verb after it ("der Export").
var (
	reDeWhenOnly      = regexp.MustCompile(`(?i)^(?:ab|seit|bis|ab dem|ab nächste[rnms]?|seit dem|am|im|nächste[rnms]?|diese[rnms]?|jetzt|heute|morgen|künftig|ab sofort)(?: \p{L}+)?$`)
	reDeNounAfterVerb = regexp.MustCompile(`^\s*((?:(?:der|die|das|den|dem|unser|unsere|unseren) )?(?-i:\p{Lu})[\p{L}-]+)`)
	reDeArticleNoun   = regexp.MustCompile(`^\s*((?:der|die|das|den|dem|unser|unsere|unseren) (?-i:\p{Lu})[\p{L}-]+)`)
)

// nounPhrase is the thing a stretch of words names: its words without the
// determiners and fillers that open it and the adverbs that close it, at
// most five, lower case; "" when it names nothing (a pronoun, a word many
// statements share, or too long to be a name).
func nounPhrase(s, lang string, lx *lexicon) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexAny(s, ":："); i >= 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		s = strings.TrimSpace(s[i+size:]) // "Zur Einordnung: die Datenbank"
	}
	if cjk(lang) {
		return cjkNounPhrase(s, lang, lx)
	}
	var ws []string
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ",.;:!?()\"`“”")
		lw := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
		if len(ws) == 0 {
			for _, p := range []string{"l'", "d'"} {
				lw = strings.TrimPrefix(lw, p)
			}
			if lw == "" || lx.determiners[lw] || fillerWords[lw] {
				continue
			}
		}
		if lw != "" {
			ws = append(ws, lw)
		}
	}
	for len(ws) > 0 && (lx.determiners[ws[len(ws)-1]] || trailingAdverbs[ws[len(ws)-1]]) {
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 0 || len(ws) > 5 {
		return ""
	}
	for _, w := range ws {
		if lx.pronounSubj[w] || vagueSubjects[w] {
			return ""
		}
	}
	return strings.Join(ws, " ")
}

var (
	trailingAdverbs = set("now", "currently", "still", "also", "jetzt", "aktuell", "ahora", "actualmente", "maintenant", "actuellement", "today", "all", "really",
		"already", "ya", "todavía", "aún", "también", "schon", "noch", "auch", "déjà", "encore", "aussi",
		"always", "usually", "normally", "never", "immer", "normalerweise", "nie", "siempre", "normalmente", "nunca", "toujours", "jamais")
	vagueSubjects  = set("decision", "plan", "convention", "rule", "policy", "idea", "thing", "things", "problem", "issue", "point", "reason", "answer", "i'd", "we'd", "i've", "we've", "let's", "lets", "entscheidung", "regel", "decisión", "regla", "décision", "règle", "stuff", "one")
	cjkDeterminers = []string{"这周开始", "从这周开始", "从现在开始", "以后", "今后", "我们的", "咱们的", "我们", "咱们", "我的", "这个", "那个", "所有的", "所有", "全部", "うちの", "私たちの", "我々の", "この", "その", "今の", "現在の"}
	cjkAdverbs     = []string{"现在", "目前", "一律", "都", "也", "还", "总是", "一直", "始终", "统一", "今", "現在", "常に", "必ず", "いつも",
		// "截止时间又调整了", "站会以后改到十点": again, from now on,
		// already, for now say when, not what.
		"又", "再", "已经", "以后", "今后", "之后", "从此", "暂时", "仍然", "依然", "还是", "最近"}
	reCJKVerbish = regexp.MustCompile(`决定|喜欢|希望|觉得|需要|应该|必须|不要|别|认为|我|你|に直接|ないで|ください|ことに|好き`)
)

// cjkNounPhrase is nounPhrase for text without spaces: the topic before
// the verb or particle, without possessives and adverbs.
func cjkNounPhrase(s, lang string, lx *lexicon) string {
	s = strings.Trim(s, "，,、：: 。 ")
	for changed := true; changed; {
		changed = false
		for _, d := range cjkDeterminers {
			if strings.HasPrefix(s, d) {
				s, changed = strings.TrimPrefix(s, d), true
			}
		}
		for _, a := range cjkAdverbs {
			if strings.HasSuffix(s, a) {
				s, changed = strings.TrimSuffix(s, a), true
			}
		}
		s = strings.TrimSpace(s)
	}
	if lang == Zh {
		s = strings.TrimSuffix(s, "的")
	}
	rs := []rune(s)
	if len(rs) < 2 || len(rs) > 12 || lx.pronounSubj[s] || reCJKVerbish.MatchString(s) {
		return ""
	}
	return strings.ToLower(s)
}

// hasOwner reports a team statement that names its person or team: a name
// in Latin script, "team", or any CJK text (its own patterns name one).
func hasOwner(s, lang string, lx *lexicon) bool {
	if cjk(lang) {
		return true
	}
	low := strings.ToLower(s)
	if reHonorific.MatchString(s) {
		return true // "herr brandt", typed in lower case
	}
	for _, t := range []string{"team", "équipe", "equipo", "squad", "group"} {
		if strings.Contains(low, t) {
			return true
		}
	}
	for i, w := range strings.Fields(s) {
		w = strings.Trim(w, ",.;:!?()\"'")
		if reName.MatchString(w) && !lx.properStop[w] && !(i == 0 && lx.imperLead.MatchString(strings.ToLower(w))) {
			return true
		}
		if strings.HasPrefix(w, "@") && len(w) > 1 {
			return true
		}
	}
	return false
}

var reName = regexp.MustCompile(`^` + nameRe + `$`)

// reNewOwner is a change of owner: "billing has a new owner", "Ana is the
// new lead for the ledger", "Ana took over the ledger", "la facturación
// tiene nueva responsable", "X hat einen neuen Owner", "X a un nouveau
// responsable".
var reNewOwner = regexp.MustCompile(`(?i)^(?:the |our )?(?P<obj>[\p{L}\d/ -]{2,30}?) (?:has|got|hat|tiene|a) (?:a |einen |eine |un |una |une )?(?:new|neuen|neue|nuevo|nueva|nouveau|nouvelle) (?:owner|lead|maintainer|reviewer|approver|contact|verantwortliche[nr]?|owner|responsable|dueño|dueña|référent)\b|^` + nameRe + ` (?:is|'s|ist|es|est) (?:the |der |die |el |la |le )?(?:new|neue[r]?|nuev[oa]|nouveau|nouvelle) (?:owner|lead|maintainer|reviewer|approver|responsable|verantwortliche[r]?) (?:of|for|von|für|de|del|du|des) (?:the |der |die |das |el |la |le |les )?(?P<obj2>[\p{L}\d/ -]{2,30}?)(?:$|[,.;])|^` + nameRe + ` (?:took over|has taken over|hat .{1,30} übernommen|se hizo cargo de|a repris) (?:the |el |la |le )?(?P<obj3>[\p{L}\d/ -]{2,30}?)(?:$|[,.;])`)

// ownerStems are what an earlier claim about an owner of the object holds:
// the object's words beside a word of owning or reviewing.
func ownerStems(s string) []string {
	m := reNewOwner.FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	obj := group(reNewOwner, m, "obj")
	var out []string
	for _, w := range contentWords(obj) {
		if changeStop[w] || len([]rune(w)) < 3 {
			continue
		}
		for _, v := range []string{"owns", "owner", "review", "reviews", "lead", "maintains", "verantwortet", "revisa", "gère"} {
			out = append(out, w+" "+v)
		}
	}
	return out
}

// reHonorific is a title before a name, which names a person whatever its
// case.
var reHonorific = regexp.MustCompile(`(?i)(?:^|\s)(?:herr|frau|señor|señora|sr\.|sra\.|monsieur|madame|mme|mr\.?|mrs\.?|ms\.?|dr\.?) \p{L}{2,}`)

// reTeamRole tells what a team statement is about: approvals, ownership,
// or whom to ask.
var reTeamRole = []struct {
	re   *regexp.Regexp
	role string
}{
	{regexp.MustCompile(`(?i)sign(?:s|ed|ing)?[ -]?off|approv|review|freig|genehm|abseg|aprueb|visto bueno|valid|relit|審批|审批|批准|审核|签字|承認|レビュー|許可`), "approval"},
	{regexp.MustCompile(`(?i)^(?:ask|ping|talk to|check with|reach out|go to|escalate|consult|frag|wende|sprich|pregunt|consulta|habla con|demande|vois avec|voir avec|contacte|找|问|联系)|に聞|に確認|に相談|窓口|contact|ansprechpartner|contacto`), "contact"},
}

// teamSubject names a team statement's subject: what is owned, approved or
// asked about, and the role ("auth middleware approval").
func teamSubject(s, lang string, lx *lexicon) string {
	role := "owner"
	for _, r := range reTeamRole {
		if r.re.MatchString(s) {
			role = r.role
			break
		}
	}
	if cjk(lang) {
		return ""
	}
	// The object: words after the last preposition-like word, without
	// determiners.
	obj := ""
	if m := reTeamObject.FindStringSubmatch(s); m != nil {
		obj = m[1]
	}
	if loc := reTeamObjectEnd.FindStringIndex(obj); loc != nil {
		obj = obj[:loc[0]]
	}
	obj = reName.ReplaceAllString(obj, "")
	np := lastWords(obj, lang, lx, 3)
	if np == "" {
		return ""
	}
	return np + " " + role
}

var reTeamObject = regexp.MustCompile(`(?i)(?:\s(?:on|about|for|of|touching|over|to|in|für|über|zu|zur|zum|von|an|am|bei|sobre|de|del|para|sur|du|des|d'|à|concernant)\s+|\s(?:owns|maintains|runs|leads|manages|approves|reviews|handles|betreut|leitet|verantwortet|mantiene|aprueba|revisa|gère|maintient|valide|approuve))([^,.;!?]+)`)

var reTeamObjectEnd = regexp.MustCompile(`(?i)\s(?:go(?:es)?|is|are|must|needs?|has|have|should|gibt|geht|gehen|muss|müssen|ist|sind|va|van|es|son|debe|deben|passe|passent|est|sont|doit|doivent)\s`)

// lastWords are the last n content words of s.
func lastWords(s, lang string, lx *lexicon, n int) string {
	var ws []string
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ",.;:!?()\"'`")
		lw := strings.ToLower(w)
		if lw == "" || lx.determiners[lw] || stopwords[lw] || fillerWords[lw] || quantifiers[lw] {
			continue
		}
		ws = append(ws, lw)
	}
	if len(ws) > n {
		ws = ws[len(ws)-n:]
	}
	return strings.Join(ws, " ")
}

var quantifiers = set("frei", "an", "am", "bei", "à", "del", "anything", "everything", "all", "any", "touching", "related", "around", "regarding", "concerning", "alles", "todo", "tout", "cualquier", "changes", "change", "stuff", "things", "questions", "question", "first", "before", "merging", "merge", "die", "der", "das", "den", "el", "la", "los", "las", "le", "les", "l'", "du", "des")

// weakDurable are durability cues that mark the team's voice rather than
// a rule ("our", "we use").
var weakDurable = set("our", "we use", "here", "unser", "unsere", "unseren", "unserem", "unserer", "unseres", "bei uns",
	"wir nutzen", "wir verwenden", "wir benutzen", "nuestro", "nuestra", "nuestros", "nuestras", "usamos", "utilizamos",
	"aquí", "notre", "nos", "on utilise", "nous utilisons", "ici", "我们的", "我们用", "うちの", "うちでは", "うちは",
	"私たちの", "弊社", "チームでは", "このリポジトリ")

// weakCue reports a clause whose only durability cues are weak ones.
func weakCue(s string, lx *lexicon) bool {
	for _, m := range lx.durable.FindAllString(s, -1) {
		m = strings.ToLower(strings.TrimFunc(m, func(r rune) bool { return !unicode.IsLetter(r) }))
		if !weakDurable[m] {
			return false
		}
	}
	return true
}

var reMyAttr = regexp.MustCompile(`(?i)^my (name|timezone|time zone|role|title|team|pronouns|location|manager|email|handle)\b`)

// personSubject names what a self-introduction is about: the user by
// name ("user dana"), an attribute ("user timezone"), else "" (a role or
// an area taken over is kept as said, beside others).
func personSubject(s, lang string) string {
	if m := reMyAttr.FindStringSubmatch(s); m != nil && !strings.EqualFold(m[1], "name") {
		return "user " + strings.ReplaceAll(strings.ToLower(m[1]), "time zone", "timezone")
	}
	if m := reNameIn.FindStringSubmatch(strings.TrimRight(s, ".! 。！")); m != nil {
		// Sessions come from different people: a name is its own
		// subject, so one user's introduction never replaces another's.
		for _, g := range m[1:] {
			if g != "" && !lexEn.properStop[g] {
				return "user " + strings.ToLower(g)
			}
		}
	}
	return ""
}

var reNameOnly = regexp.MustCompile(`^(?i:i'm|i am|this is|my name is|my name's|call me|ich bin|ich heiße|mein name ist|soy|me llamo|mi nombre es|je suis|je m'appelle|moi c'est|我是|我叫)\s*` + nameRe + `$|^[\p{Han}\p{Katakana}]{1,6}(?:です|と申します)$|^` + nameRe + ` (?i:here|hier|aquí|ici)$`)

// fromDate is a date from which something holds ("ab 1. Juni", "from
// March", "a partir de julio", "来月から"): a value said to hold from a
// date replaces the one before it, where "from now on" only says a rule
// is standing.
const fromDate = `\b(?:from|starting|as of|effective)\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:from|starting|as of) next (?:week|month|year|season|term|quarter)\b|\bab (?:dem )?(?:\d{1,2}\.\s*)?(?:jan|feb|mär|apr|mai|jun|jul|aug|sep|okt|nov|dez)[a-zä]*\b|\bab (?:nächste[nm]|kommende[nm]) (?:woche|monat|jahr|saison|quartal)\b|\ba partir del?\s+(?:\d{1,2} de\s+)?(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b|(?:^|\s)(?:à partir d[eu]|dès)\s+(?:le\s+)?(?:\d{1,2}(?:er)?\s+)?(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\b|从?(?:下个?月|下周|\d{1,2}月(?:\d{1,2}[日号])?)(?:开始|起)|(?:来月|来週|来期|来季|今季|\d{1,2}月(?:\d{1,2}日)?)から`

var reHeldFrom = regexp.MustCompile(`(?i)` + fromDate)

// HeldFrom reports a text that says from when it holds ("from March",
// "ab 1. Juni", "来月から").
func HeldFrom(s string) bool { return reHeldFrom.MatchString(s) }

// ToldAsChange reports a text that tells of a change by when it began
// ("desde el lunes estamos en eu-south-2", "seit gestern"), by what was
// chosen as the new one ("picked storyblok as the new cms"), by who
// settled it ("委员会开会定了") or as settled ("20 per second it is").
func ToldAsChange(s string) bool {
	return reSinceMoment.MatchString(s) || reChoseNew.MatchString(s) || reDecided.MatchString(s) || reSettledValue.MatchString(strings.TrimSpace(s))
}

func why(f finding, w string) finding {
	f.why = w
	return f
}

// reDetLead opens a clause with a definite or possessive determiner: its
// subject is a noun phrase, not a pronoun.
var reDetLead = map[string]*regexp.Regexp{
	En: leadRe(`the`, `our`, `my`),
	De: leadRe(`der`, `die`, `das`, `unser`, `unsere`, `unser`, `mein`, `meine`),
	Es: leadRe(`el`, `la`, `los`, `las`, `todos los`, `todas las`, `nuestro`, `nuestra`, `nuestros`, `nuestras`, `mi`),
	Fr: leadRe(`le`, `la`, `les`, `l'`, `notre`, `nos`, `mon`, `ma`),
}

// verbMarks are words that end a noun phrase: a verb or its clitic.
var verbMarks = set("se", "is", "are", "was", "were", "has", "have", "had", "will", "can", "must", "should", "ist", "sind",
	"war", "hat", "haben", "wird", "werden", "muss", "es", "está", "están", "son", "era", "ha", "han", "lo", "le", "est",
	"sont", "était", "a", "ont", "va", "doit", "runs", "lives", "uses", "goes", "läuft", "liegt", "corre", "vive", "usa",
	"tourne", "vit", "utilise", "passe", "pasa")

// leadNounPhrase is the noun phrase a determiner opens ("El entorno de
// demo se levanta con …": "entorno de demo"), up to a comma or a verb of
// the fact lexicon, at most four words; "".
func leadNounPhrase(s, lang string, lx *lexicon) string {
	re := reDetLead[lang]
	if re == nil || !re.MatchString(s) {
		return ""
	}
	head := s
	if i := strings.IndexAny(head, ",;:"); i >= 0 {
		head = head[:i]
	}
	if loc := lx.factVerb.FindStringIndex(head); loc != nil {
		head = head[:loc[0]]
	}
	var ws []string
	for _, w := range strings.Fields(head) {
		if len(ws) > 0 && verbMarks[strings.ToLower(w)] || len(ws) == 5 {
			break
		}
		ws = append(ws, w)
	}
	if len(ws) < 2 {
		return ""
	}
	return nounPhrase(strings.Join(ws, " "), lang, lx)
}

// reNotOrTried is a negation, a trial, a condition, a plan or hearsay:
// "not adding X now", "hasn't looked at it since Q3", "一回 ±35ms も試した
// けど…戻しました", "once we move to X", "we'll bump it next sprint", "Tom
// said Ana said …" say no value holds now.
var reNotOrTried = regexp.MustCompile(`(?i)\b(?:not|no|never|nah|nope|nothing|n't|hasn't|haven't|isn't|aren't|wasn't|didn't|don't|doesn't|won't|tried|` +
	`if|once|when|whenever|unless|in case|will|gonna|going to|plan|plans|planned|planning|want to|wanna|next (?:week|month|quarter|year|sprint|release)|later|` +
	`ne|pas|jamais|non|si|quand|lorsque|dès que|va|vont|allons|prévu|prévoit|prochaine?|` +
	`nicht|kein|keine|keinen|nie|nein|wenn|falls|sobald|werden|wird|geplant|nächste[nmr]?|probiert|versucht|` +
	`nunca|nada|cuando|va a|vamos a|planeamos|próxim[oa]|probado|probamos|` +
	`said|says|told|tells|heard|sagte|meinte|gesagt|dijo|dice|dit)\b|n't\b|'ll\b|\b(?:essayé|testé|tenté|intentamos)` + EndsWord + `|说|听说|によると|言って|言った|` +
	`[不没別别]|如果|要是|打算|计划|将来|下个?月|明年|ない|なく|ません|ず[、。]|試し|试过|试了|たら|れば|なら|予定|つもり|来月|来年`)

// reFromNextPeriod says from when a thing holds, the next period on
// ("from next week", "starting next month"), or names the period things
// are in: no task's "next" or "this".
var reFromNextPeriod = regexp.MustCompile(`(?i)\b(?:from|starting|as of|beginning|effective)\s+next\s+(?:week|month|year|season|term|quarter|sprint|release)\b` +
	// "por las heladas de este año", "cette saison": a period named, no
	// thing pointed at.
	`|\b(?:de |en )?(?:este|esta) (?:año|mes|semana|temporada|verano|invierno|otoño|primavera)\b|\bcette (?:année|semaine|saison)\b` +
	// "para la próxima temporada empezamos a las diez", "la línea 2 va a
	// 15 t/h": from when a value holds, and a value gone to, no plan.
	`|\b(?:a partir de|desde|para) (?:el|la) próxim[oa] (?:temporada|semana|mes|año|curso|trimestre)\b|\b(?:va|van) a \d`)

// reUpdateCue marks a statement that changes an earlier value ("now",
// "since the weekend", "moved to").
var reUpdateCue = map[string]*regexp.Regexp{
	En: wordsRe(`now`, `any ?more`, `no longer`, `moved`, `switched`, `migrated`, `upgraded`, `bumped`, `updated`, `changed`, `since`, `dropped`, `raised`, `lowered`, `increased`, `reduced`, `went`, `(?:goes|went|going|comes|came) (?:down|up) to`, `drops to`, `(?:moves|rises|falls) to`, `is live`, `upgrade to`, `switch (?:the [\w-]+ )?(?:over )?to`, `signed off`, `back to`, `actually`, `that was wrong`, `i was wrong`, `correction`, `(?:from|as of|starting) (?:this|next) (?:week|month|quarter|year|season|term)`, `(?:from|as of|starting) the \d{1,2}(?:st|nd|rd|th)`),
	De: wordsRe(`jetzt`, `seit`, `nicht mehr`, `umgestellt`, `migriert`, `gewechselt`, `aktualisiert`, `angehoben`, `upgrade`, `mittlerweile`, `inzwischen`, `neuerdings`, `entschieden`, `gehen auf`, `zurück auf`, `zurück zu`, `umgestiegen`, `hochgezogen`, `eigentlich`, `korrektur`, `(?:steigt|sinkt|geht runter|geht hoch) auf`, `ab (?:diesem|nächstem|kommendem) (?:monat|quartal|jahr)`, `ab (?:dieser|nächster|kommender) woche`),
	Es: wordsRe(`ahora`, `ya`, `desde`, `migramos`, `cambiamos`, `actualizamos`, `pasamos`, `he pasado`, `hemos pasado`, `he cambiado`, `hemos cambiado`, `he migrado`, `hemos migrado`, `subimos`, `pasa a ser`, `pasan a ser`, `(?:ha|han) pasado a`, `queda en`, `se queda en`, `volvemos`, `volvimos`, `vuelto`, `en realidad`, `me equivoqué`, `corrijo`, `(?:baja|sube|bajó|subió) a`, `a partir de (?:este|esta|el próximo|la próxima) (?:mes|semana|año|trimestre|temporada)`, `(?:va|van) a \d+(?:[.,]\d+)?`, `para (?:el|la) próxim[oa] (?:temporada|curso|año|mes|semana|trimestre)`, `al final`, `finalmente`),
	Fr: wordsRe(`maintenant`, `désormais`, `depuis`, `migré`, `migrés`, `passé`, `passés`, `passée`, `passées`, `monté`, `montés`, `changé`, `mis à jour`, `bumpé`, `upgradé`, `repasse`, `revient`, `revenus?`, `(?:passe|monte|descend|baisse) à`, `en fait`, `je me suis trompée?`, `correction`, `finalement`),
	Zh: anyRe(`现在`, `改到`, `改成`, `换成`, `换到`, `迁到`, `搬到`, `搬去`, `迁去`, `升级`, `迁移`, `已经`, `其实`, `实际上`, `纠正`, `更正`, `说错了`, `记错了`, `不对`, `一直是`, `改回`, `换回`, `放宽`, `延长`, `缩短`, `提高到`, `提到(?:每|\d)`, `涨到`, `降到`, `上调`, `下调`, `调整为`, `调整到`),
	Ja: anyRe(`今`, `[をは][^、。]{1,16}に(?:する|します)(?:[。！!]|$)`, `移行`, `移し`, `移っ`, `変更`, `切り替え`, `アップグレード`, `上げ`, `下げ`, `変わり`, `変わった`, `変えました`, `変えた`, `なりました`, `になった`, `ピン留め`, `戻し`, `戻り`, `交代`, `引っ越し`, `実は`, `訂正`, `間違い`),
}

// reRaisedTo is a product raised to a version, said in Chinese or
// Japanese with the verb between them (group 1 the product's name).
var reRaisedTo = regexp.MustCompile(`\b([A-Za-z][A-Za-z.+_-]*[A-Za-z]) ?(?:(?:已经|已|也|都)?(?:升到|升级到|更新到|升级成|更新成)了? ?v?\d+(?:\.\d+)*|(?:は|を|が|も) ?(?:R\d{4}[ab]|v?\d+(?:\.\d+)*) ?に(?:上がりました|上げました|上がった|上げた|更新しました|更新された|アップデートしました|なりました))`)

// reVersioned is a value with a version or number: "node:22",
// "Postgres 16", "db-stg-02".
var reVersioned = regexp.MustCompile(`\b([A-Za-z][A-Za-z.+_-]*?[A-Za-z])([:@ =-]|-v|:v| v)(\d+(?:\.\d+)*)\b`)

var (
	// reSinceMoment is the moment a state holds since ("since Tuesday",
	// "depuis ce matin", "desde anoche", "seit gestern", "从上周开始",
	// "昨夜から").
	reSinceMoment = regexp.MustCompile(`(?i)\b(?:since (?:yesterday|last night|this morning|today|this week|this month|last (?:week|month|friday|monday|tuesday|wednesday|thursday)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the weekend)|depuis (?:ce matin|hier(?: soir)?|cette nuit|aujourd'hui|cette semaine|ce mois-ci|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)(?: dernier)?|la semaine dernière|le mois dernier|le week-end)|desde (?:anoche|ayer|esta mañana|hoy|esta semana|este mes|el (?:lunes|martes|miércoles|jueves|viernes|sábado|domingo)(?: pasado)?|la semana pasada|el mes pasado|el finde|el fin de semana)|seit (?:gestern(?: abend| nacht)?|heute(?: morgen| früh)?|dieser woche|diesem monat|letzter woche|letztem monat|(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|dem wochenende))\b|从(?:昨天|昨晚|今天|今早|上周[一二三四五六日]?|上个月|周[一二三四五六日])(?:开始|起)|(?:昨夜|昨日|昨晩|今朝|今日|先週|先月)から`)
	// reChoseNew says what was chosen as the new one of a thing.
	reChoseNew = regexp.MustCompile(`(?i)\b(?:picked|chose|selected|went with|settled on|decided on|signed with)\s+\S.{0,40}?\s+as\s+(?:the|our)\s+new\s+\S|\bhat sich für\s+\S.{0,40}?\s+als\s+neue[nsr]?\s+\S|\b(?:eligió|eligieron|escogió|escogimos|elegimos)\s+\S.{0,40}?\s+como\s+(?:el |la |nuestro |nuestra )?nuev[oa]\s+\S|\b(?:a|ont|avons) choisi\s+\S.{0,40}?\s+comme\s+(?:le |la |notre )?nouve(?:au|l|lle)\s+\S|选(?:了|定了?)[^，。]{1,20}(?:作为|当|做)新的|新しい[^、。]{1,10}は[^、。]{1,20}に決まりました`)
	// reWhenLead opens a clause with when something was done.
	reWhenLead = regexp.MustCompile(`(?i)^(?:yesterday|last (?:week|night|month|friday|monday|tuesday|wednesday|thursday)|this morning|over the weekend|earlier today|ayer|anoche|la semana pasada|el mes pasado|esta mañana|el finde|gestern|letzte woche|heute morgen|am wochenende|hier|la semaine dernière|ce matin|le mois dernier|ce week-end)[,]?\s+|^(?:上周|昨天|昨晚|上个月|今天早上|周末)[，,]?\s*|^(?:先週|昨日|昨夜|先月|今朝|週末に?)[、,]?\s*`)
	// reWhenInside is when a change was made, inside a clause.
	reWhenInside = regexp.MustCompile(`(?i)\s(?:last (?:week|night|month|sprint|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|this morning|over the weekend|earlier today|la semaine dernière|le mois dernier|ce matin|ce week-end|la semana pasada|el mes pasado|esta mañana|el finde|letzte woche|letzten monat|heute morgen|am wochenende)\b`)
	// reDoneMove says a move to a value is done ("the upgrade to Java 21
	// is done", "HAPI FHIR 7.2 へのアップグレードが終わりました").
	reDoneMove = regexp.MustCompile(`(?i)\b(?:upgrade|migration|move|switch|cutover|cut-over|transition|rollout|bump)\s+(?:to|onto)\s+\S.*\b(?:is|was|has been|got)\s+(?:now\s+|finally\s+)?(?:done|finished|complete|completed|live)\b|\b(?:finished|completed|wrapped up)\s+the\s+(?:upgrade|migration|move|switch|cutover)\s+(?:to|onto)\b|\b(?:finished|completed|wrapped up|done with)\s+the\s+[\w.+-]+(?:\s[\w.+-]+)?\s\d[\w.]*\s+(?:upgrade|migration|move|switch|cutover)\b|\b(?:upgrade|umstieg|umstellung|migration|wechsel|umzug)\s+(?:auf|nach|zu)\s+.+\b(?:ist|sind|wurde)\s+(?:jetzt\s+|endlich\s+|gestern\s+)?(?:durch|fertig|abgeschlossen|erledigt|live)\b|\b(?:actualización|migración|cambio|paso|upgrade)\s+(?:a|al)\s+.+\s(?:ya\s+)?(?:terminó|está (?:hecha|hecho|terminada|lista|en producción)|se completó)|\b(?:migration|passage|mise à jour|bascule|montée de version)\s+(?:vers|à|en|sur)\s+.+\s(?:est|a été)\s+(?:terminée?|faite?|finie?|effectuée?)|(?:升级|迁移|切换|换)(?:到|成)[^，。]+?(?:已经|昨晚|昨天|刚刚?)?(?:完成|搞定|结束|做完)了?|(?:都|全部|已经|全)(?:统一|升级|迁移|切换|换|刷)(?:到|成)\s?[^，。]{0,16}?\d[^，。]{0,12}?了(?:$|[，。！])|(?:への|に)(?:アップグレード|移行|切り替え|乗り換え)(?:が|は)[^、。]{0,6}?(?:終わりました|完了しました|済みました|終わった|完了した)`)
)

var (
	// reCompactVersion is a product's short name run together with its
	// version ("pg16", "py3.12", "node22").
	reCompactVersion = regexp.MustCompile(`(?i)\b(pg|psql|py|node|jdk|php)(\d+(?:\.\d+)*)\b`)
	// reSpacedShort is such a short name with a space before its
	// version ("pg 17", "py 3.12").
	reSpacedShort = regexp.MustCompile(`(?i)\b(pg|psql|py|jdk)\s(\d+(?:\.\d+)*)\b`)
	// compactStems are the stems those short names stand for.
	compactStems = map[string]string{"pg": "postgres ", "psql": "postgres ", "py": "python ", "node": "node ", "jdk": "java ", "php": "php "}
)

// reVersionNoun names what a number counts or locates, not a product
// with a version.
var reVersionNoun = regexp.MustCompile(`(?i)^(?:port|room|floor|line|page|step|phase|sprint|week|day|level|tier|stage|grade|build|issue|ticket|pr|item|row|column|table|chapter|section|version|v|release|rev|revision|run|attempt|retries|retry|max|min|top|group|team|zone|rack|node|worker|shard|replica|slot|lane|gate|seite|zeile|stufe|woche|tag|raum|semana|día|piso|página|paso|semaine|jour|étape|salle)$`)

// reLeadDeterminer is a determiner that may open a clause before its
// subject.
var reLeadDeterminer = regexp.MustCompile(`(?i)^(?:(?:and|so|also|oh|btw|ok|okay)[,]?\s+)*(?:the|our|their|der|die|das|el|la|los|las|le|les|l')?\s*`)

// lowerProducts are products users write in lower case with a bare
// major version ("python 3", "postgres 16"): a version, wherever it
// stands.
var lowerProducts = map[string]bool{"python": true, "java": true, "postgres": true, "postgresql": true, "php": true, "ruby": true, "go": true, "debian": true, "ubuntu": true, "mysql": true, "mariadb": true, "redis": true, "angular": true, "vue": true, "react": true, "django": true, "rails": true, "laravel": true, "symfony": true, "spring": true, "kotlin": true, "swift": true, "scala": true, "perl": true, "rust": true, "dotnet": true, "net": true, "ios": true, "android": true, "macos": true, "windows": true, "fedora": true, "alpine": true, "centos": true, "rhel": true, "gcc": true, "clang": true, "llvm": true, "cuda": true, "unity": true, "godot": true, "electron": true, "flutter": true, "dart": true, "nextjs": true, "next": true, "nuxt": true, "typescript": true, "mongodb": true, "mongo": true, "kafka": true, "elasticsearch": true, "opensearch": true, "nginx": true, "tomcat": true, "jenkins": true, "gradle": true, "maven": true, "webpack": true, "vite": true, "fastify": true, "express": true, "bootstrap": true, "tailwind": true, "jquery": true, "wordpress": true, "drupal": true, "magento": true, "odoo": true, "excel": true, "firefox": true, "chrome": true, "chromium": true, "safari": true}

// instanceSubject reports whether the versioned-looking match m of s
// ("court 3" of "court 3 is back to normal online") is the numbered
// thing a clause is about: a word in lower case and a whole number of
// one or two digits, opening the clause. Such a number tells which one
// of several (a court, a camera, a bay), not what version: it replaces
// nothing said of another one.
func instanceSubject(s, m, name, num string) bool {
	if len(num) > 2 || strings.Contains(num, ".") || name != strings.ToLower(name) || lowerProducts[name] {
		return false
	}
	i := strings.Index(s, m)
	return i >= 0 && i == len(reLeadDeterminer.FindString(s[:i])) && SubjectVerbFollows(s[i+len(m):])
}

// SubjectVerbFollows reports whether rest opens with the verb that follows
// a clause's subject ("'s open", " is back"): what came before it is what
// the clause is about, not a value it gives.
func SubjectVerbFollows(rest string) bool { return reSubjectVerb.MatchString(rest) }

// reSubjectVerb follows the subject of a clause: "court 3 is back",
// "court 7's open" (not "universe 7, because 5 is now …", a value).
var reSubjectVerb = regexp.MustCompile(`(?i)^(?:'s|’s|\s+(?:is|are|was|were|has|had|stays|goes|ist|war|bleibt|es|está|estaba|sigue|est|était|reste)(?:[^\pL\pN]|$))`)

// versionStems are the stems of the versioned values an updating
// statement names ("the build image is node:22 now": "node:"): an earlier
// claim holding the stem with another version is what it replaces.
func versionStems(s, lang string) []string {
	if !reUpdateCue[lang].MatchString(s) {
		return nil
	}
	return stemsOf(s, true)
}

// versionNames are the stems of the products a statement names with a
// version, said without a cue of change ("Jörg hat entschieden, dass wir
// auf Flutter 3.24 gehen"): an earlier claim naming the product with
// another version is what it replaces, and nothing else is.
func versionNames(s, lang string) []string {
	if lexes[lang] == nil || reUpdateCue[lang].MatchString(s) {
		return nil // versionStems has them
	}
	return stemsOf(s, false)
}

// stemsOf are the stems of the versioned values of s; without a cue, only
// a capitalized product's ("Flutter 3.24", not "db-stg-01", "port 9878").
func stemsOf(s string, cue bool) []string {
	var out []string
	// "prod db is on pg16": a product's short name with its version
	// names the product's stem, with a cue of change or without.
	for _, m := range reCompactVersion.FindAllStringSubmatch(s, -1) {
		if stem := compactStems[strings.ToLower(m[1])]; stem != "" && !containsFold(out, stem) {
			out = append(out, stem)
		}
	}
	if cue {
		// "TimescaleDB 已经升到 2.15 了", "MATLABはR2024bに上がりました":
		// the name, then the verb, then the version.
		for _, m := range reRaisedTo.FindAllStringSubmatch(s, -1) {
			if stem := m[1] + " "; !containsFold(out, stem) {
				out = append(out, stem)
			}
		}
	}
	for _, m := range reSpacedShort.FindAllStringSubmatch(s, -1) {
		// "we're on pg 17": a product's short name, spaced from its
		// version.
		if stem := compactStems[strings.ToLower(m[1])]; stem != "" && !containsFold(out, stem) {
			out = append(out, stem)
		}
		// An earlier claim may say it the same short way ("pg 16").
		if short := strings.ToLower(m[1]) + " "; !containsFold(out, short) {
			out = append(out, short)
		}
	}
	for _, m := range reVersioned.FindAllStringSubmatch(s, -1) {
		stem := m[1] + m[2]
		if r, _ := utf8.DecodeRuneInString(m[1]); !cue && (m[2] != " " || !unicode.IsUpper(r) || reVersionNoun.MatchString(m[1]) || !strings.Contains(m[3], ".") && len(m[3]) > 2) {
			// Without a cue only a product's name counts ("Flutter
			// 3.24"), never a count of things ("port 9878", "room 12"),
			// a host ("db-stg-01") or a word written small.
			continue
		}
		if (m[2] == " " || m[2] == " v" || !cue) && (len(m[1]) < 3 || stopwords[strings.ToLower(m[1])] || changeStop[strings.ToLower(m[1])]) {
			continue // "um 18 Uhr": a preposition, not a versioned name
		}
		if m[2] == " " && instanceSubject(s, m[0], m[1], m[3]) {
			continue // "court 3 is back to normal": which court, not a version
		}
		if len(m[1]) >= 2 && !containsFold(out, stem) {
			out = append(out, stem)
		}
	}
	return out
}

// weekdays are the days of the week in each language, as schedules name
// them ("on Thursdays", "donnerstags", "jueves", "周四", "木曜").
var weekdays = map[string][]string{
	En: {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"},
	De: {"montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"},
	Es: {"lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"},
	Fr: {"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"},
	Zh: {"周一", "周二", "周三", "周四", "周五", "周六", "周日"},
	Ja: {"月曜", "火曜", "水曜", "木曜", "金曜", "土曜", "日曜"},
}

// reHabitualDay is a weekday said as the day a thing is done every week:
// "le lundi", "les lundis", "los lunes", "cada martes".
var reHabitualDay = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)\b(?:(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:s| (?:nights|mornings|evenings|afternoons))|(?:every|each) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b`),
	De: regexp.MustCompile(`(?i)\b(?:(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s|(?:jeden|immer) (?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag))\b`),
	Fr: regexp.MustCompile(`(?i)\b(?:le|les|chaque|tous les) (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?\b`),
	Es: regexp.MustCompile(`(?i)\b(?:los|cada|todos los) (?:lunes|martes|miércoles|jueves|viernes|sábados?|domingos?)\b`),
}

// habitualDay reports a statement of what is done on a weekday every
// week ("on publie les mises à jour le lundi").
func habitualDay(s, lang string) bool {
	re := reHabitualDay[lang]
	return re != nil && re.MatchString(s) && !reTriedDay.MatchString(s)
}

// reHabitSelf opens what the user or the team does, as a habit may be
// told ("I'm sending the rota out on Sunday nights now"): a task's verb
// then says what is done each week, no request.
var reHabitSelf = regexp.MustCompile(`(?i)^(?:(?:and|so|also|btw|fyi),?\s+)?(?:i|i'm|i am|we|we're|we are)\s`)

// reTriedDay is a day tried or wished for, no day things are done on
// ("on a essayé les livraisons le dimanche", "probamos a abrir los
// domingos").
var reTriedDay = regexp.MustCompile(`(?i)\b(?:essayé|testé|tenté|essayer|tester|probamos|probado|intentamos|intentado|probar|si|quand|sauf|excepto|menos|salvo)` + EndsWord)

// newDay reports a change said with the weekday things happen on now
// ("wir deployen jetzt dienstags").
func newDay(s, lang string) bool {
	re := reUpdateCue[lang]
	if re == nil || !re.MatchString(s) {
		return false
	}
	low := strings.ToLower(s)
	return slices.ContainsFunc(weekdays[lang], func(d string) bool { return strings.Contains(low, d) })
}

// reAmount is a number and its unit ("7 días", "two approvals",
// "45 secondes").
var reAmount = regexp.MustCompile(`(?i)\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|zwei|drei|vier|fünf|dos|tres|cuatro|cinco|deux|trois|quatre|cinq)\s+(\p{L}{3,})`)

// changeStems are what an updating statement's earlier value looks like
// when it changes a day of the week or an amount: another weekday, or
// the same unit, each beside one of the statement's subject words ("the
// freeze starts on Wednesdays now" → "thursday freeze", …). An earlier
// claim holding both is what it replaces; the words the statement shares
// with it keep a schedule of one thing from replacing another's.
func changeStems(s, lang string, lx *lexicon) []string {
	if !reUpdateCue[lang].MatchString(s) && (lx.update == nil || !lx.update.MatchString(s)) {
		return nil
	}
	low := strings.ToLower(s)
	ctx := subjectWords(s, lang, lx)
	if len(ctx) == 0 {
		return nil
	}
	var out []string
	add := func(v string) {
		for _, w := range ctx {
			if dayParts[w] || isWeekday(w) || isWeekday(strings.TrimSuffix(w, "s")) {
				// "drill night moves to Wednesday": "sunday night" of
				// another thing done at night is no earlier value; nor
				// is a pair of days ("… los domingos … volvimos al
				// sábado" names no claim by "lunes domingos").
				continue
			}
			if w != v && !strings.Contains(v, w) {
				out = append(out, v+" "+w)
			}
		}
	}
	for _, d := range weekdays[lang] {
		if strings.Contains(low, d) {
			if reWhenDone.MatchString(low) {
				// "we cut over to v3 on monday": the day it happened.
				break
			}
			if part := partHolding(s, d); part != s && !reUpdateCue[lang].MatchString(part) && (lx.update == nil || !lx.update.MatchString(part)) {
				// "releases go through Fastlane now, and Jordi uploads on
				// Thursdays": the change is in another part than the day.
				break
			}
			for _, o := range weekdays[lang] {
				if o != d {
					add(o)
				}
			}
			break
		}
	}
	if !cjk(lang) {
		for _, m := range reAmount.FindAllStringSubmatch(low, -1) {
			// "auf Java 21 umgestiegen": a version before the verb of
			// change, not 21 of a unit.
			if !stopwords[m[1]] && !lx.determiners[m[1]] && !reUpdateCue[lang].MatchString(m[1]) {
				add(m[1])
			}
		}
	}
	return out
}

// dayParts name a part of a day, which many things share.
var dayParts = set("night", "nights", "morning", "mornings", "evening", "evenings", "afternoon", "afternoons", "noon", "midnight",
	"nacht", "nachts", "abend", "abends", "morgen", "morgens", "mittag", "mittags", "nachmittag", "nachmittags",
	"noche", "noches", "mañana", "mañanas", "tarde", "tardes", "mediodía", "soir", "soirs", "soirée", "matin", "matins", "nuit", "nuits", "après-midi", "midi")

// reJoinedParts joins two statements in one clause: ", and", "; " ("and"
// alone may join the items of a list).
var reJoinedParts = regexp.MustCompile(`(?i),\s+(?:and|und|y|et)\s+|;\s+`)

// JoinedParts are the statements one sentence joins (reJoinedParts):
// "releases go through Fastlane now" and "Jordi uploads on Thursdays".
func JoinedParts(s string) []string { return reJoinedParts.Split(s, -1) }

// partHolding is the part of s (JoinedParts) that holds word w (lower
// case), or s when s is one part or none holds it.
func partHolding(s, w string) string {
	parts := JoinedParts(s)
	if len(parts) < 2 {
		return s
	}
	for _, p := range parts {
		if strings.Contains(strings.ToLower(p), w) {
			return p
		}
	}
	return s
}

// reWhenDone is a change said with the day it was made, the new value
// another ("we cut over to payments.v3 on monday", "wir sind am Montag auf
// Java 21 umgestiegen").
var reWhenDone = regexp.MustCompile(`(?i)\b(?:to|onto|auf)\s+[^,;]+?\s+(?:on|last|since|this past)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:am|seit|letzten)\s+(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\s+(?:auf|nach|zu)\s`)

// subjectWords are the words an updating statement names its subject
// with: the subject's content words, else (no subject read) the clause's;
// in CJK text the subject's runs between particles ("ステージングへの反映日"
// → "ステージング", "反映日").
func subjectWords(s, lang string, lx *lexicon) []string {
	subj := subjectOf(s, lang, lx)
	if cjk(lang) {
		var out []string
		for _, p := range reCJKParticle.Split(subj, -1) {
			if len([]rune(p)) >= 2 {
				out = append(out, p)
			}
		}
		return out
	}
	if subj == "" {
		subj = s
	}
	var out []string
	for _, w := range contentWords(subj) {
		if len([]rune(w)) >= 3 && !lx.determiners[w] && !changeStop[w] && !reUpdateCue[lang].MatchString(w) && !reAmount.MatchString(w+" xxx") && len(out) < 8 {
			out = append(out, w)
		}
	}
	return out
}

// changeStop are short words of every language that name nothing.
var changeStop = set("per", "por", "para", "pour", "par", "con", "mit", "von", "vom", "avec", "sur", "dans", "und", "oder", "les", "des", "del", "los", "las", "une", "ein", "eine", "der", "die", "das", "den", "dem", "the", "and", "for", "was", "were", "que", "qui", "est", "son", "sind", "ist", "ahora", "jetzt", "schon", "down", "everyone", "auf", "bei", "zum", "zur", "bis", "seit", "nach", "vor", "sur", "dans", "hasta", "desde", "from", "into", "onto", "at", "on", "to", "in",
	"not", "nicht", "kein", "keine", "pas", "plus", "non", "no")

var reCJKParticle = regexp.MustCompile(`[のへにをはがとでも的、，]`)

// techWords name tools and technologies people write in lower case ("the
// frontend uses react"): each is a value like a proper noun.
var techWords = set("react", "vue", "angular", "svelte", "nextjs", "django", "rails", "flask", "fastapi", "spring",
	"kafka", "rabbitmq", "redis", "sqs", "sns", "kubernetes", "k8s", "docker", "terraform", "pulumi", "helm", "argo",
	"jenkins", "gradle", "maven", "bazel", "cargo", "rust", "python", "java", "kotlin", "swift", "typescript",
	"javascript", "node", "deno", "graphql", "grpc", "mongodb", "mongo", "elasticsearch", "opensearch", "s3", "gcs",
	"aws", "gcp", "azure", "vercel", "netlify", "heroku", "datadog", "grafana", "prometheus", "sentry", "pagerduty",
	"jira", "github", "gitlab", "bitbucket", "celery", "sidekiq", "nginx", "envoy", "istio", "tailwind", "webpack",
	"vite", "esbuild", "playwright", "cypress", "selenium", "storybook", "prisma", "sqlc", "flyway", "liquibase",
	"dbt", "airflow", "snowflake", "bigquery", "redshift", "clickhouse", "cassandra", "dynamodb", "firebase",
	"flutter", "riverpod", "zustand", "redux", "mobx", "eslint", "prettier", "ruff", "mypy", "black", "gofmt")

// SubjectOf is what clause s is about (subjectOf), in the language s is
// written in; "" when no subject is read.
func SubjectOf(s string) string {
	lang := detect(s)
	return subjectOf(s, lang, lexes[lang])
}
