package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// Ensure that an entry a dreamed page cites can be shown with memfs
// evidence SESSION --entry ID after its session was processed, and that an
// unknown entry fails.
func TestCLI_DreamCitedEntry(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	p := copyTranscript(t, "", "claude-session.jsonl")
	c.mustRun("checkpoint", "--transcript", p)
	c.mustRun("dream")
	idx := c.mustRun("--scope", transcriptScope, "cat", "pages/preferences/index.md")
	m := regexp.MustCompile(`\]\(([a-z0-9-]+\.md)\)`).FindStringSubmatch(idx)
	if m == nil {
		t.Fatalf("preferences index:\n%s", idx)
	}
	page := c.mustRun("--scope", transcriptScope, "cat", "pages/preferences/"+m[1])
	src := regexp.MustCompile(`(?m)^\s*- Sources: session:(\S+) entry:(\S+)`).FindStringSubmatch(page)
	if src == nil {
		t.Fatalf("page cites no entry:\n%s", page)
	}
	out := c.mustRun("evidence", src[1], "--entry", src[2])
	var rec struct{ Role, ID, Text string }
	if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.ID != src[2] || rec.Role != "user" {
		t.Fatalf("cited entry %q: %+v %v", out, rec, err)
	}
	quote := regexp.MustCompile(`(?m)^\s*- User said: “(.+)”$`).FindStringSubmatch(page)
	if quote == nil || !strings.Contains(rec.Text, strings.TrimSuffix(quote[1], ".")) {
		t.Errorf("cited entry %q does not hold the page's quote %q", rec.Text, quote)
	}
	if code, _, _ := c.run("evidence", src[1], "--entry", "no-such-entry"); code == 0 {
		t.Errorf("unknown entry succeeded")
	}
}
