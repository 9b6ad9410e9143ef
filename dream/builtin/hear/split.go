package hear

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What a user message holds that is not the user's own prose: pasted code,
// logs, block quotes and quoted documents (a colleague's message, an
// email). prose keeps the rest, line by line.

var (
	reFence   = regexp.MustCompile("^\\s*(?:```|~~~)")
	reLogLine = regexp.MustCompile(`(?i)^\s*(?:\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\[?\d{2}:\d{2}:\d{2}|\[?(?:info|warn|warning|error|debug|trace|fatal|err|crit)\]?[\s:|]|traceback|file ".*", line \d+|at [\w.$<>]+\(|panic:|goroutine \d+|npm err!|error(?:\[e\d+\])?:|e\d{4}\b|\$ |>>> |ps [a-z]:\\|\d+ (?:passed|failed)|fail\s|ok\s+\S+\s+\d|---\s*(?:fail|pass)|exit (?:code|status) \d)`)
	reCode    = regexp.MustCompile(`^\s*(?:func |def |class \w|import |from [\w.]+ import|package \w|const |let |var |return\b|if \(|for \(|while \(|#include|public |private |protected |fn |use [\w:]+;|select .* from |insert into |update \w+ set|create table|<\?|<[a-z]+[ >/]|\}|\]|\))|[{;]\s*$|=>|:=|^\s*//|^\s*#!|^\s*"[\w.-]+"\s*:|^\s*\w+\([^)]*\)\s*;?\s*$`)
	reIndent  = regexp.MustCompile(`^(?: {4,}|\t)\S`)
	reResume  = regexp.MustCompile(`(?i)^(?:anyway|anyways|so,|ok,|okay,|back to|btw|also,|my question|can you|could you|please|en tout cas|bref|jedenfalls|egal|wie auch immer|bueno|en fin|en cualquier caso|总之|反正|とにかく|で、|---)`)
	reList    = regexp.MustCompile(`^(?:[-*+>\x{2022}]+|\d{1,3}[.)])\s+`)
)

// prose returns the lines of a message that are the user's own prose.
func prose(msg string, lx *lexicon) []string {
	var out []string
	inFence, inQuote := false, false
	for _, line := range strings.Split(msg, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case reFence.MatchString(line):
			inFence = !inFence
			continue
		case inFence:
			continue
		case t == "":
			continue
		case inQuote && !reResume.MatchString(t):
			continue
		}
		inQuote = false
		if strings.HasPrefix(t, ">") || reLogLine.MatchString(t) || reIndent.MatchString(line) || looksLikeCode(t) {
			continue
		}
		if lx.report != nil && lx.report.MatchString(t) || reportAny(t) {
			// What follows is someone else's text, up to a line where the
			// user takes up their own words again.
			inQuote = true
			continue
		}
		out = append(out, t)
	}
	return out
}

// reportAny is a report line in any language (an email header, an
// English "X wrote:"), for messages whose language is mixed.
func reportAny(t string) bool {
	return lexEn.report.MatchString(t)
}

var lexEn = english()

// looksLikeCode reports a line of code: a code pattern, or symbols
// outweighing letters.
func looksLikeCode(t string) bool {
	if reCode.MatchString(t) && !strings.HasSuffix(t, ".") {
		return true
	}
	letters, syms := 0, 0
	for _, r := range t {
		switch {
		case unicode.IsLetter(r):
			letters++
		case strings.ContainsRune("{}[]()<>=;$|&\\", r):
			syms++
		}
	}
	return syms >= 4 && syms*4 > letters
}

var reParen = regexp.MustCompile(`[(（][^()（）]{12,}[)）]`)

