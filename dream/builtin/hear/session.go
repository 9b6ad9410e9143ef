package hear

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Session reads one session's records in order and returns what the user
// durably said in it: statements said outright, answers to the agent's
// questions (in prose or through a question tool), agreed proposals,
// memory notes the user's words support, retractions and forget requests.
// A statement the session itself later asks to forget is left out.
func Session(recs []Record) Heard {
	recs = withoutControls(recs)
	var hr hantRestorer
	for i, r := range recs {
		if hantText(r.Text) && utf8.ValidString(r.Text) && detect(r.Text) == Zh {
			// Traditional Chinese, heard through its simplified spelling.
			if len(hr.byID) == 0 {
				recs = slices.Clone(recs)
			}
			recs[i].Text = simplified(r.Text)
			hr.add(r.ID, r.Text, recs[i].Text)
		}
	}
	var sr sessionReader
	for i := range recs {
		r := recs[i]
		switch {
		case r.typed():
			sr.userMessage(r)
		case r.Role == "assistant":
			sr.assistantText(r)
		case r.Role == "tool_call" && questionTool(r.Name):
			sr.askCall = &recs[i]
		case r.Role == "tool_result" && sr.askCall != nil:
			sr.toolResult(r)
			sr.askCall = nil
		}
	}
	attribute(sr.h.Statements)
	sr.h.At, sr.h.AtEntry = dated(sr.h.Statements, recs)
	hr.restoreAll(&sr.h)
	return sr.h
}

// sessionReader is what Session has heard so far and the context the next
// record is read in.
type sessionReader struct {
	h         Heard
	cur, prev Record   // the user's last two typed messages
	said      []Record // the assistant's text since the user's last message
	lastSaid  []Record // the assistant's text before that message
	askCall   *Record  // a question tool's call awaiting its result
	ownQ      string   // the user's own question in their last message
}

// add keeps a statement unless redaction left its claim, or its quote
// with nothing else to point to, empty.
func (sr *sessionReader) add(st Statement) {
	if emptyAfterRedaction(st.Claim) || emptyAfterRedaction(st.Quote) && st.Via == "" {
		return
	}
	if st.Via == "" && (st.Kind == Fact || st.Kind == Rule) && fragment(st.Quote, st.Lang) {
		return
	}
	sr.h.Statements = append(sr.h.Statements, st)
}

// rePointing are the words of a clause that point at what the
// conversation said around it ("the old PT100 too", "Send it", "CSVはこれ").
var rePointing = map[string]*regexp.Regexp{
	En: wordsRe(`it`, `its`, `that`, `them`, `those`, `this`, `these`, `there`, `too`, `either`, `her`, `him`, `she`, `he`, `they`),
	De: wordsRe(`es`, `ihn`, `ihm`, `ihr`, `sie`, `dort`, `da`, `auch`, `dies`, `diese[snmr]?`, `davon`, `dafür`, `damit`),
	Es: wordsRe(`lo`, `le`, `les`, `eso`, `esto`, `ahí`, `allí`, `también`, `tampoco`, `ella`, `él`, `ellos`, `mismo`),
	Fr: wordsRe(`lui`, `ça`, `cela`, `ceci`, `y`, `aussi`, `elle`, `il`, `ils`, `en`, `tout`),
	Zh: anyRe(`这个`, `那个`, `这些`, `那些`, `它`),
	Ja: anyRe(`これ`, `それ`, `あれ`, `そこ`, `この`, `その`, `あの`),
}

// reKeptPart says a thing stays as it is: a part a withdrawal leaves,
// short as it may be ("Le PDF du soir, lui, reste.", "会員はそのままです。").
var reKeptPart = regexp.MustCompile(`(?i)\b(?:stays?|remains?|keep(?:s|ing)?|bleibt|bleiben|sigue|siguen|se queda|se mantiene|reste|restent|garde)\b|そのまま|変わらず|照旧|不变|保留`)

// fragment reports a clause said outright that holds too little to stand
// as a claim: short, with no number or name, pointing at what was said
// around it or cut from a longer sentence ("… der Import holt die ab.").
func fragment(quote, lang string) bool {
	q := strings.TrimSpace(quote)
	if q == "" || reKeptPart.MatchString(q) || strings.ContainsFunc(q, unicode.IsDigit) || spelledCount(q) {
		return false
	}
	cut := strings.HasPrefix(q, "…")
	if cjk(lang) {
		if utf8.RuneCountInString(q) > 14 || reLatinName.MatchString(q) {
			return false
		}
	} else {
		f := strings.Fields(strings.TrimLeft(q, "… "))
		if len(f) == 0 || len(f) > 7 {
			return false
		}
		for _, w := range f[1:] {
			// A name (German capitalizes every noun), a path, a code.
			if r, _ := utf8.DecodeRuneInString(strings.Trim(w, "\"'“”«»(")); unicode.IsUpper(r) && lang != De || strings.ContainsAny(strings.TrimRight(w, ".,;!?"), "_/.:@`") {
				return false
			}
		}
	}
	re := rePointing[lang]
	return cut || re != nil && re.MatchString(q)
}

// reLatinName is a name or code in Latin letters inside CJK text.
var reLatinName = regexp.MustCompile(`[A-Za-z]{2,}|[\p{Katakana}ー]{3,}`)

// userMessage hears a message the user typed, in the context of the
// assistant's text just before it: the question it answers (the
// assistant's, or the user's own once looked up), the proposal it agrees
// to, and its forget requests, retractions and statements.
func (sr *sessionReader) userMessage(r Record) {
	sr.prev, sr.cur = sr.cur, r
	sr.lastSaid, sr.said = sr.said, nil
	q := question(sr.lastSaid)
	if q != "" && checksBack(q) {
		if _, ok := echoOf(r.Text); ok {
			// "… makes it £905.00. Is that right?" — "Yes, £905": the
			// reply agrees to the value checked back, read as an echo.
			q = ""
		}
	}
	own := false
	if q == "" && sr.ownQ != "" {
		// "where's the terraform state?" … "right, harbor-tf-state":
		// the user answers their own question once looked up.
		q, own = sr.ownQ, true
	}
	sr.ownQ = userQuestion(r.Text)
	o, proposed := proposal(sr.lastSaid)
	agreed := proposed && agrees(r.Text)
	if rm, ok := removalOffer(sr.lastSaid); ok && agrees(r.Text) {
		// "Quito la de las 17:20. Quedan 10:15 y 13:45, ¿correcto?" —
		// "correcto": what the agent removes, agreed to, is withdrawn.
		sr.h.Retractions = append(sr.h.Retractions, Retraction{Lang: rm.lang, Target: rm.target, Subject: rm.target, Quote: rm.sentence, Entries: entries(r, rm.from)})
	}
	m := hearMessage(r.Text, q != "" && !agreed, q != "" && !own || proposed || endsAsking(sr.lastSaid), agreed)
	if own && m.answer != nil && !(hasValue(m.answer.Quote, m.answer.Lang) && len([]rune(firstSentence(m.answer.Quote))) <= 100) {
		m.answer = nil
	}
	for _, t := range m.forgets {
		// What this session said before and now forgets goes.
		sr.h.Statements = slices.DeleteFunc(sr.h.Statements, func(st Statement) bool {
			return Mentions(t, st.Claim, st.Quote)
		})
		sr.h.Forgets = append(sr.h.Forgets, t)
	}
	if !slices.ContainsFunc(m.retracts, func(rt Retraction) bool { return anaphor(rt.Target) }) && q != "" && stopsAsked(q, r.Text) {
		// "月初の CSV バッチは今後も続けますか？" — "止めてください。…": a
		// reply to stop what the question asks to go on with withdraws
		// it; it answers nothing worth keeping.
		if t := askedTopic(sr.lastSaid); t != "" {
			m.retracts = append(m.retracts, Retraction{Lang: detect(r.Text), Target: t, Subject: t, Quote: strings.TrimSpace(r.Text)})
			m.answer = nil
		}
	}
	// What the assistant asked about, read once for all the message's
	// withdrawals.
	asked, askedRead := "", false
	for _, rt := range m.retracts {
		rt.Entries = entries(r)
		if !askedRead {
			asked, askedRead = askedTopic(sr.lastSaid), true
		}
		if reDropIt.MatchString(rt.Quote) && !reStayAsk.MatchString(lastRecord(sr.lastSaid).Text) {
			// "Should I remove the /admin/approvals page too?" "Yes,
			// remove it.": a task agreed to, not a rule withdrawn; only
			// what the question asks to keep is.
			continue
		}
		if t := asked; t != "" && (anaphor(rt.Target) || reBareNo.MatchString(rt.Target) || withdraws(rt.Target, rt.Lang)) {
			// "And the audit freeze — still on?" "No, forget it": the
			// question names what the reply withdraws.
			rt.Target, rt.Subject = t, t
			rt.Entries = entries(r, lastRecord(sr.lastSaid))
		}
		if !slices.ContainsFunc(sr.h.Retractions, func(o Retraction) bool { return o.Target == rt.Target && slices.Equal(o.Entries, rt.Entries) }) {
			sr.h.Retractions = append(sr.h.Retractions, rt)
		}
	}
	for _, ev := range m.events {
		if len(sr.h.Events) < maxEvents {
			ev.Entries = entries(r)
			sr.h.Events = append(sr.h.Events, ev)
		}
	}
	for _, rel := range m.relatives {
		if len(sr.h.Relatives) < maxEvents {
			rel.Entries = entries(r)
			sr.h.Relatives = append(sr.h.Relatives, rel)
		}
	}
	if m.answer != nil && q != "" {
		sr.add(answerStatement(*m.answer, q, own, entries(r, lastRecord(sr.lastSaid))))
	}
	for _, st := range m.statements {
		st.Entries = entries(r)
		sr.add(st)
	}
	// A "yes" to the one durable proposal of the assistant's text
	// just before.
	if agreed {
		st := confirmed(o)
		// "switch the backend from X to Y?" — "yes": X is no longer.
		st.Replaces = changedFrom(replacesIn(o.sentence, detect(o.sentence)), o.sentence)
		st.Quote = firstSentence(r.Text)
		st.Via, st.Pointer = "confirm", o.sentence
		st.Entries = entries(r, o.from)
		sr.add(st)
	}
	if m.answer == nil || q == "" {
		// "So Wednesday at 19:00 instead." — "Yes, Wednesday.": the
		// value the agent worked out, confirmed by the user saying it
		// (beside the proposal agreed to, when that is another sentence).
		if v, ok := echoOf(r.Text); ok && !slices.ContainsFunc(m.statements, func(s Statement) bool { return v.in(s.Quote) }) {
			// A statement the reply makes in its own words saying the
			// value is the claim.
			if st, ok := v.statement(r, sr.lastSaid); ok && !(agreed && st.Pointer == o.sentence) {
				// The change the user asked for names what the value is of
				// ("Colin wants the roster out a day earlier").
				st.Topic = askedChange(sr.prev.Text, st.Pointer)
				sr.add(st)
			}
		}
	}
}

// removal is what the agent says it removes, checking back ("So I'll
// drop the 17:20 departure, right?"): the thing removed, the sentence,
// its language and the text it is in.
type removal struct {
	target, sentence, lang string
	from                   Record
}

// removalOffer finds the one removal the assistant's last text checks
// back: a sentence of its removing something in the first person, in a
// text that ends asking. A removal reported as done asks nothing.
func removalOffer(said []Record) (removal, bool) {
	if !endsAsking(said) {
		return removal{}, false
	}
	r := said[len(said)-1]
	var found []removal
	for _, line := range strings.Split(r.Text, "\n") {
		for _, s := range sentences(line) {
			m := reRemovalOffer.FindStringSubmatch(strings.TrimSpace(s))
			if m == nil {
				continue
			}
			t := strings.TrimSpace(reRemovalTail.ReplaceAllString(group(reRemovalOffer, m, "t"), ""))
			if t == "" || anaphor(t) {
				continue
			}
			found = append(found, removal{target: t, sentence: strings.TrimSpace(s), lang: detect(s), from: r})
		}
	}
	if len(found) != 1 {
		return removal{}, false
	}
	return found[0], true
}

var (
	// reRemovalOffer is the agent removing something in the first
	// person; group t is what.
	reRemovalOffer = regexp.MustCompile(`(?i)^(?:(?:so|then|ok(?:ay)?|right|vale|bueno|entonces|gut|also|dann|bon|donc|alors),?\s+)?(?:i'll|i will|i'd|let me|i'm going to)\s+(?:drop|remove|delete|take out|cut|retire|strike)\s+(?P<t>[^,;.?!]{2,60})` +
		`|^(?:(?:vale|bueno|entonces|pues),?\s+)?(?:quito|elimino|borro|retiro|saco)\s+(?P<t>[^,;.?!¿]{2,60})` +
		`|^(?:(?:gut|also|dann|ok),?\s+)?ich\s+(?:streiche|entferne|lösche)\s+(?P<t>[^,;.?!]{2,60})` +
		`|^(?:(?:bon|donc|alors|ok),?\s+)?je\s+(?:supprime|retire|enlève)\s+(?P<t>[^,;.?!]{2,60})` +
		`|^(?:好的?|那|那么)?[，,]?(?:我)?把(?P<t>[^，,。？?]{2,30}?)(?:删掉|去掉|移除|拿掉|删除)` +
		`|^(?P<t>[^、。？?]{2,30}?)を(?:削除|外|消)(?:します|しましょうか|しますね)`)
	// reRemovalTail is what follows the thing removed without naming it:
	// where from, and the asking.
	reRemovalTail = regexp.MustCompile(`(?i)\s+(?:and keep|keeping|from the|from our|aus dem|aus der|du formulaire|del|de la lista|y dejo|und lasse)\b.*$|\s+(?:raus|heraus)$|(?:,?\s*(?:right|ok|okay|correct|yes|sí|vale|ja|oui)\s*)$`)
)

// checksBack reports questions one of which asks the user to confirm what
// the agent said (reCheckQuestion).
func checksBack(q string) bool {
	return slices.ContainsFunc(sentences(q), func(s string) bool { return reCheckQuestion.MatchString(strings.TrimSpace(s)) }) ||
		reCheckQuestion.MatchString(q)
}

// echo is the value a reply agreeing with the assistant says again:
// numbers as written, or one word (a weekday, a number said in words).
type echo struct {
	nums   []string
	word   string
	phrase string // a value written without spaces, said as a whole
	// said is the reply's words that agree and say the value ("Genau, 16
	// Uhr"): the user's own, which the claim quotes beside the proposal.
	said string
}

// echoOf reads the value a reply opening by agreeing says again (reEcho);
// ok is false for a reply that says none.
func echoOf(reply string) (echo, bool) {
	m := reEcho.FindStringSubmatch(strings.TrimSpace(reply))
	if m == nil {
		// "10am, yes.": the value, then the agreement.
		if b := reEchoThenYes.FindStringSubmatch(strings.TrimSpace(reply)); b != nil {
			if nums := reEchoNumber.FindAllString(b[1], -1); len(nums) > 0 {
				return echo{nums: nums, said: strings.TrimSpace(b[0])}, true
			}
		}
		// "16 Prozent.": a short reply that is the value alone.
		if b := reBareEcho.FindStringSubmatch(strings.TrimSpace(reply)); b != nil {
			return echo{nums: reEchoNumber.FindAllString(b[1], -1), said: strings.TrimSpace(b[0])}, true
		}
		return echo{}, false
	}
	v := strings.TrimSpace(m[reEcho.SubexpIndex("v")])
	// The user's words, when the value ends there ("Genau, 16 Uhr."),
	// not where reEcho stops reading.
	var said string
	if rest := strings.TrimSpace(reply)[len(m[0]):]; rest == "" || strings.ContainsRune(",.;!?。、，！？()（）", []rune(rest)[0]) {
		said = strings.TrimSpace(m[0])
	}
	if nums := reEchoNumber.FindAllString(v, -1); len(nums) > 0 {
		return echo{nums: nums, said: said}, true
	}
	// "Yes, Wednesday", "Yes, twelve": a day or a number said in words.
	f := strings.Fields(strings.ToLower(v))
	if len(f) == 1 && (numberWords[f[0]] || isWeekday(f[0])) || len(f) == 2 && numberWords[f[0]] {
		// "Right, eight weeks": the number said in words is the value.
		return echo{word: f[0], said: said}, true
	}
	// "对，周三下午五点": a value written without spaces, said again as
	// the assistant wrote it.
	if cjkText(v) && utf8.RuneCountInString(v) >= 3 && !strings.ContainsAny(v, " 　") {
		return echo{phrase: v, said: said}, true
	}
	return echo{}, false
}

// in reports whether text says the echoed value.
func (e echo) in(text string) bool {
	if e.phrase != "" {
		return strings.Contains(text, e.phrase)
	}
	if e.word != "" {
		return slices.Contains(words(strings.ToLower(text)), e.word)
	}
	return slices.ContainsFunc(e.nums, func(n string) bool {
		return slices.ContainsFunc(reEchoNumber.FindAllString(text, -1), func(x string) bool { return sameNumber(n, x) })
	})
}

// reEcho is a reply that opens by agreeing and says a value again: "Yes,
// £20", "Genau, 16 Uhr", "Sí, a las 6:30", "はい、8分で", "对，68台".
var reEcho = regexp.MustCompile(`^(?:(?i:(?:yes,? )?that's (?:it|right|correct|the one)|spot on|yes|yep|yeah|yup|right|correct|exactly|indeed|ja|jep|genau|richtig|exakt|das stimmt|stimmt|sí|si|eso es|así es|eso|exacto|correcto|justo|oui|exactement|c'est (?:bien )?ça|voilà|tout à fait)[,.!:;—–-]*\s+|(?:はい|ええ|そうです|そう|合ってます|合っています|その通りです|その通り|大丈夫です|对|是的|没错|对的|嗯|确认|确定)[、，,。！!\s]*)(?P<v>(?:[0-9][.,:][0-9]|[^,.;!?。、，！？()（）]){1,40})`)

