package redact

import (
	"regexp"
	"strings"
)

// base64Value takes a value that looks base64-encoded: its length a
// multiple of four and mixed case or digits, so "production" keeps.
func base64Value(v string) (int, int, bool) {
	if len(v)%4 != 0 || strings.HasPrefix(v, "[REDACTED") {
		return 0, 0, false
	}
	up, low, dig := false, false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		up = up || c >= 'A' && c <= 'Z'
		low = low || c >= 'a' && c <= 'z'
		dig = dig || c >= '0' && c <= '9'
	}
	return 0, len(v), up && low || dig && (up || low) || strings.HasSuffix(v, "=")
}

// Vendor token kinds, one rule name per vendor family. The checklist of
// kinds is a maintained scanner's (gitleaks' default rules); the shapes
// are the vendors' published formats, and the patterns are this
// package's own: each starts with a literal prefix, so it runs only where
// the prefix occurs.
const (
	RuleGoogleOAuth    = "google-oauth"
	RuleAzureSAS       = "azure-sas"
	RuleAzureSecret    = "azure-client-secret"
	RuleAWSConsole     = "aws-console-password"
	RuleAWSBedrock     = "aws-bedrock-key"
	RulePuTTYKey       = "putty-key"
	RuleKubeconfigKey  = "kubeconfig-key"
	RuleVaultToken     = "vault-token"
	RuleDockerHub      = "dockerhub-token"
	RuleAtlassian      = "atlassian-token"
	RuleLinear         = "linear-key"
	RuleNotion         = "notion-token"
	RuleSquare         = "square-token"
	RuleTerraform      = "terraform-token"
	RuleDiscord        = "discord-token"
	RuleTelegram       = "telegram-bot-token"
	RuleAgeKey         = "age-key"
	RuleSentry         = "sentry-token"
	RuleGrafana        = "grafana-token"
	RuleDatabricks     = "databricks-token"
	RuleAIKey          = "ai-provider-key"
	RuleDevToolToken   = "devtool-token"
	RuleSaaSToken      = "saas-token"
	RuleTwitterBearer  = "twitter-bearer"
	RuleMailchimp      = "mailchimp-key"
	RuleAlibaba        = "alibaba-key"
	RuleFacebook       = "facebook-token"
	RuleOnePassword    = "1password-key"
	RuleTeamsWebhook   = "webhook-url"
	RuleURLQuerySecret = "url-query-secret"
	RuleAPIKeyHeader   = "api-key-header"
	RuleNetrc          = "netrc-password"
	RuleK8sSecret      = "kubernetes-secret"
	RuleVendorKeyed    = "vendor-keyed-secret"
)

// tok is a vendor token: a literal prefix and the rest of its shape.
type tok struct{ name, prefix, rest string }

