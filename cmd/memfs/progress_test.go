package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY returns the two ends of a new pseudo-terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

// drain returns what was written to the terminal before the sentinel
// written after it now.
func drain(t *testing.T, master, slave *os.File) string {
	t.Helper()
	const sentinel = "--end-of-output--"
	if _, err := slave.WriteString(sentinel); err != nil {
		t.Fatal(err)
	}
	if err := master.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	var got []byte
	buf := make([]byte, 4096)
	for !bytes.Contains(got, []byte(sentinel)) {
		n, err := master.Read(buf)
		if err != nil {
			t.Fatalf("read the terminal: %v (so far %q)", err, got)
		}
		got = append(got, buf[:n]...)
	}
	return strings.TrimSuffix(string(got), sentinel)
}

// Ensure that a long command (forget apply) draws progress on a terminal's
// stderr, and nothing with --json or when stderr is not a terminal.
func TestCLI_ProgressOnlyOnATerminal(t *testing.T) {
	master, slave := openPTY(t)
	files := goodArtifact()
	files["pages/prefs/phone.md"] = "# Phone\n\n- The user's phone is 555-867-5309.\n\n## Sources\n\n- session:sess-1\n"
	forget := func(c *cli, stderr io.Writer, json bool) {
		t.Helper()
		var p struct {
			Scope string `json:"forget_scope"`
		}
		if err := jsonUnmarshal(c.mustRun("--json", "forget", "preview", "--target", "text:555 867 5309"), &p); err != nil {
			t.Fatal(err)
		}
		args := []string{"--home", c.home, "forget", "apply", "--token", p.Scope, "--target", "text:555 867 5309"}
		if json {
			args = append([]string{"--json"}, args...)
		}
		if code := run(t.Context(), args, strings.NewReader(""), io.Discard, stderr); code != 0 {
			t.Fatalf("forget apply: exit %d", code)
		}
	}
	setup := func() *cli {
		c := newCLI(t)
		c.mustRun("init")
		dir := t.TempDir()
		writeTree(t, dir, files)
		c.mustRun("--scope", "default", "publish", dir)
		return c
	}

	forget(setup(), slave, false)
	if got := drain(t, master, slave); !strings.Contains(got, "\r") || !strings.Contains(got, "purg") {
		t.Errorf("no progress on a terminal: %q", got)
	}
	forget(setup(), slave, true)
	if got := drain(t, master, slave); got != "" {
		t.Errorf("--json drew on the terminal: %q", got)
	}
	var buf bytes.Buffer
	forget(setup(), &buf, false)
	if buf.Len() != 0 {
		t.Errorf("progress written to a stderr that is not a terminal: %q", buf.String())
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
