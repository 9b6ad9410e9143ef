package redact

import (
	"regexp"
	"strings"
)

// Secrets stated in prose, in English, German, Spanish, French, Chinese and
// Japanese: a cue (password, Passwort, contraseña, mot de passe, 密码,
// パスワード, API key, token …), words that say whose it is, a copula or an
// assignment, then the value. A value in Latin-script prose is one token
// (a quoted phrase is one too) without the punctuation that ends the
// clause; in Chinese and Japanese it is the run of ASCII after the cue,
// which the surrounding script bounds. Only a value with a digit or a
// symbol is taken, except where the speaker states their own or a new
// password ("my wifi password is tulips", "I changed my password to
// tulips"), less the words that describe a password instead of being one.

// sp is a space as prose writes it, French thin and no-break spaces too.
const sp = `[ \t\x{a0}\x{202f}]`

// enCue names a secret in English.
const enCue = `(?:password|passwd|passphrase|passcode|pass|pwd|pw|secret(?:` + sp + `key)?|token|api` + sp + `?[_-]?key|access` + sp + `?[_-]?key|private` + sp + `key|key|credentials?)`

// cjkValue is the run of ASCII after a Chinese or Japanese cue.
const cjkValue = `["“「『]?` + sp + `*([!-~]+)`

func proseRules() []rule {
	return []rule{
		// First person: the speaker names their own secret.
		at(RuleProseSecret, []string{"my", "our"}, 1, ownSecret,
			`(?:my|our)(?:`+sp+`+[a-z0-9_-]+){0,3}?`+sp+`+(?:password|passwd|passphrase|passcode|pin|pwd)`+sp+`+(?:is|was|is now|is set to)`+sp+`*:?`+sp+`*`+value),
		// A change: "I changed my password to X", "set the token to X".
		at(RuleProseSecret, []string{"change", "set", "reset", "update", "rotate"}, 1, ownSecret,
			`(?:changed?|changing|set|setting|reset|updated?|rotated?)(?:`+sp+`+(?:my|the|our|your|his|her|its|their|a|new|admin|root|user|db|database|wifi|vpn)){0,3}(?:`+sp+`+[a-z0-9_-]+){0,2}?`+sp+`+(?:password|passwd|passphrase|passcode|pin|pwd|pw|token|api`+sp+`?[_-]?key|secret|key)`+sp+`+(?:to|as|=)`+sp+`*:?`+sp+`*`+value),
		// Anyone's: "the password for the db is X", "the sandbox API key,
		// which is X", "API key: X".
		split(RuleProseSecret, proseWords, nil, prose,
			enCue+`(?:`+sp+`+(?:for|of|to|on|at|in)(?:`+sp+`+[^\s]+){1,4}?)?(?:,?`+sp+`+(?:which|that))?(?:`+sp+`+(?:is|was|are|is now|is set to|will be|should be|reads|equals)|`+sp+`*(?::|=|->|=>))`+sp+`*:?`+sp+`*`),
		// "login as admin with password X", "authenticate using token X".
		at(RuleProseSecret, []string{"with", "using", "via"}, 1, prose,
			`(?:with|using|via)(?:`+sp+`+(?:the|a|my|our|its|this))?(?:`+sp+`+[a-z-]+)?`+sp+`+(?:password|passwd|passphrase|pw|pwd|pass|token|api`+sp+`?[_-]?key|key|secret)`+sp+`*[:=]?`+sp+`+`+value),
		// "the credentials are admin / X", "login: admin:X".
		at(RuleProseSecret, []string{"cred", "login"}, 1, prose,
			`(?:credentials?|creds|login)(?:`+sp+`+(?:are|is))?`+sp+`*:?`+sp+`+[^\s/:]+`+sp+`*[/:]`+sp+`*`+value),
		// "use X as the password".
		at(RuleProseSecret, []string{"use"}, 1, longProse,
			`use`+sp+`+`+value+sp+`+as`+sp+`+(?:(?:the|my|our|your|a)`+sp+`+)?(?:[a-z-]+`+sp+`+)?(?:password|passwd|passphrase|pw|token|api`+sp+`?[_-]?key|key|secret)\b`),

		// German: "das Admin-Passwort ist X", "Passwort lautet X", "mit
		// dem Passwort X", "Passwort auf X geändert".
		{name: RuleProseSecret, hints: []string{"passwort", "kennwort", "schlüssel", "schluessel", "zugangscode"}, fold: true, anchored: true,
			back: identStart, group: 1, pick: prose, re: mustAt(
				`[a-z0-9äöüß_-]*?(?:passwort|kennwort|schl(?:ü|ue)ssel|zugangscode)(?:` + sp + `+(?:f(?:ü|ue)r|von|vom|zum|zur|des|der|dem)(?:` + sp + `+[^\s]+){1,4}?)?(?:` + sp + `+(?:ist|lautet|war|lautete|ist jetzt|ist nun|hei(?:ß|ss)t|auf|zu)|` + sp + `*(?::|=))` + sp + `*:?` + sp + `*` + value)},
		at(RuleProseSecret, []string{"mit"}, 1, prose,
			`mit(?:`+sp+`+(?:dem|meinem|unserem|diesem|einem))?`+sp+`+(?:[a-z0-9äöüß]+-)?(?:passwort|kennwort|token|schl(?:ü|ue)ssel)`+sp+`+`+value),
		// Spanish: "la contraseña es X", "cambié mi contraseña a X", "con la
		// contraseña X".
		at(RuleProseSecret, []string{"contraseña", "contrasena", "clave"}, 1, prose,
			`(?:contrase(?:ñ|n)a|clave(?:`+sp+`+(?:de`+sp+`+(?:la`+sp+`+)?)?api|`+sp+`+secreta|`+sp+`+de`+sp+`+acceso)?)(?:`+sp+`+[a-z0-9-]+)?(?:`+sp+`+(?:de|del|para|en)(?:`+sp+`+[^\s]+){1,4}?)?(?:`+sp+`+(?:es|era|ser(?:á|a)|es ahora|ahora es|queda)|`+sp+`*(?::|=))`+sp+`*:?`+sp+`*`+value),
		at(RuleProseSecret, []string{"cambi", "con "}, 1, prose,
			`(?:cambi(?:é|e|ó|o|ado|amos)|con)(?:`+sp+`+(?:mi|la|su|el|nuestra|tu))?`+sp+`+(?:contrase(?:ñ|n)a|clave|token)(?:`+sp+`+(?:a|por|en))?`+sp+`+`+value),
		// French: "le mot de passe est X", "mot de passe : X", "j'ai changé
		// mon mot de passe en X", "avec le mot de passe X".
		at(RuleProseSecret, []string{"mot de passe", "mdp", "clé", "cle ", "jeton"}, 1, prose,
			`(?:mot`+sp+`+de`+sp+`+passe|mdp|cl(?:é|e)(?:`+sp+`+(?:d'|de`+sp+`+l'|de`+sp+`+)?api|`+sp+`+secr(?:è|e)te|`+sp+`+d'acc(?:è|e)s)?|jeton)(?:`+sp+`+[a-z0-9-]+)?(?:`+sp+`+(?:du|de|des|pour|de`+sp+`+la|d'|de`+sp+`+l')(?:`+sp+`*[^\s]+){1,4}?)?(?:`+sp+`+(?:est|était|etait|sera|est maintenant)|`+sp+`*(?::|=))`+sp+`*:?`+sp+`*`+value),
		at(RuleProseSecret, []string{"chang", "avec"}, 1, prose,
			`(?:chang(?:é|e|er|eons)|avec)(?:`+sp+`+(?:le|la|mon|ma|notre|votre|son|ton|l'))?`+sp+`*(?:mot`+sp+`+de`+sp+`+passe|mdp|jeton|cl(?:é|e))(?:`+sp+`+(?:en|à|a|pour|par))?`+sp+`+`+value),
		// Chinese: "密码是X", "密码：X", "API密钥为X", "把密码改成了X".
		at(RuleProseSecret, []string{"密码", "密碼", "口令", "密钥", "密鑰", "秘钥", "私钥", "令牌"}, 1, cjkSecret,
			`(?:密码|密碼|口令|密钥|密鑰|秘钥|私钥|令牌)[^\n!-~]{0,6}?(?:是|为|為|：|:|=|改成了?|改为|改為|设置为|设为|设成|换成|換成)`+sp+`*(?:了`+sp+`*)?`+cjkValue),
		// Japanese: "パスワードはXです", "APIキー：X", "パスワードをXに変更".
		at(RuleProseSecret, []string{"パスワード", "暗証番号", "apiキー", "api キー", "アクセスキー", "トークン", "シークレット", "秘密鍵"}, 1, cjkSecret,
			`(?:パスワード|暗証番号|api`+sp+`?キー|アクセスキー|トークン|シークレット(?:キー)?|秘密鍵)[^\n!-~]{0,6}?(?:は|：|:|=|が|を)`+sp+`*`+cjkValue),
		// An English cue with a Chinese or Japanese copula: "token是X", "API key为X".
		at(RuleProseSecret, []string{"token", "key", "password", "secret", "pin"}, 1, cjkSecret,
			`(?:token|api`+sp+`?[_-]?key|key|password|secret|pin)`+sp+`*(?:是|为|為|：|は)`+sp+`*`+cjkValue),
	}
}

