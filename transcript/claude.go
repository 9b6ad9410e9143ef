package transcript

import (
	"bytes"
	"github.com/memfs/memfs/internal/jsonscan"
	"slices"
	"strings"
)

// Claude Code node kinds.
const (
	ccOther uint8 = iota
	ccUser
	ccAssistant
	ccQueued // an attachment carrying a prompt the user queued
)

// ccRelink is a partial compaction recorded on a compact_boundary line:
// the recent messages it kept follow anchor, in order. They are named
// either one by one (preservedMessages) or as the chain from head to tail
// (preservedSegment).
type ccRelink struct {
	boundary   int32
	anchor     uint64
	uuids      []uint64
	head, tail uint64
}

// claudeIndex indexes Claude Code JSONL: a tree over uuid/parentUuid,
// with subagent lines, last-prompt markers and partial compactions.
type claudeIndex struct {
	sidechain  int    // lines of subagents
	promptKey  uint64 // the latest last-prompt.leafUuid
	promptOff  int64
	seenParent bool       // some earlier node had a parent
	relinks    []ccRelink // partial compactions, applied by finish
}

func (c *claudeIndex) projector() projector { return &claudeProj{} }

func (c *claudeIndex) idMember() string { return "uuid" }

func (c *claudeIndex) synthetic() bool { return false }

func (c *claudeIndex) oversize(*index) {}

// add indexes one Claude Code line. Chain lines (anything with a uuid
// except file-history-snapshot, whose ids may collide with real ones) become
// nodes; subagent (sidechain) lines are only counted; last-prompt lines
// record the explicit leaf.
func (c *claudeIndex) add(ix *index, line []byte, off int64, ln int32) {
	var typ, uuid, parent, logical, session, cwd, leafUUID, subtype, forked, compact, att []byte
	var side, meta bool
	it := jsonscan.NewObject(line)
	for it.Next() {
		switch string(it.Key()) {
		case "type":
			typ = it.Value()
		case "uuid":
			uuid = it.Value()
		case "parentUuid":
			parent = it.Value()
		case "logicalParentUuid":
			logical = it.Value()
		case "isSidechain":
			side = jsonscan.IsTrue(it.Value())
		case "isMeta":
			meta = jsonscan.IsTrue(it.Value())
		case "sessionId":
			session = it.Value()
		case "cwd":
			cwd = it.Value()
		case "leafUuid":
			leafUUID = it.Value()
		case "subtype":
			subtype = it.Value()
		case "forkedFrom":
			forked = it.Value()
		case "compactMetadata", "compact_metadata":
			compact = it.Value()
		case "attachment":
			att = it.Value()
		}
	}
	if it.Bad() {
		ix.invalid++
		return
	}
	t, _ := jsonscan.RawString(typ)
	if string(t) == "last-prompt" {
		if k := ix.idKey(leafUUID); k != 0 {
			c.promptKey, c.promptOff = k, off
		}
		return
	}
	key := ix.idKey(uuid)
	if key == 0 || string(t) == "file-history-snapshot" || len(t) == 0 {
		return // not a link of the conversation chain
	}
	if side {
		c.sidechain++
		return
	}
	nd := node{off: off, n: int32(len(line)), ln: ln, sum: ix.sum(line), key: key}
	switch string(t) {
	case "user":
		nd.kind = ccUser
	case "assistant":
		nd.kind = ccAssistant
	case "attachment":
		if attachmentType(att) == "queued_command" {
			nd.kind = ccQueued
		}
	}
	if meta {
		nd.flags |= flagSkip
	}
	if pk := ix.idKey(parent); pk != 0 {
		nd.parKey = pk
		c.seenParent = true
	} else if lk := ix.idKey(logical); lk != 0 && string(t) == "system" {
		nd.parKey = lk
		nd.flags |= flagLogical
	} else if !c.seenParent && ix.n > 0 {
		// Every chain line so far lacks a parent: a linear log (old
		// versions and exports write it so). Link it in file order.
		nd.flags |= flagLinear
	}
	i := ix.push(nd)
	ix.setID(i)
	if string(t) == "system" && jsonscan.String(subtype) == "compact_boundary" && jsonscan.IsObject(compact) {
		c.addRelink(ix, i, compact)
	}
	ix.leaf = i
	setString(&ix.session, session)
	setString(&ix.cwd, cwd)
	if jsonscan.IsObject(forked) {
		fo := jsonscan.NewObject(forked)
		for fo.Next() {
			if jsonscan.KeyIs(fo.Key(), "sessionId") {
				ix.forkedFrom = jsonscan.String(fo.Value())
			}
		}
	}
}

