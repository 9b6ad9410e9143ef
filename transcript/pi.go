package transcript

import (
	"fmt"
	"strings"

	"github.com/memfs/memfs/internal/jsonscan"
)

// Pi node kinds.
const (
	piOther uint8 = iota
	piMessage
	piCompaction
	piBranchSummary
	piCustomMessage
)

// piIndex indexes Pi session JSONL: a header line, then entries, linear in
// version 1 and a tree over id/parentId from version 2 on.
type piIndex struct {
	header    bool // the first line was a session header
	badHeader bool // the first line was something else
	version   int  // the session version the header names
}

func (p *piIndex) projector() projector { return &piProj{} }

func (p *piIndex) idMember() string { return "id" }

// synthetic: version 1 entries have no ids.
func (p *piIndex) synthetic() bool { return p.version < 2 }

// oversize: a first line too long to read is not a header.
func (p *piIndex) oversize(*index) {
	if !p.header {
		p.badHeader = true
	}
}

// add indexes one Pi session line. The first line must be the session
// header. Version 1 files have no ids: entries are linear and get the
// synthetic id "line:N". Later versions form a tree over id/parentId.
func (p *piIndex) add(ix *index, line []byte, off int64, ln int32) {
	var typ, id, parent, version, cwd, parentSession, branchedFrom []byte
	hasParent := false
	it := jsonscan.NewObject(line)
	for it.Next() {
		switch string(it.Key()) {
		case "type":
			typ = it.Value()
		case "id":
			id = it.Value()
		case "parentId":
			parent, hasParent = it.Value(), true
		case "version":
			version = it.Value()
		case "cwd":
			cwd = it.Value()
		case "parentSession":
			parentSession = it.Value()
		case "branchedFrom":
			branchedFrom = it.Value()
		}
	}
	if !p.header {
		if p.badHeader {
			return
		}
		t, _ := jsonscan.RawString(typ)
		if it.Bad() || string(t) != "session" || jsonscan.String(id) == "" {
			p.badHeader = true
			return
		}
		p.header = true
		ix.session = jsonscan.String(id)
		ix.cwd = jsonscan.String(cwd)
		ix.forkedFrom = jsonscan.String(parentSession)
		if ix.forkedFrom == "" {
			ix.forkedFrom = jsonscan.String(branchedFrom)
		}
		p.version = 1
		switch string(version) {
		case "", "1", "null":
		default:
			if v, ok := smallInt(version); ok && v >= 2 {
				p.version = v
			}
		}
		return
	}
	if it.Bad() {
		ix.invalid++
		return
	}
	t, ok := jsonscan.RawString(typ)
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
	if p.version >= 2 {
		if nd.key = ix.idKey(id); nd.key == 0 {
			ix.invalid++
			return
		}
		if hasParent {
			nd.parKey = ix.idKey(parent)
		}
	}
	i := ix.push(nd)
	if nd.key != 0 {
		ix.setID(i)
	}
}

// finish requires the header, refuses a tree whose parentId links form a
// cycle, and takes the last entry as the leaf.
func (p *piIndex) finish(ix *index) error {
	if !p.header || p.badHeader {
		if ix.overLine == 1 {
			return ix.overErr("the Pi session header was expected there")
		}
		return newErr(CodeInvalidSource, ix.path, "no Pi session header on the first line", nil)
	}
	if ln := p.cycle(ix); ln > 0 {
		return newErr(CodeInvalidSource, ix.path, fmt.Sprintf("the entry on line %d is its own ancestor: the parentId links form a cycle", ln), nil)
	}
	if ix.n > 0 {
		ix.leaf = ix.id(ix.node(ix.n - 1).key)
		if p.version < 2 || ix.leaf < 0 {
			ix.leaf = ix.n - 1
		}
	}
	return nil
}

// cycle finds a Pi entry that is its own ancestor and returns its line
// number, or 0. Pi appends an entry under one that is already written, so
// a cycle means a damaged file; its branch would have no root and no
// order. Each node is visited once: a walk stops at a node already known
// to reach a root, and a node met again on the current walk is a cycle.
func (p *piIndex) cycle(ix *index) int32 {
	if p.version < 2 {
		return 0
	}
	const (
		onPath = 1
		done   = 2
	)
	state := make([]uint8, ix.n)
	var path []int32
	for i := int32(0); i < ix.n; i++ {
		path = path[:0]
		for cur := i; cur >= 0 && state[cur] != done; {
			if state[cur] == onPath {
				return ix.node(cur).ln
			}
			state[cur] = onPath
			path = append(path, cur)
			nd := ix.node(cur)
			if nd.parKey == 0 {
				break
			}
			cur = ix.id(nd.parKey)
		}
		for _, j := range path {
			state[j] = done
		}
	}
	return 0
}

