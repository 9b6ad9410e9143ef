package builtin

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// The memory model: what the user said, kept as claims about subjects.
//
// A claim is one subject's slot: its current value (what memory states
// now), and the earlier values it had, newest first, each saying how it
// stopped being current (replaced by a later value, or withdrawn by the
// user) and by which session. A statement about the subject of a current
// claim either says the same again (one more citation) or replaces it; a
// retraction withdraws it (nothing is current until the subject is stated
// again); a forget request removes it with its history.

// cite is a session a value rests on and the transcript entries in it.
type cite struct {
	session string
	entries []string
}

// value is one stated value of a subject.
type value struct {
	text  string // the claim, one complete sentence
	quote string // the user's words it rests on
	kind  string
	// via is how the user's words became a statement ("", "answer",
	// "confirm", "note"); pointer is the assistant's question, proposal
	// or note it refers to.
	via, pointer string
	cites        []cite
	// end says how the value stopped being current ("replaced",
	// "withdrawn"; "" while it is); by is the session and entries that
	// ended it; endQuote the user's words withdrawing it.
	end      string
	by       cite
	endQuote string
	// until is the last day ("2025-09-30") the user said the value holds
	// (hear.Statement.Until); "" when they named none. A session written
	// after it ends the value (expire).
	until string
	// told is whether the value is a change, when toldOf is its text:
	// its words say what changed (changed), or it replaced an earlier
	// value (take); worked out once, or read from its page.
	told   int8
	toldOf string
}

// Values of value.told. A value that replaced an earlier one
// (toldReplaced) is a change too.
const (
	toldUnknown int8 = iota
	toldChange
	toldPlain
	toldReplaced
)

// toldRules is the first rules version whose pages mark a current value
// that says what changed ("told=change"): on its pages and later ones a
// value without the mark does not.
const toldRules = 49

// tellsChange reports whether the value is a change: what take marked,
// else what its words say, worked out once for its text.
func (v *value) tellsChange() bool {
	if v.toldOf != v.text {
		v.told, v.toldOf = toldUnknown, v.text
	}
	if v.told == toldUnknown {
		v.told = toldOf(v.text)
	}
	return v.told == toldChange || v.told == toldReplaced
}

// toldKind is the value's told, worked out (tellsChange) when unknown.
func (v *value) toldKind() int8 {
	v.tellsChange()
	return v.told
}

// toldOf is toldChange for a text that says what changed, else toldPlain.
func toldOf(text string) int8 {
	if changed(text) {
		return toldChange
	}
	return toldPlain
}

// Ends of a value.
const (
	endReplaced  = "replaced"
	endWithdrawn = "withdrawn"
)

// claim is a subject's slot.
type claim struct {
	area, subject, lang string
	cur                 *value  // nil when withdrawn or replaced away
	past                []value // earlier values, newest first
	// seen is the generation (dream) that last stated or confirmed it;
	// since the one that first did.
	seen, since int
	page        *page
	// sterms are the subject's terms; vterms the current value's.
	sterms, vterms []string
	// vals are the values valsOf (the current value's text) holds.
	vals   []valueTok
	valsOf string
	// indexed are the terms the claim is filed under in its memory's
	// byTerm (index); run the run it was filed for (memory.run); picked
	// the last call of its memory's candidates that met it.
	indexed []string
	run     uint64
	picked  int
	// ord is the claim's place in its memory's claims: claims joined
	// later have a greater one (memory.join).
	ord int
	// line is the index line (indexLine) of lineOf, the current value's
	// text when it was made.
	line, lineOf string
}

// current reports whether the claim states something now.
func (c *claim) current() bool { return c.cur != nil }

// lastText is the current value's claim, else the newest earlier one's.
func (c *claim) lastText() string {
	if c.cur != nil {
		return c.cur.text
	}
	if len(c.past) > 0 {
		return c.past[0].text
	}
	return ""
}

func (c *claim) reterm() {
	c.sterms = terms(c.subject)
	if c.cur != nil {
		c.vterms = terms(c.cur.text)
	} else {
		c.vterms = nil
	}
}

// addCite adds a citation of session and entries to cs.
func addCite(cs []cite, session string, entries ...string) []cite {
	for i := range cs {
		if cs[i].session == session {
			for _, e := range entries {
				if e != "" && !slices.Contains(cs[i].entries, e) {
					cs[i].entries = append(cs[i].entries, e)
				}
			}
			return cs
		}
	}
	c := cite{session: session}
	for _, e := range entries {
		if e != "" && !slices.Contains(c.entries, e) {
			c.entries = append(c.entries, e)
		}
	}
	return append(cs, c)
}

// durability ranks what a claim is, most durable first: standing rules,
// preferences, people and team, decisions, then facts.
func durability(area, kind string) int {
	switch {
	case area == "conventions" || kind == string(hear.Rule):
		return 0
	case area == "preferences" || kind == string(hear.Preference):
		return 1
	case area == "people" || area == "team" || kind == string(hear.Person) || kind == string(hear.Team):
		return 2
	case area == "decisions" || kind == string(hear.Decision):
		return 3
	}
	return 4
}

// rankKey is a current claim's rank in the listing (the lower, the
// earlier): a claim that replaced an earlier value of memory's first,
// whatever its kind; then by durability, and within it a change before
// what is not. The memory context shows each area's first claims only,
// and a change is what an agent most needs to be told: the project's
// files, its docs and what it learned elsewhere still say the earlier
// value. A replacing claim goes before the standing rules an area may
// also hold; among the other facts a claim that says what changed ("we
// moved the queue to SQS", "desde el lunes estamos en eu-south-2") comes
// first, while a rule merely worded as new ("from now on …") takes its
// turn with the others. Within a rank, the most recently confirmed comes
// first.
func rankKey(area, kind string, told int8) int {
	if told == toldReplaced {
		return 0
	}
	d := durability(area, kind)
	change := told == toldChange && d == durability("", "")
	k := 1 + 2*d
	if !change {
		k++
	}
	return k
}

func (c *claim) durability() int {
	kind := ""
	if c.cur != nil {
		kind = c.cur.kind
	}
	return durability(c.area, kind)
}

// Outcome of applying one session.
type applied struct {
	added, updated, confirmed, withdrawn, forgotten int
}

// apply takes in what one session said: forget requests first (they may
// name what earlier sessions said), then retractions, then statements in
// order.
func (m *memory) apply(session string, h hear.Heard) applied {
	var a applied
	for _, target := range h.Forgets {
		a.forgotten += m.forget(target)
	}
	a.withdrawn += m.expire(session, h)
	var took []hear.Retraction // the withdrawals that ended a claim
	m.endedBy = map[string][]string{}
	defer func() { m.endedBy = nil }()
	for _, r := range h.Retractions {
		if m.retract(session, r) {
			a.withdrawn++
			took = append(took, r)
		}
	}
	n, met := m.meetConditions(session, h.Events)
	a.withdrawn += n
	var relative []string // the clauses of the relative changes applied
	for _, r := range h.Relatives {
		if m.applyRelative(session, r) {
			a.updated++
			relative = append(relative, r.Quote)
		}
	}
	for _, st := range h.Statements {
		a.withdrawn += m.reopen(session, st)
		if slices.ContainsFunc(relative, func(q string) bool { return strings.Contains(st.Quote, q) }) {
			continue // stated with the value it makes
		}
		if withdrawing(st, took, met) {
			continue
		}
		switch m.state(session, st) {
		case stAdded:
			a.added++
		case stUpdated:
			a.updated++
		case stConfirmed:
			a.confirmed++
		}
	}
	return a
}

// withdrawing reports a statement that only tells what ended a claim: an
// event that met the condition it held until (met), or a clause of a
// withdrawal that took effect (took) saying little but what it withdraws
// ("el horno 2 ya está terminado"). Memory keeps the claim's end, not the
// news that ended it; a clause saying more ("c'est sf project deploy
// start maintenant") is a statement of its own.
func withdrawing(st hear.Statement, took []hear.Retraction, met []string) bool {
	q := strings.TrimRight(strings.TrimSpace(st.Quote), " .!。！")
	if slices.Contains(met, q) {
		return true
	}
	for _, r := range took {
		if q != "" && hear.Departed(r) && strings.Contains(r.Quote, q) && strings.Contains(strings.ToLower(q), strings.ToLower(r.Target)) {
			// "Lukas ist zu einem Holzbau-Betrieb gegangen": where one
			// who left went is no memory of the team's.
			return true
		}
	}
	if q == "" || strings.ContainsAny(q, ",，、;；") {
		return false
	}
	for _, r := range took {
		tt := terms(r.Target)
		if len(tt) > 0 && strings.Contains(r.Quote, q) && containsTerms(terms(q), tt) && len(contentTerms(minus(terms(q), tt))) <= 3 {
			return true
		}
	}
	return false
}

// forget removes every claim a forget target names, with its history.
func (m *memory) forget(target string) int {
	m.openAll()
	n := 0
	for _, c := range slices.Clone(m.claims) {
		hit := false
		for _, v := range c.values() {
			if hear.Mentions(target, v.text, v.quote) {
				hit = true
				break
			}
		}
		if hit {
			m.remove(c)
			n++
		}
	}
	return n
}

// values are the claim's current value (if any) and its earlier ones.
func (c *claim) values() []*value {
	var out []*value
	if c.cur != nil {
		out = append(out, c.cur)
	}
	for i := range c.past {
		out = append(out, &c.past[i])
	}
	return out
}

// retract withdraws the current claim a retraction names: the one whose
// subject matches the retraction's subject, else the one holding most of
// its target words; a tie withdraws nothing.
func (m *memory) retract(session string, r hear.Retraction) bool {
	if hear.Returned(r) {
		if ok := m.endAbsence(session, r); ok || !hear.Mended(r) {
			return ok
		}
		// "El Dobson ya ha vuelto del taller": no absence ended, a thing
		// back from repair ends what held while it was away.
	}
	var tied []*claim
	score := 0.0
	// "The audit freeze is over" withdraws what was to hold during it,
	// not all that was said of it.
	ended := hear.EndsPeriod(r)
	tt := contentTerms(slices.DeleteFunc(fillerCompounds(terms(reCJKRuleWord.ReplaceAllString(r.Target, " "))), func(t string) bool { return targetFiller[t] }))
	if name := ownerNamed(r); name != "" && !slices.Contains(tt, name) {
		tt = append(tt, name)
	}
	// "the lift got fixed" ends what was to hold while the lift was out,
	// as a period over ends what was to hold until it.
	mended := ended && hear.Mended(r)
	// "La migration Bunny est finie" ends "Pendant la migration, …": a
	// period told with a name it was not given before is the period.
	generic := withoutNames(tt, r.Target)
	until := func(text string) bool {
		return holdsUntil(text, tt) || mended && brokenWhile(text, tt) ||
			len(generic) == 1 && len(generic) < len(tt) && holdsUntil(text, generic) && !conditionNamed(text)
	}
	weekly := overlap(tt, weeklyTerms) > 0
	// "studio B is bookable again" lifts what held studio B back, and
	// leaves all else said of it.
	reopens := hear.Reopens(r)
	// Counts the target names, read once: most name none, and then no
	// claim's text is read for them.
	counted := countsIn(r.Target)
	allowed := func(c *claim) bool {
		return c != nil && (!reopens || restricts(c.cur.text)) && (len(counted) == 0 || !otherCount(counted, c.cur.text))
	}
	consider := func(c *claim, s float64) {
		switch {
		case !allowed(c):
		case s <= 0:
			// Nothing named: the cheap test first, for every claim.
		case len(r.Quote) > len(r.Target)+12 && strings.Contains(c.cur.text, r.Quote):
			// An answer kept whole may carry the very words that
			// withdraw ("yes 30. and the friday rule is moot now"): they
			// are not what they withdraw.
		case ended && !until(c.cur.text):
		case s > score:
			tied, score = []*claim{c}, s
		case s == score && !slices.Contains(tied, c):
			tied = append(tied, c)
		}
	}
	if st := slices.DeleteFunc(terms(reCJKRuleWord.ReplaceAllString(r.Subject, " ")), func(t string) bool { return targetFiller[t] }); len(st) > 0 {
		m.openHaving(st, len(st))
		for _, c := range m.candidates(st) {
			if c.current() {
				consider(c, refersTo(st, c.sterms))
			}
		}
	}
	if len(tied) == 0 {
		probe := tt
		if weekly {
			// "le CSV hebdo" is of a claim saying "weekly" or a day.
			probe = union(tt, weeklyTerms)
		}
		m.openHaving(probes(probe), max(1, (len(tt)+1)/2))
		for _, c := range m.claims {
			if c.current() {
				consider(c, mentionScore(tt, heldTerms(c, weekly)))
			}
		}
	}
	if len(tied) == 0 && ended && len(generic) == 1 && len(generic) < len(tt) {
		// The period by the word it was given before: claims holding it
		// in their condition (until reads them so).
		m.openHaving(probes(generic), 1)
		for _, c := range m.claims {
			if c.current() {
				consider(c, mentionScore(generic, heldTerms(c, weekly)))
			}
		}
	}
	lifts := hear.LiftsBan(r)
	if len(tied) == 0 && lifts {
		// "the GPU ban is over" lifts "no new GPU node pools": the ban is
		// what the claim says, not a word it holds.
		if rest := slices.DeleteFunc(slices.Clone(tt), hear.BanWord); len(rest) > 0 && len(rest) < len(tt) {
			// One word of the ban may be all a rule holds ("the
			// office-hours block on OCR" of "don't run OCR between 9
			// and 5"): pages holding any are read.
			m.openHaving(probes(rest), 1)
			for _, c := range m.claims {
				if c.current() && reProhibits.MatchString(c.cur.text) {
					consider(c, mentionScore(rest, heldTerms(c, weekly)))
				}
			}
		}
		if ot := terms(hear.BanObject(r.Target)); len(tied) == 0 && len(ot) > 0 {
			// "the office-hours block on OCR": the one rule forbidding
			// what the ban is on.
			var only *claim
			for _, c := range m.claims {
				if c.current() && reProhibits.MatchString(c.cur.text) && containsTerms(heldTerms(c, weekly), ot) {
					if only != nil {
						only = nil
						break
					}
					only = c
				}
			}
			if allowed(only) {
				tied = []*claim{only}
			}
		}
	}
	if len(tied) == 0 {
		// Half the words, one of them said of no other claim: "the
		// browser tests need the VPN" withdraws "the e2e suite needs the
		// corp VPN".
		if c := m.onlyHolder(tt); allowed(c) && (!ended || until(c.cur.text)) {
			tied = []*claim{c}
		} else if c := m.mostHeld(tt); allowed(c) && (!ended || until(c.cur.text)) {
			tied = []*claim{c}
		} else if c := m.identHolder(tt); allowed(c) && !ended {
			tied = []*claim{c}
		} else if c := m.rareHolder(tt); allowed(c) && !ended {
			tied = []*claim{c}
		} else if c := m.ruleHolder(r.Target, tt); allowed(c) && !ended {
			tied = []*claim{c}
		}
	}
	if len(tied) == 0 && ended && !mended && len(tt) >= 2 {
		// "der Upload-Stopp für das Portal ist aufgehoben": a measure
		// said over that no claim holds until is the claim that is the
		// measure, every word of it. A thing mended is no measure.
		m.openHaving(probes(tt), len(tt))
		for _, c := range m.claims {
			if c.current() && mentionScore(tt, heldTerms(c, weekly)) == 1 {
				tied = append(tied, c)
			}
		}
		if len(tied) > 1 {
			tied = nil
		}
		ended = false
	}
	// A tie withdraws nothing, but for a person who left (all that was
	// said of them goes) and for one claim said twice in other words.
	if len(tied) > 1 && !(score == 1 && (namesPerson(r, tt) || hear.Retired(r)) || alike(tied)) {
		c := byReason(tied, r.Quote, strings.TrimSpace(r.Target), tt)
		if c == nil {
			return false
		}
		tied = []*claim{c}
	}
	for _, c := range tied {
		if rest, ok := withoutNamedItem(c.cur.text, r.Target, tt); ok && (!namesPerson(r, tt) || offList(r.Quote)) && !ended {
			// "run tflint and checkov": checkov goes, tflint stays.
			m.keepRest(c, rest, endWithdrawn, cite{session: session, entries: slices.Clone(r.Entries)}, r.Quote)
			continue
		}
		if rest, ok := otherSentence(c.cur.text, until); ok && ended {
			// "贴图都是阿豪负责。在 2.0 移植完成之前，不接受新功能 PR": the
			// sentence that held until the period goes, the other stays.
			m.keepRest(c, rest, endWithdrawn, cite{session: session, entries: slices.Clone(r.Entries)}, r.Quote)
			continue
		}
		if rest, ok := withoutPartner(c.cur.text, strings.TrimSpace(r.Target)); ok && hear.Departed(r) && !ended {
			// "machen Malte und ich im Wechsel": who left goes, the one
			// who shared the duty with them stays.
			m.keepRest(c, rest, endWithdrawn, cite{session: session, entries: slices.Clone(r.Entries)}, r.Quote)
			continue
		}
		if rest, ok := otherClauses(c.cur.text, tt); ok && !condHeld(c.cur.text, tt) && !bareRest(rest) && !leansOn(c.cur.text, rest, tt) && (!namesPerson(r, tt) || reopens && reUseAgain.MatchString(r.Quote) || hear.Departed(r) && !rePersonPronoun.MatchString(rest)) && !ended && !(hear.Departed(r) && (sameHonorific(c.cur.text, rest) || followsPerson(rest))) && !(lifts && reProhibits.MatchString(unframed(rest))) {
			// The claim says more than what is withdrawn: the rest stays.
			// A thing one may use again is no person, whatever its
			// capitals; a ban lifted takes the prohibition said beside
			// it ("con la restricción de riego, no regamos …").
			m.keepRest(c, rest, endWithdrawn, cite{session: session, entries: slices.Clone(r.Entries)}, r.Quote)
			continue
		}
		m.withdraw(c, session, r)
	}
	return len(tied) > 0
}

