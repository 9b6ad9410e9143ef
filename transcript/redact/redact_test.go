package redact_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memfs/memfs/transcript/redact"
	"github.com/memfs/memfs/transcript/redact/redacttest"
)

// Fake secrets are assembled at run time so that no secret-shaped literal
// sits in the source.
func fake(parts ...string) string { return strings.Join(parts, "") }

// loadCorpus reads the redaction corpus.
func loadCorpus(t *testing.T) []redacttest.Case {
	t.Helper()
	cases, err := redacttest.Load(filepath.Join("testdata", "corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// Ensure that each rule redacts exactly its secret, keeping the text around
// it, and leaves its near-misses alone; and that every rule has both.
func TestRedactCorpus(t *testing.T) {
	cases := loadCorpus(t)
	pos, neg := map[string]int{}, map[string]int{}
	for _, c := range cases {
		name := fmt.Sprintf("%s/%d", c.Rule, c.Line)
		t.Run(name, func(t *testing.T) {
			counts := map[string]int{}
			got := redact.Text(c.Text, counts)
			if got != c.Want {
				if c.Positive {
					t.Errorf("redacted to\n%q\nwant\n%q\ncounts %v", got, c.Want, counts)
				} else {
					t.Errorf("near-miss was changed to %q; counts %v", got, counts)
				}
			}
			if c.Positive && counts[c.Rule] != 1 {
				t.Errorf("counts %v, want one %s", counts, c.Rule)
			}
		})
		if c.Positive {
			pos[c.Rule]++
		} else {
			neg[c.Rule]++
		}
	}
	for _, r := range redact.RuleNames() {
		if pos[r] == 0 || neg[r] == 0 {
			t.Errorf("rule %s has %d positives and %d near-misses in the corpus; want both", r, pos[r], neg[r])
		}
	}
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
		if got := redact.Text(s, counts); got != s {
			t.Errorf("text %d was changed: %v", i, counts)
		}
	}
}

// Ensure that a key cut by the edge of a kept window is still redacted.
func TestRedactPartialPrivateKey(t *testing.T) {
	begin := fake("-----BEGIN OPENSSH PRIV", "ATE KEY-----\n")
	end := fake("\n-----END OPENSSH PRIV", "ATE KEY-----")
	for i, s := range []string{"prefix " + begin + "b3BlbnNzaC1rZXktdjEAAAAA", "b3BlbnNzaC1rZXktdjEAAAAA" + end + " suffix"} {
		out := redact.Text(s, nil)
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
				redact.Text(s, nil)
			}
		})
	}
}

// BenchmarkRedactProse measures the fast path: ordinary prose in which
// no rule's hint occurs, so only the one pass of the prefilter runs.
func BenchmarkRedactProse(b *testing.B) {
	words := strings.Fields(`the retry test flakes because the clock is real and the backoff sleeps so inject a fake clock
through the client options and assert the number of attempts before the deadline while the server returns errors`)
	var sb strings.Builder
	for i := 0; sb.Len() < 256<<10; i++ {
		sb.WriteString(words[(i*7919)%len(words)])
		sb.WriteByte(' ')
	}
	s := sb.String()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		redact.Text(s, nil)
	}
}

// FuzzRedact checks that redaction never panics, keeps valid UTF-8 valid,
// finds nothing more on a second pass, and that JSON stays JSON.
func FuzzRedact(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		counts := map[string]int{}
		out := redact.Text(s, counts)
		if utf8.ValidString(s) && !utf8.ValidString(out) {
			t.Fatal("redaction broke UTF-8")
		}
		again := map[string]int{}
		if redact.Text(out, again); len(again) != 0 {
			t.Fatalf("a second pass redacted more: %v", again)
		}
		if json.Valid([]byte(s)) {
			if red := redact.JSON(s, nil); !json.Valid([]byte(red)) {
				t.Fatal("redacting JSON made it invalid")
			}
		}
	})
}

