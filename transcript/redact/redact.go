package redact

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memfs/memfs/internal/jsonscan"
)

// Redaction works on decoded string values: a secret is found in the text a
// user or tool wrote, never in escaped JSON. Each rule replaces what it
// finds with "[REDACTED:<rule>]" and is counted by name; the text around a
// secret is kept. The token shapes are the vendors' published formats; the
// rules are written for this package (see the package doc for why).

// Rule names, as counted by Text and JSON (and in transcript.Evidence.Redactions).
const (
	RulePrivateKey     = "private-key"
	RuleURLCredentials = "url-credentials"
	RuleAnthropicKey   = "anthropic-key"
	RuleOpenAIKey      = "openai-key"
	RuleGitHubToken    = "github-token"
	RuleGitLabToken    = "gitlab-token"
	RuleNPMToken       = "npm-token"
	RulePyPIToken      = "pypi-token"
	RuleAWSAccessKey   = "aws-access-key"
	RuleAWSSecretKey   = "aws-secret-key"
	RuleAzureKey       = "azure-storage-key"
	RuleSlackToken     = "slack-token"
	RuleSlackWebhook   = "slack-webhook"
	RuleStripeKey      = "stripe-key"
	RuleGoogleAPIKey   = "google-api-key"
	RuleSendGridKey    = "sendgrid-key"
	RuleHuggingFace    = "huggingface-token"
	RuleDigitalOcean   = "digitalocean-token"
	RuleTwilio         = "twilio-key"
	RuleMailgun        = "mailgun-key"
	RuleShopify        = "shopify-token"
	RuleJWT            = "jwt"
	RuleBearerToken    = "bearer-token"
	RuleBasicAuth      = "basic-auth"
	RuleCLIPassword    = "cli-password"
	RuleSecretKey      = "secret-named-key"
	RuleProseSecret    = "prose-secret"
)

// rule is one pattern of a named rule. The regexp runs only where one of
// hints occurs in the text: case-sensitively, or in the ASCII-lowered text
// when fold is set.
//
// A token rule (anchored false) runs over the whole text; its pattern
// starts with the vendor's literal prefix, which lets the regexp package
// skip to it with a substring search, so it carries no leading \b and
// bound checks word boundaries around the match instead.
//
// An anchored rule's pattern starts with ^ and is tried only at each
// occurrence of a hint, moved back by back (to the start of the
// identifier that ends in the keyword, say), on a window of at most
// window bytes. A keyword that is not followed by what the rule needs
// costs one failed anchored match, so the generic rules stay cheap on text
// full of "key" and "token".
//
// group (0 = the whole match) is the candidate, which more may extend and
// pick may narrow to the secret inside it or reject.
type rule struct {
	name     string
	hints    []string
	fold     bool
	re       *regexp.Regexp
	group    int
	bound    bool
	anchored bool
	back     func(s string, i int) int
	// more, if set, may move the end e of an anchored rule's candidate
	// in s (its window) past more words (see moreWords).
	more func(s string, a, e int) int
	pick func(v string) (a, b int, ok bool)
}

const window = 512

var (
	privateKeyBegin = regexp.MustCompile(`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`)
	privateKeyEnd   = regexp.MustCompile(`-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`)
)

// token is a rule for a vendor token with a literal prefix.
func token(name, prefix, pattern string) rule {
	return rule{name: name, hints: []string{prefix}, re: regexp.MustCompile(regexp.QuoteMeta(prefix) + pattern), bound: true}
}

// at is an anchored rule: pattern is tried at each occurrence of a hint
// (lower-case; matched case-insensitively), which must start a word.
func at(name string, hints []string, group int, pick func(string) (int, int, bool), pattern string) rule {
	return rule{name: name, hints: hints, fold: true, anchored: true, group: group, pick: pick,
		re: regexp.MustCompile(`^(?i:` + pattern + `)`)}
}

// Parts of the assignment and command-line patterns.
const (
	// value is a quoted string or a run of non-space characters. Anchored
	// patterns avoid counted repetitions, which multiply the states of
	// the regexp; the window bounds them instead.
	value = "(\"[^\"\\n]+\"|'[^'\\n]+'|`[^`\\n]+`|[^\\s\"'`]+)"
	// cmdTail is the rest of a shell command up to a flag.
	cmdTail = `\b[^\n|&]*?[ \t]`
)

