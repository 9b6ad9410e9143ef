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
	RuleAuthHeader     = "auth-header"
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
	// head, if set, is the part of an anchored rule before its value,
	// matched on a window of headWindow bytes; re then matches the value
	// where head ends (group 1). A long head (the many names of a
	// secret-named key) thus never runs over a whole window.
	head *regexp.Regexp
	// name, if set, replaces head: the identifier at the start must be
	// a secret name (checked in code, far cheaper than an alternation of
	// names tried at every offset), and head then matches after it.
	name_ func(ident string) bool
}

const headWindow = 192

var valueRe = regexp.MustCompile(`^` + value)

// split is an anchored rule whose pattern is head followed by a value.
func split(name string, hints []string, back func(string, int) int, pick func(string) (int, int, bool), head string) rule {
	return rule{name: name, hints: hints, fold: true, anchored: true, back: back, group: 1, pick: pick,
		head: regexp.MustCompile(`^(?i:` + head + `)`), re: valueRe}
}

const window = 512

var (
	privateKeyBegin = regexp.MustCompile(`-{4,5} ?BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)? ?-{4,5}`)
	privateKeyEnd   = regexp.MustCompile(`-{4,5} ?END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)? ?-{4,5}`)
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
	keyWords   = []string{"password", "passwd", "passphrase", "passcode", "passwort", "kennwort", "secret", "token", "key", "credential", "pass", "pwd", "pw", "salt", "psk"}
	proseWords = []string{"pass", "pwd", "pw", "psw", "psk", "secret", "token", "api", "access", "key", "credential"} // pass: password, passwd, passphrase, passcode too
	programs   = []string{"docker", "podman", "buildah", "skopeo", "nerdctl", "helm", "oras", "crane"}
)

// keySep is what joins a secret-named key to its value in env files, YAML,
// JSON, TOML, INI, properties and code: a closing quote or bracket of the
// name (os.environ["X"] = , ENV['X'] =), a type (token: string =, token
// string =), a C# property's accessors ({ get; set; } =), and the
// assignment itself (Ruby's ||=, C#'s ??=, R's <- too).
const keySep = `["'\x60]?\]?(?:[ \t]*:[ \t]*(?:string|str|String|&str|&'static str)|[ \t]+(?:string|\[\]byte))?(?:[ \t]*\{[ \t]*get;[^}\n]{0,30}\})?[ \t]*(?::=|=>|\?=|\|\|=|\?\?=|<-|=|:)[ \t]*`

func buildRules() []rule {
	// Order matters: an earlier rule's redaction is what a later one sees
	// (the OpenRouter key before the OpenAI one, vendor tokens before URL
	// credentials and headers, assignments last but prose).
	var rs []rule
	rs = append(rs, tokenRules()...)
	for _, t := range vendorTokens {
		if t.prefix == "sk-or-v1-" {
			continue // before the OpenAI rule, in tokenRules
		}
		rs = append(rs, token(t.name, t.prefix, t.rest))
	}
	rs = append(rs, vendorRules...)
	rs = append(rs, credentialRules()...)
	rs = append(rs, sqlRules()...)
	rs = append(rs, cliRules()...)
	rs = append(rs, assignmentRules()...)
	rs = append(rs, fileRules()...)
	return append(rs, proseRules()...)
}

