package main

// Adversarial end-to-end checks of untrusted input (issue 13): bundles
// from a foreign or hostile store, a damaged ledger, other local users,
// and secrets in transcripts, each driven through the real CLI.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
)

// gitIn runs stock git in dir with stdin and returns its trimmed stdout.
func gitIn(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=x", "-c", "user.email=x@example.com"}, args...)...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return strings.TrimSpace(out.String())
}

// Issue 13.1: a bundle made with stock git from a foreign store, holding
// only refs/memfs/meta (the foreign key) and refs/memfs/erasures (markers
// for text:the and session:s2), stops the import for consent (exit 4)
// with nothing changed here; with the token it applies.
func TestAdversaryImportForeignMarkers(t *testing.T) {
	foreign := storetest.NewStore(t)
	keys, own, err := foreign.Keyring(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 4, 2, 8, 0, 0, 0, time.UTC)
	the, err := erasure.MarkText(own, keys[own], "the", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := foreign.AppendMarkers(t.Context(), []erasure.Marker{the, erasure.MarkSession(own, keys[own], "s2", now)}); err != nil {
		t.Fatal(err)
	}
	bundle := filepath.Join(t.TempDir(), "markers.bundle")
	gitIn(t, foreign.Path(), nil, "bundle", "create", "-q", bundle, "refs/memfs/meta", "refs/memfs/erasures")
	if heads := gitOut(t, "bundle", "list-heads", bundle); strings.Contains(heads, "refs/heads/") {
		t.Fatalf("setup: the bundle carries branches:\n%s", heads)
	}

	c := newCLI(t)
	c.mustRun("init")
	// The markers are checkable here only with their key, which never
	// travels with a bundle: this home got it as a key file, as a
	// replica of the same user would (a stranger's markers under a key
	// this home lacks match nothing: TestAdversaryMarkersRevealNothing).
	keyFile := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keyFile, gitstore.EncodeKeyFile(keys, own), 0o600); err != nil {
		t.Fatal(err)
	}
	c.mustRun("key", "import", keyFile, "--keep-own")
	files := goodArtifact()
	files["pages/prefs/index.md"] += "- [Tea](tea.md)\n"
	files["pages/prefs/tea.md"] = "# Tea\n\nGreen tea in the morning.\n\n## Sources\n\n- session:s2\n"
	if code, errs := c.advPublish(files, "--source-sessions", "sess-1,s2"); code != 0 {
		t.Fatalf("setup: exit %d\n%s", code, errs)
	}
	objects := allObjects(t, c.repo())
	ledgerBefore, _ := os.ReadFile(filepath.Join(c.home, ledger.FileName))

	token := c.erasureConsent("import", bundle) // exit 4, erasure_consent_required, refs unchanged
	if allObjects(t, c.repo()) != objects {
		// Objects of a stopped import may be left as unreachable, but
		// the local content must still be there.
		if !strings.Contains(allObjects(t, c.repo()), "The user edits in vim.") {
			t.Error("a stopped import removed local content")
		}
	}
	if after, _ := os.ReadFile(filepath.Join(c.home, ledger.FileName)); !bytes.Equal(after, ledgerBefore) {
		t.Error("a stopped import changed the ledger")
	}
	if got := c.mustRun("--scope", "default", "cat", "pages/prefs/tea.md"); !strings.Contains(got, "Green tea") {
		t.Errorf("a stopped import changed the head: %q", got)
	}
	// Without the token, a second try stops again; with it, it applies.
	if code, _, _ := c.run("import", bundle); code != exitForgetScope {
		t.Errorf("second import without a token: exit %d", code)
	}
	c.mustRun("import", bundle, "--token", token)
	all := allObjects(t, c.repo())
	if regexp.MustCompile(`session:s2\b`).MatchString(all) || strings.Contains(all, "Green tea") {
		t.Error("the session the markers erase is still stored")
	}
	if strings.Contains(all, "The user edits in vim.") {
		t.Error("the text the markers erase is still stored")
	}
	// editor.md said only what the markers erase: left hollow, it goes.
	if names := gitOut(t, "-C", c.repo(), "ls-tree", "-r", "--name-only", "default"); strings.Contains(names, "tea.md") || strings.Contains(names, "editor.md") {
		t.Errorf("tree after applying the markers:\n%s", names)
	}
	fsckClean(t, c.repo())
	// The markers now guard this store too.
	if code, errs := c.advPublish(files); code != exitRejected {
		t.Errorf("republishing what the markers erase: exit %d\n%s", code, errs)
	}
}