// vendorTokens are appended to the rules as token rules, in this order.
var vendorTokens = []tok{
	// Google: OAuth client secrets, access and refresh tokens.
	{RuleGoogleOAuth, "GOCSPX-", `[A-Za-z0-9_-]{24,40}`},
	{RuleGoogleOAuth, "ya29.", `[A-Za-z0-9_-]{30,}`},
	{RuleGoogleOAuth, "1//0", `[A-Za-z0-9_-]{30,}`},
	// AWS Bedrock API keys.
	{RuleAWSBedrock, "ABSK", `[A-Za-z0-9+/]{100,280}={0,2}`},
	{RuleAWSBedrock, "bedrock-api-key-", `[A-Za-z0-9+/=]{40,}`},
	// HashiCorp Vault service, batch and recovery tokens.
	{RuleVaultToken, "hvs.", `[A-Za-z0-9_-]{24,}`},
	{RuleVaultToken, "hvb.", `[A-Za-z0-9_-]{24,}`},
	{RuleVaultToken, "hvr.", `[A-Za-z0-9_-]{24,}`},
	// Docker Hub personal and organisation access tokens.
	{RuleDockerHub, "dckr_pat_", `[A-Za-z0-9_-]{20,}`},
	{RuleDockerHub, "dckr_oat_", `[A-Za-z0-9_-]{20,}`},
	// Atlassian API tokens and Bitbucket app passwords.
	{RuleAtlassian, "ATATT", `[A-Za-z0-9_=+/-]{40,}`},
	{RuleAtlassian, "ATCTT", `[A-Za-z0-9_=+/-]{40,}`},
	{RuleAtlassian, "ATBB", `[A-Za-z0-9]{28,}`},
	// Linear and Notion.
	{RuleLinear, "lin_api_", `[A-Za-z0-9]{32,}`},
	{RuleLinear, "lin_oauth_", `[A-Za-z0-9]{32,}`},
	{RuleNotion, "ntn_", `[0-9]{11}[A-Za-z0-9]{30,}`},
	{RuleNotion, "secret_", `[A-Za-z0-9]{43}`},
	// Square access tokens and OAuth secrets.
	{RuleSquare, "EAAA", `[A-Za-z0-9_-]{56,}`},
	{RuleSquare, "sq0atp-", `[A-Za-z0-9_-]{22,}`},
	{RuleSquare, "sq0csp-", `[A-Za-z0-9_-]{40,}`},
	// age secret keys (Bech32).
	{RuleAgeKey, "AGE-SECRET-KEY-1", `[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`},
	// Sentry auth tokens.
	{RuleSentry, "sntrys_", `[A-Za-z0-9+/=_]{40,}`},
	{RuleSentry, "sntryu_", `[a-f0-9]{64}`},
	// Grafana.
	{RuleGrafana, "glsa_", `[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}`},
	{RuleGrafana, "glc_", `[A-Za-z0-9+/]{32,}={0,3}`},
	{RuleGrafana, "eyJrIjoi", `[A-Za-z0-9]{40,}={0,3}`},
	{RuleDatabricks, "dapi", `[a-f0-9]{32}(?:-[0-9])?`},
	// AI providers beyond OpenAI and Anthropic.
	{RuleAIKey, "sk-or-v1-", `[a-f0-9]{48,}`},
	{RuleAIKey, "gsk_", `[A-Za-z0-9]{40,}`},
	{RuleAIKey, "xai-", `[A-Za-z0-9]{60,}`},
	{RuleAIKey, "r8_", `[A-Za-z0-9]{30,}`},
	{RuleAIKey, "pplx-", `[A-Za-z0-9]{40,}`},
	{RuleAIKey, "pcsk_", `[A-Za-z0-9_]{40,}`},
	{RuleAIKey, "lsv2_", `(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}`},
	// Developer tools and infrastructure.
	{RuleDevToolToken, "GR1348941", `[A-Za-z0-9_-]{20,}`},
	{RuleDevToolToken, "tskey-", `(?:auth|api|client|webhook|scim)-[A-Za-z0-9]{8,}-[A-Za-z0-9]{20,}`},
	{RuleDevToolToken, "sbp_", `[a-f0-9]{40}`},
	{RuleDevToolToken, "sb_secret_", `[A-Za-z0-9_-]{20,}`},
	{RuleDevToolToken, "napi_", `[a-z0-9]{40,}`},
	{RuleDevToolToken, "nfp_", `[A-Za-z0-9]{36,}`},
	{RuleDevToolToken, "rnd_", `[A-Za-z0-9]{28,}`},
	{RuleDevToolToken, "fo1_", `[A-Za-z0-9_-]{40,}`},
	{RuleDevToolToken, "fm2_", `[A-Za-z0-9+/]{60,}={0,3}`},
	{RuleDevToolToken, "dp.pt.", `[A-Za-z0-9]{40,}`},
	{RuleDevToolToken, "dp.st.", `[A-Za-z0-9_.-]{40,}`},
	{RuleDevToolToken, "dp.sa.", `[A-Za-z0-9]{40,}`},
	{RuleDevToolToken, "pul-", `[a-f0-9]{40}`},
	{RuleDevToolToken, "pnu_", `[A-Za-z0-9]{36}`},
	{RuleDevToolToken, "rubygems_", `[a-f0-9]{48}`},
	{RuleDevToolToken, "CLOJARS_", `[a-z0-9]{60}`},
	{RuleDevToolToken, "AKCp", `[A-Za-z0-9]{60,}`},
	{RuleDevToolToken, "cmVmdGtu", `[A-Za-z0-9]{50,}`},
	{RuleDevToolToken, "sgp_", `(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}`},
	{RuleDevToolToken, "sha256~", `[A-Za-z0-9_-]{43}`},
	{RuleDevToolToken, "pscale_", `(?:tkn|oauth|pw)_[A-Za-z0-9_=.-]{32,64}`},
	{RuleDevToolToken, "PMAK-", `[a-f0-9]{24}-[a-f0-9]{34}`},
	{RuleDevToolToken, "rdme_", `[a-z0-9]{70}`},
	{RuleDevToolToken, "tk-us-", `[A-Za-z0-9_-]{48}`},
	{RuleDevToolToken, "dt0c01.", `[A-Z0-9]{24}\.[A-Za-z0-9]{64}`},
	{RuleDevToolToken, "HRKU-", `[A-Za-z0-9_-]{50,}`},
	{RuleDevToolToken, "ico-", `[A-Za-z0-9]{32}`},
	{RuleDevToolToken, "figd_", `[A-Za-z0-9_-]{40,}`},
	{RuleDevToolToken, "v1.0-", `[a-f0-9]{24}-[a-f0-9]{146}`},
	{RuleDevToolToken, "4b1d", `[A-Za-z0-9]{38}`},
	{RuleDevToolToken, "ops_eyJ", `[A-Za-z0-9+/]{100,}={0,3}`},
	// Payments, mail and other services.
	{RuleSaaSToken, "xkeysib-", `[a-f0-9]{64}-[A-Za-z0-9]{16}`},
	{RuleSaaSToken, "shippo_", `(?:live|test)_[a-fA-F0-9]{40}`},
	{RuleSaaSToken, "duffel_", `(?:test|live)_[A-Za-z0-9_=-]{43}`},
	{RuleSaaSToken, "FLWSECK", `(?:_TEST)?-[a-hA-H0-9]{12,32}(?:-X)?`},
	{RuleSaaSToken, "EZAK", `[A-Za-z0-9]{54}`},
	{RuleSaaSToken, "EZTK", `[A-Za-z0-9]{54}`},
	{RuleSaaSToken, "sk.eyJ", `[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}`},
	{RuleSaaSToken, "re_", `[A-Za-z0-9]{8}_[A-Za-z0-9]{24,}`},
	{RuleSaaSToken, "NRAK-", `[A-Z0-9]{27}`},
	{RuleSaaSToken, "NRII-", `[A-Za-z0-9_-]{32}`},
	{RuleSaaSToken, "tfp_", `[A-Za-z0-9_.=-]{59}`},
	{RuleSaaSToken, "p8e-", `[A-Za-z0-9]{32}`},
	{RuleSaaSToken, "API-", `[A-Z0-9]{26}`},
	{RuleSaaSToken, "sm_", `(?:aat|pat|sat)_[A-Za-z0-9]{16}`},
	{RuleSaaSToken, "s-s4t2", `(?:ud|af)-[a-f0-9]{64}`},
	{RuleSaaSToken, "shpss_", `[a-fA-F0-9]{32}`},
	{RuleSaaSToken, "EZAK", `[A-Za-z0-9]{54}`},
	{RuleAlibaba, "LTAI", `[A-Za-z0-9]{20}`},
	{RuleFacebook, "EAAB", `[A-Za-z0-9]{80,}`},
	{RuleFacebook, "EAAC", `[A-Za-z0-9]{80,}`},
	{RuleFacebook, "EAAM", `[A-Za-z0-9]{80,}`},
	{RuleOnePassword, "A3-", `[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}`},
	{RuleTwitterBearer, "AAAAAAAAAAAAAAAAAAAAA", `[A-Za-z0-9%]{40,}`},
	// Airtable personal access tokens, Frame.io, New Relic browser keys,
	// Defined Networking and Harness.
	{RuleSaaSToken, "pat", `[A-Za-z0-9]{14}\.[a-f0-9]{64}`},
	{RuleSaaSToken, "fio-u-", `[A-Za-z0-9=_-]{64,}`},
	{RuleSaaSToken, "NRJS-", `[a-f0-9]{19}`},
	{RuleDevToolToken, "dnkey-", `[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}`},
	{RuleDevToolToken, "dp.ct.", `[A-Za-z0-9]{40,}`},
	{RuleDevToolToken, "dp.scim.", `[A-Za-z0-9]{40,}`},
	{RuleDevToolToken, "dp.audit.", `[A-Za-z0-9]{40,}`},
	// NuGet and crates.io API keys.
	{RuleDevToolToken, "oy2", `[a-z0-9]{43}`},
	{RuleDevToolToken, "cio", `[A-Za-z0-9]{32}`},
	// Slack client tokens and session cookies (xoxc, xoxd).
	{RuleSlackToken, "xoxc-", `[0-9]+-[0-9]+-[0-9]+-[a-f0-9]{32,}`},
	{RuleSlackToken, "xoxd-", `[A-Za-z0-9%/+=]{40,}`},
	// ElevenLabs keys, Braintree access tokens, Brevo SMTP keys.
	{RuleAIKey, "sk_", `[a-f0-9]{48}`},
	{RuleSaaSToken, "access_token$", `(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}`},
	{RuleSaaSToken, "xsmtpsib-", `[a-f0-9]{64}-[A-Za-z0-9]{16}`},
	// Firebase Cloud Messaging server keys, Instagram Graph tokens.
	{RuleGoogleAPIKey, "AAAA", `[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}`},
	{RuleFacebook, "IGQV", `[A-Za-z0-9_-]{100,}`},
	{RuleDevToolToken, "pat.", `[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}`},
	{RuleDevToolToken, "sat.", `[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}`},
	// A JWT encoded once more in base64 ("eyJhbGciOi" becomes this).
	{RuleJWT, "ZXlKaGJHY2lPaU", `[A-Za-z0-9+/]{40,}={0,2}`},
}

