package builtin

import "testing"

// Ensure that what a restriction left out, said to be in now too ("die
// Linux-Rechner machen jetzt auch Export-Jobs", "会员订单现在也要参与满减"),
// withdraws the restriction, and leaves a claim that restricts nothing.
func TestLeftOutIncludedNow(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"German, jetzt auch (a guard: the statement of the same jobs replaces it too)",
			[]string{"Export-Jobs laufen nur auf den Windows-Rechnern, die Linux-Rechner haben kein Excel."},
			[]string{"Die Linux-Rechner machen jetzt auch Export-Jobs, LibreOffice läuft da."},
			[]string{"nur auf den Windows-Rechnern"}, nil},
		{"English, too now",
			[]string{"Reminder texts go out only for the Leeds clinic, never for the York one."},
			[]string{"the York clinic gets reminder texts too now."},
			[]string{"only for the Leeds clinic"}, nil},
		{"Chinese, 现在也要",
			[]string{"会员订单一律不参与满减活动，这条规则大家都清楚。"},
			[]string{"会员订单现在也要参与满减活动了。"},
			[]string{"不参与满减"}, nil},
		{"German, a claim that restricts nothing stays",
			[]string{"Export-Jobs auf den Windows-Rechnern dauern immer etwa zwanzig Minuten."},
			[]string{"Die Linux-Rechner machen jetzt auch Export-Jobs, LibreOffice läuft da."},
			nil, []string{"zwanzig Minuten"}},
	})
}
