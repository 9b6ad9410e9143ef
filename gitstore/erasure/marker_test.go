package erasure

import "testing"

func FuzzParseMarkers(f *testing.F) {
	f.Add([]byte(`{"id":"a1","kind":"text","key_id":"k1","hmac":"00ff","ntokens":3,"created":"2026-01-02T03:04:05Z"}` + "\n"))
	f.Add([]byte("{}\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		ms, err := ParseMarkers(b)
		if err != nil {
			return
		}
		for _, m := range ms {
			if m.Kind == "" || m.KeyID == "" || m.HMAC == "" {
				t.Fatalf("accepted an incomplete marker %+v", m)
			}
		}
		// A guard over whatever parsed never panics.
		g := NewGuard(map[string][]byte{"k1": []byte("0123456789abcdef")}, ms)
		g.ErasedContent([]byte("a b c d"))
		g.Matches([]string{"a", "b"})
	})
}
