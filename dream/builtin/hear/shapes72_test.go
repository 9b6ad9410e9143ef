package hear

import (
	"strings"
	"testing"
)

// Ensure that more changes told in passing are heard as where things are
// now: a value said with the one it replaces ("goes from 30 to 60"), a
// move made by someone else in Spanish, what the new one of a thing is
// called, a Japanese period extended, and "we're" typed without its
// apostrophe, and
// what it comes to in the end ("finalement ce sera …").
func TestChangesInPassing72(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"en goes from a to b", "upload limit goes from 20 to 50 MB, the photographers kept hitting it.", "goes from 20 to 50 MB"},
		{"en went from a to b", "the retention went from 7 to 30 days after the audit.", "went from 7 to 30 days"},
		{"es someone moved it", "Nora movió la retro a las 16:30, los de soporte no llegaban.", "a las 16:30"},
		{"es someone put it forward", "Al final Iván adelantó el cierre a las 18:00.", "a las 18:00"},
		{"de the new one is called", "die neue Maschine heißt build-03.", "build-03"},
		{"es the new one is called", "el nuevo bucket se llama fotos-2025.", "fotos-2025"},
		{"ja extended to", "顧客の指摘でバックアップの保存期間は90日間に延長です。", "90日間に延長です"},
		{"fr in the end it will be", "bon, finalement ce sera le jeudi à 9h.", "le jeudi à 9h"},
		{"en from a month on", "everyone's on £9.80 from this month.", "£9.80"},
		{"es goes to a value", "Con la máquina nueva la envasadora va a 40 bolsas por minuto.", "40 bolsas por minuto"},
		{"es from next season", "Para la próxima temporada abrimos a las nueve, la gente pedía más temprano.", "a las nueve"},
		{"fr in the end, wants", "Finalement le client veut les factures en PDF/A, pas en PDF simple.", "PDF/A"},
		{"en settled, it is", "Perfect, Thursday at 10 it is.", "Thursday at 10"},
		{"en settled, let's", "ok, let's go to 3 retries then.", "3 retries"},
		{"en settled, lets", "lets go to 45 seconds, the board is slow.", "45 seconds"},
		{"en were for we're", "were off heroku now, everything runs on fly.io.", "fly.io"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := heardOne(tc.text)
			if _, ok := stating(h, tc.want); !ok {
				t.Errorf("no statement quoting %q: %+v", tc.want, h.Statements)
			}
		})
	}
}

// Ensure that the look-alikes of the shapes above state nothing: a
// question opening with "were", a route that went from one place to
// another, someone who moved a table.
func TestChangesInPassing72LookAlikes(t *testing.T) {
	for _, text := range []string{
		"were you able to run the migration",
		"the conversation went from bad to worse.",
		"Iván movió la mesa a la ventana.",
		"finalement ce sera compliqué.",
		"la semana que viene va a llover.",
		"it is what it is.",
		"let's go to lunch.",
	} {
		t.Run(text, func(t *testing.T) {
			if h := heardOne(text); len(h.Statements) > 0 {
				t.Errorf("stated %+v", h.Statements)
			}
		})
	}
}

// Ensure that a Japanese team name before "の…です" introduces someone
// only where the clause is the introduction: "…、QA チームの都合です" says
// why something changed, and the change is a fact, not a person.
func TestTeamReasonIsNoIntroduction(t *testing.T) {
	h := heardOne("デプロイ日は木曜日に変わりました、営業チームの都合です。")
	st, ok := stating(h, "木曜日に変わりました")
	if !ok || st.Kind == Person {
		t.Errorf("the change is not a fact: %+v", h.Statements)
	}
	for _, text := range []string{"インフラチームの田中です。", "お疲れ様です。開発チームの佐藤です。"} {
		h := heardOne(text)
		if len(h.Statements) != 1 || h.Statements[0].Kind != Person {
			t.Errorf("%q: the introduction is lost: %+v", text, h.Statements)
		}
	}
}

// Ensure that a Chinese rule quoted and said dropped ("'…'这条撤销了") is
// withdrawn by its quoted words, and that "这个" after a rule named is no
// word of it.
func TestChineseQuotedRuleDropped(t *testing.T) {
	h := heardOne("评审会通过了，'不能用外部 CDN'这条撤销了，静态资源可以放到 Cloudflare。")
	if !withdrawing(h, "不能用外部 CDN") {
		t.Errorf("the quoted rule is not withdrawn: %+v", h.Retractions)
	}
	h = heardOne("还有，周末不上线这个也取消了，现在有灰度。")
	for _, r := range h.Retractions {
		if strings.Contains(r.Target, "这个") {
			t.Errorf("target keeps its demonstrative: %q", r.Target)
		}
	}
	if !withdrawing(h, "周末不上线") {
		t.Errorf("the rule is not withdrawn: %+v", h.Retractions)
	}
}
