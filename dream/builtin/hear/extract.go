package hear

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Areas the builtin dreamer files statements into.
const (
	areaPreferences = "preferences"
	areaDecisions   = "decisions"
	areaConventions = "conventions"
	areaPeople      = "people"
	areaTools       = "tools"
	areaFacts       = "facts"
)

// Kinds of statement.
const (
	kindRemember   = "remember"
	kindPreference = "preference"
	kindDecision   = "decision"
	kindCorrection = "correction"
	kindConvention = "convention"
	kindPerson     = "person"
	kindTool       = "tool"
)

// said is one durable statement found in a user message.
type said struct {
	Kind string
	Area string
	// Quote is the user's sentence; Text the statement it makes (the
	// sentence without "remember that", "actually," and the like).
	Quote string
	Text  string
	// Subject groups statements that replace each other (a changed
	// preference); empty when only exact duplicates merge.
	Subject string
}

// extraction is what one user message says.
type extraction struct {
	Statements []said
	// Forgets are the targets of requests to forget.
	Forgets []string
}

var (
	reNoRemember = regexp.MustCompile(`\b(don'?t|do not|no need to|not something to) (remember|save|store|keep|write (this|that|it) down)\b|\boff the record\b`)
	reForget     = regexp.MustCompile(`^(?:please )?(?:forget(?: about| that)?|(?:don'?t|do not) remember(?: that)?|stop remembering(?: that)?|you can forget(?: about| that)?|remove the memory(?: that| about)?)\s+(.+)$`)
	reQuestion   = regexp.MustCompile(`^(what|why|how|when|where|which|who|whom|whose|can|could|would|will|do|does|did|is|are|was|were|should|shall|may|might|have|has|any idea)\b`)
	reHypo       = regexp.MustCompile(`^(if|what if|suppose|supposing|imagine|assuming|in case|maybe|perhaps|i wonder|i was wondering|hypothetically|let's say|say we)\b`)
	reTask       = regexp.MustCompile(`^(please|can you|could you|would you|will you|pls|fix|run|add|remove|delete|update|create|make|show|tell|explain|check|look|try|write|rename|refactor|implement|install|open|find|help|let's (look|try|see|check|fix|run|add|start|do|debug|write|move|figure))\b`)
	reThanks     = regexp.MustCompile(`^(thanks|thank you|thx|ty|great|cool|nice|ok|okay|perfect|awesome|sounds good|looks good|lgtm|got it|sure|yes|yep|no)\W*$`)
	reRemember   = regexp.MustCompile(`^(?:please )?(?:note for later|for later|note to self|save this|keep this in mind|remember this|remember|keep in mind|bear in mind|note|make a note|take note|don'?t forget|do not forget|for the record|for future reference|fyi)(?: that| of)?\s*[:,-]?\s+(.+)$`)
	reFromNow    = regexp.MustCompile(`^(?:from now on|going forward|in the future|henceforth|from here on(?: out)?)\s*,?\s+(.+)$`)
	reDecision   = regexp.MustCompile(`^(?:(?:we|i)(?: have|'ve)? (?:decided|agreed|settled on|chose|chosen|picked|went with)|we're going (?:with|to use)|we are going (?:with|to use)|let's (?:go|stick) with|we'll (?:go|stick) with|we will (?:go|stick) with|the (?:decision|plan) is|the team (?:decided|agreed))\b|^decision\s*:`)
	reActually   = regexp.MustCompile(`^(?:actually|correction|to correct (?:that|myself)|i was wrong|i misspoke)\s*[,:;]?\s+(.+)$`)
	reNoUse      = regexp.MustCompile(`^no\s*[,.;:!]?\s+(.+)$`)
	reInstead    = regexp.MustCompile(`\b(?:use|prefer|go with)\s+(.+?)\s+instead\b(?:\s+of\s+(.+))?`)
	reIntro      = regexp.MustCompile(`^(?:i'm|i am) (?:a|an|the) ([a-z-]+)|^my name is\b|^call me\b|^i work (?:at|for|as|on)\b|^my role is\b|^my (?:pronouns|team|timezone|time zone) (?:is|are)\b|^i'm based in\b|^i am based in\b|^i live in\b`)
	reIntroName  = regexp.MustCompile(`^(?:I'm|I am) [A-Z][a-z]+(?:[,.!;]|$| and\b| - )`)
	reTool       = regexp.MustCompile(`^(?:i|we) (?:(?:really |usually |mostly |generally )?(?:like to use|prefer to use|prefer using|use|work with|rely on|develop with|code in|write in))\s+\S|^my (?:favorite|favourite|preferred|default|go-to) (?:editor|ide|shell|terminal|tool|package manager|browser|os|linter|formatter|test runner|language|database)s? (?:is|are)\b|^our (?:package manager|ci|editor|linter|formatter|test runner|database) is\b`)
	rePref       = regexp.MustCompile(`^(?:i|we)(?:'d| would) rather\b|^(?:i|we) (?:really |strongly |generally |usually |always |much )?(?:prefer|like|love|hate|dislike|don't like|do not like|can't stand|'d rather|would rather|favor|favour)\b|^my (?:favorite|favourite|preferred) \w+ is\b|^(?:i|we) (?:always|never|usually) (?:want|use|write|keep|put|run|like)\b`)
	reConvention = regexp.MustCompile(`^(?:always|never|don't ever|do not ever|under no circumstances|make sure to always|be sure to always)\b|^(?:we|our team) (?:always|never|only|usually)\b|^(?:our|the) (?:convention|rule|policy|standard|naming convention|style) (?:is|says|for)\b|^(?:all|every) [a-z ]+ (?:must|should) (?:always )?\w+`)
	reIntroNot   = regexp.MustCompile(`^(?:i'm|i am) (?:a|an) (?:bit|little|lot|tad|few|second|moment|minute|sec)\b`)
	reNotDurable = regexp.MustCompile(`^never mind\b|^(?:i|we) (?:really )?(?:like|love|prefer|hate) (?:this|that|it|these|those)\b|^(?:i|we) prefer not to\b|^always the same\b`)
	reMyAttr     = regexp.MustCompile(`^my (pronouns|team|timezone|time zone|role|location|manager|email|handle) (?:is|are)\b`)
	reOnlyEnd    = regexp.MustCompile(`\bonly\W*$`)
	reFillers    = regexp.MustCompile(`^(?:ok|okay|so|also|and|btw|by the way|oh|oh and|hey|hi|hello|alright|right|well|one more thing|one last thing|and also|just so you know|just fyi|also note|forked|fork|quick thing|quick note|quick one|side note|sidenote|ps|p\.s\.|heads up|unrelated|aside|fwiw|for what it's worth|anyway|anyways|oh btw|also btw|context)\s*[,:;.!\x{2013}\x{2014}-]*\s+`)
	// reClause splits a sentence into clauses that can each say something
	// on their own: at ";", at a dash between spaces, and before "and",
	// "but" or a comma that starts a new subject or a request.
	reClause     = regexp.MustCompile(`(?i)\s*;\s*|\s+[\x{2013}\x{2014}-]\s+|,?\s+(?:and|but|so)\s+(?:also\s+)?(?:(?:i|we|my|our|i'm|we're|i've|we've|please|remember|always|never|from now on|going forward)\s)|,\s+(?:(?:i|we|my|our|i'm|we're|i've|we've|please|remember|always|never|from now on|going forward)\s)`)
	reListMarker = regexp.MustCompile(`^(?:[-*+>\x{2022}]+|\d{1,3}[.)])\s+`)
)