// attachmentType returns the type of an attachment object.
func attachmentType(att []byte) string {
	if !jsonscan.IsObject(att) {
		return ""
	}
	o := jsonscan.NewObject(att)
	for o.Next() {
		if jsonscan.KeyIs(o.Key(), "type") {
			t, _ := jsonscan.RawString(o.Value())
			return string(t)
		}
	}
	return ""
}

// addRelink records the partial compaction a compact_boundary line's
// metadata describes, in either spelling (camelCase on disk, snake_case in
// the SDK stream).
func (c *claudeIndex) addRelink(ix *index, boundary int32, meta []byte) {
	r := ccRelink{boundary: boundary}
	o := jsonscan.NewObject(meta)
	for o.Next() {
		switch string(o.Key()) {
		case "preservedMessages", "preserved_messages":
			m := jsonscan.NewObject(o.Value())
			for m.Next() {
				switch string(m.Key()) {
				case "anchorUuid", "anchor_uuid":
					r.anchor = ix.idKey(m.Value())
				case "uuids":
					r.uuids = r.uuids[:0]
					a := jsonscan.NewArray(m.Value())
					for a.Next() {
						if k := ix.idKey(a.Value()); k != 0 {
							r.uuids = append(r.uuids, k)
						}
					}
				}
			}
		case "preservedSegment", "preserved_segment":
			m := jsonscan.NewObject(o.Value())
			for m.Next() {
				switch string(m.Key()) {
				case "anchorUuid", "anchor_uuid":
					if r.anchor == 0 {
						r.anchor = ix.idKey(m.Value())
					}
				case "headUuid", "head_uuid":
					r.head = ix.idKey(m.Value())
				case "tailUuid", "tail_uuid":
					r.tail = ix.idKey(m.Value())
				}
			}
		}
	}
	if r.anchor != 0 && (len(r.uuids) > 0 || (r.head != 0 && r.tail != 0)) {
		c.relinks = append(c.relinks, r)
	}
}

// applyRelinks makes the messages a partial compaction kept follow its
// anchor, in file order of the boundaries, as Claude Code's loader does:
// uuids[0] (or head) gets the anchor as parent, every later one the one
// before it. The boundary, whose logical parent is the last message before
// the compaction (often a kept one), is linked to the message the kept run
// used to follow instead, so the history before it stays on the branch and
// the kept messages come once, after the summary.
func (c *claudeIndex) applyRelinks(ix *index) {
	for _, r := range c.relinks {
		seg := c.relinkSegment(ix, r)
		anchor := ix.id(r.anchor)
		if len(seg) == 0 || anchor < 0 {
			continue
		}
		in := make(map[int32]bool, len(seg))
		for _, n := range seg {
			in[n] = true
		}
		if in[anchor] || in[r.boundary] {
			continue
		}
		before := c.parent(ix, seg[0])
		if bp := c.parent(ix, r.boundary); bp < 0 || in[bp] {
			b := ix.node(r.boundary)
			b.flags &^= flagLinear
			b.flags |= flagLogical
			b.parKey = 0
			if before >= 0 && !in[before] && before != r.boundary && before != anchor {
				b.parKey = ix.node(before).key
			}
		}
		for j, n := range seg {
			nd := ix.node(n)
			nd.flags &^= flagLinear | flagLogical
			if j == 0 {
				nd.parKey = r.anchor
			} else {
				nd.parKey = ix.node(seg[j-1]).key
			}
		}
	}
	c.relinks = nil
}

