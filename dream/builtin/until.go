package builtin

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// A claim may hold until something happens ("until facilities swaps the
// card, set NCCL_IB_DISABLE=1 for jobs on gpu-07", "bis der Pen-Test
// durch ist, keine neuen npm-Pakete", "hasta que el ayuntamiento firme el
// convenio"). The user rarely says such a rule is over: they say the thing
// happened ("facilities swapped the card in gpu-07 last week"). This file
// reads the session's events (hear.Event) against the conditions memory
// holds, and ends the part of a claim whose condition one of them meets.

var (
	// reUntil opens the condition a claim holds until: a thing to
	// happen, where reCondition's "during" and "while" open a period
	// (whose end hear reads as a period over).
	reUntil = regexp.MustCompile(`(?i)\b(?:until|till|pending|bis|hasta que|hasta|jusqu'à ce que|tant que)\b`)
	// reUntilCJK closes it in Chinese and Japanese ("合同签完之前",
	// "県の承認が出るまでは").
	reUntilCJK = regexp.MustCompile(`之前|以前|为止|までは|まで`)
	// reConditionEnd ends the words of a condition.
	reConditionEnd = regexp.MustCompile(`[,.;:!?()\x{2013}\x{2014}，。；：！？、]|\s-\s|\s(?:so|and|then|also|dann|und|así que|y|entonces|donc|et|alors)\s`)
)

// conditions are the conditions a claim's quote holds until, each the
// words that name it: those after "until" to the clause's end, or those
// before "まで" from the clause's start.
func conditions(text string) []string {
	_, _, quote, ok := lastQuote(text)
	if !ok {
		quote = text
	}
	var out []string
	for _, ix := range reUntil.FindAllStringIndex(quote, -1) {
		rest := quote[ix[1]:]
		if e := reConditionEnd.FindStringIndex(rest); e != nil {
			rest = rest[:e[0]]
		}
		if len(rest) > 120 {
			rest = rest[:120]
		}
		out = append(out, rest)
	}
	for _, ix := range reUntilCJK.FindAllStringIndex(quote, -1) {
		head := quote[:ix[0]]
		if e := reConditionEnd.FindAllStringIndex(head, -1); len(e) > 0 {
			head = head[e[len(e)-1][1]:]
		}
		if kana(head) {
			// "避難所レイヤーは県の承認が出るまでは": the topic before は
			// is what holds until then, not the condition.
			if i := strings.LastIndex(head, "は"); i >= 0 {
				head = head[i+len("は"):]
			}
		}
		from := max(0, len(head)-60)
		for from < len(head) && !utf8.RuneStart(head[from]) {
			from++
		}
		out = append(out, head[from:])
	}
	return out
}

// A condition is the words that say what is to happen (terms), and in
// Japanese the verb's kanji ("届" of "プリンタが届くまで"), which the terms
// leave out and an event must hold: "プリンタが壊れた" names the printer
// and meets nothing.
type condition struct {
	terms []string
	verb  string
	// arrival is set for a thing to arrive ("until the new label
	// printer arrives"): its arrival verb is left out of terms, and an event
	// meets it by naming the thing and saying it came in words of its
	// own ("the new label printer's in", "die Waage ist da").
	arrival bool
}

// arrivalTerms are the verbs a condition says a thing is to arrive
// with.
var arrivalTerms = stemmedSet("arrive", "arrives", "arrived", "arriving", "delivered", "kommt", "ankommt", "eintrifft", "geliefert",
	"llegue", "lleguen", "llega", "llegan", "entregue", "arrivent", "livré", "livrée", "livrés")

// reArrived says a thing came: what meets an arrival condition.
var reArrived = regexp.MustCompile(`(?i)\b(?:arrived|came|(?:is|are|'s) (?:finally |now )?(?:in|here)|got here|landed|(?:was|were|got|has been|have been) delivered|turned up|showed up|(?:ist|sind) (?:jetzt |endlich )?da|(?:ist|sind) (?:jetzt |endlich )?(?:gekommen|angekommen|eingetroffen|geliefert)|kam|llegó|llegaron|(?:ha|han) llegado|ya está aquí|(?:est|sont) (?:enfin )?(?:arrivée?s?|là|livrée?s?))(?:[^\pL\pN]|$)|到了|已到|来了|届いた|届きました|来ました|着きました`)

// conditionOf is what a condition's words say is to happen; ok is false
// for one that names no more than a date or a count ("until March",
// "jusqu'à 500 g"): that is a time, no event.
func conditionOf(cond string) (condition, bool) {
	arrival := false
	ct := contentTerms(slices.DeleteFunc(terms(cond), func(t string) bool {
		if arrivalTerms[t] {
			arrival = true
			return true
		}
		return targetFiller[t] || commonWord[t] || conditionFiller[t]
	}))
	if arrival {
		// "until the new label printer arrives in spring": when it is to
		// come says nothing of what.
		ct = slices.DeleteFunc(ct, monthOrDay)
	}
	if len(ct) == 0 || monthOrDay(ct[0]) || isDigits(ct[0]) {
		// "until the end of March for the Nordics partners": a time,
		// whatever follows it.
		return condition{}, false
	}
	words := 0
	for _, t := range ct {
		if cjkWord(t) || utf8.RuneCountInString(t) >= 3 && strings.IndexFunc(t, unicode.IsLetter) >= 0 && !monthOrDay(t) {
			words++
		}
	}
	if words < 2 && !(arrival && words == 1) {
		return condition{}, false
	}
	return condition{terms: ct, verb: kanjiVerb(cond), arrival: arrival}, true
}

