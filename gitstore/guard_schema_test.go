package gitstore

import (
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Ensure that text markers of memfs's own vocabulary, whatever key and
// version made them, match nothing (a store receiving them keeps
// publishing), while a marker beside them still works; and that the keys
// of memfs's own trailers are never matched, as text or as a session id,
// while their values and other trailers are.
func TestGuard_IgnoresSchemaVocabulary(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	keys, keyID, err := s.Keyring(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	foreign := []byte("another store's key")
	keys["foreign"] = foreign
	var ms []erasure.Marker
	for _, lit := range []string{"Memfs-Sources", "memfs", "Sources", "session", "removed by forget"} {
		for id, k := range map[string][]byte{keyID: keys[keyID], "foreign": foreign} {
			m, err := erasure.MarkText(id, k, lit, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
	}
	legacy := wiki.LegacyTokens("Memfs-Sources")
	ms = append(ms, erasure.Marker{ID: "v1", Kind: erasure.MarkerText, KeyID: keyID, HMAC: erasure.Fingerprint(keys[keyID], erasure.MarkerText, legacy), NTokens: len(legacy)})
	hunter, _ := erasure.MarkText(keyID, keys[keyID], "hunter2", time.Now())
	ms = append(ms, hunter, erasure.MarkSession(keyID, keys[keyID], validate.TrailerSources, time.Now()))
	g := erasure.NewGuard(keys, ms)

	if g.ErasedContent([]byte("# P\n\nA fact.\n\n## Sources\n\n- session:s1\n")) {
		t.Error("a page's Sources are refused")
	}
	if g.ErasedContent([]byte(erasure.NeutralSubject)) || g.ErasedSignature(erasure.NeutralName, erasure.NeutralEmail) {
		t.Error("the neutral subject or author is refused")
	}
	for msg, want := range map[string]bool{
		"dream: 1 session(s)\n\nMemfs-Artifact: 1\nMemfs-Run: r1\nMemfs-Sources: s1 s2\n": false,
		"subject\n\nMemfs-Artifact: 1\nMemfs-Sources: s1 hunter2\n":                       true,
		"subject\n\nHunter2: yes\nMemfs-Artifact: 1\n":                                    true,
		"subject hunter\n2\n\nMemfs-Artifact: 1\n":                                        true,
		// The artifact trailer is memfs's own line whole: its "2" does
		// not complete the user's "hunter".
		"subject hunter\n\nMemfs-Artifact: 2\n": false,
	} {
		if _, got := g.ErasedMessage(msg); got != want {
			t.Errorf("ErasedMessage(%q) = %v, want %v", msg, got, want)
		}
	}
	if !g.ErasedContent([]byte("the wifi is hunter2")) {
		t.Error("the marker beside the ignored ones matches nothing")
	}

	// A publication with every trailer passes; a dream-like strip keeps
	// the trailers.
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	if _, err := s.Publish(t.Context(), dir, PublishOptions{Scope: "default", Message: "m", Run: "r1", Sources: []string{"s1"}, Guard: g}); err != nil {
		t.Errorf("publish with the schema markers: %v", err)
	}
	msg := "m\n\nMemfs-Artifact: 1\nMemfs-Sources: s1\n"
	if out, n := g.StripMessage(msg); out != msg || n != 0 {
		t.Errorf("StripMessage removed %d line(s): %q", n, out)
	}
}

// Ensure that an eraser never removes memfs's own trailer keys, even for a
// matcher of them (a forget refuses such targets; an eraser must not
// depend on it), and that the purge's check agrees.
func TestEraser_KeepsOwnTrailerKeys(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	e := s.NewEraser(EraseSpec{
		Text:    wiki.LiteralMatcher([][]string{wiki.Tokens("Memfs-Sources"), wiki.Tokens("hunter2")}),
		Session: func(id string) bool { return id == validate.TrailerArtifact || id == "s2" },
	})
	msg := "subject\n\nMemfs-Artifact: 1\nMemfs-Run: r1\nMemfs-Sources: s1 s2\n"
	want := "subject\n\nMemfs-Artifact: 1\nMemfs-Run: r1\nMemfs-Sources: s1\n"
	if got, _ := e.message(msg); got != want {
		t.Errorf("message = %q, want %q", got, want)
	}
	if err := e.Check(CommitObject, []byte("tree x\n\n"+want)); err != nil {
		t.Errorf("Check: %v", err)
	}
	if err := e.Check(CommitObject, []byte("tree x\n\n"+msg)); err == nil {
		t.Error("Check passes a message naming a forgotten session")
	}
	if got, _ := e.message("wifi hunter2\n\nMemfs-Artifact: 1\n"); got != erasure.NeutralSubject+"\n\nMemfs-Artifact: 1\n" {
		t.Errorf("message = %q", got)
	}
}
