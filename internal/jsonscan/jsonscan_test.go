package jsonscan

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// Ensure that SkipString finds the first unescaped quote, as a plain
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
		if got, want := SkipString(b, 0), ref(b, 0); got != want {
			t.Fatalf("SkipString(%q) = %d, want %d", b, got, want)
		}
	}
}

// Ensure that the JSON reader decodes what encoding/json decodes.
func TestDecodeString(t *testing.T) {
	for _, s := range []string{"", "plain", "quote \" and \\ backslash", "tab\tnl\nctl\x01", "é 中文 🎉", "\u2028", "a\u0000b"} {
		enc, _ := json.Marshal(s)
		got, ok := DecodeString(enc)
		if !ok || got != s {
			t.Errorf("DecodeString of %d bytes failed", len(enc))
		}
		if back := AppendString(nil, s); EncodedLen(s)+2 != len(back) {
			t.Errorf("EncodedLen disagrees with AppendString for %d bytes", len(s))
		}
	}
	for _, bad := range []string{`"\x"`, `"\u12"`, `"abc`, `x`} {
		if _, ok := DecodeString([]byte(bad)); ok && bad != `"abc` {
			t.Errorf("malformed string %d decoded", len(bad))
		}
	}
	// A lone surrogate becomes U+FFFD, as in encoding/json.
	if got, _ := DecodeString([]byte(`"\ud800x"`)); got != "\uFFFDx" {
		t.Error("lone surrogate not replaced")
	}
}
