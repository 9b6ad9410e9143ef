package hear

import (
	"strings"
	"testing"
)

// heardSaying reports whether some statement heard in text, said alone by
// the user, carries value.
func heardSaying(text, value string) bool {
	h := Session([]Record{{Role: "user", Text: text, ID: "e1"}})
	for _, st := range h.Statements {
		if strings.Contains(strings.ToLower(st.Claim), strings.ToLower(value)) {
			return true
		}
	}
	return false
}

// Ensure that a change is heard when it holds from the next period on,
// when it is said in Chinese with 现在 (now), and when a reason follows
// it; and that near misses make no fact: 现在 before a request, a next
// period planned, a change only tried, a suspicion, a passage quoted
// whole.
func TestChangeWithPeriodOrReason(t *testing.T) {
	tests := []struct {
		name, text, value string
		heard             bool
	}{
		{"from the next period on",
			"22 jars per crate from next month, the supplier changed the crates.", "22 jars", true},
		{"Chinese, now",
			"备份我们现在统一放在 minio-02 上，不再用旧的 NAS。", "minio-02", true},
		{"a reason after the change",
			"quick one, the bread delivery comes on Tuesdays and Fridays now since the new bakery took over.", "Tuesdays and Fridays", true},
		// Near misses.
		{"Chinese, now before a request",
			"现在帮我看一下 minio-02 上的备份为什么失败。", "minio-02", false},
		{"a next period planned",
			"We'll probably move the retro to Thursdays next quarter, nothing decided.", "Thursdays", false},
		{"French, tested",
			"J'avais testé de passer le cache à 10 minutes au lieu de 30 la semaine dernière, sans effet.", "10 minutes", false},
		{"tried a release",
			"We tried moving to Vite 6 last week but reverted it, the plugin broke.", "Vite 6", false},
		{"Chinese, a suspicion",
			"我怀疑是缓存超时改成了 5 分钟，所以才这么慢。", "5 分钟", false},
		{"a passage quoted whole",
			`"Ab dem 1. März gehen die Gebühren jetzt auf 45 Euro."`, "45 Euro", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := heardSaying(tc.text, tc.value); got != tc.heard {
				t.Errorf("%q: heard %q = %v, want %v", tc.text, tc.value, got, tc.heard)
			}
		})
	}
}
