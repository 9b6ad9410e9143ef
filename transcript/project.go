package transcript

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"github.com/memfs/memfs/internal/jsonscan"
	"hash"
	"io"
	"strconv"
	"strings"
	"time"
)

// MemoryContextMarker is the unique string that memfs puts in the
// memory-context message it gives a new session. An entry carrying it is
// never evidence, so memory never learns its own prompt.
const MemoryContextMarker = "<!-- memfs:memory-context v1 -->"

// markerCore is the part of the marker that every JSON encoder writes the
// same way (an encoder escaping HTML turns only '<' and '>' into \u003c and
// \u003e). It starts with '!', rare in transcripts, so the search is fast.
var markerCore = []byte(MemoryContextMarker[1 : len(MemoryContextMarker)-1])

const (
	imagePlaceholder    = "[image]"
	documentPlaceholder = "[document]"
)

// role is the kind of an evidence record.
type role uint8

const (
	roleUser role = iota + 1
	roleAssistant
	roleToolCall
	roleToolResult
	roleSummary
	roleCut
)

var roleNames = [...]string{"", "user", "assistant", "tool_call", "tool_result", "summary", "cut"}

func (r role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "unknown"
}

// piece is one kept part of a transcript entry.
type piece struct {
	role   role
	name   string // tool name, for tool calls
	text   string
	origin string // who wrote a user-side piece that the user did not type
	json   bool   // text is compact JSON (tool arguments)
}

// item is the projection of one transcript line: its id and kept pieces.
type item struct {
	id     string
	group  string // consecutive items of one group merge (a Claude message split across lines)
	at     string // when the line was written, for the user's words (lineTime); "" if not known
	pieces []piece
}

func (it *item) add(p piece) { it.pieces = append(it.pieces, p) }

func (it *item) reset() {
	it.id, it.group, it.at = "", "", ""
	it.pieces = it.pieces[:0]
}

// projector turns lines of one format into items. It may keep state across
// the lines of a branch (which tool calls asked the user something, the
// last assistant text); replay returns a projector for a second pass that
// reads only some of the lines again and must decide as the first did.
type projector interface {
	// wants reports whether the line of nd can carry evidence at all, so
	// lines that cannot are never read again.
	wants(nd *node) bool
	project(nd *node, line []byte, it *item)
	replay() projector
}

// newProjector returns a projector for format f; nil for a format that
// buildIndex refuses.
func newProjector(f Format) projector {
	if fi, ok := newIndexer(f); ok {
		return fi.projector()
	}
	return nil
}

var separators = strings.NewReplacer("_", "", "-", "")

// isAskTool reports whether a tool asks the user a question, so that its
// result is the user's answer.
func isAskTool(name string) bool {
	n := strings.ToLower(name)
	if i := strings.LastIndexAny(n, ".:/"); i >= 0 {
		n = n[i+1:]
	}
	if i := strings.LastIndex(n, "__"); i >= 0 {
		n = n[i+2:] // an MCP server's tool: "mcp__ui__questionnaire"
	}
	n = separators.Replace(n)
	switch n {
	case "askuserquestion", "askuser", "askquestion", "requestuserinput", "askfollowupquestion", "userinput", "question", "questionnaire":
		return true
	}
	return false
}

// toolCall makes a tool-call piece from raw JSON arguments.
func toolCall(name string, args []byte) piece {
	p := piece{role: roleToolCall, name: name}
	if jsonscan.IsNull(args) {
		p.text, p.json = "{}", true
		return p
	}
	if out, ok := jsonscan.Rewrite(nil, args, nil); ok {
		p.text, p.json = string(out), true
		return p
	}
	p.text = string(args)
	return p
}

// toolCallString makes a tool-call piece from arguments given as a string
// (Codex writes JSON arguments as a string, and free-form tool input).
func toolCallString(name, args string) piece {
	t := strings.TrimSpace(args)
	if len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		if out, ok := jsonscan.Rewrite(nil, []byte(t), nil); ok {
			return piece{role: roleToolCall, name: name, text: string(out), json: true}
		}
	}
	return piece{role: roleToolCall, name: name, text: args}
}

func carriesMarker(line []byte) bool {
	return bytes.Contains(line, markerCore)
}

// reader re-reads indexed lines by offset through one window buffer, so a
// walk along a branch in file order costs one read per window, not per line.
type reader struct {
	ra     io.ReaderAt
	ix     *index
	win    []byte
	winOff int64
	winLen int
	big    []byte
}