// advCommit writes an artifact commit over tree with stock git and points
// ref at it.
func advCommit(t *testing.T, repo, tree, ref string) {
	t.Helper()
	c := gitIn(t, repo, []byte("hostile tree\n\nMemfs-Artifact: 1\n"), "commit-tree", tree)
	gitIn(t, repo, nil, "update-ref", ref, c)
}

// advTree writes a raw tree object (entries as given, in that order) with
// hash-object --literally, which skips git's own checks.
func advTree(t *testing.T, repo string, entries ...[3]string) string {
	t.Helper()
	var b bytes.Buffer
	for _, e := range entries {
		h, err := hex.DecodeString(e[2])
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %s\x00", e[0], e[1])
		b.Write(h)
	}
	f := filepath.Join(t.TempDir(), "tree")
	if err := os.WriteFile(f, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return gitIn(t, repo, nil, "hash-object", "-t", "tree", "--literally", "-w", f)
}

// Issue 13.3: a bundle with an unsorted tree, a zero-padded 040000 mode
// or a duplicate entry is refused whole (invalid_bundle), leaves no ref
// and no object of it behind, and git fsck --strict stays clean.
func TestAdversaryImportNonCanonicalTrees(t *testing.T) {
	cases := map[string]func(t *testing.T, repo string, blob func(string) string) string{
		"unsorted": func(t *testing.T, repo string, blob func(string) string) string {
			return advTree(t, repo, [3]string{"100644", "summary.md", blob("# Summary\n")}, [3]string{"100644", "index.md", blob("# Index\n")})
		},
		"zero-padded": func(t *testing.T, repo string, blob func(string) string) string {
			area := gitIn(t, repo, []byte(fmt.Sprintf("100644 blob %s\tindex.md\n100644 blob %s\tp.md\n",
				blob("# A\n\n- [P](p.md)\n"), blob("# P\n\nx.\n\n## Sources\n\n- session:s1\n"))), "mktree")
			return advTree(t, repo, [3]string{"100644", "index.md", blob("# Index\n\n- [A](pages/a/index.md)\n")},
				[3]string{"40000", "pages", advTree(t, repo, [3]string{"040000", "a", area})}, [3]string{"100644", "summary.md", blob("# Summary\n")})
		},
		"duplicate": func(t *testing.T, repo string, blob func(string) string) string {
			i := blob("# Index\n")
			return advTree(t, repo, [3]string{"100644", "index.md", i}, [3]string{"100644", "index.md", i}, [3]string{"100644", "summary.md", blob("# Summary\n")})
		},
	}
	for name, build := range cases {
		t.Run(name, func(t *testing.T) {
			src := t.TempDir()
			gitIn(t, src, nil, "init", "-q", "--bare")
			tree := build(t, src, func(s string) string { return gitIn(t, src, []byte(s), "hash-object", "-w", "--stdin") })
			advCommit(t, src, tree, "refs/heads/default")
			if out, err := exec.Command("git", "-C", src, "fsck", "--strict").CombinedOutput(); err == nil {
				t.Fatalf("setup: stock git accepts the %s tree:\n%s", name, out)
			}
			bundle := filepath.Join(t.TempDir(), name+".bundle")
			gitIn(t, src, nil, "bundle", "create", "-q", bundle, "refs/heads/default")

			c := newCLI(t)
			c.mustRun("init")
			c.advPublish(goodArtifact())
			refs := gitOut(t, "-C", c.repo(), "for-each-ref")
			code, out, _ := c.run("--json", "import", bundle)
			if code != exitFailure || !strings.Contains(out, "invalid_bundle") {
				t.Errorf("import: exit %d\n%s", code, out)
			}
			if after := gitOut(t, "-C", c.repo(), "for-each-ref"); after != refs {
				t.Errorf("a refused import moved refs:\n%s\n→\n%s", refs, after)
			}
			if strings.Contains(gitOut(t, "-C", c.repo(), "cat-file", "--batch-all-objects", "--batch-check"), tree) {
				t.Errorf("the refused tree %s is in the store", tree)
			}
			fsckClean(t, c.repo())
		})
	}
}

// advLedgerHome returns a home whose ledger holds a processed session and
// a pending one, and the pending session's transcript.
func advLedgerHome(t *testing.T) (*cli, string) {
	t.Helper()
	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-l1", "Remember that deploys happen on Fridays."))
	c.mustRun("dream")
	p := advTranscript(t, "sess-l2", "Please remember that I prefer tabs over spaces.")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", p)
	return c, p
}

// advExpectCorrupt runs each ledger command and fails unless every one
// exits 1 with ledger_corrupt, no panic, and the file untouched.
func advExpectCorrupt(t *testing.T, c *cli, transcript string) {
	t.Helper()
	path := filepath.Join(c.home, ledger.FileName)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"checkpoint", "--scope", "default", "--transcript", transcript},
		{"dream"},
		{"forget", "preview", "--target", "session:sess-l1"},
	} {
		code, out, errs := c.run(append([]string{"--json"}, args...)...)
		var rep struct{ Error struct{ Code string } }
		_ = json.Unmarshal([]byte(out), &rep)
		if code != exitFailure || rep.Error.Code != ledger.CodeCorrupt {
			t.Errorf("memfs %s: exit %d code %q\n%s%s", args[0], code, rep.Error.Code, out, errs)
		}
		if strings.Contains(out+errs, "panic") || strings.Contains(out+errs, "goroutine") {
			t.Errorf("memfs %s panicked:\n%s", args[0], errs)
		}
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the damaged ledger changed (%d → %d bytes, %v)", len(before), len(after), err)
	}
}

