package erasure

import (
	"strings"
	"testing"
	"time"
)

// Ensure that markers for ordinary words and for memfs's own words never
// match the lines memfs generates whole (a dream's, a merge's and a
// default publication's subject, the artifact and run trailers), while
// the user's part of the same messages is still matched and stripped.
func TestGuardNeverMatchesGeneratedLines(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var ms []Marker
	for _, lit := range []string{"Dream", "incoming head", "session", "1", "2", "Publish memory", "changed", "local change",
		"Merge memory", "20260102T030405Z", "a1b2c3d4", "content removed"} {
		m, err := MarkText("k1", key, lit, now)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	g := NewGuard(map[string][]byte{"k1": key}, ms)
	for _, msg := range []string{
		"dream 20260102T030405Z-a1b2c3d4: 1 session(s)\n\nMemfs-Artifact: 1\nMemfs-Run: 20260102T030405Z-a1b2c3d4\nMemfs-Sources: s9\n",
		"Merge memory of default: 2 local change(s) onto the incoming head\n\nMemfs-Artifact: 1\n",
		"Publish memory: 2 file(s) changed\n\nMemfs-Artifact: 1\n",
		NeutralSubject + "\n\nMemfs-Artifact: 1\n",
	} {
		if p := ChannelProblems(g, nil, msg, "memfs", "memfs@localhost"); len(p) != 0 {
			t.Errorf("generated message %q refused: %v", msg, p)
		}
		if out, n := g.StripMessage(msg); n != 0 || out != msg {
			t.Errorf("generated message %q stripped to %q (%d lines)", msg, out, n)
		}
	}
	user := "dream 20260102T030405Z-a1b2c3d4: 1 session(s)\n\nThe user had a dream about the incoming head.\n\nMemfs-Artifact: 1\n"
	if line, ok := g.ErasedMessage(user); !ok || line != 3 {
		t.Errorf("the dreamer's summary was not matched: line %d, %v", line, ok)
	}
	out, n := g.StripMessage(user)
	if n != 1 || out != "dream 20260102T030405Z-a1b2c3d4: 1 session(s)\n\nMemfs-Artifact: 1\n" {
		t.Errorf("stripped to %q (%d lines)", out, n)
	}
	// A subject that only looks generated is the user's.
	if _, ok := g.ErasedMessage("dream about the incoming head: 1 session(s)\n"); !ok {
		t.Error("a user subject shaped like a generated one was not matched")
	}
	if !g.ErasedContent([]byte(strings.Repeat("Dream on. ", 3))) {
		t.Error("the marker of an ordinary word does not match user content")
	}
}
