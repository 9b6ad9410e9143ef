package transcript

import (
	"encoding/json"
	"strings"
	"testing"
)

// capFiller is text of short words, no secrets and no rule's keyword.
func capFiller(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString([]string{"lorem ", "ipsum ", "dolor ", "sit ", "amet\n"}[i%5])
	}
	return b.String()[:n]
}

// Ensure that a text trimmed into kept windows never lets a secret pass,
// wherever the secret sits: at the cut between a window and the middle,
// and when redaction shrinks the head window (a private key block) so far
// that the head's budget reaches past it.
func TestTrimRedactedKeepsNoSecret(t *testing.T) {
	secret := "Hq7v" + "Te-91xZ"
	key := "-----BEGIN RSA PRIV" + "ATE KEY-----\n" + strings.Repeat("TUlJRW93SUJBQUtDQVFFQTN4\n", 800) + "-----END RSA PRIV" + "ATE KEY-----\n"
	const limit = 2048
	for _, lead := range []string{"", key} {
		body := lead + capFiller(60_000)
		for at := len(lead); at < len(body)-64; at++ {
			if near := len(body) - at; at > len(lead)+2000 && (near > 9200 || near < 8400 || at%5 != 0) && at%997 != 0 {
				continue // every fifth offset near the tail window's start (the secret is longer), a sample elsewhere
			}
			text := body[:at] + " the password is " + secret + " " + body[at:]
			e := &emitter{counts: map[string]int{}}
			out, trimmed := e.trimRedacted(&record{text: text}, limit)
			if !trimmed {
				t.Fatalf("a %d-byte text was not trimmed to %d", len(text), limit)
			}
			if strings.Contains(out, secret) {
				t.Fatalf("lead %d bytes: the secret at offset %d passed the trim", len(lead), at)
			}
			if strings.Contains(out, "TUlJRW93") {
				t.Fatalf("lead %d bytes: key material passed the trim (secret at %d)", len(lead), at)
			}
		}
	}
}

// Ensure that a tool call whose arguments exceed the trim size is redacted
// as JSON: its secret-named members go whatever their value, as they do
// in a short one.
func TestTrimRedactedToolCallIsJSON(t *testing.T) {
	args, _ := json.Marshal(map[string]any{"password": "plainword", "api_token": "abcdefghij",
		"content": capFiller(120_000), "argv": []string{"mysql", "-u", "root", "-p" + "Zq8vR2mK"}})
	e := &emitter{counts: map[string]int{}}
	out, trimmed := e.trimRedacted(&record{text: string(args), json: true}, 4096)
	if !trimmed {
		t.Fatal("the tool call was not trimmed")
	}
	for _, s := range []string{"plainword", "abcdefghij", "Zq8vR2mK"} {
		if strings.Contains(out, s) {
			t.Errorf("a secret argument passed the trim (%d bytes kept)", len(out))
		}
	}
	if e.counts["secret-named-key"] != 2 {
		t.Errorf("counts %v, want 2 secret-named-key", e.counts)
	}
}
