package hear

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Answers. The agent asks ("Which region is prod in?"), the user answers
// ("us-east-2, DR in us-west-1"): the answer alone means little, so the
// claim carries the question ("Asked “Which region is prod in?”, the
// user answered: “us-east-2, DR in us-west-1”."), and the subject is the
// question's.

var (
	// reNotAsking are questions that ask for a go-ahead, a proposal's
	// answer or a check on the conversation, not for a fact.
	reNotAsking = regexp.MustCompile(`(?i)^(?:(?:or|and|so),?\s+)?(?:maybe|perhaps|vielleicht|quizás|quizá|tal vez|peut-être|shall i|should i|should we|shall we|do you want|want me|would you like|can i|may i|could i|is that ok|is this ok|does that|does this|make sense|sounds? good|anything else|ok\b|okay\b|right\b|ready|how about|what about|any other|is there anything|did that|did this|are you (?:ok|happy|sure)|can you (?:confirm|share|paste|send)|could you (?:confirm|share|paste|send|run)|proceed|continue|go ahead)|\b(?:for this|right now|for now|this time|today|first)\b|^(?:soll ich|sollen wir|möchtest du|willst du|¿quieres|¿debo|¿te parece|veux-tu|voulez-vous|dois-je|on continue|要不要|需要我|我可以|是否需要|しましょうか|しますか|よろしいですか)`)
	// reTaskQuestion asks about the task at hand ("which file should I
	// start with?").
	reTaskQuestion = regexp.MustCompile(`(?i)\b(?:which (?:file|one|option|approach|test|function|branch|version of the fix)|should i|do you want|want me|this (?:file|bug|test|change|pr|function|error)|what (?:are|shall|should|do) (?:we|you want to|you want me to) (?:work(?:ing)? on|do(?:ing)?|tackle|start with|look at)|what's next|what can i do|how can i help)\b|\b(?:hoy|heute|aujourd'hui|ahora mismo|gerade)\b|今天|今日|\b(?:woran arbeiten|was machen wir|was steht an|en qué (?:trabajamos|te ayudo|puedo ayudar)|qué hacemos|on fait quoi|qu'est-ce qu'on fait|sur quoi (?:on travaille|travaille-t-on))|做什么|何をしましょう|何をします|^¿?(?:empiezo|hago|sigo|uso|pongo|continúo|aplico|borro|cambio|subo|despliego|lo hago|lo dejo|corrijo|lo corrijo|arreglo|lo arreglo|quito|lo quito)\b|^(?:je commence|je fais|je continue|j'applique|je lance|je corrige|je le corrige|je modifie|je supprime|je retire|j'enlève|je garde|je laisse|je change|fange ich|mache ich|korrigiere ich|ändere ich|lösche ich|entferne ich|behebe ich)\b|^我(?:先|要不要)|(?:しますか|しましょうか)[？?]$|(?:要删吗|删吗|删掉吗|删不删|要不要删)[？?]$|(?:消していいですか|消してもいいですか|削除していいですか)[？?]$`)
)

// reCheckQuestion asks the user to confirm what the agent said before,
// not for a fact: a reply saying the value again agrees to it (echo).
var reCheckQuestion = regexp.MustCompile(`(?i)` +
	// "Is that right?", "Stimmt das so?", "これで合ってますか？"
	`^(?:(?:so\s+|and\s+)?(?:is|was) (?:that|this|it) (?:right|correct|accurate)|(?:does|did) (?:that|this) (?:sound|look) (?:right|correct)|have i got (?:that|this|it) right|did i get (?:that|this|it) right|correct|right|stimmt (?:das|es)(?: so)?|ist (?:das|es) (?:so )?(?:richtig|korrekt)|passt das(?: so)?|richtig|¿?(?:es|está) (?:correcto|bien)(?: así)?|¿?correcto|¿?(?:lo )?he entendido bien|c'est (?:bien )?(?:ça|correct|juste)|est-ce (?:bien )?(?:ça|correct|juste)|c'est bon)\s*[?？]$|(?:これで)?(?:合って(?:い)?ますか|正しいですか)[？?]$|(?:对吗|对不对|是这样吗|没错吧|没错吗|是吗|确认吗|确定吗)[？?]$|(?:で)?(?:よろしいですか|大丈夫ですか)[？?]$` +
	// A tag on a statement ("…, right?", "…, richtig?", "…, ¿verdad?")
	// asks the same.
	`|[,，、]\s*(?:right|correct|yes|no|richtig|oder|gell|ne|nicht wahr|¿?verdad|¿?no|¿?cierto|non|n'est-ce pas|c'est ça|hein)\s*[?？]$|(?:对吧|是吧|ですよね|よね|ですね|ますね)[？?]$` +
	// A value worked out, put back as a question ("So 40HQ is 66
	// then?", "那 40HQ 就是 66 方？", "Also 16 Prozent?").
	`|^(?:so|then|also|dann|donc|alors|entonces|o sea|那么|那|所以|じゃあ|では|それでは)(?:\s|,|，|、)[^?？]*\d[^?？]*[?？]$`)

