package hear

import (
	"slices"
	"strings"
	"testing"
)

// Ensure that changes said these ways are heard as statements that
// replace what they name: a colleague's swap, a move in Spanish and
// French, a postponement in Chinese, a product left in Chinese and
// Spanish, a change before a guess in Japanese.
func TestChangesHeardThisStop(t *testing.T) {
	for _, tc := range []struct {
		name     string
		said     string
		quote    string // a piece of the statement's words
		replaces string // one of what it replaces, "" for any
	}{
		{"colleague swapped", "Mia swapped Leaflet for MapLibre last month, delete the tile proxy.", "swapped Leaflet for MapLibre", "Leaflet"},
		{"es moved to", "Nos hemos mudado a Cloudflare Pages, lo de Netlify se acabó.", "Cloudflare Pages", "Netlify"},
		{"es left a tool", "Las horas ahora van a Clockify, dejé Toggl en marzo.", "Clockify", "Toggl"},
		{"zh left a host", "我们已经离开 Heroku 了，现在跑在 Fly.io 上。", "离开 Heroku", "Heroku"},
		{"zh postponed", "中期答辩推迟到明年4月了。", "推迟到明年4月", ""},
		{"fr move to a value", "Avec le nouveau coordinateur on passe sur le canal 15.", "canal 15", ""},
		{"ja change before a guess", "先月 Nuxt 4.0 ベースに載せ替えたので、古い設定が原因だと思う。", "Nuxt 4.0", ""},
		{"possessive before from", "We moved the bot's secrets from Doppler to 1Password.", "1Password", "Doppler"},
		{"from now on points at nothing", "Use the save Orchard for testing from now on, Meadow got corrupted.", "Orchard", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := Session(conv(tc.said))
			ok := slices.ContainsFunc(h.Statements, func(st Statement) bool {
				return strings.Contains(st.Quote, tc.quote) && (tc.replaces == "" || slices.Contains(st.Replaces, tc.replaces))
			})
			if !ok {
				t.Errorf("%q: %+v, want a statement saying %q replacing %q", tc.said, h.Statements, tc.quote, tc.replaces)
			}
		})
	}
}

// Ensure that what is no change is not heard as one: a Chinese request
// for a task, a named lead-in kept with what it names, an enumerator
// that is no day's ordinal.
func TestNoChangeThisStop(t *testing.T) {
	h := Session(conv("帮我把训练脚本改成能在集群上跑。"))
	if len(h.Statements) > 0 {
		t.Errorf("a request for a task: %+v, want no statement", h.Statements)
	}
	h = Session(conv("Der Dienst ist kasse: Go 1.23, chi, Postgres 17."))
	if !slices.ContainsFunc(h.Statements, func(st Statement) bool { return strings.Contains(st.Quote, "kasse") }) {
		t.Errorf("a naming lead-in: %+v, want it kept in the statement", h.Statements)
	}
	h = Session(conv("Second, choir night moves to Wednesday from May."))
	for _, st := range h.Statements {
		if slices.ContainsFunc(st.Replaces, func(r string) bool { return strings.Contains(r, "second") || strings.Contains(r, "night") }) {
			t.Errorf("an enumerator and a part of the day: replaces %q", st.Replaces)
		}
	}
}

// Ensure that how the user wants the agent to work is heard as a
// preference, in the words people use for it: the language and length
// of replies, a tool to build a kind of thing with, a thing never to put
// in, a habit to keep always or to stop; and that a pronoun's task and a
// one-off are not.
func TestWorkPreferencesThisStop(t *testing.T) {
	for _, tc := range []struct {
		name, said string
		want       bool
	}{
		{"fr reply language", "Par contre réponds-moi en français, même si les logs sont en anglais.", true},
		{"de reply language", "Antworte mir bitte immer auf Deutsch.", true},
		{"zh reply length", "回答简短点，最近太忙，三句话以内。", true},
		{"de a tool for a kind of thing", "Diagramme bitte mit Mermaid, keine PNGs im Repo.", true},
		{"de a lower-case tool", "Logs bitte mit structlog, JSON auf stdout.", true},
		{"es nothing of a kind in", "Ah, y nada de emojis en los commits, que esto es serio.", true},
		{"ja always first", "必ず先に失敗するテストを書いて。", true},
		{"en longer is fine now", "And you can go longer in your answers now, full paragraphs are fine.", true},
		{"en stop a habit", "Stop apologizing in every message, just fix things.", true},
		{"es stop a habit", "Deja de escribirme resúmenes tan largos al final.", true},
		{"en when you do a thing", "When you touch images always use the <Picture> component.", true},
		{"en from now on", "commit after every working change from now on, it's easier to roll back when something breaks.", true},
		{"en this repo", "don't open PRs for this repo, just commit straight to main, it's only the two of us.", true},
		{"de a pronoun's task", "Das bitte mit Vorsicht machen.", false},
		{"en today only", "Reply in English today, Daan is reading along.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := Session(conv(tc.said))
			got := len(h.Statements) > 0
			if got != tc.want {
				t.Errorf("%q: %+v, want a statement: %v", tc.said, h.Statements, tc.want)
			}
		})
	}
}