// kanjiVerb is the kanji a Japanese condition's closing verb is written
// with ("届" of "新しいプリンタが届く"), or "".
func kanjiVerb(cond string) string {
	cond = strings.TrimSpace(cond)
	end := strings.TrimRightFunc(cond, func(r rune) bool { return unicode.In(r, unicode.Hiragana) })
	if end == cond || end == "" {
		return ""
	}
	if r, _ := utf8.DecodeLastRuneInString(end); unicode.In(r, unicode.Han) {
		return string(r)
	}
	return ""
}

// kana reports Japanese text.
func kana(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.In(r, unicode.Hiragana, unicode.Katakana) })
}

// conditionFiller are the words a condition names its doer with and
// the auxiliaries its verb takes ("bis sie ihre Dienstplanrunde neu
// aufgestellt hat", "jusqu'à ce que la fibre soit installée"): an event
// need not say them.
var conditionFiller = stemmedSet("they", "their", "them", "she", "her", "he", "his", "it", "its", "we", "our",
	"sie", "ihre", "ihr", "ihren", "er", "sein", "seine", "wir", "unser", "unsere",
	"ellos", "ellas", "ella", "él", "su", "sus", "nosotros", "nuestro", "nuestra",
	"ils", "elles", "elle", "il", "leur", "leurs", "son", "sa", "ses", "nous", "notre",
	"be", "is", "are", "been", "being", "get", "gets", "ist", "sind", "wird", "werden", "worden", "wurde", "sei", "seien",
	"sea", "sean", "esté", "estén", "haya", "hayan", "soit", "soient", "ait", "aient", "est", "sont")

// monthOrDay reports a word that names a month or a weekday.
func monthOrDay(t string) bool { return calendarWords[t] }

var calendarWords = stemmedSet("january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
	"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "end", "week", "month", "year", "quarter",
	"januar", "februar", "märz", "juni", "juli", "oktober", "dezember", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag", "ende", "woche", "monat", "jahr",
	"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo", "final", "fin", "semana", "mes", "año",
	"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "semaine", "mois", "année", "an",
	"spring", "summer", "autumn", "fall", "winter", "frühling", "frühjahr", "sommer", "herbst", "primavera", "verano", "otoño", "invierno", "printemps", "été", "automne", "hiver")

// met reports an event that names a condition: all its words, or all but
// one of three or more; or half of them, two at least, where the event's
// sentence also names a word of what the claim says holds until then
// ("San Roque ya firmó el convenio" of "El barrio de San Roque queda fuera
// de la app hasta que el ayuntamiento firme el convenio").
func met(event, sentence string, cond condition, rest []string) bool {
	if cond.verb != "" && !strings.Contains(event, cond.verb) {
		return false
	}
	ct := cond.terms
	n := condNamed(event, ct)
	if cond.arrival && n == len(ct) && reArrived.MatchString(event) {
		return true
	}
	switch {
	case n < 2:
		return false
	case n == len(ct), n >= 3 && n+1 >= len(ct):
		return true
	case n+1 >= len(ct) && !slices.ContainsFunc(ct, func(t string) bool { return !cjkWord(t) }):
		// "合同已经签完了" of "合同签完之前": a word put between leaves
		// one bigram of the condition unsaid.
		return true
	default:
		return 2*n >= len(ct) && namedIn(sentence, rest) >= 1
	}
}

// condNamed counts the words of a condition an event holds, inflected or
// akin (namedIn), or a verb conjugated otherwise ("firme", "firmó": the
// same four letters or more, each with an ending of three at most).
func condNamed(event string, ct []string) int {
	n := namedIn(event, ct)
	if n == len(ct) {
		return n
	}
	et := terms(event)
	n = 0
	for _, t := range ct {
		if namedIn(event, []string{t}) == 1 || slices.ContainsFunc(et, func(w string) bool { return conjugated(t, w) }) {
			n++
		}
	}
	return n
}

// conjugated reports two words that share a start of four letters at
// least, and differ in endings of three letters at most.
func conjugated(a, b string) bool {
	if cjkWord(a) || cjkWord(b) {
		return false
	}
	n := hear.SharedStart(a, b)
	la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	return n >= 4 && la-n <= 3 && lb-n <= 3 && strings.IndexFunc(a, unicode.IsDigit) < 0
}

// untilHeld is a current claim with the conditions it holds until.
type untilHeld struct {
	c     *claim
	conds []condition
	rest  []string // the claim's rarer words outside its conditions
}