// relinkSegment resolves the kept messages of r to live nodes, in order;
// nil if they cannot be (a segment whose tail does not lead back to its
// head).
func (c *claudeIndex) relinkSegment(ix *index, r ccRelink) []int32 {
	var seg []int32
	if len(r.uuids) > 0 {
		seen := map[int32]bool{}
		for _, k := range r.uuids {
			if n := ix.id(k); n >= 0 && !seen[n] {
				seen[n] = true
				seg = append(seg, n)
			}
		}
		return seg
	}
	head := ix.id(r.head)
	cur := ix.id(r.tail)
	if head < 0 || cur < 0 {
		return nil
	}
	for steps := int32(0); cur >= 0 && steps <= ix.n; steps++ {
		seg = append(seg, cur)
		if cur == head {
			slices.Reverse(seg)
			return seg
		}
		cur = c.parent(ix, cur)
	}
	return nil
}

// finish refuses a file without conversation lines, applies the partial
// compactions and picks the leaf. A file of subagent lines only is a
// subagent transcript: not a root, and without a leaf.
func (c *claudeIndex) finish(ix *index) error {
	if ix.n == 0 && c.sidechain == 0 {
		if ix.overLine > 0 {
			return ix.overErr("no other line is a Claude Code conversation line")
		}
		return newErr(CodeInvalidSource, ix.path, "no Claude Code conversation lines", nil)
	}
	if ix.n == 0 {
		ix.root = false
		return nil
	}
	c.applyRelinks(ix)
	ix.leaf = c.leaf(ix)
	return nil
}

// branch follows parentUuid up from leaf.
func (c *claudeIndex) branch(ix *index, leaf int32) []int32 {
	return ix.chain(leaf, func(i int32) int32 { return c.parent(ix, i) })
}

// parent is the node that parentUuid names, or the previous live node in
// file order for a linear log and for a dangling parent (Claude Code
// files may rewrite a line so that it loops back). A compaction boundary
// whose history is gone is a root.
func (c *claudeIndex) parent(ix *index, i int32) int32 {
	nd := ix.node(i)
	if nd.flags&flagLinear != 0 {
		return ix.prevLive(i)
	}
	if nd.parKey == 0 {
		return -1
	}
	p := ix.id(nd.parKey)
	if p < 0 || p == i {
		if nd.flags&flagLogical != 0 {
			return -1 // a compaction boundary whose history is gone
		}
		return ix.prevLive(i) // a dangling parent: fall back to file order
	}
	return p
}

// leaf picks the active leaf: the last chain line, unless the latest
// last-prompt line names a leaf that the last chain line does not descend
// from and that marker was written after it (a dead-end retry or an
// abandoned turn was appended before the marker).
func (c *claudeIndex) leaf(ix *index) int32 {
	last := ix.leaf
	if last >= 0 && !ix.live(last) {
		last = ix.id(ix.node(last).key)
	}
	if c.promptKey == 0 {
		return last
	}
	marked := ix.id(c.promptKey)
	if marked < 0 || last < 0 {
		return last
	}
	for _, b := range ix.branch(last) {
		if b == marked {
			return last
		}
	}
	if c.promptOff > ix.node(last).off {
		return marked
	}
	return last
}

// claudeProj turns Claude Code lines into evidence items.
type claudeProj struct {
	// asks holds the ids of tool calls that ask the user a question; their
	// results carry the user's answer.
	asks map[string]bool
}

// replay keeps every asking call id seen in the first pass.
func (p *claudeProj) replay() projector { return p }

func (p *claudeProj) wants(nd *node) bool {
	return nd.flags&flagSkip == 0 && (nd.kind == ccUser || nd.kind == ccAssistant || nd.kind == ccQueued)
}

