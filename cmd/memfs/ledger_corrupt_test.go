package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/ledger"
)

// Ensure that a damaged or empty ledger makes the commands that use it
// fail with exit 1 and code ledger_corrupt, a message naming the file and
// the way out, and no panic or stack trace; and that the file is left as
// it was.
func TestCLI_LedgerCorrupt(t *testing.T) {
	damage := map[string]func(t *testing.T, home string){
		"flipped bytes": func(t *testing.T, home string) { flipLedger(t, home) },
		"empty file": func(t *testing.T, home string) {
			if err := os.Truncate(filepath.Join(home, ledger.FileName), 0); err != nil {
				t.Fatal(err)
			}
		},
	}
	commands := [][]string{
		{"checkpoint", "--transcript", ""},
		{"dream"},
		{"forget", "preview", "--target", "session:s-gone"},
	}
	for name, damageFn := range damage {
		for _, args := range commands {
			t.Run(name+"/"+args[0], func(t *testing.T) {
				c := newCLI(t)
				c.mustRun("init")
				transcript := copyTranscript(t, "", "claude-session.jsonl")
				c.mustRun("checkpoint", "--transcript", transcript)
				path := filepath.Join(c.home, ledger.FileName)
				damageFn(t, c.home)
				before, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if args[0] == "checkpoint" {
					args = []string{"checkpoint", "--transcript", transcript}
				}
				code, out, stderr := c.run(append([]string{"--json"}, args...)...)
				var rep struct {
					Error struct{ Code, Message string }
				}
				_ = json.Unmarshal([]byte(out), &rep)
				if code != exitFailure || rep.Error.Code != ledger.CodeCorrupt {
					t.Fatalf("memfs %s: exit %d, %+v\nstdout %s\nstderr %s", strings.Join(args, " "), code, rep.Error, out, stderr)
				}
				if !strings.Contains(rep.Error.Message, path) || !strings.Contains(rep.Error.Message, "memfs ledger rebuild") {
					t.Errorf("message does not name the file and the way out: %s", rep.Error.Message)
				}
				for _, s := range []string{"goroutine", "panic"} {
					if strings.Contains(stderr, s) || strings.Contains(out, s) {
						t.Errorf("output holds %q:\nstdout %s\nstderr %s", s, out, stderr)
					}
				}
				if after, err := os.ReadFile(path); err != nil || string(after) != string(before) {
					t.Errorf("the damaged ledger was changed (%d bytes, then %d): %v", len(before), len(after), err)
				}
			})
		}
	}
}
