package hear

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZHear(t *testing.T) {
	text := os.Getenv("HEARTXT")
	if text == "" {
		t.Skip()
	}
	for _, line := range strings.Split(text, "\n") {
		m := hearMessage(line, false, false, false)
		fmt.Printf("IN: %s\n", line)
		for _, s := range m.statements {
			fmt.Printf("  %s %s %q [%s]\n", s.why, s.Kind, s.Claim, s.Subject)
		}
		for _, r := range m.retracts {
			fmt.Printf("  RETRACT %q\n", r.Target)
		}
		for _, c := range clausesOf(line) {
			fmt.Printf("  clause %q\n", c)
		}
	}
}

func clausesOf(s string) []string {
	var out []string
	lang := detect(s)
	for _, c := range clauses(s, lang) {
		f, v := classify(c, lang, false)
		out = append(out, fmt.Sprintf("%s %v %s", c, v, f.why))
	}
	return out
}
