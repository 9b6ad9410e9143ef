package hear

import (
	"regexp"
	"strings"
	"unicode"
)

// Languages the rules read.
const (
	En = "en"
	Zh = "zh"
	Ja = "ja"
	De = "de"
	Es = "es"
	Fr = "fr"
)

// functionWords are frequent short words that tell the Latin-script
// languages apart; a text's language is the one with the most hits.
var functionWords = map[string][]string{
	En: {"the", "is", "are", "we", "i", "you", "to", "of", "and", "in", "on", "for", "it", "that", "with", "our", "my", "don't", "always", "never", "be", "this", "please", "use", "have", "it's", "what", "should", "a", "an", "every", "all", "needs", "need", "must", "not", "no", "by", "from", "at", "as", "or", "so", "if", "can", "do", "does", "has", "was", "will", "just", "but", "they", "them", "their", "your", "here", "there", "when", "which", "who", "any", "before", "after", "only", "now", "me", "its", "about", "into", "than", "then", "also", "goes", "lives", "runs"},
	De: {"der", "die", "das", "ist", "sind", "wir", "ich", "du", "und", "nicht", "mit", "für", "auf", "unser", "unsere", "immer", "nie", "bitte", "ein", "eine", "den", "dem", "zu", "es", "wird", "im", "auch", "nutzen", "kein", "keine", "aus", "bei", "läuft", "liegt", "liegen", "laufen", "jetzt", "noch", "schon", "wurde", "haben", "hat", "von", "vom", "zum", "zur", "nach", "oder", "aber", "uns", "frag", "mein", "meine", "hier", "mehr", "jede", "jeder", "ihn", "ihm", "neuer", "neue", "neues", "passt", "wieder", "darf", "dürfen", "werden", "kann", "können", "muss", "müssen", "soll", "sollen", "gibt", "sein", "bis"},
	Es: {"el", "la", "los", "las", "es", "son", "que", "de", "y", "en", "para", "con", "por", "nuestro", "nuestra", "siempre", "nunca", "usamos", "está", "yo", "soy", "no", "un", "una", "del", "al", "se", "lo", "mi", "por", "favor", "hay", "pero", "también", "ya", "más", "qué", "ver", "como", "porque", "cuando", "muy", "sin", "sobre", "este", "esta", "eso", "esto", "hacer", "hoy", "ahora", "así", "cada", "a", "las", "nos", "mejor", "sí", "ayer", "hola", "gracias", "bueno", "vale", "todos", "todas", "tenemos", "hemos", "fue", "pasó", "hace", "debe", "estar", "puede", "pueden", "vuelve", "otra", "vez", "usar"},
	Fr: {"le", "la", "les", "est", "sont", "nous", "je", "tu", "et", "de", "des", "du", "en", "pour", "avec", "sur", "notre", "nos", "toujours", "jamais", "on", "une", "un", "ne", "pas", "c'est", "il", "faut", "au", "aux", "mon", "ma", "ici", "plus", "ça", "qui", "a", "que", "plutôt", "avec", "dans", "ce", "cette", "sur", "mais", "ou", "très", "aussi", "tout", "tous", "être", "avons", "fait", "faire", "chaque", "doit", "avoir", "maintenant", "seule", "seul", "suffit", "déjà", "encore", "deux", "nouvelle", "nouveau", "nouvel"},
}

// detect names the language of a text: Japanese when it has kana, Chinese
// when it has Han and no kana, else the Latin-script language whose
// function words it uses most (English on a tie or when none is used).
func detect(text string) string { return detectOr(text, En) }