// replaceParens makes a parenthetical of its own words a sentence of its
// own: "(Everything builds through the Makefile btw.)". One closing the
// sentence before it ("… に上げました（.NET 6 のサポート終了の関係で）。",
// "we moved to node 22 (node 18 went out of support).") is an aside on it,
// so that sentence ends where the aside opens.
func replaceParens(line string) string {
	var b strings.Builder
	last := 0
	for _, loc := range reParen.FindAllStringIndex(line, -1) {
		if loc[0] < last {
			continue // inside a sentence an aside before was moved past
		}
		m := line[loc[0]:loc[1]]
		_, open := utf8.DecodeRuneInString(m)
		_, shut := utf8.DecodeLastRuneInString(m)
		inner := strings.TrimSpace(m[open : len(m)-shut])
		if len(strings.Fields(inner)) < 4 && !cjkText(inner) || reNotOurs.MatchString(inner) {
			// A few words stay in the sentence; so does an aside saying
			// the thing is not ours ("(not ours, other vendor)"): it is
			// what the sentence says of it.
			continue
		}
		end := "."
		if cjkText(inner) {
			end = "。"
		}
		if r, _ := utf8.DecodeLastRuneInString(inner); !strings.ContainsRune(".!?。！？", r) {
			inner += end
		}
		before := line[last:loc[0]]
		next, _ := utf8.DecodeRuneInString(strings.TrimLeft(line[loc[1]:], " "))
		if r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(before, " ")); strings.TrimSpace(before) != "" && strings.ContainsRune(".!?。！？", next) && !strings.ContainsRune(".!?。！？:：", r) {
			// An aside closing the sentence before it stays with it.
			continue
		}
		after := line[loc[1]:]
		if r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(before, " ")); strings.TrimSpace(before) != "" && !strings.ContainsRune(".!?。！？:：,，、", r) && !cjkText(inner) && reGoesOn.MatchString(after) && !openIn(line[:loc[0]]) {
			// "basic kit (3 lights + phone charging) is KES 50 a day": the
			// sentence goes on after the aside, so it is read whole
			// without it, and the aside after it.
			end := len(after)
			if e := reSentenceEnd.FindStringIndex(after); e != nil {
				end = e[0] + 1
			}
			b.WriteString(strings.TrimRight(before, " ") + " " + strings.TrimSpace(after[:end]))
			if r, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(after[:end])); !strings.ContainsRune(".!?", r) {
				b.WriteString(".")
			}
			b.WriteString(" " + inner + " ")
			last = loc[1] + end
			continue
		}
		b.WriteString(strings.TrimRight(before, " "))
		if r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(before, " ")); strings.TrimSpace(before) != "" && !strings.ContainsRune(".!?。！？:：,，、", r) && !cjkText(inner) {
			// An aside inside a sentence ("migrated saves to X (Y is
			// deprecated now) and …") is a sentence of its own: the
			// words before it end one.
			b.WriteString(".")
		}
		b.WriteString(" " + inner + " ")
		last = loc[1]
	}
	if last == 0 {
		return line
	}
	b.WriteString(line[last:])
	return b.String()
}

// openIn reports text with a bracket or a quotation left open: an aside
// after it stands inside a quoted passage or another aside ("(\"…down to
// one (or sometimes a few) migrations…\")"), which is no sentence to
// read whole.
func openIn(text string) bool {
	if strings.Count(text, "(") > strings.Count(text, ")") {
		return true
	}
	for _, q := range quoteMarks {
		switch {
		case q[0] == q[1]:
			if strings.Count(text, q[0])%2 == 1 {
				return true
			}
		case q[0] == "“" && strings.Contains(text, "„"):
			// "“" closes a German quotation.
		case strings.Count(text, q[0]) > strings.Count(text, q[1]):
			return true
		}
	}
	return false
}

// hasQuoteMark reports text holding any quotation mark of quoteMarks.
func hasQuoteMark(text string) bool {
	for _, q := range quoteMarks {
		if strings.Contains(text, q[0]) || strings.Contains(text, q[1]) {
			return true
		}
	}
	return false
}

// reGoesOn opens words that go on with the sentence an aside stood in
// ("… is KES 50 a day"); reSentenceEnd ends a sentence.
var (
	reGoesOn      = regexp.MustCompile(`^\s*\p{Ll}`)
	reSentenceEnd = regexp.MustCompile(`[.!?](?:\s|$)`)
)

// reJaChangedEnd ends a Japanese clause saying a thing was changed
// ("先月 Dawn 15.0 ベースに載せ替えた"): a change is a clause of its own,
// whatever the reason it gives is for.
var reJaChangedEnd = regexp.MustCompile(`(?:載せ替え|乗り換え|置き換え|切り替え|移行し|移し|変え|変更し|更新し|上げ|アップグレードし)(?:ました|た)$`)

// departedBefore reports a Japanese clause saying someone left.
func departedBefore(c string) bool {
	lx := lexes[Ja]
	return lx.departed.MatchString(lx.fillerLead.ReplaceAllString(c, ""))
}

