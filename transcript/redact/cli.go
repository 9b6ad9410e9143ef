package redact

import (
	"regexp"
	"strings"
)

// RuleSQLPassword is a password in SQL: IDENTIFIED BY 'X', PASSWORD 'X',
// PASSWORD = 'X', PASSWORD('X').
const RuleSQLPassword = "sql-password"

// sqlRules find passwords in SQL statements (MySQL, PostgreSQL, SQL
// Server, Oracle): a quoted literal after IDENTIFIED BY or PASSWORD.
func sqlRules() []rule {
	return []rule{
		at(RuleSQLPassword, []string{"identified by", "with password", "login password", "encrypted password", "password(", "password ("}, 1, assigned,
			`(?:identified[ \t]+by(?:[ \t]+password)?[ \t]+|(?:with|login|encrypted|unencrypted)[ \t]+password[ \t]*(?:=[ \t]*)?|password[ \t]*\([ \t]*)('[^'\n]+'|"[^"\n]+")`),
	}
}

// cliRules find credentials on command lines: mysql -pX, curl -u user:X,
// docker login -p X, sshpass -p X, redis-cli -a X, az login -p X,
// htpasswd -b file user X, sqlplus user/X@db, --password X, --token=X.
func cliRules() []rule {
	return []rule{
		at(RuleCLIPassword, []string{"mysql", "mariadb"}, 1, cliValue,
			`(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mariadb-admin)`+cmdTail+`-p([^\s-][^\s]*)`),
		at(RuleCLIPassword, []string{"curl"}, 1, cliValue,
			`curl`+cmdTail+`(?:-u|--user)(?:[ \t]+|=)?['"]?[^\s:'"$]*:([^\s'"]+)`),
		at(RuleCLIPassword, programs, 1, cliValue,
			`(?:docker|podman|buildah|skopeo|nerdctl|helm|oras|crane)[ \t]+(?:registry[ \t]+)?login`+cmdTail+`-p(?:[ \t]+|=)`+value),
		at(RuleCLIPassword, []string{"sshpass", "mongo"}, 1, cliValue,
			`(?:sshpass|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)`+cmdTail+`-p[ \t]*`+value),
		at(RuleCLIPassword, []string{"redis-cli"}, 1, cliValue, `redis-cli`+cmdTail+`-a[ \t]+`+value),
		at(RuleCLIPassword, []string{"smbclient"}, 1, cliValue, `smbclient`+cmdTail+`-U[ \t]*[^\s%]+%`+value),
		at(RuleCLIPassword, []string{"az "}, 1, cliValue, `az[ \t]+login`+cmdTail+`(?:-p|--password)(?:[ \t]+|=)`+value),
		at(RuleCLIPassword, []string{"sqlcmd", "bcp", "isql", "osql", "ipmitool", "zip", "unzip"}, 1, cliValue,
			`(?:sqlcmd|bcp|isql|osql|ipmitool|zip|unzip)`+cmdTail+`-P[ \t]*`+value),
		at(RuleCLIPassword, []string{"7z"}, 1, cliValue, `7za?`+cmdTail+`-p([^\s-][^\s]*)`),
		at(RuleCLIPassword, []string{"ldap"}, 1, cliValue, `ldap[a-z]*`+cmdTail+`-w[ \t]+`+value),
		at(RuleCLIPassword, []string{"sqlplus", "rman", "expdp", "impdp", "sqlldr", "dgmgrl"}, 1, cliValue,
			`(?:sqlplus|rman[ \t]+target|expdp|impdp|sqlldr|dgmgrl)[ \t]+(?:-[sSlL][ \t]+)*['"]?[A-Za-z0-9_$#]+/([^@\s'"/]+)`),
		at(RuleCLIPassword, []string{"mysqladmin"}, 1, cliValue, `mysqladmin`+cmdTail+`password[ \t]+`+value),
		// HTTPie's -a user:X, a here-string to a login (--with-token <<< X).
		at(RuleCLIPassword, []string{"http ", "https "}, 1, cliValue,
			`https?(?:[ \t]+-[-A-Za-z]+)*[ \t]+(?:-a|--auth)(?:[ \t]+|=)['"]?[^\s:'"]+:([^\s'"]+)`),
		{name: RuleCLIPassword, hints: []string{"<<<"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`(?:--with-token|--password-stdin|--token-stdin|login|secrets?|passw(?:or)?d|token)\b[^\n|]*<<<[ \t]*("[^"\n]+"|'[^'\n]+'|[^\s"'$]+)`)},
		// Wi-Fi: wpa_passphrase SSID X, nmcli … password X.
		at(RuleCLIPassword, []string{"wpa_passphrase"}, 1, cliValue, `wpa_passphrase[ \t]+(?:"[^"\n]+"|'[^'\n]+'|\S+)[ \t]+`+value),
		at(RuleCLIPassword, []string{"nmcli"}, 1, cliValue, `nmcli[^\n|;&]*?[ \t](?:password|wifi-sec\.psk|802-11-wireless-security\.psk)[ \t]+`+value),
		// PowerShell: ConvertTo-SecureString "X" -AsPlainText.
		at(RuleCLIPassword, []string{"convertto-securestring"}, 1, cliValue, `convertto-securestring[ \t]+(?:-string[ \t]+)?`+value),
		at(RuleCLIPassword, []string{"rabbitmqctl"}, 1, cliValue,
			`rabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S+[ \t]+`+value),
		at(RuleCLIPassword, []string{"net user"}, 1, netUserValue, `net[ \t]+user[ \t]+\S+[ \t]+`+value),
		at(RuleCLIPassword, []string{"htpasswd"}, 0, htpasswdValue, `htpasswd[^\n|&;<>]*`),
		at(RuleCLIPassword, []string{"gh secret", "gh variable"}, 1, cliValue,
			`gh[ \t]+secret[ \t]+set`+cmdTail+`(?:-b|--body)(?:[ \t]+|=)`+value),
		{name: RuleCLIPassword, hints: []string{"chpasswd"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`echo[ \t]+['"]?[A-Za-z0-9_.-]+:([^\s'"|]+)['"]?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd`)},
		// echo X | sudo -S, echo X | passwd --stdin user.
		{name: RuleCLIPassword, hints: []string{"sudo", "--stdin"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`echo[ \t]+(?:-[ne][ \t]+)?("[^"\n]+"|'[^'\n]+'|[^\s"'$|]+)[ \t]*\|[ \t]*(?:sudo[ \t]+(?:-[a-zA-Z]+[ \t]+)*-S|(?:sudo[ \t]+)?passwd[ \t]+--stdin)`)},
		// expect scripts: send X after a password prompt.
		{name: RuleCLIPassword, hints: []string{"assword", "passphrase"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`expect[ \t]+(?:-[a-z]+[ \t]+)?["'{][^"'}\n]*(?:assword|assphrase)[^"'}\n]*["'}][ \t]*(?:;|\r?\n)?[ \t]*(?:\{[ \t]*)?send[ \t]+(?:--[ \t]+)?["'{]([^"'}\\\n]+)`)},
		// echo X | docker login --password-stdin, echo X | wrangler secret
		// put NAME, printf X | gh secret set NAME, echo X | vercel env add.
		{name: RuleCLIPassword, hints: []string{"--password-stdin", "secret", "env add", "--with-token"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`(?:echo|printf)[ \t]+(?:-n[ \t]+)?("[^"\n]+"|'[^'\n]+'|[^\s"'$|]+)[ \t]*\|[^\n|]*?(?:--password-stdin|--with-token|\bsecrets?[ \t]+(?:put|set|add|create|import)\b|\bsecrets?[ \t]+versions[ \t]+add\b|\benv[ \t]+add\b)`)},
		// nginx and its kin setting a secret header: proxy_set_header
		// X-Api-Key X;.
		at(RuleAPIKeyHeader, []string{"proxy_set_header", "add_header", "grpc_set_header", "more_set_input_headers"}, 1, headerValue,
			`(?:proxy_set_header|add_header|grpc_set_header|more_set_input_headers)[ \t]+["']?(?:x-[a-z0-9-]*?(?:api-?key|token|auth|secret|key|password)|[a-z0-9-]*api-?key|private-token|auth-token|access-token)["']?[ \t]+["']?([A-Za-z0-9._~+/=:-]{8,})`),
		// Go's MySQL DSN: user:X@tcp(host:3306)/db.
		{name: RuleURLCredentials, hints: []string{"@tcp(", "@unix(", "@udp("}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`[A-Za-z0-9_.-]+:([^\s@/"'()]+)@(?:tcp|unix|udp)\(`)},
		// A named setting on a command line: dotnet user-secrets set
		// "Stripe:SecretKey" X, setx API_TOKEN X.
		{name: RuleCLIPassword, hints: []string{"user-secrets", "setx"}, fold: true, anchored: true, pick: namedArg,
			re: regexp.MustCompile(`^(?i:(?:user-secrets[ \t]+set|setx)[ \t]+["']?[A-Za-z0-9_.:-]+["']?[ \t]+("[^"\n]+"|'[^'\n]+'|[^\s"']+))`)},
		// PHP's positional password: new PDO(dsn, "u", "X"),
		// mysqli_connect(host, "u", "X", db).
		at(RuleSecretKey, []string{"new pdo(", "mysqli_connect(", "mysql_connect(", "new mysqli("}, 1, assigned,
			`(?:new[ \t]+pdo|mysqli_connect|mysql_connect|new[ \t]+mysqli)\([ \t]*(?:"[^"\n]*"|'[^'\n]*'|\$\w+)[ \t]*,[ \t]*(?:"[^"\n]*"|'[^'\n]*'|\$\w+)[ \t]*,[ \t]*("[^"\n]+"|'[^'\n]+')`),
		// Terraform: variable "db_password" { default = "X" }.
		{name: RuleSecretKey, hints: []string{"variable"}, fold: true, anchored: true, pick: tfDefault,
			re: regexp.MustCompile(`^variable[ \t]+"[A-Za-z0-9_-]+"[ \t]*\{[^}]*?default[ \t]*=[ \t]*"[^"\n]*"`)},
		at(RuleCLIPassword, []string{"-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-passin", "-passout", "-pass"}, 1, cliValue,
			`-(?:storepass|keypass|srcstorepass|deststorepass|passin|passout|pass)[ \t]+(?:pass:)?`+value),
		at(RuleCLIPassword, []string{"openssl"}, 1, cliValue, `openssl`+cmdTail+`-k[ \t]+`+value),
		at(RuleCLIPassword, []string{"mosquitto_", "rdesktop", "mycli", "mysqlsh", "oc login", "vsql", "ssh-keygen", "psexec", "paexec", "cqlsh", "cypher-shell", "rabbitmqadmin", "twine", "tsql"}, 1, cliValue,
			`(?:(?:psexec|paexec|cqlsh|cypher-shell|rabbitmqadmin|twine)`+cmdTail+`(?-i:-p)|tsql`+cmdTail+`(?-i:-P)|mosquitto_(?:pub|sub|passwd)`+cmdTail+`(?-i:-P)|rdesktop`+cmdTail+`(?-i:-p)|mycli`+cmdTail+`(?-i:-p)|mysqlsh`+cmdTail+`(?-i:-p)|oc[ \t]+login`+cmdTail+`(?-i:-p)|vsql`+cmdTail+`(?-i:-w)|ssh-keygen`+cmdTail+`(?-i:-[NP]))[ \t]+`+value),
		at(RuleCLIPassword, []string{"rar", "unrar"}, 1, cliValue, `(?:un)?rar[ \t]+[a-z]+`+cmdTail+`-h?p([^\s-][^\s]*)`),
		at(RuleCLIPassword, []string{"lftp"}, 1, cliValue, `lftp`+cmdTail+`-u[ \t]+['"]?[^\s,'"]+,`+value),
		// Windows switches: xfreerdp /p:X, cmdkey /pass:X, net use \\srv /user:u X.
		{name: RuleCLIPassword, hints: []string{"/p:", "/pass:", "/password:", "/pw:"}, fold: true, anchored: true, back: switchStart, group: 1, pick: switchValue,
			re: regexp.MustCompile(`^(?i:/(?:p|pass|password|pw):("[^"\n]+"|'[^'\n]+'|[^\s"']+))`)},
		{name: RuleCLIPassword, hints: []string{"-p:"}, anchored: true, back: dashFlagStart, group: 1, pick: cliValue,
			re: regexp.MustCompile(`^-p:("[^"\n]+"|'[^'\n]+'|[^\s"']+)`)},
		at(RuleCLIPassword, []string{"schtasks"}, 1, cliValue, `schtasks`+cmdTail+`/rp[ \t]+`+value),
		at(RuleCLIPassword, []string{"net use"}, 1, netUserValue, `net[ \t]+use[ \t]+(?:[A-Za-z]:[ \t]+)?\S+[ \t]+`+value+`[ \t]+/user:`),
		// Package managers' and tools' config: npm config set
		// //registry/:_authToken X, yarn config set npmAuthToken X,
		// poetry config pypi-token.pypi X, git config github.token X,
		// poetry/composer config http-basic.repo user X.
		at(RuleCLIPassword, []string{"config"}, 1, configValue,
			`config(?:[ \t]+set)?(?:[ \t]+--?[A-Za-z-]+)*[ \t]+(?:[A-Za-z0-9_./:@-]*(?:token|password|passwd|secret|_auth|apikey|api-key|api_key)[A-Za-z0-9_./:@-]*|http-basic\.[A-Za-z0-9_.-]+[ \t]+[^\s"'{}]+)[ \t]+`+value),
		// fish's set -x API_KEY X, Lisp's (setq api-key "X").
		at(RuleCLIPassword, []string{"set -", "(setq", "(setf", "(defvar", "(define", "(def "}, 1, cliValue,
			`(?:set[ \t]+-[a-zA-Z]+|\((?:setq|setf|defvar|defconst|define|def))[ \t]+[A-Za-z0-9_*-]*(?:password|passwd|secret|token|api[_-]?key|_key|-key|passphrase)\*?[ \t]+`+value),
		// Single-dash long flags (Go's flag package, Java tools):
		// -password X, -token=X, -api-key X.
		{name: RuleCLIPassword, hints: []string{"-password", "-passwd", "-passphrase", "-token", "-secret", "-apikey", "-api-key", "-api_key", "-pwd", "-auth-token", "-access-key", "-client-secret"},
			fold: true, anchored: true, back: dashFlagStart, group: 1, pick: flagValue,
			re: regexp.MustCompile(`^(?i:-(?:[a-z0-9]+[-_])*(?:password|passwd|passphrase|pwd|token|secret|api-?key|api_key|access-key|client-secret)(?:=|[ \t]+)("[^"\n]+"|'[^'\n]+'|[^\s"']+))`)},
		split(RuleCLIPassword, []string{"--"}, nil, flagValue,
			`--(?:[a-z0-9]+-)*(?:password|passwd|pass|pwd|passphrase|secret|token|api-key|apikey|access-key|secret-key|account-key|client-secret|master-key|encryption-key|signing-key|license-key|connection-string)(?:=|[ \t]+)`),
	}
}