// reEchoThenYes is a reply that says a value again and then agrees: "10am,
// yes.", "16 Uhr, genau.", "12点，对。".
var reEchoThenYes = regexp.MustCompile(`^((?:[£$€¥]\s?)?\d+(?:[.,:]\d+)*\s?(?:%|％|[\pL°]+)?)[,，、]?\s*(?i:` + yesWords + `)[.。!！]?$`)

// reBareEcho is a reply that is a value alone, a number and a unit or a
// word at most ("16 Prozent.", "66方。", "£905").
var reBareEcho = regexp.MustCompile(`^((?:[£$€¥]\s?)?\d+(?:[.,:]\d+)*\s?(?:%|％|[\pL°]+)?)[.。!！]?$`)

// reEchoLead opens the assistant's sentence that works out a value: a
// proposal's or a conclusion's words, no part of what it is of.
var reEchoLead = regexp.MustCompile(`(?i)^(?:(?:ok(?:ay)?|right|alright|gut|vale|bien|d'accord|bon),?\s+)?(?:shall i|should i|should we|do you want me to|want me to|so|then|that makes|that's|that means|soll ich|sollen wir|also|dann wäre|dann ist|dann|das wäre|entonces|o sea|así que|eso deja|¿?(?:lo |la )?(?:pongo|dejo|cambio)|donc|alors|ça fait|je mets|on passe)\s+(?:(?:den|die|das|der|dem|el|la|los|las|le|les|the)\s+)?`)

// reEchoNumber is a number as the agent and the user both write it.
var reEchoNumber = regexp.MustCompile(`\d+(?:[.,:]\d+)*`)

// statement is what the reply r makes by agreeing with the value the
// assistant's texts since the user's message before (said, the last
// first) worked out: the assistant's sentence holding that value, agreed
// to. A value the assistant did not say makes none.
func (e echo) statement(r Record, said []Record) (Statement, bool) {
	for i := len(said) - 1; i >= 0; i-- {
		if st, ok := e.statementIn(r, said[i]); ok {
			return st, true
		}
	}
	return Statement{}, false
}

// statementIn is statement of one assistant text.
func (e echo) statementIn(r, said Record) (Statement, bool) {
	for _, line := range strings.Split(said.Text, "\n") {
		for _, s := range sentences(line) {
			if !e.in(s) {
				continue
			}
			if strings.Contains(s, "`") && len(reEchoNumber.FindAllString(s, -1)) > 4 {
				continue // a command or a cron line, not the value worked out
			}
			// "那 40HQ 就是 66 方，20GP 和 40GP 不变？": what the sentence
			// says stays as it is is no part of the value agreed to.
			s = e.withoutUnchanged(s)
			lang := detect(s)
			st := Statement{Kind: Fact, Lang: lang, Area: areaFor(Fact, s), Via: "confirm", Pointer: s}
			// "Soll ich den Watchdog … auf 8 Sekunden setzen?", "So
			// Wednesday at 19:00 instead": the words after the lead-in
			// name what the value is of.
			rest := strings.TrimRight(reEchoLead.ReplaceAllString(s, ""), "?？ ")
			if st.Subject = subjectOf(rest, lang, lexes[lang]); st.Subject == "" && rest != s {
				if f := strings.Fields(rest); len(f) > 0 && utf8.RuneCountInString(f[0]) >= 3 && !strings.ContainsFunc(f[0], unicode.IsDigit) {
					st.Subject = strings.ToLower(strings.Trim(f[0], ",.;:"))
				}
			}
			st.Claim = "The user agreed to the assistant's proposal: “" + s + "”"
			if e.said != "" {
				st.Claim += ", saying “" + e.said + "”"
			}
			st.Quote = firstSentence(r.Text)
			st.Replaces = replacesIn(s, lang)
			if old := computedFrom(s, e.nums); old != "" && !slices.Contains(st.Replaces, old) {
				st.Replaces = append(st.Replaces, old)
			}
			st.Entries = entries(r, said)
			return st, true
		}
	}
	return Statement{}, false
}

// computedFrom is the value a sentence of the agent's works a new one
// (one of nums) out from: "Right now the first feed is 07:00, so an hour
// earlier makes it 06:00" → "07:00". The old value is the last number
// written like the new one (a time as a time) before a word of shift or
// of more and less that stands before the new value; "" when there is
// none. An amount keeps its unit ("85 €").
func computedFrom(s string, nums []string) string {
	locs := reEchoNumber.FindAllStringIndex(s, -1)
	at := slices.IndexFunc(locs, func(l []int) bool {
		return slices.ContainsFunc(nums, func(n string) bool { return sameNumber(n, s[l[0]:l[1]]) })
	})
	if at <= 0 {
		return ""
	}
	newNum := s[locs[at][0]:locs[at][1]]
	cues := reComputeCue.FindAllStringIndex(s[:locs[at][0]], -1)
	if len(cues) == 0 {
		return ""
	}
	cue := cues[len(cues)-1][0]
	newUnit := amountOf(s, locs[at])
	var first string
	for _, l := range locs[:at] {
		old := s[l[0]:l[1]]
		if l[1] > cue || strings.Contains(old, ":") != strings.Contains(newNum, ":") || sameNumber(old, newNum) {
			continue
		}
		if strings.Contains(old, ":") {
			return old
		}
		// An amount in the new one's unit ("40 €", not the "10 € de
		// plus" it grows by, which comes after it).
		a := amountOf(s, l)
		if a != old && strings.TrimSpace(strings.Replace(a, old, "", 1)) == strings.TrimSpace(strings.Replace(newUnit, newNum, "", 1)) {
			return a
		}
		if first == "" {
			first = inUnit(old, newUnit)
		}
	}
	return first
}

// amountOf is the number at l in s with its currency or unit, before or
// after it ("85 €", "€85", "3 Tage").
func amountOf(s string, l []int) string {
	n := s[l[0]:l[1]]
	if m := reUnitAfter.FindString(s[l[1]:]); m != "" {
		return n + m
	}
	before := strings.TrimRight(s[:l[0]], " ")
	for _, c := range []string{"£", "$", "€", "¥"} {
		if strings.HasSuffix(before, c) {
			return s[len(before)-len(c) : l[1]]
		}
	}
	return n
}

var (
	// reComputeCue is a word of shift ("earlier", "早め") or of more and
	// less ("zehn Euro mehr", "10 € de plus", "提前") between the value
	// that holds and the one worked out from it.
	reComputeCue = regexp.MustCompile(`(?i)\b(?:earlier|later|sooner|more|less|extra|cheaper|dearer|longer|shorter|double|twice|half|früher|später|mehr|weniger|doppelt|halb|antes|después|más|menos|doble|mitad|plus|moins|moitié|avance|retard)` + EndsWord + `|早め|早く|遅く|遅らせ|増や|減ら|上げ|下げ|提前|推迟|延后|晚|早|多|少|涨|降|加|减|翻倍|一半`)
	// reUnitAfter is a currency or unit right after an amount (" €", "%",
	// " Tage").
	reUnitAfter = regexp.MustCompile(`^\s?(?:%|％|€|£|\$|[\pL°]{1,12})`)
)

// reUnchanged says a thing stays as it is.
var reUnchanged = regexp.MustCompile(`(?i)\b(?:unchanged|(?:stays?|remains?) (?:the same|as (?:it is|they are|is|before))|unverändert|bleib(?:t|en) (?:gleich|wie (?:gehabt|bisher|es ist))|sin cambios|igual que antes|se queda(?:n)? igual|inchangée?s?|ne change(?:nt)? pas|reste(?:nt)? (?:pareils?|le même|la même))\b|\bse queda(?:n)? como (?:está|estaba)|不变|照旧|不改|そのまま|変わらず|変更なし`)

// Unchanged returns where s says a thing stays as it is ("…, the studio
// one stays the same", "das Studiomodell bleibt gleich"), or nil.
func Unchanged(s string) []int { return reUnchanged.FindStringIndex(s) }

// withoutUnchanged is sentence s without its comma-separated parts
// (commaParts) that say a thing stays as it is and do not say the echoed
// value; the sentence keeps its closing mark.
func (e echo) withoutUnchanged(s string) string {
	if !reUnchanged.MatchString(s) {
		return s
	}
	body := strings.TrimRightFunc(s, func(r rune) bool { return strings.ContainsRune("?？.。!！ ", r) })
	kept := slices.DeleteFunc(commaParts(body), func(p string) bool { return reUnchanged.MatchString(p) && !e.in(p) })
	if len(kept) == 0 {
		return s
	}
	sep := ", "
	if cjkText(s) {
		sep = "，"
	}
	return strings.Join(kept, sep) + strings.TrimSpace(s[len(body):])
}

// askedChange is the sentence of the user's message before an echo that
// asks for the change the echo's value (about) makes, or "".
func askedChange(text, about string) string {
	// Of the sentences asking for a change, the one the value agreed to
	// shares most words with; a sentence without a word of change that
	// shares more is the change ("Ab Juni nehmen wir die Hälfte als
	// Anzahlung. Und der Granit kommt jetzt aus Demitz." — "50 % vom
	// Brutto ab 1. Juni … Anzahlung").
	aw := set(contentWords(about)...)
	best, top := "", 0
	for _, line := range strings.Split(text, "\n") {
		for _, s := range sentences(line) {
			if len(s) > 200 {
				continue
			}
			lang := detect(s)
			score := 0
			if reUpdateCue[lang] != nil && reUpdateCue[lang].MatchString(s) || len(relativeParts(s, lang)) > 0 || reShiftCue.MatchString(s) {
				score = 1
			}
			for _, w := range contentWords(s) {
				if aw[w] {
					score += 2
				}
			}
			if score > top {
				best, top = s, score
			}
		}
	}
	return best
}

// reShiftCue moves a time or a day ("a day earlier", "eine Stunde
// früher", "media hora antes", "30分早め").
var reShiftCue = regexp.MustCompile(`(?i)\b(?:earlier|later|sooner|früher|später|antes|después|más tarde|plus tôt|plus tard|avance|adelanta|retrasa)\b|早め|早く|遅く|遅らせ|提前|推迟|延后|晚一`)

// sameNumber reports two numbers the same, an hour said whole or with
// its minutes ("16" and "16:00"), an amount whole or with its zero
// cents ("905" and "905.00").
func sameNumber(a, b string) bool {
	a, b = wholeAmount(a), wholeAmount(b)
	return a == b || strings.HasPrefix(a, b+":") || strings.HasPrefix(b, a+":")
}

// wholeAmount is a number without zero decimals ("905.00" → "905").
func wholeAmount(n string) string {
	if i := strings.LastIndexAny(n, ".,"); i >= 0 && i < len(n)-1 && strings.Trim(n[i+1:], "0") == "" {
		return n[:i]
	}
	return n
}

// isWeekday reports a weekday's name in the languages memfs hears.
func isWeekday(w string) bool {
	for _, days := range weekdays {
		if slices.Contains(days, w) {
			return true
		}
	}
	return false
}

// answerStatement makes the statement of the user's answer st (its quote
// and language) to question q; own says the question was the user's.
func answerStatement(st Statement, q string, own bool, ids []string) Statement {
	// A document's words quoted in the answer are not the user's.
	st.Quote = withoutDocQuote(st.Quote)
	st.Kind, st.Area, st.Via = Answer, areaFor(Fact, st.Quote+" "+q), "answer"
	st.Question, st.Pointer = q, q
	st.Subject = questionSubject(q, st.Lang)
	instead := insteadValues(q, st.Quote)
	if len(instead) > 0 {
		st.Claim = answerClaim(shortQuestion(withoutInstead(q)), st.Quote)
	} else {
		st.Claim = answerClaim(shortQuestion(q), st.Quote)
	}
	st.Replaces = slices.Concat(replacesIn(st.Quote, st.Lang), deniedValues(q, st.Quote), instead)
	if old := computedFrom(q, reEchoNumber.FindAllString(st.Quote, -1)); old != "" && !slices.Contains(st.Replaces, old) {
		// "Ahora la salida es a las 9:30; media hora antes serían las
		// 9:00, ¿vale?" — "Sí, 9:00".
		st.Replaces = append(st.Replaces, old)
	}
	st.Versions = versionNames(st.Quote, st.Lang)
	if own {
		st.Claim = FollowUpLead + q + FollowUpMid + st.Quote + "”"
	}
	st.Entries = ids
	return st
}

// assistantText keeps the assistant's text as context for the next user
// message, and hears its memory notes where the user's words in their
// last two messages support them: a note alone is never evidence.
func (sr *sessionReader) assistantText(r Record) {
	sr.said = append(sr.said, r)
	for _, n := range notes(r.Text) {
		var support []Record
		for _, u := range []Record{sr.cur, sr.prev} {
			if u.Text != "" {
				support = append(support, u)
			}
		}
		if t := retraction(strings.TrimRight(n, " .!"), lexEn); t != "" && !anaphor(t) {
			// "Memory note: the squash rule no longer applies": a
			// withdrawal, when the user's words name what it withdraws
			// and were not already heard withdrawing it.
			sent, from := supportingSentence(t, support)
			if h := hearMessage(from.Text, false, false, false); sent != "" && len(h.forgets) == 0 && len(h.retracts) == 0 {
				sr.h.Retractions = append(sr.h.Retractions, Retraction{Lang: detect(sent), Target: t, Subject: nounPhrase(t, En, lexEn), Quote: sent, Entries: entries(from, r)})
			}
			continue
		}
		sent, from := supportingSentence(n, support)
		if sent == "" {
			continue // a note alone is never evidence
		}
		if h := hearMessage(from.Text, false, false, false); len(h.forgets) > 0 || len(h.retracts) > 0 {
			continue // the user's words withdraw: the note states nothing
		}
		st := noteStatement(n, sent)
		st.Via, st.Pointer = "note", n
		st.Entries = entries(from, r)
		sr.add(st)
	}
}

// toolResult hears the user's answers in a question tool's result r to
// the questions of the call awaiting it.
func (sr *sessionReader) toolResult(r Record) {
	qas := toolAnswers(sr.askCall.Text, r.Text)
	if len(qas) > 0 {
		// The tool asked what the assistant's text before it asked: the
		// user's next message answers nothing of it.
		sr.said = nil
	}
	for _, qa := range qas {
		lang := detect(qa.a + " " + qa.q)
		// "#dataplat-pager — #tw-alerts-legacy got archived": what the
		// answer withdraws is a withdrawal, not part of the answer.
		var rts []Retraction
		qa.a, rts = withoutWithdrawals(withoutDocQuote(qa.a), lang)
		for _, rt := range rts {
			rt.Entries = entries(r, *sr.askCall)
			sr.h.Retractions = append(sr.h.Retractions, rt)
		}
		if qa.a == "" {
			continue
		}
		if stopsAsked(qa.q, qa.a) {
			// A question tool's "今後も続けますか？" answered "止めてください":
			// what it asks to go on with is withdrawn.
			if t := askedTopic([]Record{{Text: qa.q}}); t != "" {
				sr.h.Retractions = append(sr.h.Retractions, Retraction{Lang: lang, Target: t, Subject: t, Quote: qa.a, Entries: entries(r, *sr.askCall)})
				continue
			}
		}
		if e, ok := echoOf(qa.a); ok && checksBack(qa.q) {
			// "起订量改成 300 件，确认吗？" — "确认，300": the
			// value the agent checked back through the tool, said again,
			// as in a reply typed out.
			asked := *sr.askCall
			asked.Text = qa.q
			if st, ok := e.statementIn(r, asked); ok {
				st.Topic = askedChange(sr.cur.Text, qa.q)
				sr.add(st)
				continue
			}
		}
		instead := insteadValues(qa.q, qa.a)
		st := Statement{Kind: Answer, Lang: lang, Via: "answer", Question: qa.q, Pointer: qa.q, Quote: qa.a, Replaces: slices.Concat(replacesIn(qa.a, lang), deniedValues(qa.q, qa.a), instead), Versions: versionNames(qa.a, lang)}
		st.Area = areaFor(Fact, qa.a+" "+qa.q)
		st.Subject = questionSubject(qa.q, detect(qa.q))
		st.Claim = answerClaim(shortQuestion(qa.q), qa.a)
		if len(instead) > 0 {
			st.Claim = answerClaim(shortQuestion(withoutInstead(qa.q)), qa.a)
		}
		st.Entries = entries(r, *sr.askCall)
		sr.add(st)
	}
}

