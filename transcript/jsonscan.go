package transcript

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds a small JSON reader made for transcript lines: it walks the
// members of an object and hands out each value as a raw span, skipping the
// values nobody asked for without decoding them. Strings are skipped with
// bytes.IndexByte, so a line that is mostly a large tool output costs little
// more than a memchr. Skipping is lax inside values nobody reads (bracket
// kinds are not matched); what is decoded is decoded strictly. Nothing here
// panics on any input, and nothing returns content in an error.

// maxDepth bounds recursion when a value is rewritten.
const maxDepth = 200

func skipWS(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the index just past the string that starts at b[i]
// (which must be '"'), or -1 if it is not terminated.
func skipString(b []byte, i int) int {
	j := i + 1
	// Most strings are short (keys, ids): look at a few bytes before
	// paying for a call.
	for end := min(len(b), j+24); j < end; j++ {
		switch b[j] {
		case '"':
			return j + 1
		case '\\':
			goto long
		}
	}
long:
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1
		}
		q := j + k
		bs := 0
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			bs++
		}
		if bs&1 == 0 {
			return q + 1
		}
		j = q + 1
	}
}

// skipNested returns the index just past the object or array at b[i].
func skipNested(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch b[i] {
		case '"':
			i = skipString(b, i)
			if i < 0 {
				return -1
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return -1
}

// skipValue returns the index just past the value starting at or after b[i].
func skipValue(b []byte, i int) int {
	i = skipWS(b, i)
	if i >= len(b) {
		return -1
	}
	switch c := b[i]; {
	case c == '"':
		return skipString(b, i)
	case c == '{' || c == '[':
		return skipNested(b, i)
	case c == 't':
		return literal(b, i, "true")
	case c == 'f':
		return literal(b, i, "false")
	case c == 'n':
		return literal(b, i, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		j := i + 1
		for j < len(b) {
			d := b[j]
			if (d >= '0' && d <= '9') || d == '.' || d == 'e' || d == 'E' || d == '+' || d == '-' {
				j++
				continue
			}
			break
		}
		return j
	}
	return -1
}

func literal(b []byte, i int, lit string) int {
	if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
		return i + len(lit)
	}
	return -1
}

// objIter walks the members of one JSON object. Use:
//
//	it := newObj(b)
//	for it.next() { ... it.key, it.val ... }
//	if it.bad { ... }
//
// or, to parse a value in place instead of skipping it first, nextKey, then
// either skip or parse the value starting at it.i and call resume with the
// index just past it. An object opened with openObj may be followed by more
// bytes; end is then the index just past it.
type objIter struct {
	b        []byte
	i        int
	key, val []byte // key without quotes (escapes kept), value as a raw span
	bad      bool
	done     bool
	open     bool
	end      int
}

func newObj(b []byte) objIter {
	it := objIter{b: b}
	it.start()
	return it
}

func openObj(b []byte) objIter {
	it := objIter{b: b, open: true}
	it.start()
	return it
}

func (it *objIter) start() {
	b := it.b
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		it.bad, it.done = true, true
		return
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		it.close(i)
		return
	}
	it.i = i
}

func (it *objIter) close(i int) {
	it.done, it.end = true, i+1
	if !it.open && skipWS(it.b, i+1) != len(it.b) {
		it.bad = true
	}
}

func (it *objIter) next() bool {
	if !it.nextKey() {
		return false
	}
	return it.resume(skipValue(it.b, it.i))
}

// nextKey reads the next member's key and leaves it.i at its value.
func (it *objIter) nextKey() bool {
	if it.done {
		return false
	}
	b, i := it.b, it.i
	if i >= len(b) || b[i] != '"' {
		return it.fail()
	}
	ke := skipString(b, i)
	if ke < 0 {
		return it.fail()
	}
	it.key = b[i+1 : ke-1]
	i = skipWS(b, ke)
	if i >= len(b) || b[i] != ':' {
		return it.fail()
	}
	it.i = skipWS(b, i+1)
	return true
}

// resume continues after a value that ends at ve (-1: malformed).
func (it *objIter) resume(ve int) bool {
	if ve < 0 || ve < it.i {
		return it.fail()
	}
	b := it.b
	it.val = b[it.i:ve]
	i := skipWS(b, ve)
	switch {
	case i < len(b) && b[i] == ',':
		it.i = skipWS(b, i+1)
	case i < len(b) && b[i] == '}':
		it.close(i)
		if it.bad {
			return false
		}
	default:
		return it.fail()
	}
	return true
}

func (it *objIter) fail() bool {
	it.bad, it.done = true, true
	return false
}

// arrIter walks the elements of one JSON array.
type arrIter struct {
	b    []byte
	i    int
	val  []byte
	bad  bool
	done bool
	open bool
	end  int
}

func newArr(b []byte) arrIter { return makeArr(b, false) }

// openArr walks an array that may be followed by more bytes; end is the
// index just past it once the walk is done.
func openArr(b []byte) arrIter { return makeArr(b, true) }

func makeArr(b []byte, open bool) arrIter {
	it := arrIter{b: b, open: open}
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '[' {
		it.bad, it.done = true, true
		return it
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		it.done, it.end = true, i+1
		it.bad = !open && skipWS(b, i+1) != len(b)
		return it
	}
	it.i = i
	return it
}

func (it *arrIter) next() bool {
	if !it.nextAt() {
		return false
	}
	return it.resume(skipValue(it.b, it.i))
}

// nextAt positions it.i at the next element without reading it; call
// resume with the index just past the element.
func (it *arrIter) nextAt() bool {
	if it.done {
		return false
	}
	it.i = skipWS(it.b, it.i)
	return true
}

// resume continues after an element that ends at ve (-1: malformed).
func (it *arrIter) resume(ve int) bool {
	if ve < 0 || ve < it.i {
		it.bad, it.done = true, true
		return false
	}
	b := it.b
	it.val = b[it.i:ve]
	i := skipWS(b, ve)
	switch {
	case i < len(b) && b[i] == ',':
		it.i = i + 1
	case i < len(b) && b[i] == ']':
		it.done, it.end = true, i+1
		if !it.open && skipWS(b, i+1) != len(b) {
			it.bad = true
			return false
		}
	default:
		it.bad, it.done = true, true
		return false
	}
	return true
}

func isObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }
func isString(v []byte) bool { return len(v) >= 2 && v[0] == '"' }
func isTrue(v []byte) bool   { return string(v) == "true" }
func isNull(v []byte) bool   { return len(v) == 0 || string(v) == "null" }

