package transcript

import (
	"bytes"
	"github.com/memfs/memfs/internal/jsonscan"
	"strings"
	"unicode"
)

// Codex node kinds.
const (
	cxOther uint8 = iota
	cxUser
	cxAssistant
	cxTool
	cxToolOutput
	cxSummary
	cxRollback
)

// codexIndex indexes Codex rollout JSONL: entries without ids, in file
// order, where thread_rolled_back drops the last turns.
type codexIndex struct {
	meta      bool // a session_meta line was seen
	started   bool // the first JSON line was seen
	legacy    bool // the bare format of 2025 (no envelope)
	lastUser  uint64
	sinceUser bool // some other item came after the last user message
	hasUser   bool
}

// codexInjected are the openings of user-role text that the Codex harness
// writes (environment, instructions, notifications), never typed by a user.
var codexInjected = []string{
	"<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<permissions instructions>",
	"<collaboration_mode>", "<skills_instructions>", "<user_shell_command>", "<turn_aborted>",
	"<subagent_notification>", "<context_update>", "<model_switch>", "<personality_spec>", "<hook_prompt",
	"<developer_instructions>", "<INSTRUCTIONS>", "<apps_instructions>", "<plugins_instructions>",
}

// codexRequestMarker precedes the human's text in 2025 rollouts.
const codexRequestMarker = "## My request for Codex:"

var codexCallTypes = map[string]bool{
	"function_call": true, "custom_tool_call": true, "local_shell_call": true, "web_search_call": true,
	"tool_search_call": true, "image_generation_call": true,
}

var codexOutputTypes = map[string]bool{
	"function_call_output": true, "custom_tool_call_output": true, "tool_search_output": true,
}

func (c *codexIndex) projector() projector { return &codexProj{} }

func (c *codexIndex) idMember() string { return "id" }

func (c *codexIndex) synthetic() bool { return true }

func (c *codexIndex) oversize(*index) {}

// finish refuses a file with neither session_meta nor conversation lines
// and takes the last entry as the leaf.
func (c *codexIndex) finish(ix *index) error {
	if !c.meta && ix.n == 0 {
		if ix.overLine > 0 {
			return ix.overErr("no other line is a Codex session_meta or conversation line")
		}
		return newErr(CodeInvalidSource, ix.path, "no Codex session_meta or conversation lines", nil)
	}
	if ix.n > 0 {
		ix.leaf = ix.n - 1
	}
	return nil
}

// add indexes one Codex rollout line. Lines that can never be evidence
// (token counts, turn context, reasoning, developer messages, injected
// context) are not indexed. A user message repeated by an event right
// before or after its response item is a mirror and is not indexed either,
// so each turn starts once.
func (c *codexIndex) add(ix *index, line []byte, off int64, ln int32) {
	var typ, payload, id, recordType []byte
	it := jsonscan.NewObject(line)
	for it.Next() {
		switch string(it.Key()) {
		case "type":
			typ = it.Value()
		case "payload":
			payload = it.Value()
		case "id":
			id = it.Value()
		case "record_type":
			recordType = it.Value()
		}
	}
	if it.Bad() {
		ix.invalid++
		return
	}
	st := c
	t, _ := jsonscan.RawString(typ)
	if !st.started {
		st.started = true
		if len(t) == 0 && jsonscan.String(id) != "" {
			st.legacy = true
			ix.session = jsonscan.String(id)
			return
		}
	}
	if len(recordType) > 0 {
		return
	}
	nd := node{off: off, n: int32(len(line)), ln: ln}
	var userText string
	switch string(t) {
	case "session_meta":
		if !st.meta {
			st.meta = true
			c.readMeta(ix, payload)
		}
		return
	case "response_item":
		nd.kind, userText = c.item(ix, payload)
	case "event_msg":
		nd.kind, userText, nd.aux = codexEvent(payload)
	case "compacted":
		nd.kind = cxSummary
	default:
		if codexCallTypes[string(t)] || codexOutputTypes[string(t)] || string(t) == "message" {
			nd.kind, userText = c.item(ix, line)
		}
	}
	switch nd.kind {
	case cxOther:
		return
	case cxUser:
		h := fnv64(squash(userText))
		if st.hasUser && h == st.lastUser && !st.sinceUser {
			return // the same prompt again, from the other record of it
		}
		st.lastUser, st.hasUser, st.sinceUser = h, true, false
	case cxRollback:
		st.sinceUser = true
		st.hasUser = false
	default:
		st.sinceUser = true
	}
	nd.sum = ix.sum(line)
	ix.push(nd)
}

// readMeta reads the session_meta payload p.
func (c *codexIndex) readMeta(ix *index, p []byte) {
	var id, sid, cwd, source, forked []byte
	o := jsonscan.NewObject(p)
	for o.Next() {
		switch string(o.Key()) {
		case "id":
			id = o.Value()
		case "session_id":
			sid = o.Value()
		case "cwd":
			cwd = o.Value()
		case "source":
			source = o.Value()
		case "forked_from_id":
			forked = o.Value()
		}
	}
	ix.session = jsonscan.String(id)
	if ix.session == "" {
		ix.session = jsonscan.String(sid)
	}
	ix.cwd = jsonscan.String(cwd)
	ix.forkedFrom = jsonscan.String(forked)
	if jsonscan.IsObject(source) {
		so := jsonscan.NewObject(source)
		for so.Next() {
			if jsonscan.KeyIs(so.Key(), "subagent") {
				ix.root = false
			}
		}
	}
}

