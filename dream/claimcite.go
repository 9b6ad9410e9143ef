package dream

import "bytes"

// claimCitations calls add for each claim citation in a page's text,
// "session:<id> entry:<id>", in order: a session id of 1 to 128 id
// characters starting with a letter or digit, optionally followed by '.'
// or ':', then white space, "entry:" and an entry id of the same form
// (its first 128 characters). It reads what the expression
//
//	session:([A-Za-z0-9][A-Za-z0-9._:-]{0,127}?)[.:]?\s+entry:([A-Za-z0-9][A-Za-z0-9._:-]{0,127})
//
// finds (FuzzClaimCitations holds it to that) without running it: the
// check reads every page a run changes and its base version, which at a
// year of memory hold hundreds of citations each.
func claimCitations(raw []byte, add func(session, entry string)) {
	const prefix = "session:"
	for from := 0; ; {
		i := bytes.Index(raw[from:], []byte(prefix))
		if i < 0 {
			return
		}
		start := from + i
		session, entry, end := claimCitationAt(raw, start+len(prefix))
		if end < 0 {
			from = start + 1
			continue
		}
		add(session, entry)
		from = end
	}
}

// claimCitationAt reads a claim citation whose session id starts at j,
// returning its ids and where it ends; end is -1 when none starts there.
func claimCitationAt(raw []byte, j int) (session, entry string, end int) {
	r := j + idRun(raw[j:])
	if r == j || !alnum(raw[j]) {
		return "", "", -1
	}
	// The id is the shortest that the rest follows: the run less a final
	// '.' or ':', else the whole run; white space must follow the run.
	id := r
	if c := raw[r-1]; (c == '.' || c == ':') && r-1 > j {
		id = r - 1
	}
	if id-j > 128 {
		return "", "", -1
	}
	k := r
	for k < len(raw) && space(raw[k]) {
		k++
	}
	const word = "entry:"
	if k == r || !bytes.HasPrefix(raw[k:], []byte(word)) {
		return "", "", -1
	}
	e := k + len(word)
	if e >= len(raw) || !alnum(raw[e]) {
		return "", "", -1
	}
	ee := e + min(idRun(raw[e:]), 128)
	return string(raw[j:id]), string(raw[e:ee]), ee
}

// idRun is the length of the run of id characters b starts with.
func idRun(b []byte) int {
	n := 0
	for n < len(b) && (alnum(b[n]) || b[n] == '.' || b[n] == '_' || b[n] == ':' || b[n] == '-') {
		n++
	}
	return n
}

func alnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// space reports the white space of Go's regular expressions (\s).
func space(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