// tokenRules are the rules for secrets recognised by their own shape: URL
// query secrets, the AWS console's CSV, key files and prefixed tokens.
func tokenRules() []rule {
	return []rule{
		// Secrets in URL queries: ?api_key=, &token=, ?sig=.
		// The fragment of an OAuth redirect (#access_token=) and an
		// authorization code (?code=), an Azure Function's key, a session id.
		rule{name: RuleURLQuerySecret, hints: []string{"key=", "token=", "secret=", "password=", "passwd=", "pwd=", "pass=", "signature=", "auth=", "jwt=", "credential="},
			fold: true, anchored: true, back: queryStart, group: 1, pick: queryValue,
			re: regexp.MustCompile(`^(?i:[?&#][A-Za-z0-9_.-]*?(?:key|token|secret|password|passwd|pwd|pass|signature|auth|jwt|credential)=([^&#\s"'<>\x60]+))`)},
		// An authorization code, an Azure Function's key, a session id: a
		// token-like value only (a playground's ?code= is source code).
		rule{name: RuleURLQuerySecret, hints: []string{"code=", "sid=", "session=", "sessionid=", "session_id="},
			fold: true, anchored: true, back: queryStart, group: 1, pick: tokenValue,
			re: regexp.MustCompile(`^(?i:[?&#](?:code|sid|session|sessionid|session_id)=([^&#\s"'<>\x60]+))`)},
		// The AWS console's credentials CSV: the password column of a
		// console user's row, and the secret after an access key id.
		rule{name: RuleAWSConsole, hints: []string{"signin.aws.amazon.com"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`([^,\s]+),(?:[A-Z0-9]{20},[A-Za-z0-9/+]{40},)?https://[0-9a-z-]+\.signin\.aws\.amazon\.com`)},
		rule{name: RuleAWSSecretKey, hints: []string{"AKIA", "ASIA"}, group: 1, pick: awsSecret,
			re: regexp.MustCompile(`(?:AKIA|ASIA)[A-Z2-7]{16}["']?[ \t]*[,;\t|][ \t]*["']?([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)`)},
		// PuTTY private keys: the lines after Private-Lines.
		rule{name: RulePuTTYKey, hints: []string{"Private-Lines:"}, group: 1,
			re: regexp.MustCompile(`Private-Lines:\s*[0-9]+\s+((?:[A-Za-z0-9+/=]+\s+)*?[A-Za-z0-9+/=]+)(?:\s+Private-MAC|\s*$)`)},
		// kubeconfig client-key-data (a base64 PEM key).
		at(RuleKubeconfigKey, []string{"client-key-data"}, 1, nil, `client-key-data["']?[ \t]*:[ \t]*["']?([A-Za-z0-9+/=]{16,})`),

		token(RuleAnthropicKey, "sk-ant-", `[a-z]{2,10}[0-9]{2}-[A-Za-z0-9_-]{20,}`),
		token(RuleAIKey, "sk-or-v1-", `[a-f0-9]{48,}`),
		token(RuleOpenAIKey, "sk-", `(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{32,})`),
		token(RuleGitHubToken, "gh", `[pousr]_[A-Za-z0-9]{36,255}`),
		token(RuleGitHubToken, "github_pat_", `[A-Za-z0-9_]{22,255}`),
		token(RuleGitLabToken, "gl", `(?:pat|dt|ptt|rt|cbt|soat|ffct|oas|imt|ft|agent)-[A-Za-z0-9_-]{20,}(?:\.[0-9a-z]{2}\.?[0-9a-z]{7,})?`),
		token(RuleGitLabToken, "_gitlab_session=", `[0-9a-z]{32}`),
		token(RuleNPMToken, "npm_", `[A-Za-z0-9]{36}`),
		token(RulePyPIToken, "pypi-", `AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`),
		token(RuleSlackToken, "xox", `[abposer](?:\.xox[bp])?-[0-9]+-[A-Za-z0-9-]{6,}`),
		token(RuleSlackToken, "xapp-", `[0-9]-[A-Z0-9]{6,}-[0-9]{6,}-[A-Za-z0-9]{20,}`),
		rule{name: RuleSlackWebhook, hints: []string{"hooks.slack.com/"},
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
	}
}

// credentialRules are URL credentials, AWS keys, JWTs and the secrets of
// HTTP headers.
func credentialRules() []rule {
	return []rule{
		// URL credentials of any shape: an empty user (redis://:pw@), an
		// @ inside the password (the authority ends at its last @), a
		// token as the user (https://ghp_x@, a Sentry DSN's key).
		rule{name: RuleURLCredentials, hints: []string{"://"}, anchored: true, back: schemeStart, group: 1, pick: urlUserinfo,
			re: regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://([^\s/"'<>\[\]]*)@[A-Za-z0-9\[]`)},
		rule{name: RuleAWSAccessKey, hints: []string{"A3T", "AKIA", "ASIA", "ABIA", "ACCA"}, bound: true,
			re: regexp.MustCompile(`(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}`)},
		at(RuleAzureKey, []string{"accountkey=", "sharedaccesskey="}, 1, nil, `(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})`),
		token(RuleJWT, "eyJ", `[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*`),

		at(RuleBearerToken, []string{"bearer"}, 1, bearerToken, `bearer\s+([A-Za-z0-9._~+/-]{16,}=*)`),
		at(RuleBasicAuth, []string{"authorization"}, 1, nil, `authorization["']?\s*[:=]\s*["']?basic\s+([A-Za-z0-9+/]{8,}=*)`),
		at(RuleAuthHeader, []string{"authorization"}, 1, bearerToken,
			`authorization["']?\s*[:=]\s*["']?(?:token|bot|apikey|api-key|sso-key|ssws|key|otoken|dsn|splunk|genieKey)\s+([A-Za-z0-9._~+/=:-]{12,})`),
		rule{name: RuleAPIKeyHeader, hints: []string{"x-", "api-key", "apikey", "private-token", "ocp-apim", "auth-token", "access-token", "circle-token", "travis-api-token", "application-key"}, fold: true, anchored: true,
			back: identStart, group: 1, pick: headerValue,
			re: regexp.MustCompile(`^(?i:(?:x-[a-z0-9-]*?(?:api-?key|token|auth|secret|key|password|signature)|[a-z0-9-]*api-?key|private-token|ocp-apim-subscription-key|auth-token|access-token|circle-token|travis-api-token|[a-z0-9-]*application-key)["']?[ \t]*:[ \t]*["']?([A-Za-z0-9._~+/=:-]{8,}))`)},

		at(RuleAWSSecretKey, []string{"aws"}, 1, cliValue,
			`aws[ \t]+configure[ \t]+set[ \t]+(?:[\w-]+\.)?(?:aws_secret_access_key|aws_session_token)[ \t]+`+value),
		at(RuleAWSSecretKey, []string{"aws", "secret"}, 1, awsSecret,
			`(?:aws[^\n]{0,60}?secret|secret[^\n]{0,60}?aws)[^\n]{0,60}?[^A-Za-z0-9/+]([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)`),
	}
}

// assignmentRules are secrets given to a secret-named key: .netrc, env and
// config assignments, code and markup.
func assignmentRules() []rule {
	return []rule{
		// .netrc: machine host login user password secret.
		at(RuleNetrc, []string{"machine", "default"}, 1, cliValue,
			`(?:machine[ \t]+\S+|default)(?:\s+(?:login|account)[ \t]+\S+)+\s+password[ \t]+`+value),
		// Assignments to secret-named keys: PASSWORD=x, "api_key": "x",
		// SECRET_KEY_BASE: x, const apiKey: string = "x", ENV['X'] = 'x'.
		withName(withMore(split(RuleSecretKey, append(keyWords, "cookie"), identStart, assigned, keySep), moreWords), secretIdent),
		// A random-looking literal given to an SDK's client:
		// cohere.Client("X"), new Groq("X").
		{name: RuleSecretKey, hints: []string{"t(\"", "t('"}, fold: true, anchored: true, back: identStart, group: 1, pick: strongRandom,
			re: regexp.MustCompile(`^(?i:[A-Za-z0-9_.]*client\((?:[^()\n]{0,80},)?[ \t]*["']([A-Za-z0-9_+/=.~-]{32,})["'])`)},
		// Any *_KEY of an environment or config file, when its value is
		// random-looking (CACHE_KEY=user keeps).
		withName(split(RuleSecretKey, []string{"_key", "-key", ".key"}, identStart, randomValue, keySep), anyKeyIdent),
		// A name holding a vendor's (ALGOLIA_ADMIN, heroku_api, okta),
		// when its value is random-looking.
		withName(split(RuleVendorKeyed, vendorWords, identStart, randomValue, keySep), vendorIdent),
		// Secrets passed to code by name or beside a user: os.Setenv("API_KEY",
		// "x"), System.setProperty("db.password", "x"), new
		// NetworkCredential("u", "x"), auth=("u", "x"), server.login(u, "x"),
		// DriverManager.getConnection(url, "u", "x"), btoa("u:x").
		{name: RuleSecretKey, hints: []string{"setenv(", "putenv(", "setproperty(", "environmentvariable(", "setdefault("}, fold: true, anchored: true,
			back: identStart, pick: callNamedValue, re: callNamed},
		{name: RuleSecretKey, hints: []string{"credential(", "credentials(", "auth(", "auth=(", "auth = (", "login(", "authentication("}, fold: true, anchored: true,
			back: identStart, group: 1, pick: assigned,
			re: regexp.MustCompile(`^(?i:[A-Za-z0-9_.]*?(?:credentials?|auth|login|authentication)[ \t]*(?:=[ \t]*)?\([ \t]*(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_.\[\]]+)[ \t]*,[ \t]*("[^"\n]+"|'[^'\n]+'))`)},
		at(RuleSecretKey, []string{"getconnection("}, 1, assigned,
			`getconnection\([ \t]*[^,()\n]+,[ \t]*(?:"[^"\n]*"|[A-Za-z0-9_.]+)[ \t]*,[ \t]*("[^"\n]+"|'[^'\n]+')`),
		{name: RuleSecretKey, hints: []string{"btoa(", "b64encode(", "encodetostring(", "base64_encode(", "encode64("}, fold: true, anchored: true,
			back: identStart, group: 1, pick: assigned,
			re: regexp.MustCompile(`^(?i:[A-Za-z0-9_.]*?(?:btoa|b64encode|encodetostring|base64_encode|encode64)\([ \t]*(?:\[\]byte\()?b?["'][^"':\s]+:([^"'\n]+)["'])`)},
		// PHP define('AUTH_KEY', 'x'), XML <password>x</password> and
		// <add key="Password" value="x"/>, setPassword("x").
		at(RuleSecretKey, []string{"define("}, 1, assigned,
			`define\([ \t]*['"][A-Z0-9_]*(?:KEY|SALT|PASSWORD|SECRET|TOKEN|PASS)['"][ \t]*,[ \t]*`+value),
		rule{name: RuleSecretKey, hints: []string{"password>", "passwd>", "secret>", "token>", "apikey>", "api_key>", "passphrase>"}, fold: true, anchored: true,
			back: tagStart, group: 1, pick: quotedAssigned,
			re: regexp.MustCompile(`^(?i:<[A-Za-z0-9_.:-]*(?:password|passwd|secret|token|apikey|api_key|passphrase)>([^<\n]{1,200})</)`)},
		at(RuleSecretKey, []string{"key="}, 1, quotedAssigned,
			`key=["'][^"'\n]*(?:password|passwd|secret|token|apikey|api_key)[^"'\n]*["'][ \t]+value=["']([^"'\n]+)["']`),
		rule{name: RuleSecretKey, hints: []string{"password(", "secret(", "token(", "apikey(", "passwd("}, fold: true, anchored: true,
			back: identStart, group: 1, pick: assigned,
			re: regexp.MustCompile(`^(?i:[A-Za-z0-9_.]*(?:password|passwd|secret|token|apikey)\([ \t]*("[^"\n]+"|'[^'\n]+'))`)},
	}
}

var rules = buildRules()

func withName(r rule, name func(string) bool) rule {
	r.name_ = name
	return r
}

// identEnd is the end of the identifier that starts at i.
func identEnd(s string, i int) int {
	for i < len(s) && (wordByte(s[i]) || s[i] == '.' || s[i] == '-') {
		i++
	}
	return i
}

// secretEndings end the names of secret-named keys, whatever comes before
// them (PGPASSWORD, db.password, SECRET_KEY_BASE less its _base).
var secretEndings = []string{"password", "passwd", "passphrase", "passcode", "passwort", "kennwort", "secret", "token",
	"credential", "credentials", "apikey", "api_key", "api-key", "authkey", "auth_key", "auth-key", "salt",
	"keydata", "key_data", "key-data", "private_key_id", "privatekeyid", "erlang_cookie", "erlangcookie", "connectionstring", "connection_string", "connection-string", "psk"}

// keyKinds are the words that make a name ending in key a secret's
// (ENCRYPTION_KEY, APP_KEY, signingKey).
var keyKinds = []string{"access", "private", "secret", "encryption", "encrypt", "app", "master", "signing", "sign", "session",
	"client", "consumer", "license", "licence", "service", "account", "storage", "subscription", "admin", "deploy", "hmac",
	"jwt", "crypt", "cipher", "shared", "root", "webhook", "ssh", "gpg", "pgp", "api", "sas", "bot", "integration", "auth"}

// secretIdent reports whether the lower-case identifier id names a secret.
func secretIdent(id string) bool {
	if secretCore(id) {
		return true
	}
	for _, suf := range []string{"base64", "base", "b64", "value", "str"} {
		if rest, ok := strings.CutSuffix(id, suf); ok && rest != "" {
			rest = strings.TrimRight(rest, "_.-")
			if rest != "" && secretCore(rest) {
				return true
			}
		}
	}
	return false
}

func secretCore(id string) bool {
	for _, w := range secretEndings {
		if strings.HasSuffix(id, w) {
			return true
		}
	}
	if rest, ok := strings.CutSuffix(id, "key"); ok {
		rest = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(rest, "_"), "-"), ".")
		for _, k := range keyKinds {
			if strings.HasSuffix(rest, k) {
				return true
			}
		}
	}
	for _, w := range []string{"pass", "pwd", "pw"} {
		if rest, ok := strings.CutSuffix(id, w); ok && (rest == "" || strings.IndexByte("_.-", rest[len(rest)-1]) >= 0) {
			return true
		}
	}
	return false
}

