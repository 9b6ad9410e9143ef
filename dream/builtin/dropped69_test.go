package builtin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Ensure that a claim leaves out a first clause giving up the old tool
// ("we ditched Trello", "hemos dejado webpack", "mocha はやめて") when the
// rest says what is used now, and a last clause saying the old value was
// a typo or made things crash; and that a clause lowering a value, one
// the rest points back at, or a rest saying nothing new, stays.
func TestWithoutGoneClause_Dropped(t *testing.T) {
	tests := []quotedCase{
		{"we ditched Trello last spring, the roadmap lives in Linear now.", "… the roadmap lives in Linear now."},
		{"we left the hosted runners, jobs now run on our own box ci-07.", "… jobs now run on our own box ci-07."},
		{"hemos dejado webpack, ahora compilamos con esbuild.", "… ahora compilamos con esbuild."},
		{"hemos dejado …, ahora compilamos con esbuild.", "… ahora compilamos con esbuild."},
		{"on a viré prettier, biome formate tout maintenant.", "… biome formate tout maintenant."},
		{"mocha はやめて、今は vitest で回しています。", "… 今は vitest で回しています。"},
		{"the upload limit is 45 MB now, the 30 MB I gave you was a typo.", "the upload limit is 45 MB now …"},
		{"on revient à Jest, Vitest faisait planter la CI.", "on revient à Jest …"},
		{"2) on abandonne Jenkins pour la CI, c'est maintenant Woodpecker.", "… c'est maintenant Woodpecker."},
		// Kept whole.
		{"we dropped the price to 40 euros, the new flyers go out now.", ""},
		{"we ditched Trello, its replacement is Linear now.", ""},
		{"we ditched Trello, the roadmap is a mess.", ""},
		{"the upload limit is 45 MB now, the 45 MB was a typo in the docs.", ""},
	}
	checkQuoted(t, "withoutGoneClause", withoutGoneClause, tests)
}

// Ensure that a dream leaves the dropped tool out of the claim stating
// the new one.
func TestClaimWithoutWhatWasDropped(t *testing.T) {
	m := run(t, t.TempDir(), said("s1", "on a viré prettier, biome formate tout maintenant."))
	got := strings.Join(currentTexts(m), "\n")
	if strings.Contains(got, "prettier") || !strings.Contains(got, "biome") {
		t.Errorf("current %q, want biome without prettier", got)
	}
}

// Ensure that a withdrawal of the part of a claim before a clause saying
// only how it was done ("…, faite sur le banc avec le Joulescope") ends
// the whole claim: the rest is no statement of its own.
func TestWithdrawalTakesHowItWasDone(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"French",
			[]string{"Et chaque PR doit avoir une capture d'écran jointe, faite sur le simulateur avec un iPhone SE.", "Le dépôt est sur Codeberg."},
			[]string{"Et la capture d'écran n'est plus exigée sur toutes les PR."},
			[]string{"iPhone SE"}, []string{"Codeberg"}},
	})
}

// Ensure that a clause saying who left goes from a change claim when a
// pronoun in the rest leans on the new holder the rest names, or when
// it closes the claim as the reason ("since Birgit moved to Graz"), and
// stays when the rest leans on the one who left.
func TestWithoutGoneClause_Left(t *testing.T) {
	tests := []quotedCase{
		{"Marta went back to Lisbon, the German copy is checked by Jonas now, he reads it on Fridays.",
			"… the German copy is checked by Jonas now, he reads it on Fridays."},
		{"the office key is with the caretaker now, since Birgit moved to Graz in May.", "the office key is with the caretaker now …"},
		{"Álvaro isn't doing the menu photos anymore, Rocío buys them from a studio now.", "… Rocío buys them from a studio now."},
		{"Álvaro isn't doing the menu photos anymore, the studio sends them to us now.", ""},
		{"Katrin went on parental leave, Tobias took over the parks from her.", ""},
		{"Katrin is on leave until June, Tobias approves the parks now, so send the reports to him.", ""},
	}
	checkQuoted(t, "withoutGoneClause", withoutGoneClause, tests)
}

