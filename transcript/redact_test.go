package transcript_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript"
)

// Fake secrets are assembled at run time so that no secret-shaped literal
// sits in the source.
func fake(parts ...string) string { return strings.Join(parts, "") }

// redactCase is one line of testdata/redact/corpus.txt.
type redactCase struct {
	line     int
	rule     string
	positive bool
	text     string // the input
	want     string // the input with the secret replaced by the rule's marker
	secret   string
}

// loadCorpus reads testdata/redact/corpus.txt (its format is described at
// its top).
func loadCorpus(t *testing.T) []redactCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "redact", "corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []redactCase
	for i, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.SplitN(l, " ", 3)
		if len(f) != 3 || (f[1] != "+" && f[1] != "-") {
			t.Fatalf("corpus line %d: want \"<rule> <+|-> <text>\"", i+1)
		}
		text := strings.NewReplacer("<>", "", `\n`, "\n").Replace(f[2])
		c := redactCase{line: i + 1, rule: f[0], positive: f[1] == "+", text: text, want: text}
		if c.positive {
			a, e := strings.Index(text, "[["), strings.Index(text, "]]")
			if a < 0 || e < a {
				t.Fatalf("corpus line %d: a positive needs [[secret]]", i+1)
			}
			c.secret = text[a+2 : e]
			c.text = text[:a] + c.secret + text[e+2:]
			c.want = text[:a] + "[REDACTED:" + c.rule + "]" + text[e+2:]
		}
		cases = append(cases, c)
	}
	return cases
}

// Ensure that each rule redacts exactly its secret, keeping the text around
// it, and leaves its near-misses alone; and that every rule has both.
func TestRedactCorpus(t *testing.T) {
	cases := loadCorpus(t)
	pos, neg := map[string]int{}, map[string]int{}
	for _, c := range cases {
		name := fmt.Sprintf("%s/%d", c.rule, c.line)
		t.Run(name, func(t *testing.T) {
			counts := map[string]int{}
			got := transcript.RedactText(c.text, counts)
			if got != c.want {
				if c.positive {
					t.Errorf("redacted to\n%q\nwant\n%q\ncounts %v", got, c.want, counts)
				} else {
					t.Errorf("near-miss was changed to %q; counts %v", got, counts)
				}
			}
			if c.positive && counts[c.rule] != 1 {
				t.Errorf("counts %v, want one %s", counts, c.rule)
			}
		})
		if c.positive {
			pos[c.rule]++
		} else {
			neg[c.rule]++
		}
	}
	for _, r := range transcript.RuleNames() {
		if pos[r] == 0 || neg[r] == 0 {
			t.Errorf("rule %s has %d positives and %d near-misses in the corpus; want both", r, pos[r], neg[r])
		}
	}
}

// Ensure that secrets inside JSON tool arguments are found in the decoded
// strings, including a flag and its value in separate argv elements.
func TestRedactCorpusAsToolArguments(t *testing.T) {
	for _, c := range loadCorpus(t) {
		if !c.positive {
			continue
		}
		args, _ := json.Marshal(map[string]any{"command": c.text, "argv": strings.Fields(c.text)})
		path := writeLines(t, t.TempDir(), "s.jsonl",
			ccUser("u1", "", "run it"),
			ccAsst("a1", "u1", "m1", obj{"type": "tool_use", "id": "t1", "name": "Bash", "input": json.RawMessage(args)}))
		_, ev := scanAndMaterialize(t, path, nil)
		if strings.Contains(string(ev.Transcript), jsonInner(c.secret)) {
			t.Errorf("corpus line %d (%s): the secret survived in tool arguments; counts %v", c.line, c.rule, ev.Redactions)
		}
	}
}

