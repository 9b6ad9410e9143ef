package hear

import "testing"

// Ensure that a ban is heard withdrawn when it is scratched by name or
// its matter withdrawn ("Storybook の禁止は撤回します"), and that scratching
// a thing that is no ban withdraws nothing.
func TestBanScratched(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Scratch the Storybook ban, design needs it for the new components.", "Storybook"},
		{"drop the ban on Friday deploys, we have two people on call now.", "Friday deploys"},
		{"Storybook の禁止は撤回します。", "Storybook"},
	}
	checkWithdrawn(t, tests)
}
