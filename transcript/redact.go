package transcript

import (
	"github.com/memfs/memfs/internal/jsonscan"
	"regexp"
	"strings"
	"unicode"
)

// Redaction works on decoded string values: a secret is found in the text a
// user or tool wrote, never in escaped JSON. Each rule replaces what it
// finds with "[REDACTED:<rule>]" and is counted by name. The token shapes
// are the vendors' published formats; the rules are written for this
// package.

// Rule names, as counted in Evidence.Redactions.
const (
	RulePrivateKey     = "private-key"
	RuleURLCredentials = "url-credentials"
	RuleAnthropicKey   = "anthropic-key"
	RuleOpenAIKey      = "openai-key"
	RuleGitHubToken    = "github-token"
	RuleAWSAccessKey   = "aws-access-key"
	RuleSlackToken     = "slack-token"
	RuleSlackWebhook   = "slack-webhook"
	RuleStripeKey      = "stripe-key"
	RuleGoogleAPIKey   = "google-api-key"
	RuleJWT            = "jwt"
	RuleBearerToken    = "bearer-token"
	RuleBasicAuth      = "basic-auth"
	RuleSecretKey      = "secret-named-key"
)

// rule is a pattern whose group `group` (0 = the whole match) is the secret.
// hint is a lower-case string the text must contain for the rule to run.
type rule struct {
	name  string
	hint  []string
	re    *regexp.Regexp
	group int
	keep  func(secret string) bool // true: not a secret after all
}

var (
	privateKeyBegin = regexp.MustCompile(`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`)
	privateKeyEnd   = regexp.MustCompile(`-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`)
)

var rules = []rule{
	{name: RuleURLCredentials, hint: []string{"://"}, group: 3, keep: placeholder,
		re: regexp.MustCompile(`\b([A-Za-z][A-Za-z0-9+.-]{1,20}://)([^\s:/?#@"'<>\[\]]{1,128}):([^\s/?#@"'<>]{1,256})@`)},
	{name: RuleAnthropicKey, hint: []string{"sk-ant-"},
		re: regexp.MustCompile(`\bsk-ant-[a-z]{2,10}[0-9]{2}-[A-Za-z0-9_-]{20,}`)},
	{name: RuleOpenAIKey, hint: []string{"sk-"},
		re: regexp.MustCompile(`\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|\bsk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}\b|\bsk-[A-Za-z0-9]{48}\b`)},
	{name: RuleGitHubToken, hint: []string{"gh", "github_pat_"},
		re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b`)},
	{name: RuleAWSAccessKey, hint: []string{"a3t", "akia", "asia", "abia", "acca"},
		re: regexp.MustCompile(`\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b`)},
	{name: RuleSlackWebhook, hint: []string{"hooks.slack.com"},
		re: regexp.MustCompile(`(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}`)},
	{name: RuleSlackToken, hint: []string{"xox"},
		re: regexp.MustCompile(`\bxox[abposer]-[0-9]{6,}-[A-Za-z0-9-]{6,}`)},
	{name: RuleStripeKey, hint: []string{"_test_", "_live_", "_prod_"},
		re: regexp.MustCompile(`\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}\b`)},
	{name: RuleGoogleAPIKey, hint: []string{"aiza"},
		re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}\b`)},
	{name: RuleJWT, hint: []string{"eyj"},
		re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*`)},
	{name: RuleBearerToken, hint: []string{"bearer"}, group: 2, keep: notToken,
		re: regexp.MustCompile(`(?i)\b(bearer\s+)([A-Za-z0-9._~+/-]{16,}=*)`)},
	{name: RuleBasicAuth, hint: []string{"basic"}, group: 2,
		re: regexp.MustCompile(`(?i)\b(authorization["']?\s*[:=]\s*["']?basic\s+)([A-Za-z0-9+/]{8,}=*)`)},
	{name: RuleSecretKey, hint: []string{"pass", "secret", "token", "key", "credential"}, group: 2, keep: notSecretValue,
		re: regexp.MustCompile(`(?i)((?:^|[^A-Za-z0-9])[A-Za-z0-9_.-]*?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|credentials?)["']?\s*(?::=|=>|=|:)\s*["']?)([^\s"'` + "`" + `,;)}\]]+)`)},
}

// RuleNames lists the redaction rules in the order they are applied.
func RuleNames() []string {
	names := []string{RulePrivateKey}
	for _, r := range rules {
		names = append(names, r.name)
	}
	return names
}

func redacted(name string) string { return "[REDACTED:" + name + "]" }

// RedactText returns s with every secret the rules find replaced, adding the
// number of replacements per rule to counts (which may be nil).
func RedactText(s string, counts map[string]int) string {
	if s == "" {
		return s
	}
	s = redactPrivateKeys(s, counts)
	var lower string
	for i := range rules {
		r := &rules[i]
		if lower == "" {
			lower = strings.ToLower(s)
		}
		hit := false
		for _, h := range r.hint {
			if strings.Contains(lower, h) {
				hit = true
				break
			}
		}
		if !hit {
			continue
		}
		if out, n := r.apply(s); n > 0 {
			s, lower = out, ""
			if counts != nil {
				counts[r.name] += n
			}
		}
	}
	return s
}

func (r *rule) apply(s string) (string, int) {
	ms := r.re.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return s, 0
	}
	var b strings.Builder
	last, n := 0, 0
	for _, m := range ms {
		a, e := m[2*r.group], m[2*r.group+1]
		if a < 0 || a < last {
			continue
		}
		secret := s[a:e]
		if strings.HasPrefix(secret, "[REDACTED") || (r.keep != nil && r.keep(secret)) {
			continue
		}
		b.WriteString(s[last:a])
		b.WriteString(redacted(r.name))
		last = e
		n++
	}
	if n == 0 {
		return s, 0
	}
	b.WriteString(s[last:])
	return b.String(), n
}

// redactPrivateKeys replaces PEM/OpenSSH/PGP private key blocks. A block
// without its END line is redacted to the end of the text, and an END line
// without a BEGIN (the text starts inside a key) from the start, so a key
// cut by truncation never leaks.
func redactPrivateKeys(s string, counts map[string]int) string {
	if !strings.Contains(s, "PRIVATE KEY") {
		return s
	}
	var b strings.Builder
	n, pos := 0, 0
	for pos < len(s) {
		rest := s[pos:]
		beg := privateKeyBegin.FindStringIndex(rest)
		if pos == 0 {
			if end := privateKeyEnd.FindStringIndex(rest); end != nil && (beg == nil || end[0] < beg[0]) {
				// The text begins inside a key.
				b.WriteString(redacted(RulePrivateKey))
				n++
				pos = end[1]
				continue
			}
		}
		if beg == nil {
			break
		}
		b.WriteString(rest[:beg[0]])
		b.WriteString(redacted(RulePrivateKey))
		n++
		after := pos + beg[1]
		if e := privateKeyEnd.FindStringIndex(s[after:]); e != nil {
			pos = after + e[1]
		} else {
			pos = len(s)
		}
	}
	if n == 0 {
		return s
	}
	b.WriteString(s[pos:])
	if counts != nil {
		counts[RulePrivateKey] += n
	}
	return b.String()
}

// placeholder reports values that stand for a secret without being one:
// $VAR, ${VAR}, {{var}}, <var>, %s, ****, xxxx.
func placeholder(v string) bool {
	v = strings.Trim(v, `"'`)
	if v == "" {
		return true
	}
	switch {
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "{{"), strings.HasPrefix(v, "<"), strings.HasPrefix(v, "%"):
		return true
	}
	if strings.Trim(v, "*xX.-_") == "" {
		return true
	}
	return false
}