const windowBytes = 1 << 20

func (r *reader) line(nd *node) ([]byte, error) {
	n := int(nd.n)
	var b []byte
	switch {
	case nd.off >= r.winOff && nd.off+int64(n) <= r.winOff+int64(r.winLen):
		s := int(nd.off - r.winOff)
		b = r.win[s : s+n]
	case n > windowBytes/2:
		if cap(r.big) < n {
			r.big = make([]byte, n)
		}
		b = r.big[:n]
		if _, err := r.ra.ReadAt(b, nd.off); err != nil {
			return nil, r.changed(err)
		}
	default:
		if r.win == nil {
			// Every indexed line ends within the indexed bytes, so a
			// window larger than them is never filled.
			r.win = make([]byte, min(int64(windowBytes), max(r.ix.bytes, int64(n))))
		}
		m, err := r.ra.ReadAt(r.win, nd.off)
		if m < n {
			return nil, r.changed(err)
		}
		r.winOff, r.winLen = nd.off, m
		b = r.win[:n]
	}
	if r.ix.sum(b) != nd.sum {
		return nil, newErr(CodeSourceChanged, r.ix.path, "a line changed while the transcript was read", nil)
	}
	return b, nil
}

func (r *reader) changed(err error) error {
	if err == nil || err == io.EOF || err == io.ErrUnexpectedEOF {
		return newErr(CodeSourceChanged, r.ix.path, "the transcript shrank while it was read", nil)
	}
	return newErr(CodeSourceUnavailable, r.ix.path, "read failed", err)
}

// walk projects the branch from position from on, calling fn for every item
// with at least one piece. Lines carrying the memory-context marker are
// dropped whole.
func walk(ctx context.Context, ix *index, r *reader, br []int32, from int, p projector, fn func(pos int, it *item) error) error {
	return walkSome(ctx, ix, r, br, from, p, nil, fn)
}

// walkSome is walk over the positions that want accepts (nil: all).
func walkSome(ctx context.Context, ix *index, r *reader, br []int32, from int, p projector, want func(pos int) bool, fn func(pos int, it *item) error) error {
	var it item
	for pos := from; pos < len(br); pos++ {
		if pos&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("evidence: %s: %w", ix.path, err)
			}
		}
		nd := ix.node(br[pos])
		if !p.wants(nd) || (want != nil && !want(pos)) {
			continue
		}
		line, err := r.line(nd)
		if err != nil {
			return err
		}
		if carriesMarker(line) {
			continue
		}
		it.reset()
		p.project(nd, line, &it)
		if len(it.pieces) == 0 {
			continue
		}
		marked := false
		for _, pc := range it.pieces {
			if strings.Contains(pc.text, MemoryContextMarker) {
				marked = true
				break
			}
		}
		if marked {
			continue
		}
		if ix.synthetic() || it.id == "" {
			it.id = lineID(nd.ln)
		}
		for _, pc := range it.pieces {
			if pc.role == roleUser {
				it.at = lineTime(line)
				break
			}
		}
		if err := fn(pos, &it); err != nil {
			return err
		}
	}
	return nil
}

// digester hashes a branch's items in order: ids (unless made up by this
// package) and projected content, before redaction. The digest of the first
// k items can be taken along the way.
type digester struct {
	h     hash.Hash
	synth bool
	count int
	buf   []byte
}

const digestDomain = "memfs evidence digest v1\n"

func newDigester(synthetic bool) *digester {
	d := &digester{h: sha256.New(), synth: synthetic}
	d.h.Write([]byte(digestDomain))
	return d
}

// str hashes s with its length in front. Both go through d.buf in one
// Write: the hash has no WriteString, so io.WriteString would copy every
// piece of text into a fresh slice on this per-line path.
func (d *digester) str(s string) {
	d.buf = append(binary.AppendUvarint(d.buf[:0], uint64(len(s))), s...)
	d.h.Write(d.buf)
}

func (d *digester) add(it *item) {
	if d.synth {
		d.str("")
	} else {
		d.str(it.id)
	}
	for _, p := range it.pieces {
		flag := byte(0)
		if p.json {
			flag = 1
		}
		d.h.Write([]byte{byte(p.role), flag})
		d.str(p.name)
		d.str(p.origin)
		d.str(p.text)
	}
	d.h.Write([]byte{0xff})
	d.count++
}

