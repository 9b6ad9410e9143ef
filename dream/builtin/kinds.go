package builtin

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Tools of one kind. "We switched to EngFlow" says nothing of a remote
// cache, yet it changes "the remote cache runs on BuildBuddy": a team
// runs one remote cache, one error tracker, one dataframe library at a
// time, so a tool named where another of its kind was is a new value of
// the same thing. toolKinds maps the lower-cased names of tools a coding
// team commonly picks between to the job they do; a name doing two jobs
// is filed under the one it is most often chosen for. The list is a
// field's common knowledge, not the corpus's: it names each job's usual
// products.
var toolKinds, toolsOfKind = kindsOf(toolJobs)

// toolJobs are the names of the tools of each job.
var toolJobs = map[string]string{
	"gpu":            "a100 h100 h200 b100 b200 gb200 v100 p100 t4 l4 l40 l40s a10 a10g a30 a40 a4000 a5000 a6000 rtx4090 rtx3090 mi250 mi250x mi300 mi300x tpu",
	"gpu-cloud":      "lambda coreweave runpod paperspace vast.ai crusoe nebius together",
	"ci":             "jenkins circleci travis buildkite drone teamcity bamboo gocd concourse woodpecker semaphore appveyor bitrise codemagic tekton github-actions gitlab-ci",
	"cd":             "argocd argo-cd flux fluxcd spinnaker octopus",
	"remote-cache":   "buildbuddy engflow nativelink buildbarn bazel-remote",
	"build":          "bazel buck buck2 pants gradle maven sbt cmake meson scons nx turborepo lerna",
	"iac":            "terraform opentofu tofu pulumi cloudformation cdk crossplane terragrunt",
	"config-mgmt":    "ansible chef puppet saltstack salt",
	"cloud":          "aws gcp azure hetzner digitalocean linode vultr ovh ovhcloud scaleway",
	"paas":           "heroku render railway vercel netlify fly.io kinsta wpengine pantheon hostinger siteground pagely",
	"database":       "postgres postgresql mysql mariadb sqlite mongodb mongo cockroachdb cockroach spanner aurora dynamodb cassandra scylla scylladb tidb planetscale supabase neon oracle mssql",
	"warehouse":      "snowflake bigquery redshift databricks clickhouse duckdb synapse",
	"cache":          "redis memcached valkey dragonfly keydb varnish",
	"queue":          "rabbitmq kafka sqs nats activemq beanstalkd pulsar kinesis pubsub redpanda zeromq",
	"jobs":           "sidekiq celery resque bullmq rq oban hangfire",
	"orchestrator":   "airflow dagster prefect luigi temporal",
	"dataframe":      "pandas polars dask pyspark vaex modin",
	"ml-tracking":    "wandb mlflow neptune comet tensorboard clearml",
	"error-tracking": "sentry rollbar bugsnag honeybadger airbrake raygun crashlytics glitchtip",
	"apm":            "datadog newrelic dynatrace appdynamics honeycomb lightstep signoz instana",
	"metrics":        "prometheus victoriametrics thanos mimir graphite influxdb",
	"logging":        "papertrail loggly splunk logdna mezmo graylog loki cloudwatch stackdriver betterstack logtail",
	"paging":         "pagerduty opsgenie victorops incident.io firehydrant rootly squadcast",
	"chat":           "slack discord mattermost zulip",
	"tracker":        "jira linear youtrack shortcut clubhouse asana trello redmine",
	"wiki":           "confluence notion coda gitbook outline bookstack",
	"forge":          "github gitlab bitbucket gitea forgejo codeberg sourcehut",
	"review":         "gerrit phabricator reviewable",
	"registry":       "dockerhub ecr gcr ghcr quay harbor artifactory nexus",
	"secrets":        "vault 1password doppler infisical sops akeyless bitwarden",
	"flags":          "launchdarkly unleash flagsmith growthbook statsig configcat flipt",
	"cdn":            "cloudflare fastly akamai cloudfront bunnycdn keycdn",
	"email":          "sendgrid mailgun postmark ses mailchimp mandrill sparkpost resend brevo",
	"payments":       "stripe adyen braintree paypal mollie paddle chargebee recurly",
	"auth":           "auth0 okta keycloak cognito clerk supertokens ory fusionauth workos",
	"search":         "elasticsearch opensearch algolia meilisearch typesense solr vespa",
	"storage":        "s3 gcs minio r2 b2 wasabi",
	"scheduler":      "kubernetes k8s nomad ecs eks gke aks openshift k3s fargate",
	"js-packages":    "npm yarn pnpm",
	"py-packages":    "pip poetry pipenv uv conda mamba micromamba pdm hatch rye",
	"js-tests":       "jest vitest mocha jasmine ava karma",
	"py-tests":       "pytest unittest nose nose2",
	"e2e":            "cypress playwright selenium puppeteer webdriverio testcafe detox appium maestro",
	"bundler":        "webpack vite rollup esbuild parcel turbopack rspack",
	"js-lint":        "eslint tslint biome oxlint jshint",
	"py-lint":        "flake8 pylint ruff pyflakes",
	"formatter":      "prettier black yapf autopep8 dprint",
	"types":          "mypy pyright pyre pytype",
	"orm":            "prisma typeorm sequelize drizzle knex sqlalchemy peewee gorm sqlc diesel hibernate",
	"migrations":     "flyway liquibase alembic goose dbmate sqitch",
	"transform":      "dbt dataform sqlmesh",
	"etl":            "fivetran airbyte stitch meltano",
	"bi":             "looker metabase tableau superset redash lightdash",
	"analytics":      "mixpanel amplitude segment posthog heap plausible matomo fathom",
	"proxy":          "nginx haproxy envoy traefik caddy",
	"mesh":           "istio linkerd cilium",
	"containers":     "docker podman colima orbstack",
	"vpn":            "tailscale wireguard openvpn zerotier ngrok",
	"status-page":    "statuspage statuspal instatus",
	"uptime":         "pingdom uptimerobot checkly",
	"engine":         "unity unreal godot bevy",
	"cms":            "wordpress drupal contentful strapi sanity ghost prismic storyblok directus",
	"shop":           "shopify magento woocommerce bigcommerce",
	"rtos":           "freertos zephyr nuttx threadx",
	"design":         "figma sketch penpot zeplin",
	"state":          "redux mobx zustand recoil jotai pinia vuex getx riverpod bloc",
	"flasher":        "openocd probe-rs pyocd jlink j-link stlink st-link nrfjprog nrfutil",
	"css":            "tailwind bootstrap bulma sass",
	"http-client":    "axios requests httpx aiohttp",
	"web-framework":  "django flask fastapi rails express fastify nestjs koa hono laravel symfony phoenix gin echo fiber actix axum",
	"frontend":       "react vue angular svelte solid preact ember",
	"distro":         "ubuntu debian alpine centos rhel fedora rocky almalinux distroless wolfi",
	"hpc-jobs":       "slurm pbs torque sge lsf htcondor moab",
	"wp-translation": "wpml polylang translatepress weglot",
	"wp-backup":      "updraftplus jetbackup blogvault duplicator backwpup vaultpress",
	"consent":        "cookiebot cookieyes complianz iubenda onetrust usercentrics",
	"wp-forms":       "wpforms gravityforms formidable ninjaforms fluentforms",
	"seo":            "yoast rankmath aioseo seopress",
	"references":     "zotero mendeley endnote jabref",
	"l10n-platform":  "crowdin weblate transifex lokalise poeditor pontoon smartling tolgee",
	"cat-tool":       "trados memoq wordfast smartcat matecat",
	"video-call":     "zoom jitsi webex whereby skype",
	"forum":          "discourse flarum nodebb phpbb",
	"messenger":      "telegram whatsapp wechat qq",
	"accounting":     "xero quickbooks datev lexoffice holded freeagent",
	"dashboards":     "grafana kibana chronograf",
	"ocr":            "tesseract ocrmypdf abbyy",
	"image-server":   "cantaloupe iipimage loris",
	"docs-site":      "sphinx mkdocs docusaurus vitepress hugo jekyll",
	"jdk":            "jdk openjdk temurin adoptium corretto zulu liberica graalvm semeru",
}