// reInnerFiller is a filler set off by commas inside a sentence (", btw,",
// ", por cierto,"): it goes, so the sentence reads as one clause.
var reInnerFiller = regexp.MustCompile(`(?i),\s*(?:btw|by the way|fwiw|übrigens|nebenbei|por cierto|además|au fait|d'ailleurs|du coup)\s*,|，\s*(?:顺便说一下|顺便|对了)\s*，|、\s*(?:ちなみに)\s*、`)

// abbreviations end with a dot that ends no sentence.
var abbreviations = set("e.g", "i.e", "etc", "vs", "approx", "prof", "z.b", "d.h", "bzw", "usw", "ca", "p.ej", "ej", "cf", "dr", "dra", "mr", "mrs", "ms", "mx", "hr", "fr", "hrn", "sr", "sra", "srta", "mme", "mlle", "no", "nr", "st", "inc", "ltd", "v", "vgl", "evtl", "ggf", "u.a", "inkl", "exkl", "zzgl", "bspw", "ggü", "mind", "tel", "str", "aprox", "incl", "excl", "resp", "s", "p", "pp", "fig", "c.-à-d", "av", "env", "min", "max", "sec", "ver", "etc.)")

// sentences splits a line into sentences: after ".", "!", "?" or "…"
// followed by a space (not after a known abbreviation or inside a
// quotation), and after "。", "！", "？", "!" or "?" in CJK text.
func sentences(line string) []string {
	line = strings.TrimSpace(line)
	for {
		loc := reList.FindStringIndex(line)
		if loc == nil {
			break
		}
		line = strings.TrimSpace(line[loc[1]:])
	}
	// A parenthetical of its own words is a sentence of its own:
	// "(Everything builds through the Makefile btw.)"
	line = replaceParens(line)
	line = reInnerFiller.ReplaceAllStringFunc(line, func(m string) string {
		if strings.HasPrefix(m, "，") {
			return "，"
		}
		if strings.HasPrefix(m, "、") {
			return "、"
		}
		return ""
	})
	var out []string
	rs := []rune(line)
	start, depth := 0, 0
	emit := func(end int) {
		if p := strings.TrimSpace(string(rs[start:end])); p != "" {
			out = append(out, p)
		}
		start = end
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch r {
		case '“', '「', '『', '«', '„':
			depth++
		case '”', '」', '』', '»':
			if depth > 0 {
				depth--
			}
		case '。', '！', '？':
			if depth == 0 {
				// Closing marks and quotes stay with their sentence.
				j := i + 1
				for j < len(rs) && strings.ContainsRune("。！？!?）)」』”", rs[j]) {
					j++
				}
				emit(j)
				i = j - 1
			}
		case '.', '!', '?', '…':
			if depth > 0 || i+1 < len(rs) && !unicode.IsSpace(rs[i+1]) && !strings.ContainsRune("\"'”)", rs[i+1]) {
				continue
			}
			if w := lastWord(rs[start:i]); r == '.' && (abbreviations[strings.ToLower(w)] || len([]rune(w)) == 1 && unicode.IsLetter([]rune(w)[0]) || strings.HasSuffix(w, "/..")) {
				// An abbreviation, an initial, a Bazel pattern ("//...").
				continue
			}
			if w := lastWord(rs[start:i]); r == '.' && reDayMonth.MatchString(w) && i+2 < len(rs) && unicode.IsLower(rs[i+2]) &&
				datePreps[strings.ToLower(lastWord([]rune(strings.TrimRight(string(rs[start:i-len([]rune(w))]), " "))))] ||
				r == '.' && isDigits(lastWord(rs[start:i])) && len(lastWord(rs[start:i])) <= 2 && reMonthAfter.MatchString(string(rs[i+1:])) {
				// "seit 1.12. in Rente": a German date, not an end.
				continue
			}
			if w := lastWord(rs[start:i]); r == '.' && isDigits(w) && len(w) <= 2 && (reOrdinalAfter.MatchString(string(rs[i+1:])) ||
				i+2 < len(rs) && unicode.IsLower(rs[i+2]) && datePreps[strings.ToLower(lastWord([]rune(strings.TrimRight(string(rs[start:i-len([]rune(w))]), " "))))]) {
				// "bis zum 15. des Folgemonats", "am 3. jeden Monats",
				// "bis zum 12. muss es da sein": a German ordinal day, not
				// an end.
				continue
			}
			j := i + 1
			for j < len(rs) && strings.ContainsRune("\"'”)", rs[j]) {
				j++
			}
			emit(j)
			i = j - 1
		}
	}
	emit(len(rs))
	return splitRunOns(out)
}

