package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/ledger"
)

// flipLedger damages the home's ledger the same way every run: 200 bytes
// XORed at positions drawn from a fixed seed.
func flipLedger(t *testing.T, home string) string {
	t.Helper()
	path := filepath.Join(home, ledger.FileName)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(13, 4))
	for range 200 {
		b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

type doctorLedger struct {
	OK     bool   `json:"ok"`
	Exists bool   `json:"exists"`
	Path   string `json:"path"`
	Code   string `json:"code"`
	Error  string `json:"error"`
}

func runDoctorJSON(t *testing.T, c *cli) (int, bool, doctorLedger) {
	t.Helper()
	code, out, stderr := c.run("--json", "doctor")
	var v struct {
		OK     bool         `json:"ok"`
		Ledger doctorLedger `json:"ledger"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("doctor --json: %v\nstdout %s\nstderr %s", err, out, stderr)
	}
	return code, v.OK, v.Ledger
}

// Ensure that doctor reports a damaged ledger in text and --json with exit
// 1, that ledger rebuild sets it aside, says where and what was lost, and
// that the next checkpoint records into the new ledger, which doctor then
// finds sound.
func TestCLI_DoctorAndLedgerRebuild(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	transcript := copyTranscript(t, "", "claude-session.jsonl")
	c.mustRun("checkpoint", "--transcript", transcript)
	if _, _, lh := runDoctorJSON(t, c); !lh.OK || !lh.Exists || lh.Code != "" {
		t.Fatalf("doctor on a sound ledger: %+v", lh)
	}
	path := flipLedger(t, c.home)
	damaged, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	code, ok, lh := runDoctorJSON(t, c)
	if code != exitFailure || ok || lh.OK || lh.Code != ledger.CodeCorrupt || lh.Path != path ||
		!strings.Contains(lh.Error, "memfs ledger rebuild") {
		t.Fatalf("doctor on a damaged ledger: exit %d, ok %v, ledger %+v", code, ok, lh)
	}
	code, out, stderr := c.run("doctor")
	if code != exitFailure || !strings.Contains(out, "ledger:        ledger_corrupt: "+path) ||
		!strings.Contains(stderr, "problem: ledger "+path+" is damaged") {
		t.Fatalf("doctor text: exit %d\nstdout %s\nstderr %s", code, out, stderr)
	}

	out = c.mustRun("ledger", "rebuild")
	matches, err := filepath.Glob(path + ".corrupt-*")
	if err != nil || len(matches) != 1 {
		t.Fatalf("set-aside files %v, %v", matches, err)
	}
	aside := matches[0]
	if b, err := os.ReadFile(aside); err != nil || string(b) != string(damaged) {
		t.Errorf("the damaged file was not kept as it was: %v", err)
	}
	for _, want := range []string{"aside as " + aside, "checkpoint cursors", "forget receipts", "memfs checkpoint"} {
		if !strings.Contains(out, want) {
			t.Errorf("rebuild output lacks %q:\n%s", want, out)
		}
	}

	out = c.mustRun("checkpoint", "--transcript", transcript)
	if !strings.Contains(out, "recorded") || strings.Contains(out, "already") {
		t.Errorf("checkpoint after rebuild: %s", out)
	}
	if _, _, lh := runDoctorJSON(t, c); !lh.OK || !lh.Exists {
		t.Errorf("doctor after rebuild: %+v", lh)
	}
}

// Ensure that ledger rebuild refuses a sound ledger, and a home without
// one, with a clear message and exit 1, and leaves the file alone.
func TestCLI_LedgerRebuildRefusesSound(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	code, _, stderr := c.run("ledger", "rebuild")
	if code != exitFailure || !strings.Contains(stderr, "not damaged; nothing to rebuild") {
		t.Fatalf("rebuild without a ledger: exit %d, %s", code, stderr)
	}
	c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
	path := filepath.Join(c.home, ledger.FileName)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := c.run("--json", "ledger", "rebuild")
	var rep struct {
		OK    bool `json:"ok"`
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitFailure || rep.OK || rep.Error.Code != "ledger_not_corrupt" {
		t.Fatalf("rebuild of a sound ledger: exit %d, %s (%v)", code, out, err)
	}
	if after, err := os.ReadFile(path); err != nil || string(after) != string(before) {
		t.Errorf("the sound ledger was changed: %v", err)
	}
	if m, _ := filepath.Glob(path + ".corrupt-*"); len(m) != 0 {
		t.Errorf("a sound ledger was set aside: %v", m)
	}
	if code, _, stderr := c.run("ledger"); code != exitUsage || !strings.Contains(stderr, "rebuild") {
		t.Errorf("memfs ledger without a command: exit %d, %s", code, stderr)
	}
}
