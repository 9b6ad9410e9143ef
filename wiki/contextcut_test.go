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
		if !strings.Contains(msg.Text, fmt.Sprintf("of 60 lines under %q", a)) {
			t.Errorf("note does not say what %s lost:\n%s", a, msg.Text[strings.LastIndex(msg.Text, "[index.md"):])
		}
	}
	if want := fmt.Sprintf("(read an area's whole list at `%s/pages/<area>/index.md`)", c.Folder); strings.Count(msg.Text, want) != 1 {
		t.Errorf("note does not name the area indexes once:\n%s", msg.Text[strings.LastIndex(msg.Text, "[index.md"):])
	}
	if strings.Contains(msg.Text, "claim number 59,") {
		t.Errorf("nothing was left out")
	}
}

// Ensure that the room is shared round-robin across areas: two large
// areas show as many lines each (give or take one), and an area with few
// lines shows them all while the large ones share the rest.
func TestRenderContext_ShortenSharesAcrossAreas(t *testing.T) {
	index := func(sizes map[string]int, order ...string) []byte {
		var b strings.Builder
		b.WriteString("# Memory index\n\n## Pages\n")
		for _, a := range order {
			fmt.Fprintf(&b, "\n### %s\n\n", a)
			for i := range sizes[a] {
				fmt.Fprintf(&b, "- [The %s claim number %d, stated in one line of moderate length.](pages/%s/c%d.md)\n", a, i, a, i)
			}
		}
		return []byte(b.String())
	}
	c := testContext()
	c.Budget = 8 << 10
	c.Index = index(map[string]int{"conventions": 80, "project": 80}, "conventions", "project")
	msg := RenderContext(c)
	count := func(a string) int { return strings.Count(msg.Text, "The "+a+" claim number") }
	if d := count("conventions") - count("project"); count("project") < 10 || d < -1 || d > 1 {
		t.Errorf("conventions %d lines, project %d; want as many, give or take one", count("conventions"), count("project"))
	}
	c.Index = index(map[string]int{"conventions": 80, "people": 3, "project": 80}, "conventions", "people", "project")
	msg = RenderContext(c)
	if count("people") != 3 {
		t.Errorf("people shows %d of its 3 lines", count("people"))
	}
	if d := count("conventions") - count("project"); d < -1 || d > 1 {
		t.Errorf("conventions %d lines, project %d; want as many, give or take one", count("conventions"), count("project"))
	}
}
