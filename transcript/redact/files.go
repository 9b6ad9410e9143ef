package redact

import (
	"encoding/base64"
	"regexp"
	"strings"
)

// Secrets of credential files and of the settings formats that name a
// secret apart from its value: .pgpass lines, the auth of a Docker
// config.json or an .npmrc, htpasswd and shadow password hashes, session
// cookies, name/value pairs (Kubernetes env, ECS task definitions,
// CloudFormation parameters) and space-separated config lines (msmtp,
// redis.conf, Chef).
const (
	RulePasswordHash  = "password-hash"
	RulePgpass        = "pgpass-password"
	RuleDockerAuth    = "docker-config-auth"
	RuleSessionCookie = "session-cookie"
)

func fileRules() []rule {
	return []rule{
		// htpasswd and /etc/shadow: user:hash in a crypt format
		// ($apr1$, bcrypt, SHA-crypt, yescrypt, argon2) or {SHA}.
		{name: RulePasswordHash, hints: []string{"$apr1$", "$2a$", "$2b$", "$2y$", "$1$", "$5$", "$6$", "$y$", "$argon2", "{sha}", "{ssha}"},
			fold: true, group: 1,
			re: regexp.MustCompile(`(?:^|[\s"'])[A-Za-z0-9_.@-]+:((?:\$(?:apr1|2[aby]|[156y]|argon2(?:id|i|d))\$[./A-Za-z0-9$=,+]{20,}|\{S?SHA\}[A-Za-z0-9+/]{20,}={0,2}))`)},
		// .pgpass: hostname:port:database:username:password, one a line.
		{name: RulePgpass, hints: []string{":5432:", ":5433:", ":6432:", ":*:", "pgpass"}, group: 1, pick: pgpassValue,
			re: regexp.MustCompile(`(?m)(?:^|[\s"'])[A-Za-z0-9_.*-]+:(?:[0-9]{2,5}|\*):[^\s:]+:[^\s:]+:([^\s"']+)`)},
		// A Docker config.json's auth (base64 of user:password), an
		// .npmrc's _auth.
		at(RuleDockerAuth, []string{`"auth"`}, 1, dockerAuth, `"auth"[ \t]*:[ \t]*"([A-Za-z0-9+/=]{8,})"`),
		{name: RuleDockerAuth, hints: []string{"_auth"}, fold: true, anchored: true, back: identStart, group: 1, pick: dockerAuth,
			re: regexp.MustCompile(`^(?:[^\s=]*:)?_auth[ \t]*=[ \t]*([A-Za-z0-9+/=]{8,})`)},
		// Session cookies in a Cookie or Set-Cookie header or curl's -b and
		// --cookie: the values of the pairs whose names say session,
		// token or auth (and what lies between the first and the last).
		at(RuleSessionCookie, []string{"cookie:", "cookie\":", "--cookie", "-b "}, 1, cookieSpan,
			`(?:(?:set-)?cookie"?[ \t]*:[ \t]*"?|--cookie[ \t=]+["']?|-b[ \t]+["'])([^\r\n"']+)`),
		// Name/value pairs: Kubernetes env (- name: X / value: Y),
		// {"name": "X", "value": "Y"}, ParameterKey=X,ParameterValue=Y.
		{name: RuleSecretKey, hints: []string{"name", "parameterkey"}, fold: true, pick: namedValue,
			re: regexp.MustCompile(`(?i)(?:name|parameterkey)["']?[ \t]*[:=][ \t]*["']?[A-Za-z0-9_.-]+["']?[ \t]*(?:,[ \t]*|\r?\n[ \t]*-?[ \t]*|[ \t]+)["']?(?:value|parametervalue)["']?[ \t]*[:=][ \t]*(?:"[^"\n]+"|'[^'\n]+'|[^\s,"'}]+)`)},
		// A config line "password X" or password "X" (msmtp, fetchmail,
		// Chef), redis.conf's requirepass and masterauth.
		{name: RuleSecretKey, hints: []string{"password", "passwd", "passphrase", "secret", "token"}, fold: true, anchored: true,
			back: lineKey, group: 1, pick: lineValue,
			re: regexp.MustCompile(`^[A-Za-z0-9_.-]*(?i:password|passwd|passphrase|secret|token)[ \t]+("[^"\n]+"|'[^'\n]+'|[^\s"'` + "`" + `]+)[ \t]*(?:\r?\n|$)`)},
		at(RuleSecretKey, []string{"requirepass", "masterauth"}, 1, assigned, `(?:requirepass|masterauth)[ \t]+`+value),
		// XML: <entry key="password">X</entry>, <property name="password"
		// value="X"/>, <add key="ApiToken" value="X"/>.
		at(RuleSecretKey, []string{"key=", "name="}, 1, quotedAssigned,
			`(?:key|name)=["'][^"'\n]*(?:password|passwd|secret|token|apikey|api_key|passphrase)[^"'\n]*["'](?:[ \t]+value=["']|[ \t]*>)([^"'<\n]+)`),
	}
}

