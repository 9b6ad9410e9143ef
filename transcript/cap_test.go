package transcript_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/transcript/redact"
)

var cutCount = regexp.MustCompile(`(\d+) user`)

// usersAccountedFor counts user records kept plus those a cut record says
// it left out.
func usersAccountedFor(rs []rec) (kept, cut int) {
	for _, r := range rs {
		switch r.Role {
		case "user":
			kept++
		}
		for _, c := range []string{r.Cut, map[bool]string{true: r.Text}[r.Role == "cut"]} {
			if m := cutCount.FindStringSubmatch(c); m != nil {
				n, _ := strconv.Atoi(m[1])
				cut += n
			}
		}
	}
	return kept, cut
}

// Ensure that the cap holds, that tool calls and assistant text are cut
// before any user message, and that every cut is marked and reported.
func TestCap(t *testing.T) {
	tests := []struct {
		name        string
		turns       int
		userBytes   int
		asstBytes   int
		toolBytes   int
		usersWhole  bool // every user message kept whole
		wantTrimmed string
	}{
		{"fits", 5, 100, 1000, 200, true, ""},
		{"large tool calls", 40, 200, 500, 20_000, true, "tool_call"},
		{"large assistant texts", 60, 200, 20_000, 300, true, "assistant"},
		{"many turns", 1500, 40, 400, 300, true, ""},
		{"users alone over the cap", 400, 2000, 300, 100, false, "user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var lines []any
			parent := ""
			for i := 0; i < tt.turns; i++ {
				u, a, c := fmt.Sprintf("u%d", i), fmt.Sprintf("a%d", i), fmt.Sprintf("c%d", i)
				lines = append(lines,
					ccUser(u, parent, fmt.Sprintf("USER-%05d ", i)+strings.Repeat("u", tt.userBytes)),
					ccAsst(a, u, "m"+a, text(fmt.Sprintf("ASST-%05d ", i)+strings.Repeat("a ", tt.asstBytes/2))),
					ccAsst(c, a, "m"+a, obj{"type": "tool_use", "id": "t" + c, "name": "Bash", "input": obj{"command": strings.Repeat("c", tt.toolBytes)}}))
				parent = c
			}
			path := writeLines(t, t.TempDir(), "big.jsonl", lines...)
			_, ev := scanAndMaterialize(t, path, nil)
			if len(ev.Transcript) > transcript.MaxEvidenceBytes {
				t.Fatalf("evidence is %d bytes, over the cap", len(ev.Transcript))
			}
			rs := records(t, ev.Transcript)
			kept, cut := usersAccountedFor(rs)
			if kept+cut != tt.turns {
				t.Errorf("%d user messages kept and %d reported cut, want %d in all", kept, cut, tt.turns)
			}
			if tt.usersWhole {
				for i := 0; i < tt.turns; i++ {
					j := hasText(rs, 0, "user", fmt.Sprintf("USER-%05d ", i))
					if j < 0 || strings.Contains(rs[j].Text, "memfs-cut") {
						t.Fatalf("user message %d was not kept whole", i)
					}
				}
			}
			if tt.name == "fits" {
				if ev.Truncations != 0 || len(ev.Notes) != 0 {
					t.Errorf("truncations %d, notes %d; want none", ev.Truncations, len(ev.Notes))
				}
				return
			}
			if ev.Truncations == 0 || len(ev.Notes) == 0 {
				t.Errorf("truncations %d, notes %d; every cut must be reported", ev.Truncations, len(ev.Notes))
			}
			marks := strings.Count(string(ev.Transcript), "[memfs-cut:") + strings.Count(string(ev.Transcript), `"cut":"left out`)
			if marks != ev.Truncations {
				t.Errorf("%d cut marks in the text, %d truncations reported", marks, ev.Truncations)
			}
			if tt.wantTrimmed != "" && !strings.Contains(strings.Join(ev.Notes, "\n"), tt.wantTrimmed) {
				t.Errorf("notes do not mention trimmed %s records", tt.wantTrimmed)
			}
		})
	}
}

// Ensure that a huge text is trimmed to its head and tail with the secrets
// in both redacted.
func TestCapHugeTextRedacted(t *testing.T) {
	tok1 := fake("gh", "p_", strings.Repeat("aB3d", 9))
	tok2 := fake("AKIA", "QWERTYUIOP234567")
	body := "HEAD " + tok1 + " " + strings.Repeat("lorem ipsum ", 400_000) + tok2 + " TAIL"
	path := writeLines(t, t.TempDir(), "huge.jsonl",
		ccUser("u1", "", "go"), ccAsst("a1", "u1", "m1", text(body)), ccUser("u2", "a1", "LAST-USER"))
	_, ev := scanAndMaterialize(t, path, nil)
	s := string(ev.Transcript)
	if len(s) > transcript.MaxEvidenceBytes || !strings.Contains(s, "HEAD ") || !strings.Contains(s, " TAIL") || !strings.Contains(s, "LAST-USER") {
		t.Fatalf("trimmed evidence lost its head, tail or the last user message (%d bytes)", len(s))
	}
	if strings.Contains(s, tok1) || strings.Contains(s, tok2) {
		t.Error("a secret in a trimmed text survived")
	}
	if ev.Redactions[redact.RuleGitHubToken] != 1 || ev.Redactions[redact.RuleAWSAccessKey] != 1 {
		t.Errorf("redactions %v", ev.Redactions)
	}
}

// Ensure that tool calls trimmed by the cap keep their secret-named
// arguments redacted whatever their value looks like, as short ones do.
func TestCapTrimmedToolCallsRedacted(t *testing.T) {
	var lines []any
	parent := ""
	for i := 0; i < 30; i++ {
		u, c := fmt.Sprintf("u%d", i), fmt.Sprintf("c%d", i)
		lines = append(lines,
			ccUser(u, parent, fmt.Sprintf("USER-%05d write the file", i)),
			ccAsst(c, u, "m"+c, obj{"type": "tool_use", "id": "t" + c, "name": "Write", "input": obj{
				"password": fmt.Sprintf("plainword%c", 'a'+i%26), "api_token": "abcdefghij",
				"content": strings.Repeat("lorem ipsum dolor sit amet\n", 4000)}}))
		parent = c
	}
	path := writeLines(t, t.TempDir(), "big.jsonl", lines...)
	_, ev := scanAndMaterialize(t, path, nil)
	s := string(ev.Transcript)
	if !strings.Contains(strings.Join(ev.Notes, "\n"), "tool_call") {
		t.Fatalf("tool calls were not trimmed; notes %q", ev.Notes)
	}
	if strings.Contains(s, "plainword") || strings.Contains(s, "abcdefghij") {
		t.Error("a secret-named argument of a trimmed tool call survived")
	}
	if ev.Redactions[redact.RuleSecretKey] == 0 {
		t.Errorf("redactions %v", ev.Redactions)
	}
}
