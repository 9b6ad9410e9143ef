package wiki

import (
	"slices"
	"testing"
)

func TestSessionMentions(t *testing.T) {
	cases := []struct {
		text  string
		names bool
	}{
		{"sess-x1", true},
		{"see session:sess-x1.", true},
		{"see 'sess-x1'", true},
		{`see "sess-x1"`, true},
		{"see <sess-x1>", true},
		{"see `sess-x1`", true},
		{"see (sess-x1)", true},
		{"see https://example.org/log?id=sess-x1&x=1", true},
		{"see https://example.org/sess-x1/log", true},
		{"sess-x1: the first session", true},
		{"ended with sess-x1...", true},
		{"- session:sess-x1 (note)", true},
		{"Memfs-Sources: a1 sess-x1", true},
		{"sess-x12", false},
		{"xsess-x1", false},
		{"sess-x1.html", false},
		{"sess-x1_b", false},
		{"nothing here", false},
	}
	for _, c := range cases {
		got := MentionsSession(c.text, func(id string) bool { return id == "sess-x1" })
		if got != c.names {
			t.Errorf("MentionsSession(%q) = %v, want %v (candidates %q)", c.text, got, c.names, SessionMentions(c.text))
		}
	}
}

func TestSessionMentionsTrailingPunctIsAlsoAnID(t *testing.T) {
	// "a.b." may be the id "a.b." or the id "a.b" ending a sentence.
	got := SessionMentions("done in a.b.")
	for _, want := range []string{"a.b.", "a.b"} {
		if !slices.Contains(got, want) {
			t.Errorf("SessionMentions misses %q: %q", want, got)
		}
	}
}
