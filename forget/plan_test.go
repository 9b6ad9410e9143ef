package forget

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/internal/errcode"
)

// Ensure that an apply uses the rewrite its preview kept instead of
// computing it again, that the plan on disk names ids and new paths only,
// and that the purge leaves no plan behind.
func TestApplyUsesPreviewPlan(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	ts := mustTargets(t, "text:555 010 9999")
	p, err := e.f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	planDir := filepath.Join(e.store.Path(), "memfs-plan")
	plan, err := os.ReadFile(filepath.Join(planDir, "plan.json"))
	if err != nil {
		t.Fatalf("the preview kept no plan: %v", err)
	}
	if holdsPhone(string(plan)) || strings.Contains(string(plan), "Call Bob") {
		t.Errorf("the plan quotes forgotten content")
	}
	// Another process's apply: a new Forgetter over the same home.
	recomputed := 0
	f := New(Options{Home: e.home, Store: e.store, Ledger: e.ledger, Recomputed: func() { recomputed++ }})
	rc, err := f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
	if err != nil {
		t.Fatal(err)
	}
	if recomputed != 0 {
		t.Errorf("apply computed the rewrite again %d time(s)", recomputed)
	}
	if rc.RewrittenCommits != 26 || !rc.StorageCleanup.Verified {
		t.Errorf("receipt: %+v", rc)
	}
	if all := git(t, e.store.Path(), "cat-file", "--batch-all-objects", "--batch"); holdsPhone(all) {
		t.Error("an object still holds the number")
	}
	if bob := git(t, e.store.Path(), "show", "default:pages/people/bob.md"); strings.Contains(bob, "Call Bob") || !strings.Contains(bob, "Bob prefers email.") {
		t.Errorf("bob.md after forget:\n%s", bob)
	}
	if _, err := os.Stat(planDir); !os.IsNotExist(err) {
		t.Errorf("the plan outlived the apply: %v", err)
	}
}

// Ensure that a plan does not outlive the heads it was computed from: an
// apply after a publication computes the rewrite again and refuses the
// stale token, and one after another preview uses the newer plan.
func TestApplyAfterHeadMovedRecomputes(t *testing.T) {
	e := newEnv(t)
	e.history(t)
	ts := mustTargets(t, "text:555 010 9999")
	p, err := e.f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	e.files["pages/people/late.md"] = page("Late", "A later fact.", "s1")
	e.publish(t, "later")
	recomputed := 0
	f := New(Options{Home: e.home, Store: e.store, Ledger: e.ledger, Recomputed: func() { recomputed++ }})
	_, err = f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts})
	if errcode.Of(err) != CodeScopeChanged {
		t.Fatalf("apply after the head moved: %v, want %s", err, CodeScopeChanged)
	}
	if recomputed != 1 {
		t.Errorf("apply after the head moved recomputed %d time(s), want 1", recomputed)
	}
	p, err = f.Preview(t.Context(), ts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Apply(t.Context(), ApplyOptions{Token: p.Scope, Targets: ts}); err != nil {
		t.Fatal(err)
	}
	if recomputed != 1 {
		t.Errorf("apply after a new preview recomputed again (%d)", recomputed)
	}
	if all := git(t, e.store.Path(), "cat-file", "--batch-all-objects", "--batch"); holdsPhone(all) {
		t.Error("an object still holds the number")
	}
}
