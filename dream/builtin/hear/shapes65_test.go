package hear

import "testing"

// Ensure that a thing said to be allowed again with what is done to it
// ("maps can be scanned on Saturdays again") withdraws under both, that a
// practice said to be done any day lifts what held it to some ("we deploy
// whenever, sale day or not"), that a thing said to come off where it is
// shown goes, and that a report dropped because the one it is for never
// reads it goes; near misses withdraw nothing.
func TestAgainAnyDayComeOffNeverRead(t *testing.T) {
	checkWithdrawn(t, []struct{ text, want string }{
		{"the roof's done, so maps can be scanned on Saturdays again.", "scanned on Saturdays"},
		{"the big room can be booked on Fridays again.", "booked on Fridays"},
		{"Since we got the staging box in August we deploy whenever, sale day or not.", "deploy"},
		{"and deploys whenever now, Fridays included.", "deploys"},
		{"merges any time now, the freeze is over.", "merges"},
		{"the backlog is cleared, so the test-date column can come off the cattle pages.", "test-date column"},
		{"oh and kill the Monday report to Caldwell, he admitted he never opens it.", "Monday report to Caldwell"},
		{"drop the weekly digest, Maria doesn't even read it.", "weekly digest"},
		// Near misses.
		{"you can do it again.", ""},
		{"ping me whenever you're done.", ""},
		{"kill the process, it never exits on its own.", ""},
		{"the lid can come off easily.", ""},
	})
}