// netUserValue takes the password of "net user name X", not a switch.
func netUserValue(v string) (int, int, bool) {
	if strings.HasPrefix(v, "/") || v == "*" {
		return 0, 0, false
	}
	return cliValue(v)
}

// htpasswdValue takes the password of "htpasswd -b[c] file user X" or
// "htpasswd -nb user X": the last of the positional arguments when the
// flags hold b.
func htpasswdValue(cmd string) (int, int, bool) {
	batch := false
	var args [][2]int
	for i := len("htpasswd"); i < len(cmd); {
		for i < len(cmd) && (cmd[i] == ' ' || cmd[i] == '\t') {
			i++
		}
		if i >= len(cmd) {
			break
		}
		j := i
		if q := cmd[i]; q == '"' || q == '\'' {
			k := strings.IndexByte(cmd[i+1:], q)
			if k < 0 {
				return 0, 0, false
			}
			j = i + k + 2
		} else {
			for j < len(cmd) && cmd[j] != ' ' && cmd[j] != '\t' {
				j++
			}
		}
		w := cmd[i:j]
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			batch = batch || strings.ContainsRune(w[1:], 'b')
		} else {
			args = append(args, [2]int{i, j})
		}
		i = j
	}
	if !batch || len(args) < 2 {
		return 0, 0, false
	}
	last := args[len(args)-1]
	a, b, ok := cliValue(cmd[last[0]:last[1]])
	return last[0] + a, last[0] + b, ok
}

