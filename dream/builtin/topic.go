package builtin

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Page names. A page is named after the thing its claims are about, in
// ASCII letters and digits, and keeps its name: a later claim on the same
// subject lands on the page that is there. The name is the first word of
// the claim's subject that can name a page (so that "prod region" and
// "prod database" share one) or, without a subject, the word of its first
// quote (the question, for an answer), else of all its quoted words, that
// most looks like a name for a thing: a technical token ("LaunchDarkly",
// "Vier-Augen-Review", "Next.js") before a long word, a long word before a
// short one, and never a function word, a common verb, a value or a word
// of memfs's own frame ("The user said", "Asked"). Accents are folded
// ("Beträge" names "betrage"); a claim with no such word at all (CJK text
// without a Latin token) is named by its language and a digest.

// topicWords name no topic: a page is never named after one. They are the
// frame memfs puts around the user's words and the common verbs and
// adverbs of instructions, in the languages memfs hears (termStop holds
// articles, pronouns and prepositions).
var topicWords = setOf(
	// memfs's own frame and generic nouns
	"user", "team", "project", "default", "main", "new", "current", "rule", "rules", "thing", "stuff", "way",
	"convention", "conventions", "preference", "preferences", "agent", "agents", "text", "person",
	"asked", "answered", "agreed", "assistant's", "assistant", "proposal", "question", "said", "name",
	// en verbs, adverbs and quantifiers of instructions
	"always", "never", "prefer", "prefers", "use", "uses", "using", "used", "want", "wants", "like", "likes",
	"make", "makes", "sure", "going", "forward", "remember", "forget", "please", "don't", "dont", "do",
	"does", "not", "no", "should", "must", "can", "could", "need", "needs", "every", "everything",
	"anything", "something", "each", "when", "before", "after", "only", "about", "will", "would", "just",
	"here", "one", "other", "things", "via", "keep", "put", "get", "got", "take", "let", "go", "goes",
	"run", "runs", "call", "ask", "write", "tell", "think", "know", "now", "then", "still", "again",
	"ever", "also", "really", "actually", "anyway", "btw", "ok", "okay", "yes", "yeah", "hey", "hi",
	"thanks", "moved", "switched", "changed", "since", "from", "until", "instead", "rather", "because",
	"which", "what", "where", "whats", "what's", "where's", "wheres", "how", "who", "why", "whose",
	// interrogatives of the other languages
	"welche", "welcher", "welches", "wo", "wer", "warum", "wieso", "cuál", "cual", "cuáles", "cuales",
	"dónde", "donde", "quién", "quien", "cómo", "cuánto", "cuanto", "quel", "quels", "quelle", "quelles",
	"où", "comment", "pourquoi", "combien", "est-ce", "faut-il",
	// de
	"bitte", "immer", "nie", "niemals", "nicht", "kein", "keine", "keinen", "übrigens", "ubrigens", "auch",
	"noch", "schon", "jetzt", "mal", "ab", "sofort", "allem", "alles", "was", "wie", "so", "aber", "also",
	"eh", "ruhig", "machen", "macht", "mach", "nutzen", "nutze", "benutzen", "verwenden", "schreib",
	"schreiben", "vergiss", "ich", "du", "ihr", "sie", "es", "man", "mir", "dir", "uns", "bei", "seit",
	"ohne", "nach", "vor", "über", "uber", "unter", "wenn", "dass", "weil", "denn", "hier", "da",
	// es
	"siempre", "nunca", "no", "sí", "si", "por", "favor", "cosa", "para", "ahora", "ya", "también",
	"tambien", "todo", "todos", "toda", "cada", "usa", "usamos", "usar", "pon", "poner", "olvida", "soy",
	"yo", "tú", "tu", "me", "te", "se", "nos", "que", "qué", "como", "cuando", "pero", "aquí", "aqui",
	"hay", "está", "esta", "están", "estan", "mejor", "antes", "después", "despues", "sin", "excepción",
	// fr
	"toujours", "jamais", "ne", "pas", "plus", "oui", "non", "stp", "svp", "merci", "maintenant",
	"désormais", "desormais", "aussi", "tout", "tous", "chaque", "utilise", "utiliser", "utilisons",
	"mets", "mettre", "fais", "faire", "oublie", "oublier", "je", "tu", "il", "elle", "on", "vous", "moi",
	"toi", "mon", "ma", "mes", "ton", "ta", "leur", "leurs", "que", "qui", "quand", "mais", "donc",
	"ici", "avant", "après", "apres", "sans", "doit", "doivent", "avoir", "être", "etre", "directement",
)

