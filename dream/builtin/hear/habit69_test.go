package hear

import "testing"

// Ensure that what the user or the team now does on a weekday every week
// is heard as a fact though its verb is a task's ("I'm sending the rota
// out on Sunday nights now"), and that a task said now, or a day only
// naming a thing, is not.
func TestWeeklyHabitToldByDay(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"and I'm sending the rota out on Sunday nights now", true},
		{"we send the invoices out on Mondays now", true},
		{"I'm sending the invoice now", false},
		{"I'm fixing the Sunday job now", false},
	}
	for _, tc := range tests {
		h := Session([]Record{{Role: "user", ID: "e1", Text: tc.text}})
		if got := len(h.Statements) > 0; got != tc.want {
			t.Errorf("%q: heard %v, want %v (%+v)", tc.text, got, tc.want, h.Statements)
		}
	}
}
