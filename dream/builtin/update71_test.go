package builtin

import "testing"

// Ensure that a release of one product does not replace a release of
// another when a bare revision ("the v2 boards") is said beside it, and
// that a release said to stay is not replaced by a statement that moves
// another thing to a newer one.
func TestReleaseBesideRevisionOrStaying(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"another product beside a revision",
			[]string{"heads up, we're on Rust 1.82 now, Lena bumped the toolchain file yesterday"},
			[]string{"we're on NuttX 12.6 since the v2 boards"},
			nil, []string{"Rust 1.82", "NuttX 12.6"}},
		{"the same product beside a revision",
			[]string{"we're on NuttX 12.4 for the sensor nodes"},
			[]string{"we're on NuttX 12.6 since the v2 boards"},
			[]string{"NuttX 12.4"}, []string{"NuttX 12.6"}},
		{"a release said to stay",
			[]string{"we're on Node 20 now, so optional chaining everywhere is fine"},
			[]string{"the docs builder moves to Node 22, the app stays on Node 20"},
			nil, []string{"Node 20 now", "Node 22"}},
		{"a release moved",
			[]string{"we're on Node 20 now, so optional chaining everywhere is fine"},
			[]string{"we're on Node 22 now, Lena bumped the images"},
			[]string{"Node 20"}, []string{"Node 22"}},
	})
}

// Ensure that a day said back to in one thing's schedule does not
// replace another thing's days when the two share no word but days, and
// that two duties whose owners changed stay two claims when their
// subjects share no word but "owner".
func TestNoReplacementByDaysOrOwnerAlone(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"days only in common",
			[]string{"the stock report now arrives Sunday night so I reconcile on Mondays from now on."},
			[]string{"Probamos a entrenar los domingos dos semanas y volvimos al sábado"},
			nil, []string{"Mondays", "sábado"}},
		{"the same schedule moved",
			[]string{"the stock report now arrives Sunday night so I reconcile on Mondays from now on."},
			[]string{"the stock report moved again, I reconcile on Tuesdays now."},
			[]string{"Mondays"}, []string{"Tuesdays"}},
		{"owners of two things",
			[]string{"Ahora publica las versiones Irene Gallardo, ya tiene la cuenta de la tienda"},
			[]string{"Dr. Paul Okafor runs the project now."},
			nil, []string{"Irene Gallardo", "Paul Okafor"}},
	})
}

// Ensure that a number said to be new replaces the number of the same
// line, written as an area code and the subscriber's digits in one group
// ("0171 4428390"), and that a number of another line stays.
func TestNewNumberInOneGroup(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"the same line",
			[]string{"the support hotline is 0171 4428390, Jana answers it."},
			[]string{"New support hotline number, the old line is cancelled: 0160 91733205."},
			[]string{"0171 4428390"}, []string{"0160 91733205"}},
		{"another line",
			[]string{"the workshop's landline is 030 5550123, nobody answers after five."},
			[]string{"New support hotline number, the old line is cancelled: 0160 91733205."},
			nil, []string{"030 5550123", "0160 91733205"}},
	})
}
