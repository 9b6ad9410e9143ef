package wiki

import (
	"fmt"
	"strings"
	"testing"
)

// Ensure that an index grouped by area is shortened by lines across areas:
// every area keeps its first lines, and the note says how many lines of
// which area were left out and names the area index that lists them.
func TestRenderContext_ShortenAcrossAreas(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Memory index\n\n## Pages\n")
	for _, a := range []string{"people", "preferences", "facts"} {
		fmt.Fprintf(&b, "\n### %s\n\n", a)
		for i := range 60 {
			fmt.Fprintf(&b, "- [The %s claim number %d, stated in one line of moderate length.](pages/%s/c%d.md)\n", a, i, a, i)
		}
	}
	c := testContext()
	c.Index = []byte(b.String())
	c.Budget = 6 << 10
	msg := RenderContext(c)
	if len(msg.Text) > c.Budget {
		t.Fatalf("message is %d bytes, budget %d", len(msg.Text), c.Budget)
	}
	for _, a := range []string{"people", "preferences", "facts"} {
		if !strings.Contains(msg.Text, "The "+a+" claim number 0,") || !strings.Contains(msg.Text, "The "+a+" claim number 5,") {
			t.Errorf("area %s lost its first lines", a)
		}
		if !strings.Contains(msg.Text, fmt.Sprintf("of 60 lines under %q (read them at `%s/pages/%s/index.md`)", a, c.Folder, a)) {
			t.Errorf("note does not say what %s lost:\n%s", a, msg.Text[strings.LastIndex(msg.Text, "[index.md"):])
		}
	}
	if strings.Contains(msg.Text, "claim number 59,") {
		t.Errorf("nothing was left out")
	}
}

// Ensure that, past the first lines every area keeps, the room goes to the
// first areas (the builtin lists standing rules and preferences first):
// the most durable claims come first within the budget.
func TestRenderContext_ShortenFavoursFirstSections(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Memory index\n\n## Pages\n")
	for _, a := range []string{"conventions", "project"} {
		fmt.Fprintf(&b, "\n### %s\n\n", a)
		for i := range 80 {
			fmt.Fprintf(&b, "- [The %s claim number %d, stated in one line of moderate length.](pages/%s/c%d.md)\n", a, i, a, i)
		}
	}
	c := testContext()
	c.Index = []byte(b.String())
	c.Budget = 8 << 10
	msg := RenderContext(c)
	count := func(a string) int { return strings.Count(msg.Text, "The "+a+" claim number") }
	if count("project") < shortenFloor || count("conventions") <= count("project") {
		t.Errorf("conventions %d lines, project %d; want project at least %d and conventions more", count("conventions"), count("project"), shortenFloor)
	}
}