// runOnWords is the length from which a sentence with at most one comma is
// taken for dictated or hurried speech: one "sentence" that says several
// things ("… we take a 3 percent platform fee um we're on the app router so
// anything new goes under app oh and …").
const runOnWords = 40

// reRunOnBreak is where dictated speech moves on to another thing: a
// filler, "oh and", "also", "by the way", "one more thing" and their like
// in the other languages. A run-on sentence is split before each.
var reRunOnBreak = regexp.MustCompile(`(?i)\s(?:(?:oh )?and also|oh (?:and|also)|also|um+|uh+|erm|anyway|heads up|by the way|btw|(?:and )?one more(?: big)? thing|(?:and )?another thing|(?:and )?(?:please )?(?:keep in mind|remember)|and please|(?:ah )?y otra cosa|ah y|y también|por cierto|además|au fait|et aussi|ah et|d'ailleurs|autre chose|übrigens|außerdem|ach und|(?:und )?noch was|äh+m?)\s`)

// splitRunOns splits each run-on sentence of ss (runOnWords) at its breaks
// (reRunOnBreak); a piece of fewer than four words stays with the one
// before it.
func splitRunOns(ss []string) []string {
	var out []string
	for _, s := range ss {
		if len(strings.Fields(s)) < runOnWords || strings.Count(s, ",")+strings.Count(s, "，")+strings.Count(s, "、") > 1 || strings.ContainsAny(s, ";:") && !reClock.MatchString(s) {
			out = append(out, s)
			continue
		}
		start := 0
		for _, loc := range reRunOnBreak.FindAllStringIndex(s, -1) {
			piece := strings.TrimSpace(s[start:loc[0]])
			if len(strings.Fields(piece)) < 4 {
				continue
			}
			out = append(out, piece)
			start = loc[0] + 1
		}
		out = append(out, strings.TrimSpace(s[start:]))
	}
	return out
}

// reClock is a time of day written with a colon ("at 14:00").
var reClock = regexp.MustCompile(`\d:\d\d`)

// reDayMonth is a day and month written the German way, before its dot
// ("1.12", "24.3").
var reDayMonth = regexp.MustCompile(`^\d{1,2}\.\d{1,2}$`)

// reMonthAfter is a German month after a day's dot ("10. Januar").
var reMonthAfter = regexp.MustCompile(`^\s+(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\b`)

// reOrdinalAfter is what follows a German ordinal day's dot: the month
// it is of ("12. des Folgemonats", "15. jeden Monats", "3. im Monat").
var reOrdinalAfter = regexp.MustCompile(`^\s+(?:des|jedes|jeden|eines|dieses|diesen|nächsten|kommenden|im|vom|eines|Monats|Folgemonats|Vormonats|Quartals)\b`)

// datePreps stand before a German date ("seit 1.12.", "am 3.4.").
var datePreps = map[string]bool{"seit": true, "am": true, "bis": true, "ab": true, "vom": true, "zum": true, "dem": true, "den": true}

func lastWord(rs []rune) string {
	i := len(rs)
	for i > 0 && !unicode.IsSpace(rs[i-1]) && rs[i-1] != '(' {
		i--
	}
	return string(rs[i:])
}

// reDeVerbBeforeAber is a German clause's opening word, lower case,
// after a comma: what "aber" right after it follows as a particle.
var reDeVerbBeforeAber = regexp.MustCompile(`,\s*\p{Ll}+$`)