// switchStart keeps a Windows switch (/p:) only where a word starts.
func switchStart(s string, i int) int {
	if i > 0 && s[i-1] != ' ' && s[i-1] != '\t' && s[i-1] != '"' && s[i-1] != '\'' {
		return -1
	}
	return i
}

// dashFlagStart keeps a single-dash flag only where a word starts: not
// the -token of --token, of x-api-key or of a hyphenated word.
func dashFlagStart(s string, i int) int {
	if i > 0 && strings.IndexByte(" \t\"'=", s[i-1]) < 0 {
		return -1
	}
	return i
}

// flagValue takes the value of a secret's flag, as cliValue does, but not
// a lower-case word that goes on with a sentence ("pass --token flag").
func flagValue(v string) (int, int, bool) {
	a, b, ok := cliValue(v)
	if !ok {
		return 0, 0, false
	}
	w := v[a:b]
	if _, _, quoted := unquote(v); !quoted && len(w) < 12 && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
		return 0, 0, false
	}
	return a, b, true
}

// switchValue takes the value of a Windows switch, but not a property
// (msbuild /p:Configuration=Release).
func switchValue(v string) (int, int, bool) {
	if assignment.MatchString(v) {
		return 0, 0, false
	}
	return cliValue(v)
}

// configValue takes the value a config command sets when it looks like a
// secret: with a digit or a symbol, or long ("config token handling" is
// prose).
func configValue(v string) (int, int, bool) {
	a, b, ok := cliValue(v)
	if !ok {
		return 0, 0, false
	}
	if w := v[a:b]; len(w) < 20 && notSecretValue(w, false) {
		return 0, 0, false
	}
	return a, b, true
}

// tfDefault takes the default of a Terraform variable whose name is a
// secret's.
func tfDefault(v string) (int, int, bool) {
	q := strings.IndexByte(v, '"')
	e := q + 1 + strings.IndexByte(v[q+1:], '"')
	if !secretIdent(strings.ToLower(v[q+1 : e])) {
		return 0, 0, false
	}
	a := strings.LastIndexByte(v[:len(v)-1], '"') + 1
	if notSecretValue(v[a:len(v)-1], true) {
		return 0, 0, false
	}
	return a, len(v) - 1, true
}

// namedArg takes the value of a command's NAME VALUE pair when the name
// (its last part after a colon) is a secret's.
func namedArg(v string) (int, int, bool) {
	f := strings.Fields(v)
	if len(f) < 3 {
		return 0, 0, false
	}
	name := strings.ToLower(strings.Trim(f[len(f)-2], `"'`))
	if i := strings.LastIndexAny(name, ":"); i >= 0 {
		name = name[i+1:]
	}
	if !secretIdent(name) {
		return 0, 0, false
	}
	a := strings.LastIndex(v, f[len(f)-1])
	pa, pb, ok := cliValue(v[a:])
	return a + pa, a + pb, ok
}
