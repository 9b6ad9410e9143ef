package hear

import (
	"regexp"
	"strings"
	"unicode"
)

// A page states its claim in the third person: "I'm Dana, I maintain the
// billing service" is kept as "The user, Dana, maintains the billing
// service." and the user's own words stay below it as evidence.

var (
	reRedacted    = regexp.MustCompile(`\[REDACTED[^\]]*\]`)
	reIntroNamed  = regexp.MustCompile(`^(?:I'm|I am|Im|This is|It's|Its) ([A-Z][\p{L}'-]+)(?:\s*(?:,|and|&|;|-|\x{2013}|\x{2014})\s*(.*))?$`)
	reMyName      = regexp.MustCompile(`(?i)^my name is ([\p{L}'-]+)(?:\s*(?:,|and|;)\s*(.*))?$`)
	reCallMe      = regexp.MustCompile(`(?i)^(?:please )?call me ([\p{L}'-]+)(.*)$`)
	reLets        = regexp.MustCompile(`(?i)^let'?s\s+`)
	reDontEver    = regexp.MustCompile(`(?i)^(?:don'?t|do not)(?: ever)?\s+`)
	reFromNowLead = regexp.MustCompile(`(?i)^(from now on|going forward|in the future|henceforth|from here on(?: out)?)\s*,?\s+(.+)$`)
	reSureTo      = regexp.MustCompile(`(?i)^(?:make sure (?:to|that you|you)|be sure to|remember to|please)\s+`)
	reTrailing    = regexp.MustCompile(`(?i)\s*\b(?:is|are|was|were|=|:)\s*$`)
)

// imperatives are verbs that open an instruction to the agent ("Always
// run gofmt", "Use errors.Is"): such a claim becomes "The user wants
// agents to …".
var imperatives = map[string]bool{
	"always": true, "never": true, "use": true, "put": true, "run": true, "make": true, "keep": true,
	"add": true, "write": true, "avoid": true, "be": true, "name": true, "prefix": true, "commit": true,
	"push": true, "deploy": true, "check": true, "test": true, "call": true, "ask": true, "follow": true,
	"stick": true, "update": true, "squash": true, "rebase": true, "answer": true, "reply": true,
	"respond": true, "remember": true, "prefer": true, "document": true, "format": true, "lint": true,
	"sign": true, "tag": true, "store": true, "send": true, "open": true, "start": true, "stop": true,
	"only": true, "mention": true, "include": true, "explain": true, "cite": true, "install": true,
	"switch": true, "go": true, "pin": true, "skip": true, "target": true, "wrap": true, "return": true,
}

// adverbs may stand between a subject and its verb ("I really prefer").
var adverbs = map[string]bool{
	"really": true, "strongly": true, "generally": true, "usually": true, "always": true, "never": true,
	"mostly": true, "also": true, "just": true, "only": true, "still": true, "often": true, "sometimes": true,
	"personally": true, "definitely": true, "actually": true, "currently": true, "now": true, "mainly": true,
	"absolutely": true, "typically": true, "normally": true, "much": true, "rarely": true, "all": true,
}

// unchanged verbs keep their form after a third-person subject.
var unchanged = map[string]bool{
	"can": true, "could": true, "would": true, "will": true, "should": true, "must": true, "might": true,
	"may": true, "shall": true, "can't": true, "cannot": true, "won't": true, "wouldn't": true,
	"shouldn't": true, "couldn't": true, "mustn't": true, "was": true, "had": true, "did": true,
	"didn't": true, "wasn't": true, "hadn't": true, "'d": true, "not": true,
	"took": true, "ran": true, "led": true, "wrote": true, "made": true, "got": true, "set": true, "put": true,
	"cut": true, "went": true, "came": true, "built": true, "moved": true, "inherited": true, "joined": true,
}

var irregular = map[string]string{
	"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
	"go": "goes", "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't", "be": "is",
}