// question returns the information question the assistant's last text
// ends on (several, joined, when it asks more than one), or "".
func question(said []Record) string {
	if len(said) == 0 {
		return ""
	}
	text := said[len(said)-1].Text
	var qs []string
	for _, line := range strings.Split(text, "\n") {
		for _, s := range sentences(line) {
			t := strings.TrimSpace(strings.TrimLeft(s, "-*0123456789.) "))
			if !strings.HasSuffix(t, "?") && !strings.HasSuffix(t, "？") {
				continue
			}
			if reNotAsking.MatchString(t) || reTaskQuestion.MatchString(t) || reProposal.MatchString(t) || reOfferAny.MatchString(t) ||
				len(strings.Fields(t)) < 3 && !cjkText(t) {
				// A go-ahead ("Apply?"), an offer or a question about the
				// task asks for no fact.
				continue
			}
			qs = append(qs, t)
		}
	}
	if len(qs) == 0 || len(qs) > 3 {
		return ""
	}
	return strings.Join(qs, " ")
}

// The frames of a claim that holds an answer with its question: what
// answerClaim and a question's follow-up write, and what readers of a
// claim look for.
const (
	AnswerLead   = "Asked “"
	AnswerMid    = "”, the user answered: “"
	FollowUpLead = "On the question “"
	FollowUpMid  = "”, the user said: “"
)

// answerClaim states an answer with its question.
func answerClaim(q, a string) string {
	return AnswerLead + strings.TrimSpace(q) + AnswerMid + strings.TrimSpace(a) + "”"
}

// reQuestionWords are the words of a question that name nothing.
var reQuestionWords = regexp.MustCompile(`(?i)^(?:still|noch|todavía|aún|sigue|toujours|encore|what|what's|whats|which|who|whom|whose|where|when|how|why|is|are|was|were|do|does|did|can|could|should|would|will|the|a|an|in|on|at|of|for|to|with|by|from|our|your|you|we|i|it|its|it's|there|that|this|be|use|used|using|have|has|much|many|often|long|exactly|currently|usually|normally|again|kind|sort|type|one|ones|name|called|live|lives|run|runs|go|goes|set|get|kept|keep|need|needs|want|prefer|like|out|and|or|any|some|me|my|please|remind|tell|know|mean|call|let|also|so|alors|donc|entonces|pues|wo|welche[rsnm]?|welcher|wer|was|wie|wann|ist|sind|der|die|das|den|dem|ein|eine|auf|in|im|für|von|mit|bei|läuft|liegt|nutzt|nutzen|ihr|wir|du|qué|cuál|cuáles|quién|dónde|cuándo|cómo|es|son|el|la|los|las|de|del|en|para|con|está|están|usan|usáis|quel|quelle|quels|quelles|qui|où|quand|comment|est|sont|le|les|du|des|de|en|pour|avec|sur|utilisez|vous|tu|on|mantengo|mantenemos|dejo|dejamos|behalte|lasse|garde|gardons|conserve)$`)