// clauseSplit finds where a sentence holds clauses that can each say
// something on their own: at ";", a dash between spaces, and before a
// contrast or a new subject after a comma.
// English "while" splits only after a comma: without one it opens the
// period the clause before holds in ("the exporter is frozen while the
// show is on tour"), which its end must find.
var clauseSplit = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i),\s+(?:in theory|in principle)\s|\s+(?:also|plus|and also)\s+(?:forget|scratch|drop|ignore|disregard)\b|\s+and\s+(?-i:\p{Lu})[\pL-]+(?:'s|’s)\s|\s*;\s*|:\s+|,\s+so\s+|\s+[\x{2013}\x{2014}-]{1,2}\s+|,?\s+(?:but|whereas|although|though)\s+|,\s+while\s+|,\s+(?:so|and|because|since)\s+(?:i|we|my|our|i'm|we're|i've|we've|it|it's|this|that|you|please|don't|never|always)\s|,\s+(?:i|we|my|our|i'm|we're|i've|we've|please|remember|always|never|don't|do not|from now on|going forward|what if|maybe|unless|if|lol|haha|stop|no more|ask|ping)\s|\s+and\s+(?:i|we|my|our|i'm|we're|i've|we've|please|remember|always|never|don't|from now on|going forward)\s|,\s+and\s+(?:the|our)\s|,\s+(?:can|could|would)\s|,\s+(?:send|tell|give|update|add|fix|rename|remove|change|bump|loop|cc|forward|invite)\s`),
	De: regexp.MustCompile(`(?i)\s*;\s*|:\s+|,\s+(?:theoretisch|eigentlich sollte)\s|,\s+(?:kannst|könntest)\s|\s+[\x{2013}\x{2014}-]{1,2}\s+|,?\s+(?:aber|sondern|während|obwohl|doch)\s+|,\s+(?:und|denn|weil)\s+(?:ich|wir|mein|unser|es|das|du|bitte|immer|nie)\s|,\s+(?:ich|wir|bitte|immer|nie|niemals|vielleicht|falls|wenn|was wäre)\s`),
	Es: regexp.MustCompile(`(?i)\s*;\s*|:\s+|,\s+(?:en teoría|en principio)\s|,\s+¿?(?:puedes|podrías)\s|,\s+así que\s|\s+[\x{2013}\x{2014}-]{1,2}\s+|,?\s+(?:pero|aunque|mientras|sino)\s+|,\s+(?:y|porque|así que)\s+(?:yo|nosotros|mi|nuestro|nuestra|eso|esto|por favor|siempre|nunca)\s|,\s+(?:yo|nosotros|por favor|siempre|nunca|quizás|tal vez|si)\s`),
	Fr: regexp.MustCompile(`(?i)\s*;\s*|:\s+|,\s+(?:en théorie|en principe|a priori)\s|,\s+(?:tu|peux-tu|pourrais-tu)\s|\s+[\x{2013}\x{2014}-]{1,2}\s+|,?\s+(?:mais|alors que|bien que|tandis que)\s+|,\s+(?:et|car|donc)\s+(?:je|nous|on|mon|notre|ça|c'est|toujours|jamais)\s|,\s+(?:je|nous|on|toujours|jamais|peut-être|si)\s`),
	Zh: regexp.MustCompile(`[；;：]|，(?:但是|但|不过|可是|然而|而且|另外|还有|如果|要是)`),
	Ja: regexp.MustCompile(`[；;：]|(?:けど|けれど|けれども|が|ので)、|。`),
}

// reJaRequestEnd ends a Japanese request to the agent ("…を外して",
// "…しておいてください").
var reJaRequestEnd = regexp.MustCompile(`(?:て|てください|てね|といて|ておいて|しといて)[。！!]?\s*$`)

// dashSep reports a clause separator that is a dash between spaces.
func dashSep(m string) bool {
	m = strings.TrimSpace(m)
	return m != "" && strings.Trim(m, "-\u2013\u2014") == ""
}

// reAfterAside opens the rest of a clause after an aside set off by
// dashes: its verb.
var reAfterAside = regexp.MustCompile(`(?i)^(?:is|are|was|were|goes|go|stays|stay|sits|belongs|has|have|will|ist|sind|geht|gehen|bleibt|es|son|va|van|est|sont|vont|reste|restent)\b`)

// reWhileWord is a word that opens a condition or a contrast.
var reWhileWord = regexp.MustCompile(`(?i)\b(?:while|whereas|although|though|während|obwohl|mientras|aunque|tandis que|alors que|bien que)\b`)

