package erasure

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/memfs/memfs/wiki"
)

// Erasure markers. A marker is a content-free fingerprint of something
// forgotten, under a store key that never leaves the user's replicas: an
// HMAC-SHA256 of a session id or a page path, or a sealed block of a
// literal, so the guard can catch the literal inside any new text
// without storing it. A text marker of version 3 (MarkText writes these)
// seals the concatenation of the literal's tokens (wiki.Tokens) without
// its length (textindex.go). A text marker of version 2 (written before)
// fingerprints the concatenation of the literal's tokens (wiki.Tokens)
// with its length in bytes: the guard hashes every run of consecutive
// tokens whose concatenation has that length, so the literal is caught
// whatever separates its parts (see wiki.LiteralMatcher). A text marker of
// version 1 (no version field; written before) fingerprints the
// literal's tokens under the normalization of the time
// (wiki.LegacyTokens) with their count: the guard slides windows of that
// many tokens over new content, in those tokens and in today's. Markers
// live in refs/memfs/erasures: an append-only chain of commits whose
// single file, erasures.jsonl, holds every marker so far, one JSON object
// a line.

// Marker kinds.
const (
	MarkerSession = "session"
	MarkerText    = "text"
	MarkerPage    = "page"
)

// Text marker versions.
const (
	// TextMarkerV1 fingerprints wiki.LegacyTokens of a literal; NTokens
	// counts them. Markers written before versions existed have no
	// version field, which reads as 0 and means this.
	TextMarkerV1 = 1
	// TextMarkerV2 fingerprints the concatenation of wiki.Tokens of a
	// literal; Length is its length in bytes.
	TextMarkerV2 = 2
	// TextMarkerV3 seals the concatenation of wiki.Tokens of a literal
	// (at most MaxRunBytes of it) without its length: see textindex.go.
	TextMarkerV3 = 3
)

// textV2Domain separates the fingerprints of version 2 text markers from
// those of version 1.
const textV2Domain = MarkerText + "/2"

// Marker is one erasure marker.
type Marker struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	KeyID string `json:"key_id"`
	HMAC  string `json:"hmac"`
	// Version is the text marker version (TextMarkerV1 when 0).
	Version int `json:"version,omitempty"`
	// NTokens is the token count of a version 1 text marker.
	NTokens int `json:"ntokens,omitempty"`
	// Length is the length in bytes of the normalized concatenation of a
	// version 2 text marker.
	Length  int       `json:"length,omitempty"`
	Created time.Time `json:"created"`
}

// Identity is what makes two markers the same marker: kind, key and
// fingerprint (its id and dates may differ between replicas).
func (m Marker) Identity() string { return m.Kind + "\x00" + m.KeyID + "\x00" + m.HMAC }

// Fingerprint is the HMAC-SHA256 under key of a marker's domain (its kind,
// or a kind with a version) and parts, each part after a 0x1f, in hex:
// the fingerprint every marker, and ErasedName, is made of.
func Fingerprint(key []byte, kind string, parts []string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(kind))
	for _, p := range parts {
		m.Write([]byte{0x1f})
		m.Write([]byte(p))
	}
	return hex.EncodeToString(m.Sum(nil))
}

func newMarkerID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// MarkText returns the marker of a literal under the key: a version 3
// text marker of the literal's tokens in the reader's view
// (wiki.ReaderTokens), which tells nothing of the literal, not even its
// length, to whoever lacks the key. The guard matches it in that view of
// new text as well as in its Tokens (for a literal of ASCII letters and
// digits the two are the same).
func MarkText(keyID string, key []byte, literal string, now time.Time) (Marker, error) {
	c := markedRun(wiki.ReaderTokens(literal))
	if c == "" {
		return Marker{}, ErrNothingToMark
	}
	return Marker{ID: newMarkerID(), Kind: MarkerText, KeyID: keyID, HMAC: newSealer(key).seal(c),
		Version: TextMarkerV3, Created: now.UTC()}, nil
}

// MarkSession returns the marker of a session id under the key.
func MarkSession(keyID string, key []byte, session string, now time.Time) Marker {
	return Marker{ID: newMarkerID(), Kind: MarkerSession, KeyID: keyID, HMAC: Fingerprint(key, MarkerSession, []string{session}),
		Created: now.UTC()}
}

// MarkPage returns the marker of a page path under the key: the page may
// not be published at that path again.
func MarkPage(keyID string, key []byte, path string, now time.Time) Marker {
	return Marker{ID: newMarkerID(), Kind: MarkerPage, KeyID: keyID, HMAC: Fingerprint(key, MarkerPage, []string{path}),
		Created: now.UTC()}
}

// ValidKeyID reports whether s is a legal key id: 1 to 64 hex digits.
func ValidKeyID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// ParseMarkers reads the markers file of refs/memfs/erasures: one JSON
// object a line.
func ParseMarkers(b []byte) ([]Marker, error) {
	var out []Marker
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var m Marker
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return nil, fmt.Errorf("read erasure markers: %w", err)
		}
		if m.Kind == "" || m.HMAC == "" || m.KeyID == "" {
			return nil, errors.New("read erasure markers: a marker lacks kind, key or fingerprint")
		}
		out = append(out, m)
	}
	return out, sc.Err()
}

// ErasedName returns the new name of a path segment that held forgotten
// text: "erased-" and a keyed hash of the segment's old path, so equal
// markers give equal names in every store and the name tells nothing of
// the old one to whoever lacks the key.
func ErasedName(key []byte, oldPath string) string {
	return "erased-" + Fingerprint(key, "path", []string{oldPath})[:12]
}