// extract reads one user message.
func extract(message string) extraction {
	var out extraction
	lowerMsg := strings.ToLower(message)
	noRemember := reNoRemember.MatchString(lowerMsg)
	for _, sent := range sentences(message) {
		s, lower := clean(sent)
		if m := reForget.FindStringSubmatch(lower); m != nil {
			if target := strings.TrimSpace(m[1]); len(contentWords(target)) > 0 {
				out.Forgets = append(out.Forgets, target)
			}
			continue
		}
		if noRemember {
			continue
		}
		if st, ok := classify(s, lower); ok {
			st.Quote = sent
			out.Statements = append(out.Statements, st)
			continue
		}
		// The sentence as a whole says nothing durable: a clause of it may
		// ("Our database password=[REDACTED:…] and we prefer squash
		// merges." keeps the preference).
		for _, cl := range clauses(sent) {
			cs, cl2 := clean(cl)
			if st, ok := classify(cs, cl2); ok {
				st.Quote = sent
				out.Statements = append(out.Statements, st)
			}
		}
	}
	// A statement whose value is only a secret says nothing to keep.
	out.Statements = slices.DeleteFunc(out.Statements, func(st said) bool { return emptyAfterRedaction(st.Text) })
	return out
}

// clauses splits a sentence at clause boundaries (see reClause); the
// word that starts a clause stays with it.
func clauses(sent string) []string {
	locs := reClause.FindAllStringIndex(sent, -1)
	if len(locs) == 0 {
		return nil
	}
	var out []string
	start := 0
	for _, l := range locs {
		cut := l[1]
		// Keep the clause's first word: back up over the matched word
		// that starts the next clause, if any.
		m := sent[l[0]:l[1]]
		if i := strings.LastIndexFunc(strings.TrimRight(m, " "), unicode.IsSpace); i >= 0 && strings.TrimSpace(m[i:]) != "" && !strings.ContainsAny(strings.TrimSpace(m[i:]), ";,") {
			word := strings.TrimSpace(m[i:])
			if lw := strings.ToLower(word); lw != "and" && lw != "but" && lw != "so" && lw != "-" && lw != "\u2013" && lw != "\u2014" {
				cut = l[0] + i + 1
			}
		}
		if p := strings.TrimSpace(sent[start:l[0]]); p != "" {
			out = append(out, p)
		}
		start = cut
	}
	if p := strings.TrimSpace(sent[start:]); p != "" {
		out = append(out, p)
	}
	return out
}

