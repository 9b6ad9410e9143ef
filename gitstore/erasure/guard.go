package erasure

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"maps"
	"slices"
	"strings"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Guard checks content and citations against the store's markers under
// every key of the keyring. It implements validate.Guard, and
// wiki.LegacyMatcher so that an eraser strips what it refuses. It is
// immutable and safe for concurrent use.
type Guard struct {
	keys     map[string][]byte
	sessions map[string]map[string]bool // key id → fingerprints
	pages    map[string]map[string]bool // key id → fingerprints
	contents map[string]map[string]bool // key id → fingerprints of forgotten sessions' messages
	windows  map[int]keyedPrints        // version 1 text: ntokens → prints
	runs     map[int]keyedPrints        // version 2 text: length → prints
	lengths  []int                      // the keys of runs, ascending
	span     int                        // the longest match, in tokens
	span1    int                        // the largest ntokens
	texts    []*textIndex               // version 3 text, by key id
	epoch    string
	markers  int // how many markers it was built from
	// unchecked counts the markers under keys this guard does not hold.
	unchecked     int
	uncheckedKeys []string
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
	g := &Guard{keys: keys, sessions: map[string]map[string]bool{}, pages: map[string]map[string]bool{}, contents: map[string]map[string]bool{},
		windows: map[int]keyedPrints{}, runs: map[int]keyedPrints{}, markers: len(markers)}
	ids := make([]string, 0, len(markers))
	prints := map[string]map[string]bool{}
	texts := map[string]*textIndex{}
	missing := map[string]bool{}
	for _, m := range markers {
		if _, ok := keys[m.KeyID]; !ok {
			g.unchecked++
			missing[m.KeyID] = true
			continue
		}
		if schemaMarker(m, keys, prints) {
			continue
		}
		ids = append(ids, m.ID)
		switch m.Kind {
		case MarkerSession:
			if g.sessions[m.KeyID] == nil {
				g.sessions[m.KeyID] = map[string]bool{}
			}
			g.sessions[m.KeyID][m.HMAC] = true
		case MarkerContent:
			g.addContent(m)
		case MarkerPage:
			if g.pages[m.KeyID] == nil {
				g.pages[m.KeyID] = map[string]bool{}
			}
			g.pages[m.KeyID][m.HMAC] = true
		case MarkerText:
			if m.Version == TextMarkerV3 {
				ti := texts[m.KeyID]
				if ti == nil {
					ti = newTextIndex(m.KeyID, keys[m.KeyID])
					texts[m.KeyID] = ti
				}
				if ti.add(m.HMAC) {
					// A run of at most MaxRunBytes has at most that many
					// tokens (a longer run is one token).
					g.span = max(g.span, MaxRunBytes)
				}
				continue
			}
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
	for _, id := range slices.Sorted(maps.Keys(texts)) {
		g.texts = append(g.texts, texts[id])
	}
	g.uncheckedKeys = slices.Sorted(maps.Keys(missing))
	slices.Sort(g.lengths)
	g.span = max(g.span, g.span1)
	slices.Sort(ids)
	sum := sha256.Sum256([]byte(strings.Join(ids, ",")))
	g.epoch = hex.EncodeToString(sum[:8])
	return g
}

// Unchecked returns how many markers the guard could not check, because
// the store does not hold their keys, and the ids of those keys. Such a
// store cannot tell forgotten content from the rest: see Store.Guard.
func (g *Guard) Unchecked() (int, []string) { return g.unchecked, slices.Clone(g.uncheckedKeys) }

// Empty reports whether the guard was built from no marker at all: the
// store it came from never forgot anything, and it refuses nothing.
func (g *Guard) Empty() bool { return g.markers == 0 }

// Epoch changes whenever the set of markers does.
func (g *Guard) Epoch() string { return g.epoch }

// ErasedSession reports whether a session id was forgotten.
func (g *Guard) ErasedSession(id string) bool {
	for keyID, set := range g.sessions {
		if set[Fingerprint(g.keys[keyID], MarkerSession, []string{id})] {
			return true
		}
	}
	return false
}

// ErasedPage reports whether a page path was forgotten.
func (g *Guard) ErasedPage(path string) bool {
	for keyID, set := range g.pages {
		if set[Fingerprint(g.keys[keyID], MarkerPage, []string{path})] {
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
// marker under keyID matches: (when runs is set) the runs a version 3
// marker seals, the windows a version 1 marker fingerprints, then (when
// runs is set) the runs whose concatenation a version 2 marker
// fingerprints. hit returns whether to look for further
// keys matching the same run.
func (g *Guard) eachMatch(toks []string, runs bool, hit func(i, j int, keyID string) bool) {
	if runs {
		for _, ti := range g.texts {
			ti.each(toks, func(i, j int) { hit(i, j, ti.keyID) })
		}
	}
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

// fingerprint is Fingerprint(key, domain, parts) as an array, for the
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

// sum is Fingerprint(key, domain, []string{string(b)}) as an array.
func (hs *hashers) sum(keyID, domain string, b []byte) [sha256.Size]byte {
	hs.msg = append(append(append(hs.msg[:0], domain...), 0x1f), b...)
	return hs.fingerprint(keyID)
}

// windowSum is Fingerprint(key, MarkerText, toks) as an array.
func (hs *hashers) windowSum(keyID string, toks []string) [sha256.Size]byte {
	hs.msg = append(hs.msg[:0], MarkerText...)
	for _, t := range toks {
		hs.msg = append(append(hs.msg, 0x1f), t...)
	}
	return hs.fingerprint(keyID)
}