// lineKey moves back from a keyword to the start of its identifier, if
// the identifier starts a line (after indentation); -1 if not.
func lineKey(s string, i int) int {
	j := identStart(s, i)
	k := j
	for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	if k > 0 && s[k-1] != '\n' {
		return -1
	}
	return j
}

// lineValue takes the value of a "key value" config line: a quoted value
// as assigned takes it, an unquoted one only when it is no type or code
// (Password []byte and Token *oauth2.Token are Go fields).
func lineValue(v string) (int, int, bool) {
	if _, _, quoted := unquote(v); !quoted && codeWord(v) {
		return 0, 0, false
	}
	return assigned(v)
}

// basicType matches the name of a basic type of Go, C or Rust (uint32,
// float64, i64, u8), which follows a field's name in code.
var basicType = regexp.MustCompile(`^(?:u?int(?:8|16|32|64|128)?(?:_t)?|float(?:32|64)?|complex(?:64|128)|[iuf](?:8|16|32|64|128|size)|byte|rune|string|bool|uintptr|error|any|char|long|short|double|void)$`)

// codeType matches the start of a type or an expression of code: a
// pointer, a slice or array, a map, a channel, a function, a call.
var codeType = regexp.MustCompile(`^(?:[*&\[({<]|map\[|chan[ <]|func\(|[A-Za-z_][A-Za-z0-9_.]*[(\[{])|\(\)`)

// codeWord reports an unquoted word that is code after a name, not a
// value: a basic type, or a type or expression (Password []byte, Token
// *oauth2.Token, Key map[string]string).
func codeWord(v string) bool {
	return codeType.MatchString(v) || basicType.MatchString(strings.TrimRight(v, ",;)"))
}

// pgpassValue takes a .pgpass password, not a placeholder.
func pgpassValue(v string) (int, int, bool) {
	if placeholder(v) || len(v) < 4 {
		return 0, 0, false
	}
	return 0, len(v), true
}

// dockerAuth takes base64 that decodes to user:password.
func dockerAuth(v string) (int, int, bool) {
	b, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(v, "="))
	}
	if err != nil || len(b) < 3 {
		return 0, 0, false
	}
	i := strings.IndexByte(string(b), ':')
	return 0, len(v), i > 0 && i < len(b)-1
}

// cookieNames are the words of the names of cookies that authenticate.
var cookieNames = []string{"sess", "sid", "token", "auth", "jwt", "remember", "login", "csrf", "xsrf", "secret"}

// cookieSpan takes, in a list of cookies (a=1; b=2), the span from the
// first to the last value of a cookie whose name is one of cookieNames
// and whose value looks random: letters and digits both, or long.
func cookieSpan(v string) (int, int, bool) {
	a, b := -1, -1
	for off := 0; off < len(v); {
		end := strings.IndexByte(v[off:], ';')
		if end < 0 {
			end = len(v)
		} else {
			end += off
		}
		pair := v[off:end]
		if eq := strings.IndexByte(pair, '='); eq > 0 {
			name := strings.ToLower(strings.TrimSpace(pair[:eq]))
			val := strings.TrimSpace(pair[eq+1:])
			vs := off + eq + 1 + strings.Index(pair[eq+1:], val)
			if len(val) >= 12 && !placeholder(val) && !strings.HasPrefix(val, "[REDACTED") && randomish(val) {
				for _, w := range cookieNames {
					if strings.Contains(name, w) {
						if a < 0 {
							a = vs
						}
						b = vs + len(val)
						break
					}
				}
			}
		}
		off = end + 1
	}
	return a, b, a >= 0
}

// randomish reports a value with letters and digits both, or a long one.
func randomish(v string) bool {
	letter, digit := false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		letter = letter || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		digit = digit || c >= '0' && c <= '9'
	}
	return letter && digit || len(v) >= 32
}

// namePair splits a name/value pair matched by the name/value rule.
var namePair = regexp.MustCompile(`(?i)^(?:name|parameterkey)["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9_.-]+)["']?[ \t]*(?:,[ \t]*|\r?\n[ \t]*-?[ \t]*|[ \t]+)["']?(?:value|parametervalue)["']?[ \t]*[:=][ \t]*`)

// namedValue takes the value of a name/value pair whose name is a
// secret's.
func namedValue(v string) (int, int, bool) {
	m := namePair.FindStringSubmatchIndex(v)
	if m == nil || !secretIdent(strings.ToLower(v[m[2]:m[3]])) {
		return 0, 0, false
	}
	a, b, ok := assigned(v[m[1]:])
	return m[1] + a, m[1] + b, ok
}
