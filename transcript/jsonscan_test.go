package transcript

import (
	"math/rand/v2"
	"testing"
)

// Ensure that skipString finds the first unescaped quote, as a plain
// byte-by-byte reading does, wherever quotes and escapes fall relative to
// its word-at-a-time prefix.
func TestSkipString(t *testing.T) {
	ref := func(b []byte, i int) int {
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return -1
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'a', 'b', '"', '\\', 0xe9, 0x80, 'n'}
	for n := 0; n < 20000; n++ {
		b := make([]byte, 1+rng.IntN(160))
		b[0] = '"'
		for k := 1; k < len(b); k++ {
			if rng.IntN(4) == 0 {
				b[k] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[k] = 'a' + byte(rng.IntN(26))
			}
		}
		if got, want := skipString(b, 0), ref(b, 0); got != want {
			t.Fatalf("skipString(%q) = %d, want %d", b, got, want)
		}
	}
}