var (
	// reNameIn finds the name a self-introduction gives.
	reNameIn = regexp.MustCompile(`^(?:(?i:hi|hey|hello|hallo|hola|buenas|bonjour|salut)[,!.]?\s+)?(?:(?i:i'm|i am|this is|it's|my name is|call me|ich bin|ich heiße|mein name ist|soy|me llamo|mi nombre es|je suis|je m'appelle|moi c'est|c'est)\s+)?(` + nameRe + `)(?:\s+(?i:here|hier|aquí|ici|from|de|von|du)` + EndsWord + `|[,.]|$)|^我(?:是|叫)([\p{Han}]{2,3})(?:[，,。]|$)|([\p{Han}\p{Katakana}]{1,6})(?:です|と申します)(?:[。、]|$)`)
	// reFirstPerson finds the user speaking of themself.
	reFirstPerson = regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(?:i|me|my|mine|myself|i'm|i've|i'd|i'll|ich|mich|mir|mein|meine|meinen|yo|conmigo|mí|je|j'|moi|m'|mon|ma|mes)(?:$|[^\p{L}])|我(?:[^们]|$)|私(?:[^た]|$)|僕|俺`)
)

// attribute names the user in the claims that speak of them, once a
// self-introduction in the session gives the name: "The user (Omar)
// said: “… ping me for anything about the dbt models.”".
func attribute(sts []Statement) {
	name := ""
	for _, st := range sts {
		if st.Kind != Person {
			continue
		}
		if m := reNameIn.FindStringSubmatch(st.Quote); m != nil {
			for _, g := range m[1:] {
				if g != "" && !lexEn.properStop[g] {
					name = g
					break
				}
			}
		}
		if name != "" {
			break
		}
	}
	if name == "" {
		return
	}
	for i := range sts {
		st := &sts[i]
		if strings.Contains(st.Claim, name) || !reFirstPerson.MatchString(st.Quote) || st.Via == "confirm" {
			continue
		}
		if rest, ok := strings.CutPrefix(st.Claim, "The user "); ok {
			st.Claim = "The user (" + name + ") " + rest
		}
	}
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

// msgSentence is a sentence of a user message, its language, and whether
// a joke or a request to keep it out of notes covers it.
type msgSentence struct {
	text, lang string
	joke, hush bool
	// ahead: the hush marker opens what follows it with a colon or a
	// "but" ("这个别记：…", "not for the notes: …", "メモしなくていいけど、
	// …"), and leaves the sentence before.
	ahead bool
	// intro: a sentence that only names the user, joined to the one about
	// their role after it ("佐藤です。通知基盤を担当しています。").
	intro bool
}

// heard is what one user message says.
type heard struct {
	statements []Statement
	answer     *Statement
	retracts   []Retraction
	forgets    []string
	events     []Event
	relatives  []Relative
}

// hearMessage reads one message the user typed. answering says the
// assistant just asked a question: the message's first sentence, unless
// it asks or jokes or hedges, is the answer.
// replying says it answers the assistant's question or proposal.
// agreed says its first sentence agrees to the assistant's offer: that
// sentence is the confirmation, not a statement of its own.
func hearMessage(text string, answering, replying, agreed bool) heard {
	var out heard
	sents := messageSentences(text, agreed)
	var last *Statement // the statement of the sentence just before
	stated := -1        // a sentence already stated with the correction before it
	closing := ""       // the mark that closes a passage quoted over sentences
	for i, s := range sents {
		prevLast := last
		last = nil
		// "…do we need to show it? "Dear members, from 1 July motorboats
		// must keep to 5 knots. … Board of …"": a passage that opens a
		// sentence and runs on past it is pasted, none of it the user's.
		if closing != "" {
			at := strings.Index(s.text, closing)
			if at < 0 {
				continue
			}
			// What follows the passage's end is the user's again.
			rest := strings.TrimLeft(s.text[at+len(closing):], " .,;:!")
			closing = ""
			if utf8.RuneCountInString(rest) < 10 {
				continue
			}
			s.text = rest
		}
		if closing = openedQuote(s.text); closing != "" || quotedWhole(s.text) {
			continue
		}
		if at, c := quoteOpensIn(s.text); c != "" {
			// "the lake association sent this: "Dear members, …": the
			// user's words end where the passage opens.
			closing = c
			if s.text = strings.TrimSpace(s.text[:at]); utf8.RuneCountInString(s.text) < 10 {
				continue
			}
		}
		// A joke marker reaches back to the sentence before it ("Let's
		// delete the tests. Kidding.").
		if s.hush || s.joke || i+1 < len(sents) && sents[i+1].joke && len([]rune(sents[i+1].text)) < 40 && !laughsAtItself(sents[i+1].text) {
			continue
		}
		if s.intro {
			st := statementFrom(finding{kind: Person, lang: s.lang, text: s.text, subject: personSubject(s.text, s.lang)})
			out.statements = append(out.statements, st)
			continue
		}
		for _, p := range eventParts(s.text, s.lang) {
			out.events = append(out.events, Event{Lang: s.lang, Text: p, Sentence: s.text})
		}
		out.relatives = append(out.relatives, relativeParts(s.text, s.lang)...)
		reply := replying && i == 0
		if answering && i == 0 {
			answering = false
			if a, k := answerOf(sents[i:]); a != "" {
				// "nee, die Confluence-Seiten pflegt keiner mehr, das
				// OpenAPI-Schema reicht": what the reply withdraws is a
				// withdrawal, not part of the answer.
				rest, rts := withoutWithdrawnParts(a, s.lang, reReplyPart)
				if len(rts) > 0 && withdrawnOnly(rts) {
					out.retracts = append(out.retracts, rts...)
					a = strings.TrimSpace(strings.TrimLeft(rest, " ,、，"))
				} else {
					rts = nil
				}
				for j := i; j < i+k; j++ {
					sents[j].hush = true // read as the answer, or withdrawn
				}
				if len(rts) > 0 && (a == "" || !hasValue(a, s.lang) && len(strings.Fields(a)) < 3 && !cjkText(a)) {
					continue // "No, we dropped it." answers nothing
				}
				out.answer = &Statement{Lang: s.lang, Quote: a}
				continue
			}
		}
		// An anaphoric sentence continues the statement before it ("don't
		// touch gen/ by hand. it's generated from the protos.").
		if prevLast != nil && anaphoric(s.text, s.lang) {
			if f, v := classify(s.text, s.lang, false); v != excluded && f.retract == "" && f.forget == "" {
				prevLast.Quote += " " + s.text
				prevLast.Claim = claimFor(prevLast.Kind, prevLast.Lang, prevLast.Quote)
				continue
			}
		}
		if i == stated {
			continue // read with the correction before it
		}
		if i+1 < len(sents) && !s.hush && !s.joke && !sents[i+1].hush && !sents[i+1].joke {
			if st, ok := correctedNext(s.text, sents[i+1].text, s.lang); ok {
				// "I said the node pool is e2-standard-4, I misremembered.
				// it's n2-standard-4": what the user takes back as wrong
				// is no statement; the next sentence says what holds.
				out.statements = append(out.statements, st)
				stated = i + 1
				continue
			}
		}
		if st, ok := correctedInPlace(s.text, s.lang); ok && !s.hush && !s.joke {
			out.statements = append(out.statements, st)
			continue
		}
		nr, ns := len(out.retracts), len(out.statements)
		if ns > 0 && i > 0 && out.statements[ns-1].Holder != "" && strings.Contains(sents[i-1].text, out.statements[ns-1].Holder) {
			// "new practice manager: Gail Okafor. template texts go to
			// her from now on": her is who the sentence before named,
			// put in the user's words in brackets, as an editor would.
			if re := reHolderPronoun[s.lang]; re != nil {
				if loc := re.FindStringSubmatchIndex(s.text); loc != nil {
					s.text = s.text[:loc[2]] + "[" + out.statements[ns-1].Holder + "]" + s.text[loc[3]:]
				}
			}
		}
		// "the ISAD(G) manual says “the reference code … shall be
		// repeated …”": a document's words, quoted, are not the user's.
		s.text = withoutDocQuote(s.text)
		found, excludedAny, redacted, span := hearSentence(s.text, s.lang, reply, &out)
		// "Remember the Friday freeze? That no longer applies.": the
		// sentence before names what "that" withdraws, and states nothing.
		for j := nr; j < len(out.retracts); j++ {
			if anaphor(out.retracts[j].Target) && i > 0 {
				out.retracts[j].Target = referent(sents[i-1].text)
				out.statements = slices.DeleteFunc(out.statements, func(st Statement) bool { return st.Quote != "" && strings.Contains(sents[i-1].text, st.Quote) })
			}
		}
		// A sentence that also withdraws something says more than one
		// thing: its statements are kept alone, without the withdrawal.
		excludedAny = excludedAny || len(out.retracts) > nr
		out.retracts = append(out.retracts[:nr], sameTarget(out.retracts[nr:])...)
		switch {
		case len(found) == 0 && !excludedAny:
			// Kept out by a cue of one part only ("oh nvm I'll check, the
			// rotation's in PagerDuty"): its comma-separated parts may say
			// something on their own.
			out.statements = appendCommaParts(out.statements, s.text, s.lang, reply)
		case len(found) == 0:
			// A clause kept it out: nothing durable.
		case !excludedAny && !redacted && oneSubject(found) && !slices.ContainsFunc(found, func(f finding) bool { return f.part }):
			// The sentence says one thing: keep it whole.
			out.statements = append(out.statements, statementFrom(wholeFinding(found, span, s.lang, reply)))
			last = &out.statements[len(out.statements)-1]
		default:
			for _, f := range found {
				out.statements = append(out.statements, statementFrom(f))
			}
		}
		if i > 0 && prevLast == nil && len(out.statements) > ns && reMeanwhile.MatchString(s.text) && !sents[i-1].hush && !sents[i-1].joke &&
			(reAbsent.MatchString(sents[i-1].text) || reFault.MatchString(sents[i-1].text)) {
			// "Karim part en congé paternité … . Pendant ce temps c'est
			// Lou Garnier qui livre": the sentence before says while
			// what, and the claim names it, so that its end ends it.
			for j := ns; j < len(out.statements); j++ {
				st := &out.statements[j]
				st.Quote = sents[i-1].text + " " + st.Quote
				st.Claim = claimFor(st.Kind, st.Lang, st.Quote)
			}
		}
		var during map[int]string
		for j := ns; j < len(out.statements); j++ {
			// "Inés está de baja hasta noviembre; mientras tanto lo valida
			// Jorge": the same within a sentence.
			st := &out.statements[j]
			if !reMeanwhile.MatchString(st.Quote) {
				continue
			}
			if k := strings.Index(s.text, st.Quote); k > 0 {
				if before := strings.TrimSpace(s.text[:k]); reAbsent.MatchString(before) || reFault.MatchString(before) {
					st.Quote = before + " " + st.Quote
					st.Claim = claimFor(st.Kind, st.Lang, st.Quote)
					if during == nil {
						during = map[int]string{}
					}
					during[j] = before
				}
			}
		}
		markChanges(&out, nr, ns)
		for j, before := range during {
			// Who is away is named, not replaced: the claim ends when
			// they are back.
			st := &out.statements[j]
			st.Replaces = slices.DeleteFunc(st.Replaces, func(t string) bool { return strings.Contains(before, t) })
		}
		if len(out.retracts) > nr && len(out.statements) == ns {
			if st, ok := nowItIs(s.text, s.lang, out.retracts[nr].Target); ok {
				out.statements = append(out.statements, st)
			}
		}
		// Of a sentence's withdrawals, the first few are read for a
		// return, as markChanges reads them: a sentence may withdraw
		// thousands of things.
		for _, rt := range out.retracts[nr:min(len(out.retracts), nr+maxMarked)] {
			if !Returned(rt) {
				continue
			}
			named := false
			for j := ns; j < len(out.statements); j++ {
				// "Marta is back, the rota sign-off is hers again": the
				// part heard on its own gets her name too.
				st := &out.statements[j]
				if q, ok := namedBack(st.Quote, rt.Target); ok {
					st.Quote, st.Claim, named = q, claimFor(st.Kind, st.Lang, q), true
				}
			}
			if !named && len(out.statements) == ns {
				if st, ok := backToThem(s.text, s.lang, rt); ok {
					out.statements = append(out.statements, st)
				}
			}
			break
		}
	}
	markSelfCorrected(&out, text)
	return out
}

// reSelfCorrection says a value the user gave before was wrong: "i told
// you 1.25.3.1 last time - that was wrong", "the 3e-4 i gave you was a
// typo", "die 45 °C von neulich waren falsch", "el 7,5 que te dije era un
// error", "le 2.4 que je t'ai donné était faux", "之前说的 3.2 写错了",
// "前に言った 5.1 は間違いでした". What the value is of follows in the same
// message.
var reSelfCorrection = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:(?:was|were|is) (?:wrong|a typo|a mistake|incorrect|not right)|(?:that|which) was wrong|i (?:misspoke|got (?:it|that) wrong|was wrong)|my (?:bad|mistake)|typo on my (?:side|part|end)|(?:war|waren|ist|sind) (?:falsch|ein (?:Tippfehler|Fehler|Irrtum))|stimmt(?:e)? nicht|hab(?:e)? mich (?:vertan|vertippt|geirrt)|(?:era|eran|es|fue) (?:un error|incorrecto|una errata)|estaba mal|me equivoqu[ée]|(?:était|étaient|c'était) (?:faux|une erreur|une faute)|je me suis tromp[ée]|n'était pas (?:bon|juste))(?:[^\pL]|$)|写错了|说错了|搞错了|记错了|是错的|不对|間違い|間違えました|勘違い|誤りでした`)

// reClauseMarks are the marks that end a clause: ",;.!?" before a space,
// and the CJK marks.
var reClauseMarks = regexp.MustCompile(`[,;.!?:—–]\s|\s[-—–]\s|[，、。；！？：]`)

// reCorrectedValue is a value a self-correction may name: a token of
// three characters or more holding a digit and a letter, a dot, a comma,
// a sign or a degree ("1.25.3.1", "3e-4", "45℃", "7,5"). A bare number
// ("10") names too much.
var reCorrectedValue = regexp.MustCompile(`(?:^|[\s(“"'「\p{Han}\p{Hiragana}\p{Katakana}])([+-]?\d[\w.,:/°℃%-]*[\w℃%])`)

// markSelfCorrected makes the statements of a message that says a value
// the user gave was wrong replace that value: the values of the clause
// before the words saying so ("i told you 1.25.3.1 last time - that was
// wrong, the edges have been on 1.27.1.1" replaces 1.25.3.1), where a
// statement of the message gives another value. A value the statement
// itself holds is left to its own reading, but for one said before the
// correction in the same sentence ("lr should be 1e-4, the 3e-4 i gave
// you was a typo").
func markSelfCorrected(out *heard, text string) {
	loc := reSelfCorrection.FindStringIndex(text)
	if loc == nil || len(out.statements) == 0 {
		return
	}
	// The clause before the cue: back to the last mark ending a clause
	// (a point or comma inside a number ends none), or the one before it
	// where the cue's own clause names no value ("i told you 1.25.3.1
	// last time - that was wrong").
	before := text[:loc[0]]
	marks := reClauseMarks.FindAllStringIndex(before, -1)
	valuesOf := func(clause string) []string {
		var vs []string
		for _, m := range reCorrectedValue.FindAllStringSubmatch(clause, -1) {
			v := strings.TrimRight(m[1], ".,:-")
			if utf8.RuneCountInString(v) >= 3 && !isDigits(v) && !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		return vs
	}
	from := 0
	if len(marks) > 0 {
		from = marks[len(marks)-1][1]
	}
	olds := valuesOf(before[from:])
	if len(olds) == 0 && len(marks) > 0 {
		from = 0
		if len(marks) > 1 {
			from = marks[len(marks)-2][1]
		}
		olds = valuesOf(before[from:marks[len(marks)-1][0]])
	}
	if len(olds) == 0 || len(olds) > 2 {
		return
	}
	for i := range out.statements {
		st := &out.statements[i]
		others := false
		for _, m := range reCorrectedValue.FindAllStringSubmatch(st.Quote, -1) {
			v := strings.TrimRight(m[1], ".,:-")
			if !slices.Contains(olds, v) && slices.ContainsFunc(olds, func(o string) bool { return valueShape(o) == valueShape(v) }) {
				others = true
			}
		}
		if !others {
			continue // no other value of the shape: not what the correction sets
		}
		for _, o := range olds {
			if !slices.Contains(st.Replaces, o) {
				st.Replaces = append(st.Replaces, o)
			}
		}
	}
}

// valueShape is a value's spelling with each run of digits one "0":
// "1.25.3.1" and "1.27.1.1" are "0.0.0.0", "3e-4" is "0e-0".
func valueShape(v string) string {
	var b strings.Builder
	digit := false
	for _, r := range strings.ToLower(v) {
		if r >= '0' && r <= '9' {
			if !digit {
				b.WriteByte('0')
			}
			digit = true
			continue
		}
		digit = false
		b.WriteRune(r)
	}
	return b.String()
}

// reHolderPronoun is a pronoun standing for the person a duty goes to
// ("go to her", "an ihn"); group 1 is the pronoun.
var reHolderPronoun = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)\b(?:to|past|through|with|ask|ping|tell|email) (her|him)\b`),
	De: regexp.MustCompile(`(?i)(?:^|\s)(?:an|zu|bei|über|für) (ihn|sie|ihm)(?:$|[\s,.!])`),
	Es: regexp.MustCompile(`(?i)(?:^|\s)a (ella|él)(?:$|[\s,.!])`),
	Fr: regexp.MustCompile(`(?i)(?:^|\s)(?:à|par|avec|chez) (elle|lui)(?:$|[\s,.!])`),
}

// reSaidWrong is the user taking back what they said before as wrong
// ("I said the node pool is e2-standard-4, I misremembered"); t is what
// they said.
var reSaidWrong = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)\bi (?:said|told you|wrote)(?: that)? (?P<t>[^,;:]+?)[,;]? (?:but )?(?:i misremembered|i was wrong|that was wrong|that's wrong|that is wrong|my bad|wrong)\b`),
	De: regexp.MustCompile(`(?i)\bich (?:hab|habe|hatte) (?:gesagt|geschrieben),? (?:dass )?(?P<t>[^,;:]+?)[,;]? (?:das war falsch|ich hab mich vertan|ich habe mich vertan|falsch)\b`),
	Fr: regexp.MustCompile(`(?i)\bj'ai (?:dit|écrit) (?:que )?(?P<t>[^,;:]+?)[,;]? (?:je me suis trompée?|c'était faux|c'est faux|erreur de ma part)`),
	Es: regexp.MustCompile(`(?i)\b(?:dije|te dije|escribí) (?:que )?(?P<t>[^,;:]+?)[,;]? (?:me equivoqué|estaba mal|error mío|era incorrecto)`),
}

