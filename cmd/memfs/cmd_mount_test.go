package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/memfuse"
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// memfsBinary builds the memfs command once per test run.
func memfsBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "memfs-bin-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "memfs")
		out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v: %s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// memfsHome returns a home with an initialized store whose default scope
// holds files.
func memfsHome(t *testing.T, files map[string]string) string {
	t.Helper()
	home := t.TempDir()
	bin := memfsBinary(t)
	if out, err := exec.Command(bin, "--home", home, "init").CombinedOutput(); err != nil {
		t.Fatalf("init: %v: %s", err, out)
	}
	art := t.TempDir()
	storetest.WriteTree(t, art, files)
	if out, err := exec.Command(bin, "--home", home, "publish", art).CombinedOutput(); err != nil {
		t.Fatalf("publish: %v: %s", err, out)
	}
	return home
}

// startMount runs memfs mount as a subprocess and waits for its ready line.
func startMount(t *testing.T, home, mnt string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(memfsBinary(t), append([]string{"--home", home, "--json", "mount", mnt}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		if isMounted(t, mnt) {
			exec.Command("umount", "-l", mnt).Run()
			exec.Command("fusermount3", "-u", "-z", mnt).Run()
		}
	})
	ready := make(chan error, 1)
	go func() {
		r := bufio.NewReader(stdout)
		var v struct {
			OK bool `json:"ok"`
		}
		if err := json.NewDecoder(r).Decode(&v); err != nil || !v.OK {
			ready <- fmt.Errorf("no ready object: %v", err)
			return
		}
		ready <- nil
		io.Copy(io.Discard, r)
	}()
	select {
	case err := <-ready:
		if err != nil {
			t.Fatalf("memfs mount: %v; stderr: %s", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("memfs mount not ready; stderr: %s", stderr.String())
	}
	return cmd
}

func isMounted(t *testing.T, dir string) bool {
	t.Helper()
	b, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) > 4 && f[4] == dir {
			return true
		}
	}
	return false
}

// waitExit waits for the process and returns its exit code.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(30 * time.Second):
		t.Fatal("memfs mount did not exit")
		return -1
	}
}

