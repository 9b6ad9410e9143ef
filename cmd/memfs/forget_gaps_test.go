package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 25: forget without gaps, from the attacker's side: each test
// forgets something, then tries a channel that once let it back.

// Ensure that memfs evidence fails closed: when the store's erasure
// markers do not read, it refuses with guard_unavailable and prints no
// evidence, rather than printing it unfiltered.
func TestEvidenceGuardFailsClosed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		corrupt func(t *testing.T, repo string)
	}{
		{"markers ref names a missing commit", func(t *testing.T, repo string) {
			writeRef(t, repo, "refs/memfs/erasures", strings.Repeat("ab", 20))
		}},
		{"markers ref is garbage", func(t *testing.T, repo string) {
			writeRef(t, repo, "refs/memfs/erasures", "not a commit id")
		}},
		{"the marker keyring is garbage", func(t *testing.T, repo string) {
			if err := os.WriteFile(filepath.Join(repo, "memfs-keyring"), []byte("not a keyring\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCLI(t)
			c.mustRun("init")
			c.advForget("text:zebra4491")
			c.mustRun("checkpoint", "--scope", "default", "--transcript",
				advTranscript(t, "sess-fc1", "Remember that the gate code is zebra4491.", "We use squash merges."))
			if ev := c.mustRun("evidence", "sess-fc1"); strings.Contains(ev, "zebra4491") || !strings.Contains(ev, "squash") {
				t.Fatalf("evidence before the corruption:\n%s", ev)
			}
			tc.corrupt(t, c.repo())
			code, out, errs := c.run("--json", "evidence", "sess-fc1")
			if code == 0 || strings.Contains(out, "squash") || strings.Contains(out, "zebra4491") {
				t.Errorf("evidence with an unreadable guard: exit %d\n%s", code, out)
			}
			if !strings.Contains(out+errs, "guard_unavailable") {
				t.Errorf("the refusal does not say guard_unavailable:\n%s\n%s", out, errs)
			}
		})
	}
}

// writeRef overwrites a loose ref of the store, dropping it from
// packed-refs, so that it reads as value.
func writeRef(t *testing.T, repo, ref, value string) {
	t.Helper()
	if b, err := os.ReadFile(filepath.Join(repo, "packed-refs")); err == nil {
		var keep []string
		for _, l := range strings.SplitAfter(string(b), "\n") {
			if !strings.HasSuffix(strings.TrimSpace(l), " "+ref) {
				keep = append(keep, l)
			}
		}
		if err := os.WriteFile(filepath.Join(repo, "packed-refs"), []byte(strings.Join(keep, "")), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(repo, filepath.FromSlash(ref))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(value+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Ensure that a literal split between a folder and a file name is a
// match: the preview lists the page as renamed, the apply leaves no path
// of any revision spelling it, and the guard refuses a new page at that
// path.
func TestForgetLiteralAcrossPathSegments(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["index.md"] += "- [Zebra](pages/zebra4491/index.md)\n"
	files["pages/zebra4491/index.md"] = "# Zebra\n\n- [Quartz](quartz.md)\n"
	files["pages/zebra4491/quartz.md"] = "# Quartz\n\nA page.\n\n## Sources\n\n- session:sess-1\n"
	c.publishFiles(files, "add the page")

	p, _ := c.advForget("text:zebra4491 quartz")
	var renamed []string
	for _, r := range p.Revisions {
		renamed = append(renamed, r.Renamed...)
	}
	renamed = append(renamed, p.Renamed...)
	// The preview names a renamed page by its new name only.
	if !strings.Contains(strings.Join(renamed, "\n"), "pages/zebra4491/erased-") {
		t.Errorf("preview does not list the page as renamed: %+v", p)
	}
	_, names, _ := advStoreDump(t, c.repo())
	if strings.Contains(names, "zebra4491/quartz") {
		t.Errorf("a revision still has the path:\n%s", names)
	}
	code, errs := c.advPublish(files, "-m", "put it back")
	if code != exitRejected || !strings.Contains(errs, "path segment 3") {
		t.Errorf("publish of the split path: exit %d\n%s", code, errs)
	}
	if strings.Contains(errs, "quartz") {
		t.Errorf("the refusal quotes the path:\n%s", errs)
	}
}

// Ensure that a forgotten session id is refused wherever it stands, not
// only in a Sources section: in a page's prose, in a page's name, in the
// evidence of another session.
func TestForgetSessionIDAnywhere(t *testing.T) {
	const gone = "sess-gone-7731"
	c := newCLI(t)
	c.mustRun("init")
	files := goodArtifact()
	files["pages/prefs/tabs.md"] = "# Tabs\n\nThe user indents with tabs.\n\n## Sources\n\n- session:" + gone + "\n"
	c.publishFiles(files, "add tabs")
	c.advForget("session:" + gone)

	for name, page := range map[string][2]string{
		"prose":     {"pages/prefs/history.md", "# History\n\nAs agreed in (" + gone + "), tabs.\n\n## Sources\n\n- session:sess-1\n"},
		"backticks": {"pages/prefs/history.md", "# History\n\nSee `session:" + gone + "`.\n\n## Sources\n\n- session:sess-1\n"},
		"page name": {"pages/prefs/" + gone + ".md", "# History\n\nTabs.\n\n## Sources\n\n- session:sess-1\n"},
	} {
		f := goodArtifact()
		f[page[0]] = page[1]
		code, errs := c.advPublish(f, "-m", "add history")
		if code == 0 || !strings.Contains(errs, "erased_") {
			t.Errorf("%s: publish naming the forgotten session: exit %d\n%s", name, code, errs)
		}
		if strings.Contains(errs, gone) {
			t.Errorf("%s: the refusal quotes the id:\n%s", name, errs)
		}
	}

	c.mustRun("checkpoint", "--scope", "default", "--transcript",
		advTranscript(t, "sess-other", "Carry on from session "+gone+" please.", "We use squash merges."))
	if ev := c.mustRun("evidence", "sess-other"); strings.Contains(ev, gone) || !strings.Contains(ev, "squash") {
		t.Errorf("evidence of another session shows the forgotten id:\n%s", ev)
	}
}

// Ensure that a forgotten session's content does not come back under
// another id: its transcript copied under a new session id, or
// checkpointed with --session other, is refused; a copy checkpointed
// before the forget has its messages withheld from the evidence; a
// session that repeats one sentence of it is taken in with that message
// withheld.
func TestForgetSessionContentCopies(t *testing.T) {
	msgs := []string{"Remember that the vault combination is left 31 right 7.", "The staging database lives on the blue rack.", "We use squash merges."}
	c := newCLI(t)
	c.mustRun("init")
	orig := advTranscript(t, "sess-orig", msgs...)
	c.mustRun("checkpoint", "--scope", "default", "--transcript", orig)
	early := advTranscript(t, "sess-early-copy", msgs...)
	c.mustRun("checkpoint", "--scope", "default", "--transcript", early)
	c.advForget("session:sess-orig")

	copied := advTranscript(t, "sess-copy", append(msgs, "And one more thing about lunch today.")...)
	for name, args := range map[string][]string{
		"copy under a new id": {"checkpoint", "--scope", "default", "--transcript", copied},
		"--session other":     {"checkpoint", "--scope", "default", "--transcript", orig, "--session", "sess-renamed"},
		"the original, again": {"checkpoint", "--scope", "default", "--transcript", orig},
	} {
		code, _, errs := c.run(append([]string{"--json"}, args...)...)
		if code == 0 || !strings.Contains(errs, "erased_source") {
			t.Errorf("%s: exit %d\n%s", name, code, errs)
		}
		if strings.Contains(errs, "vault") {
			t.Errorf("%s: the refusal quotes the content:\n%s", name, errs)
		}
	}
	if ev := c.mustRun("evidence", "sess-early-copy"); strings.Contains(ev, "vault") || strings.Contains(ev, "blue rack") {
		t.Errorf("evidence of a copy made before the forget:\n%s", ev)
	}

	c.mustRun("checkpoint", "--scope", "default", "--transcript",
		advTranscript(t, "sess-new", "The staging database lives on the blue rack.", "Please prefer tabs over spaces in Go code.", "Deploys happen on Tuesdays after lunch."))
	ev := c.mustRun("evidence", "sess-new")
	if strings.Contains(ev, "blue rack") || !strings.Contains(ev, "Tuesdays") {
		t.Errorf("evidence of a session repeating one sentence:\n%s", ev)
	}
}

// Ensure that memfs status shows a session still settling: its transcript
// has turns newer than its checkpoint; and that it stops once they are
// checkpointed.
func TestStatusShowsSettling(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	p := advTranscript(t, "sess-settle", "We use squash merges.")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", p)
	settling := func() []string {
		var st struct {
			Settling []struct{ Session, Scope string }
		}
		if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range st.Settling {
			out = append(out, s.Session+"@"+s.Scope)
		}
		return out
	}
	if s := settling(); len(s) != 0 {
		t.Fatalf("settling right after the checkpoint: %v", s)
	}
	grown := advTranscript(t, "sess-settle", "We use squash merges.", "Tabs, not spaces.")
	b, err := os.ReadFile(grown)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if s := settling(); len(s) != 1 || s[0] != "sess-settle@default" {
		t.Errorf("settling after the transcript grew: %v", s)
	}
	if out := c.mustRun("status"); !strings.Contains(out, "settling: 1") || !strings.Contains(out, "sess-settle") {
		t.Errorf("status text:\n%s", out)
	}
	c.mustRun("checkpoint", "--scope", "default", "--transcript", p)
	if s := settling(); len(s) != 0 {
		t.Errorf("settling after the new checkpoint: %v", s)
	}
}

// Ensure that a scope name is a channel a forget cleans: a scope named
// with the forgotten text is renamed (branch, ledger records, receipt),
// its memory kept; the old name then resolves to the new scope, so it
// never comes back; and a publication to the old name by the store's API
// would be refused.
func TestForgetRenamesScopeNames(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	dir := t.TempDir()
	writeTree(t, dir, goodArtifact())
	c.mustRun("--scope", "jane-doakes", "publish", dir, "-m", "first")
	c.mustRun("--scope", "jane-doakes", "checkpoint", "--transcript", advTranscript(t, "sess-jd", "We use squash merges."))

	p, _ := c.advForget("text:Jane Doakes")
	if p.Scope == "" {
		t.Fatal("no preview")
	}
	re := regexp.MustCompile(`(?i)jane.?doakes`)
	advAssertGone(t, c, "a scope name", re)
	refs := gitOut(t, "-C", c.repo(), "for-each-ref", "--format=%(refname)")
	if !strings.Contains(refs, "refs/heads/erased-") {
		t.Errorf("no renamed scope among the refs:\n%s", refs)
	}
	if out := c.mustRun("--scope", "jane-doakes", "cat", "pages/prefs/editor.md"); !strings.Contains(out, "vim") {
		t.Errorf("the old name does not reach the renamed scope's memory:\n%s", out)
	}
	c.mustRun("--scope", "jane-doakes", "checkpoint", "--transcript", advTranscript(t, "sess-jd2", "Tabs, not spaces."))
	var st struct{ Scopes []struct{ Name string } }
	if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
		t.Fatal(err)
	}
	for _, s := range st.Scopes {
		if re.MatchString(s.Name) {
			t.Errorf("status lists a scope under the old name: %s", s.Name)
		}
	}
	advAssertGone(t, c, "a scope name, after a new checkpoint", re)
}

// Ensure that a scope derived from a project folder named with the
// forgotten text is renamed, its record under scopes/ (which holds the
// folder's path) deleted, and a later session in that folder lands in the
// renamed scope.
func TestForgetRenamesDerivedScope(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	project := filepath.Join(t.TempDir(), "jane-doakes")
	if err := os.MkdirAll(project, 0o700); err != nil {
		t.Fatal(err)
	}
	inProject := func(session, msg string) string {
		b, err := os.ReadFile(advTranscript(t, session, msg))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), session+".jsonl")
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(string(b), "/nonexistent-memfs-test/adv", project)), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	c.mustRun("checkpoint", "--transcript", inProject("sess-p1", "Remember that we use squash merges."))
	c.mustRun("dream")
	re := regexp.MustCompile(`(?i)jane.?doakes`)
	scopes := func() []string {
		var st struct {
			Scopes []struct{ Name, Project string }
		}
		if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range st.Scopes {
			out = append(out, s.Name+" "+s.Project)
		}
		return out
	}
	if s := scopes(); len(s) != 1 || !re.MatchString(s[0]) {
		t.Fatalf("scopes before the forget: %v", s)
	}
	c.advForget("text:Jane Doakes")
	s := scopes()
	if len(s) != 1 || re.MatchString(s[0]) || !strings.HasPrefix(s[0], "erased-") {
		t.Errorf("scopes after the forget: %v", s)
	}
	if ents, _ := os.ReadDir(filepath.Join(c.home, "scopes")); len(ents) != 0 {
		t.Errorf("scopes/ still holds %d records", len(ents))
	}
	if refs := gitOut(t, "-C", c.repo(), "for-each-ref", "--format=%(refname)"); re.MatchString(refs) {
		t.Errorf("refs:\n%s", refs)
	}
	c.mustRun("checkpoint", "--transcript", inProject("sess-p2", "Tabs, not spaces."))
	if s2 := scopes(); len(s2) != 1 || s2[0] != s[0] {
		t.Errorf("scopes after a new session in the folder: %v, want %v", s2, s)
	}
}

// Ensure that after forgetting a literal, each spelling a reader would
// still take for it is refused at publication and withheld from
// evidence: percent-encoded in a URL, '+' for its space, reversed under
// a right-to-left override, in small capitals, regional indicators,
// accents, strokes, and the digits of another script.
func TestForgetLookAlikesCLI(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.advForget("text:Jane Doakes", "text:pin 4491")
	spellings := map[string]string{
		"percent":         "See https://example.com/people/Jane%20Doakes/profile for details.",
		"percent letters": "See https://example.com/?who=%4Aane%20%44oakes for details.",
		"plus":            "See https://example.com/?who=Jane+Doakes&x=1 for details.",
		"rtl override":    "The owner is \u202EsekaoD enaJ\u202C today.",
		"small capitals":  "The owner is ᴊᴀɴᴇ ᴅᴏᴀᴋᴇꜱ today.",
		"accents":         "The owner is Jāne Dóakes today.",
		"strokes":         "The owner is Jane Døakes today.",
		"arabic digits":   "The door wants pin ٤٤٩١ today.",
		"devanagari":      "The door wants pin ४४९१ today.",
	}
	regional := "The owner is 🇯🇦🇳🇪 🇩🇴🇦🇰🇪🇸 today."
	spellings["regional indicators"] = regional
	var msgs []string
	for name, text := range spellings {
		f := goodArtifact()
		f["pages/prefs/owner.md"] = "# Owner\n\n" + text + "\n\n## Sources\n\n- session:sess-1\n"
		if code, errs := c.advPublish(f, "-m", "add owner"); code != exitRejected || !strings.Contains(errs, "erased_content") {
			t.Errorf("%s: publish exit %d\n%s", name, code, errs)
		}
		msgs = append(msgs, text)
	}
	msgs = append(msgs, "We use squash merges.")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-look", msgs...))
	ev := c.mustRun("evidence", "sess-look")
	if !strings.Contains(ev, "squash") {
		t.Fatalf("evidence lost the clean message:\n%s", ev)
	}
	if n := strings.Count(ev, "withheld: this message"); n != len(spellings) {
		t.Errorf("evidence withholds %d records, want %d:\n%s", n, len(spellings), ev)
	}
	for name, text := range spellings {
		if strings.Contains(ev, text) {
			t.Errorf("%s: evidence shows it", name)
		}
	}
}