// branch follows parentId up from leaf. An entry whose parent is missing
// starts the branch, as in Pi's own loader; ix.orphan names its line.
func (p *piIndex) branch(ix *index, leaf int32) []int32 {
	out := ix.chain(leaf, func(i int32) int32 { return p.parent(ix, i) })
	if nd := ix.node(out[0]); nd.parKey != 0 && ix.id(nd.parKey) < 0 {
		ix.orphan = nd.ln
	}
	return out
}

// parent is the previous entry in version 1, the parentId entry later (-1
// when it is missing: the entry starts the branch).
func (p *piIndex) parent(ix *index, i int32) int32 {
	if p.version < 2 {
		return i - 1
	}
	nd := ix.node(i)
	if nd.parKey == 0 {
		return -1
	}
	return ix.id(nd.parKey)
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
	o := jsonscan.NewObject(line)
	for o.Next() {
		switch string(o.Key()) {
		case "id":
			id = o.Value()
		case "message":
			msg = o.Value()
		case "summary":
			summary = o.Value()
		case "content":
			content = o.Value()
		case "display":
			display = o.Value()
		case "customType":
			customType = o.Value()
		}
	}
	it.id = jsonscan.String(id)
	switch nd.kind {
	case piCompaction, piBranchSummary:
		if s := strings.TrimSpace(jsonscan.String(summary)); s != "" {
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
		it.add(piece{role: roleUser, text: s, origin: "extension:" + jsonscan.String(customType)})
	}
}

func (p *piProj) message(msg []byte, it *item) {
	if !jsonscan.IsObject(msg) {
		return
	}
	var rl, content, toolName, command, summary, display, customType []byte
	m := jsonscan.NewObject(msg)
	for m.Next() {
		switch string(m.Key()) {
		case "role":
			rl = m.Value()
		case "content":
			content = m.Value()
		case "toolName":
			toolName = m.Value()
		case "command":
			command = m.Value()
		case "summary":
			summary = m.Value()
		case "display":
			display = m.Value()
		case "customType":
			customType = m.Value()
		}
	}
	r, _ := jsonscan.RawString(rl)
	switch string(r) {
	case "user":
		if jsonscan.IsString(content) {
			if s := strings.TrimSpace(jsonscan.String(content)); s != "" {
				it.add(piece{role: roleUser, text: s})
			}
			return
		}
		a := jsonscan.NewArray(content)
		for a.Next() {
			typ, text := blockTypeText(a.Value())
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
		a := jsonscan.NewArray(content)
		for a.Next() {
			var typ, text, name, args []byte
			b := jsonscan.NewObject(a.Value())
			for b.Next() {
				switch string(b.Key()) {
				case "type":
					typ = b.Value()
				case "text":
					text = b.Value()
				case "name":
					name = b.Value()
				case "arguments":
					args = b.Value()
				}
			}
			switch t, _ := jsonscan.RawString(typ); string(t) {
			case "text":
				if s := strings.TrimSpace(jsonscan.String(text)); s != "" {
					it.add(piece{role: roleAssistant, text: s})
				}
			case "toolCall":
				if n := jsonscan.String(name); n != "" {
					it.add(toolCall(n, args))
				}
			}
		}
	case "toolResult":
		if isAskTool(jsonscan.String(toolName)) {
			if s := strings.TrimSpace(blocksText(content)); s != "" {
				it.add(piece{role: roleToolResult, text: s})
			}
		}
	case "bashExecution":
		// A shell command the user ran from the prompt (!cmd).
		if c := jsonscan.String(command); c != "" {
			pc := toolCallString("bash", "")
			pc.text, pc.json, pc.origin = string(jsonscan.AppendString([]byte(`{"command":`), c))+"}", true, "user"
			it.add(pc)
		}
	case "branchSummary", "compactionSummary":
		if s := strings.TrimSpace(jsonscan.String(summary)); s != "" {
			it.add(piece{role: roleSummary, text: s})
		}
	case "custom", "hookMessage":
		extensionMessage(content, display, customType, it)
	}
}

// blockTypeText returns the type and decoded text of a content block.
func blockTypeText(v []byte) (string, string) {
	var typ, text []byte
	b := jsonscan.NewObject(v)
	for b.Next() {
		switch string(b.Key()) {
		case "type":
			typ = b.Value()
		case "text":
			text = b.Value()
		}
	}
	t, _ := jsonscan.RawString(typ)
	return string(t), jsonscan.String(text)
}
