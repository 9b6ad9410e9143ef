package builtin

import "testing"

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
