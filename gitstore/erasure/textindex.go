package erasure

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math/bits"
)

// Version 3 text markers: sealed, length-free, indexed.
//
// A version 2 marker held HMAC(key, literal) and the literal's length:
// with the key beside it (it travelled in refs/memfs/meta) a short
// literal came back by brute force, and even without the key the length
// narrows every guess. A version 3 marker holds one 16-byte AES block
// under a key derived from the store key: the literal's keyed polynomial
// hash (below) and 8 bytes of its HMAC. Whoever lacks the key sees a
// pseudo-random block of fixed size: not the length, nothing to test a
// guess against.
//
// A guard holding the key opens each block once, when it is built, and
// indexes the markers by their polynomial hash. Checking text is then a
// walk over every run of consecutive tokens whose concatenation is at
// most MaxRunBytes long (a run of one token always counts): the hash of
// a run is the hash of the run one token shorter, times a power of the
// secret point, plus the hash of its last token, so each run costs one
// multiplication and one map lookup, whatever the number of markers and
// their lengths. A hit is confirmed by the HMAC, so a collision of the
// polynomial hash (probability about MaxRunBytes/2^61 per pair) never
// erases anything.
//
// A literal whose concatenation is longer than MaxRunBytes is marked by
// its leading tokens up to that many bytes (at least one token): the
// guard catches any text holding that beginning, as it is split in the
// literal.

// MaxRunBytes bounds the concatenation a version 3 marker fingerprints,
// and so the runs the guard hashes from each token.
const MaxRunBytes = 128

// textV3Domain separates version 3 fingerprints from the others.
const textV3Domain = MarkerText + "/3"

// polyPrime is the Mersenne prime 2^61-1, the field of the polynomial
// hash.
const polyPrime = 1<<61 - 1

func polyMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	r := (lo & polyPrime) + (lo>>61 | hi<<3)
	if r >= polyPrime {
		r -= polyPrime
	}
	return r
}

func polyAdd(a, b uint64) uint64 {
	r := a + b
	if r >= polyPrime {
		r -= polyPrime
	}
	return r
}

// sealer is what a store key derives for version 3 markers: the secret
// point of the polynomial hash, its powers up to MaxRunBytes, the block
// cipher that seals, and the HMAC that confirms.
type sealer struct {
	r     uint64
	pow   [MaxRunBytes + 1]uint64
	block cipher.Block
	mac   hash.Hash
	out   []byte
}

// newSealer derives the sealer of a key. It is not safe for concurrent
// use (the HMAC state is reused): a guard makes one per key and search.
func newSealer(key []byte) *sealer {
	derive := func(label string) []byte {
		m := hmac.New(sha256.New, key)
		m.Write([]byte("memfs " + textV3Domain + " " + label))
		return m.Sum(nil)
	}
	s := &sealer{mac: hmac.New(sha256.New, key)}
	s.r = binary.BigEndian.Uint64(derive("point")) % polyPrime
	if s.r < 2 {
		s.r += 2
	}
	s.pow[0] = 1
	for i := 1; i < len(s.pow); i++ {
		s.pow[i] = polyMul(s.pow[i-1], s.r)
	}
	// AES-256 never fails on a 32-byte key.
	s.block, _ = aes.NewCipher(derive("seal"))
	return s
}

// hashBytes is the polynomial hash of b: Σ (b[k]+1)·r^(len-1-k).
func (s *sealer) hashBytes(b string) uint64 {
	var h uint64
	for i := 0; i < len(b); i++ {
		h = polyAdd(polyMul(h, s.r), uint64(b[i])+1)
	}
	return h
}

// check is the first 8 bytes of HMAC(key, textV3Domain, concat).
func (s *sealer) check(concat []byte) uint64 {
	s.mac.Reset()
	s.mac.Write([]byte(textV3Domain))
	s.mac.Write([]byte{0x1f})
	s.mac.Write(concat)
	s.out = s.mac.Sum(s.out[:0])
	return binary.BigEndian.Uint64(s.out)
}

