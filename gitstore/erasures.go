package gitstore

import (
	"bufio"
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Erasure markers. A marker is a content-free fingerprint of something
// forgotten: HMAC-SHA256 under a store key of a session id, a page path,
// or a literal, so the guard can catch the literal inside any new text
// without storing it. A text marker of version 2 (MarkText writes these)
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

const erasuresFile = "erasures.jsonl"

// Text marker versions.
const (
	// TextMarkerV1 fingerprints wiki.LegacyTokens of a literal; NTokens
	// counts them. Markers written before versions existed have no
	// version field, which reads as 0 and means this.
	TextMarkerV1 = 1
	// TextMarkerV2 fingerprints the concatenation of wiki.Tokens of a
	// literal; Length is its length in bytes.
	TextMarkerV2 = 2
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

func fingerprint(key []byte, kind string, parts []string) string {
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

// MarkText returns the marker of a literal under the key: a version 2
// text marker.
func MarkText(keyID string, key []byte, literal string, now time.Time) (Marker, error) {
	c := strings.Join(wiki.Tokens(literal), "")
	if c == "" {
		return Marker{}, ErrNothingToMark
	}
	return Marker{ID: newMarkerID(), Kind: MarkerText, KeyID: keyID, HMAC: fingerprint(key, textV2Domain, []string{c}),
		Version: TextMarkerV2, Length: len(c), Created: now.UTC()}, nil
}

// MarkSession returns the marker of a session id under the key.
func MarkSession(keyID string, key []byte, session string, now time.Time) Marker {
	return Marker{ID: newMarkerID(), Kind: MarkerSession, KeyID: keyID, HMAC: fingerprint(key, MarkerSession, []string{session}),
		Created: now.UTC()}
}

// MarkPage returns the marker of a page path under the key: the page may
// not be published at that path again.
func MarkPage(keyID string, key []byte, path string, now time.Time) Marker {
	return Marker{ID: newMarkerID(), Kind: MarkerPage, KeyID: keyID, HMAC: fingerprint(key, MarkerPage, []string{path}),
		Created: now.UTC()}
}

// Keyring returns every marker key the store holds (its own and those
// received from other stores) by key id, and the store's own key id.
func (s *Store) Keyring(ctx context.Context) (map[string][]byte, string, error) {
	h, err := s.readRef(MetaRef)
	if err != nil {
		return nil, "", err
	}
	keys, err := s.keyringAt(ctx, h)
	if err != nil {
		return nil, "", err
	}
	meta, err := s.Meta(ctx)
	if err != nil {
		return nil, "", err
	}
	return keys, meta.KeyID, nil
}

// keysOf reads the keyring of a meta commit's tree: keys/<key id>.
func keysOf(snap *Snapshot) (map[string][]byte, error) {
	keys := map[string][]byte{}
	dir := snap.Lookup("keys")
	if dir == nil {
		return nil, errors.New("store meta has no keys")
	}
	for _, n := range dir.Children {
		b, err := n.Content()
		if err != nil {
			return nil, err
		}
		k, err := hex.DecodeString(strings.TrimSpace(string(b)))
		if err != nil || len(k) < 16 || !validKeyID(n.Name) {
			return nil, fmt.Errorf("store key %s is malformed", n.Name)
		}
		keys[n.Name] = k
	}
	return keys, nil
}

func validKeyID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// Markers returns every erasure marker of the store.
func (s *Store) Markers(ctx context.Context) ([]Marker, error) {
	h, err := s.readRef(ErasuresRef)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.markersAt(ctx, h)
}

// parseMarkers reads erasures.jsonl.
func parseMarkers(b []byte) ([]Marker, error) {
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

// AppendMarkers adds markers to refs/memfs/erasures with a new commit.
// Markers already present (same kind, key and fingerprint) are skipped.
func (s *Store) AppendMarkers(ctx context.Context, ms []Marker) error {
	unlock, err := s.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	old, commit, err := s.markersCommit(ctx, ms)
	if err != nil || commit == old {
		return err
	}
	return s.casRef(ErasuresRef, old, commit)
}

// markersCommit writes the canonical commit of the store's markers and
// ms (see meta.go) and returns the marker ref's current head and that
// commit (equal to it when every marker is already there and the head is
// canonical). The caller holds the store lock.
func (s *Store) markersCommit(ctx context.Context, ms []Marker) (old, commit ID, err error) {
	have, err := s.Markers(ctx)
	if err != nil {
		return ID{}, ID{}, err
	}
	old, err = s.readRef(ErasuresRef)
	if err != nil && !errors.Is(err, plumbing.ErrReferenceNotFound) {
		return ID{}, ID{}, err
	}
	if subsetMarkers(ms, have) && !old.IsZero() {
		// Nothing new: keep the head as it is (Canonicalize migrates it).
		return old, old, nil
	}
	commit, err = s.markersCommitOf(have, ms)
	return old, commit, err
}

// Guard checks content and citations against the store's markers under
// every key of the keyring. It implements validate.Guard, and
// wiki.LegacyMatcher so that an eraser strips what it refuses. It is
// immutable and safe for concurrent use.
type Guard struct {
	keys     map[string][]byte
	sessions map[string]map[string]bool // key id → fingerprints
	pages    map[string]map[string]bool // key id → fingerprints
	windows  map[int]keyedPrints        // version 1 text: ntokens → prints
	runs     map[int]keyedPrints        // version 2 text: length → prints
	lengths  []int                      // the keys of runs, ascending
	span     int                        // the longest match, in tokens
	span1    int                        // the largest ntokens
	epoch    string
	markers  int // how many markers it was built from
}

// keyedPrints holds text fingerprints by key id.
type keyedPrints map[string]map[[sha256.Size]byte]bool

func (kp keyedPrints) add(keyID string, sum [sha256.Size]byte) {
	if kp[keyID] == nil {
		kp[keyID] = map[[sha256.Size]byte]bool{}
	}
	kp[keyID][sum] = true
}

// Interface checks for Guard.
var (
	_ validate.Guard     = (*Guard)(nil)
	_ wiki.LegacyMatcher = (*Guard)(nil)
)

// NewGuard builds a guard over markers; markers under unknown keys, text
// markers of unknown versions and malformed fingerprints are ignored
// (they cannot be checked here), and so are text markers of memfs's own
// vocabulary (schemaPhrases), which would refuse what memfs writes.
func NewGuard(keys map[string][]byte, markers []Marker) *Guard {
	g := &Guard{keys: keys, sessions: map[string]map[string]bool{}, pages: map[string]map[string]bool{},
		windows: map[int]keyedPrints{}, runs: map[int]keyedPrints{}, markers: len(markers)}
	ids := make([]string, 0, len(markers))
	prints := map[string]map[string]bool{}
	for _, m := range markers {
		if _, ok := keys[m.KeyID]; !ok || schemaMarker(m, keys, prints) {
			continue
		}
		ids = append(ids, m.ID)
		switch m.Kind {
		case MarkerSession:
			if g.sessions[m.KeyID] == nil {
				g.sessions[m.KeyID] = map[string]bool{}
			}
			g.sessions[m.KeyID][m.HMAC] = true
		case MarkerPage:
			if g.pages[m.KeyID] == nil {
				g.pages[m.KeyID] = map[string]bool{}
			}
			g.pages[m.KeyID][m.HMAC] = true
		case MarkerText:
			var sum [sha256.Size]byte
			b, err := hex.DecodeString(m.HMAC)
			if err != nil || len(b) != len(sum) {
				continue
			}
			copy(sum[:], b)
			switch {
			case (m.Version == 0 || m.Version == TextMarkerV1) && m.NTokens > 0:
				if g.windows[m.NTokens] == nil {
					g.windows[m.NTokens] = keyedPrints{}
				}
				g.windows[m.NTokens].add(m.KeyID, sum)
				g.span1 = max(g.span1, m.NTokens)
			case m.Version == TextMarkerV2 && m.Length > 0:
				if g.runs[m.Length] == nil {
					g.runs[m.Length] = keyedPrints{}
					g.lengths = append(g.lengths, m.Length)
				}
				g.runs[m.Length].add(m.KeyID, sum)
				// Tokens are never empty, so a run of Length bytes has
				// at most Length tokens.
				g.span = max(g.span, m.Length)
			}
		}
	}
	slices.Sort(g.lengths)
	g.span = max(g.span, g.span1)
	slices.Sort(ids)
	sum := sha256.Sum256([]byte(strings.Join(ids, ",")))
	g.epoch = hex.EncodeToString(sum[:8])
	return g
}

// Empty reports whether the guard was built from no marker at all: the
// store it came from never forgot anything, and it refuses nothing.
func (g *Guard) Empty() bool { return g.markers == 0 }

// Epoch changes whenever the set of markers does.
func (g *Guard) Epoch() string { return g.epoch }

// ErasedSession reports whether a session id was forgotten.
func (g *Guard) ErasedSession(id string) bool {
	for keyID, set := range g.sessions {
		if set[fingerprint(g.keys[keyID], MarkerSession, []string{id})] {
			return true
		}
	}
	return false
}

// ErasedPage reports whether a page path was forgotten.
func (g *Guard) ErasedPage(path string) bool {
	for keyID, set := range g.pages {
		if set[fingerprint(g.keys[keyID], MarkerPage, []string{path})] {
			return true
		}
	}
	return false
}

// Matches returns the token runs of toks (from wiki.Tokens) that a text
// marker matches, as [start, end) ranges: the runs whose concatenation a
// version 2 marker fingerprints, and the windows a version 1 marker
// fingerprints (a literal written in ASCII is caught in its look-alikes
// this way too). Guard is a wiki.Matcher, so content can be stripped of
// forgotten literals that only their fingerprints name.
func (g *Guard) Matches(toks []string) [][2]int {
	var out [][2]int
	g.eachMatch(toks, true, func(i, j int, _ string) bool {
		out = append(out, [2]int{i, j})
		return false
	})
	return out
}

// eachMatch calls hit with each token run [i, j) of toks that a text
// marker under keyID matches: the windows a version 1 marker
// fingerprints, then (when runs is set) the runs whose concatenation a
// version 2 marker fingerprints. hit returns whether to look for further
// keys matching the same run.
func (g *Guard) eachMatch(toks []string, runs bool, hit func(i, j int, keyID string) bool) {
	hs := g.newHashers()
	for n, byKey := range g.windows {
		for i := 0; i+n <= len(toks); i++ {
			for keyID, set := range byKey {
				if set[hs.windowSum(keyID, toks[i:i+n])] && !hit(i, i+n, keyID) {
					break
				}
			}
		}
	}
	if !runs || len(g.lengths) == 0 {
		return
	}
	longest := g.lengths[len(g.lengths)-1]
	var buf []byte
	for i := range toks {
		size, k := 0, 0
		for j := i; j < len(toks) && size < longest; j++ {
			size += len(toks[j])
			for k < len(g.lengths) && g.lengths[k] < size {
				k++
			}
			if k == len(g.lengths) {
				break
			}
			if g.lengths[k] != size {
				continue
			}
			buf = buf[:0]
			for _, t := range toks[i : j+1] {
				buf = append(buf, t...)
			}
			for keyID, set := range g.runs[size] {
				if set[hs.sum(keyID, textV2Domain, buf)] && !hit(i, j+1, keyID) {
					break
				}
			}
		}
	}
}

// Span is the longest match, in tokens: the largest ntokens of a version 1
// marker or length of a version 2 marker.
func (g *Guard) Span() int { return g.span }

// Legacy returns the matcher of the version 1 markers over
// wiki.LegacyTokens, the tokens they were made of, or nil when there are
// none.
func (g *Guard) Legacy() wiki.Matcher {
	if g.span1 == 0 {
		return nil
	}
	return legacyGuard{g}
}

// legacyGuard matches the version 1 markers of a guard.
type legacyGuard struct{ g *Guard }

func (lg legacyGuard) Matches(toks []string) [][2]int {
	var out [][2]int
	lg.g.eachMatch(toks, false, func(i, j int, _ string) bool {
		out = append(out, [2]int{i, j})
		return false
	})
	return out
}

func (lg legacyGuard) Span() int { return lg.g.span1 }

// ErasedContent reports whether content holds a forgotten literal:
// wiki.ContainsMatch with the guard, so exactly what an eraser with the
// guard strips.
func (g *Guard) ErasedContent(content []byte) bool {
	return wiki.ContainsMatch(content, g)
}

// hashers computes text fingerprints under each key, reusing one HMAC
// per key and one buffer for the message. A guard makes new ones for
// each search, so searches can run concurrently.
type hashers struct {
	keys map[string][]byte
	h    map[string]hash.Hash
	msg  []byte
	out  []byte
}

func (g *Guard) newHashers() *hashers {
	return &hashers{keys: g.keys, h: map[string]hash.Hash{}}
}

// fingerprint is fingerprint(key, domain, parts) as an array, for the
// message already in hs.msg.
func (hs *hashers) fingerprint(keyID string) (sum [sha256.Size]byte) {
	h := hs.h[keyID]
	if h == nil {
		h = hmac.New(sha256.New, hs.keys[keyID])
		hs.h[keyID] = h
	}
	h.Reset()
	h.Write(hs.msg)
	hs.out = h.Sum(hs.out[:0])
	copy(sum[:], hs.out)
	return sum
}

// sum is fingerprint(key, domain, []string{string(b)}) as an array.
func (hs *hashers) sum(keyID, domain string, b []byte) [sha256.Size]byte {
	hs.msg = append(append(append(hs.msg[:0], domain...), 0x1f), b...)
	return hs.fingerprint(keyID)
}

// windowSum is fingerprint(key, MarkerText, toks) as an array.
func (hs *hashers) windowSum(keyID string, toks []string) [sha256.Size]byte {
	hs.msg = append(hs.msg[:0], MarkerText...)
	for _, t := range toks {
		hs.msg = append(append(hs.msg, 0x1f), t...)
	}
	return hs.fingerprint(keyID)
}

// Guard returns the store's erasure guard; an empty guard (Empty) that
// refuses nothing when nothing was ever forgotten. It is never nil
// without an error.
func (s *Store) Guard(ctx context.Context) (*Guard, error) {
	markers, err := s.Markers(ctx)
	if err != nil {
		return nil, err
	}
	if len(markers) == 0 {
		return NewGuard(nil, nil), nil
	}
	keys, _, err := s.Keyring(ctx)
	if err != nil {
		return nil, err
	}
	return NewGuard(keys, markers), nil
}

// MarkersHead returns the head of refs/memfs/erasures, zero when nothing
// was ever forgotten. It moves exactly when markers are added: a mount
// watches it to learn of a forget.
func (s *Store) MarkersHead(ctx context.Context) (ID, error) {
	h, err := s.readRef(ErasuresRef)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return ID{}, ctx.Err()
	}
	return h, err
}