// Ensure that pastes holding several secrets lose every one of them: the
// AWS console's credentials CSV (both columns), a .env file, a kubeconfig
// and a .netrc.
func TestRedactEverySecretOfAPaste(t *testing.T) {
	id := fake("AKIA", "Z3XQ7R2MNB5LKW4P")
	secret := fake("wJalrXUtnF", "EMI/K7MDENG/bPxRfiCY", "EXAMPLEKE9")
	pw := fake("Xq7!", "rT2#", "zz90")
	tests := []struct {
		name    string
		text    string
		secrets []string
	}{
		{"aws access keys csv", "Access key ID,Secret access key\n" + id + "," + secret + "\n", []string{id, secret}},
		{"aws console csv", "User name,Password,Access key ID,Secret access key,Console login link\nalice," + pw + "," + id + "," + secret +
			",https://123456789012.signin.aws.amazon.com/console\n", []string{pw, id, secret}},
		{"env file", "SECRET_KEY=" + fake("dj4ng0-", "k3y-", "9f8e7d6c") + "\nDATABASE_URL=postgres://app:" + pw + "@db/app\nJWT_SECRET_KEY=" + secret + "\nDEBUG=false\n",
			[]string{fake("dj4ng0-", "k3y-", "9f8e7d6c"), pw, secret}},
		{"kubeconfig", "users:\n- name: admin\n  user:\n    client-key-data: " + fake("LS0tLS1CRUdJTiBSU0Eg", "UFJJVkFURSBLRVktLS0tLQo=") +
			"\n    token: " + fake("kube", "Tok3n-", "abcdef0123456789") + "\n", []string{fake("LS0tLS1CRUdJTiBSU0Eg", "UFJJVkFURSBLRVktLS0tLQo="), fake("kube", "Tok3n-", "abcdef0123456789")}},
		{"netrc", "machine a.example.com login u1 password " + pw + "\nmachine b.example.com\n  login u2\n  password " + secret + "\n", []string{pw, secret}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := redact.Text(tt.text, nil)
			for i, s := range tt.secrets {
				if strings.Contains(out, s) {
					t.Errorf("secret %d survived", i)
				}
			}
			js, _ := json.Marshal(map[string]any{"content": tt.text, "argv": strings.Fields(tt.text)})
			red := redact.JSON(string(js), nil)
			for i, s := range tt.secrets {
				if strings.Contains(red, s) {
					t.Errorf("secret %d survived in JSON", i)
				}
			}
		})
	}
}

// Ensure that a "key value" config line (msmtp, fetchmail, redis.conf)
// loses its value when the key starts the line, and that code and prose
// with the same words keep theirs.
func TestRedactConfigLines(t *testing.T) {
	pw := fake("Xq7!", "rT2#", "zz90")
	tests := []struct {
		name, text string
		secret     bool
	}{
		{"msmtp", "account default\nhost smtp.example.com\npassword " + pw + "\n", true},
		{"indented, quoted", "poll mail.example.com\n  user bob\n  password \"" + pw + "\"", true},
		{"redis.conf", "bind 127.0.0.1\nrequirepass " + pw, true},
		{"go fields", "type Config struct {\n\tPassword []byte\n\tToken *oauth2.Token\n\tSecret map[string]string\n\tPasswordLen uint32\n}", false},
		{"plain word", "password prompt\ntoken bucket\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := redact.Text(tt.text, nil)
			if tt.secret && strings.Contains(out, pw) {
				t.Errorf("the password survived: %q", out)
			}
			if !tt.secret && out != tt.text {
				t.Errorf("changed to %q", out)
			}
		})
	}
}

// Ensure that JSON loses the value of a name/value pair whose name is a
// secret's (ECS, Kubernetes, CloudFormation) and a Docker config's auth,
// and keeps the value of other pairs and an auth that is no credential.
func TestRedactJSONPairs(t *testing.T) {
	pw := fake("Xq7!", "rT2#", "zz90")
	auth := fake("Ym9iOlRy", "MHViNGRv", "cjN4Nw==") // bob:Tr0ub4dor3x7
	in := `{"environment":[{"name":"DB_PASSWORD","value":"` + pw + `"},{"name":"LOG_LEVEL","value":"debug2"}],` +
		`"Parameters":[{"ParameterKey":"ApiToken","ParameterValue":"` + pw + `"}],` +
		`"auths":{"registry.example.com":{"auth":"` + auth + `"}},"auth":"oauth2","form":{"name":"password","value":"required"}}`
	counts := map[string]int{}
	out := redact.JSON(in, counts)
	if !json.Valid([]byte(out)) {
		t.Fatal("output is not JSON")
	}
	for _, s := range []string{pw, auth} {
		if strings.Contains(out, s) {
			t.Errorf("a secret survived: %s", out)
		}
	}
	for _, keep := range []string{`"debug2"`, `"auth":"oauth2"`, `"value":"required"`} {
		if !strings.Contains(out, keep) {
			t.Errorf("%s was changed: %s", keep, out)
		}
	}
	if counts[redact.RuleSecretKey] != 2 || counts[redact.RuleDockerAuth] != 1 {
		t.Errorf("counts %v, want 2 %s and 1 %s", counts, redact.RuleSecretKey, redact.RuleDockerAuth)
	}
}