// clauses splits a sentence at clause boundaries; the word that opens a
// clause stays with it.
func clauses(sent, lang string) []string {
	re := clauseSplit[lang]
	locs := re.FindAllStringIndex(sent, -1)
	if len(locs) == 0 {
		return afterWithdrawn([]string{sent})
	}
	// "partner lending - packing, posting, returns - is Aisha now": a
	// list set off by dashes is an aside of the clause around it.
	aside := map[int]bool{}
	for k := 0; k+1 < len(locs); k++ {
		a, b := locs[k], locs[k+1]
		if dashSep(sent[a[0]:a[1]]) && dashSep(sent[b[0]:b[1]]) && len(strings.Fields(sent[a[1]:b[0]])) <= 8 && reAfterAside.MatchString(sent[b[1]:]) {
			aside[k], aside[k+1] = true, true
		}
	}
	var out []string
	start := 0
	for k, l := range locs {
		if aside[k] {
			continue
		}
		m := sent[l[0]:l[1]]
		if strings.TrimSpace(m) == ":" || m == "：" {
			// A short label stays with what it labels ("Decision: we
			// ship on Tuesdays"); a clause before a colon does not.
			left := sent[start:l[0]]
			if strings.TrimSpace(sent[l[1]:]) == "" {
				// A colon that ends the sentence introduces what follows
				// it (a log, a list): it stays, to say so.
				continue
			}
			if len(strings.Fields(left)) < 6 && (!cjkText(left) || len([]rune(left)) < 8) && !withdrawalLead(left, lang) || changeLead(left) ||
				reNewContact.MatchString(left) && reContactValue.MatchString(sent[l[1]:]) {
				// "Neue Handynummer, die alte Karte ist weg: 0160 …":
				// the number is what the lead-in says is new.
				continue
			}
		}
		if lang == De && strings.TrimSpace(strings.ToLower(m)) == "aber" && reDeVerbBeforeAber.MatchString(sent[start:l[0]]) {
			// "…, weiß aber keiner genau": "aber" right after the verb
			// that opens a clause is a particle, no contrast.
			continue
		}
		if lang == Ja && m == "が、" && topicOnly(sent[start:l[1]-len("、")], lang) {
			// "PR の説明ですが、…": a topic, not a contrast.
			continue
		}
		if lang == Ja && m == "ので、" && !departedBefore(sent[start:l[0]]) && !reJaChangedEnd.MatchString(sent[start:l[0]]) && !reJaRequestEnd.MatchString(sent[l[1]:]) {
			// "…が異動になったので、これからは…": who left is a clause of
			// its own, and so is a reason before a request ("…直接予約だけ
			// なので、スクリプトから…を外して": what holds, then the task);
			// any other reason stays with what it explains.
			continue
		}
		if lead := strings.TrimSpace(sent[start:l[0]]); lead != "" && strings.TrimSpace(reBareLead.FindString(lead)) == lead && reWhileWord.MatchString(m) {
			// "Also while the resurfacing is on, …": after a filler
			// alone, "while" opens the sentence's condition, no contrast.
			continue
		}
		if lead := strings.TrimSpace(reThingLead.ReplaceAllString(sent[:l[0]], "")); start == 0 && strings.HasPrefix(m, ",") && reDislocated.MatchString(lead) && !reCopula.MatchString(lead) {
			// "La synchro du stock, on a eu deux ventes en double …, il
			// faut la faire toutes les cinq minutes": a thing named
			// first, then what is said of it, is one clause.
			continue
		}
		if re := reDropsWhatCame[lang]; re != nil && re.MatchString(sent[l[0]:]) {
			// "notre macro LOG_D, on laisse tomber": the clause drops
			// what the one before names; they are read together.
			continue
		}
		cut := l[1]
		// Keep a clause's opening word: back up over a word the split
		// matched at its end (", we " keeps "we").
		trimmed := strings.TrimRight(m, " ")
		if i := strings.LastIndexFunc(trimmed, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '，' }); i >= 0 {
			// The separator may be several bytes ("，"): the word starts
			// after the whole rune.
			_, size := utf8.DecodeRuneInString(trimmed[i:])
			if i+size < len(trimmed) && !conjunctions[strings.ToLower(trimmed[i+size:])] {
				cut = l[0] + i + size
			}
		} else if cjk(lang) {
			// A contrast word opens the next clause; the mark goes.
			cut = l[1]
			if r, size := firstRune(m); strings.ContainsRune("，,", r) {
				cut = l[0] + size
			}
		}
		end := l[0]
		if lang == Ja && m == "ので、" && !departedBefore(sent[start:l[0]]) && !reJaChangedEnd.MatchString(sent[start:l[0]]) {
			// A reason before a request keeps its "ので" ("…だけなので").
			end += len("ので")
		}
		if p := strings.TrimSpace(sent[start:end]); p != "" {
			out = append(out, p)
		}
		start = cut
	}
	if p := strings.TrimSpace(sent[start:]); p != "" {
		out = append(out, p)
	}
	return afterWithdrawn(out)
}

