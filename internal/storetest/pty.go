package storetest

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// OpenPTY returns the two ends of a new pseudo-terminal, closed when the
// test ends. A test that needs a terminal skips, saying so, where the
// machine has no pseudo-terminals.
func OpenPTY(t *testing.T) (master, slave *os.File) {
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

// DrainPTY returns what was written to the terminal so far: it writes a
// sentinel to slave and reads master up to it (with a deadline, so a lost
// write fails the test instead of hanging it).
func DrainPTY(t *testing.T, master, slave *os.File) string {
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