// project reads a line in one sweep: the message is parsed where it
// stands rather than skipped first, so a long thinking block or tool output
// is stepped over once.
func (p *claudeProj) project(nd *node, line []byte, it *item) {
	if nd.kind == ccQueued {
		projectQueued(line, it)
		return
	}
	var uuid, content []byte
	var compact, apiErr, seen bool
	o := jsonscan.NewObject(line)
	for o.NextKey() {
		if jsonscan.KeyIs(o.Key(), "message") && !seen {
			seen = true
			n, c := p.messageAt(nd, line[o.Pos():], it)
			if n < 0 || len(it.pieces) == 0 {
				// Nothing kept (tool output, thinking): the rest of the
				// line, often a large toolUseResult, need not be read.
				it.pieces = it.pieces[:0]
				return
			}
			content = c
			if !o.Resume(o.Pos() + n) {
				break
			}
			continue
		}
		if !o.Resume(jsonscan.SkipValue(line, o.Pos())) {
			break
		}
		switch string(o.Key()) {
		case "uuid":
			uuid = o.Value()
		case "isCompactSummary":
			compact = jsonscan.IsTrue(o.Value())
		case "isApiErrorMessage":
			apiErr = jsonscan.IsTrue(o.Value())
		}
	}
	it.id = jsonscan.String(uuid)
	switch {
	case !seen || o.Bad() || apiErr:
		it.pieces = it.pieces[:0]
	case compact && nd.kind == ccUser:
		it.pieces = it.pieces[:0]
		if s := strings.TrimSpace(blocksText(content)); s != "" {
			it.add(piece{role: roleSummary, text: s})
		}
	}
}

// messageAt projects the message object at the start of b. It returns the
// object's length (-1 if malformed) and its content.
func (p *claudeProj) messageAt(nd *node, b []byte, it *item) (int, []byte) {
	m := jsonscan.OpenObject(b)
	if m.Bad() {
		return -1, nil
	}
	var content, msgID, model []byte
	for m.NextKey() {
		if jsonscan.KeyIs(m.Key(), "content") && content == nil {
			n := p.contentAt(nd, b[m.Pos():], it)
			if n < 0 || !m.Resume(m.Pos()+n) {
				return -1, nil
			}
			content = m.Value()
			continue
		}
		if !m.Resume(jsonscan.SkipValue(b, m.Pos())) {
			break
		}
		switch string(m.Key()) {
		case "id":
			msgID = m.Value()
		case "model":
			model = m.Value()
		}
	}
	if m.Bad() {
		return -1, nil
	}
	if nd.kind == ccAssistant {
		if string(model) == `"<synthetic>"` {
			it.pieces = it.pieces[:0]
		} else if id := jsonscan.String(msgID); id != "" {
			it.group = "msg:" + id
		}
	}
	return m.End(), content
}

// contentAt projects the content (a string or an array of blocks) at the
// start of b and returns its length, -1 if malformed.
func (p *claudeProj) contentAt(nd *node, b []byte, it *item) int {
	i := jsonscan.SkipWS(b, 0)
	if i < len(b) && b[i] == '"' {
		e := jsonscan.SkipString(b, i)
		if e < 0 {
			return -1
		}
		s := jsonscan.String(b[i:e])
		if nd.kind == ccUser {
			s = cleanClaudeUserText(s)
		} else {
			s = strings.TrimSpace(s)
		}
		if s != "" {
			r := roleUser
			if nd.kind == ccAssistant {
				r = roleAssistant
			}
			it.add(piece{role: r, text: s})
		}
		return e
	}
	if i >= len(b) || b[i] != '[' {
		return jsonscan.SkipValue(b, i)
	}
	a := jsonscan.OpenArray(b)
	for a.NextAt() {
		var n int
		if a.Pos() < len(b) && b[a.Pos()] == '{' {
			n = p.blockAt(nd, b[a.Pos():], it)
		} else {
			e := jsonscan.SkipValue(b, a.Pos())
			n = e - a.Pos()
			if e >= 0 && nd.kind == ccUser && jsonscan.IsString(b[a.Pos():e]) {
				if s := cleanClaudeUserText(jsonscan.String(b[a.Pos():e])); s != "" {
					it.add(piece{role: roleUser, text: s})
				}
			}
		}
		if n < 0 || !a.Resume(a.Pos()+n) {
			return -1
		}
	}
	if a.Bad() {
		return -1
	}
	return a.End()
}