// item classifies a response item; for a user message it also returns
// the text the user typed (for mirror detection).
func (c *codexIndex) item(ix *index, p []byte) (uint8, string) {
	var typ, rl, content, pass []byte
	o := jsonscan.NewObject(p)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "role":
			rl = o.Value()
		case "content":
			content = o.Value()
		case "internal_chat_message_metadata_passthrough":
			pass = o.Value()
		}
	}
	t, _ := jsonscan.RawString(typ)
	switch {
	case string(t) == "message":
		r, _ := jsonscan.RawString(rl)
		switch string(r) {
		case "user":
			if ix.cwd == "" && c.legacy {
				ix.cwd = strings.TrimSpace(between(blocksText(content), "<cwd>", "</cwd>"))
			}
			if harnessPassthrough(pass) {
				return cxOther, ""
			}
			text, ok := codexUserText(content)
			if !ok {
				return cxOther, ""
			}
			return cxUser, text
		case "assistant":
			return cxAssistant, ""
		}
	case codexCallTypes[string(t)]:
		return cxTool, ""
	case codexOutputTypes[string(t)]:
		return cxToolOutput, ""
	}
	return cxOther, ""
}

// harnessPassthrough reports text that Codex marks as written by the harness
// (for example a SessionStart hook's additional context).
func harnessPassthrough(p []byte) bool {
	return len(p) > 0 && (bytes.Contains(p, []byte(`"harness"`)) || bytes.Contains(p, []byte(`hooks.`)))
}

// codexUserText returns the human's text of a user message, or ok=false when
// the message is context the harness injected.
func codexUserText(content []byte) (string, bool) {
	if jsonscan.IsString(content) {
		s := jsonscan.String(content)
		if codexIsInjected(s) {
			return "", false
		}
		return codexRequest(s), true
	}
	var parts []string
	a := jsonscan.NewArray(content)
	for a.Next() {
		typ, text := blockTypeText(a.Value())
		switch typ {
		case "input_text", "text":
			if codexIsInjected(text) {
				return "", false
			}
			parts = append(parts, text)
		case "input_image", "image":
			parts = append(parts, imagePlaceholder)
		}
	}
	s := strings.TrimSpace(codexRequest(strings.Join(parts, "\n\n")))
	return s, s != ""
}

func codexIsInjected(s string) bool {
	if strings.Contains(s, codexRequestMarker) {
		return false // harness preamble, then what the human asked
	}
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	for _, p := range codexInjected {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func codexRequest(s string) string {
	if i := strings.Index(s, codexRequestMarker); i >= 0 {
		s = s[i+len(codexRequestMarker):]
	}
	return strings.TrimSpace(s)
}

// squash drops all white space, so two records of one prompt compare equal
// however each joined its parts.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

func codexEvent(p []byte) (kind uint8, userText string, turns uint16) {
	var typ, message, item, num []byte
	o := jsonscan.NewObject(p)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "message":
			message = o.Value()
		case "item":
			item = o.Value()
		case "num_turns":
			num = o.Value()
		}
	}
	switch t, _ := jsonscan.RawString(typ); string(t) {
	case "user_message":
		s := jsonscan.String(message)
		if codexIsInjected(s) || strings.TrimSpace(s) == "" {
			return cxOther, "", 0
		}
		return cxUser, codexRequest(s), 0
	case "agent_message":
		return cxAssistant, "", 0
	case "item_completed":
		it, text := codexItemText(item)
		switch it {
		case "UserMessage":
			if codexIsInjected(text) || strings.TrimSpace(text) == "" {
				return cxOther, "", 0
			}
			return cxUser, codexRequest(text), 0
		case "AgentMessage":
			return cxAssistant, "", 0
		}
	case "thread_rolled_back":
		n, ok := smallInt(num)
		if !ok || n > 0xffff {
			n = 0xffff
		}
		return cxRollback, "", uint16(n)
	}
	return cxOther, "", 0
}

// codexItemText reads the type and text of an item_completed item.
func codexItemText(v []byte) (string, string) {
	var typ, text, content, message []byte
	o := jsonscan.NewObject(v)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "text":
			text = o.Value()
		case "content":
			content = o.Value()
		case "message":
			message = o.Value()
		}
	}
	t, _ := jsonscan.RawString(typ)
	switch {
	case jsonscan.IsString(text):
		return string(t), jsonscan.String(text)
	case len(content) > 0:
		return string(t), blocksText(content)
	}
	return string(t), jsonscan.String(message)
}