func classify(s, lower string) (said, bool) {
	if len(lower) < 6 || strings.HasSuffix(lower, "?") || reThanks.MatchString(lower) || reNotDurable.MatchString(lower) {
		return said{}, false
	}
	st := said{Quote: s, Text: s}
	if m := reRemember.FindStringSubmatchIndex(lower); m != nil {
		payload := s[m[2]:m[3]]
		def := areaFacts
		if strings.HasPrefix(strings.ToLower(payload), "to ") {
			// "remember to X" asks for a standing habit.
			payload, def = "Remember "+payload, areaConventions
		}
		st.Kind, st.Text = kindRemember, capitalize(payload)
		st.Area = areaOf(payload, def)
		st.Subject = subjectOf(payload)
		return st, true
	}
	if reQuestion.MatchString(lower) || reHypo.MatchString(lower) {
		return said{}, false
	}
	if m := reFromNow.FindStringSubmatchIndex(lower); m != nil {
		payload := s[m[2]:m[3]]
		if reQuestion.MatchString(strings.ToLower(payload)) {
			return said{}, false
		}
		st.Kind, st.Area, st.Subject = kindConvention, areaOf(payload, areaConventions), subjectOf(payload)
		return st, true
	}
	if reDecision.MatchString(lower) {
		st.Kind, st.Area, st.Subject = kindDecision, areaDecisions, subjectOf(s)
		return st, true
	}
	if m := reActually.FindStringSubmatchIndex(lower); m != nil {
		payload := s[m[2]:m[3]]
		pl := strings.ToLower(payload)
		if reQuestion.MatchString(pl) || reHypo.MatchString(pl) || reTask.MatchString(pl) && !reInstead.MatchString(pl) {
			return said{}, false
		}
		st.Kind, st.Text = kindCorrection, capitalize(payload)
		st.Area, st.Subject = areaOf(payload, areaFacts), subjectOf(payload)
		return st, true
	}
	if m := reNoUse.FindStringSubmatchIndex(lower); m != nil && reInstead.MatchString(lower) {
		payload := s[m[2]:m[3]]
		st.Kind, st.Text = kindCorrection, capitalize(payload)
		st.Area, st.Subject = areaOf(payload, areaConventions), subjectOf(payload)
		return st, true
	}
	if reIntro.MatchString(lower) && !reIntroNot.MatchString(lower) || reIntroName.MatchString(s) {
		st.Kind, st.Area, st.Subject = kindPerson, areaPeople, personSubject(lower)
		return st, true
	}
	if reTool.MatchString(lower) {
		st.Kind, st.Area, st.Subject = kindTool, areaTools, subjectOf(s)
		return st, true
	}
	if rePref.MatchString(lower) {
		st.Kind, st.Area, st.Subject = kindPreference, areaOf(s, areaPreferences), subjectOf(s)
		return st, true
	}
	if reConvention.MatchString(lower) {
		st.Kind, st.Area, st.Subject = kindConvention, areaConventions, subjectOf(s)
		return st, true
	}
	if reInstead.MatchString(lower) && strings.HasPrefix(lower, "use ") {
		st.Kind, st.Area, st.Subject = kindCorrection, areaOf(s, areaConventions), subjectOf(s)
		return st, true
	}
	return said{}, false
}

