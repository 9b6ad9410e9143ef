package builtin

import (
	"strings"
	"testing"
)

// Ensure that tools are told by name in the spellings people use (a
// plural, a count before a GPU), and that an everyday word names a tool
// only when capitalized.
func TestToolKind(t *testing.T) {
	tests := []struct {
		word, name, kind string
	}{
		{"H100s", "h100", "gpu"},
		{"8xA100", "a100", "gpu"},
		{"pandas", "pandas", "dataframe"},
		{"EngFlow", "engflow", "remote-cache"},
		{"Render", "render", "paas"},
		{"render", "", ""},
		{"vault", "", ""},
		{"Vault", "vault", "secrets"},
		{"incident.io", "incident.io", "paging"},
		{"deploy", "", ""},
	}
	for _, tt := range tests {
		name, kind := toolKind(tt.word)
		if name != tt.name || kind != tt.kind {
			t.Errorf("toolKind(%q) = %q, %q, want %q, %q", tt.word, name, kind, tt.name, tt.kind)
		}
	}
}

// Ensure that no tool is filed under two jobs: a name's job must not
// depend on the order a map is read in, which changes from run to run. A
// tool that does a second job says so in alsoKinds.
func TestToolJobs_OneEach(t *testing.T) {
	seen := map[string]string{}
	for kind, names := range toolJobs {
		for _, n := range strings.Fields(names) {
			if other, ok := seen[n]; ok {
				t.Errorf("%q is filed under %q and %q", n, other, kind)
			}
			seen[n] = kind
		}
	}
}