// Issue 13.4: flipped bytes, an emptied or truncated ledger.db make
// checkpoint, dream and forget preview exit 1 with ledger_corrupt, never a
// panic, and the file is never silently replaced.
func TestAdversaryLedgerDamage(t *testing.T) {
	flip := func(seed uint64) func(b []byte) []byte {
		return func(b []byte) []byte {
			rng := rand.New(rand.NewPCG(seed, 0x13))
			for range 200 {
				b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
			}
			return b
		}
	}
	damage := map[string]func([]byte) []byte{
		"flip-seed-1":  flip(1),
		"flip-seed-2":  flip(2),
		"flip-seed-3":  flip(3),
		"empty":        func([]byte) []byte { return nil },
		"truncated":    func(b []byte) []byte { return b[:len(b)/2] },
		"one-page":     func(b []byte) []byte { return b[:4096] },
		"zeroed-metas": func(b []byte) []byte { clear(b[:8192]); return b },
	}
	for name, fn := range damage {
		t.Run(name, func(t *testing.T) {
			c, transcript := advLedgerHome(t)
			path := filepath.Join(c.home, ledger.FileName)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, fn(b), 0o600); err != nil {
				t.Fatal(err)
			}
			advExpectCorrupt(t, c, transcript)
		})
	}
	// A byte of a top-level bucket's name: the page structure is intact,
	// but the bucket is no longer the one memfs wrote.
	t.Run("bucket-name", func(t *testing.T) {
		c, transcript := advLedgerHome(t)
		path := filepath.Join(c.home, ledger.FileName)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// Flip every copy of the name: bbolt keeps older copies on
		// freed pages, and only the live one matters.
		n := 0
		for i := 0; ; {
			j := bytes.Index(b[i:], []byte("checkpoints"))
			if j < 0 {
				break
			}
			b[i+j+5] ^= 0x08 // checkpoints → checkxoints
			i += j + len("checkpoints")
			n++
		}
		if n == 0 {
			t.Fatal("setup: no bucket name in the file")
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		advExpectCorrupt(t, c, transcript)
	})
}

