package version

import (
	"strings"
	"testing"
)

// Ensure that the version line names the commit and a modified tree only
// when the build recorded them.
func TestInfoString(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		in   Info
		want string
	}{
		{Info{Version: "unknown"}, "memfs unknown"},
		{Info{Version: "v1.2.0", Go: "go1.26"}, "memfs v1.2.0 go1.26"},
		{Info{Version: "(devel)", Go: "go1.26", Revision: "abc", Modified: &no}, "memfs (devel) (commit abc) go1.26"},
		{Info{Version: "(devel)", Go: "go1.26", Revision: "abc", Modified: &yes}, "memfs (devel) (commit abc, modified) go1.26"},
	} {
		if got := tc.in.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.in, got, tc.want)
		}
	}
	if v := Read(); !strings.HasPrefix(v.Go, "go") {
		t.Errorf("Read in a test binary: %+v", v)
	}
}
