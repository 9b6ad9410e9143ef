package wiki

import (
	"strings"
	"testing"
)

func TestCompactIndex(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"claim lines lose their link under their area",
			"# Memory index\n\n## Areas\n\n- [conventions](pages/conventions/index.md): 2 page(s)\n\n## Pages\n\n### conventions\n\n- [“no ORMs”](pages/conventions/orms.md)\n- [Migrations are append-only.](pages/conventions/migrations.md)\n",
			"# Memory index\n\n## Pages\n\n### conventions\n\n- \"no ORMs\" (orms)\n- Migrations are append-only. (migrations)\n"},
		{"a link to another area's page stays whole",
			"### people\n\n- [Sam owns ingest.](pages/team/ingest.md)\n",
			"### people\n\n- [Sam owns ingest.](pages/team/ingest.md)\n"},
		{"an area line stays when the area has no heading",
			"## Areas\n\n- [tools](pages/tools/index.md): 1 page(s)\n",
			"## Areas\n\n- [tools](pages/tools/index.md): 1 page(s)\n"},
		{"other prose is kept",
			"# Index\n\nSee the pages.\n\n## Areas\n\nWritten by hand.\n- [tools](pages/tools/index.md): 1 page(s)\n\n### tools\n\n- [pnpm](pages/tools/pnpm.md)\n",
			"# Index\n\nSee the pages.\n\n## Areas\n\nWritten by hand.\n\n### tools\n\n- pnpm (pnpm)\n"},
		{"an area index link is not a claim", "### tools\n\n- [all](pages/tools/index.md)\n", "### tools\n\n- [all](pages/tools/index.md)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(compactIndex([]byte(tt.in))); got != tt.want {
				t.Fatalf("compactIndex:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestSummaryRepeated(t *testing.T) {
	index := "### conventions\n\n- [“no ORMs”](pages/conventions/orms.md)\n- [pnpm](pages/tools/pnpm.md)\n"
	tests := []struct {
		name, summary string
		n             int
		ok            bool
	}{
		{"every line is listed", "# Summary\n\nIntro.\n\n- “no ORMs” ([page](pages/conventions/orms.md); session:a)\n- pnpm ([page](pages/tools/pnpm.md))\n\n2 more.\n", 2, true},
		{"a line links an unlisted page", "- x ([page](pages/conventions/orms.md))\n- y ([page](pages/tools/yarn.md))\n", 0, false},
		{"a line links nothing", "- “no ORMs” ([page](pages/conventions/orms.md))\n- A Go project.\n", 0, false},
		{"no list at all", "# Summary\n\nA Go project.\n", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, ok := summaryRepeated([]byte(tt.summary), []byte(index))
			if n != tt.n || ok != tt.ok {
				t.Fatalf("summaryRepeated = %d, %v; want %d, %v", n, ok, tt.n, tt.ok)
			}
		})
	}
}

// Ensure that the message leaves out a summary whose every line the index
// lists, shows the index compact, and names the area index of what a cut
// of the compact view left out.
func TestRenderContext_CompactView(t *testing.T) {
	c := testContext()
	var idx strings.Builder
	idx.WriteString("# Memory index\n\n## Areas\n\n- [conventions](pages/conventions/index.md): 400 page(s)\n\n## Pages\n\n### conventions\n\n")
	for i := range 400 {
		idx.WriteString("- [“rule number " + strings.Repeat("x", 20) + itoa3(i) + "”](pages/conventions/rule-" + itoa3(i) + ".md)\n")
	}
	c.Index = []byte(idx.String())
	c.Summary = []byte("# Summary\n\n- “rule number” ([page](pages/conventions/rule-000.md); session:a)\n")
	msg := RenderContext(c)
	for _, want := range []string{"Not repeated here: each of its 1 lines", "(rule-000)\n", `of 400 lines under "conventions"`, "pages/<area>/index.md"} {
		if !strings.Contains(msg.Text, want) {
			t.Errorf("message lacks %q", want)
		}
	}
	if strings.Contains(msg.Text, "](pages/conventions/rule-") || strings.Contains(msg.Text, "400 page(s)") {
		t.Errorf("message holds a full claim link or the area count line")
	}
	if len(msg.Text) > DefaultContextBudget {
		t.Errorf("message is %d bytes, over the budget", len(msg.Text))
	}
}

func itoa3(i int) string {
	return string([]byte{byte('0' + i/100), byte('0' + i/10%10), byte('0' + i%10)})
}