// Ensure that SIGTERM unmounts and leaves no mount behind, also when a
// reader holds a file open.
func TestMountCommandSIGTERM(t *testing.T) {
	storetest.RequireFUSE(t)
	files := storetest.Artifact(1, 2, 2)
	home := memfsHome(t, files)
	for _, busy := range []bool{false, true} {
		t.Run(fmt.Sprintf("busy=%v", busy), func(t *testing.T) {
			mnt := t.TempDir()
			cmd := startMount(t, home, mnt)
			b, err := os.ReadFile(filepath.Join(mnt, "pages/area1/p1.md"))
			if err != nil || string(b) != files["pages/area1/p1.md"] {
				t.Fatalf("read through the mount: %q, %v", b, err)
			}
			var held *os.File
			if busy {
				if held, err = os.Open(filepath.Join(mnt, "summary.md")); err != nil {
					t.Fatal(err)
				}
				defer held.Close()
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			if code := waitExit(t, cmd); code != 0 {
				t.Fatalf("memfs mount exited %d", code)
			}
			if isMounted(t, mnt) {
				t.Fatalf("%s is still mounted after SIGTERM", mnt)
			}
		})
	}
}

// Ensure that doctor finds a stale mount left by a killed server, says how
// Ensure that a mount whose server was killed with SIGKILL is found by
// doctor although a stat of it still answers from the attribute cache, in
// text and --json, with the command that clears it; and that memfs mount
// clears its own stale mount and mounts again.
func TestDoctorStaleMount(t *testing.T) {
	storetest.RequireFUSE(t)
	home := memfsHome(t, storetest.Artifact(1, 1, 1))
	mnt := t.TempDir()
	cmd := startMount(t, home, mnt)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	waitExit(t, cmd)
	if _, err := os.ReadDir(mnt); !errors.Is(err, syscall.ENOTCONN) {
		t.Fatalf("listing a killed mount: %v, want ENOTCONN", err)
	}
	doctor := func() (int, memfuse.Diagnosis, bool) {
		out, err := exec.Command(memfsBinary(t), "--json", "doctor").Output()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		var v struct {
			OK   bool              `json:"ok"`
			Fuse memfuse.Diagnosis `json:"fuse"`
		}
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("doctor output %q: %v", out, err)
		}
		return code, v.Fuse, v.OK
	}
	staleAt := func(d memfuse.Diagnosis) *memfuse.MountInfo {
		for i := range d.Stale {
			if d.Stale[i].Dir == mnt {
				return &d.Stale[i]
			}
		}
		return nil
	}
	code, d, ok := doctor()
	stale := staleAt(d)
	if code != 1 || ok || stale == nil || stale.Clear == "" {
		t.Fatalf("doctor exit %d, ok %v, stale %+v", code, ok, d.Stale)
	}
	if os.Geteuid() == 0 && (d.Method != memfuse.MethodDirect || strings.Contains(d.FusermountError, "not available")) {
		t.Errorf("as root: method %s, fusermount3 %q", d.Method, d.FusermountError)
	}
	text, _ := exec.Command(memfsBinary(t), "doctor").Output()
	if !strings.Contains(string(text), "stale mount:   "+mnt) || !strings.Contains(string(text), stale.Clear) ||
		strings.Contains(string(text), "stale mounts:  none") {
		t.Errorf("doctor text:\n%s", text)
	}

	// memfs mount clears its own stale mount and serves again.
	cmd = startMount(t, home, mnt)
	if b, err := os.ReadFile(filepath.Join(mnt, "index.md")); err != nil || len(b) == 0 {
		t.Fatalf("read after remounting: %v", err)
	}
	if _, d, _ := doctor(); staleAt(d) != nil {
		t.Errorf("still stale after remounting: %+v", d.Stale)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := waitExit(t, cmd); code != 0 {
		t.Errorf("mount exited %d", code)
	}
}

// Ensure that memfs checkout writes the revision and a second run keeps it.
func TestCheckoutCommand(t *testing.T) {
	files := storetest.Artifact(1, 1, 2)
	home := memfsHome(t, files)
	dir := filepath.Join(t.TempDir(), "memory")
	for range 2 {
		if out, err := exec.Command(memfsBinary(t), "--home", home, "checkout", dir).CombinedOutput(); err != nil {
			t.Fatalf("checkout: %v: %s", err, out)
		}
	}
	if d := storetest.Diff(files, storetest.ReadTree(t, dir)); d != "" {
		t.Errorf("checkout differs:\n%s", d)
	}
}

// Ensure that conflicting mount flags are usage errors.
func TestMountCommandUsage(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(t.Context(), []string{"--home", t.TempDir(), "mount", "--all", "--history", t.TempDir()}, strings.NewReader(""), &out, &errb)
	if code != exitUsage {
		t.Errorf("exit %d, want %d; stderr: %s", code, exitUsage, errb.String())
	}
}

// Ensure that checkout and mount report a planted link with the stable
// code unsafe_path (exit 1, --json carries it) and the reason, and a
// non-empty mount point with mountpoint_in_use, before touching anything.
func TestPathRefusalCodes(t *testing.T) {
	home := memfsHome(t, storetest.Artifact(1, 1, 1))
	shared := t.TempDir()
	victim := t.TempDir()
	if err := os.WriteFile(filepath.Join(victim, "keep"), []byte("k"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(shared, ".mem.memfs")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(shared, "mnt")); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(shared, "full")
	if err := os.MkdirAll(filepath.Join(full, "notes"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args       []string
		code, says string
	}{
		{[]string{"checkout", filepath.Join(shared, "mem")}, "unsafe_path", "symbolic link"},
		{[]string{"mount", filepath.Join(shared, "mnt")}, "unsafe_path", "symbolic link"},
		{[]string{"mount", full}, "mountpoint_in_use", "not empty"},
	} {
		var out, errb bytes.Buffer
		code := run(t.Context(), append([]string{"--home", home, "--json"}, c.args...), strings.NewReader(""), &out, &errb)
		var doc failureOut
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatalf("%v: %v: %s", c.args, err, out.String())
		}
		if code != exitFailure || doc.Error.Code != c.code || !strings.Contains(doc.Error.Message, c.says) {
			t.Errorf("%v: exit %d, %+v; want exit 1, %s saying %q", c.args, code, doc.Error, c.code, c.says)
		}
	}
	if b, err := os.ReadFile(filepath.Join(victim, "keep")); err != nil || string(b) != "k" {
		t.Errorf("victim changed: %q %v", b, err)
	}
}