// reLeadThenAsk is a question's lead before a comma and the words that
// ask: "With 14-day terms, when …", "Für die Etiketten, welche …".
var reLeadThenAsk = regexp.MustCompile(`(?i)^[^,?]{3,60}?,\s*(?:so\s+)?(?:when|what|which|who|where|how|wann|was|welche[rsnm]?|wer|wo|wie|cuándo|qué|cuál|quién|dónde|cómo|quand|que|quel(?:le)?s?|qui|où|comment)(?:\s|$)`)

// questionSubject names what a question asks about: its words without
// question words, pronouns and verbs of asking ("Which region is prod
// in?" → "prod region"), and without the values it proposes in place of
// others ("Also Zielfeuchte 16 % statt 18 %?" → "zielfeuchte").
func questionSubject(q, lang string) string {
	q = strings.TrimSpace(q)
	if m := reInsteadQuestion.FindStringSubmatch(q); m != nil {
		q = withoutTrailingValue(m[1])
	}
	if m := reLeadThenAsk.FindStringIndex(q); m != nil {
		q = q[m[1]:] // "With 14-day terms, when should the chaser go out?"
	}
	if i := strings.LastIndex(q, ": "); i >= 0 {
		q = q[i+2:] // "Before I write the PR description: which region …"
	}
	if i := strings.LastIndexAny(q, "?？"); i >= 0 {
		q = q[:i]
	}
	// "¿Mantengo el rate limit del API tal cual?": keeping it as it is
	// names nothing of what.
	q = reAsIs.ReplaceAllString(q, "")
	// Of several questions, the first names the subject.
	for _, sep := range []string{"?", "？"} {
		if i := strings.Index(q, sep); i >= 0 {
			q = q[:i]
		}
	}
	if cjk(lang) {
		q = strings.TrimSpace(q)
		for _, w := range []string{"请问", "你们的", "你们", "我们的", "我们", "是什么", "是哪个", "是哪", "在哪里", "在哪儿", "在哪", "用什么", "用的是什么", "什么", "哪个", "哪里", "谁", "吗", "呢", "は何ですか", "はどこですか", "はどれですか", "は誰ですか", "ですか", "何", "どこ", "どれ", "誰", "どの", "は"} {
			q = strings.ReplaceAll(q, w, "")
		}
		if r := []rune(q); len(r) > 0 && len(r) <= 12 {
			return strings.ToLower(q)
		}
		return ""
	}
	fs := strings.Fields(q)
	var head string // the noun after "which"/"what"
	var rest []string
	for i, w := range fs {
		w = strings.ToLower(strings.Trim(w, ",.;:!\"'`“”()¿¡"))
		if w == "" {
			continue
		}
		if i > 0 && (strings.EqualFold(strings.Trim(fs[i-1], ","), "which") || strings.EqualFold(strings.Trim(fs[i-1], ","), "what") || strings.EqualFold(fs[i-1], "welche") || strings.EqualFold(fs[i-1], "welcher") || strings.EqualFold(fs[i-1], "welches") || strings.EqualFold(fs[i-1], "qué") || strings.EqualFold(fs[i-1], "quel") || strings.EqualFold(fs[i-1], "quelle")) && !reQuestionWords.MatchString(w) && head == "" {
			head = w
			continue
		}
		w = withoutPossessive(w) // "the VPC module's region"
		if reQuestionWords.MatchString(w) || reBareVersion.MatchString(w) {
			continue // "for 1.0" says when, not what
		}
		rest = append(rest, w)
	}
	if len(rest) > 4 {
		rest = rest[len(rest)-4:]
	}
	if head != "" {
		rest = append(rest, head)
	}
	return strings.Join(rest, " ")
}

// reAsIs closes a question asking to keep a thing as it is.
var reAsIs = regexp.MustCompile(`(?i)\s+(?:as it is|as is|unchanged|tal cual|tal y como está|como está|tel quel|telle quelle|tels quels|so wie es ist|unverändert)\s*$`)

// reQuestionTool names the tools agents ask the user through.
var reQuestionTool = regexp.MustCompile(`(?i)ask.?user|askuserquestion|user.?input|request.?user|ask.?question|^question$|^questionnaire$|^ask$|elicit|prompt.?user|clarif`)

func questionTool(name string) bool { return reQuestionTool.MatchString(name) }

// qa is one question asked through a tool and the user's answer.
type qa struct{ q, a string }