// detectOr is detect, but for a Latin-script text that says too little to
// tell (no function word of any language, or as many of the fallback's as
// of the best): that is the fallback's, the language of the message a
// sentence stands in ("mix format reste obligatoire par contre" in a
// French message).
func detectOr(text, fallback string) string {
	han, kana, latin := 0, 0, 0
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana) && r != 'ー' && r != '・':
			kana++
		case unicode.Is(unicode.Han, r):
			han++
		case r < 0x250 && unicode.IsLetter(r):
			latin++
		}
	}
	if kana > 0 && (kana+han)*4 >= latin/3 {
		return Ja
	}
	if han > 0 && han*4 >= latin/3 {
		return Zh
	}
	counts := map[string]int{}
	// An address's parts are no words ("ingo@stadtauto-freiburg.de" is
	// no Spanish "de").
	text = reAddress.ReplaceAllString(text, " ")
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '’'
	}) {
		w = strings.ReplaceAll(w, "’", "'")
		if i := strings.IndexByte(w, '\''); i > 0 && i <= 3 {
			// d'…, l'…, qu'…, j'…, n'…, c'…: French elision.
			if p := w[:i]; p == "d" || p == "l" || p == "qu" || p == "j" || p == "n" || p == "c" || p == "s" || p == "m" {
				counts[Fr] += 2
			}
		}
		for _, l := range []string{En, De, Es, Fr} {
			for _, f := range functionWords[l] {
				if w == f {
					counts[l]++
				}
			}
		}
	}
	// French sets a space before a colon, a semicolon, "!" and "?".
	counts[Fr] += len(reFrenchSpace.FindAllStringIndex(text, 2))
	// Letters only some languages use settle close calls.
	for _, r := range strings.ToLower(text) {
		switch r {
		case 'ä', 'ö', 'ü', 'ß':
			counts[De] += 2
		case 'ñ', '¿', '¡':
			counts[Es] += 2
		case 'ç', 'è', 'ê', 'à', 'ù', 'û', 'î', 'œ', 'â', 'ô':
			counts[Fr] += 2
		case 'é':
			counts[Fr]++
		case 'á', 'í', 'ó', 'ú':
			counts[Es]++
		}
	}
	best, n := En, counts[En]
	for _, l := range []string{De, Es, Fr} {
		if counts[l] > n {
			best, n = l, counts[l]
		}
	}
	if fallback != En && !cjk(fallback) && (n == 0 || counts[fallback] == n) {
		return fallback
	}
	return best
}

// reFrenchSpace is a space before a colon, semicolon, "!" or "?", as
// French typography sets it.
var reFrenchSpace = regexp.MustCompile(`\pL[ \x{00a0}\x{202f}][:;!?](?:\s|$)`)

// reAddress is a mail address, a URL or a host name.
var reAddress = regexp.MustCompile(`\S+@\S+|\S+://\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:de|es|fr|com|org|net|io|dev|eu|uk|jp|cn|ch|at|it|nl|be|co)\b`)

// cjk reports a language written without spaces between words.
func cjk(lang string) bool { return lang == Zh || lang == Ja }

// OpensWord and EndsWord stand for \b before and after a word whose first
// or last letter may lie outside ASCII. RE2's \b knows ASCII letters only,
// so "\bél" and "dejó\b" never match. Each consumes the character it
// looks at, so they suit patterns that are matched, not cut at.
const (
	OpensWord = `(?:^|[^\p{L}\p{N}_])`
	EndsWord  = `(?:$|[^\p{L}\p{N}_])`
)

// wordsRe builds a case-insensitive pattern matching any of alts as whole
// words (letters of any script count as word characters, unlike \b). Each
// alternative is a regular expression.
func wordsRe(alts ...string) *regexp.Regexp {
	alts = trimAlts(alts)
	return regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_'’])(?:` + strings.Join(alts, "|") + `)(?:$|[^\p{L}\p{N}_])`)
}

// leadRe builds a case-insensitive pattern matching any of alts at the
// start of a text, as whole words.
func leadRe(alts ...string) *regexp.Regexp {
	alts = trimAlts(alts)
	return regexp.MustCompile(`(?i)^(?:` + strings.Join(alts, "|") + `)(?:$|[^\p{L}\p{N}_])`)
}

// anyRe builds a pattern matching any of alts anywhere (for scripts
// without spaces).
func anyRe(alts ...string) *regexp.Regexp {
	return regexp.MustCompile(`(?:` + strings.Join(alts, "|") + `)`)
}

// trimAlts drops the trailing spaces of alternatives: the word boundary
// after them stands for the space.
func trimAlts(alts []string) []string {
	out := make([]string, len(alts))
	for i, a := range alts {
		out[i] = strings.TrimRight(a, " ")
	}
	return out
}