// alsoKinds are the other jobs a tool is commonly chosen for besides its
// kind: Redis is a cache and also Celery's broker, Cloudflare a CDN and
// also where sites are hosted (Pages, Workers), GitHub and GitLab forges
// that also run CI, Datadog an APM that also keeps logs and metrics. A
// tool is of the same kind as another when any of their jobs meet.
var alsoKinds = map[string][]string{
	"redis": {"queue"}, "valkey": {"queue"}, "dragonfly": {"queue"}, "keydb": {"queue"},
	"cloudflare": {"paas"}, "github": {"ci"}, "gitlab": {"ci"}, "bitbucket": {"ci"},
	"datadog": {"logging", "metrics"}, "graphite": {"review"}, "newrelic": {"logging", "metrics"}, "cloudwatch": {"metrics"},
	"honeycomb": {"logging"}, "elasticsearch": {"logging"}, "opensearch": {"logging"}, "loki": {"logging"},
	"supabase": {"auth"}, "kubernetes": {"paas"}, "k8s": {"paas"}, "fly.io": {"paas"},
	"ruff": {"formatter"},
}

// jobsOf are the kinds of tool name: its kind first, then alsoKinds.
func jobsOf(name, kind string) []string {
	return append([]string{kind}, alsoKinds[name]...)
}

