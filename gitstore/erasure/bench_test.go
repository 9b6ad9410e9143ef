package erasure

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// BenchmarkGuardContains checks a page of ordinary text against 40 and
// against 40,000 version 3 markers of literals of every length up to
// MaxRunBytes: the cost per token must not grow with their number or
// lengths (compare the two ns/op).
func BenchmarkGuardContains(b *testing.B) {
	key := []byte("0123456789abcdef0123456789abcdef")
	keys := map[string][]byte{"k1": key}
	rng := rand.New(rand.NewPCG(1, 2))
	// Text words come from a-m and digits, literal words hold an x, so
	// no marker matches and every run is hashed.
	word := func(letters string) string {
		w := make([]byte, 1+rng.IntN(9))
		for i := range w {
			w[i] = letters[rng.IntN(len(letters))]
		}
		return string(w)
	}
	var page strings.Builder
	for i := range 2000 {
		page.WriteString(word("abcdefghijklm0123456789"))
		if i%12 == 11 {
			page.WriteString(".\n")
		} else {
			page.WriteByte(' ')
		}
	}
	text := []byte(page.String())
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, n := range []int{40, 40000} {
		ms := make([]Marker, 0, n)
		for len(ms) < n {
			var lit []string
			for size := 0; size < 1+rng.IntN(MaxRunBytes); {
				w := word("abcdefghijklmnopqrstuvwyz0123456789") + "x"
				lit = append(lit, w)
				size += len(w)
			}
			m, err := MarkText("k1", key, strings.Join(lit, " "), now)
			if err != nil {
				b.Fatal(err)
			}
			ms = append(ms, m)
		}
		g := NewGuard(keys, ms)
		b.Run(fmt.Sprintf("markers=%d", n), func(b *testing.B) {
			for b.Loop() {
				if g.ErasedContent(text) {
					b.Fatal("random text matched a random marker")
				}
			}
		})
	}
}
