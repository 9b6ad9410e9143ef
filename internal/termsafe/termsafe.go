// Package termsafe makes text safe to print on a terminal: memory pages,
// commit messages, transcripts and paths come from agents, dreamers and
// other people's bundles, and must not drive the terminal that shows
// them. It is the one place the CLI's human output passes through.
//
// Escaped, as a visible Go-style escape: C0 controls but newline and tab
// (\x1b, \r, ...), DEL (\x7f), C1 controls (\u009b, ...), the bidirectional
// embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069 (the
// "Trojan Source" reorderings), and every byte that is not valid UTF-8
// (\xNN), which an 8-bit terminal could read as a C1 control. Everything
// else, backslashes included, passes unchanged.
package termsafe

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// Escape returns s with every unsafe character escaped.
func Escape(s string) string {
	if safe(s) {
		return s
	}
	return string(appendEscaped(make([]byte, 0, len(s)+16), s))
}

// EscapeBytes is Escape for bytes; it returns b itself when nothing needs
// escaping.
func EscapeBytes(b []byte) []byte {
	if safe(string(b)) {
		return b
	}
	return appendEscaped(make([]byte, 0, len(b)+16), string(b))
}

// NewWriter returns a writer that escapes what it writes to w. Each Write
// is escaped on its own, so a character split across two writes is shown
// as escaped bytes, never passed raw.
func NewWriter(w io.Writer) io.Writer { return writer{w} }

type writer struct{ w io.Writer }

func (w writer) Write(p []byte) (int, error) {
	if _, err := w.w.Write(EscapeBytes(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// safe reports whether s needs no escaping; plain ASCII text is decided
// without decoding.
func safe(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if unsafeASCII(c) {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return false
		}
		i += n
	}
	return true
}

func unsafeASCII(c byte) bool { return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f }

func unsafeRune(r rune) bool {
	return (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

func appendEscaped(out []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if unsafeASCII(c) {
				out = fmt.Appendf(out, `\x%02x`, c)
			} else {
				out = append(out, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			out = fmt.Appendf(out, `\x%02x`, c)
		case unsafeRune(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, s[i:i+n]...)
		}
		i += n
	}
	return out
}
