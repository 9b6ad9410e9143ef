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
	// Microsoft Teams, Office and Zapier incoming webhooks.
	{name: RuleTeamsWebhook, hints: []string{"webhook.office.com", "hooks.zapier.com", "logic.azure.com"}, group: 1,
		re: regexp.MustCompile(`(?:webhook\.office\.com/webhookb2/|hooks\.zapier\.com/hooks/catch/|logic\.azure\.com[:0-9]*/workflows/)([A-Za-z0-9@/_?=&%.-]{20,})`)},
}