// vendorRules are vendor kinds without a literal prefix of their own:
// their regexp runs over the text where a hint occurs.
var vendorRules = []rule{
	// Azure: SAS signatures in URLs and connection strings, Entra ID
	// client secrets (their fourth character is a digit, then "Q~").
	{name: RuleAzureSAS, hints: []string{"sig="}, bound: false, group: 1, pick: notPlaceholder,
		re: regexp.MustCompile(`[?&;]sig=([A-Za-z0-9%+/=]{20,})`)},
	{name: RuleAzureSecret, hints: []string{"Q~"}, bound: true,
		re: regexp.MustCompile(`[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}`)},
	// Terraform Cloud / HCP API tokens: 14 characters, ".atlasv1.", 60-70.
	{name: RuleTerraform, hints: []string{".atlasv1."}, bound: true,
		re: regexp.MustCompile(`[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}`)},
	// Telegram bot tokens: the bot id, a colon, 35 characters from "AA".
	{name: RuleTelegram, hints: []string{":AA"},
		re: regexp.MustCompile(`[0-9]{6,12}:AA[A-Za-z0-9_-]{31,34}`)},
	// Discord bot tokens (a base64 user id, a timestamp, an HMAC) and webhooks.
	{name: RuleDiscord, hints: []string{"discord", "bot "}, fold: true, bound: true,
		re: regexp.MustCompile(`[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}`)},
	{name: RuleDiscord, hints: []string{"/api/webhooks/"}, group: 1,
		re: regexp.MustCompile(`discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/([A-Za-z0-9_-]{60,70})`)},
	// Mailchimp: 32 hex digits and the data centre.
	{name: RuleMailchimp, hints: []string{"-us"}, bound: true,
		re: regexp.MustCompile(`[a-f0-9]{32}-us[0-9]{1,2}`)},
	// Sidekiq Enterprise credentials in Bundler's environment.
	{name: RuleSaaSToken, hints: []string{"contribsys__com"}, fold: true, group: 1,
		re: regexp.MustCompile(`(?i)CONTRIBSYS__COM["']?[ \t]*[=:][ \t]*["']?([a-f0-9]{8}:[a-f0-9]{8})`)},
	// The data of a Kubernetes Secret manifest: base64 values of a YAML
	// mapping, in a text that declares kind: Secret (its lines may come
	// joined, as argv elements).
	{name: RuleK8sSecret, hints: []string{"kind: secret"}, fold: true, group: 1, pick: base64Value,
		re: regexp.MustCompile(`(?:^|\s)[A-Za-z0-9_.-]+:\s+["']?([A-Za-z0-9+/]{8,}={0,2})["']?(?:\s|$)`)},
	// OpenVPN static keys.
	{name: RulePrivateKey, hints: []string{"OpenVPN Static key"},
		re: regexp.MustCompile(`-----BEGIN OpenVPN Static key V1-----[\s\S]*?(?:-----END OpenVPN Static key V1-----|$)`)},
	// MaxMind license keys end in _mmk.
	{name: RuleSaaSToken, hints: []string{"_mmk"}, bound: true,
		re: regexp.MustCompile(`[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk`)},
	// Vault's older service tokens (s. and 24 characters), only in a
	// text that names Vault.
	{name: RuleVaultToken, hints: []string{"vault"}, fold: true, bound: true, pick: mixedValue,
		re: regexp.MustCompile(`s\.[A-Za-z0-9]{24}`)},
	// Facebook app access tokens: the app id, a bar, the app secret.
	{name: RuleFacebook, hints: []string{"facebook", "fb_", "graph.facebook"}, fold: true, bound: true,
		re: regexp.MustCompile(`[0-9]{15,16}(?:\||%7C)[0-9A-Za-z_-]{27,40}`)},
	// Microsoft Teams, Office and Zapier incoming webhooks.
	{name: RuleTeamsWebhook, hints: []string{"webhook.office.com", "hooks.zapier.com", "logic.azure.com"}, group: 1,
		re: regexp.MustCompile(`(?:webhook\.office\.com/webhookb2/|hooks\.zapier\.com/hooks/catch/|logic\.azure\.com[:0-9]*/workflows/)([A-Za-z0-9@/_?=&%.-]{20,})`)},
}

