package hear

import (
	"regexp"
	"slices"
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

// claimText states a statement in the third person, as one sentence.
func claimText(st said) string {
	t := strings.TrimSpace(st.Text)
	t = strings.TrimRight(t, ".!;, ")
	var out string
	switch {
	case st.Kind == kindPerson || st.Area == areaPeople:
		out = personClaim(t)
	case reFromNowLead.MatchString(t):
		m := reFromNowLead.FindStringSubmatch(t)
		inner := strings.TrimSuffix(claimText(said{Kind: st.Kind, Area: st.Area, Text: m[2]}), ".")
		out = capitalize(m[1]) + ", " + lowerFirst(inner)
	case isImperative(t):
		t = reDontEver.ReplaceAllString(t, "never ")
		t = reSureTo.ReplaceAllString(t, "")
		out = "The user wants agents to " + lowerFirst(thirdPerson(t))
	case reLets.MatchString(t):
		out = "The user decided to " + reLets.ReplaceAllString(t, "")
	default:
		out = thirdPerson(t)
	}
	return capitalize(out) + "."
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

// copulas end the subject of a plain statement of fact ("the on-call
// channel is #ops-oncall": the subject is "on-call channel").
var reCopula = regexp.MustCompile(`\s(?:is|are|was|were|lives|live|listens|runs|run|uses|use|has|have|belongs|belong|needs|need|must|should|stays|stay|sits|goes|means|points|equals|=)\s`)

// identity returns the key two statements share when they are about the
// same thing (a later one replaces an earlier one with another value) and
// the words a page name is made from. The key comes from the subject the
// statement is about, never from its value, and never from redacted text.
func identity(st said) (key string, name []string) {
	text := reRedacted.ReplaceAllString(st.Text, " ")
	if st.Kind == kindPerson || st.Area == areaPeople {
		if m := reIntroNamed.FindStringSubmatch(strings.TrimRight(text, ".!")); m != nil && strings.TrimSpace(m[2]) != "" {
			rest := contentWords(m[2])
			if len(rest) > 4 {
				rest = rest[:4]
			}
			return "person:" + strings.Join(rest, "-"), append([]string{m[1]}, rest...)
		}
	}
	if st.Subject != "" {
		return st.Subject, strings.FieldsFunc(st.Subject, func(r rune) bool { return r == ':' || r == '-' || r == '_' })
	}
	if st.Kind != kindPerson && st.Area != areaPeople {
		if loc := reCopula.FindStringIndex(strings.ToLower(text)); loc != nil {
			if w := contentWords(text[:loc[0]]); len(w) > 0 && len(w) <= 4 && !isImperative(text) && !vagueSubject(text[:loc[0]]) {
				return "about:" + strings.Join(w, "-"), w
			}
		}
	}
	n := normalize(text)
	w := slices.DeleteFunc(contentWords(text), func(w string) bool {
		_, p := pronouns[w]
		return p || fillerWords[w]
	})
	if len(w) > 6 {
		w = w[:6]
	}
	return "text:" + n, w
}

// vagueSubject reports a left side that names no thing of its own: a
// pronoun ("I'd rather", "we agreed that …") or a word that many different
// statements share ("the decision is …", "our convention is …").
func vagueSubject(left string) bool {
	for _, w := range words(strings.ToLower(left)) {
		if _, ok := pronouns[w]; ok || vagueWords[w] {
			return true
		}
	}
	return false
}

var fillerWords = map[string]bool{
	"from": true, "now": true, "going": true, "forward": true, "make": true, "sure": true, "let's": true,
	"remember": true, "really": true, "always": true,
}

var vagueWords = map[string]bool{
	"decision": true, "plan": true, "convention": true, "rule": true, "policy": true, "standard": true,
	"it": true, "this": true, "that": true, "there": true, "idea": true, "thing": true, "let's": true,
	"style": true, "answer": true, "problem": true, "issue": true, "reason": true, "point": true,
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