// plainWords are tool names that are also everyday words ("render",
// "vault", "black"): they name a tool only when capitalized.
var plainWords = setOf("lambda", "together", "render", "railway", "salt", "chef", "puppet", "drone", "bamboo", "concourse",
	"semaphore", "flux", "octopus", "aurora", "neon", "oracle", "dragonfly", "varnish", "luigi", "temporal", "comet",
	"neptune", "sentry", "graphite", "slack", "linear", "shortcut", "outline", "coda", "harbor", "nexus", "quay", "vault",
	"unleash", "split", "ses", "paddle", "clerk", "ory", "solr", "storage", "heap", "segment", "plausible", "fathom",
	"amplitude", "envoy", "caddy", "unity", "sketch", "ghost", "sanity", "strapi", "express", "echo", "fiber", "gin",
	"rails", "flask", "phoenix", "solid", "ember", "black", "requests", "hatch", "rye", "ava", "karma", "nose", "mocha",
	"jasmine", "detox", "maestro", "stitch", "mode", "goose", "diesel", "hibernate", "tableau", "please", "pants", "buck",
	"ruff", "rocky", "salt", "parcel", "rollup", "biome", "pulsar", "spanner", "cockroach", "pip", "loki", "mimir",
	"thanos", "state", "sass", "bootstrap", "tofu", "checkly", "r2", "b2", "wasabi", "doppler", "crusoe", "vespa")

// kindsOf inverts a map of kinds to the names of their tools, and lists
// each kind's names. A name filed under two kinds takes the first by
// name, whatever order the map gives (TestToolJobs_OneEach keeps names
// from doing so).
func kindsOf(byKind map[string]string) (kindOf map[string]string, names map[string][]string) {
	kindOf, names = map[string]string{}, map[string][]string{}
	for _, kind := range slices.Sorted(maps.Keys(byKind)) {
		ns := byKind[kind]
		names[kind] = strings.Fields(ns)
		for _, n := range names[kind] {
			kindOf[n] = kind
		}
	}
	return kindOf, names
}

