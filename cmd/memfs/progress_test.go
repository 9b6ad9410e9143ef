package main

import (
	"bytes"
	"encoding/json"
	"github.com/memfs/memfs/internal/storetest"
	"io"
	"strings"
	"testing"
)

// Ensure that a long command (forget apply) draws progress on a terminal's
// stderr, and nothing with --json or when stderr is not a terminal.
func TestCLI_ProgressOnlyOnATerminal(t *testing.T) {
	master, slave := storetest.OpenPTY(t)
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
	if got := storetest.DrainPTY(t, master, slave); !strings.Contains(got, "\r") || !strings.Contains(got, "purg") {
		t.Errorf("no progress on a terminal: %q", got)
	}
	forget(setup(), slave, true)
	if got := storetest.DrainPTY(t, master, slave); got != "" {
		t.Errorf("--json drew on the terminal: %q", got)
	}
	var buf bytes.Buffer
	forget(setup(), &buf, false)
	if buf.Len() != 0 {
		t.Errorf("progress written to a stderr that is not a terminal: %q", buf.String())
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