// mixedValue takes a value that mixes letters and digits.
func mixedValue(v string) (int, int, bool) {
	letter, digit := false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		letter = letter || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		digit = digit || c >= '0' && c <= '9'
	}
	return 0, len(v), letter && digit
}

// vendorWords name services whose keys gitleaks finds only by the
// service's name near a random value (ALGOLIA_ADMIN=…, heroku_api: …,
// sonar.login=…). A name that holds one and is assigned a random-looking
// value is the vendor-keyed rule's; the generic secret-named rule already
// takes names ending in key, token, secret or password.
var vendorWords = []string{"adafruit", "adobe", "airtable", "algolia", "alibaba", "asana", "atlassian", "confluence",
	"jira", "beamer", "bitbucket", "bittrex", "meraki", "cloudflare", "codecov", "cohere", "coinbase", "confluent",
	"contentful", "datadog", "discord", "droneci", "dropbox", "etsy", "facebook", "fastly", "finicity", "finnhub",
	"flickr", "freshbooks", "gitter", "gocardless", "heroku", "hubspot", "intercom", "jfrog", "artifactory",
	"launchdarkly", "linkedin", "looker", "mailchimp", "mailgun", "mapbox", "mattermost", "messagebird",
	"netlify", "newrelic", "new_relic", "nytimes", "okta", "plaid", "privateai", "rapidapi", "sendbird", "sentry",
	"snyk", "sonar", "squarespace", "sumologic", "telegram", "travis", "twitch", "twitter", "typeform", "yandex",
	"zendesk", "pagerduty", "circleci", "vercel", "supabase", "firebase", "auth0", "mixpanel", "amplitude",
	"rollbar", "bugsnag", "honeycomb", "pusher", "cloudinary", "trello", "docusign", "paypal", "braintree",
	"razorpay", "paystack", "adyen", "binance", "kraken", "kucoin", "bitfinex", "shodan", "virustotal", "clearbit",
	"salesforce", "zoho", "freshdesk", "buildkite", "appveyor", "bitrise", "browserstack", "saucelabs", "codacy",
	"coveralls", "packagist", "cloudsmith", "gemfury", "openweather", "ipinfo", "mailjet", "postmark", "sparkpost",
	"mandrill", "sendinblue", "brevo", "nexmo", "vonage", "plivo", "clickatell", "segment", "hasura", "fauna"}

