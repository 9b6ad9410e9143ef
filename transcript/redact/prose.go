package redact

import (
	"regexp"
	"slices"
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
const enCue = `(?:password|passwd|passphrase|passcode|pass|pwd|psw|psk|pw|secret(?:` + sp + `key)?|token|api` + sp + `?[_-]?key|access` + sp + `?[_-]?key|private` + sp + `key|key|credentials?)`

// oq is an opening quotation mark of prose (« », „ “, “ ”, ‚ ‘), which
// may stand apart from the value; its closing mark is trimmed from the
// value (trimTail).
const oq = `(?:[«„“‚‘‹]` + sp + `*)?`

// cjkValue is the run of ASCII after a Chinese or Japanese cue.
const cjkValue = `(?:今|いま|现在|現在|이제|지금)?` + sp + `*["“「『]?` + sp + `*([!-~]+)`

func proseRules() []rule {
	return []rule{
		// First person: the speaker names their own secret.
		at(RuleProseSecret, []string{"my", "our"}, 1, ownSecret,
			`(?:my|our)(?:`+sp+`+[a-z0-9_-]+){0,3}?`+sp+`+(?:password|passwd|passphrase|passcode|pin|pwd)`+sp+`+(?:is now|is set to|is|was|has been changed to|has changed to)`+sp+`*:?`+sp+`*`+oq+value),
		// A change: "I changed my password to X", "set the token to X".
		at(RuleProseSecret, []string{"change", "set", "reset", "update", "rotate"}, 1, ownSecret,
			`(?:changed?|changing|set|setting|reset|updated?|rotated?)(?:`+sp+`+(?:my|the|our|your|his|her|its|their|a|new|admin|root|user|db|database|wifi|vpn)){0,3}(?:`+sp+`+[a-z0-9_-]+){0,2}?`+sp+`+(?:password|passwd|passphrase|passcode|pin|pwd|pw|token|api`+sp+`?[_-]?key|secret|key)(?:`+sp+`+(?:for|of|on)(?:`+sp+`+[^\s]+){1,3}?)?`+sp+`+(?:to|as|=)`+sp+`*:?`+sp+`*`+oq+value),
		// Anyone's: "the password for the db is X", "the sandbox API key,
		// which is X", "API key: X".
		split(RuleProseSecret, proseWords, nil, prose,
			enCue+`(?:`+sp+`+(?:for|of|to|on|at|in)(?:`+sp+`+[^\s]+){1,4}?)?(?:`+sp+`*\([^)\n]{1,40}\))?(?:,?`+sp+`+(?:which|that))?(?:`+sp+`+(?:you|we|i|they)`+sp+`+[a-z']+(?:`+sp+`+(?:to|for|in|on|with))?)?(?:`+sp+`+(?:(?:has been|have been|was|were|got|is|are)`+sp+`+(?:changed|reset|set|updated|rotated)`+sp+`+to|(?:has been|was)`+sp+`+(?:created|generated|issued)`+sp+`*:|(?:changed|reset|set|updated|rotated)`+sp+`+to|is now|is set to|is|was|are|will be|should be|reads|equals)|,?`+sp+`+it(?:'s|’s|`+sp+`+is)(?:`+sp+`+now)?|`+sp+`*(?::|=|->|=>|→|⇒))`+sp+`*:?`+sp+`*`+oq),
		// A value in parentheses after the cue: "I put the Postgres
		// password (X) in the README".
		{name: RuleProseSecret, hints: []string{" ("}, anchored: true, back: parenCue, group: 1, pick: parenSecret,
			re: mustAt(enCue + sp + `+\(([^()\s,;]{8,64})\)`)},
		// "login as admin with password X", "authenticate using token X".
		at(RuleProseSecret, []string{"with", "using", "via"}, 1, prose,
			`(?:with|using|via)(?:`+sp+`+(?:the|a|my|our|its|this))?(?:`+sp+`+[a-z-]+)?`+sp+`+(?:password|passwd|passphrase|pw|pwd|pass|token|api`+sp+`?[_-]?key|key|secret)`+sp+`*[:=]?`+sp+`+`+oq+value),
		// "the credentials are admin / X", "login: admin:X", "log in
		// with admin / X".
		at(RuleProseSecret, []string{"cred", "login", "log in", "sign in", "signin", "log on", "logon", "zugangsdaten", "anmeldedaten", "identifiants"}, 1, prose,
			`(?:credentials?|creds|credenciales|log`+sp+`?[io]n|sign`+sp+`?in|zugangsdaten|anmeldedaten|identifiants)(?:`+sp+`+(?:are|is|with|as|using))?`+sp+`*:?`+sp+`+[^\s/:]+`+sp+`*[/:]`+sp+`*`+value),
		// A user and a password after a word for an account or a login,
		// in the other languages: "管理员账号：admin / X", "ログイン情報: admin / X",
		// "Zugang: admin / X".
		at(RuleProseSecret, []string{"账号", "帐号", "帳號", "账户", "ログイン", "アカウント", "zugang", "acceso", "accès", "acesso", "accesso", "toegang", "계정", "로그인"}, 1, prose,
			`(?:账号|帐号|帳號|账户|ログイン|アカウント|zugang|acceso|accès|acesso|accesso|toegang|계정|로그인)[^\n/:：]{0,8}?[:：]`+sp+`*[^\s/:：]+`+sp+`*/`+sp+`*`+value),
		// "use X as the password".
		// "der Token ist X", "el token es X", "le token est X".
		// "der Token für den Bot: X", "o token é X", "il token è X", "de token is X".
		{name: RuleProseSecret, hints: []string{"token"}, fold: true, anchored: true, back: tokenCue, group: 1, pick: prose, re: mustAt(
			`token(?:` + sp + `+(?:de` + sp + `+acceso|d'acc(?:è|e)s|d'api|de` + sp + `+acesso|di` + sp + `+accesso))?(?:` + sp + `+(?:f(?:ü|ue)r|von|vom|des|der|de|del|della|dello|dell'|do|da|para|du|pour|per|voor|van)(?:` + sp + `+[^\s]+){1,3}?)?(?:` + sp + `+(?:ist jetzt|ist|lautet|war|est maintenant|est|était|es ahora|es|era|é agora|agora é|é|è ora|ora è|è|is nu|is)|` + sp + `*:)` + sp + `*:?` + sp + `*` + oq + value)},
		// A cue and a random-looking value without a copula, in any of
		// the languages: "use token X for the bot", "nimm den Schlüssel X".
		{name: RuleProseSecret, hints: []string{"token", "key", "schlüssel", "schluessel", "clé", "clave", "chave", "chiave", "jeton"},
			fold: true, anchored: true, back: proseCue, group: 1, pick: strongRandom, re: mustAt(
				`(?:token|key|schl(?:ü|ue)ssel|cl(?:é|e)|clave|chave|chiave|jeton)` + sp + `+["'\x60]?([A-Za-z0-9_+/=.~-]{20,})`)},
		at(RuleProseSecret, []string{"use", "enter", "type"}, 1, longProse,
			`(?:use|enter|type)`+sp+`+`+value+sp+`+(?:as|for)`+sp+`+(?:(?:the|my|our|your|a)`+sp+`+)?(?:[a-z-]+`+sp+`+)?(?:password|passwd|passphrase|pw|token|api`+sp+`?[_-]?key|key|secret)\b`),

		// "try X as the password": its hints start before the word or
		// end in a quote, so that "retry", common in logs, does not wake
		// the rule (an unquoted value at the very start of a text is
		// missed).
		{name: RuleProseSecret, hints: []string{" try ", "\ttry ", "\ntry ", "try `", "try \"", "try '"}, fold: true, anchored: true, back: tryStart, group: 1, pick: longProse,
			re: mustAt(`try` + sp + `+` + value + sp + `+(?:as|for)` + sp + `+(?:(?:the|my|our|your|a)` + sp + `+)?(?:[a-z-]+` + sp + `+)?(?:password|passwd|passphrase|pw|token|api` + sp + `?[_-]?key|key|secret)\b`)},
		// German: "das Admin-Passwort ist X", "Passwort lautet X", "mit
		// dem Passwort X", "Passwort auf X geändert".
		{name: RuleProseSecret, hints: []string{"passwort", "kennwort", "schlüssel", "schluessel", "zugangscode", "geheimnis"}, fold: true, anchored: true,
			back: identStart, group: 1, pick: prose, re: mustAt(
				`[a-z0-9äöüß_-]*?(?:passwort|kennwort|schl(?:ü|ue)ssel|zugangscode|geheimnis)(?:` + sp + `+(?:f(?:ü|ue)r|von|vom|zum|zur|des|der|dem)(?:` + sp + `+[^\s]+){1,4}?)?(?:` + sp + `+(?:ist jetzt|ist nun|ist ab jetzt|lautet jetzt|wurde (?:auf|in|zu)|ist|lautet|war|lautete|hei(?:ß|ss)t|auf|zu)|` + sp + `*(?::|=))` + sp + `*:?` + sp + `*` + oq + value)},
		at(RuleProseSecret, []string{"mit"}, 1, prose,
			`mit(?:`+sp+`+(?:dem|meinem|unserem|diesem|einem))?`+sp+`+(?:[a-z0-9äöüß]+-)?(?:passwort|kennwort|token|schl(?:ü|ue)ssel)`+sp+`+`+value),
		// Spanish: "la contraseña es X", "cambié mi contraseña a X", "con la
		// contraseña X".
		at(RuleProseSecret, []string{"contraseña", "contrasena", "clave", "secreto", "llave"}, 1, prose,
			`(?:secreto|llave(?:`+sp+`+(?:de`+sp+`+(?:la`+sp+`+)?)?api)?|contrase(?:ñ|n)a|clave(?:`+sp+`+(?:de`+sp+`+(?:la`+sp+`+)?)?api|`+sp+`+secreta|`+sp+`+de`+sp+`+acceso)?)(?:`+sp+`+[a-z0-9-]+)?(?:`+sp+`+(?:de|del|para|en)(?:`+sp+`+[^\s]+){1,6}?)?(?:`+sp+`+(?:es ahora|ahora es|cambi(?:ó|o) a|pas(?:ó|o) a ser|es|era|ser(?:á|a)|queda)|`+sp+`*(?::|=))`+sp+`*:?`+sp+`*`+oq+value),
		at(RuleProseSecret, []string{"cambi", "con "}, 1, prose,
			`(?:cambi(?:é|e|ó|o|ado|amos)|con)(?:`+sp+`+(?:mi|la|su|el|nuestra|tu))?`+sp+`+(?:contrase(?:ñ|n)a|clave|token)(?:`+sp+`+(?:a|por|en))?`+sp+`+`+value),
		// French: "le mot de passe est X", "mot de passe : X", "j'ai changé
		// mon mot de passe en X", "avec le mot de passe X".
		at(RuleProseSecret, []string{"mot de passe", "mdp", "clé", "cle ", "jeton", "secret", "code d"}, 1, prose,
			`(?:mot`+sp+`+de`+sp+`+passe|mdp|code`+sp+`+d'acc(?:è|e)s|secret|cl(?:é|e)(?:`+sp+`+(?:d'|de`+sp+`+l'|de`+sp+`+)?api|`+sp+`+secr(?:è|e)te|`+sp+`+d'acc(?:è|e)s)?|jeton)(?:`+sp+`+[a-z0-9-]+)?(?:`+sp+`+(?:du|de|des|pour|de`+sp+`+la|d'|de`+sp+`+l')(?:`+sp+`*[^\s]+){1,4}?)?(?:`+sp+`+(?:est maintenant|est désormais|est desormais|est devenu|devient|c'est|c’est|est|était|etait|sera|a été changé en|a ete change en)|`+sp+`*(?::|=))`+sp+`*:?`+sp+`*`+oq+value),
		at(RuleProseSecret, []string{"chang", "avec"}, 1, prose,
			`(?:chang(?:é|e|er|eons)|avec)(?:`+sp+`+(?:le|la|mon|ma|notre|votre|son|ton|l'))?`+sp+`*(?:mot`+sp+`+de`+sp+`+passe|mdp|jeton|cl(?:é|e))(?:`+sp+`+(?:en|à|a|pour|par))?`+sp+`+`+value),
		// Portuguese: "a senha do banco é X", "senha: X", "mudei a senha
		// para X", "a chave de API é X".
		at(RuleProseSecret, []string{"senha", "palavra-passe", "chave", "segredo"}, 1, prose,
			`(?:senha|palavra-passe|segredo|chave(?:`+sp+`+(?:de|da)`+sp+`+api|`+sp+`+secreta|`+sp+`+de`+sp+`+acesso)?)(?:`+sp+`+[\pL0-9-]+)?(?:`+sp+`+(?:do|da|de|dos|das|para|no|na|em)(?:`+sp+`+[^\s]+){1,4}?)?(?:`+sp+`+(?:é agora|agora é|foi (?:alterada|mudada|trocada) para|mudou para|passou a ser|é|era|será|fica)|`+sp+`*(?::|=))`+sp+`*:?`+sp+`*`+oq+value),
		at(RuleProseSecret, []string{"mudei", "mudamos", "alterei", "alteramos", "troquei", "com a", "com o"}, 1, prose,
			`(?:mudei|mudamos|alterei|alteramos|troquei|com)(?:`+sp+`+(?:a|o|minha|meu|nossa|nosso|sua|seu))*`+sp+`+(?:senha|palavra-passe|chave|token)(?:`+sp+`+(?:para|por))?`+sp+`+`+value),
		// Italian: "la password del database è X", "la chiave API è X",
		// "ho cambiato la password in X".
		{name: RuleProseSecret, hints: []string{"password", "chiave", "segreto", "parola d'ordine"}, fold: true, anchored: true,
			back: italianCue, group: 1, pick: prose, re: mustAt(`(?:password|parola` + sp + `+d'ordine|segreto|chiave(?:` + sp + `+(?:api|segreta|di` + sp + `+accesso|d'accesso))?)(?:` + sp + `+[a-z0-9-]+)?(?:` + sp + `+(?:del|della|dello|dei|delle|di|per|dell'|al|alla)(?:` + sp + `*[^\s]+){1,4}?)?(?:` + sp + `+(?:ora è|è ora|adesso è|è diventata|è stata cambiata in|è|era|sarà)|` + sp + `*(?::|=))` + sp + `*:?` + sp + `*` + oq + value)},
		at(RuleProseSecret, []string{"cambiato", "cambiata", "modificato", "impostato", "con la", "con il"}, 1, prose,
			`(?:cambiat[oa]|modificat[oa]|impostat[oa]|con)(?:`+sp+`+(?:la|il|mia|mio|nostra|nostro|sua|suo))*`+sp+`+(?:password|chiave|token)(?:`+sp+`+(?:in|a|con))?`+sp+`+`+value),
		// Dutch: "het wachtwoord van de database is X", "de API-sleutel
		// is X", "wachtwoord veranderd in X", "met het wachtwoord X".
		{name: RuleProseSecret, hints: []string{"wachtwoord", "leutel", "geheim"}, fold: true, anchored: true,
			back: identStart, group: 1, pick: prose, re: mustAt(
				`[a-z0-9_-]*?(?:wachtwoord|sleutel|geheim)(?:` + sp + `+(?:van|voor|bij|op)(?:` + sp + `+[^\s]+){1,4}?)?(?:` + sp + `+(?:is nu|is|was|wordt|luidt|(?:veranderd|gewijzigd|aangepast|ingesteld|gezet)` + sp + `+(?:in|naar|op))|` + sp + `*(?::|=))` + sp + `*:?` + sp + `*` + oq + value)},
		at(RuleProseSecret, []string{"met het", "met de", "met mijn"}, 1, prose,
			`met(?:`+sp+`+(?:het|de|mijn|ons|onze))+`+sp+`+(?:[a-z0-9]+-)?(?:wachtwoord|sleutel|token)`+sp+`+`+value),
		// Korean: "비밀번호는 X입니다", "API 키: X", "비밀번호를 X(으)로
		// 바꿨어요": a particle or a colon after the cue, then the run of
		// ASCII that the Hangul around it bounds.
		at(RuleProseSecret, []string{"비밀번호", "비번", "암호", "패스워드", "토큰", "시크릿", "api 키", "api키", "액세스 키", "액세스키", "비밀 키", "비밀키"}, 1, cjkSecret,
			`(?:비밀번호|비번|암호|패스워드|토큰|시크릿(?:`+sp+`?키)?|api`+sp+`?키|액세스`+sp+`?키|비밀`+sp+`?키)(?:`+sp+`*(?:는|은|가|이|를|을))?`+sp+`*(?::|：|=)?`+sp+`*`+cjkValue),
		// Chinese: "密码是X", "密码：X", "API密钥为X", "把密码改成了X".
		at(RuleProseSecret, []string{"密码", "密碼", "口令", "密钥", "密鑰", "秘钥", "私钥", "令牌"}, 1, cjkSecret,
			`(?:密码|密碼|口令|密钥|密鑰|秘钥|私钥|令牌)[^\n!-~]{0,6}?(?:是|为|為|：|:|=|→|改成了?|改为|改為|设置为|设为|设成|换成|換成)`+sp+`*(?:了`+sp+`*)?`+cjkValue),
		// Japanese: "パスワードはXです", "APIキー：X", "パスワードをXに変更".
		at(RuleProseSecret, []string{"パスワード", "暗証番号", "apiキー", "api キー", "アクセスキー", "トークン", "シークレット", "秘密鍵"}, 1, cjkSecret,
			`(?:パスワード|暗証番号|api`+sp+`?キー|アクセスキー|トークン|シークレット(?:キー)?|秘密鍵)[^\n!-~]{0,6}?(?:は|：|:|=|が|を|→)[、，]?`+sp+`*`+cjkValue),
		// A PIN, in any of the languages: "the PIN for the card is 4827",
		// "meine PIN ist 4827", "mon code PIN est 4827", "PIN码是4827",
		// "暗証番号は4827です". Digits only, four to eight.
		at(RuleProseSecret, []string{"pin", "geheimzahl", "access code", "security code", "door code", "gate code", "alarm code", "unlock code", "passcode", "verification code", "one-time code", "otp"}, 1, nil,
			`(?:pin(?:[ -]?(?:code|number|nummer|码|碼|コード))?|geheimzahl|(?:access|security|door|gate|alarm|unlock|verification|one-time)`+sp+`+code|passcode|otp(?:`+sp+`+code)?)(?:`+sp+`+(?:for|of|to|on|für|zur|zum|de|du|del|pour|para)(?:`+sp+`+[^\s]+){1,4}?)?(?:`+sp+`+(?:is now|is|was|will be|ist jetzt|ist|lautet|war|est maintenant|est|était|es ahora|es|era)|`+sp+`*(?::|=|是|为|為|：|は))`+sp+`*:?`+sp+`*(?:[«„“"'「『]`+sp+`*)?([0-9]{4,8}(?:-[0-9]{2,8})*)(?:[^0-9A-Za-z-]|$)`),
		at(RuleProseSecret, []string{"暗証番号", "取款密码", "银行卡密码"}, 1, nil,
			`(?:暗証番号|取款密码|银行卡密码)[^\n!-~]{0,4}?(?:是|为|為|：|:|=|は)`+sp+`*["“「『]?([0-9]{4,8})(?:[^0-9A-Za-z]|$)`),
		// A passphrase of plain words: "my passphrase is correct horse
		// battery staple", up to the end of the clause.
		at(RuleProseSecret, []string{"passphrase", "pass phrase"}, 1, phraseValue,
			`pass`+sp+`?phrase(?:`+sp+`+(?:for|of|to|on)(?:`+sp+`+[^\s]+){1,3}?)?`+sp+`+(?:is now|is|was)`+sp+`*:?`+sp+`*([^\n.,;!?"“”«»()]{8,160})`),
		// A wallet's seed: "my seed phrase is abandon ability …", twelve to
		// twenty-four lower-case words.
		at(RuleProseSecret, []string{"seed", "recovery phrase", "mnemonic"}, 1, seedValue,
			`(?:seed(?:`+sp+`+(?:phrase|words))?|(?:secret`+sp+`+)?recovery`+sp+`+phrase|mnemonic(?:`+sp+`+phrase)?)(?:`+sp+`+(?:is|was|are|were)|`+sp+`*[:=])`+sp+`*["'“]?([a-z]+(?:[ \t,]+[a-z]+){11,23})`),
		// Recovery and backup codes: "recovery codes: 8f3k-2m9x 7h2p-4q1z".
		at(RuleProseSecret, []string{"recovery code", "backup code"}, 1, codesValue,
			`(?:recovery|backup)`+sp+`+codes?(?:`+sp+`+(?:are|is))?`+sp+`*:?`+sp+`*([A-Za-z0-9-]{6,}(?:[ \t,]+[A-Za-z0-9-]{6,})*)`),
		// A user and a password side by side, without a copula: "user
		// admin, password X", "Benutzer admin, Passwort X", "usuario admin
		// y contraseña X".
		{name: RuleProseSecret, hints: []string{"password", "passwd", "passwort", "kennwort", "mot de passe", "mdp", "contraseña", "contrasena", "pwd", "pw"},
			fold: true, anchored: true, back: afterPair, group: 1, pick: pairValue, re: mustAt(
				`(?:password|passwd|passwort|kennwort|mot` + sp + `+de` + sp + `+passe|mdp|contrase(?:ñ|n)a|pwd|pw)` + sp + `+` + oq + value)},
		// Chinese without a copula: "用户名admin，密码X".
		at(RuleProseSecret, []string{"密码", "密碼", "口令"}, 1, mixedValue, `(?:密码|密碼|口令)`+sp+`*([!-~]{6,})`),
		// An English cue with a Chinese or Japanese copula: "token是X", "API
		// key为X", or Chinese or Japanese words before the colon: "我把 API
		// key 发你：X". Only where a byte of such a script follows the cue
		// does the regexp run.
		{name: RuleProseSecret, hints: []string{"token", "key", "password", "passwd", "pwd", "pw", "secret", "pin"}, fold: true, anchored: true,
			back: cjkAfterCue, group: 1, pick: cjkSecret, re: mustAt(
				`[a-z0-9_-]*?(?:token|api` + sp + `?[_-]?key|key|password|passwd|pwd|pw|secret|pin)` + sp + `*(?:[^\s!-~]{1,6}?[：:→]|是|为|為|：|は|＝|→)[、，]?` + sp + `*` + cjkValue)},
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
	if t := strings.TrimSuffix(inner, "("); len(t) < len(inner) && !strings.Contains(t, "(") {
		inner, b = t, b-1 // X(으)로: the particle's parenthesis
	}
	if n := len(inner); n > 1 && strings.IndexByte("\"'", inner[n-1]) >= 0 && strings.Count(inner, inner[n-1:]) == 1 {
		inner, b = inner[:n-1], b-1 // the closing quote of "X" before Hangul or kana
	}
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

// phraseWords are the words of ordinary sentences: a passphrase of
// random words holds none of them ("the passphrase is used to encrypt
// the key" is no passphrase).
var phraseWords = []string{"a", "an", "the", "to", "of", "for", "in", "on", "at", "by", "with", "from", "and", "or", "but",
	"is", "are", "be", "been", "it", "this", "that", "not", "no", "used", "required", "stored", "saved", "set", "too",
	"in", "my", "your", "our", "their", "his", "her", "its", "we", "you", "they", "i", "as", "if", "so", "also", "still"}

// phraseValue takes a passphrase of three to twelve plain words, none of
// them a word of ordinary sentences.
func phraseValue(v string) (int, int, bool) {
	t := strings.TrimRight(v, " \t\u00a0")
	ws := strings.Fields(t)
	if len(ws) < 3 || len(ws) > 12 {
		return 0, 0, false
	}
	for _, w := range ws {
		if slices.Contains(phraseWords, strings.ToLower(w)) {
			return 0, 0, false
		}
	}
	return 0, len(t), true
}

// pairStops end the user's half of a user-and-password pair.
var pairStops = []string{",", "，", "、", ";", "/", " and", " und", " et", " y", " e"}

// afterPair keeps a password cue only where it follows the user's half
// of a pair (a comma, a slash, "and"); -1 elsewhere.
func afterPair(s string, i int) int {
	t := strings.TrimRight(s[max(0, i-16):i], " \t")
	if strings.HasSuffix(t, "//") {
		return -1 // a comment, not the user's half of a pair
	}
	for _, p := range pairStops {
		if len(t) > len(p) && strings.EqualFold(t[len(t)-len(p):], p) {
			return i
		}
	}
	return -1
}

// pairValue takes the password of a user-and-password pair as prose
// does, but not code: "salt, password []byte" is a Go parameter list.
func pairValue(v string) (int, int, bool) {
	a, b, _ := unquote(v)
	if w := v[a:b]; codeWord(w) || strings.HasPrefix(w, "-") || assignment.MatchString(w) {
		return 0, 0, false // code, a flag (pass -mod=mod) or an assignment (pass strict=false)
	}
	return prose(v)
}

// seedValue takes a wallet's seed words: 12, 15, 18, 21 or 24 of them.
func seedValue(v string) (int, int, bool) {
	ws := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
	switch len(ws) {
	case 12, 15, 18, 21, 24:
		return 0, len(v), true
	}
	return 0, 0, false
}

// codesValue takes a list of recovery codes, each with a digit.
func codesValue(v string) (int, int, bool) {
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' }) {
		if !strings.ContainsAny(w, "0123456789") {
			return 0, 0, false
		}
	}
	return 0, len(v), true
}

// strongRandom takes a value that no word or identifier looks like:
// 24 characters or more of a token's alphabet, mixing upper case, lower
// case and digits (a hex hash, a UUID or a snake_case name does not), that
// changes between them as often as random text does (a camel-case name
// such as openSSHEd25519PrivateKey changes at its words only).
func strongRandom(v string) (int, int, bool) {
	a, b, inner, _ := valueSpan(v, true)
	if len(inner) < 24 || strings.Trim(inner, tokenChars) != "" || placeholder(inner) {
		return 0, 0, false
	}
	if _, _, ok := awsSecret(inner); !ok {
		return 0, 0, false
	}
	class := func(c byte) int {
		switch {
		case c >= 'a' && c <= 'z':
			return 0
		case c >= 'A' && c <= 'Z':
			return 1
		case c >= '0' && c <= '9':
			return 2
		}
		return 3
	}
	changes := 0
	for i := 1; i < len(inner); i++ {
		if class(inner[i]) != class(inner[i-1]) {
			changes++
		}
	}
	// Random base62 changes class at about 62% of its steps.
	if changes*5 < (len(inner)-1)*2 {
		return 0, 0, false
	}
	return a, b, true
}

// proseCue keeps a cue that is a word of prose followed by a space and
// a run of 24 characters of a token's alphabet: not part of a flag or a
// name (--public-key, device_key), and not a public key; -1 elsewhere.
// It runs before the rule's regexp and turns most cues away in a few
// byte comparisons.
func proseCue(s string, i int) int {
	if i > 0 && strings.IndexByte("-_./", s[i-1]) >= 0 {
		return -1
	}
	e := i
	for e < len(s) && (s[e] >= 'a' && s[e] <= 'z' || s[e] >= 'A' && s[e] <= 'Z' || s[e] >= 0x80) {
		e++
	}
	if e >= len(s) || s[e] != ' ' && s[e] != '\t' {
		return -1
	}
	e++
	if e < len(s) && strings.IndexByte("\"'`", s[e]) >= 0 {
		e++
	}
	if e+24 > len(s) || strings.Trim(s[e:e+24], tokenChars) != "" {
		return -1
	}
	t := strings.ToLower(strings.TrimRight(s[max(0, i-12):i], " \t"))
	if strings.HasSuffix(t, "public") || strings.HasSuffix(t, "publishable") {
		return -1
	}
	return i
}

// italianPreps start the qualifier of an Italian cue (la password del
// database, di root).
var italianPreps = []string{" del", " della", " dello", " dei", " delle", " di ", " per ", " dell'", " al ", " alla "}

// italianCue keeps "password" only where Italian follows it (an è, or a
// preposition after at most one word), so that the Italian rule's regexp
// does not run at every password of English text; the other cues are
// Italian words already.
func italianCue(s string, i int) int {
	if !strings.HasPrefix(strings.ToLower(s[i:min(len(s), i+8)]), "password") {
		return i
	}
	t := s[i+8 : min(len(s), i+64)]
	if strings.Contains(t, "è") {
		return i
	}
	if j := strings.IndexByte(t[min(len(t), 1):], ' '); j >= 0 {
		t = t[:min(len(t), j+1+12)] // the next word and the start of the one after
	}
	for _, p := range italianPreps {
		if strings.Contains(t, p) {
			return i
		}
	}
	if w, _, ok := strings.Cut(strings.TrimLeft(t, " "), ":"); ok && w != "" && !strings.Contains(w, " ") && strings.IndexByte("aeio", w[len(w)-1]) >= 0 {
		return i // password temporanea: X
	}
	return -1
}

// parenSecret takes a value in parentheses that looks like a password:
// letters and digits, and both cases or a symbol.
func parenSecret(v string) (int, int, bool) {
	if placeholder(v) || strings.Contains(v, "://") || strings.IndexByte("/.~", v[0]) >= 0 {
		return 0, 0, false
	}
	up, low, dig, sym := false, false, false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= 'A' && c <= 'Z':
			up = true
		case c >= 'a' && c <= 'z':
			low = true
		case c >= '0' && c <= '9':
			dig = true
		default:
			sym = true
		}
	}
	return 0, len(v), dig && (up || low) && (up && low || sym)
}