// withdrawalLead reports a short lead-in before a colon that withdraws
// something ("Olvida lo de pnpm: con Cloudflare Pages vamos con npm"): a
// clause of its own, not a label of what follows.
func withdrawalLead(left, lang string) bool {
	lx := lexes[lang]
	if lx == nil {
		return false
	}
	t, _ := strip(left, lx)
	return t != "" && retractionIn(t, lx) != ""
}

// reWithdrewLeft is a clause that drops something ("we dropped
// pg_search last sprint"); reNowRight one that says what holds now in
// its place ("search is meilisearch now via …").
var (
	reWithdrewLeft = regexp.MustCompile(`(?i)^(?:(?:so|and|also|oh|btw)[,]? )*(?:we|i|the team)(?:'ve|’ve| have| just| finally)* (?:dropped|ripped out|tore out|pulled out|removed|killed|ditched|scrapped|retired|got rid of|moved off|uninstalled|shut down)\b[^,]*$`)
	reNowRight     = regexp.MustCompile(`(?i)^(?:the |our )?[\pL\pN_.-]+(?: [\pL\pN_.-]+){0,2} (?:is|are|runs|goes|lives|'s) (?:[^,]*\s)?now\b`)
)

// afterWithdrawn splits a clause that drops something from what it says
// holds now in its place, after a comma: "we dropped pg_search last
// sprint, search is meilisearch now" withdraws the one and states the
// other.
func afterWithdrawn(parts []string) []string {
	var out []string
	for _, p := range parts {
		i := strings.Index(p, ", ")
		if i > 0 && reWithdrewLeft.MatchString(p[:i]) && reNowRight.MatchString(p[i+2:]) {
			out = append(out, p[:i], p[i+2:])
			continue
		}
		out = append(out, p)
	}
	return out
}

// reThingLead is what may come before a thing named alone: "hmm, the
// stripe-go v81 major bump, could we …".
var reThingLead = regexp.MustCompile(`(?i)^\s*(?:(?:hmm+|hm+|um+|uh+|ah|oh|ok|okay|so|and|also|btw|and also|oh and)[,.]?\s+)+`)

// reDislocated is a thing named alone before what is said of it: a
// determiner and up to four words, no verb ("La synchro du stock", "the
// stock sync", "der Export für Gmeiner").
var reDislocated = regexp.MustCompile(`(?i)^(?:the|our|le|la|les|l'|notre|nos|el|los|las|nuestro|nuestra|der|die|das|unser|unsere)\s*(?:[\pL\pN.'-]+\s+){0,3}[\pL\pN.'-]+$`)

// reCopula is a verb that makes a clause of a short lead ("the build is
// green").
var reCopula = regexp.MustCompile(`(?i)(?:^|\s)(?:is|are|was|were|has|have|had|does|did|est|sont|était|a|ont|c'est|ist|sind|war|hat|haben|es|son|era|está|están|tiene|tienen)(?:\s|$)`)

// reDropsWhatCame opens a clause that drops what the clause before it
// names, with no object of its own.
var reDropsWhatCame = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)^,\s+we(?:'re| are) (?:dropping|ditching|scrapping|killing) (?:it|that|them)\b`),
	Fr: regexp.MustCompile(`(?i)^,\s+(?:on (?:laisse tomber|abandonne|oublie|arrête)\s*(?:[,.;:!]|$)|on arrête de (?:les |le |la |l')\pL+|(?:on|nous|je) (?:l'|les )(?:a|ai|avons) (?:viré|supprimé|retiré|abandonné|lâché|arrêté|jeté|désinstallé|enlevé)e?s?(?:[^\pL\pN]|$)|on (?:la |le |les |l')(?:fait|fera) sauter\b)`),
	De: regexp.MustCompile(`(?i)^,\s+(?:den|die|das) gibt(?:'s| es) (?:jetzt |inzwischen )?(?:nicht|keine?n?) mehr\b`),
}

var conjunctions = set("and", "but", "so", "because", "since", "whereas", "while", "although", "though", "-", "–", "—", "--",
	"aber", "sondern", "während", "obwohl", "doch", "und", "denn", "weil",
	"pero", "aunque", "mientras", "sino", "y", "porque", "que",
	"mais", "tandis", "bien", "alors", "et", "car", "donc")

func isDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// bracketDepth is how many more brackets s opens than it closes.
func bracketDepth(s string) int {
	n := 0
	for _, r := range s {
		switch r {
		case '(', '（':
			n++
		case ')', '）':
			n--
		}
	}
	return n
}