var (
	reQAPair   = regexp.MustCompile(`"((?:[^"\\]|\\.)+)"\s*=\s*"((?:[^"\\]|\\.)*)"`)
	reDeclined = regexp.MustCompile(`(?i)declin|rejected|refused|cancel|dismiss|interrupt|did not answer|didn't answer|no answer|timed? ?out|^error|tool_use_error`)
)

// toolAnswers pairs a question tool's questions (from its call's
// arguments) with the user's answers (from its result): Claude Code's
// `"question"="answer"` pairs, a JSON object of answers (Codex's
// request_user_input), or, for one question, the result's text.
func toolAnswers(call, result string) []qa {
	result = strings.TrimSpace(result)
	if result == "" || reDeclined.MatchString(result) {
		return nil
	}
	var questions []string
	var ids []string
	var args any
	if json.Unmarshal([]byte(call), &args) == nil {
		walkQuestions(args, &questions, &ids)
	}
	var out []qa
	if ms := reQAPair.FindAllStringSubmatch(result, -1); len(ms) > 0 {
		for _, m := range ms {
			out = append(out, qa{q: unquote(m[1]), a: unquote(m[2])})
		}
		return keepAnswered(out)
	}
	if rest, ok := strings.CutPrefix(result, "User answers:"); ok && len(questions) > 0 {
		// A questionnaire's text: one "Label: answer" line per
		// question, in the order asked.
		var lines []string
		for _, l := range strings.Split(rest, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		if len(lines) == len(questions) {
			for i, l := range lines {
				if j := strings.Index(l, ": "); j > 0 && j < 40 {
					l = l[j+2:]
				}
				out = append(out, qa{q: questions[i], a: l})
			}
			return keepAnswered(out)
		}
	}
	var res any
	if json.Unmarshal([]byte(result), &res) == nil {
		byID := map[string][]string{}
		var all []string
		collectAnswers(res, "", byID, &all)
		for i, q := range questions {
			var a []string
			if i < len(ids) && ids[i] != "" {
				a = byID[ids[i]]
			}
			if len(a) == 0 && len(questions) == 1 {
				a = all
			}
			if len(a) > 0 {
				out = append(out, qa{q: q, a: strings.Join(a, "; ")})
			}
		}
		return keepAnswered(out)
	}
	if len(questions) == 1 && len([]rune(result)) <= 400 {
		a := result
		for _, p := range []string{"User answered:", "The user answered:", "User response:", "Answer:", "User:"} {
			if i := strings.Index(a, p); i >= 0 {
				a = strings.TrimSpace(a[i+len(p):])
			}
		}
		out = append(out, qa{q: questions[0], a: withoutAskedAgain(a, questions[0])})
	}
	return keepAnswered(out)
}

// withoutAskedAgain is an answer without the question q written again
// above it, as Pi's questionnaire writes it ("¿Cómo redondeo …?\n→ a
// múltiplos de 5", "- Wann soll …?\n  Einmal am Tag"): the lines after
// it, without the mark that opens them.
func withoutAskedAgain(a, q string) string {
	first, rest, ok := strings.Cut(a, "\n")
	if !ok {
		return a
	}
	first = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(first), "-*•"))
	if first == "" || first != strings.TrimSpace(q) && !strings.HasSuffix(first, "?") && !strings.HasSuffix(first, "？") {
		return a
	}
	rest = strings.TrimSpace(rest)
	for _, mark := range []string{"→", "->", "=>", ">", ":"} {
		rest = strings.TrimSpace(strings.TrimPrefix(rest, mark))
	}
	if rest == "" {
		return a
	}
	return rest
}

func keepAnswered(in []qa) []qa {
	var out []qa
	for _, x := range in {
		x.q, x.a = strings.TrimSpace(x.q), strings.TrimSpace(x.a)
		if x.q != "" && x.a != "" && !reDeclined.MatchString(x.a) {
			out = append(out, x)
		}
	}
	return out
}

func unquote(s string) string {
	var out string
	if json.Unmarshal([]byte(`"`+s+`"`), &out) == nil {
		return out
	}
	return s
}

