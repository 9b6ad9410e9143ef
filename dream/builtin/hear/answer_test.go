package hear

import "testing"

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
