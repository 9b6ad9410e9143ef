package storetest

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// RequireFUSE skips the test when FUSE cannot be used here: no /dev/fuse,
// or, when not root, no fusermount helper. With MEMFS_REQUIRE_FUSE=1 (CI
// sets it) that is a failure instead, so FUSE tests never skip silently.
//
// It probes on its own rather than through package memfuse, whose tests use it.
func RequireFUSE(t testing.TB) {
	t.Helper()
	if why := fuseUnavailable(); why != "" {
		NoFUSE(t, why)
	}
}

// NoFUSE ends a test that found FUSE unusable (why says how): a skip, or
// a failure under MEMFS_REQUIRE_FUSE=1.
func NoFUSE(t testing.TB, why string) {
	t.Helper()
	msg := "FUSE unavailable: " + why
	if os.Getenv("MEMFS_REQUIRE_FUSE") == "1" {
		t.Fatal(msg + " (MEMFS_REQUIRE_FUSE=1 forbids skipping)")
	}
	t.Skip(msg + " (set MEMFS_REQUIRE_FUSE=1 to make this a failure)")
}

// fuseUnavailable says why FUSE cannot be mounted here, or "".
func fuseUnavailable() string {
	if _, err := os.Stat("/dev/fuse"); err != nil {
		return fmt.Sprintf("/dev/fuse: %v", err)
	}
	if os.Geteuid() == 0 {
		return "" // mount(2) directly, no helper needed
	}
	for _, name := range []string{"fusermount3", "fusermount"} {
		if _, err := exec.LookPath(name); err == nil {
			return ""
		}
		if fi, err := os.Stat("/bin/" + name); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return ""
		}
	}
	return "fusermount3 not found (install the fuse3 package)"
}