// walkQuestions collects the "question" strings of a tool call's
// arguments, with their ids.
func walkQuestions(v any, qs, ids *[]string) {
	switch x := v.(type) {
	case map[string]any:
		q, ok := x["question"].(string)
		if !ok {
			// An item of a questionnaire: its prompt, under its id.
			if id, _ := x["id"].(string); id != "" {
				q, ok = x["prompt"].(string)
			}
		}
		if ok {
			*qs = append(*qs, q)
			id, _ := x["id"].(string)
			if id == "" {
				id, _ = x["header"].(string)
			}
			*ids = append(*ids, id)
			return
		}
		for _, k := range []string{"questions", "input", "arguments", "params"} {
			if c, ok := x[k]; ok {
				walkQuestions(c, qs, ids)
			}
		}
		if q, ok := x["prompt"].(string); ok && len(*qs) == 0 {
			*qs = append(*qs, q)
			*ids = append(*ids, "")
		}
	case []any:
		for _, c := range x {
			walkQuestions(c, qs, ids)
		}
	}
}

// collectAnswers gathers answer strings by the key they sit under.
func collectAnswers(v any, key string, byID map[string][]string, all *[]string) {
	switch x := v.(type) {
	case string:
		if key != "id" && key != "type" && key != "question" && key != "header" {
			// Codex labels what the user typed beside the options.
			x = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(x), "user_note:"))
			byID[key] = append(byID[key], x)
			*all = append(*all, x)
		}
	case []any:
		for _, c := range x {
			collectAnswers(c, key, byID, all)
		}
	case map[string]any:
		// In key order: answers gathered under one key keep an order
		// the map's does not choose.
		for _, k := range slices.Sorted(maps.Keys(x)) {
			c := x[k]
			sub := k
			if k == "answers" || k == "answer" || k == "value" || k == "selected" || k == "text" || k == "other" {
				sub = key
			}
			collectAnswers(c, sub, byID, all)
		}
	}
}

var (
	// reStillQuestion asks whether a value is still the one in use
	// ("¿Seguimos con Redis y Horizon?", "Still on Jenkins?").
	reStillQuestion = regexp.MustCompile(`(?i)\b(?:still|keep|keeping|stay(?:ing)? (?:with|on)|stick(?:ing)? with|continue (?:with|on|using)|carry on with|noch|weiterhin|bleiben wir|behalten|seguimos|sigue|siguen|seguir|todavía|aún|mantenemos|continuamos|toujours|encore|on garde|garde-t-on|on reste|reste-t-on|on continue)\b|还是|还用|继续用|仍然|依然|まだ|引き続き|このまま|のまま`)
	// reAnswerNo opens an answer that says no.
	reAnswerNo = regexp.MustCompile(`(?i)^(?:no|nope|nah|nein|non|ne|いいえ|いや|不是|不用|不)(?:[\s,.:;!—–-]|、|，|。|$)`)
	// reValueWord is a word that may be a value: capitalized, or with a
	// digit or joiner inside ("Redis", "pg-16", "node:22"), or a time of
	// day ("07:00", "7am").
	reValueWord = regexp.MustCompile(`\b(?:\p{Lu}[\p{L}\d]*(?:[.+_:/-][\p{L}\d]+)*|[\p{Ll}]+(?:[.+_:/-]?\d[\p{L}\d]*)(?:[.+_:/-][\p{L}\d]+)*|\d{1,2}:\d{2}\b|\d{1,2}(?::\d{2})?\s?(?i:am|pm)\b)`)
)

// reBareVersion is a number or version alone ("1.0", "v2").
var reBareVersion = regexp.MustCompile(`^v?\d+(?:\.\d+)*$`)