// Issue 13.7: nothing memfs writes is readable by another local user,
// whatever the umask: home, store, ledger, and checkout snapshots (a
// folder of snapshots made wider earlier is narrowed).
func TestAdversaryNotWorldReadable(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	c := newCLI(t)
	c.mustRun("init")
	c.advPublish(goodArtifact())
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-p1", "Remember that deploys happen on Fridays."))
	c.mustRun("dream", "--keep-runs")
	parent := filepath.Join(t.TempDir(), "work")
	if err := os.Mkdir(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(parent, "mem")
	wide := filepath.Join(parent, ".mem.memfs")
	if err := os.Mkdir(wide, 0o755); err != nil { // an earlier, wider folder
		t.Fatal(err)
	}
	c.mustRun("--scope", "default", "checkout", dir)
	// check fails for every file or folder under root that another user
	// can reach (o+x on root and every folder on the way) and read.
	check := func(root string) {
		reach := map[string]bool{}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				t.Errorf("walk %s: %v", p, err)
				return nil
			}
			fi, err := os.Lstat(p)
			if err != nil || fi.Mode()&os.ModeSymlink != 0 {
				return nil
			}
			parentOK := p == root || reach[filepath.Dir(p)]
			if parentOK && fi.Mode().Perm()&0o044 != 0 {
				t.Errorf("%s is %v and reachable: readable by others", p, fi.Mode().Perm())
			}
			reach[p] = parentOK && fi.IsDir() && fi.Mode().Perm()&0o011 != 0
			return nil
		})
	}
	check(c.home)
	check(wide)
	runs, _ := filepath.Glob(filepath.Join(c.home, "runs", "*"))
	modes := map[string]os.FileMode{c.home: 0o700, c.repo(): 0o700, filepath.Join(c.home, ledger.FileName): 0o600, wide: 0o700}
	for _, r := range runs {
		if fi, err := os.Stat(r); err == nil && fi.IsDir() {
			modes[r] = 0o700
		}
	}
	for p, want := range modes {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v, %v; want %v", p, fi.Mode().Perm(), err, want)
		}
	}
	snap, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(snap, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		fi, _ := os.Lstat(p)
		want := os.FileMode(0o400)
		if d.IsDir() {
			want = 0o500
		}
		if fi.Mode().Perm() != want {
			t.Errorf("snapshot %s is %v, want %v", p, fi.Mode().Perm(), want)
		}
		return nil
	})
}

// Issue 13.8: a secret said in passing beside a durable preference. The
// evidence shows the preference without the secret; after a builtin dream
// no page path or content holds it while the preference is kept.
func TestAdversarySecretInTranscript(t *testing.T) {
	secret := regexp.MustCompile(`Sup3r|Secr3t`)
	run := func(t *testing.T, msg string) {
		c := newCLI(t)
		c.mustRun("init")
		c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-s1", msg))
		ev := c.mustRun("evidence", "sess-s1")
		if secret.MatchString(ev) || !strings.Contains(ev, "squash merges") {
			t.Errorf("evidence:\n%s", ev)
		}
		c.mustRun("dream")
		logs, names, objects := advStoreDump(t, c.repo())
		if secret.MatchString(logs) || secret.MatchString(names) || secret.MatchString(objects) {
			t.Error("the store holds the secret")
		}
		filepath.WalkDir(c.home, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if b, err := os.ReadFile(p); err == nil && secret.Match(b) {
					t.Errorf("%s holds the secret", p)
				}
			}
			return nil
		})
		if !regexp.MustCompile(`(?i)squash[ -]merge`).MatchString(logs) {
			t.Errorf("the squash-merge preference was not kept:\n%s", names)
		}
	}
	t.Run("issue", func(t *testing.T) {
		run(t, "Our database password=Sup3r;Secr3t!x and we prefer squash merges.")
	})
	for _, msg := range []string{
		"Our db password is Sup3r;Secr3t!x, and we prefer squash merges.",
		"We prefer squash merges. DB_PASSWORD=Sup3r;Secr3t!x",
	} {
		t.Run("variant", func(t *testing.T) { run(t, msg) })
	}
	t.Run("open-variants", func(t *testing.T) {
		for _, msg := range []string{
			`We prefer squash merges and the db pass is "Sup3r;Secr3t!x".`,
			"our database password=Sup3r Secr3t!x and we prefer squash merges",
		} {
			t.Run("", func(t *testing.T) { run(t, msg) })
		}
	})
}

