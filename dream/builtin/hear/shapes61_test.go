package hear

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

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

// Ensure that a message saying a value the user gave was wrong makes its
// statements giving another value of that shape replace it, in six
// languages, whether the wrong value is named in the clause before the
// words saying so or the one before that; and that a value said wrong of
// something else, a bare number, or a message with no other value of the
// shape, replaces nothing.
func TestSelfCorrectionReplaces(t *testing.T) {
	tests := []struct {
		text string
		want []string // the values some statement replaces
	}{
		{"wait, i told you 1.21.4.3 last time - that was wrong, the edges are on 1.25.3.1 since the spring upgrade.", []string{"1.21.4.3"}},
		{"lr should be 2e-4, the 5e-4 i gave you last week was a typo on my side.", []string{"5e-4"}},
		{"die 0.85 von neulich waren falsch, der Reduktionsfaktor ist 0.8.", []string{"0.85"}},
		{"el 7,5 que te dije era un error: el IVA reducido es 10,5 %.", []string{"7,5"}},
		{"le 2.4 que je t'ai donné était faux, on est en 2.6 sur la prod.", []string{"2.4"}},
		{"之前说的3.2写错了，固件版本应该是3.5。", []string{"3.2"}},
		// Near misses.
		{"the test for 20.11.1 was wrong, I fixed it. also the timeout is 30s.", nil},
		{"ich hatte damals 10 gesagt, stimmt nicht, es sind 15 Minuten.", nil},
		{"the 4.2 migration was wrong for us, we reverted it.", nil},
	}
	for _, tc := range tests {
		h := Session([]Record{{Role: "user", Text: tc.text, ID: "e1"}})
		var got []string
		for _, st := range h.Statements {
			for _, r := range st.Replaces {
				if !slices.Contains(got, r) && strings.ContainsFunc(r, unicode.IsDigit) {
					got = append(got, r)
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: replaces %q, want %q", tc.text, got, tc.want)
		}
	}
}