// deniedValues are the values a "still X?" question names that an answer
// saying no and naming another value leaves behind ("¿Seguimos con Redis
// y Horizon?" — "No, Amazon SQS"): they are no longer current.
func deniedValues(q, a string) []string {
	a = strings.TrimSpace(a)
	if !reAnswerNo.MatchString(a) && !reAnswerChange.MatchString(a) || !reStillQuestion.MatchString(q) {
		return nil
	}
	qs := strings.TrimLeft(q, "¿¡ ")
	words := reValueWord.FindAllStringIndex(qs, -1)
	var named []string
	for _, ix := range words {
		w := qs[ix[0]:ix[1]]
		if ix[0] == 0 || reQuestionWords.MatchString(w) || len(w) <= 2 && strings.ToUpper(w) == w {
			// The question's opening word is capitalized as any; "CI"
			// or "QA" names what is asked about.
			continue
		}
		named = append(named, w)
	}
	if len(named) == 0 {
		return nil
	}
	la := strings.ToLower(a)
	// The answer must name a value of its own: "No" alone withdraws, or
	// says nothing.
	ownValue := false
	for _, ix := range reValueWord.FindAllStringIndex(a, -1) {
		w := a[ix[0]:ix[1]]
		if ix[0] > 0 && !reQuestionWords.MatchString(w) && !strings.Contains(strings.ToLower(qs), strings.ToLower(w)) {
			ownValue = true
			break
		}
	}
	if !ownValue {
		return nil
	}
	var out []string
	for _, w := range named {
		if !strings.Contains(la, strings.ToLower(w)) {
			out = append(out, w)
		}
	}
	return out
}

// reAnswerChange opens an answer that asks for a change: "switch them to
// 18:00", "make it 45", "cámbialo a las 18:00", "passe-le à 18h",
// "stell es auf 18 Uhr", "改成 18 点".
var reAnswerChange = regexp.MustCompile(`(?i)^(?:please |pls |bitte |por favor |stp |svp )?(?:switch|change|move|make|set|bump|push|turn|cambia|cámbia|cambiad|pon|ponlo|ponla|pasa|pásalo|pásala|mueve|passe|passez|mets|mettez|décale|ändere|ändert|änder|stell|stellt|setz|setzt|verschieb|改成|改为|换成|改到|変更して|変えて|にして)(?:[\s,]|$|\pL)`)

var (
	// reInsteadQuestion is a question that proposes a value in place of
	// another ("Also Zielfeuchte 16 % statt 18 %?", "so 16:00 instead of
	// 17:00?"): group 1 is what comes before the new value's end, group 2
	// the value it replaces.
	reInsteadQuestion = regexp.MustCompile(`(?i)^(.*\S)(?:\s*,\s*(?:not|nicht|pas|no)|\s+(?:statt|anstatt|anstelle von|instead of|rather than|au lieu de|au lieu du|plutôt que|à la place de|en lugar de|en vez de|y no))\s+((?:\d[:.,]\d|[^?？,;:]){1,40}?)\s*(?:[?？]|$|,\s*(?:d\.\s?h\.|i\.\s?e\.|so|also|c'est-à-dire|es decir|o sea)\s[^?？]*[?？]\s*$)`)
	// reFromToQuestion is a question proposing a change from one value to
	// another ("Adultos pasan de 18 € a 21 € desde el 1/9, ¿así?"):
	// group 1 the old value, group 2 the new.
	reFromToQuestion = regexp.MustCompile(`(?i)\b(?:de|from|von|del)\s+((?:[£$€]\s?)?\d[\d.,:]*(?:\s?(?:%|€|£|\$|\pL{1,12}))?)\s+(?:a|to|auf|à|al)\s+((?:[£$€]\s?)?\d[\d.,:]*(?:\s?(?:%|€|£|\$|\pL{1,12}))?)`)
	// reInsteadQuestionCJK is the same in Chinese and Japanese: "18%じゃなくて
	// 16%ですか", "是16%而不是18%吗".
	reInsteadQuestionCJK = regexp.MustCompile(`([^、，。？?\s]{1,20})(?:ではなく|じゃなくて|じゃなく|でなく)(?:て)?([^、，。？?]{1,20})|(\S{1,20}?)而不是([^、，。？?吗]{1,20})|不是([^、，。？?]{1,20}?)而是([^、，。？?吗]{1,20})`)
	// reAnswerYes opens an answer that agrees.
	reAnswerYes = regexp.MustCompile(`(?i)^(?:` + yesWords + `)(?:[\s,.:;!—–-]|、|，|。|$)`)
)

