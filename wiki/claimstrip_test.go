package wiki

import "testing"

func TestStripSessionClaims(t *testing.T) {
	const (
		head = "# Build\n\n<!-- memfs-builtin page area=project topic=build -->\n\n"
		// keep: a claim of session s2 whose earlier value rests on s1.
		keep = "- The build image is node:22. <!-- memfs-builtin claim subject=build%20image -->\n" +
			"  - User said: “node:22 now”\n" +
			"  - Sources: session:s2 entry:e5\n" +
			"  - Before: The build image is node:20.\n" +
			"    - Replaced in: session:s2 entry:e5\n" +
			"    - Sources: session:s1 entry:e2\n"
		keepNoHistory = "- The build image is node:22. <!-- memfs-builtin claim subject=build%20image -->\n" +
			"  - User said: “node:22 now”\n" +
			"  - Sources: session:s2 entry:e5\n"
		other = "- The build runs on arm64. <!-- memfs-builtin claim subject=build%20arch -->\n" +
			"  - Sources: session:s1 entry:e3\n"
	)
	forget := func(ids ...string) func(string) bool {
		return func(id string) bool {
			for _, x := range ids {
				if x == id {
					return true
				}
			}
			return false
		}
	}
	tests := []struct {
		name, page string
		erased     func(string) bool
		want       string
		ok         bool
	}{
		{"a claim and a history value of the session go",
			head + keep + other + "\n## Sources\n\n- session:s1\n- session:s2\n", forget("s1"),
			head + keepNoHistory + "\n## Sources\n\n- session:s2\n", true},
		{"the claim resting on the session goes with its history",
			head + keep + other + "\n## Sources\n\n- session:s1\n- session:s2\n", forget("s2"),
			head + other + "\n## Sources\n\n- session:s1\n", true},
		{"no claim left: the page goes",
			head + keep + other + "\n## Sources\n\n- session:s1\n- session:s2\n", forget("s1", "s2"), "", false},
		{"prose rests on the page's sources: the page goes",
			"# Deploys\n\nDeploy on Fridays only.\n\n## Sources\n\n- session:s1\n- session:s2\n", forget("s1"), "", false},
		{"a claim citing no session: the page goes",
			head + other + "- Uncited words.\n\n## Sources\n\n- session:s1\n- session:s2\n", forget("s1"), "", false},
		{"no session left in the sources: the page goes",
			head + keepNoHistory + "\n## Sources\n\n- session:s1\n", forget("s1"), "", false},
	}
	for _, tt := range tests {
		got, ok := StripSessionClaims([]byte(tt.page), tt.erased)
		if ok != tt.ok || string(got) != tt.want {
			t.Errorf("%s: ok %v, got\n%s\nwant ok %v\n%s", tt.name, ok, got, tt.ok, tt.want)
		}
	}
}
