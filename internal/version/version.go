// Package version says which memfs this is, from what the Go toolchain
// recorded in the binary: the module version and, when built from a
// checkout, the commit, its time and whether the tree was modified.
package version

import (
	"fmt"
	"runtime/debug"
)

// Info is the version of a build. Fields the build did not record are
// empty (Modified nil).
type Info struct {
	Go       string `json:"go,omitempty"`
	Modified *bool  `json:"modified,omitempty"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Version  string `json:"version"`
}

// Read returns the version of the running binary; Version is "unknown"
// when the binary carries no build information.
func Read() Info {
	v := Info{Version: "unknown"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	v.Version, v.Go = bi.Main.Version, bi.GoVersion
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			m := s.Value == "true"
			v.Modified = &m
		}
	}
	return v
}

// String is the one line memfs --version prints:
// "memfs VERSION (commit REV[, modified]) GOVERSION".
func (v Info) String() string {
	line := fmt.Sprintf("memfs %s", v.Version)
	if v.Revision != "" {
		line += " (commit " + v.Revision
		if v.Modified != nil && *v.Modified {
			line += ", modified"
		}
		line += ")"
	}
	if v.Go != "" {
		line += " " + v.Go
	}
	return line
}