// anyKeyIdent reports a name that ends in a separated key (CACHE_KEY).
func anyKeyIdent(id string) bool {
	rest, ok := strings.CutSuffix(id, "key")
	return ok && rest != "" && strings.IndexByte("_.-", rest[len(rest)-1]) >= 0
}

func withMore(r rule, more func(string, int, int) int) rule {
	r.more = more
	return r
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

// queryStart moves back from a keyword to the ?, & or # that starts its
// query or fragment parameter.
func queryStart(s string, i int) int {
	j := identStart(s, i)
	if j > 0 && (s[j-1] == '?' || s[j-1] == '&' || s[j-1] == '#') {
		return j - 1
	}
	return j
}

// tagStart moves back from a keyword to the < of its XML tag.
func tagStart(s string, i int) int {
	j := i
	for j > 0 && i-j < 64 {
		c := s[j-1]
		if c == '<' {
			return j - 1
		}
		if !(wordByte(c) || c == '.' || c == '-' || c == ':') {
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
		if !slices.Contains(names, r.name) {
			names = append(names, r.name)
		}
	}
	return names
}

func redacted(name string) string { return "[REDACTED:" + name + "]" }

// Text returns s with every secret the rules find replaced, adding the
// number of replacements per rule to counts (which may be nil).
//
// One pass over s finds which rules have a hint in it (see hintIndex);
// only those run, so text without any keyword or vendor prefix costs that
// pass alone.
func Text(s string, counts map[string]int) string {
	if s == "" {
		return s
	}
	s = redactPrivateKeys(s, counts)
	var hitBuf [maxRules]bool
	hit := hitBuf[:len(rules)]
	if !hints.scan(s, hit) {
		return s
	}
	lower, lowered := "", false
	for i := range rules {
		if !hit[i] {
			continue
		}
		r := &rules[i]
		if !lowered {
			lower, lowered = asciiLower(s), true
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

// hintRef is one hint of one rule.
type hintRef struct {
	hint string
	fold bool
	rule int
}

// hintIndex finds, in one pass, which rules have a hint in a text: each
// pair of adjacent bytes indexes a table of the hints that start with it
// (in every case for case-folded hints), and a bucket's set of third
// bytes turns most pairs of ordinary words away before any hint of the
// bucket is compared (the vendors' names start with the pairs of
// everyday English).
type hintIndex struct {
	has     [1 << 13]uint8  // bit per byte pair: some hint starts with it (8 KiB, stays in L1)
	table   [1 << 16]uint16 // byte pair → bucket index + 1
	buckets [][]hintRef
	third   [][4]uint64 // per bucket: the bytes that follow the pair in its hints (all, for a hint of two bytes)
}

var hints = newHintIndex(rules)

// maxRules bounds the rules, so that Text's record of which have a hint
// lives on its stack.
const maxRules = 320

func newHintIndex(rs []rule) *hintIndex {
	if len(rs) > maxRules {
		panic("redact: more rules than Text's hit buffer")
	}
	x := &hintIndex{}
	add := func(c0, c1 byte, h hintRef) {
		k := uint16(c0)<<8 | uint16(c1)
		if x.table[k] == 0 {
			x.buckets = append(x.buckets, nil)
			x.third = append(x.third, [4]uint64{})
			x.table[k] = uint16(len(x.buckets))
			x.has[k>>3] |= 1 << (k & 7)
		}
		b := x.table[k] - 1
		x.buckets[b] = append(x.buckets[b], h)
		if len(h.hint) == 2 {
			x.third[b] = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
			return
		}
		c := h.hint[2]
		x.third[b][c>>6] |= 1 << (c & 63)
		if h.fold && c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
			x.third[b][c>>6] |= 1 << (c & 63)
		}
	}
	cases := func(c byte, fold bool) []byte {
		if fold && c >= 'a' && c <= 'z' {
			return []byte{c, c - 'a' + 'A'}
		}
		return []byte{c}
	}
	for i, r := range rs {
		for _, h := range r.hints {
			if len(h) < 2 {
				panic("redact: a hint needs two bytes")
			}
			for _, a := range cases(h[0], r.fold) {
				for _, b := range cases(h[1], r.fold) {
					add(a, b, hintRef{hint: h, fold: r.fold, rule: i})
				}
			}
		}
	}
	return x
}

// scan marks in hit the rules with a hint in s, and reports whether any
// has one.
func (x *hintIndex) scan(s string, hit []bool) bool {
	any := false
	for i := 0; i+1 < len(s); i++ {
		k := uint16(s[i])<<8 | uint16(s[i+1])
		if x.has[k>>3]&(1<<(k&7)) == 0 {
			continue
		}
		b := x.table[k] - 1
		if i+2 < len(s) {
			if c := s[i+2]; x.third[b][c>>6]&(1<<(c&63)) == 0 {
				continue
			}
		}
		for _, h := range x.buckets[b] {
			if hit[h.rule] || len(s)-i < len(h.hint) {
				continue
			}
			w := s[i : i+len(h.hint)]
			if w == h.hint || h.fold && asciiEqualFold(w, h.hint) {
				hit[h.rule] = true
				any = true
			}
		}
	}
	return any
}

// asciiEqualFold compares w with the lower-case hint h, folding A-Z only
// (as asciiLower does, so offsets agree).
func asciiEqualFold(w, h string) bool {
	for i := 0; i < len(h); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != h[i] {
			return false
		}
	}
	return true
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
		if a >= e || strings.Contains(s[a:e], "[REDACTED") {
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
				if i = r.back(s, i); i < 0 {
					continue // not where the rule applies
				}
			}
			if i > 0 && wordByte(s[i-1]) && wordByte(s[i]) {
				continue // inside a word
			}
			if strings.HasSuffix(s[:i], "[REDACTED:") {
				continue // a rule name in a marker, not a key
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
		var a, e int
		if r.head != nil {
			hs := st
			if r.name_ != nil {
				hs = identEnd(s, st)
				if hs == st || hs-st > 96 || !r.name_(lower[st:hs]) {
					continue
				}
			}
			h := r.head.FindStringIndex(s[hs:min(len(s), hs+headWindow)])
			if h == nil {
				continue
			}
			vs := hs + h[1]
			m := r.re.FindStringSubmatchIndex(s[vs:min(len(s), vs+window)])
			if m == nil || m[2] < 0 {
				continue
			}
			a, e = vs+m[2], vs+m[3]
		} else {
			m := r.re.FindStringSubmatchIndex(s[st:min(len(s), st+window)])
			if m == nil || m[2*r.group] < 0 {
				continue
			}
			a, e = st+m[2*r.group], st+m[2*r.group+1]
		}
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
		if a >= e || a < last || strings.Contains(s[a:e], "[REDACTED") {
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
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "{{"), strings.HasPrefix(v, "<"), printfVerb.MatchString(v):
		return true
	}
	if strings.Trim(v, "*xX.-_•") == "" || strings.HasSuffix(v, "...") || strings.HasSuffix(v, "…") {
		return true
	}
	switch l := strings.ToLower(v); {
	case slices.Contains(placeholderWords, l),
		strings.HasPrefix(l, "your") && len(l) > 4 && strings.IndexByte("_- ", l[4]) >= 0,
		strings.HasSuffix(l, "_here") || strings.HasSuffix(l, "-here"),
		strings.HasPrefix(l, "{") && strings.HasSuffix(l, "}"),
		strings.HasPrefix(l, "%(") && strings.HasSuffix(l, ")s"),
		strings.HasPrefix(l, "enc[") || yamlTag.MatchString(l): // !vault, !secret, !ref
		return true
	}
	return false
}

// yamlTag matches a YAML tag that stands for a value kept elsewhere.
var yamlTag = regexp.MustCompile(`^![a-z_]+$`)

// printfVerb matches a format verb (%s, %-8v, %(password)s) or a Windows
// variable (%DB_PASSWORD%).
var printfVerb = regexp.MustCompile(`^%(?:[-+ #0-9.]*[sdvqxXfw]|\([A-Za-z_]+\)[sdr]|[A-Za-z_][A-Za-z0-9_]*%)$`)

// placeholderWords stand for a secret in examples and templates.
var placeholderWords = []string{"changeme", "change_me", "change-me", "changeit", "replace_me", "replaceme", "replace-me",
	"password", "secret", "mysecret", "yoursecret", "yourpassword", "mypassword", "token", "mytoken", "apikey", "api_key",
	"example", "redacted", "todo", "tbd", "fixme", "dummy", "placeholder", "none", "null", "nil", "empty", "hidden", "masked",
	"<redacted>", "[redacted]", "***", "xxx", "pass", "pw", "foo", "bar", "foobar", "test", "sample"}

// urlUserinfo takes the password of a URL's user information (what
// follows the first colon; the user may be empty), or the user alone when
// it is a token: a Sentry DSN's key, https://ghp_x@github.com.
func urlUserinfo(v string) (int, int, bool) {
	if i := strings.IndexByte(v, ':'); i >= 0 {
		pw := v[i+1:]
		if placeholder(pw) || strings.HasPrefix(pw, "[REDACTED") {
			return 0, 0, false
		}
		return i + 1, len(v), true
	}
	if len(v) >= 20 && !placeholder(v) && mixedAlnum(v) {
		return 0, len(v), true
	}
	return 0, 0, false
}

// mixedAlnum reports a random-looking run: letters and digits both, and
// no separators but _ and -.
func mixedAlnum(v string) bool {
	letter, digit := false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letter = true
		case c == '_' || c == '-':
		default:
			return false
		}
	}
	return letter && digit
}

// queryValue takes a URL query parameter's value: any not plainly a
// non-secret, or a long one even of letters only.
func queryValue(v string) (int, int, bool) {
	if placeholder(v) || strings.HasPrefix(v, "[REDACTED") {
		return 0, 0, false
	}
	if len(v) >= 16 || !notSecretValue(v, false) {
		return 0, len(v), true
	}
	return 0, 0, false
}

// tokenValue takes a token-like value: 12 to 256 characters of base64,
// base64url or hex, letters and digits both.
func tokenValue(v string) (int, int, bool) {
	if len(v) < 12 || len(v) > 256 || strings.Trim(v, tokenChars) != "" || placeholder(v) {
		return 0, 0, false
	}
	return mixedValue(v)
}

// headerValue takes the value of an x-api-key style header.
func headerValue(v string) (int, int, bool) {
	if placeholder(v) || strings.HasPrefix(v, "[REDACTED") || notSecretValue(v, false) {
		return 0, 0, false
	}
	return 0, len(v), true
}

// randomValue takes the value of a *_KEY name only when it looks random:
// sixteen characters or more mixing letters and digits, no spaces.
func randomValue(v string) (int, int, bool) {
	a, b, inner, _ := valueSpan(v, false)
	if len(inner) < 16 || placeholder(inner) || strings.Trim(inner, tokenChars) != "" || codeRef.MatchString(inner) {
		return 0, 0, false
	}
	up, low, dig := false, false, false
	for i := 0; i < len(inner); i++ {
		c := inner[i]
		up = up || c >= 'A' && c <= 'Z'
		low = low || c >= 'a' && c <= 'z'
		dig = dig || c >= '0' && c <= '9'
	}
	if !dig || !(up || low) {
		return 0, 0, false
	}
	return a, b, true
}

// tokenChars are the characters of random keys (base64, base64url, hex).
const tokenChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_.~-"

// quotedAssigned is assigned for a value a delimiter bounds (an XML
// element, an attribute), which may hold spaces.
func quotedAssigned(v string) (int, int, bool) {
	t := strings.TrimSpace(v)
	if notSecretValue(t, true) {
		return 0, 0, false
	}
	a := strings.Index(v, t)
	return a, a + len(t), true
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
		if r, n := utf8.DecodeLastRuneInString(v); strings.ContainsRune(closingQuotes, r) {
			v = v[:len(v)-n]
			continue
		}
		c := v[len(v)-1]
		switch c {
		case '.', ',', ';', ':':
		case '?':
			if !sentence {
				return v
			}
		case '!':
			if !sentence || len(v) > 1 && wordByte(v[len(v)-2]) && strings.ContainsAny(v, "0123456789") {
				return v // a password may end in '!' (Sup3r!), and then it is kept with it
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

// closingQuotes are the closing quotation marks of prose (and the
// openings that close in German), trimmed from the end of a value.
const closingQuotes = "»«“”‘’›‹」』"

// cliValue takes a command-line argument: unquoted, and not a placeholder,
// another flag, and ending where a shell operator does ("-p x&" is x).
func cliValue(v string) (int, int, bool) {
	a, b, inner, quoted := valueSpan(v, false)
	if !quoted {
		if i := strings.IndexAny(inner, "&|;<>"); i >= 0 {
			inner = inner[:i] // the shell ends the word there
			b = a + len(inner)
		}
	}
	if inner == "" || placeholder(inner) || strings.IndexByte("-(", inner[0]) >= 0 || passSource.MatchString(inner) {
		return 0, 0, false
	}
	return a, b, true
}

// passSource matches where OpenSSL and its kin are told to read a
// password (env:VAR, file:path, fd:3, stdin), not a password.
var passSource = regexp.MustCompile(`^(?:env|file|fd):\S+$|^stdin$`)

// assigned takes the value of a secret-named key, unless it is plainly not a
// secret (see notSecretValue). An unquoted value may be several words
// (moreWords).
func assigned(v string) (int, int, bool) {
	a, b, inner, quoted := valueSpan(v, false)
	if !quoted {
		// A connection string: Password=x;Encrypt=true ends at ;Name=.
		if m := nextSetting.FindStringIndex(inner); m != nil {
			inner = inner[:m[0]]
			b = a + len(inner)
		}
	}
	if notSecretValue(inner, quoted || strings.IndexByte(inner, ' ') >= 0) {
		return 0, 0, false
	}
	return a, b, true
}

// callNamed matches a call that sets a named value: group 1 the name,
// group 2 the value.
var callNamed = regexp.MustCompile(`^(?i:[A-Za-z0-9_.]*?(?:setenv|putenv|setproperty|setenvironmentvariable|setdefault)\([ \t]*["']([A-Za-z0-9_.-]+)["'][ \t]*,[ \t]*` + value + `)`)

// callNamedValue takes the value a call sets when its name is a secret's.
func callNamedValue(v string) (int, int, bool) {
	m := callNamed.FindStringSubmatchIndex(v)
	if m == nil || !secretIdent(strings.ToLower(v[m[2]:m[3]])) {
		return 0, 0, false
	}
	a, b, ok := assigned(v[m[4]:m[5]])
	return m[4] + a, m[4] + b, ok
}

// nextSetting is the start of the next setting of a connection string.
var nextSetting = regexp.MustCompile(`[;,][A-Za-z][A-Za-z _]*=`)

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
	if relPath.MatchString(w) {
		return false
	}
	for _, r := range w {
		if r >= '0' && r <= '9' || !unicode.IsLetter(r) && r != '_' && r != '.' && r != '-' {
			return true
		}
	}
	return false
}

// relPath matches a relative path of words (bin/rails, src/app.ts).
var relPath = regexp.MustCompile(`^[A-Za-z_.-]+(?:/[A-Za-z_.-]+)+/?$`)

// prose takes what follows "password is": as assigned, but a quoted
// phrase also needs a digit or symbol.
func prose(v string) (int, int, bool) {
	a, b, inner, quoted := valueSpan(v, true)
	if notSecretValue(inner, quoted) {
		return 0, 0, false
	}
	return a, b, true
}

// ownSecret takes what follows "my password is": any value but words
// that describe a password instead of being one.
func ownSecret(v string) (int, int, bool) {
	a, b, inner, _ := valueSpan(v, true)
	if len(inner) < 3 || placeholder(inner) || codeRef.MatchString(inner) {
		return 0, 0, false
	}
	if slices.Contains(descriptive, strings.ToLower(inner)) {
		return 0, 0, false
	}
	return a, b, true
}

// codeRef matches a value that is code, not a secret: a call or an index
// of a name (getPassword(), os.environ["X"], cfg.get('token')).
var codeRef = regexp.MustCompile(`^[A-Za-z_][\w.]*[(\[]`)

// dotted matches a dotted name of code (C.NL80211_PSK, settings.API_KEY).
var dotted = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`)

// receivers are the first names of references to settings in code.
var receivers = []string{"c", "self", "this", "cls", "config", "cfg", "conf", "settings", "env", "os", "process", "options",
	"opts", "params", "args", "secrets", "vars", "ctx", "app", "props", "consts", "constants"}

// constRef reports a value that names a constant or a setting of code:
// a dotted name whose last part is in CONSTANT_CASE, or whose first is a
// receiver of settings.
func constRef(v string) bool {
	if !dotted.MatchString(v) {
		return false
	}
	first, last := v[:strings.IndexByte(v, '.')], v[strings.LastIndexByte(v, '.')+1:]
	return strings.ToUpper(last) == last && strings.ContainsAny(last, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && (len(last) >= 4 || strings.Contains(last, "_")) ||
		slices.Contains(receivers, strings.ToLower(first))
}

// notSecretValue keeps values of secret-named keys that are plainly not
// secrets: placeholders, booleans, numbers, paths, code, and plain words
// (no digit or symbol), the last as gitleaks does. A quoted value may hold
// spaces (a passphrase); spaces alone do not make it a secret.
func notSecretValue(v string, quoted bool) bool {
	if placeholder(v) || len(v) < 6 || !utf8.ValidString(v) {
		return true
	}
	if quoted && strings.IndexByte(";,)", v[0]) >= 0 && v[1] == ' ' {
		return true // "password:"; send "x": quotes that close one string of code and open the next
	}
	switch strings.ToLower(v) {
	case "true", "false", "null", "none", "nil", "undefined", "required", "optional", "redacted":
		return true
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/") {
		return true
	}
	if strings.HasPrefix(v, "pk_live_") || strings.HasPrefix(v, "pk_test_") || strings.HasPrefix(v, "pk.eyJ") {
		return true // a publishable key (Stripe, Mapbox) is public by design
	}
	if codeRef.MatchString(v) || constRef(v) || strings.HasPrefix(v, "new ") {
		return true // code: a call, a constant, a constructor
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

// argvContext is how much of the neighbouring string values of the same
// member (an argv array: ["curl", "-u", "admin:x"]) is put around a value
// so that command-line and prose rules see the flag or cue that
// introduces it, before or after ("echo 'u:x' | chpasswd").
const argvContext = 256

// jsonValue is one string value of a JSON document and its member name.
type jsonValue struct{ key, v string }

// JSON redacts compact JSON: the string values of secret-named members
// whole, every other string value by the text rules. Consecutive string
// values of one member (the elements of an argv array) are redacted with
// their neighbours as context, so "-p" then "x" is a flag and its value,
// and "x" then "as the password" is a secret.
func JSON(s string, counts map[string]int) string {
	var vals []jsonValue
	if _, ok := jsonscan.Rewrite(nil, []byte(s), func(key, v string) string {
		vals = append(vals, jsonValue{key, v})
		return v
	}); !ok {
		return Text(s, counts)
	}
	var (
		runKey string
		run    string // the redacted values of runKey so far, space-joined
		k      int
	)
	out, ok := jsonscan.Rewrite(nil, []byte(s), func(key, v string) string {
		i := k
		k++
		if rule := secretMember(vals, i); rule != "" {
			if counts != nil {
				counts[rule]++
			}
			runKey, run = "", ""
			return redacted(rule)
		}
		if key != runKey {
			runKey, run = key, ""
		}
		red := redactArg(run, v, after(vals, i), counts)
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

// secretMember returns the rule that takes string value i whole, "" if
// none: a secret-named member, the value of a name/value pair whose name
// is a secret's ({"name": "DB_PASSWORD", "value": "x"}, CloudFormation's
// ParameterKey and ParameterValue), a Docker config's auth.
func secretMember(vals []jsonValue, i int) string {
	key, v := vals[i].key, vals[i].v
	if placeholder(v) {
		return ""
	}
	if secretKeyName(key) {
		return RuleSecretKey
	}
	switch strings.ToLower(key) {
	case "value", "parametervalue":
		if i > 0 {
			switch strings.ToLower(vals[i-1].key) {
			case "name", "key", "parameterkey":
				if secretIdent(strings.ToLower(vals[i-1].v)) && !notSecretValue(v, true) {
					return RuleSecretKey
				}
			}
		}
	case "auth":
		if _, _, ok := dockerAuth(v); ok {
			return RuleDockerAuth
		}
	}
	return ""
}

// after is the context after value i: the next values of its member,
// each redacted alone, space-joined, at most argvContext bytes.
func after(vals []jsonValue, i int) string {
	var b strings.Builder
	for j := i + 1; j < len(vals) && vals[j].key == vals[i].key && b.Len() < argvContext; j++ {
		if secretKeyName(vals[j].key) {
			break
		}
		v := vals[j].v
		if room := argvContext - b.Len(); len(v) > room {
			v = cutRunes(v, room) // context only: a huge value is not redacted whole for it
		}
		b.WriteString(Text(v, nil))
		b.WriteByte(' ')
	}
	a := strings.TrimSuffix(b.String(), " ")
	if len(a) > argvContext {
		a = cutRunes(a, argvContext)
	}
	return a
}

// cutRunes is the longest prefix of s of at most n bytes that ends at a
// rune boundary.
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// redactArg redacts v between the already redacted context before and the
// context after. If a rule spans v and its context, v is redacted with
// less context, and at last whole, so that nothing of it passes.
func redactArg(before, v, aft string, counts map[string]int) string {
	if v == "" {
		return v
	}
	pre, post := "", ""
	if before != "" {
		pre = before + " "
	}
	if aft != "" {
		post = " " + aft
	}
	if pre == "" && post == "" {
		return Text(v, counts)
	}
	local := map[string]int{}
	out := Text(pre+v+post, local)
	if strings.HasPrefix(out, pre) && strings.HasSuffix(out, post) && len(out) >= len(pre)+len(post) {
		merge(counts, local)
		return out[len(pre) : len(out)-len(post)]
	}
	if strings.HasPrefix(out, pre+v+" ") {
		return v // what changed lies in the context after v alone
	}
	// A rule spans the context and v: try each side alone.
	for _, c := range [][2]string{{pre, ""}, {"", post}} {
		local = map[string]int{}
		out = Text(c[0]+v+c[1], local)
		if strings.HasPrefix(out, c[0]) && strings.HasSuffix(out, c[1]) && len(out) >= len(c[0])+len(c[1]) {
			mid := out[len(c[0]) : len(out)-len(c[1])]
			if mid != v {
				merge(counts, local)
				return mid
			}
		}
	}
	alone := Text(v, counts)
	if alone != v {
		return alone
	}
	// Only a rule across v and its neighbours finds it: v is part of a
	// secret (a passphrase split into words).
	if counts != nil {
		counts[RuleSecretKey]++
	}
	return redacted(RuleSecretKey)
}

func merge(counts, local map[string]int) {
	if counts == nil {
		return
	}
	for k, n := range local {
		counts[k] += n
	}
}
