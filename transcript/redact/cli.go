package redact

import (
	"regexp"
	"strings"
)

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
		at(RuleCLIPassword, []string{"sqlplus"}, 1, cliValue, `sqlplus[ \t]+(?:-[sSlL][ \t]+)*['"]?[A-Za-z0-9_$#]+/([^@\s'"/]+)`),
		at(RuleCLIPassword, []string{"rabbitmqctl"}, 1, cliValue,
			`rabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S+[ \t]+`+value),
		at(RuleCLIPassword, []string{"net user"}, 1, netUserValue, `net[ \t]+user[ \t]+\S+[ \t]+`+value),
		at(RuleCLIPassword, []string{"htpasswd"}, 0, htpasswdValue, `htpasswd[^\n|&;<>]*`),
		at(RuleCLIPassword, []string{"gh secret", "gh variable"}, 1, cliValue,
			`gh[ \t]+secret[ \t]+set`+cmdTail+`(?:-b|--body)(?:[ \t]+|=)`+value),
		{name: RuleCLIPassword, hints: []string{"chpasswd"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`echo[ \t]+['"]?[A-Za-z0-9_.-]+:([^\s'"|]+)['"]?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd`)},
		{name: RuleCLIPassword, hints: []string{"--password-stdin"}, group: 1, pick: cliValue,
			re: regexp.MustCompile(`echo[ \t]+(?:-n[ \t]+)?("[^"\n]+"|'[^'\n]+'|[^\s"'$|]+)[ \t]*\|[^\n]*?--password-stdin`)},
		at(RuleCLIPassword, []string{"-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-passin", "-passout", "-pass"}, 1, cliValue,
			`-(?:storepass|keypass|srcstorepass|deststorepass|passin|passout|pass)[ \t]+(?:pass:)?`+value),
		split(RuleCLIPassword, []string{"--"}, nil, cliValue,
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