// blockAt projects one content block at the start of b and returns its
// length, -1 if malformed.
func (p *claudeProj) blockAt(nd *node, b []byte, it *item) int {
	var typ, text, toolID, inner, id, name, input []byte
	isErr := false
	o := jsonscan.OpenObject(b)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "text":
			text = o.Value()
		case "tool_use_id":
			toolID = o.Value()
		case "content":
			inner = o.Value()
		case "is_error":
			isErr = jsonscan.IsTrue(o.Value())
		case "id":
			id = o.Value()
		case "name":
			name = o.Value()
		case "input":
			input = o.Value()
		}
	}
	if o.Bad() {
		return -1
	}
	t, _ := jsonscan.RawString(typ)
	if nd.kind == ccAssistant {
		p.assistantBlock(string(t), text, id, name, input, it)
	} else {
		p.userBlock(string(t), text, toolID, inner, isErr, it)
	}
	return o.End()
}

func (p *claudeProj) userBlock(t string, text, toolID, inner []byte, isErr bool, it *item) {
	switch t {
	case "text":
		if s := cleanClaudeUserText(jsonscan.String(text)); s != "" {
			it.add(piece{role: roleUser, text: s})
		}
	case "image":
		it.add(piece{role: roleUser, text: imagePlaceholder})
	case "document":
		it.add(piece{role: roleUser, text: documentPlaceholder})
	case "tool_result":
		if p.asks[jsonscan.String(toolID)] {
			if s := strings.TrimSpace(blocksText(inner)); s != "" {
				it.add(piece{role: roleToolResult, text: s})
			}
			return
		}
		// A refused tool call (an error result) whose refusal carries
		// what the user said.
		if isErr && bytes.Contains(inner, []byte(userSaidMarker)) {
			s := blocksText(inner)
			if k := strings.Index(s, userSaidMarker); k >= 0 {
				if ans := strings.TrimSpace(s[k+len(userSaidMarker):]); ans != "" {
					it.add(piece{role: roleToolResult, text: ans})
				}
			}
		}
	}
}

func (p *claudeProj) assistantBlock(t string, text, id, name, input []byte, it *item) {
	switch t {
	case "text":
		if s := strings.TrimSpace(jsonscan.String(text)); s != "" {
			it.add(piece{role: roleAssistant, text: s})
		}
	case "tool_use", "server_tool_use":
		n := jsonscan.String(name)
		if n == "" {
			return
		}
		if isAskTool(n) {
			if p.asks == nil {
				p.asks = map[string]bool{}
			}
			p.asks[jsonscan.String(id)] = true
		}
		it.add(toolCall(n, input))
	}
}

// originQueued marks a prompt the user typed while the agent was busy,
// which Claude Code delivers as a queued_command attachment.
const originQueued = "queued_command"