// tryStart moves past the blank that starts a hint of "try".
func tryStart(s string, i int) int {
	if s[i] == ' ' || s[i] == '\t' || s[i] == '\n' {
		return i + 1
	}
	return i
}

// wordEnd is the end of the word of letters (any script) at i.
func wordEnd(s string, i int) int {
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 0x80) {
		i++
	}
	return i
}

// skipBlanks moves past spaces and tabs.
func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// parenWords are the cues that the rule for "password (X)" takes.
var parenWords = []string{"password", "passwd", "passphrase", "passcode", "pass", "pwd", "psw", "psk", "pw", "secret",
	"token", "key", "credential", "credentials"}

// parenCue moves back from the " (" of "password (X)" to its cue, so that
// one search for the parenthesis serves every cue; -1 where the word
// before the parenthesis is no cue.
func parenCue(s string, i int) int {
	j := i
	for j > 0 && (s[j-1] >= 'a' && s[j-1] <= 'z' || s[j-1] >= 'A' && s[j-1] <= 'Z') {
		j--
	}
	if j == i || j > 0 && wordByte(s[j-1]) || !slices.Contains(parenWords, strings.ToLower(s[j:i])) {
		return -1
	}
	return j
}

// cjkAfterCue keeps an English cue (the identifier that holds it)
// followed by a byte of another script, as its Chinese or Japanese
// copula or words are; -1 elsewhere, before any regexp.
func cjkAfterCue(s string, i int) int {
	e := i
	for e < len(s) && (wordByte(s[e]) || s[e] == '-') {
		e++
	}
	if e = skipBlanks(s, e); e < len(s) && s[e] >= 0x80 {
		return identStart(s, i)
	}
	return -1
}

// tokenCue keeps "token" where prose or a label follows it (a blank, or
// a colon that is not Go's :=); -1 elsewhere, before any regexp.
func tokenCue(s string, i int) int {
	e := i + len("token")
	if e >= len(s) {
		return -1
	}
	switch s[e] {
	case ' ', '\t', 0xc2, 0xe2:
		return i
	case ':':
		if e+1 < len(s) && s[e+1] == '=' {
			return -1
		}
		return i
	}
	return -1
}
