// Package redact finds secrets in conversation text and replaces them. That
// is its one responsibility: it knows nothing of transcript formats, and
// its callers (transcript) decide which strings go through it.
//
// Text works on decoded strings; each rule is counted by name (see
// RuleNames) and replaces only the secret with "[REDACTED:<rule>]", so
// "password=hunter22x and we prefer squash merges" keeps its last words.
// JSON works on compact JSON, string value by string value (a
// secret-named member whole), and the elements of an argv array with their
// neighbours as context, so ["docker","login","-p","x"] loses x and so
// does ["echo","u:x","|","chpasswd"].
//
// The rules are this package's own. Files:
//
//   - redact.go: the rule type, the prefilter, Text and JSON, URL
//     credentials of any shape (an empty user, an @ in the password, a
//     token as the user), URL query and fragment secrets (?api_key=,
//     #access_token=, ?code=), authorization and x-api-key headers, and
//     secret-named keys in every syntax: env files, YAML, JSON, TOML, INI,
//     properties, and code assignments in Python, JS/TS, Go, Ruby, Java,
//     C#, R and PHP (SECRET_KEY_BASE, JWT_SECRET_KEY, APP_KEY,
//     os.environ["X"] =, const apiKey: string =, ApiKey { get; set; } =,
//     token ||=, define('AUTH_KEY', …), <password>…</password>), secrets
//     passed to code (os.Setenv("API_KEY", …), new NetworkCredential(u,
//     …), auth=(u, …), btoa("u:…")), and names holding a vendor's
//     (ALGOLIA_ADMIN=…, sonar.login=…). Values that are references or
//     placeholders (${VAR}, os.environ[…], <your-key>, changeme, xxx,
//     ***) are kept.
//   - files.go: credential files and settings that name a secret apart
//     from its value: .pgpass, a Docker config's and an .npmrc's auth,
//     htpasswd and shadow hashes, session cookies, name/value pairs
//     (Kubernetes env, ECS, CloudFormation) and "password X" config
//     lines.
//   - vendors.go: vendor tokens by their published shapes, with a maintained
//     scanner's rule set (gitleaks' default rules) as the checklist of kinds:
//     Google OAuth, Azure SAS and Entra secrets, AWS Bedrock and the
//     console's credentials CSV, Vault, Docker Hub, Atlassian, Linear,
//     Notion, Square, Terraform Cloud, Discord, Telegram, age, Sentry,
//     Grafana, Databricks, AI providers, developer tools and SaaS APIs, on
//     top of the older GitHub, GitLab, npm, PyPI, Slack, Stripe, OpenAI,
//     Anthropic, AWS, SendGrid, Hugging Face, DigitalOcean, Twilio,
//     Mailgun, Shopify, JWT and PEM rules. The kinds of gitleaks that are
//     only a vendor word near a random value are the secret-named-key
//     rule's (DATADOG_API_KEY=…).
//   - cli.go: credentials on command lines (mysql -pX, curl -u user:X,
//     az login -p X, htpasswd -b file user X, sqlplus user/X@db,
//     echo 'u:X' | chpasswd, echo X | sudo -S, --password X, -password X,
//     xfreerdp /p:X, npm config set …:_authToken X, set -x API_KEY X,
//     ConvertTo-SecureString "X", nmcli … password X, echo X | wrangler
//     secret put, … secret … <<< X, dotnet user-secrets set and setx of a
//     secret's name, and more), PHP's new PDO(dsn, u, X), nginx's proxy_set_header
//     X-Api-Key X, Go's MySQL DSN (u:X@tcp(…)), a Terraform variable's
//     secret default, and passwords in SQL (IDENTIFIED BY 'X', WITH
//     PASSWORD 'X').
//   - prose.go: secrets stated in prose in English, German, Spanish,
//     French, Portuguese, Italian, Dutch, Chinese, Japanese and Korean ("I
//     changed my password to X", "my password is now X", "das
//     Admin-Passwort ist X", "le mot de passe est « X »", "a senha é X",
//     "la password è X", "het wachtwoord is X", "user admin, password X",
//     "密码是X", "パスワードはXです", "비밀번호는 X입니다", "管理员账号：admin /
//     X"), a cue followed by a value as random as a token ("use token X
//     for the bot") or by a password in parentheses,
//     PINs and door codes of digits, passphrases of plain words, wallet
//     seed phrases and recovery codes.
//
// Speed comes from a prefilter: one pass over the text looks up each pair
// of adjacent bytes in a table of the rules' hints (vendor prefixes, and
// keywords matched case-insensitively), a set of third bytes per pair
// turns most ordinary words away, and only rules whose hint occurs run. A token rule's regexp starts with its literal prefix; a generic
// rule's regexp is anchored and tried only at each occurrence of its
// keyword, on a window of 512 bytes, and a secret name is checked in code
// before any regexp runs. Ordinary prose with no hint costs the one pass.
// testdata/corpus.txt is the development corpus (its format is at its
// top); a held-out corpus is kept apart from it.
//
// Not covered: secrets without a vendor prefix or a keyword near them (a
// bare random string), a password that is a plain word stated by someone
// other than its owner ("the password is correcthorse") or only digits
// (except a PIN or a code, or after a Chinese, Japanese or Korean cue),
// a key passed to an SDK by position when it is hex (algoliasearch(id,
// "…"), Twilio's Client(sid, "…")), "try X as the password" unquoted at the
// very start of a text, and tokens of vendors not listed.
//
// The package has no state: the rules are built once, read-only, and
// every function is safe for concurrent use.
package redact