// reScopeLead opens a statement with what it is said of: "pour les
// parfumés, on passe la cure à cinq semaines".
var reScopeLead = regexp.MustCompile(`(?i)^(?:pour|for|für|para|对于|关于)\s*([^,，]{2,40})[,，]`)

// lastQuoteOr is the user's words a claim quotes last, or the claim.
func lastQuoteOr(text string) string {
	if _, _, q, ok := lastQuote(text); ok {
		return strings.TrimSpace(q)
	}
	return text
}

// besideWords is the values of vs whose clause of text shares most of
// the words tt, all of vs at a tie or when none shares any.
func besideWords(text string, vs, tt []string) []string {
	clauses := reClauseSep.Split(text, -1)
	score := make([]int, len(vs))
	most := 0
	for i, v := range vs {
		for _, c := range clauses {
			if strings.Contains(c, v) {
				score[i] = max(score[i], len(overlapAkin(minus(terms(c), terms(v)), tt)))
			}
		}
		most = max(most, score[i])
	}
	var out []string
	for i, v := range vs {
		if score[i] == most {
			out = append(out, v)
		}
	}
	if most == 0 || len(out) == len(vs) {
		return vs
	}
	return out
}

// leansOn reports a claim's rest that names what the part withdrawn named
// too, beside what the withdrawal names (tt): "… on expédie tout par
// Mondial Relay, et l'étiquette doit sortir au format Mondial Relay" is
// one practice, and the label goes with the carrier.
func leansOn(text, rest string, tt []string) bool {
	for _, ix := range wordSpans(rest) {
		w := rest[ix[0]:ix[1]]
		if ix[0] == 0 || !properNoun(w, false) || containsTerms(tt, terms(w)) {
			continue
		}
		if strings.Count(text, w) > strings.Count(rest, w) {
			return true
		}
	}
	return false
}

// bareRest reports a claim's rest that is a fragment on its own ("unser
// Azubi" of "Lukas, unser Azubi, schaut … durch"): no statement to keep.
func bareRest(rest string) bool {
	_, _, quote, ok := lastQuote(rest)
	if !ok || strings.HasPrefix(rest, hear.AnswerLead) || strings.HasPrefix(rest, hear.FollowUpLead) {
		return false // an answer's bare value is what was asked
	}
	quote = strings.Trim(quote, " …,.;?!")
	if f := strings.Fields(strings.ToLower(quote)); len(f) > 0 && clauseLead[f[0]] {
		return true // "… wie im Ticket vorgeschlagen": what leans on the part gone
	}
	if f := strings.Fields(strings.ToLower(quote)); len(f) > 1 && participleLead[f[0]] {
		return true // "… faite sur le banc": how the part gone was done
	}
	if reReasonRest.MatchString(quote) {
		return true // "… ビルドが遅くなるので", "… because it slows the build": why the part gone held
	}
	if f := strings.Fields(strings.ToLower(quote)); len(f) <= 3 && len(f) > 0 && negLead[f[0]] {
		return true // "… no npm": what the part gone was set against
	}
	if f := strings.Fields(quote); len(f) > 1 && pointsBackLead[strings.ToLower(f[0])] && (f[0] != "das" && f[0] != "Das" && f[0] != "dies" || startsLower(f[1])) {
		return true // "… das machen wir hier nicht": of the part gone
	}
	return fragment(quote) || opensNounPhrase(quote) && len(strings.Fields(quote)) <= 3
}

// reReasonRest is a clause giving the reason for another: opened by a word
// of cause, or, in Japanese, closed by one.
var reReasonRest = regexp.MustCompile(`(?i)^(?:because|weil|denn|porque|ya que|parce que|car|puisque|因为|由于)\s|^[^、。]+(?:ので|ため|から)。?$`)

// participleLead is a past participle opening a clause that says how
// the thing of the clause before it is done ("…, faite sur le banc",
// "…, hecha a mano", "…, done on the bench").
var participleLead = setOf("faite", "fait", "faites", "faits", "réalisée", "réalisé", "effectuée", "effectué", "jointe", "joint", "signée", "signé",
	"hecha", "hecho", "hechas", "hechos", "realizada", "realizado", "firmada", "firmado", "adjunta", "adjunto",
	"done", "measured", "taken", "attached")

// negLead opens a contrast ("no npm", "not Jest").
var negLead = setOf("no", "not", "nicht", "kein", "keine", "pas", "never", "nunca", "jamais", "nie")

// pointsBackLead is a pronoun opening a clause about what came before
// it; German "das" is one before a verb (its nouns are capitalised).
var pointsBackLead = setOf("das", "dies", "eso", "esto", "ça", "cela")

// startsLower reports a word opening with a lower-case letter.
func startsLower(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLower(r)
}

// clauseLead are the words that open a clause leaning on another: "as",
// "like", "which", "wie", "como", "comme".
var clauseLead = setOf("as", "like", "which", "wie", "welche", "welcher", "welches", "como", "cual", "comme", "lequel", "laquelle")

// reCondOpen opens a clause with the condition what follows holds under
// (not "bis zum Audit", which German says of its own clause only)
// ("solange die Brücke gesperrt ist, …", "while the platform is being
// rebuilt, …").
var reCondOpen = regexp.MustCompile(`(?i)^\s*(?:\S+\s+){0,3}?(?:while|as long as|until|till|during|solange|während|mientras|hasta que|durante|tant que|pendant|jusqu'à ce que|en attendant)` + hear.EndsWord + `|期间|之前|までは|の間`)

// reHeadEnd ends the clause a claim's words open with.
var reHeadEnd = regexp.MustCompile(`[,，、;；]|\s[-–—]\s`)

// condHeld reports a claim whose words open with the condition a
// withdrawal's words (tt) name: what the condition governs goes with it,
// no other clause of it stays.
func condHeld(text string, tt []string) bool {
	_, _, quote, ok := lastQuote(text)
	if !ok {
		quote = unframed(text)
	}
	head := quote
	if loc := reHeadEnd.FindStringIndex(quote); loc != nil && loc[0] > 0 {
		head = quote[:loc[0]]
	}
	return reCondOpen.MatchString(head) && namedIn(head, tt) > 0
}

// rePossessive opens a withdrawal's target with a pronoun that says
// whose it is ("his Grafana account", "他的账号", "ihr Zugang").
var rePossessive = regexp.MustCompile(`^(?i:(?:his|her|their|sein|seine|seinen|ihr|ihre|ihren|su|sus|son|sa|ses|leur|leurs)\s)|^(?:他的|她的|他们的|她们的|彼の|彼女の)`)

