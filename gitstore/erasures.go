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
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Erasure markers. A marker is a content-free fingerprint of something
// forgotten: HMAC-SHA256 under a store key of a session id, or of the
// normalized tokens of a literal (wiki.Tokens) with their count, so the
// guard can slide windows of that many tokens over new content and catch
// the literal inside any text without storing it. Markers live in
// refs/memfs/erasures: an append-only chain of commits whose single file,
// erasures.jsonl, holds every marker so far, one JSON object a line.

// Marker kinds.
const (
	MarkerSession = "session"
	MarkerText    = "text"
	MarkerPage    = "page"
)

const erasuresFile = "erasures.jsonl"

// Marker is one erasure marker.
type Marker struct {
	ID      string    `json:"id"`
	Kind    string    `json:"kind"`
	KeyID   string    `json:"key_id"`
	HMAC    string    `json:"hmac"`
	NTokens int       `json:"ntokens,omitempty"`
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

// MarkText returns the marker of a literal under the key.
func MarkText(keyID string, key []byte, literal string, now time.Time) (Marker, error) {
	toks := wiki.Tokens(literal)
	if len(toks) == 0 {
		return Marker{}, ErrNothingToMark
	}
	return Marker{ID: newMarkerID(), Kind: MarkerText, KeyID: keyID, HMAC: fingerprint(key, MarkerText, toks),
		NTokens: len(toks), Created: now.UTC()}, nil
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
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return nil, "", err
	}
	meta, err := parseMeta(snap)
	if err != nil {
		return nil, "", err
	}
	keys, err := keysOf(snap)
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
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return nil, err
	}
	b, err := snap.ReadFile(erasuresFile)
	if err != nil {
		return nil, fmt.Errorf("read erasure markers: %w", err)
	}
	return parseMarkers(b)
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

// markersCommit writes the commit that adds ms to the marker chain and
// returns the chain's current head and the new commit (equal to it when
// every marker is already there). The caller holds the store lock.
func (s *Store) markersCommit(ctx context.Context, ms []Marker) (old, commit ID, err error) {
	have, err := s.Markers(ctx)
	if err != nil {
		return ID{}, ID{}, err
	}
	seen := map[string]bool{}
	var buf bytes.Buffer
	for _, m := range have {
		seen[m.Kind+m.KeyID+m.HMAC] = true
		line, _ := json.Marshal(m)
		buf.Write(append(line, '\n'))
	}
	added := 0
	for _, m := range ms {
		if seen[m.Kind+m.KeyID+m.HMAC] {
			continue
		}
		seen[m.Kind+m.KeyID+m.HMAC] = true
		line, _ := json.Marshal(m)
		buf.Write(append(line, '\n'))
		added++
	}
	old, err = s.readRef(ErasuresRef)
	if err != nil && !errors.Is(err, plumbing.ErrReferenceNotFound) {
		return ID{}, ID{}, err
	}
	if added == 0 {
		return old, old, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	blob, err := s.writeBlob(buf.Bytes())
	var tree ID
	if err == nil {
		tree, err = s.writeTree([]object.TreeEntry{{Name: erasuresFile, Mode: filemode.Regular, Hash: blob}})
	}
	if err == nil {
		var parents []plumbing.Hash
		if !old.IsZero() {
			parents = []plumbing.Hash{old}
		}
		commit, err = s.writeCommit(tree, parents, fmt.Sprintf("memfs erasure markers: %d added\n", added))
	}
	return old, commit, err
}

// Guard checks content and citations against the store's markers under
// every key of the keyring. It implements validate.Guard.
type Guard struct {
	keys     map[string][]byte
	sessions map[string]map[string]bool         // key id → fingerprints
	pages    map[string]map[string]bool         // key id → fingerprints
	text     map[int]map[string]map[string]bool // ntokens → key id → fingerprints
	span     int                                // the largest ntokens
	epoch    string
}

// Interface check for Guard.
var _ validate.Guard = (*Guard)(nil)

// NewGuard builds a guard over markers; markers under unknown keys are
// ignored (they cannot be checked here).
func NewGuard(keys map[string][]byte, markers []Marker) *Guard {
	g := &Guard{keys: keys, sessions: map[string]map[string]bool{}, pages: map[string]map[string]bool{}, text: map[int]map[string]map[string]bool{}}
	ids := make([]string, 0, len(markers))
	for _, m := range markers {
		if _, ok := keys[m.KeyID]; !ok {
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
			if m.NTokens <= 0 {
				continue
			}
			g.span = max(g.span, m.NTokens)
			if g.text[m.NTokens] == nil {
				g.text[m.NTokens] = map[string]map[string]bool{}
			}
			if g.text[m.NTokens][m.KeyID] == nil {
				g.text[m.NTokens][m.KeyID] = map[string]bool{}
			}
			g.text[m.NTokens][m.KeyID][m.HMAC] = true
		}
	}
	slices.Sort(ids)
	sum := sha256.Sum256([]byte(strings.Join(ids, ",")))
	g.epoch = hex.EncodeToString(sum[:8])
	return g
}

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

// Matches returns the token windows of toks that a text marker matches,
// as [start, end) ranges: Guard is a wiki.Matcher, so content can be
// stripped of forgotten literals that only their fingerprints name.
func (g *Guard) Matches(toks []string) [][2]int {
	var out [][2]int
	for n, byKey := range g.text {
		for i := 0; i+n <= len(toks); i++ {
			for keyID, set := range byKey {
				if set[fingerprint(g.keys[keyID], MarkerText, toks[i:i+n])] {
					out = append(out, [2]int{i, i + n})
					break
				}
			}
		}
	}
	return out
}

// Span is the longest text marker, in tokens.
func (g *Guard) Span() int { return g.span }

// ErasedContent reports whether content holds a forgotten literal: every
// window of a marker's token count is fingerprinted and looked up.
func (g *Guard) ErasedContent(content []byte) bool {
	if len(g.text) == 0 {
		return false
	}
	toks := wiki.Tokens(string(content))
	for n, byKey := range g.text {
		for i := 0; i+n <= len(toks); i++ {
			for keyID, set := range byKey {
				if set[fingerprint(g.keys[keyID], MarkerText, toks[i:i+n])] {
					return true
				}
			}
		}
	}
	return false
}

// Guard returns the store's erasure guard, or nil when nothing was ever
// forgotten.
func (s *Store) Guard(ctx context.Context) (*Guard, error) {
	markers, err := s.Markers(ctx)
	if err != nil || len(markers) == 0 {
		return nil, err
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
