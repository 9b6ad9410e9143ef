package wiki

import (
	"strings"
	"testing"
)

// benchPage is a typical page: ASCII Markdown prose with links, a list and
// a table, about 12 KB.
func benchPage(extra string) string {
	var sb strings.Builder
	sb.WriteString("# Deploying the Billing Service\n\n")
	for i := range 60 {
		sb.WriteString("Carol said the staging cluster (eu-west-1) needs `kubectl rollout restart` after each config change; see [runbook](../ops/runbook.md).\n")
		if i%10 == 0 {
			sb.WriteString("\n- Call 1-555-010-9999 for the on-call engineer" + extra + "\n| step | owner |\n|---|---|\n\n")
		}
	}
	sb.WriteString("\n## Sources\n\n- session:abc123\n")
	return sb.String()
}

// Measures tokenizing ASCII pages, the common case of the guard and the
// evidence filter.
func BenchmarkTokensASCII(b *testing.B) {
	s := benchPage("")
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Tokens(s)
	}
}

// Measures tokenizing a page with a few non-ASCII lines (curly quotes,
// dashes), as language models write them.
func BenchmarkTokensMostlyASCII(b *testing.B) {
	s := benchPage(" \u2014 it\u2019s \u201curgent\u201d")
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Tokens(s)
	}
}

// Measures tokenizing text that is non-ASCII throughout.
func BenchmarkTokensUnicode(b *testing.B) {
	s := strings.Repeat("Съешь же ещё этих мягких французских булок, да выпей чаю. Ｆｕｌｌｗｉｄｔｈ ｔｅｘｔ.\n", 100)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Tokens(s)
	}
}
