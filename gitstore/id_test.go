package gitstore

import (
	"encoding/json"
	"strings"
	"testing"
)

// Ensure that an ID writes and reads itself as its 40 hex digits, in
// JSON too, and that anything else is refused.
func TestIDText(t *testing.T) {
	hexID := "0123456789abcdef0123456789abcdef01234567"
	id, ok := ParseID(hexID)
	if !ok || id.String() != hexID || id.IsZero() || ShortID(id) != hexID[:12] {
		t.Fatalf("ParseID(%q) = %v, %v", hexID, id, ok)
	}
	b, err := json.Marshal(struct{ C ID }{id})
	if err != nil || string(b) != `{"C":"`+hexID+`"}` {
		t.Fatalf("marshal: %s, %v", b, err)
	}
	var back struct{ C ID }
	if err := json.Unmarshal(b, &back); err != nil || back.C != id {
		t.Fatalf("unmarshal: %v, %v", back.C, err)
	}
	for _, bad := range []string{"", hexID[:39], hexID + "0", strings.Repeat("g", 40)} {
		var x ID
		if err := x.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) accepted", bad)
		}
	}
	if ShortID(ID{}) != "nothing" || !(ID{}).IsZero() {
		t.Error("the zero ID is not zero")
	}
}
