package dream

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// withheldText replaces the text of an evidence record that holds
// forgotten content.
const withheldText = "[memfs: withheld: this message holds content that was forgotten]"

// Withhold replaces the text of every evidence record that holds content
// matching an erasure marker, names a forgotten session anywhere or is a
// message of a forgotten session (a copy of it under another id), so that what was forgotten never reaches a
// dreamer again even though the agent's own transcript still has it. It
// returns how many records it withheld and notes the count on ev. A nil
// guard withholds nothing.
func Withhold(ev *transcript.Evidence, guard validate.Guard) int {
	if guard == nil || len(ev.Transcript) == 0 {
		return 0
	}
	var out bytes.Buffer
	n := 0
	for _, line := range bytes.SplitAfter(ev.Transcript, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			out.Write(line)
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal(line, &rec); err != nil {
			out.Write(line)
			continue
		}
		text, _ := rec["text"].(string)
		if text == "" || !withheld(guard, text) {
			out.Write(line)
			continue
		}
		rec["text"] = withheldText
		b, err := json.Marshal(rec)
		if err != nil {
			continue
		}
		out.Write(append(b, '\n'))
		n++
	}
	if n > 0 {
		ev.Transcript = out.Bytes()
		ev.Notes = append(ev.Notes, fmt.Sprintf("withheld %d records holding forgotten content", n))
	}
	return n
}

// withheld reports whether an evidence record's text is withheld: it
// holds forgotten text, names a forgotten session, or is a message of a
// forgotten session (when the guard keeps content markers).
func withheld(guard validate.Guard, text string) bool {
	if guard.ErasedContent([]byte(text)) || wiki.MentionsSession(text, guard.ErasedSession) {
		return true
	}
	cg, ok := guard.(interface{ ForgottenMessage(string) bool })
	return ok && cg.ForgottenMessage(text)
}
