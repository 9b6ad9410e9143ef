package builtin

import (
	"slices"
	"testing"
)

// Ensure that a Chinese change whose subject is said before a word of
// when ("又", "以后", "已经") replaces the claim of that subject, said
// with more words before it.
func TestChangeSaidWithWhenWord(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a time changed again",
			[]string{"订单截止时间是下午4点。"},
			[]string{"截止时间又调整了，现在是中午12点。"},
			[]string{"4点"}, []string{"12点"}},
		{"a host moved already",
			[]string{"预发环境的数据库是 pg-pre-01。"},
			[]string{"预发环境的数据库已经迁到 pg-pre-02 了。"},
			[]string{"pg-pre-01"}, []string{"pg-pre-02"}},
		{"a span from now on",
			[]string{"构建缓存保留 7 天。"},
			[]string{"构建缓存以后改成保留 14 天。"},
			[]string{"7 天"}, []string{"14 天"}},
	})
}

// Ensure that a temperature said as a change, in any language and in
// other words, replaces the one claim holding a temperature close to it,
// and that a far one, or one said with no word of change, replaces
// nothing; and that the scale of a degree ("°C") names nothing.
func TestTemperatureChangedInOtherWords(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"German, no word in common",
			[]string{"Remember: the fridge must stay below 7°C."},
			[]string{"Die Kühlgrenze wurde auf 4°C gesenkt."},
			[]string{"7°C"}, []string{"4°C"}},
		{"German, one word in common, a reason after",
			[]string{"Milk temperature must be below 6°C at collection or the lab flags it."},
			[]string{"Der Verband hat die Temperaturgrenze auf 5°C runtergesetzt, wegen der neuen Vorgabe."},
			[]string{"6°C"}, []string{"5°C"}},
		{"Japanese, in ℃",
			[]string{"Remember: charging stops when the pack reaches 45℃."},
			[]string{"充電停止温度は 42℃ に変更しました。"},
			[]string{"45℃"}, []string{"42℃"}},
		{"a far temperature",
			[]string{"Remember: the fridge must stay below 7°C."},
			[]string{"we now bake everything at 200°C."},
			nil, []string{"7°C", "200°C"}},
		{"no word of change",
			[]string{"Remember: the fridge must stay below 7°C."},
			[]string{"The proofing cabinet runs at 5°C overnight."},
			nil, []string{"7°C", "5°C"}},
	})
	if vs := valueOf("keep it below 6°C"); slices.ContainsFunc(vs, func(v valueTok) bool { return v.kind == vkName }) {
		t.Errorf("valueOf(6°C) = %+v: the scale reads as a name", vs)
	}
}

// Ensure that a value the user says they gave wrongly is replaced by the
// value the same message gives in its place, though the two statements
// share no subject, and that a value said wrong of something else stays.
func TestSelfCorrectedValue(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"a release, the wrong one named before",
			[]string{"Remember: the edge proxies run OpenResty 1.21.4.3."},
			[]string{"wait, i told you 1.21.4.3 last time - that was wrong, the edges are on 1.25.3.1 since the spring upgrade."},
			[]string{"1.21.4.3"}, []string{"1.25.3.1"}},
		{"a rate, the wrong one named after",
			[]string{"Remember: the default learning rate is 5e-4."},
			[]string{"lr should be 2e-4, the 5e-4 i gave you last week was a typo on my side."},
			[]string{"5e-4"}, []string{"2e-4"}},
		{"Spanish",
			[]string{"El IVA reducido de la tienda es 7,5 %."},
			[]string{"el 7,5 que te dije era un error: el IVA reducido es 10,5 %."},
			[]string{"7,5"}, []string{"10,5"}},
		{"a test of the release was wrong",
			[]string{"Remember: production runs Node 20.11.1."},
			[]string{"the test for 20.11.1 was wrong, I fixed it. also the timeout is 30s."},
			nil, []string{"20.11.1", "30s"}},
	})
}