// seal returns the marker fingerprint of a concatenation: the sealed
// block of its hash and check, in hex.
func (s *sealer) seal(concat string) string {
	var in, out [aes.BlockSize]byte
	binary.BigEndian.PutUint64(in[:8], s.hashBytes(concat))
	binary.BigEndian.PutUint64(in[8:], s.check([]byte(concat)))
	s.block.Encrypt(out[:], in[:])
	return hex.EncodeToString(out[:])
}

// open returns the hash and check a fingerprint seals; ok is false when
// it is not a sealed block.
func (s *sealer) open(fp string) (h, check uint64, ok bool) {
	b, err := hex.DecodeString(fp)
	if err != nil || len(b) != aes.BlockSize {
		return 0, 0, false
	}
	var out [aes.BlockSize]byte
	s.block.Decrypt(out[:], b)
	h = binary.BigEndian.Uint64(out[:8])
	return h, binary.BigEndian.Uint64(out[8:]), h < polyPrime
}

// markedRun returns the concatenation a version 3 marker of a literal's
// tokens fingerprints: all of them when they fit in MaxRunBytes, else the
// leading tokens that do (at least one).
func markedRun(toks []string) string {
	var c []byte
	for i, t := range toks {
		if i > 0 && len(c)+len(t) > MaxRunBytes {
			break
		}
		c = append(c, t...)
	}
	return string(c)
}

// textIndex holds the version 3 markers under one key: their checks by
// polynomial hash, and the key's sealer (its point and powers only are
// read while matching; the HMAC is made anew by each search).
type textIndex struct {
	keyID  string
	key    []byte
	s      *sealer
	prints map[uint64][]uint64
	// filter has the bit hash%filterBits set for each hash of prints: a
	// run whose bit is clear (nearly all) costs no map lookup, and the
	// filter fits a core's cache whatever the number of markers.
	filter []uint64
}

// filterBits is the size of a textIndex's filter: 128 KiB, about 4% of
// its bits set by 40,000 markers.
const filterBits = 1 << 20

func newTextIndex(keyID string, key []byte) *textIndex {
	return &textIndex{keyID: keyID, key: key, s: newSealer(key), prints: map[uint64][]uint64{}, filter: make([]uint64, filterBits/64)}
}

// lookup returns the checks of the markers whose hash is h; the filter
// answers most misses without touching the map.
func (ti *textIndex) lookup(h uint64) ([]uint64, bool) {
	b := h % filterBits
	if ti.filter[b/64]&(1<<(b%64)) == 0 {
		return nil, false
	}
	checks, ok := ti.prints[h]
	return checks, ok
}

// add opens a version 3 fingerprint into the index; it reports whether
// the fingerprint was a sealed block.
func (ti *textIndex) add(fp string) bool {
	h, c, ok := ti.s.open(fp)
	if !ok {
		return false
	}
	if !contains(ti.prints[h], c) {
		ti.prints[h] = append(ti.prints[h], c)
	}
	b := h % filterBits
	ti.filter[b/64] |= 1 << (b % 64)
	return true
}

func contains(s []uint64, v uint64) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// each calls hit with every run [i, j) of toks that a marker of the index
// matches. It is safe for concurrent use.
func (ti *textIndex) each(toks []string, hit func(i, j int)) {
	if len(ti.prints) == 0 {
		return
	}
	s := ti.s
	th := make([]uint64, len(toks))
	for i, t := range toks {
		th[i] = s.hashBytes(t)
	}
	var confirm *sealer
	var buf []byte
	for i := range toks {
		var h uint64
		size := 0
		for j := i; j < len(toks); j++ {
			n := len(toks[j])
			if j > i && size+n > MaxRunBytes {
				break
			}
			if j == i {
				h = th[j]
			} else {
				h = polyAdd(polyMul(h, s.pow[n]), th[j])
			}
			size += n
			if checks, ok := ti.lookup(h); ok {
				buf = buf[:0]
				for _, t := range toks[i : j+1] {
					buf = append(buf, t...)
				}
				if confirm == nil {
					confirm = &sealer{mac: hmac.New(sha256.New, ti.key)}
				}
				if contains(checks, confirm.check(buf)) {
					hit(i, j+1)
				}
			}
			if size > MaxRunBytes {
				break
			}
		}
	}
}
