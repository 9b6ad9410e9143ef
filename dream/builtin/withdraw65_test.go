package builtin

import "testing"

// Ensure that withdrawals said in shapes heard this round reach the claim
// they end, and that what else the first session said stays: a freeze
// said pointless lifts the rule it names by the day, a thing allowed
// again with what is done to it lifts the restriction, a practice done
// any day lifts the days it was kept from, a column said to come off
// goes, a report its reader never opens goes, and a key named in another
// language meets its claim.
func TestWithdrawnInShapes65(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{
			name:   "freeze pointless",
			before: []string{"never deploy on Saturdays", "The intake form lives at /intake on the main site."},
			after:  []string{"we have staging now, so the Saturday freeze is pointless now."},
			gone:   []string{"Saturdays"},
			kept:   []string{"/intake"},
		},
		{
			name:   "allowed again",
			before: []string{"no map scanning on Saturdays when the searchroom's open to the public", "Scans are 600 ppi TIFF masters."},
			after:  []string{"the roof's done, so maps can be scanned on Saturdays again."},
			gone:   []string{"no map scanning"},
			kept:   []string{"600 ppi"},
		},
		{
			name:   "any day",
			before: []string{"no deploys on Friday afternoons, I'm not around to fix things.", "Rollbacks go through `make rollback`."},
			after:  []string{"and deploys whenever now, Fridays included."},
			gone:   []string{"Friday afternoons"},
			kept:   []string{"make rollback"},
		},
		{
			name:   "comes off",
			before: []string{"Cattle lot pages must show a pre-movement test date column while the TB backlog lasts.", "Sheep lot pages must show the flock number."},
			after:  []string{"the backlog is cleared, so the test-date column can come off the cattle pages."},
			gone:   []string{"test date column"},
			kept:   []string{"flock number"},
		},
		{
			name:   "never opened",
			before: []string{"send Caldwell the weekly throughput report every Monday, pages in / pages out.", "Caldwell gets everything by email, never as a shared link."},
			after:  []string{"oh and kill the Monday report to Caldwell, he admitted he never opens it."},
			gone:   []string{"throughput report"},
			kept:   []string{"shared link"},
		},
		{
			name:   "key across languages",
			before: []string{"Matt must test with a sandbox key, it only works on staging until staging is public.", "Orders must sync every 10 minutes, never faster."},
			after:  []string{"Matt a fini son intégration : plus de clé sandbox, il passe sur une vraie clé de production."},
			gone:   []string{"sandbox key"},
			kept:   []string{"10 minutes"},
		},
	})
}
