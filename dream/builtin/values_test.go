package builtin

import "testing"

// Ensure that a decimal comma keeps a number whole and that a decimal
// followed by a percent sign is a share, not a version.
func TestDecimalValues(t *testing.T) {
	for _, tc := range []struct {
		text, kind, want string
	}{
		{"queda en el 2,5% desde hoy", vkCount, "2,5"},
		{"jeder Tag kostet 0,50 € pro Medium", vkCount, "0,50"},
		{"the commission is 2.5% now", vkCount, "2.5"},
		{"we're on Postgres 16.2 now", vkVersion, "16.2"}, // guard
	} {
		var got []string
		for _, v := range valueOf(tc.text) {
			if v.kind == tc.kind {
				got = append(got, v.text)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%q: %s values %q, want [%s]", tc.text, tc.kind, got, tc.want)
		}
	}
}

// Ensure that a new time of a report said in Spanish replaces the one
// said in English.
func TestReportTimeAcrossLanguages(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, then Spanish",
			[]string{"We moved the daily sales report to 13:00 because the guild asked.", "The auction opens at 5:30."},
			[]string{"El informe pasa a las 12:30."},
			[]string{"13:00"}, []string{"12:30", "5:30"}},
	})
}

// Ensure that a product named as its clause opens, its release after a
// link and a few words, is the product of that release, and that the
// release replaces an earlier one of the product said inside another
// claim, which keeps the rest.
func TestReleaseOfProductOpeningClause(t *testing.T) {
	for _, tc := range []struct{ text, unit string }{
		{"Koha ist am Wochenende auf 24.05 gehoben worden.", "@koha"},
		{"Postgres got bumped last night to 16.4.", "@postgres"},
		{"The build is on 3.2 now.", ""}, // guard: no product
	} {
		got := ""
		for _, v := range valueOf(tc.text) {
			if v.kind == vkVersion && len(v.units) > 0 {
				got = v.units[0]
			}
		}
		if got != tc.unit {
			t.Errorf("%q: product %q, want %q", tc.text, got, tc.unit)
		}
	}
	runTwoSessionsHeld(t, []twoSessions{
		{"German",
			[]string{"Zum Aufbau: die Brücke spricht SIP2 über TCP auf Port 7001 und redet dahinter mit Evergreen 3.11."},
			[]string{"Evergreen ist am Wochenende auf 3.13 gehoben worden."},
			[]string{"3.11"}, []string{"3.13", "7001"}},
	})
}
