package jsonscan

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth bounds recursion when a value is rewritten.
const maxDepth = 200

// SkipWS returns the index of the first byte at or after b[i] that is not
// JSON white space.
func SkipWS(b []byte, i int) int {
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

// SkipString returns the index just past the string that starts at b[i]
// (which must be '"'), or -1 if it is not terminated.
func SkipString(b []byte, i int) int {
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
			i = SkipString(b, i)
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

// SkipValue returns the index just past the value starting at or after b[i].
func SkipValue(b []byte, i int) int {
	i = SkipWS(b, i)
	if i >= len(b) {
		return -1
	}
	switch c := b[i]; {
	case c == '"':
		return SkipString(b, i)
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

// Object walks the members of one JSON object. Use:
//
//	it := jsonscan.NewObject(b)
//	for it.Next() { ... it.Key(), it.Value() ... }
//	if it.Bad() { ... }
//
// or, to parse a value in place instead of skipping it first, NextKey, then
// either skip or parse the value starting at b[it.Pos():] and call Resume
// with the index just past it. An object opened with OpenObject may be
// followed by more bytes; End is then the index just past it.
type Object struct {
	b        []byte
	i        int
	key, val []byte // key without quotes (escapes kept), value as a raw span
	bad      bool
	done     bool
	open     bool
	end      int
}

// NewObject walks the object that is the whole of b (surrounding white
// space aside); anything after it makes the walk Bad.
func NewObject(b []byte) Object {
	it := Object{b: b}
	it.start()
	return it
}

// OpenObject walks the object at the start of b, which may be followed by
// more bytes.
func OpenObject(b []byte) Object {
	it := Object{b: b, open: true}
	it.start()
	return it
}

func (it *Object) start() {
	b := it.b
	i := SkipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		it.bad, it.done = true, true
		return
	}
	i = SkipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		it.close(i)
		return
	}
	it.i = i
}

func (it *Object) close(i int) {
	it.done, it.end = true, i+1
	if !it.open && SkipWS(it.b, i+1) != len(it.b) {
		it.bad = true
	}
}

// Next reads the next member, skipping its value; false at the end of the
// object or on malformed input (then Bad is true).
func (it *Object) Next() bool {
	if !it.NextKey() {
		return false
	}
	return it.Resume(SkipValue(it.b, it.i))
}

// NextKey reads the next member's key and leaves Pos at its value.
func (it *Object) NextKey() bool {
	if it.done {
		return false
	}
	b, i := it.b, it.i
	if i >= len(b) || b[i] != '"' {
		return it.fail()
	}
	ke := SkipString(b, i)
	if ke < 0 {
		return it.fail()
	}
	it.key = b[i+1 : ke-1]
	i = SkipWS(b, ke)
	if i >= len(b) || b[i] != ':' {
		return it.fail()
	}
	it.i = SkipWS(b, i+1)
	return true
}

// Resume continues after a value that ends at ve (-1: malformed).
func (it *Object) Resume(ve int) bool {
	if ve < 0 || ve < it.i {
		return it.fail()
	}
	b := it.b
	it.val = b[it.i:ve]
	i := SkipWS(b, ve)
	switch {
	case i < len(b) && b[i] == ',':
		it.i = SkipWS(b, i+1)
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

// Key is the current member's key without its quotes (escapes kept).
func (it *Object) Key() []byte { return it.key }

// Value is the current member's value as a raw span.
func (it *Object) Value() []byte { return it.val }

// Pos is the index in the walked bytes where the next value starts.
func (it *Object) Pos() int { return it.i }

// Bad reports whether the walk met malformed input.
func (it *Object) Bad() bool { return it.bad }

// Done reports whether the walk has ended, at the close or on malformed
// input.
func (it *Object) Done() bool { return it.done }

// End is the index just past the closing brace once the walk is done.
func (it *Object) End() int { return it.end }

func (it *Object) fail() bool {
	it.bad, it.done = true, true
	return false
}

// Array walks the elements of one JSON array, as Object walks members.
type Array struct {
	b    []byte
	i    int
	val  []byte
	bad  bool
	done bool
	open bool
	end  int
}

// NewArray walks the array that is the whole of b (surrounding white space
// aside).
func NewArray(b []byte) Array { return makeArr(b, false) }

// OpenArray walks an array that may be followed by more bytes; End is the
// index just past it once the walk is done.
func OpenArray(b []byte) Array { return makeArr(b, true) }

func makeArr(b []byte, open bool) Array {
	it := Array{b: b, open: open}
	i := SkipWS(b, 0)
	if i >= len(b) || b[i] != '[' {
		it.bad, it.done = true, true
		return it
	}
	i = SkipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		it.done, it.end = true, i+1
		it.bad = !open && SkipWS(b, i+1) != len(b)
		return it
	}
	it.i = i
	return it
}

// Next reads the next element; false at the end of the array or on
// malformed input (then Bad is true).
func (it *Array) Next() bool {
	if !it.NextAt() {
		return false
	}
	return it.Resume(SkipValue(it.b, it.i))
}

// NextAt positions Pos at the next element without reading it; call
// Resume with the index just past the element.
func (it *Array) NextAt() bool {
	if it.done {
		return false
	}
	it.i = SkipWS(it.b, it.i)
	return true
}

// Resume continues after an element that ends at ve (-1: malformed).
func (it *Array) Resume(ve int) bool {
	if ve < 0 || ve < it.i {
		it.bad, it.done = true, true
		return false
	}
	b := it.b
	it.val = b[it.i:ve]
	i := SkipWS(b, ve)
	switch {
	case i < len(b) && b[i] == ',':
		it.i = i + 1
	case i < len(b) && b[i] == ']':
		it.done, it.end = true, i+1
		if !it.open && SkipWS(b, i+1) != len(b) {
			it.bad = true
			return false
		}
	default:
		it.bad, it.done = true, true
		return false
	}
	return true
}

// Value is the current element as a raw span.
func (it *Array) Value() []byte { return it.val }

// Pos is the index in the walked bytes where the next element starts.
func (it *Array) Pos() int { return it.i }

// Bad reports whether the walk met malformed input.
func (it *Array) Bad() bool { return it.bad }

// Done reports whether the walk has ended.
func (it *Array) Done() bool { return it.done }

// End is the index just past the closing bracket once the walk is done.
func (it *Array) End() int { return it.end }

// IsObject reports whether the raw value v is an object.
func IsObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }

// IsString reports whether the raw value v is a string.
func IsString(v []byte) bool { return len(v) >= 2 && v[0] == '"' }

// IsTrue reports whether the raw value v is true.
func IsTrue(v []byte) bool { return string(v) == "true" }

// IsNull reports whether the raw value v is null or absent.
func IsNull(v []byte) bool { return len(v) == 0 || string(v) == "null" }

// RawString returns the bytes between the quotes of a string value when it has
// no escapes, which is how ids, types and keys are written in practice.
// ok is false for a non-string or a string with escapes.
func RawString(v []byte) (s []byte, ok bool) {
	if !IsString(v) {
		return nil, false
	}
	s = v[1 : len(v)-1]
	if bytes.IndexByte(s, '\\') >= 0 {
		return nil, false
	}
	return s, true
}

// String returns the decoded string value of v, or "" when v is not a string.
func String(v []byte) string {
	s, _ := DecodeString(v)
	return s
}

// KeyIs reports whether a raw member key equals name. Keys written with
// escapes never match; no transcript writer escapes plain ASCII keys.
func KeyIs(key []byte, name string) bool { return string(key) == name }

// DecodeString decodes a JSON string value. Invalid UTF-8 becomes U+FFFD, as
// encoding/json does; a malformed escape makes ok false.
func DecodeString(v []byte) (string, bool) {
	if !IsString(v) || v[len(v)-1] != '"' {
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

// AppendString appends s as a JSON string. It escapes only what JSON
// requires (no HTML escaping), so the size is predictable by EncodedLen.
func AppendString(dst []byte, s string) []byte {
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

// EscapedLen is the encoded size of one byte inside a JSON string.
func EscapedLen(c byte) int {
	switch {
	case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
		return 2
	case c < 0x20:
		return 6
	}
	return 1
}

// EncodedLen is the size of s inside a JSON string, without the quotes.
func EncodedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			n += EscapedLen(c) - 1
		}
	}
	return n
}

// Rewrite appends the JSON value v compacted, with every string value
// passed through fn (when not nil) together with the name of the member
// that holds it (the nearest enclosing key for array elements; "" at the
// top). ok is false when v is not well-formed JSON or nests deeper than
// 200 levels.
func Rewrite(dst, v []byte, fn func(key, s string) string) ([]byte, bool) {
	return rewrite(dst, v, "", fn, 0)
}

// rewrite appends the value v compacted, with every string value passed
// through fn together with the name of the member that holds it (the
// nearest enclosing key for array elements). ok is false when v is not
// well-formed JSON.
func rewrite(dst, v []byte, key string, fn func(key, s string) string, depth int) ([]byte, bool) {
	if depth > maxDepth {
		return dst, false
	}
	i := SkipWS(v, 0)
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
		if SkipString(v, 0) != len(v) {
			return dst, false
		}
		s, ok := DecodeString(v)
		if !ok {
			return dst, false
		}
		if fn != nil {
			s = fn(key, s)
		}
		return AppendString(dst, s), true
	case '{':
		it := NewObject(v)
		dst = append(dst, '{')
		first := true
		for it.Next() {
			k, ok := DecodeString(append(append([]byte{'"'}, it.key...), '"'))
			if !ok {
				return dst, false
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = AppendString(dst, k)
			dst = append(dst, ':')
			if dst, ok = rewrite(dst, it.val, k, fn, depth+1); !ok {
				return dst, false
			}
		}
		if it.bad {
			return dst, false
		}
		return append(dst, '}'), true
	case '[':
		it := NewArray(v)
		dst = append(dst, '[')
		first := true
		for it.Next() {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			var ok bool
			if dst, ok = rewrite(dst, it.val, key, fn, depth+1); !ok {
				return dst, false
			}
		}
		if it.bad {
			return dst, false
		}
		return append(dst, ']'), true
	}
	if SkipValue(v, 0) != len(v) {
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
