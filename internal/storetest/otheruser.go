package storetest

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Nobody is the other local user of the tests that attack paths: an
// existing unprivileged uid, which root makes the owner of what it plants.
const Nobody = 65534

// SharedDir returns a folder like /tmp: the caller's (root's, as root),
// world-writable and sticky, where another user may plant links.
func SharedDir(t testing.TB) string {
	t.Helper()
	d := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(d, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o777|fs.ModeSticky); err != nil {
		t.Fatal(err)
	}
	return d
}
