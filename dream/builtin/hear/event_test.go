package hear

import (
	"slices"
	"testing"
)

// Ensure that the clauses passed on as events are those that say
// something happened, and not those that ask, muse, deny, plan or say a
// condition again.
func TestEventParts(t *testing.T) {
	tests := []struct {
		name, text, lang string
		want             []string
	}{
		{"a plain clause", "facilities swapped the card in gpu-07 last week, so rip the fallback out.", En,
			[]string{"facilities swapped the card in gpu-07 last week", "so rip the fallback out"}},
		{"a question", "did facilities swap the card in gpu-07?", En, nil},
		{"a musing", "maybe facilities swapped the card already.", En, nil},
		{"not yet", "facilities haven't swapped the card yet.", En, nil},
		{"a plan", "facilities will swap the card next week.", En, nil},
		{"the condition said again", "until facilities swaps the card, keep the fallback.", En, []string{"keep the fallback"}},
		{"German, not yet", "Der Pen-Test ist noch nicht durch.", De, nil},
		{"German", "Der Pen-Test ist durch.", De, []string{"Der Pen-Test ist durch"}},
		{"Spanish, not yet", "Todavía no han firmado el convenio.", Es, nil},
		{"Chinese, not yet", "合同还没签完。", Zh, nil},
		{"Japanese, a condition", "承認が出るまでは限定公開で。", Ja, nil},
		{"Japanese", "新しいプリンタが届きました。", Ja, []string{"新しいプリンタが届きました"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := eventParts(tc.text, tc.lang); !slices.Equal(got, tc.want) {
				t.Errorf("eventParts(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}