// mustAt compiles an anchored case-insensitive pattern.
func mustAt(pattern string) *regexp.Regexp { return regexp.MustCompile(`^(?i:` + pattern + `)`) }

// descriptive words follow "password is" or "changed the password to"
// without being a password.
var descriptive = []string{"required", "incorrect", "wrong", "expired", "invalid", "weak", "strong", "too", "not", "the", "a", "an",
	"still", "also", "now", "being", "set", "stored", "saved", "reset", "changed", "long", "short", "correct",
	"different", "same", "empty", "missing", "locked", "unknown", "secret", "safe", "in", "on", "at", "from", "my", "our",
	"something", "stronger", "longer", "default", "blank", "expire", "never", "this", "that", "it", "be", "one", "your",
	"null", "none", "nothing", "random", "whatever", "match", "something_else", "another", "his", "her", "their"}

// longProse is prose for a value that comes before its cue ("use X as
// the key"): eight characters or more, so that "use sha256 as the key"
// keeps its algorithm.
func longProse(v string) (int, int, bool) {
	a, b, ok := prose(v)
	if !ok || b-a < 7 {
		return 0, 0, false
	}
	return a, b, true
}

// cjkSecret takes the ASCII run after a Chinese or Japanese cue: any
// value of four characters or more but placeholders and words such as
// null; digits only when there are six or more.
func cjkSecret(v string) (int, int, bool) {
	a, b, inner, _ := valueSpan(v, true)
	if len(inner) < 4 || placeholder(inner) || strings.Trim(inner, "0123456789") == "" && len(inner) < 6 {
		return 0, 0, false
	}
	switch strings.ToLower(inner) {
	case "true", "false", "null", "none", "nil", "undefined", "required", "redacted", "xxxx", "todo", "http", "https":
		return 0, 0, false
	}
	if strings.Contains(inner, "://") || strings.HasPrefix(inner, "/") {
		return 0, 0, false
	}
	return a, b, true
}