// jsonInner is s as it reads inside a JSON string.
func jsonInner(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// Ensure that identifiers, hashes, UUIDs and paths survive redaction.
func TestRedactKeepsIdentifiers(t *testing.T) {
	texts := []string{
		"session 550e8400-e29b-41d4-a716-446655440000 at commit 0123456789abcdef0123456789abcdef01234567",
		"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 and md5 5f4dcc3b5aa765d61d8327deb882cf99",
		"/home/alice/.ssh/id_ed25519.pub ~/proj/internal/http/retry_test.go C:\\Users\\bob\\key.txt",
		"toolu_01ABCDEFGHIJKLMNOPQRSTUV msg_01XYZabcdef req_011CSomething call_Ab12Cd34Ef56",
		"019e1111-2222-7333-8444-555566667777 line:42 aaaaaaaa-0000-4000-8000-000000000027",
		"base64 of an image: iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
		"use the Bearer scheme; the key is in the vault; the token expires hourly",
	}
	for i, s := range texts {
		counts := map[string]int{}
		if got := transcript.RedactText(s, counts); got != s {
			t.Errorf("text %d was changed: %v", i, counts)
		}
	}
}

// Ensure that secret-named members of tool arguments are redacted whole,
// whatever their value looks like, and that look-alike names are kept.
func TestRedactToolArguments(t *testing.T) {
	path := writeLines(t, t.TempDir(), "s.jsonl",
		ccUser("u1", "", "set it up"),
		ccAsst("a1", "u1", "m1", obj{"type": "tool_use", "id": "t1", "name": "Configure", "input": obj{
			"password": "plainword", "accessToken": "abc", "db": obj{"client_secret": "x1"}, "headers": []any{"Authorization: Bearer " + fake("abcDEF", "0123456789ghiJKL")},
			"max_tokens": 4096, "tokenizer": "bpe", "token_count": "12", "sessionId": "550e8400-e29b-41d4-a716-446655440000", "path": "/etc/secret/file",
		}}))
	_, ev := scanAndMaterialize(t, path, nil)
	rs := records(t, ev.Transcript)
	i := hasText(rs, 0, "tool_call", "Configure")
	if i < 0 {
		i = hasText(rs, 0, "tool_call", "")
	}
	if i < 0 {
		t.Fatal("no tool call record")
	}
	args := rs[i].Text
	for _, gone := range []string{"plainword", `"abc"`, "x1", "0123456789ghiJKL"} {
		if strings.Contains(args, gone) {
			t.Errorf("a secret argument survived (%d bytes of arguments)", len(args))
		}
	}
	for _, kept := range []string{"4096", "bpe", `"12"`, "550e8400-e29b-41d4-a716-446655440000", "/etc/secret/file"} {
		if !strings.Contains(args, kept) {
			t.Errorf("a harmless argument was redacted (%d bytes of arguments)", len(args))
		}
	}
	if ev.Redactions[transcript.RuleSecretKey] != 3 || ev.Redactions[transcript.RuleBearerToken] != 1 {
		t.Errorf("redaction counts %v, want 3 secret-named-key and 1 bearer-token", ev.Redactions)
	}
}

// Ensure that a key cut by the edge of a kept window is still redacted.
func TestRedactPartialPrivateKey(t *testing.T) {
	begin := fake("-----BEGIN OPENSSH PRIV", "ATE KEY-----\n")
	end := fake("\n-----END OPENSSH PRIV", "ATE KEY-----")
	for i, s := range []string{"prefix " + begin + "b3BlbnNzaC1rZXktdjEAAAAA", "b3BlbnNzaC1rZXktdjEAAAAA" + end + " suffix"} {
		out := transcript.RedactText(s, nil)
		if strings.Contains(out, "b3BlbnNzaC1rZXktdjEAAAAA") {
			t.Errorf("case %d: key material survived", i)
		}
	}
}

// redactBenchText is evidence-like text: prose, code and commands in which
// the keywords of the generic rules (key, token, password, --) are common
// and secrets are rare.
func redactBenchText(n int) string {
	words := strings.Fields(`the retry test flakes because the clock is real and the backoff sleeps; use a fake clock,
inject it through the client options, and assert the number of attempts. func (c *Client) Do(req *http.Request)
(*http.Response, error) { for i := 0; i < c.max; i++ { resp, err := c.hc.Do(req) } } "quoted" path/to/file.go
internal/http/retry_test.go:42 --- FAIL: TestRetry (0.31s) ok example.com/proj 0.2s {"key": "value"} token := cfg.Token
password: ${DB_PASSWORD} go test -run TestLogin --count=1 ./... the API key lives in the vault; curl -s https://example.com
docker run --rm -p 8080:80 img mysql -h db -u app max_tokens=4096 SKIP ACCESS AKIA sk- gh pr list --limit 5`)
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(words[(i*7919)%len(words)])
		if i%13 == 12 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func BenchmarkRedactText(b *testing.B) {
	for _, size := range []int{2 << 10, 256 << 10} {
		s := redactBenchText(size)
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				transcript.RedactText(s, nil)
			}
		})
	}
}

// Ensure that user text, assistant text and tool-call arguments (a shell
// command string and argv arrays) are redacted in each format, and that
// the text around each secret stays.
func TestRedactFormats(t *testing.T) {
	secrets := []string{"Hq7vTe-91x", "Wn4$kRq8z", "P@ss(w0rd)9", "Ls9-qTzv3m", "Yk2mVx8pQ4", "Dz5-wNq2Lk", "Rb7tUe3WqP9sXk2ZmN5vLc8HdJ4gFy6AoQ1iSe0T"}
	kept := []string{"and we prefer squash merges.", "keep it quiet", "KEEP-ASSISTANT-TEXT", "ssh deploy@host", "https://api.example.com/v1",
		"registry.example.com", "aws_secret_access_key", "Our database password="}
	for _, name := range []string{"pi", "claude", "codex"} {
		t.Run(name, func(t *testing.T) {
			_, ev := scanAndMaterialize(t, filepath.Join("testdata", "redact", name+".jsonl"), nil)
			out := string(ev.Transcript)
			for i, s := range secrets {
				if strings.Contains(out, jsonInner(s)) {
					t.Errorf("secret %d survived; counts %v", i, ev.Redactions)
				}
			}
			for _, s := range kept {
				if !strings.Contains(out, jsonInner(s)) {
					t.Errorf("text around a secret was lost: %q", s)
				}
			}
			want := map[string]int{transcript.RuleSecretKey: 2, transcript.RuleProseSecret: 1, transcript.RuleCLIPassword: 3, transcript.RuleAWSSecretKey: 1}
			for r, n := range want {
				if ev.Redactions[r] != n {
					t.Errorf("%s: %d redactions, want %d (all: %v)", r, ev.Redactions[r], n, ev.Redactions)
				}
			}
			if n := len(records(t, ev.Transcript)); n < 4 {
				t.Errorf("%d records, want the user, assistant and tool-call records", n)
			}
		})
	}
}
