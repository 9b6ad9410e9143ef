package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/scope"
)

// Ensure that memfs scope adopt moves the memory an earlier memfs kept
// under a checkout's path-derived scope (its branch, its pending
// sessions, its project record) to the repository's scope, so that
// status's here: line goes from path-kept to origin and a push shares it;
// that it refuses when the repository's scope already holds memory here;
// and that there is nothing to adopt afterwards.
func TestScopeAdopt(t *testing.T) {
	hosting, _ := hostingRepo(t)
	checkout := filepath.Join(t.TempDir(), "alice", "widget")
	gitOut(t, "clone", "-q", hosting, checkout)
	id := scope.Identify(checkout)
	if id.Source != scope.SourceOrigin || id.Legacy == id.Name {
		t.Fatalf("setup: %+v", id)
	}
	// What an earlier memfs left: memory under the path-derived scope,
	// its project record and a pending session.
	earlier := func(c *cli) {
		c.mustRun("init")
		c.mustRun("--scope", id.Legacy, "publish", writeTemp(t, phoneArtifact()), "-m", "earlier", "--no-require-sources")
		os.MkdirAll(filepath.Join(c.home, home.ScopesDir), 0o700)
		os.WriteFile(filepath.Join(c.home, home.ScopesDir, id.Legacy), []byte(id.Root+"\n"), 0o600)
	}
	a := newCLI(t)
	earlier(a)
	a.mustRun("--scope", id.Legacy, "checkpoint", "--transcript", copyTranscript(t, "", "claude-session.jsonl"))
	a.mustRun("remote", "add", "origin", hosting)

	here := func(c *cli) home.Here {
		t.Helper()
		var st struct{ Here home.Here }
		if err := json.Unmarshal([]byte(c.mustRun("--json", "status")), &st); err != nil {
			t.Fatal(err)
		}
		return st.Here
	}
	t.Chdir(checkout)
	if h := here(a); h.Source != "path-kept" || h.Scope != id.Legacy || h.RepositoryScope != id.Name {
		t.Fatalf("here before adopt: %+v", h)
	}
	if out := a.mustRun("status"); !strings.Contains(out, "memfs scope adopt") {
		t.Errorf("status does not name the remedy for a path-kept scope:\n%s", out)
	}

	// A home where the repository's scope holds memory too is refused,
	// and keeps both.
	b := newCLI(t)
	earlier(b)
	b.mustRun("--scope", id.Name, "publish", writeTemp(t, phoneArtifact()), "-m", "repository", "--no-require-sources")
	if code, out := b.failCode("scope", "adopt"); code != "scope_held" || !strings.Contains(out, "--scope "+id.Legacy) {
		t.Errorf("adopt where both hold memory: %s\n%s", code, out)
	}
	if refs := gitOut(t, "-C", b.repo(), "for-each-ref", "--format=%(refname)", "refs/heads/"); !strings.Contains(refs, "refs/heads/"+id.Legacy+"\n") || !strings.Contains(refs, "refs/heads/"+id.Name+"\n") {
		t.Errorf("refs after a refused adopt:\n%s", refs)
	}

	// From elsewhere, with --dir.
	t.Chdir(t.TempDir())
	var got home.Adopted
	if err := json.Unmarshal([]byte(a.mustRun("--json", "scope", "adopt", "--dir", checkout)), &got); err != nil {
		t.Fatal(err)
	}
	if got.From != id.Legacy || got.To != id.Name || got.Source != scope.SourceOrigin || got.Refs != 1 || got.Records == 0 {
		t.Errorf("adopt: %+v", got)
	}
	t.Chdir(checkout)
	if h := here(a); h.Source != scope.SourceOrigin || h.Scope != id.Name {
		t.Errorf("here after adopt: %+v", h)
	}
	if out := a.mustRun("status"); !strings.Contains(out, "here:   scope "+id.Name+" (from the repository's origin ") {
		t.Errorf("status after adopt:\n%s", out)
	}
	if out := a.mustRun("cat", "pages/prefs/contact.md"); !strings.Contains(out, "floor 2") {
		t.Errorf("the checkout does not read its memory after adopt: %q", out)
	}
	if n, err := a.ledger().PendingCounts(t.Context()); err != nil || n[id.Name] != 1 || n[id.Legacy] != 0 {
		t.Errorf("pending by scope after adopt: %v (%v)", n, err)
	}
	if _, err := os.Stat(filepath.Join(a.home, home.ScopesDir, id.Legacy)); !os.IsNotExist(err) {
		t.Errorf("the path-derived scope's record stays: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(a.home, home.ScopesDir, id.Name)); err != nil || strings.TrimSpace(string(b)) != id.Root {
		t.Errorf("the repository scope's record: %q (%v)", b, err)
	}
	if refs := gitOut(t, "-C", a.repo(), "for-each-ref", "--format=%(refname)"); strings.Contains(refs, id.Legacy) {
		t.Errorf("refs of the path-derived scope stay:\n%s", refs)
	}
	a.mustRun("push")
	if refs := gitOut(t, "-C", hosting, "for-each-ref", "--format=%(refname)"); !strings.Contains(refs, "refs/memfs/scopes/"+id.Name+"\n") {
		t.Errorf("refs on the hosting repository after push:\n%s", refs)
	}
	if code, _ := a.failCode("scope", "adopt"); code != "nothing_to_adopt" {
		t.Errorf("adopt again: %s", code)
	}
}