// branch replays the effective history up to node leaf: user turns are
// pushed as they come and thread_rolled_back drops the last N of them with
// everything after.
func (c *codexIndex) branch(ix *index, leaf int32) []int32 {
	var stack []int32
	var turns []int
	for i := int32(0); i <= leaf; i++ {
		nd := ix.node(i)
		switch nd.kind {
		case cxRollback:
			k := min(int(nd.aux), len(turns))
			if k > 0 {
				stack = stack[:turns[len(turns)-k]]
				turns = turns[:len(turns)-k]
			}
		case cxUser:
			turns = append(turns, len(stack))
			stack = append(stack, i)
		default:
			stack = append(stack, i)
		}
	}
	return stack
}

// codexProj turns Codex rollout lines into evidence items.
type codexProj struct {
	asks      map[string]bool
	lastAsst  uint64
	hasAsst   bool
	replaying bool
}

// replay keeps every asking call id seen in the first pass and stops
// dropping repeated assistant texts: the first pass made no record of a
// repeat, so its line is not read again.
func (p *codexProj) replay() projector {
	q := *p
	q.replaying = true
	return &q
}

func (p *codexProj) wants(nd *node) bool {
	return nd.kind != cxOther && nd.kind != cxRollback
}

func (p *codexProj) project(nd *node, line []byte, it *item) {
	var typ, payload []byte
	o := jsonscan.NewObject(line)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "payload":
			payload = o.Value()
		}
	}
	t, _ := jsonscan.RawString(typ)
	if payload == nil {
		payload = line // a bare item of the 2025 format
	}
	switch nd.kind {
	case cxSummary:
		var msg []byte
		po := jsonscan.NewObject(payload)
		for po.Next() {
			if jsonscan.KeyIs(po.Key(), "message") {
				msg = po.Value()
			}
		}
		if s := strings.TrimSpace(jsonscan.String(msg)); s != "" {
			it.add(piece{role: roleSummary, text: s})
		}
	case cxUser:
		p.hasAsst = false
		if string(t) == "event_msg" {
			_, text, _ := codexEvent(payload)
			if text != "" {
				it.add(piece{role: roleUser, text: text})
			}
			return
		}
		var content []byte
		po := jsonscan.NewObject(payload)
		for po.Next() {
			if jsonscan.KeyIs(po.Key(), "content") {
				content = po.Value()
			}
		}
		if text, ok := codexUserText(content); ok {
			it.add(piece{role: roleUser, text: text})
		}
	case cxAssistant:
		text := p.assistantText(string(t), payload)
		if text == "" {
			return
		}
		h := fnv64(squash(text))
		if p.hasAsst && h == p.lastAsst && !p.replaying {
			return // the event that repeats the response item, or the reverse
		}
		p.lastAsst, p.hasAsst = h, true
		it.add(piece{role: roleAssistant, text: text})
	case cxTool:
		p.call(payload, it)
	case cxToolOutput:
		var callID, output []byte
		po := jsonscan.NewObject(payload)
		for po.Next() {
			switch string(po.Key()) {
			case "call_id":
				callID = po.Value()
			case "output":
				output = po.Value()
			}
		}
		if p.asks[jsonscan.String(callID)] {
			if s := strings.TrimSpace(blocksText(output)); s != "" {
				it.add(piece{role: roleToolResult, text: s})
			}
		}
	}
}

func (p *codexProj) assistantText(envelope string, payload []byte) string {
	var typ, content, message, item []byte
	o := jsonscan.NewObject(payload)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "content":
			content = o.Value()
		case "message":
			message = o.Value()
		case "item":
			item = o.Value()
		}
	}
	t, _ := jsonscan.RawString(typ)
	switch string(t) {
	case "agent_message":
		return strings.TrimSpace(jsonscan.String(message))
	case "item_completed":
		_, text := codexItemText(item)
		return strings.TrimSpace(text)
	}
	return strings.TrimSpace(blocksText(content))
}

func (p *codexProj) call(payload []byte, it *item) {
	var typ, name, ns, args, input, action, callID []byte
	o := jsonscan.NewObject(payload)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "name":
			name = o.Value()
		case "namespace":
			ns = o.Value()
		case "arguments":
			args = o.Value()
		case "input":
			input = o.Value()
		case "action":
			action = o.Value()
		case "call_id":
			callID = o.Value()
		}
	}
	t, _ := jsonscan.RawString(typ)
	n := jsonscan.String(name)
	if s := jsonscan.String(ns); s != "" && n != "" {
		n = s + "." + n
	}
	switch string(t) {
	case "function_call":
		if n == "" {
			return
		}
		if isAskTool(n) {
			if p.asks == nil {
				p.asks = map[string]bool{}
			}
			p.asks[jsonscan.String(callID)] = true
		}
		if jsonscan.IsString(args) {
			it.add(toolCallString(n, jsonscan.String(args)))
		} else {
			it.add(toolCall(n, args))
		}
	case "custom_tool_call":
		if n == "" {
			return
		}
		if jsonscan.IsString(input) {
			it.add(toolCallString(n, jsonscan.String(input)))
		} else {
			it.add(toolCall(n, input))
		}
	default:
		if n == "" {
			n = strings.TrimSuffix(string(t), "_call")
		}
		it.add(toolCall(n, action))
	}
}