// yesWords are the words of an answer that says yes, in the six
// languages: an answer opens with one (reAnswerYes), or ends on one after
// the value it agrees to (reEchoThenYes).
const yesWords = `yes|yep|yeah|yup|right|correct|exactly|ok|okay|ja|genau|richtig|stimmt|passt|sí|si|exacto|correcto|así|eso|vale|oui|exact|exactement|c'est ça|はい|ええ|うん|そう|そうです|对|是的|是|没错|嗯`

// insteadValues are the values a question proposing one value in place
// of another leaves behind when the answer takes the new one ("Also 16 %
// statt 18 %?" — "16 Prozent."): the old value is no longer current. The
// answer takes it by agreeing or by naming a number of the new value and
// none of the old.
func insteadValues(q, a string) []string {
	q, a = strings.TrimSpace(q), strings.TrimSpace(a)
	if old := keptValue(q, a); old != "" {
		// "Is it still 25 minutes?" — "No, 20.": another count, with
		// or without the no.
		return []string{old}
	}
	if reAnswerNo.MatchString(a) {
		return nil
	}
	var newPart, old string
	if m := reInsteadQuestion.FindStringSubmatch(q); m != nil {
		newPart, old = m[1], strings.TrimSpace(m[2])
	} else if m := reFromToQuestion.FindStringSubmatch(q); m != nil && strings.ContainsAny(q, "?？") {
		newPart, old = q[:strings.Index(q, m[0])+len(m[0])], strings.TrimSpace(m[1])
	} else if m := reInsteadQuestionCJK.FindStringSubmatch(q); m != nil {
		switch {
		case m[1] != "":
			old, newPart = m[1], m[2]
		case m[3] != "":
			newPart, old = m[3], m[4]
		default:
			old, newPart = m[5], m[6]
		}
	} else {
		return nil
	}
	old = strings.TrimRight(old, ".。 ")
	old = inUnit(old, newPart)
	if old == "" || len(strings.Fields(old)) > 4 || !hasDigit(old) && !reValueWord.MatchString(old) {
		return nil
	}
	if strings.Contains(strings.ToLower(a), strings.ToLower(old)) {
		return nil // the answer names the old value: no clear change
	}
	oldNums, newNums := reDigits.FindAllString(old, -1), reDigits.FindAllString(newPart, -1)
	takes := reAnswerYes.MatchString(a)
	for _, n := range reDigits.FindAllString(a, -1) {
		if slices.Contains(oldNums, n) {
			return nil
		}
		if slices.Contains(newNums, n) {
			takes = true
		}
	}
	if !takes {
		return nil
	}
	return []string{old}
}

// inUnit is a count written alone in the unit of the first count
// newPart gives one ("12" of "Also 10 g pro kg Biomasse statt 12" is
// "12 g"), so that it names what it counted, not every claim holding
// the number; anything else as it is.
func inUnit(old, newPart string) string {
	if !reDigitsOnly.MatchString(old) {
		return old
	}
	if m := reCountUnit.FindStringSubmatch(newPart); m != nil {
		return old + " " + m[1]
	}
	return old
}

// reDigitsOnly is a count written alone; reCountUnit a count and the
// unit after it (group 1).
var (
	reDigitsOnly = regexp.MustCompile(`^\d+(?:[.,]\d+)?$`)
	reCountUnit  = regexp.MustCompile(`\d(?:[\d.,]*\d)?\s?(%|€|£|\$|\pL{1,12})`)
)

// withoutInstead is a question proposing one value in place of another
// without the value it replaces, for the claim that states the answer
// ("Also 16 % statt 18 %?" → "Also 16 %?"); other questions as they are.
func withoutInstead(q string) string {
	if m := reInsteadQuestion.FindStringSubmatch(strings.TrimSpace(q)); m != nil {
		return m[1] + "?"
	}
	// "Is a fitting still 40 minutes?": the value asked to keep goes, the
	// answer gives the one that holds.
	if loc := reKeptQuestion.FindStringSubmatchIndex(q); loc != nil {
		k := 2 * reKeptQuestion.SubexpIndex("v")
		return strings.TrimSpace(q[:loc[k]]) + " …" + q[loc[k+1]:]
	}
	return q
}