// Keywords of secret-named keys and of secrets in prose.
var (
	keyWords   = []string{"password", "passwd", "passphrase", "secret", "token", "key", "credential", "pass", "pwd", "pw"}
	proseWords = []string{"pass", "pwd", "pw", "secret", "token", "api", "access"} // pass: password, passwd, passphrase, passcode too
	programs   = []string{"docker", "podman", "buildah", "skopeo", "nerdctl", "helm", "oras", "crane"}
)

var rules = []rule{
	{name: RuleURLCredentials, hints: []string{"://"}, anchored: true, back: schemeStart, group: 1, pick: notPlaceholder,
		re: regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]+://[^\s:/?#@"'<>\[\]]+:([^\s/?#@"'<>]+)@`)},

	token(RuleAnthropicKey, "sk-ant-", `[a-z]{2,10}[0-9]{2}-[A-Za-z0-9_-]{20,}`),
	token(RuleOpenAIKey, "sk-", `(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{32,})`),
	token(RuleGitHubToken, "gh", `[pousr]_[A-Za-z0-9]{36,255}`),
	token(RuleGitHubToken, "github_pat_", `[A-Za-z0-9_]{22,255}`),
	token(RuleGitLabToken, "gl", `(?:pat|dt|ptt|rt|cbt|soat|ffct|oas|imt)-[A-Za-z0-9_-]{20,}`),
	token(RuleNPMToken, "npm_", `[A-Za-z0-9]{36}`),
	token(RulePyPIToken, "pypi-", `AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`),
	token(RuleSlackToken, "xox", `[abposer]-[0-9]{6,}-[A-Za-z0-9-]{6,}`),
	token(RuleSlackToken, "xapp-", `[0-9]-[A-Z0-9]{6,}-[0-9]{6,}-[A-Za-z0-9]{20,}`),
	{name: RuleSlackWebhook, hints: []string{"hooks.slack.com/"},
		re: regexp.MustCompile(`hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}`)},
	token(RuleStripeKey, "sk_", `(?:test|live|prod)_[A-Za-z0-9]{10,99}`),
	token(RuleStripeKey, "rk_", `(?:test|live|prod)_[A-Za-z0-9]{10,99}`),
	token(RuleStripeKey, "whsec_", `[A-Za-z0-9]{32,}`),
	token(RuleGoogleAPIKey, "AIza", `[0-9A-Za-z_-]{35}`),
	token(RuleSendGridKey, "SG.", `[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`),
	token(RuleHuggingFace, "hf_", `[A-Za-z0-9]{34,40}`),
	token(RuleHuggingFace, "api_org_", `[A-Za-z0-9]{34}`),
	token(RuleDigitalOcean, "do", `[opr]_v1_[a-f0-9]{64}`),
	token(RuleShopify, "shp", `(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`),
	token(RuleTwilio, "SK", `[0-9a-f]{32}`),
	token(RuleTwilio, "AC", `[0-9a-f]{32}`),
	token(RuleMailgun, "key-", `[0-9a-f]{32}`),
	at(RuleMailgun, []string{"mailgun"}, 1, nil, `mailgun[^\n]*?\b([0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})\b`),
	{name: RuleAWSAccessKey, hints: []string{"A3T", "AKIA", "ASIA", "ABIA", "ACCA"}, bound: true,
		re: regexp.MustCompile(`(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}`)},
	at(RuleAzureKey, []string{"accountkey=", "sharedaccesskey="}, 1, nil, `(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})`),
	token(RuleJWT, "eyJ", `[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*`),

	at(RuleBearerToken, []string{"bearer"}, 1, bearerToken, `bearer\s+([A-Za-z0-9._~+/-]{16,}=*)`),
	at(RuleBasicAuth, []string{"authorization"}, 1, nil, `authorization["']?\s*[:=]\s*["']?basic\s+([A-Za-z0-9+/]{8,}=*)`),

	at(RuleAWSSecretKey, []string{"aws"}, 1, cliValue,
		`aws[ \t]+configure[ \t]+set[ \t]+(?:[\w-]+\.)?(?:aws_secret_access_key|aws_session_token)[ \t]+`+value),
	at(RuleAWSSecretKey, []string{"aws", "secret"}, 1, awsSecret,
		`(?:aws[^\n]{0,60}?secret|secret[^\n]{0,60}?aws)[^\n]{0,60}?[^A-Za-z0-9/+]([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)`),

	// Credentials on a command line: mysql -pX, curl -u user:X, docker
	// login -p X, sshpass -p X, redis-cli -a X, --password X, --token=X.
	at(RuleCLIPassword, []string{"mysql", "mariadb"}, 1, cliValue,
		`(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mariadb-admin)`+cmdTail+`-p([^\s-][^\s]*)`),
	at(RuleCLIPassword, []string{"curl"}, 1, cliValue,
		`curl`+cmdTail+`(?:-u|--user)(?:[ \t]+|=)?['"]?[^\s:'"$]+:([^\s'"]+)`),
	at(RuleCLIPassword, programs, 1, cliValue,
		`(?:docker|podman|buildah|skopeo|nerdctl|helm|oras|crane)[ \t]+(?:registry[ \t]+)?login`+cmdTail+`-p(?:[ \t]+|=)`+value),
	at(RuleCLIPassword, []string{"sshpass", "mongo"}, 1, cliValue,
		`(?:sshpass|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)`+cmdTail+`-p[ \t]*`+value),
	at(RuleCLIPassword, []string{"redis-cli"}, 1, cliValue, `redis-cli`+cmdTail+`-a[ \t]+`+value),
	at(RuleCLIPassword, []string{"smbclient"}, 1, cliValue, `smbclient`+cmdTail+`-U[ \t]*[^\s%]+%`+value),
	at(RuleCLIPassword, []string{"-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-passin", "-passout", "-pass"}, 1, cliValue,
		`-(?:storepass|keypass|srcstorepass|deststorepass|passin|passout|pass)[ \t]+(?:pass:)?`+value),
	at(RuleCLIPassword, []string{"--"}, 1, cliValue,
		`--(?:[a-z0-9]+-)*(?:password|passwd|pass|pwd|secret|token|api-key|apikey|access-key|secret-key|client-secret)(?:=|[ \t]+)`+value),

	// Assignments to secret-named keys: PASSWORD=x, "api_key": "x", token: x.
	{name: RuleSecretKey, hints: keyWords, fold: true, anchored: true, back: identStart, group: 1, pick: assigned,
		re: regexp.MustCompile(`^(?i:(?:[A-Za-z0-9_.-]*?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|credentials?)|(?:[A-Za-z0-9_.-]*[_.-])?(?:pass|pwd|pw))["']?[ \t]*(?::=|=>|=|:)[ \t]*` + value + `)`), more: moreWords},
	// Secrets in prose: "my password is X", "the password for the db is X".
	// First person ("my wifi password is tulips"): the speaker names their
	// own secret, so even a plain word is taken, unless it describes the
	// password rather than being it.
	at(RuleProseSecret, []string{"my", "our"}, 1, ownSecret,
		`(?:my|our)(?:[ \t]+[a-z0-9_-]+){0,3}?[ \t]+(?:password|passwd|passphrase|passcode|pin|pwd)[ \t]+(?:is|was|is now|is set to)[ \t]*:?[ \t]*`+value),
	// Anyone's: "the password for the db is X", "the db pass is X"; prose
	// takes only a value with a digit or symbol ("the pass is closed").
	at(RuleProseSecret, proseWords, 1, prose,
		`(?:password|passwd|passphrase|passcode|pass|pwd|pw|secret|token|api[ _-]?key|access[ _-]?key)(?:[ \t]+(?:for|of|to|on|at)(?:[ \t]+[^\s]+){1,4}?)?[ \t]+(?:is|was|is now|is set to|will be|should be)[ \t]*:?[ \t]*`+value),
}