func notToken(v string) bool {
	if placeholder(v) {
		return true
	}
	if len(v) >= 32 {
		return false
	}
	return !strings.ContainsAny(v, "0123456789")
}

// notSecretValue keeps values of secret-named keys that are plainly not
// secrets: placeholders, booleans, numbers, paths, references to other
// variables or code, and plain words (no digit or symbol), the last as
// gitleaks does.
func notSecretValue(v string) bool {
	if placeholder(v) || len(v) < 6 {
		return true
	}
	switch strings.ToLower(v) {
	case "true", "false", "null", "none", "nil", "undefined", "required", "optional", "redacted":
		return true
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/") {
		return true
	}
	if strings.ContainsAny(v, "([") {
		return true
	}
	digits, other := 0, 0
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case unicode.IsLetter(r) || r == '_' || r == '.' || r == '-':
		default:
			other++
		}
	}
	if digits == len(v) {
		return true
	}
	if digits == 0 && other == 0 {
		return true // a word or dotted name (cfg.Token, os.environ)
	}
	return false
}

// secretKeyWords are the endings of member names whose string value is a
// secret whatever it looks like.
var secretKeyWords = []string{
	"password", "passwd", "passphrase", "secret", "token", "apikey", "api_key", "api-key",
	"accesskey", "access_key", "access-key", "privatekey", "private_key", "private-key",
	"clientsecret", "client_secret", "credential", "credentials", "authorization",
}

// secretKeyName reports whether a JSON member name marks its value secret:
// the name is one of secretKeyWords or ends with one after a separator or a
// camel-case boundary (max_tokens and tokenizer do not count).
func secretKeyName(key string) bool {
	lower := strings.ToLower(key)
	for _, w := range secretKeyWords {
		if !strings.HasSuffix(lower, w) {
			continue
		}
		i := len(lower) - len(w)
		if i == 0 {
			return true
		}
		prev := key[i-1]
		if prev == '_' || prev == '-' || prev == '.' || prev == ' ' {
			return true
		}
		if c := key[i]; c >= 'A' && c <= 'Z' && !(prev >= 'A' && prev <= 'Z') {
			return true
		}
	}
	return false
}

// redactJSON redacts compact JSON: the string values of secret-named members
// whole, every other string value by the text rules.
func redactJSON(s string, counts map[string]int) string {
	out, ok := jsonscan.Rewrite(nil, []byte(s), func(key, v string) string {
		if secretKeyName(key) && !placeholder(v) {
			if counts != nil {
				counts[RuleSecretKey]++
			}
			return redacted(RuleSecretKey)
		}
		return RedactText(v, counts)
	})
	if !ok {
		return RedactText(s, counts)
	}
	return string(out)
}
