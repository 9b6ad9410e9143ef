package transcript_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript/redact"
	"github.com/memfs/memfs/transcript/redact/redacttest"
)

// Fake secrets are assembled at run time so that no secret-shaped literal
// sits in the source.
func fake(parts ...string) string { return strings.Join(parts, "") }

// loadCorpus reads the redaction corpus.
func loadCorpus(t *testing.T) []redacttest.Case {
	t.Helper()
	cases, err := redacttest.Load(filepath.Join("redact", "testdata", "corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// Ensure that secrets inside JSON tool arguments are found in the decoded
// strings, including a flag and its value in separate argv elements.
func TestRedactCorpusAsToolArguments(t *testing.T) {
	for _, c := range loadCorpus(t) {
		if !c.Positive {
			continue
		}
		args, _ := json.Marshal(map[string]any{"command": c.Text, "argv": strings.Fields(c.Text)})
		path := writeLines(t, t.TempDir(), "s.jsonl",
			ccUser("u1", "", "run it"),
			ccAsst("a1", "u1", "m1", obj{"type": "tool_use", "id": "t1", "name": "Bash", "input": json.RawMessage(args)}))
		_, ev := scanAndMaterialize(t, path, nil)
		if strings.Contains(string(ev.Transcript), jsonInner(c.Secret)) {
			t.Errorf("corpus line %d (%s): the secret survived in tool arguments; counts %v", c.Line, c.Rule, ev.Redactions)
		}
	}
}

// jsonInner is s as it reads inside a JSON string.
func jsonInner(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
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
	if ev.Redactions[redact.RuleSecretKey] != 3 || ev.Redactions[redact.RuleBearerToken] != 1 {
		t.Errorf("redaction counts %v, want 3 secret-named-key and 1 bearer-token", ev.Redactions)
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
			want := map[string]int{redact.RuleSecretKey: 2, redact.RuleProseSecret: 1, redact.RuleCLIPassword: 3, redact.RuleAWSSecretKey: 1}
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
