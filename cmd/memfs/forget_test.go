package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestForgetCLI(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["pages/prefs/phone.md"] = "# Phone\n\n- The user's phone is 555-867-5309.\n- The user likes tea.\n\n## Sources\n\n- session:" + testSession + "\n"
	dir := t.TempDir()
	writeTree(t, dir, files)
	c.mustRun("--scope", "default", "publish", dir, "-m", "add phone")
	c.mustRun("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"), "--scope", "default")

	// Usage and refusals come first.
	if code, _, _ := c.run("forget", "preview"); code != exitUsage {
		t.Errorf("preview without targets: exit %d, want %d", code, exitUsage)
	}
	if code, _, _ := c.run("forget", "preview", "--target", "blob:x"); code != exitUsage {
		t.Errorf("preview of a bad target: exit %d, want %d", code, exitUsage)
	}
	code, out, _ := c.run("--json", "forget", "apply", "--target", "text:555 867 5309")
	if code != exitForgetScope || !strings.Contains(out, `"forget_scope_required"`) {
		t.Errorf("apply without token: exit %d\n%s", code, out)
	}
	if strings.Contains(out, "5309") {
		t.Error("the refusal quotes the target")
	}
	for _, bad := range []string{"nonsense", "fs1-xyz", "fs1-" + strings.Repeat("a", 39)} {
		code, out, _ := c.run("--json", "forget", "apply", "--token", bad, "--target", "text:555 867 5309")
		if code != exitUsage || !strings.Contains(out, `"forget_token_malformed"`) {
			t.Errorf("apply with token %q: exit %d\n%s", bad, code, out)
		}
	}

	var p struct {
		Scope string `json:"forget_scope"`
		Pages []string
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "forget", "preview", "--target", "text:555 867 5309", "--target", "session:"+testSession)), &p); err != nil {
		t.Fatal(err)
	}
	if p.Scope == "" || len(p.Pages) != 1 {
		t.Fatalf("preview: %+v", p)
	}
	var rc struct {
		ReceiptID string `json:"receipt_id"`
		Markers   []string
		Affected  struct{ Checkpoints int }
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "forget", "apply", "--token", p.Scope, "--target", "text:555 867 5309", "--target", "session:"+testSession, "--command-id", "c1")), &rc); err != nil {
		t.Fatal(err)
	}
	if rc.ReceiptID == "" || len(rc.Markers) != 2 || rc.Affected.Checkpoints != 1 {
		t.Errorf("receipt %+v", rc)
	}
	repo := filepath.Join(c.home, "store.git")
	all, err := exec.Command("git", "-C", repo, "cat-file", "--batch-all-objects", "--batch").CombinedOutput()
	if err != nil || strings.Contains(string(all), "867-5309") || strings.Contains(string(all), "session:"+testSession) {
		t.Errorf("store after forget (err %v) still holds the target", err)
	}
	if out, err := exec.Command("git", "-C", repo, "fsck", "--strict").CombinedOutput(); err != nil {
		t.Errorf("fsck: %v\n%s", err, out)
	}
	// The forgotten session cannot come back through a checkpoint.
	code, _, errs := c.run("checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"), "--scope", "default")
	if code != exitErasedSource || !strings.Contains(errs, "erased_source") && !strings.Contains(errs, "forgotten") {
		t.Errorf("checkpoint of a forgotten session: exit %d, want %d\n%s", code, exitErasedSource, errs)
	}
	if c.pending() != 0 {
		t.Error("a forgotten session is pending")
	}
	// The same token again, without a command id: the receipt, not
	// forget_scope_changed.
	again := c.mustRun("forget", "apply", "--token", p.Scope, "--target", "text:555 867 5309", "--target", "session:"+testSession)
	if !strings.Contains(again, "already applied") || !strings.Contains(again, rc.ReceiptID) {
		t.Errorf("an applied token again:\n%s", again)
	}
	// Replay and conflict.
	human := c.mustRun("forget", "apply", "--token", p.Scope, "--target", "text:555 867 5309", "--target", "session:"+testSession, "--command-id", "c1")
	if !strings.Contains(human, "command c1 was already applied") || !strings.Contains(human, rc.ReceiptID) {
		t.Errorf("replay:\n%s", human)
	}
	// The token with other targets is no replay.
	if code, out, _ := c.run("--json", "forget", "apply", "--token", p.Scope, "--target", "text:555 867 5309"); code != exitForgetScope || !strings.Contains(out, "forget_scope_changed") {
		t.Errorf("an applied token with other targets: exit %d\n%s", code, out)
	}
	if code, out, _ := c.run("--json", "forget", "apply", "--token", p.Scope, "--target", "text:tea", "--command-id", "c1"); code != exitFailure || !strings.Contains(out, "command_id_conflict") {
		t.Errorf("conflict: exit %d\n%s", code, out)
	}
}