// ownerNamed returns the term of the person a withdrawal's possessive
// pronoun points at: the last name said before the target in its quote
// ("Keller's project ended, his Grafana account can go" withdraws what was
// said of Keller's access); "" when the target opens with no such pronoun
// or no name comes before it.
func ownerNamed(r hear.Retraction) string {
	target := strings.TrimSpace(r.Target)
	if !rePossessive.MatchString(target) {
		return ""
	}
	i := strings.Index(r.Quote, target)
	if i <= 0 {
		return ""
	}
	words := strings.FieldsFunc(r.Quote[:i], func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
	for j := len(words) - 1; j >= 0; j-- {
		w := words[j]
		if !unicode.IsUpper([]rune(w)[0]) || !properNoun(w, false) {
			continue
		}
		if tt := terms(w); len(tt) == 1 {
			return tt[0]
		}
	}
	return ""
}

// byReason breaks a tie between claims a withdrawal's target (terms tt)
// names alike by the rest of what the user said: "the paper forms were
// retired, so the order of the PDF's items no longer matters" withdraws
// the claim that also holds the paper forms. The claim holding the most of
// the quote's other words wins, when it holds more than every other; nil
// when none does.
func byReason(tied []*claim, quote, target string, tt []string) *claim {
	// The reason is said in clauses of its own: the clause of the target
	// holds the words that withdraw ("no longer needed"), which say
	// nothing of which claim.
	var reason []string
	for _, cl := range reClauseEnd.Split(quote, -1) {
		if !strings.Contains(cl, target) && !strings.Contains(target, strings.TrimSpace(cl)) {
			reason = append(reason, cl)
		}
	}
	rest := slices.DeleteFunc(contentTerms(terms(strings.Join(reason, " "))), func(t string) bool { return slices.Contains(tt, t) || targetFiller[t] })
	var best *claim
	top, second := 0, 0
	for _, c := range tied {
		n := overlap(rest, heldTerms(c, false))
		switch {
		case n > top:
			best, top, second = c, n, top
		case n > second:
			second = n
		}
	}
	if top == 0 || top == second {
		return nil
	}
	return best
}

// reClauseEnd ends a clause: a comma, a semicolon, a sentence's end, in
// any script.
var reClauseEnd = regexp.MustCompile(`[,;:.!?]\s|[、，；：。！？]`)

// reUseAgain says a thing may be used again ("Polyspaceも使ってOKです",
// "we can use Docker again").
var reUseAgain = regexp.MustCompile(`(?i)(?:使|触|いじ)って(?:OK|ＯＫ|いい|良い|大丈夫|構いません)|\b(?:can|may) (?:now )?(?:use|be used)\b|\b(?:darf|dürfen|können) (?:wieder |jetzt )*(?:\S+ )?(?:verwendet|benutzt|genutzt)|\b(?:se puede|podemos|puedes) (?:volver a )?usar\b|\b(?:on peut|tu peux|vous pouvez) (?:de nouveau |à nouveau )?utiliser\b|可以(?:再)?用`)

// reCJKRuleWord is a CJK word for a rule said after what it is of ("CSS
// のルール", "截图那条规矩"): the kind of claim, not what of, as
// targetFiller is for words with spaces.
var reCJKRuleWord = regexp.MustCompile(`(?:の|的)?(?:ルール|決まり|規則|規約|方針|縛り|制限|制約|规则|规矩|规定|限制)|(?:那条|这条)|^(?:旧的?|老的?|以前的|之前的|原来的|古い|前の)`)

// withdraw ends a claim's current value, withdrawn by r in session: it
// goes to the claim's history with the withdrawing words.
func (m *memory) withdraw(c *claim, session string, r hear.Retraction) {
	v := *c.cur
	v.end, v.by, v.endQuote = endWithdrawn, cite{session: session, entries: slices.Clone(r.Entries)}, r.Quote
	m.noteEnded(r.Quote, v.text)
	c.past = append([]value{v}, c.past...)
	c.cur = nil
	c.seen = m.gen
	m.touch(c)
}

// expire withdraws the current values said to hold until a day before
// the session's (h.At), citing the user's last entry of the session: a
// rule "until 30 September" is over in a session written in October,
// though nobody says so.
func (m *memory) expire(session string, h hear.Heard) int {
	if h.At == "" || h.AtEntry == "" {
		return 0
	}
	m.openIf(func(p *page) bool {
		if p.dated == 0 {
			p.dated = 2
			if strings.Contains(m.rawOf(p), lblUntil) {
				p.dated = 1
			}
			m.remember(p)
		}
		return p.dated == 1
	})
	n := 0
	for _, c := range m.claims {
		if c.current() && c.cur.until != "" && c.cur.until < h.At {
			m.withdraw(c, session, hear.Retraction{Lang: c.lang, Entries: []string{h.AtEntry}})
			n++
		}
	}
	return n
}

// reAway says a person is away or someone stands in for them: "Mia
// covers on-call while Jonas is on parental leave", "c'est Karim qui la
// remplace pendant ce temps", "板子的问题先找 Kevin，他顶到九月".
var reAway = regexp.MustCompile(`(?i)\b(?:(?:is|are|'s) (?:off|out|away)(?: sick)? (?:for|until|till|on|with)\b|stands? in|standing in|stand-in|covers?\b|covering|cover for|fills? in|filling in|in (?:his|her|their) place|while (?:\S+ ){1,4}?(?:is |are )?(?:away|out|off|on leave)|(?:until|till) (?:\S+ ){1,4}?(?:is |are |comes |gets )?back|(?:on|in) (?:parental|maternity|paternity|sick|long) leave|on leave|on (?:a )?break|vertritt|vertreten|Vertretung|solange|während (?:der|ihrer|seiner)|Elternzeit|Mutterschutz|bis (?:\S+ ){1,4}?zurück|sustituye|reemplaza|cubre|mientras (?:\S+ ){1,4}?(?:está|esté)|de baja|de permiso|hasta que vuelva|remplace|pendant (?:ce temps|son absence|son congé)|en congé|intérim|jusqu'à son retour|meanwhile|in the meantime|on holiday|on vacation|urlaub|in der zwischenzeit|währenddessen|mientras tanto|de vacaciones|entre-temps|en attendant|en vacances)|顶|代班|替他|替她|临时|借调|休假|产假|期间|代わり|代理|代行|不在の間|産休|育休|休職`)

// endAbsence withdraws what was to hold while a person was away, now that
// a retraction says they are back (hear.Returned): each current claim
// naming them that tells of their absence or of someone standing in. What
// else was said of them stays.
func (m *memory) endAbsence(session string, r hear.Retraction) bool {
	name := terms(r.Target)
	if len(name) == 0 {
		return false
	}
	m.openHaving(name, len(name))
	n := 0
	var said []cite  // where the ended absences were said
	var named []cite // where the rest said of them was
	for _, c := range m.candidates(name) {
		// The name's words, whole: "Tim" is not "Timo".
		if !c.current() || !containsTerms(c.vterms, name) {
			continue
		}
		if !reAway.MatchString(c.cur.text) {
			named = append(named, c.cur.cites...)
			continue
		}
		said = append(said, c.cur.cites...)
		if rest, ok := beforeAbsence(c.cur.text); ok && containsTerms(terms(rest), name) {
			// "Lola Ferrer lleva el almacén de Gandía, pero está de baja
			// y mientras esté de baja lo lleva Quique Sanz": what they do
			// stays, the absence and its cover go.
			m.keepRest(c, rest, endWithdrawn, cite{session: session, entries: slices.Clone(r.Entries)}, r.Quote)
		} else {
			m.withdraw(c, session, r)
		}
		n++
	}
	if n > 0 || len(named) > 0 {
		// "Derek is off until July: Tony Rudd signs off locos while he's
		// away": a cover said with the absence, in a claim of its own
		// that names the absent one by a pronoun, ends with it; so does
		// one said beside what they do ("Dana approves the refunds. She's
		// off sick and while she's away Omar approves them").
		m.openIf(func(p *page) bool { return citesAny(m.rawOf(p), said) || citesAny(m.rawOf(p), named) })
		for _, c := range m.claims {
			if !c.current() || !reAway.MatchString(c.cur.text) {
				continue
			}
			if sharesEntry(c.cur.cites, said) || sharesEntry(c.cur.cites, named) && rePersonPronoun.MatchString(unframed(c.cur.text)) {
				m.withdraw(c, session, r)
				n++
			}
		}
	}
	return n > 0
}

// reContrastLead opens a clause that turns against the one before it
// ("but she broke her foot"): the reason an absence that follows gives.
var reContrastLead = regexp.MustCompile(`(?i)^(?:but|however|though|aber|doch|jedoch|pero|sin embargo|mais|cependant|但是?|不过|可是|でも|しかし|ただ)(?:[^\pL\pN]|$)`)

// beforeAbsence returns a verbatim claim without its part that tells of
// an absence (reAway) and of what holds during it, and true, when the
// quote says something before that part, in three words or more, which
// tells of no absence; else "", false. The part and all after it go, and
// a clause turning to it ("but she broke her foot") with them.
func beforeAbsence(text string) (string, bool) {
	open, end, quote, ok := lastQuote(text)
	if !ok || cjkWord(quote) {
		return "", false
	}
	starts, ends := clauseSpans(reClauseSep.FindAllStringIndex(quote, -1), len(quote))
	hit := -1
	for i := range starts {
		if reAway.MatchString(quote[starts[i]:ends[i]]) {
			hit = i
			break
		}
	}
	for hit > 0 && reContrastLead.MatchString(quote[starts[hit-1]:ends[hit-1]]) {
		hit--
	}
	if hit <= 0 || len(strings.Fields(quote[:ends[hit-1]])) < 3 {
		return "", false
	}
	return withoutPart(text, open, end, quote, ends[hit-1], starts[hit], len(quote)), true
}

// citesAny reports whether a page's text names an entry of cs.
func citesAny(raw string, cs []cite) bool {
	for _, c := range cs {
		for _, e := range c.entries {
			if strings.Contains(raw, "entry:"+e) {
				return true
			}
		}
	}
	return false
}

// sharesEntry reports whether two citations name an entry of one session
// both.
func sharesEntry(a, b []cite) bool {
	for _, x := range a {
		for _, y := range b {
			if x.session == y.session && slices.ContainsFunc(x.entries, func(e string) bool { return slices.Contains(y.entries, e) }) {
				return true
			}
		}
	}
	return false
}

// sameHonorific reports a rest of a claim naming, with an honorific, a
// person the part withdrawn names too ("夜間の売上同期ジョブは田中さんの担当
// なので、sync のところを触ったら田中さんにレビュー…" once the one in charge
// left): the rest goes with them.
func sameHonorific(text, rest string) bool {
	gone := strings.Replace(text, rest, " ", 1)
	for _, n := range reHonorificName.FindAllString(rest, -1) {
		if strings.Contains(gone, n) {
			return true
		}
	}
	return false
}

// followsPerson reports a rest of a Chinese or Japanese claim that
// opens where the part naming a person was cut: its clauses have no
// subject of their own ("老周…，每三个月来一次，电话 …" is all of 老周).
func followsPerson(rest string) bool {
	_, _, quote, ok := lastQuote(rest)
	return ok && strings.HasPrefix(quote, "…") && cjkWord(quote)
}

// reHonorificName is a Japanese name with its honorific.
var reHonorificName = regexp.MustCompile(`[\p{Han}\p{Katakana}]{1,6}(?:さん|くん|君|先生)`)

// rePersonPronoun is a pronoun that may stand for a person: what is left
// of a claim once a person who left goes may still speak of them ("ping
// him first").
var rePersonPronoun = regexp.MustCompile(`(?i)\b(?:he|him|his|she|her|they|them|their|er|ihn|ihm|ihr|sie|il|lui|elle|leur|ella)\b|` + hear.OpensWord + `él\b|他|她|彼|彼女`)

// restricts reports a claim that holds something back: one that forbids
// (reProhibits), requires, limits, excludes or names a fault.
func restricts(text string) bool {
	return reProhibits.MatchString(text) || reRequiresOrLimits.MatchString(text) || len(hear.FaultSpans(text)) > 0
}

// reRequiresOrLimits is a claim that requires, limits or excludes: what
// a thing "not required any more" or "bookable again" lifts.
var reRequiresOrLimits = regexp.MustCompile(`(?i)\b(?:must|has to|have to|needs? to|required|mandatory|compulsory|only|off limits|at most|max(?:imum)?|limit(?:ed)?|cap(?:ped)?|blocked|excluded?|skip(?:ped)?|until further notice|muss|müssen|pflicht|nur|höchstens|maximal|gesperrt|ausgeschlossen|vorerst|debe|deben|hay que|obligatori[oa]|solo|sólo|máximo|bloquead[oa]|excluid[oa]|doit|doivent|obligatoire|seulement|uniquement|maximum|exclu)\b|\bbloqué|必须|必需|只能|只有|最多|上限|暂停|先别|不要|必ず|だけ|のみ|しか|制限|除外|禁止|不参与|不算|不计|不包括|不含|しない`)

// reProhibits is a claim that forbids: a rule a lifted ban withdraws.
var reProhibits = regexp.MustCompile(`(?i)(?:^|[“"\s])(?:no|never|don't|do not|nothing|nicht|nie|niemals|kein|keine|keinen|pas de|jamais|plus de|aucun|aucune|nunca|nada de|sin)\s|\bne\s+\S+\s+(?:pas|plus|jamais)\b|\bn['’]\S+\s+(?:pas|plus|jamais)\b|\bno\s+(?:se\s+)?\S+|禁止|不要|不许|不准|不能|别|禁じ|しない|しないで|ないで|ないこと|ダメ|だめ` +
	// "使わない方針", "入れないこと": a verb said not to be done, as a
	// policy or a rule.
	`|[わかがさたなばまらえけげせねべめれきぎちにびみり]ない(?:方針|ルール|決まり|こと|ように|で|です|[。、]|$)`)

// weeklyTerms are the words for "weekly", and for which days of the week,
// in the languages memfs hears.
var weeklyTerms = terms("weekly wöchentliche wöchentlich semanal semanales hebdomadaire hebdomadaires hebdo hebdos semanalmente 每周 每星期 毎週 週次 " +
	// Days said of a rule ("deploy days are gone", "die Release-Tage").
	"day days tage días dias " +
	// Which days of the week ("the deploy-day rule", "デプロイ曜日の制限").
	"weekday weekdays wochentag wochentage jours 曜日 星期几")

// heldTerms are what a withdrawal may name a claim by: its subject's and
// value's terms, and, for a withdrawal saying "weekly", "weekly" for a
// claim of a weekday ("Jeden Donnerstag um 10 Uhr stimmen wir uns mit dem
// Host-Team ab" is the weekly round with the host team). The claim's
// values are read only then: a withdrawal looks at every current claim.
func heldTerms(c *claim, weekly bool) []string {
	ct := append(slices.Clone(c.sterms), c.vterms...)
	if weekly && slices.ContainsFunc(c.valueToks(), func(v valueTok) bool { return v.kind == vkDay }) {
		ct = union(ct, weeklyTerms)
	}
	return ct
}

// fillerCompounds are terms with a compound's filler end cut off: "die
// RTT-Vorgabe" withdraws what was said of RTT; a count joined to what it
// counts is the two.
func fillerCompounds(tt []string) []string {
	out := make([]string, 0, len(tt))
	for _, t := range tt {
		if j := strings.LastIndexAny(t, "-_"); j > 0 && j+1 < len(t) && (targetFiller[t[j+1:]] || targetFiller[stemTerm(t[j+1:])] || t[j+1:] == "only") {
			// "the O2-only thing" is said of "-O2".
			t = t[:j]
		}
		if fillerTail(t) {
			// "die Größenbeschränkung für Fotos" withdraws a limit said
			// of Fotos: a German compound ending in a rule's word says
			// what kind of rule, not what of.
			continue
		}
		if m := reCountCompound.FindStringSubmatch(t); m != nil {
			// "the 400-line rule" is said of "400 lines".
			out = append(out, m[1], stemTerm(m[2]))
			continue
		}
		out = append(out, t)
	}
	return out
}

// germanFillerTails are the words of targetFiller a German compound
// ends in ("Größenbeschränkung", "Upload-Regel", "Meldepflicht").
var germanFillerTails = []string{"beschränkung", "einschränkung", "regel", "vorgabe", "pflicht", "anforderung", "restriktion"}

// fillerTail reports a word longer than the filler word it ends in.
func fillerTail(t string) bool {
	return slices.ContainsFunc(germanFillerTails, func(f string) bool {
		return len(t) > len(f)+2 && strings.HasSuffix(t, f)
	})
}

// reCountCompound is a count joined to what it counts ("400-line",
// "30-minute").
var reCountCompound = regexp.MustCompile(`^(\d+)-(\pL{3,})$`)

// okurigana reports a Japanese word written as a kanji and the kana that
// inflects it ("並び", "使い", "替え"), not a kanji and a particle ("目の",
// "式と"): it names a thing as much as the kanji pairs do.
func okurigana(t string) bool {
	r := []rune(t)
	return len(r) == 2 && unicode.Is(unicode.Han, r[0]) && unicode.Is(unicode.Hiragana, r[1]) && !strings.ContainsRune("のはがをにでともへやかねよなてただすまし", r[1])
}

// contentTerms are a withdrawal's terms without the CJK pairs that hold
// a particle ("によ", "よる", "的规"): in "曜日によるリリース制限" only 曜日,
// リリ, 制限 say what is withdrawn. Terms are kept whole when fewer than
// two would be left.
func contentTerms(tt []string) []string {
	// "晚上那次" is the evening one: a bigram of "this" or "that" points
	// at what the other words name, however few they are.
	if rest := slices.DeleteFunc(slices.Clone(tt), func(t string) bool {
		return cjkWord(t) && strings.ContainsAny(t, "这那")
	}); len(rest) > 0 && len(rest) < len(tt) {
		tt = rest
	}
	out := slices.DeleteFunc(slices.Clone(tt), func(t string) bool {
		return cjkWord(t) && !okurigana(t) && strings.ContainsFunc(t, func(r rune) bool {
			return unicode.In(r, unicode.Hiragana) || strings.ContainsRune("的了吗吧呢啊这那个条是在和把", r)
		})
	})
	if len(out) < 2 {
		return tt
	}
	return out
}

var (
	// reCondition opens the period a claim holds for ("during the
	// warehouse migration", "we're in the audit freeze", "solange").
	reCondition = regexp.MustCompile(`(?i)\b(?:until|till|during|while|as long as|pending|for the duration of|we're in|we are in|bis zum|bis zur|bis|während|solange|hasta|durante|mientras|jusqu'à|jusqu'au|pendant|tant que)` + hear.EndsWord)
	// reConditionCJK closes it in Chinese and Japanese ("在微信支付审核
	// 通过之前", "監査期間中は").
	reConditionCJK = regexp.MustCompile(`之前|以前|期间|期間|为止|までは|まで|の間|中は|中なので|中だから|中のため`)
)

// holdsUntil reports whether a claim's text holds for a period it names
// with most of the words tt, two at least: "the warehouse migration is
// finished" ends "during the warehouse migration, never write to orders"
// and not "the warehouse migration uses pgloader", nor a rule that
// merely says "before".
func holdsUntil(text string, tt []string) bool {
	// One word names a period only where it stands right at its
	// condition ("在 2.0 移植完成之前" ends with "移植搞定了"), and is
	// no common word.
	one := len(tt) == 1 && (cjkWord(tt[0]) || utf8.RuneCountInString(tt[0]) >= 4)
	if len(tt) < 2 && !one {
		return false
	}
	named := func(window string) bool {
		n := namedIn(window, tt)
		return n >= 2 && 2*n >= len(tt) || one && n == 1
	}
	reach, back := 80, 60
	if one {
		reach, back = 44, 24
	}
	for _, ix := range reCondition.FindAllStringIndex(text, -1) {
		if named(text[ix[1]:min(len(text), ix[1]+reach)]) {
			return true
		}
	}
	for _, ix := range reConditionCJK.FindAllStringIndex(text, -1) {
		from := max(0, ix[0]-back)
		for from < ix[0] && !utf8.RuneStart(text[from]) {
			from++
		}
		if named(text[from:ix[0]]) {
			return true
		}
	}
	return false
}

// withoutNames is tt less the words target writes as names, capitalized
// after its first word ("migration Bunny": "migration").
func withoutNames(tt []string, target string) []string {
	names := map[string]bool{}
	for i, w := range strings.Fields(target) {
		if r, _ := utf8.DecodeRuneInString(w); i > 0 && unicode.IsUpper(r) {
			for _, t := range terms(w) {
				names[t] = true
			}
		}
	}
	if len(names) == 0 {
		return tt
	}
	return slices.DeleteFunc(slices.Clone(tt), func(t string) bool { return names[t] })
}

// reConditionName is a condition whose period has a name of its own
// ("during the Postgres migration", "pendant la migration Stripe").
var reConditionName = regexp.MustCompile(`(?i:\b(?:during|while|until|till|pendant|durante|mientras|hasta|während|bis)\s+(?:the|la|le|l'|el|die|der|das|den)?\s*)(?:\p{Lu}\S*\s+\p{Ll}\S*|\p{Ll}\S*\s+\p{Lu})`)

// conditionNamed reports a claim whose condition names its period: it is
// not any period of that kind.
func conditionNamed(text string) bool { return reConditionName.MatchString(text) }

// namedIn counts the words of tt that window holds, inflected or akin.
func namedIn(window string, tt []string) int {
	// "the lift's out": "'s" is no part of the word.
	wt := terms(reApostropheS.ReplaceAllString(window, "$1"))
	n := 0
	for _, t := range tt {
		// A one-character Chinese or Japanese word ("窯") is no bigram
		// of the window's: it is held where it is written.
		if slices.ContainsFunc(wt, func(w string) bool { return akin(t, w) || inflected(t, w) }) || utf8.RuneCountInString(t) == 1 && cjkWord(t) && strings.Contains(window, t) {
			n++
		}
	}
	return n
}

// brokenWhile reports whether a claim's text names a fault or outage
// (hear.FaultSpans) beside half the words tt at least: "the lift got
// fixed" ends "the lift's out till the engineer comes, so no wheelchair
// bookings", and "窯が直った" ends "窯が壊れていて、…笠間の工房さんにお願
// いしています".
func brokenWhile(text string, tt []string) bool {
	if len(tt) == 0 {
		return false
	}
	for _, ix := range hear.FaultSpans(text) {
		if n := namedIn(around(text, ix[0], ix[1], 48, 48), tt); n >= 1 && 2*n >= len(tt) {
			return true
		}
	}
	return false
}

// around is text[at:end] widened by up to before bytes before it and
// after bytes after it, cut at the nearest whole characters.
func around(text string, at, end, before, after int) string {
	from, to := max(0, at-before), min(len(text), end+after)
	for from < at && !utf8.RuneStart(text[from]) {
		from++
	}
	for to > end && to < len(text) && !utf8.RuneStart(text[to]) {
		to--
	}
	return text[from:to]
}

// reApostropheS is "'s" after a word.
var reApostropheS = regexp.MustCompile(`(\pL)['’]s\b`)

// reSentenceEnd ends a sentence of a claim's quote.
var reSentenceEnd = regexp.MustCompile(`[。！？]\s*|[.!?]\s+`)

// otherSentence returns a verbatim claim without the one sentence of
// its quote that holds until a period (holds, see holdsUntil), and
// true, when the quote says more sentences than that one; else "", false.
func otherSentence(text string, holds func(string) bool) (string, bool) {
	open, end, quote, ok := lastQuote(text)
	if !ok {
		return "", false
	}
	starts := []int{0}
	for _, sp := range reSentenceEnd.FindAllStringIndex(quote, -1) {
		if sp[1] < len(quote) && !abbreviated(quote[:sp[0]]) {
			starts = append(starts, sp[1])
		}
	}
	if len(starts) < 2 {
		return "", false
	}
	hit := -1
	for i, from := range starts {
		to := len(quote)
		if i+1 < len(starts) {
			to = starts[i+1]
		}
		if holds(quote[from:to]) {
			if hit >= 0 {
				return "", false
			}
			hit = i
		}
	}
	if hit < 0 {
		return "", false
	}
	to := len(quote)
	if hit < len(starts)-1 {
		to = starts[hit+1]
	}
	return withoutPart(text, open, end, quote, starts[hit], starts[hit], to), true
}

// digitTerms is ts with each number word written in digits ("two" →
// "2"), for a count a statement replaces said in digits.
func digitTerms(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t
		if hear.NumberWord(t) {
			if n, ok := hear.Amount(t); ok {
				out[i] = strconv.FormatFloat(n, 'f', -1, 64)
			}
		}
	}
	return out
}