// schemeStart moves back from "://" to the start of its URL scheme.
func schemeStart(s string, i int) int {
	j := i
	for j > 0 && i-j < 21 {
		c := s[j-1]
		if !(wordByte(c) || c == '+' || c == '.' || c == '-') {
			break
		}
		j--
	}
	return j
}

// identStart moves back from a keyword to the start of the identifier
// that holds it (PG in PGPASSWORD, db. in db.password).
func identStart(s string, i int) int {
	j := i
	for j > 0 && i-j < 64 {
		c := s[j-1]
		if !(wordByte(c) || c == '.' || c == '-') {
			break
		}
		j--
	}
	return j
}

// RuleNames lists the redaction rules in the order they are applied.
func RuleNames() []string {
	names := []string{RulePrivateKey}
	for _, r := range rules {
		if names[len(names)-1] != r.name {
			names = append(names, r.name)
		}
	}
	return names
}

func redacted(name string) string { return "[REDACTED:" + name + "]" }

// Text returns s with every secret the rules find replaced, adding the
// number of replacements per rule to counts (which may be nil).
func Text(s string, counts map[string]int) string {
	if s == "" {
		return s
	}
	s = redactPrivateKeys(s, counts)
	lower := asciiLower(s)
	for i := range rules {
		r := &rules[i]
		in := s
		if r.fold {
			in = lower
		}
		hit := false
		for _, h := range r.hints {
			if strings.Contains(in, h) {
				hit = true
				break
			}
		}
		if !hit {
			continue
		}
		if out, n := r.apply(s, lower); n > 0 {
			s, lower = out, asciiLower(out)
			if counts != nil {
				counts[r.name] += n
			}
		}
	}
	return s
}