// areaOf files a statement's payload by what it says.
func areaOf(payload, def string) string {
	l := strings.ToLower(strings.TrimSpace(payload))
	switch {
	case reIntro.MatchString(l) && !reIntroNot.MatchString(l), reIntroName.MatchString(payload):
		return areaPeople
	case reDecision.MatchString(l):
		return areaDecisions
	case reTool.MatchString(l):
		return areaTools
	case rePref.MatchString(l):
		if toolGroup(l) != "" && !strings.Contains(l, " over ") {
			return areaTools
		}
		return areaPreferences
	case strings.Contains(l, " instead") && toolGroup(l) != "":
		return areaTools
	case reConvention.MatchString(l), strings.HasPrefix(l, "use "), strings.HasPrefix(l, "we "),
		strings.Contains(l, " always "), strings.Contains(l, " never "), reOnlyEnd.MatchString(l),
		strings.Contains(l, " must "), strings.Contains(l, " should "), strings.Contains(l, " need "),
		strings.Contains(l, " needs "), strings.Contains(l, " require"):
		return areaConventions
	case strings.Contains(l, " instead"):
		if toolGroup(l) != "" {
			return areaTools
		}
		return areaConventions
	}
	return def
}

// groups maps words to the subject they choose between: saying one of them
// replaces an earlier statement choosing another.
var groups = map[string]string{
	"tabs": "indentation", "tab": "indentation", "spaces": "indentation", "space": "indentation",
	"npm": "package-manager", "yarn": "package-manager", "pnpm": "package-manager", "bun": "package-manager",
	"vim": "editor", "neovim": "editor", "nvim": "editor", "emacs": "editor", "vscode": "editor", "helix": "editor", "zed": "editor",
	"bash": "shell", "zsh": "shell", "fish": "shell",
	"postgres": "database", "postgresql": "database", "mysql": "database", "sqlite": "database",
	"jest": "test-runner", "vitest": "test-runner", "mocha": "test-runner", "pytest": "test-runner", "unittest": "test-runner",
	"rebase": "merge-strategy", "squash": "merge-strategy", "merge": "merge-strategy",
	"light": "theme", "dark": "theme",
	"camelcase": "naming", "snake_case": "naming", "kebab-case": "naming",
}

var toolGroups = map[string]bool{"package-manager": true, "editor": true, "shell": true, "database": true, "test-runner": true}

func toolGroup(lower string) string {
	for _, w := range words(lower) {
		if g := groups[w]; toolGroups[g] {
			return g
		}
	}
	return ""
}

var reQualifier = regexp.MustCompile(`\b(?:in|for|when writing|with) ((?:[a-z0-9+#.-]+ ?){1,3})`)