// meetConditions ends, for each event of a session, what the current
// claims were to hold until it; it returns how many claims it changed and
// the events that met a condition.
func (m *memory) meetConditions(session string, events []hear.Event) (int, []string) {
	if len(events) == 0 {
		return 0, nil
	}
	ets := make([][]string, len(events))
	for i, ev := range events {
		ets[i] = contentTerms(slices.DeleteFunc(terms(ev.Text), func(t string) bool { return targetFiller[t] }))
		if len(ets[i]) >= 2 {
			ps := probes(ets[i])
			m.openIf(func(p *page) bool { return m.mayHoldUntil(p) && p.untilHas(ps, 2) })
		}
	}
	var held []untilHeld
	for _, c := range m.claims {
		if !c.current() {
			continue
		}
		// A claim said in other words than the user's ("The user wants
		// agents not to …") may have left the condition in the quote.
		said := c.cur.text
		if c.cur.quote != "" {
			said = c.cur.quote
		}
		if !mayNameCondition(said) || !reUntil.MatchString(said) && !reUntilCJK.MatchString(said) {
			continue
		}
		h := untilHeld{c: c}
		outside := said
		for _, cond := range conditions(said) {
			if ct, ok := conditionOf(cond); ok {
				h.conds = append(h.conds, ct)
				outside = strings.Replace(outside, cond, " ", 1)
			}
		}
		if len(h.conds) == 0 {
			continue
		}
		for _, t := range terms(outside) {
			if !targetFiller[t] && !commonWord[t] && (utf8.RuneCountInString(t) >= 4 || cjkWord(t)) && !slices.ContainsFunc(h.conds, func(ct condition) bool { return slices.Contains(ct.terms, t) }) {
				h.rest = append(h.rest, t)
			}
		}
		held = append(held, h)
	}
	if len(held) == 0 {
		return 0, nil
	}
	n := 0
	var took []string
	for i, ev := range events {
		if len(ets[i]) < 2 || len(hear.FaultSpans(ev.Text)) > 0 {
			// "the vendor's new driver is broken" names the driver the
			// rule waits for, and no more than that it came.
			continue
		}
		for _, h := range held {
			if !h.c.current() {
				continue
			}
			for _, cond := range h.conds {
				sentence := ev.Sentence
				if sentence == "" {
					sentence = ev.Text
				}
				if !met(ev.Text, sentence, cond, h.rest) {
					continue
				}
				ct := cond.terms
				r := hear.Retraction{Lang: ev.Lang, Target: strings.Join(ct, " "), Quote: ev.Text, Entries: slices.Clone(ev.Entries)}
				holds := func(s string) bool {
					return slices.ContainsFunc(conditions(s), func(cond string) bool { return namedIn(cond, ct) == len(ct) })
				}
				if rest, ok := otherSentence(h.c.cur.text, holds); ok {
					// "贴图都是阿豪负责。合同签完之前，不接受新功能": the
					// sentence that held until then goes, the other stays.
					m.keepRest(h.c, rest, endWithdrawn, cite{session: session, entries: r.Entries}, r.Quote)
				} else {
					m.withdraw(h.c, session, r)
				}
				n++
				took = append(took, ev.Text)
				break
			}
		}
	}
	return n, took
}

// conditionWords are what every condition reUntil or reUntilCJK reads
// holds, in the spellings a text may use: looked for plainly first, since
// most text holds none and a regular expression costs more.
var conditionWords = []string{"until", "Until", "UNTIL", "till", "Till", "pending", "Pending", "bis", "Bis", "hasta", "Hasta",
	"jusqu", "Jusqu", "tant que", "Tant que", "之前", "以前", "为止", "まで"}

// mayNameCondition reports whether text holds one of conditionWords.
func mayNameCondition(text string) bool {
	for _, w := range conditionWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// mayHoldUntil reports a page not parsed yet whose text, the user's
// words included, may hold a condition (reUntil, reUntilCJK). The answer
// depends on the page's content alone: the run's page reader remembers it
// with the page's scan, so a later run asks it only of the pages that
// changed. The text lower-cased is kept with the page for the run.
func (m *memory) mayHoldUntil(p *page) bool {
	if p.until == 0 {
		p.until = 2
		raw := m.rawOf(p)
		if mayNameCondition(raw) && (reUntil.MatchString(raw) || reUntilCJK.MatchString(raw)) {
			p.until = 1
		}
		m.remember(p)
	}
	if p.until == 1 && p.untilText == "" {
		p.untilText = strings.ToLower(m.rawOf(p))
	}
	return p.until == 1
}

// untilHas reports whether a page's text (mayHoldUntil) spells need of
// the probes ps at least.
func (p *page) untilHas(ps []string, need int) bool {
	n := 0
	for _, t := range ps {
		if slices.ContainsFunc(spellings(t), func(w string) bool { return strings.Contains(p.untilText, probe(w)) }) {
			if n++; n >= need {
				return true
			}
		}
	}
	return false
}
