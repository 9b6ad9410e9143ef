package execdreamer

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// attackHome lays out a memfs home inside a user's $HOME, as the default
// ~/.local/share/memfs is, with a store, a ledger, a config, another run
// and the run the dreamer gets; it sets $HOME and returns the run
// directory and a folder outside both.
func attackHome(t *testing.T) (run, outside string) {
	t.Helper()
	base := t.TempDir()
	userHome := filepath.Join(base, "home")
	mh := filepath.Join(userHome, ".local", "share", "memfs")
	files := map[string]string{
		"store.git/config":             "[core]\n",
		"store.git/refs/heads/default": "0123456789012345678901234567890123456789\n",
		"config.toml":                  "publish = \"direct\"\n",
		"ledger.db":                    "ledger\n",
		"runs/other/.memory/secret.md": "other scope\n",
	}
	for name, body := range files {
		p := filepath.Join(mh, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(userHome, "notes.txt"), []byte("agent config\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(mh, filepath.Join(userHome, "memlink")); err != nil {
		t.Fatal(err)
	}
	run = filepath.Join(mh, "runs", "r1")
	for _, d := range []string{".dreaming/input", ".memory"} {
		if err := os.MkdirAll(filepath.Join(run, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	outside = filepath.Join(base, "outside")
	if err := os.Mkdir(outside, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", userHome)
	return run, outside
}

// attackScript tries every way out of the run directory a hostile dreamer
// has, and prints "escaped:<what>" for each that worked; it also proves it
// could do its job ("ok:<what>").
const attackScript = `
try() { what=$1; shift; if "$@" >/dev/null 2>&1; then echo "escaped:$what"; fi; }
need() { what=$1; shift; if "$@" >/dev/null 2>&1; then echo "ok:$what"; else echo "broken:$what"; fi; }
try read-store cat ../../store.git/config
try read-ref cat ../../store.git/refs/heads/default
try move-ref sh -c 'echo 1111111111111111111111111111111111111111 > ../../store.git/refs/heads/default'
try new-ref sh -c 'echo 1111111111111111111111111111111111111111 > ../../store.git/refs/heads/planted'
try git-update-ref git --git-dir ../../store.git update-ref refs/heads/planted2 HEAD
try read-config cat ../../config.toml
try read-ledger cat ../../ledger.db
try list-runs ls ../../runs
try read-other-run cat ../../runs/other/.memory/secret.md
try via-link cat "$HOME/memlink/config.toml"
try write-home sh -c 'echo x > ../../planted'
try write-user-home sh -c 'echo x > "$HOME/planted"'
try write-outside sh -c 'echo x > "$OUTSIDE/planted"'
try write-tmp sh -c 'echo x > /tmp/memfs-confine-test-planted-$$'
need read-run cat .dreaming/input/x
need write-memory sh -c 'echo "# Notes" > "$MEMFS_MEMORY/notes.md"'
need write-tmpdir sh -c 'echo x > "$TMPDIR/scratch" && cat "$TMPDIR/scratch"'
need read-user-home cat "$HOME/notes.txt"
need read-system cat /etc/passwd
need dev-null sh -c 'echo x > /dev/null'
`

// Ensure that a confined exec dreamer can do its job (its run directory,
// its scratch folder, $HOME, the system) and nothing else: it cannot read
// the store, the ledger, the config or other runs, cannot move or create
// a ref, and cannot write anywhere outside its run and scratch folders.
func TestDream_ConfinedInFiles(t *testing.T) {
	if LandlockABI() < 1 {
		t.Skip("no Landlock on this kernel (TestDream_RefusesWithoutLandlock covers it)")
	}
	run, outside := attackHome(t)
	if err := os.WriteFile(filepath.Join(run, ".dreaming/input/x"), []byte("evidence\n"), 0o400); err != nil {
		t.Fatal(err)
	}
	d := Dreamer{Command: attackScript, Env: []string{"OUTSIDE=" + outside}}
	summary, err := d.Dream(t.Context(), run)
	if err != nil {
		t.Fatalf("Dream: %v", err)
	}
	for _, l := range strings.Split(summary, "\n") {
		if strings.HasPrefix(l, "escaped:") || strings.HasPrefix(l, "broken:") {
			t.Errorf("%s", l)
		}
	}
	if n := strings.Count(summary, "ok:"); n != 6 {
		t.Errorf("%d of 6 allowed actions worked:\n%s", n, summary)
	}
	mh := filepath.Dir(filepath.Dir(run))
	for _, p := range []string{filepath.Join(mh, "planted"), filepath.Join(outside, "planted"), filepath.Join(mh, "store.git/refs/heads/planted")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", p)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(mh, "store.git/refs/heads/default")); !strings.HasPrefix(string(b), "0123") {
		t.Error("the scope branch was moved")
	}
}

// Ensure that the same script, run with confine = "none", does escape:
// the confinement, not the script, is what stopped it above.
func TestDream_UnconfinedEscapes(t *testing.T) {
	run, outside := attackHome(t)
	d := Dreamer{Command: attackScript, Env: []string{"OUTSIDE=" + outside}, Confine: ConfineNone}
	summary, err := d.Dream(t.Context(), run)
	if err != nil {
		t.Fatalf("Dream: %v", err)
	}
	if !strings.Contains(summary, "escaped:read-store") || !strings.Contains(summary, "escaped:write-outside") {
		t.Errorf("unconfined script did not escape:\n%s", summary)
	}
}

// Ensure that an unknown confine setting is refused before anything runs,
// and that without Landlock the dreamer fails closed.
func TestDream_RefusesWithoutLandlock(t *testing.T) {
	run, _ := attackHome(t)
	ran := filepath.Join(run, ".memory", "ran")
	_, err := Dreamer{Command: "touch " + ran, Confine: "sandbox"}.Dream(t.Context(), run)
	if err == nil {
		t.Error("confine = sandbox was accepted")
	}
	if LandlockABI() >= 1 {
		return
	}
	_, err = Dreamer{Command: "touch " + ran}.Dream(t.Context(), run)
	if !errors.Is(err, ErrUnconfined) {
		t.Errorf("Dream without Landlock: %v, want ErrUnconfined", err)
	}
	if _, err := os.Stat(ran); err == nil {
		t.Error("the command ran unconfined")
	}
}
