package hear

import "testing"

// Ensure that a Chinese subject said before a word of when ("again",
// "from now on", "already", "for now", "still", "lately") is the thing
// alone, so that a change said with one meets the claim of that thing;
// and that a noun ending in such a character's neighbours stays whole.
func TestCJKSubjectWithoutWhen(t *testing.T) {
	tests := []struct{ in, want string }{
		{"截止时间又", "截止时间"},
		{"站会以后", "站会"},
		{"发布流程已经", "发布流程"},
		{"预发环境暂时", "预发环境"},
		{"代码评审仍然", "代码评审"},
		{"日志格式最近", "日志格式"},
		{"周报今后", "周报"},
		{"构建缓存再", "构建缓存"},
		// Near misses: the words end in no word of when.
		{"优先级", "优先级"},
		{"数据库从库", "数据库从库"},
	}
	for _, tc := range tests {
		if got := cjkNounPhrase(tc.in, Zh, lexes[Zh]); got != tc.want {
			t.Errorf("cjkNounPhrase(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