// notVendorSecret are the endings of names that hold a vendor's public
// setting, not a secret (SENTRY_URL, algolia_app_id, twitter_handle).
var notVendorSecret = []string{"url", "uri", "host", "hostname", "endpoint", "domain", "region", "name", "path", "dir",
	"file", "version", "release", "env", "environment", "user", "username", "email", "handle", "id", "ids", "org",
	"project", "site", "port", "timeout", "level", "enabled", "mode", "sha", "commit", "tag", "count", "limit"}

// vendorIdent reports whether the lower-case identifier id names a
// vendor's credential: it holds a vendor's name and does not end in a
// public setting's.
func vendorIdent(id string) bool {
	for _, w := range notVendorSecret {
		if rest, ok := strings.CutSuffix(id, w); ok && (rest == "" || strings.IndexByte("_.-", rest[len(rest)-1]) >= 0 ||
			id[len(rest)-1] >= 'a' && id[len(rest)-1] <= 'z' && len(w) > 2) {
			return false
		}
	}
	for _, w := range vendorWords {
		for off := 0; ; {
			i := strings.Index(id[off:], w)
			if i < 0 {
				break
			}
			i += off
			if i == 0 || strings.IndexByte("_.-", id[i-1]) >= 0 {
				return true // the vendor's name starts a word (statsentry is no Sentry)
			}
			off = i + 1
		}
	}
	return false
}