// conjugate puts a verb in the third person singular.
func conjugate(v string) string {
	l := strings.ToLower(v)
	if r, ok := irregular[l]; ok {
		return r
	}
	if unchanged[l] || strings.HasSuffix(l, "ed") || strings.HasSuffix(l, "ing") || l == "" {
		return v
	}
	for _, r := range l {
		if !unicode.IsLetter(r) && r != '\'' {
			return v
		}
	}
	switch {
	case strings.HasSuffix(l, "ss"), strings.HasSuffix(l, "sh"), strings.HasSuffix(l, "ch"),
		strings.HasSuffix(l, "x"), strings.HasSuffix(l, "z"), strings.HasSuffix(l, "o"):
		return v + "es"
	case strings.HasSuffix(l, "s"):
		return v
	case len(l) > 1 && strings.HasSuffix(l, "y") && !strings.ContainsRune("aeiou", rune(l[len(l)-2])):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

// pronoun is a first- or second-person word and what it becomes.
type pronoun struct {
	first, later string // the first mention, and later ones
	verb         string // a verb folded in ("I'm": "is"), or ""
	subject      bool   // the next verb agrees with it
}

var pronouns = map[string]pronoun{
	"i":      {"the user", "they", "", true},
	"i'm":    {"the user", "they", "is", false},
	"im":     {"the user", "they", "is", false},
	"i've":   {"the user", "they", "has", false},
	"i'd":    {"the user", "they", "would", false},
	"i'll":   {"the user", "they", "will", false},
	"me":     {"the user", "them", "", false},
	"my":     {"the user's", "their", "", false},
	"mine":   {"the user's", "theirs", "", false},
	"myself": {"the user", "themselves", "", false},
	"we":     {"the team", "the team", "", true},
	"we're":  {"the team", "the team", "is", false},
	"we've":  {"the team", "the team", "has", false},
	"we'd":   {"the team", "the team", "would", false},
	"we'll":  {"the team", "the team", "will", false},
	"our":    {"the team's", "the team's", "", false},
	"ours":   {"the team's", "the team's", "", false},
	"us":     {"the team", "the team", "", false},
	"you":    {"the agent", "the agent", "", true},
	"you're": {"the agent", "the agent", "is", false},
	"your":   {"the agent's", "the agent's", "", false},
}

// thirdPerson rewrites first- and second-person words of a statement:
// "I prefer my tea hot" becomes "the user prefers their tea hot".
func thirdPerson(s string) string {
	toks := strings.Fields(s)
	seen := map[string]bool{}
	out := make([]string, 0, len(toks)+2)
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		lead, core, trail := splitPunct(tok)
		p, ok := pronouns[strings.ToLower(core)]
		if !ok {
			out = append(out, tok)
			continue
		}
		who := strings.TrimSuffix(strings.Fields(p.first)[1], "'s")
		rep := p.first
		if seen[who] {
			rep = p.later
		}
		seen[who] = true
		later := rep == p.later && p.later != p.first
		if p.verb != "" {
			v := p.verb
			if later && v == "is" {
				v = "are"
			} else if later && v == "has" {
				v = "have"
			}
			out = append(out, lead+rep, v+trail)
			continue
		}
		out = append(out, lead+rep+trail)
		if !p.subject || later || trail != "" {
			continue
		}
		// The verb agrees with the new subject; adverbs may come first.
		j := i + 1
		for j < len(toks) && adverbs[strings.ToLower(toks[j])] {
			out = append(out, toks[j])
			j++
		}
		if j < len(toks) {
			vl, vc, vt := splitPunct(toks[j])
			if strings.EqualFold(vc, "do") && j+1 < len(toks) && strings.EqualFold(toks[j+1], "not") {
				out = append(out, vl+"does"+vt)
			} else {
				out = append(out, vl+conjugate(vc)+vt)
			}
			j++
		}
		i = j - 1
	}
	return strings.Join(out, " ")
}

// splitPunct separates a token's leading and trailing punctuation from its
// word (apostrophes inside the word stay).
func splitPunct(tok string) (lead, core, trail string) {
	tok = strings.NewReplacer("’", "'").Replace(tok)
	a := strings.IndexFunc(tok, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
	if a < 0 {
		return tok, "", ""
	}
	b := strings.LastIndexFunc(tok, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
	_, size := firstRune(tok[b:])
	return tok[:a], tok[a : b+size], tok[b+size:]
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

func personClaim(t string) string {
	if m := reIntroNamed.FindStringSubmatch(t); m != nil && !stopwords[strings.ToLower(m[1])] && m[1] != "A" {
		rest := strings.TrimSpace(m[2])
		if rest == "" {
			return "The user's name is " + m[1]
		}
		r := thirdPerson(rest)
		// "the user maintains …" becomes "maintains …" after the name.
		r = strings.TrimPrefix(strings.TrimPrefix(r, "the user "), "The user ")
		if strings.HasPrefix(strings.ToLower(r), "they ") {
			r = r[len("they "):]
		}
		return "The user, " + m[1] + ", " + r
	}
	if m := reMyName.FindStringSubmatch(t); m != nil {
		if rest := strings.TrimSpace(m[2]); rest != "" {
			r := thirdPerson(rest)
			r = strings.TrimPrefix(strings.TrimPrefix(r, "the user "), "The user ")
			return "The user, " + m[1] + ", " + r
		}
		return "The user's name is " + m[1]
	}
	if m := reCallMe.FindStringSubmatch(t); m != nil {
		return "The user wants to be called " + m[1] + thirdPerson(m[2])
	}
	return thirdPerson(t)
}

func isImperative(t string) bool {
	f := strings.Fields(strings.ToLower(t))
	if len(f) == 0 {
		return false
	}
	if reDontEver.MatchString(t) || f[0] == "make" && len(f) > 1 && f[1] == "sure" {
		return true
	}
	w := strings.Trim(f[0], ",:;")
	return imperatives[w] && !(w == "only" && len(f) > 1 && pronouns[f[1]].first != "")
}

func lowerFirst(s string) string {
	for i, r := range s {
		if i+1 < len(s) && unicode.IsUpper(rune(s[min(i+len(string(r)), len(s)-1)])) {
			return s // an acronym ("CI runs…") keeps its case
		}
		return string(unicode.ToLower(r)) + s[len(string(r)):]
	}
	return s
}

var fillerWords = map[string]bool{
	"from": true, "now": true, "going": true, "forward": true, "make": true, "sure": true, "let's": true,
	"remember": true, "really": true, "always": true,
}

// emptyAfterRedaction reports a claim whose value is only a secret: what
// is left once the redaction markers go ends with "is", ":" or "=".
func emptyAfterRedaction(text string) bool {
	if !reRedacted.MatchString(text) {
		return false
	}
	rest := strings.TrimRight(reRedacted.ReplaceAllString(text, ""), " .!,;")
	return reTrailing.MatchString(rest) || len(contentWords(rest)) == 0
}

// Claims. A claim restates a statement in the third person only where
// the shape is simple and well understood (below); anything else keeps
// the user's words verbatim, in quotes: "The user said: “…”". Words in
// other languages always stay verbatim.

// Verbatim frames the user's words as a claim: "The user said: “…”".
func Verbatim(t string) string {
	return "The user said: “" + strings.Join(strings.Fields(t), " ") + "”"
}

// claimFor states a clause as a claim.
func claimFor(kind Kind, lang, text string) string {
	t := strings.TrimSpace(text)
	if lang == En {
		if c, ok := rewrite(kind, t); ok {
			return c
		}
	}
	return Verbatim(t)
}

var (
	reNamedIntro = regexp.MustCompile(`^(?:I'm|I am|This is|It's) (\p{Lu}[\p{Ll}'-]+)(?:\s*(?:,|;|\x{2013}|\x{2014}| -)\s*(?:and\s+)?(.+))?$`)
	reNameHere   = regexp.MustCompile(`^(\p{Lu}[\p{Ll}'-]+) here(?:\s*(?:,|;|\x{2013}|\x{2014}| -)\s*(?:and\s+)?(.+))?$`)
	reMyNameIs   = regexp.MustCompile(`(?i)^(?:my name is|my name's|call me|i go by) (\p{Lu}[\p{Ll}'-]+)$`)
	reWhoAmI     = regexp.MustCompile(`(?i)^(?:i'm|i am) (a|an|the|on|in) (.+)$`)
	reMyAttrIs   = regexp.MustCompile(`(?i)^(my|our) ([\w -]{2,30}?) (is|are|was|lives|runs|sits|goes|uses|needs|has|must|should) (.+)$`)
	reSubjVerb   = regexp.MustCompile(`(?i)^(i|we|the team)((?: (?:really|strongly|generally|usually|always|never|mostly|also|only|still|often|personally|definitely|typically|normally|all))*) ([a-z]+)(?: (.+))?$`)
	reRatherLead = regexp.MustCompile(`(?i)^(i|we)(?:'d| would) (rather|prefer|like) (.+)$`)
	reImperative = regexp.MustCompile(`(?i)^(?:please\s+)?(?:(make sure|be sure) (?:to |you |that you )?|(don't|do not|dont) (ever )?|(never|always|only) )?([a-z]+)(?: (.+))?$`)
	reEndsBadly  = regexp.MustCompile(`(?i)(?:\b(?:and|or|but|so|the|a|an|to|of|for|with|e\.g|i\.e|etc|like|such as|because|if|when|that)|[,:;(\-–—])$`)
)

// rewrite states a clause in the third person when its shape is one the
// rules are certain of; false otherwise.
func rewrite(kind Kind, t string) (string, bool) {
	t = strings.TrimRight(t, " .!;,")
	if t == "" || reEndsBadly.MatchString(t) || strings.ContainsAny(t, "\"“”«»()[]{}`") || reRedacted.MatchString(t) && strings.HasSuffix(t, "]") {
		return "", false
	}
	done := func(s string) (string, bool) { return capitalize(s) + ".", true }
	if strings.Contains(t, ",") && !reNamedIntro.MatchString(t) && !reNameHere.MatchString(t) {
		// A second clause the shapes below do not read.
		return "", false
	}
	if m := reNamedIntro.FindStringSubmatch(t); m != nil && !stopwords[strings.ToLower(m[1])] {
		if m[2] == "" {
			return done("the user's name is " + m[1])
		}
		if r, ok := firstPerson(m[2]); ok && !strings.Contains(m[2], ",") {
			return done("the user, " + m[1] + ", " + r)
		}
		return "", false
	}
	if m := reNameHere.FindStringSubmatch(t); m != nil {
		if m[2] == "" {
			return done("the user's name is " + m[1])
		}
		if r, ok := firstPerson(m[2]); ok && !strings.Contains(m[2], ",") {
			return done("the user, " + m[1] + ", " + r)
		}
		return "", false
	}
	if m := reMyNameIs.FindStringSubmatch(t); m != nil {
		return done("the user's name is " + m[1])
	}
	if m := reWhoAmI.FindStringSubmatch(t); m != nil && pronounFree(m[2]) {
		return done("the user is " + m[1] + " " + m[2])
	}
	if m := reRatherLead.FindStringSubmatch(t); m != nil && pronounFree(m[3]) {
		who := "the user"
		if strings.EqualFold(m[1], "we") {
			who = "the team"
		}
		return done(who + " would " + strings.ToLower(m[2]) + " " + m[3])
	}
	if m := reMyAttrIs.FindStringSubmatch(t); m != nil && pronounFree(m[2]) && pronounFree(m[4]) {
		who := "the user's "
		if strings.EqualFold(m[1], "our") {
			who = "the team's "
		}
		verb := strings.ToLower(m[3])
		return done(who + m[2] + " " + verb + " " + m[4])
	}
	if r, ok := firstPerson(t); ok && strings.HasPrefix(r, "they ") == false {
		if strings.HasPrefix(strings.ToLower(t), "we ") || strings.HasPrefix(strings.ToLower(t), "the team ") {
			return done("the team " + r)
		}
		return done("the user " + r)
	}
	if m := reImperative.FindStringSubmatch(t); m != nil && (m[1] != "" || m[2] != "" || m[4] != "" || imperatives[strings.ToLower(m[5])]) {
		verb := strings.ToLower(m[5])
		if !imperatives[verb] && !regularVerb(verb) || verb == "no" || verb == "only" || verb == "always" || verb == "never" || !pronounFree(m[6]) {
			return "", false
		}
		vp := verb
		if m[6] != "" {
			vp += " " + m[6]
		}
		switch {
		case m[2] != "" && m[3] != "":
			return done("the user wants agents never to " + vp)
		case m[2] != "":
			return done("the user wants agents not to " + vp)
		case m[4] != "":
			return done("the user wants agents to " + strings.ToLower(m[4]) + " " + vp)
		}
		return done("the user wants agents to " + vp)
	}
	if pronounFree(t) && !isImperative(t) && kind != Preference && kind != Person &&
		(lexEn.factVerb.MatchString(t) || lexEn.team.MatchString(t) || lexEn.modal.MatchString(t)) {
		// Already in the third person: "The build image is node:20."
		return done(t)
	}
	return "", false
}

// firstPerson rewrites "I/we [adverbs] verb rest" to "[adverbs] verbs
// rest" (the caller supplies the subject); false when the rest holds a
// pronoun or the verb is not a plain one.
func firstPerson(t string) (string, bool) {
	m := reSubjVerb.FindStringSubmatch(t)
	if m == nil || !pronounFree(m[4]) {
		return "", false
	}
	verb := strings.ToLower(m[3])
	if verb == "am" || verb == "was" || verb == "were" || verb == "had" || verb == "have" && !strings.HasPrefix(m[4], "to ") && false {
		return "", false
	}
	if !regularVerb(verb) && irregular[verb] == "" && !unchanged[verb] && !strings.HasSuffix(verb, "ed") {
		return "", false
	}
	out := strings.TrimSpace(strings.ToLower(m[2]))
	v := conjugate(verb)
	if verb == "don't" || verb == "do" && strings.HasPrefix(m[4], "not ") {
		v = "doesn't"
		if verb == "do" {
			v = "does"
		}
	}
	if out != "" {
		out += " "
	}
	out += v
	if m[4] != "" {
		out += " " + m[4]
	}
	return out, true
}

// regularVerb reports a word the rules conjugate with confidence: a
// lower-case English verb they know.
func regularVerb(v string) bool {
	return knownVerbs[v] || imperatives[v]
}

var knownVerbs = set("prefer", "like", "love", "hate", "dislike", "use", "maintain", "own", "lead", "run", "manage", "took",
	"joined", "work", "handle", "deploy", "ship", "release", "build", "test", "write", "keep", "store", "host", "target",
	"support", "follow", "squash", "rebase", "merge", "review", "track", "pin", "vendor", "tag", "name", "rely", "avoid",
	"want", "need", "enjoy", "favor", "favour", "appreciate", "cut", "require", "publish", "package", "version",
	"don't", "do", "always", "never", "inherited", "own", "look", "head", "develop", "document", "format", "lint",
	"commit", "push", "check", "put", "call", "ask", "answer", "reply", "respond", "sign", "bump", "measure", "log")

// pronounFree reports text without first- or second-person words, which a
// rewrite would have to resolve.
func pronounFree(s string) bool {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		_, _, core := splitPunct(w)
		_, c, _ := splitPunct(w)
		_ = core
		if _, ok := pronouns[c]; ok {
			return false
		}
		switch c {
		case "yourself", "ourselves", "let's", "lets", "i'd", "us", "y'all", "ya", "u":
			return false
		}
	}
	return true
}
