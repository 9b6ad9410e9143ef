package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// answer is the statement of a user's answer to the agent's question.
func answer(lang, question, ans string) hear.Statement {
	return hear.Statement{Kind: hear.Answer, Lang: lang, Area: "project", Via: "answer", Question: question, Quote: ans,
		Claim: "Asked “" + question + "”, the user answered: “" + ans + "”"}
}

// Ensure that an answer to a question asked again in other words
// replaces the earlier answer, and that answers to questions about other
// things, or of the same session, stay.
func TestReaskedQuestionReplacesAnswer(t *testing.T) {
	tests := []struct {
		name          string
		first, second hear.Statement
		replaced      bool
	}{
		{"restated and asked to keep",
			answer("en", "If a CSV row has a student_number that already exists, what should the import do?", "Update existing student"),
			answer("en", "Right now a duplicate student_number updates the existing student. Do you want to keep that?", "Reject the whole file"), true},
		{"asked whether it still holds",
			answer("ja", "予約枠の単位は何分ですか？", "15分"),
			answer("ja", "枠の単位は今も15分のままでしょうか？", "20分です"), true},
		{"asked to change, a value of one kind",
			answer("ja", "検索のデバウンス時間はどうしますか？", "300ms"),
			answer("ja", "タブレットで検索がカクつきます。デバウンス時間を変えますか？", "500ms に延ばす"), true},
		{"asked what it is now, a value of one kind",
			answer("en", "How long should gift cards stay valid after purchase?", "12 months from purchase"),
			answer("en", "How long are gift cards valid after purchase now?", "eighteen months now"), true},
		{"another product's version",
			answer("en", "Which Postgres version does prod run?", "Postgres 15"),
			answer("es", "¿Qué versión de Node corre en producción?", "Node 20 LTS"), false},
		{"another question sharing a word",
			answer("fr", "Combien de GPU par job pour unet_xl ?", "8 GPU par job"),
			answer("fr", "Le job de post-traitement dure combien ?", "20 minutes"), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(tc.first)}, map[string]hear.Heard{"s2": heard(tc.second)})
			got := currentTexts(m)
			if kept := slices.Contains(got, tc.first.Claim); kept == tc.replaced {
				t.Errorf("current = %q, want the first answer replaced: %v", got, tc.replaced)
			}
			if !slices.ContainsFunc(got, func(c string) bool { return strings.Contains(c, "“"+tc.second.Quote+"”") }) {
				t.Errorf("current = %q, want the second answer", got)
			}
		})
	}
	// Two answers of one session are two things said.
	first, second := tests[0].first, tests[0].second
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(first, second)})
	if got := currentTexts(m); len(got) != 2 {
		t.Errorf("one session: current = %q, want both answers", got)
	}
}
