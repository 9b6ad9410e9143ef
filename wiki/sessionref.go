package wiki

// Session ids outside a Sources section. A forget of a session removes its
// id wherever it stands as an id, not only as a bare word: after
// "session:", in quotes, brackets or backticks, inside a URL, before a
// colon, at the end of a sentence. An id stands as an id when the
// characters on both sides of it are not session id characters
// ([A-Za-z0-9._:-]); since '.' and ':' are id characters by grammar yet
// also end sentences and lead into notes, a run of id characters names
// every id it ends with after trimming trailing '.' and ':', and after
// dropping everything up to a ':' (so "session:x1." names "x1").

// SessionMentions returns every legal session id that text may name (see
// above), each once, in order of first appearance. It over-approximates:
// a caller asking whether a forgotten id is named checks each candidate.
func SessionMentions(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] && ValidSessionID(id) {
			seen[id] = true
			out = append(out, id)
		}
	}
	for i := 0; i < len(text); {
		if !sessionIDChar(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && sessionIDChar(text[j]) {
			j++
		}
		run := text[i:j]
		i = j
		for k := 0; k <= len(run); k++ {
			if k > 0 && run[k-1] != ':' {
				continue
			}
			sub := trimLeadingIDPunct(run[k:])
			add(sub)
			add(trimTrailingIDPunct(sub))
		}
	}
	return out
}

// MentionsSession reports whether text names a session for which erased
// reports true, in any of the forms SessionMentions finds.
func MentionsSession(text string, erased func(id string) bool) bool {
	for _, id := range SessionMentions(text) {
		if erased(id) {
			return true
		}
	}
	return false
}

// sessionIDChar reports whether c may appear in a session id.
func sessionIDChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '.' || c == '_' || c == ':' || c == '-'
}

// trimTrailingIDPunct drops the '.' and ':' a sentence or a note puts
// after an id.
func trimTrailingIDPunct(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '.' || s[len(s)-1] == ':') {
		s = s[:len(s)-1]
	}
	return s
}

// trimLeadingIDPunct drops what no id starts with: '.', '_', ':' and '-'.
func trimLeadingIDPunct(s string) string {
	for len(s) > 0 && (s[0] == '.' || s[0] == '_' || s[0] == ':' || s[0] == '-') {
		s = s[1:]
	}
	return s
}
