package progress

import (
	"bytes"
	"github.com/memfs/memfs/internal/storetest"
	"io"
	"os"
	"testing"
	"time"
)

// Ensure that nothing is drawn on a pipe, a buffer or when quiet, and that
// a terminal gets the line and its clearing.
func TestLine(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	master, slave := storetest.OpenPTY(t)
	for _, tc := range []struct {
		name   string
		w      any
		quiet  bool
		silent bool
	}{
		{"buffer", &bytes.Buffer{}, false, true},
		{"pipe", w, false, true},
		{"terminal, quiet (--json)", slave, true, true},
		{"terminal", slave, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var l *Line
			switch out := tc.w.(type) {
			case *bytes.Buffer:
				l = New(out, tc.quiet)
			case *os.File:
				l = New(out, tc.quiet)
			}
			if (l == nil) != tc.silent {
				t.Fatalf("New: silent %v, want %v", l == nil, tc.silent)
			}
			l.Phase("purging")
			l.Count("rewriting", 3, 10)
			if gw := l.Writer(); gw != nil {
				gw.Write([]byte("Counting objects: 1\r"))
			}
			l.Done()
		})
	}
	if err := master.SetReadDeadline(time.Now().Add(5 * time.Second)); err != nil {
		t.Fatal(err)
	}
	var got []byte
	buf := make([]byte, 4096)
	for !bytes.Contains(got, []byte("Counting objects")) {
		n, err := master.Read(buf)
		if err != nil {
			t.Fatalf("read terminal: %v (got %q)", err, got)
		}
		got = append(got, buf[:n]...)
	}
	for _, want := range []string{"purging…", "rewriting", "3/10"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("terminal output %q lacks %q", got, want)
		}
	}
	if bytes.Count(got, []byte("purging")) != 1 {
		t.Errorf("the quiet line drew on the terminal too: %q", got)
	}
}

func TestNilLineCounterIsNil(t *testing.T) {
	var l *Line
	if l.Counter() != nil {
		t.Fatal("a silent line's Counter is not nil")
	}
	if (&Line{w: io.Discard}).Counter() == nil {
		t.Fatal("a drawing line's Counter is nil")
	}
}
