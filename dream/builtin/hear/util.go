package hear

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// groups maps words to the subject they choose between: saying one of them
// replaces an earlier statement choosing another.
var groups = map[string]string{
	"tabs": "indentation", "tab": "indentation", "spaces": "indentation", "space": "indentation",
	"npm": "package-manager", "yarn": "package-manager", "pnpm": "package-manager", "bun": "package-manager",
	"vim": "editor", "neovim": "editor", "nvim": "editor", "emacs": "editor", "vscode": "editor", "helix": "editor", "zed": "editor",
	"bash": "shell", "zsh": "shell", "fish": "shell",
	"postgres": "database", "postgresql": "database", "mysql": "database", "sqlite": "database",
	// Test runners of different languages never replace each other: a
	// project's Python side runs pytest while its front end runs vitest.
	"jest": "js-test-runner", "vitest": "js-test-runner", "mocha": "js-test-runner", "pytest": "python-test-runner", "unittest": "python-test-runner",
	"rebase": "merge-strategy", "squash": "merge-strategy", "merge": "merge-strategy",
	"light": "theme", "dark": "theme",
	"camelcase": "naming", "snake_case": "naming", "kebab-case": "naming",
}

var toolGroups = map[string]bool{"package-manager": true, "editor": true, "shell": true, "database": true, "js-test-runner": true, "python-test-runner": true}

func toolGroup(lower string) string {
	for _, w := range words(lower) {
		if g := groups[w]; toolGroups[g] {
			return g
		}
	}
	return ""
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
func matchesForget(target string, texts ...string) bool {
	text := strings.Join(texts, " ")
	tw := contentWords(target)
	if cjkText(target) {
		// Without spaces, words are runs of Han or kana: match by pairs of
		// characters ("截图" in "都要附截图").
		return bigramShare(target, text) >= 0.6
	}
	if len(tw) == 0 {
		return false
	}
	have := contentWords(text)
	n := 0
	for _, w := range tw {
		for _, h := range have {
			if sameStem(w, h) {
				n++
				break
			}
		}
	}
	return n*10 >= len(tw)*6
}

// sameStem reports two words that are one word in different forms:
// equal, or sharing their first five letters or more ("freitags",
// "freitag"; "deployments", "deployen").
func sameStem(a, b string) bool {
	if a == b {
		return true
	}
	n := SharedStart(a, b)
	return n >= 5 || n >= 4 && (n == utf8.RuneCountInString(a) || n == utf8.RuneCountInString(b))
}

// SharedStart is how many letters two words share at their start: what
// tells one word in two forms ("freitags", "freitag").
func SharedStart(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	n := 0
	for n < len(ra) && n < len(rb) && ra[n] == rb[n] {
		n++
	}
	return n
}

// bigramShare is the share of the target's character pairs (letters only)
// found in text.
func bigramShare(target, text string) float64 {
	pairs := func(s string) []string {
		var out []string
		var prev rune
		for _, r := range strings.ToLower(s) {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				prev = 0
				continue
			}
			if prev != 0 {
				out = append(out, string([]rune{prev, r}))
			}
			prev = r
		}
		return out
	}
	tp := pairs(target)
	if len(tp) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, p := range pairs(text) {
		have[p] = true
	}
	n := 0
	for _, p := range tp {
		if have[p] {
			n++
		}
	}
	return float64(n) / float64(len(tp))
}

// subjectGroup is the choice a text makes among a known group ("pnpm":
// package manager), or "".
func subjectGroup(s string) string {
	for _, w := range words(strings.ToLower(s)) {
		if g, ok := groups[w]; ok {
			return g
		}
	}
	return ""
}