// kinTerms are the terms of every tool of the kinds among vs: where a
// claim naming another tool of a kind is found.
func kinTerms(vs []valueTok) []string {
	var out []string
	for _, v := range vs {
		if v.kind != vkTool {
			continue
		}
		for _, k := range v.units {
			for _, n := range toolsOfKind[k] {
				out = union(out, terms(n))
			}
		}
	}
	return out
}

// reMoveCue says a tool was swapped for another ("switched to", "zu X
// umgezogen", "换成"), more than that something is so now.
var reMoveCue = regexp.MustCompile(`(?i)\b(?:moved|migrated|switched|swapped|replaced|ported|transitioned|went over|moved over|umgezogen|umgestiegen|umgestellt|gewechselt|migriert|ersetzt|abgelöst|migramos|cambiamos|pasamos|movimos|reemplazamos|sustituimos|nos mudamos|migré|migrée|migrés|basculé|basculés|remplacé|remplacée|passés|passé|changé|abandonné)` + hear.EndsWord + `|换成|换到|迁到|迁移到|迁移|改用|切换到|切到|替换|取代|移行|切り替え|乗り換え|置き換え|に変え|に変更`)

// reToolCount is a count of tools before a name ("8xA100", "4×H100").
var reToolCount = regexp.MustCompile(`^\d+\s*[x×]\s*`)

// toolKind is the tool a word names and its kind, "" when none: "H100s"
// and "8xA100" name GPUs as "h100" does; an everyday word names a tool
// only when capitalized ("Render", not "render").
func toolKind(w string) (name, kind string) {
	l := strings.ToLower(reToolCount.ReplaceAllString(w, ""))
	if plainWords[strings.TrimSuffix(l, "s")] && !properNoun(w, false) {
		return "", ""
	}
	if k := toolKinds[l]; k != "" {
		return l, k
	}
	if s := strings.TrimSuffix(l, "s"); s != l && len(s) > 1 {
		if k := toolKinds[s]; k != "" {
			return s, k
		}
	}
	return "", ""
}

// toolNamed reports whether a word names a tool of a known kind.
func toolNamed(w string) bool {
	_, k := toolKind(w)
	return k != ""
}

// reAdds says a tool came beside another, not in its place ("we added
// Sentry too"): no swap.
var reAdds = regexp.MustCompile(`(?i)\b(?:add|added|adding|also|too|as well|besides|alongside|in addition|additionally|plus|zusätzlich|auch|daneben|ergänzt|además|también|junto|aussi|en plus)\b|\bajouté|également\b|也|还|另外|加了|追加|も併用|併用`)

// toolPair reports whether new values ns name a tool that no old value
// (os) names, of a kind an old one names: "OpenTofu" for "Terraform".
func toolPair(ns, os []valueTok) bool {
	for _, n := range ns {
		if n.kind != vkTool || slices.ContainsFunc(os, func(o valueTok) bool { return o.kind == vkTool && o.text == n.text }) {
			continue
		}
		if slices.ContainsFunc(os, func(o valueTok) bool { return o.kind == vkTool && overlap(o.units, n.units) > 0 }) {
			return true
		}
	}
	return false
}

// notAmong are the tools of ns that os does not name: a tool named in
// both is kept, not swapped in.
func notAmong(ns, os []valueTok) []valueTok {
	return slices.DeleteFunc(slices.Clone(ns), func(n valueTok) bool {
		return n.kind == vkTool && slices.ContainsFunc(os, func(o valueTok) bool { return o.kind == vkTool && o.text == n.text })
	})
}

// swappedTools are the terms of the old tools (os) that new values (ns)
// name another tool of the kind of: the words naming the part of a claim
// a swap changes.
func swappedTools(ns, os []valueTok) []string {
	var out []string
	for _, o := range os {
		if o.kind != vkTool {
			continue
		}
		if slices.ContainsFunc(ns, func(n valueTok) bool { return n.kind == vkTool && n.text == o.text }) {
			continue
		}
		if toolPair(notAmong(ns, os), []valueTok{o}) {
			out = union(out, terms(o.text))
		}
	}
	return out
}