// pairsWith reports a Replaces word that pairs a unit or a day with one
// of the statement's subject words (said), as hear's change stems do
// ("seconds timeout", "thursday freeze"): it names the old value of that
// subject only.
func pairsWith(w string, said []string) bool {
	wt := terms(w)
	return len(wt) >= 2 && len(said) > 0 && overlap(wt, said) > 0 && overlap(wt, said) < len(wt)
}

// withoutListItem is a claim's text without the one word a withdrawal
// names where it stands in a list with others ("run tflint and checkov"
// less "checkov"), and true; "", false when the word is not one item of
// a list.
func withoutListItem(text, target string) (string, bool) {
	target = strings.TrimSpace(target)
	// "needs-repro ラベル", "the wip label": the item, not its kind.
	target = strings.TrimSpace(reItemKind.ReplaceAllString(target, ""))
	if m := reNamedRelease.FindStringSubmatch(target); m != nil {
		// "Safari 15": the item is Safari, with its version.
		target = m[1]
	}
	if len(target) < 3 || strings.ContainsAny(target, " \t") || termStop[strings.ToLower(target)] {
		return "", false
	}
	const joiner = `(,\s*|\s+(?:and|&|\+|or|und|oder|y|o|et|ou)\s+|、|和|与|及)`
	// "Safari 15" is the item Safari, with its version.
	w := regexp.QuoteMeta(target) + `(?:\s+v?\d[\w.]*)?`
	// The joiner before the word goes with it ("tflint and checkov");
	// else the one after it ("checkov and tflint").
	after := regexp.MustCompile(`(?i)` + joiner + w + `($|[^\pL\pN_-])`)
	before := regexp.MustCompile(`(?i)(^|[^\pL\pN_-])` + w + joiner)
	var out string
	switch a, b := after.FindAllStringSubmatchIndex(text, -1), before.FindAllStringSubmatchIndex(text, -1); {
	case len(a) == 1:
		out = text[:a[0][0]] + text[a[0][4]:]
	case len(a) == 0 && len(b) == 1:
		if reClauseOpens.MatchString(text[b[0][1]:]) {
			// "Per cron auf gw-cron-1, das ist die kleine VM": what
			// follows the comma says what the item is; no list.
			return "", false
		}
		out = text[:b[0][3]] + text[b[0][1]:]
	default:
		return "", false
	}
	if strings.Contains(strings.ToLower(out), strings.ToLower(target)) {
		return "", false
	}
	return out, true
}

// reClauseOpens opens a clause saying what the thing before it is, or
// what it is not ("Usa pnpm, no npm").
var reClauseOpens = regexp.MustCompile(`(?i)^(?:(?:das|dies|that|this|it|which|who|c'|ce|ça|eso|esto|ese|esa|lo que|was|der|die)\s*(?:'s|’s|is|was|ist|war|est|es|sind|son|sont)\b|(?:no|not|nicht|kein|keine|pas|jamais|never|nunca|nie)\s)`)

// reItemKind names the kind of a list's item after it, or before it.
var reItemKind = regexp.MustCompile(`(?i)\s*(?:ラベル|タグ|标签|标记|label|tag|flag|フラグ|currency|Währung|moneda|devise)$|^(?:the|das|die|der|el|la|le|l')\s+`)

// reNamedRelease is a name with its version ("Safari 15", "iOS 16.4").
var reNamedRelease = regexp.MustCompile(`^(\pL[\pL\pN.+-]{2,}) v?\d[\w.]*$`)

// offList reports a withdrawal saying its target is off a list ("Penllergare
// is off the list", "von der Liste gestrichen"): a name taken from a list
// of names, the rest staying.
func offList(quote string) bool { return reOffList.MatchString(quote) }

var reOffList = regexp.MustCompile(`(?i)\boff the list\b|\b(?:from|off) (?:the|our) list\b|von der liste|de la liste|de la lista|リストから|从名单|名单上`)

// withoutNamedItem is withoutListItem for the item a withdrawal names:
// its one word (listItem), or else one word of several that stands in
// the claim's list while the others are said elsewhere in it ("on arrête
// la chauffe forte" takes "forte" from "les niveaux de chauffe : légère,
// moyenne et forte").
func withoutNamedItem(text, target string, tt []string) (string, bool) {
	if rest, ok := withoutListItem(text, listItem(target, tt)); ok || len(tt) < 2 || len(tt) > 3 {
		return rest, ok
	}
	var words []string
	for t, w := range termWords(target) {
		if slices.Contains(tt, t) && !cjkWord(t) {
			words = append(words, w)
		}
	}
	for i := len(words) - 1; i >= 0; i-- {
		// Only the last item of a list, ended by punctuation: "moyenne+
		// et forte." is a list's item; "every push, only nightly" is not.
		last := regexp.MustCompile(`(?i)(?:,\s*|\s+(?:and|or|und|oder|y|o|et|ou)\s+)` + regexp.QuoteMeta(words[i]) + `\s*(?:$|[.,;:!?)”»])`)
		if wt := terms(words[i]); len(wt) != 1 || commonWord[wt[0]] || len(last.FindAllStringIndex(text, -1)) != 1 {
			continue
		}
		rest, ok := withoutListItem(text, words[i])
		if !ok {
			continue
		}
		others := slices.DeleteFunc(slices.Clone(tt), func(t string) bool { return slices.Contains(terms(words[i]), t) })
		if len(others) > 0 && namedIn(rest, others) == len(others) {
			return rest, true
		}
	}
	return "", false
}

// listItem is the word a withdrawal names an item of a list by: its
// target, or the one word of it that says what ("that old Safari line"
// is Safari) when the rest is filler.
func listItem(target string, tt []string) string {
	if ts := reClockTime.FindAllString(target, -1); len(ts) == 1 {
		// "the 17:20 departure", "la de las 17:20": the time is the item.
		return ts[0]
	}
	if len(tt) != 1 {
		return target
	}
	for t, w := range termWords(target) {
		if t == tt[0] {
			return w
		}
	}
	return target
}

// reClockTime is a time of day written with its minutes.
var reClockTime = regexp.MustCompile(`\b\d{1,2}:\d{2}\b`)

