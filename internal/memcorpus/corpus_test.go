package memcorpus

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Ensure that every half present in testdata loads and that the tuning
// halves keep the breadth they were written with: three formats about equally, six
// languages, every category, updates and retractions in later rounds.
func TestLoad_Halves(t *testing.T) {
	found := 0
	for _, half := range Halves {
		dir := filepath.Join("testdata", half)
		if _, err := os.Stat(filepath.Join(dir, "corpus.json")); errors.Is(err, os.ErrNotExist) {
			continue
		}
		found++
		t.Run(half, func(t *testing.T) {
			c, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if c.Half != half {
				t.Errorf("corpus.json says half %q in testdata/%s", c.Half, half)
			}
			if !HeldOut(half) {
				checkDevBreadth(t, c)
			}
		})
	}
	if found == 0 {
		t.Fatal("no corpus half under testdata")
	}
}

func checkDevBreadth(t *testing.T, c *Corpus) {
	t.Helper()
	formats := map[string]int{}
	for _, s := range c.Sessions {
		f, _, _ := strings.Cut(s.Name(), "-")
		formats[f]++
	}
	if len(c.Sessions) < 32 {
		t.Errorf("%d sessions, want at least 32", len(c.Sessions))
	}
	for _, f := range []string{"claude", "codex", "pi"} {
		if 4*formats[f] < len(c.Sessions) {
			t.Errorf("%d %s sessions of %d, want about a third", formats[f], f, len(c.Sessions))
		}
	}
	langs, cats := map[string]int{}, map[string]int{}
	for _, f := range c.Facts {
		langs[f.Lang]++
		cats[f.Category]++
	}
	if len(c.Facts) < 80 {
		t.Errorf("%d facts, want at least 80", len(c.Facts))
	}
	if en := Ratio(langs["en"], len(c.Facts)); en < 0.35 || en > 0.5 {
		t.Errorf("English is %.0f%% of facts, want about 40%%", 100*en)
	}
	for _, l := range Languages {
		if l != "en" && langs[l] < 7 {
			t.Errorf("%d %s facts, want at least 7", langs[l], l)
		}
	}
	for _, k := range FactCategories {
		if cats[k] < 6 {
			t.Errorf("%d %s facts, want at least 6", cats[k], k)
		}
	}
	dcats := map[string]int{}
	for _, d := range c.Distractors {
		dcats[d.Category]++
	}
	if len(c.Distractors) < 55 {
		t.Errorf("%d distractors, want at least 55", len(c.Distractors))
	}
	for _, k := range DistractorCategories {
		if dcats[k] == 0 {
			t.Errorf("no %s distractor", k)
		}
	}
	if len(c.Updates) < 6 || len(c.Retractions) < 5 {
		t.Errorf("%d updates and %d retractions, want at least 6 and 5", len(c.Updates), len(c.Retractions))
	}
	if r := c.Rounds(); len(r) < 3 {
		t.Errorf("%d rounds, want 3", len(r))
	}
}

// Ensure that the malformed corpus in testdata/bad is refused with one
// message per problem, each naming the id or session at fault and none
// quoting the corpus's strings.
func TestLoad_Bad(t *testing.T) {
	_, err := Load(filepath.Join("testdata", "bad"))
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("Load(bad) = %v, want ErrInvalid", err)
	}
	msg := err.Error()
	for _, want := range []string{
		`sessions[1] pi-de-02: lang "fr" differs from the file name's`,
		"sessions[2] codex-en-03: memcorpus: open session:",
		`fact bad-f001: unknown category "rumour"`,
		"facts[1]: id bad-f001 used twice",
		"fact bad-f001: must[0] does not occur in its session",
		"distractor bad-d001: never[0] also occurs in session pi-de-02",
		"distractor bad-d001: never[0] occurs in fact bad-f003 must[0]",
		"update bad-u001: the later session is not in a later round",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	for _, content := range []string{"Nomad", "Kubernetes", "Docker Swarm"} {
		if strings.Contains(msg, content) {
			t.Errorf("error quotes corpus content %q:\n%s", content, msg)
		}
	}
}

