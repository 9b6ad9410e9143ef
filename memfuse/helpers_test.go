package memfuse

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/storetest"
)

// Shorthands for the shared store helpers.
var (
	epoch         = storetest.Epoch
	newStore      = storetest.NewStore
	eventually    = storetest.Eventually
	page          = storetest.Page
	artifact      = storetest.Artifact
	writeTree     = storetest.WriteTree
	publish       = storetest.Publish
	readTree      = storetest.ReadTree
	diffTreesText = storetest.Diff
	requireFUSE   = storetest.RequireFUSE
)

// mountT mounts with opts and unmounts when the test ends, then checks that
// no mount is left behind.
func mountT(t testing.TB, opts Options) *Mount {
	t.Helper()
	requireFUSE(t)
	dir := t.TempDir()
	m, err := New(context.Background(), dir, opts)
	if errors.Is(err, ErrMountFailed) {
		storetest.NoFUSE(t, err.Error())
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := m.Unmount(); err != nil {
			t.Errorf("unmount: %v", err)
		}
		if mounted(t, dir) {
			t.Errorf("%s is still mounted", dir)
		}
	})
	return m
}

// mounted reports whether dir is a mount point, from /proc/self/mountinfo.
func mounted(t testing.TB, dir string) bool {
	t.Helper()
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) > 4 && fields[4] == dir {
			return true
		}
	}
	return false
}

// The test binary doubles as a second process that publishes, so tests
// can check that publications of other processes appear.
const helperEnv = "MEMFS_FS_TEST_HELPER"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "publish":
		os.Exit(helperPublish())
	case "forget":
		os.Exit(helperForget())
	}
	os.Exit(m.Run())
}

// helperPublish publishes $MEMFS_DIR into scope $MEMFS_SCOPE of the store
// at $MEMFS_STORE.
func helperPublish() int {
	ctx := context.Background()
	s, err := gitstore.Open(ctx, gitstore.Options{Path: os.Getenv("MEMFS_STORE"),
		Limits: storetest.Limits})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer s.Close()
	res, err := s.Publish(ctx, os.Getenv("MEMFS_DIR"), gitstore.PublishOptions{Scope: os.Getenv("MEMFS_SCOPE")})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(res.Commit)
	return 0
}

// publishElsewhere publishes files from another process and returns the
// new commit.
func publishElsewhere(t testing.TB, s *gitstore.Store, scope string, files map[string]string) gitstore.ID {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, files)
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), helperEnv+"=publish", "MEMFS_STORE="+s.Path(), "MEMFS_DIR="+dir, "MEMFS_SCOPE="+scope)
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("publishing process: %v: %s", err, ee.Stderr)
		}
		t.Fatal(err)
	}
	id, ok := gitstore.ParseID(strings.TrimSpace(string(out)))
	if !ok {
		t.Fatalf("publishing process printed %q", out)
	}
	return id
}