// asciiLower lowers A-Z only, so offsets stay those of s.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func wordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (r *rule) apply(s, lower string) (string, int) {
	if r.anchored {
		return r.applyAt(s, lower)
	}
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
		if r.bound && (a > 0 && wordByte(s[a-1]) || e < len(s) && wordByte(s[e])) {
			continue
		}
		if r.pick != nil {
			pa, pb, ok := r.pick(s[a:e])
			if !ok {
				continue
			}
			a, e = a+pa, a+pb
		}
		if a >= e || strings.HasPrefix(s[a:e], "[REDACTED") {
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

// applyAt tries an anchored rule at each occurrence of its hints, in text
// order.
func (r *rule) applyAt(s, lower string) (string, int) {
	var starts []int
	for _, h := range r.hints {
		for off := 0; ; {
			i := strings.Index(lower[off:], h)
			if i < 0 {
				break
			}
			i += off
			off = i + len(h)
			if r.back != nil {
				i = r.back(s, i)
			}
			if i > 0 && wordByte(s[i-1]) && wordByte(s[i]) {
				continue // inside a word
			}
			starts = append(starts, i)
		}
	}
	if starts == nil {
		return s, 0
	}
	slices.Sort(starts)
	var b strings.Builder
	last, n := 0, 0
	for k, st := range starts {
		if st < last || k > 0 && st == starts[k-1] {
			continue
		}
		m := r.re.FindStringSubmatchIndex(s[st:min(len(s), st+window)])
		if m == nil || m[2*r.group] < 0 {
			continue
		}
		a, e := st+m[2*r.group], st+m[2*r.group+1]
		if r.more != nil {
			e = r.more(s[:min(len(s), st+window)], a, e)
		}
		if r.pick != nil {
			pa, pb, ok := r.pick(s[a:e])
			if !ok {
				continue
			}
			a, e = a+pa, a+pb
		}
		if a >= e || a < last || strings.HasPrefix(s[a:e], "[REDACTED") {
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

func notPlaceholder(v string) (int, int, bool) { return 0, len(v), !placeholder(v) }

func bearerToken(v string) (int, int, bool) {
	if placeholder(v) {
		return 0, 0, false
	}
	return 0, len(v), len(v) >= 32 || strings.ContainsAny(v, "0123456789")
}

// awsSecret keeps 40-character runs that are not keys: a key is random
// base64, so it mixes upper case, lower case and digits (a hex hash does
// not).
func awsSecret(v string) (int, int, bool) {
	up, low, dig := false, false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		up = up || c >= 'A' && c <= 'Z'
		low = low || c >= 'a' && c <= 'z'
		dig = dig || c >= '0' && c <= '9'
	}
	return 0, len(v), up && low && dig
}

// unquote narrows a quoted value to its inside.
func unquote(v string) (a, b int, quoted bool) {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'' || v[0] == '`') && v[len(v)-1] == v[0] {
		return 1, len(v) - 1, true
	}
	return 0, len(v), false
}

// valueSpan narrows v to the value a rule takes: the inside of a quoted
// value, or an unquoted value without its trailing punctuation (trimTail,
// with sentence). inner is v[a:b].
func valueSpan(v string, sentence bool) (a, b int, inner string, quoted bool) {
	a, b, quoted = unquote(v)
	inner = v[a:b]
	if !quoted {
		inner = trimTail(inner, sentence)
		b = a + len(inner)
	}
	return a, b, inner, quoted
}

// trimTail drops the punctuation that ends a clause or closes a bracket
// opened before the value, from the end of an unquoted value; with
// sentence set, also '!' and '?'.
func trimTail(v string, sentence bool) string {
	for len(v) > 0 {
		c := v[len(v)-1]
		switch c {
		case '.', ',', ';', ':':
		case '!', '?':
			if !sentence {
				return v
			}
		case ')', ']', '}', '>':
			open := map[byte]byte{')': '(', ']': '[', '}': '{', '>': '<'}[c]
			if strings.Count(v, string(open)) >= strings.Count(v, string(c)) {
				return v
			}
		default:
			return v
		}
		v = v[:len(v)-1]
	}
	return v
}

// cliValue takes a command-line argument: unquoted, and not a placeholder
// or another flag.
func cliValue(v string) (int, int, bool) {
	a, b, inner, _ := valueSpan(v, false)
	if inner == "" || placeholder(inner) || strings.HasPrefix(inner, "-") {
		return 0, 0, false
	}
	return a, b, true
}

// assigned takes the value of a secret-named key, unless it is plainly not a
// secret (see notSecretValue). An unquoted value may be several words
// (moreWords).
func assigned(v string) (int, int, bool) {
	a, b, inner, quoted := valueSpan(v, false)
	if notSecretValue(inner, quoted || strings.IndexByte(inner, ' ') >= 0) {
		return 0, 0, false
	}
	return a, b, true
}

// moreWords extends an unquoted value s[a:e] across single spaces by each
// next word that looks like more of the secret (continuesSecret), up to a
// word that ends a clause: password=Sup3r Secr3t!x is one value, while
// password=hunter22x and we ... ends at "and".
func moreWords(s string, a, e int) int {
	if a >= e || strings.IndexByte("\"'`", s[a]) >= 0 {
		return e
	}
	for e+1 < len(s) && s[e] == ' ' && strings.IndexByte(".,;:", s[e-1]) < 0 {
		next := e + 1
		for next < len(s) && strings.IndexByte(" \t\n\f\r\"'`", s[next]) < 0 { // as value's unquoted words end
			next++
		}
		if !continuesSecret(s[e+1 : next]) {
			break
		}
		e = next
	}
	return e
}

// connectives are words that go on with the sentence, never a secret.
var connectives = []string{"and", "or", "but", "so", "then", "than", "if", "when", "while", "because", "since",
	"unless", "with", "without", "to", "for", "from", "in", "on", "at", "by", "of", "as", "is", "was", "we", "i"}

// shellOp matches a word of a shell command line that is an operator or a
// redirection (&&, |, 2>&1), not a value.
var shellOp = regexp.MustCompile(`^[0-9]*[<>|&;]+[&0-9-]*$`)

// assignment matches a word that assigns to a name (PORT=8080): the next
// of several assignments on a line, not more of a value.
var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*(?::=|=)`)

// continuesSecret reports whether w, the word after an unquoted value, is
// more of the secret: it holds a digit or a symbol, and is not a connective,
// a flag, a variable, a comment, a path, a shell operator or an assignment.
func continuesSecret(w string) bool {
	w = strings.TrimRight(w, ".,;:!?")
	if w == "" || strings.IndexByte("-$#([{</~", w[0]) >= 0 || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") ||
		shellOp.MatchString(w) || assignment.MatchString(w) || slices.Contains(connectives, strings.ToLower(w)) {
		return false
	}
	for _, r := range w {
		if r >= '0' && r <= '9' || !unicode.IsLetter(r) && r != '_' && r != '.' && r != '-' {
			return true
		}
	}
	return false
}

// prose takes what follows "password is": as assigned, but a quoted
// phrase also needs a digit or symbol.
func prose(v string) (int, int, bool) {
	a, b, inner, _ := valueSpan(v, true)
	if notSecretValue(inner, false) {
		return 0, 0, false
	}
	return a, b, true
}

// ownSecret takes what follows "my password is": any value but words
// that describe a password instead of being one.
func ownSecret(v string) (int, int, bool) {
	a, b, inner, _ := valueSpan(v, true)
	if len(inner) < 3 || placeholder(inner) {
		return 0, 0, false
	}
	switch strings.ToLower(inner) {
	case "required", "incorrect", "wrong", "expired", "invalid", "weak", "strong", "too", "not", "the", "a", "an",
		"still", "also", "now", "being", "set", "stored", "saved", "reset", "changed", "long", "short", "correct",
		"different", "same", "empty", "missing", "locked", "unknown", "secret", "safe", "in", "on", "at", "from", "my", "our":
		return 0, 0, false
	}
	return a, b, true
}

// codeRef matches a value that is code, not a secret: a call or an index
// of a name (getPassword(), os.environ["X"], cfg.get('token')).
var codeRef = regexp.MustCompile(`^[A-Za-z_][\w.]*[(\[]`)

// notSecretValue keeps values of secret-named keys that are plainly not
// secrets: placeholders, booleans, numbers, paths, code, and plain words
// (no digit or symbol), the last as gitleaks does. A quoted value may hold
// spaces (a passphrase); spaces alone do not make it a secret.
func notSecretValue(v string, quoted bool) bool {
	if placeholder(v) || len(v) < 6 || !utf8.ValidString(v) {
		return true
	}
	switch strings.ToLower(v) {
	case "true", "false", "null", "none", "nil", "undefined", "required", "optional", "redacted":
		return true
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/") {
		return true
	}
	if codeRef.MatchString(v) {
		return true
	}
	digits, other, spaces := 0, 0, 0
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == ' ':
			spaces++
		case unicode.IsLetter(r) || r == '_' || r == '.' || r == '-':
		default:
			other++
		}
	}
	if spaces > 0 && !quoted {
		return true
	}
	if digits+spaces == len(v) {
		return true
	}
	if digits == 0 && other == 0 {
		return true // a word, phrase or dotted name (cfg.Token, os.environ)
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

// argvContext is how much of the preceding string values of the same
// member (an argv array: ["curl", "-u", "admin:x"]) is put before a value
// so that command-line rules see the flag that introduces it.
const argvContext = 256

// JSON redacts compact JSON: the string values of secret-named members
// whole, every other string value by the text rules. Consecutive string
// values of one member (the elements of an argv array) are redacted with
// the ones before them as context, so "-p" then "x" is a flag and its value.
func JSON(s string, counts map[string]int) string {
	var (
		runKey string
		run    string // the redacted values of runKey so far, space-joined
	)
	out, ok := jsonscan.Rewrite(nil, []byte(s), func(key, v string) string {
		if secretKeyName(key) && !placeholder(v) {
			if counts != nil {
				counts[RuleSecretKey]++
			}
			runKey, run = "", ""
			return redacted(RuleSecretKey)
		}
		if key != runKey {
			runKey, run = key, ""
		}
		red := redactArg(run, v, counts)
		run += " " + red
		if len(run) > argvContext {
			run = run[len(run)-argvContext:]
		}
		return red
	})
	if !ok {
		return Text(s, counts)
	}
	return string(out)
}

// redactArg redacts v, seen after the already redacted context ctx. If a
// rule spans the two, v is redacted on its own instead.
func redactArg(ctx, v string, counts map[string]int) string {
	if ctx == "" || v == "" {
		return Text(v, counts)
	}
	ctx += " "
	local := map[string]int{}
	out := Text(ctx+v, local)
	if !strings.HasPrefix(out, ctx) {
		return Text(v, counts)
	}
	if counts != nil {
		for k, n := range local {
			counts[k] += n
		}
	}
	return out[len(ctx):]
}