// rawStr returns the bytes between the quotes of a string value when it has
// no escapes, which is how ids, types and keys are written in practice.
// ok is false for a non-string or a string with escapes.
func rawStr(v []byte) (s []byte, ok bool) {
	if !isString(v) {
		return nil, false
	}
	s = v[1 : len(v)-1]
	if bytes.IndexByte(s, '\\') >= 0 {
		return nil, false
	}
	return s, true
}

// strVal returns the decoded string value of v, or "" when v is not a string.
func strVal(v []byte) string {
	s, _ := decodeString(v)
	return s
}

// keyIs reports whether a raw member key equals name. Keys written with
// escapes never match; no transcript writer escapes plain ASCII keys.
func keyIs(key []byte, name string) bool { return string(key) == name }

// decodeString decodes a JSON string value. Invalid UTF-8 becomes U+FFFD, as
// encoding/json does; a malformed escape makes ok false.
func decodeString(v []byte) (string, bool) {
	if !isString(v) || v[len(v)-1] != '"' {
		return "", false
	}
	s := v[1 : len(v)-1]
	if bytes.IndexByte(s, '\\') < 0 {
		if utf8.Valid(s) {
			return string(s), true
		}
		return strings.ToValidUTF8(string(s), "\uFFFD"), true
	}
	return unescape(s)
}

