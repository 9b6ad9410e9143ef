package transcript

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/memfs/memfs/internal/jsonscan"
	"github.com/memfs/memfs/transcript/redact"
)

// The cap keeps a session's evidence within MaxEvidenceBytes without ever
// dropping a user's words silently. It is planned from the sizes of all the
// records before any is written, then applied while they are written. The
// levels, each tried only when the previous one does not fit:
//
//  1. trim tool calls (their arguments) to the largest common size ≥ 256 bytes;
//  2. trim assistant texts to the largest common size ≥ 512 bytes;
//  3. leave out tool calls, trim assistant texts down to 256 bytes;
//  4. leave out assistant texts and tool calls of the oldest turns;
//  5. trim user messages, summaries and answers to ≥ 512 bytes;
//  6. leave out the oldest records of any kind.
//
// A trimmed text keeps its head and tail around a "[memfs-cut: N bytes]"
// mark. A run of left-out records is counted on the next record written, in
// its "cut" member ("left out: 2 assistant, 1 tool_call"), or, at the end,
// by a final record of role "cut". Sizes are planned on text before redaction; a final guard while
// writing keeps the output within the cap whatever redaction changed.

// Record classes, in the order the cap gives them up (last first).
const (
	clsProtected = iota // user messages, summaries, a user's answers
	clsAssistant
	clsTool
)

func classOf(r role) uint8 {
	switch r {
	case roleAssistant:
		return clsAssistant
	case roleToolCall:
		return clsTool
	}
	return clsProtected
}

const (
	capMargin     = 4 << 10 // kept free for marks and redaction growth
	cutRecordCost = 128     // planned size of a final "cut" record
	cutMemberCost = 48      // planned size of a "cut" member on a record
	trimMarkCost  = 48      // planned size of a trim mark inside a text
	guardReserve  = 192     // always left for the final cut record
)

// recSize is what the plan knows of one record.
type recSize struct {
	text  int32 // encoded text size before redaction
	frame int32 // encoded size of the record without its text
	turn  int32
	pos   int32 // branch positions of its first and last items
	last  int32
	cls   uint8
	role  role
}

// sizer collects record sizes by running items through a merger, and which
// branch positions produced an item at all.
type sizer struct {
	m     merger
	sizes []recSize
	items bitset
	init  bool
}

func (s *sizer) add(it *item, pos int) {
	if !s.init {
		s.init = true
		s.m.sizeOnly = true
		s.m.emit = func(r *record) error {
			s.sizes = append(s.sizes, recSize{
				text: int32(min(r.size, math.MaxInt32)), frame: int32(frameLen(r)),
				turn: r.turn, pos: r.pos, last: r.last, cls: classOf(r.role), role: r.role,
			})
			return nil
		}
	}
	s.items.set(pos)
	s.m.add(it, pos)
}

// bitset is a growable set of small non-negative ints.
type bitset []uint64

func (b *bitset) set(i int) {
	for len(*b) <= i>>6 {
		*b = append(*b, 0)
	}
	(*b)[i>>6] |= 1 << (i & 63)
}

func (b bitset) has(i int) bool { return i>>6 < len(b) && b[i>>6]&(1<<(i&63)) != 0 }

// needed returns the branch positions that a kept record comes from: only
// those are read again when the evidence is written.
func (e *emitter) needed() bitset {
	var nb bitset
	for i, r := range e.sizes {
		if keep, _ := e.plan.action(i, r); keep {
			for p := r.pos; p <= r.last; p++ {
				nb.set(int(p))
			}
		}
	}
	return nb
}

func (s *sizer) done() {
	if s.init {
		s.m.flush()
	}
}

// frameLen is the encoded size of r without its text (see appendRecord).
func frameLen(r *record) int {
	return len(appendRecord(nil, r, "", ""))
}

