package builtin

import (
	"regexp"
	"strings"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// reAskedAgain marks a question that asks whether an earlier answer still
// holds or should change ("keep that?", "is it still 15 minutes?",
// "デバウンス時間を変えますか？").
var reAskedAgain = regexp.MustCompile(`(?i)\b(?:still|keep|keeping|change|changed|anymore|any longer|right now|currently|at the moment|stay with|stick with|noch|immer noch|weiterhin|beibehalten|behalten|geändert|todavía|aún|sigue|seguimos|mantener|mantenemos|cambiar|cambiamos|toujours|encore|garder|conserver|changer|modifier)\b|ändern\b|\bnow\s*[?？]|今も|まだ|このまま|変え|変わ|変更|还是|还要|仍然|继续|保持|要改|改成|改为`)

// reasked is the current answer a new answer replaces: the agent asked
// again, in other words, about what an earlier question settled ("Right
// now a duplicate updates the existing student; keep that?", "枠の単位は
// 今も15分のままでしょうか？") and the user answered otherwise. The two
// questions must share two content words, and the new one must restate
// the earlier answer, or ask whether it should change with an answer of
// the same kind of value (300ms, then 500ms); one shared word will do for
// a question that restates the earlier answer and asks whether it still
// holds. An answer of the same session, or a tie between two earlier
// answers, replaces nothing.
func (m *memory) reasked(st hear.Statement, session string) *claim {
	q := strings.TrimSpace(st.Question)
	if st.Via != "answer" || q == "" {
		return nil
	}
	qt := questionTerms(q)
	if len(qt) == 0 {
		return nil
	}
	m.openHaving(qt, min(2, len(qt)))
	cue := reAskedAgain.MatchString(q)
	nv := valueOf(st.Quote)
	var top pick
	for _, c := range m.candidates(qt) {
		if !c.current() || c.cur.via != "answer" || c.cur.pointer == "" || c.cur.pointer == q ||
			c.cur.kind == string(hear.Person) || cited(c.cur.cites, session) {
			continue
		}
		shared := overlap(qt, questionTerms(c.cur.pointer))
		if shared == 0 {
			continue
		}
		restated := restates(q, c.cur.quote)
		kind := sameKind(nv, valueOf(c.cur.quote)) != ""
		s := 0
		if shared >= 2 && (restated || cue && kind) || restated && cue || quotesValue(q, c.cur.quote, nv) {
			s = shared
		}
		top.offer(c, s)
	}
	return top.winner()
}

// quotesValue reports a question that quotes a value an earlier answer
// gave, answered with another of its kind: "The backup and the import
// both start at 02:30. Where should the backup go?" of "Backup at 02:30",
// answered "An hour later (03:30)".
func quotesValue(q, answer string, nv []valueTok) bool {
	for _, v := range valueOf(answer) {
		if v.kind == vkName || v.kind == vkTool || !strings.Contains(q, v.text) {
			continue
		}
		if sameKind(nv, []valueTok{v}) != "" {
			return true
		}
	}
	return false
}

// questionTerms are the terms of a question that say what it is about:
// without CJK particle pairs and words every question has.
func questionTerms(q string) []string {
	tt := contentTerms(terms(q))
	out := tt[:0:0]
	for _, t := range tt {
		if !questionFiller[t] {
			out = append(out, t)
		}
	}
	return out
}

// questionFiller are terms any question to the user may hold.
var questionFiller = setOf("should", "want", "do", "does", "use", "prefer", "like", "which", "what", "how", "keep", "still",
	"right", "now", "if", "or", "can", "could", "would", "ok", "okay", "sollen", "soll", "willst", "möchtest", "wollen",
	"quieres", "prefieres", "debe", "debería", "veux", "préfères", "faut", "ですか", "ますか", "しょう", "どう",
	"する", "します", "吗", "还是", "要不要", "是否", "怎么", "什么", "哪个", "welch", "welche", "welcher", "wie", "viel",
	"qué", "cuál", "cuánto", "cuántos", "combien", "quel", "quelle", "quels", "doivent", "doit", "être", "elles", "ils",
	"many", "much", "多少", "何")

// restates reports whether a question holds an earlier answer: word for
// word, or all of its terms.
func restates(q, answer string) bool {
	a := strings.TrimSpace(answer)
	if a == "" {
		return false
	}
	if strings.Contains(strings.ToLower(q), strings.ToLower(a)) {
		return true
	}
	at := terms(a)
	return len(at) > 0 && containsTerms(terms(q), at)
}

// pick is the claim offered with the highest score above zero; a tie at
// the top leaves none, as a wrong match loses a fact.
type pick struct {
	best  *claim
	score int
	tie   bool
}

// offer considers claim c with score s.
func (p *pick) offer(c *claim, s int) {
	switch {
	case s <= 0:
	case s > p.score:
		p.best, p.score, p.tie = c, s, false
	case s == p.score && c != p.best:
		p.tie = true
	}
}

// winner is the claim with the highest score, nil at a tie or when none
// scored.
func (p *pick) winner() *claim {
	if p.tie {
		return nil
	}
	return p.best
}

// cited reports whether cs cite session.
func cited(cs []cite, session string) bool {
	for _, c := range cs {
		if c.session == session {
			return true
		}
	}
	return false
}
