package builtin

import "testing"

func TestTopicOf(t *testing.T) {
	tests := []struct {
		subject, text, slug string
	}{
		{"", "The user said: “no ORMs in the ingest service please, plain SQL with sqlc, that's the rule there.”", "orms"},
		{"", "The user said: “feature flags go through LaunchDarkly here, never env vars”", "launchdarkly"},
		{"", "The user said: “Bei allem, was Beträge berechnet, machen wir immer ein Vier-Augen-Review.”", "vier-augen-review"},
		{"", "The user said: “billing never sees uploads.”", "billing"},
		{"", "The user said: “样式用 Tailwind，不要写行内样式。”", "tailwind"},
		{"", "The user said: “回复我的时候用中文就行。”", ""},
		{"", "The user agreed to the assistant's proposal: “Shall I tag every resource with `owner` and `cost-center`?”", "cost-center"},
		{"", "The user said: “die Prüfungsergebnisse bleiben drei Jahre”", "prufungsergebnisse"},
		{"", "Asked “Sur quels navigateurs faut-il faire tourner les tests ?”, the user answered: “Chrome, Firefox et Safari”", "navigateurs"},
		{"", "Asked “¿cuál es el presupuesto mensual de AWS?”, the user answered: “unos 18.000 dólares”", "presupuesto"},
		{"", "The user said: “the frontend is Next.js 14 on Vercel”", "next-js"},
		{"prod region", "Prod runs in us-east-2.", "prod"},
		{"build image", "The build image is node:22.", "build"},
	}
	for _, tt := range tests {
		c := &claim{area: "conventions", subject: tt.subject, cur: &value{text: tt.text}}
		if slug, _ := topicOf(c); slug != tt.slug {
			t.Errorf("topicOf(%q, %q) = %q, want %q", tt.subject, tt.text, slug, tt.slug)
		}
	}
}