func appendRecord(dst []byte, r *record, text, cut string) []byte {
	dst = append(dst, `{"role":`...)
	dst = jsonscan.AppendString(dst, r.role.String())
	if r.id != "" {
		dst = append(dst, `,"id":`...)
		dst = jsonscan.AppendString(dst, r.id)
	}
	if r.at != "" {
		dst = append(dst, `,"at":`...)
		dst = jsonscan.AppendString(dst, r.at)
	}
	if r.name != "" {
		dst = append(dst, `,"name":`...)
		dst = jsonscan.AppendString(dst, r.name)
	}
	if r.origin != "" {
		dst = append(dst, `,"origin":`...)
		dst = jsonscan.AppendString(dst, r.origin)
	}
	if cut != "" {
		dst = append(dst, `,"cut":`...)
		dst = jsonscan.AppendString(dst, cut)
	}
	dst = append(dst, `,"text":`...)
	dst = jsonscan.AppendString(dst, text)
	return append(dst, '}', '\n')
}

// plan says, per record, keep whole, keep trimmed, or leave out.
type plan struct {
	caps      [3]int // per class: -1 whole, 0 leave out, n trim to n bytes
	dropTurns int32  // assistant texts and tool calls of turns before this are left out
	dropHead  int    // records before this index are left out
}

func (p *plan) action(i int, r recSize) (keep bool, limit int) {
	if i < p.dropHead {
		return false, 0
	}
	if r.cls != clsProtected && r.turn < p.dropTurns {
		return false, 0
	}
	c := p.caps[r.cls]
	switch {
	case c == 0:
		return false, 0
	case c < 0 || int(r.text) <= c:
		return true, -1
	}
	return true, c
}

func (p *plan) cost(rs []recSize) int {
	total, run := 0, false
	for i, r := range rs {
		keep, limit := p.action(i, r)
		switch {
		case !keep:
			run = true
			continue
		case limit < 0:
			total += int(r.frame) + int(r.text)
		default:
			total += int(r.frame) + limit + trimMarkCost
		}
		if run {
			total += cutMemberCost
		}
		run = false
	}
	if run {
		total += cutRecordCost
	}
	return total
}

// largest finds the largest v in [lo, hi] for which fits(v) holds, assuming
// fits is monotone (true up to some v); ok is false if fits(lo) fails.
func largest(lo, hi int, fits func(int) bool) (int, bool) {
	if hi < lo {
		hi = lo
	}
	if !fits(lo) {
		return lo, false
	}
	for lo < hi {
		m := lo + (hi-lo+1)/2
		if fits(m) {
			lo = m
		} else {
			hi = m - 1
		}
	}
	return lo, true
}

func makePlan(rs []recSize, budget int) plan {
	p := plan{caps: [3]int{-1, -1, -1}}
	if p.cost(rs) <= budget {
		return p
	}
	var maxText [3]int
	var turns int32
	for _, r := range rs {
		maxText[r.cls] = max(maxText[r.cls], int(r.text))
		turns = max(turns, r.turn)
	}
	try := func(cls, lo int) bool {
		v, ok := largest(lo, maxText[cls], func(c int) bool {
			q := p
			q.caps[cls] = c
			return q.cost(rs) <= budget
		})
		p.caps[cls] = v
		return ok
	}
	if try(clsTool, 256) {
		return p
	}
	if try(clsAssistant, 512) {
		return p
	}
	p.caps[clsTool] = 0
	if try(clsAssistant, 256) {
		return p
	}
	// Leave out the assistant side of the oldest turns: the smallest
	// number of turns that fits.
	lo, hi := int32(0), turns+1
	for lo < hi {
		m := lo + (hi-lo)/2
		q := p
		q.dropTurns = m
		if q.cost(rs) <= budget {
			hi = m
		} else {
			lo = m + 1
		}
	}
	p.dropTurns = lo
	if p.cost(rs) <= budget {
		return p
	}
	p.dropTurns = turns + 1
	if try(clsProtected, 512) {
		return p
	}
	l, h := 0, len(rs)
	for l < h {
		m := l + (h-l)/2
		q := p
		q.dropHead = m
		if q.cost(rs) <= budget {
			h = m
		} else {
			l = m + 1
		}
	}
	p.dropHead = l
	return p
}

