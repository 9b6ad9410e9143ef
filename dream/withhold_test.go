package dream

import (
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/transcript"
)

func TestWithholdForgottenRecords(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	m, err := erasure.MarkText("k1", key, "555 010 9999", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	guard := erasure.NewGuard(map[string][]byte{"k1": key}, []erasure.Marker{m})
	ev := &transcript.Evidence{Transcript: []byte(
		`{"role":"user","id":"u1","text":"my number is +1 (555) 010-9999, remember it"}` + "\n" +
			`{"role":"assistant","id":"a1","text":"Noted."}` + "\n" +
			`{"role":"user","id":"u2","text":"the other one is 555 010 9998"}` + "\n"), Records: 3}
	if n := Withhold(ev, guard); n != 1 {
		t.Fatalf("withheld %d records, want 1", n)
	}
	out := string(ev.Transcript)
	if strings.Contains(out, "010-9999") || !strings.Contains(out, `"id":"u1"`) || !strings.Contains(out, "Noted.") || !strings.Contains(out, "9998") {
		t.Errorf("transcript after withholding:\n%s", out)
	}
	if len(ev.Notes) != 1 || strings.Contains(ev.Notes[0], "555") {
		t.Errorf("notes %q", ev.Notes)
	}
	if n := Withhold(ev, nil); n != 0 {
		t.Errorf("a nil guard withheld %d", n)
	}
}
