package transcript_test

import (
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript"
)

// Fake secrets are assembled at run time so that no secret-shaped literal
// sits in the source.
func fake(parts ...string) string { return strings.Join(parts, "") }

// Ensure that each rule redacts its secret and leaves its near-miss alone.
func TestRedactRules(t *testing.T) {
	pem := fake("-----BEGIN RSA PRIV", "ATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn\n-----END RSA PRIV", "ATE KEY-----")
	tests := []struct {
		rule     string
		positive string // the secret inside some text; the secret must disappear
		secret   string
		nearMiss string // must come out unchanged
	}{
		{transcript.RulePrivateKey, "key:\n" + pem + "\nthanks", pem[len("-----BEGIN RSA PRIVATE KEY-----"):],
			"-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----"},
		{transcript.RuleURLCredentials, "connect to postgres://admin:" + fake("s3cr3t", "Pass99") + "@db.example.com:5432/app", fake("s3cr3t", "Pass99"),
			"clone git@github.com:org/repo.git or https://alice@example.com/x and http://localhost:8080/a@b"},
		{transcript.RuleAnthropicKey, "ANTHROPIC_API_KEY=" + fake("sk-ant-", "api03-", strings.Repeat("Ab3_", 10)), fake("sk-ant-", "api03-", strings.Repeat("Ab3_", 10)),
			"see sk-ant-docs and task-ant-api"},
		{transcript.RuleOpenAIKey, "use " + fake("sk-", "proj-", strings.Repeat("Zq9x", 12)), fake("sk-", "proj-", strings.Repeat("Zq9x", 12)),
			"scikit sk-learn and task-proj-12 and desk-proj-notes"},
		{transcript.RuleGitHubToken, "token " + fake("gh", "p_", strings.Repeat("aB3d", 9)), fake("gh", "p_", strings.Repeat("aB3d", 9)),
			"branch ghp_short123 and ghost_writer and github_pat_tiny"},
		{transcript.RuleAWSAccessKey, "id " + fake("AKIA", "QWERTYUIOP234567"), fake("AKIA", "QWERTYUIOP234567"),
			"AKIA1234 and akiaqwertyuiop234567 and AKIAQWERTYUIOP2345678901"},
		{transcript.RuleSlackToken, "slack " + fake("xo", "xb-", "123456789012-1234567890123-", "AbCdEfGhIjKlMnOpQrSt"), fake("xo", "xb-", "123456789012-1234567890123-", "AbCdEfGhIjKlMnOpQrSt"),
			"xoxo-hugs and xoxb-notanumber"},
		{transcript.RuleSlackWebhook, "post to " + fake("https://hooks.slack.com/", "services/T0000FAKE/B0000FAKE/", "abcdefghijklmnopqrstuvwx"), fake("hooks.slack.com/", "services/T0000FAKE"),
			"read https://hooks.slack.com/docs first"},
		{transcript.RuleStripeKey, "stripe " + fake("sk_", "live_", "4eC39HqLyjWDarjtT1zdp7dc"), fake("sk_", "live_", "4eC39HqLyjWDarjtT1zdp7dc"),
			"publishable pk_live_4eC39HqLyjWDarjtT1zdp7dc and sk_live_ alone"},
		{transcript.RuleGoogleAPIKey, "maps " + fake("AIza", "SyD-FAKE0123456789abcdefghijklmnopq"), fake("AIza", "SyD-FAKE0123456789abcdefghijklmnopq"),
			"AIzaShort and AIza"},
		{transcript.RuleJWT, "cookie " + fake("eyJ", "hbGciOiJIUzI1NiJ9", ".eyJ", "zdWIiOiIxMjM0NTY3ODkwIn0", ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
			fake(".eyJ", "zdWIiOiIxMjM0NTY3ODkwIn0"), "eyJustAWord.eyJanother and hey.eyJ"},
		{transcript.RuleBearerToken, "curl -H 'Authorization: Bearer " + fake("abcDEF", "0123456789ghiJKL") + "'", fake("abcDEF", "0123456789ghiJKL"),
			"bearer tokens are explained in the bearer authentication section"},
		{transcript.RuleBasicAuth, "Authorization: Basic " + fake("dXNlcjpw", "YXNzd29yZA=="), fake("dXNlcjpw", "YXNzd29yZA=="),
			"basic authentication uses Authorization: headers"},
		{transcript.RuleSecretKey, "export DB_PASSWORD=" + fake("hunter", "22x!"), fake("hunter", "22x!"),
			"max_tokens=4096 token_count: 1200 tokens: 55 password_hash: 5f4dcc3b5aa765d61d8327deb882cf99 secret_path: /var/run/secrets/db password: ${DB_PASSWORD} token: os.Getenv(x) passwordless login"},
		{transcript.RuleSecretKey, `config {"api_key": "` + fake("abc123", "XYZ789") + `"}`, fake("abc123", "XYZ789"),
			`{"api_version": "2024-01-01", "key_id": "k-123456", "secret": true}`},
		{transcript.RuleSecretKey, "AWS_SECRET_ACCESS_KEY=" + fake("wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYFAKEKEY"), fake("wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYFAKEKEY"),
			"aws_access_key_id_note: see the wiki"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			counts := map[string]int{}
			out := transcript.RedactText(tt.positive, counts)
			if strings.Contains(out, tt.secret) {
				t.Errorf("the secret survived redaction (%d counts)", len(counts))
			}
			if counts[tt.rule] == 0 || !strings.Contains(out, "[REDACTED:"+tt.rule+"]") {
				t.Errorf("rule %s did not count the secret: %v", tt.rule, counts)
			}
			nc := map[string]int{}
			if got := transcript.RedactText(tt.nearMiss, nc); got != tt.nearMiss {
				t.Errorf("near-miss was changed; counts %v", nc)
			}
		})
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
