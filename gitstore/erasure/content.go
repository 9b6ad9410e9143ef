package erasure

import (
	"strings"
	"time"

	"github.com/memfs/memfs/wiki"
)

// Content markers. A forget of a session fingerprints the session's
// content as well as its id, so that the same transcript brought back
// under another id (a copy of the file, a checkpoint with --session
// other) is recognised: one marker of kind "content" per message of the
// session's evidence long enough to tell apart (MinContentTokens tokens
// in the reader's view), at most MaxContentMarkers, each the keyed
// fingerprint of the message's tokens joined by spaces. Like every
// marker they hold no content: without the key a fingerprint confirms
// nothing.

// MarkerContent is the kind of a content marker.
const MarkerContent = "content"

const (
	// MinContentTokens is the fewest tokens a message needs to be
	// fingerprinted: shorter ones ("ok, thanks") recur in every session.
	MinContentTokens = 4
	// MaxContentMarkers bounds the content markers of one forgotten
	// session; the first messages are fingerprinted.
	MaxContentMarkers = 512
)

// ContentKey returns the form of a message that content markers
// fingerprint, and false when the message is too short to.
func ContentKey(text string) (string, bool) {
	toks := wiki.ReaderTokens(text)
	if len(toks) < MinContentTokens {
		return "", false
	}
	return strings.Join(toks, " "), true
}

// MarkContent returns the content markers of a forgotten session's
// messages under the key: one per distinct message long enough, in order,
// at most MaxContentMarkers.
func MarkContent(keyID string, key []byte, messages []string, now time.Time) []Marker {
	var out []Marker
	seen := map[string]bool{}
	for _, m := range messages {
		c, ok := ContentKey(m)
		if !ok {
			continue
		}
		fp := Fingerprint(key, MarkerContent, []string{c})
		if seen[fp] {
			continue
		}
		seen[fp] = true
		out = append(out, Marker{ID: newMarkerID(), Kind: MarkerContent, KeyID: keyID, HMAC: fp, Created: now.UTC()})
		if len(out) == MaxContentMarkers {
			break
		}
	}
	return out
}

// addContent adds a content marker to the guard.
func (g *Guard) addContent(m Marker) {
	if g.contents[m.KeyID] == nil {
		g.contents[m.KeyID] = map[string]bool{}
	}
	g.contents[m.KeyID][m.HMAC] = true
}

// HasContent reports whether the guard holds content markers: whether
// a session's messages are worth reading for CopiesForgotten.
func (g *Guard) HasContent() bool { return len(g.contents) > 0 }

// ForgottenMessage reports whether a message is one of a forgotten
// session's (a content marker matches it): a message too short to be
// fingerprinted never is.
func (g *Guard) ForgottenMessage(text string) bool {
	if len(g.contents) == 0 {
		return false
	}
	c, ok := ContentKey(text)
	if !ok {
		return false
	}
	for keyID, set := range g.contents {
		if set[Fingerprint(g.keys[keyID], MarkerContent, []string{c})] {
			return true
		}
	}
	return false
}

// CopiesForgotten reports whether a session's messages are mostly those
// of a forgotten session: at least one matches and matching ones are at
// least half of those long enough to be fingerprinted. A session that
// repeats a sentence of a forgotten one is not a copy (its message is
// withheld from a dreamer, see ForgottenMessage); a transcript copied
// under a new id, even with messages added, is.
func (g *Guard) CopiesForgotten(messages []string) bool {
	if len(g.contents) == 0 {
		return false
	}
	eligible, matched := 0, 0
	for _, m := range messages {
		if _, ok := ContentKey(m); !ok {
			continue
		}
		eligible++
		if g.ForgottenMessage(m) {
			matched++
		}
	}
	return matched > 0 && 2*matched >= eligible
}