func (d *digester) sum() string { return hex.EncodeToString(d.h.Sum(nil)) }

// record is one line of the evidence file.
type record struct {
	role   role
	id     string
	at     string
	name   string
	origin string
	text   string
	json   bool
	turn   int32
	pos    int32 // branch position of the first item in the record
	last   int32 // branch position of the last item merged into it
	size   int   // encoded text size, set instead of text in size-only mode
}

// maxMergeBytes bounds the text of one merged record.
const maxMergeBytes = 1 << 20

// merger turns items into records: consecutive text pieces of one role from
// one group (a message written as several lines, or several text blocks of
// one entry) become one record.
type merger struct {
	// sizeOnly: fill record.size instead of joining the text (the sizing
	// pass needs no text).
	sizeOnly bool
	emit     func(r *record) error
	cur      record
	has      bool
	group    string
	parts    []string
	size     int
	turn     int32
}

// add merges the item at branch position pos.
func (m *merger) add(it *item, pos int) error {
	g := it.group
	if g == "" {
		g = "\x00" + it.id
	}
	for _, p := range it.pieces {
		p.text = dropControls(p.text)
		text := p.role == roleUser || p.role == roleAssistant || p.role == roleSummary
		if m.has && text && m.cur.role == p.role && m.group == g && m.cur.origin == p.origin && m.size+len(p.text) <= maxMergeBytes {
			m.parts = append(m.parts, p.text)
			m.size += len(p.text)
			m.cur.last = int32(pos)
			continue
		}
		if err := m.flush(); err != nil {
			return err
		}
		if p.role == roleUser || p.role == roleSummary {
			m.turn++
		}
		m.cur = record{role: p.role, id: it.id, at: it.at, name: p.name, origin: p.origin, json: p.json, turn: m.turn, pos: int32(pos), last: int32(pos)}
		m.parts = append(m.parts[:0], p.text)
		m.size = len(p.text)
		m.group = g
		m.has = text
		if !text {
			m.cur.text = p.text
			m.cur.size = jsonscan.EncodedLen(p.text)
			m.has = false
			if err := m.emit(&m.cur); err != nil {
				return err
			}
		}
	}
	return nil
}

// dropControls removes the control characters of s but newline and tab:
// C0 (NUL and ESC included), DEL and C1. Evidence is read by dreamers that
// write pages, and a NUL or an escape sequence that reaches a page makes it
// invalid (invalid_encoding) or acts on a terminal. Text without them,
// nearly all of it, is returned as it is after one pass over its bytes.
func dropControls(s string) string {
	i := 0
	for ; i < len(s); i++ {
		if b := s[i]; (b < 0x20 && b != '\n' && b != '\t') || b == 0x7f || (b == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f) {
			break
		}
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f:
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (m *merger) flush() error {
	if !m.has {
		return nil
	}
	m.has = false
	if m.sizeOnly {
		m.cur.size = 4 * (len(m.parts) - 1) // each "\n\n" is written as 4 bytes
		for _, p := range m.parts {
			m.cur.size += jsonscan.EncodedLen(p)
		}
	} else {
		m.cur.text = strings.Join(m.parts, "\n\n")
	}
	clear(m.parts)
	m.parts = m.parts[:0]
	return m.emit(&m.cur)
}

// lineTime is when a transcript line says it was written: its top-level
// "timestamp" (an RFC 3339 string, or milliseconds since the epoch as
// some Pi versions write it), as RFC 3339 in UTC to the second; "" when
// the line has none or it does not parse. It is metadata, never part of
// the digest: a checkpoint taken before it was emitted means the same.
func lineTime(line []byte) string {
	o := jsonscan.NewObject(line)
	for o.NextKey() {
		if !jsonscan.KeyIs(o.Key(), "timestamp") {
			if !o.Resume(jsonscan.SkipValue(line, o.Pos())) {
				return ""
			}
			continue
		}
		end := jsonscan.SkipValue(line, o.Pos())
		if end <= o.Pos() {
			return ""
		}
		v := line[o.Pos():end]
		var t time.Time
		if jsonscan.IsString(v) {
			var err error
			if t, err = time.Parse(time.RFC3339Nano, jsonscan.String(v)); err != nil {
				return ""
			}
		} else if ms, err := strconv.ParseInt(string(v), 10, 64); err == nil && ms > 1e11 && ms < 1e14 {
			t = time.UnixMilli(ms)
		} else {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	return ""
}
