package objfile

import (
	"bytes"
	stdflate "compress/flate"
	stdzlib "compress/zlib"
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/klauspost/compress/zlib"
)

// zlibStream compresses content with compress/zlib at level.
func zlibStream(t testing.TB, content []byte, level int) []byte {
	var b bytes.Buffer
	zw, err := stdzlib.NewWriterLevel(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(content)
	zw.Close()
	return b.Bytes()
}

// testContents are contents that exercise every block kind: empty,
// stored, fixed and dynamic codes, long matches, short distances and
// binary data.
func testContents() map[string][]byte {
	r := rand.New(rand.NewPCG(3, 4))
	random := make([]byte, 70000)
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	skewed := make([]byte, 50000)
	for i := range skewed {
		// Geometric symbol frequencies give codes longer than the
		// primary table's bits.
		skewed[i] = byte(bitsLen(r.Uint32()))
	}
	text := benchPages(3, 20000)
	return map[string][]byte{
		"empty":  nil,
		"byte":   []byte("x"),
		"short":  []byte("hello, world\n"),
		"runs":   bytes.Repeat([]byte("a"), 100000),
		"period": bytes.Repeat([]byte("abcdefg"), 5000),
		"random": random,
		"skewed": skewed,
		"text":   append(append(text[0].Content, text[1].Content...), text[2].Content...),
	}
}

func bitsLen(v uint32) int {
	n := 0
	for v&1 == 1 {
		n++
		v >>= 1
	}
	return n
}

// Ensure that the whole-buffer inflater decodes what zlib encoders write
// at every level, into a buffer of exactly the content's size.
func TestInflateZlibMatchesEncoders(t *testing.T) {
	levels := []int{stdflate.NoCompression, stdflate.BestSpeed, 3, stdflate.DefaultCompression, stdflate.BestCompression, stdflate.HuffmanOnly}
	for name, content := range testContents() {
		for _, level := range levels {
			stream := zlibStream(t, content, level)
			// Trailing bytes (the next pack entry) are ignored.
			stream = append(stream, 0xde, 0xad, 0xbe, 0xef)
			got, err := inflateZlib(stream, int64(len(content)), nil)
			if err != nil || !bytes.Equal(got, content) {
				t.Fatalf("%s at level %d: %d bytes, %v; want %d bytes", name, level, len(got), err, len(content))
			}
		}
	}
}

// Ensure that a stream whose content is not exactly the declared size,
// whose checksum is wrong, or that is cut short, is refused, and that
// nothing past the declared size is written.
func TestInflateZlibRefusesMismatches(t *testing.T) {
	content := testContents()["text"]
	stream := zlibStream(t, content, stdflate.BestSpeed)
	badSum := bytes.Clone(stream)
	badSum[len(badSum)-1] ^= 1
	tests := []struct {
		name   string
		stream []byte
		size   int64
	}{
		{"longer than declared", stream, int64(len(content)) - 1},
		{"shorter than declared", stream, int64(len(content)) + 1},
		{"bad checksum", badSum, int64(len(content))},
		{"cut in the data", stream[:len(stream)/2], int64(len(content))},
		{"cut in the checksum", stream[:len(stream)-2], int64(len(content))},
		{"not zlib", []byte("PACK\x00\x00"), 4},
		{"empty", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := make([]byte, tt.size, tt.size+64)
			guard := dst[tt.size : tt.size+64]
			for i := range guard {
				guard[i] = 0x55
			}
			if _, err := inflateZlib(tt.stream, tt.size, dst); !errors.Is(err, errCorrupt) {
				t.Fatalf("err = %v, want errCorrupt", err)
			}
			if !bytes.Equal(guard, bytes.Repeat([]byte{0x55}, 64)) {
				t.Fatal("wrote past the declared size")
			}
		})
	}
}

// Ensure that damaged streams decode as a reference zlib decoder does:
// either both refuse them, or both produce the same bytes.
func TestInflateZlibAgreesOnDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for name, content := range testContents() {
		stream := zlibStream(t, content, stdflate.DefaultCompression)
		for range 300 {
			bad := bytes.Clone(stream)
			for range 1 + r.IntN(3) {
				bad[r.IntN(len(bad))] ^= byte(1 + r.IntN(255))
			}
			want, werr := referenceInflate(bad, len(content))
			got, gerr := inflateZlib(bad, int64(len(content)), nil)
			if (werr == nil) != (gerr == nil) || (werr == nil && !bytes.Equal(got, want)) {
				t.Fatalf("%s: got %v, reference %v", name, gerr, werr)
			}
		}
	}
}

// referenceInflate decodes stream with klauspost's zlib, the way the
// streaming path does: exactly size bytes, then the end of the stream.
func referenceInflate(stream []byte, size int) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(stream))
	if err != nil {
		return nil, err
	}
	out := make([]byte, size)
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, err
	}
	var one [1]byte
	if n, err := zr.Read(one[:]); n != 0 || err != io.EOF {
		return nil, errors.New("trailing bytes or bad checksum")
	}
	return out, nil
}

// FuzzInflateZlib checks memfs's inflater against compress/zlib: both
// accept the same streams and give the same bytes. Its seeds are the first
// fuzzSeedContent bytes of each test content, and it skips streams over
// maxFuzzStream bytes and sizes over maxFuzzSize: Go's minimizer does work
// that grows with the square of an input's length for each new input, and
// seeds of 3 KB streams and sizes up to 1 MiB stalled the fuzzer on it.
// maxFuzzSize stays above the 32 KiB window, so distances reaching back
// across all of it remain in reach.
func FuzzInflateZlib(f *testing.F) {
	const (
		fuzzSeedContent = 512
		maxFuzzStream   = 1024
		maxFuzzSize     = 64 << 10
	)
	for _, content := range testContents() {
		content = content[:min(len(content), fuzzSeedContent)]
		f.Add(zlibStream(f, content, stdflate.DefaultCompression), len(content))
	}
	f.Fuzz(func(t *testing.T, stream []byte, size int) {
		if size < 0 || size > maxFuzzSize || len(stream) > maxFuzzStream {
			return
		}
		want, werr := referenceInflate(stream, size)
		got, gerr := inflateZlib(stream, int64(size), nil)
		if (werr == nil) != (gerr == nil) || (werr == nil && !bytes.Equal(got, want)) {
			t.Fatalf("got %v, reference %v", gerr, werr)
		}
	})
}