// emitter writes records as the plan says, with redaction and the guard.
type emitter struct {
	sizes       []recSize
	plan        plan
	counts      map[string]int
	buf         []byte
	i           int
	records     int
	truncations int
	stopped     bool
	run         [roleCut + 1]int // records left out since the last written one
	cutTotal    [roleCut + 1]int
	trimmed     [roleCut + 1]int
	cuts        int
}

func newEmitter(sizes []recSize, counts map[string]int) *emitter {
	return &emitter{sizes: sizes, plan: makePlan(sizes, MaxEvidenceBytes-capMargin), counts: counts}
}

// record writes r, read again in the second pass. Records of positions that
// were not read again are accounted for here as left out, by their sizes
// entry; a record that matches no entry is the tail of a merged record
// already accounted for (a user message never is: it is never split).
func (e *emitter) record(r *record) error {
	for e.i < len(e.sizes) && e.sizes[e.i].pos < r.pos {
		e.run[e.sizes[e.i].role]++
		e.i++
	}
	if e.i >= len(e.sizes) || e.sizes[e.i].pos != r.pos || e.sizes[e.i].role != r.role {
		if r.role == roleUser {
			e.run[roleUser]++
		}
		return nil
	}
	i := e.i
	e.i++
	keep, limit := e.plan.action(i, e.sizes[i])
	if !keep || e.stopped {
		e.run[r.role]++
		return nil
	}
	var text string
	trimmed := false
	if limit >= 0 {
		text, trimmed = e.trimRedacted(r, limit)
	} else {
		text = e.redact(r, r.text)
	}
	cut := e.runText()
	frame := frameLen(r) + len(cut) + len(`,"cut":""`)
	avail := MaxEvidenceBytes - guardReserve - len(e.buf)
	if frame+jsonscan.EncodedLen(text) > avail {
		room := avail - frame - trimMarkCost
		if room < 64 {
			e.stopped = true
			e.run[r.role]++
			return nil
		}
		text, _ = trimText(text, room)
		trimmed = true
	}
	if trimmed {
		e.trimmed[r.role]++
		e.truncations++
	}
	if cut != "" {
		e.closeRun()
	}
	e.buf = appendRecord(e.buf, r, text, cut)
	e.records++
	return nil
}

// runText describes the records left out since the last one written.
func (e *emitter) runText() string {
	var parts []string
	for rl, c := range e.run {
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, role(rl)))
		}
	}
	if parts == nil {
		return ""
	}
	return "left out: " + strings.Join(parts, ", ")
}

func (e *emitter) closeRun() {
	e.cuts++
	e.truncations++
	for rl, c := range e.run {
		e.cutTotal[rl] += c
	}
	e.run = [roleCut + 1]int{}
}

func (e *emitter) redact(r *record, s string) string {
	if r.json {
		return redact.JSON(s, e.counts)
	}
	return redact.Text(s, e.counts)
}

// trimRedacted redacts and trims a text to limit bytes. Redaction comes
// first, so that a secret is judged with its context: a tool call is
// redacted as JSON whole (its secret-named members and argv neighbours
// need the structure, which a window of it lacks), and so is any text not
// much longer than the limit. A longer plain text is redacted only in its
// head and tail windows, each widened to white space and by a slack of
// context on its inner side, and each window is trimmed on its own: the
// kept part of a window never reaches the inner edge, where a secret may
// have been cut from its cue. A window that redaction shrank (a private
// key block) grows until its kept part again has the slack behind it.
func (e *emitter) trimRedacted(r *record, limit int) (string, bool) {
	s := r.text
	const slack = 8 << 10
	if r.json || len(s) <= 2*limit+4*slack {
		return trimText(e.redact(r, s), limit)
	}
	headBudget := limit * 2 / 3
	tailBudget := limit - headBudget
	for grow := 1; ; grow *= 2 {
		headEnd := widen(s, (headBudget+slack)*grow, +1)
		tailStart := widen(s, len(s)-(tailBudget+slack)*grow, -1)
		if tailStart-headEnd < 2*slack {
			return trimText(e.redact(r, s), limit)
		}
		local := map[string]int{}
		head := redact.Text(s[:headEnd], local)
		tail := redact.Text(s[tailStart:], local)
		if jsonscan.EncodedLen(head) < headBudget+slack/2 || jsonscan.EncodedLen(tail) < tailBudget+slack/2 {
			continue
		}
		if e.counts != nil {
			for k, n := range local {
				e.counts[k] += n
			}
		}
		h := headLen(head, headBudget)
		t := tailStartAt(tail, tailBudget)
		return cutMark(head[:h], tail[t:], len(s)-h-(len(tail)-t)), true
	}
}

