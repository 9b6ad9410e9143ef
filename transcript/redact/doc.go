// Package redact finds secrets in conversation text and replaces them. That
// is its one responsibility: it knows nothing of transcript formats, and
// its callers (transcript) decide which strings go through it.
//
// Text works on decoded strings; each rule is counted by name (see
// RuleNames) and replaces only the secret with "[REDACTED:<rule>]", so
// "password=hunter22x and we prefer squash merges" keeps its last words.
// JSON works on compact JSON, string value by string value (a
// secret-named member whole), and the elements of an argv array with the
// ones before them as context, so ["docker","login","-p","x"] loses x.
//
// The rules are this package's own: vendor tokens by their literal
// prefixes (GitHub, GitLab, npm, PyPI, Slack, Stripe, Google, OpenAI,
// Anthropic, AWS, SendGrid, Hugging Face, DigitalOcean, Twilio, Mailgun,
// Shopify, JWTs, PEM blocks), and generic rules for what scanners of
// repositories miss in conversation: secret-named assignments whose values
// hold punctuation, secrets in prose ("the password for the db is X"),
// credentials on command lines (mysql -pX, curl -u user:X, sshpass -p X,
// --password X, aws configure set ...), URL credentials, bearer and basic
// authorization. gitleaks v8.30.1 was measured as the alternative: its
// default rules (222) found 28 of the 51 positives of
// testdata/corpus.txt, missing 16 of the 18 assignments, prose and
// command lines, at about 1 MB/s, and it brings some 70 modules. These
// rules, written against that corpus, find all of them at about 10 MB/s on
// text dense with their keywords (BenchmarkRedactText). The speed comes
// from a keyword prefilter: a token rule's regexp starts with its literal
// prefix and runs only when the prefix is present; a generic rule's regexp
// is anchored and tried only at each occurrence of its keyword, on a
// window of 512 bytes. Not covered: secrets without a vendor prefix or a
// keyword near them (a bare random string), a password that is a plain
// word ("the password is correcthorse") or only digits, and tokens of
// vendors not listed.
//
// The package has no state: the rules are built once, read-only, and
// every function is safe for concurrent use.
package redact