// reDigits is a run of digits.
var reDigits = regexp.MustCompile(`\d+`)

// reUnitWord is a unit written after a number ("16 %", "18 Prozent").
var reUnitWord = regexp.MustCompile(`(?i)^(?:%|％|prozent|percent|pour ?cent|por ?ciento|uhr|h|min|mins|minutes?|minuten|hours?|stunden|heures?|horas?|days?|tage|jours|días|°c?|grad|degrees?|grados|degrés|kg|g|t|km|m|cm|mm|€|eur|euros?|usd|\$|£|chf|yen|円|元)$`)

// withoutTrailingValue drops the value a question's clause ends on: its
// numbers and their units.
func withoutTrailingValue(s string) string {
	fs := strings.Fields(s)
	for len(fs) > 1 {
		w := strings.Trim(fs[len(fs)-1], ",.;:")
		if !hasDigit(w) && !reUnitWord.MatchString(w) {
			break
		}
		fs = fs[:len(fs)-1]
	}
	return strings.Join(fs, " ")
}

// stillOfBefore is the one count the sentences of q before its last
// state, when the last asks whether that still holds: "The lending code
// allows 2 costumes per member per season. Is that still the limit?" →
// "2 costumes"; "" otherwise.
func stillOfBefore(q string) string {
	ss := sentences(strings.TrimSpace(q))
	if len(ss) < 2 || !reStillRef.MatchString(ss[len(ss)-1]) {
		return ""
	}
	before := strings.Join(ss[:len(ss)-1], " ")
	counts := reCountUnit.FindAllString(before, -1)
	if len(counts) != 1 {
		return ""
	}
	return strings.TrimSpace(counts[0])
}

// reStillRef asks whether what the sentence before said still holds:
// "Is that still the limit?", "Is it still right?".
var reStillRef = regexp.MustCompile(`(?i)\b(?:is|are) (?:that|this|it|these|those) still\b|\bstill (?:the case|right|correct|true|valid)\b|\bgilt (?:das|es) (?:noch|weiterhin)\b|\b(?:sigue|siguen) (?:siendo|valiendo)\b|\btoujours (?:le cas|valable|d'actualité)` + EndsWord)

// reKeptQuestion asks whether a value stays as it is: "Is it still 25
// minutes?", "着付け時間は今の 25 分のままでいいですか？", "Bleibt es bei 18
// Uhr?", "¿Sigue siendo 40 €?", "Toujours 12 mois ?".
var reKeptQuestion = regexp.MustCompile(`(?i)(?:\bstill|\bstays? at|\bkeep(?:ing)?(?: it)? at|\bremains? at|\bbleibt es bei|\bweiterhin|\bnoch (?:immer )?|\bsigue(?: siendo| en)?|\bseguimos con|\bmantenemos|\btoujours|\bon garde|\breste à|今の|现在的|还是)\s*(?P<v>\d+(?:[.,:]\d+)?\s?(?:%|[\p{Han}\p{Katakana}]{1,2}|\p{Latin}{1,10})?)`)

// keptValue is the value a question asked to keep (reKeptQuestion) that
// the answer replaces by naming another number: "Is it still 25 minutes?"
// — "Make it 20." leaves "25 minutes"; "" otherwise.
func keptValue(q, a string) string {
	var old string
	if m := reKeptQuestion.FindStringSubmatch(q); m != nil {
		old = strings.TrimSpace(m[reKeptQuestion.SubexpIndex("v")])
	} else if old = stillOfBefore(q); old == "" {
		return ""
	}
	oldNums := reDigits.FindAllString(old, -1)
	nums := reDigits.FindAllString(a, -1)
	for _, w := range strings.Fields(a) {
		// "three costumes now": a count said in words.
		if n, ok := Amount(strings.Trim(w, ",.;:!?")); ok && !hasDigit(w) {
			nums = append(nums, strconv.FormatFloat(n, 'f', -1, 64))
		}
	}
	if len(oldNums) == 0 || len(nums) == 0 || slices.ContainsFunc(nums, func(n string) bool { return slices.Contains(oldNums, n) }) {
		return ""
	}
	return old
}
