package hear

import (
	"slices"
	"strings"
	"testing"
)

// withdrawn reports the targets of the withdrawals heard in text, said
// alone by the user.
func withdrawn(text string) []string {
	var out []string
	for _, r := range Session([]Record{{Role: "user", Text: text, ID: "e1"}}).Retractions {
		out = append(out, r.Target)
	}
	return out
}

// Ensure that a withdrawal is heard when the thing withdrawn is said
// first and then said to be no longer done (English, French, Spanish),
// when the agent is asked to leave a part out of its answers, and when a
// laugh ends the reason said after it; and that a task leaving something
// out of code, or a joke marker alone after it, withdraws nothing.
func TestWithdrawalSaidOtherwise(t *testing.T) {
	tests := []struct {
		name, text, want string // want "" withdraws nothing
	}{
		{"English, the thing first",
			"also: the weekly status mail we don't send anymore, everyone reads the board.", "the weekly status mail"},
		{"French, the thing first",
			"Le rapport du lundi, on ne le fait plus depuis la réorganisation.", "Le rapport du lundi"},
		{"Spanish, the thing first",
			"La copia en cinta ya no la hacemos, todo va a la nube.", "La copia en cinta"},
		{"a part of the agent's answers",
			"and drop the 'Next steps' list at the end of your answers, I never read it.", "the 'Next steps' list"},
		{"a laugh after the reason",
			"それと朝会の議事録ルール、撤回します。誰も読んでなかったので笑", "朝会の議事録"},
		// Near misses.
		{"a task in code",
			"drop the unused import in the parser module", ""},
		{"a joke marker alone",
			"We stop writing tests from now on. lol", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := withdrawn(tc.text)
			if tc.want == "" {
				if len(got) > 0 {
					t.Errorf("%q: withdraws %q, want nothing", tc.text, got)
				}
				return
			}
			found := false
			for _, g := range got {
				if strings.Contains(strings.ToLower(g), strings.ToLower(tc.want)) {
					found = true
				}
			}
			if !found {
				t.Errorf("%q: withdraws %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// Ensure that a Japanese reply to stop what the agent asked to go on
// with withdraws it, even with a reason after it, and that a reply to go
// on, or a stop reply to a question of another kind, withdraws nothing of
// the question.
func TestStopReplyToContinueQuestion(t *testing.T) {
	tests := []struct {
		name, question, reply string
		want                  bool
	}{
		{"stop, with a reason", "週次の在庫レポート（倉庫向け）は今後も続けますか？", "やめてください。倉庫の契約が先月で終わったので。", true},
		{"not needed any more", "夜間のバックアップ通知はまだ必要ですか？", "もういらないです。", true},
		// Near misses.
		{"go on", "週次の在庫レポート（倉庫向け）は今後も続けますか？", "はい、続けてください。", false},
		{"another question", "週次の在庫レポート（倉庫向け）はいつ送りますか？", "やめてください。", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := Session([]Record{{Role: "assistant", Text: tc.question, ID: "e0"}, {Role: "user", Text: tc.reply, ID: "e1"}})
			topic := askedTopic([]Record{{Role: "assistant", Text: tc.question}})
			got := false
			for _, r := range h.Retractions {
				if r.Target == topic {
					got = true
				}
			}
			if got != tc.want {
				t.Errorf("%q → %q: withdraws %q = %v, want %v (%+v)", tc.question, tc.reply, topic, got, tc.want, h.Retractions)
			}
		})
	}
}

// Ensure that a stop reply given through a question tool withdraws what
// the tool asked to go on with, and that a reply to go on does not.
func TestStopReplyThroughQuestionTool(t *testing.T) {
	const call = `{"questions":[{"id":"r","question":"週次の在庫レポート（倉庫向け）は今後も続けますか？","options":[{"label":"続ける"},{"label":"止める"}]}]}`
	for _, tc := range []struct {
		answer string
		want   bool
	}{
		{"止めてください。倉庫の契約が先月で終わったので", true},
		{"続けてください", false},
	} {
		h := Session([]Record{
			{Role: "tool_call", ID: "c1", Name: "request_user_input", Text: call},
			{Role: "tool_result", ID: "c2", Text: `{"answers": {"r": {"answers": ["` + tc.answer + `"]}}}`},
		})
		got := slices.ContainsFunc(h.Retractions, func(r Retraction) bool { return r.Target == "週次の在庫レポート（倉庫向け）" })
		if got != tc.want {
			t.Errorf("%q: withdrawals %+v, want the report withdrawn = %v", tc.answer, h.Retractions, tc.want)
		}
	}
}
