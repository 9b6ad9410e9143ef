// Package redacttest reads the redaction corpus (redact/testdata/corpus.txt)
// for the tests of redact and of the transcript readers that apply it. It
// is imported by tests only.
package redacttest

import (
	"fmt"
	"os"
	"strings"
)

// Case is one line of the corpus: "<rule> <+|-> <text>", where a positive
// marks its secret as [[secret]], "<>" stands for nothing and `\n` for a
// newline.
type Case struct {
	Line     int
	Rule     string
	Positive bool
	Text     string // the input
	Want     string // the input with the secret replaced by the rule's marker
	Secret   string
}

// Load reads the corpus at path.
func Load(path string) ([]Case, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cases []Case
	for i, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.SplitN(l, " ", 3)
		if len(f) != 3 || (f[1] != "+" && f[1] != "-") {
			return nil, fmt.Errorf("corpus line %d: want \"<rule> <+|-> <text>\"", i+1)
		}
		text := strings.NewReplacer("<>", "", `\n`, "\n").Replace(f[2])
		c := Case{Line: i + 1, Rule: f[0], Positive: f[1] == "+", Text: text, Want: text}
		if c.Positive {
			a, e := strings.Index(text, "[["), strings.Index(text, "]]")
			if a < 0 || e < a {
				return nil, fmt.Errorf("corpus line %d: a positive needs [[secret]]", i+1)
			}
			c.Secret = text[a+2 : e]
			c.Text = text[:a] + c.Secret + text[e+2:]
			c.Want = text[:a] + "[REDACTED:" + c.Rule + "]" + text[e+2:]
		}
		cases = append(cases, c)
	}
	return cases, nil
}