func unescape(s []byte) (string, bool) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			j := bytes.IndexByte(s[i:], '\\')
			if j < 0 {
				j = len(s) - i
			}
			out = append(out, s[i:i+j]...)
			i += j
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		switch s[i+1] {
		case '"', '\\', '/':
			out = append(out, s[i+1])
			i += 2
		case 'b':
			out = append(out, '\b')
			i += 2
		case 'f':
			out = append(out, '\f')
			i += 2
		case 'n':
			out = append(out, '\n')
			i += 2
		case 'r':
			out = append(out, '\r')
			i += 2
		case 't':
			out = append(out, '\t')
			i += 2
		case 'u':
			r, ok := hex4(s, i+2)
			if !ok {
				return "", false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if r2, ok2 := hex4(s, i+2); ok2 && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
						i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", false
		}
	}
	if !utf8.Valid(out) {
		return strings.ToValidUTF8(string(out), "\uFFFD"), true
	}
	return string(out), true
}

func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range s[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string. It escapes only what JSON
// requires (no HTML escaping), so the size is predictable by encodedLen.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// escLen is the encoded size of one byte inside a JSON string.
func escLen(c byte) int {
	switch {
	case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
		return 2
	case c < 0x20:
		return 6
	}
	return 1
}

// encodedLen is the size of s inside a JSON string, without the quotes.
func encodedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			n += escLen(c) - 1
		}
	}
	return n
}

// rewriteJSON appends the value v compacted, with every string value passed
// through fn together with the name of the member that holds it (the
// nearest enclosing key for array elements). ok is false when v is not
// well-formed JSON.
func rewriteJSON(dst, v []byte, key string, fn func(key, s string) string, depth int) ([]byte, bool) {
	if depth > maxDepth {
		return dst, false
	}
	i := skipWS(v, 0)
	j := len(v)
	for j > i && (v[j-1] == ' ' || v[j-1] == '\t' || v[j-1] == '\n' || v[j-1] == '\r') {
		j--
	}
	v = v[i:j]
	if len(v) == 0 {
		return dst, false
	}
	switch v[0] {
	case '"':
		if skipString(v, 0) != len(v) {
			return dst, false
		}
		s, ok := decodeString(v)
		if !ok {
			return dst, false
		}
		if fn != nil {
			s = fn(key, s)
		}
		return appendString(dst, s), true
	case '{':
		it := newObj(v)
		dst = append(dst, '{')
		first := true
		for it.next() {
			k, ok := decodeString(append(append([]byte{'"'}, it.key...), '"'))
			if !ok {
				return dst, false
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = appendString(dst, k)
			dst = append(dst, ':')
			if dst, ok = rewriteJSON(dst, it.val, k, fn, depth+1); !ok {
				return dst, false
			}
		}
		if it.bad {
			return dst, false
		}
		return append(dst, '}'), true
	case '[':
		it := newArr(v)
		dst = append(dst, '[')
		first := true
		for it.next() {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			var ok bool
			if dst, ok = rewriteJSON(dst, it.val, key, fn, depth+1); !ok {
				return dst, false
			}
		}
		if it.bad {
			return dst, false
		}
		return append(dst, ']'), true
	}
	if skipValue(v, 0) != len(v) {
		return dst, false
	}
	if c := v[0]; c == '-' || (c >= '0' && c <= '9') {
		if !validNumber(v) {
			return dst, false
		}
	}
	return append(dst, v...), true
}

// validNumber checks the JSON number grammar.
func validNumber(v []byte) bool {
	i := 0
	if i < len(v) && v[i] == '-' {
		i++
	}
	if i >= len(v) {
		return false
	}
	if v[i] == '0' {
		i++
	} else if v[i] >= '1' && v[i] <= '9' {
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
	} else {
		return false
	}
	if i < len(v) && v[i] == '.' {
		i++
		d := i
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		d := i
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
	}
	return i == len(v)
}
