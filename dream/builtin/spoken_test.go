package builtin

import (
	"slices"
	"testing"
)

// Ensure that times of day said in words in the six languages read as the
// hour and minute they name, and that words beside a numeral that name no
// hour read as none.
func TestSpokenTimes(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"moved the nightly job to half past three", []string{"3:30"}},
		{"standup is at quarter to ten", []string{"9:45"}},
		{"die Sitzung ist um halb vier", []string{"3:30"}},
		{"Abholung viertel nach sieben", []string{"7:15"}},
		{"la reunión es a las siete y cuarto", []string{"7:15"}},
		{"on ouvre à trois heures et demie", []string{"3:30"}},
		{"报表改成七点半发", []string{"7:30"}},
		{"每天早上 7 点发", []string{"7:00"}},
		{"下午三点一刻开会", []string{"15:15"}},
		{"晚上 8 点 30 分备份", []string{"20:30"}},
		{"the cut-off moved to midday", []string{"12:00"}},
		{"快一点，有三点建议", nil},                   // guard: "a bit", "three points"
		{"die Mittagspause ist lang", nil},   // guard: a word holding "Mittag"
		{"half of the tests are flaky", nil}, // guard: "half" alone
	} {
		var got []string
		for _, v := range spokenTimesOf(tc.text) {
			got = append(got, v.text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("spokenTimesOf(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// Ensure that midnight is written as an hour ("0"), not as nothing: a
// label search for an empty hour never moved on, and a time said as "零点"
// or "0 Uhr" hung the dream.
func TestMidnightHourWritten(t *testing.T) {
	mid := valueTok{kind: vkTime, text: "0:00"}
	if got := hourWritten(mid); got != "0" {
		t.Errorf("hourWritten(0:00) = %q, want %q", got, "0")
	}
	if got := hourWritten(valueTok{kind: vkTime, text: "05:30"}); got != "5:30" {
		t.Errorf("hourWritten(05:30) = %q, want %q", got, "5:30")
	}
	// It returns (the test times out if it does not), whatever it finds.
	_ = labelled("das Backup läuft um 0 Uhr, der Scrub um 2 Uhr", []valueTok{mid}, vkTime, []string{"backup"})
}
