package hear

import (
	"strings"
	"unicode"
)

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
	tw := contentWords(target)
	if len(tw) == 0 {
		return false
	}
	have := map[string]bool{}
	for _, w := range contentWords(strings.Join(texts, " ")) {
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