// reToldThenIs is one sentence taking back what the user told before and
// saying what is so ("el otro día te dije que el backend era la v2: es
// api.aparca.es/v3"): t is what they told, now what holds.
var reToldThenIs = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)\bi (?:told you|said)(?: that)? (?P<t>[^:;]+?)\s*(?:[:;,]|,?\s+but|\s[\x{2013}\x{2014}-])\s*(?P<now>(?:actually |but )?(?:it's|it is|they're|they are)\s+\S.*)$`),
	De: regexp.MustCompile(`(?i)\bich (?:hab|habe) dir (?:gesagt|geschrieben),? (?:dass )?(?P<t>[^:;]+?)\s*(?:[:;]|,?\s+aber|\s[\x{2013}\x{2014}-])\s*(?P<now>(?:es ist|es sind|das ist|ist es|sind es)\s+\S.*)$`),
	Fr: regexp.MustCompile(`(?i)\bje (?:t'ai|vous ai) dit (?:que )?(?P<t>[^:;]+?)\s*(?:[:;]|,?\s+mais|\s[\x{2013}\x{2014}-])\s*(?P<now>(?:en fait )?(?:c'est|ce sont)\s+\S.*)$`),
	Es: regexp.MustCompile(`(?i)\b(?:te dije|le dije|os dije) (?:que )?(?P<t>[^:;]+?)\s*(?:[:;]|,?\s+pero|\s[\x{2013}\x{2014}-])\s*(?P<now>(?:en realidad )?(?:es|son)\s+\S.*)$`),
	Ja: regexp.MustCompile(`(?P<t>[^、。]+?)と(?:言いました|言った|言ってました|書きました|書いた|伝えました|お伝えしました)(?:が|けど)、?\s*(?P<now>(?:正しくは|実際は|本当は|実は).+)$`),
}

// correctedInPlace is the statement of a sentence taking back what the
// user told before and saying what holds (reToldThenIs): what the told
// value was of, then what holds, replacing the told value.
func correctedInPlace(text, lang string) (Statement, bool) {
	re := reToldThenIs[lang]
	if re == nil {
		return Statement{}, false
	}
	loc := re.FindStringSubmatchIndex(text)
	if loc == nil {
		return Statement{}, false
	}
	m := re.FindStringSubmatch(text)
	st, ok := correction(group(re, m, "t"), group(re, m, "now"), lang, "d19t")
	if ok && st.Subject == "" {
		// "I've been wrong about cattle commission: I told you 3.75, it's
		// 3.5%": what the value is of, said before.
		if a := reAboutTopic.FindStringSubmatchIndex(text[:loc[0]]); a != nil {
			st.Subject = strings.ToLower(strings.TrimSpace(text[a[2]:a[3]]))
			st.Claim = claimFor(st.Kind, lang, strings.TrimSpace(text[a[0]:]))
		} else if lead := strings.TrimSpace(reLeadFiller.ReplaceAllString(strings.Trim(text[:loc[0]], " ,:;—–-"), "")); lead != "" && len(strings.Fields(lead)) <= 5 {
			// "and the seal pool, I told you four pups, it's three pups":
			// what the value is of, named before.
			if np := nounPhrase(lead, lang, lexes[lang]); np != "" {
				st.Subject = np
				st.Quote = lead + " … " + strings.TrimSpace(st.Quote)
				st.Claim = claimFor(st.Kind, lang, st.Quote)
			}
		}
	}
	return st, ok
}

// reLeadFiller opens the words naming what a correction is of: "and",
// "oh and", "also".
var reLeadFiller = regexp.MustCompile(`(?i)^(?:(?:oh|ah|and|also|plus|und|y|et)[,\s]+)+`)

// reAboutTopic ends the words before a correction with what it is about:
// "I've been wrong all year about cattle commission:".
var reAboutTopic = regexp.MustCompile(`(?i)(?:^|\s)(?:about|on|regarding|zu|über|sobre|sur)\s+(?:the |die |der |das |el |la |le |les |l')?([^:,;]{2,40}?)\s*[:,;—–-]?\s*$`)

// correction is the statement of what holds (now, its first comma part)
// in place of what the user said before and took back (said): led by
// what the said value was of, in the user's words ("the node pool … it's
// n2-standard-4"), replacing that value less its article ("la v2" is
// "v2").
func correction(said, now, lang, why string) (Statement, bool) {
	if lang == Ja {
		return jaCorrection(said, now, why)
	}
	v := reCopulaValue.FindStringSubmatch(said)
	now = strings.TrimSpace(commaParts(now)[0])
	if v == nil && (hasValue(now, lang) || spelledCount(now)) {
		// "I told you fourteen days in the winter — it's 21 days": the
		// value alone was told, of what the value now says.
		if old, of := toldValue(said); old != "" {
			text := now
			if of != "" {
				text = of + " … " + now // "por pipa … son 500 litros"
			}
			f := finding{kind: Fact, lang: lang, text: text, replaces: []string{old}, why: why}
			return statementFrom(f), true
		}
	}
	if v == nil || !hasValue(now, lang) {
		return Statement{}, false
	}
	old := strings.TrimSpace(reLeadArticle.ReplaceAllString(strings.TrimSpace(v[1]), ""))
	f := finding{kind: Fact, lang: lang, text: strings.TrimSpace(said[:len(said)-len(v[0])]) + " … " + now,
		subject: subjectOf(said, lang, lexes[lang]), replaces: []string{old}, why: why}
	return statementFrom(f), true
}

// jaCorrection is correction for Japanese: "前に縁付の納期を12日" told
// the value after を or は, of what comes before it.
func jaCorrection(said, now, why string) (Statement, bool) {
	m := reJaTold.FindStringSubmatch(said)
	if m == nil || !hasValue(now, Ja) {
		return Statement{}, false
	}
	f := finding{kind: Fact, lang: Ja, text: m[1] + m[2] + " … " + strings.TrimSpace(now),
		subject: cjkNounPhrase(m[1], Ja, lexes[Ja]), replaces: []string{m[3]}, why: why}
	return statementFrom(f), true
}

// reJaTold is a value told before: what it is of, を or は, the value.
var reJaTold = regexp.MustCompile(`^(?:前に|以前|さっき|先ほど|この前|先日)?、?(.+?)(を|は)([^をは]*\p{N}[^をは]*)$`)

// reToldWhen is when a value was told, after it ("in the winter", "last
// time", "yesterday").
var reToldWhen = regexp.MustCompile(`(?i)\s+(?:in the \pL+|last \pL+|earlier|before|yesterday|the other day|in (?:january|february|march|april|may|june|july|august|september|october|november|december))$`)

// toldValue is a value told alone ("fourteen days in the winter", "14"),
// its number in digits ("14 days"), and what it was told of when more
// words follow its unit ("450 litros por pipa": "por pipa"); "" when
// said does not open with a value.
func toldValue(said string) (value, of string) {
	said = reToldWhen.ReplaceAllString(strings.TrimSpace(said), "")
	fs := strings.Fields(said)
	if len(fs) == 0 {
		return "", ""
	}
	n, ok := Amount(fs[0])
	if !ok {
		return "", ""
	}
	fs[0] = strconv.FormatFloat(n, 'f', -1, 64)
	if len(fs) > 3 {
		return strings.Join(fs[:2], " "), strings.Join(fs[2:], " ")
	}
	return strings.Join(fs, " "), ""
}

var reLeadArticle = regexp.MustCompile(`(?i)^(?:the|a|an|la|el|le|les|los|las|der|die|das|den|ein|eine|un|une|una|l')\s*`)

// reCorrectedIs opens the sentence that says what a corrected thing is.
var reCorrectedIs = regexp.MustCompile(`(?i)^(?:actually,? |en fait,? |eigentlich |en realidad )?(?:it's|it is|its|they're|they are|c'est|ce sont|es ist|es sind|das ist|es|son)\s+\S`)

// reCopulaValue is what a said thing gives as its value: what follows its
// copula ("the node pool is e2-standard-4").
var reCopulaValue = regexp.MustCompile(`(?i)\s(?:is|are|was|were|runs|run|uses|ist|sind|war|waren|läuft|laufen|est|sont|était|étaient|tourne|tournent|es|son|era|eran|corre|corren)\s+(?:on |at |in |auf |bei |mit |sur |sous |en |con )?(.+)$`)

// correctedNext is the statement of a sentence (next) saying what a thing
// the sentence before it took back as wrong (prev) is: about the same
// subject, replacing the value said before.
func correctedNext(prev, next, lang string) (Statement, bool) {
	re := reSaidWrong[lang]
	if re == nil || !reCorrectedIs.MatchString(next) {
		return Statement{}, false
	}
	m := re.FindStringSubmatch(prev)
	if m == nil {
		return Statement{}, false
	}
	return correction(group(re, m, "t"), next, lang, "d19w")
}

// reNowItIs is a part saying what a thing just withdrawn is now: "c'est
// sf deploy maintenant", "it's Buildkite now".
var reNowItIs = regexp.MustCompile(`(?i)^(?:it's|it is|now it's|c'est|ce sont|es|son|das ist|jetzt ist es|ahora es)\s+\S.{0,60}?\s(?:now|maintenant|désormais|ahora|jetzt)[.!]?$|^(?:now it's|now it is|now we use|ahora es|ahora son|ahora usamos|maintenant c'est|désormais c'est|jetzt ist es|jetzt gilt|jetzt nutzen wir|jetzt nehmen wir)\s+\S|^(?:现在|目前)?(?:改成|改用|换成|换用|换到|迁到|切到|切换到)\s*[A-Za-z0-9\p{Han}]|^(?:现在|目前)(?:用|在用|改用|是|跑在|放在)\s*[A-Za-z0-9\p{Han}]`)

// nowItIs is the statement of a sentence that withdraws target and says
// what is so instead ("on n'utilise plus sfdx, c'est sf project deploy
// start maintenant", "现在不用 gw-cron-1 了，改成 GitHub Actions"): the new value of what was withdrawn, which its
// words name (the withdrawn value goes from the claim).
func nowItIs(text, lang, target string) (Statement, bool) {
	if anaphor(target) || reBareNo.MatchString(target) {
		return Statement{}, false
	}
	lowTarget := strings.ToLower(target)
	for i, p := range commaParts(text) {
		p = strings.TrimSpace(p)
		// The withdrawing part is the first, unless the first says what
		// is used now and a later one names what goes ("wir flashen
		// inzwischen mit nrfutil, das alte Tool ist raus").
		switch {
		case i == 0 && (strings.Contains(strings.ToLower(p), lowTarget) || !insteadPart(p, lang, target)):
			continue
		case i > 0 && !reNowItIs.MatchString(p) && !insteadPart(p, lang, target):
			continue
		}
		quote := strings.TrimSpace(reLeadingNo.ReplaceAllString(text, ""))
		f := finding{kind: Fact, lang: lang, text: quote, subject: target, replaces: []string{target}, why: "d19b"}
		return statementFrom(f), true
	}
	return Statement{}, false
}

// reInsteadCue says a part is about what is used now or instead: "las
// migraciones nuevas van con jennifer", "new invoices go through Stripe".
var reInsteadCue = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:new|now|instead|these days|nowadays|nuev[oa]s?|ahora|en su lugar|neuen?|neuer?|neues|jetzt|stattdessen|inzwischen|mittlerweile|nouveaux?|nouvelles?|maintenant|désormais|à la place)(?:$|[^\pL])`)

// insteadPart reports a part after one withdrawing target that says what
// is used now or instead, naming a thing of its own: "dejamos micrate,
// las migraciones nuevas van con jennifer".
func insteadPart(p, lang, target string) bool {
	if !reInsteadCue.MatchString(p) || !reUsePart.MatchString(p) || strings.ContainsAny(p, "?？¿") || reReasonPart.MatchString(p) || reBecauseLead.MatchString(p) {
		return false
	}
	lx := lexes[lang]
	if lx == nil || retractionIn(p, lx) != "" || lx.state.MatchString(p) || problemReport(p, lang) || reWorksNow.MatchString(p) {
		return false // "…, the tests pass now": how things went, no value
	}
	own := 0
	for _, w := range contentWords(p) {
		if !strings.Contains(strings.ToLower(target), strings.ToLower(w)) {
			own++
		}
	}
	return own >= 2
}

// reUsePart says through what or with what a thing is done: "go through
// vitest", "van con jennifer", "laufen über Woodpecker".
var reUsePart = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:with|through|via|on|in|uses?|using|con|por|en|usa|usamos|mit|über|auf|nutzen|avec|par|sur|chez|utilise|utilisons)(?:$|[^\pL])`)

