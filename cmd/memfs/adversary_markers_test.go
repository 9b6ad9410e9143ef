package main

import (
	"encoding/hex"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
)

// consentToken runs an import or a pull that incoming erasure markers
// stop (exit 4) and returns the token that applies them, whatever they
// would erase here.
func (c *cli) consentToken(args ...string) string {
	c.t.Helper()
	code, out, _ := c.run(append([]string{"--json"}, args...)...)
	var res struct {
		Error   struct{ Code string }
		Consent struct {
			Token string `json:"erasure_consent"`
		} `json:"erasure_consent"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != exitForgetScope || res.Error.Code != "erasure_consent_required" {
		c.t.Fatalf("%v: exit %d, %v\n%s", args, code, err, out)
	}
	return res.Consent.Token
}

// victimBundle is a home that remembered, then forgot, a phone number and
// a long sentence, and the bundle it exported.
func victimBundle(t *testing.T) (*cli, string) {
	t.Helper()
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["pages/prefs/index.md"] += "- [Bob](bob.md)\n"
	files["pages/prefs/bob.md"] = "# Bob\n\nCall Bob on 5551234.\n\nThe quick brown fox jumps over the lazy dog at dawn.\n\n## Sources\n\n- session:sess-1\n"
	if code, errs := c.advPublish(files, "--source-sessions", "sess-1"); code != 0 {
		t.Fatalf("setup: exit %d\n%s", code, errs)
	}
	bundle := filepath.Join(t.TempDir(), "before.bundle")
	c.mustRun("export", bundle)
	c.advForget("text:5551234", "text:The quick brown fox jumps over the lazy dog at dawn")
	after := filepath.Join(t.TempDir(), "after.bundle")
	c.mustRun("export", after)
	if err := os.Rename(bundle, after+".before"); err != nil {
		t.Fatal(err)
	}
	return c, after
}

// Issue 24: whoever holds a victim's bundle (or runs the server it is
// pushed to) holds no key and no length: the bundle's objects hold no
// marker key, every text marker has the same fields and a fingerprint of
// one size whatever its literal, and a fresh home that imports the bundle
// treats a right guess and a wrong one alike.
func TestAdversaryMarkersRevealNothing(t *testing.T) {
	victim, bundle := victimBundle(t)
	keyring, err := os.ReadFile(filepath.Join(victim.repo(), "memfs-keyring"))
	if err != nil {
		t.Fatal(err)
	}
	keys, _, err := gitstore.DecodeKeyFile(keyring)
	if err != nil || len(keys) == 0 {
		t.Fatalf("victim keyring: %d keys, %v", len(keys), err)
	}
	if fi, err := os.Stat(filepath.Join(victim.repo(), "memfs-keyring")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("keyring file mode: %v %v", fi.Mode(), err)
	}

	// Everything in the bundle, unpacked by stock git.
	scratch := t.TempDir()
	gitOut(t, "init", "-q", "--bare", scratch)
	gitOut(t, "-C", scratch, "fetch", "-q", bundle, "refs/*:refs/*")
	objects := allObjects(t, scratch)
	for id, k := range keys {
		if strings.Contains(objects, hex.EncodeToString(k)) || strings.Contains(objects, string(k)) {
			t.Errorf("the bundle holds marker key %s", id)
		}
	}
	if strings.Contains(objects, "5551234") || strings.Contains(objects, "lazy dog") {
		t.Fatal("the bundle holds a forgotten literal")
	}
	list := gitOut(t, "-C", scratch, "show", gitstore.ErasuresRef+":erasures.jsonl")
	var shapes []string
	for line := range strings.Lines(list) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("marker line: %v", err)
		}
		if m["kind"] != "text" {
			continue
		}
		fp, _ := m["hmac"].(string)
		shapes = append(shapes, strings.Join(slices.Sorted(maps.Keys(m)), ",")+" "+string(rune('0'+len(fp)/8)))
	}
	if len(shapes) != 2 || shapes[0] != shapes[1] || strings.Contains(list, "length") || strings.Contains(list, "ntokens") {
		t.Errorf("the markers of a 7-digit number and of an 11-word sentence differ in shape: %q\n%s", shapes, list)
	}

	// A fresh home that only imported the bundle.
	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("import", bundle, "--token", c.consentToken("import", bundle))
	for _, guess := range []string{"5551234", "5550000", "5551235"} {
		files := goodArtifact()
		files["pages/prefs/index.md"] += "- [Guess](guess.md)\n"
		files["pages/prefs/guess.md"] = "# Guess\n\nCall Bob on " + guess + ".\n\n## Sources\n\n- session:sess-1\n"
		if code, errs := c.advPublish(files, "--source-sessions", "sess-1"); code != 0 {
			t.Errorf("publishing guess %s: exit %d (a guess told apart)\n%s", guess, code, errs)
		}
		if got := c.mustRun("--scope", "default", "cat", "pages/prefs/guess.md"); !strings.Contains(got, guess) {
			t.Errorf("guess %s not published as given", guess)
		}
	}
	// The home says what it cannot check, and sends nothing on.
	var st struct {
		Unchecked int `json:"unchecked_markers"`
	}
	if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil || st.Unchecked != 2 {
		t.Errorf("status: %d unchecked markers, %v", st.Unchecked, err)
	}
	code, out, _ := c.run("--json", "export", filepath.Join(t.TempDir(), "x.bundle"))
	if code != exitFailure || !strings.Contains(out, "marker_keys_missing") {
		t.Errorf("export with markers it cannot check: exit %d\n%s", code, out)
	}
	if code, _, errs := c.run("doctor"); code == 0 || !strings.Contains(errs, "memfs key import") {
		t.Errorf("doctor: exit %d\n%s", code, errs)
	}
}

// Issue 24: a second machine of the same user gets the key as a file
// (memfs key export, memfs key import). Until then it keeps the markers
// it cannot check and sends nothing; with the key, its own older copy of
// the forgotten text is rewritten and purged, and both mark alike.
func TestAdversaryMarkersSecondMachine(t *testing.T) {
	victim, bundle := victimBundle(t)
	second := newCLI(t)
	second.mustRun("init")
	second.mustRun("import", bundle+".before")
	if !strings.Contains(allObjects(t, second.repo()), "5551234") {
		t.Fatal("setup: the second machine lacks the old copy")
	}
	second.mustRun("import", bundle, "--token", second.consentToken("import", bundle))
	if code, _, _ := second.run("export", filepath.Join(t.TempDir(), "x.bundle")); code == 0 {
		t.Error("the second machine exported before holding the key")
	}
	keyFile := filepath.Join(t.TempDir(), "keys")
	victim.mustRun("key", "export", keyFile)
	if fi, err := os.Stat(keyFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	if code, _, _ := victim.run("key", "export", keyFile); code != exitUsage {
		t.Errorf("key export over an existing file: exit %d", code)
	}
	var imp struct {
		Added     int `json:"added"`
		Rewritten int `json:"rewritten_local"`
		Unchecked int `json:"unchecked_markers"`
	}
	if err := json.Unmarshal([]byte(second.mustRun("--json", "key", "import", keyFile)), &imp); err != nil || imp.Added == 0 || imp.Rewritten == 0 || imp.Unchecked != 0 {
		t.Fatalf("key import: %+v %v", imp, err)
	}
	if all := allObjects(t, second.repo()); strings.Contains(all, "5551234") || strings.Contains(all, "lazy dog") {
		t.Error("the second machine still stores the forgotten text after importing the key")
	}
	fsckClean(t, second.repo())
	second.mustRun("export", filepath.Join(t.TempDir(), "y.bundle"))
	// Both now mark with the victim's key: a forget on the second is
	// checked on the first.
	files := goodArtifact()
	files["pages/prefs/index.md"] += "- [Gate](gate.md)\n"
	files["pages/prefs/gate.md"] = "# Gate\n\nThe gate code is 8842.\n\n## Sources\n\n- session:sess-1\n"
	if code, errs := second.advPublish(files, "--source-sessions", "sess-1"); code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	second.advForget("text:8842")
	b2 := filepath.Join(t.TempDir(), "second.bundle")
	second.mustRun("export", b2)
	victim.mustRun("import", b2, "--token", victim.consentToken("import", b2))
	if code, errs := victim.advPublish(files, "--source-sessions", "sess-1"); code != exitRejected {
		t.Errorf("the victim accepted what the second machine forgot: exit %d\n%s", code, errs)
	}
}
