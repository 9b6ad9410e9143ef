package hear

import (
	"strings"
	"testing"
)

// Ensure that an answer gathered from several fields of a question
// tool's JSON result (an option picked and a note typed beside it) reads
// the same every time: a JSON object's fields have no order in Go.
func TestToolAnswerFieldsInOneOrder(t *testing.T) {
	recs := conv(`C:request_user_input:{"questions":[{"id":"go","header":"Go","question":"Which Go version should the module target?","options":[{"label":"Go 1.23"}]}]}`,
		`R:{"answers":{"go":{"selected":"Go 1.23","other":"user_note: the CLI stays on Go 1.22","text":"also test on tip"}}}`)
	var first string
	for i := range 40 {
		sts := Session(recs).Statements
		if len(sts) != 1 {
			t.Fatalf("%d statements, want the answer", len(sts))
		}
		if i == 0 {
			first = sts[0].Claim
			continue
		}
		if sts[0].Claim != first {
			t.Fatalf("run %d heard the answer otherwise:\n%q\nthen\n%q", i, first, sts[0].Claim)
		}
	}
}

// Ensure that a questionnaire's answers ("User answers:", one "Label:
// answer" line per question) are heard with their questions, each with
// its own, and that a questionnaire cancelled is no answer.
func TestQuestionnaireAnswers(t *testing.T) {
	call := `C:questionnaire:{"questions":[{"id":"nightly","label":"Nightly","prompt":"When should the nightly export run?"},{"id":"keep","label":"Keep","prompt":"How long should exports be kept?"}]}`
	sts := Session(conv(call, "R:User answers:\nNightly: At 01:15, before the backup\nKeep: 45 days")).Statements
	if len(sts) != 2 {
		t.Fatalf("statements %+v, want two answers", sts)
	}
	for i, want := range [][2]string{{"When should the nightly export run?", "At 01:15"}, {"How long should exports be kept?", "45 days"}} {
		if sts[i].Question != want[0] || !strings.Contains(sts[i].Claim, want[1]) || strings.Contains(sts[i].Claim, "Nightly:") {
			t.Errorf("answer %d: %+v, want %q answered %q", i, sts[i], want[0], want[1])
		}
	}
	if sts := Session(conv(call, "R:User cancelled the questionnaire")).Statements; len(sts) != 0 {
		t.Errorf("cancelled: statements %+v, want none", sts)
	}
}