// widen moves i to the nearest white space in direction dir (at most 1 KiB
// away), so a window edge does not fall inside a token.
func widen(s string, i, dir int) int {
	i = max(0, min(len(s), i))
	for n := 0; n < 1024 && i > 0 && i < len(s); n++ {
		if c := s[i]; c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			return i
		}
		i += dir
	}
	return i
}

// trimText keeps about two thirds of limit (encoded bytes) from the head of
// s and one third from the tail, at rune boundaries, with a mark between.
func trimText(s string, limit int) (string, bool) {
	if jsonscan.EncodedLen(s) <= limit {
		return s, false
	}
	headBudget := limit * 2 / 3
	h := headLen(s, headBudget)
	t := max(h, tailStartAt(s, limit-headBudget))
	return cutMark(s[:h], s[t:], t-h), true
}

// headLen is how many bytes of s, at a rune boundary, fit budget encoded
// bytes.
func headLen(s string, budget int) int {
	h, used := 0, 0
	for h < len(s) {
		_, w := utf8.DecodeRuneInString(s[h:])
		c := 0
		for k := h; k < h+w; k++ {
			c += jsonscan.EscapedLen(s[k])
		}
		if used+c > budget {
			break
		}
		used += c
		h += w
	}
	return h
}

// tailStartAt is where the longest tail of s that fits budget encoded
// bytes starts, at a rune boundary.
func tailStartAt(s string, budget int) int {
	t, used := len(s), 0
	for t > 0 {
		_, w := utf8.DecodeLastRuneInString(s[:t])
		c := 0
		for k := t - w; k < t; k++ {
			c += jsonscan.EscapedLen(s[k])
		}
		if used+c > budget {
			break
		}
		used += c
		t -= w
	}
	return t
}

// cutMark joins a kept head and tail around the mark of n bytes cut.
func cutMark(head, tail string, n int) string {
	return head + fmt.Sprintf("\n…[memfs-cut: %d bytes]…\n", n) + tail
}

// finish writes a final cut record for records left out at the end.
func (e *emitter) finish() {
	for ; e.i < len(e.sizes); e.i++ {
		e.run[e.sizes[e.i].role]++
	}
	cut := e.runText()
	if cut == "" {
		return
	}
	n := 0
	for _, c := range e.run {
		n += c
	}
	text := fmt.Sprintf("[memfs-cut: %d entries %s]", n, cut)
	rec := record{role: roleCut}
	if len(e.buf)+frameLen(&rec)+jsonscan.EncodedLen(text) > MaxEvidenceBytes {
		text = fmt.Sprintf("[memfs-cut: %d entries left out]", n)
	}
	e.closeRun()
	e.buf = appendRecord(e.buf, &rec, text, "")
	e.records++
}

func (e *emitter) notes() []string {
	var out []string
	describe := func(counts [roleCut + 1]int) string {
		var parts []string
		for rl, c := range counts {
			if c > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", c, role(rl)))
			}
		}
		return strings.Join(parts, ", ")
	}
	if d := describe(e.trimmed); d != "" {
		out = append(out, "cap: texts trimmed to fit "+fmt.Sprint(MaxEvidenceBytes)+" bytes: "+d)
	}
	if d := describe(e.cutTotal); d != "" {
		out = append(out, fmt.Sprintf("cap: records left out in %d cuts to fit %d bytes: %s", e.cuts, MaxEvidenceBytes, d))
	}
	if e.trimmed[roleUser] > 0 || e.cutTotal[roleUser] > 0 {
		out = append(out, "cap: user messages alone exceed the cap; some were trimmed or left out, each marked")
	}
	return out
}