// Ensure that each kind of mistake in an otherwise valid corpus is refused
// on its own, and that the valid corpus loads.
func TestLoad_Checks(t *testing.T) {
	for _, tc := range []struct {
		name, corpus, want string
	}{
		{"valid", tinyCorpus, ""},
		{"unknown half", strings.Replace(tinyCorpus, `"half": "dev"`, `"half": "train"`, 1), "half is not one of"},
		{"unknown field", strings.Replace(tinyCorpus, `"half": "dev",`, `"half": "dev", "extra": 1,`, 1), "unknown field"},
		{"bad file name", strings.Replace(tinyCorpus, `sessions/pi-en-02.jsonl`, `sessions/notes.jsonl`, 1), "file is not sessions/"},
		{"round zero", strings.Replace(tinyCorpus, `"round": 2`, `"round": 0`, 1), "round 0, want 1 or more"},
		{"unknown lang", strings.Replace(tinyCorpus, `"lang": "en", "category": "convention"`, `"lang": "it", "category": "convention"`, 1), `fact t-f001: unknown lang "it"`},
		{"too many must", strings.Replace(tinyCorpus, `"must": ["Makefile"]`, `"must": ["Makefile", "a", "b", "c"]`, 1), "4 must strings, want 1 to 3"},
		{"empty never", strings.Replace(tinyCorpus, `"never": ["Bazel"]`, `"never": [" "]`, 1), "never[0] is empty"},
		{"unknown session", strings.Replace(tinyCorpus, `"session": "claude-en-01", "lang": "en", "category": "joke"`, `"session": "claude-en-09", "lang": "en", "category": "joke"`, 1), `session "claude-en-09" is not in sessions`},
		{"unknown distractor category", strings.Replace(tinyCorpus, `"category": "joke"`, `"category": "rant"`, 1), `unknown category "rant"`},
		{"new not in later session", strings.Replace(tinyCorpus, `"new": ["node:22"]`, `"new": ["node:24"]`, 1), "update t-u001: new[0] does not occur"},
		{"gone not in earlier session", strings.Replace(tinyCorpus, `"gone": ["Makefile"]`, `"gone": ["Gradle"]`, 1), "retraction t-r001: gone[0] does not occur"},
		{"one-session update", strings.Replace(tinyCorpus, `"sessions": ["claude-en-01", "pi-en-02"], "old"`, `"sessions": ["pi-en-02"], "old"`, 1), "1 sessions, want the earlier and the later one"},
		{"old in a later must", strings.Replace(tinyCorpus, `"must": ["node:22"]`, `"must": ["node:20"]`, 1), "update t-u001: old[0] occurs in must[0] of fact t-f002"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Load(writeTiny(t, tc.corpus))
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want == "":
				if len(c.Rounds()) != 2 || c.Rounds()[1][0].Name() != "pi-en-02" {
					t.Errorf("rounds = %v", c.Rounds())
				}
			case err == nil:
				t.Fatalf("loaded, want an error with %q", tc.want)
			case !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want):
				t.Fatalf("error %v, want ErrInvalid with %q", err, tc.want)
			}
		})
	}
}

// Ensure that a session string is found whatever its escaping: inside a
// JSON-encoded tool argument, with \u escapes, across a line break, and in
// another case or Unicode normal form.
func TestSessionText(t *testing.T) {
	p := filepath.Join(t.TempDir(), "s.jsonl")
	lines := `{"payload":{"arguments":"{\"answers\":{\"q\":{\"answers\":[\"Luc\\u00eda\"]}}}"}}` + "\n" +
		`{"text":"runs on\n  EKS   1.29"}` + "\n"
	if err := os.WriteFile(p, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	text, err := sessionText(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Lucía", "Luci\u0301a", "eks 1.29", "RUNS ON EKS"} {
		if !contains(text, s) {
			t.Errorf("%q not found in %q", s, text)
		}
	}
	if contains(text, "EKS 1.30") {
		t.Errorf("found a string that is not there")
	}
}

const tinyCorpus = `{
  "half": "dev",
  "sessions": [
    {"file": "sessions/claude-en-01.jsonl", "round": 1, "lang": "en"},
    {"file": "sessions/pi-en-02.jsonl", "round": 2, "lang": "en"}
  ],
  "facts": [
    {"id": "t-f001", "session": "claude-en-01", "lang": "en", "category": "convention", "said": "build through the Makefile", "must": ["Makefile"]},
    {"id": "t-f002", "session": "pi-en-02", "lang": "en", "category": "project", "said": "CI image is node:22", "must": ["node:22"]},
    {"id": "t-f003", "session": "claude-en-01", "lang": "en", "category": "project", "said": "CI image is node:20", "must": ["node:20"]}
  ],
  "distractors": [
    {"id": "t-d001", "session": "claude-en-01", "lang": "en", "category": "joke", "never": ["Bazel"]}
  ],
  "updates": [
    {"id": "t-u001", "lang": "en", "sessions": ["claude-en-01", "pi-en-02"], "old": ["node:20"], "new": ["node:22"]}
  ],
  "retractions": [
    {"id": "t-r001", "lang": "en", "sessions": ["claude-en-01", "pi-en-02"], "gone": ["Makefile"], "keep": []}
  ]
}`

// writeTiny writes corpus.json and two small sessions to a new directory.
func writeTiny(t *testing.T, corpus string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"corpus.json":                 corpus,
		"sessions/claude-en-01.jsonl": `{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s1","message":{"role":"user","content":"Everything builds through the Makefile; CI runs node:20. Bazel? Sure, if we enjoy pain."}}` + "\n",
		"sessions/pi-en-02.jsonl": `{"type":"session","version":3,"id":"s2","cwd":"/p"}` + "\n" +
			`{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":[{"type":"text","text":"CI is on node:22 now, and drop the make rule."}]}}` + "\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