// reWorksNow says something works or fails now.
var reWorksNow = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:pass(?:es)?|fail(?:s)?|works?|green|red|broken|fixed|funciona|pasan?|fallan?|läuft|laufen|klappt|grün|rot|marche|passent|cassé)(?:$|[^\pL])`)

// reBecauseLead opens a part giving a reason.
var reBecauseLead = regexp.MustCompile(`(?i)^(?:because|since|as|porque|ya que|weil|da|denn|parce que|car|puisque)\b`)

// reBackToThem is a duty said to go back to someone, by a pronoun for
// them: "template approvals are hers again", "la validación vuelve a
// ella", "she's doing the review again"; group 1 is the pronoun.
var reBackToThem = regexp.MustCompile(`(?i)(?:^|[^\pL])(hers|his|her|him|she|he|ella|él|elle|lui|sie|ihr|ihm|er)(?:$|[^\pL]).*?(?:\bagain\b|\bback\b|\bwieder\b|de nouveau|à nouveau)|(?:vuelve|vuelven|revient|reviennent|geht|gehen) (?:a|à|an) (ella|él|elle|lui|sie|ihn)(?:$|[^\pL])`)

// backToThem is the statement of a sentence that says a person is back
// (rt, a return: the caller read it so) and, by a pronoun for them, what
// goes back to them ("Gloria
// is back, template approvals are hers again"): the pronoun is given
// their name in brackets, as an editor would, so that the claim says
// whose the duty is.
func backToThem(text, lang string, rt Retraction) (Statement, bool) {
	name := strings.TrimSpace(rt.Target)
	at := strings.Index(text, name)
	if name == "" || at < 0 {
		return Statement{}, false
	}
	rest, ok := namedBack(text[at+len(name):], name)
	if !ok {
		return Statement{}, false
	}
	f := finding{kind: Team, lang: lang, text: strings.TrimSpace(text[:at+len(name)] + rest), subject: strings.ToLower(name), why: "d19r"}
	return statementFrom(f), true
}

// namedBack returns text with the pronoun by which a duty goes back to
// name (reBackToThem) given that name in brackets, and true; text as it
// is and false when it has no such pronoun or names them already.
func namedBack(text, name string) (string, bool) {
	if name == "" || strings.Contains(text, name) {
		return text, false
	}
	m := reBackToThem.FindStringSubmatchIndex(text)
	if m == nil {
		return text, false
	}
	i, j := m[2], m[3]
	if i < 0 {
		i, j = m[4], m[5]
	}
	repl := "[" + name + "]"
	if p := strings.ToLower(text[i:j]); p == "hers" || p == "his" {
		repl = "[" + name + "'s]"
	}
	return text[:i] + repl + text[j:], true
}

// reLeadingNo is a reply's "no" before what it says.
var reLeadingNo = regexp.MustCompile(`(?i)^(?:no|non|nein|nope|いや|不)[,、，]\s*`)

// messageSentences splits a user message into its sentences, each with
// its language and whether a joke marker or a request to keep it out of
// notes covers it. A request covers what follows it and the sentence just
// before; with agreed, the first sentence (the confirmation) is kept out
// too.
//
// A marker that opens what follows with a colon or a "but" ("这个别记：我今天
// 用的是公司电脑") covers what follows only.
func messageSentences(text string, agreed bool) []msgSentence {
	lang := detect(text)
	lx := lexes[lang]
	var sents []msgSentence
	for _, line := range prose(text, lx) {
		for _, s := range sentences(line) {
			l := lang
			if len(strings.Fields(s)) >= 4 || cjkText(s) {
				l = detectOr(s, lang)
			}
			hush := lexes[l].noNotes.MatchString(s) || lexEn.noNotes.MatchString(s)
			// A joke in an aside ("(saves like 40 pages lol)") is the
			// aside's, not the sentence's.
			told := reAside.ReplaceAllString(s, " ")
			sents = append(sents, msgSentence{text: s, lang: l, joke: lexes[l].joke.MatchString(laughAsideOff(told)) || reJokeEmoji.MatchString(told), hush: hush,
				ahead: hush && (pointsAhead(s, lexes[l].noNotes) || pointsAhead(s, lexEn.noNotes))})
		}
	}
	// "Don't put this in the notes": what follows the request, and the
	// sentence just before it, stay out, up to a sentence that turns back
	// to the work ("Anyway - …", "Arun, one more for you: …", "Zum
	// Testen: …", "あと…").
	// Each request does so, a later one too once the work was turned
	// back to.
	marks := make([]bool, len(sents))
	for i := range sents {
		marks[i] = sents[i].hush
	}
	for i := 0; i < len(sents); i++ {
		if !marks[i] {
			continue
		}
		from := max(i-1, 0)
		if sents[i].ahead || ownsRequest(sents[i]) {
			from = i
		}
		j := from
		for ; j < len(sents); j++ {
			if j > i && turnsBack(sents[j].text) {
				break
			}
			sents[j].hush = true
		}
		i = j - 1
	}
	// "Tabs, not spaces. Always.": a sentence that is only a cue of
	// durability belongs to the sentence before it.
	sents = joinBefore(sents, func(s msgSentence) bool { return reCueOnly.MatchString(strings.TrimSpace(s.text)) })
	// "Pillow は 10.4 に固定しています。上げないでください。": a bare "don't
	// change it" belongs to the sentence before it, which says what.
	sents = joinBefore(sents, func(s msgSentence) bool { return !s.hush && reLeaveAsIs.MatchString(strings.TrimSpace(s.text)) })
	if agreed && len(sents) > 0 {
		sents[0].hush = true
	}
	// "jordan here. I'm the QA engineer", "佐藤です。通知基盤を担当しています":
	// a sentence that only names the user belongs to the introduction
	// after it.
	for i := len(sents) - 2; i >= 0; i-- {
		a, b := sents[i], sents[i+1]
		if bareName(a.text) && !a.hush && !a.joke && !b.hush && !b.joke {
			t, _ := strip(b.text, lexes[b.lang])
			if lexes[b.lang].intro.MatchString(t) || reRoleLead.MatchString(t) {
				sents[i+1].text = a.text + " " + b.text
				sents[i+1].intro = true
				sents = slices.Delete(sents, i, i+1)
			}
		}
	}
	return sents
}

// ownsRequest reports a sentence whose request to keep it out of the
// notes comes after words of its own ("probe-rs 那台 J-Link 是借的实验室的，
// 这个不用记", "the door code is 4711, don't write that down"): the
// request is of those words, not of the sentence before.
func ownsRequest(s msgSentence) bool {
	loc := lexes[s.lang].noNotes.FindStringIndex(s.text)
	if loc == nil {
		if loc = lexEn.noNotes.FindStringIndex(s.text); loc == nil {
			return false
		}
	}
	// "…, but don't write it down", "…, pero no lo dejes escrito": the
	// "but" joins the request to the words it is of.
	before := strings.TrimRight(reButTail.ReplaceAllString(reThisTail.ReplaceAllString(s.text[:loc[0]], ""), ""), " ,，、;；:：—–-")
	if !strings.ContainsAny(s.text[len(before):loc[0]+1], ",，、;；—–-") {
		// "lo de que igual vendemos la escuela … no lo apuntes": a thing
		// named by a lead of its own is what the request is of.
		_, named, _ := strings.Cut(before, ":")
		if named == "" {
			named = before
		}
		if !reTopicNamed.MatchString(strings.TrimSpace(named)) {
			return false // "Don't put this in the notes": nothing before it
		}
	}
	return len(strings.Fields(before)) >= 3 || cjkText(before) && utf8.RuneCountInString(before) >= 6
}

// reTopicNamed opens the naming of a thing that a request is then about:
// "lo de que …", "the thing about …", "das mit …", "l'histoire de …".
var reTopicNamed = regexp.MustCompile(`(?i)^(?:lo de|eso de|the (?:thing|bit|stuff|idea) (?:about|with|of)|that (?:thing|bit) about|das mit|die sache mit|die idee mit|le truc (?:de|sur|avec)|l'histoire (?:de|du|des)|l'idée de)\s`)

// reButTail is a "but" or an "and" before a request about what was just
// said.
var reButTail = regexp.MustCompile(`(?i)(?:^|[\s,，、])(?:but|and|though|pero|y|aber|und|doch|mais|et)\s*$`)

// reThisTail is a pointer to what was just said, before a request about
// it ("…的，这个不用记", "…, das bitte nicht notieren").
var reThisTail = regexp.MustCompile(`(?i)(?:这个|那个|这|那|これは|これ|それは|それ|(?:^|[^\pL\pN_])(?:this|that|it|das|dies|esto|eso|ça|cela|ceci))\s*$`)

// joinBefore joins each sentence join accepts to the sentence before it,
// unless that one is kept out of notes or a joke.
func joinBefore(sents []msgSentence, join func(msgSentence) bool) []msgSentence {
	for i := len(sents) - 1; i > 0; i-- {
		if join(sents[i]) && !sents[i-1].hush && !sents[i-1].joke {
			sents[i-1].text += " " + sents[i].text
			sents = slices.Delete(sents, i, i+1)
		}
	}
	return sents
}

// reLeaveAsIs is a sentence that only asks to leave as it is what the
// sentence before named: "Don't change it.", "No lo toques.", "Bitte
// nicht ändern.", "N'y touche pas.", "上げないでください。", "别动它。".
var reLeaveAsIs = regexp.MustCompile(`^(?i:(?:please )?(?:don't|do not|never) (?:change|touch|upgrade|bump|update|remove|delete|move|rename) (?:it|that|this|them)(?: please)?|no (?:lo|la|los|las) (?:toques|cambies|actualices|subas|borres|muevas)|(?:bitte )?nicht (?:ändern|anfassen|anrühren|upgraden|hochziehen|löschen|umbenennen)(?: bitte)?|(?:das|den|die) (?:bitte )?nicht (?:ändern|anfassen|upgraden|hochziehen|löschen)|n'y touche pas|ne (?:le|la|les|l') (?:change|touche|modifie|mets à jour|supprime) pas)[.!]*$|^(?:それは|これは)?[\p{Hiragana}\p{Katakana}\p{Han}]{0,4}(?:ないでください|ないで)[。！!]*$|^(?:这个|那个)?(?:别|不要)[\p{Han}]{1,3}(?:它|了)?[。！!]*$`)

// reCueOnly is a sentence that only says "always" or "never".
var reCueOnly = regexp.MustCompile(`^(?i:always|never|every time|every single time|no exceptions|without exception|immer|nie|niemals|ausnahmslos|ohne ausnahme|siempre|nunca|sin excepción|toujours|jamais|sans exception|总是|永远|一律|始终|必ず|常に|絶対|例外なく)[.!。！]*$`)

// reAside is a parenthetical aside of some words, in narrow or wide
// marks; "(lol)" and "（笑）" alone are markers, not asides.
var reAside = regexp.MustCompile(`\([^()\s]+\s[^()]*\)|（[^（）]{4,}）`)

// laughsAtItself reports a sentence that says something and ends in a
// laugh ("店長がスタンプみたいで可愛いって言い出したので笑", "Joost wants to
// sleep in haha"): the laugh is at what it says, no marker that the
// sentence before was a joke ("Kidding.", "lol").
func laughsAtItself(s string) bool {
	loc := reEndLaugh.FindStringIndex(s)
	if loc == nil {
		return false
	}
	n := 0
	for _, r := range s[:loc[0]] {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 8
}

// reEndLaugh is a laugh that ends a sentence, in any of the languages.
var reEndLaugh = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:haha\w*|hehe\w*|lol|lmao|jaja\w*|jeje\w*|mdr|ptdr)[\s!.…]*$|(?:哈哈|呵呵|嘿嘿|笑|（笑）|ｗｗ|ww)[\s!！。…]*$`)

// reJokeEmoji are the emoji of sarcasm and jokes in any language.
var reJokeEmoji = regexp.MustCompile(`😂|🤣|😜|🙃|😏|🤡|🙄|😒|😑|🤦|😅`)

// reBareName is a clause or sentence that only names the speaker: "jordan
// here", "hey, Maya again", "Camille,", "felix hier", "佐藤です。".
var reBareName = regexp.MustCompile(`^(?:(?i:hi|hey|hello|yo|hallo|moin|servus|hola|buenas|salut|bonjour|coucou)[,!.]?\s+)?(?:(?i:(?P<w>\p{L}[\p{L}'’-]+)\s+(?:here|again|hier|nochmal|wieder|aquí|otra vez|de nuevo|ici|encore|por aquí))|` + nameRe + `)(?:\s+(?i:btw|fyi))?\s*[,.!:—–-]*$|^(?:(?:こんにちは|はじめまして|初めまして|お疲れ様です|お疲れさまです|おはようございます|你好|大家好)[、，,。！!]?\s*)?[\p{Han}\p{Katakana}]{1,6}(?:です|と申します)[。、]?$`)

// reRoleLead opens what a user says of their role, with the pronoun left
// out: "SRE", "bin Werkstudent im Backend", "通知基盤を担当しています",
// "负责预约服务".
var reRoleLead = regexp.MustCompile(`(?i)^(?:(?:bin|soy|suis|am) |(?:the |der |die |el |la |le |un |une |a |an )?(?:new |neue[rn]? |nuev[oa] |nouveau |nouvelle )?(?:[\p{L}-]+ )?(?:lead|engineer|developer|dev|sre|qa|pm|designer|dba|manager|owner|werkstudent\w*|entwickler\w*|ingenier[oa]|desarrollador\w*|ingénieure?|développeu\w+|responsable)\b)|^.{0,30}(?:を)?(?:担当して|担当です|やって(?:い)?ます|見て(?:い)?ます|リード|エンジニアです)|^(?:负责|在.{1,10}(?:组|团队)|做.{1,10}的)`)

// notNames are words that stand before "here" or "again" without naming
// anyone.
var notNames = set("everyone", "everybody", "all", "nobody", "we", "i", "me", "you", "same", "back", "nothing", "something", "it", "this", "that", "again", "once", "alle", "ich", "wir", "todos", "yo", "tous", "moi", "nous", "same", "problem", "error", "issue")

// reSuccessor is a person named in a clause: a full name, a capitalised
// name inside it, or a Chinese or Japanese name with its honorific.
var reSuccessor = regexp.MustCompile(`\s` + nameRe + `|^` + `(?-i:\p{Lu}[\p{Ll}'’-]+\s\p{Lu}[\p{Ll}'’-]+)` + `|[\p{Han}\p{Katakana}]{1,6}(?:さん|くん|君|先生|氏)|[\p{Han}]{2,3}(?:老师|先生|女士)|(?:由|让|给|换成|换了)[\p{Han}]{2,3}(?:来|负责|接|做|管)`)

// reWhoNow names who does a thing by a team or anyone in it ("レンダリン
// グチームの誰かでいい", "anyone on the render team").
var reWhoNow = regexp.MustCompile(`(?i)\b(?:the [\pL-]+ team|anyone (?:on|in|from) |someone (?:on|in|from) |el equipo|alguien del|l'équipe|quelqu'un de|das [\pL-]*team|jemand aus)\b|チームの誰か|チームが|チームで|团队(?:里)?(?:的)?(?:任何|谁)|组里(?:的)?(?:任何|谁)`)

// namesSuccessor reports a clause that names a person who is not a word
// the language capitalises for other reasons: after a clause saying
// someone left, who does it now.
func namesSuccessor(c, lang string) bool {
	if reWhoNow.MatchString(c) {
		return true
	}
	for _, m := range reSuccessor.FindAllString(c, 4) {
		w := strings.Fields(m)
		if len(w) == 0 || !lexes[lang].properStop[w[0]] {
			return true
		}
	}
	return false
}

// departed reports a clause saying someone left (lexicon.departed, read
// by departedIn): "Len moved to Cornwall" is no value moved.
func departed(c, lang string) bool {
	m, _, _ := departedIn(c, lexes[lang])
	return m != nil
}

// bareName reports a clause that only names the speaker.
func bareName(s string) bool {
	m := reBareName.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return false
	}
	w := m[reBareName.SubexpIndex("w")]
	return !notNames[strings.ToLower(w)] && !lexEn.properStop[strings.TrimSpace(strings.Trim(s, ",.!:—–- "))]
}

// appendCommaParts appends the statements of a sentence's comma-separated
// parts that are durable on their own, for a sentence a cue of one part
// kept out as a whole.
func appendCommaParts(sts []Statement, text, lang string, reply bool) []Statement {
	parts := commaParts(text)
	if len(parts) <= 1 || reTaskLabel.MatchString(text) || reFixItTail.MatchString(text) {
		// "Aufgabe: …, maximal 3 pro Nutzer": a task's spec; "…, move
		// it": how things stand until the task is done.
		return sts
	}
	from := -1 // the statement the last part made, in sts
	for i, p := range parts {
		if from >= 0 && from == len(sts)-1 && reBareRelease.MatchString(p) {
			// "biome is on v1.9 now, v1.9.4": a bare release after a
			// statement says its value more exactly.
			st := &sts[from]
			st.Quote = strings.TrimSpace(st.Quote) + ", " + strings.TrimSpace(p)
			st.Claim = claimFor(st.Kind, st.Lang, st.Quote)
			continue
		}
		f, v := classify(p, lang, reply)
		if v == durable && f.kind != "" && !emptyAfterRedaction(f.text) {
			if from >= 0 && from == len(sts)-1 && reQualifierLead.MatchString(strings.TrimSpace(p)) {
				// "keine Updates am darre-log, nur wenn's brennt": a
				// part that narrows the one before is part of its claim.
				st := &sts[from]
				st.Quote = strings.TrimSpace(st.Quote) + ", " + strings.TrimSpace(p)
				st.Claim = claimFor(st.Kind, st.Lang, st.Quote)
				continue
			}
			// "während der Ernte, also ab ca. 25. August bis …, keine
			// Updates": an apposition between the period and the part
			// belongs to the period.
			j := i - 1
			for j > 0 && reApposition.MatchString(strings.TrimSpace(parts[j])) {
				j--
			}
			cond := parts[max(j, 0)]
			if k := strings.LastIndex(cond, ": "); k >= 0 {
				cond = cond[k+2:] // "Und ganz wichtig: während der Ernte"
			}
			if i > 0 && (reFault.MatchString(cond) || reConditionLead.MatchString(strings.TrimSpace(cond))) {
				// "洗濯機が壊れてて、修理が来るまではシーツは…": the fault
				// said before the part is what it holds while; so is a
				// period ("y mientras dure la migración, el backend…").
				if a, b := strings.Index(text, cond), strings.Index(text, p); a >= 0 && b > a {
					if _, pv := classify(cond, lang, reply); pv != excluded {
						join := " "
						if cjk(lang) {
							join = ""
						}
						f.text = strings.TrimSpace(text[a:b]) + join + strings.TrimSpace(f.text)
					}
				}
			}
			sts = append(sts, statementFrom(f))
			from = len(sts) - 1
			continue
		}
		from = -1
	}
	return sts
}

var (
	// reBareRelease is a part that is a release number alone ("v1.9.4").
	reBareRelease = regexp.MustCompile(`^\s*v?\d+(?:\.\d+){1,3}\s*[.!]?\s*$`)
	// reQualifierLead opens a part that narrows the one before it: "only
	// if", "unless", "except".
	reQualifierLead = regexp.MustCompile(`(?i)^(?:only (?:if|when)|unless|except(?: when| if)?|nur (?:wenn|falls)|außer(?: wenn)?|es sei denn|solo si|salvo (?:que|si)|excepto (?:si|cuando)|sauf (?:si|quand|en cas)|seulement si|uniquement si)\b`)
	// reApposition opens a part that says again, in other words, what the
	// one before said: "also ab ca. 25. August", "i.e. from May".
	reApposition = regexp.MustCompile(`(?i)^(?:also|d\.\s?h\.|das heißt|i\.\s?e\.|that is|so from|es decir|o sea|c'est-à-dire|soit)\b`)
)

// namesAnything reports text holding a word besides its numbers and
// marks: "0176 5512 0938." names nothing, and the lead-in before it
// ("Yilmaz hat ne neue Nummer:") says what it is.
func namesAnything(text string) bool {
	return strings.IndexFunc(text, unicode.IsLetter) >= 0
}

// keptChangeLead reports a lead-in saying what changed ("we changed the
// conflict rule: the server wins") that the quote keeps; one naming a
// duty a handover after it hands on ("Cambio de tesorera: Nuria Blasco")
// is a label.
func keptChangeLead(whole, lead, lang string) bool {
	if !changeLead(lead) {
		return false
	}
	h, ok := handoverOf(strings.TrimLeft(whole, "—–-,;: "), lang)
	return !ok || h.duty == ""
}

// wholeFinding makes one finding of a sentence's findings, all on one
// subject: the first, quoting the whole span from the first clause that
// says something to the last (less a lead-in before a colon that says
// nothing durable), replacing what any of them replaces.
func wholeFinding(found []finding, span, lang string, reply bool) finding {
	whole, _ := strip(span, lexes[lang])
	labelled := whole
	lead := ""
	if i := strings.Index(whole, ": "); i > 0 && found[0].holder == "" {
		// "Kurzes Update, damit du …: wir sind auf Postgres 16": the
		// lead-in before the colon says nothing. A handover's may say
		// the duty ("new practice manager: Gail Okafor"), or what changed
		// ("we changed the conflict rule: the server wins"): that stays.
		if _, v := classify(whole[:i], lang, reply); v != durable && !reConditionLead.MatchString(whole[:i]) && !namingLead(labelOf(whole[:i])) && !keptChangeLead(labelled, whole[:i], lang) && !reNewContact.MatchString(whole[:i]) && namesAnything(whole[i+2:]) {
			lead = labelOf(whole[:i])
			whole = whole[i+2:]
		}
	}
	f := found[0]
	if f.topic == "" {
		f.topic = lead
	}
	if lead != "" && f.holder == "" && f.retract == "" {
		// "releases: Damilola does them now": the label names the duty
		// a handover after it hands on.
		if h, ok := handoverOf(strings.TrimLeft(labelled, "—–-,;: "), lang); ok && h.duty != "" {
			handTo(&f, h, lang, lexes[lang])
		}
	}
	for _, g := range found[1:] {
		f.replaces = append(f.replaces, g.replaces...)
		if f.subject == "" && g.kind == f.kind {
			// "C'est officiel depuis l'AGA : le prix de base est à
			// 3,25 $": the one subject named is the sentence's.
			f.subject = g.subject
		}
	}
	f.text = whole
	return f
}

// hearSentence classifies a sentence's clauses: durable findings, whether
// a clause was kept out (excluded, not only by a local cue) and whether a
// clause holds a redacted secret. Retractions and forget requests go to
// out.
func hearSentence(text, lang string, reply bool, out *heard) (found []finding, excludedAny, redacted bool, span string) {
	if reTopicAnnounce.MatchString(strings.TrimSpace(text)) {
		// "Two billing things now.", "次は予約のルールです。": what comes
		// next is announced, nothing is said yet.
		return nil, false, false, ""
	}
	if reNotOurs.MatchString(text) || reUndecided.MatchString(text) || reRelayedAsk.MatchString(text) && reUnsure.MatchString(text) {
		// "the fx desk moved their gateway to gcc 15, their repo not
		// ours": another team's news, nothing of this project; "le
		// maraîcher parle de passer au samedi matin, rien n'est décidé":
		// talk, nothing decided.
		return nil, true, false, ""
	}
	var cls []string
	for _, c := range clauses(text, lang) {
		cls = append(cls, splitAtLimits(c, lang)...)
	}
	first, last := -1, -1
	prefBefore := false
	var moved []string // what the clause before, stating nothing, says was left ("we finished moving off EMR")
	topic := ""        // the topic a Japanese departure set ("画面仕様の確認は佐藤さんが異動…")
	oldCount := ""     // a count the clause before withdrew ("ignore what i said about 72h")
	// The sentence as a withdrawal quotes it, read once: a sentence may
	// withdraw thousands of things.
	var quote *string
	unquoted := func() string {
		if quote == nil {
			q := withoutQuoted(text)
			quote = &q
		}
		return *quote
	}
	left := false // the clause before says someone left ("Pilar se ha jubilado")
	// "Estuvimos probando a embotellar a 41%, pero … volvimos a lo de
	// siempre": a change tried and undone, over clauses, states nothing.
	tried := reTriedReverted.FindStringIndex(text)
	for ci, c := range cls {
		f, v := classify(c, lang, reply)
		if tried != nil && v != excluded {
			if i := strings.Index(text, c); i >= 0 && i < tried[1] && i+len(c) > tried[0] {
				f, v = why(f, "e3t"), excluded
			}
		}
		if left && v == neutral && f.retract == "" && f.forget == "" && namesSuccessor(c, lang) {
			// "…; ahora nos lleva Marc Soler", "…、代わりに佐々木くんが
			// 入ってくれる": who does it now, named right after who left.
			f.kind, f.subject, f.text, f.why, v = Team, subjectOf(c, lang, lexes[lang]), c, "d21s", durable
		}
		left = f.retract != "" && departed(c, lang)
		if oldCount != "" && v == neutral && f.retract == "" && f.forget == "" && sameUnitCount(c, oldCount) {
			// "… — compliance capped it at 48h": the count withdrawn
			// has a new value.
			f.kind, f.text, f.replaces, f.why, v = Fact, c, []string{oldCount}, "d19c", durable
		}
		oldCount = ""
		if f.retract != "" && reCountToken.MatchString(f.retract) {
			oldCount = f.retract
		}
		if topic != "" && v == durable && f.retract == "" && f.forget == "" && !jaTopical(strings.TrimSpace(f.text)) {
			// "…、これからは鈴木さんにお願いしています": the topic is the
			// departure's, said once for both.
			f.text = topic + " … " + strings.TrimSpace(f.text)
		}
		topic = ""
		if lang == Ja && f.retract != "" {
			if m := reJaLeadTopic.FindStringSubmatch(lexes[Ja].fillerLead.ReplaceAllString(c, "")); m != nil && jaTopical(m[0]) && !strings.Contains(m[0], f.retract) {
				topic = m[0]
			}
		}
		if v == durable && f.retract == "" && f.forget == "" && len(f.replaces) == 0 && moved != nil {
			// "… — everything runs on Databricks now": what it moved off
			// is named in the clause just before.
			f.replaces = moved
		}
		if v != neutral && v != local || f.retract != "" || f.forget != "" {
			// A clause kept for its own words only ("jetzt das externe
			// Team von SecuRisk") passes what was left on.
			moved = nil
		}
		if v == neutral && f.retract == "" && f.forget == "" && len(f.replaces) > 0 {
			moved = f.replaces
		}
		if v == excluded && f.why == "e9" && prefBefore {
			// "mir ist lieber, wenn du vorher den Plan skizzierst": the
			// condition is what the preference asks for.
			v = neutral
		}
		prefBefore = prefBefore || v == durable && f.kind == Preference
		trailingTask := v != durable && lang == Ja && first >= 0 && ci == len(cls)-1 && reJaRequestEnd.MatchString(c)
		if f.retract == "" && f.forget == "" && !trailingTask && (v == durable || hasValue(c, lang) || cjk(lang) || bareName(c) || v == neutral && first >= 0 || v != excluded && (reFault.MatchString(c) || reConditionLead.MatchString(strings.TrimSpace(c)))) {
			// The span a whole-sentence claim quotes: from the first
			// clause that says something to the last. A fault said
			// before a rule ("the lift's out, so …") is what it holds
			// while, and a condition ("until the vendor ships the new
			// driver, …") what it holds until.
			if at := strings.Index(text, c); at >= 0 {
				if first < 0 {
					first = at
				}
				last = at + len(c)
			}
		}
		if reRedacted.MatchString(c) {
			redacted = true
		}
		switch {
		case v == excluded:
			excludedAny = true
		case f.forget != "":
			out.forgets = append(out.forgets, f.forget)
		case f.retract != "":
			t := resolve(f.retract, text)
			if anaphor(t) && ci > 0 {
				// "die Freitags-Sperre, das gilt nicht mehr": the clause
				// before names what is withdrawn, and states nothing.
				prev := cls[ci-1]
				if rePointedMeasure.MatchString(strings.TrimSpace(t)) {
					// "Ya terminaron la reforma del campo de Sedaví, así
					// que en casa otra vez, quita esa restricción": a
					// restriction pointed at is named over the clauses
					// before it.
					prev = strings.Join(cls[:ci], ", ")
				}
				t = referent(prev)
				found = slices.DeleteFunc(found, func(g finding) bool { return strings.Contains(prev, strings.TrimSpace(g.text)) })
			}
			subj := nounPhrase(t, lang, lexes[lang])
			if fs := strings.Fields(subj); len(fs) > 0 && strings.HasSuffix(fs[0], "ing") {
				subj = "" // "asking Tom for reviews" names an act, not a subject
			}
			out.retracts = append(out.retracts, Retraction{Lang: lang, Target: t, Subject: subj, Quote: unquoted()})
			for _, e := range otherWithdrawals(c, t, lang) {
				out.retracts = append(out.retracts, Retraction{Lang: lang, Target: e, Subject: nounPhrase(e, lang, lexes[lang]), Quote: unquoted()})
			}
		case v == durable && emptyAfterRedaction(f.text):
			// A statement whose value is only a secret says nothing.
		case v == durable:
			f.text = strings.TrimSpace(f.text)
			found = append(found, f)
			if f.ended != "" {
				out.retracts = append(out.retracts, Retraction{Lang: lang, Target: f.ended, Subject: nounPhrase(f.ended, lang, lexes[lang]), Quote: unquoted()})
			}
		}
	}
	if first >= 0 {
		if strings.TrimRightFunc(text[last:], func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) }) == "" {
			last = len(text) // the sentence's own closing mark stays
		}
		span = text[first:last]
	}
	return found, excludedAny, redacted, span
}

// reCountToken is a count with its unit ("72h", "30 min").
var reCountToken = regexp.MustCompile(`^\s*(\d+(?:[.,]\d+)?)\s?([\pL%]{1,8})\s*$`)

// reCountIn is a count and the unit written after it ("48h", "30 min").
var reCountIn = regexp.MustCompile(`(\d+(?:[.,]\d+)?) ?([\pL%]+)`)

// sameUnitCount reports a clause naming another count in the unit of
// old ("72h" → "48h").
func sameUnitCount(c, old string) bool {
	m := reCountToken.FindStringSubmatch(old)
	if m == nil {
		return false
	}
	unit := strings.ToLower(m[2])
	for _, n := range reCountIn.FindAllStringSubmatch(strings.ToLower(c), -1) {
		if n[1] != m[1] && n[2] == unit {
			return true
		}
	}
	return false
}

// reJaLeadTopic is a Japanese clause's topic ("画面仕様の確認は"); "これからは"
// and other time words are not one.
var reJaLeadTopic = regexp.MustCompile(`^([^、。はがをにで]{2,16})は`)

// jaTimeTopics are time words in a topic's place ("来月からは").
var jaTimeTopics = set("これから", "今後", "今", "いま", "今日", "今週", "今月", "今年", "来週", "来月", "来年", "以後", "以降", "当面", "明日")

// jaTopical reports a Japanese clause opening on a topic that is not a
// time word.
func jaTopical(c string) bool {
	m := reJaLeadTopic.FindStringSubmatch(c)
	return m != nil && !jaTimeTopics[m[1]] && !jaTimeTopics[strings.TrimSuffix(m[1], "から")]
}

// reQuoted is a passage quoted inside a sentence.
var reQuoted = regexp.MustCompile(quotedPassage)

// quotedPassage is a passage of 20 characters or more in quotation marks.
const quotedPassage = `「[^」]{20,}」|“[^”]{20,}”|"[^"]{20,}"|«[^»]{20,}»|„[^“”]{20,}[“”]`

// reDocQuote is a passage a sentence quotes from a document, after the
// words that name the document and say so ("the manual says", "l'arrêté
// dit :", "im Merkblatt steht dazu:", "第七条写的是", "仕様書には"; a few
// words may come between: "words it, for the docstring:"), not what a
// person said ("elle dit : '…'"); group 1 or 2 is the passage.
var reDocQuote = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:manual|guide|guidance|docs?|documentation|spec|specification|standard|policy|contract|agreement|regulations?|rulebook|handbook|readme|release notes?|changelog|licen[cs]e|terms|statute|bylaws|règlement|arrêté|notice|cahier des charges|accord|merkblatt|leitfaden|handbuch|vorschrift|richtlinie|norm|vertrag|vereinbarung|verordnung|satzung|gesetz|reglamento|normativa|pliego|contrato|convenio|acuerdo|ley|decreto)(?:[^.!?"“„«'「]|\d\.\d){0,40}?(?:says|say|said|states|state|reads|stipulates|words it|puts it|dit|disait|indique|stipule|sagt|steht(?: dazu| da| drin)?|heißt es|dice|pone|establece|indica)(?: that| que| qu'| dass)?(?:,[^,:：]{1,30})?\s*[:：,]?\s*(` + quotedPassage + `|'[^']{20,}')|(?:写的是|写着|上说|里说|には|では)\s*[:：]?\s*(「[^」]{6,}」|“[^”]{6,}”|"[^"]{6,}")` +
	// "Im RVR steht: „…“", "the SLA says: “…”": a regulation named by
	// its letters; "JGAの規則に「…」とある": a passage that stands in it.
	`|(?:^|[^\pL])(?-i:\p{Lu}{2,6})(?:[^.!?"“„«'「]){0,12}?(?:steht|says|states|dit|stipule|dice|establece)\s*[:：]\s*(` + quotedPassage + `)` +
	`|(「[^」]{6,}」)\s*(?:とある|とあります|と書いてある|と書いてあります|と書かれて)` +
	// "the lake association sent this, do we need to show it? "Dear
	// members, …"", "I paste a piece: "…"", "der Nachbarhof schreibt auf
	// seiner Webseite "…"", "国税庁のページにこう書いてありました：「…」": a
	// passage sent, pasted or read somewhere, quoted.
	`|(?:^|[^\pL])(?:sent (?:me |us )?(?:this|it|that|the following|a letter|an email|a notice)|forwarded (?:me |us )?(?:this|it|that)|(?:i |to )?paste (?:a piece|a bit|an excerpt|part of it|it|this|the bit)|pasting (?:a piece|a bit|it|this)|(?:website|webseite|web page|site web|página web|homepage|letter|brief|newsletter|rundschreiben|circular|circulaire) (?:says|said|reads|writes|schreibt|sagt|dice|dit)|(?:schreibt|writes|wrote|écrit|escribe) (?:auf|on|in|sur|en) (?:seiner|ihrer|der|their|his|her|its|son|sa|su) (?:webseite|website|homepage|site|página|page))(?:[^"“„«「]){0,80}?\s*(` + quotedPassage + `)` +
	`|(?:書いてありました|書いてあります|書いてある|书上写着|页面上写着)\s*[:：]?\s*(「[^」]{6,}」|“[^”]{6,}”)`)

// openedQuote is the closing mark of a quotation that opens t and runs
// on past it, 20 characters or more of it in t; "" when t opens none.
func openedQuote(t string) string {
	t = strings.TrimSpace(t)
	for _, q := range quoteMarks {
		if rest, ok := strings.CutPrefix(t, q[0]); ok && !strings.Contains(rest, q[1]) && utf8.RuneCountInString(rest) >= 20 {
			return q[1]
		}
	}
	return ""
}

// quoteOpensIn finds a quotation that opens inside t after the user's
// own words and runs on past it, 20 characters or more of it in t: where
// it opens and the mark that closes it; "" when t opens none.
func quoteOpensIn(t string) (int, string) {
	for _, q := range quoteMarks {
		if q[0] == `"` {
			continue // read below: its marks open and close alike
		}
		if q[0] == "“" && strings.Contains(t, "„") {
			continue // "“" closes a German quotation
		}
		if i := strings.LastIndex(t, q[0]); i > 0 && !strings.Contains(t[i+len(q[0]):], q[1]) && utf8.RuneCountInString(t[i:]) > 20 {
			return i, q[1]
		}
	}
	if strings.Count(t, `"`)%2 == 1 {
		if i := strings.LastIndex(t, `"`); i > 0 && utf8.RuneCountInString(t[i:]) > 20 {
			return i, `"`
		}
	}
	return 0, ""
}

// quotedWhole reports a sentence that is one quotation of 20 characters
// or more, nothing of the user's around it ("do we care? "Dalbergia
// species remain listed …"").
func quotedWhole(t string) bool {
	t = strings.TrimRight(strings.TrimSpace(t), ".。!！ ")
	for _, q := range quoteMarks {
		if in, ok := strings.CutPrefix(t, q[0]); ok && strings.HasSuffix(in, q[1]) {
			in = strings.TrimSuffix(in, q[1])
			if utf8.RuneCountInString(in) >= 20 && !strings.Contains(in, q[1]) && !strings.Contains(in, q[0]) {
				return true
			}
		}
	}
	return false
}

// withoutDocQuote is a sentence with the passages it quotes from a
// document (reDocQuote) elided.
func withoutDocQuote(text string) string {
	ms := reDocQuote.FindAllStringSubmatchIndex(text, -1)
	if ms == nil {
		return text
	}
	var b strings.Builder
	at := 0
	for _, m := range ms {
		q := m[2:4] // the passage: the alternative's one group that matched
		for g := 4; q[0] < 0 && g+1 < len(m); g += 2 {
			q = m[g : g+2]
		}
		b.WriteString(text[at:q[0]])
		b.WriteString("“…”")
		at = q[1]
	}
	b.WriteString(text[at:])
	return b.String()
}

// withoutQuoted is a withdrawal's sentence without the passages it
// quotes from elsewhere ("RFCの該当箇所を貼っておきます：「The … MUST
// contain …」それから、…の制限はなくなりました"): the page's history keeps
// the user's words, not a pasted document.
func withoutQuoted(text string) string {
	return reQuoted.ReplaceAllString(text, "…")
}

// sameTarget drops the withdrawals of one sentence whose target holds
// another's: "Tom moved teams, stop asking him for reviews" withdraws
// what was said of Tom once.
func sameTarget(rs []Retraction) []Retraction {
	var out []Retraction
	for i, r := range rs {
		dup := false
		for j, o := range rs {
			if i != j && len(o.Target) < len(r.Target) && strings.Contains(r.Target, o.Target) {
				dup = true
			}
		}
		if !dup {
			out = append(out, r)
		}
	}
	return out
}

// commaParts splits a sentence at commas (Latin and CJK); a comma
// between digits ("0,50 €", "2,000") is part of a number.
func commaParts(s string) []string {
	var out []string
	from := 0
	add := func(p string) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	for i, r := range s {
		switch {
		case r == '，' || r == '、':
		case r == ',' && !(i > 0 && isDigit(s[i-1]) && i+1 < len(s) && isDigit(s[i+1])):
		default:
			continue
		}
		add(s[from:i])
		from = i + utf8.RuneLen(r)
	}
	add(s[from:])
	return out
}

// bracketed joins again the comma-separated parts a bracket holds
// together: "die sache mit … (sma_, fronius_) lassen wir fallen" is one
// part, the list in brackets what it withdraws.
func bracketed(parts []string) []string {
	out := parts[:0:0]
	depth := 0 // brackets the last part of out leaves open
	for _, p := range parts {
		if n := len(out); n > 0 && depth > 0 {
			out[n-1] += ", " + p
		} else {
			out, depth = append(out, p), 0
		}
		depth += bracketDepth(p)
	}
	return out
}

// isDigit reports an ASCII digit.
func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// splitAtLimits cuts a clause at the comma-separated parts that withdraw
// something or limit themselves to the day ("PR 不用再写 Jira 单号了，我们
// 整个迁到 Linear 了", "我们已经定了所有服务统一用 JDK 21，今天先帮我把订单服务
// 升上去"): such a part is read alone, and the parts between them together,
// so that one part does not take the others with it. What follows a limit
// to the day stays with it.
func splitAtLimits(c, lang string) []string {
	lx := lexes[lang]
	if ps := departureSplit(c, lx); ps != nil {
		return append([]string{ps[0]}, splitAtLimits(ps[1], lang)...)
	}
	if reNewContact.MatchString(c) && reContactValue.MatchString(c) {
		// "Neue Handynummer, die alte Karte ist weg: 0160 …": what went
		// is why the number is new, one statement.
		return []string{c}
	}
	parts := withdrawnConjuncts(bracketed(commaParts(c)), lx)
	if len(parts) <= 1 {
		return []string{c}
	}
	special := make([]bool, len(parts))
	n := 0
	for i, p := range parts {
		t, _ := strip(p, lx)
		if t == "" {
			t = p // "forget it" is a filler alone, a withdrawal in a reply
		}
		special[i] = retractionIn(t, lx) != "" || lx.oneOff.MatchString(t) && !standingForNow(t, lang, lx)
		if special[i] {
			n++
		}
	}
	if n == 0 || n == len(parts) {
		return []string{c}
	}
	sep := ", "
	if cjk(lang) {
		sep = "，"
	}
	var out []string
	var run []string
	for i, p := range parts {
		if special[i] && !lx.oneOff.MatchString(p) { // a withdrawal
			if len(run) > 0 && topicOnly(run[len(run)-1], lang) {
				// "PR の説明ですが、もう英語じゃなくても大丈夫": the topic
				// before it says what is withdrawn.
				p = run[len(run)-1] + sep + p
				run = run[:len(run)-1]
			}
			if len(run) > 0 {
				out = append(out, strings.Join(run, sep))
				run = nil
			}
			out = append(out, p)
			continue
		}
		if special[i] {
			// What follows a limit to the day explains it ("just for
			// today skip the suite, Chromatic is down"): it stays with it.
			if len(run) > 0 {
				out = append(out, strings.Join(run, sep))
			}
			return append(out, strings.Join(parts[i:], sep))
		}
		run = append(run, p)
	}
	if len(run) > 0 {
		out = append(out, strings.Join(run, sep))
	}
	return out
}

// reConjunct joins two statements in one comma part.
var reConjunct = regexp.MustCompile(`(?i) (?:and|und|y|et|e) `)

// withdrawnConjuncts splits a comma part whose last conjunct withdraws
// something ("la partition s'appelle gpu-h100 maintenant et gpu-a100 a
// été fermée"): the statement before the conjunction stands alone.
func withdrawnConjuncts(parts []string, lx *lexicon) []string {
	var out []string
	for _, p := range parts {
		locs := reConjunct.FindAllStringIndex(p, -1)
		if len(locs) == 0 {
			out = append(out, p)
			continue
		}
		l := locs[len(locs)-1]
		before, after := strings.TrimSpace(p[:l[0]]), strings.TrimSpace(p[l[1]:])
		if t, _ := strip(after, lx); len(strings.Fields(before)) >= 3 && retractionIn(t, lx) != "" && retractionIn(before, lx) == "" && !withdrawsBoth(p, p[l[0]:l[1]], lx) {
			out = append(out, before, after)
			continue
		}
		out = append(out, p)
	}
	return out
}

// withdrawsBoth reports whether part p is one withdrawal of two things
// joined by conj ("Die Warnung mit den 14 Tagen Vorlauf und dem Namen kann
// raus"): its target, a thing's name of a few words, spans the
// conjunction.
func withdrawsBoth(p, conj string, lx *lexicon) bool {
	s, _ := strip(p, lx)
	t := retractionIn(s, lx)
	return t != "" && strings.Contains(t, conj) && len(strings.Fields(t)) <= 10
}

// reTopicOnly is a part that only names a topic, what the part after it
// says something of ("PR の説明ですが", "关于发布的话"). In the other
// languages a pronoun points back at it ("about the changelog, that no
// longer applies").
var reTopicOnly = map[string]*regexp.Regexp{
	Zh: anyRe(`^(?:关于)?[^，,]+?(?:的话|这块|这边|方面|这件事|那件事)$|^关于[^，,]+$`),
	Ja: anyRe(`^[^、,]+?(?:ですが|については|に関しては|の件(?:は|ですが)?|って)$`),
}

// topicOnly reports a part that only names a topic.
func topicOnly(p, lang string) bool {
	re := reTopicOnly[lang]
	return re != nil && re.MatchString(strings.TrimSpace(p))
}

// subjectSynonyms are words people use for one kind of thing, by
// language: a subject says the language's common word for its class, so
// "staging postgres" and "staging db" name one subject.
var subjectSynonyms = map[string]map[string]string{
	En: {"postgres": "database", "postgresql": "database", "db": "database", "mysql": "database", "box": "server", "host": "server", "machine": "server"},
	De: {"postgres": "datenbank", "postgresql": "datenbank", "db": "datenbank", "maschine": "server", "rechner": "server"},
	Es: {"postgres": "base de datos", "postgresql": "base de datos", "bd": "base de datos", "db": "base de datos", "máquina": "servidor"},
	Fr: {"postgres": "base", "postgresql": "base", "bdd": "base", "db": "base", "machine": "serveur"},
}

// canonicalSubject puts a subject's words of one class in one form.
func canonicalSubject(subj, lang string) string {
	syn := subjectSynonyms[lang]
	if syn == nil {
		return subj
	}
	fs := strings.Fields(subj)
	for i, w := range fs {
		if c, ok := syn[w]; ok {
			fs[i] = c
		}
	}
	return strings.Join(fs, " ")
}

// reAnaphor opens a sentence that refers back to the one before.
var reAnaphor = map[string]*regexp.Regexp{
	En: leadRe(`it's`, `it is`, `that's`, `that is`, `this is`, `they're`, `they are`, `it`, `that`, `this`, `those`, `these`),
	De: leadRe(`das ist`, `es ist`, `das`, `es`, `die sind`, `dies`),
	Es: leadRe(`eso es`, `esto es`, `es`, `son`, `eso`, `esto`),
	Fr: leadRe(`c'est`, `ce sont`, `cela`, `ça`, `il est`, `elle est`),
	Zh: anyRe(`^(?:它|这|那|这个|那个)`),
	// "それと" and "それから" say "and also": a new thing, not "it".
	Ja: regexp.MustCompile(`^(?:それ|これ|あれ)(?:[^とか]|$)`),
}

// anaphoric reports a sentence that continues the one before it.
func anaphoric(s, lang string) bool {
	return reAnaphor[lang].MatchString(strings.TrimLeft(s, " (\"'“")) || alsoTail(s)
}

// reAlsoTail ends a short sentence that adds one more thing to the rule
// before it, without a verb of its own ("Und mix format
// --check-formatted natürlich auch", "and the e2e suite too").
var reAlsoTail = regexp.MustCompile(`(?i)^(?:and |und |y |et |also |plus )?[^,.;:!?]{3,60}?\s(?:too|as well|also|auch|ebenso|también|aussi|également)[.!]?$|^[^，。]{2,30}(?:也是|也一样|也要)[。！]?$|^[^、。]{2,30}もです[。]?$`)

// alsoTail reports a short sentence that adds to the rule before it.
func alsoTail(s string) bool {
	return len(strings.Fields(s)) <= 8 && reAlsoTail.MatchString(strings.TrimSpace(s))
}

// answerOf is the answer a reply gives: its first sentence and the ones
// after it, while they are not asked, joked or hushed, within 400
// characters; "" when the first sentence asks, hedges, jokes, agrees only
// or limits itself to the task.
func answerOf(rest []msgSentence) (string, int) {
	var parts []string
	n := 0
	for j, r := range rest {
		text, lang, off := r.text, r.lang, r.joke || r.hush
		lx := lexes[lang]
		t, _ := strip(text, lx)
		if off || isQuestion(text, lang, lx) || lx.hypo.MatchString(t) || lx.oneOff.MatchString(t) {
			break
		}
		if j == 0 && (affirmative(text) || deferral(t) || pastEvent(t, lang) || t == "" || strings.HasSuffix(strings.TrimSpace(t), ":") || strings.HasSuffix(strings.TrimSpace(t), "：")) {
			// Agreement only, or a lead-in to something pasted.
			return "", 0
		}
		if h := hearMessage(text, false, false, false); j == 0 && (len(h.retracts) > 0 || len(h.forgets) > 0) {
			// "forget the rule about calling helm directly": a reply
			// that withdraws answers nothing; it is read as said.
			return "", 0
		}
		if j > 0 {
			if lx.taskLead != nil && lx.taskLead.MatchString(t) || n+len(text) > 300 || lx.report.MatchString(t) || aboutTask(t, lang, lx) {
				break
			}
			// A sentence that says something of its own is read on its
			// own, unless the answer so far is a bare value ("8 MB.").
			if _, v := classify(text, lang, false); v != neutral && !(j == 1 && n < 30 && v == durable && hasValue(parts[0], rest[0].lang)) || turnsBack(text) {
				break
			}
			if h := hearMessage(text, false, false, false); len(h.retracts) > 0 || len(h.forgets) > 0 {
				break // "删。还有，限电早就结束了": a withdrawal after the answer
			}
		}
		parts = append(parts, t)
		n += len(text)
	}
	return strings.Join(parts, " "), len(parts)
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
		Kind:       f.kind,
		Lang:       f.lang,
		Area:       areaFor(f.kind, text),
		Subject:    canonicalSubject(f.subject, f.lang),
		Claim:      claimFor(f.kind, f.lang, text),
		Quote:      text,
		Replaces:   f.replaces,
		Versions:   f.versions,
		IfChanging: f.ifChanging,
		Topic:      f.topic,
		Takes:      f.takes,
		Holder:     f.holder,
		why:        f.why,
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
	if m := hearMessage(sent, false, false, false); len(m.statements) > 0 {
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

// firstSentence is the first sentence of a message.
func firstSentence(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if ss := sentences(line); len(ss) > 0 {
			return ss[0]
		}
	}
	return strings.TrimSpace(text)
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

// reWhQuestion opens a question that asks for a fact.
var reWhQuestion = regexp.MustCompile(`(?i)^(?:where|what|which|who|when|how (?:many|much|long|big)|wo|was|welche[rsnm]?|wer|wann|dónde|qué|cuál|cuáles|quién|cuándo|où|quel|quelle|quels|quelles|qui|quand)` + EndsWord + `|哪|什么|谁|どこ|何|どれ|誰`)

// userQuestion is the fact question a user message asks ("where's the
// terraform state?"), or "".
func userQuestion(text string) string {
	for _, line := range strings.Split(text, "\n") {
		for _, s := range sentences(line) {
			t, _ := strip(s, lexEn)
			if i := strings.LastIndex(t, ": "); i >= 0 {
				t = t[i+2:]
			}
			lx := lexes[detect(t)]
			if (strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")) && reWhQuestion.MatchString(t) && !reNotAsking.MatchString(t) && !lx.hypo.MatchString(t) && !lx.cond.MatchString(t) {
				return t
			}
		}
	}
	return ""
}

// shortQuestion is a question without its lead-in ("Before I write the PR
// description: which region is prod in?" → "which region is prod in?").
func shortQuestion(q string) string {
	q = strings.TrimSpace(q)
	if i := strings.LastIndex(q, ": "); i >= 0 && i+2 < len(q) {
		return capitalize(q[i+2:])
	}
	return q
}

// withdraws reports a sentence that withdraws something or asks to
// forget it.
func withdraws(text, lang string) bool {
	f, _ := classify(text, lang, false)
	return f.retract != "" || f.forget != ""
}

// reAnswerPart separates the parts of a short answer that may each say
// something: sentences, a spaced dash, a semicolon.
// withdrawnOnly reports withdrawals that name what is gone and nothing
// it changed to ("msw はもう外しました", "die Confluence-Seiten pflegt keiner
// mehr"): the answer is kept without them. A change ("ya no es X, es Y")
// keeps the answer whole.
func withdrawnOnly(rts []Retraction) bool {
	for _, rt := range rts {
		if !Retired(rt) && !reCeased.MatchString(rt.Quote) {
			return false
		}
	}
	return true
}

// reCeased says a thing is no longer kept up or used.
var reCeased = regexp.MustCompile(`(?i)\b(?:pflegt|nutzt|liest|braucht|benutzt|verwendet) (?:keiner|niemand) mehr\b|もう外しました|外しました|やめました|使わなくなりました|\b(?:lo|la|los|las) (?:quitamos|eliminamos|sacamos|retiramos)\b`)

// reReplyPart also cuts a reply in prose at its commas: "いえ、msw は
// もう外しました、テストは…" withdraws one part and states another.
var reReplyPart = regexp.MustCompile(`\s+[\x{2013}\x{2014}-]{1,2}\s+|;\s*|[.!。！]\s*|,\s+|、|，`)

var reAnswerPart = regexp.MustCompile(`\s+[\x{2013}\x{2014}-]{1,2}\s+|;\s*|[.!。！]\s*`)

// withoutWithdrawals is an answer without its parts that withdraw
// something, and those withdrawals; "" when every part withdraws.
func withoutWithdrawals(a, lang string) (string, []Retraction) {
	return withoutWithdrawnParts(a, lang, reAnswerPart)
}

// withoutWithdrawnParts is withoutWithdrawals with the parts cut where
// parts matches.
func withoutWithdrawnParts(a, lang string, parts *regexp.Regexp) (string, []Retraction) {
	locs := parts.FindAllStringIndex(a, -1)
	var keep []string
	var rts []Retraction
	start := 0
	for i := 0; i <= len(locs); i++ {
		end, next := len(a), len(a)
		if i < len(locs) {
			end, next = locs[i][0], locs[i][1]
		}
		part := a[start:end]
		sep := a[end:next]
		start = next
		if strings.TrimSpace(part) == "" {
			continue
		}
		pl := detect(part)
		if pl == "" {
			pl = lang
		}
		if f, _ := classify(part, pl, false); f.retract != "" && !anaphor(f.retract) {
			rts = append(rts, Retraction{Lang: pl, Target: f.retract, Subject: nounPhrase(f.retract, pl, lexes[pl]), Quote: strings.TrimSpace(part)})
			continue
		}
		keep = append(keep, part+strings.TrimRight(sep, " -–—;"))
	}
	if len(rts) == 0 {
		return a, nil
	}
	return strings.TrimSpace(strings.Join(keep, " ")), rts
}

// replacesIn are the earlier values an answer says are no longer
// current ("NATS JetStream, we migrated off RabbitMQ").
func replacesIn(text, lang string) []string {
	lx := lexes[lang]
	if lx == nil {
		return nil
	}
	return append(replaced(text, lx), versionStems(text, lang)...)
}

// reArrowOld is the value a check-back moves from: before an arrow, or
// before "becomes" after "so"; group 1.
var reArrowOld = regexp.MustCompile(`(?i)^(?:(?:so|then|ok,? so|right,? so)\s+(?:the\s+)?)?((?:[^.?!。？→,]|[.,]\d){1,24}?)\s*(?:→|->|=>|\s(?:becomes|goes to|moves to|changes to|turns into)\s)`)

// changedFrom is what an offered change replaces (olds, from replacesIn)
// with what a check-back moves from (reArrowOld), and a bare old count
// of a change from one count to another ("de 22 a 26 pasajeros") in the
// new count's unit (inUnit).
func changedFrom(olds []string, text string) []string {
	if m := reArrowOld.FindStringSubmatch(text); m != nil && !slices.Contains(olds, m[1]) {
		// "火曜 23:59 → 月曜 23:59", "So Tuesday becomes Wednesday": what
		// the value was.
		old := strings.TrimSpace(m[1])
		if f := strings.Fields(old); len(f) > 2 {
			// "So the fee goes €1,250 → €1,400": the value, not what
			// it is of.
			if i := slices.IndexFunc(f, func(w string) bool { return strings.ContainsAny(w, "0123456789") }); i > 0 {
				old = strings.Join(f[i:], " ")
			}
		}
		olds = append(olds, old)
	}
	if m := reFromToQuestion.FindStringSubmatch(text); m != nil {
		found := false
		for i, o := range olds {
			if o == m[1] || o == inUnit(m[1], m[2]) {
				olds[i], found = inUnit(m[1], m[2]), true
			}
		}
		if !found {
			// "So the grace period goes from 3 to 5 days": the value it
			// goes from.
			olds = append(olds, inUnit(m[1], m[2]))
		}
	}
	return olds
}

// markChanges makes the statements a sentence states from ns on replace
// what it withdraws from nr on: "we're on incident.io for paging now, the
// old integration is switched off" says a change.
func markChanges(out *heard, nr, ns int) {
	if len(out.retracts) <= nr || len(out.statements) <= ns {
		return
	}
	// Each withdrawal is read once, not once per statement: a sentence
	// may withdraw thousands of things. A sentence names a few changes; of
	// more, the first maxMarked are marked, so that no statement carries
	// a list the size of the message.
	var targets []string
	for _, rt := range out.retracts[nr:] {
		if len(targets) == maxMarked {
			break
		}
		if anaphor(rt.Target) || reBareNo.MatchString(rt.Target) || slices.Contains(targets, rt.Target) || withdraws(rt.Target, rt.Lang) {
			continue // "No, olvídalo": no value of anything
		}
		targets = append(targets, rt.Target)
	}
	for i := ns; i < len(out.statements); i++ {
		for _, t := range targets {
			if !slices.Contains(out.statements[i].Replaces, t) {
				out.statements[i].Replaces = append(out.statements[i].Replaces, t)
			}
		}
	}
}

// maxMarked bounds the withdrawals of one sentence its statements are
// marked as replacing (markChanges).
const maxMarked = 16

// reTopicAnnounce is a sentence that only announces what the next ones
// are about.
var reTopicAnnounce = regexp.MustCompile(`(?i)^(?:ok(?:ay)?,? |right,? |so,? |and )?(?:two|three|four|a few|some|a couple of|one more|another|last|next)(?: \w+)?(?: things?| topics?| items?| questions?)?(?: now| then| for you| today)?\s*[.:!]?$|^(?:und )?(?:noch (?:was|etwas|eine sache)|zwei dinge|drei dinge|nächstes thema|nächster punkt)(?: für \S+)?(?:,? auf (?:englisch|deutsch))?(?:,? ich \S+ (?:ihm|ihr) den link)?\s*[.:!]?$|^(?:y )?(?:dos|tres) cosas(?: más)?\s*[.:!]?$|^(?:et )?(?:deux|trois) choses\s*[.:!]?$|^次は[^、。]{1,16}です[。！]?$|^(?:接下来|下一个|还有两件事|两件事)[：:。]?$`)

// reRelayedAsk relays someone's question ("Wei Jie also asks if we want
// dynamic pricing", "Anton fragt, ob …", "他们问我们要不要也改"), and
// reUnsure leaves it open ("no idea", "not now", "I'll talk to Anton
// first"): a sentence with both decides nothing.
var (
	reRelayedAsk = regexp.MustCompile(`(?i)\b(?:asks?|asked|is asking|wants to know|wanted to know)(?: us| me)? (?:if|whether)\b|\bfragt(?:e)?,? ob\b|\bpregunta(?:ba|ron)? si\b|\bdemande(?:nt)? si\b|\bdemande s'|问(?:我们)?要不要|聞かれ`)
	reUnsure     = regexp.MustCompile(`(?i)\b(?:don't|do not) know(?: yet)?\b|\bno idea\b|\bnot (?:now|yet)\b|\b(?:ask|talk to|check with) (?:\S+ ){0,2}?first\b|\bwe'll see\b|\bweiß (?:ich )?(?:noch )?nicht\b|\bkeine ahnung\b|\bmal sehen\b|\bno (?:lo )?sé(?:$|[^\pL\pN_])|\bni idea\b|\bya veremos\b|\bje ne sais pas\b|\baucune idée(?:$|[^\pL\pN_])|\bon verra\b|不知道|再说吧|还没想好|我们不跟|わかりません|分かりません|まだ分から|予算次第`)
)

// reUndecided says what a sentence tells is talk, undecided, or another
// group's practice that this one does not follow ("…, nothing's decided",
// "Hannah keeps mentioning it but we're not doing that", "mais chez nous
// on garde", "跟我们没关系，我们照旧", "まだ何も決まってない").
var reUndecided = regexp.MustCompile(`(?i)\bnothing(?:'s| is| has been)? (?:been )?decided\b|\b(?:hasn't|haven't|has not|have not|didn't|did not|not) (?:yet )?decided\b|\bundecided\b|\b(?:todavía |aún )?no (?:se )?(?:ha |han |hemos )?decidid[oa]\b|\bpas encore (?:été )?décidé|\bnothing decided\b|\bwe(?:'re| are) not doing that\b|\brien n'est (?:encore )?décidé|\brien de décidé|\bchez nous on (?:garde|continue|reste)\b|\bwe(?:'re| are) (?:sticking|staying) with (?:ours|our own|what we have)\b|\bwe(?:'ll)? (?:stick|stay) with (?:ours|our own)\b|\bwir bleiben bei unsere[mnr]?\b|\bnosotros seguimos con (?:lo nuestro|el nuestro|la nuestra)\b|\b(?:no hay )?nada (?:está )?decidido\b|\beso es cosa suya\b|\bnichts (?:ist )?(?:entschieden|beschlossen)\b|\bnoch nicht (?:entschieden|beschlossen)\b|\bnosotros (?:de momento |por ahora |todavía )?no\s*[.!]*$|\bon ne touche à rien\s*[.!]*$|跟我们没关系|和我们没关系|我们照旧|还没(?:定|决定)|まだ何も決まって(?:い)?ない|まだ決まって(?:い)?ない`)

// reNotOurs says what a sentence tells is another team's or project's,
// not this one's.
var reNotOurs = regexp.MustCompile(`(?i)\bnot ours\b|\b(?:doesn't|does not|won't|will not) (?:affect|concern) us\b|\ba nosotros no nos (?:afecta|toca)\b|\bno nos (?:afecta|toca)(?: a nosotros)?\b|\bbetrifft uns nicht\b|\bne nous concerne pas\b|\bnot our (?:repo|project|code|service|problem)\b|\btheir (?:repo|repository|project|codebase|service|stack|app|gateway|code), not (?:ours|our)\b|\bnicht (?:unser(?:e|es)? (?:repo|projekt|problem)|bei uns)\b|\bno (?:es )?(?:el |la )?(?:nuestr[oa]|nuestro repo|nuestro proyecto)\b|\bpas (?:le |la )?nôtre\b|\bpas notre (?:repo|projet|dépôt)\b|不是我们的|跟我们无关|和我们无关|うちのではない|うちじゃない|うち(?:に|と)?は関係(?:ない|ありません)|\b(?:has |have |had )?nothing to do with us\b|\brien à voir avec nous\b|\bnichts mit uns zu tun\b|\bnada que ver con nosotros\b|うちのリポジトリではない|隣の[^、。]{0,12}(?:チーム|課|部署)|隔壁(?:组|团队|部门)|别的(?:组|团队)|另一个团队|\bdas Nachbarteam\b|\bl'équipe d'à côté|\bel equipo de al lado\b|\bthe team next door\b|\banother team's\b`)

// departureSplit cuts a clause saying who left from what it goes on to
// say ("Lucía se fue a otra empresa y los cambios de esquema ahora los
// revisa Mateo"): the leaving withdraws, the rest may state who does it
// now. Nil when the clause says nothing after the leaving.
func departureSplit(c string, lx *lexicon) []string {
	d, _, stop := departedIn(c, lx)
	if d == nil {
		return nil
	}
	rest := c[stop:]
	m := reDepartureThen.FindStringIndex(rest)
	if m == nil {
		return nil
	}
	a, b := strings.TrimSpace(c[:stop+m[0]]), strings.TrimSpace(rest[m[1]:])
	if len(strings.Fields(b)) < 3 && !(cjkText(b) && len([]rune(b)) >= 4) {
		return nil
	}
	return []string{a, b}
}

// reDepartureThen joins a leaving to what follows it.
var reDepartureThen = regexp.MustCompile(`\s(?:and|so|und|y|e|et|donc|du coup|alors|deshalb|daher|also)\s|;\s*|,\s+|；|，|、|ので、?|から、`)

// reMeanwhile opens a sentence that holds while what the sentence before
// it says lasts ("Pendant ce temps c'est Lou qui livre").
var reMeanwhile = regexp.MustCompile(`(?i)^(?:(?:and|so|y|et|und|also)\s+)?(?:meanwhile|in the meantime|until then|while (?:she|he|they|it)(?:'s| is| are) (?:away|out|off|gone)|pendant ce temps|en attendant|entre-temps|d'ici là|mientras tanto|entretanto|hasta entonces|in der zwischenzeit|solange|bis dahin|währenddessen)(?:[^\pL\pN]|$)|^(?:这段时间|这期间|在此期间|期间|その間|それまで(?:は|の間))`)

// reAbsent names an absence: a leave, a holiday, someone away.
var reAbsent = regexp.MustCompile(`(?i)\b(?:leave|holiday|vacation|away|off sick|sick leave|sabbatical|parental|paternity|maternity|congé|congés|vacances|absente?|arrêt maladie|urlaub|elternzeit|mutterschutz|krank|abwesend|vacaciones|baja|permiso|ausente)(?:[^\pL\pN]|$)|休假|请假|产假|不在|出差|休み|休暇|育休|産休|出張`)

// reBareNo is a reply's "no" taken for what a withdrawal names.
var reBareNo = regexp.MustCompile(`(?i)^(?:no|nope|nah|nein|non|いや|いいえ|不|不用|不要)[,.!、，。]?$`)

// askedTopic is what the assistant's last question asks about ("And the
// audit freeze — still on?" → "audit freeze"), "" when its text asks
// nothing.
func askedTopic(said []Record) string {
	if len(said) == 0 {
		return ""
	}
	var q string
	for _, line := range strings.Split(said[len(said)-1].Text, "\n") {
		for _, sent := range sentences(line) {
			if t := strings.TrimSpace(sent); strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？") {
				q = t
			}
		}
	}
	if q == "" {
		return ""
	}
	lang := detect(q)
	if cjk(lang) {
		if i := strings.IndexAny(q, "はが"); i > 0 {
			return strings.TrimSpace(q[:i])
		}
		if t := askedObject(q); t != "" {
			return t
		}
	}
	if m := rePronounAsk.FindStringIndex(q); m != nil {
		// "The wasm job builds `wasm32-unknown-unknown` on every PR;
		// should it stay?": the code the question names is what "it"
		// stands for.
		if c := reCodeSpan.FindStringSubmatch(q[:m[0]]); c != nil {
			return c[1]
		}
	}
	if i := strings.LastIndexAny(q, "—–:"); i > 0 && len(strings.Fields(q[:i])) <= 6 {
		// "And the audit freeze — still on?": the topic before the dash.
		return referent(strings.TrimLeft(q[:i], "¿ "))
	}
	return questionSubject(q, lang)
}

// stopsAsked reports a reply (a) that says to stop what a Chinese or
// Japanese question (q) asks to go on with.
func stopsAsked(q, a string) bool {
	return reContinueAsk.MatchString(q) && reStopReply.MatchString(strings.TrimSpace(a))
}

// reContinueAsk is a Chinese or Japanese question whether a thing goes
// on or stays ("今後も続けますか", "还要继续吗", "保留吗"); reStopReply a
// reply that opens by saying to stop it or that it is not needed any more
// ("止めてください", "もういらないです", "不用了", "停掉吧").
var (
	reContinueAsk = regexp.MustCompile(`続けますか|続けましょうか|継続しますか|残しますか|残しておきますか|まだ(?:必要|要り|使い)|继续吗|要继续|还要吗|还需要吗|保留吗|要保留|留着吗`)
	reStopReply   = regexp.MustCompile(`^(?:いえ|いいえ|いや)?[、,]?\s*(?:止めて|やめて|停止して|廃止して)(?:ください|下さい|いい|OK|大丈夫)|^(?:いえ|いいえ|いや)?[、,]?\s*もう(?:いらない|要らない|不要|必要ない|いいです)|^(?:不用了|不要了|不需要了|别做了|停掉|停了吧|取消吧|取消掉|不用继续)`)
)

// reDropIt is a reply that drops what a question named by a pronoun
// ("drop it from PRs"); reStayAsk a question whether a thing stays.
var (
	reDropIt  = regexp.MustCompile(`(?i)^(?:(?:yes|yeah|yep|ok|okay|no|nope|nah)[,.!]?\s+)?(?:you can |please |just |go ahead and )?(?:drop|remove|kill|delete|bin|nuke|lose|cut) (?:it|them|those)\b`)
	reStayAsk = regexp.MustCompile(`(?i)\b(?:stay|stays|keep|kept|still (?:needed|used|required|wanted|useful)|remain)\b`)
)

// rePronounAsk is a question about a thing named before it, by a
// pronoun ("…; should it stay?", "…, do we keep them?").
var rePronounAsk = regexp.MustCompile(`(?i)[;,—–]\s*(?:so\s+)?(?:should|shall|do|does|can|must|will|would)\s+(?:we\s+|i\s+|you\s+)?(?:keep\s+)?(?:it|they|them|that|this|those)\b[^;,]*[?？]?\s*$`)

// reCodeSpan is a span of code in backquotes.
var reCodeSpan = regexp.MustCompile("`([^`\n]{2,80})`")

// reAskedObjectJa is the object a Japanese question asks to act on,
// before its mark ("PR にマイグレーションの `--plan` も貼りますか？":
// "マイグレーションの `--plan`"); reAskedObjectZh the one a Chinese
// question moves with 把 ("要不要把 --plan 的输出也贴上？").
var (
	reAskedObjectJa = regexp.MustCompile(`(?:^|[にで、]\s*)([^にで、を]{2,40}?)\s*[をも][^をも]*$`)
	reAskedObjectZh = regexp.MustCompile(`把\s*([^，,。把]{2,30}?)\s*(?:也|都|给|贴|删|去掉|加|改|放|发|写|关|开|换)`)
)

// askedObject is what a CJK question asks to act on, when it names no
// topic with は or が; "" when it shows none.
func askedObject(q string) string {
	for _, re := range []*regexp.Regexp{reAskedObjectZh, reAskedObjectJa} {
		if m := re.FindStringSubmatch(q); m != nil {
			return strings.TrimSpace(m[1])
		}
	}
	return ""
}

// pointsAhead reports a marker (re) in s that a colon or a "but"
// follows: it introduces what comes after it.
func pointsAhead(s string, re *regexp.Regexp) bool {
	loc := re.FindStringIndex(s)
	if loc == nil {
		return false
	}
	// The marker's pattern may take the mark after it.
	if m := strings.TrimRight(s[:loc[1]], " \t"); strings.HasSuffix(m, ":") || strings.HasSuffix(m, "：") {
		return true
	}
	after := strings.TrimLeft(s[loc[1]:], " \t")
	if strings.HasPrefix(after, ":") || strings.HasPrefix(after, "：") || reButAhead.MatchString(after) || reColonSoon.MatchString(after) {
		return true
	}
	// "别记下来啊，听说明年…", "Unter uns, der Chef überlegt …": a marker
	// opening its sentence, with more said after it, is of what follows.
	before := strings.TrimSpace(s[:loc[0]])
	rest := strings.Trim(reMarkerTail.ReplaceAllString(after, ""), " ,，、。.!！")
	return reMarkerLead.MatchString(before) && !reBackRef.MatchString(rest) && (len(strings.Fields(rest)) >= 4 || cjkText(rest) && utf8.RuneCountInString(rest) >= 6)
}

// reMarkerTail is the rest of a marker's own clause ("… anywhere, ",
// "啊，").
var reMarkerTail = regexp.MustCompile(`^[^,，、.。!?！？:：]{0,30}[,，、]\s*`)

// reBackRef opens what is said of the thing a marker was about: "Don't
// note this, it's a one-off".
var reBackRef = regexp.MustCompile(`(?i)^(?:it|it's|its|that|that's|this|this is|c'est|ça|es|eso|esto|das|dies|es ist)\b|^(?:这|那|それ|これ)`)

// reColonSoon is a colon a few words after a marker, what it covers
// following: "off the record and not for your notes: …", "no lo apuntes
// en ningún sitio: …".
var reColonSoon = regexp.MustCompile(`^[^.!?。！？:：]{0,40}[:：]`)

// reMarkerLead is what may stand before a marker that opens its sentence:
// nothing, "and", "this", "but".
var reMarkerLead = regexp.MustCompile(`(?i)^(?:(?:and|but|also|oh|y|pero|et|mais|und|aber|this|that|esto|eso|ça|cela|das|dies|这个|这|那个|これは|これ|あと|それと)[,，、]?)?$`)

// reTurnsBack opens a sentence that turns back to the work after an aside
// kept out of notes: "Anyway", "Back to …", "One more thing", "Next:",
// "Zum Testen:", "あと…", "另外…", a word or three and a colon, or a
// colleague addressed by name ("Arun, one more for you: …").
var reTurnsBack = regexp.MustCompile(`(?i)^(?:anyway|anyhow|back to|moving on|one more|another thing|next[,:]|(?:oh|ah),? and\s|and also\s|(?:oh|ah),? y\s|y además|(?:oh|ah|ach),? und\s|und noch\s|(?:oh|ah),? et\s|et aussi\s|ok(?:ay)?,? (?:so|back)|egal|zurück zu|noch was|nächstes|en fin|bueno,|volviendo|otra cosa|bref|sinon|bon,|revenons|autre chose|あと|それと|それから|さて|另外|还有|回到|言归正传)|^[\pL]+(?:\s[\pL]+){0,2}\s?[:：]\s|^` + nameRe + `,\s`)

// turnsBack reports whether a sentence turns back to the work after an
// aside kept out of notes (reTurnsBack).
func turnsBack(s string) bool {
	return reTurnsBack.MatchString(strings.TrimSpace(s))
}

// reButAhead opens what a marker covers with "but": "dont write this down
// but buoy 12 is …", "これはメモしなくていいけど、来月…".
var reButAhead = regexp.MustCompile(`(?i)^(?:,\s*)?(?:but|though|aber|pero|mais)(?:\s|,|$)|^[，,、]?\s*[^、。，,.!?！？]{0,6}?(?:けど|けれど|但|不过|可是)|^[^、。，,.!?！？]{0,10}?が[、，,]`)

// otherWithdrawals are what a clause withdraws besides t, its own
// withdrawal, where it first says a period is over or a thing mended and
// then what that ends in other words: "Le festival est fini, plus de
// priorité pour les avant-premières" ends the festival and drops a
// priority, "冷库修好了，周三不用再避开了" mends the cold room and lifts a
// day avoided. Said the other way round ("the build farm is available
// again, IT fixed the disks") the rest is the reason, no withdrawal.
func otherWithdrawals(c, t, lang string) []string {
	lx := lexes[lang]
	parts := commaParts(c)
	if lx == nil || len(parts) < 2 || endedIn(strings.TrimRight(strings.TrimSpace(parts[0]), " .!。！"), lx) == "" {
		return nil
	}
	var out []string
	own := false // a part withdraws t on its own
	for _, p := range parts {
		e := retractionIn(strings.TrimSpace(p), lx)
		switch {
		case e == "" || anaphor(e) || slices.Contains(out, e):
		case strings.Contains(t, e) || strings.Contains(e, t):
			own = true
		default:
			out = append(out, e)
		}
	}
	if !own {
		return nil
	}
	return out
}
