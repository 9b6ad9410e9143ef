package main

import (
	"strings"
	"testing"
)

// TestForgetChannelsCLI: after a forget, a hand publish whose message
// holds the literal is refused with exit 3 naming the line, not the
// text; a forget of a schema word is refused with exit 4.
func TestForgetChannelsCLI(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["pages/prefs/wifi.md"] = "# Wifi\n\nThe wifi password is hunter2.\n\n## Sources\n\n- session:" + testSession + "\n"
	dir := t.TempDir()
	writeTree(t, dir, files)
	c.mustRun("publish", dir, "-m", "add wifi")
	c.advForget("text:hunter2")

	delete(files, "pages/prefs/wifi.md")
	dir = t.TempDir()
	writeTree(t, dir, files)
	code, _, errs := c.run("publish", dir, "-m", "restore the wifi password hunter2")
	if code != exitRejected || !strings.Contains(errs, "erased_content") || !strings.Contains(errs, "commit message line 1") {
		t.Errorf("publish with the literal in its message: exit %d\n%s", code, errs)
	}
	if strings.Contains(errs, "hunter2") {
		t.Errorf("the refusal quotes the message:\n%s", errs)
	}

	code, out, _ := c.run("--json", "forget", "preview", "--target", "text:session")
	if code != exitForgetScope || !strings.Contains(out, "forget_breaks_schema") {
		t.Errorf("forget of a schema word: exit %d\n%s", code, out)
	}
}