// topicOf is a claim's topic: the page name ("" when no word can name a
// page) and the words of its heading.
func topicOf(c *claim) (slug, topic string) {
	quotes := quotedWords(c.lastText())
	for i, src := range []string{c.subject, quotes[0], strings.Join(quotes, " ")} {
		if s, w := bestTopic(src, i == 0); s != "" {
			return s, w
		} else if topic == "" {
			topic = w
		}
	}
	if topic == "" {
		topic = c.area
	}
	return "", topic
}

// quotedWords are the texts inside the quotation marks of a claim, in
// order (the question an answer answers comes first), or the claim alone
// when it quotes nothing.
func quotedWords(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "“")
		if i < 0 {
			break
		}
		rest := s[i+len("“"):]
		j := strings.Index(rest, "”")
		if j < 0 {
			break
		}
		out = append(out, rest[:j])
		s = rest[j+len("”"):]
	}
	if len(out) == 0 {
		return []string{s}
	}
	return out
}

// bestTopic returns the page name and word of the word of src that best
// names a thing; slug is "" when none can, and word is then the first
// content word (for a heading) or "". Of a subject (a noun phrase such as
// "prod region"), the first word that can name a page is the topic, so
// that "prod region" and "prod database" share a page.
func bestTopic(src string, subject bool) (slug, word string) {
	best := -1 << 30
	for i, w := range topicTokens(src) {
		lw := strings.ToLower(w)
		if termStop[lw] || topicWords[lw] || topicWords[stemTerm(lw)] || isNumberish(lw) {
			continue
		}
		if word == "" {
			word = w
		}
		s := slugOf(strings.ReplaceAll(foldAccents(lw), "/", "-"))
		if s == "" {
			continue
		}
		if subject {
			return s, w
		}
		if score := topicScore(w, i == 0); score > best {
			best, slug, word = score, s, w
		}
	}
	return slug, word
}

// topicScore rates how much a word looks like a name for a thing.
func topicScore(w string, first bool) int {
	score := 0
	n := len([]rune(w))
	switch {
	case n >= 6:
		score += 2
	case n >= 4:
		score++
	default:
		score -= 2
	}
	rs := []rune(w)
	upperInside, lower, digit := false, false, false
	for j, r := range rs {
		switch {
		case unicode.IsUpper(r) && j > 0:
			upperInside = true
		case unicode.IsLower(r):
			lower = true
		case unicode.IsDigit(r):
			digit = true
		}
	}
	inner := techJoined(w)
	switch {
	case inner || digit || upperInside && lower:
		score += 3 // "Next.js", "node22", "LaunchDarkly", "ORMs"
	case upperInside:
		score++ // an acronym
	case unicode.IsUpper(rs[0]) && !first:
		score++ // a name, or a German noun
	}
	return score
}

// techJoined reports a word joined by ".", "-", "_" or "/" from parts of
// three or more runes each ("Next.js" is not, "cost-center" and
// "Vier-Augen-Review" are): a hyphen between a verb and a pronoun
// ("faut-il", "est-ce") names nothing.
func techJoined(w string) bool {
	parts := strings.FieldsFunc(w, func(r rune) bool { return strings.ContainsRune(".-_/", r) })
	if len(parts) < 2 {
		return false
	}
	for i, p := range parts {
		if n := len([]rune(p)); n < 3 && !(i == len(parts)-1 && n == 2 && strings.ContainsRune(w, '.')) {
			return false
		}
	}
	return true
}

// topicTokens splits text into words as written: letters, digits and the
// inner ".", "-", "_" and "/" of technical tokens; CJK text is skipped
// (its words have no ASCII spelling).
func topicTokens(s string) []string {
	var out []string
	var w []rune
	flush := func() {
		if t := strings.Trim(string(w), ".-_/'"); t != "" {
			out = append(out, t)
		}
		w = w[:0]
	}
	for _, r := range redactedMark.ReplaceAllString(s, " ") {
		switch {
		case isCJK(r):
			flush()
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(".-_/'", r):
			w = append(w, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// foldAccents drops the combining marks of s ("régression" → "regression")
// and spells ß as ss.
func foldAccents(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			b.WriteString("ss")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