// onlyHolder is the one current claim holding half of a withdrawal's
// words (tt, two at least), one of which no other current claim holds;
// nil when there is none or more than one.
func (m *memory) onlyHolder(tt []string) *claim {
	if len(tt) < 2 {
		return nil
	}
	weekly := overlap(tt, weeklyTerms) > 0
	var found *claim
	for _, c := range m.claims {
		if !c.current() {
			continue
		}
		ct := heldTerms(c, weekly)
		var shared []string
		for _, t := range tt {
			if slices.ContainsFunc(ct, func(x string) bool { return akin(t, x) }) {
				shared = append(shared, t)
			}
		}
		if len(shared) < 2 || 2*len(shared) < len(tt) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	if found == nil {
		return nil
	}
	ct := append(slices.Clone(found.sterms), found.vterms...)
	for _, t := range tt {
		if slices.Contains(ct, t) && m.holdsAlone(found, t) {
			return found
		}
	}
	return nil
}

// reRuleNoun names a rule as a rule ("the night-only training rule", "WiFi
// を毎回切る制約", "la règle « pas d'analytics »").
var reRuleNoun = regexp.MustCompile(`(?i)\b(?:rule|restriction|constraint|limitation|regel|einschränkung|beschränkung|vorgabe|regla|norma|restricción|limitación|règle|restriction|contrainte|consigne)\b|` + reCJKRuleWord.String())

// ruleHolder is the one current rule (a claim that forbids, requires or
// limits) holding more of the words of a withdrawal that names a rule as a
// rule than any other rule does ("WiFi を毎回切る制約はもういらない"
// withdraws "WiFi は送信時だけ on にしてください"); nil when none or a tie.
// A word counts twice a pair of Chinese or Japanese characters, which may
// be part of an unrelated word.
func (m *memory) ruleHolder(target string, tt []string) *claim {
	if !reRuleNoun.MatchString(target) {
		return nil
	}
	tt = slices.DeleteFunc(slices.Clone(tt), func(t string) bool {
		return commonWord[t] || termStop[t] || !cjkWord(t) && utf8.RuneCountInString(t) < 4
	})
	if len(tt) == 0 || len(tt) > 8 {
		return nil
	}
	m.openHaving(probes(tt), 1)
	var found *claim
	best, tie := 0, false
	for _, c := range m.claims {
		if !c.current() || !restricts(c.cur.text) {
			continue
		}
		n := 0
		for _, t := range tt {
			if namedIn(c.cur.text, []string{t}) > 0 {
				n += 2
				if cjkWord(t) {
					n--
				}
			}
		}
		switch {
		case n == 0 || n < best:
		case n > best:
			found, best, tie = c, n, false
		default:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return found
}

// holdsAlone reports whether no current claim but c holds term t.
func (m *memory) holdsAlone(c *claim, t string) bool {
	m.openHaving([]string{t}, 1)
	for _, o := range m.candidates([]string{t}) {
		if o != c && o.current() {
			return false
		}
	}
	return true
}

// rareHolder is the one current claim a withdrawal of many words (tt,
// three to twelve) describes by more of them than any other claim, two at
// least, one of which no other current claim holds ("Ya terminaron la
// reforma del campo de Sedaví, …, quita esa restricción" withdraws "El
// Atlètic Sedaví no puede jugar en casa en octubre, su campo está en
// obras"); nil when there is none.
func (m *memory) rareHolder(tt []string) *claim {
	if len(tt) < 3 || len(tt) > 12 {
		// A whole message read as one withdrawal ("scratch what i said
		// about Gloria she left … and also perl …") shares two words
		// with too many claims to tell.
		return nil
	}
	m.openHaving(probes(tt), 2)
	var best *claim
	var bestShared []string
	second := 0
	for _, c := range m.claims {
		if !c.current() {
			continue
		}
		ct := append(slices.Clone(c.sterms), c.vterms...)
		var shared []string
		for _, t := range tt {
			if !commonWord[t] && (cjkWord(t) || utf8.RuneCountInString(t) >= 3) && slices.ContainsFunc(ct, func(x string) bool { return akin(t, x) || inflected(t, x) }) {
				shared = append(shared, t)
			}
		}
		switch {
		case len(shared) > len(bestShared):
			second = len(bestShared)
			best, bestShared = c, shared
		case len(shared) > second:
			second = len(shared)
		}
	}
	if len(bestShared) < 2 || len(bestShared) == second {
		return nil
	}
	for _, t := range bestShared {
		if !cjkWord(t) && utf8.RuneCountInString(t) >= 5 && m.holdsAlone(best, t) {
			return best
		}
	}
	return nil
}

// commonWord are words too common to tell one claim from another.
// Words terms never yields (termStop: "our", "now", "also") are not
// listed.
var commonWord = stemmedSet("has", "have", "had", "hat", "haben", "tiene", "tienen", "avons", "avez", "ont",
	"every", "everyone", "everything", "everybody", "alle", "todo", "todos", "tous", "toutes",
	"jetzt", "ahora", "maintenant", "new", "neu", "neue", "nuevo", "nueva", "nouveau", "nouvelle",
	"auch", "también", "aussi", "still", "noch", "todavía", "encore", "just", "only", "nur", "solo", "sólo", "seulement",
	"again", "wieder", "otra", "vez", "back", "more", "some", "other", "same", "one", "two", "votre",
	"can", "could", "will", "would", "should", "must", "kann", "können", "muss", "puede", "pueden", "peut", "peuvent",
	"get", "got", "gets", "goes", "going", "gone", "make", "made", "need", "needs", "want", "wants",
	"then", "dann", "entonces", "alors", "instead", "statt", "before", "after", "next", "vorher", "nachher", "antes", "después", "avant", "après")

// identHolder is the one current claim holding a name of a file, table
// or build a withdrawal says ("la comparaison avec referenz_2023.xlsx, on
// peut l'oublier" withdraws the rule to check against the old Excel
// reference referenz_2023.xlsx, said in German); nil when no such name is
// said, or it is not held by one claim alone.
func (m *memory) identHolder(tt []string) *claim {
	var found *claim
	for _, t := range tt {
		if !identLike(t) {
			continue
		}
		m.openHaving([]string{t}, 1)
		for _, c := range m.candidates([]string{t}) {
			if !c.current() || !slices.Contains(c.sterms, t) && !slices.Contains(c.vterms, t) {
				continue
			}
			if found != nil && found != c {
				return nil
			}
			found = c
		}
	}
	return found
}

// identLike reports a term spelled as a name of a file, table, flag or
// build rather than a word: five characters or more, letters joined to
// digits, or parts joined by "_" or "." ("referenz_2023.xlsx",
// "pacientes_old", "legacy.mdb").
func identLike(t string) bool {
	if len([]rune(t)) < 5 || cjkWord(t) {
		return false
	}
	letters := strings.IndexFunc(t, unicode.IsLetter) >= 0
	digits := strings.IndexFunc(t, unicode.IsDigit) >= 0
	return letters && (digits || strings.ContainsAny(strings.Trim(t, "_."), "_."))
}

// mostHeld is the one current claim a long withdrawal describes ("the
// OpenAPI client thing Dana told agents about, regenerating it by hand
// after handler changes"): it holds four of its words or more, two in
// five at least, and more of them than any other claim; nil when none.
func (m *memory) mostHeld(tt []string) *claim {
	if len(tt) < 6 {
		return nil
	}
	m.openHaving(probes(tt), 4)
	var best *claim
	most, second := 0, 0
	for _, c := range m.claims {
		if !c.current() {
			continue
		}
		ct := append(slices.Clone(c.sterms), c.vterms...)
		n := 0
		for _, t := range tt {
			if slices.ContainsFunc(ct, func(x string) bool { return akin(t, x) || inflected(t, x) }) {
				n++
			}
		}
		switch {
		case n > most:
			best, most, second = c, n, most
		case n > second:
			second = n
		}
	}
	if most < 4 || 5*most < 2*len(tt) || most == second {
		return nil
	}
	return best
}

// namesPerson reports a withdrawal (its terms tt) whose target is only a
// name ("Tom", "李昊").
func namesPerson(r hear.Retraction, tt []string) bool {
	w := strings.TrimSpace(r.Target)
	if cjkWord(w) {
		// A CJK name is terms of two characters each ("佐々", "々木"):
		// the withdrawal's words say it is a person's.
		i := strings.Index(r.Quote, w)
		return i >= 0 && len([]rune(w)) <= 4 && strings.IndexFunc(w, func(r rune) bool { return !isCJK(r) }) < 0 &&
			reCJKPersonGone.MatchString(strings.TrimLeft(r.Quote[i+len(w):], " "))
	}
	if len(tt) != 1 || strings.Contains(w, " ") {
		return false
	}
	if w == strings.ToUpper(w) && strings.ContainsFunc(w, unicode.IsLetter) && !hear.Departed(r) {
		// "we dropped CHF": an acronym, a currency or a code, no person.
		return false
	}
	// "tomasz left last week": a name written small, as it leaves.
	return properNoun(w, false) || w == strings.ToLower(w) && strings.HasPrefix(strings.ToLower(strings.TrimLeft(r.Quote, " ,.")), w+" ") && hear.Departed(r)
}

// reCJKPersonGone follows a CJK name in words saying its person left:
// an honorific, or a Chinese verb of leaving.
var reCJKPersonGone = regexp.MustCompile(`^(?:さん|様|くん|氏|已经|现在|上个月|上周|最近)*(?:さん|様|くん|氏|调去|调到|转岗|离职|去了|不在|休|走了|转到)`)

// alike reports claims that say one thing in other words: every two share
// most of their value's terms.
func alike(cs []*claim) bool {
	for i, a := range cs {
		for _, b := range cs[i+1:] {
			n := overlap(a.vterms, b.vterms)
			if u := len(a.vterms) + len(b.vterms) - n; u == 0 || 2*n < u {
				return false
			}
		}
	}
	return true
}

// Outcomes of one statement.
const (
	stDropped = iota
	stAdded
	stUpdated
	stConfirmed
)

// state takes in one statement of a session.
func (m *memory) state(session string, st hear.Statement) int {
	return m.take(st, addCite(nil, session, st.Entries...))
}

// take takes in a statement resting on cites (at least one; the last is
// the one that replaces what it replaces).
func (m *memory) take(st hear.Statement, cites []cite) int {
	text := strings.TrimSpace(st.Claim)
	if text == "" || len(cites) == 0 {
		return stDropped
	}
	nv := value{text: text, quote: strings.TrimSpace(st.Quote), kind: string(st.Kind), via: st.Via, pointer: st.Pointer, cites: cites, until: st.Until}
	if st.Via == "answer" && nv.pointer == "" {
		nv.pointer = st.Question
	}
	by := cites[len(cites)-1]
	denied, deniedOf := deniedValues(text)
	if len(denied) > 0 {
		// "no es 6,80 sino 6,40": the claim stating it says the new
		// value alone.
		nv.text = withoutDenied(nv.text, nil)
		text = nv.text
	}
	sterms := terms(st.Subject)
	said := sterms // the subject as said, before the values it replaces leave it
	// A version's stem ("Toolchain " of "Toolchain 13.2") names what
	// changed, not what went.
	values := slices.DeleteFunc(slices.Clone(st.Replaces), func(w string) bool {
		return w != "" && strings.ContainsAny(w[len(w)-1:], ": @=-")
	})
	if len(values) > 0 {
		// "OpenOCD はやめて probe-rs に移行": the value replaced is not
		// what the statement is about.
		if rest := minus(sterms, terms(strings.Join(values, " "))); len(rest) < len(sterms) {
			sterms = rest
			gone := terms(strings.Join(values, " "))
			st.Subject = strings.Join(slices.DeleteFunc(strings.Fields(st.Subject), func(w string) bool {
				wt := terms(w)
				return len(wt) > 0 && containsTerms(gone, wt)
			}), " ")
			if len(rest) == 0 {
				st.Subject = ""
			}
		}
	}
	vterms := terms(text)

	// Claims whose current value holds the words the statement says are
	// no longer current.
	var replaced []*claim
	for _, w := range append(slices.Clone(st.Replaces), st.Versions...) {
		wt := terms(w)
		if len(wt) == 0 || len(w) < 3 {
			continue // "No": names nothing that was
		}
		// "jeudi c'est" of "passation le mardi 14h désormais, c'est plus
		// pratique": a day paired with a word that names nothing is a
		// day of no subject, and replaces only a claim that shares a
		// word with the statement, not every claim said on Thursdays.
		lone := len(wt) == 1 && len(strings.Fields(w)) > 1
		if deniedIn(text, w) || placeLeft(text, w) {
			// "HSTS is handled by the ingress, not Django": Django is
			// denied of what the statement is about, and stays in what
			// else memory says of it.
			lone = true
		}
		var others []string
		if lone {
			others = minus(vterms, wt)
		}
		m.openHaving(wt, len(wt))
		cands := m.candidates(wt)
		stem := strings.ContainsAny(w[len(w)-1:], "-:@=")
		if len(wt) == 1 && len(valueOf(w)) > 0 {
			// A value may open a longer one ("airflow-sched-02" in
			// "airflow-sched-02.tidewater.internal"): a term of its own.
			cands = m.claims
		} else if stem && slices.Contains(st.Replaces, w) {
			// "nixos-" opens "nixos-24.05", a term of its own: every
			// claim is looked at, as for a forget.
			m.openAll()
			cands = m.claims
		}
		pair := pairsWith(w, said)
		// A release said without "now" or "instead" (a stem of
		// st.Versions, not of st.Replaces) of a thing the statement names
		// is that thing's: "Der Service ist einlass: …, Postgres 16"
		// leaves "seedkeeper is django 4.2 on postgres 15".
		implicit := slices.Contains(st.Versions, w) && !slices.Contains(st.Replaces, w)
		// "2 costumes" is "two costumes" too.
		counted := slices.ContainsFunc(wt, isDigits)
		found := false
		from := len(replaced)
		for _, c := range cands {
			if lone && overlap(others, c.vterms) == 0 {
				continue
			}
			if implicit && c.current() && otherThing(said, vterms, c) {
				continue
			}
			if pair && !containsTerms(append(slices.Clone(c.sterms), c.vterms...), said) {
				// "seconds timeout" of "the kakakax session timeout is
				// 777 seconds now" replaces the session timeout, not
				// every timeout said in seconds.
				continue
			}
			if c.current() && (containsTerms(c.vterms, wt) || counted && containsTerms(digitTerms(c.vterms), wt) || tokenPrefix(c.cur.text, w) || stem && stemOpens(c.cur.text, w)) && otherVersion(w, c.cur.text, text) && !slices.Contains(replaced, c) &&
				!compoundHeadOnly(c.cur.text, w) {
				replaced = append(replaced, c)
				found = true
			}
		}
		if t := timeOnly(w); t != "" && len(replaced)-from > 1 {
			// A time several claims hold ("17:00" of the truck cutoff
			// and of caddie bookings): the ones sharing most words with
			// what the statement says, then with its lead-in.
			replaced = slices.Concat(replaced[:from], sharingWords(sharingWords(replaced[from:], minus(vterms, wt)), minus(terms(st.Topic), wt)))
		}
		if t := timeOnly(w); t != "" && !found {
			// "nicht mehr 18 Uhr" of "les réservations ferment la veille
			// à 18h": a time of day spelled otherwise names the one
			// current claim holding it.
			// Its hour, as any spelling writes it ("18" of 18h, 18 Uhr,
			// 18:00; "0" of midnight).
			hour, _, _ := strings.Cut(t, ":")
			m.openHaving([]string{cmp.Or(strings.TrimLeft(hour, "0"), "0")}, 1)
			var holding []*claim
			for _, c := range m.claims {
				if c.current() && !slices.Contains(replaced, c) && slices.ContainsFunc(c.valueToks(), func(v valueTok) bool { return v.kind == vkTime && v.text == t }) {
					holding = append(holding, c)
				}
			}
			if len(holding) > 1 {
				// Of several claims holding the time, the one sharing
				// a word with what the statement and its lead-in say
				// ("Im Winter ist der Platz eine Stunde früher zu" —
				// "Annahmeschluss 16:00 statt 17:00" ends "nimmt der
				// Platz bis 17 Uhr an").
				holding = sharingWords(sharingWords(holding, minus(vterms, wt)), minus(terms(st.Topic), wt))
			}
			if len(holding) == 1 {
				replaced = append(replaced, holding[0])
			}
		}
	}

	for _, d := range st.Takes {
		// "priya's got the gps ingest now": whoever memory gives the
		// duty to no longer has it.
		for _, c := range m.dutyHolders(d, st.Holder, st.Lang) {
			if !slices.Contains(replaced, c) {
				replaced = append(replaced, c)
			}
		}
	}

	for i, d := range denied {
		// The value denied is the one replaced, in a claim of what the
		// words before the denial name ("ユウタの休み、火曜じゃなくて水曜"
		// replaces Yuta's Tuesday, not every Tuesday).
		dt := terms(d)
		of := minus(terms(deniedOf[i]), dt)
		m.openHaving(dt, len(dt))
		for _, c := range m.candidates(dt) {
			if c.current() && containsTerms(c.vterms, dt) && overlap(of, c.vterms) > 0 && !slices.Contains(replaced, c) {
				replaced = append(replaced, c)
			}
		}
	}

	match := m.subjectMatch(sterms)
	if match != nil && match.cur != nil && otherProduct(valueOf(text), match.valueToks()) {
		// "the backend is on Python 3.12 now" leaves "the backend runs
		// Django 4.2": a release of another product, said of the same.
		match = nil
	}
	if match == nil {
		// The agent asked again in other words, and the answer changed.
		match = m.reasked(st, by.session)
	}
	if match != nil && match.cur != nil && !sameValue(match, vterms) && len(replaced) == 0 && !saysChange(st) &&
		cited(match.cur.cites, by.session) {
		// Two things said of one subject in one session, neither a
		// change ("logs go to Datadog", "log with slog"): two claims.
		match = nil
		c := &claim{area: st.Area, subject: strings.TrimSpace(st.Subject), lang: st.Lang, cur: &nv, seen: m.gen, since: m.gen}
		c.reterm()
		m.insert(c)
		return stAdded
	}
	if match == nil {
		// The same fact in other words, whatever its subject.
		match = m.sameFact(vterms, sterms)
		if match != nil && sameValue(match, vterms) {
			return m.confirm(match, nv)
		}
		match = nil
	}
	if len(replaced) > 0 && (match == nil || !slices.Contains(replaced, match) && !sameValue(match, vterms)) {
		// The claim holding the value the statement replaces is the one
		// it changes: "la prod tourne sous PostgreSQL 16" changes the
		// claim naming PostgreSQL 13, not another one about production.
		match = closestSubject(replaced, said)
	}
	if match == nil {
		// The same subject in other words: a value of the same kind
		// said of the same thing.
		match = m.slotMatch(st, sterms, vterms)
	}
	if match != nil && match.cur != nil && stillSaid(st.Quote, match) {
		// "card payments go through Paddle now, refunds are still
		// booked in Xero": what the statement says stays is no value it
		// replaces.
		match = nil
	}
	replaced = slices.DeleteFunc(replaced, func(c *claim) bool { return c.cur != nil && stillSaid(st.Quote, c) })
	// "we moved the texts over to ClickSend, Textlocal kept failing":
	// the value replaced, named in passing, in a clause the claim
	// stating the change leaves out.
	named := m.namedBeside(st, by.session)
	switch {
	case named == nil:
	case match == nil && len(replaced) == 0 && named.shared >= 2:
		// Two words besides the values tie a claim to a change that
		// names it in passing only.
		replaced = append(replaced, named.of)
		st.Replaces = append(slices.Clone(st.Replaces), named.old)
	case named.of != match && !slices.Contains(replaced, named.of):
		named = nil // another claim changes: the clause may say why
	}
	if st.IfChanging && (match == nil && len(replaced) == 0 || match != nil && match.cur != nil && sameValue(match, vterms)) {
		// A value set inside a task changes what memory holds, or says
		// nothing.
		return stDropped
	}
	// What the statement replaces, so that the claim stating it now does
	// not name it again.
	var olds []string
	if match != nil && match.cur != nil && (!sameValue(match, vterms) || changesValue(text, match.cur.text, st.Replaces)) {
		// The value a relative change worked out ("… (now 8 %)") is the
		// current one, not the value replaced.
		olds = append(olds, reNowNote.ReplaceAllString(match.cur.text, ""))
	}
	for _, c := range replaced {
		if c.cur == nil {
			continue
		}
		olds = append(olds, c.cur.text)
		if c == match {
			continue
		}
		// A claim saying two things keeps the one the statement leaves.
		if rest, ok := otherPart(c.cur.text, answerOnly(text), sterms); ok && !bareRest(rest) {
			m.keepRest(c, rest, endReplaced, by, "")
		} else {
			m.end(c, endReplaced, by)
		}
	}
	if match != nil && match.cur != nil && !slices.Contains(replaced, match) {
		m.endSiblings(match, valueOf(text), by)
	}
	// "on arrête de publier le lundi, les mises à jour partent le
	// mercredi": the day a withdrawal in the same words ended is no
	// value of the statement's.
	olds = append(olds, m.endedIn(st.Quote)...)
	if len(olds) > 0 || len(st.Replaces) > 0 {
		nv.text = questionWithoutOld(withoutOldReason(withoutOld(nv.text, olds, st.Replaces, sterms), olds), olds)
	} else if changed(unframed(nv.text)) {
		nv.text = withoutOldAside(nv.text, nil)
	} else {
		// "la zona B no es 6,80 sino 6,40", whichever claim held 6,80.
		nv.text = withoutDenied(nv.text, nil)
	}
	nv.text = withoutGoneClause(withoutSaidFrom(stillAnswered(nv.text)))
	if named != nil {
		nv.text = withoutNamedClauses(nv.text, named.old, named.fresh)
	}
	if len(olds) > 0 {
		// A value that replaced another is a change, whatever its words
		// ("set training to 64k tokens per GPU"): it is listed as one.
		nv.told, nv.toldOf = toldReplaced, nv.text
	}
	// A page named after the value the statement replaces ("jetstream")
	// would name it still: the claim moves to its new topic's page.
	rehome := match != nil && match.page != nil && len(olds) > 0 &&
		(overlap(terms(match.page.topic), minus(terms(strings.Join(olds, " ")), union(terms(nv.text), sterms))) > 0 ||
			m.outgrown(match.page, match, union(terms(nv.text), sterms)))
	if match == nil {
		c := &claim{area: st.Area, subject: strings.TrimSpace(st.Subject), lang: st.Lang, cur: &nv, seen: m.gen, since: m.gen}
		c.reterm()
		m.insert(c)
		return stAdded
	}
	if match.cur != nil && sameValue(match, vterms) && !changesValue(text, match.cur.text, st.Replaces) && !slices.Contains(replaced, match) {
		return m.confirm(match, nv)
	}
	if match.cur != nil {
		// A claim saying two things keeps the one the statement leaves.
		if rest, ok := otherPart(match.cur.text, answerOnly(text), sterms); ok && !bareRest(rest) {
			m.keepRest(match, rest, endReplaced, by, "")
			c := &claim{area: st.Area, subject: strings.TrimSpace(st.Subject), lang: st.Lang, cur: &nv, seen: m.gen, since: m.gen}
			c.reterm()
			m.insert(c)
			return stUpdated
		}
	}
	if match.cur != nil {
		old := *match.cur
		old.end, old.by = endReplaced, by
		match.past = append([]value{old}, match.past...)
	}
	match.cur = &nv
	if s := strings.TrimSpace(st.Subject); s != "" {
		m.unindex(match)
		match.subject = s
	}
	if st.Lang != "" {
		match.lang = st.Lang
	}
	match.seen = m.gen
	match.reterm()
	m.index(match)
	if rehome {
		m.rehome(match)
	}
	m.touch(match)
	return stUpdated
}

// endSiblings ends the claims said in the same entry as c that hold a
// value of c's the new values (ns) replace: "we're on Rust 1.79 now, so
// rust-toolchain should say 1.79" made two claims, and the change to 1.81
// leaves neither. Only versions, hosts, addresses and ids are followed:
// a count or an hour the two share may be of two things.
func (m *memory) endSiblings(c *claim, ns []valueTok, by cite) {
	var gone []string
	for _, o := range c.valueToks() {
		if o.kind != vkVersion && o.kind != vkHost && o.kind != vkURL && o.kind != vkID {
			continue
		}
		if ts := changedValues(ns, []valueTok{o}); len(ts) > 0 && len(changedValues(ns, c.valueToks())) > 0 {
			gone = union(gone, terms(o.text))
		}
	}
	if len(gone) == 0 {
		return
	}
	m.openHaving(gone, len(gone))
	for _, s := range m.candidates(gone) {
		if s == c || !s.current() || !containsTerms(s.vterms, gone) || !sharesEntry(s.cur.cites, c.cur.cites) {
			continue
		}
		m.end(s, endReplaced, by)
	}
}

// reNowNote is the value a relative change worked out, after the user's
// words (applyRelative).
var reNowNote = regexp.MustCompile(`\s*\(now [^()]*\)$`)

// sharingWords is the claims of cs whose current value shares most of the
// telling terms of words (no common word, no number), or all of cs when
// none shares any.
func sharingWords(cs []*claim, words []string) []*claim {
	words = slices.DeleteFunc(slices.Clone(words), func(t string) bool {
		return commonWord[t] || !cjkWord(t) && (utf8.RuneCountInString(t) < 3 || strings.ContainsFunc(t, unicode.IsDigit))
	})
	var out []*claim
	most := 0
	for _, c := range cs {
		switch n := overlap(words, c.vterms); {
		case n > most:
			out, most = []*claim{c}, n
		case n == most && n > 0:
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cs
	}
	return out
}

// closestSubject is the claim of cs whose subject shares most terms with
// st: of the claims a statement replaces, the one it now states ("the
// session timeout is 777 seconds now" replaces every claim of seconds it
// names, and states the session timeout's). At a tie, the first in cs.
func closestSubject(cs []*claim, st []string) *claim {
	best, most := cs[0], overlap(st, cs[0].sterms)
	for _, c := range cs[1:] {
		if n := overlap(st, c.sterms); n > most {
			best, most = c, n
		}
	}
	return best
}

// otherPart is what an earlier claim (old) states besides the part a
// statement (its text and subject terms) changes, and true, when the
// claim says two things: the part is named by the value the statement
// replaces ("测试环境是 api-test.x.cn，测试账号用 qa_01" changed by a new
// host), else by the words the two share.
func otherPart(old, text string, sterms []string) (string, bool) {
	ov := valueOf(old)
	if n := count(ov, vkTime); n > 1 {
		// Of several hours, the one the statement's words label is the
		// one it changes ("チェックアウトを11時に" changes checkout's, not
		// check-in's).
		ct := terms(unframed(text))
		labelledOnly := slices.DeleteFunc(slices.Clone(ov), func(o valueTok) bool {
			return o.kind == vkTime && !labelled(old, []valueTok{o}, vkTime, ct) && !hourSentenceShares(old, o, ct)
		})
		if c := count(labelledOnly, vkTime); c > 0 && c < n {
			ov = labelledOnly
		}
	}
	// "staging isn't on render.com anymore — …, deploys with kamal same
	// as prod": the value the statement says is gone names the part that
	// goes, whatever words the rest shares with the claim's other parts.
	if gone := goneValues(unframed(text), ov); len(gone) > 0 {
		if rest, ok := otherClauses(old, gone); ok {
			return rest, true
		}
	}
	ns := valueOf(text)
	vs := changedValues(ns, ov)
	if len(vs) > 1 && len(ns) == 1 {
		// "6 semaines pour le Marseille …, et 4 semaines pour les savons
		// parfumés" of "pour les parfumés, on passe la cure à cinq
		// semaines": of several values the one new value could change,
		// those said beside the statement's own words.
		tt := minus(terms(unframed(text)), sterms)
		if m := reScopeLead.FindStringSubmatch(lastQuoteOr(text)); m != nil {
			tt = terms(m[1]) // "pour les parfumés, …": what it is said of
		}
		vs = besideWords(old, vs, tt)
	}
	if st := stayingTerms(text, sterms); len(st) > 0 && len(vs) > 1 {
		// "…, el de estudio se queda igual": a value said in the clause
		// of what the change says stays is not one it changes.
		parts := reClauseSep.Split(old, -1)
		vs = slices.DeleteFunc(vs, func(v string) bool {
			return slices.ContainsFunc(parts, func(p string) bool {
				return overlap(terms(p), st) > 0 && strings.Contains(p, spelledIn(p, v))
			})
		})
		for i, v := range vs {
			vs[i] = spelledIn(old, v)
		}
	}
	if len(vs) > 0 {
		if rest, ok := otherClauses(old, vs); ok {
			return rest, true
		}
		if rest, ok := withoutRelease(old, ns, ov); ok {
			return rest, true
		}
	}
	rest, ok := otherClauses(old, sharedWords(text, sterms, old))
	if ok && slices.ContainsFunc(vs, func(v string) bool { return strings.Count(old, v) > 1 && strings.Contains(rest, v) }) {
		// "QC 的 RIN 阈值是 7.0，低于 7.0 的不送测序": a part saying the
		// changed value again goes with it.
		return "", false
	}
	return rest, ok
}

// goneValues are the old values (ov) a clause of text says are gone:
// "isn't on render.com anymore", "no longer X", "nicht mehr auf X".
func goneValues(text string, ov []valueTok) []string {
	var out []string
	for _, part := range reClauseSep.Split(text, maxParts) {
		if !reGoneCue.MatchString(part) {
			continue
		}
		l := strings.ToLower(part)
		for _, o := range ov {
			if o.kind != vkCount && len(o.text) > 2 && strings.Contains(l, o.text) && !slices.Contains(out, o.text) {
				out = append(out, o.text)
			}
		}
	}
	return out
}

// reGoneCue says a value is gone.
var reGoneCue = regexp.MustCompile(`(?i)\b(?:isn't|is not|aren't|are not|no longer|not any ?more|any ?more|nicht mehr|kein(?:e|en)? .{1,30} mehr|ya no|ne .{1,30} plus|n'.{1,30} plus)\b`)

// spelledIn is value v as text writes it: "6.800" or "6,800" for the
// count 6800; v itself when text writes it so or not at all.
func spelledIn(text, v string) string {
	if strings.Contains(text, v) {
		return v
	}
	for _, w := range reGroupedNumber.FindAllString(text, -1) {
		if strings.NewReplacer(".", "", ",", "").Replace(w) == v {
			return w
		}
	}
	return v
}

// reGroupedNumber is a number with its thousands marked ("6.800", "6,800").
var reGroupedNumber = regexp.MustCompile(`\d{1,3}(?:[.,]\d{3})+`)

// stayingTerms are the words of text's clauses that say a thing stays as
// it was ("…, el de estudio se queda igual": "estudio"), without the
// subject's (sterms).
func stayingTerms(text string, sterms []string) []string {
	var out []string
	for _, p := range reInnerClauseEnd.Split(lastQuoteOr(text), -1) {
		if m := hear.Unchanged(p); m != nil {
			out = union(out, minus(terms(p[:m[0]]), sterms))
		}
	}
	return out
}

// answerOnly is a claim's text without the question it answers, when it
// answers one: the values the question quotes are not the answer's.
func answerOnly(text string) string {
	if _, answer, ok := splitAnswer(text); ok {
		return hear.Verbatim(answer)
	}
	return text
}

// stillAnswered is an answer to a question asking whether a value still
// holds ("Is the release still the fortnightly Wednesday slot?", "…相談
// する相手は、引き続き高橋さんでよいですか？") without the values the
// answer gives another of ("we release weekly now", "今は中村さんです"),
// whichever claim held them: the question names what changed from. A
// value the answer confirms, or one of a kind it gives none of, stays.
func stillAnswered(text string) string {
	q, answer, ok := splitAnswer(text)
	if !ok || !reStillHeld.MatchString(q) {
		return text
	}
	// What the answer says, lowered once: the kinds of value it gives and
	// their texts.
	lower := strings.ToLower(answer)
	given := map[string][]string{}
	for _, g := range valueOf(answer) {
		given[g.kind] = append(given[g.kind], strings.ToLower(g.text))
	}
	var olds []string
	for _, v := range valueOf(q) {
		lv := strings.ToLower(v.text)
		if strings.Contains(lower, lv) || !slices.ContainsFunc(given[v.kind], func(g string) bool { return g != lv }) {
			continue
		}
		if olds = append(olds, v.text); len(olds) > maxBeside {
			return text // a question naming that many values is a pasted list
		}
	}
	if len(olds) == 0 {
		return text
	}
	return questionWithoutOld(text, olds)
}

// splitAnswer splits the claim of an answer into the question it answers
// and the answer's words (without the closing quote mark), and reports
// whether text is such a claim.
func splitAnswer(text string) (question, answer string, ok bool) {
	rest, ok := strings.CutPrefix(text, hear.AnswerLead)
	if !ok {
		return "", "", false
	}
	i := strings.Index(rest, hear.AnswerMid)
	if i < 0 {
		return "", "", false
	}
	return rest[:i], strings.TrimSuffix(rest[i+len(hear.AnswerMid):], "”"), true
}

// questionWithoutOld is an answer that replaces earlier claims (olds)
// with the values they held cut from its question, where the answer does
// not say them: "Asked “Both start at 02:30. Where should the backup
// go?”, the user answered: “An hour later (03:30)”" holds 02:30 no more.
func questionWithoutOld(text string, olds []string) string {
	q, answer, ok := splitAnswer(text)
	if !ok {
		return text
	}
	// A name or a tool the question asks about may be what the answer
	// speaks of ("Is Postgres still on 14?" — "16"); it is the old value
	// only when the answer gives another name or tool ("Do alerts still
	// go through PagerDuty?" — "Opsgenie now").
	var given []valueTok
	read := false
	for _, o := range olds {
		for _, v := range valueOf(unframed(o)) {
			if len(v.text) < 2 || strings.Contains(answer, v.text) {
				continue
			}
			if v.kind == vkName || v.kind == vkTool {
				if !read {
					given, read = valueOf(answer), true
				}
				if !slices.ContainsFunc(given, func(g valueTok) bool { return g.kind == vkName || g.kind == vkTool }) {
					continue
				}
				// A name's value is lower case; the question spells it.
				if lq := strings.ToLower(q); len(lq) == len(q) {
					if j := strings.Index(lq, v.text); j >= 0 {
						q = withoutToken(q, q[j:j+len(v.text)])
					}
				}
				continue
			}
			q = withoutToken(q, v.text)
		}
	}
	// The closing quote mark splitAnswer took off, when there was one.
	return hear.AnswerLead + q + hear.AnswerMid + answer + text[len(strings.TrimSuffix(text, "”")):]
}

// withoutToken is s with every whole occurrence of token t (not one
// inside a longer word or number: "14" of "2014") marked "…". Chinese and
// Japanese write no spaces: a token beside their letters stands whole
// ("今も月1回の CSV").
func withoutToken(s, t string) string {
	asciiWord := func(r rune) bool { return r < utf8.RuneSelf && wordRune(r) }
	var b strings.Builder
	for {
		i := strings.Index(s, t)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(t):])
		whole := (i == 0 || !asciiWord(before)) && (i+len(t) == len(s) || !asciiWord(after))
		b.WriteString(s[:i])
		if whole {
			b.WriteString("…")
		} else {
			b.WriteString(t)
		}
		s = s[i+len(t):]
	}
}

// withoutOldReason is a claim that replaces earlier ones (olds) without
// its last clause when that clause names only what the earlier ones named
// (a product or a name) and says nothing new: "movimos la web a
// Cloudflare Pages, Netlify nos cobraba el ancho de banda" keeps where the
// site is, not why Netlify went. A clause before it naming the old one
// too leaves the claim as it is.
func withoutOldReason(text string, olds []string) string {
	open, end, quote, ok := lastQuote(text)
	if !ok {
		return text
	}
	var names []string
	for _, o := range olds {
		for _, v := range valueOf(unframed(o)) {
			names = append(names, strings.ToLower(v.text))
		}
	}
	seps := reInnerClauseEnd.FindAllStringIndex(quote, -1)
	if len(names) == 0 || len(seps) == 0 {
		return text
	}
	last := seps[len(seps)-1]
	head, tail := quote[:last[0]], quote[last[1]:]
	if reWentBack.MatchString(tail) {
		// "…, so we went back to 10.4": where things stand now.
		return text
	}
	// "…, so the doppler bits in the README are stale": a consequence
	// of the change names what went in any case.
	consequence := reConsequenceLead.MatchString(tail)
	named := func(s string) bool {
		for _, v := range valueOf(s) {
			if slices.Contains(names, strings.ToLower(v.text)) {
				return true
			}
		}
		return consequence && slices.ContainsFunc(names, func(n string) bool {
			return utf8.RuneCountInString(n) >= 4 && withoutToken(strings.ToLower(s), n) != strings.ToLower(s)
		})
	}
	if !named(tail) || named(head) || len(valueOf(head)) == 0 {
		return text
	}
	for _, v := range valueOf(tail) {
		if !slices.Contains(names, strings.ToLower(v.text)) {
			return text // the clause says something new
		}
	}
	return text[:open+len("“")] + strings.TrimSpace(head) + " …" + text[end:]
}

// withoutGoneClause is a change claim without its last clause when that
// clause only says why something named nowhere else in the claim went
// (it failed, cost too much, closed, its holder left): "the newsletter
// moved to Buttondown, Mailchimp's free plan shrank" states where the
// newsletter is; what went is the value replaced, not a current one.
// Likewise a first clause saying who left, before the clause saying who
// does the work now, when the rest does not point back at it. The page
// keeps the user's whole words; the claim marks the cut with "…".
func withoutGoneClause(text string) string {
	open, end, quote, ok := lastQuote(text)
	if !ok {
		return text
	}
	seps := reInnerClauseEnd.FindAllStringIndex(quote, -1)
	if len(seps) == 0 {
		return text
	}
	// named reports a part naming a thing (a name or a value) that the
	// other part does not name.
	named := func(part, other string) bool {
		lo := strings.ToLower(other)
		n := 0
		for _, ix := range wordSpans(part) {
			w := part[ix[0]:ix[1]]
			w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
			r, _ := utf8.DecodeRuneInString(w)
			if len(w) < 2 || termStop[strings.ToLower(w)] || !unicode.IsUpper(r) && !strings.ContainsAny(w, "0123456789#-_.") {
				continue
			}
			if strings.Contains(lo, strings.ToLower(w)) {
				return false
			}
			n++
		}
		for _, v := range valueOf(part) {
			if strings.Contains(lo, strings.ToLower(v.text)) {
				return false
			}
			n++
		}
		if n == 0 {
			// "信義店現在太忙了": a CJK part names its thing first.
			rs := []rune(strings.TrimSpace(part))
			if len(rs) >= 2 && cjkWord(string(rs[:2])) && !strings.Contains(other, string(rs[:2])) {
				n++
			}
		}
		return n > 0
	}
	last := seps[len(seps)-1]
	head, tail := quote[:last[0]], quote[last[1]:]
	// A value said to be a typo is the old one, whatever else the
	// clause shares with the rest ("…, the 30 MB I gave you was a typo").
	typo := reTypo.MatchString(tail) && slices.ContainsFunc(valueOf(tail), func(v valueTok) bool {
		return !strings.Contains(strings.ToLower(head), strings.ToLower(v.text))
	})
	if (typo || reOldWent.MatchString(tail) && named(tail, head)) && !reWentBack.MatchString(tail) && saysNew(head) {
		return text[:open+len("“")] + strings.TrimSpace(head) + " …" + text[end:]
	}
	first := seps[0]
	head, rest := quote[:first[0]], quote[first[1]:]
	left := reOldLeft.MatchString(head) && named(head, rest)
	dropped := reOldDropped.MatchString(head) && !holdsAmount(head) && (named(head, rest) || droppedUnnamed(head, rest))
	// A pronoun in the rest may lean on the first clause; after one
	// saying someone is only away (reAway) any pronoun does: who covers
	// leans on the absence.
	leans := reAway.MatchString(head) && rePointsBack.MatchString(rest) || pointsBackPast(rest)
	if (left || dropped) && saysNew(rest) && !leans {
		return text[:open+len("“")] + "… " + strings.TrimSpace(rest) + text[end:]
	}
	return text
}

// saysNew reports a part saying what holds now: a change, a rule from now
// on, a new holder or a duty taken over.
func saysNew(part string) bool {
	return changed(part) || reFromNow.MatchString(part) || reNewHolder.MatchString(part) || reWentBack.MatchString(part)
}

// droppedUnnamed reports a clause that gives up a thing (reOldDropped)
// whose word, written in any case, the rest does not say: the first word
// after a verb of dropping that is no stop word ("we left the things
// network"), or the word before a CJK cue written after what it drops
// ("nextest はやめて").
func droppedUnnamed(head, rest string) bool {
	ix := reOldDropped.FindStringIndex(head)
	if ix == nil {
		return false
	}
	if strings.HasPrefix(strings.TrimLeft(head[ix[1]:], " "), "…") {
		return true // "hemos dejado …": its word was cut already
	}
	spans := wordSpans(head)
	w := ""
	if r, _ := utf8.DecodeRuneInString(head[ix[0]:]); isCJK(r) {
		for _, sp := range spans {
			if sp[1] <= ix[0] && strings.ContainsFunc(head[sp[0]:sp[1]], func(r rune) bool { return !isCJK(r) && unicode.IsLetter(r) }) {
				w = head[sp[0]:sp[1]]
			}
		}
	} else {
		for _, sp := range spans {
			if t := strings.ToLower(head[sp[0]:sp[1]]); sp[0] >= ix[1] && !termStop[t] {
				w = t
				break
			}
		}
	}
	return utf8.RuneCountInString(w) >= 3 && !strings.Contains(strings.ToLower(rest), strings.ToLower(w))
}

// holdsAmount reports a part holding a number, a time or a day: "we
// dropped the price to 40 euros" lowers a value, it gives up nothing.
func holdsAmount(part string) bool {
	// "2) on abandonne NetBox": the number of a list's item is no amount.
	part = reItemNumber.ReplaceAllString(part, "")
	return slices.ContainsFunc(valueOf(part), func(v valueTok) bool {
		return v.kind == vkCount || v.kind == vkVersion || v.kind == vkTime || v.kind == vkDay || v.kind == vkPeriod
	})
}

// reItemNumber opens a numbered item ("2) ", "3. ").
var reItemNumber = regexp.MustCompile(`^\s*\d{1,2}[).]\s+`)

// reOldDropped opens a sentence with what was given up: a tool dropped
// or left, a duty no longer done ("we ditched Jenkins, …", "hemos
// dejado Trello, …", "on a viré Sentry, …", "Jira 不用了，…").
var reOldDropped = regexp.MustCompile(`(?i)\b(?:dropped|ditched|scrapped|abandoned|got rid of|stopped using|left|quit)\b|\bno longer\b|\b(?:any ?more|any longer)$` +
	`|\b(?:dejado|dejamos|abandonado|abandonamos|quitado|quitamos|descartado|descartamos|se acab[óo])(?:$|[^\pL])|\bya no\b` +
	`|\b(?:viré|virée|abandonné|abandonnée|lâché|arrêté|laissé tomber|abandonne|abandonnons)(?:$|[^\pL])|\bn['’](?:\pL+ )?(?:en )?(?:a|avons|utilise|utilisons|fait|fais) plus\b` +
	`|\b(?:abgeschafft|aufgegeben|abgelöst|rausgeworfen|nicht mehr)\b` +
	`|不传了|不用了|不再|停了|弃用|去掉了|不做了|不要了|やめ|廃止|使わな`)

// reNewHolder says who or what is new in a role, or took a duty over.
var reNewHolder = regexp.MustCompile(`(?i)\b(?:new|neue[rsn]?|nouvel(?:le)?|nouveau|nuev[oa])\b|\b(?:took over|takes over|has taken over|settled on|went with|switched to|reprend|a repris|se encarga ahora)\b|` + hear.OpensWord + `(?:übernimmt|übernommen|übernahm|maintenant|ahora|jetzt|now)\b|接手|接管|以后|现在|引き継|今は|これから`)

// reOldWent says why a thing went: it failed, cost or took too much,
// closed or was retired, or its holder left.
var reOldWent = regexp.MustCompile(`(?i)\b(?:kept|keeps) (?:failing|crashing|breaking|timing out|dropping)\b|\bgot (?:too |way too )?(?:pricey|expensive|slow|flaky|corrupted|unreliable|noisy)\b|\b(?:is|was|were|are|got) (?:way |far |much |just )?too (?:pricey|expensive|slow|flaky|noisy|unreliable|busy)\b|\b(?:went|has gone|is going) (?:bust|under)\b|\b(?:shut down|shrank|raised (?:their|its) prices?)\b|\b(?:is|was|got|has been) (?:deprecated|discontinued|retired|archived|sunset)\b` +
	`|\bzu (?:teuer|langsam|laut|unzuverlässig)\b|\b(?:ist|wurde) (?:eingestellt|abgekündigt|abgeschaltet|archiviert)\b|\bin (?:Rente|Elternzeit|Mutterschutz)\b|\bgewechselt\b` +
	`|\bdemasiado (?:caro|cara|lento|lenta)\b|\bse nos hac[ií]a (?:largo|caro|lento)\b|\b(?:cerró|ya lo cancelé|se jubiló)(?:$|[^\pL])` +
	`|\btrop (?:lente?|ch[eè]re?|bruyante?)\b|\b(?:a fermé|est déprécié|est obsolète|est partie?)(?:$|[^\pL])` +
	`|\b(?:faisait|fait) planter\b|\bplantait\b|\bfallaba\b|\bdaba (?:muchos |demasiados )?(?:errores|problemas|fallos)\b|\bkept (?:bouncing|erroring|flaking)\b|\bstürzte (?:ständig |dauernd )?ab\b` +
	`|\b(?:since|as|because|now that) \pL+ (?:moved|went back|has gone back|'s gone back|left|retired|quit)\b` +
	`|太(?:忙|贵|慢|吵|卡)了|归档了|退了|离职了|停用了|下线了|辞め|退職|引退|廃止`)

// withoutSaidFrom is a change claim without the value it says it changed
// from, whichever claim held it: "dns moved from お名前.com to Cloudflare",
// "シフト作りは田中さんから森由美さんに引き継ぎ", "短信从阿里云换成腾讯云"
// state the second value only. A number, a time or a day after "from"
// opens a range ("open from 9 to 5 now"), and a word in lower case is
// rarely a value: both stay, as does a "from" in a claim that tells no
// change. Within the user's words the cut is marked "…".
func withoutSaidFrom(text string) string {
	open, end, quote, ok := lastQuote(text)
	if !ok {
		return text
	}
	cut := quote
	if changed(quote) {
		cut = reLatinFrom.ReplaceAllStringFunc(quote, func(m string) string {
			sm := reLatinFrom.FindStringSubmatch(m)
			x := strings.TrimRight(sm[2], ",")
			if !strings.ContainsFunc(x, func(r rune) bool { return r < 'a' || r > 'z' }) || holdsAmount(x) {
				return m
			}
			return "… " + sm[3]
		})
	}
	// The CJK shapes name the change themselves.
	cut = reCJKFrom.ReplaceAllString(cut, "…$1")
	cut = reCJKFromTo.ReplaceAllString(cut, "…$1")
	if cut == quote {
		return text
	}
	return text[:open+len("“")] + cut + text[end:]
}

// reLatinFrom is "from X to", "von X auf"; reCJKFrom "XさんからYに…"
// (a Japanese name with its honorific: "来シーズンから" says when, not
// from whom); reCJKFromTo "从X换成Y". X is a name, not a number.
var (
	reLatinFrom = regexp.MustCompile(`(?i)\b(from|von)\s+(\S+)\s+(to|auf|zu|nach)\b`)
	reCJKFrom   = regexp.MustCompile(`(?:[\p{Han}\p{Katakana}ー]{1,8}(?:さん|様|先生)|[A-Za-z][\w.-]{0,20}(?:さん|様|先生)?)から((?:[^、。，,]{1,20}?)(?:に|へ)(?:引き継|交代|変更|変わ|移|切り替え|担当))`)
	reCJKFromTo = regexp.MustCompile(`[从由](?:[\p{Han}\p{Katakana}A-Za-z][^，,。\s从由]{0,9}?)((?:改成|换成|改为|换到|迁到|切到|转到|搬到))`)
)

// pointsBackPast reports a part with a pronoun that may lean on what came
// before it: one after a name the part gives leans on that name ("…,
// English goes to Jason now, his Chinese is basic").
func pointsBackPast(part string) bool {
	ix := rePointsBack.FindStringIndex(part)
	if ix == nil {
		return false
	}
	before := part[:ix[0]]
	// A capitalized word that is no stop word names someone too, at the
	// part's start as well, where valueOf does not take it for a name
	// (properNoun, read as if inside a sentence).
	for _, sp := range wordSpans(before) {
		if properNoun(before[sp[0]:sp[1]], false) {
			return false
		}
	}
	return !slices.ContainsFunc(valueOf(before), func(v valueTok) bool { return v.kind == vkName })
}

// reTypo says a value given earlier was written wrong.
var reTypo = regexp.MustCompile(`(?i)\b(?:was|is) a typo\b|` + hear.OpensWord + `(?:était|est) une (?:coquille|faute de frappe)\b|\bera (?:una )?errata\b|\bwar ein Tippfehler\b|打错了|写错了|書き間違い|タイプミス`)

// reOldLeft opens a sentence with who or what left: a person gone on
// leave, retired, moved on; a thing shut down.
var reOldLeft = regexp.MustCompile(`(?i)\b(?:went|is|'s|has gone|is going) on (?:parental |maternity |paternity |sick )?leave\b|\b(?:retired|left the company|moved on|has left|handed (?:it|them) over|(?:went|moved|'s gone|has gone) back to)\b` +
	`|\b(?:ist|geht) (?:außerdem |jetzt |auch )?in (?:Rente|Elternzeit|Mutterschutz)\b|\bin Rente gegangen\b|\bgewechselt\b|\b(?:se jubiló|se fue|dejó de venir|passe au|est partie?|part à la retraite)(?:$|[^\pL])` +
	`|(?:去|回)[^，,。]{1,12}了$|离职了|退休了|辞めて|辞めた|退職|異動になって|引退して`)

// reWentBack says a thing went back to an earlier value.
var reWentBack = regexp.MustCompile(`(?i)\bback (?:to|on)\b|\brolled back\b|\breverted\b|zurück|\b(?:volvimos|volvemos)\b|\bde vuelta\b|\brev(?:enu|ient|enons)|回退|退回|回到|改回|戻`)

// reConsequenceLead opens a clause saying what follows from a change.
var reConsequenceLead = regexp.MustCompile(`(?i)^(?:(?:so|and so|which means|así que|por eso|donc|du coup|also|deshalb|daher|dadurch)\b|所以|因此|なので|だから)`)

// reInnerClauseEnd ends a clause within a sentence: a comma, a
// semicolon or a dash.
var reInnerClauseEnd = regexp.MustCompile(`[,;]\s+|[，；、]|\s+[—–]\s+`)

// withoutRelease is an earlier claim (old, its values ov) that names
// releases of several products, with the release of the one a statement
// (its values ns) moves elided, and true: "wir sind auf Symfony 6.4 und
// PHP 8.2" keeps Symfony's release when PHP moves to 8.3, whatever the
// sentence's clauses.
func withoutRelease(old string, ns, ov []valueTok) (string, bool) {
	products := 0
	var gone []valueTok
	for _, o := range ov {
		if o.kind != vkVersion && o.kind != vkCount || !released(o) {
			continue // "Node 18" is a release too
		}
		products++
		if slices.ContainsFunc(ns, func(n valueTok) bool { return n.text != o.text && sameRelease(n, o) }) {
			gone = append(gone, o)
		}
	}
	if len(gone) == 0 || products == len(gone) {
		return "", false
	}
	rest := old
	for _, o := range gone {
		re := regexp.MustCompile(`(^|[^\pL\d.])v?` + regexp.QuoteMeta(o.text) + `($|[^\pL\d]|\.(?:\D|$))`)
		rest = re.ReplaceAllString(rest, "${1}…${2}")
	}
	return rest, rest != old
}

// hourSentenceShares reports an hour of the day (v) said in a sentence
// of text that shares a word with ct besides hours.
func hourSentenceShares(text string, v valueTok, ct []string) bool {
	h := hourWritten(v)
	for _, sp := range reSentenceEnd.Split(text, -1) {
		if strings.Contains(sp, h) && overlap(minus(terms(sp), terms(h)), ct) > 0 {
			return true
		}
	}
	return false
}

// count is how many values of vs are of the kind.
func count(vs []valueTok, kind string) int {
	n := 0
	for _, v := range vs {
		if v.kind == kind {
			n++
		}
	}
	return n
}

// changedValues are the terms of the old values (os) that new values (ns)
// give another value of the kind of, of the same thing: what changed.
func changedValues(ns, os []valueTok) []string {
	var out []string
	for _, o := range os {
		if o.kind == vkName || slices.ContainsFunc(ns, func(n valueTok) bool { return n.kind == o.kind && n.text == o.text }) {
			continue
		}
		if replacedBy(o, ns, os) || o.kind == vkTool && toolPair(notAmong(ns, os), []valueTok{o}) {
			if o.kind == vkPhone {
				out = union(out, terms(o.units[0])) // "0151 2398 7740" as written
				continue
			}
			if h, ok := strings.CutSuffix(o.text, ":00"); ok && o.kind == vkTime {
				out = union(out, terms(h)) // "10時", "14 h": the hour as written
			}
			out = union(out, terms(o.text))
		}
	}
	return out
}

// sharedWords are the words of a statement (its text and subject terms)
// that an earlier claim's text holds, but for generic modifiers and
// change cues, and the tools it swaps for others of their kind: what
// names the part of the claim the statement changes.
func sharedWords(text string, sterms []string, old string) []string {
	words := slices.DeleteFunc(overlapAkin(union(sterms, terms(unframed(text))), terms(unframed(old))),
		func(t string) bool { return genericModifier[t] || changeCue.MatchString(t) })
	// A tool swapped for another of its kind names the part it changes.
	return union(words, swappedTools(valueOf(text), valueOf(old)))
}

// keepRest makes rest a claim's current text, its whole earlier value
// kept as history, ended how and by whom.
// noteEnded notes that the withdrawal said in quote ended a claim of text.
func (m *memory) noteEnded(quote, text string) {
	if m.endedBy != nil && quote != "" {
		m.endedBy[quote] = append(m.endedBy[quote], text)
	}
}

// endedIn are the texts of the claims the session's withdrawals said in
// words a statement's quote shares (one holds the other) ended.
func (m *memory) endedIn(quote string) []string {
	var out []string
	for q, texts := range m.endedBy {
		if quote != "" && (strings.Contains(q, quote) || strings.Contains(quote, q)) {
			out = append(out, texts...)
		}
	}
	return out
}

func (m *memory) keepRest(c *claim, rest, how string, by cite, quote string) {
	old := *c.cur
	old.end, old.by, old.endQuote = how, by, quote
	if how == endWithdrawn {
		m.noteEnded(quote, old.text)
	}
	c.past = append([]value{old}, c.past...)
	nv := *c.cur
	nv.text = rest
	nv.cites = slices.Clone(old.cites)
	c.cur = &nv
	c.seen = m.gen
	if st := terms(c.subject); len(st) > 0 && overlap(st, terms(rest)) == 0 {
		// The subject named the part that went.
		m.unindex(c)
		c.subject = ""
	}
	c.reterm()
	m.index(c)
	m.touch(c)
	if c.page != nil && m.outgrown(c.page, nil, c.vterms) {
		// A page named after what was withdrawn would name it still.
		m.rehome(c)
	}
}

// outgrown reports a page named after words (its topic) that none of its
// current claims holds any more but for one about to change (changing),
// nor the terms it is to state (also): what named the page was replaced
// or withdrawn.
func (m *memory) outgrown(p *page, changing *claim, also []string) bool {
	tt := terms(p.topic)
	if len(tt) == 0 || p.topic == p.area || overlap(tt, also) > 0 {
		return false
	}
	for _, c := range p.claims {
		if c != changing && c.current() && (overlap(tt, c.vterms) > 0 || overlap(tt, c.sterms) > 0) {
			return false
		}
	}
	return true
}

// overlapAkin are the terms of a that b holds a term akin to.
func overlapAkin(a, b []string) []string {
	var out []string
	for _, t := range a {
		if slices.ContainsFunc(b, func(x string) bool { return akin(t, x) }) {
			out = append(out, t)
		}
	}
	return out
}

// rehome moves a claim to the page its topic names now; the page it
// leaves, left with no claim, goes.
func (m *memory) rehome(c *claim) {
	old := c.page
	if i := slices.Index(old.claims, c); i >= 0 {
		old.claims = slices.Delete(old.claims, i, i+1)
	}
	old.dirty, old.out = true, nil
	c.page = nil
	m.place(c)
	if c.page == nil {
		old.add(c) // nowhere else to go
	}
}

// confirm cites a statement that says what c says; the user's own words
// win over an agreed proposal or a memory note.
func (m *memory) confirm(c *claim, nv value) int {
	cur := c.cur
	for _, ct := range nv.cites {
		cur.cites = addCite(cur.cites, ct.session, ct.entries...)
	}
	if cur.via != "" && nv.via == "" {
		cur.text, cur.quote, cur.via, cur.pointer, cur.kind = nv.text, nv.quote, "", "", nv.kind
		c.reterm()
	}
	c.seen = m.gen
	m.touch(c)
	return stConfirmed
}

// end ends c's current value.
func (m *memory) end(c *claim, how string, by cite) {
	if c.cur == nil {
		return
	}
	v := *c.cur
	v.end, v.by = how, by
	c.past = append([]value{v}, c.past...)
	c.cur = nil
	c.seen = m.gen
	c.reterm()
	m.touch(c)
}

// sameValue reports whether a value with terms vt says what c's current
// value says: the terms beyond the subject's are the same, or one side's
// hold all of the other's, and the terms they share come in the same
// order ("tabs over spaces" is not "spaces over tabs").
func sameValue(c *claim, vt []string) bool {
	if c.cur == nil {
		return false
	}
	a := minus(c.vterms, c.sterms)
	b := minus(vt, c.sterms)
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	n := overlap(a, b)
	if !(n == len(a) || n == len(b) || float64(n)/float64(len(a)+len(b)-n) >= 0.6) {
		return false
	}
	shared := func(x, y []string) []string {
		return slices.DeleteFunc(slices.Clone(x), func(t string) bool { return !slices.Contains(y, t) })
	}
	return slices.Equal(shared(a, b), shared(b, a))
}

// subjectMatch is the claim whose subject best matches terms st; nil
// when none does or two match equally.
func (m *memory) subjectMatch(st []string) *claim {
	if len(st) == 0 {
		return nil
	}
	narrow := slices.DeleteFunc(slices.Clone(st), func(t string) bool { return genericModifier[t] })
	if len(narrow) == 0 {
		// "el servidor": a subject of generic words alone is named by
		// them.
		narrow = st
	}
	m.openHaving(narrow, len(narrow)-len(narrow)/5)
	var best *claim
	score, tie := 0.0, false
	for _, c := range m.candidates(st) {
		s := subjectScore(st, c.sterms)
		switch {
		case s <= 0:
		case s > score:
			best, score, tie = c, s, false
		case s == score && c != best:
			// An exact subject beats a withdrawn one of the same words:
			// a tie among withdrawn ones is undone by a current one.
			switch {
			case c.current() == best.current():
				tie = true
			case c.current():
				best, tie = c, false
			}
		}
	}
	if tie {
		return nil
	}
	return best
}

// sameFact is the current claim that says the same as value terms vt
// (most of its words), when its subject does not say otherwise.
func (m *memory) sameFact(vt, st []string) *claim {
	if len(vt) < 2 {
		return nil
	}
	// Only a claim without a subject can be the same fact as one with.
	m.openWhere(vt, (3*len(vt)+3)/4, func(p *page) bool { return len(st) == 0 || p.subjectless })
	var best *claim
	score := 0.0
	for _, c := range m.candidates(vt) {
		if !c.current() || len(st) > 0 && len(c.sterms) > 0 {
			// Two subjects that do not match are two claims.
			continue
		}
		n := overlap(vt, c.vterms)
		j := float64(n) / float64(len(vt)+len(c.vterms)-n)
		if j >= 0.75 && j > score {
			best, score = c, j
		}
	}
	return best
}

// lastWord is the last word of s, lower-cased ("" when none).
func lastWord(s string) string {
	ix := wordSpans(s)
	if len(ix) == 0 {
		return ""
	}
	return strings.ToLower(s[ix[len(ix)-1][0]:ix[len(ix)-1][1]])
}

// deniedIn reports whether text denies w right after a comma ("…, not
// Django", "…, nicht Jenkins", "…, pas Netlify", "…, no Heroku").
func deniedIn(text, w string) bool {
	i := strings.Index(strings.ToLower(text), strings.ToLower(w))
	if i < 0 || reMovedFrom.MatchString(text) || reNoMoreAfter.MatchString(text[i+len(w):]) {
		// "We finally migrated to Jazzy, not Humble anymore": a move,
		// and what it left.
		return false
	}
	return reDeniedBefore.MatchString(text[:i])
}

// placeLeft reports whether text says its subject is no longer at w
// ("the docs site isn't on render.com anymore"), or that w handed it over
// ("Dami does the releases now, Olek handed it over"): what else is at w,
// or what else w does, stays.
func placeLeft(text, w string) bool {
	for _, m := range rePlaceLeft.FindAllStringSubmatch(text, -1) {
		if strings.EqualFold(m[1], w) || strings.EqualFold(m[2], w) {
			return true
		}
	}
	return false
}

// rePlaceLeft is a place a thing is said to be no longer at, or who
// handed over what the clause before names; group 1 or 2.
var rePlaceLeft = regexp.MustCompile(`(?i)\b(?:is|are|runs?|lives?|goes|go)(?: not|n't|n’t) (?:on|in|at|with|through|behind|hosted on|running on) (?:the )?([\p{L}\p{N}.:/@#+_-]+) any ?more\b|(?:[,;]\s*|\band\s+)(\p{Lu}[\p{L}-]+) (?:has |had |just )?(?:handed|passed) (?:it|them|that|this|those) (?:over|on)\b`)

// reNoMoreAfter follows a value said to hold no more; reMovedFrom is a
// move from one value to another.
var (
	reNoMoreAfter = regexp.MustCompile(`(?i)^\s*(?:any ?more|any longer|no more|now|mehr|ya|plus)\b`)
	reMovedFrom   = regexp.MustCompile(`(?i)\b(?:migrated|moved|switched|upgraded|went|changed|bumped|gewechselt|umgestellt|migrado|cambiado|migré|passé)(?:[^\pL\pN_]|$)`)
)

// reDeniedBefore ends the words before a value the text denies.
var reDeniedBefore = regexp.MustCompile(`(?i)[,，]\s*(?:and |but )?(?:not|nicht|pas|no|non)\s+(?:by |via |on |in |with |von |über |par |sur |por |en )?$`)

// otherVersion reports whether a claim's text holds a value that an
// update's Replaces word w names. A word that is a version stem
// ("Postgres ", "node:") names only the stem with another version than
// the update's ("Postgres 14" against "Postgres 16"): a claim that merely
// mentions Postgres is not replaced by the news of an upgrade.
func otherVersion(w, old, update string) bool {
	if w == "" || !strings.ContainsAny(w[len(w)-1:], ": @=-") {
		return true
	}
	re, err := regexp.Compile(`(?i)(?:^|[^\pL\pN])` + regexp.QuoteMeta(w) + `v?(\d+(?:\.\d+)*)`)
	if err != nil {
		return true
	}
	news := map[string]bool{}
	for _, m := range re.FindAllStringSubmatchIndex(update, -1) {
		// "from iOS 16 to iOS 17": the value after "from" is the old one.
		if f := lastWord(update[:m[0]+1]); fromPrep[f] {
			continue
		}
		news[update[m[2]:m[3]]] = true
	}
	for _, m := range re.FindAllStringSubmatch(old, -1) {
		if !news[m[1]] {
			return true
		}
	}
	return false
}

// countWords are the lower-case words of s, split at anything but
// letters and digits.
func countWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// countsIn are the counts a withdrawal's target names in digits, each as
// its number and the first four letters of its unit ("14 Tagen" →
// {"14", "tage"}).
func countsIn(target string) [][2]string {
	var out [][2]string
	tw := countWords(target)
	for i := 0; i+1 < len(tw); i++ {
		n, unit := tw[i], tw[i+1]
		if !isDigits(n) || utf8.RuneCountInString(unit) < 3 || isDigits(unit) {
			continue
		}
		out = append(out, [2]string{n, string([]rune(unit)[:min(utf8.RuneCountInString(unit), 4)])})
	}
	return out
}

// otherCount reports whether text holds a count of a unit a target's
// counts (countsIn) count too, and not the target's: "die Warnung mit den
// 14 Tagen Vorlauf" is not of "auf Abruf, mit zwei Tagen Vorlauf".
func otherCount(counts [][2]string, text string) bool {
	cw := countWords(text)
	for _, nu := range counts {
		other, same := false, false
		for j := 0; j+1 < len(cw); j++ {
			if !strings.HasPrefix(cw[j+1], nu[1]) {
				continue
			}
			switch {
			case cw[j] == nu[0]:
				same = true
			case isDigits(cw[j]) || hear.NumberWord(cw[j]):
				other = true
			}
		}
		if other && !same {
			return true
		}
	}
	return false
}

// withoutPartner is text without name where it is one of two people
// joined by "and" ("Malte und ich", "Priya and Tom", "yo y Marta"),
// marked "…" where it was.
func withoutPartner(text, name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, " ,") {
		return "", false
	}
	q := regexp.QuoteMeta(name)
	person := `(?:I|me|ich|mir|mich|yo|mí|moi|je|(?-i:\p{Lu}\p{Ll}+))`
	// RE2's \b sees no word beside an accented letter ("Álvaro"): the
	// pair is group 1, between OpensWord and EndsWord; the other is
	// group 2.
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)` + hear.OpensWord + `(` + q + `\s+(?:and|und|y|et|e|&)\s+(` + person + `))` + hear.EndsWord),
		regexp.MustCompile(`(?i)` + hear.OpensWord + `((` + person + `)\s+(?:and|und|y|et|e|&)\s+` + q + `)` + hear.EndsWord),
	} {
		if loc := re.FindStringSubmatchIndex(text); loc != nil && len(re.FindAllStringIndex(text, -1)) == 1 {
			from, to, other := loc[2], loc[3], text[loc[4]:loc[5]]
			if strings.EqualFold(other, name) {
				continue
			}
			// The quote marks the words cut.
			if loc[4] == from {
				return text[:from] + other + " …" + text[to:], true
			}
			return text[:from] + "… " + other + text[to:], true
		}
	}
	return "", false
}

// otherThing reports a claim of another subject than a statement's: both
// name one, they share no word, and neither says the other's.
func otherThing(said, vterms []string, c *claim) bool {
	return len(said) > 0 && len(c.sterms) > 0 && overlap(said, c.sterms) == 0 &&
		overlap(c.sterms, vterms) == 0 && overlap(said, c.vterms) == 0
}

// compoundHeadOnly reports a name said in text only as the head of
// another name ("terraform" in "terraform-docs", "helm" in "helm-diff"):
// leaving the one is no change of the other. A value with digits or a
// colon opens its variants ("python:3.11" in "python:3.11-slim").
func compoundHeadOnly(text, w string) bool {
	w = strings.TrimSpace(w)
	if w == "" || strings.ContainsAny(w, ":0123456789 -") {
		return false
	}
	alone := wordStart(text, w, func(lt, _ string, end int) bool {
		r, _ := utf8.DecodeRuneInString(lt[end:])
		return end == len(lt) || !wordRune(r)
	})
	head := wordStart(text, w, func(lt, _ string, end int) bool {
		return end+1 < len(lt) && lt[end] == '-' && unicode.IsLetter(rune(lt[end+1]))
	})
	// "ein Cantaloupe-IIIF-Server", "der Redis-Cluster": a German
	// compound of a name and a capitalised noun is the named thing (not
	// an acronym's: "USB-Seriell" is no USB).
	named := wordStart(text, w, func(lt, lv string, end int) bool {
		at := end - len(lv)
		return end+1 < len(lt) && len(lt) == len(text) && lt[end] == '-' && unicode.IsUpper(rune(text[end+1])) &&
			unicode.IsUpper(rune(text[at])) && len(lv) > 1 && unicode.IsLower(rune(text[at+1]))
	})
	return head && !alone && !named
}

// dutyFiller are words a duty is said with that name no duty of their own
// ("membership questions", "the ingest side").
var dutyFiller = stemmedSet("questions", "question", "stuff", "things", "side", "part", "changes", "requests", "issues", "work", "everything", "all", "anything")

// roleOnly are words of a role that every client, team or project has
// one of: a duty of these alone names no duty in particular.
var roleOnly = stemmedSet("contact", "owner", "manager", "lead", "person", "responsable", "référent", "référente", "担当", "負責", "负责", "encargado", "encargada", "verantwortliche", "verantwortlicher", "zuständig")

// dutyHolders are the current claims giving a duty (the words d of a
// handover) to someone other than its new holder: "dmitri owns the gps
// ingest side" for "priya's got the gps ingest now". A claim naming the
// new holder already says no change of hands.
func (m *memory) dutyHolders(d, holder, lang string) []*claim {
	td := d
	if !cjkWord(d) {
		// "on-call" is the duty a claim says "on call".
		td = strings.ReplaceAll(d, "-", " ")
	}
	dt := slices.DeleteFunc(terms(td), func(t string) bool { return dutyFiller[t] })
	if !slices.ContainsFunc(dt, func(t string) bool { return !roleOnly[t] }) || holder == "" {
		// "现在跟我对接的是小刘": a contact of whom is not said, and
		// every client has one.
		return nil
	}
	// Of three words or more, one may be said otherwise ("abnahmen von
	// formatänderungen am pdf" for "formatänderungen am pdf muss … abnehmen").
	need := len(dt)
	if need >= 3 {
		need--
	}
	m.openHaving(dt, need)
	low := strings.ToLower(holder)
	var out []*claim
	for _, c := range m.candidates(dt) {
		if !c.current() || overlap(dt, c.vterms) < need || slices.Contains(out, c) {
			continue
		}
		text := unframed(c.cur.text)
		if strings.Contains(strings.ToLower(text), low) || !hear.GivesDuty(text, c.lang, lang) && !hear.NamesHolder(text) {
			continue
		}
		out = append(out, c)
	}
	return out
}