// projectQueued keeps the prompt of a queued_command attachment that a
// person typed (commandMode "prompt", or none; origin kind "human", or
// none). Commands the harness queued itself (task notifications, other
// modes or origins) are dropped, and so is harness text in the prompt.
func projectQueued(line []byte, it *item) {
	var uuid, att []byte
	o := jsonscan.NewObject(line)
	for o.Next() {
		switch string(o.Key()) {
		case "uuid":
			uuid = o.Value()
		case "attachment":
			att = o.Value()
		}
	}
	if o.Bad() || !jsonscan.IsObject(att) {
		return
	}
	var typ, prompt, mode, origin []byte
	a := jsonscan.NewObject(att)
	for a.Next() {
		switch string(a.Key()) {
		case "type":
			typ = a.Value()
		case "prompt":
			prompt = a.Value()
		case "commandMode":
			mode = a.Value()
		case "origin":
			origin = a.Value()
		}
	}
	if a.Bad() || jsonscan.String(typ) != "queued_command" {
		return
	}
	if m := jsonscan.String(mode); !jsonscan.IsNull(mode) && m != "prompt" {
		return
	}
	if !jsonscan.IsNull(origin) {
		kind := "?"
		if jsonscan.IsObject(origin) {
			k := jsonscan.NewObject(origin)
			for k.Next() {
				if jsonscan.KeyIs(k.Key(), "kind") {
					kind = jsonscan.String(k.Value())
				}
			}
		}
		if kind != "human" {
			return
		}
	}
	var s string
	switch {
	case jsonscan.IsString(prompt):
		s = jsonscan.String(prompt)
	case len(prompt) > 0 && prompt[0] == '[':
		s = blocksText(prompt)
	}
	if s = cleanClaudeUserText(s); s != "" {
		it.id = jsonscan.String(uuid)
		it.add(piece{role: roleUser, text: s, origin: originQueued})
	}
}

// userSaidMarker introduces the user's words in Claude Code's message for a
// refused tool call.
const userSaidMarker = "the user said:"

// blocksText joins the text of a string or an array of content blocks.
func blocksText(v []byte) string {
	if jsonscan.IsString(v) {
		return jsonscan.String(v)
	}
	var parts []string
	a := jsonscan.NewArray(v)
	for a.Next() {
		if jsonscan.IsString(a.Value()) {
			parts = append(parts, jsonscan.String(a.Value()))
			continue
		}
		var typ, text []byte
		b := jsonscan.NewObject(a.Value())
		for b.Next() {
			switch string(b.Key()) {
			case "type":
				typ = b.Value()
			case "text":
				text = b.Value()
			}
		}
		switch t, _ := jsonscan.RawString(typ); string(t) {
		case "text", "input_text", "output_text", "":
			if s := jsonscan.String(text); s != "" {
				parts = append(parts, s)
			}
		case "image", "input_image":
			parts = append(parts, imagePlaceholder)
		}
	}
	return strings.Join(parts, "\n\n")
}

// Text the Claude Code harness writes into user turns. Whole-turn prefixes
// drop the text; tagged segments are cut out of it.
var (
	claudeHarnessPrefixes = []string{
		"<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>",
		"Caveat: The messages below were generated by the user while running local commands",
		"[Request interrupted by user",
		// Bash mode ("! git status"): a command the user ran and its
		// output, not words to the agent.
		"<bash-input>", "<bash-stdout>", "<bash-stderr>", "<task-notification>",
	}
	claudeHarnessTags = []string{"system-reminder", "user-prompt-submit-hook", "command-message", "local-command-caveat"}
)

// cleanClaudeUserText removes harness text from a user turn. A slash command
// ("<command-name>/x</command-name><command-args>y</command-args>") is kept
// as what the user typed: "/x y".
func cleanClaudeUserText(s string) string {
	for _, tag := range claudeHarnessTags {
		s = cutTagged(s, tag)
	}
	s = strings.TrimSpace(s)
	for _, p := range claudeHarnessPrefixes {
		if strings.HasPrefix(s, p) {
			return ""
		}
	}
	if strings.Contains(s, "<command-name>") {
		name := strings.TrimSpace(between(s, "<command-name>", "</command-name>"))
		args := strings.TrimSpace(between(s, "<command-args>", "</command-args>"))
		return strings.TrimSpace(name + " " + args)
	}
	return s
}

// cutTagged removes every <tag>…</tag> segment (and an unclosed trailing
// one) from s.
func cutTagged(s, tag string) string {
	open, close := "<"+tag+">", "</"+tag+">"
	for {
		i := strings.Index(s, open)
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], close)
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+j+len(close):]
	}
}

func between(s, open, close string) string {
	i := strings.Index(s, open)
	if i < 0 {
		return ""
	}
	s = s[i+len(open):]
	if j := strings.Index(s, close); j >= 0 {
		return s[:j]
	}
	return s
}
