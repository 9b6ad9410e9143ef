package gitstore

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/validate"
)

// Ensure that markers are content-free, persist in refs/memfs/erasures,
// and make every publication refuse the forgotten literal — whatever its
// case, spacing or punctuation inside new text — and the forgotten session.
func TestErasures_GuardRefusesReintroduction(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	ctx := t.Context()
	keys, keyID, err := s.Keyring(ctx)
	if err != nil || len(keys[keyID]) != 32 {
		t.Fatalf("Keyring: %d keys, own %q, %v", len(keys), keyID, err)
	}
	const phone = "+1 (555) 867-5309"
	tm, err := MarkText(keyID, keys[keyID], phone, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	sm := MarkSession(keyID, keys[keyID], "sess-secret", time.Now())
	if err := s.AppendMarkers(ctx, []Marker{tm, sm}); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendMarkers(ctx, []Marker{tm}); err != nil {
		t.Fatal(err)
	}
	ms, err := s.Markers(ctx)
	if err != nil || len(ms) != 2 {
		t.Fatalf("Markers = %d, %v; want 2 (a repeat is not appended)", len(ms), err)
	}
	raw := runGit(t, s.Path(), "show", ErasuresRef+":"+erasuresFile)
	// Whole spellings only: marker ids and fingerprints are random hex, which
	// holds any three digits now and then.
	for _, tok := range []string{"555-867", "867-5309", "5558675309", "sess-secret"} {
		if strings.Contains(raw, tok) {
			t.Fatalf("erasures.jsonl holds %q: markers must be content-free", tok)
		}
	}

	cases := []struct {
		name  string
		extra map[string]string
		code  string
	}{
		{"literal, other spacing and punctuation", map[string]string{
			"pages/notes/contact.md": "# Contact\n\nCall 1-555-867-5309 after six.\n\n## Sources\n\n- session:s1\n"}, validate.CodeErasedContent},
		{"literal in the summary", map[string]string{"summary.md": "Phone: +1 555 867 5309\n"}, validate.CodeErasedContent},
		{"forgotten session", map[string]string{
			"pages/notes/x.md": "# X\n\nA fact.\n\n## Sources\n\n- session:sess-secret\n"}, validate.CodeErasedSource},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		writeArtifact(t, dir, []string{"a"}, tc.extra)
		res, err := s.Publish(ctx, dir, PublishOptions{Scope: "default"})
		if !errors.Is(err, validate.ErrRejected) || !slices.ContainsFunc(res.Report.Errors(), func(p validate.Problem) bool { return p.Code == tc.code }) {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.code)
		}
	}
	// Near miss: the digits in another order pass.
	dir := t.TempDir()
	writeArtifact(t, dir, []string{"a"}, map[string]string{"pages/notes/b.md": "# B\n\n5309 867 555 1\n\n## Sources\n\n- session:s1\n"})
	mustPublish(t, s, dir, PublishOptions{})

	// A store opened later (another process) enforces the same markers.
	other, err := Open(ctx, s.opts)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	bad := t.TempDir()
	writeArtifact(t, bad, []string{"a"}, map[string]string{"pages/notes/c.md": "# C\n\nPHONE +15558675309? no: +1 555 867 5309.\n\n## Sources\n\n- session:s1\n"})
	if _, err := other.Publish(ctx, bad, PublishOptions{Scope: "default"}); !errors.Is(err, validate.ErrRejected) {
		t.Fatalf("a second Store published forgotten text: %v", err)
	}
	// Stock git sees the marker chain as an ordinary ref.
	if n := strings.TrimSpace(runGit(t, s.Path(), "rev-list", "--count", ErasuresRef)); n != "1" {
		t.Fatalf("refs/memfs/erasures has %s commits, want 1", n)
	}
}
