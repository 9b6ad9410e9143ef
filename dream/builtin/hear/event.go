package hear

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// An Event is a user's clause saying something happened or is done
// ("facilities swapped the card in gpu-07 last week", "Pen-Test ist
// durch", "San Roque ya firmó el convenio"), said as a fact and not asked,
// planned or denied. It may be the very condition a claim was to hold
// until ("until facilities swaps the card, …"): the dreamer reads it
// against such claims. Hear does not know what conditions memory holds,
// so it passes on every such clause, and no more than maxEvents of a
// session.
type Event struct {
	Lang string
	Text string
	// Sentence is the whole sentence the clause stands in ("…, la
	// rubrique revient dans les recos"): it may name what held until
	// then.
	Sentence string
	Entries  []string
}

// maxEvents bounds the events of one session: a condition met is said
// among a session's few plain clauses, and a session of thousands of
// clauses costs the dreamer no more than this.
const maxEvents = 64

// eventParts are the clauses of one sentence that may say a condition met:
// its comma-separated parts that say something, for a sentence that asks
// nothing and muses on nothing, each part neither naming a condition
// itself (a rule said again) nor saying what is still to come.
func eventParts(text, lang string) []string {
	if !plainSaid(text, lexes[lang]) {
		return nil
	}
	var out []string
	for _, p := range commaParts(text) {
		p = strings.TrimRight(p, " .!。！")
		if cjkText(p) && utf8.RuneCountInString(p) < 4 || !cjkText(p) && len(strings.Fields(p)) < 3 {
			continue
		}
		if reUntilIn.MatchString(" "+p+" ") || reUntilCJK.MatchString(p) || reAhead[lang] != nil && reAhead[lang].MatchString(p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// plainSaid reports a sentence said as a plain statement: in a language
// hear reads, not asking, musing, hushed or joking. Events and relative
// changes are read only in such a sentence.
func plainSaid(text string, lx *lexicon) bool {
	return lx != nil && !strings.ContainsAny(text, "?？") && !matches(lx.questionLead, text) && !matches(lx.questionAny, text) &&
		!matches(lx.hypo, text) && !matches(lx.noNotes, text) && !matches(lx.joke, text)
}

// matches reports whether a cue of the lexicon (nil when the language has
// none) matches s.
func matches(re *regexp.Regexp, s string) bool { return re != nil && re.MatchString(s) }

// reUntilCJK closes a condition in Chinese and Japanese ("承認が出るまで",
// "合同签完之前").
var reUntilCJK = regexp.MustCompile(`之前|以前|为止|まで`)

// reAhead says what is not so yet: a thing still to come, hoped for,
// awaited, or denied ("they'll swap the card next week", "der Pen-Test
// ist noch nicht durch", "todavía no han firmado", "还没签").
var reAhead = map[string]*regexp.Regexp{
	En: regexp.MustCompile(`(?i)\b(?:will|won't|wont|shall|going to|gonna|about to|soon|next|tomorrow|hopefully|expected|supposed to|should|once|when|if|unless|not|never|no longer|hasn't|haven't|hadn't|isn't|aren't|wasn't|weren't|didn't|doesn't|don't|yet|still|later|planned|plan|plans|scheduled|waiting|wait)\b|'ll\b`),
	De: regexp.MustCompile(`(?i)\b(?:wird|werden|würde|soll|sollen|sollte|bald|nächste[nmrs]?|morgen|hoffentlich|erwartet|sobald|wenn|falls|nicht|nie|kein|keine|keinen|noch|später|geplant|planen|warten)\b|übermorgen\b`),
	Es: regexp.MustCompile(`(?i)\b(?:va a|van a|vamos a|voy a|pronto|próxim[oa]s?|mañana|esperamos|cuando|si|no|nunca|todavía|aún|debería|deberían|tiene que|tienen que|más adelante|previsto|planeado|esperando)\b|\bojalá`),
	Fr: regexp.MustCompile(`(?i)\b(?:va|vont|allons|vais|bientôt|prochaine?s?|demain|j'espère|espérons|prévu|prévue|quand|lorsque|si|ne|n'|pas|jamais|encore|devrait|devraient|doit|doivent|plus tard|attendons|attend)\b`),
	Zh: regexp.MustCompile(`将|会|要|下周|下个月|明天|以后|还没|还未|尚未|没有|未|不|如果|等|打算|计划|准备|希望|应该|快`),
	Ja: regexp.MustCompile(`予定|来週|来月|明日|まだ|たら|れば|なら|ない|ません|見込み|はず|つもり|希望|待ち|次`),
}