// subjectOf finds what a statement chooses about: a known group (with its
// "in X" qualifier), else the pair of a "prefer A over B".
func subjectOf(s string) string {
	l := strings.ToLower(s)
	for _, w := range words(l) {
		if g, ok := groups[w]; ok {
			if m := reQualifier.FindStringSubmatch(l); m != nil {
				q := strings.Join(contentWords(m[1]), "-")
				if q != "" {
					return g + ":" + q
				}
			}
			return g
		}
	}
	return ""
}

func personSubject(lower string) string {
	switch {
	case strings.HasPrefix(lower, "my name is"), strings.HasPrefix(lower, "call me"):
		return "person:name"
	case reMyAttr.MatchString(lower):
		return "person:" + strings.ReplaceAll(reMyAttr.FindStringSubmatch(lower)[1], " ", "")
	case reIntroName.MatchString(capitalize(lower[:min(len(lower), 2)]) + lower[min(len(lower), 2):]):
		return "person:name"
	case strings.HasPrefix(lower, "i'm a"), strings.HasPrefix(lower, "i am a"), strings.HasPrefix(lower, "my role is"):
		return "person:role"
	}
	return ""
}

// sentences splits a message into sentences: at line breaks and after ".",
// "!" or "?" followed by white space.
func sentences(msg string) []string {
	var out []string
	for _, line := range strings.Split(msg, "\n") {
		line = strings.TrimSpace(line)
		for {
			loc := reListMarker.FindStringIndex(line)
			if loc == nil {
				break
			}
			line = strings.TrimSpace(line[loc[1]:])
		}
		start := 0
		rs := []rune(line)
		for i := 0; i < len(rs); i++ {
			if (rs[i] == '.' || rs[i] == '!' || rs[i] == '?') && (i+1 == len(rs) || unicode.IsSpace(rs[i+1])) {
				if p := strings.TrimSpace(string(rs[start : i+1])); p != "" {
					out = append(out, p)
				}
				start = i + 1
			}
		}
		if p := strings.TrimSpace(string(rs[start:])); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// clean strips fillers ("ok,", "also") from the start of a sentence and
// normalizes apostrophes; it returns the sentence and its lower case.
func clean(s string) (string, string) {
	s = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`).Replace(strings.TrimSpace(s))
	for {
		loc := reFillers.FindStringIndex(strings.ToLower(s))
		if loc == nil {
			break
		}
		s = s[loc[1]:]
	}
	s = capitalize(s)
	return s, strings.ToLower(s)
}

func capitalize(s string) string {
	s = strings.TrimSpace(s)
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

// words splits lower-case text into words of letters, digits, '_', '+',
// '#' and inner '-'.
func words(l string) []string {
	return strings.FieldsFunc(l, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '+' || r == '#' || r == '-' || r == '\'')
	})
}

var stopwords = map[string]bool{
	"the": true, "a": true, "an": true, "and": true, "or": true, "that": true, "this": true, "to": true, "of": true,
	"in": true, "on": true, "for": true, "we": true, "i": true, "my": true, "our": true, "is": true, "are": true,
	"be": true, "it": true, "about": true, "you": true, "me": true, "with": true, "at": true, "by": true, "as": true,
	"i'm": true, "was": true, "were": true, "what": true, "said": true, "thing": true, "stuff": true,
}

// contentWords are the words of s that carry meaning.
func contentWords(s string) []string {
	var out []string
	for _, w := range words(strings.ToLower(s)) {
		w = strings.Trim(w, "-'")
		if len(w) >= 2 && !stopwords[w] {
			out = append(out, w)
		}
	}
	return out
}

// normalize is the text two statements share when they say the same thing.
func normalize(s string) string {
	return strings.Join(words(strings.ToLower(strings.TrimRight(s, ".!"))), " ")
}

// matchesForget reports whether a forget target names a statement: most of
// its content words occur in the statement.
func matchesForget(target string, st said) bool {
	tw := contentWords(target)
	if len(tw) == 0 {
		return false
	}
	have := map[string]bool{}
	for _, w := range contentWords(st.Text + " " + st.Quote) {
		have[w] = true
	}
	n := 0
	for _, w := range tw {
		if have[w] {
			n++
		}
	}
	return n*10 >= len(tw)*6
}
