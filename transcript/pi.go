package transcript

import (
	"strings"
)

// Pi node kinds.
const (
	piOther uint8 = iota
	piMessage
	piCompaction
	piBranchSummary
	piCustomMessage
)

type piState struct {
	header    bool // the first line was a session header
	badHeader bool // the first line was something else
}

// addPi indexes one Pi session line. The first line must be the session
// header. Version 1 files have no ids: entries are linear and get the
// synthetic id "line:N". Later versions form a tree over id/parentId.
func (ix *index) addPi(line []byte, off int64, ln int32) {
	var typ, id, parent, version, cwd, parentSession, branchedFrom []byte
	hasParent := false
	it := newObj(line)
	for it.next() {
		switch string(it.key) {
		case "type":
			typ = it.val
		case "id":
			id = it.val
		case "parentId":
			parent, hasParent = it.val, true
		case "version":
			version = it.val
		case "cwd":
			cwd = it.val
		case "parentSession":
			parentSession = it.val
		case "branchedFrom":
			branchedFrom = it.val
		}
	}
	if !ix.pi.header {
		if ix.pi.badHeader {
			return
		}
		t, _ := rawStr(typ)
		if it.bad || string(t) != "session" || strVal(id) == "" {
			ix.pi.badHeader = true
			return
		}
		ix.pi.header = true
		ix.session = strVal(id)
		ix.cwd = strVal(cwd)
		ix.forkedFrom = strVal(parentSession)
		if ix.forkedFrom == "" {
			ix.forkedFrom = strVal(branchedFrom)
		}
		ix.version = 1
		switch string(version) {
		case "", "1", "null":
		default:
			if v, ok := smallInt(version); ok && v >= 2 {
				ix.version = v
			}
		}
		return
	}
	if it.bad {
		ix.invalid++
		return
	}
	t, ok := rawStr(typ)
	if !ok || len(t) == 0 || string(t) == "session" {
		ix.invalid++
		return
	}
	nd := node{off: off, n: int32(len(line)), ln: ln, sum: ix.sum(line)}
	switch string(t) {
	case "message":
		nd.kind = piMessage
	case "compaction":
		nd.kind = piCompaction
	case "branch_summary":
		nd.kind = piBranchSummary
	case "custom_message":
		nd.kind = piCustomMessage
	}
	if ix.version >= 2 {
		sid := strVal(id)
		if sid == "" {
			ix.invalid++
			return
		}
		nd.key = ix.hashIDString(sid)
		if p := strVal(parent); hasParent && p != "" {
			nd.parKey = ix.hashIDString(p)
		}
	}
	i := ix.push(nd)
	if nd.key != 0 {
		ix.ids.put(nd.key, i)
	}
}

func smallInt(v []byte) (int, bool) {
	if len(v) == 0 || len(v) > 6 {
		return 0, false
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// piProj turns Pi entries into evidence items.
type piProj struct{}

func (p *piProj) replay() projector { return p }

func (p *piProj) wants(nd *node) bool { return nd.kind != piOther }

func (p *piProj) project(nd *node, line []byte, it *item) {
	var id, msg, summary, content, display, customType []byte
	o := newObj(line)
	for o.next() {
		switch string(o.key) {
		case "id":
			id = o.val
		case "message":
			msg = o.val
		case "summary":
			summary = o.val
		case "content":
			content = o.val
		case "display":
			display = o.val
		case "customType":
			customType = o.val
		}
	}
	it.id = strVal(id)
	switch nd.kind {
	case piCompaction, piBranchSummary:
		if s := strings.TrimSpace(strVal(summary)); s != "" {
			it.add(piece{role: roleSummary, text: s})
		}
	case piCustomMessage:
		extensionMessage(content, display, customType, it)
	case piMessage:
		p.message(msg, it)
	}
}

// extensionMessage keeps a message an extension put in the conversation
// only when it was shown to the user; hidden ones are injected context.
func extensionMessage(content, display, customType []byte, it *item) {
	if string(display) != "true" {
		return
	}
	if s := strings.TrimSpace(blocksText(content)); s != "" {
		it.add(piece{role: roleUser, text: s, origin: "extension:" + strVal(customType)})
	}
}

func (p *piProj) message(msg []byte, it *item) {
	if !isObject(msg) {
		return
	}
	var rl, content, toolName, command, summary, display, customType []byte
	m := newObj(msg)
	for m.next() {
		switch string(m.key) {
		case "role":
			rl = m.val
		case "content":
			content = m.val
		case "toolName":
			toolName = m.val
		case "command":
			command = m.val
		case "summary":
			summary = m.val
		case "display":
			display = m.val
		case "customType":
			customType = m.val
		}
	}
	r, _ := rawStr(rl)
	switch string(r) {
	case "user":
		if isString(content) {
			if s := strings.TrimSpace(strVal(content)); s != "" {
				it.add(piece{role: roleUser, text: s})
			}
			return
		}
		a := newArr(content)
		for a.next() {
			typ, text := blockTypeText(a.val)
			switch typ {
			case "text":
				if s := strings.TrimSpace(text); s != "" {
					it.add(piece{role: roleUser, text: s})
				}
			case "image":
				it.add(piece{role: roleUser, text: imagePlaceholder})
			}
		}
	case "assistant":
		a := newArr(content)
		for a.next() {
			var typ, text, name, args []byte
			b := newObj(a.val)
			for b.next() {
				switch string(b.key) {
				case "type":
					typ = b.val
				case "text":
					text = b.val
				case "name":
					name = b.val
				case "arguments":
					args = b.val
				}
			}
			switch t, _ := rawStr(typ); string(t) {
			case "text":
				if s := strings.TrimSpace(strVal(text)); s != "" {
					it.add(piece{role: roleAssistant, text: s})
				}
			case "toolCall":
				if n := strVal(name); n != "" {
					it.add(toolCall(n, args))
				}
			}
		}
	case "toolResult":
		if isAskTool(strVal(toolName)) {
			if s := strings.TrimSpace(blocksText(content)); s != "" {
				it.add(piece{role: roleToolResult, text: s})
			}
		}
	case "bashExecution":
		// A shell command the user ran from the prompt (!cmd).
		if c := strVal(command); c != "" {
			pc := toolCallString("bash", "")
			pc.text, pc.json, pc.origin = string(appendString([]byte(`{"command":`), c))+"}", true, "user"
			it.add(pc)
		}
	case "branchSummary", "compactionSummary":
		if s := strings.TrimSpace(strVal(summary)); s != "" {
			it.add(piece{role: roleSummary, text: s})
		}
	case "custom", "hookMessage":
		extensionMessage(content, display, customType, it)
	}
}

// blockTypeText returns the type and decoded text of a content block.
func blockTypeText(v []byte) (string, string) {
	var typ, text []byte
	b := newObj(v)
	for b.next() {
		switch string(b.key) {
		case "type":
			typ = b.val
		case "text":
			text = b.val
		}
	}
	t, _ := rawStr(typ)
	return string(t), strVal(text)
}
