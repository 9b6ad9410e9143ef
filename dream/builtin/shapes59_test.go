package builtin

import "testing"

// Ensure that a long run-on message that changes a thing, then ends a
// rule after "and", is not read as one withdrawal of all it says.
func TestRunOnChangeThenWithdrawal(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "oh and transactional emails go through postmark we have the server token in the env already"))
	m := run(t, dir, said("s2", "ok a bunch of stuff changed first we switched from postmark to resend last sprint so receipts go through resend now and the ask me before adding dependencies rule is over too we launched"))
	checkCurrent(t, m, []string{"postmark"}, []string{"resend"})
}

// Ensure that a person who left is cut from a pair sharing a duty, the
// other kept and the cut marked, whatever letters the name opens with,
// and that a name said alone, or twice, is no pair.
func TestWithoutPartner(t *testing.T) {
	tests := []struct {
		text, name, want string
		ok               bool
	}{
		{"On-call is Hakon and me, weekly.", "Hakon", "On-call is … me, weekly.", true},
		{"Die Bereitschaft machen Malte und ich im Wechsel.", "Malte", "Die Bereitschaft machen … ich im Wechsel.", true},
		{"Las fotos las hacemos Álvaro y yo.", "Álvaro", "Las fotos las hacemos … yo.", true},
		{"Reviews are done by Priya and Émile.", "Émile", "Reviews are done by Priya ….", true},
		{"Álvaro does the photos.", "Álvaro", "", false},
		{"Tom and Ana review, and Tom and Ben deploy.", "Tom", "", false},
	}
	for _, tc := range tests {
		got, ok := withoutPartner(tc.text, tc.name)
		if ok != tc.ok || got != tc.want {
			t.Errorf("withoutPartner(%q, %q) = %q, %v; want %q, %v", tc.text, tc.name, got, ok, tc.want, tc.ok)
		}
	}
}