// Ensure that a change claim leaves out the value it says it changed
// from, in Latin and CJK scripts, whichever claim held it, and that a
// range ("from 9 to 5") or a plain word stays.
func TestWithoutSaidFrom(t *testing.T) {
	tests := []quotedCase{
		{"mail moved from さくらメール to Fastmail last week.", "mail moved … to Fastmail last week."},
		{"we switched the tracker from Jira to Linear.", "we switched the tracker … to Linear."},
		{"Wir sind von Jenkins auf Woodpecker umgestiegen.", "Wir sind … auf Woodpecker umgestiegen."},
		{"経理の窓口は佐藤さんから高木さんに交代しました。", "経理の窓口は…高木さんに交代しました。"},
		{"支付现在从微信支付换成支付宝了。", "支付现在…换成支付宝了。"},
		// Kept whole.
		{"the office is open from 9 to 5 now.", ""},
		{"we moved from scratch to a template now.", ""},
		{"the tracker is Linear from Jira days.", ""},
		{"理事会で、来シーズンから予約受付を60日前からにすることになりました。", ""},
	}
	checkQuoted(t, "withoutSaidFrom", withoutSaidFrom, tests)
}

// Ensure that an answer to whether a value still holds leaves the value
// out of its question when the answer gives another of its kind, and
// keeps it when the answer confirms it or gives none.
func TestStillAnswered(t *testing.T) {
	tests := []struct{ question, answer, want string }{
		{"is the next release still the fortnightly Wednesday slot?", "we release weekly now, still on Wednesdays.",
			"is the next release still the … Wednesday slot?"},
		{"Do alerts still go through PagerDuty?", "Opsgenie now", "Do alerts still go through …?"},
		{"Is the upload limit still 50 MB?", "yes", ""},
		{"Is the upload limit still 50 MB?", "yes, still 50 MB", ""},
		{"Is the upload limit 50 MB?", "80 MB", ""},
	}
	for _, tc := range tests {
		want := tc.want
		if want == "" {
			want = tc.question
		}
		text := hear.AnswerLead + tc.question + hear.AnswerMid + tc.answer + "”"
		if got, w := stillAnswered(text), hear.AnswerLead+want+hear.AnswerMid+tc.answer+"”"; got != w {
			t.Errorf("stillAnswered(%q) = %q, want %q", text, got, w)
		}
	}
}

// quotedCase is a sentence the user said and what a rewrite of its
// claim must make of it ("" when it must stay whole).
type quotedCase struct{ said, want string }

// checkQuoted fails t for each case whose claim, "The user said: “…”",
// f does not rewrite as the case wants.
func checkQuoted(t *testing.T, name string, f func(string) string, tests []quotedCase) {
	t.Helper()
	q := func(s string) string { return "The user said: “" + s + "”" }
	for _, tc := range tests {
		want := tc.want
		if want == "" {
			want = tc.said
		}
		if got := f(q(tc.said)); got != q(want) {
			t.Errorf("%s(%q) = %q, want %q", name, tc.said, got, q(want))
		}
	}
}

// Ensure that a question naming more than maxBeside values is not read
// for the ones its answer changes: each is cut from the question.
func TestStillAnswered_Bounded(t *testing.T) {
	var q strings.Builder
	q.WriteString("are the upload limits still ")
	for i := range maxBeside + 1 {
		fmt.Fprintf(&q, "%d MB, ", 10+i)
	}
	text := hear.AnswerLead + q.String() + "?" + hear.AnswerMid + "80 MB now" + "”"
	if got := stillAnswered(text); got != text {
		t.Errorf("stillAnswered cut a question naming %d values: %q", maxBeside+1, got)
	}
	short := hear.AnswerLead + "is the upload limit still 50 MB?" + hear.AnswerMid + "80 MB now" + "”"
	if got := stillAnswered(short); got == short {
		t.Errorf("stillAnswered left a question of one changed value whole: %q", got)
	}
}