// advMarkerBundle writes a stock-git bundle of a foreign store holding
// only its meta and erasure markers for the given text literals.
func advMarkerBundle(t *testing.T, literals ...string) string {
	t.Helper()
	foreign := storetest.NewStore(t)
	keys, own, err := foreign.Keyring(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var ms []erasure.Marker
	for _, l := range literals {
		m, err := erasure.MarkText(own, keys[own], l, time.Date(2026, 4, 2, 8, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	if err := foreign.AppendMarkers(t.Context(), ms); err != nil {
		t.Fatal(err)
	}
	bundle := filepath.Join(t.TempDir(), "markers.bundle")
	gitIn(t, foreign.Path(), nil, "bundle", "create", "-q", bundle, "refs/memfs/meta", "refs/memfs/erasures")
	return bundle
}

// Beyond issue 13.1: markers whose literal is part of what memfs itself
// writes into every commit (the artifact trailer, the neutral author)
// would refuse every later publication. Consented or not, they must not
// wedge the store: refused (erasure_breaks_schema) or harmless.
func TestAdversaryImportWedgingMarkers(t *testing.T) {
	for _, lit := range []string{"Memfs-Artifact", "memfs", "Memfs-Sources"} {
		t.Run(lit, func(t *testing.T) {
			c := newCLI(t)
			c.mustRun("init")
			if code, errs := c.advPublish(goodArtifact(), "--source-sessions", "sess-1"); code != 0 {
				t.Fatalf("setup: exit %d\n%s", code, errs)
			}
			bundle := advMarkerBundle(t, lit)
			code, out, _ := c.run("--json", "import", bundle)
			var rep struct {
				Error   struct{ Code string }
				Consent struct {
					Token string `json:"erasure_consent"`
				} `json:"erasure_consent"`
			}
			_ = json.Unmarshal([]byte(out), &rep)
			if code == exitForgetScope && rep.Consent.Token != "" {
				code, out, _ = c.run("--json", "import", bundle, "--token", rep.Consent.Token)
			}
			importCode := code
			files := goodArtifact()
			files["summary.md"] += "Later.\n"
			if code, errs := c.advPublish(files, "-m", "a later publication", "--source-sessions", "sess-1"); code != 0 {
				t.Errorf("after importing a marker for %q (import exit %d), publish: exit %d\n%s", lit, importCode, code, errs)
			}
			c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-w", "Remember that deploys happen on Fridays."))
			if code, out, errs := c.run("dream"); code != 0 || c.pending() != 0 {
				t.Errorf("after importing a marker for %q (import exit %d), dream: exit %d, %d pending\n%s%s", lit, importCode, code, c.pending(), out, errs)
			}
			fsckClean(t, c.repo())
			// Here, a forget of the same literal is refused.
			if code, out, errs := c.run("--json", "forget", "preview", "--target", "text:"+lit); code != exitForgetScope || !strings.Contains(out+errs, "forget_breaks_schema") {
				t.Errorf("forget text:%s: exit %d\n%s%s", lit, code, out, errs)
			}
		})
	}
}
